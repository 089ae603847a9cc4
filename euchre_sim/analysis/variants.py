"""Many variants of a strategy, each in a duplicate match against one field, on the same deals.

This is the engine under sweeps, tuning and the stability check. Every variant plays deals (or
games) ``0 .. n-1`` of the same seed (common random numbers), so the differences between
variants are not blurred by the luck of the cards. All variants' shards go to the backend
together: a cluster keeps every worker busy even when one variant alone has fewer shards than
workers. In the shard index space, variant ``v``'s deal (or game) ``i`` has index
``v * stride + i``, the stride a whole number of blocks; a shard maps it back to deal ``i``.

With a ``baseline``, each shard also plays the baseline against the field on the same deals and
keeps the board-by-board difference (variant minus baseline), so a variant's gain over the
baseline gets a paired interval (the two matches share almost every board's play, so an
unpaired interval would be far too wide).
"""

from __future__ import annotations

import fnmatch
from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass

import numpy as np

from ..engine.backends import Backend, InProcess, plan_shards
from ..engine.simulate import DEFAULT_CHUNK
from ..game.rules import Rules
from ..strategies import Strategy, get_strategy
from ..strategies.schema import PARAMS, Param
from .match import (
    GAME_ALIGN,
    DuplicateTotals,
    MatchResult,
    deal_boards,
    duplicate_deal_shard,
    duplicate_game_shard,
    game_boards,
)
from .stats import Estimate, mean_estimate


class SearchError(ValueError):
    """A malformed tuning or stability request (one-line message)."""


def scripted_schema(strategy: Strategy) -> dict[str, Param]:
    """The parameters a search may move: those of the scripted family (the only kind whose
    parameters are all cheap to play with)."""
    if strategy.kind_name != "scripted":
        raise SearchError(f"{strategy.label} is a {strategy.kind_name} strategy: only scripted "
                          "strategies (basic, advanced, ... or a scripted .toml file) can be "
                          "tuned or checked step by step")
    return PARAMS["scripted"]


def matching_keys(schema: dict[str, Param], pattern: str, flags_only: bool = False) -> list[str]:
    """The schema's keys a shell-style ``pattern`` names (``play.*``), in schema order; with
    ``flags_only`` only the 0/1 flags among them. An empty match is an error."""
    keys = [k for k, p in schema.items() if fnmatch.fnmatchcase(k, pattern)
            and (not flags_only or is_flag(p))]
    if not keys:
        what = "0/1 flag" if flags_only else "parameter"
        raise SearchError(f"{pattern!r} names no {what} of a scripted strategy (see "
                          "`euchre-sim strategies`)")
    return keys


def is_flag(p: Param) -> bool:
    return p.integer and p.low == 0 and p.high == 1


def step_of(p: Param) -> float:
    """One step of a parameter: 1 for integers (a flag's toggle), 0.5 for thresholds and
    weights (finer than any hand's strength changes, coarse enough to matter)."""
    return 1.0 if p.integer else 0.5


def resolve_field(base: Strategy, field: str | Strategy | None) -> Strategy:
    """The field a variant plays: ``None`` or ``"self"`` mean the unchanged ``base``."""
    if field is None or (isinstance(field, str) and field.strip() == "self"):
        return base
    return get_strategy(field)


def same_play(a: Strategy, b: Strategy) -> bool:
    """Do ``a`` and ``b`` play alike (same kind, same parameters)?"""
    return a.kind_name == b.kind_name and a.all_params() == b.all_params()


def check_count(n: object, what: str, high: int) -> int:
    """``n`` as a count in ``[1, high]``, or a one-line error."""
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= high:
        raise SearchError(f"{what} must be an integer between 1 and {high:,}, got {n!r}")
    return n


MAX_BOARDS = 10**11  # more duplicate deals (or games) per variant than any run could play


def deals_or_games(deals: int | None, games: int | None, default: int) -> tuple[int, bool]:
    """(boards per variant, whether they are games) from the two exclusive counts."""
    if deals is not None and games is not None:
        raise SearchError("give either deals or games, not both")
    if games is not None:
        return check_count(games, "the number of games", MAX_BOARDS), True
    return check_count(default if deals is None else deals, "the number of deals",
                       MAX_BOARDS), False


