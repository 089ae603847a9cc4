"""Perfect-information Monte Carlo (PIMC) card play.

At each of its card plays the player deals the cards he cannot see many times ("worlds"),
consistently with what he has seen (his hand, the up-card and whether the dealer took it, his
own discard, every card played, the suits each player has shown out of), solves each world
exactly with the double-dummy solver, and plays the card with the best average score for his
side (points won minus points lost). Bidding and the other decisions are the scripted family's
(the same parameter row), so a PIMC strategy is a scripted strategy that plays its cards by
search. Worlds are drawn from the deal's own random stream: runs stay reproducible.
"""

import numpy as np
from numba import njit

from ..rules import R_DECK, R_SUPER_EUCHRE
from .bits import ctz, kth_bit, popcount
from .hands import to_effective, voids_of
from .layout import (
    G_ALONE,
    G_DEALER,
    G_DEFENDER,
    G_DISCARD,
    G_HAND,
    G_LED,
    G_MAKER,
    G_OUT_A,
    G_OUT_B,
    G_PLAYED,
    G_POS,
    G_ROUND,
    G_TRICK,
    G_TRICK_CARD,
    G_TRICKS0,
    G_TRICKS1,
    G_TRUMP,
    G_UP,
    G_WIN_CARD,
    G_WIN_SEAT,
)
from .rng import below
from .scripted import N_Q
from .solver import after_play, next_seat_map, next_stamp, search
from .tables import DECK_NAT, EFF, SUIT_EFF, TRUMP_MASK

ONE = np.int64(1)
Q_PIMC_WORLDS = N_Q  # parameter slot: number of worlds per decision (after the scripted ones)
MAX_TRIES = 16

# layout of the PIMC part of the work array (after the solver's table)
W_H = 0  # 4 sampled effective hands
W_SUM = 4  # 5 running score sums, one per candidate card
W_CAND = 9  # 5 candidate cards (effective bits)
W_NCAND = 14
W_SIZE = 16


@njit(cache=True, _nrt=False)
def deck_effective(rules, trump):
    d = rules[R_DECK]
    row = 0 if d == 24 else (1 if d == 25 else (2 if d == 32 else 3))
    return to_effective(DECK_NAT[row], trump)


@njit(cache=True, _nrt=False)
def sample_world(g, seat, rules, rng, w):
    """Deal the unseen cards to the other active players, consistently with what ``seat``
    knows, into ``w[W_H .. W_H+3]``. Returns False if no consistent world was found (then
    the voids are ignored)."""
    trump = g[G_TRUMP]
    dealer = g[G_DEALER]
    own = g[G_HAND + seat]
    played = g[G_PLAYED]
    up = EFF[trump, g[G_UP]]
    out_a = g[G_OUT_A]
    out_b = g[G_OUT_B]
    known_out = played
    up_to_dealer = False
    if g[G_ROUND] == 2 or dealer == out_a or dealer == out_b:
        known_out |= ONE << up  # turned down, or left on the table by a sitting-out dealer
    elif seat != dealer and not (played >> up) & 1:
        up_to_dealer = True  # the dealer took it up and has not played it yet
    if seat == dealer and g[G_DISCARD] >= 0:
        known_out |= ONE << g[G_DISCARD]
    unknown = deck_effective(rules, trump) & ~own & ~known_out
    if up_to_dealer:
        unknown &= ~(ONE << up)
    need0 = 0
    need1 = 0
    need2 = 0
    need3 = 0
    for s in range(4):
        n = 0
        if s != seat and s != out_a and s != out_b:
            n = 5 - g[G_TRICK] - (1 if g[G_TRICK_CARD + s] >= 0 else 0)
            if up_to_dealer and s == dealer:
                n -= 1
        if s == 0:
            need0 = n
        elif s == 1:
            need1 = n
        elif s == 2:
            need2 = n
        else:
            need3 = n
    for attempt in range(MAX_TRIES + 1):
        use_voids = attempt < MAX_TRIES
        pool = unknown
        ok = True
        for s in range(4):
            w[W_H + s] = 0
        w[W_H + seat] = own
        if up_to_dealer:
            w[W_H + dealer] = ONE << up
        # the most constrained seats first: those with shown voids
        for phase in range(2):
            for s in range(4):
                n = need0 if s == 0 else (need1 if s == 1 else (need2 if s == 2 else need3))
                if n == 0:
                    continue
                voids = voids_of(g, s) if use_voids else 0
                if (voids != 0) != (phase == 0):
                    continue
                allowed = pool
                for e in range(4):
                    if (voids >> e) & 1:
                        allowed &= ~(SUIT_EFF[e] if e < 3 else TRUMP_MASK)
                if popcount(allowed) < n:
                    ok = False
                    break
                for _ in range(n):
                    c = kth_bit(allowed, below(rng, popcount(allowed)))
                    allowed &= ~(ONE << c)
                    pool &= ~(ONE << c)
                    w[W_H + s] |= ONE << c
            if not ok:
                break
        if ok:
            return use_voids
    return False


