"""Perfect-information Monte Carlo (PIMC) card play.

At each of its card plays the player deals the cards he cannot see many times ("worlds"),
consistently with what he has seen (his hand, the up-card and whether the dealer took it, his
own discard, every card played, the suits each player has shown out of), solves each world
exactly with the double-dummy solver, and plays the card with the best average score for his
side (points won minus points lost). Only the score of each card in each world is needed, not
its exact tricks: a null-window search or two tells which band the makers' tricks fall in
(0-2, 3-4, 5; 0 apart with super euchre); one transposition table serves every card of a world
(the hands are the same), and cards that no live card of the world separates share one search.
Bidding and the other decisions are the scripted family's (the same parameter row), so a PIMC
strategy is a scripted strategy that plays its cards by search. Worlds are drawn from the
deal's own random stream: runs stay reproducible.
"""

import numpy as np
from numba import njit

from ...game.cards import NO_TRUMP
from ...game.rules import R_SUPER_EUCHRE
from ..common import layout as L
from ..common.bits import clz, ctz, kth_bit, popcount
from ..common.rng import below
from ..common.rule import rule
from .dd_search import next_stamp, solve_from
from .hands import deck_row, to_effective, up_taker, voids_of
from .kinds import Q_PIMC_TIE_BREAK, Q_PIMC_WORLDS
from .scripted import sc_play
from .tables import ABOVE, DECK_NAT, EFF, SUIT_EFF, TRUMP_MASK
from .trick import after_play, next_seat_map, representatives, top_trumps

ONE = np.int64(1)
MAX_TRIES = 16

# layout of the PIMC part of the work array (after the solver's table)
W_H = 0  # 4 sampled effective hands
W_SUM = 4  # 5 running score sums, one per candidate card
W_CAND = 9  # 5 candidate cards (effective bits)
W_NCAND = 14
W_TRICKS = 16  # 5 slots: each candidate's makers' tricks (up to their score band) in a world
W_SIZE = 21


@njit(cache=True, _nrt=False)
def deck_effective(rules, trump):
    return to_effective(DECK_NAT[deck_row(rules)], trump)


@njit(cache=True, _nrt=False)
def sample_world(g, seat, rules, rng, w):
    """Deal the unseen cards to the other active players, consistently with what ``seat``
    knows, into ``w[W_H .. W_H+3]``. Returns False if no consistent world was found (then
    the voids are ignored)."""
    trump = g[L.G_TRUMP]
    dealer = up_taker(g)  # who took the up-card: the dealer, or the eldest (smitty)
    own = g[L.G_HAND + seat]
    played = g[L.G_PLAYED]
    up = EFF[trump, g[L.G_UP]]
    out_a = g[L.G_OUT_A]
    out_b = g[L.G_OUT_B]
    known_out = played
    up_to_dealer = False
    chucked = g[L.G_STUCK] == 2  # chuck: the stuck dealer took the up-card and the kitty
    if (g[L.G_ROUND] == 2 and not chucked) or dealer == out_a or dealer == out_b:
        known_out |= ONE << up  # turned down, or left on the table by a sitting-out dealer
    elif seat != dealer and not (played >> up) & 1:
        up_to_dealer = True  # the dealer took it up and has not played it yet
    if seat == dealer and g[L.G_DISCARD] >= 0:
        known_out |= ONE << g[L.G_DISCARD]
    if seat == dealer and chucked:
        known_out |= to_effective(g[L.G_KITTY], trump)  # the four cards he put down
    unknown = deck_effective(rules, trump) & ~own & ~known_out
    nt_suits = 4 if trump == NO_TRUMP else 0  # voids_of's bit e is no trump's suit 4 + e
    if up_to_dealer:
        unknown &= ~(ONE << up)
    need0 = 0
    need1 = 0
    need2 = 0
    need3 = 0
    for s in range(4):
        n = 0
        if s != seat and s != out_a and s != out_b:
            n = 5 - g[L.G_TRICK] - (1 if g[L.G_TRICK_CARD + s] >= 0 else 0)
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
                    if (voids >> e) & 1:  # SUIT_EFF[3] is TRUMP_MASK; no trump: suits 4..7
                        allowed &= ~SUIT_EFF[e + nt_suits]
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


