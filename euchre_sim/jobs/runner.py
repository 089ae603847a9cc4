"""The engine of the ``simulate`` job (``jobs.play.simulate``): shards with a progress bar, a
summary, and the run folder (records streamed into it)."""

from __future__ import annotations

import time
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from tqdm import tqdm

from ..analysis.deal_value import deal_value_table
from ..analysis.summary import DealSummary, GameSummary
from ..core.common import layout as L
from ..core.four.tally import new_totals
from ..engine.backends import Backend, InProcess, ShardProgress, plan_shards
from ..engine.simulate import (
    DEFAULT_CHUNK,
    GAME_DTYPES,
    RECORD_DTYPES,
    Matchup,
    SimulationError,
    iter_deal_chunks,
    iter_game_chunks,
    strategy_columns,
)
from ..game.defaults import DEFAULT_DEALS
from ..game.rules import Rules
from ..records.results import RunFiles, RunWriter
from ..strategies import Strategy

GAME_CHUNK = 4096
# a shard that carries its records back holds them whole (about 184 bytes a deal row): at most
# this many deals (or games, of about 9 deals each) per shard, so that a cluster run's memory
# is bounded by the shards in flight, not by the run's size
RECORD_SHARD_DEALS = 4 * DEFAULT_CHUNK
RECORD_SHARD_GAMES = 8 * GAME_CHUNK


@dataclass
class SimulationPart:
    """A shard's share of a simulation: its summaries, and its records when they are kept."""

    deals: DealSummary
    games: GameSummary | None
    deal_rows: np.ndarray | None
    game_rows: np.ndarray | None


def simulate_shard(first: int, count: int, rules: Rules, matchup: Matchup, seed: int,
                   games: bool, records: bool, threads: int | None = None) -> SimulationPart:
    """Deals (or games) ``first .. first+count-1``: summaries, plus the records if asked
    (streamed chunk by chunk, so a large shard without records takes little memory)."""
    dsum = DealSummary()
    gsum = GameSummary() if games else None
    deal_rows, game_rows = [], []
    if games:
        for grecs, drecs in iter_game_chunks(rules, matchup, count, seed, first,
                                             chunk=GAME_CHUNK, threads=threads,
                                             with_deals=True):
            gsum.add(grecs)
            dsum.add(drecs[:, L.GD_RECORD:])
            if records:
                game_rows.append(grecs)
                deal_rows.append(drecs)
    else:
        totals = new_totals()  # summed as the deals are played
        for recs in iter_deal_chunks(rules, matchup, count, seed, first, threads=threads,
                                     totals=totals):
            if records:
                deal_rows.append(recs.copy())
        dsum.add_totals(totals, count)
    return SimulationPart(dsum, gsum, _stack(deal_rows), _stack(game_rows))


def _stack(rows: list[np.ndarray]) -> np.ndarray | None:
    return np.concatenate(rows) if rows else None


def _columns(rows, fields, dtypes, extra: dict | None = None, matchup=None) -> dict:
    cols = dict(extra or {})
    for i, f in enumerate(fields):
        cols[f] = rows[:, i].astype(dtypes[f])
    if matchup is not None:
        cols.update(strategy_columns(matchup, len(rows)))
    return cols


