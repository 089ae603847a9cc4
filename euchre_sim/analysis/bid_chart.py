"""The bid chart of an auction table (Bid Euchre): the best opening bid by hand strength.

The same random deals are played once per forced opening of the eldest (the dealer's left,
the first bidder): pass, then each bid from the table's lowest to the hand size (the basic
kind's ``force`` parameter); every other decision, his own trump, shoot and play included,
is the strategy's (basic everywhere). Each deal is filed under the eldest's hand class: the
basic kind's own estimate in tricks for its best trump (``core.table.auction.best_trump``, read
through ``basic_estimates``). The value of an opening in a class is the mean, over the deals of
that class, of the eldest's team's points minus the other team's; the differences between
openings are paired (the same deals). Basic's own opening is a function of the class (it opens
``min(estimate, cap)`` when the estimate reaches ``bid``, else passes), so its value is the
forced column of that opening: the chart says what it gives up against the best one.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..core.table import layout as TL
from ..core.table.auction import basic_estimates
from ..engine.table_simulate import TableMatchup, iter_table_deals
from ..game.table_spec import TableError, TableSpec
from ..strategies.table import TableStrategy, sides_of, table_strategy

FEW = "too few deals"  # the verdict of a class with fewer deals than ``min_deals``
TOSS_UP_SE = 2.0  # a margin within this many standard errors of zero is a toss-up


def levels_of(table: TableSpec) -> tuple[int, ...]:
    """The eldest's openings: 0 (pass), then each bid from the lowest to the hand size."""
    return (0, *range(table.min_bid, table.hand + 1))


def level_name(level: int) -> str:
    """``pass`` or ``bid K`` (a label); :func:`level_key` is its column suffix."""
    return "pass" if level == 0 else f"bid {level}"


def level_key(level: int) -> str:
    return "pass" if level == 0 else f"bid{level}"


def basic_opening(table: TableSpec, strategy: TableStrategy, estimate: int) -> int:
    """What the basic kind opens with ``estimate`` as the eldest (0: pass): its estimate
    capped at ``cap`` when the estimate reaches ``bid`` and the capped bid is a legal one."""
    want = min(estimate, strategy.value("cap", table))
    if estimate >= strategy.value("bid", table) and want >= table.min_bid:
        return min(want, table.hand)
    return 0


