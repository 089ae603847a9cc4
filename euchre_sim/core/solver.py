"""Double-dummy (open-hand) solver kernels: the exact number of tricks the makers take from a
play position when every hand is visible and both sides play perfectly (docs/solver.md).

The search works on effective hands (``tables``: a higher bit is always a stronger card), so a
trick is decided by comparing bit indices. It is a fail-soft alpha-beta over single card plays
(makers maximise, defenders minimise), iterative with an explicit stack (numba cannot cache a
recursive function), with

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
* the last trick evaluated directly.

Positions travel as int64 rows (``P_*``, natural card ids). Kernels allocate nothing and take
their work arrays from the caller (``new_table``); ``solve_rows`` is the parallel batch entry.
"""

import numpy as np
from numba import njit, prange

from .bits import clz, ctz, popcount
from .hands import to_effective
from .tables import EFF, ESUIT, NAT, SUIT_EFF, TRUMP_MASK

ONE = np.int64(1)

# ---- a position row (int64, natural card ids) ----
P_HAND = 0  # 4 natural hands (masks of the cards still held), seats 0..3
P_TRUMP = 4  # trump suit 0..3
P_MAKER = 5  # maker seat
P_LEADER = 6  # the seat that leads (led) the current trick
P_OUT_A = 7  # a seat sitting out, or -1
P_OUT_B = 8  # a second seat sitting out, or -1
P_NTRICK = 9  # cards already played to the current trick (0..3)
P_TRICK = 10  # those cards (natural ids), in order from the leader: 3 slots
P_WON = 13  # tricks the makers have already won
P_NFB = 14  # 1: no_first_blood applies to the first lead of the hand
P_SIZE = 15

# ---- the transposition table: one int64 array, see new_table ----
TT_BITS = 12
TT_SIZE = 1 << TT_BITS
TT_STAMP = 2 * TT_SIZE  # slot of the current search stamp
TT_NODES = TT_STAMP + 1  # slot counting the nodes searched (statistics)
TT_BEST = TT_STAMP + 2  # slot where the root search writes its best card (effective bit)
STACK = TT_STAMP + 3  # the search stack: MAX_DEPTH frames of NF slots
MAX_DEPTH = 24
(F_SEAT, F_POS, F_LED, F_WCARD, F_WSEAT, F_LIVE, F_TABLE, F_ALPHA, F_BETA, F_A0, F_B0, F_BEST,
 F_BESTC, F_FIRST, F_SECOND, F_DESC, F_HAND, F_SLOT, F_KEY, F_LO, F_HI, F_CARD, F_T) = range(23)
NF = 24
TT_LEN = STACK + MAX_DEPTH * NF
ENTER, NEXT, RETURN, DONE = range(4)
STAMP_LIMIT = 1 << 26
HASH_MUL = np.int64(-7046029254386353131)  # 0x9E3779B97F4A7C15 as a signed int64

# ---- solve_full outputs ----
MAX_PLAYS = 20
O_VALUE = 0  # makers' total tricks (those already won included)
O_BEST = 1  # best card for the player to move (natural id)
O_NPV = 2  # length of the principal variation
O_PV = 3  # the principal variation: natural cards, MAX_PLAYS slots
O_NCARDS = O_PV + MAX_PLAYS  # number of legal cards
O_CARDS = O_NCARDS + 1  # the legal cards (natural ids, ascending strength): 5 slots
O_VALUES = O_CARDS + 5  # the value (makers' total tricks) after each of them: 5 slots
O_SIZE = O_VALUES + 5


@njit(cache=True)
def new_table():
    """The work array of one solving thread: transposition table, counters, search stack."""
    return np.zeros(TT_LEN, np.int64)


@njit(cache=True, _nrt=False, inline="always")
def next_seat(nxtp, seat):
    """The next active seat clockwise (``nxtp`` packs it in 2 bits per seat)."""
    return (nxtp >> (2 * seat)) & 3


@njit(cache=True, _nrt=False, inline="always")
def next_seat_map(out_a, out_b):
    """The next active seat of every seat, packed 2 bits a seat (``next_seat`` reads it)."""
    nxtp = np.int64(0)
    for s in range(4):
        t = (s + 1) & 3
        while t == out_a or t == out_b:
            t = (t + 1) & 3
        nxtp |= np.int64(t) << (2 * s)
    return nxtp


@njit(cache=True, _nrt=False, inline="always")
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


@njit(cache=True, _nrt=False, inline="always")
def representatives(legal, hand, live):
    """Of each run of equivalent cards in ``legal`` keep only the highest: a card is dropped
    when the next higher live card of its suit is the mover's own."""
    reps = legal
    m = legal
    while m:
        c = ctz(m)
        m &= m - 1
        above = SUIT_EFF[ESUIT[c]] & live & ~((ONE << (c + 1)) - 1)
        if above and (hand >> ctz(above)) & 1:
            reps &= ~(ONE << c)
    return reps