@dataclass
class VariantResult:
    """One variant's outcome: its duplicate match (A) against the field (B) and, with a
    baseline, its gain over the baseline against the same field, paired by board."""

    match: MatchResult
    gain: Estimate | None = None  # points per deal, or with games share of games won
    points_gain: Estimate | None = None  # points per deal (a game's, with games)
    # with ``products``: for every variant w, the sum over boards of this variant's board
    # value times w's (twice the points for deals, A's wins for games; exact integers)
    products: np.ndarray | None = None
    board_sum: int = 0  # with ``products``: the sum of this variant's board values


def objective(result: MatchResult, games: bool) -> Estimate:
    """What a search maximises: A's points per deal minus B's, or with games A's share of the
    games won (paired by board; 1/2 is even)."""
    return result.win_share if games else result.diff


def _outcome(match: MatchResult, gain: DuplicateTotals | None, self_play: bool,
             games: bool) -> VariantResult:
    """A variant's result; against the baseline itself the match is the gain."""
    if self_play:
        e = objective(match, games)
        null = 0.5 if games else 0.0
        return VariantResult(match, Estimate(e.mean - null, e.se, e.n), match.diff)
    if gain is None:
        return VariantResult(match)
    if games:
        return VariantResult(match, gain.win_share(), gain.game_estimate())
    return VariantResult(match, gain.deal_estimate(), gain.deal_estimate())


