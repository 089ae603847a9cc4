"""Match-equity kernels: what points are worth in probability of winning the game.

A strategy that reads match equity carries the table in its parameter row (``kinds.EQ_BASE``;
filled by ``strategies/equity_table.py`` for the run's rules). These kernels read it and turn it
into the two quantities the scripted family's score awareness needs (``scripted.score_bonus``
and ``scripted.sc_alone``): the make probability at which a bid breaks even, and what a loner's
extra two points are worth. Every equity is taken after this deal, when the other side deals.

Strengths move on a grid of half points (every default weight is a multiple of 0.5), so a
threshold shift is rounded to that grid (:func:`on_grid`): a shift of 0.01 would otherwise act
as a whole half point on the hands sitting exactly on the threshold, which the thresholds were
tuned (at 0-0, where the model's p* is 0.669, not quite 2/3) to bid.
"""

import numpy as np
from numba import njit

from ..common import layout as L
from .kinds import (
    EQ_BASE,
    EQ_MAX,
)


@njit(cache=True, _nrt=False)
def score_state(g, team):
    """(our score, their score, 1 if we deal the next deal else 0) for ``team`` in this deal."""
    ours = g[L.G_SCORE0] if team == 0 else g[L.G_SCORE1]
    theirs = g[L.G_SCORE1] if team == 0 else g[L.G_SCORE0]
    we_deal_next = 1 if (g[L.G_DEALER] & 1) != team else 0
    return ours, theirs, we_deal_next


@njit(cache=True, _nrt=False)
def eq(params, team, target, ours, theirs, we_deal):
    """P(``team`` wins the game) from a score, from its row's equity block; a side that has
    reached the ``target`` has won (1.0) or lost (0.0)."""
    if ours >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    return params[team, EQ_BASE + (ours * EQ_MAX + theirs) * 2 + we_deal]


@njit(cache=True, _nrt=False)
def make_break_even(params, team, target, ours, theirs, nd):
    """The make probability at which bidding breaks even in game-winning chances, or -1.

    A make (+1) gains G = eq(a+1, b) - eq(a, b), a euchre (+2 to them) loses
    L = eq(a, b) - eq(a, b+2); the bid pays when p G > (1 - p) L, so p* = L / (G + L). With
    points worth their face value p* = 2/3. Undefined (-1) when neither matters (G + L <= 0).
    """
    here = eq(params, team, target, ours, theirs, nd)
    gain = eq(params, team, target, ours + 1, theirs, nd) - here
    loss = here - eq(params, team, target, ours, theirs + 2, nd)
    if gain + loss <= 0.0:
        return -1.0
    return loss / (gain + loss)


@njit(cache=True, _nrt=False)
def loner_worth(params, team, target, ours, theirs, nd):
    """k: a loner's extra two points (a march for 4 instead of 2) in game-winning chances,
    relative to two points at par (the worth of one point, doubled).

    k = (eq(a+4, b) - eq(a+2, b)) / (2 (eq(a+1, b) - eq(a, b))): 1 when points are linear,
    0 when a partner march already wins the game, above 1 when the extra points are what
    reaching the target needs. 1 (no opinion) when a point is worth nothing.
    """
    point = eq(params, team, target, ours + 1, theirs, nd) - eq(params, team, target, ours,
                                                                 theirs, nd)
    if point <= 0.0:
        return 1.0
    extra = eq(params, team, target, ours + 4, theirs, nd) - eq(params, team, target, ours + 2,
                                                                 theirs, nd)
    return extra / (2.0 * point)


STRENGTH_STEP = 0.5


@njit(cache=True, _nrt=False)
def on_grid(shift):
    """A threshold shift rounded to the nearest multiple of the strength grid (half a point)."""
    return np.floor(shift / STRENGTH_STEP + 0.5) * STRENGTH_STEP
