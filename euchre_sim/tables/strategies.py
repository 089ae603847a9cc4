"""Strategies of the table engine: ``random`` and ``basic``, with named parameters.

A table strategy is a kind and a few integer thresholds (``core.table_layout``: ``K_*`` and
``P_*``), given as text the way the four-handed strategies are: ``basic``,
``basic:order=7,alone=10``, ``random``. :func:`seat_rows` packs one per seat into the
``kinds`` and ``params`` arrays the table kernels read.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..core.table_layout import (
    K_BASIC,
    K_RANDOM,
    KIND_NAMES,
    MAX_SEATS,
    N_TABLE_PARAMS,
    P_ALONE,
    P_CALL,
    P_ORDER,
    P_STAY,
    SIDES_TEAMS,
)
from .spec import TableError, TableSpec


@dataclass(frozen=True)
class TableParam:
    """One parameter of the basic kind: its slot in a seat's row, default and meaning."""

    slot: int
    default: int
    help: str


TABLE_PARAMS: dict[str, TableParam] = {
    "order": TableParam(P_ORDER, 6, "hand strength needed to order up the up-card (round 1; "
                        "the dealer counts the up-card)"),
    "call": TableParam(P_CALL, 6, "hand strength needed to name a suit in round 2"),
    "alone": TableParam(P_ALONE, 9, "hand strength needed to go alone (team tables)"),
    "stay": TableParam(P_STAY, 4, "hand strength under trump needed to stay in rather than "
                       "drop out (Buck Euchre)"),
}
STRENGTH_HELP = ("hand strength under a trump: 3 for the joker and each bower, 2 for the trump "
                 "ace and king, 1 for any other trump and for each plain ace")


@dataclass(frozen=True)
class TableStrategy:
    """A kind (``random`` or ``basic``) and the basic kind's parameters."""

    kind: str = "basic"
    params: dict[str, int] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """The strategy as text (``basic:order=7``), overrides only."""
        given = ",".join(f"{k}={v}" for k, v in sorted(self.params.items()))
        return f"{self.kind}:{given}" if given else self.kind

    def value(self, param: str) -> int:
        return self.params.get(param, TABLE_PARAMS[param].default)

    def row(self) -> np.ndarray:
        out = np.zeros(N_TABLE_PARAMS, np.int64)
        for name, p in TABLE_PARAMS.items():
            out[p.slot] = self.value(name)
        return out

    def describe(self) -> dict:
        """Kind and every parameter (for meta.json)."""
        if self.kind == "random":
            return {"kind": "random"}
        return {"kind": self.kind, **{k: self.value(k) for k in TABLE_PARAMS}}


def table_strategy(text: str | TableStrategy) -> TableStrategy:
    """Parse ``KIND`` or ``KIND:key=value,...`` (one-line :class:`TableError` if wrong)."""
    if isinstance(text, TableStrategy):
        return text
    kind, _, rest = text.strip().partition(":")
    if kind not in KIND_NAMES:
        raise TableError(f"unknown table strategy {kind!r}: a table plays "
                         f"{' or '.join(KIND_NAMES)} (optionally basic:key=value,...)")
    params: dict[str, int] = {}
    for item in filter(None, (x.strip() for x in rest.split(","))):
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq:
            raise TableError(f"strategy {text!r}: {item!r} is not key=value")
        if key not in TABLE_PARAMS:
            raise TableError(f"strategy {text!r}: unknown parameter {key!r}; known are "
                             f"{', '.join(TABLE_PARAMS)}")
        if kind == "random":
            raise TableError(f"strategy {text!r}: random takes no parameters")
        try:
            params[key] = int(value)
        except ValueError:
            raise TableError(f"strategy {text!r}: {key} must be an integer, got "
                             f"{value.strip()!r}") from None
    return TableStrategy(kind, params)


def sides_of(table: TableSpec) -> int:
    """How many sides a table has: its teams, or its seats when each plays for himself."""
    return max(table.teams) + 1 if table.sides == SIDES_TEAMS else table.seats


def seat_strategies(table: TableSpec, a: TableStrategy, b: TableStrategy, hero: int = 0
                    ) -> list[TableStrategy]:
    """``a`` for the seats of side ``hero`` (a team at a team table, a seat when each plays
    for himself), ``b`` for every other seat."""
    return [a if table.team_of(s) == hero else b for s in range(table.seats)]


def seat_rows(strategies: list[TableStrategy]) -> tuple[np.ndarray, np.ndarray]:
    """``(kinds, params)`` for the kernels: one entry and one row per seat."""
    kinds = np.zeros(MAX_SEATS, np.int64)
    params = np.zeros((MAX_SEATS, N_TABLE_PARAMS), np.int64)
    for s, st in enumerate(strategies):
        kinds[s] = K_RANDOM if st.kind == "random" else K_BASIC
        params[s] = st.row()
    return kinds, params


def describe_table_strategies() -> str:
    """The table strategies and the basic kind's parameters, for ``euchre-sim strategies``."""
    lines = ["Strategies at the other tables (--rules TABLE):",
             "  random  uniform among the legal choices",
             f"  basic   thresholds on the {STRENGTH_HELP}; leads its top trump on the making "
             "side, else a plain ace, else its weakest card; plays low to a trick its side "
             "wins, else the cheapest winning card, else its weakest"]
    for name, p in TABLE_PARAMS.items():
        lines.append(f"    {name} (default {p.default}): {p.help}")
    return "\n".join(lines)


__all__ = [
    "STRENGTH_HELP", "TABLE_PARAMS", "TableParam", "TableStrategy", "describe_table_strategies",
    "seat_rows", "seat_strategies", "sides_of", "table_strategy",
]
