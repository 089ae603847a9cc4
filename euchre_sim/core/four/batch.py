"""Batch kernels: many deals or whole games in parallel (``prange`` over blocks).

Deal ``first + i`` (or game ``first + i``) is seeded from ``(key, first + i)`` alone, so the
output is identical for any number of threads, block size or chunking.

``play_range`` is the one place the deal kernel is inlined (numba inlining removes the
reference counting of array arguments, which otherwise costs more than the deal itself);
every entry point goes through it, so the big body is compiled once.
"""

import numpy as np
from numba import njit, prange, types
from numba.extending import overload

from ...game.rules import R_DECK, R_REDEAL, R_STICK, R_TARGET, REDEAL_NONE
from ..common import layout as L
from ..common.rng import below, seed_stream
from ..common.rule import STANDARD, rule
from .dd_search import new_table
from .deal import play_deal
from .hands import deck_row
from .kinds import (
    S_PIMC,
    S_RANDOM,
)
from .pimc_bid import PW_SIZE
from .reference_deals import _run_reference_deals, takes_reference_path
from .tables import DECK_NAT
from .tally import no_totals, summarise_parallel


@njit(cache=True, _nrt=False)
def play_range(key, first, lo, hi, rules, kinds, params, recs, trace, snaps, game_recs,
               game_deals, presets, g, deck, rng, tt, pw):
    """Play items ``lo .. hi-1`` (deal or game ``first + i``).

    Deal mode (``game_recs`` empty): deal i's record goes to ``recs[i]``; with a non-empty
    ``trace`` its events go to ``trace[i]`` (and with a non-empty ``snaps`` the state before
    each of its card plays to ``snaps[i]``).
    Game mode: game i's record goes to ``game_recs[i]`` (game, first dealer, winning team,
    score0, score1, deals) and, when ``game_deals`` is not empty, its deals to
    ``game_deals[i, d]``; ``recs`` is then a one-row scratch array.
    With a non-empty ``presets`` (deal mode), deal i starts from the preset deal ``presets[i]``
    (hands 0-3, up-card, kitty mask, dealer, score0, score1, a script of forced actions)
    instead of a shuffle.
    ``g``, ``deck``, ``rng``, ``tt``, ``pw`` are workspaces (see ``workspace``). Compiled
    without numba's reference counting: it allocates nothing and only passes arrays down.
    """
    games = game_recs.shape[0] > 0
    traced = trace.shape[0] > 0
    keep = game_deals.shape[0] > 0
    has_presets = presets.shape[0] > 0
    target = rule(rules, R_TARGET)
    for i in range(lo, hi):
        idx = first + i
        seed_stream(rng, key, idx * L.GAME_STRIDE if games else idx)
        if games:
            dealer = below(rng, 4)
            game_recs[i, L.GR_GAME] = idx
            game_recs[i, L.GR_FIRST_DEALER] = dealer
        else:
            dealer = idx & 3
        pi = -1
        s0 = 0
        s1 = 0
        if has_presets:
            pi = i
            dealer = presets[i, L.PR_DEALER]
            s0 = presets[i, L.PR_SCORE0]
            s1 = presets[i, L.PR_SCORE1]
        nd = 0
        row = 0 if games else i
        ti = i if traced else -1
        g[L.G_MCEVOY] = 0 if games else -1  # no McEvoy call yet in this game; none outside one
        while True:
            g[L.G_DEALER] = dealer
            g[L.G_SCORE0] = s0
            g[L.G_SCORE1] = s1
            play_deal(g, deck, rng, rules, kinds, params, recs, row, trace, ti, presets, pi, tt,
                      pw, snaps)
            if not games:
                recs[row, L.F_DEAL] = idx
                break
            recs[row, L.F_DEAL] = nd
            if keep and nd < game_deals.shape[1]:
                for f in range(L.N_FIELDS):
                    game_deals[i, nd, f] = recs[row, f]
            s0 += recs[row, L.F_POINTS0]
            s1 += recs[row, L.F_POINTS1]
            nd += 1
            dealer = (dealer + 1) & 3
            if s0 >= target or s1 >= target or nd >= L.MAX_GAME_DEALS:
                break
            seed_stream(rng, key, idx * L.GAME_STRIDE + nd)
        if games:
            game_recs[i, L.GR_WINNER] = 0 if s0 >= target else (1 if s1 >= target else -1)
            game_recs[i, L.GR_SCORE0] = s0
            game_recs[i, L.GR_SCORE1] = s1
            game_recs[i, L.GR_DEALS] = nd