def match_variants(rules: Rules, variants: Sequence[Strategy], field: Strategy, count: int,
                   seed: int, *, games: bool = False, baseline: Strategy | None = None,
                   backend: Backend | None = None, threads: int | None = None,
                   shard: int | None = None, progress=None,
                   products: bool = False) -> list[VariantResult]:
    """Duplicate-match every variant against ``field`` on deals (``games``: whole games)
    ``0 .. count-1`` of ``seed``; the results come in the order of ``variants``, identical
    whatever the backend, its workers or the shard size. With a ``baseline``, each result also
    has the variant's gain over it (see the module notes); when the field plays like the
    baseline, the match itself is that gain, and nothing more is played."""
    self_play = baseline is not None and same_play(baseline, field)
    if self_play:
        baseline = None  # its boards against itself are all even: nothing to subtract
    backend = backend or InProcess(threads)
    chunk, align = (4 * GAME_ALIGN, GAME_ALIGN) if games else (DEFAULT_CHUNK, 1)
    size = shard or backend.default_shard(chunk, count * len(variants))
    stride = -(-count // align) * align
    shards = [(v * stride + lo, n) for v in range(len(variants))
              for lo, n in plan_shards(count, size, align=align)]
    totals = [DuplicateTotals() for _ in variants]
    gains = [DuplicateTotals() for _ in variants] if baseline is not None else None
    parts = backend.map(_variant_shard, shards, rules, list(variants), field, seed, stride,
                        games, baseline, products, progress=progress)
    cross = BoardProducts(len(variants)) if products else None
    with closing(parts):
        for (first, _), part in zip(shards, parts, strict=True):
            v = first // stride
            if cross is not None:
                part, boards = part
                cross.add(v, first - v * stride, boards)
            if gains is None:
                totals[v].merge(part)
            else:
                totals[v].merge(part[0])
                gains[v].merge(part[1])
    out = [_outcome(t.result(s, field, games), gains[v] if gains else None, self_play, games)
           for v, (s, t) in enumerate(zip(variants, totals, strict=True))]
    if cross is not None:
        for v, o in enumerate(out):
            o.products = cross.gram[v].copy()
            o.board_sum = totals[v].wins_a if games else totals[v].twice_sum
    return out


class BoardProducts:
    """Sums over boards of the products of two variants' board values, for every pair: the
    board arrays of one deal range are kept until every variant's have arrived (so memory is
    bounded by the variants times one shard), then multiplied and dropped. Integers, so the
    sums are exact and do not depend on the sharding."""

    def __init__(self, n: int) -> None:
        self.gram = np.zeros((n, n), np.int64)
        self.pending: dict[int, dict[int, np.ndarray]] = {}

    def add(self, v: int, lo: int, boards: np.ndarray) -> None:
        waiting = self.pending.setdefault(lo, {})
        waiting[v] = boards
        if len(waiting) == len(self.gram):
            m = np.stack([waiting[w] for w in range(len(self.gram))]).astype(np.int64)
            self.gram += m @ m.T
            del self.pending[lo]


def paired_difference(a: VariantResult, b: VariantResult, ia: int, ib: int) -> Estimate:
    """Variant ``a`` minus variant ``b`` (their indices ``ia``, ``ib``), paired by board:
    points per deal, or with games the share of games won (boards of deals hold twice the
    points, of games A's wins, 0..2: both halved). Needs ``products``."""
    sq = int(a.products[ia] + b.products[ib] - 2 * a.products[ib])
    return mean_estimate((a.board_sum - b.board_sum) / 2.0, sq / 4.0, a.match.boards)


def _variant_shard(first: int, count: int, rules: Rules, variants: list[Strategy],
                   field: Strategy, seed: int, stride: int, games: bool,
                   baseline: Strategy | None, products: bool = False,
                   threads: int | None = None):
    """One shard of one variant (see :func:`match_variants` for the index space); with
    ``products`` also its board values (int8: twice the points, or A's wins)."""
    v = first // stride
    first -= v * stride
    if products:
        return _boards_shard(first, count, rules, variants[v], field, seed, games, threads)
    if baseline is None:
        play = duplicate_game_shard if games else duplicate_deal_shard
        return play(first, count, rules, variants[v], field, seed, threads=threads)
    return _paired_shard(first, count, rules, variants[v], baseline, field, seed, games,
                         threads)


def _boards_shard(first: int, count: int, rules: Rules, variant: Strategy, field: Strategy,
                  seed: int, games: bool, threads: int | None,
                  ) -> tuple[DuplicateTotals, np.ndarray]:
    """The variant's totals against the field and its board values, in order."""
    t = DuplicateTotals()
    kept = []
    if games:
        for d1, d2, won, board in game_boards(first, count, rules, variant, field, seed,
                                              threads):
            t.ab.add(d1)
            t.ba.add(d2)
            t.add_game_boards(won, board)
            kept.append(won.astype(np.int8))
    else:
        for r1, r2, twice in deal_boards(first, count, rules, variant, field, seed, threads):
            t.ab.add(r1)
            t.ba.add(r2)
            t.add_deal_boards(twice)
            kept.append(twice.astype(np.int8))
    return t, np.concatenate(kept)


def _paired_shard(first: int, count: int, rules: Rules, variant: Strategy, baseline: Strategy,
                  field: Strategy, seed: int, games: bool, threads: int | None,
                  ) -> tuple[DuplicateTotals, DuplicateTotals]:
    """The variant's totals against the field, and the totals of its boards minus the
    baseline's boards against the field on the same deals."""
    mine, gain = DuplicateTotals(), DuplicateTotals()
    if games:
        ours = game_boards(first, count, rules, variant, field, seed, threads)
        base = game_boards(first, count, rules, baseline, field, seed, threads)
        for (d1, d2, won, board), (_, _, won_b, board_b) in zip(ours, base, strict=True):
            mine.ab.add(d1)
            mine.ba.add(d2)
            mine.add_game_boards(won, board)
            gain.add_game_boards(won - won_b, board - board_b)
    else:
        ours = deal_boards(first, count, rules, variant, field, seed, threads)
        base = deal_boards(first, count, rules, baseline, field, seed, threads)
        for (r1, r2, twice), (_, _, twice_b) in zip(ours, base, strict=True):
            mine.ab.add(r1)
            mine.ba.add(r2)
            mine.add_deal_boards(twice)
            gain.add_deal_boards(twice - twice_b)
    return mine, gain
