"""The value of the deal: the dealing side's points per deal broken down by how trump was made
(round 1, round 2, the dealer stuck, thrown in; by the maker's seat), and what a rule such as
stick-the-dealer changes, measured on the same deals played under both rules (paired).

The breakdown reads the totals a :class:`~euchre_sim.analysis.summary.DealSummary` keeps
(``by_how``); the rule comparison plays each deal twice, once under each rule, from the same
seed: the cards are the same, so the difference of the dealing side's points is paired deal by
deal and nonzero only on the deals the rule changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np
import pandas as pd

from ..core.common import layout as L
from ..engine.simulate import Matchup, iter_deal_chunks
from ..game.rules import Rules
from ..strategies import Strategy, get_strategy
from .stats import Estimate, mean_estimate, proportion, z_value
from .summary import SEAT_NAMES, DealSummary

# (how, kind index, maker positions) in the order the table lists them
WAYS = (("round 1", L.HOW_ROUND1, (0, 1, 2, 3)), ("round 2", L.HOW_ROUND2, (0, 1, 2, 3)),
        ("stuck", L.HOW_STUCK, (L.POSITION_DEALER,)),
        ("thrown in", L.HOW_THROWN_IN, (L.POSITION_DEALER,)))


def _ci(e: Estimate) -> tuple[float, float]:
    return e.interval(0.95) if e.n else (np.nan, np.nan)


def format_interval(mean: float, low: float, high: float, signed: bool = True) -> str:
    """``mean (low .. high)`` with at least four decimals, and more when the interval is so
    narrow that four would hide it (up to seven)."""
    width = high - low
    digits = 4 if not width > 0 else int(min(7, max(4, np.ceil(-np.log10(width)) + 1)))
    f = f"{'+' if signed else ''}.{digits}f"
    return f"{mean:{f}} ({low:{f}} .. {high:{f}})"


def deal_value_table(summary: DealSummary) -> pd.DataFrame:
    """One row per way trump was made (round 1 / round 2 by the maker's seat, the dealer
    stuck, thrown in): its deals and share of all deals, the dealing side's points minus the
    other side's per such deal (``points``, with its standard error and 95 % interval), and
    its contribution to the value of the deal (``share`` x ``points``; the contributions add
    up to :meth:`DealSummary.dealer_edge`). Ways with no deals are listed, with NaN points."""
    h = summary.by_how
    n = summary.deals
    rows = []
    for how, kind, positions in WAYS:
        for pos in positions:
            count = int(h[L.BH_DEALS][kind, pos])
            total, sq = float(h[L.BH_POINTS][kind, pos]), float(h[L.BH_POINTS_SQ][kind, pos])
            cond = mean_estimate(total, sq, count)
            contrib = mean_estimate(total, sq, n)
            share = proportion(count, n)
            seat = "" if kind == L.HOW_THROWN_IN else SEAT_NAMES[pos]
            side = ("none" if kind == L.HOW_THROWN_IN
                    else "dealing" if pos in (1, 3) else "other")
            rows.append({
                "how": how, "maker": seat, "maker_side": side, "deals": count,
                "share": share.mean, "share_se": share.se,
                "points": cond.mean, "points_se": cond.se,
                "points_ci95_low": _ci(cond)[0], "points_ci95_high": _ci(cond)[1],
                "contribution": contrib.mean, "contribution_se": contrib.se,
                "contribution_ci95_low": _ci(contrib)[0],
                "contribution_ci95_high": _ci(contrib)[1],
            })
    return pd.DataFrame(rows)


@dataclass
class RulesComparison:
    """The same deals played by one strategy under two rulesets (``a`` and ``b``)."""

    strategy: Strategy
    label_a: str
    label_b: str
    summary_a: DealSummary = field(default_factory=DealSummary)
    summary_b: DealSummary = field(default_factory=DealSummary)
    # sums over deals: the dealing side's points minus the other's under a minus under b;
    # over the deals whose result differs: that value under a and under b
    sums: dict[str, float] = field(default_factory=lambda: dict.fromkeys(
        ("diff", "diffsq", "changed", "a", "asq", "b", "bsq"), 0.0))

    def add(self, recs_a: np.ndarray, recs_b: np.ndarray) -> None:
        """Add the records of the same deals under the two rulesets."""
        hands = slice(L.F_HAND0, L.F_HAND3 + 1)
        if not np.array_equal(recs_a[:, hands], recs_b[:, hands]) \
                or not np.array_equal(recs_a[:, L.F_UP], recs_b[:, L.F_UP]):
            raise ValueError("the two rulesets deal different cards: no paired comparison")
        self.summary_a.add(recs_a)
        self.summary_b.add(recs_b)
        da, db = dealing_side_points(recs_a), dealing_side_points(recs_b)
        d = da - db
        changed = (d != 0) | (recs_a[:, L.F_THROWN_IN] != recs_b[:, L.F_THROWN_IN])
        s = self.sums
        s["diff"] += float(d.sum())
        s["diffsq"] += float((d * d).sum())
        s["changed"] += float(changed.sum())
        s["a"] += float(da[changed].sum())
        s["asq"] += float((da[changed] ** 2).sum())
        s["b"] += float(db[changed].sum())
        s["bsq"] += float((db[changed] ** 2).sum())

    @property
    def deals(self) -> int:
        return self.summary_a.deals

    def edge_difference(self) -> Estimate:
        """The value of the deal (dealing side minus other) under ``a`` minus under ``b``,
        paired by deal."""
        return mean_estimate(self.sums["diff"], self.sums["diffsq"], self.deals)

    def changed(self) -> Estimate:
        """The share of deals whose result differs between the rulesets."""
        return proportion(int(self.sums["changed"]), self.deals)

    def changed_points(self, which: str) -> Estimate:
        """On the deals whose result differs: the dealing side's points minus the other's
        under ruleset ``which`` ("a" or "b")."""
        k = int(self.sums["changed"])
        return mean_estimate(self.sums[which], self.sums[which + "sq"], k)

    def stuck_points(self) -> Estimate:
        """Under ``a``: the dealing side's points minus the other's per deal the dealer was
        stuck (made trump after everyone else passed twice)."""
        h = self.summary_a.by_how
        at = (L.HOW_STUCK, L.POSITION_DEALER)
        return mean_estimate(float(h[L.BH_POINTS][at]), float(h[L.BH_POINTS_SQ][at]),
                             int(h[L.BH_DEALS][at]))

    def to_dict(self) -> dict:
        def est(e: Estimate) -> dict:
            return {"mean": e.mean, "se": e.se, "n": e.n, "ci95": list(_ci(e))}

        sa, sb = self.summary_a, self.summary_b
        return {
            "strategy": self.strategy.label, "a": self.label_a, "b": self.label_b,
            "deals": self.deals,
            "stuck_rate_a": est(sa.rate("stuck")), "thrown_in_rate_b": est(sb.rate("thrown_in")),
            "stuck_points_a": est(self.stuck_points()),
            "changed_rate": est(self.changed()),
            "changed_points_a": est(self.changed_points("a")),
            "changed_points_b": est(self.changed_points("b")),
            "dealer_edge_a": est(sa.dealer_edge()), "dealer_edge_b": est(sb.dealer_edge()),
            "dealer_edge_a_minus_b": est(self.edge_difference()),
            "total_points_a": est(sa.total_points()), "total_points_b": est(sb.total_points()),
        }

    def to_text(self) -> str:
        z = z_value(0.95)

        def line(label: str, e: Estimate, scale: float = 1.0) -> str:
            lo, hi = _ci(e)  # points signed, percentages not
            return f"  {label:<52} " + format_interval(scale * e.mean, scale * lo, scale * hi,
                                                       signed=scale == 1)

        sa, sb = self.summary_a, self.summary_b
        return "\n".join([
            f"{self.strategy.label} playing itself on the same {self.deals:,} deals under "
            f"{self.label_a} (a) and {self.label_b} (b); 95 % intervals (z = {z:.2f})",
            line("dealer stuck under a (% of deals)", sa.rate("stuck"), 100),
            line("thrown in under b (% of deals)", sb.rate("thrown_in"), 100),
            line("deals whose result differs (% of deals)", self.changed(), 100),
            line("stuck dealer's side, points per stuck deal (a)", self.stuck_points()),
            line("dealer's side on the deals that differ, under a", self.changed_points("a")),
            line("dealer's side on the deals that differ, under b", self.changed_points("b")),
            line("value of the deal under a (dealing minus other)", sa.dealer_edge()),
            line("value of the deal under b", sb.dealer_edge()),
            line("a minus b, paired by deal", self.edge_difference()),
            line("points per deal, both sides together, a", sa.total_points()),
            line("points per deal, both sides together, b", sb.total_points()),
        ])


def dealing_side_points(recs: np.ndarray) -> np.ndarray:
    """Per record row: the dealing side's points minus the other side's."""
    d = recs[:, L.F_POINTS0] - recs[:, L.F_POINTS1]
    return np.where((recs[:, L.F_DEALER] & 1) == 0, d, -d)


def compare_stick(rules: Rules, strategy: str | Strategy, deals: int, seed: int,
                  threads: int | None = None) -> RulesComparison:
    """``strategy`` playing itself on the same ``deals`` under ``rules`` with stick-the-dealer
    (a) and with hands thrown in when all pass twice (b)."""
    s = get_strategy(strategy)
    a = replace(rules, stick_the_dealer=True)
    b = replace(rules, stick_the_dealer=False)
    result = RulesComparison(s, "stick the dealer", "thrown in")
    matchup = Matchup(s, s)
    for ra, rb in zip(iter_deal_chunks(a, matchup, deals, seed, threads=threads),
                      iter_deal_chunks(b, matchup, deals, seed, threads=threads), strict=True):
        result.add(ra, rb)
    return result
