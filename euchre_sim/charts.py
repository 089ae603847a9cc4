"""matplotlib charts of simulation results (written as PNG and SVG)."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from .analysis.deal_value import deal_value_table, format_interval  # noqa: E402
from .analysis.order_chart import FEW  # noqa: E402
from .analysis.stats import z_value  # noqa: E402
from .analysis.summary import DealSummary  # noqa: E402

POSITIONS = ("eldest", "dealer's partner", "third seat", "dealer")


def _save(fig, out_stem: Path, dpi: int) -> list[Path]:
    """Write the figure as PNG and SVG next to each other and close it."""
    paths = []
    for ext in ("png", "svg"):
        path = out_stem.with_suffix("." + ext)
        fig.savefig(path, dpi=dpi)
        paths.append(path)
    plt.close(fig)
    return paths


def maker_position_chart(summary: DealSummary, caption: str, out_stem: Path) -> list[Path]:
    """Make and march rates of the makers by seat relative to the dealer, 95 % error bars."""
    bp = summary.by_position
    n = np.maximum(bp["played"], 1)
    z = z_value(0.95)
    fig, ax = plt.subplots(figsize=(7.5, 4.5))
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
    fig.text(0.01, 0.01, caption, fontsize=8, ha="left", va="bottom")
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    return _save(fig, out_stem, dpi=120)


def sweep_chart(result, caption: str, out_stem: Path) -> list[Path]:
    """One parameter: the curve of points per deal against the field (with games: the share
    of games won) with 95 % error bars. Two parameters: a heat map of it (the best point
    marked)."""
    df = result.table()
    y, lo, hi = ("win_rate", "win_ci95_low", "win_ci95_high") if result.games else (
        "mean", "ci95_low", "ci95_high")
    label = (f"share of games won against {result.field.label}" if result.games
             else f"points per deal minus {result.field.label}")
    fig, ax = plt.subplots(figsize=(7.5, 4.8))
    if len(result.keys) == 1:
        key = result.keys[0]
        x = df[key].to_numpy()
        ax.errorbar(x, df[y], yerr=[df[y] - df[lo], df[hi] - df[y]], fmt="o-", capsize=3)
        best = df[y].idxmax()
        ax.plot([x[best]], [df[y][best]], "r*", markersize=14, label="best")
        ax.axhline(0.5 if result.games else 0, color="grey", lw=0.8)
        ax.set_xlabel(key)
        ax.set_ylabel(label)
        ax.legend(loc="best")
    else:
        kx, ky = result.keys
        pivot = df.pivot(index=ky, columns=kx, values=y)
        im = ax.imshow(pivot.to_numpy(), origin="lower", aspect="auto", cmap="viridis")
        ax.set_xticks(range(len(pivot.columns)), [f"{v:g}" for v in pivot.columns])
        ax.set_yticks(range(len(pivot.index)), [f"{v:g}" for v in pivot.index])
        ax.set_xlabel(kx)
        ax.set_ylabel(ky)
        fig.colorbar(im, ax=ax, label=label)
        iy, ix = np.unravel_index(np.nanargmax(pivot.to_numpy()), pivot.shape)
        ax.plot([ix], [iy], "r*", markersize=14)
    ax.set_title(f"Sweep of {result.strategy.label} against {result.field.label}")
    fig.text(0.01, 0.01, caption, fontsize=8, ha="left", va="bottom")
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    return _save(fig, out_stem, dpi=120)


def equity_chart(table, caption: str, out_stem: Path) -> list[Path]:
    """Two heat maps of the match-equity table: our side deals next / they deal next."""
    fig, axes = plt.subplots(1, 2, figsize=(11, 5), sharey=True)
    n = table.target
    for ax, we_deal in zip(axes, (True, False), strict=True):
        grid = np.array([[table.probability(a, b, we_deal) for b in range(n)] for a in range(n)])
        im = ax.imshow(100 * grid, origin="lower", cmap="RdYlGn", vmin=0, vmax=100)
        for a in range(n):
            for b in range(n):
                if not np.isnan(grid[a, b]):
                    ax.text(b, a, f"{100 * grid[a, b]:.0f}", ha="center", va="center",
                            fontsize=7)
        ax.set_xticks(range(n))
        ax.set_yticks(range(n))
        ax.set_xlabel("their score")
        ax.set_title("we deal" if we_deal else "they deal")
    axes[0].set_ylabel("our score")
    fig.colorbar(im, ax=axes, label="probability we win the game (%)", shrink=0.85)
    fig.suptitle(f"Match equity of {table.strategy.label} playing itself, first to {n}")
    fig.text(0.01, 0.01, caption, fontsize=8, ha="left", va="bottom")
    return _save(fig, out_stem, dpi=110)


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
    ax.add_patch(plt.Rectangle((j - 0.5, i - 0.5), 1, 1, facecolor=FEW_COLOUR,
                               edgecolor="#999999", hatch="..", linewidth=0.5))
    ax.text(j, i, f"n={int(r.deals)}\ntoo few", ha="center", va="center", fontsize=6,
            color="#666666")
    return True


def _toss_up(ax, i, j) -> None:
    """Hatch a cell whose verdict is within two standard errors: a toss-up."""
    ax.add_patch(plt.Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, hatch="///",
                               edgecolor="#777777", linewidth=0))


def order_up_chart(chart, caption: str, out_stem: Path) -> list[Path]:
    """A basic-strategy chart: per seat, rows of (trumps, bowers), columns of off-suit aces;
    each cell coloured by the best round-1 action, with its margin over the next best. A
    margin within two standard errors is a toss-up (hatched, "~"); a class with too few
    deals is shown as such."""
    df = chart.table
    fig, axes = plt.subplots(1, 4, figsize=(16, 8), sharey=True)

    def cell(ax, i, j, r):
        if _few_deals(ax, i, j, r):
            return
        ax.add_patch(plt.Rectangle((j - 0.5, i - 0.5), 1, 1, color=ACTION_COLOURS[r.best]))
        label = {"pass": "P", "order up": "O", "alone": "A"}[r.best]
        if r.toss_up:
            _toss_up(ax, i, j)
            label = "~" + label
        ax.text(j, i, f"{label} {r.margin:+.2f}", ha="center", va="center", fontsize=7)

    _class_grid(axes, df, 0, cell)
    handles = [plt.Rectangle((0, 0), 1, 1, color=c) for c in ACTION_COLOURS.values()]
    handles.append(plt.Rectangle((0, 0), 1, 1, fill=False, hatch="///", edgecolor="#777777"))
    fig.legend(handles, ["P: pass", "O: order up", "A: order up alone",
                         "~: toss-up (margin within 2 SE)"], loc="lower right", ncol=4,
               frameon=False)
    fig.suptitle(f"Round 1: best action by hand class and seat ({chart.strategy.label} at "
                 "the table)\nmargin = points per deal over the next best action; the "
                 "dealer's class is his hand before he takes up the card")
    fig.text(0.01, 0.01, caption, fontsize=8, ha="left", va="bottom")
    fig.tight_layout(rect=(0, 0.04, 1, 0.93))
    return _save(fig, out_stem, dpi=110)


def go_alone_chart(chart, caption: str, out_stem: Path) -> list[Path]:
    """Per seat and hand class: points per deal gained by ordering up alone rather than with
    the partner (cell colour), and how often the lone hand marches (cell text). A gain within
    two standard errors of zero is a toss-up (hatched, "~")."""
    df = chart.table
    fig, axes = plt.subplots(1, 4, figsize=(16, 8), sharey=True)
    norm = matplotlib.colors.TwoSlopeNorm(vmin=-2.0, vcenter=0.0, vmax=2.0)
    cmap = plt.get_cmap("RdYlGn")

    def cell(ax, i, j, r):
        if _few_deals(ax, i, j, r):
            return
        ax.add_patch(plt.Rectangle((j - 0.5, i - 0.5), 1, 1, color=cmap(norm(r.alone_gain))))
        mark = ""
        if r.alone_toss_up:
            _toss_up(ax, i, j)
            mark = "~"
        ax.text(j, i, f"{mark}{r.alone_gain:+.2f}\n{100 * r.alone_march_rate:.0f}% march",
                ha="center", va="center", fontsize=6.5)

    _class_grid(axes, df, 2, cell)
    fig.colorbar(matplotlib.cm.ScalarMappable(norm=norm, cmap=cmap), ax=axes, shrink=0.8,
                 label="points per deal: ordering up alone minus with the partner")
    fig.suptitle(f"Going alone in round 1, by hand class and seat ({chart.strategy.label} at "
                 "the table)\ncell: gain of going alone over playing with the partner, and "
                 "how often the lone hand takes all five tricks; ~ hatched: within 2 SE of "
                 "zero; dotted: too few deals")
    fig.text(0.01, 0.01, caption, fontsize=8, ha="left", va="bottom")
    return _save(fig, out_stem, dpi=110)


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


def deal_value_chart(summary: DealSummary, strategy: str, caption: str,
                     out_stem: Path) -> list[Path]:
    """The value of the deal and where it comes from: for each way trump is made (round 1 or 2
    by the maker's seat, the dealer stuck, thrown in) the dealing side's points minus the
    other side's per such deal and its share of the deals, and its contribution to the value
    of the deal, with 95 % intervals; the contributions add up to the value (top bar)."""
    df = deal_value_table(summary)
    edge = summary.dealer_edge()
    lo, hi = edge.interval(0.95)
    labels = [WAY_LABELS[(r.how, r.maker)] for r in df.itertuples()]
    colours = [{"dealing": DEALING, "other": OTHER}.get(s, NEITHER) for s in df.maker_side]
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(13, 6.5))
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
    handles = [plt.Rectangle((0, 0), 1, 1, color=c) for c in (DEALING, OTHER, NEITHER)]
    fig.legend(handles, ["trump made by the dealing side", "made by the other side",
                         "thrown in (no points)"], loc="lower right", ncol=3, frameon=False,
               fontsize=8)
    fig.suptitle(f"The value of the deal, by how trump was made ({strategy}); "
                 "95 % intervals")
    fig.text(0.01, 0.01, caption, fontsize=8, ha="left", va="bottom")
    fig.tight_layout(rect=(0, 0.05, 1, 0.96))
    return _save(fig, out_stem, dpi=110)


def stick_the_dealer_chart(comparison, caption: str, out_stem: Path) -> list[Path]:
    """What stick-the-dealer changes, on the same deals played under both rules: how often the
    dealer is stuck and how often a hand would be thrown in, what those deals are worth to the
    dealer's side, and how the value of the deal moves (paired), with 95 % intervals."""
    c = comparison
    sa, sb = c.summary_a, c.summary_b
    panels = [
        ("How often", "% of deals", 100, [
            ("dealer stuck\n(stick the dealer)", sa.rate("stuck"), DEALING),
            ("thrown in\n(no stick)", sb.rate("thrown_in"), NEITHER),
            ("result differs\nbetween the rules", c.changed(), CHANGE)]),
        ("What those deals are worth to the dealing side",
         "dealing side's points minus the other's, per such deal", 1, [
             ("every stuck deal", c.stuck_points(), DEALING),
             ("stuck where he would\nhave passed (forced)", c.changed_points("a"), CHANGE),
             ("the same deals\nthrown in", c.changed_points("b"), NEITHER)]),
        ("The value of the deal", "dealing side's points minus the other's, per deal", 1, [
            ("stick the dealer", sa.dealer_edge(), DEALING),
            ("thrown in", sb.dealer_edge(), NEITHER),
            ("stick minus thrown in\n(paired by deal)", c.edge_difference(), CHANGE)]),
    ]
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.8))
    for ax, (title, xlabel, scale, bars) in zip(axes, panels, strict=True):
        est = [e for _, e, _ in bars]
        bounds = [e.interval(0.95) if e.n else (np.nan, np.nan) for e in est]
        means = [scale * e.mean for e in est]
        lows, highs = [scale * b[0] for b in bounds], [scale * b[1] for b in bounds]
        notes = [format_interval(m, a, b, signed=scale == 1)
                 + (f"; {e.n:,} deals" if scale == 1 and e is not est[-1] else "")
                 for m, a, b, e in zip(means, lows, highs, est, strict=True)]
        _hbars(ax, [b[0] for b in bars], means, lows, highs, [b[2] for b in bars], notes)
        span = np.nanmax(np.abs([*lows, *highs, 1e-3]))
        ax.set_xlim(0 if scale != 1 else -1.15 * span, 1.15 * span)
        ax.set_xlabel(xlabel)
        ax.set_title(title, fontsize=10)
    fig.suptitle(f"Stick the dealer or throw the hand in: {c.strategy.label} playing itself on "
                 f"the same {c.deals:,} deals under both rules; 95 % intervals")
    fig.text(0.01, 0.01, caption, fontsize=8, ha="left", va="bottom")
    fig.tight_layout(rect=(0, 0.05, 1, 0.95))
    return _save(fig, out_stem, dpi=110)


