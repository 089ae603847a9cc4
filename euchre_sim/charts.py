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
