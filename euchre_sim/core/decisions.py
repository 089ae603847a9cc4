"""Decision hooks: every choice a player makes in a deal, dispatched on the strategy kind.

Each hook reads the public deal state ``g`` (see ``layout.G_*``), the deciding ``seat``, the
packed ``rules``, both teams' strategy kinds and parameters (row ``seat & 1``) and the deal's
random stream.
A hook must only use what that seat may know: its own hand, the up-card, the bidding, the cards
played (``G_PLAYED``, ``G_TRICK_CARD``) and its own memory slot ``G_MEM + seat``.

Card choices after trump is known are effective bits (``tables``); before, natural ids/masks.
New strategy kinds add a branch to each hook (and a parameter schema in ``strategies/``).
"""

import numpy as np
from numba import njit

from .bits import clz, ctz, kth_bit, popcount
from .layout import (
    G_HAND,
    G_LED,
    G_MEM,
    G_NAT,
    G_POS,
    G_TRUMP,
    G_UP,
    G_WIN_CARD,
    S_PIMC,
    S_RANDOM,
    S_REFERENCE,
    S_SCRIPTED,
)
from .pimc import pimc_play
from .rng import below
from .scripted import (
    Q_CALL_REDEAL,
    Q_FARMER,
    sc_alone,
    sc_dealer_discard,
    sc_defend_alone,
    sc_give,
    sc_joker_trump,
    sc_lone_discard,
    sc_play,
    sc_railroad,
    sc_round1,
    sc_round2,
)
from .tables import JOKER_STRENGTH, LOW_NAT, STRENGTH, SUIT_EFF, TRUMP_MASK

# parameters of the reference strategy (indices into its params row; see strategies/)
P_BID, P_ALONE, P_DEFEND_ALONE, P_REDEAL, P_FARMER, P_RAILROAD = range(6)


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


@njit(cache=True, _nrt=False)
def decide_redeal(kinds, params, g, seat, rules, rng):
    """Call for a redeal with an eligible hand? (1 = yes)."""
    kind = kinds[seat & 1]
    if kind == S_REFERENCE:
        return 1 if params[seat & 1, P_REDEAL] > 0 else 0
    if kind >= S_SCRIPTED:
        return 1 if params[seat & 1, Q_CALL_REDEAL] > 0 else 0
    return below(rng, 2)


@njit(cache=True, _nrt=False)
def decide_farmer(kinds, params, g, seat, rules, rng):
    """Natural mask of the three low cards to exchange for the kitty, or 0 to keep the hand."""
    kind = kinds[seat & 1]
    low = g[G_NAT + seat] & LOW_NAT
    if kind >= S_REFERENCE:
        flag = P_FARMER if kind == S_REFERENCE else Q_FARMER
        if params[seat & 1, flag] <= 0:
            return 0
        give = np.int64(0)
        n = 0
        for r in range(4):  # the three lowest-ranked low cards, ties by suit id
            for s in range(4):
                c = np.int64(1) << (s * 8 + r)
                if (low & c) and n < 3:
                    give |= c
                    n += 1
        return give
    if below(rng, 2) == 0:
        return 0
    m = popcount(low)
    n_sub = m * (m - 1) * (m - 2) // 6
    idx = below(rng, n_sub) if n_sub > 1 else 0
    # the idx-th 3-subset in itertools.combinations order of the ascending low cards
    k = 0
    for a in range(m):
        for b in range(a + 1, m):
            for c in range(b + 1, m):
                if k == idx:
                    return (
                        (np.int64(1) << kth_bit(low, a))
                        | (np.int64(1) << kth_bit(low, b))
                        | (np.int64(1) << kth_bit(low, c))
                    )
                k += 1
    return 0


@njit(cache=True, _nrt=False)
def decide_joker_trump(kinds, params, g, seat, rules, rng):
    """The dealer's choice of trump when the joker is turned up, made before he looks at his
    hand: only the random strategy varies it."""
    kind = kinds[seat & 1]
    if kind >= S_SCRIPTED:
        return sc_joker_trump(params, g, seat)
    if kind == S_REFERENCE:
        # named blind (RULES.md): clubs; the loner decision then rates hand + joker in clubs
        g[G_MEM + seat] = hand_strength(g[G_NAT + seat], 0) + JOKER_STRENGTH
        return 0
    return below(rng, 4)


