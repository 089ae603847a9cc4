"""Double-dummy (open-hand) solver kernels: the exact number of tricks the makers take from a
play position when every hand is visible and both sides play perfectly (docs/solver.md).

The search works on effective hands (``tables``: a higher bit is always a stronger card), so a
trick is decided by comparing bit indices. It is a fail-soft alpha-beta over single card plays
(makers maximise, defenders minimise). Numba cannot cache a recursive function, but a hand has
at most five tricks: one function per trick level and per player still to play, specialised by
the function it hands over to (``try_cards(then, nextf, ...)``), makes the recursion a fixed
chain of calls, with

* a transposition table probed at trick boundaries, keyed on the set of cards still in the
  hands plus the leader (cards never change hands, so that set fixes every hand), holding a
  lower and an upper bound on the makers' tricks still to come;
* bounds at trick boundaries: ``[0, tricks left]``, and the holder of the ``j`` highest live
  trumps wins at least ``j`` more tricks;
* equivalent-card pruning: of a player's cards of one suit that no other live card separates
  (cards on the table are live, cards of finished tricks are not), only the highest is tried;
* move ordering: a leader tries his sure winners from the top down, then the rest from the
  bottom up; a follower tries the cards that take the lead (lowest first), then the rest, or
  everything lowest first when his partner is winning;
* the last two tricks by direct minimax (``endgame.two_tricks``), the last one directly.

Positions travel as int64 rows (``P_*``, natural card ids). Kernels allocate nothing and take
their work arrays from the caller (``new_table``); ``solve_rows`` is the parallel batch entry.
"""

import numpy as np
from numba import njit, prange

from ..common import layout as L
from ..common.bits import ctz, popcount
from .endgame import last_two
from .hands import to_effective
from .tables import ABOVE, EFF, NAT, NT_BASE, TRUMP_MASK
from .trick import (
    after_play,
    last_trick,
    legal_cards,
    next_seat_map,
    ordered_groups,
    pop_card,
    representatives,
    top_trumps,
)

ONE = np.int64(1)

# ---- a position row (int64, natural card ids) ----
POS_HAND = 0  # 4 natural hands (masks of the cards still held), seats 0..3
POS_TRUMP = 4  # trump suit 0..3
POS_MAKER = 5  # maker seat
POS_LEADER = 6  # the seat that leads (led) the current trick
POS_OUT_A = 7  # a seat sitting out, or -1
POS_OUT_B = 8  # a second seat sitting out, or -1
POS_NTRICK = 9  # cards already played to the current trick (0..3)
POS_TRICK = 10  # those cards (natural ids), in order from the leader: 3 slots
POS_WON = 13  # tricks the makers have already won
POS_NFB = 14  # 1: no_first_blood applies to the first lead of the hand
POS_SIZE = 15

# ---- the transposition table: one int64 array, see new_table ----
TT_BITS = 12
TT_SIZE = 1 << TT_BITS
TT_STAMP = 2 * TT_SIZE  # slot of the current search stamp
LIVE_KEY = np.int64((1 << NT_BASE) - 1)  # the bits of the trump layouts in a table key
TT_NODES = TT_STAMP + 1  # slot counting the nodes searched (statistics)
TT_BEST = TT_STAMP + 2  # slot where the root search writes its best card (effective bit)
TT_LEN = TT_STAMP + 3
STAMP_LIMIT = 1 << 26
HASH_MUL = np.int64(-7046029254386353131)  # 0x9E3779B97F4A7C15 as a signed int64

# ---- solve_full outputs ----
O_VALUE = 0  # makers' total tricks (those already won included)
O_BEST = 1  # best card for the player to move (natural id)
O_NPV = 2  # length of the principal variation
O_PV = 3  # the principal variation: natural cards, MAX_PLAYS slots
O_NCARDS = O_PV + L.MAX_PLAYS  # number of legal cards
O_CARDS = O_NCARDS + 1  # the legal cards (natural ids, ascending strength): 5 slots
O_VALUES = O_CARDS + 5  # the value (makers' total tricks) after each of them: 5 slots
O_SIZE = O_VALUES + 5


@njit(cache=True)
def new_table():
    """The work array of one solving thread: transposition table and counters."""
    return np.zeros(TT_LEN, np.int64)


@njit(cache=True, _nrt=False)
def fold(best, alpha, beta, v, maxi):
    """Alpha-beta bookkeeping after a card worth ``v`` to the side to move (``maxi``: the
    makers): (best, alpha, beta)."""
    if maxi:
        if v > best:
            best = v
            if v > alpha:
                alpha = v
    elif v < best:
        best = v
        if v < beta:
            beta = v
    return best, alpha, beta