@njit(cache=True, _nrt=False, inline="always")
def side_score(mtricks, maker_team, team, alone, lone_defender, super_euchre):
    """Points of ``team`` minus points of the other team for a deal the makers end with
    ``mtricks`` tricks."""
    if mtricks >= 3:
        pts = 1
        if mtricks == 5:
            pts = 4 if alone else 2
        return pts if team == maker_team else -pts
    pts = 4 if (lone_defender or (super_euchre and mtricks == 0)) else 2
    return -pts if team == maker_team else pts


@njit(cache=True, _nrt=False)
def pimc_evaluate(g, seat, rules, rng, legal, worlds, tt, w):
    """Average score for ``seat``'s side of each legal card over ``worlds`` sampled worlds.

    Candidates go to ``w[W_CAND..]`` (ascending strength), their score sums to ``w[W_SUM..]``
    (divide by ``worlds`` for the average); returns the number of candidates."""
    maker = g[G_MAKER]
    mteam = maker & 1
    team = seat & 1
    alone = g[G_ALONE] == 1
    lone_def = g[G_DEFENDER] >= 0
    sup = rules[R_SUPER_EUCHRE] != 0
    out_a = g[G_OUT_A]
    out_b = g[G_OUT_B]
    nplay = 4 - (1 if out_a >= 0 else 0) - (1 if out_b >= 0 else 0)
    nxtp = next_seat_map(out_a, out_b)
    won = g[G_TRICKS1] if mteam else g[G_TRICKS0]
    pos = g[G_POS]
    led = g[G_LED] if pos > 0 else -1
    wcard = g[G_WIN_CARD] if pos > 0 else -1
    wseat = g[G_WIN_SEAT] if pos > 0 else seat
    table = np.int64(0)
    for s in range(4):
        if g[G_TRICK_CARD + s] >= 0:
            table |= ONE << g[G_TRICK_CARD + s]
    n = 0
    m = legal
    while m:
        c = ctz(m)
        m &= m - 1
        w[W_CAND + n] = c
        w[W_SUM + n] = 0
        n += 1
    w[W_NCAND] = n
    h = w[W_H:W_H + 4]
    for _ in range(worlds):
        sample_world(g, seat, rules, rng, w)
        live = h[0] | h[1] | h[2] | h[3] | table
        hand = h[seat]
        for k in range(n):
            c = w[W_CAND + k]
            ns, npos, nled, nw, nws, nlive, ntable, t = after_play(
                c, seat, pos, led, wcard, wseat, live, table, nxtp, nplay, mteam)
            h[seat] = hand & ~(ONE << c)
            next_stamp(tt)
            rest = search(h, tt, nxtp, nplay, mteam, False, ns, npos, nled, nw, nws, nlive,
                          ntable, np.int64(-1), np.int64(6))
            h[seat] = hand
            w[W_SUM + k] += side_score(won + t + rest, mteam, team, alone, lone_def, sup)
    return n


@njit(cache=True, _nrt=False)
def pimc_play(params, g, seat, rules, rng, legal, tt, w):
    """The card (effective bit) with the best average over the worlds (ties: the weaker)."""
    if popcount(legal) == 1:
        return ctz(legal)
    worlds = max(1, np.int64(params[seat & 1, Q_PIMC_WORLDS]))
    n = pimc_evaluate(g, seat, rules, rng, legal, worlds, tt, w)
    best = 0
    for k in range(1, n):
        if w[W_SUM + k] > w[W_SUM + best]:
            best = k
    return w[W_CAND + best]
