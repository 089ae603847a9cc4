"""The random strategy kind (``S_RANDOM``): every decision uniformly at random among the legal
choices, from the deal's random stream. It has no parameters; it is the floor every other kind
is measured from, and the differential tests' way of reaching rare positions."""

import numpy as np
from numba import njit

from . import layout as L
from .bits import ctz, kth_bit, popcount
from .rng import below


@njit(cache=True, _nrt=False, forceinline=True)
def rand_yes_no(rng):
    """1 or 0 with equal chances (order up, go alone, defend alone, redeal, railroad)."""
    return below(rng, 2)


@njit(cache=True, _nrt=False, forceinline=True)
def rand_round2(rng, banned, stuck):
    """A suit not in the mask ``banned`` (bit s for suit s: the up-card's suit, and hearts
    under hearts_never_trump; bit 4, no trump, unless it may be called), or -1 to pass: with
    n calls allowed, ``below(n + 1) - 1`` (-1 passes, else the k-th allowed call ascending, no
    trump (4) last), or ``below(n)`` when stuck."""
    n = 5 - popcount(banned)
    if stuck:
        k = below(rng, n)
    else:
        k = below(rng, n + 1) - 1
        if k < 0:
            return -1
    return kth_bit(~banned & 31, k)


@njit(cache=True, _nrt=False, forceinline=True)
def rand_joker_trump(rng, banned):
    """The dealer names a suit not in ``banned`` (hearts under hearts_never_trump) blind:
    the k-th allowed suit ascending, k = ``below(n)``."""
    return kth_bit(~banned & 15, below(rng, 4 - popcount(banned)))


@njit(cache=True, _nrt=False, forceinline=True)
def rand_card(rng, mask):
    """A random card of a non-empty mask (effective bits)."""
    return kth_bit(mask, below(rng, popcount(mask)))


@njit(cache=True, _nrt=False, forceinline=True)
def rand_discard(g, seat, rng, up_bit):
    """The dealer discards a random card other than the up-card."""
    return rand_card(rng, g[L.G_HAND + seat] & ~(np.int64(1) << up_bit))


@njit(cache=True, _nrt=False, forceinline=True)
def rand_play(rng, legal):
    """A random legal card (no random number drawn when only one is legal)."""
    n = popcount(legal)
    if n == 1:
        return ctz(legal)
    return kth_bit(legal, below(rng, n))


@njit(cache=True, _nrt=False)
def rand_farmer(rng, low):
    """Farmer's hand: keep the hand (0) half the time, else exchange a random 3-subset of the
    low cards (natural mask)."""
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
def rand_chuck(rng, nat):
    """chuck: the stuck dealer picks [name a suit, chuck] at random (-1: he names a suit);
    a chuck keeps a random card of his hand ``nat``, ascending card id (natural id)."""
    if below(rng, 2) == 0:
        return -1
    return kth_bit(nat, below(rng, popcount(nat)))
