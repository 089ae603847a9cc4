"""Hand conversion kernels shared by the deal, the strategies and the solver."""

import numpy as np
from numba import njit

from .layout import G_VOIDS
from .tables import CONV

ONE = np.int64(1)


@njit(cache=True, _nrt=False, inline="always")
def to_effective(nat, trump):
    """Natural hand mask -> effective (trump-relative) mask under ``trump``."""
    e = (
        CONV[trump, 0, nat & 255]
        | CONV[trump, 1, (nat >> 8) & 255]
        | CONV[trump, 2, (nat >> 16) & 255]
        | CONV[trump, 3, (nat >> 24) & 255]
    )
    if (nat >> 32) & 1:
        e |= ONE << 33
    return e


@njit(cache=True, _nrt=False, inline="always")
def voids_of(g, seat):
    """The effective suits (bit e; 3 = trump) ``seat`` has shown out of."""
    return (g[G_VOIDS] >> (4 * seat)) & 15