@njit(cache=True, _nrt=False, inline="always")
def deal_score(g, rules, team, mtricks):
    """``side_score`` of the deal in ``g`` (its makers, loner, lone defender; the rules' super
    euchre) for ``team`` when the makers end with ``mtricks``."""
    return side_score(mtricks, g[L.G_MAKER] & 1, team, g[L.G_ALONE] == 1, g[L.G_DEFENDER] >= 0,
                      rule(rules, R_SUPER_EUCHRE) != 0)


@njit(cache=True, _nrt=False, inline="always")
def play_state(g, seat):
    """The solver's view of ``seat``'s card play in ``g``: (nxtp, nplay, mteam, won, pos, led,
    wcard, wseat, table); ``won``: the makers' tricks so far, ``table``: the cards played to
    the trick."""
    out_a = g[L.G_OUT_A]
    out_b = g[L.G_OUT_B]
    nplay = 4 - (1 if out_a >= 0 else 0) - (1 if out_b >= 0 else 0)
    mteam = g[L.G_MAKER] & 1
    won = g[L.G_TRICKS1] if mteam else g[L.G_TRICKS0]
    pos = g[L.G_POS]
    led = g[L.G_LED] if pos > 0 else -1
    wcard = g[L.G_WIN_CARD] if pos > 0 else -1
    wseat = g[L.G_WIN_SEAT] if pos > 0 else seat
    table = np.int64(0)
    for s in range(4):
        if g[L.G_TRICK_CARD + s] >= 0:
            table |= ONE << g[L.G_TRICK_CARD + s]
    return next_seat_map(out_a, out_b), nplay, mteam, won, pos, led, wcard, wseat, table


@njit(cache=True, _nrt=False, inline="always")
def at_least(h, tt, nxtp, nplay, mteam, state, need):
    """Whether the makers take at least ``need`` more tricks from ``state`` (a null-window
    search), and the search's fail-soft value (a bound on that side of ``need``)."""
    seat, pos, led, wcard, wseat, live, table = state
    need = np.int64(need)  # typed: a literal would compile another version of the search
    v = solve_from(tt, h, seat, pos, led, wcard, wseat, live, table, nxtp, nplay, mteam,
                   need - 1, need)
    return v >= need, v


@njit(cache=True, _nrt=False)
def score_tricks(h, tt, nxtp, nplay, mteam, state, base, lo, hi, sup, guess):
    """The makers' total tricks after a card, exact up to what the score tells apart: 5, else 3
    for 3-4, else 1 for 0-2 (0 itself only with super euchre, ``sup``). ``state`` is the
    position after the card, ``base`` the makers' tricks won so far (that card's trick
    included if it ended one), ``lo, hi`` bounds on the total known beforehand; ``guess`` 5
    tries the march first."""
    if lo >= 5:
        return 5
    if guess == 5 and hi >= 5 and lo < 3:
        if at_least(h, tt, nxtp, nplay, mteam, state, 5 - base)[0]:
            return 5
        hi = 4
    tested = False
    v = np.int64(0)
    if lo >= 3:
        made = True
    elif hi < 3:
        made = False
    else:
        made, v = at_least(h, tt, nxtp, nplay, mteam, state, 3 - base)
        tested = True
    if made:
        if hi < 5:
            return 3
        if tested and v >= 5 - base:  # the first search already showed the march
            return 5
        return 5 if at_least(h, tt, nxtp, nplay, mteam, state, 5 - base)[0] else 3
    if not sup or lo > 0:
        return 1
    if hi == 0 or (tested and v <= 0):  # no trick to come: a super euchre
        return 0
    return 1 if at_least(h, tt, nxtp, nplay, mteam, state, 1)[0] else 0


