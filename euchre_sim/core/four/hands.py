"""Hand and deck kernels shared by the deal, the strategies and the solver."""

import numpy as np
from numba import njit

from ...game.rules import FARMERS_STRICT, R_DECK
from ..common import layout as L
from ..common.bits import highest_bit, popcount
from ..common.rule import rule
from .tables import CONV, DECK_ROW, LOW_NAT, NAT, NINE_NAT, TEN_NAT

ONE = np.int64(1)


@njit(cache=True, _nrt=False, forceinline=True)
def deck_row(rules):
    """Row of the ``tables.DECK_*`` tables for the rules' deck (24, 25, 32 or 33 cards): a
    table load, asked at every scripted card."""
    return DECK_ROW[rule(rules, R_DECK)]


@njit(cache=True, _nrt=False, inline="always")
def to_effective(nat, trump):
    """Natural hand mask -> effective (trump-relative) mask under ``trump``."""
    e = (
        CONV[trump, 0, nat & 255]
        | CONV[trump, 1, (nat >> 8) & 255]
        | CONV[trump, 2, (nat >> 16) & 255]
        | CONV[trump, 3, (nat >> 24) & 255]
    )
    if (nat >> 32) & 1:
        e |= ONE << 33
    return e


@njit(cache=True, _nrt=False, inline="always")
def up_taker(g):
    """The seat that takes the up-card when it is taken up (round 1, the joker, club euchre):
    the dealer, or the eldest after a right Smitty guess (``G_STUCK == STUCK_SMITTY``)."""
    d = g[L.G_DEALER]
    return (d + 1) & 3 if g[L.G_STUCK] == L.STUCK_SMITTY else d


@njit(cache=True, _nrt=False, inline="always")
def voids_of(g, seat):
    """The effective suits (bit e; 3 = trump) ``seat`` has shown out of."""
    return (g[L.G_VOIDS] >> (4 * seat)) & 15


@njit(cache=True, _nrt=False, inline="always")
def farmer_cards(nat, mode):
    """The cards of natural hand ``nat`` a farmer's exchange gives three of, or 0 when the hand
    may not exchange under ``farmers_hand`` code ``mode`` (docs/engine.md, step 3): true, three
    or more low cards (ranks 10 and lower); strict, three or more nines, or three or more tens
    (the hand holds at most one of the two: 3 + 3 > 5 cards)."""
    if mode == FARMERS_STRICT:
        nines = nat & NINE_NAT
        if popcount(nines) >= 3:
            return nines
        tens = nat & TEN_NAT
        return tens if popcount(tens) >= 3 else 0
    low = nat & LOW_NAT
    return low if popcount(low) >= 3 else 0


@njit(cache=True, _nrt=False)
def strongest_card(nat, trump):
    """The natural card of the non-empty hand ``nat`` that is strongest when ``trump`` is
    trump (its highest effective bit): the card a chucking dealer keeps (reference, scripted)."""
    return NAT[trump, highest_bit(to_effective(nat, trump))]
