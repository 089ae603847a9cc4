"""Jobs at the other tables (RULES.md 3.2): ``simulate``, ``show`` and ``match`` of a table.

The commands reach these when ``--rules`` names a table (``euchre-sim rules`` lists them):
``euchre-sim simulate --rules three-handed --strategy basic --deals 1000000``. They write the
same kind of run folder as the four-handed jobs: ``deals.parquet`` (or ``games.parquet``),
``meta.json`` naming the table, its every setting and each seat's strategy, and the summary.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence
from dataclasses import asdict

import pandas as pd

from ..analysis.table_climb import ClimbResult, climb
from ..analysis.table_match import duplicate_gain, duplicate_wins
from ..analysis.table_summary import TableTally, game_summary
from ..core.table import layout as TL
from ..engine.simulate import SimulationError
from ..engine.table_simulate import (
    TableMatchup,
    deals_frame,
    games_frame,
    iter_table_deals,
    replay_table_deal,
    table_games,
)
from ..game.defaults import DEFAULT_AT_OTHER_TABLES, DEFAULT_DEALS, DEFAULT_SEED
from ..game.table_spec import TABLES, TableError, TableSpec, get_table, with_options
from ..records.results import ResultsError, provenance
from ..records.table_display import format_table_deal
from ..strategies.table import TableStrategy, relevant_params, sides_of, table_strategy
from .common import IN_PROCESS, NO_OUTPUT, Compute, Echo, Output, RuleChoice, progress_bar


def table_of(rules: RuleChoice) -> TableSpec | None:
    """The table ``rules`` names, with its ``--set`` options applied; None for a ruleset of
    the four-handed game."""
    if rules.name not in TABLES:
        return None
    assignments: dict[str, str] = {}
    for item in rules.settings:
        key, eq, value = item.partition("=")
        if not eq:
            raise TableError(f"bad --set {item!r}: expected option=value, e.g. target_score=15")
        assignments[key.strip().replace("-", "_")] = value
    return with_options(get_table(rules.name), assignments)


def _strategy(text: str | TableStrategy | None) -> str | TableStrategy:
    return DEFAULT_AT_OTHER_TABLES if text is None else text


def _meta(kind: str, matchup: TableMatchup, fields: dict, started: float) -> dict:
    t = matchup.table
    settings = asdict(t)
    return {
        "kind": kind, "table": t.name, "ruleset": t.name, "table_settings": settings,
        "strategies": {"a": matchup.a.name, "b": matchup.b.name,
                       "seats": [s.describe(t) for s in matchup.seats]},
        **fields, "elapsed_s": round(time.time() - started, 3), **provenance(),
    }


def _who(matchup: TableMatchup) -> str:
    word = "team 0" if matchup.table.sides == TL.SIDES_TEAMS else "seat 0"
    return f"{word} plays {matchup.a.name}, every other seat {matchup.b.name}"


def simulate_table(rules: RuleChoice, strategy: str | TableStrategy | None = None,
                   vs: str | TableStrategy | None = None, *, deals: int | None = None,
                   games: int | None = None, seed: int = DEFAULT_SEED, records: bool = True,
                   compute: Compute = IN_PROCESS, output: Output = NO_OUTPUT,
                   progress: bool = True, echo: Echo = print) -> dict:
    """Play ``deals`` deals (or ``games`` games) of the table ``rules`` names, print the
    summary and, with ``output.out``, write the run folder. Returns the summary as a dict."""
    table = _table(rules)
    _in_process(compute)
    if not records and not output.out:
        raise ResultsError("--no-records says what --out writes: give --out DIR")
    matchup = TableMatchup.of(table, _strategy(strategy), vs)
    writer = output.writer()
    started = time.time()
    head = f"Table {table.name}, seed {seed}; {_who(matchup)}."
    if games is not None:
        grecs, drecs = table_games(matchup, games, seed, threads=compute.threads,
                                   keep_deals=records and writer is not None)
        data, text = game_summary(table, grecs)
        tally = TableTally(table)
        if drecs is not None:
            tally.add(drecs[:, 1:])
        text = f"{head}\n{text}"
        summary = {"games": data}
        fields = {"seed": seed, "games": games}
    else:
        n = deals or DEFAULT_DEALS
        tally = TableTally(table)
        with progress_bar(progress, n, "deals") as bar, (writer or _Null()) as w:
            for chunk in iter_table_deals(matchup, n, seed, threads=compute.threads):
                tally.add(chunk)
                if writer is not None and records:
                    w.append("deals", dict(deals_frame(table, chunk).items()))
                bar.update(len(chunk))
            text = f"{head}\n{tally.text()}"
            summary = tally.to_dict()
            echo(text)
            if writer is not None:
                w.write_text("summary.txt", text + "\n")
                w.write_json("summary.json", summary)
                w.write_json("meta.json", _meta("simulate", matchup,
                                                {"seed": seed, "deals": n}, started))
        return summary
    echo(text)
    if writer is not None:
        with writer as w:
            w.append("games", dict(games_frame(table, grecs).items()))
            if drecs is not None:
                frame = deals_frame(table, drecs[:, 1:])
                frame.insert(0, "game", drecs[:, 0])
                w.append("deals", dict(frame.items()))
            w.write_text("summary.txt", text + "\n")
            w.write_json("summary.json", summary)
            w.write_json("meta.json", _meta("simulate", matchup, fields, started))
    return summary


def show_table(rules: RuleChoice, seed: int, deal: int,
               strategy: str | TableStrategy | None = None,
               vs: str | TableStrategy | None = None, echo: Echo = print) -> str:
    """Replay deal ``deal`` of the table run with ``seed`` and print it played out."""
    table = _table(rules)
    matchup = TableMatchup.of(table, _strategy(strategy), vs)
    rep = replay_table_deal(matchup, seed, deal)
    text = format_table_deal(table, rep.record, rep.trace,
                             f"Deal {deal} of seed {seed}; {_who(matchup)}")
    echo(text)
    return text


def match_table(a: str | TableStrategy, b: str | TableStrategy, rules: RuleChoice, *,
                deals: int | None = None, games: int | None = None, seed: int = DEFAULT_SEED,
                compute: Compute = IN_PROCESS, output: Output = NO_OUTPUT,
                progress: bool = True, echo: Echo = print) -> dict:
    """A duplicate match at a table: points per deal (:func:`duplicate_gain`) or, with
    ``games``, the share of games won (:func:`duplicate_wins`). Prints it, writes
    ``match.json``/``match.txt`` with ``output.out``, returns it as a dict."""
    table = _table(rules)
    _in_process(compute)
    n = games or deals or DEFAULT_DEALS
    unit = "games" if games else "deals"
    k = sides_of(table)
    writer = output.writer()
    started = time.time()
    first = TableMatchup.of(table, a, b)
    head = (f"Duplicate match at {table.name}, {n:,} {unit} x {k} rotations, seed {seed}: "
            f"{first.a.name} against {first.b.name}")
    with progress_bar(progress, n * k, unit) as bar:
        if games:
            est = duplicate_wins(table, first.a, first.b, n, seed, compute.threads, bar)
        else:
            est = duplicate_gain(table, first.a, first.b, n, seed, compute.threads, bar)
    lo, hi = est.interval()
    if games:
        text = (f"{head}\n{first.a.name} wins {100 * est.mean:.2f} % of the games (95 % "
                f"interval {100 * lo:.2f} .. {100 * hi:.2f}; se {100 * est.se:.2f}); an even "
                f"share is {100 / k:.2f} %")
    else:
        text = (f"{head}\n{first.a.name} gains {est.mean:+.4f} points per deal over the average "
                f"other side (95 % interval {lo:+.4f} .. {hi:+.4f}; se {est.se:.4f})")
    echo(text)
    key = "win_share" if games else "gain"
    result = {"table": table.name, "a": first.a.name, "b": first.b.name, unit: n,
              "rotations": k, "seed": seed, key: est.mean, "se": est.se,
              "interval": [lo, hi]}
    if writer is not None:
        with writer as w:
            w.write_text("match.txt", text + "\n")
            w.write_json("match.json", result)
            w.write_json("meta.json", _meta("match", first, {"seed": seed, unit: n},
                                            started))
    return result


def sweep_table(strategy: str | TableStrategy | None, params: Sequence[str], rules: RuleChoice,
                vs: str | TableStrategy | None = None, *, deals: int | None = None,
                seed: int = DEFAULT_SEED, compute: Compute = IN_PROCESS, output: Output = NO_OUTPUT,
                progress: bool = True, echo: Echo = print) -> pd.DataFrame:
    """Each value (or pair of values) of the basic kind's ``params`` (``order=3:9:1``) in a
    duplicate match against ``vs`` (default: the unchanged strategy), all on the same deals;
    prints the table, writes ``sweep.csv``, ``sweep.txt`` and a chart with ``output.out``."""
    from ..analysis.sweep import parse_range
    from ..charts.common import save_figure
    from ..charts.studies import sweep_figure

    table = _table(rules)
    _in_process(compute)
    base = table_strategy(_strategy(strategy))
    field = table_strategy(vs) if vs is not None else base
    grid = [parse_range(p) for p in params]
    if not 1 <= len(grid) <= 2:
        raise TableError("a table sweep takes one or two --param")
    for key, values in grid:
        if key not in relevant_params(table):
            raise TableError(f"unknown table parameter {key!r}: {table.name} reads "
                             f"{', '.join(relevant_params(table))}")
        if any(v != int(v) for v in values):
            raise TableError(f"--param {key}: table parameters are integers")
    points = list(itertools.product(*[[int(v) for v in values] for _, values in grid]))
    keys = [key for key, _ in grid]
    n = deals or DEFAULT_DEALS
    k = sides_of(table)
    writer = output.writer()
    started = time.time()
    rows = []
    with progress_bar(progress, len(points) * n * k, "deals") as bar:
        for values in points:
            a = TableStrategy("basic", {**base.params, **dict(zip(keys, values, strict=True))})
            est = duplicate_gain(table, a, field, n, seed, compute.threads, bar)
            lo, hi = est.interval()
            rows.append({**dict(zip(keys, values, strict=True)), "mean": est.mean,
                         "se": est.se, "ci95_low": lo, "ci95_high": hi})
    df = pd.DataFrame(rows)
    best = df.loc[df["mean"].idxmax()]
    text = (f"Sweep at {table.name} of {base.name} over {', '.join(keys)} against "
            f"{field.name}: {n:,} duplicate deals x {k} rotations per point, seed {seed}\n"
            f"{df.to_string(index=False, float_format=lambda v: f'{v:+.4f}')}\n"
            f"best: {', '.join(f'{key}={int(best[key])}' for key in keys)} "
            f"({best['mean']:+.4f} ± {best['se']:.4f})")
    echo(text)
    if writer is not None:
        caption = (f"table {table.name}; {n:,} duplicate deals x {k} rotations per point, the "
                   f"same at every point; seed {seed}")
        fig = sweep_figure(df, base.name, field.name, False, caption)
        with writer as w:
            w.write_frame("sweep", df)
            w.write_text("sweep.txt", text + "\n")
            save_figure(fig, w.path / "chart", dpi=120)
            w.write_json("meta.json", _meta("sweep", TableMatchup(table, base, field), {
                "params": {key: values for key, values in grid}, "deals_per_point": n,
                "seed": seed}, started))
    return df


def climb_table(strategy: str | TableStrategy | None, rules: RuleChoice, *,
                params: Sequence[str] | None = None, rounds: int = 10,
                deals: int | None = None, seed: int = DEFAULT_SEED, compute: Compute = IN_PROCESS,
                output: Output = NO_OUTPUT, progress: bool = True,
                echo: Echo = print) -> ClimbResult:
    """Self-play climb of the basic kind at a table (``analysis.table_climb``): rounds of
    every single step of its parameters until none gains; ``rounds=1`` is a stability check.
    Prints the rounds, writes ``steps.csv``, ``climb.txt`` and ``meta.json`` with
    ``output.out``; returns the climb."""
    table = _table(rules)
    _in_process(compute)
    start = table_strategy(_strategy(strategy))
    n = deals or DEFAULT_DEALS
    writer = output.writer()
    started = time.time()
    with progress_bar(progress, 0, "deals") as bar:
        result = climb(table, start, n, seed, rounds=rounds, params=params,
                       threads=compute.threads, bar=bar)
    kind = "stability" if rounds == 1 else "climb"
    text = (f"{kind.capitalize()} of {start.name} at {table.name}: {n:,} duplicate deals x "
            f"{sides_of(table)} rotations per step, seed {seed} (+ round)\n{result.text()}")
    echo(text)
    if writer is not None:
        with writer as w:
            w.write_frame("steps", result.frame())
            w.write_text("climb.txt", text + "\n")
            w.write_json("meta.json", _meta(kind, TableMatchup(table, start, start), {
                "deals_per_step": n, "seed": seed, "rounds": len(result.rounds),
                "stable": result.stable, "end": result.end.name,
                "cycle": [c.name for c in result.cycle],
                "end_params": result.end.describe(table)}, started))
    return result


def bid_chart_table(rules: RuleChoice, strategy: str | TableStrategy | None = None, *,
                    deals: int = 200_000, seed: int = DEFAULT_SEED, threads: int | None = None,
                    output: Output = NO_OUTPUT, progress: bool = False,
                    echo: Echo = print):
    """The bid chart of an auction table (``analysis.bid_chart``): ``deals`` deals played once
    per forced opening of the eldest, the value of each by his hand class. Prints it; with
    ``output.out`` writes ``bid_chart.csv``/``.parquet``, ``bid_chart.txt``,
    ``bid_chart.json``, the chart (PNG, SVG) and ``meta.json``. Returns the ``BidChart``."""
    from ..analysis.bid_chart import bid_chart, levels_of
    from ..charts.classes import bid_chart_chart

    table = _table(rules)
    writer = output.writer()
    started = time.time()
    with progress_bar(progress, deals * len(levels_of(table)), "deals") as bar:
        found = bid_chart(table, _strategy(strategy), deals, seed, threads=threads, bar=bar)
    text = found.text()
    echo(text)
    echo(found.headline())
    if writer is not None:
        st = found.strategy
        caption = (f"table {table.name}; {deals:,} deals per forced opening, the same deals "
                   f"for each; {st.name} everywhere else; classes with at least 200 deals; "
                   f"seed {seed}")
        with writer as w:
            w.write_frame("bid_chart", found.table)
            w.write_text("bid_chart.txt", text + "\n" + found.headline() + "\n")
            w.write_json("bid_chart.json", {"overall": found.overall,
                                            "headline": found.headline()})
            bid_chart_chart(found, caption, w.path / "chart")
            w.write_json("meta.json", _meta("chart bid", TableMatchup(table, st, st), {
                "deals_per_opening": deals, "seed": seed,
                "openings": ["pass" if k == 0 else f"bid {k}" for k in found.levels],
                "forced": "the eldest's opening bid (basic parameter force); every other "
                          "decision the strategy's",
                "class": "the eldest's basic estimate (tricks) for his best trump"}, started))
        echo(f"wrote {output.out}/ (bid_chart.csv, bid_chart.parquet, bid_chart.txt, "
             "bid_chart.json, chart.png, chart.svg, meta.json)")
    return found


def _in_process(compute: Compute) -> None:
    """The other tables play in this process only: a cluster asked for is refused, never
    ignored."""
    if compute.scheduler or compute.cluster or compute.shard_size is not None:
        raise SimulationError("the other tables play in this process only: --cluster, "
                              "--scheduler and --shard-size are for the four-handed game")


def _table(rules: RuleChoice) -> TableSpec:
    table = table_of(rules)
    if table is None:
        raise TableError(f"{rules.name!r} is not a table: known are {', '.join(TABLES)}")
    return table


class _Null:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


__all__ = ["bid_chart_table", "climb_table", "match_table", "show_table", "simulate_table",
           "sweep_table", "table_of"]
