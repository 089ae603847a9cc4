"""The last two tricks of a double-dummy search, by direct minimax (docs/solver.md).

When every active hand holds two cards, the rest of the hand is at most 16 lines of play (at
most two legal cards each in the next trick, the last trick forced), and who may play what in
the next trick depends only on the card led: nested loops over the lines, the minimax folded as
they close, cost a fraction of the general search over the same tree. Effective hands
(``tables``); the makers maximise their tricks; fail-soft within ``alpha, beta``: exact inside
the window, else a bound on the right side of it.
"""

import numpy as np
from numba import njit

from ..common.bits import clz, ctz
from .tables import ABOVE, CONTEST, ESUIT, SUIT_EFF
from .trick import next_seat

ONE = np.int64(1)
NO_SEAT = 62  # the single "card" of a seat sitting out: it plays nothing


@njit(cache=True, _nrt=False, inline="always")
def better(v, x, maxi):
    """The better of two values for the side to move (``maxi``: the makers, who maximise)."""
    if maxi:
        return x if x > v else v
    return x if x < v else v


@njit(cache=True, _nrt=False, inline="always")
def settled(v, maxi, lo_stop, hi_stop):
    """Whether a side's best so far already ends the search of its turn: the makers reached
    ``hi_stop`` or the defenders got down to ``lo_stop`` (the window's edges, or 2 and 0)."""
    return v >= hi_stop if maxi else v <= lo_stop


@njit(cache=True, _nrt=False, inline="always")
def choices(hand, suit, live, active):
    """The cards worth trying of a two-card hand when ``suit`` (an effective suit mask) is led:
    the legal ones, the lower dropped when no live card separates the two; a seat sitting out
    (``active`` False) gets the single non-card ``NO_SEAT``."""
    if not active:
        return ONE << NO_SEAT
    m = hand & suit
    if m == 0:
        m = hand
    if m & (m - 1):
        above = ABOVE[ctz(m)] & live
        hi = 63 - clz(m)
        if above and ctz(above) == hi:  # the next live card of the lower one's suit
            m = ONE << hi
    return m


@njit(cache=True, _nrt=False, inline="always")
def card_bit(c):
    """The mask of a played card (empty for ``NO_SEAT``)."""
    return np.int64(0) if c == NO_SEAT else ONE << c


@njit(cache=True, _nrt=False)
def two_tricks(h, s0, s1, s2, s3, nplay, mteam, alpha, beta):
    """Makers' tricks in the last two tricks: ``s0`` leads, ``s1``.. follow (``nplay`` active
    seats; ``s2``/``s3`` are ignored when they sit out), every active hand of ``h`` holds two
    cards. A side stops looking once its best reaches the window's edge (or 2, or 0)."""
    h0 = h[s0]
    h1 = h[s1]
    h2 = h[s2] if nplay > 2 else np.int64(0)
    h3 = h[s3] if nplay > 3 else np.int64(0)
    live = h0 | h1 | h2 | h3
    makers = (h[0] | h[2]) if mteam == 0 else (h[1] | h[3])  # seats sitting out hold nothing
    hi_stop = min(beta, np.int64(2))
    lo_stop = max(alpha, np.int64(0))
    x0 = (s0 & 1) == mteam
    x1 = (s1 & 1) == mteam
    x2 = (s2 & 1) == mteam
    x3 = (s3 & 1) == mteam
    v0 = np.int64(-1) if x0 else np.int64(3)
    m0 = choices(h0, h0, live, True)
    while m0:
        a = ctz(m0)
        m0 &= m0 - 1
        suit = SUIT_EFF[ESUIT[a]]
        wins = CONTEST[a]
        l2 = choices(h2, suit, live, nplay > 2)
        l3 = choices(h3, suit, live, nplay > 3)
        v1 = np.int64(-1) if x1 else np.int64(3)
        m1 = choices(h1, suit, live, True)
        while m1:
            b = ctz(m1)
            m1 &= m1 - 1
            v2 = np.int64(-1) if x2 else np.int64(3)
            m2 = l2
            while m2:
                c = ctz(m2)
                m2 &= m2 - 1
                v3 = np.int64(-1) if x3 else np.int64(3)
                m3 = l3
                while m3:
                    d = ctz(m3)
                    m3 &= m3 - 1
                    played = (ONE << a) | (ONE << b) | card_bit(c) | card_bit(d)
                    top = 63 - clz(played & wins)
                    # the winner's hand (the one holding the top card) leads the last trick
                    hw = ((h0 & -((h0 >> top) & 1)) | (h1 & -((h1 >> top) & 1))
                          | (h2 & -((h2 >> top) & 1)) | (h3 & -((h3 >> top) & 1)))
                    rest = live & ~played
                    top2 = 63 - clz(rest & CONTEST[ctz(hw & rest)])
                    v = ((makers >> top) & 1) + ((makers >> top2) & 1)
                    v3 = better(v3, v, x3)
                    if settled(v3, x3, lo_stop, hi_stop):
                        break
                v2 = better(v2, v3, x2)
                if settled(v2, x2, lo_stop, hi_stop):
                    break
            v1 = better(v1, v2, x1)
            if settled(v1, x1, lo_stop, hi_stop):
                break
        v0 = better(v0, v1, x0)
        if settled(v0, x0, lo_stop, hi_stop):
            break
    return v0


@njit(cache=True, _nrt=False, inline="always")
def last_two(h, seat, nxtp, nplay, mteam, alpha, beta):
    """``two_tricks`` from a trick boundary where ``seat`` leads (seats from ``nxtp``)."""
    s1 = next_seat(nxtp, seat)
    s2 = next_seat(nxtp, s1)
    return two_tricks(h, seat, s1, s2, next_seat(nxtp, s2), nplay, mteam, alpha, beta)