def _caption_and_save(fig, caption: str, out_stem: Path, dpi: int = 120) -> list[Path]:
    fig.text(0.01, 0.01, caption, fontsize=8, ha="left", va="bottom")
    fig.tight_layout(rect=(0, 0.04, 1, 1))
    return _save(fig, out_stem, dpi=dpi)


def tune_chart(result, caption: str, out_stem: Path) -> list[Path]:
    """A tuning run: each trial's value on the search deals with its 95 % interval, the best
    value so far, and the validated trials' values on the fresh deals (the chosen one
    starred): the gap between the two is the winner's curse."""
    df = result.table()
    scale = 100 if result.games else 1
    fig, ax = plt.subplots(figsize=(8, 4.8))
    ax.errorbar(df["trial"], scale * df["value"],
                yerr=scale * (df["ci95_high"] - df["value"]), fmt="o", ms=4, capsize=2,
                color="tab:blue", alpha=0.7, label="trial (search deals)")
    ax.step(df["trial"], scale * df["best_so_far"], where="post", color="tab:orange",
            label="best so far")
    val = result.validation_table()
    ax.errorbar(val["trial"] + 0.25, scale * val["validation_value"],
                yerr=scale * (val["validation_ci95_high"] - val["validation_value"]), fmt="D",
                ms=5, capsize=2, color="tab:green", label="validated (fresh deals)")
    chosen = val[val["chosen"]]
    ax.plot(chosen["trial"] + 0.25, scale * chosen["validation_value"], "r*", ms=14,
            label="chosen")
    ax.set_xlabel("trial")
    ax.set_ylabel(f"{'share of games won (%)' if result.games else 'points per deal'} "
                  f"against {result.field.label}")
    ax.set_title(f"Tuning {result.strategy.label} against {result.field.label}")
    ax.legend(loc="lower right", fontsize=8)
    return _caption_and_save(fig, caption, out_stem)


