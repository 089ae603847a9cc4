"""The hand-class charts of round 1 (``OrderChart.table``): the best action by class and seat,
and what going alone gains; and the bid chart of an auction table (``BidChart.table``)."""

from __future__ import annotations

from pathlib import Path

import matplotlib
import pandas as pd
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from ..analysis.order_chart import FEW
from .common import add_caption, save_figure

ACTION_COLOURS = {"pass": "#d9d9d9", "order up": "#8fd18f", "alone": "#f2c14e"}
CLASS_SEATS = ("eldest", "partner", "third", "dealer")


def _class_grid(axes, df, min_trumps: int, draw_cell) -> None:
    """One panel per seat: rows (trumps, bowers) with at least ``min_trumps`` trumps, columns
    off-suit aces; ``draw_cell(ax, row, column, table_row)`` fills each class present."""
    order = ["none", "left", "right", "both"]
    row_keys = sorted({(int(t), b) for t, b in zip(df.trumps, df.bowers, strict=True)
                       if t >= min_trumps}, key=lambda k: (k[0], order.index(k[1])))
    ace_cols = sorted(int(a) for a in df.aces.unique())
    for ax, seat in zip(axes, CLASS_SEATS, strict=True):
        sub = df[df.seat == seat]
        for i, (t, b) in enumerate(row_keys):
            for j, a in enumerate(ace_cols):
                found = sub[(sub.trumps == t) & (sub.bowers == b) & (sub.aces == a)]
                if not found.empty:
                    draw_cell(ax, i, j, found.iloc[0])
        ax.set_xlim(-0.5, len(ace_cols) - 0.5)
        ax.set_ylim(-0.5, len(row_keys) - 0.5)
        ax.set_xticks(range(len(ace_cols)), [str(a) for a in ace_cols])
        ax.set_xlabel("off-suit aces")
        ax.set_title(seat)
    axes[0].set_yticks(range(len(row_keys)), [f"{t} trumps, {b}" for t, b in row_keys])
    axes[0].set_ylabel("trumps (left bower included), bowers held")


FEW_COLOUR = "#ffffff"


def _few_deals(ax, i, j, r) -> bool:
    """Draw a class with too few deals for a verdict (shown, never dropped); True if so."""
    if r.best != FEW:
        return False
    ax.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, facecolor=FEW_COLOUR,
                           edgecolor="#999999", hatch="..", linewidth=0.5))
    ax.text(j, i, f"n={int(r.deals)}\ntoo few", ha="center", va="center", fontsize=6,
            color="#666666")
    return True


def _toss_up(ax, i, j) -> None:
    """Hatch a cell whose verdict is within two standard errors: a toss-up."""
    ax.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, hatch="///",
                           edgecolor="#777777", linewidth=0))


def order_up_figure(table: pd.DataFrame, strategy: str, caption: str = "") -> Figure:
    """A basic-strategy chart (``OrderChart.table``, a run's ``order_up`` table): per seat,
    rows of (trumps, bowers), columns of off-suit aces; each cell coloured by the best
    round-1 action, with its margin over the next best. A margin within two standard errors
    is a toss-up (hatched, "~"); a class with too few deals is shown as such."""
    fig = Figure(figsize=(16, 8))
    axes = fig.subplots(1, 4, sharey=True)

    def cell(ax, i, j, r):
        if _few_deals(ax, i, j, r):
            return
        ax.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, color=ACTION_COLOURS[r.best]))
        label = {"pass": "P", "order up": "O", "alone": "A"}[r.best]
        if r.toss_up:
            _toss_up(ax, i, j)
            label = "~" + label
        ax.text(j, i, f"{label} {r.margin:+.2f}", ha="center", va="center", fontsize=7)

    _class_grid(axes, table, 0, cell)
    handles = [Rectangle((0, 0), 1, 1, color=c) for c in ACTION_COLOURS.values()]
    handles.append(Rectangle((0, 0), 1, 1, fill=False, hatch="///", edgecolor="#777777"))
    fig.legend(handles, ["P: pass", "O: order up", "A: order up alone",
                         "~: toss-up (margin within 2 SE)"], loc="lower right", ncol=4,
               frameon=False)
    fig.suptitle(f"Round 1: best action by hand class and seat ({strategy} at "
                 "the table)\nmargin = points per deal over the next best action; the "
                 "dealer's class is his hand before he takes up the card")
    return add_caption(fig, caption, (0, 0.04, 1, 0.93))


def order_up_chart(chart, caption: str, out_stem: Path) -> list[Path]:
    """:func:`order_up_figure` of an order chart, written as PNG and SVG."""
    return save_figure(order_up_figure(chart.table, chart.strategy.label, caption), out_stem,
                       dpi=110)


