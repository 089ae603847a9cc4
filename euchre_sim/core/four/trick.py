"""One trick in the double-dummy solver's terms (effective layout, ``tables``): who plays next,
the legal cards, equivalent cards, the order in which the search tries cards, and the state
after a card. Shared by the general search (``dd_search``) and the endgame kernels (``endgame``).
"""

import numpy as np
from numba import njit

from ...game.rules import LEAD_ELDEST, LEAD_LEFT_OF_LONE, R_LEAD
from ..common.bits import clz, ctz, popcount
from ..common.rule import rule
from .tables import ABOVE, CONTEST, ESUIT, SUIT_EFF, TRUMP_MASK

ONE = np.int64(1)


@njit(cache=True, _nrt=False, forceinline=True)
def next_seat(nxtp, seat):
    """The next active seat clockwise (``nxtp`` packs it in 2 bits per seat)."""
    return (nxtp >> (2 * seat)) & 3


@njit(cache=True, _nrt=False, forceinline=True)
def next_seat_map(out_a, out_b):
    """The next active seat of every seat, packed 2 bits a seat (``next_seat`` reads it)."""
    nxtp = np.int64(0)
    for s in range(4):
        t = (s + 1) & 3
        while t == out_a or t == out_b:
            t = (t + 1) & 3
        nxtp |= np.int64(t) << (2 * s)
    return nxtp


@njit(cache=True, _nrt=False)
def legal_cards(hand, pos, led, nfb):
    """Legal cards: the led suit (left bower and joker count as trump) if held, else any;
    a first lead under no_first_blood (``nfb``) is no trump unless the hand holds only trumps."""
    if pos == 0:
        if nfb and popcount(hand) == 5:
            plain = hand & ~TRUMP_MASK
            if plain:
                return plain
        return hand
    follow = hand & SUIT_EFF[led]
    if follow:
        return follow
    return hand


@njit(cache=True, _nrt=False)
def representatives(legal, hand, live):
    """Of each run of equivalent cards in ``legal`` keep only the highest: a card is dropped
    when the next higher live card of its suit is the mover's own."""
    reps = legal
    m = legal
    while m:
        c = ctz(m)
        m &= m - 1
        above = ABOVE[c] & live
        if above and (hand >> ctz(above)) & 1:
            reps &= ~(ONE << c)
    return reps


@njit(cache=True, _nrt=False)
def ordered_groups(reps, hand, live, seat, pos, led, wcard, wseat):
    """Move ordering: (first group, second group, first group descending?); the second group
    goes lowest first. A leader tries his winners (no other live card of their suit above
    them) from the top down, then his other cards; a follower tries his cards that take the
    lead (lowest first) and then the rest, or everything lowest first when his partner wins."""
    if pos == 0:
        boss = np.int64(0)
        m = reps
        while m:
            c = ctz(m)
            m &= m - 1
            if (ABOVE[c] & live & ~hand) == 0:
                boss |= ONE << c
        return boss, reps & ~boss, True
    if (wseat & 1) == (seat & 1):
        return reps, np.int64(0), False
    beat = reps & (SUIT_EFF[led] | TRUMP_MASK) & ~((ONE << (wcard + 1)) - 1)
    return beat, reps & ~beat, False


@njit(cache=True, _nrt=False, forceinline=True)
def pop_card(m, desc):
    """The next card of a group in the search order."""
    if desc:
        return 63 - clz(m)
    return ctz(m)


@njit(cache=True, _nrt=False)
def after_play(c, seat, pos, led, wcard, wseat, live, table, nxtp, nplay, mteam):
    """State after ``seat`` plays ``c``: (seat, pos, led, wcard, wseat, live, table, t) where
    ``t`` is 1 when the play ends a trick won by the makers."""
    if pos == 0:
        led = ESUIT[c]
        wcard = c
        wseat = seat
    elif c > wcard and ((SUIT_EFF[led] | TRUMP_MASK) >> c) & 1:
        wcard = c
        wseat = seat
    table |= ONE << c
    if pos + 1 == nplay:
        t = 1 if (wseat & 1) == mteam else 0
        return wseat, 0, -1, -1, wseat, live & ~table, np.int64(0), t
    return next_seat(nxtp, seat), pos + 1, led, wcard, wseat, live, table, 0


@njit(cache=True, _nrt=False)
def last_trick(h, seat, nxtp, nplay, mteam):
    """1 if the makers win the last trick (every active hand holds one card), else 0."""
    c = ctz(h[seat])
    fot = CONTEST[c]
    wcard = c
    wseat = seat
    s = seat
    for _ in range(nplay - 1):
        s = next_seat(nxtp, s)
        c = ctz(h[s])
        if c > wcard and (fot >> c) & 1:
            wcard = c
            wseat = s
    return 1 if (wseat & 1) == mteam else 0


@njit(cache=True, _nrt=False)
def top_trumps(h, trumps):
    """(seat, run): the seat whose hand in ``h`` holds the highest of the live trumps
    ``trumps``, and how many of the highest he holds in a row; each of those wins the trick
    he plays it to. (-1, 0) when there is no trump or the highest is on the table."""
    if trumps == 0:
        return -1, 0
    top = 63 - clz(trumps)
    owner = 0
    while owner < 4 and not (h[owner] >> top) & 1:
        owner += 1
    if owner == 4:
        return -1, 0
    mine = h[owner]
    run = 0
    while trumps and (mine >> (63 - clz(trumps))) & 1:
        run += 1
        trumps &= ~(ONE << (63 - clz(trumps)))
    return owner, run


@njit(cache=True, _nrt=False, forceinline=True)
def opening_leader(rules, dealer, maker, alone, defender, out_a, out_b):
    """The seat that leads to the first trick: the eldest active hand, or under
    ``lead = left_of_lone`` / ``right_of_lone`` the lone defender if the maker is alone too,
    else the player left / right of the lone hand (an opponent of his: always active)."""
    lead = rule(rules, R_LEAD)
    if lead != LEAD_ELDEST and (alone or defender >= 0):
        if alone and defender >= 0:
            return defender
        lone = maker if alone else defender
        return (lone + 1) & 3 if lead == LEAD_LEFT_OF_LONE else (lone + 3) & 3
    leader = (dealer + 1) & 3
    while leader == out_a or leader == out_b:
        leader = (leader + 1) & 3
    return leader