@njit(cache=True, _nrt=False, inline="always")
def try_cards(then, tt, h, seat, pos, led, wcard, wseat, live, table, nxtp, nplay, mteam, alpha,
              beta, nfb, root):
    """Fail-soft alpha-beta over the cards ``seat`` may play (the search's order, one of each
    run of equivalent cards; ``nfb``: a first lead under no_first_blood): a card is worth its
    trick (1 if it ends one the makers win) plus ``then`` from the state after it. At the
    ``root``, the first card worth the most goes to ``tt[TT_BEST]``."""
    tt[TT_NODES] += 1
    hand = h[seat]
    maxi = (seat & 1) == mteam
    best = np.int64(-1) if maxi else np.int64(99)
    reps = representatives(legal_cards(hand, pos, led, nfb), hand, live)
    first, second, desc = ordered_groups(reps, hand, live, seat, pos, led, wcard, wseat)
    while first | second:
        if first:
            c = pop_card(first, desc)
            first &= ~(ONE << c)
        else:
            c = ctz(second)
            second &= ~(ONE << c)
        ns, npos, nled, nw, nws, nlive, ntable, t = after_play(
            c, seat, pos, led, wcard, wseat, live, table, nxtp, nplay, mteam)
        h[seat] = hand & ~(ONE << c)
        v = t + then(tt, h, ns, npos, nled, nw, nws, nlive, ntable, nxtp, nplay, mteam,
                     alpha - t, beta - t)
        h[seat] = hand
        if root and ((v > best) if maxi else (v < best)):
            tt[TT_BEST] = c
        best, alpha, beta = fold(best, alpha, beta, v, maxi)
        if alpha >= beta:
            break
    return best


def trick_search(nextf):
    """Kernels searching the rest of a trick, then ``nextf`` (``at_four`` .. ``at_two``) from
    the boundary after it: one per number of players still to play, each handing over to the
    next, so that the search's recursion over the hand's (at most five) tricks is a fixed chain
    of calls that numba can compile and cache. Returns ``rest_of_trick(tt, h, seat, pos, led,
    wcard, wseat, live, table, nxtp, nplay, mteam, alpha, beta)``: makers' tricks from inside a
    trick (``pos`` cards played, ``seat`` to play).

    ``nextf`` is bound in the closures (a constant to numba): a jitted function passed as an
    argument to a compiled call would carry its address and stop the caching."""

    @njit(cache=True, _nrt=False, inline="always")
    def over(tt, h, seat, pos, led, wcard, wseat, live, table, nxtp, nplay, mteam, alpha, beta):
        """The trick is over: ``nextf``, its winner ``seat`` to lead."""
        return nextf(tt, h, seat, live, nxtp, nplay, mteam, alpha, beta)

    @njit(cache=True, _nrt=False, inline="always")
    def one(tt, h, seat, pos, led, wcard, wseat, live, table, nxtp, nplay, mteam, alpha, beta):
        """``seat`` plays the trick's last card."""
        return try_cards(over, tt, h, seat, pos, led, wcard, wseat, live, table, nxtp, nplay,
                         mteam, alpha, beta, False, False)

    @njit(cache=True, _nrt=False)
    def two(tt, h, seat, pos, led, wcard, wseat, live, table, nxtp, nplay, mteam, alpha, beta):
        """``seat`` and one more to play."""
        return try_cards(one, tt, h, seat, pos, led, wcard, wseat, live, table, nxtp, nplay,
                         mteam, alpha, beta, False, False)

    @njit(cache=True, _nrt=False)
    def three(tt, h, seat, pos, led, wcard, wseat, live, table, nxtp, nplay, mteam, alpha,
              beta):
        """``seat`` and two more to play."""
        return try_cards(two, tt, h, seat, pos, led, wcard, wseat, live, table, nxtp, nplay,
                         mteam, alpha, beta, False, False)

    @njit(cache=True, _nrt=False)
    def four(tt, h, seat, pos, led, wcard, wseat, live, table, nxtp, nplay, mteam, alpha,
             beta):
        """``seat`` leads, three more to play."""
        return try_cards(three, tt, h, seat, pos, led, wcard, wseat, live, table, nxtp, nplay,
                         mteam, alpha, beta, False, False)

    @njit(cache=True, _nrt=False, inline="always")
    def rest_of_trick(tt, h, seat, pos, led, wcard, wseat, live, table, nxtp, nplay, mteam,
                      alpha, beta):
        """Makers' tricks from inside a trick, ``nextf`` after it."""
        k = nplay - pos  # players still to play, ``seat`` included
        if k == 1:
            return one(tt, h, seat, pos, led, wcard, wseat, live, table, nxtp, nplay, mteam,
                       alpha, beta)
        if k == 2:
            return two(tt, h, seat, pos, led, wcard, wseat, live, table, nxtp, nplay, mteam,
                       alpha, beta)
        if k == 3:
            return three(tt, h, seat, pos, led, wcard, wseat, live, table, nxtp, nplay, mteam,
                         alpha, beta)
        return four(tt, h, seat, pos, led, wcard, wseat, live, table, nxtp, nplay, mteam,
                    alpha, beta)

    return rest_of_trick


