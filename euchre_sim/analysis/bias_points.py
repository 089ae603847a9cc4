"""The decision points of the table-bias report: random bids at which going alone is an option.

The points are drawn from deals the default table plays against itself, so every bidding
history is one that table produces: in each deal, the bids up to and including the one that
made trump are decisions with all passes before them (round-1 order-up / take-up, round-2
calls), and each offers a loner. The points are stratified by round and seat (eldest, the
dealer's partner, third, dealer: eight strata, as equal in size as the count allows) and drawn
uniformly within each stratum among the deals that reach it, so the rarely reached ones (the
dealer in round 2) are represented as well as the common ones.

A points file holds one situation per line in the analyser's notation (docs/analyze.md),
optionally followed by ``# a note`` (which deal it came from, what the table bid there);
lines starting with ``#`` and blank lines are ignored. ``make_points`` draws the points,
``points_text`` writes the file, ``read_points`` reads it back.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..engine.simulate import simulate_deals
from ..game.cards import JOKER, TRUMP_NAMES, format_card, mask_to_cards
from ..game.rules import Rules
from ..game.user_files import UserFileError, read_text
from ..strategies import get_strategy
from .facts import POSITIONS, AnalysisError, options
from .situation import Situation, parse_situation, read_situation

# self-play deals simulated per point of a stratum: tuned reaches the dealer's round-2 bid in
# about 0.14 % of its deals (the third's in 0.8 %), so 4,000 give some 5 candidates per point
DEALS_PER_POINT = 4000


@dataclass(frozen=True)
class Point:
    """One decision point: its situation, its line in the notation and its note."""

    sit: Situation
    line: str
    note: str = ""


def table_bid(rec, k: int, rules: Rules) -> str:
    """What the table did at decision ``k`` (0 = the eldest's round-1 bid) of a deal record,
    in the words of the analyser's options (``pass``, ``order up alone``, ``call hearts``)."""
    if k < rec.passes or rec.maker < 0:
        return "pass"
    alone = " alone" if rec.alone else ""
    if k >= 4:
        return f"call {TRUMP_NAMES[rec.trump]}{alone}"
    if k == 1 and rules.dealer_partner_alone:
        return "order up (alone: Canadian loner)"
    return ("take up" if k == 3 else "order up") + alone


def point_of(rec, k: int, rules: Rules) -> Situation:
    """The situation of decision ``k`` of a deal record: the deciding player's dealt hand, the
    up-card and ``k`` passes before him."""
    seat = (int(rec.dealer) + 1 + k) & 3
    hand = " ".join(format_card(c) for c in mask_to_cards(int(getattr(rec, f"hand{seat}"))))
    return parse_situation(hand, format_card(int(rec.up_card)), POSITIONS[k & 3],
                           " ".join(["pass"] * k), rules=rules)


MAX_POINTS = 100_000  # points of one file: each is analysed under two tables


def make_points(rules: Rules | None = None, table: str = "tuned", count: int = 240,
                seed: int = 1) -> list[Point]:
    """``count`` bidding decision points at which going alone is an option, from the table's
    self-play deals of ``seed`` (``self_play_deals``), stratified by round and seat, uniform
    within each stratum: deterministic for a seed. Ordered by stratum (round 1 eldest
    first), then by deal. A stratum the table seldom reaches (the stuck dealer's, at a table
    that bids freely) is drawn from twice, four, then eight times as many deals."""
    rules = rules or Rules()
    if not 8 <= count <= MAX_POINTS:
        raise AnalysisError(f"--make-points {count:,}: draw 8 (one per round and seat) to "
                            f"{MAX_POINTS:,} points")
    strategy = get_strategy(table)
    for widen in (1, 2, 4, 8):
        points, short = _draw_points(rules, strategy, count, seed, widen)
        if not short:
            return points
    raise AnalysisError(short)


def _draw_points(rules: Rules, strategy, count: int, seed: int, widen: int
                 ) -> tuple[list[Point], str]:
    """``make_points`` from ``widen`` times the usual self-play deals: the points, or why
    a stratum is short."""
    deals = simulate_deals(rules, strategy, deals=self_play_deals(count) * widen, seed=seed)
    usable = (deals.redeals == 0) & (deals.farmer < 0) & (deals.up_card != JOKER)
    reached = np.where(deals.maker >= 0, deals.passes, 8)  # decisions each deal reaches - 1
    rng = np.random.default_rng(seed)
    out = []
    for k in range(8):
        want = count // 8 + (k < count % 8)
        rows = np.flatnonzero(usable & (reached >= k))
        picked: list[tuple[int, Point]] = []
        for i in rng.permutation(rows):
            rec = deals.iloc[i]
            sit = point_of(rec, k, rules)
            if not any("alone" in o.label for o in options(sit)):
                continue  # e.g. a dealer who may not take up (dealer_needs_trump)
            note = (f"deal {int(rec.deal)} of {strategy.label} self-play, seed {seed}: "
                    f"{strategy.label} bids {table_bid(rec, k, rules)}")
            picked.append((int(rec.deal), Point(sit, sit.notation(), note)))
            if len(picked) == want:
                break
        if len(picked) < want:
            return [], (f"only {len(picked)} deals of {len(deals):,} reach round "
                        f"{1 + k // 4} {POSITIONS[k & 3]} with a loner to offer: "
                        "ask for fewer points")
        out += [point for _, point in sorted(picked, key=lambda x: x[0])]
    return out, ""


def self_play_deals(count: int) -> int:
    """The self-play deals ``count`` points are drawn from."""
    return DEALS_PER_POINT * -(-count // 8)


def points_text(points: list[Point], header: str) -> str:
    """The points file: ``header`` as ``#`` lines, then one situation per line with its
    note."""
    lines = [f"# {line}".rstrip() for line in header.splitlines()]
    lines += [f"{p.line}  # {p.note}" if p.note else p.line for p in points]
    return "\n".join(lines) + "\n"


def read_points(path: str | Path, rules: Rules | None = None) -> list[Point]:
    """The points of a points file; ``AnalysisError`` naming the file and line of the first
    bad one, or when there is none."""
    path = Path(path)
    try:
        text = read_text(path, "points file")
    except FileNotFoundError:
        raise AnalysisError(f"points file {str(path)!r} not found") from None
    except UserFileError as exc:
        raise AnalysisError(str(exc)) from None
    points = []
    for number, raw in enumerate(text.splitlines(), 1):
        line, _, note = raw.partition("#")
        if not line.strip():
            continue
        try:
            sit = read_situation(line, rules)
        except AnalysisError as exc:
            raise AnalysisError(f"{path}:{number}: {exc}") from None
        points.append(Point(sit, line.strip(), note.strip()))
    if not points:
        raise AnalysisError(f"points file {str(path)!r} holds no situation (one per line, "
                            "e.g. hand=JH,JD,AH,KH,AS up=9H seat=dealer bidding=\"pass pass "
                            "pass\")")
    return points
