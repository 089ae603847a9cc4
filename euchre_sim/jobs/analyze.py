"""Jobs of the hand analyser: ``analyze`` (one decision) and ``bias`` (two tables on many)."""

from __future__ import annotations

import shlex
import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..analysis.analyser import CHECK_DEALS, CHECK_TABLE
from ..analysis.situation import AnalysisError, Situation, parse_situation, read_situation
from ..game.defaults import DEFAULT_SEED, DEFAULT_TABLE
from ..game.rules import Rules
from ..records.results import ResultsError, RunFiles, write_run
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

BIAS_DEALS = 800  # deals per option under each table: see docs/analyze.md, "Table bias"
ANALYZE_DEALS = 50_000  # deals per option of a question, by default
REST_ANALYZE_DEALS = 400  # ... when the asker's later decisions are searched (each world
# then costs an inner search per later decision)

if TYPE_CHECKING:
    import pandas as pd

    from ..analysis.bias import BiasResult


@dataclass(frozen=True)
class SituationInput:
    """A decision as the user gave it: the whole situation in one line (``line``), or its
    fields one by one (``hand``, ``up`` and ``seat`` required), not both. See
    docs/analyze.md for the notation."""

    line: str | None = None
    hand: str | None = None
    up: str | None = None
    seat: str | None = None
    bidding: str | None = None
    discard: str | None = None
    defend: str | None = None
    tricks: str | None = None
    score: str | None = None

    def read(self, rules: Rules) -> Situation:
        """The situation (a one-line error when it is incomplete or said twice)."""
        given = {k: v for k, v in asdict(self).items() if k != "line" and v is not None}
        if self.line is not None:
            if given:
                raise AnalysisError(f"--situation says it all: drop --{', --'.join(given)}")
            return read_situation(self.line, rules)
        missing = [k for k in ("hand", "up", "seat") if k not in given]
        if missing:
            raise AnalysisError(f"analyze needs --{', --'.join(missing)} (or --situation)")
        return parse_situation(rules=rules, **given)


SITUATION_FIELDS = ("hand", "up", "seat", "bidding", "discard", "defend", "tricks", "score")


def situation_input(situation: str | None, fields: Mapping[str, str | None],
                    rules: RuleChoice = STANDARD_RULES, *, egn: str | None = None,
                    egn_deal: int = 0, player: int | None = None
                    ) -> tuple[SituationInput, RuleChoice]:
    """The decision to analyse and its rules, as the user gave them: the one-line
    ``situation`` or its ``fields`` (``SITUATION_FIELDS``, None where not given), or with
    ``egn`` the hand, up-card, seat and score of ``player`` at his first call of deal
    ``egn_deal`` of that file (the file's rules over ``rules``; ``fields`` given as well
    override the file's)."""
    if egn is None:
        return SituationInput(situation, **fields), rules
    from .records import egn_situation

    given = {"situation": situation, **fields}
    clash = [k for k in ("situation", "hand", "up", "seat") if given.get(k) is not None]
    if clash or player is None:
        raise AnalysisError("--egn gives the hand, up-card and seat of --player N: "
                            + (f"drop --{', --'.join(clash)}" if clash else "give --player"))
    found, rules = egn_situation(egn, egn_deal, player, rules)
    return SituationInput(None, **{**found, **{k: v for k, v in fields.items()
                                               if v is not None}}), rules


def analyze_plan(table: str | None, check_deals: int | None
                 ) -> tuple[list[Strategy], Strategy | None, int]:
    """The tables of an analysis and its check: (tables, check table or None, check deals).
    Without ``table`` ("A,B,..."), the default table cross-checked by the check table."""
    from ..analysis.analyser import parse_tables

    if table is None:
        check_deals = CHECK_DEALS if check_deals is None else check_deals
        if CHECK_TABLE == DEFAULT_TABLE or check_deals == 0:
            return [get_strategy(DEFAULT_TABLE)], None, 0
        return [get_strategy(DEFAULT_TABLE)], get_strategy(CHECK_TABLE), check_deals
    if check_deals is not None:
        raise AnalysisError(f"--check-deals goes with the default table; with --table, list "
                            f"{CHECK_TABLE} among the tables instead")
    return parse_tables(table), None, 0