def search_space(search):
    """Compiled only (see ``_search_space``): the solver's table and the PIMC work array."""
    raise NotImplementedError("search_space is compiled into the batch kernels only")


@overload(search_space, inline="always")
def _search_space(search):
    """(table, work array) for a kernel with search, (None, None) for one without: the
    decision hooks then compile none of the search code (``decisions.bid_search``)."""
    if isinstance(search, types.NoneType):
        return lambda search: (None, None)
    return lambda search: (new_table(), np.zeros(PW_SIZE, np.int64))


@njit(cache=True, forceinline=True)
def workspace(search):
    """The per-thread work arrays of ``play_range``: deal state, deck, random stream, and the
    solver's table and the PIMC work array (None, None without ``search``)."""
    tt, pw = search_space(search)
    return np.zeros(L.G_SIZE, np.int64), np.zeros(33, np.int64), np.zeros(4, np.uint64), tt, pw


def searching(kinds: np.ndarray) -> bool | None:
    """The ``search`` argument of the kernels: True when a PIMC player sits at the table,
    else None (the kernel compiled without any search code: half the compile time)."""
    return True if (np.asarray(kinds) == S_PIMC).any() else None


@njit(cache=True, parallel=True)
def _run_blocks(key, first, n, rules, kinds, params, recs, game_recs, game_deals, presets,
                streams, block, search):
    """Items ``0 .. n-1`` in blocks of ``block`` on all threads: every parallel entry point
    below in one kernel (each parallel kernel that calls ``play_range`` costs some 12 s of LLVM
    time to compile cold, however little it adds: one kernel instead of four).

    Deal mode (``game_recs`` empty): item i is deal ``first + i`` into ``recs[i]``, or the
    preset deal ``presets[i]`` when ``presets`` is not empty; with a non-empty ``streams``
    (and presets) its random decisions use stream ``streams[i]`` instead of ``first + i``.
    Game mode: game ``first + i`` into ``game_recs[i]`` (and its deals into ``game_deals[i]``
    when that is not empty); ``recs`` is unused."""
    games = game_recs.shape[0] > 0
    at = streams.shape[0] > 0
    nblocks = (n + block - 1) // block
    for b in prange(nblocks):
        lo = b * block
        hi = min(n, lo + block)
        trace = np.zeros((0, L.TRACE_CAP, L.N_TRACE_FIELDS), np.int16)
        no_snaps = np.zeros((0, L.MAX_PLAYS, L.SN_SIZE), np.int64)
        rows = np.zeros((1, L.N_FIELDS), np.int64) if games else recs  # a game's scratch row
        g, deck, rng, tt, pw = workspace(search)
        if at:
            for i in range(lo, hi):
                # play_range plays item i as deal first + i: first = streams[i] - i
                play_range(key, streams[i] - i, i, i + 1, rules, kinds, params, rows, trace,
                           no_snaps, game_recs, game_deals, presets, g, deck, rng, tt, pw)
        else:
            play_range(key, first, lo, hi, rules, kinds, params, rows, trace, no_snaps,
                       game_recs, game_deals, presets, g, deck, rng, tt, pw)


# the empty arrays that switch a mode of ``_run_blocks`` off (never written: they are empty)
NO_RECS = np.zeros((0, L.N_FIELDS), np.int64)
NO_GAMES = np.zeros((0, L.N_GAME_FIELDS), np.int64)
NO_GAME_DEALS = np.zeros((0, 0, L.N_FIELDS), np.int64)
NO_PRESETS = np.zeros((0, L.N_PRESET), np.int64)
NO_STREAMS = np.zeros(0, np.int64)


