"""The bidding decisions of the kinds that do not search (random, reference, scripted; the
scripted kind's are also the model a PIMC player has of every player's bidding): ordering up,
calling, the dealer's discard, going alone, defending alone. ``decisions`` dispatches to them;
``pimc_bid`` plays them out in its sampled worlds.
"""

import numpy as np
from numba import njit

from .bits import clz, ctz, kth_bit, popcount
from .kinds import (
    P_ALONE,
    P_BID,
    P_DEFEND_ALONE,
    S_REFERENCE,
    uses_scripted_model,
)
from .layout import (
    G_DEALER,
    G_HAND,
    G_MEM,
    G_NAT,
    G_PASSES,
    G_ROUND,
    G_TRUMP,
    G_UP,
)
from .rng import below
from .scripted import sc_alone, sc_dealer_discard, sc_defend_alone, sc_round1, sc_round2
from .tables import JOKER_STRENGTH, STRENGTH


@njit(cache=True, _nrt=False, inline="always")
def highest_bit(mask):
    return 63 - clz(mask)


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
def best_suit(nat, exclude):
    """Strongest suit for a hand (ties: lower suit id), skipping ``exclude``; (suit, strength)."""
    best = -1
    bs = -1
    for t in range(4):
        if t == exclude:
            continue
        s = hand_strength(nat, t)
        if s > bs:
            bs = s
            best = t
    return best, bs


@njit(cache=True, _nrt=False, inline="always")
def model_round1(kinds, params, g, seat, rules, rng, is_dealer):
    """Order up (1) or pass (0) in round 1."""
    kind = kinds[seat & 1]
    if uses_scripted_model(kind):
        return sc_round1(params, g, seat, rules, is_dealer)
    if kind == S_REFERENCE:
        nat = g[G_NAT + seat]
        if is_dealer:
            nat |= np.int64(1) << g[G_UP]
        s = hand_strength(nat, g[G_UP] >> 3)
        g[G_MEM + seat] = s
        return 1 if s >= params[seat & 1, P_BID] else 0
    return below(rng, 2)


@njit(cache=True, _nrt=False, inline="always")
def model_round2(kinds, params, g, seat, rules, rng, upsuit, stuck):
    """Suit named in round 2, or -1 to pass (never -1 when ``stuck``)."""
    kind = kinds[seat & 1]
    if uses_scripted_model(kind):
        return sc_round2(params, g, seat, rules, upsuit, stuck)
    if kind == S_REFERENCE:
        t, s = best_suit(g[G_NAT + seat], upsuit)
        g[G_MEM + seat] = s
        if s >= params[seat & 1, P_BID] or stuck:
            return t
        return -1
    if stuck:
        k = below(rng, 3)
    else:
        k = below(rng, 4) - 1
        if k < 0:
            return -1
    t = k if k < upsuit else k + 1
    return t


@njit(cache=True, _nrt=False)
def model_discard(kinds, params, g, seat, rules, rng, up_bit):
    """Effective bit the dealer discards after taking the up-card (never ``up_bit``)."""
    kind = kinds[seat & 1]
    if uses_scripted_model(kind):
        return sc_dealer_discard(params, g, seat, up_bit)
    cand = g[G_HAND + seat] & ~(np.int64(1) << up_bit)
    if kind == S_REFERENCE:
        return ctz(cand)
    return kth_bit(cand, below(rng, popcount(cand)))


@njit(cache=True, _nrt=False)
def model_alone(kinds, params, g, seat, rules, rng):
    """Does the maker play alone? (1 = yes)."""
    kind = kinds[seat & 1]
    if uses_scripted_model(kind):
        return sc_alone(params, g, seat, rules)
    if kind == S_REFERENCE:
        return 1 if g[G_MEM + seat] >= params[seat & 1, P_ALONE] else 0
    return below(rng, 2)


@njit(cache=True, _nrt=False)
def model_defend_alone(kinds, params, g, seat, rules, rng):
    """Does this defender play alone? (1 = yes)."""
    kind = kinds[seat & 1]
    if uses_scripted_model(kind):
        return sc_defend_alone(params, g, seat, rules)
    if kind == S_REFERENCE:
        s = hand_strength(g[G_NAT + seat], g[G_TRUMP])
        return 1 if s >= params[seat & 1, P_DEFEND_ALONE] else 0
    return below(rng, 2)


@njit(cache=True, _nrt=False)
def passed_in_making_round(g, seat):
    """Did ``seat`` pass in the round in which trump was made?"""
    k = (seat - g[G_DEALER] - 1) & 3
    passes = g[G_PASSES]
    if g[G_ROUND] == 1:
        return k < passes
    return k < passes - 4
