"""Charts of deals: the makers by seat, the value of the deal, stick the dealer."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from ..analysis.deal_value import deal_value_table, format_interval
from ..analysis.stats import Estimate, z_value
from ..analysis.summary import DealSummary
from .common import add_caption, as_estimate, save_figure

POSITIONS = ("eldest", "dealer's partner", "third seat", "dealer")


def maker_position_figure(by_position: Mapping, caption: str = "") -> Figure:
    """Make and march rates of the makers by seat relative to the dealer, 95 % error bars.
    ``by_position``: hands ``played``, ``made`` and ``march`` by the maker's seat
    (``DealSummary.by_position``, or ``by_maker_position`` of a run's summary.json)."""
    bp = {k: np.asarray(v) for k, v in by_position.items()}
    n = np.maximum(bp["played"], 1)
    z = z_value(0.95)
    fig = Figure(figsize=(7.5, 4.5))
    ax = fig.subplots()
    x = np.arange(4)
    width = 0.38
    for off, key, label in ((-width / 2, "made", "makers make it"), (width / 2, "march", "march")):
        p = bp[key] / n
        err = z * np.sqrt(p * (1 - p) / n)
        ax.bar(x + off, 100 * p, width, yerr=100 * err, capsize=4, label=label)
    ax.set_xticks(x, [f"{name}\n({bp['played'][i]:,} hands)" for i, name in enumerate(POSITIONS)])
    ax.set_ylabel("rate of hands made from this seat (%)")
    ax.set_xlabel("maker's seat relative to the dealer")
    ax.set_title("How often the makers succeed, by the maker's seat")
    ax.set_ylim(0, 118)
    ax.set_yticks(range(0, 101, 20))
    ax.legend(loc="upper center", ncol=2, frameon=False)
    return add_caption(fig, caption, (0, 0.05, 1, 1))


def maker_position_chart(summary: DealSummary, caption: str, out_stem: Path) -> list[Path]:
    """:func:`maker_position_figure` of a summary, written as PNG and SVG."""
    return save_figure(maker_position_figure(summary.by_position, caption), out_stem, dpi=120)


DEALING, OTHER, NEITHER, CHANGE = "#e39b5b", "#7aa6c2", "#bdbdbd", "#8c6bb1"
WAY_LABELS = {("round 1", "eldest"): "round 1: eldest orders up",
              ("round 1", "partner"): "round 1: partner orders up",
              ("round 1", "third"): "round 1: third orders up",
              ("round 1", "dealer"): "round 1: dealer picks it up",
              ("round 2", "eldest"): "round 2: eldest calls", ("round 2", "partner"):
              "round 2: partner calls", ("round 2", "third"): "round 2: third calls",
              ("round 2", "dealer"): "round 2: dealer calls",
              ("stuck", "dealer"): "dealer stuck (all passed twice)",
              ("thrown in", ""): "thrown in (all passed twice)"}


def _hbars(ax, labels, means, lows, highs, colours, texts=None) -> None:
    """Horizontal bars, top to bottom, with 95 % interval whiskers (NaN: no bar) and, given
    ``texts``, a note above each bar at the right of the panel."""
    y = np.arange(len(labels))[::-1]
    means = np.asarray(means, float)
    err = [np.nan_to_num(means - np.asarray(lows, float)),
           np.nan_to_num(np.asarray(highs, float) - means)]
    ax.barh(y, np.nan_to_num(means), height=0.55, xerr=err, capsize=3, color=colours)
    ax.set_yticks(y, labels)
    ax.axvline(0, color="black", lw=0.8)
    ax.set_ylim(-0.6, len(labels) - 0.2)
    for yy, text in zip(y, texts or [], strict=False):
        ax.text(0.99, yy + 0.3, text, transform=ax.get_yaxis_transform(), ha="right",
                va="bottom", fontsize=7, color="#333333")


def deal_players(a: str, b: str, same: bool | None = None) -> str:
    """Who played, in the words of the deal-value chart: ``A playing itself`` (``same``:
    the two sides are one strategy; by default when the labels agree) or ``A (seats 0, 2)
    against B``."""
    same = a == b if same is None else same
    return f"{a} playing itself" if same else f"{a} (seats 0, 2) against {b}"


def deal_value_figure(table: pd.DataFrame, edge: Estimate | Mapping, strategy: str,
                      caption: str = "") -> Figure:
    """The value of the deal and where it comes from (``deal_value_table``, a run's
    ``deal_value`` table; ``edge``: the value of the deal, ``DealSummary.dealer_edge()`` or
    summary.json's ``dealing_side_minus_other``; ``strategy``: who played, in words): for
    each way trump is made (round 1 or 2 by the maker's seat, the dealer stuck, thrown in)
    the dealing side's points minus the other side's per such deal and its share of the
    deals, and its contribution to the value of the deal, with 95 % intervals; the
    contributions add up to the value (top bar)."""
    df = table
    edge = as_estimate(edge)
    lo, hi = edge.interval(0.95)
    labels = [WAY_LABELS[(r.how, r.maker)] for r in df.itertuples()]
    colours = [{"dealing": DEALING, "other": OTHER}.get(s, NEITHER) for s in df.maker_side]
    fig = Figure(figsize=(13, 6.5))
    ax1, ax2 = fig.subplots(1, 2)
    notes = [f"{r.points:+.3f} ({r.points_ci95_low:+.3f} .. {r.points_ci95_high:+.3f}); "
             f"{100 * r.share:.2f} % of deals" if r.deals else "no deals"
             for r in df.itertuples()]
    _hbars(ax1, labels, df.points, df.points_ci95_low, df.points_ci95_high, colours, notes)
    ax1.set_xlim(-2.2, 2.2)
    ax1.set_xlabel("points per deal to the dealing side (minus the other side's)")
    ax1.set_title("What each way of making trump is worth to the dealing side", fontsize=10)
    notes2 = [f"{m:+.4f} ({a:+.4f} .. {b:+.4f})" for m, a, b in zip(
        [edge.mean, *df.contribution], [lo, *df.contribution_ci95_low],
        [hi, *df.contribution_ci95_high], strict=True)]
    _hbars(ax2, ["all deals: the value of the deal", *labels], [edge.mean, *df.contribution],
           [lo, *df.contribution_ci95_low], [hi, *df.contribution_ci95_high],
           ["#555555", *colours], notes2)
    ax2.set_xlim(min(-0.15, float(np.nanmin(df.contribution_ci95_low)) * 1.2), 1.1 * hi + 0.25)
    ax2.set_xlabel("contribution to the value of the deal (share x worth)")
    ax2.set_title(f"The deal is worth {edge.mean:+.4f} ({lo:+.4f} .. {hi:+.4f}) points",
                  fontsize=10)
    handles = [Rectangle((0, 0), 1, 1, color=c) for c in (DEALING, OTHER, NEITHER)]
    fig.legend(handles, ["trump made by the dealing side", "made by the other side",
                         "thrown in (no points)"], loc="lower right", ncol=3, frameon=False,
               fontsize=8)
    fig.suptitle(f"The value of the deal, by how trump was made ({strategy}); "
                 "95 % intervals")
    return add_caption(fig, caption, (0, 0.05, 1, 0.96))


def deal_value_chart(summary: DealSummary, strategy: str, caption: str,
                     out_stem: Path) -> list[Path]:
    """:func:`deal_value_figure` of a summary, written as PNG and SVG."""
    fig = deal_value_figure(deal_value_table(summary), summary.dealer_edge(), strategy, caption)
    return save_figure(fig, out_stem, dpi=110)


def stick_the_dealer_figure(stick: Mapping, caption: str = "") -> Figure:
    """What stick-the-dealer changes, on the same deals played under both rules
    (``RulesComparison.to_dict()``, a run's stick.json): how often the dealer is stuck and
    how often a hand would be thrown in, what those deals are worth to the dealer's side, and
    how the value of the deal moves (paired), with 95 % intervals."""
    e = {k: as_estimate(v) for k, v in stick.items() if isinstance(v, Mapping)}  # by key
    panels = [
        ("How often", "% of deals", 100, [
            ("dealer stuck\n(stick the dealer)", e["stuck_rate_a"], DEALING),
            ("thrown in\n(no stick)", e["thrown_in_rate_b"], NEITHER),
            ("result differs\nbetween the rules", e["changed_rate"], CHANGE)]),
        ("What those deals are worth to the dealing side",
         "dealing side's points minus the other's, per such deal", 1, [
             ("every stuck deal", e["stuck_points_a"], DEALING),
             ("stuck where he would\nhave passed (forced)", e["changed_points_a"], CHANGE),
             ("the same deals\nthrown in", e["changed_points_b"], NEITHER)]),
        ("The value of the deal", "dealing side's points minus the other's, per deal", 1, [
            ("stick the dealer", e["dealer_edge_a"], DEALING),
            ("thrown in", e["dealer_edge_b"], NEITHER),
            ("stick minus thrown in\n(paired by deal)", e["dealer_edge_a_minus_b"], CHANGE)]),
    ]
    fig = Figure(figsize=(15, 4.8))
    axes = fig.subplots(1, 3)
    for ax, (title, xlabel, scale, bars) in zip(axes, panels, strict=True):
        est = [x for _, x, _ in bars]
        bounds = [x.interval(0.95) if x.n else (np.nan, np.nan) for x in est]
        means = [scale * x.mean for x in est]
        lows, highs = [scale * b[0] for b in bounds], [scale * b[1] for b in bounds]
        notes = [format_interval(m, a, b, signed=scale == 1)
                 + (f"; {x.n:,} deals" if scale == 1 and i < len(est) - 1 else "")
                 for i, (m, a, b, x) in enumerate(zip(means, lows, highs, est, strict=True))]
        _hbars(ax, [b[0] for b in bars], means, lows, highs, [b[2] for b in bars], notes)
        span = np.nanmax(np.abs([*lows, *highs, 1e-3]))
        ax.set_xlim(0 if scale != 1 else -1.15 * span, 1.15 * span)
        ax.set_xlabel(xlabel)
        ax.set_title(title, fontsize=10)
    fig.suptitle(f"Stick the dealer or throw the hand in: {stick['strategy']} playing itself "
                 f"on the same {stick['deals']:,} deals under both rules; 95 % intervals")
    return add_caption(fig, caption, (0, 0.05, 1, 0.95))


def stick_the_dealer_chart(comparison, caption: str, out_stem: Path) -> list[Path]:
    """:func:`stick_the_dealer_figure` of a rules comparison, written as PNG and SVG."""
    return save_figure(stick_the_dealer_figure(comparison.to_dict(), caption), out_stem,
                       dpi=110)