def stability_chart(result, caption: str, out_stem: Path) -> list[Path]:
    """Every single step's gain over the unchanged strategy with its 95 % interval, largest
    first; red: significant after Holm-Bonferroni, orange: nominal only."""
    df = result.table()
    scale = 100 if result.games else 1
    fig, ax = plt.subplots(figsize=(8, 1.6 + 0.17 * len(df)))
    y = np.arange(len(df))[::-1]
    colours = np.where(df["significant"], "tab:red", np.where(df["nominal"], "tab:orange",
                                                              "tab:grey"))
    for yy, (_, r), c in zip(y, df.iterrows(), colours, strict=True):
        ax.errorbar(scale * r["gain"], yy, xerr=scale * (r["ci95_high"] - r["gain"]), fmt="o",
                    ms=3, capsize=2, color=c)
    ax.set_yticks(y, [f"{r['param']} {r['from']:g}→{r['to']:g}" for _, r in df.iterrows()],
                  fontsize=7)
    ax.axvline(0, color="black", lw=0.8)
    ax.set_ylim(-1, len(df))
    unit = "share of games won (points of %)" if result.games else "points per deal"
    ax.set_xlabel(f"gain in {unit} over {result.strategy.label} (95 % intervals)")
    ax.set_title(f"One step of each parameter of {result.strategy.label}\nred: significant "
                 "after Holm-Bonferroni; orange: at 95 % without correction", fontsize=10)
    return _caption_and_save(fig, caption, out_stem)


