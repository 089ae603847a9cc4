"""The constrained draw of the unseen cards, compiled (``analysis.worlds.deal_unseen``).

Each card in turn goes to a holder with probability proportional to the number of ways to deal
the cards after it (``ways``, counted by dynamic programming over the holders' remaining
needs): an exact uniform draw among the deals that fit. The uniform numbers come in (one per
card and deal, drawn by numpy's generator as before), and the arithmetic is the numpy
version's, in the same order, so the deals drawn are the same to the bit.
"""

import numpy as np
from numba import njit


@njit(cache=True)
def draw_holders(ways, strides, sizes, may, u, bits, masks):
    """Deal card ``i`` (bit ``bits[i]``) of every deal ``r`` to a holder: the weights of the
    holders that may take it and still need a card (``may[i, h]``; holder ``h``'s need is
    ``(state // strides[h]) % sizes[h]``) are ``ways[i + 1, state - strides[h]]``; the holder
    is the first whose running sum of weights exceeds ``u[i, r]`` times their total.
    ``masks[r, h]`` receives the cards of holder ``h``."""
    m, n = u.shape
    h_count = strides.shape[0]
    cum = np.empty(h_count)
    full = ways.shape[1] - 1
    for r in range(n):
        state = full
        for i in range(m):
            total = 0.0
            for h in range(h_count):
                if may[i, h] and (state // strides[h]) % sizes[h] > 0:
                    total += ways[i + 1, state - strides[h]]
                cum[h] = total
            x = u[i, r] * cum[h_count - 1]
            pick = 0
            for h in range(h_count):
                if cum[h] <= x:
                    pick += 1
            if pick > h_count - 1:
                pick = h_count - 1
            masks[r, pick] |= bits[i]
            state -= strides[pick]
