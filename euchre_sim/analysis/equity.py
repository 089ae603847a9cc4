"""Match equity: the probability of winning the game from every score, for a strategy playing
itself, estimated from simulated games (every deal of every game is a visit to the score it
started from; the visiting side either went on to win or not).

The table is indexed by (our score, their score, whether our side deals). Both sides of every
game are counted, mirrored, since a strategy playing itself is symmetric.
"""

from __future__ import annotations

import math
from contextlib import closing
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..core.common import layout as L
from ..engine.backends import Backend, InProcess, plan_shards
from ..engine.simulate import Matchup, iter_game_chunks
from ..game.rules import Rules
from ..strategies import Strategy, get_strategy
from .stats import wilson_interval

EQUITY_CHUNK = 1 << 14  # games per in-process shard


@dataclass
class EquityTable:
    """Counts of visits and wins by (ours, theirs, we deal)."""

    target: int
    strategy: Strategy
    games: int
    visits: np.ndarray  # shape (target, target, 2)
    wins: np.ndarray

    def probability(self, ours: int, theirs: int, we_deal: bool) -> float:
        """P(win) from a score; a side that has reached the target has won (1 or 0)."""
        if ours >= self.target:
            return 1.0
        if theirs >= self.target:
            return 0.0
        n = self.visits[ours, theirs, int(we_deal)]
        return self.wins[ours, theirs, int(we_deal)] / n if n else float("nan")

    def frame(self) -> pd.DataFrame:
        """One row per score state: visits, win probability and its Wilson 95 % interval."""
        rows = []
        for a in range(self.target):
            for b in range(self.target):
                for d in (1, 0):
                    n = int(self.visits[a, b, d])
                    k = int(self.wins[a, b, d])
                    lo, hi = wilson_interval(k, n) if n else (np.nan, np.nan)
                    rows.append({"ours": a, "theirs": b, "we_deal": bool(d), "visits": n,
                                 "p_win": k / n if n else np.nan, "ci95_low": lo,
                                 "ci95_high": hi})
        return pd.DataFrame(rows)

    def to_text(self) -> str:
        lines = [f"match equity of {self.strategy.label} playing itself, first to "
                 f"{self.target}: P(we win) from (ours, theirs), {self.games:,} games "
                 f"(each cell: we deal / they deal; -- where fewer than {MIN_CELL_GAMES} games "
                 "passed through the score, too few to estimate)"]
        head = "ours\\theirs " + " ".join(f"{b:>11}" for b in range(self.target))
        lines.append(head)
        for a in range(self.target):
            cells = []
            for b in range(self.target):
                p1, p0 = (self.probability(a, b, deal)
                          if self.visits[a, b, int(deal)] >= MIN_CELL_GAMES else math.nan
                          for deal in (True, False))
                cells.append(f"{_pct(p1)}/{_pct(p0)}")
            lines.append(f"{a:>11} " + " ".join(f"{c:>11}" for c in cells))
        return "\n".join(lines)


MIN_CELL_GAMES = 30  # a score seen in fewer games prints as -- (one game made it 0 or 100 %)


def _pct(p: float) -> str:
    return " --" if np.isnan(p) else f"{100 * p:3.0f}"


def equity_shard(first: int, count: int, rules: Rules, s: Strategy, seed: int,
                 threads: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(visits, wins) by (ours, theirs, we deal) over games ``first .. first+count-1``."""
    target = rules.target_score
    visits = np.zeros((target, target, 2), np.int64)
    wins = np.zeros((target, target, 2), np.int64)
    for grecs, drecs in iter_game_chunks(rules, Matchup(s, s), count, seed, first,
                                         threads=threads, with_deals=True):
        game = drecs[:, L.GD_GAME] - drecs[0, L.GD_GAME]
        rec = drecs[:, L.GD_RECORD:]
        p0 = rec[:, L.F_POINTS0]
        p1 = rec[:, L.F_POINTS1]
        # scores before each deal: cumulative points within the game, shifted by one deal
        c0 = np.cumsum(p0)
        c1 = np.cumsum(p1)
        starts = np.r_[0, np.nonzero(np.diff(game))[0] + 1]
        base0 = np.repeat(c0[starts] - p0[starts], np.diff(np.r_[starts, len(game)]))
        base1 = np.repeat(c1[starts] - p1[starts], np.diff(np.r_[starts, len(game)]))
        s0 = c0 - p0 - base0
        s1 = c1 - p1 - base1
        winner = grecs[game, L.GR_WINNER]
        team0_deals = (rec[:, L.F_DEALER] & 1) == 0
        ok = winner >= 0
        np.add.at(visits, (s0[ok], s1[ok], team0_deals[ok].astype(int)), 1)
        np.add.at(wins, (s0[ok], s1[ok], team0_deals[ok].astype(int)), (winner[ok] == 0))
        np.add.at(visits, (s1[ok], s0[ok], (~team0_deals[ok]).astype(int)), 1)
        np.add.at(wins, (s1[ok], s0[ok], (~team0_deals[ok]).astype(int)), (winner[ok] == 1))
    return visits, wins


def match_equity(rules: Rules, strategy: str | Strategy, games: int, seed: int,
                 threads: int | None = None, progress=None, backend: Backend | None = None,
                 shard: int | None = None) -> EquityTable:
    """Estimate the match-equity table of ``strategy`` playing itself from ``games`` games
    (``backend``: where the shards run, default in-process; ``shard``: games per shard)."""
    s = get_strategy(strategy)
    target = rules.target_score
    visits = np.zeros((target, target, 2), np.int64)
    wins = np.zeros((target, target, 2), np.int64)
    backend = backend or InProcess(threads)
    size = shard or backend.default_shard(EQUITY_CHUNK, games)
    parts = backend.map(equity_shard, plan_shards(games, size), rules, s, seed,
                        progress=progress)
    with closing(parts):
        for v, w in parts:
            visits += v
            wins += w
    return EquityTable(target, s, games, visits, wins)
