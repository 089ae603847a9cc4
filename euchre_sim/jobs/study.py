"""Jobs that study one strategy and draw it: ``sweep``, ``equity`` and ``chart``."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..engine.backends import ShardProgress
from ..engine.simulate import SimulationError
from ..game.defaults import DEFAULT_DEALS, DEFAULT_SEED, DEFAULT_TABLE
from ..game.table_spec import TABLES
from ..records.results import RunFiles, write_run
from ..strategies import Strategy, get_strategy
from .common import (
    IN_PROCESS,
    NO_OUTPUT,
    STANDARD_RULES,
    Compute,
    Echo,
    Output,
    RuleChoice,
    progress_bar,
)

CHARTS = ("order-up", "go-alone", "deal-value", "stick-the-dealer", "bid")  # ``chart WHICH``
TABLE_CHARTS = ("bid",)  # drawn at an auction table (RULES.md 3.2: Bid Euchre), not four-handed

if TYPE_CHECKING:
    from ..analysis.deal_value import RulesComparison
    from ..analysis.equity import EquityTable
    from ..analysis.order_chart import OrderChart
    from ..analysis.summary import DealSummary
    from ..analysis.sweep import SweepResult


def sweep(strategy: str | Strategy, params: Sequence[str], rules: RuleChoice = STANDARD_RULES,
          vs: str | Strategy | None = None, *, deals: int | None = None,
          games: int | None = None, seed: int = DEFAULT_SEED, compute: Compute = IN_PROCESS,
          output: Output = NO_OUTPUT, progress: bool = True,
          echo: Echo = print) -> SweepResult:
    """Play ``strategy`` with every value (or pair of values) of ``params`` (``KEY=RANGE``
    texts: ``start:stop:step`` or ``v1,v2,...``) in a duplicate match against ``vs``, all on
    the same deals; prints the table, writes ``sweep.csv``/``.txt`` and a chart with
    ``output.out``; returns the sweep result."""
    from ..analysis.sweep import parse_range
    from ..analysis.sweep import sweep as run_sweep
    from ..charts import sweep_chart

    if rules.name in TABLES:  # another table (RULES.md 3.2): the basic kind's parameters
        from .tables import sweep_table

        if games:
            raise SimulationError("a sweep at another table plays --deals (no --games yet)")
        return sweep_table(strategy, params, rules, vs, deals=deals, seed=seed, compute=compute,
                           output=output, progress=progress, echo=echo)
    vs = vs or strategy
    chosen = rules.rules()
    grid = [parse_range(p) for p in params]
    get_strategy(strategy)
    get_strategy(vs)
    points = 1
    for _, values in grid:
        points *= len(values)
    writer = output.writer()
    n = games or deals or DEFAULT_DEALS
    unit = "games" if games else "deals"
    started = time.time()
    with progress_bar(progress, points * n, unit) as bar, compute.open() as backend:
        result = run_sweep(chosen, strategy, grid, vs, n, seed, threads=compute.threads,
                           progress=ShardProgress(bar), backend=backend,
                           shard=compute.shard_size, games=bool(games))
    text = result.to_text()
    echo(text)
    if writer is not None:
        caption = (f"rules: {rules.name}; {n:,} duplicate {unit} per point, the same at every "
                   f"point; seed {seed}")
        write_run(writer, RunFiles(
            "sweep", rules.name, chosen, {
                "strategy": result.strategy.describe(), "field": result.field.describe(),
                "params": {k: v for k, v in grid}, f"{unit}_per_point": n, "seed": seed},
            started, tables={"sweep": result.table()}, texts={"sweep.txt": text + "\n"},
            charts={"chart": lambda path: sweep_chart(result, caption, path)}))
        echo(f"\nwrote {output.out}/ (sweep.csv, sweep.txt, chart.png, chart.svg, meta.json)")
    return result


def equity(strategy: str | Strategy = DEFAULT_TABLE, rules: RuleChoice = STANDARD_RULES, *,
           games: int = DEFAULT_DEALS, seed: int = DEFAULT_SEED, compute: Compute = IN_PROCESS,
           output: Output = NO_OUTPUT, progress: bool = True,
           echo: Echo = print) -> EquityTable:
    """Match equity: ``games`` games of ``strategy`` against itself, and the probability of
    winning from every score; prints the table, writes ``equity.csv``/``.txt`` and a heat map
    with ``output.out``; returns the equity table."""
    from ..analysis.equity import match_equity
    from ..charts import equity_chart

    chosen = rules.rules()
    table_strategy = get_strategy(strategy)
    writer = output.writer()
    started = time.time()
    with progress_bar(progress, games, "games") as bar, compute.open() as backend:
        table = match_equity(chosen, table_strategy, games, seed, threads=compute.threads,
                             progress=ShardProgress(bar), backend=backend,
                             shard=compute.shard_size)
    text = table.to_text()
    echo(text)
    if writer is not None:
        caption = f"rules: {rules.name}; {games:,} games; seed {seed}"
        write_run(writer, RunFiles(
            "equity", rules.name, chosen,
            {"strategy": table_strategy.describe(), "games": games, "seed": seed}, started,
            tables={"equity": table.frame()}, texts={"equity.txt": text + "\n"},
            charts={"chart": lambda path: equity_chart(table, caption, path)}))
        echo(f"\nwrote {output.out}/ (equity.csv, equity.txt, chart.png, chart.svg, meta.json)")
    return table


def chart(which: str, output: Output, strategy: str | Strategy | None = DEFAULT_TABLE,
          rules: RuleChoice = STANDARD_RULES, *, deals: int = 200_000, seed: int = DEFAULT_SEED,
          threads: int | None = None,
          echo: Echo = print) -> DealSummary | RulesComparison | OrderChart:
    """Draw chart ``which`` (one of ``CHARTS``) of ``strategy`` into the run folder ``output``
    (required): ``deals`` random deals per seat for order-up and go-alone, deals for the
    others. Returns what the chart was drawn from."""
    if which not in CHARTS:
        raise SimulationError(f"unknown chart {which!r}: one of {', '.join(CHARTS)}")
    if not output.out:
        raise SimulationError("chart needs --out DIR: charts are written as files")
    if which in TABLE_CHARTS or rules.name in TABLES:
        if which not in TABLE_CHARTS or rules.name not in TABLES:
            raise SimulationError(
                f"chart {which} is drawn " + ("at an auction table: --rules bid-euchre, "
                                                 "bid-euchre-six or bid-euchre-eight"
                                                 if which in TABLE_CHARTS else
                                                 "in the four-handed game; at another table "
                                                 f"only chart {', '.join(TABLE_CHARTS)}"))
        from .tables import bid_chart_table

        return bid_chart_table(rules, strategy, deals=deals, seed=seed, threads=threads,
                               output=output, echo=echo)
    strategy = strategy or DEFAULT_TABLE
    chosen = rules.rules()
    table = get_strategy(strategy)
    writer = output.writer()
    started = time.time()
    fields = {"strategy": table.describe(), "deals": deals, "seed": seed}
    if which == "deal-value":
        from ..analysis.deal_value import deal_value_table
        from ..analysis.summary import DealSummary
        from ..charts import deal_players, deal_value_chart
        from ..engine.simulate import Matchup, iter_deal_chunks

        summary = DealSummary()
        for recs in iter_deal_chunks(chosen, Matchup(table, table), deals, seed,
                                     threads=threads):
            summary.add(recs)
        caption = f"rules: {rules.name}; {table.label} self-play; {deals:,} deals; seed {seed}"
        write_run(writer, RunFiles(
            "chart deal-value", rules.name, chosen, fields, started,
            tables={"deal_value": deal_value_table(summary)},
            json={"summary.json": summary.to_dict()},
            charts={"chart": lambda path: deal_value_chart(
                summary, deal_players(table.label, table.label), caption, path)}))
        echo(f"dealing side minus other: {summary.dealer_edge():.4f} points per deal")
        echo(f"wrote {output.out}/ (summary.json, deal_value.csv, deal_value.parquet, chart.png, "
             "chart.svg, meta.json)")
        return summary
    if which == "stick-the-dealer":
        from ..analysis.deal_value import compare_stick
        from ..charts import stick_the_dealer_chart

        result = compare_stick(chosen, table, deals, seed, threads=threads)
        text = result.to_text()
        caption = (f"rules: {rules.name} with stick_the_dealer on and off; {table.label} "
                   f"self-play; {deals:,} deals; seed {seed}")
        write_run(writer, RunFiles(
            "chart stick-the-dealer", rules.name, chosen, fields, started,
            json={"stick.json": result.to_dict()}, texts={"stick.txt": text + "\n"},
            charts={"chart": lambda path: stick_the_dealer_chart(result, caption, path)}))
        echo(text)
        echo(f"wrote {output.out}/ (stick.json, stick.txt, chart.png, chart.svg, meta.json)")
        return result
    from ..analysis.order_chart import order_chart
    from ..charts import go_alone_chart, order_up_chart

    found = order_chart(chosen, table, deals, seed, threads=threads)
    name = which.replace("-", "_")
    caption = (f"rules: {rules.name}; {deals:,} random deals per seat, classes with at least "
               f"200 deals; seed {seed}")
    draw = order_up_chart if which == "order-up" else go_alone_chart
    write_run(writer, RunFiles(
        f"chart {which}", rules.name, chosen,
        {"strategy": table.describe(), "deals_per_seat": deals, "seed": seed}, started,
        tables={name: found.table}, charts={"chart": lambda path: draw(found, caption, path)}))
    echo(f"wrote {output.out}/ ({name}.csv, {name}.parquet, chart.png, chart.svg, meta.json)")
    return found