def bias_chart(result, caption: str, out_stem: Path) -> list[Path]:
    """Table bias: every option's value under table A (x) against table B (y), one dot per
    point and option, each point's loner option in red, the diagonal where the tables
    agree."""
    df = result.options
    s = result.summary()
    fig, ax = plt.subplots(figsize=(6.8, 6.4))
    for mask, colour, label in ((~df["loner_option"], "tab:grey", "other options"),
                                (df["loner_option"], "tab:red", "each point's loner option")):
        ax.scatter(df.loc[mask, "points_a"], df.loc[mask, "points_b"], s=9, alpha=0.55,
                   color=colour, label=label, edgecolors="none")
    lo = float(min(df["points_a"].min(), df["points_b"].min(), -2)) - 0.2
    hi = float(max(df["points_a"].max(), df["points_b"].max(), 2)) + 0.2
    ax.plot([lo, hi], [lo, hi], color="black", lw=0.8)
    ax.set_xlim(lo, hi)
    ax.set_ylim(lo, hi)
    ax.set_aspect("equal")
    ax.set_xlabel(f"points per deal under {result.a.label} (A)")
    ax.set_ylabel(f"points per deal under {result.b.label} (B)")
    lon, same = s["loner"], s["same_verdict"]
    ax.set_title(f"Option values under two tables, {s['points']} decision points\n"
                 f"loner: mean |A - B| {lon['mean_abs']:.3f} (noise alone {lon['noise']:.3f}); "
                 f"same best option {100 * same['share']:.1f} %", fontsize=10)
    ax.legend(loc="upper left", fontsize=8)
    return _caption_and_save(fig, caption, out_stem)