def run_simulation(
    rules: Rules,
    rules_name: str,
    a: str | Strategy,
    b: str | Strategy | None,
    seed: int,
    deals: int | None = None,
    games: int | None = None,
    threads: int | None = None,
    out: str | None = None,
    overwrite: bool = False,
    extras: dict[str, str] | None = None,
    records: bool = True,
    progress: bool = True,
    echo=print,
    backend: Backend | None = None,
    shard: int | None = None,
) -> dict:
    """Run a simulation, print its summary and (with ``out``) write the run folder.

    ``backend`` runs the shards (default: in-process on ``threads`` numba threads); ``shard``
    is the shard size in deals (or games). Returns the summary as a dict.
    """
    matchup = Matchup.of(a, b)
    if deals is None and games is None:
        deals = DEFAULT_DEALS
    if deals is not None and games is not None:
        raise SimulationError("give either deals or games, not both")
    labels = (f"team 0 ({matchup.a.label})", f"team 1 ({matchup.b.label})")
    writer = RunWriter(out, overwrite=overwrite, extras=extras) if out else None
    started = time.time()
    dsum = DealSummary()
    gsum = GameSummary() if games else None
    total = games or deals
    unit = "games" if games else "deals"
    bar = tqdm(total=total, unit=f" {unit}", unit_scale=True, disable=not progress or None,
               leave=False, dynamic_ncols=True)
    ctx = writer if writer is not None else _Null()
    backend = backend or InProcess(threads)
    chunk = GAME_CHUNK if games else DEFAULT_CHUNK
    with_records = writer is not None and records
    size = shard or backend.default_shard(chunk, total)
    if with_records and shard is None:
        size = min(size, RECORD_SHARD_GAMES if games else RECORD_SHARD_DEALS)
    shards = plan_shards(total, size)
    parts = backend.map(simulate_shard, shards, rules, matchup, seed, bool(games),
                        with_records, progress=ShardProgress(bar))
    with ctx, bar, closing(parts):
        for part in parts:
            dsum.merge(part.deals)
            if gsum is not None:
                gsum.merge(part.games)
            if part.game_rows is not None:
                writer.append("games", _columns(part.game_rows, L.GAME_FIELDS, GAME_DTYPES))
            if part.deal_rows is not None:
                rows = part.deal_rows
                extra = {"game": rows[:, L.GD_GAME]} if games else None
                recs = rows[:, L.GD_RECORD:] if games else rows
                writer.append("deals", _columns(recs, L.RECORD_FIELDS, RECORD_DTYPES, extra,
                                                matchup))
        elapsed = time.time() - started
        text = _summary_text(rules_name, rules, matchup, seed, dsum, gsum, labels, elapsed)
        summary = {"deals": dsum.to_dict()}
        if gsum is not None:
            summary["games"] = gsum.to_dict()
        if writer is not None:
            files = sorted(
                ([f"{n}.parquet" for n in ("deals", "games") if (games or n == "deals")]
                 if records else [])
                + ["meta.json", "summary.json", "summary.txt", "chart.png", "chart.svg",
                   "deal_value.csv", "deal_value.parquet", "deal_value.png", "deal_value.svg"]
            )
            caption = (f"rules: {(rules_name + ' ' + _opts(rules)).strip()}; {matchup.a.label} vs "
                       f"{matchup.b.label}; {dsum.deals:,} deals; seed {seed}")
            from ..charts import deal_players, deal_value_chart, maker_position_chart

            players = deal_players(matchup.a.label, matchup.b.label, matchup.a == matchup.b)
            writer.write_files(RunFiles(
                "games" if games else "deals", rules_name, rules, {
                    "strategies": {"team0": matchup.a.describe(),
                                   "team1": matchup.b.describe()},
                    "seed": seed, "deals": dsum.deals, "games": games, "threads": threads,
                    "backend": backend.describe()},
                started, tables={"deal_value": deal_value_table(dsum)},
                texts={"summary.txt": text + "\n"}, json={"summary.json": summary},
                charts={"chart": lambda path: maker_position_chart(dsum, caption, path),
                        "deal_value": lambda path: deal_value_chart(dsum, players, caption,
                                                                   path)},
                after_time={"files": files}))
    echo(text)
    if writer is not None:
        echo(f"\nwrote {Path(out)}/ ({', '.join(files)})")
    return summary


def _opts(rules: Rules) -> str:
    diff = rules.differences()
    return "(" + ", ".join(f"{k}={v}" for k, v in diff.items()) + ")" if diff else ""


def _summary_text(rules_name, rules, matchup, seed, dsum, gsum, labels, elapsed) -> str:
    head = [
        f"rules: {rules_name} {_opts(rules)}".rstrip(),
        f"team 0 (seats 0, 2): {matchup.a.label}    team 1 (seats 1, 3): {matchup.b.label}",
        f"seed: {seed}    time: {elapsed:.1f} s",
        "",
    ]
    body = []
    if gsum is not None:
        body += [gsum.to_text(*labels), ""]
    body.append(dsum.to_text(*labels))
    return "\n".join(head + body)


class _Null:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False
