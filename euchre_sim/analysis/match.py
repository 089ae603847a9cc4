"""Duplicate matches: every deal (or game) played twice with the sides swapped.

Deal ``i`` has the same cards in both seatings (it is a pure function of the seed and ``i``), and
the dealer rotates with ``i``, so the luck of the cards cancels in the paired difference. For
games, deal ``k`` of game ``g`` likewise has the same cards in both seatings.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass, field

import numpy as np

from ..core.common import layout as L
from ..core.four.tally import board_sums, new_totals
from ..engine.backends import Backend, InProcess, plan_shards
from ..engine.simulate import DEFAULT_CHUNK, Matchup, iter_duplicate_chunks, iter_game_chunks
from ..game.rules import Rules
from ..strategies import Strategy, get_strategy
from .stats import Estimate, mean_estimate, wilson_interval, z_value
from .summary import DealSummary, decision_table

# below this many boards the normal interval is no guide (one board has a standard error of 0)
MIN_VERDICT_BOARDS = 30


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
    # games: A's share of the two games of a board (0, 1/2 or 1), one value per board
    win_share: Estimate | None = None

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
            plo, phi = self.win_share.interval()
            out["games"] = {"played": self.games, "won_by_a": self.games_won_by_a,
                            "win_rate_a": self.games_won_by_a / self.games,
                            "paired_se": self.win_share.se, "paired95": [plo, phi],
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
        verdict = "no significant difference"
        if self.boards < MIN_VERDICT_BOARDS:
            verdict = (f"none: {self.boards:,} boards are too few for the interval to mean "
                       f"anything (at least {MIN_VERDICT_BOARDS})")
        elif lo > 0 or hi < 0:
            verdict = "A is better" if lo > 0 else "B is better"
        if self.games:
            wlo, whi = wilson_interval(self.games_won_by_a, self.games)
            plo, phi = self.win_share.interval()
            p = self.games_won_by_a / self.games
            lines.append(f"games won by A: {100 * p:.2f} % of {self.games:,} (95 % interval "
                         f"paired by board {100 * plo:.2f} .. {100 * phi:.2f}; Wilson, "
                         f"unpaired, {100 * wlo:.2f} .. {100 * whi:.2f})")
            win_verdict = "no significant difference"
            if self.boards < MIN_VERDICT_BOARDS:
                win_verdict = "none (too few boards)"
            elif plo > 0.5 or phi < 0.5:
                win_verdict = "A wins more games" if plo > 0.5 else "B wins more games"
            lines.append(f"verdict at 95 %: points per deal: {verdict}; games: {win_verdict}")
        else:
            lines.append(f"verdict at 95 %: {verdict}")
        lines.append(self.decisions_text())
        return "\n".join(lines)


GAME_ALIGN = 4096  # per-game floats are summed in blocks of this many games (see below)


@dataclass
class DuplicateTotals:
    """A shard's aggregate of a duplicate match: both seatings' summaries, the boards played,
    and the sums of the board values. Deal boards are half-integers, so their sums are kept as
    exact integers (twice the value); game boards are ratios, so their sums are kept per block
    of :data:`GAME_ALIGN` games, indexed from game 0, and added with ``math.fsum`` at the end:
    any sharding into whole blocks gives bit-identical totals."""

    ab: DealSummary = field(default_factory=DealSummary)
    ba: DealSummary = field(default_factory=DealSummary)
    boards: int = 0
    twice_sum: int = 0  # deals: sum of 2 x board
    twice_sq: int = 0  # deals: sum of (2 x board)^2
    block_sums: list[float] = field(default_factory=list)  # games: per block
    block_sqs: list[float] = field(default_factory=list)
    wins_a: int = 0
    wins_sq: int = 0  # games: sum over boards of (A's wins on the board)^2

    def merge(self, other: DuplicateTotals) -> DuplicateTotals:
        self.ab.merge(other.ab)
        self.ba.merge(other.ba)
        self.boards += other.boards
        self.twice_sum += other.twice_sum
        self.twice_sq += other.twice_sq
        self.block_sums += other.block_sums
        self.block_sqs += other.block_sqs
        self.wins_a += other.wins_a
        self.wins_sq += other.wins_sq
        return self

    def add_deal_boards(self, twice: np.ndarray) -> None:
        """Add deal boards given as twice their values (integers)."""
        self.add_board_sums(len(twice), twice.sum(), (twice * twice).sum())

    def add_board_sums(self, boards: int, twice_sum: int, twice_sq: int) -> None:
        """Add ``boards`` deal boards by the sum of twice their values and of its squares
        (``core.four.tally.board_sums``)."""
        self.boards += boards
        self.twice_sum += int(twice_sum)
        self.twice_sq += int(twice_sq)

    def add_game_boards(self, won: np.ndarray, board: np.ndarray) -> None:
        """Add game boards: A's wins on each (integers) and its points per deal (floats, in
        blocks of :data:`GAME_ALIGN` from the first game of a chunk that starts a block)."""
        self.wins_a += int(won.sum())
        self.wins_sq += int((won * won).sum())
        for lo in range(0, len(board), GAME_ALIGN):
            block = board[lo:lo + GAME_ALIGN]
            self.block_sums.append(float(block.sum()))
            self.block_sqs.append(float((block * block).sum()))
        self.boards += len(board)

    def deal_estimate(self) -> Estimate:
        return mean_estimate(self.twice_sum / 2.0, self.twice_sq / 4.0, self.boards)

    def win_share(self) -> Estimate:
        """A's share of a board's two games (w / 2, w its wins there), paired by board."""
        return mean_estimate(self.wins_a / 2.0, self.wins_sq / 4.0, self.boards)

    def game_estimate(self) -> Estimate:
        return mean_estimate(math.fsum(self.block_sums), math.fsum(self.block_sqs), self.boards)

    def result(self, sa: Strategy, sb: Strategy, games: bool = False) -> MatchResult:
        """The match these totals describe (boards are games when ``games``)."""
        if games:
            return MatchResult(sa, sb, self.boards, self.game_estimate(), self.ab, self.ba,
                               games_won_by_a=self.wins_a, games=2 * self.boards,
                               win_share=self.win_share())
        return MatchResult(sa, sb, self.boards, self.deal_estimate(), self.ab, self.ba)


def deal_boards(first: int, count: int, rules: Rules, sa: Strategy, sb: Strategy, seed: int,
                threads: int | None = None) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Deals ``first .. first+count-1`` as (a, b) and as (b, a), chunk by chunk: the records
    of both seatings and twice each board's value (a's points minus b's, both seatings
    added; integers). The arrays are reused between chunks."""
    yield from _boards(iter_duplicate_chunks(rules, Matchup(sa, sb), count, seed, first,
                                             threads=threads))


