"""Duplicate matches: every deal (or game) played twice with the sides swapped.

Deal ``i`` has the same cards in both seatings (it is a pure function of the seed and ``i``), and
the dealer rotates with ``i``, so the luck of the cards cancels in the paired difference. For
games, deal ``k`` of game ``g`` likewise has the same cards in both seatings.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.layout import F_POINTS0, F_POINTS1
from ..rules import Rules
from ..simulate import Matchup, iter_deal_chunks, iter_game_chunks
from ..strategies import Strategy, get_strategy
from .stats import Estimate, mean_estimate, wilson_interval, z_value
from .summary import DealSummary, decision_table


@dataclass
class MatchResult:
    """Outcome of a duplicate match of strategy ``a`` against ``b``."""

    a: Strategy
    b: Strategy
    boards: int
    diff: Estimate  # points per deal (or per game) of a minus b, one value per board
    summary_a_first: DealSummary  # a as team 0
    summary_b_first: DealSummary  # b as team 0
    games_won_by_a: int | None = None
    games: int | None = None

    def interval(self, confidence: float = 0.95) -> tuple[float, float]:
        return self.diff.interval(confidence)

    def to_dict(self) -> dict:
        lo, hi = self.interval()
        out = {
            "decisions_by_seat": {side: {k: v.tolist() for k, v in self.side_counts(side).items()}
                                  for side in ("a", "b")},
            "a": self.a.describe(), "b": self.b.describe(), "boards": self.boards,
            "points_per_deal_a_minus_b": {"mean": self.diff.mean, "se": self.diff.se,
                                          "ci95": [lo, hi]},
        }
        if self.games:
            wlo, whi = wilson_interval(self.games_won_by_a, self.games)
            out["games"] = {"played": self.games, "won_by_a": self.games_won_by_a,
                            "win_rate_a": self.games_won_by_a / self.games,
                            "wilson95": [wlo, whi]}
        return out

    def side_counts(self, side: str) -> dict[str, np.ndarray]:
        """Per-seat decision counts of ``side`` ("a" or "b") over both seatings."""
        first, second = (0, 1) if side == "a" else (1, 0)
        one = self.summary_a_first.team_counts(first)
        two = self.summary_b_first.team_counts(second)
        return {k: one[k] + two[k] for k in one}

    def decisions_text(self) -> str:
        """Per-seat decisions of each side: orders up, calls, calls next, stuck (per deal in
        that seat), and make / euchred / march / loner rates (per hand made from it)."""
        return "\n".join([
            f"decisions of A ({self.a.label}), by seat relative to the dealer:",
            decision_table(self.side_counts("a")),
            f"decisions of B ({self.b.label}):",
            decision_table(self.side_counts("b")),
        ])

    def to_text(self) -> str:
        lo, hi = self.interval()
        unit = "game" if self.games else "deal"
        paired = "; paired by game" if self.games else ""
        lines = [
            f"duplicate match: {self.a.label} (A) vs {self.b.label} (B), {self.boards:,} "
            f"{unit}s each played twice with the sides swapped",
            f"points per deal, A minus B: {self.diff.mean:+.4f} ± {self.diff.se:.4f} "
            f"(95 % interval {lo:+.4f} .. {hi:+.4f}{paired})",
        ]
        if self.games:
            wlo, whi = wilson_interval(self.games_won_by_a, self.games)
            p = self.games_won_by_a / self.games
            lines.append(f"games won by A: {100 * p:.2f} % of {self.games:,} "
                         f"(95 % Wilson interval {100 * wlo:.2f} .. {100 * whi:.2f})")
        verdict = "no significant difference"
        if lo > 0 or hi < 0:
            verdict = "A is better" if lo > 0 else "B is better"
        lines.append(f"verdict at 95 %: {verdict}")
        lines.append(self.decisions_text())
        return "\n".join(lines)


def duplicate_deals(
    rules: Rules, a: str | Strategy, b: str | Strategy, deals: int, seed: int,
    threads: int | None = None, progress=None, half_width: float | None = None,
) -> MatchResult:
    """Play deals ``0..deals-1`` as (a, b) and as (b, a); pair them deal by deal.

    With ``half_width``, stop after the first chunk (of 65,536 deals) at which the 95 %
    interval of the difference is no wider than ± ``half_width`` ("run until we know");
    ``deals`` is then the most it plays."""
    sa, sb = get_strategy(a), get_strategy(b)
    first = iter_deal_chunks(rules, Matchup(sa, sb), deals, seed, threads=threads)
    second = iter_deal_chunks(rules, Matchup(sb, sa), deals, seed, threads=threads)
    sum_ab, sum_ba = DealSummary(), DealSummary()
    total = total_sq = 0.0
    played = 0
    z = z_value(0.95)
    for r1, r2 in zip(first, second, strict=True):
        sum_ab.add(r1)
        sum_ba.add(r2)
        d1 = r1[:, F_POINTS0] - r1[:, F_POINTS1]  # a's side minus b's side, a seated as team 0
        d2 = r2[:, F_POINTS1] - r2[:, F_POINTS0]  # a seated as team 1
        board = (d1 + d2).astype(np.float64) / 2.0
        total += board.sum()
        total_sq += (board * board).sum()
        played += len(r1)
        if progress is not None:
            progress(len(r1))
        if half_width is not None and played < deals:
            est = mean_estimate(total, total_sq, played)
            if played >= 2 and z * est.se <= half_width:
                break
    return MatchResult(sa, sb, played, mean_estimate(total, total_sq, played), sum_ab, sum_ba)


def duplicate_games(
    rules: Rules, a: str | Strategy, b: str | Strategy, games: int, seed: int,
    threads: int | None = None, progress=None,
) -> MatchResult:
    """Play games ``0..games-1`` as (a, b) and (b, a): game wins with a Wilson interval, and
    points per deal of a minus b paired by game."""
    sa, sb = get_strategy(a), get_strategy(b)
    first = iter_game_chunks(rules, Matchup(sa, sb), games, seed, threads=threads,
                             with_deals=True)
    second = iter_game_chunks(rules, Matchup(sb, sa), games, seed, threads=threads,
                              with_deals=True)
    sum_ab, sum_ba = DealSummary(), DealSummary()
    wins = 0
    total = total_sq = 0.0
    for (g1, d1), (g2, d2) in zip(first, second, strict=True):
        sum_ab.add(d1[:, 1:])
        sum_ba.add(d2[:, 1:])
        wins += int((g1[:, 2] == 0).sum() + (g2[:, 2] == 1).sum())
        # per game: a's points minus b's, per deal played, averaged over the two seatings
        per1 = (g1[:, 3] - g1[:, 4]) / g1[:, 5]
        per2 = (g2[:, 4] - g2[:, 3]) / g2[:, 5]
        board = (per1 + per2) / 2.0
        total += board.sum()
        total_sq += (board * board).sum()
        if progress is not None:
            progress(len(g1))
    return MatchResult(sa, sb, games, mean_estimate(total, total_sq, games), sum_ab, sum_ba,
                       games_won_by_a=wins, games=2 * games)