@njit(cache=True, _nrt=False, inline="always")
def decide_round1(kinds, params, g, seat, rules, rng, is_dealer):
    """Order up (1) or pass (0) in round 1."""
    kind = kinds[seat & 1]
    if kind >= S_SCRIPTED:
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
def decide_round2(kinds, params, g, seat, rules, rng, upsuit, stuck):
    """Suit named in round 2, or -1 to pass (never -1 when ``stuck``)."""
    kind = kinds[seat & 1]
    if kind >= S_SCRIPTED:
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
def decide_discard(kinds, params, g, seat, rules, rng, up_bit):
    """Effective bit the dealer discards after taking the up-card (never ``up_bit``)."""
    kind = kinds[seat & 1]
    if kind >= S_SCRIPTED:
        return sc_dealer_discard(params, g, seat, up_bit)
    cand = g[G_HAND + seat] & ~(np.int64(1) << up_bit)
    if kind == S_REFERENCE:
        return ctz(cand)
    return kth_bit(cand, below(rng, popcount(cand)))


@njit(cache=True, _nrt=False)
def decide_alone(kinds, params, g, seat, rules, rng):
    """Does the maker play alone? (1 = yes)."""
    kind = kinds[seat & 1]
    if kind >= S_SCRIPTED:
        return sc_alone(params, g, seat, rules)
    if kind == S_REFERENCE:
        return 1 if g[G_MEM + seat] >= params[seat & 1, P_ALONE] else 0
    return below(rng, 2)


@njit(cache=True, _nrt=False)
def decide_defend_alone(kinds, params, g, seat, rules, rng):
    """Does this defender play alone? (1 = yes)."""
    kind = kinds[seat & 1]
    if kind >= S_SCRIPTED:
        return sc_defend_alone(params, g, seat, rules)
    if kind == S_REFERENCE:
        s = hand_strength(g[G_NAT + seat], g[G_TRUMP])
        return 1 if s >= params[seat & 1, P_DEFEND_ALONE] else 0
    return below(rng, 2)


@njit(cache=True, _nrt=False)
def decide_railroad(kinds, params, g, seat, rules, rng):
    """Railroad: does the lone player take his partner's card, unseen? (1 = yes)."""
    kind = kinds[seat & 1]
    if kind >= S_SCRIPTED:
        return sc_railroad(params, g, seat)
    if kind == S_REFERENCE:
        return 1 if params[seat & 1, P_RAILROAD] > 0 else 0
    return below(rng, 2)


@njit(cache=True, _nrt=False)
def decide_give(kinds, params, g, seat, rules, rng):
    """Effective bit the sitting-out partner ``seat`` gives to his lone partner."""
    kind = kinds[seat & 1]
    if kind >= S_SCRIPTED:
        return sc_give(params, g, seat)
    hand = g[G_HAND + seat]
    if kind == S_REFERENCE:
        return highest_bit(hand)
    return kth_bit(hand, below(rng, popcount(hand)))


@njit(cache=True, _nrt=False)
def decide_lone_discard(kinds, params, g, seat, rules, rng):
    """Effective bit the lone player discards after receiving his partner's card."""
    kind = kinds[seat & 1]
    if kind >= S_SCRIPTED:
        return sc_lone_discard(params, g, seat)
    hand = g[G_HAND + seat]
    if kind == S_REFERENCE:
        return ctz(hand)
    return kth_bit(hand, below(rng, popcount(hand)))


@njit(cache=True, _nrt=False, inline="always")
def decide_play(kinds, params, g, seat, rules, rng, legal, tt, pw):
    """Effective bit of the card to play from the non-empty mask ``legal`` (``tt``, ``pw``:
    the solver's table and the PIMC work array, used by PIMC players)."""
    kind = kinds[seat & 1]
    if kind == S_REFERENCE:
        if g[G_POS] == 0:
            return highest_bit(legal)
        w = g[G_WIN_CARD]
        beats = legal & (SUIT_EFF[g[G_LED]] | TRUMP_MASK) & ~((np.int64(2) << w) - 1)
        return ctz(beats) if beats else ctz(legal)
    if kind == S_RANDOM:
        n = popcount(legal)
        if n == 1:
            return ctz(legal)
        return kth_bit(legal, below(rng, n))
    if (legal & (legal - 1)) == 0:  # one legal card: nothing to decide
        return ctz(legal)
    return searched_play(kind, params, g, seat, rules, rng, legal, tt, pw)


@njit(cache=True, _nrt=False)
def searched_play(kind, params, g, seat, rules, rng, legal, tt, pw):
    """Card play of the scripted and PIMC kinds (kept out of line: the hot loop stays small)."""
    if kind == S_PIMC:
        return pimc_play(params, g, seat, rules, rng, legal, tt, pw)
    return sc_play(params, g, seat, rules, legal)