def analyze(situation: SituationInput, rules: RuleChoice = STANDARD_RULES, *,
            table: str | None = None, check_deals: int | None = None,
            deals: int | None = None, seed: int = DEFAULT_SEED, rest: str = "table",
            rest_deals: int | None = None, compute: Compute = IN_PROCESS,
            output: Output = NO_OUTPUT, echo: Echo = print) -> pd.DataFrame:
    """The value of every option of a decision under each table (``table``: "A,B,...";
    default: the default table and its check on ``check_deals`` deals), ``deals`` consistent
    deals per option (default 50,000; 400 with ``rest="search"``); with ``rest="search"``
    the asker's later decisions in each playout are made by the analyser's search
    (``rest_deals`` per option, default 200) instead of the table. Prints the verdicts,
    writes ``analysis.csv``/``.txt`` with ``output.out``; returns the analysis as a
    DataFrame."""
    from ..analysis.analyser import analyze_tables, format_tables
    from ..analysis.rest_search import REST, REST_DEALS, rest_sampler, rest_text

    if rest not in REST:
        raise AnalysisError(f"--rest {rest!r}: use {' or '.join(REST)}")
    if rest == "table" and rest_deals is not None:
        raise AnalysisError("--rest-deals goes with --rest search")
    inner = REST_DEALS if rest_deals is None else rest_deals
    sampler, rest_words = ((rest_sampler(inner), rest_text(inner)) if rest == "search"
                           else (None, "table"))
    if deals is None:
        deals = REST_ANALYZE_DEALS if rest == "search" else ANALYZE_DEALS
    chosen = rules.rules()
    sit = situation.read(chosen)
    tables, check, check_deals = analyze_plan(table, check_deals)
    writer = output.writer()
    started = time.time()
    with compute.open() as backend:
        df = analyze_tables(sit, tables, deals=deals, seed=seed, threads=compute.threads,
                            backend=backend, check=check, check_deals=check_deals,
                            sampler=sampler, rest=rest_words)
    text = format_tables(sit, df)
    echo(text)
    if writer is not None:
        strategies = {s.label: s for s in [*tables, *([check] if check else [])]}
        write_run(writer, RunFiles(
            "analyze", rules.name, chosen, {
                "tables": [{**strategies[label].describe(), **info}
                           for label, info in df.attrs["tables"].items()],
                "situation": sit.notation(), "question": sit.question, "deals": deals,
                "check_deals": check_deals, "rest": rest,
                "rest_deals": inner if rest == "search" else None, "seed": seed}, started,
            tables={"analysis": df}, texts={"analysis.txt": text + "\n"}))
        echo(f"\nwrote {output.out}/ (analysis.csv, analysis.txt, meta.json)")
    return df


def bias(points: str, rules: RuleChoice = STANDARD_RULES, *, table: str | None = None,
         deals: int = BIAS_DEALS, seed: int = DEFAULT_SEED, compute: Compute = IN_PROCESS,
         output: Output = NO_OUTPUT, progress: bool = True,
         echo: Echo = print) -> BiasResult:
    """The table-bias report: every decision point of the points file ``points`` analysed
    under the two tables of ``table`` ("A,B"; default: the default table and pimc) on the
    same deals. Prints the report, writes its tables, texts and chart with ``output.out``;
    returns the bias result."""
    from ..analysis.bias import bias_tables, table_bias
    from ..analysis.bias_points import points_text, read_points
    from ..charts import bias_chart

    chosen = rules.rules()
    a, b = bias_tables(table)
    found = read_points(points, chosen)
    writer = output.writer()
    started = time.time()
    with progress_bar(progress, len(found), "points") as bar, compute.open() as backend:
        result = table_bias(found, a, b, deals, seed, threads=compute.threads,
                            backend=backend, progress=bar.update)
        where = backend.describe()
    text = result.to_text()
    echo(text)
    if writer is None:
        return result
    summary = result.summary()
    caption = (f"rules: {rules.name}; {len(found)} points from {points}; {deals:,} deals per "
               f"option under each table, seed {seed}")
    write_run(writer, RunFiles(
        "bias", rules.name, chosen, {
            "table_a": a.describe(), "table_b": b.describe(), "points_file": points,
            "points": len(found), "deals_per_option": deals, "summary": summary,
            "backend": where, "seed": seed}, started,
        tables={"options": result.options, "points": result.points},
        texts={"summary.txt": text + "\n",
               "points.txt": points_text(found, f"the points of {points}")},
        json={"summary.json": summary},
        charts={"chart": lambda path: bias_chart(result, caption, path)}))
    echo(f"\nwrote {output.out}/ (options.csv, options.parquet, points.csv, points.parquet, "
         "summary.txt, summary.json, points.txt, chart.png, chart.svg, meta.json)")
    return result


def make_points(count: int, points: str, rules: RuleChoice = STANDARD_RULES, *,
                seed: int = DEFAULT_SEED, overwrite: bool = False, echo: Echo = print) -> Path:
    """Draw ``count`` table-bias decision points from the default table's self-play and
    write them to the points file ``points`` (replaced only with ``overwrite``)."""
    from ..analysis.bias_points import make_points as draw_points
    from ..analysis.bias_points import points_text, self_play_deals

    chosen = rules.rules()
    path = Path(points)
    if path.exists() and not overwrite:
        raise ResultsError(f"points file {str(path)!r} exists: use --overwrite")
    found = draw_points(chosen, DEFAULT_TABLE, count, seed)
    command = ["euchre-sim", "bias", "--make-points", str(count), "--points", str(path),
               "--seed", str(seed), "--rules", str(rules.name)]
    for item in rules.settings:
        command += ["--set", item]
    header = (
        f"Table-bias decision points: {len(found)} round-1 and round-2 bids with a loner to "
        f"offer, from {DEFAULT_TABLE} self-play ({self_play_deals(count):,} deals, "
        f"seed {seed}, rules {rules.name}), stratified by round and seat, uniform "
        "within each.\n"
        f"Made by: {shlex.join(command)}\n"
        "One situation per line (docs/analyze.md); after '#', the deal it came from and what "
        "the table bid there.")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(points_text(found, header))
    echo(f"wrote {len(found)} points to {path}")
    return path