def eldest_estimates(table: TableSpec, hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(best trump, estimate in tricks)`` of the basic kind for each hand (the kernel's own
    ``best_trump``)."""
    spec, eff, power, suit_mask = table.arrays()
    return basic_estimates(spec, eff, power, suit_mask, np.ascontiguousarray(hands, np.int64))


def _check(table: TableSpec, strategy: str | TableStrategy) -> TableStrategy:
    if table.bidding != TL.BID_AUCTION:
        raise TableError(f"the bid chart needs an auction table (Bid Euchre: bid-euchre, "
                         f"bid-euchre-six, bid-euchre-eight); {table.name} has no auction")
    st = table_strategy(strategy)
    if st.kind != "basic":
        raise TableError(f"the bid chart forces the basic kind's opening: give a basic "
                         f"strategy, not {st.name!r}")
    if "force" in st.params:
        raise TableError("the bid chart sets force itself: leave it out of the strategy")
    if sides_of(table) != 2:
        raise TableError(f"the bid chart needs two teams; {table.name} has {sides_of(table)}")
    return st


@dataclass
class BidChart:
    """Per class of the eldest's estimate: deals, the value of each forced opening with its
    standard error, the best opening, its paired margin over the runner-up, basic's own
    opening and what it gives up against the best (``table``); ``overall``: the same for all
    deals together (one fixed opening for every hand)."""

    table: pd.DataFrame
    overall: dict
    spec: TableSpec
    strategy: TableStrategy
    deals: int
    seed: int
    levels: tuple[int, ...]

    def text(self) -> str:
        cols = ["estimate", "deals", "basic_opens",
                *[f"value_{level_key(k)}" for k in self.levels], "best", "margin",
                "margin_se", "basic_gap", "basic_gap_se"]
        body = self.table[cols].to_string(index=False, float_format=lambda v: f"{v:+.3f}")
        o = self.overall
        return (f"Bid chart at {self.spec.name}: {self.deals:,} deals per opening, seed "
                f"{self.seed}; the eldest's opening forced, {self.strategy.name} everywhere "
                f"else. Value: the eldest's team's points minus the other team's, per deal; "
                f"class: basic's estimate (tricks) for his best trump.\n{body}\n"
                f"one opening for every hand: best {o['best']} ({o['value']:+.3f}); basic's "
                f"own openings {o['basic_value']:+.3f}; by class {o['chart_value']:+.3f}")

    def headline(self) -> str:
        """The best opening by class, one line."""
        parts = [f"{r.estimate}: {r.best}" for r in self.table.itertuples() if r.best != FEW]
        return "best opening by estimate: " + ", ".join(parts)


def bid_chart(table: TableSpec, strategy: str | TableStrategy = "basic", deals: int = 200_000,
              seed: int = 1, threads: int | None = None, min_deals: int = 200,
              bar=None) -> BidChart:
    """Play ``deals`` deals once per forced opening of the eldest (:func:`levels_of`) and file
    them by his hand class; ``bar`` (``update(n)``) counts the deals played."""
    st = _check(table, strategy)
    levels = levels_of(table)
    n_seats = table.seats
    other = np.array([next(o for o in range(n_seats) if table.team_of(o) != table.team_of(s))
                      for s in range(n_seats)], np.int64)
    values = np.zeros((len(levels), deals))
    hands = None
    for li, level in enumerate(levels):
        forced = TableStrategy("basic", {**st.params, "force": level})
        matchup = TableMatchup(table, forced, forced)
        done = 0
        got = np.zeros(deals, np.int64)
        for chunk in iter_table_deals(matchup, deals, seed, threads=threads):
            n = len(chunk)
            eldest = (chunk[:, TL.TF_DEALER] + 1) % n_seats
            rows = np.arange(n)
            mine = chunk[rows, TL.TF_POINTS + eldest]
            theirs = chunk[rows, TL.TF_POINTS + other[eldest]]
            values[li, done:done + n] = mine - theirs
            got[done:done + n] = chunk[rows, TL.TF_HAND + eldest]
            done += n
            if bar is not None:
                bar.update(n)
        if hands is None:
            hands = got
        elif not np.array_equal(hands, got):  # the same seed must deal the same cards
            raise AssertionError("forced openings were played on different deals")
    _, est = eldest_estimates(table, hands)
    own = [levels.index(basic_opening(table, st, e)) for e in range(table.hand + 1)]
    everyone = np.arange(deals)
    basic_values = values[np.array(own)[est], everyone]
    rows = []
    for e in range(table.hand + 1):
        sel = est == e
        if sel.any():
            rows.append({"estimate": str(e), "basic_opens": level_name(levels[own[e]]),
                         **_verdict(values[:, sel], basic_values[sel], levels, min_deals)})
    frame = pd.DataFrame(rows)
    chosen = list(own)  # the chart's opening by class (basic's where a class has few deals)
    for r in frame.itertuples():
        if r.best != FEW:
            chosen[int(r.estimate)] = [level_name(k) for k in levels].index(r.best)
    means = values.mean(axis=1)
    best = int(np.argmax(means))
    overall = {"best": level_name(levels[best]), "value": float(means[best]),
               "values": {level_name(k): float(m) for k, m in zip(levels, means, strict=True)},
               "basic_value": float(basic_values.mean()),
               # in sample: the classes' best openings chosen on these same deals
               "chart_value": float(values[np.array(chosen)[est], everyone].mean())}
    total = {"estimate": "all", "basic_opens": "basic",
             **_verdict(values, basic_values, levels, min_deals)}
    frame = pd.concat([frame, pd.DataFrame([total])], ignore_index=True)
    return BidChart(frame, overall, table, st, deals, seed, levels)


def _level_of(name: str, levels: tuple[int, ...]) -> int:
    return next(k for k in levels if level_name(k) == name)


def _se(x: np.ndarray) -> float:
    return float(x.std(ddof=1) / np.sqrt(len(x))) if len(x) > 1 else float("nan")


def _verdict(values: np.ndarray, basic: np.ndarray, levels: tuple[int, ...],
             min_deals: int) -> dict:
    """One class: ``values`` (level x deal). Each opening's mean and se; the best, the
    runner-up and the paired margin; basic's gap to the best (paired)."""
    n = values.shape[1]
    out: dict = {"deals": n}
    for li, k in enumerate(levels):
        out[f"value_{level_key(k)}"] = float(values[li].mean())
        out[f"se_{level_key(k)}"] = _se(values[li])
    order = np.argsort(-values.mean(axis=1), kind="stable")
    first, second = int(order[0]), int(order[1])
    d = values[first] - values[second]
    gap = values[first] - basic
    margin_se = _se(d)
    out.update({"best": level_name(levels[first]) if n >= min_deals else FEW,
                "runner_up": level_name(levels[second]), "margin": float(d.mean()),
                "margin_se": margin_se,
                "toss_up": bool(n < 2 or d.mean() <= TOSS_UP_SE * margin_se),
                "basic_gap": float(gap.mean()), "basic_gap_se": _se(gap)})
    return out


__all__ = ["FEW", "BidChart", "basic_opening", "bid_chart", "eldest_estimates", "level_key",
           "level_name", "levels_of"]
