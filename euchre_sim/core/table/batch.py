"""Batch kernels of the table engine: many deals, or whole games, in parallel blocks.

As in ``core.four.batch``, deal ``first + i`` (game ``first + i``) is seeded from ``(key, index)``
alone: the same records come back for any number of threads or chunks. A game's deal ``k`` uses
stream ``game * GAME_STRIDE + k``; deal mode's dealer of deal ``i`` is seat ``i mod seats``, a
game's first dealer is drawn from the game's stream. At a count-down table (Buck Euchre) each
seat's score starts at the target and the record's points (negative for tricks) are added.
"""

import numpy as np
from numba import njit, prange

from ..common import layout as L
from ..common.rng import below, seed_stream
from . import layout as TL
from .auction import auction_game_winner
from .deal import play_dealt, play_table_deal


@njit(cache=True, _nrt=False)
def table_deal_range(key, first, lo, hi, spec, eff, power, suit_mask, kinds, params, recs,
                     trace, deck, hands, rng):
    """Deals ``first + lo .. first + hi - 1`` into ``recs[lo:hi]`` (and ``trace[lo:hi]`` when
    ``trace`` is not empty)."""
    traced = trace.shape[0] > 0
    n = spec[TL.TS_SEATS]
    for i in range(lo, hi):
        idx = first + i
        seed_stream(rng, key, idx)
        play_table_deal(spec, eff, power, suit_mask, kinds, params, rng, idx % n, deck, hands,
                        recs, i, trace, i if traced else -1)
        recs[i, TL.TF_DEAL] = idx


@njit(cache=True, _nrt=False)
def game_winner(spec, scores):
    """The side that has won: the side (team, or seat at a cut-throat table) of the top score
    when it reaches the target and no other side shares it; -1 while the game goes on.

    At a count-down table (``TS_COUNTDOWN``, Buck Euchre) scores start at the target and go
    down: the seat of the lowest score wins when it is 0 or less and no other seat shares it."""
    n = spec[TL.TS_SEATS]
    if spec[TL.TS_COUNTDOWN] != 0:
        low = scores[0]
        for s in range(1, n):
            low = min(low, scores[s])
        if low > 0:
            return -1
        seat = -1
        for s in range(n):
            if scores[s] == low:
                if seat >= 0:
                    return -1
                seat = s
        return seat
    top = scores[0]
    for s in range(1, n):
        top = max(top, scores[s])
    if top < spec[TL.TS_TARGET]:
        return -1
    side = -1
    for s in range(n):
        if scores[s] == top:
            mine = spec[TL.TS_TEAM + s] if spec[TL.TS_SIDES] == TL.SIDES_TEAMS else s
            if side >= 0 and mine != side:
                return -1
            side = mine
    return side


@njit(cache=True)
def table_game_range(key, first, lo, hi, spec, eff, power, suit_mask, kinds, params,
                     game_recs, game_deals, scratch, deck, hands, rng, scores):
    """Games ``first + lo .. first + hi - 1`` into ``game_recs[lo:hi]`` (their deals into
    ``game_deals[i]`` when that array is not empty)."""
    keep = game_deals.shape[0] > 0
    n = spec[TL.TS_SEATS]
    no_trace = np.zeros((0, 1, 3), np.int16)
    for i in range(lo, hi):
        idx = first + i
        seed_stream(rng, key, idx * L.GAME_STRIDE)
        dealer = below(rng, n)
        game_recs[i, TL.TG_GAME] = idx
        game_recs[i, TL.TG_FIRST_DEALER] = dealer
        start = spec[TL.TS_TARGET] if spec[TL.TS_COUNTDOWN] != 0 else 0
        for s in range(TL.MAX_SEATS):
            scores[s] = start
        nd = 0
        winner = -1
        while True:
            play_table_deal(spec, eff, power, suit_mask, kinds, params, rng, dealer, deck,
                            hands, scratch, 0, no_trace, -1)
            scratch[0, TL.TF_DEAL] = nd
            if keep and nd < game_deals.shape[1]:
                for f in range(TL.N_TABLE_FIELDS):
                    game_deals[i, nd, f] = scratch[0, f]
            for s in range(n):
                scores[s] += scratch[0, TL.TF_POINTS + s]
            nd += 1
            dealer = (dealer + 1) % n
            if spec[TL.TS_BIDDING] == TL.BID_AUCTION:
                winner = auction_game_winner(spec, scores, scratch[0, TL.TF_MAKER])
            else:
                winner = game_winner(spec, scores)
            if winner >= 0 or nd >= TL.MAX_TABLE_GAME_DEALS:
                break
            seed_stream(rng, key, idx * L.GAME_STRIDE + nd)
        game_recs[i, TL.TG_WINNER] = winner
        game_recs[i, TL.TG_DEALS] = nd
        for s in range(TL.MAX_SEATS):
            game_recs[i, TL.TG_SCORE + s] = scores[s] if s < n else -1


