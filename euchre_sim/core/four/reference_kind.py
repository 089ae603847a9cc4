"""The reference strategy kind (``S_REFERENCE``): the fixed, simple script the C yardstick plays
(``../shared/bench``) and the differential tests replay in pure Python (``oracle/engine.py``).

It rates a hand by a strength table (``hand_strength``) and compares it with the ``P_*``
thresholds of its row: order up or call at ``P_BID``, go alone at ``P_ALONE``, defend alone at
``P_DEFEND_ALONE``. It plays the highest legal card when leading, else the lowest card that
beats the trick so far, else the lowest. The last strength it rated is kept in the seat's
memory slot (``G_MEM``) for the loner decision.
"""

import numpy as np
from numba import njit

from ...game.cards import NO_TRUMP
from ..common import layout as L
from ..common.bits import ctz, highest_bit
from .hands import strongest_card
from .kinds import P_ALONE, P_BID, P_CHUCK, P_DEFEND_ALONE, P_NO_TRUMP, P_RAILROAD, P_REDEAL
from .tables import JOKER4, JOKER_STRENGTH, STRENGTH, STRENGTH4, SUIT_EFF, TRUMP_MASK


@njit(cache=True, _nrt=False, inline="always")
def hand_strength(nat, trump):
    """The reference script's strength of a natural hand for a trump suit."""
    s = (
        STRENGTH[trump, 0, nat & 255]
        + STRENGTH[trump, 1, (nat >> 8) & 255]
        + STRENGTH[trump, 2, (nat >> 16) & 255]
        + STRENGTH[trump, 3, (nat >> 24) & 255]
    )
    if (nat >> 32) & 1:
        s += JOKER_STRENGTH
    return s


@njit(cache=True, _nrt=False, inline="always")
def suit_strengths(nat):
    """``hand_strength`` of a natural hand in each of the four suits, packed 16 bits a suit
    (suit t at bit 16 t): four table loads for all four."""
    s = (
        STRENGTH4[0, nat & 255]
        + STRENGTH4[1, (nat >> 8) & 255]
        + STRENGTH4[2, (nat >> 16) & 255]
        + STRENGTH4[3, (nat >> 24) & 255]
    )
    if (nat >> 32) & 1:
        s += JOKER4
    return s


@njit(cache=True, _nrt=False, inline="always")
def best_suit(nat, banned):
    """Strongest suit for a hand (ties: lower suit id), skipping the suits of the mask
    ``banned`` (bit s for suit s); (suit, strength)."""
    best = -1
    bs = -1
    packed = suit_strengths(nat)
    for t in range(4):
        if (banned >> t) & 1:
            continue
        s = (packed >> (16 * t)) & 0xFFFF
        if s > bs:
            bs = s
            best = t
    return best, bs


@njit(cache=True, _nrt=False, inline="always")
def ref_round1(params, g, seat, is_dealer):
    """Order up (1) when the hand, with the up-card if dealing, rates ``P_BID`` in its suit."""
    nat = g[L.G_NAT + seat]
    if is_dealer:
        nat |= np.int64(1) << g[L.G_UP]
    s = hand_strength(nat, g[L.G_UP] >> 3)
    g[L.G_MEM + seat] = s
    return 1 if s >= params[seat & 1, P_BID] else 0


@njit(cache=True, _nrt=False, inline="always")
def ref_round2(params, g, seat, banned, stuck):
    """Call the strongest suit not ``banned`` when it rates ``P_BID`` (always when stuck),
    else -1."""
    t, s = best_suit(g[L.G_NAT + seat], banned)
    g[L.G_MEM + seat] = s
    if s >= params[seat & 1, P_BID] or stuck:
        return t
    return -1


@njit(cache=True, _nrt=False)
def ref_round2_nt(params, g, seat, banned, stuck):
    """no_trump: call no trump when the hand's no-trump strength (``STRENGTH[NO_TRUMP]``: 3 an
    ace, 2 a guarded king) rates ``P_NO_TRUMP``, stuck or not; else as ``ref_round2``. The
    strength of the call is noted for the loner decision."""
    s = hand_strength(g[L.G_NAT + seat], NO_TRUMP)
    if s >= params[seat & 1, P_NO_TRUMP]:
        g[L.G_MEM + seat] = s
        return NO_TRUMP
    return ref_round2(params, g, seat, banned, stuck)


