"""Batch kernels: many deals or whole games in parallel (``prange`` over blocks).

Deal ``first + i`` (or game ``first + i``) is seeded from ``(key, first + i)`` alone, so the
output is identical for any number of threads, block size or chunking.
"""

import numpy as np
from numba import njit, prange

from ..rules import R_TARGET
from .deal import play_deal
from .layout import (
    F_DEAL,
    F_POINTS0,
    F_POINTS1,
    G_DEALER,
    G_SCORE0,
    G_SCORE1,
    G_SIZE,
    MAX_GAME_DEALS,
    N_FIELDS,
    TRACE_CAP,
)
from .rng import below, seed_stream


@njit(cache=True, parallel=True)
def run_deals(key, first, n, rules, kinds, params, recs, block):
    """Play deals ``first .. first+n-1`` of the run keyed ``key`` into ``recs[0:n]``."""
    nblocks = (n + block - 1) // block
    for b in prange(nblocks):
        g = np.zeros(G_SIZE, np.int64)
        deck = np.zeros(33, np.int64)
        rng = np.zeros(4, np.uint64)
        trace = np.zeros((0, TRACE_CAP, 3), np.int64)
        stop = min(n, (b + 1) * block)
        for i in range(b * block, stop):
            idx = first + i
            seed_stream(rng, key, idx)
            g[G_DEALER] = idx & 3
            play_deal(g, deck, rng, rules, kinds, params, recs[i], trace, -1)
            recs[i, F_DEAL] = idx


@njit(cache=True)
def run_deals_traced(key, first, n, rules, kinds, params, recs, trace):
    """Like ``run_deals`` (one thread) and also fills ``trace[i]`` with deal i's events."""
    g = np.zeros(G_SIZE, np.int64)
    deck = np.zeros(33, np.int64)
    rng = np.zeros(4, np.uint64)
    for i in range(n):
        idx = first + i
        seed_stream(rng, key, idx)
        g[G_DEALER] = idx & 3
        play_deal(g, deck, rng, rules, kinds, params, recs[i], trace, i)
        recs[i, F_DEAL] = idx


@njit(cache=True)
def _play_game(g, deck, rng, rules, kinds, params, rec, trace, ti, deal_recs, gi):
    """One game to the target score on the stream already seeded in ``rng``."""
    target = rules[R_TARGET]
    dealer = below(rng, 4)
    first_dealer = dealer
    s0 = 0
    s1 = 0
    nd = 0
    keep = deal_recs.shape[0] > 0
    row = np.zeros(N_FIELDS, np.int64)
    while s0 < target and s1 < target and nd < MAX_GAME_DEALS:
        g[G_DEALER] = dealer
        g[G_SCORE0] = s0
        g[G_SCORE1] = s1
        play_deal(g, deck, rng, rules, kinds, params, row, trace, ti)
        row[F_DEAL] = nd
        if keep and nd < deal_recs.shape[1]:
            deal_recs[gi, nd, :] = row
        s0 += row[F_POINTS0]
        s1 += row[F_POINTS1]
        nd += 1
        dealer = (dealer + 1) & 3
    rec[1] = first_dealer
    rec[2] = 0 if s0 >= target else 1
    rec[3] = s0
    rec[4] = s1
    rec[5] = nd


@njit(cache=True, parallel=True)
def run_games(key, first, n, rules, kinds, params, recs, deal_recs):
    """Play games ``first .. first+n-1`` into ``recs`` (and their deals into ``deal_recs[i]``
    when that array is not empty: shape (n, max_deals, N_FIELDS))."""
    for i in prange(n):
        g = np.zeros(G_SIZE, np.int64)
        deck = np.zeros(33, np.int64)
        rng = np.zeros(4, np.uint64)
        trace = np.zeros((0, TRACE_CAP, 3), np.int64)
        seed_stream(rng, key, first + i)
        recs[i, 0] = first + i
        _play_game(g, deck, rng, rules, kinds, params, recs[i], trace, -1, deal_recs, i)