@njit(cache=True, parallel=True)
def run_table_deals(key, first, n, spec, eff, power, suit_mask, kinds, params, recs, block):
    """Deals ``first .. first + n - 1`` of the run keyed ``key`` into ``recs[0:n]``."""
    trace = np.zeros((0, TL.TABLE_TRACE_CAP, 3), np.int16)
    nblocks = (n + block - 1) // block
    for b in prange(nblocks):
        lo = b * block
        hi = min(n, lo + block)
        deck = np.zeros(64, np.int64)
        hands = np.zeros(TL.MAX_SEATS, np.int64)
        rng = np.zeros(4, np.uint64)
        table_deal_range(key, first, lo, hi, spec, eff, power, suit_mask, kinds, params, recs,
                         trace, deck, hands, rng)


@njit(cache=True)
def run_table_deals_traced(key, first, n, spec, eff, power, suit_mask, kinds, params, recs,
                           trace):
    """Like ``run_table_deals`` on one thread, also writing each deal's events to ``trace``
    (shape ``(n, TABLE_TRACE_CAP, 3)``, zero after the last event)."""
    deck = np.zeros(64, np.int64)
    hands = np.zeros(TL.MAX_SEATS, np.int64)
    rng = np.zeros(4, np.uint64)
    table_deal_range(key, first, 0, n, spec, eff, power, suit_mask, kinds, params, recs,
                     trace, deck, hands, rng)


@njit(cache=True, parallel=True)
def run_table_games(key, first, n, spec, eff, power, suit_mask, kinds, params, game_recs,
                    game_deals, block):
    """Games ``first .. first + n - 1`` into ``game_recs`` (see ``table_game_range``)."""
    nblocks = (n + block - 1) // block
    for b in prange(nblocks):
        lo = b * block
        hi = min(n, lo + block)
        deck = np.zeros(64, np.int64)
        hands = np.zeros(TL.MAX_SEATS, np.int64)
        rng = np.zeros(4, np.uint64)
        scores = np.zeros(TL.MAX_SEATS, np.int64)
        scratch = np.zeros((1, TL.N_TABLE_FIELDS), np.int64)
        table_game_range(key, first, lo, hi, spec, eff, power, suit_mask, kinds, params,
                         game_recs, game_deals, scratch, deck, hands, rng, scores)


@njit(cache=True)
def run_table_presets(key, spec, eff, power, suit_mask, kinds, params, presets, recs, trace):
    """Hand-built deals: row i of ``presets`` is (dealer, up-card (-1 at an auction table), the
    hands of seats 0 .. MAX_SEATS - 1); deal i draws its random choices from stream i of ``key``."""
    hands = np.zeros(TL.MAX_SEATS, np.int64)
    rng = np.zeros(4, np.uint64)
    for i in range(presets.shape[0]):
        seed_stream(rng, key, i)
        for s in range(TL.MAX_SEATS):
            hands[s] = presets[i, 2 + s]
        play_dealt(spec, eff, power, suit_mask, kinds, params, rng, presets[i, 0], presets[i, 1],
                   hands, recs, i, trace, i)
        recs[i, TL.TF_DEAL] = i


TABLE_KERNELS = (run_table_deals, run_table_deals_traced, run_table_games, run_table_presets)