@njit(cache=True, _nrt=False, inline="always")
def store_bound(tt, slot, key, lo, hi, v, alpha, beta):
    """Store in the table what a search within ``alpha, beta`` that returned ``v`` shows,
    with the bounds ``lo, hi`` known before: an upper bound, a lower bound or the value."""
    if v <= alpha:
        hi = min(hi, v)
    elif v >= beta:
        lo = max(lo, v)
    else:
        lo = v
        hi = v
    tt[slot] = key
    tt[slot + 1] = lo | (hi << 4)


@njit(cache=True, _nrt=False, inline="always")
def table_slot(tt, live, seat):
    """(key, slot) of a trick boundary in the transposition table."""
    # the live cards in bits 0..33 (a no-trump deal's, bits 34..57, folded down onto 0..23)
    key = (live & LIVE_KEY) | (live >> NT_BASE) | (seat << 34) | (tt[TT_STAMP] << 36)
    return key, 2 * (((key * HASH_MUL) >> (64 - TT_BITS)) & (TT_SIZE - 1))


@njit(cache=True, _nrt=False, inline="always")
def at_boundary(rest_of_trick, n, tt, h, seat, live, nxtp, nplay, mteam, alpha, beta):
    """Makers' tricks from a trick boundary with ``n`` tricks to play, ``seat`` to lead: the
    window, the top trumps and the table settle it, or the trick is searched
    (``rest_of_trick``) and the table told."""
    if beta <= 0:
        return np.int64(0)
    if alpha >= n:
        return np.int64(n)
    lo = np.int64(0)
    hi = np.int64(n)
    owner, run = top_trumps(h, live & TRUMP_MASK)
    if owner >= 0:
        if (owner & 1) == mteam:
            lo = run
            if lo >= beta:
                return lo
        else:
            hi = n - run
            if hi <= alpha:
                return hi
    key, slot = table_slot(tt, live, seat)
    if tt[slot] == key:
        data = tt[slot + 1]
        lo = max(lo, data & 15)
        hi = min(hi, data >> 4)
    if lo >= beta or lo == hi:
        return lo
    if hi <= alpha:
        return hi
    alpha = max(alpha, lo)
    beta = min(beta, hi)
    none = np.int64(-1)  # (typed values: a literal argument would compile another version)
    v = rest_of_trick(tt, h, seat, np.int64(0), none, none, seat, live, np.int64(0), nxtp,
                      nplay, mteam, alpha, beta)
    store_bound(tt, slot, key, lo, hi, v, alpha, beta)
    return v


# Makers' tricks from a trick boundary, ``seat`` to lead, and (``then_*``) from inside a trick
# followed by two or fewer, three, four tricks.
@njit(cache=True, _nrt=False, inline="always")
def at_two(tt, h, seat, live, nxtp, nplay, mteam, alpha, beta):
    """Two tricks or fewer to play: direct minimax, the last trick forced."""
    n = popcount(h[seat])
    if n == 0:
        return np.int64(0)
    if n == 1:
        return last_trick(h, seat, nxtp, nplay, mteam)
    if beta <= 0:
        return np.int64(0)
    if alpha >= 2:
        return np.int64(2)
    owner, run = top_trumps(h, live & TRUMP_MASK)
    if owner >= 0:
        if (owner & 1) == mteam:
            if run >= beta:
                return run
        elif 2 - run <= alpha:
            return 2 - run
    return last_two(h, seat, nxtp, nplay, mteam, alpha, beta)


then_two = trick_search(at_two)


@njit(cache=True, _nrt=False)
def at_three(tt, h, seat, live, nxtp, nplay, mteam, alpha, beta):
    """Three tricks to play."""
    return at_boundary(then_two, 3, tt, h, seat, live, nxtp, nplay, mteam, alpha, beta)