@njit(cache=True, _nrt=False)
def ref_chuck(params, g, seat):
    """chuck: the stuck dealer keeps his strongest card in the up-card's suit and chucks when
    it and the up-card rate ``P_CHUCK`` (the kitty is unseen); the natural card kept, or -1.
    The loner decision then rates those two cards."""
    up = g[L.G_UP]
    t = up >> 3
    keep = strongest_card(g[L.G_NAT + seat], t)
    s = hand_strength((np.int64(1) << keep) | (np.int64(1) << up), t)
    if s < params[seat & 1, P_CHUCK]:
        return -1
    g[L.G_MEM + seat] = s
    return keep


@njit(cache=True, _nrt=False, inline="always")
def ref_discard(g, seat, up_bit):
    """The dealer discards his lowest card (never the up-card)."""
    return ctz(g[L.G_HAND + seat] & ~(np.int64(1) << up_bit))


@njit(cache=True, _nrt=False, inline="always")
def ref_alone(params, g, seat):
    """Go alone when the bid's strength rates ``P_ALONE``."""
    return 1 if g[L.G_MEM + seat] >= params[seat & 1, P_ALONE] else 0


@njit(cache=True, _nrt=False)
def ref_partner_alone(params, g, seat):
    """partner_may_go_alone: the maker's partner made no bid (no note of one): he goes alone
    when his hand rates ``P_ALONE`` in trump."""
    s = hand_strength(g[L.G_NAT + seat], g[L.G_TRUMP])
    return 1 if s >= params[seat & 1, P_ALONE] else 0


@njit(cache=True, _nrt=False, inline="always")
def ref_defend_alone(params, g, seat):
    """Defend alone when the hand rates ``P_DEFEND_ALONE`` in trump."""
    s = hand_strength(g[L.G_NAT + seat], g[L.G_TRUMP])
    return 1 if s >= params[seat & 1, P_DEFEND_ALONE] else 0


@njit(cache=True, _nrt=False, inline="always")
def ref_redeal(params, seat):
    return 1 if params[seat & 1, P_REDEAL] > 0 else 0


@njit(cache=True, _nrt=False, inline="always")
def ref_joker_trump(g, seat):
    """Named blind (RULES.md): clubs; the loner decision then rates hand + joker in clubs."""
    g[L.G_MEM + seat] = hand_strength(g[L.G_NAT + seat], 0) + JOKER_STRENGTH
    return 0


@njit(cache=True, _nrt=False, inline="always")
def ref_forced_take(g, seat):
    """club_euchre: the dealer must take a club up-card (no bid); the loner decision then
    rates his hand with the up-card in its suit, as for a dealer who took it up."""
    g[L.G_MEM + seat] = hand_strength(g[L.G_NAT + seat] | (np.int64(1) << g[L.G_UP]),
                                      g[L.G_UP] >> 3)


@njit(cache=True, _nrt=False)
def ref_forced_bid(g, seat, suit, with_up):
    """A bid the script forced (an analysed history): the note the loner decision reads, as
    the reference engine rates the bid: the hand (with the up-card for a dealer ordering it
    up) in the suit made."""
    nat = g[L.G_NAT + seat]
    if with_up:
        nat |= np.int64(1) << g[L.G_UP]
    g[L.G_MEM + seat] = hand_strength(nat, suit)


@njit(cache=True, _nrt=False, inline="always")
def ref_railroad(params, seat):
    return 1 if params[seat & 1, P_RAILROAD] > 0 else 0


@njit(cache=True, _nrt=False, inline="always")
def ref_give(g, seat):
    """The sitting-out partner gives his highest card."""
    return highest_bit(g[L.G_HAND + seat])


@njit(cache=True, _nrt=False, inline="always")
def ref_lone_discard(g, seat):
    """The lone player discards his lowest card."""
    return ctz(g[L.G_HAND + seat])


@njit(cache=True, _nrt=False, inline="always")
def ref_play(g, legal):
    """Lead the highest legal card; follow with the lowest that beats the trick so far, or
    the lowest."""
    if g[L.G_POS] == 0:
        return highest_bit(legal)
    w = g[L.G_WIN_CARD]
    beats = legal & (SUIT_EFF[g[L.G_LED]] | TRUMP_MASK) & ~((np.int64(2) << w) - 1)
    return ctz(beats) if beats else ctz(legal)


@njit(cache=True, _nrt=False)
def three_lowest(low):
    """Farmer's hand: the natural mask of the three lowest-ranked cards of ``low`` (ties by
    suit id), the exchange the reference and scripted kinds make."""
    give = np.int64(0)
    n = 0
    for r in range(4):
        for s in range(4):
            c = np.int64(1) << (s * 8 + r)
            if (low & c) and n < 3:
                give |= c
                n += 1
    return give
