"""The one statistics module: means with standard errors, proportions, Wilson intervals."""

from __future__ import annotations

import math
from dataclasses import dataclass

# scipy.stats takes most of a second to import, longer than a small run: it is imported when a
# quantile or a p-value is first asked for. The 95 % quantile every summary prints is scipy's
# own value, kept here (tests/test_summary.py checks it against scipy).
Z_95 = 1.959963984540054


def _normal():
    from scipy.stats import norm

    return norm


def z_value(confidence: float = 0.95) -> float:
    """Two-sided normal quantile for a confidence level (1.96 for 95 %)."""
    if confidence == 0.95:
        return Z_95
    return float(_normal().ppf(0.5 + confidence / 2))


def normal_sf(z: float) -> float:
    """P(Z > z) for a standard normal Z (one-sided p-value of a z-score)."""
    return float(_normal().sf(z))


@dataclass(frozen=True)
class Estimate:
    """A mean with its standard error."""

    mean: float
    se: float
    n: int

    def interval(self, confidence: float = 0.95) -> tuple[float, float]:
        z = z_value(confidence)
        return self.mean - z * self.se, self.mean + z * self.se

    def __format__(self, spec: str) -> str:
        spec = spec or ".4f"
        if self.n < 2:  # one observation has no spread to estimate: never print ± 0
            return f"{self.mean:{spec}} (one observation: no standard error)"
        return f"{self.mean:{spec}} ± {self.se:{spec}}"


def mean_estimate(total: float, total_sq: float, n: int) -> Estimate:
    """Mean and standard error from a sum and a sum of squares over ``n`` observations."""
    if n <= 0:
        return Estimate(math.nan, math.nan, 0)
    mean = total / n
    var = max(total_sq / n - mean * mean, 0.0) * (n / (n - 1) if n > 1 else 0.0)
    return Estimate(mean, math.sqrt(var / n), n)


def proportion(k: int, n: int) -> Estimate:
    """A binomial proportion with its standard error."""
    if n <= 0:
        return Estimate(math.nan, math.nan, 0)
    p = k / n
    return Estimate(p, math.sqrt(p * (1 - p) / n), n)


def wilson_interval(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion."""
    if n <= 0:
        return (math.nan, math.nan)
    z = z_value(confidence)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half


def two_sided_p(est: Estimate, null: float = 0.0) -> float:
    """Two-sided p-value of ``est`` against ``null`` (normal approximation). With no spread at
    all (``se`` 0: every board equal), 1 when the mean is the null, else 0."""
    if not est.se > 0:
        return 1.0 if est.mean == null else 0.0
    return 2 * normal_sf(abs(est.mean - null) / est.se)


def holm(pvalues: list[float]) -> list[float]:
    """Holm-Bonferroni adjusted p-values, in the order given: rejecting every hypothesis whose
    adjusted p is <= alpha keeps the chance of any false rejection among all of them <= alpha,
    whatever their dependence. (The ``i``-th smallest p is multiplied by ``m - i``, then
    made non-decreasing.)"""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted
