"""Strategies: a named kind plus a parameter array the kernels read.

Two built-ins (docs/engine.md): ``random`` (uniform over the legal actions at every decision)
and ``reference`` (the script of ``shared/bench``, whose thresholds are parameters: with the
defaults it is exactly that script). Parameters are given as ``name:key=value,key=value``, e.g.
``reference:bid_threshold=14,alone_threshold=22``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..core.decisions import P_ALONE, P_BID, P_DEFEND_ALONE, P_FARMER, P_RAILROAD, P_REDEAL
from ..core.layout import STRATEGY_KINDS

N_PARAMS = 64

STRATEGY_HELP = {
    "random": "uniform over the legal actions at every decision (reaches every corner)",
    "reference": "the C yardstick's script: strength >= 12 bids, >= 20 alone, simple card play",
}


@dataclass(frozen=True)
class Param:
    """One strategy parameter: its slot in the kernel array, default, range and meaning."""

    index: int
    default: float
    low: float
    high: float
    help: str
    integer: bool = True


PARAMS: dict[str, dict[str, Param]] = {
    "random": {},
    "reference": {
        "bid_threshold": Param(P_BID, 12, 0, 40, "order up / call a suit when strength >= this"),
        "alone_threshold": Param(P_ALONE, 20, 0, 99, "go alone when the bid strength >= this"),
        "defend_alone_threshold": Param(
            P_DEFEND_ALONE, 99, 0, 99,
            "defend alone (if the rules allow) when strength in trump >= this; 99: never"),
        "call_redeal": Param(P_REDEAL, 0, 0, 1, "1: call for a redeal whenever eligible"),
        "farmer_exchange": Param(
            P_FARMER, 0, 0, 1, "1: exchange the three lowest 9s/10s for the kitty"),
        "railroad_take": Param(P_RAILROAD, 1, 0, 1, "1: take partner's card under railroad"),
    },
}


class StrategyError(ValueError):
    """An unknown strategy or strategy parameter (one-line message)."""


@dataclass(frozen=True)
class Strategy:
    """A strategy compiled for the kernels: its kind and its (non-default) parameters."""

    name: str
    kind: int
    params: dict[str, float] = field(default_factory=dict)

    def param_array(self) -> np.ndarray:
        arr = np.zeros(N_PARAMS, np.float64)
        for key, p in PARAMS[self.name].items():
            arr[p.index] = self.params.get(key, p.default)
        return arr

    def all_params(self) -> dict[str, float]:
        return {k: self.params.get(k, p.default) for k, p in PARAMS[self.name].items()}

    @property
    def label(self) -> str:
        if not self.params:
            return self.name
        return self.name + ":" + ",".join(f"{k}={_fmt(v)}" for k, v in self.params.items())

    def describe(self) -> dict:
        return {"name": self.name, "params": self.all_params(), "spec": self.label}


def _fmt(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else str(v)


def get_strategy(spec: str | Strategy, **overrides: float) -> Strategy:
    """Resolve ``"name"`` or ``"name:key=value,..."`` (plus keyword overrides)."""
    if isinstance(spec, Strategy):
        if not overrides:
            return spec
        spec, overrides = spec.name, {**spec.params, **overrides}
    name, _, rest = spec.partition(":")
    name = name.strip()
    if name not in STRATEGY_KINDS:
        raise StrategyError(f"unknown strategy {name!r}: known are {', '.join(STRATEGY_KINDS)}")
    given: dict[str, object] = {}
    for item in filter(None, (x.strip() for x in rest.split(","))):
        if "=" not in item:
            raise StrategyError(f"bad strategy parameter {item!r}: expected key=value")
        k, v = item.split("=", 1)
        given[k.strip()] = v.strip()
    given.update(overrides)
    schema = PARAMS[name]
    params: dict[str, float] = {}
    for key, value in given.items():
        if key not in schema:
            valid = ", ".join(schema) or "none"
            raise StrategyError(
                f"unknown parameter {key!r} for strategy {name}: valid parameters are {valid}")
        p = schema[key]
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise StrategyError(f"parameter {key} of {name} must be a number, got {value!r}") \
                from None
        if not p.low <= number <= p.high or (p.integer and not number.is_integer()):
            kind = "an integer" if p.integer else "a number"
            raise StrategyError(
                f"parameter {key} of {name} must be {kind} in [{_fmt(p.low)}, {_fmt(p.high)}], "
                f"got {value}")
        if number != p.default:
            params[key] = number
    return Strategy(name=name, kind=STRATEGY_KINDS[name], params=params)


def compile_pair(a: str | Strategy, b: str | Strategy) -> tuple[np.ndarray, np.ndarray]:
    """Kernel arrays for team 0 playing ``a`` and team 1 playing ``b``: (kinds, params)."""
    sa, sb = get_strategy(a), get_strategy(b)
    kinds = np.array([sa.kind, sb.kind], np.int64)
    params = np.stack([sa.param_array(), sb.param_array()])
    return kinds, params


def describe_strategies() -> str:
    """Text listing of the strategies and their parameters (``euchre-sim strategies``)."""
    lines = []
    for name, text in STRATEGY_HELP.items():
        lines.append(f"{name:<10} {text}")
        for key, p in PARAMS[name].items():
            lines.append(f"    {key:<24} default {_fmt(p.default):>3}, "
                         f"range [{_fmt(p.low)}, {_fmt(p.high)}]: {p.help}")
    lines.append("\nGive parameters as NAME:key=value,key=value, "
                 "e.g. reference:bid_threshold=14")
    return "\n".join(lines)