def kernel_rules(rules: np.ndarray, kinds: np.ndarray) -> np.ndarray | None:
    """The ``rules`` argument of a batch kernel call: None (every option compiled in as a
    constant, ``core/common/rule.py``) for the standard rules without a searching player, else the
    array. A table with PIMC keeps the array: its search code compiles once, not twice."""
    if searching(kinds) is None and np.array_equal(rules, STANDARD):
        return None
    return rules


def _run_deals(key, first, n, rules, kinds, params, recs, block, search):
    """Play deals ``first .. first+n-1`` of the run keyed ``key`` into ``recs[0:n]`` through
    the general kernel (``search``: ``searching``'s answer)."""
    _run_blocks(key, first, n, rules, kinds, params, recs, NO_GAMES, NO_GAME_DEALS, NO_PRESETS,
                NO_STREAMS, block, search)


@njit(cache=True)
def _run_deals_traced(key, first, n, rules, kinds, params, recs, trace, snaps, presets, search):
    """Like ``run_deals`` (one thread) and also fills ``trace[i]`` with deal i's events (and
    ``snaps[i]`` with its states before each card play, when ``snaps`` is not empty); with a
    non-empty ``presets`` deal i is the preset deal ``presets[i]``."""
    no_games = np.zeros((0, L.N_GAME_FIELDS), np.int64)
    no_deals = np.zeros((0, 0, L.N_FIELDS), np.int64)
    g, deck, rng, tt, pw = workspace(search)
    play_range(key, first, np.int64(0), n, rules, kinds, params, recs, trace, snaps, no_games,
               no_deals, presets, g, deck, rng, tt, pw)


# the batch kernels a Python call dispatches to (``compile_notice`` watches them compile)
KERNELS = (_run_blocks, _run_deals_traced, _run_reference_deals)


def run_deals(key, first, n, rules, kinds, params, recs, block, totals=None):
    """Play deals ``first .. first+n-1`` of the run keyed ``key`` into ``recs[0:n]``: the
    reference table at the standard rules through its lean kernel (``reference_deals``, the
    same records), any other through the general one. With ``totals`` (``tally.new_totals``)
    the records are also summed into them (the lean kernel block by block as it plays)."""
    if takes_reference_path(rules, kinds):
        _run_reference_deals(key, first, n, params, rules[R_STICK], recs, block, params,
                             recs[:0], _totals(totals), NO_TOTALS)
        return
    _run_deals(key, first, n, kernel_rules(rules, kinds), kinds, params, recs, block,
               searching(kinds))
    if totals is not None:
        summarise_parallel(recs[:n], *totals, block)


def run_duplicate_deals(key, first, n, rules, tables, recs, recs2, block, totals=None,
                        totals2=None, replay=None):
    """Both seatings of a duplicate match: deals ``first .. first+n-1`` played by the table
    ``tables[0]`` (kinds, params) into ``recs`` and by ``tables[1]`` into ``recs2`` (and
    summed into ``totals`` and ``totals2`` when given). The reference table deals each deal
    once for both (the same records as two ``run_deals``); a table whose players draw no
    random number after the deal replays the first seating's hands (``replays_deals``), in
    ``replay`` (``new_replay``, at least ``n`` rows; made here when None)."""
    (kinds, params), (kinds2, params2) = tables
    if takes_reference_path(rules, kinds) and takes_reference_path(rules, kinds2):
        _run_reference_deals(key, first, n, params, rules[R_STICK], recs, block, params2,
                             recs2, _totals(totals), _totals(totals2))
        return
    run_deals(key, first, n, rules, kinds, params, recs, block, totals)
    if replays_deals(rules, kinds) and replays_deals(rules, kinds2):
        # the second seating replays the first's hands as preset deals (no shuffle): the
        # same records, as no player draws a random number after the deal
        presets = new_replay(n) if replay is None else replay[:n]
        replay_presets(recs[:n], presets)
        _run_blocks(key, first, n, kernel_rules(rules, kinds2), kinds2, params2, recs2,
                    NO_GAMES, NO_GAME_DEALS, presets, NO_STREAMS, block, searching(kinds2))
        if totals2 is not None:
            summarise_parallel(recs2[:n], *totals2, block)
    else:
        run_deals(key, first, n, rules, kinds2, params2, recs2, block, totals2)