def _boards(pairs: Iterator[tuple[np.ndarray, np.ndarray]],
            ) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    for r1, r2 in pairs:
        d1 = r1[:, L.F_POINTS0] - r1[:, L.F_POINTS1]  # a's side minus b's side, a seated as team 0
        d2 = r2[:, L.F_POINTS1] - r2[:, L.F_POINTS0]  # a seated as team 1
        yield r1, r2, d1 + d2


def duplicate_deal_shard(first: int, count: int, rules: Rules, sa: Strategy, sb: Strategy,
                         seed: int, threads: int | None = None) -> DuplicateTotals:
    """Deals ``first .. first+count-1`` as (a, b) and as (b, a) (both seatings summed as
    they are played)."""
    t = DuplicateTotals()
    totals = (new_totals(), new_totals())
    for r1, r2 in iter_duplicate_chunks(rules, Matchup(sa, sb), count, seed, first,
                                        threads=threads, totals=totals):
        t.add_board_sums(len(r1), *board_sums(r1, r2))
    t.ab.add_totals(totals[0], count)
    t.ba.add_totals(totals[1], count)
    return t


def duplicate_deals(
    rules: Rules, a: str | Strategy, b: str | Strategy, deals: int, seed: int,
    threads: int | None = None, progress=None, half_width: float | None = None,
    backend: Backend | None = None, shard: int | None = None,
) -> MatchResult:
    """Play deals ``0..deals-1`` as (a, b) and as (b, a); pair them deal by deal.

    With ``half_width``, stop after the first chunk (of 65,536 deals) at which the 95 %
    interval of the difference is no wider than ± ``half_width`` ("run until we know");
    ``deals`` is then the most it plays. ``backend`` runs the shards (default: in-process on
    ``threads`` numba threads); ``shard`` is the shard size in deals."""
    sa, sb = get_strategy(a), get_strategy(b)
    backend = backend or InProcess(threads)
    if half_width is not None:
        shard = DEFAULT_CHUNK  # stopping is decided chunk by chunk, whatever the backend
    size = shard or backend.default_shard(DEFAULT_CHUNK, deals)
    total = DuplicateTotals()
    z = z_value(0.95)
    parts = backend.map(duplicate_deal_shard, plan_shards(deals, size), rules, sa, sb, seed,
                        progress=progress)
    with closing(parts):
        for part in parts:
            total.merge(part)
            if half_width is not None and total.boards < deals:
                est = total.deal_estimate()
                if total.boards >= 2 and z * est.se <= half_width:
                    break
    return total.result(sa, sb)