def go_alone_figure(table: pd.DataFrame, strategy: str, caption: str = "") -> Figure:
    """Per seat and hand class (``OrderChart.table``, a run's ``go_alone`` table): points per
    deal gained by ordering up alone rather than with the partner (cell colour), and how
    often the lone hand marches (cell text). A gain within two standard errors of zero is a
    toss-up (hatched, "~")."""
    fig = Figure(figsize=(16, 8))
    axes = fig.subplots(1, 4, sharey=True)
    norm = matplotlib.colors.TwoSlopeNorm(vmin=-2.0, vcenter=0.0, vmax=2.0)
    cmap = matplotlib.colormaps["RdYlGn"]

    def cell(ax, i, j, r):
        if _few_deals(ax, i, j, r):
            return
        ax.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, color=cmap(norm(r.alone_gain))))
        mark = ""
        if r.alone_toss_up:
            _toss_up(ax, i, j)
            mark = "~"
        ax.text(j, i, f"{mark}{r.alone_gain:+.2f}\n{100 * r.alone_march_rate:.0f}% march",
                ha="center", va="center", fontsize=6.5)

    _class_grid(axes, table, 2, cell)
    fig.colorbar(matplotlib.cm.ScalarMappable(norm=norm, cmap=cmap), ax=axes, shrink=0.8,
                 label="points per deal: ordering up alone minus with the partner")
    fig.suptitle(f"Going alone in round 1, by hand class and seat ({strategy} at "
                 "the table)\ncell: gain of going alone over playing with the partner, and "
                 "how often the lone hand takes all five tricks; ~ hatched: within 2 SE of "
                 "zero; dotted: too few deals")
    return add_caption(fig, caption)


def go_alone_chart(chart, caption: str, out_stem: Path) -> list[Path]:
    """:func:`go_alone_figure` of an order chart, written as PNG and SVG."""
    return save_figure(go_alone_figure(chart.table, chart.strategy.label, caption), out_stem,
                       dpi=110)


def bid_chart_figure(table: pd.DataFrame, table_name: str, strategy: str,
                     caption: str = "") -> Figure:
    """The bid chart of an auction table (``BidChart.table``, a run's ``bid_chart`` table):
    for each class of the eldest's hand (basic's estimate in tricks for its best trump), the
    value of each forced opening (pass, bid k) with 95 % intervals; the best opening of each
    class is starred, basic's own opening ringed. Classes with too few deals are greyed."""
    from ..analysis.bid_chart import FEW

    df = table[table["estimate"] != "all"].reset_index(drop=True)
    keys = [c[len("value_"):] for c in df.columns if c.startswith("value_")]
    names = {k: "pass" if k == "pass" else f"bid {k[3:]}" for k in keys}
    fig = Figure(figsize=(11, 6.5))
    ax = fig.subplots()
    x = range(len(df))
    colours = matplotlib.colormaps["viridis"]
    for i, k in enumerate(keys):
        colour = "#888888" if k == "pass" else colours(i / max(1, len(keys) - 1))
        ax.errorbar(list(x), df[f"value_{k}"], yerr=1.96 * df[f"se_{k}"].fillna(0),
                    color=colour, marker="o", markersize=4, capsize=3, linewidth=1.2,
                    label=names[k])
        for j, r in df.iterrows():
            if r["best"] == names[k]:
                ax.plot(j, r[f"value_{k}"], marker="*", markersize=16, color=colour,
                        markeredgecolor="black", zorder=5)
            if r["basic_opens"] == names[k]:
                ax.plot(j, r[f"value_{k}"], marker="o", markersize=13, fillstyle="none",
                        color="black", zorder=4)
    labels = []
    for j, r in df.iterrows():
        verdict = "few deals" if r["best"] == FEW else (
            f"{'~' if r['toss_up'] else ''}{r['best']} {r['margin']:+.2f}")
        labels.append(f"{r['estimate']}\n{int(r['deals']):,} deals\n{verdict}")
        if r["best"] == FEW:
            ax.axvspan(j - 0.5, j + 0.5, color="#eeeeee", zorder=0)
    ax.set_xticks(list(x), labels, fontsize=8)
    ax.axhline(0, color="#444444", linewidth=0.6)
    ax.set_xlabel("the eldest's estimate (tricks, basic's reading of his best trump)")
    ax.set_ylabel("points per deal: the eldest's team minus the other team")
    ax.grid(axis="y", alpha=0.3)
    ax.plot([], [], marker="*", markersize=12, color="white", markeredgecolor="black",
            linestyle="none", label="best opening")
    ax.plot([], [], marker="o", markersize=10, fillstyle="none", color="black",
            linestyle="none", label=f"{strategy}'s own opening")
    ax.legend(loc="upper left", fontsize=8, frameon=False)
    fig.suptitle(f"{table_name}: the best opening bid of the eldest by hand strength "
                 f"({strategy} everywhere else)\nunder each class: its best opening and "
                 "the paired margin over the next best (~: within 2 SE)")
    return add_caption(fig, caption, (0, 0.04, 1, 0.95))


def bid_chart_chart(chart, caption: str, out_stem: Path) -> list[Path]:
    """:func:`bid_chart_figure` of a bid chart, written as PNG and SVG."""
    return save_figure(bid_chart_figure(chart.table, chart.spec.name, chart.strategy.name,
                                        caption), out_stem, dpi=110)
