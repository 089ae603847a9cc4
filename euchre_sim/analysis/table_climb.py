"""Stability and self-play climbing at the other tables: does any single step of one of the
basic kind's parameters gain against the strategy itself, and where does a climb settle?

A **step** moves one parameter of the table's ``basic`` strategy one unit up or down and plays
it in a duplicate match (every deal from every side, :func:`table_match.duplicate_gain`)
against the unchanged strategy in every other seat. The steps of one round share their deals;
a step is a significant gain when it survives Holm-Bonferroni over the round's steps at
``alpha`` (one-sided). A climb moves to the best significant step and plays a new round on
fresh deals, until no step gains: a table that no single change of its parameters beats.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pandas as pd

from ..game.table_spec import TableError, TableSpec
from ..strategies.table import TableStrategy, relevant_params
from .stats import normal_sf
from .table_match import duplicate_gain

MIN_VALUE, MAX_VALUE = 0, 40  # the range a threshold may step in


@dataclass(frozen=True)
class Step:
    """One parameter moved one unit, and what it gains per deal against the strategy."""

    param: str
    value: int
    gain: float
    se: float
    significant: bool = False

    @property
    def z(self) -> float:
        return self.gain / self.se if self.se > 0 else 0.0


def holm(steps: list[Step], alpha: float) -> list[Step]:
    """The steps with ``significant`` set by Holm-Bonferroni (one-sided gains)."""
    order = sorted(range(len(steps)), key=lambda i: -steps[i].z)
    out = list(steps)
    m = len(steps)
    for rank, i in enumerate(order):
        p = normal_sf(steps[i].z) if steps[i].se > 0 else 1.0
        if p > alpha / (m - rank):
            break
        s = steps[i]
        out[i] = Step(s.param, s.value, s.gain, s.se, True)
    return out


def stability_round(table: TableSpec, strategy: TableStrategy, params: Sequence[str],
                    deals: int, seed: int, threads: int | None = None, bar=None,
                    alpha: float = 0.05) -> list[Step]:
    """Every single step of ``params`` against ``strategy``, on the same deals."""
    steps = []
    for key in params:
        v = strategy.value(key, table)
        for value in (v - 1, v + 1):
            if not MIN_VALUE <= value <= MAX_VALUE:
                continue
            cand = TableStrategy("basic", {**strategy.params, key: value})
            est = duplicate_gain(table, cand, strategy, deals, seed, threads, bar)
            steps.append(Step(key, value, est.mean, est.se))
    return holm(steps, alpha)


@dataclass
class ClimbResult:
    """Each round's steps, the strategy it started from, and where the climb ended."""

    table: TableSpec
    start: TableStrategy
    end: TableStrategy
    rounds: list[tuple[TableStrategy, list[Step]]] = field(default_factory=list)
    stable: bool = False
    cycle: list[TableStrategy] = field(default_factory=list)  # strategies a climb went round

    def frame(self) -> pd.DataFrame:
        rows = []
        for r, (strategy, steps) in enumerate(self.rounds):
            for s in steps:
                rows.append({"round": r, "from": strategy.name, "param": s.param,
                             "value": s.value, "gain": s.gain, "se": s.se, "z": s.z,
                             "significant": s.significant})
        return pd.DataFrame(rows)

    def text(self) -> str:
        lines = []
        for r, (strategy, steps) in enumerate(self.rounds):
            lines.append(f"round {r}: from {strategy.name} "
                         f"({self.describe(strategy)})")
            for s in steps:
                mark = "  significant gain" if s.significant and s.gain > 0 else ""
                lines.append(f"  {s.param}={s.value:<3} {s.gain:+.4f} ± {s.se:.4f}{mark}")
        verdict = ("no single step gains: stable" if self.stable
                   else "a single step gains: not a stable point" if len(self.rounds) == 1
                   else "the climb goes round a cycle, " + " -> ".join(
                       s.name for s in [*self.cycle, self.cycle[0]])
                   + ": no stable point; which is best depends on who else sits at the table"
                   if self.cycle
                   else "stopped at the round limit before a stable point")
        lines.append(f"end: {self.end.name} ({self.describe(self.end)}): {verdict}")
        return "\n".join(lines)

    def describe(self, strategy: TableStrategy) -> str:
        return ", ".join(f"{k}={strategy.value(k, self.table)}"
                         for k in relevant_params(self.table))


def climb(table: TableSpec, start: TableStrategy, deals: int, seed: int, rounds: int = 10,
          params: Sequence[str] | None = None, threads: int | None = None,
          alpha: float = 0.05, bar=None, on_round: Callable[[int], None] | None = None
          ) -> ClimbResult:
    """Self-play hill climbing from ``start``: round r plays every single step on the deals
    of seed ``seed + r`` and moves to the best significant gain; stops when none gains, when
    it comes back to a strategy it left (a cycle: no stable point) or after ``rounds``
    rounds."""
    if start.kind != "basic":
        raise TableError("a climb moves the basic kind's parameters: start from basic")
    keys = list(params) if params else relevant_params(table)
    unknown = [k for k in keys if k not in relevant_params(table)]
    if unknown:
        raise TableError(f"table {table.name} does not use {', '.join(unknown)}: its basic "
                         f"parameters are {', '.join(relevant_params(table))}")
    current = start
    result = ClimbResult(table, start, start)
    visited = [start]
    for r in range(rounds):
        steps = stability_round(table, current, keys, deals, seed + r, threads, bar, alpha)
        result.rounds.append((current, steps))
        if on_round is not None:
            on_round(r)
        gains = [s for s in steps if s.significant and s.gain > 0]
        if not gains:
            result.stable = True
            break
        best = max(gains, key=lambda s: s.gain)
        current = TableStrategy("basic", {**current.params, best.param: best.value})
        if current in visited:  # a best-response cycle (cut-throat tables can have them)
            result.cycle = visited[visited.index(current):]
            break
        visited.append(current)
    result.end = current
    return result


__all__ = ["ClimbResult", "Step", "climb", "holm", "stability_round"]