def replays_deals(rules: np.ndarray, kinds: np.ndarray) -> bool:
    """May a table play a deal from another table's record of it (``replay_presets``) and
    write the record it would have written from the shuffle? Yes when no player draws a random
    number after the deal (neither ``random`` nor PIMC sits at it), no hand may call for a
    redeal (the hands then depend on a decision), and the deck is the 24 cards (the kitty is
    then what the hands and the up-card leave)."""
    k = np.asarray(kinds)
    return bool(not ((k == S_RANDOM) | (k == S_PIMC)).any()
                and rules[R_REDEAL] == REDEAL_NONE and rules[R_DECK] == STANDARD[R_DECK])


def new_replay(n: int) -> np.ndarray:
    """Room for ``n`` replayed deals (``replay_presets``): preset rows without the script's
    columns (``deal.script_row``: no decision is forced, and none is looked up)."""
    return np.zeros((n, L.PR_SCRIPT), np.int64)


@njit(cache=True, parallel=True)
def replay_presets(recs, out):
    """Preset rows (``layout.PR_*``, no script) in ``out`` (``new_replay``) of the 24-card
    deals recorded in ``recs``: the hands, the up-card, the kitty (the rest of the deck) and
    the dealer, at a score of 0-0."""
    deck = DECK_NAT[deck_row(None)]  # the standard deck's 24 cards (``replays_deals``)
    for i in prange(recs.shape[0]):  # on every thread: the kernels' threads are idle now
        held = np.int64(1) << recs[i, L.F_UP]
        for p in range(4):
            out[i, L.PR_HAND + p] = recs[i, L.F_HAND0 + p]
            held |= recs[i, L.F_HAND0 + p]
        out[i, L.PR_UP] = recs[i, L.F_UP]
        out[i, L.PR_KITTY] = deck & ~held
        out[i, L.PR_DEALER] = recs[i, L.F_DEALER]
        out[i, L.PR_SCORE0] = 0
        out[i, L.PR_SCORE1] = 0


NO_TOTALS = no_totals()


def _totals(totals):
    return NO_TOTALS if totals is None else tuple(totals)


def run_deals_traced(key, first, n, rules, kinds, params, recs, trace, snaps, presets):
    """Like ``run_deals`` (one thread), also filling ``trace`` (and ``snaps``); see
    ``_run_deals_traced``."""
    _run_deals_traced(key, first, n, rules, kinds, params, recs, trace, snaps, presets,
                      searching(kinds))


def run_games(key, first, n, rules, kinds, params, game_recs, game_deals, block):
    """Play games ``first .. first+n-1`` into ``game_recs`` (and their deals into
    ``game_deals[i]`` when that array is not empty: shape (n, max_deals, N_FIELDS))."""
    _run_blocks(key, first, n, kernel_rules(rules, kinds), kinds, params, NO_RECS, game_recs,
                game_deals, NO_PRESETS, NO_STREAMS, block, searching(kinds))


def run_presets(key, first, n, rules, kinds, params, recs, presets, block):
    """Play the preset deals ``presets[0:n]`` in parallel into ``recs`` (random decisions of
    deal i use stream ``first + i`` of ``key``)."""
    _run_blocks(key, first, n, kernel_rules(rules, kinds), kinds, params, recs, NO_GAMES,
                NO_GAME_DEALS, presets, NO_STREAMS, block, searching(kinds))


def run_presets_at(key, streams, rules, kinds, params, recs, presets, block):
    """Play preset deal i with random stream ``streams[i]`` of ``key``: a subset of a sample
    (the hand analyser's deals that fit the bidding) keeps each deal's own random numbers, so
    every option of a decision played on the subset meets the same ones as on the whole
    sample."""
    _run_blocks(key, 0, streams.shape[0], kernel_rules(rules, kinds), kinds, params, recs,
                NO_GAMES, NO_GAME_DEALS, presets, np.asarray(streams, np.int64), block,
                searching(kinds))
