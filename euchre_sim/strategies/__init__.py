"""Strategies: a named kind plus a parameter array the kernels read.

This issue ships two built-ins (docs/engine.md): ``random`` (uniform over the legal actions at
every decision) and ``reference`` (the script of ``shared/bench``). The parameterised family
comes next; its parameters will fill ``params``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..core.layout import STRATEGY_KINDS

N_PARAMS = 64

STRATEGY_HELP = {
    "random": "uniform over the legal actions at every decision (reaches every corner)",
    "reference": "the C yardstick's script: strength >= 12 bids, >= 20 alone, simple card play",
}


class StrategyError(ValueError):
    """An unknown strategy or strategy parameter (one-line message)."""


@dataclass(frozen=True)
class Strategy:
    """A strategy compiled for the kernels: its kind and its parameters."""

    name: str
    kind: int
    params: dict[str, float] = field(default_factory=dict)

    def param_array(self) -> np.ndarray:
        return np.zeros(N_PARAMS, np.float64)

    def describe(self) -> dict:
        return {"name": self.name, "params": dict(self.params)}


def get_strategy(name: str | Strategy) -> Strategy:
    """Resolve a strategy by name."""
    if isinstance(name, Strategy):
        return name
    if name not in STRATEGY_KINDS:
        raise StrategyError(f"unknown strategy {name!r}: known are {', '.join(STRATEGY_KINDS)}")
    return Strategy(name=name, kind=STRATEGY_KINDS[name])


def compile_pair(a: str | Strategy, b: str | Strategy) -> tuple[np.ndarray, np.ndarray]:
    """Kernel arrays for team 0 playing ``a`` and team 1 playing ``b``: (kinds, params)."""
    sa, sb = get_strategy(a), get_strategy(b)
    kinds = np.array([sa.kind, sb.kind], np.int64)
    params = np.stack([sa.param_array(), sb.param_array()])
    return kinds, params
