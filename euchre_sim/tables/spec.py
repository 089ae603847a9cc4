"""The other tables of RULES.md section 3.2 as data: seats, sides, hand size, deck, scoring.

A :class:`TableSpec` says everything the table engine (``core.table_deal``) needs to play one
deal of a game other than the four-handed one: how many seats, which seat belongs to which side
(fixed teams, or "the maker against the rest" for the cut-throat games), how many cards each
hand gets, the deck, the bidding system and the scoring table. It packs into plain int64 arrays
(:meth:`TableSpec.arrays`); a new variant is a new entry of ``TABLES`` plus its tests.

Cards of a table are numbered ``0 .. n-1`` in deck order (``TableSpec.faces`` gives each the
natural id of ``cards.py``: ``suit * 8 + rank``, 32 for the joker), so a hand is a mask of at
most 64 bits whatever the deck.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

import numpy as np

from ..cards import JOKER, N_RANKS, RANK_J, deck_cards, format_card
from ..core.table_layout import (
    MAX_SEATS,
    N_SPEC,
    N_TRUMPS,
    NT_HIGH,
    NT_LOW,
    SIDES_MAKER_ALONE,
    SIDES_TEAMS,
    TRUMP_POWER,
    TS_ALONE,
    TS_CARDS,
    TS_EUCHRE,
    TS_HAND,
    TS_LATER_EQUAL,
    TS_LONE_MARCH,
    TS_MADE,
    TS_MARCH,
    TS_NEED,
    TS_SEATS,
    TS_SIDES,
    TS_STICK,
    TS_TARGET,
    TS_TEAM,
)


class TableError(ValueError):
    """An unknown table or a table option it does not take (one-line message)."""


@dataclass(frozen=True)
class TableSpec:
    """One game of RULES.md section 3.2 (see ``docs/tables.md`` for each entry's rules)."""

    name: str
    help: str
    seats: int
    hand: int
    deck: int  # a deck size of cards.py (24, 25, 32, 33)
    sides: int = SIDES_MAKER_ALONE
    teams: tuple[int, ...] = ()
    stick: bool = False
    alone: bool = False
    made: int = 1
    march: int = 2
    lone_march: int = 4
    euchre: int = 2
    target: int = 10
    later_equal: bool = False
    source: str = ""
    choices: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if not 2 <= self.seats <= MAX_SEATS:
            raise TableError(f"table {self.name}: {self.seats} seats (2..{MAX_SEATS} allowed)")
        if self.seats * self.hand + 1 > self.deck:
            raise TableError(f"table {self.name}: {self.seats} hands of {self.hand} and an "
                             f"up-card need more than {self.deck} cards")
        if self.sides == SIDES_TEAMS and len(self.teams) != self.seats:
            raise TableError(f"table {self.name}: one team per seat is needed")

    @cached_property
    def faces(self) -> tuple[int, ...]:
        """The natural card id (``cards.py``) of each table card ``0 .. n-1``."""
        return tuple(deck_cards(self.deck))

    @property
    def n_cards(self) -> int:
        return len(self.faces)

    @property
    def need(self) -> int:
        """Tricks the makers need: a majority of the tricks."""
        return self.hand // 2 + 1

    def team_of(self, seat: int) -> int:
        """The team of a seat at a team table; a seat is its own side otherwise."""
        return self.teams[seat] if self.sides == SIDES_TEAMS else seat

    def card_name(self, card: int) -> str:
        return format_card(self.faces[card])

    def hand_text(self, mask: int) -> str:
        """A hand mask of table cards as text, ascending card number."""
        return " ".join(self.card_name(c) for c in range(self.n_cards) if mask >> c & 1)

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """``(spec, eff, power, suit_mask)``, the arrays the kernels read.

        ``eff[t, c]`` is card c's effective suit under trump row t (the trump suit for the
        bowers and the joker; the printed suit otherwise and under no trump), ``power[t, c]``
        its strength (higher wins; a trump is above every plain card), ``suit_mask[t, e]`` the
        mask of the cards whose effective suit is e.
        """
        spec = np.zeros(N_SPEC, np.int64)
        spec[TS_SEATS] = self.seats
        spec[TS_HAND] = self.hand
        spec[TS_CARDS] = self.n_cards
        spec[TS_SIDES] = self.sides
        spec[TS_STICK] = int(self.stick)
        spec[TS_ALONE] = int(self.alone and self.sides == SIDES_TEAMS)
        spec[TS_MADE] = self.made
        spec[TS_MARCH] = self.march
        spec[TS_LONE_MARCH] = self.lone_march
        spec[TS_EUCHRE] = self.euchre
        spec[TS_TARGET] = self.target
        spec[TS_LATER_EQUAL] = int(self.later_equal)
        spec[TS_NEED] = self.need
        for s in range(self.seats):
            spec[TS_TEAM + s] = self.team_of(s)
        n = self.n_cards
        eff = np.zeros((N_TRUMPS, n), np.int64)
        power = np.zeros((N_TRUMPS, n), np.int64)
        suit_mask = np.zeros((N_TRUMPS, 4), np.int64)
        for t in range(N_TRUMPS):
            for c, face in enumerate(self.faces):
                e, p = effective(face, t)
                eff[t, c] = e
                power[t, c] = p
                suit_mask[t, e] |= np.int64(1) << c
        return spec, eff, power, suit_mask


def effective(face: int, trump: int) -> tuple[int, int]:
    """(effective suit, power) of the natural card ``face`` under trump row ``trump``.

    Under a trump suit: the joker, then the right bower, the left bower, then A K Q 10 9 (8 7)
    of trump, all above the plain cards, which rank A high. No trump high: every suit A high,
    no joker. No trump low: 9 (or 7) high up to A low.
    """
    if face == JOKER:
        if trump >= NT_HIGH:
            raise TableError("no trump is not played with a joker")
        return trump, TRUMP_POWER + 20
    suit, rank = divmod(face, N_RANKS)
    if trump == NT_HIGH:
        return suit, rank
    if trump == NT_LOW:
        return suit, N_RANKS - 1 - rank
    if rank == RANK_J and suit == trump:
        return trump, TRUMP_POWER + 19
    if rank == RANK_J and suit == trump ^ 3:
        return trump, TRUMP_POWER + 18
    if suit == trump:
        return trump, TRUMP_POWER + rank
    return suit, rank


THREE_HANDED = TableSpec(
    name="three-handed",
    help="three players, each for himself: the maker plays alone against the other two",
    seats=3,
    hand=5,
    deck=24,
    sides=SIDES_MAKER_ALONE,
    stick=False,
    made=1,
    march=3,
    euchre=2,
    target=10,
    source="Hoyle's and pagat.com's three-handed Euchre; RULES.md 3.2",
    choices=(
        "24 cards, five each, the next card turned up, nine in the kitty",
        "the usual two bidding rounds from the dealer's left; no stick the dealer: four passes "
        "twice round throw the hand in and the deal passes on",
        "the maker always plays alone against the other two, who defend together; no lone "
        "option (the maker is alone already)",
        "scoring: 3 or 4 tricks 1 point to the maker, all 5 tricks 3 points, a euchre 2 points "
        "to each defender; first to 10 wins",
    ),
)

TWO_HANDED = TableSpec(
    name="two-handed",
    help="two players, each for himself: five cards each, the up-card and the usual bidding",
    seats=2,
    hand=5,
    deck=24,
    sides=SIDES_MAKER_ALONE,
    stick=False,
    made=1,
    march=2,
    euchre=2,
    target=10,
    source="J. W. Keller, The Game of Euchre (1887), ch. 7 'Two and Three-Handed Euchre'; "
           "RULES.md 3.2 (seed 000 names it)",
    choices=(
        "24 cards, five each, the 11th card turned up, thirteen face down (Keller)",
        "the non-dealer orders up or passes, then the dealer takes up or passes; in round 2 "
        "the non-dealer names a suit or passes, then the dealer; if both pass twice a new deal "
        "by the other player (Keller: no stick the dealer)",
        "the non-dealer leads the first trick (Keller); no lone hands (each plays alone)",
        "scoring (Keller): 3 or 4 tricks 1 point, all 5 tricks 2 points, a euchre 2 points to "
        "the other player; first to 10 (Keller's game is 5 points: --set target_score=5)",
    ),
)

TABLES: dict[str, TableSpec] = {t.name: t for t in (THREE_HANDED, TWO_HANDED)}


def get_table(name: str) -> TableSpec:
    """The named table (one-line :class:`TableError` for an unknown name)."""
    if name not in TABLES:
        raise TableError(f"unknown table {name!r}: known are {', '.join(TABLES)}")
    return TABLES[name]




# Rule options a table takes with ``--set`` (the names of the four-handed options they mirror):
# option -> (TableSpec field, type, meaning)
TABLE_OPTIONS: dict[str, tuple[str, type, str]] = {
    "target_score": ("target", int, "points that win the game"),
    "stick_the_dealer": ("stick", bool, "the dealer must name trump when all pass twice"),
}


def with_options(table: TableSpec, assignments: dict[str, str]) -> TableSpec:
    """``table`` with the ``--set`` options applied (one-line :class:`TableError` for an
    option a table does not take or a bad value)."""
    changes: dict[str, object] = {}
    for option, text in assignments.items():
        if option not in TABLE_OPTIONS:
            raise TableError(f"table {table.name} takes no option {option!r}: it takes "
                             f"{', '.join(TABLE_OPTIONS)}")
        name, kind, _ = TABLE_OPTIONS[option]
        word = str(text).strip().lower()
        if kind is bool:
            if word not in ("true", "false"):
                raise TableError(f"{option} must be true or false, got {text!r}")
            changes[name] = word == "true"
        else:
            try:
                value = int(word)
            except ValueError:
                value = 0
            if value < 1:
                raise TableError(f"{option} must be a positive integer, got {text!r}")
            changes[name] = value
    return replace(table, **changes) if changes else table


def describe_tables() -> str:
    """Every table with its meaning and choices (``euchre-sim rules``)."""
    lines = ["Other tables (--rules NAME; RULES.md 3.2, docs/tables.md):"]
    for t in TABLES.values():
        lines.append(f"  {t.name:<22} {t.help}")
        lines.append(f"  {'':<22} {t.seats} seats, {t.hand} cards each, {t.n_cards}-card deck, "
                     f"game to {t.target}; source: {t.source}")
    lines.append("  options with --set: " + "; ".join(
        f"{k} ({v[2]})" for k, v in TABLE_OPTIONS.items()))
    return "\n".join(lines)


__all__ = ["TABLES", "TABLE_OPTIONS", "TableError", "TableSpec", "describe_tables", "effective",
           "get_table", "with_options"]
