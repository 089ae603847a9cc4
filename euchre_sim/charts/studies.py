"""Charts of studies of one strategy: sweeps, match equity, tuning, stability, table bias."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from .common import add_caption, save_figure


def sweep_figure(table: pd.DataFrame, strategy: str, field: str, games: bool = False,
                 caption: str = "") -> Figure:
    """A sweep (``SweepResult.table()``, a run's ``sweep`` table) of ``strategy`` against
    ``field``; the swept parameters are the columns before ``mean``. One parameter: the curve
    of points per deal against the field (with ``games``: the share of games won) with 95 %
    error bars. Two parameters: a heat map of it (the best point marked)."""
    df = table
    keys = list(df.columns[:list(df.columns).index("mean")])
    y, lo, hi = ("win_rate", "win_ci95_low", "win_ci95_high") if games else (
        "mean", "ci95_low", "ci95_high")
    label = (f"share of games won against {field}" if games
             else f"points per deal minus {field}")
    fig = Figure(figsize=(7.5, 4.8))
    ax = fig.subplots()
    if len(keys) == 1:
        key = keys[0]
        x = df[key].to_numpy()
        ax.errorbar(x, df[y], yerr=[df[y] - df[lo], df[hi] - df[y]], fmt="o-", capsize=3)
        best = df[y].idxmax()
        ax.plot([x[best]], [df[y][best]], "r*", markersize=14, label="best")
        ax.axhline(0.5 if games else 0, color="grey", lw=0.8)
        ax.set_xlabel(key)
        ax.set_ylabel(label)
        ax.legend(loc="best")
    else:
        kx, ky = keys
        pivot = df.pivot(index=ky, columns=kx, values=y)
        im = ax.imshow(pivot.to_numpy(), origin="lower", aspect="auto", cmap="viridis")
        ax.set_xticks(range(len(pivot.columns)), [f"{v:g}" for v in pivot.columns])
        ax.set_yticks(range(len(pivot.index)), [f"{v:g}" for v in pivot.index])
        ax.set_xlabel(kx)
        ax.set_ylabel(ky)
        fig.colorbar(im, ax=ax, label=label)
        iy, ix = np.unravel_index(np.nanargmax(pivot.to_numpy()), pivot.shape)
        ax.plot([ix], [iy], "r*", markersize=14)
    ax.set_title(f"Sweep of {strategy} against {field}")
    return add_caption(fig, caption, (0, 0.05, 1, 1))


def sweep_chart(result, caption: str, out_stem: Path) -> list[Path]:
    """:func:`sweep_figure` of a sweep result, written as PNG and SVG."""
    fig = sweep_figure(result.table(), result.strategy.label, result.field.label,
                       result.games, caption)
    return save_figure(fig, out_stem, dpi=120)


def equity_figure(table: pd.DataFrame, strategy: str, caption: str = "") -> Figure:
    """Two heat maps of a match-equity table (``EquityTable.frame()``, a run's ``equity``
    table: ``p_win`` by ``ours``, ``theirs``, ``we_deal``): our side deals next / they deal
    next."""
    n = int(table["ours"].max()) + 1
    fig = Figure(figsize=(11, 5))
    axes = fig.subplots(1, 2, sharey=True)
    for ax, we_deal in zip(axes, (True, False), strict=True):
        side = table[table["we_deal"] == we_deal]
        grid = side.pivot(index="ours", columns="theirs", values="p_win").reindex(
            index=range(n), columns=range(n)).to_numpy(float)
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
    fig.suptitle(f"Match equity of {strategy} playing itself, first to {n}")
    return add_caption(fig, caption)


def equity_chart(table, caption: str, out_stem: Path) -> list[Path]:
    """:func:`equity_figure` of an equity table, written as PNG and SVG."""
    return save_figure(equity_figure(table.frame(), table.strategy.label, caption), out_stem,
                       dpi=110)


def tune_figure(trials: pd.DataFrame, validation: pd.DataFrame, strategy: str, field: str,
                games: bool = False, caption: str = "") -> Figure:
    """A tuning run (``TuneResult.table()`` and ``.validation_table()``, a run's ``trials``
    table and validation.csv): each trial's value on the search deals with its 95 %
    interval, the best value so far, and the validated trials' values on the fresh deals
    (the chosen one starred): the gap between the two is the winner's curse."""
    df, val = trials, validation
    scale = 100 if games else 1
    fig = Figure(figsize=(8, 4.8))
    ax = fig.subplots()
    ax.errorbar(df["trial"], scale * df["value"],
                yerr=scale * (df["ci95_high"] - df["value"]), fmt="o", ms=4, capsize=2,
                color="tab:blue", alpha=0.7, label="trial (search deals)")
    ax.step(df["trial"], scale * df["best_so_far"], where="post", color="tab:orange",
            label="best so far")
    ax.errorbar(val["trial"] + 0.25, scale * val["validation_value"],
                yerr=scale * (val["validation_ci95_high"] - val["validation_value"]), fmt="D",
                ms=5, capsize=2, color="tab:green", label="validated (fresh deals)")
    chosen = val[val["chosen"]]
    ax.plot(chosen["trial"] + 0.25, scale * chosen["validation_value"], "r*", ms=14,
            label="chosen")
    ax.set_xlabel("trial")
    ax.set_ylabel(f"{'share of games won (%)' if games else 'points per deal'} "
                  f"against {field}")
    ax.set_title(f"Tuning {strategy} against {field}")
    ax.legend(loc="lower right", fontsize=8)
    return add_caption(fig, caption, (0, 0.04, 1, 1))


def tune_chart(result, caption: str, out_stem: Path) -> list[Path]:
    """:func:`tune_figure` of a tune result, written as PNG and SVG."""
    fig = tune_figure(result.table(), result.validation_table(), result.strategy.label,
                      result.field.label, result.games, caption)
    return save_figure(fig, out_stem, dpi=120)


def stability_figure(table: pd.DataFrame, strategy: str, games: bool = False,
                     caption: str = "") -> Figure:
    """Every single step's gain over the unchanged ``strategy`` with its 95 % interval
    (``StabilityResult.table()``, a run's ``stability`` table), largest first; red:
    significant after Holm-Bonferroni, orange: nominal only."""
    df = table
    scale = 100 if games else 1
    fig = Figure(figsize=(8, 1.6 + 0.17 * len(df)))
    ax = fig.subplots()
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
    unit = "share of games won (points of %)" if games else "points per deal"
    ax.set_xlabel(f"gain in {unit} over {strategy} (95 % intervals)")
    ax.set_title(f"One step of each parameter of {strategy}\nred: significant "
                 "after Holm-Bonferroni; orange: at 95 % without correction", fontsize=10)
    return add_caption(fig, caption, (0, 0.04, 1, 1))


def stability_chart(result, caption: str, out_stem: Path) -> list[Path]:
    """:func:`stability_figure` of a stability result, written as PNG and SVG."""
    fig = stability_figure(result.table(), result.strategy.label, result.games, caption)
    return save_figure(fig, out_stem, dpi=120)


def bias_figure(options: pd.DataFrame, summary: Mapping, a: str, b: str,
                caption: str = "") -> Figure:
    """Table bias (``BiasResult.options`` and ``.summary()``, a run's ``options`` table and
    summary.json): every option's value under table ``a`` (x) against table ``b`` (y), one
    dot per point and option, each point's loner option in red, the diagonal where the
    tables agree."""
    df, s = options, summary
    fig = Figure(figsize=(6.8, 6.4))
    ax = fig.subplots()
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
    ax.set_xlabel(f"points per deal under {a} (A)")
    ax.set_ylabel(f"points per deal under {b} (B)")
    lon, same = s["loner"], s["same_verdict"]
    ax.set_title(f"Option values under two tables, {s['points']} decision points\n"
                 f"loner: mean |A - B| {lon['mean_abs']:.3f} (noise alone {lon['noise']:.3f}); "
                 f"same best option {100 * same['share']:.1f} %", fontsize=10)
    ax.legend(loc="upper left", fontsize=8)
    return add_caption(fig, caption, (0, 0.04, 1, 1))


def bias_chart(result, caption: str, out_stem: Path) -> list[Path]:
    """:func:`bias_figure` of a bias result, written as PNG and SVG."""
    fig = bias_figure(result.options, result.summary(), result.a.label, result.b.label,
                      caption)
    return save_figure(fig, out_stem, dpi=120)