@njit(cache=True, _nrt=False, inline="always")
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
            if (SUIT_EFF[ESUIT[c]] & live & ~hand & ~((ONE << (c + 1)) - 1)) == 0:
                boss |= ONE << c
        return boss, reps & ~boss, True
    if (wseat & 1) == (seat & 1):
        return reps, np.int64(0), False
    beat = reps & (SUIT_EFF[led] | TRUMP_MASK) & ~((ONE << (wcard + 1)) - 1)
    return beat, reps & ~beat, False


@njit(cache=True, _nrt=False, inline="always")
def pop_card(m, desc):
    """The next card of a group in the search order."""
    if desc:
        return 63 - clz(m)
    return ctz(m)


@njit(cache=True, _nrt=False, inline="always")
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


@njit(cache=True, _nrt=False, inline="always")
def last_trick(h, seat, nxtp, nplay, mteam):
    """1 if the makers win the last trick (every active hand holds one card), else 0."""
    c = ctz(h[seat])
    fot = SUIT_EFF[ESUIT[c]] | TRUMP_MASK
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
def search(h, tt, nxtp, nplay, mteam, nfb, seat, pos, led, wcard, wseat, live, table,
           alpha, beta):
    """Makers' tricks from the current trick on: fail-soft alpha-beta within ``alpha, beta``,
    iterative (an explicit stack of frames in ``tt``; numba cannot cache recursive functions).

    ``h``: effective hands (changed during the search, restored on return); ``live``: the cards
    in the hands at the start of the current trick; ``table``: the cards played to it so far.
    The best card of the root (the position given) is written to ``tt[TT_BEST]``; the root's
    value is exact when it lies strictly inside the window.
    """
    d = 0
    v = np.int64(0)
    mode = ENTER
    nodes = 0
    while True:
        f = STACK + d * NF
        if mode == ENTER:
            # a new node at depth d: its state is in the local variables
            nodes += 1
            hand = h[seat]
            slot = -1
            key = np.int64(0)
            lo = np.int64(0)
            hi = np.int64(5)
            if pos == 0:
                n = popcount(hand)
                if n == 0:
                    v = np.int64(0)
                    mode = RETURN
                    continue
                if d > 0:
                    if n == 1:
                        v = last_trick(h, seat, nxtp, nplay, mteam)
                        mode = RETURN
                        continue
                    if beta <= 0:
                        v = np.int64(0)
                        mode = RETURN
                        continue
                    if alpha >= n:
                        v = n
                        mode = RETURN
                        continue
                hi = n
                if d > 0:
                    # the holder of the top live trumps wins a trick with each of them
                    trumps = live & TRUMP_MASK
                    if trumps:
                        top = 63 - clz(trumps)
                        owner = 0
                        while not (h[owner] >> top) & 1:
                            owner += 1
                        mine = h[owner]
                        run = 0
                        while trumps and (mine >> (63 - clz(trumps))) & 1:
                            run += 1
                            trumps &= ~(ONE << (63 - clz(trumps)))
                        if (owner & 1) == mteam:
                            lo = run
                            if lo >= beta:
                                v = lo
                                mode = RETURN
                                continue
                        else:
                            hi = n - run
                            if hi <= alpha:
                                v = hi
                                mode = RETURN
                                continue
                key = live | (seat << 34) | (tt[TT_STAMP] << 36)
                slot = 2 * (((key * HASH_MUL) >> (64 - TT_BITS)) & (TT_SIZE - 1))
                if tt[slot] == key:
                    data = tt[slot + 1]
                    lo = max(lo, data & 15)
                    hi = min(hi, data >> 4)
                if d > 0:  # the root is searched in full, for its best card
                    if lo >= beta or lo == hi:
                        v = lo
                        mode = RETURN
                        continue
                    if hi <= alpha:
                        v = hi
                        mode = RETURN
                        continue
                    if lo > alpha:
                        alpha = lo
                    if hi < beta:
                        beta = hi
            legal = legal_cards(hand, pos, led, nfb)
            reps = representatives(legal, hand, live)
            first, second, desc = ordered_groups(reps, hand, live, seat, pos, led, wcard, wseat)
            tt[f + F_SEAT] = seat
            tt[f + F_POS] = pos
            tt[f + F_LED] = led
            tt[f + F_WCARD] = wcard
            tt[f + F_WSEAT] = wseat
            tt[f + F_LIVE] = live
            tt[f + F_TABLE] = table
            tt[f + F_ALPHA] = alpha
            tt[f + F_BETA] = beta
            tt[f + F_A0] = alpha
            tt[f + F_B0] = beta
            tt[f + F_BEST] = -1 if (seat & 1) == mteam else 99
            tt[f + F_BESTC] = -1
            tt[f + F_FIRST] = first
            tt[f + F_SECOND] = second
            tt[f + F_DESC] = desc
            tt[f + F_HAND] = hand
            tt[f + F_SLOT] = slot
            tt[f + F_KEY] = key
            tt[f + F_LO] = lo
            tt[f + F_HI] = hi
            mode = NEXT
        elif mode == RETURN:
            # the node at depth d is worth v: hand it to its parent
            if d == 0:
                break
            d -= 1
            f = STACK + d * NF
            seat = tt[f + F_SEAT]
            h[seat] = tt[f + F_HAND]
            v += tt[f + F_T]
            alpha = tt[f + F_ALPHA]
            beta = tt[f + F_BETA]
            best = tt[f + F_BEST]
            if (seat & 1) == mteam:
                if v > best:
                    tt[f + F_BEST] = v
                    tt[f + F_BESTC] = tt[f + F_CARD]
                    if v > alpha:
                        tt[f + F_ALPHA] = v
                        alpha = v
            elif v < best:
                tt[f + F_BEST] = v
                tt[f + F_BESTC] = tt[f + F_CARD]
                if v < beta:
                    tt[f + F_BETA] = v
                    beta = v
            mode = DONE if alpha >= beta else NEXT
        if mode == NEXT:
            # play the next card of the node at depth d, or finish the node
            first = tt[f + F_FIRST]
            second = tt[f + F_SECOND]
            if first == 0 and second == 0:
                mode = DONE
            else:
                desc = tt[f + F_DESC] != 0
                if first:
                    c = pop_card(first, desc)
                    tt[f + F_FIRST] = first & ~(ONE << c)
                else:
                    c = ctz(second)
                    tt[f + F_SECOND] = second & ~(ONE << c)
                seat = tt[f + F_SEAT]
                hand = tt[f + F_HAND]
                seat, pos, led, wcard, wseat, live, table, t = after_play(
                    c, seat, tt[f + F_POS], tt[f + F_LED], tt[f + F_WCARD], tt[f + F_WSEAT],
                    tt[f + F_LIVE], tt[f + F_TABLE], nxtp, nplay, mteam)
                h[tt[f + F_SEAT]] = hand & ~(ONE << c)
                tt[f + F_CARD] = c
                tt[f + F_T] = t
                alpha = tt[f + F_ALPHA] - t
                beta = tt[f + F_BETA] - t
                d += 1
                mode = ENTER
                continue
        if mode == DONE:
            # every card tried (or a cutoff): store the bound, return the value
            best = tt[f + F_BEST]
            slot = tt[f + F_SLOT]
            if slot >= 0:
                lo = tt[f + F_LO]
                hi = tt[f + F_HI]
                if best <= tt[f + F_A0]:
                    if best < hi:
                        hi = best
                elif best >= tt[f + F_B0]:
                    if best > lo:
                        lo = best
                else:
                    lo = best
                    hi = best
                tt[slot] = tt[f + F_KEY]
                tt[slot + 1] = lo | (hi << 4)
            if d == 0:
                tt[TT_BEST] = tt[f + F_BESTC]
            v = best
            mode = RETURN
    tt[TT_NODES] += nodes
    return v


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
    trump = row[P_TRUMP]
    out_a = row[P_OUT_A]
    out_b = row[P_OUT_B]
    nplay = 4
    for s in range(4):
        if s == out_a or s == out_b:
            h[s] = 0
            nplay -= 1
        else:
            h[s] = to_effective(row[P_HAND + s], trump)
    nxtp = next_seat_map(out_a, out_b)
    mteam = row[P_MAKER] & 1
    live = h[0] | h[1] | h[2] | h[3]
    seat = row[P_LEADER]
    led = -1
    wcard = -1
    wseat = seat
    table = np.int64(0)
    ntrick = row[P_NTRICK]
    for k in range(ntrick):  # replay the cards on the table (the trick is not complete)
        c = EFF[trump, row[P_TRICK + k]]
        live |= ONE << c
        seat, _, led, wcard, wseat, _, table, _ = after_play(
            c, seat, k, led, wcard, wseat, live, table, nxtp, nplay, mteam)
    nfb = row[P_NFB] != 0 and row[P_WON] == 0
    return nxtp, nplay, mteam, nfb, seat, ntrick, led, wcard, wseat, live, table, row[P_WON]


