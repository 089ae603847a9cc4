"""Parameter sweeps with common random numbers.

Every grid point plays the same deals (deal ``i`` is a pure function of the seed and ``i``) as
a duplicate match against a fixed field (:func:`.variants.match_variants`), so the differences
between grid points are not blurred by the luck of the cards. One parameter gives a curve, two
a grid (a heat map).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..engine.backends import Backend
from ..game.rules import Rules
from ..strategies import Strategy, StrategyError, get_strategy
from .match import MIN_VERDICT_BOARDS, MatchResult
from .stats import Estimate
from .variants import VariantResult, match_variants, paired_difference


class SweepError(ValueError):
    """A malformed sweep specification (one-line message)."""


def parse_range(spec: str) -> tuple[str, list[float]]:
    """``"round1.threshold.dealer=8:16:1"`` (start:stop:step, stop included) or
    ``"key=1,2,5"`` -> (key, values)."""
    if "=" not in spec:
        raise SweepError(f"bad --param {spec!r}: expected key=start:stop:step or key=v1,v2,...")
    key, _, text = spec.partition("=")
    key = key.strip()
    try:
        if ":" in text:
            parts = [float(x) for x in text.split(":")]
            if (len(parts) != 3 or not all(np.isfinite(parts)) or parts[2] <= 0
                    or parts[1] < parts[0]):
                raise ValueError
            start, stop, step = parts
            count = np.floor((stop - start) / step + 1e-9) + 1  # counted before anything is built
            if not np.isfinite(count) or count > MAX_VALUES:
                raise SweepError(f"--param {key}: {start:g}:{stop:g}:{step:g} gives more than "
                                 f"{MAX_VALUES} values (at most {MAX_VALUES})")
            values = [round(start + k * step, 10) for k in range(int(count))]
        else:
            values = [float(x) for x in text.split(",") if x.strip()]
            if not all(np.isfinite(values)):
                raise ValueError
    except SweepError:
        raise
    except ValueError:
        raise SweepError(f"bad --param {spec!r}: expected key=start:stop:step (finite, step > "
                         f"0, stop >= start) or key=v1,v2,...") from None
    if not values:
        raise SweepError(f"bad --param {spec!r}: no values")
    if len(values) > MAX_VALUES:
        raise SweepError(f"--param {key}: {len(values)} values is too many (at most "
                         f"{MAX_VALUES})")
    return key, values


MAX_VALUES = 200  # values of one swept parameter


@dataclass
class SweepResult:
    """The outcome of each grid point: its duplicate match against the field."""

    strategy: Strategy
    field: Strategy
    keys: list[str]
    points: list[tuple[float, ...]]
    results: list[MatchResult]
    deals: int  # duplicate deals per point, or games with ``games``
    games: bool = False
    outcomes: list[VariantResult] | None = None  # with board products: paired differences

    def from_best(self) -> list[Estimate] | None:
        """Each point minus the best point, paired by board (the same deals): points per
        deal, or with games the share of games won; None without board products."""
        if not self.outcomes or self.outcomes[0].products is None:
            return None
        b = int(np.argmax(self.table(paired=False)[self.measure]))
        best = self.outcomes[b]
        return [paired_difference(o, best, i, b) for i, o in enumerate(self.outcomes)]

    def table(self, paired: bool = True):
        """A DataFrame: one row per grid point (parameter values, mean, se, 95 % interval of
        points per deal; with games also the share of games won, paired by board; and the
        point minus the best point, paired by board, with its interval)."""
        import pandas as pd

        rows = []
        for values, r in zip(self.points, self.results, strict=True):
            lo, hi = r.interval()
            row = {**dict(zip(self.keys, values, strict=True)), "mean": r.diff.mean,
                   "se": r.diff.se, "ci95_low": lo, "ci95_high": hi}
            if self.games:
                wlo, whi = r.win_share.interval()
                row.update(win_rate=r.win_share.mean, win_se=r.win_share.se,
                           win_ci95_low=wlo, win_ci95_high=whi)
            rows.append(row)
        df = pd.DataFrame(rows)
        diffs = self.from_best() if paired else None
        if diffs is not None:
            df["minus_best"] = [d.mean for d in diffs]
            df["minus_best_se"] = [d.se for d in diffs]
            ci = [d.interval() for d in diffs]
            df["minus_best_ci95_low"] = [lo for lo, _ in ci]
            df["minus_best_ci95_high"] = [hi for _, hi in ci]
        return df

    @property
    def measure(self) -> str:
        """The column the best point maximises: game wins for games, else points per deal."""
        return "win_rate" if self.games else "mean"

    def best(self) -> tuple[tuple[float, ...], MatchResult]:
        i = int(np.argmax(self.table(paired=False)[self.measure]))
        return self.points[i], self.results[i]

    def _labels(self, rows: pd.DataFrame) -> str:
        return ", ".join(", ".join(f"{k}={_fmt(r[k])}" for k in self.keys)
                         for _, r in rows.iterrows())

    def to_text(self) -> str:
        df = self.table()
        unit = "games" if self.games else "deals"
        lines = [f"sweep of {self.strategy.label} against {self.field.label}: "
                 f"{self.deals:,} duplicate {unit} per point (the same {unit} at every point)",
                 "points per deal, strategy minus field (95 % interval)"
                 + ("; games won, paired by board:" if self.games else ":")]
        for _, row in df.iterrows():
            label = ", ".join(f"{k}={_fmt(row[k])}" for k in self.keys)
            line = (f"  {label:<40} {row['mean']:+.4f} ± {row['se']:.4f}  "
                    f"({row['ci95_low']:+.4f} .. {row['ci95_high']:+.4f})")
            if self.games:
                line += (f"   {100 * row['win_rate']:.2f} % ({100 * row['win_ci95_low']:.2f} "
                         f".. {100 * row['win_ci95_high']:.2f})")
            if self.deals < MIN_VERDICT_BOARDS:
                pass
            elif "minus_best" in row and row["minus_best_se"] > 0:
                line += "   " + self._vs_best(row)
            elif "minus_best" in row and row["minus_best"] == 0:
                line += "   best"
            lines.append(line)
        values, r = self.best()
        lo, hi = r.interval()
        label = ", ".join(f"{k}={_fmt(v)}" for k, v in zip(self.keys, values, strict=True))
        if self.games:
            wlo, whi = r.win_share.interval()
            lines.append(f"best for winning games: {label}: {100 * r.win_share.mean:.2f} % "
                         f"({100 * wlo:.2f} .. {100 * whi:.2f})")
        else:
            lines.append(f"best: {label}: {r.diff.mean:+.4f} ({lo:+.4f} .. {hi:+.4f})")
        if self.deals < MIN_VERDICT_BOARDS:
            lines.append(f"vs best: none: {self.deals:,} {unit} per point are too few for the "
                         f"intervals to mean anything (at least {MIN_VERDICT_BOARDS})")
        elif "minus_best" not in df:
            lines.append(f"vs best: not computed for a grid of more than {MAX_PAIRED_POINTS} "
                         "points (the board products grow with the square of the grid)")
        else:
            unit = "percentage points of games won" if self.games else "points per deal"
            tied = df[(df["minus_best_ci95_high"] >= 0) & (df["minus_best_se"] > 0)]
            is_best = np.logical_and.reduce([df[k] == v for k, v in
                                             zip(self.keys, values, strict=True)])
            # a point that played every board exactly as the best did is tied with it, not worse
            same = df[(df["minus_best"] == 0) & (df["minus_best_se"] == 0) & ~is_best]
            parts = []
            if len(same):
                parts.append(f"{len(same)} point(s) the same as the best on every board: "
                             + self._labels(same))
            if len(tied):
                parts.append(f"{len(tied)} point(s) within the best's 95 % interval: "
                             + self._labels(tied))
            lines.append(f"vs best: each point minus the best in {unit}, paired by board (the "
                         "same " + ("games" if self.games else "deals") + "); "
                         + ("; ".join(parts) if parts
                            else "every other point is significantly worse"))
        return "\n".join(lines)

    def _vs_best(self, row) -> str:
        scale = 100 if self.games else 1
        lo, hi = row["minus_best_ci95_low"], row["minus_best_ci95_high"]
        return (f"vs best {scale * row['minus_best']:+.4f} ({scale * lo:+.4f} .. "
                f"{scale * hi:+.4f})")


def _fmt(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


def sweep(rules: Rules, strategy: str | Strategy, params: list[tuple[str, list[float]]],
          field: str | Strategy, deals: int, seed: int, threads: int | None = None,
          progress=None, backend: Backend | None = None, shard: int | None = None,
          games: bool = False) -> SweepResult:
    """Duplicate-match ``strategy`` with every combination of ``params`` against ``field``
    on ``deals`` deals per point (with ``games``: ``deals`` whole games per point, and the
    best point is the one that wins most games). ``backend``: where the shards run, default
    in-process."""
    if not 1 <= len(params) <= 2:
        raise SweepError("give one or two --param ranges")
    keys = [k for k, _ in params]
    if len(set(keys)) != len(keys):
        raise SweepError(f"parameter {keys[0]} given twice")
    base = get_strategy(strategy)
    opponent = get_strategy(field)
    grid = list(itertools.product(*(v for _, v in params)))
    strategies = []
    for values in grid:
        try:
            strategies.append(get_strategy(base, **dict(zip(keys, values, strict=True))))
        except StrategyError as exc:
            raise SweepError(str(exc)) from None
    outcomes = match_variants(rules, strategies, opponent, deals, seed, games=games,
                              backend=backend, threads=threads, shard=shard, progress=progress,
                              products=len(grid) <= MAX_PAIRED_POINTS)
    results = [o.match for o in outcomes]
    return SweepResult(base, opponent, keys, grid, results, deals, games, outcomes)


MAX_PAIRED_POINTS = 400  # grids up to this size get paired differences from the best

