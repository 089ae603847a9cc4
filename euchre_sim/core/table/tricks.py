"""The table engine's trick play and the helpers its deal and auction kernels share: the trace,
hand strength, the highest and lowest card of a mask, who beats whom, the basic kind's card, a
lone maker's call for his partner's best card, and the tricks of a deal (``play_tricks``)."""

import numpy as np
from numba import njit

from ..common.bits import ctz, popcount
from ..common.random_kind import rand_play as rand_card  # a random card of a mask
from ..common.rng import below
from . import layout as TL

ONE = np.int64(1)
ACE_POWER = 7  # a plain ace's power (rank A of game/cards.py) under a trump or no trump high


@njit(cache=True, _nrt=False, inline="always")
def log(trace, ti, n, kind, seat, value):
    """Write trace event ``n`` of row ``ti`` (nothing when ``ti < 0``); the next event index."""
    if ti >= 0:
        trace[ti, n, 0] = kind
        trace[ti, n, 1] = seat
        trace[ti, n, 2] = value
    return n + 1


@njit(cache=True, _nrt=False, inline="always")
def strength(hand, t, eff, power):
    """The basic kind's hand strength under trump row ``t``: 3 for the joker and each bower,
    2 for the trump ace and king, 1 for any other trump and for each plain ace."""
    total = 0
    m = hand
    while m:
        c = ctz(m)
        m &= m - 1
        p = power[t, c]
        if eff[t, c] == t:
            total += 3 if p >= TL.TRUMP_POWER + 18 else (2 if p >= TL.TRUMP_POWER + 6 else 1)
        elif p == ACE_POWER:
            total += 1
    return total


@njit(cache=True, _nrt=False, inline="always")
def lowest(mask, power, t):
    """The weakest card of a non-empty mask (lowest power, then lowest card number)."""
    best = ctz(mask)
    m = mask & (mask - 1)
    while m:
        c = ctz(m)
        m &= m - 1
        if power[t, c] < power[t, best]:
            best = c
    return best


@njit(cache=True, _nrt=False, inline="always")
def highest(mask, power, t):
    """The strongest card of a non-empty mask (highest power, then lowest card number)."""
    best = ctz(mask)
    m = mask & (mask - 1)
    while m:
        c = ctz(m)
        m &= m - 1
        if power[t, c] > power[t, best]:
            best = c
    return best


@njit(cache=True, _nrt=False, inline="always")
def beats(c, w, led, t, eff, power, later_equal):
    """Does card ``c`` take the trick from the winning card ``w`` (led suit ``led``)?"""
    e = eff[t, c]
    if e != led and not (t < TL.NT_HIGH and e == t):
        return False
    if later_equal:
        return power[t, c] >= power[t, w]
    return power[t, c] > power[t, w]


@njit(cache=True, _nrt=False, inline="always")
def same_side(spec, a, b, maker):
    """Are seats ``a`` and ``b`` on one side in this deal?"""
    if spec[TL.TS_SIDES] == TL.SIDES_TEAMS:
        return spec[TL.TS_TEAM + a] == spec[TL.TS_TEAM + b]
    if spec[TL.TS_SIDES] == TL.SIDES_EACH:
        return a == b
    return (a == maker) == (b == maker)


@njit(cache=True, _nrt=False)
def basic_play(spec, eff, power, suit_mask, hand, legal, t, led, wcard, wseat, seat, maker):
    """The basic kind's card. Leading: the top trump on the making side, else a plain ace
    (not under no trump low), else the weakest card. Following: the weakest card when one's
    own side is winning the trick, else the cheapest card that takes it, else the weakest."""
    if led < 0:
        plain = legal
        if t < TL.NT_HIGH:
            trumps = hand & suit_mask[t, t]
            if trumps and same_side(spec, seat, maker, maker):
                return highest(trumps, power, t)
            plain = legal & ~suit_mask[t, t]
        if plain and t != TL.NT_LOW:
            top = highest(plain, power, t)
            if power[t, top] == ACE_POWER:
                return top
        return lowest(legal, power, t)
    if same_side(spec, seat, wseat, maker):
        return lowest(legal, power, t)
    later_equal = spec[TL.TS_LATER_EQUAL] != 0
    winners = np.int64(0)
    m = legal
    while m:
        c = ctz(m)
        m &= m - 1
        if beats(c, wcard, led, t, eff, power, later_equal):
            winners |= ONE << c
    if winners:
        return lowest(winners, power, t)
    return lowest(legal, power, t)


@njit(cache=True, _nrt=False)
def partners_card(spec, power, kinds, rng, hands, maker, trump, trace, ti, nev):
    """Step 4a: the lone maker asks one of his partners for a card (random: any partner, each
    as likely; basic: the first on his left), who gives one of his choice (random: uniform;
    basic: his highest under trump); the maker discards one (random: uniform; basic: his
    weakest). Returns the next trace event index."""
    n = spec[TL.TS_SEATS]
    count = 0
    for k in range(1, n):
        if same_side(spec, (maker + k) % n, maker, maker):
            count += 1
    if count == 0:
        return nev
    pick = below(rng, count) if kinds[maker] == TL.K_RANDOM and count > 1 else 0
    partner = -1
    for k in range(1, n):
        s = (maker + k) % n
        if same_side(spec, s, maker, maker):
            if pick == 0:
                partner = s
                break
            pick -= 1
    h = hands[partner]
    c = rand_card(rng, h) if kinds[partner] == TL.K_RANDOM else highest(h, power, trump)
    hands[partner] = h & ~(ONE << c)
    hands[maker] |= ONE << c
    nev = log(trace, ti, nev, TL.EV_GIVE, partner, c)
    h = hands[maker]
    d = rand_card(rng, h) if kinds[maker] == TL.K_RANDOM else lowest(h, power, trump)
    hands[maker] = h & ~(ONE << d)
    return log(trace, ti, nev, TL.EV_LONE_DISCARD, maker, d)


@njit(cache=True, _nrt=False, inline="always")
def play_tricks(spec, eff, power, suit_mask, kinds, rng, hands, rec, ri, trace, ti, nev,
                maker, trump, active, leader):
    """Play all the tricks from ``leader`` among the ``active`` seats (a bit per seat); each
    winner's tricks go to ``rec[ri, TF_TRICKS + seat]``. Returns the next trace index."""
    n = spec[TL.TS_SEATS]
    n_active = popcount(np.int64(active))
    later_equal = spec[TL.TS_LATER_EQUAL] != 0
    for tr in range(spec[TL.TS_HAND]):
        led = -1
        wcard = -1
        wseat = -1
        seat = leader
        for pos in range(n_active):
            while not (active >> seat) & 1:
                seat = (seat + 1) % n
            h = hands[seat]
            if pos == 0:
                legal = h
            else:
                follow = h & suit_mask[trump, led]
                legal = follow if follow else h
            if kinds[seat] == TL.K_RANDOM:
                c = rand_card(rng, legal)
            else:
                c = basic_play(spec, eff, power, suit_mask, h, legal, trump, led, wcard, wseat,
                               seat, maker)
            nev = log(trace, ti, nev, TL.EV_PLAY, seat, c)
            hands[seat] = h & ~(ONE << c)
            if pos == 0:
                led = eff[trump, c]
                wcard = c
                wseat = seat
            elif beats(c, wcard, led, trump, eff, power, later_equal):
                wcard = c
                wseat = seat
            seat = (seat + 1) % n
        rec[ri, TL.TF_TRICKS + wseat] += 1
        nev = log(trace, ti, nev, TL.EV_TRICK, wseat, tr)
        leader = wseat
    return nev
