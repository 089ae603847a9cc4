"""Summaries of simulated deals and games, accumulated chunk by chunk (bounded memory)."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..core.common import layout as L
from ..core.four.tally import new_totals, summarise_parallel
from .stats import Estimate, mean_estimate, proportion, wilson_interval

TEAM_STATS = L.BY_TEAM_FIELDS
SEAT_NAMES = L.POSITION_NAMES  # the maker's position from the dealer's left
_COUNTS = L.COUNT_FIELDS


TALLY_BLOCK = 4096  # rows summed per parallel task (the kernels' BLOCK)


@dataclass
class DealSummary:
    """Running totals over per-deal records; :meth:`add` takes raw int64 record rows."""

    deals: int = 0
    sums: dict[str, float] = field(default_factory=lambda: dict.fromkeys(L.SUM_FIELDS, 0.0))
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(_COUNTS, 0))
    # by the maker's position from the dealer's left: 0 eldest, 1 partner, 2 third, 3 dealer
    by_position: dict[str, np.ndarray] = field(default_factory=lambda: {
        k: np.zeros(L.N_POSITIONS, np.int64) for k in L.BY_POSITION_FIELDS})
    # by team (0, 1) and the maker's position: decisions and outcomes; "seated" counts the
    # deals in which the team held that position
    by_team: dict[str, np.ndarray] = field(default_factory=lambda: {
        k: np.zeros((2, L.N_POSITIONS), np.int64) for k in TEAM_STATS})
    # by how trump was made (``core.common.layout.BH_*`` rows, ``HOW_*`` ways) and the maker's
    # position: deals, and the dealing side's points minus the other's, summed and squared
    by_how: np.ndarray = field(default_factory=lambda: np.zeros(
        (L.N_BY_HOW, L.N_HOW, L.N_POSITIONS), np.int64))

    def add(self, recs: np.ndarray) -> None:
        """Add raw record rows (compiled passes over blocks of rows on every thread,
        ``core.four.tally.summarise_parallel``)."""
        totals = new_totals()
        summarise_parallel(np.ascontiguousarray(recs, np.int64), *totals, TALLY_BLOCK)
        self.add_totals(totals, len(recs))

    def add_totals(self, totals: tuple[np.ndarray, ...], deals: int) -> None:
        """Add the totals of ``deals`` deals summed by a kernel (``core.four.tally.new_totals``'s
        five arrays, filled by ``summarise`` or as the deals were played)."""
        sums, counts, by_position, by_team, by_how = totals
        self.by_how += by_how
        for key, v in zip(self.sums, sums, strict=True):
            self.sums[key] += float(v)
        for key, v in zip(self.counts, counts, strict=True):
            self.counts[key] += int(v)
        for key, row in zip(self.by_position, by_position, strict=True):
            self.by_position[key] += row
        for key, rows in zip(self.by_team, by_team, strict=True):
            self.by_team[key] += rows
        self.deals += deals

    def merge(self, other: DealSummary) -> DealSummary:
        """Add another summary's totals (a shard's) to this one. Every total is a count or a
        sum of integers, so merging is exact and the order of shards does not matter."""
        self.deals += other.deals
        for k, v in other.sums.items():
            self.sums[k] += v
        for k, v in other.counts.items():
            self.counts[k] += v
        for table, theirs in ((self.by_position, other.by_position),
                              (self.by_team, other.by_team)):
            for k, v in theirs.items():
                table[k] += v
        self.by_how += other.by_how
        return self

    # ---- estimates ----
    def points(self, team: int) -> Estimate:
        k = f"p{team}"
        return mean_estimate(self.sums[k], self.sums[k + "sq"], self.deals)

    def difference(self) -> Estimate:
        """Points per deal of team 0 minus team 1 (paired within each deal)."""
        return mean_estimate(self.sums["diff"], self.sums["diffsq"], self.deals)

    def dealer_edge(self) -> Estimate:
        """Points per deal of the dealing side minus the other side (the value of the deal)."""
        return mean_estimate(self.sums["deal"], self.sums["dealsq"], self.deals)

    def total_points(self) -> Estimate:
        return mean_estimate(self.sums["tot"], self.sums["totsq"], self.deals)

    def rate(self, name: str) -> Estimate:
        """A rate: per played deal for make/euchre/march/alone, per deal for the bidding."""
        c = self.counts
        if name == "alone_march":
            return proportion(c["alone_march"], c["alone"])
        per_played = ("made", "euchred", "march", "alone", "defender_alone")
        base = c["played"] if name in per_played else self.deals
        return proportion(c[name], base)

    def mean_maker_tricks(self) -> float:
        return self.sums["mtricks"] / max(self.counts["played"], 1)

    def to_dict(self) -> dict:
        out = {
            "deals": self.deals,
            "points_per_deal": {
                "team0": _est(self.points(0)),
                "team1": _est(self.points(1)),
                "team0_minus_team1": _est(self.difference()),
                "total": _est(self.total_points()),
                "dealing_side_minus_other": _est(self.dealer_edge()),
            },
            "rates": {k: _est(self.rate(k)) for k in _COUNTS if k not in ("played", "maker_team0")},
            "mean_maker_tricks": self.mean_maker_tricks(),
            "counts": dict(self.counts),
            "by_maker_position": {k: v.tolist() for k, v in self.by_position.items()},
            "by_team_and_position": {k: v.tolist() for k, v in self.by_team.items()},
            "by_how_trump_was_made": self.by_how.tolist(),
        }
        return out

    def team_counts(self, team: int) -> dict[str, np.ndarray]:
        """The by-position counts of one team (``TEAM_STATS``)."""
        return {k: v[team].copy() for k, v in self.by_team.items()}

    def to_text(self, label0: str = "team 0", label1: str = "team 1") -> str:
        lines = [f"deals: {self.deals:,}"]
        lines.append("points per deal (mean ± standard error):")
        w = max(24, len(label0) + 1, len(label1) + 1)
        lines.append(f"  {label0:<{w}} {self.points(0):.4f}")
        lines.append(f"  {label1:<{w}} {self.points(1):.4f}")
        lines.append(f"  {'difference (0 - 1)':<{w}} {self.difference():.4f}")
        lines.append(f"  {'dealing side minus other':<{w}} {self.dealer_edge():.4f}")
        lines.append("rates (± standard error):")
        names = {
            "made": "makers make it (of played)",
            "euchred": "makers euchred",
            "march": "march (all five tricks)",
            "alone": "maker alone",
            "alone_march": "lone march (of loners)",
            "defender_alone": "lone defender",
            "round1": "trump made in round 1",
            "round2": "trump made in round 2",
            "stuck": "dealer stuck",
            "thrown_in": "thrown in",
        }
        for k, label in names.items():
            e = self.rate(k)
            if e.n:
                lines.append(f"  {label:<28} {100 * e.mean:7.3f} % ± {100 * e.se:.3f}")
        lines.append(f"  {'mean tricks of the makers':<28} {self.mean_maker_tricks():7.3f}")
        return "\n".join(lines)


def _est(e: Estimate) -> dict:
    return {"mean": e.mean, "se": e.se, "n": e.n}


@dataclass
class GameSummary:
    """Running totals over per-game records."""

    games: int = 0
    wins0: int = 0
    deals: int = 0
    deals_sq: float = 0.0

    def add(self, grecs: np.ndarray) -> None:
        self.games += len(grecs)
        self.wins0 += int((grecs[:, L.GR_WINNER] == 0).sum())
        d = grecs[:, L.GR_DEALS].astype(np.float64)
        self.deals += int(d.sum())
        self.deals_sq += float((d * d).sum())

    def merge(self, other: GameSummary) -> GameSummary:
        """Add another summary's totals (exact: counts and sums of integers)."""
        self.games += other.games
        self.wins0 += other.wins0
        self.deals += other.deals
        self.deals_sq += other.deals_sq
        return self

    def to_dict(self) -> dict:
        lo, hi = wilson_interval(self.wins0, self.games)
        return {
            "games": self.games,
            "team0_wins": self.wins0,
            "team0_win_rate": self.wins0 / max(self.games, 1),
            "team0_win_rate_wilson95": [lo, hi],
            "deals_per_game": _est(mean_estimate(self.deals, self.deals_sq, self.games)),
        }

    def to_text(self, label0: str = "team 0", label1: str = "team 1") -> str:
        lo, hi = wilson_interval(self.wins0, self.games)
        p = self.wins0 / max(self.games, 1)
        dpg = mean_estimate(self.deals, self.deals_sq, self.games)
        return "\n".join([
            f"games: {self.games:,}",
            f"  {label0} wins {100 * p:.2f} % "
            f"(95 % Wilson interval {100 * lo:.2f} - {100 * hi:.2f})",
            f"  {label1} wins {100 * (1 - p):.2f} %",
            f"  deals per game {dpg:.3f}",
        ])


def decision_table(counts: dict[str, np.ndarray]) -> str:
    """Per-seat decisions and outcomes of one side as text: how often the side orders up,
    calls, calls next, is stuck (per deal in that seat) and how its hands turn out (per hand
    made from that seat)."""
    seated = np.maximum(counts["seated"], 1)
    made = np.maximum(counts["made_trump"], 1)
    loners = np.maximum(counts["alone"], 1)
    head = (f"    {'seat':<8} {'orders':>7} {'calls':>7} {'next':>7} {'stuck':>7} "
            f"{'makes':>7} {'euchred':>8} {'march':>7} {'alone':>7} {'lone 5':>7}")
    lines = [head]
    for p, name in enumerate(SEAT_NAMES):
        def pct(key, base, p=p):
            return f"{100 * counts[key][p] / base[p]:6.2f}%"
        lines.append(
            f"    {name:<8} {pct('orders', seated)} {pct('calls', seated)} "
            f"{pct('calls_next', seated)} {pct('stuck', seated)} {pct('made', made)} "
            f"{pct('euchred', made):>8} {pct('march', made)} {pct('alone', made)} "
            f"{pct('alone_march', loners)}")
    return "\n".join(lines)