def game_boards(first: int, count: int, rules: Rules, sa: Strategy, sb: Strategy, seed: int,
                threads: int | None = None,
                ) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]]:
    """Games ``first .. first+count-1`` (``first`` a multiple of :data:`GAME_ALIGN`) as (a, b)
    and as (b, a), chunk by chunk: the deal records of both seatings, a's wins on each board
    (0, 1 or 2) and each board's points per deal of a minus b (the two seatings averaged)."""
    one = iter_game_chunks(rules, Matchup(sa, sb), count, seed, first, chunk=4 * GAME_ALIGN,
                           threads=threads, with_deals=True)
    two = iter_game_chunks(rules, Matchup(sb, sa), count, seed, first, chunk=4 * GAME_ALIGN,
                           threads=threads, with_deals=True)
    for (g1, d1), (g2, d2) in zip(one, two, strict=True):
        won = (g1[:, L.GR_WINNER] == 0).astype(np.int64) + (g2[:, L.GR_WINNER] == 1)
        # per game: a's points minus b's, per deal played, averaged over the two seatings
        per1 = (g1[:, L.GR_SCORE0] - g1[:, L.GR_SCORE1]) / g1[:, L.GR_DEALS]
        per2 = (g2[:, L.GR_SCORE1] - g2[:, L.GR_SCORE0]) / g2[:, L.GR_DEALS]
        yield d1[:, L.GD_RECORD:], d2[:, L.GD_RECORD:], won, (per1 + per2) / 2.0


def duplicate_game_shard(first: int, count: int, rules: Rules, sa: Strategy, sb: Strategy,
                         seed: int, threads: int | None = None) -> DuplicateTotals:
    """Games ``first .. first+count-1`` as (a, b) and as (b, a); ``first`` is a multiple of
    :data:`GAME_ALIGN`."""
    t = DuplicateTotals()
    for d1, d2, won, board in game_boards(first, count, rules, sa, sb, seed, threads):
        t.ab.add(d1)
        t.ba.add(d2)
        t.add_game_boards(won, board)
    return t


def duplicate_games(
    rules: Rules, a: str | Strategy, b: str | Strategy, games: int, seed: int,
    threads: int | None = None, progress=None, backend: Backend | None = None,
    shard: int | None = None,
) -> MatchResult:
    """Play games ``0..games-1`` as (a, b) and (b, a): game wins with a Wilson interval, and
    points per deal of a minus b paired by game."""
    sa, sb = get_strategy(a), get_strategy(b)
    backend = backend or InProcess(threads)
    size = shard or backend.default_shard(4 * GAME_ALIGN, games)
    total = DuplicateTotals()
    parts = backend.map(duplicate_game_shard, plan_shards(games, size, align=GAME_ALIGN),
                        rules, sa, sb, seed, progress=progress)
    with closing(parts):
        for part in parts:
            total.merge(part)
    return total.result(sa, sb, games=True)
