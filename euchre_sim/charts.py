"""matplotlib charts of simulation results (written as PNG and SVG)."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from .analysis.stats import z_value  # noqa: E402
from .analysis.summary import DealSummary  # noqa: E402

POSITIONS = ("eldest", "dealer's partner", "third seat", "dealer")


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
    paths = []
    for ext in ("png", "svg"):
        path = out_stem.with_suffix("." + ext)
        fig.savefig(path, dpi=120)
        paths.append(path)
    plt.close(fig)
    return paths


def sweep_chart(result, caption: str, out_stem: Path) -> list[Path]:
    """One parameter: the curve of points per deal against the field with 95 % error bars.
    Two parameters: a heat map of the mean (the best point marked)."""
    df = result.table()
    fig, ax = plt.subplots(figsize=(7.5, 4.8))
    if len(result.keys) == 1:
        key = result.keys[0]
        x = df[key].to_numpy()
        ax.errorbar(x, df["mean"], yerr=[df["mean"] - df["ci95_low"], df["ci95_high"] - df["mean"]],
                    fmt="o-", capsize=3)
        best = df["mean"].idxmax()
        ax.plot([x[best]], [df["mean"][best]], "r*", markersize=14, label="best")
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_xlabel(key)
        ax.set_ylabel(f"points per deal minus {result.field.label}")
        ax.legend(loc="best")
    else:
        kx, ky = result.keys
        pivot = df.pivot(index=ky, columns=kx, values="mean")
        im = ax.imshow(pivot.to_numpy(), origin="lower", aspect="auto", cmap="viridis")
        ax.set_xticks(range(len(pivot.columns)), [f"{v:g}" for v in pivot.columns])
        ax.set_yticks(range(len(pivot.index)), [f"{v:g}" for v in pivot.index])
        ax.set_xlabel(kx)
        ax.set_ylabel(ky)
        fig.colorbar(im, ax=ax, label=f"points per deal minus {result.field.label}")
        iy, ix = np.unravel_index(np.nanargmax(pivot.to_numpy()), pivot.shape)
        ax.plot([ix], [iy], "r*", markersize=14)
    ax.set_title(f"Sweep of {result.strategy.label} against {result.field.label}")
    fig.text(0.01, 0.01, caption, fontsize=8, ha="left", va="bottom")
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    paths = []
    for ext in ("png", "svg"):
        path = out_stem.with_suffix("." + ext)
        fig.savefig(path, dpi=120)
        paths.append(path)
    plt.close(fig)
    return paths


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
    paths = []
    for ext in ("png", "svg"):
        path = out_stem.with_suffix("." + ext)
        fig.savefig(path, dpi=110)
        paths.append(path)
    plt.close(fig)
    return paths
