"""What every chart shares: the caption, the PNG and SVG writer, saved estimates read back."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from matplotlib.figure import Figure

from ..analysis.stats import Estimate


def save_figure(fig: Figure, out_stem: Path, dpi: int = 120) -> list[Path]:
    """Write ``fig`` as ``out_stem``.png and .svg next to each other; returns the paths."""
    paths = []
    for ext in ("png", "svg"):
        path = Path(out_stem).with_suffix("." + ext)
        fig.savefig(path, dpi=dpi)
        paths.append(path)
    return paths


def add_caption(fig: Figure, caption: str, rect: tuple[float, ...] | None = None) -> Figure:
    """The caption at the bottom left, then (given ``rect``) the tight layout within it."""
    fig.text(0.01, 0.01, caption, fontsize=8, ha="left", va="bottom")
    if rect is not None:
        fig.tight_layout(rect=rect)
    return fig


def as_estimate(e: Estimate | Mapping) -> Estimate:
    """An estimate, or one rebuilt from its saved form (``{"mean", "se", "n", ...}``; a
    ``null`` there, what JSON holds for a rate with no cases, is NaN again)."""
    if isinstance(e, Estimate):
        return e
    return Estimate(_number(e["mean"]), _number(e["se"]), int(e["n"]))


def _number(x: float | None) -> float:
    return float("nan") if x is None else float(x)
