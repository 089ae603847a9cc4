"""Strategies of the table engine: ``random`` and ``basic``, with named parameters.

A table strategy is a kind and a few integer thresholds (``core.table.layout``: ``K_*`` and
``P_*``), given as text the way the four-handed strategies are: ``basic``,
``basic:order=7,alone=10``, ``random``. :func:`seat_rows` packs one per seat into the
``kinds`` and ``params`` arrays the table kernels read.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..core.table import layout as TL
from ..game.table_spec import TableError, TableSpec


@dataclass(frozen=True)
class TableParam:
    """One parameter of the basic kind: its slot in a seat's row, default and meaning."""

    slot: int
    default: int
    help: str
    bidding: int = TL.BID_UPCARD  # the bidding system whose decisions it steers


TABLE_PARAMS: dict[str, TableParam] = {
    "order": TableParam(TL.P_ORDER, 6, "hand strength needed to order up the up-card (round 1; "
                        "the dealer counts the up-card)"),
    "call": TableParam(TL.P_CALL, 6, "hand strength needed to name a suit in round 2"),
    "alone": TableParam(TL.P_ALONE, 9, "hand strength needed to go alone (team tables)"),
    "bid": TableParam(TL.P_BID, 3, "auction tables (Bid Euchre): estimated tricks needed to bid",
                      TL.BID_AUCTION),
    "cap": TableParam(TL.P_BID_CAP, 5, "auction tables: the highest bid made (it bids its "
                      "estimate up to this; the dealer only matches)", TL.BID_AUCTION),
    "shoot": TableParam(TL.P_SHOOT, 6, "auction tables: estimated tricks needed to shoot (above "
                        "the hand size: never)", TL.BID_AUCTION),
    "force": TableParam(TL.P_FORCE, -1, "auction tables: the eldest's (the first bidder's) forced "
                        "opening bid: -1 not forced, 0 pass, a bid from the lowest to the hand "
                        "size: exactly that bid (a forcing device of the bid chart, not a "
                        "threshold: no sweep or climb offers it)", TL.BID_AUCTION),
    "stay": TableParam(TL.P_STAY, 4, "hand strength under trump needed to stay in rather than "
                       "drop out (Buck Euchre)"),
}
FORCING = ("force",)  # parameters that force a decision rather than set a threshold
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

    def value(self, param: str, table: TableSpec | None = None) -> int:
        """The parameter as given, else the table's default for basic, else the global one."""
        if param in self.params:
            return self.params[param]
        if table is not None:
            own = dict(table.basic)
            if param in own:
                return own[param]
        return TABLE_PARAMS[param].default

    def row(self, table: TableSpec | None = None) -> np.ndarray:
        out = np.zeros(TL.N_TABLE_PARAMS, np.int64)
        for name, p in TABLE_PARAMS.items():
            out[p.slot] = self.value(name, table)
        return out

    def describe(self, table: TableSpec | None = None) -> dict:
        """Kind and every parameter the table's bidding system reads (an up-card table's
        when no table is given), for meta.json."""
        if self.kind == "random":
            return {"kind": "random"}
        keys = relevant_params(table) if table is not None else [
            k for k, p in TABLE_PARAMS.items() if p.bidding == TL.BID_UPCARD]
        if "force" in self.params and (table is None or table.bidding == TL.BID_AUCTION):
            keys = [*keys, "force"]  # a forced opening is named where it is given
        return {"kind": self.kind, **{k: self.value(k, table) for k in keys}}


def table_strategy(text: str | TableStrategy) -> TableStrategy:
    """Parse ``KIND`` or ``KIND:key=value,...`` (one-line :class:`TableError` if wrong)."""
    if isinstance(text, TableStrategy):
        return text
    kind, _, rest = text.strip().partition(":")
    if kind not in TL.KIND_NAMES:
        raise TableError(f"unknown table strategy {kind!r}: a table plays "
                         f"{' or '.join(TL.KIND_NAMES)} (optionally basic:key=value,...)")
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
    return max(table.teams) + 1 if table.sides == TL.SIDES_TEAMS else table.seats


def seat_strategies(table: TableSpec, a: TableStrategy, b: TableStrategy, hero: int = 0
                    ) -> list[TableStrategy]:
    """``a`` for the seats of side ``hero`` (a team at a team table, a seat when each plays
    for himself), ``b`` for every other seat."""
    return [a if table.team_of(s) == hero else b for s in range(table.seats)]


def relevant_params(table: TableSpec) -> list[str]:
    """The basic kind's parameters this table reads: its bidding system's, ``alone`` where the
    maker may go alone (or the bidder shoot), ``stay`` where players may drop out. Never
    ``force`` (the eldest's forced opening of ``analysis.bid_chart``): a forcing device, not a
    threshold a sweep, climb or stability check should move."""
    out = []
    for name, p in TABLE_PARAMS.items():
        if p.bidding != table.bidding or name in FORCING:
            continue
        if (name == "alone" and not table.alone) or (name == "shoot" and not table.alone):
            continue
        if name == "stay" and not table.drop:
            continue
        out.append(name)
    return out


def seat_rows(strategies: list[TableStrategy], table: TableSpec | None = None
              ) -> tuple[np.ndarray, np.ndarray]:
    """``(kinds, params)`` for the kernels: one entry and one row per seat (the table's own
    defaults for basic where a seat's strategy gives no value)."""
    kinds = np.zeros(TL.MAX_SEATS, np.int64)
    params = np.zeros((TL.MAX_SEATS, TL.N_TABLE_PARAMS), np.int64)
    for s, st in enumerate(strategies):
        kinds[s] = TL.K_RANDOM if st.kind == "random" else TL.K_BASIC
        params[s] = st.row(table)
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
    lines.append("  basic at an auction table (Bid Euchre): estimates its team's tricks under "
                 "each trump (a suit: the hand strength; no trump high / low: 2 for each ace / "
                 "nine, 1 for each king / ten), halved and rounded up; bids that estimate up "
                 "to cap, names the best trump, shoots at shoot; the partner passes its best "
                 "card, the shooter discards its weakest")
    return "\n".join(lines)


__all__ = [
    "FORCING", "STRENGTH_HELP", "TABLE_PARAMS", "TableParam", "TableStrategy",
    "describe_table_strategies", "relevant_params", "seat_rows", "seat_strategies",
    "sides_of", "table_strategy",
]