then_three = trick_search(at_three)


@njit(cache=True, _nrt=False)
def at_four(tt, h, seat, live, nxtp, nplay, mteam, alpha, beta):
    """Four tricks to play."""
    return at_boundary(then_three, 4, tt, h, seat, live, nxtp, nplay, mteam, alpha, beta)


then_four = trick_search(at_four)


@njit(cache=True, _nrt=False)
def solve_from(tt, h, seat, pos, led, wcard, wseat, live, table, nxtp, nplay, mteam, alpha,
               beta):
    """Makers' tricks from the current trick on, ``seat`` to play (``pos`` cards on the
    table), fail-soft within ``alpha, beta``, every shortcut taken at once (no best card; not
    the first lead of the hand: see ``search``)."""
    n = popcount(h[seat])  # tricks to play, the current one included
    if pos == 0:
        if n <= 2:
            return at_two(tt, h, seat, live, nxtp, nplay, mteam, alpha, beta)
        if n == 3:
            return at_three(tt, h, seat, live, nxtp, nplay, mteam, alpha, beta)
        if n == 4:
            return at_four(tt, h, seat, live, nxtp, nplay, mteam, alpha, beta)
    if n <= 3:
        return then_two(tt, h, seat, pos, led, wcard, wseat, live, table, nxtp, nplay, mteam,
                        alpha, beta)
    if n == 4:
        return then_three(tt, h, seat, pos, led, wcard, wseat, live, table, nxtp, nplay, mteam,
                          alpha, beta)
    return then_four(tt, h, seat, pos, led, wcard, wseat, live, table, nxtp, nplay, mteam, alpha,
                     beta)


@njit(cache=True, _nrt=False)
def search(h, tt, nxtp, nplay, mteam, nfb, seat, pos, led, wcard, wseat, live, table,
           alpha, beta):
    """Makers' tricks from the current trick on: fail-soft alpha-beta within ``alpha, beta``
    (exact when the value lies strictly inside), with the root (the position given) searched
    in full: its best card goes to ``tt[TT_BEST]`` (the first in the search's order of those
    worth the most to its player; -1 when the hand is over).

    ``h``: effective hands (changed during the search, restored on return); ``live``: the cards
    in the hands at the start of the current trick; ``table``: the cards played to it so far;
    ``nfb``: no_first_blood applies to this lead."""
    tt[TT_BEST] = -1
    if h[seat] == 0:
        return np.int64(0)
    return try_cards(solve_from, tt, h, seat, pos, led, wcard, wseat, live, table, nxtp, nplay,
                     mteam, alpha, beta, nfb, True)


@njit(cache=True, _nrt=False, inline="always")
def next_stamp(tt):
    """Start a new search: entries of earlier searches stop matching."""
    s = tt[TT_STAMP] + 1
    if s >= STAMP_LIMIT:
        for i in range(TT_LEN):
            tt[i] = 0
        s = 1
    tt[TT_STAMP] = s


@njit(cache=True, _nrt=False, inline="always")
def setup(row, h):
    """Decode a position row: effective hands into ``h`` and the search state
    (nxtp, nplay, mteam, nfb, seat, pos, led, wcard, wseat, live, table, won)."""
    trump = row[POS_TRUMP]
    out_a = row[POS_OUT_A]
    out_b = row[POS_OUT_B]
    nplay = np.int64(4)
    for s in range(4):
        if s == out_a or s == out_b:
            h[s] = 0
            nplay -= 1
        else:
            h[s] = to_effective(row[POS_HAND + s], trump)
    nxtp = next_seat_map(out_a, out_b)
    mteam = row[POS_MAKER] & 1
    live = h[0] | h[1] | h[2] | h[3]
    seat = row[POS_LEADER]
    led = np.int64(-1)
    wcard = np.int64(-1)
    wseat = seat
    table = np.int64(0)
    ntrick = row[POS_NTRICK]
    for k in range(ntrick):  # replay the cards on the table (the trick is not complete)
        c = EFF[trump, row[POS_TRICK + k]]
        live |= ONE << c
        seat, _, led, wcard, wseat, _, table, _ = after_play(
            c, seat, k, led, wcard, wseat, live, table, nxtp, nplay, mteam)
    nfb = row[POS_NFB] != 0 and row[POS_WON] == 0
    return nxtp, nplay, mteam, nfb, seat, ntrick, led, wcard, wseat, live, table, row[POS_WON]