@njit(cache=True, _nrt=False, inline="always")
def sure_tricks(h, g, mover, live, mteam):
    """Tricks the makers (first) and the defenders (second) are sure to take after ``mover``'s
    card (``live``: the cards in the hands and on the table): the holder of the top live
    trumps wins a trick with each; a top trump on the table (the card of ``mover``, or of a
    seat that played before him in ``g``) wins the trick being played."""
    trumps = live & TRUMP_MASK
    owner, run = top_trumps(h, trumps)
    if owner < 0:
        if trumps == 0:
            return 0, 0
        top = 63 - clz(trumps)
        owner = mover
        for s in range(4):
            if g[L.G_TRICK_CARD + s] == top:
                owner = s
        run = 1
    return (run, 0) if (owner & 1) == mteam else (0, run)


@njit(cache=True, _nrt=False)
def pimc_evaluate(g, seat, rules, rng, legal, worlds, tt, w):
    """Total score for ``seat``'s side of each legal card over ``worlds`` sampled worlds.

    Candidates go to ``w[W_CAND..]`` (ascending strength), their score sums to ``w[W_SUM..]``
    (divide by ``worlds`` for the average); returns the number of candidates. The sums are
    those of solving every card in every world exactly (``tests/test_pimc.py`` checks it)."""
    nxtp, nplay, mteam, won, pos, led, wcard, wseat, table = play_state(g, seat)
    sup = rule(rules, R_SUPER_EUCHRE) != 0
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
        left = popcount(hand) - 1 + (1 if pos + 1 < nplay else 0)
        reps = representatives(legal, hand, live)
        next_stamp(tt)  # a new world: new hands (within one, every entry stays valid)
        for k in range(n - 1, -1, -1):
            c = w[W_CAND + k]
            if (reps >> c) & 1:
                state = after_play(c, seat, pos, led, wcard, wseat, live, table, nxtp, nplay,
                                   mteam)
                h[seat] = hand & ~(ONE << c)
                base = won + state[7]
                mine, theirs = sure_tricks(h, g, seat, state[5], mteam)
                tricks = score_tricks(h, tt, nxtp, nplay, mteam, state[:7], base, base + mine,
                                      base + left - theirs, sup,
                                      w[W_TRICKS + k + 1] if k + 1 < n else 0)
                h[seat] = hand
            else:
                # no live card between c and the next higher card of its suit (his own, a
                # candidate already solved): the two are worth the same
                r = ctz(ABOVE[c] & live)
                tricks = w[W_TRICKS + popcount(legal & ((ONE << r) - 1))]
            w[W_TRICKS + k] = tricks
            w[W_SUM + k] += deal_score(g, rules, seat & 1, tricks)
    return n


@njit(cache=True, _nrt=False)
def pimc_play(params, g, seat, rules, rng, legal, tt, w):
    """The card (effective bit) with the best average over the worlds. Ties: with
    ``pimc.tie_break`` the scripted play's card when it is among the best, else the weaker.

    Double-dummy worlds often tie: a lone maker with four top trumps and a side nine takes the
    same tricks in every world whichever card he leads first, since every world's defenders
    keep the right card; at the table, drawing trumps first makes the defenders guess which
    suit to keep. The scripted conventions are the table's way of playing such ties."""
    if popcount(legal) == 1:
        return ctz(legal)
    worlds = max(1, np.int64(params[seat & 1, Q_PIMC_WORLDS]))
    n = pimc_evaluate(g, seat, rules, rng, legal, worlds, tt, w)
    best = 0
    ties = 1
    for k in range(1, n):
        if w[W_SUM + k] > w[W_SUM + best]:
            best = k
            ties = 1
        elif w[W_SUM + k] == w[W_SUM + best]:
            ties += 1
    if ties > 1 and params[seat & 1, Q_PIMC_TIE_BREAK] > 0:
        card = sc_play(params, g, seat, rules, legal)
        for k in range(n):
            if w[W_CAND + k] == card and w[W_SUM + k] == w[W_SUM + best]:
                return card
    return w[W_CAND + best]
