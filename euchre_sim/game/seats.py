"""Seat names, the same everywhere: a seat by its place from the dealer's left, or its number.

The places are ``eldest`` (also ``first``: the dealer's left, who bids and, alone aside, leads
first), ``partner`` (the dealer's partner), ``third`` (the eldest's partner) and ``dealer``.
Seat numbers are 0..3; seats 0 and 2 are team 0. A place names a seat only once the dealer's
seat is known: ``show`` prints both (``eldest (1)``), ``solve --dealer`` reads places, and the
analyser puts its dealer in seat 3 (eldest 0, partner 1, third 2).
"""

from __future__ import annotations

# the places from the dealer's left, in seat order after the dealer (the kernels' ``by_position``
# axis: core.common.layout reads them from here)
POSITION_NAMES = ("eldest", "partner", "third", "dealer")

ALIASES = {"first": "eldest"}


class SeatError(ValueError):
    """A seat that is neither a known place nor a number 0..3 (one-line message)."""


def position_index(word: str) -> int | None:
    """The place 0..3 (eldest .. dealer) a name or alias stands for, or None."""
    key = ALIASES.get(word.strip().lower(), word.strip().lower())
    return POSITION_NAMES.index(key) if key in POSITION_NAMES else None


def parse_seat(text: str, dealer: int | None, what: str = "seat") -> int:
    """The seat number ``text`` names: a number 0..3, or a place from ``dealer``'s left
    (which needs the dealer's seat). ``what`` names the field in the error messages."""
    word = str(text).strip()
    if word.lstrip("-").isdigit():
        seat = int(word) if len(word) <= 3 else 99  # (a number of 5,000 digits is no seat)
        if not 0 <= seat <= 3:
            raise SeatError(f"{what} {word}: seats are numbered 0..3")
        return seat
    place = position_index(word)
    if place is None:
        raise SeatError(f"{what} {text!r}: unknown seat: use 0..3 or one of "
                        f"{', '.join(POSITION_NAMES)} (first = eldest)")
    if dealer is None:
        raise SeatError(f"{what} {text!r} is a place from the dealer's left: say which seat deals "
                        "(--dealer N) or give the seat number")
    return (dealer + 1 + place) & 3


def position_of(seat: int, dealer: int) -> str:
    """The place of ``seat`` from ``dealer``'s left: ``eldest`` .. ``dealer``."""
    return POSITION_NAMES[(seat - dealer - 1) & 3]


def seat_label(seat: int, dealer: int) -> str:
    """``seat`` by its place and its number: ``eldest (1)``."""
    return f"{position_of(seat, dealer)} ({seat})"