@njit(cache=True, _nrt=False, inline="always")
def solve_value(row, h, tt):
    """Makers' total tricks for a position row and the best card (natural id) to play."""
    nxtp, nplay, mteam, nfb, seat, pos, led, wcard, wseat, live, table, won = setup(row, h)
    next_stamp(tt)
    v = search(h, tt, nxtp, nplay, mteam, nfb, seat, pos, led, wcard, wseat, live, table,
               np.int64(-1), np.int64(6))
    return won + v, NAT[row[POS_TRUMP], tt[TT_BEST]]


@njit(cache=True, _nrt=False)
def solve_one(row, h, tt, out):
    """One position row: ``out[O_VALUE]`` = makers' total tricks, ``out[O_BEST]`` = best card."""
    v, c = solve_value(row, h, tt)
    out[O_VALUE] = v
    out[O_BEST] = c


@njit(cache=True, _nrt=False)
def solve_range(rows, lo, hi, h, tt, out):
    """Rows ``lo .. hi-1``: ``out[i, O_VALUE]`` makers' total tricks, ``out[i, O_BEST]`` best
    card."""
    for i in range(lo, hi):
        v, c = solve_value(rows[i], h, tt)
        out[i, O_VALUE] = v
        out[i, O_BEST] = c


@njit(cache=True, parallel=True)
def solve_rows(rows, out, block):
    """Solve every row in parallel (``prange`` over blocks of ``block`` rows)."""
    n = rows.shape[0]
    nblocks = (n + block - 1) // block
    for b in prange(nblocks):
        lo = b * block
        hi = min(n, lo + block)
        h = np.zeros(4, np.int64)
        tt = new_table()
        solve_range(rows, lo, hi, h, tt, out)


@njit(cache=True, _nrt=False)
def solve_full(row, h, tt, out):
    """Everything about one position row into ``out`` (``O_*``): the value, the best card,
    the value of each legal card and a principal variation."""
    trump = row[POS_TRUMP]
    nxtp, nplay, mteam, nfb, seat, pos, led, wcard, wseat, live, table, won = setup(row, h)
    next_stamp(tt)
    total = search(h, tt, nxtp, nplay, mteam, nfb, seat, pos, led, wcard, wseat, live, table,
                   np.int64(-1), np.int64(6))
    out[O_VALUE] = won + total
    out[O_BEST] = NAT[trump, tt[TT_BEST]]

    # the value of every legal card (equivalent cards share their run's top card's value)
    hand = h[seat]
    legal = legal_cards(hand, pos, led, nfb)
    reps = representatives(legal, hand, live)
    k = 0
    m = legal
    while m:
        c = ctz(m)
        m &= m - 1
        r = c
        while not (reps >> r) & 1:
            r = ctz(ABOVE[r] & live)
        ns, npos, nled, nw, nws, nlive, ntable, t = after_play(
            r, seat, pos, led, wcard, wseat, live, table, nxtp, nplay, mteam)
        h[seat] = hand & ~(ONE << r)
        v = t + search(h, tt, nxtp, nplay, mteam, nfb, ns, npos, nled, nw, nws, nlive, ntable,
                       np.int64(-1), np.int64(6))
        h[seat] = hand
        out[O_CARDS + k] = NAT[trump, c]
        out[O_VALUES + k] = won + v
        k += 1
    out[O_NCARDS] = k

    # a principal variation: at each turn the weakest card keeping the value
    npv = 0
    goal = total
    while h[seat] != 0:
        hand = h[seat]
        m = legal_cards(hand, pos, led, nfb)
        chosen = -1
        while m and chosen < 0:
            c = ctz(m)
            m &= m - 1
            ns, npos, nled, nw, nws, nlive, ntable, t = after_play(
                c, seat, pos, led, wcard, wseat, live, table, nxtp, nplay, mteam)
            h[seat] = hand & ~(ONE << c)
            v = t + search(h, tt, nxtp, nplay, mteam, nfb, ns, npos, nled, nw, nws, nlive,
                           ntable, goal - 1 - t, goal + 1 - t)
            h[seat] = hand
            if v == goal:
                chosen = c
        if chosen < 0:  # cannot happen: some card keeps the value
            break
        ns, npos, nled, nw, nws, nlive, ntable, t = after_play(
            chosen, seat, pos, led, wcard, wseat, live, table, nxtp, nplay, mteam)
        h[seat] = hand & ~(ONE << chosen)
        out[O_PV + npv] = NAT[trump, chosen]
        npv += 1
        goal -= t
        seat, pos, led, wcard, wseat, live, table = ns, npos, nled, nw, nws, nlive, ntable
    out[O_NPV] = npv