@njit(cache=True, _nrt=False, inline="always")
def solve_value(row, h, tt):
    """Makers' total tricks for a position row and the best card (natural id) to play."""
    nxtp, nplay, mteam, nfb, seat, pos, led, wcard, wseat, live, table, won = setup(row, h)
    next_stamp(tt)
    v = search(h, tt, nxtp, nplay, mteam, nfb, seat, pos, led, wcard, wseat, live, table,
               np.int64(-1), np.int64(6))
    return won + v, NAT[row[P_TRUMP], tt[TT_BEST]]


@njit(cache=True, _nrt=False)
def solve_one(row, h, tt, out):
    """One position row: ``out[0]`` = makers' total tricks, ``out[1]`` = best card."""
    v, c = solve_value(row, h, tt)
    out[0] = v
    out[1] = c


@njit(cache=True, _nrt=False)
def solve_range(rows, lo, hi, h, tt, out):
    """Rows ``lo .. hi-1``: ``out[i, 0]`` makers' total tricks, ``out[i, 1]`` best card."""
    for i in range(lo, hi):
        v, c = solve_value(rows[i], h, tt)
        out[i, 0] = v
        out[i, 1] = c


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
    trump = row[P_TRUMP]
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
            above = SUIT_EFF[ESUIT[r]] & live & ~((ONE << (r + 1)) - 1)
            r = ctz(above)
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
