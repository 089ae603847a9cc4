"""Summing per-deal records in one pass (the totals behind ``analysis.summary.DealSummary``).

One compiled loop over the rows instead of some forty numpy passes: a duplicate match spends
as long summarising its records as playing them otherwise. Every total is an integer.
"""

import numpy as np
from numba import njit, prange

from ..common import layout as L


def new_totals() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Zeroed totals for ``summarise``: sums, counts, by position, by team, by how."""
    return (np.zeros(L.N_SUMS, np.int64), np.zeros(L.N_COUNTS, np.int64),
            np.zeros((L.N_BY_POSITION, L.N_POSITIONS), np.int64),
            np.zeros((L.N_BY_TEAM, 2, L.N_POSITIONS), np.int64),
            np.zeros((L.N_BY_HOW, L.N_HOW, L.N_POSITIONS), np.int64))


# ``summarise`` counts each played deal once in a small histogram of what the by-seat tables
# read, keyed by (maker's team, maker's position, round 1, round 2, stuck, made, march, alone,
# "next" called): 1,024 bins, in the first-level cache. The tables are filled from it once per
# call. Scalars it can keep in registers, it keeps there: a row costs a few loads and stores
# instead of some forty read-modify-writes of the totals.
N_KEY = 1024


@njit(cache=True, _nrt=False, inline="always")
def outcome_key(team, pos, r1, r2, stuck, made, march, alone, nxt):
    return ((((((((team * 4 + pos) * 2 + r1) * 2 + r2) * 2 + stuck) * 2 + made) * 2 + march)
             * 2 + alone) * 2 + nxt)


@njit(cache=True)
def summarise(recs, sums, counts, by_position, by_team, by_how, weights=None):
    """Add the totals of the record rows ``recs`` into the five int64 arrays; with
    ``weights``, row i counts ``weights[i]`` times (a histogram of outcomes, each bin one row:
    ``reference_deals.summarise_outcomes``)."""
    hist = np.zeros(N_KEY, np.int64)
    p0s = p0sq = p1s = p1sq = ds = dsq = ts = tsq = deals = dealsq = mtricks_sum = 0
    n_alone = n_defender = n_round1 = n_round2 = n_stuck = n_alone_march = n_thrown = 0
    thrown_points = thrown_sq = 0
    rows = 0
    dealt_by_even = 0  # deals dealt by seat 0 or 2 (the seated counts follow from them)
    for i in range(recs.shape[0]):
        w = 1 if weights is None else weights[i]  # the unweighted loop compiles without it
        p0 = recs[i, L.F_POINTS0]
        p1 = recs[i, L.F_POINTS1]
        d = p0 - p1
        t = p0 + p1
        dealer = recs[i, L.F_DEALER]
        dside = d if (dealer & 1) == 0 else -d  # the dealing side's points minus the other's
        rows += w
        p0s += w * p0
        p0sq += w * p0 * p0
        p1s += w * p1
        p1sq += w * p1 * p1
        ds += w * d
        dsq += w * d * d
        ts += w * t
        tsq += w * t * t
        deals += w * dside
        dealsq += w * dside * dside
        rnd = recs[i, L.F_ROUND]
        stuck = recs[i, L.F_STUCK] == 1 or recs[i, L.F_STUCK] == 2  # named a suit, chucked (3:
        # a right Smitty guess, counted as the eldest's round-1 make)
        alone = recs[i, L.F_ALONE] != 0  # 1 the maker, 2 his partner (partner_may_go_alone)
        n_alone += w * alone
        n_defender += w * (recs[i, L.F_DEFENDER] >= 0)
        n_round1 += w * (rnd == 1)
        n_round2 += w * (rnd == 2)
        n_stuck += w * stuck
        dealt_by_even += w * ((dealer & 1) == 0)
        maker = recs[i, L.F_MAKER]
        team = maker & 1
        mtricks = recs[i, L.F_TRICKS1] if team == 1 else recs[i, L.F_TRICKS0]
        march = mtricks == 5
        n_alone_march += w * (alone and march)
        if recs[i, L.F_THROWN_IN] == 1:
            n_thrown += w
            thrown_points += w * dside
            thrown_sq += w * dside * dside
            continue
        pos = (maker - dealer - 1) & 3
        how = L.HOW_ROUND1 if rnd == 1 else (L.HOW_STUCK if stuck else L.HOW_ROUND2)
        by_how[L.BH_POINTS, how, pos] += w * dside
        by_how[L.BH_POINTS_SQ, how, pos] += w * dside * dside
        mtricks_sum += w * mtricks
        up = recs[i, L.F_UP]
        called = rnd == 2 and not stuck
        nxt = called and up != 32 and recs[i, L.F_TRUMP] == ((up // 8) ^ 3)
        hist[outcome_key(team, pos, rnd == 1, rnd == 2, stuck, mtricks >= 3, march, alone,
                         nxt)] += w
    sums[L.SU_P0] += p0s
    sums[L.SU_P0SQ] += p0sq
    sums[L.SU_P1] += p1s
    sums[L.SU_P1SQ] += p1sq
    sums[L.SU_DIFF] += ds
    sums[L.SU_DIFFSQ] += dsq
    sums[L.SU_TOT] += ts
    sums[L.SU_TOTSQ] += tsq
    sums[L.SU_DEAL] += deals
    sums[L.SU_DEALSQ] += dealsq
    sums[L.SU_MTRICKS] += mtricks_sum
    counts[L.CO_ALONE] += n_alone
    counts[L.CO_DEFENDER_ALONE] += n_defender
    counts[L.CO_ROUND1] += n_round1
    counts[L.CO_ROUND2] += n_round2
    counts[L.CO_STUCK] += n_stuck
    counts[L.CO_ALONE_MARCH] += n_alone_march
    counts[L.CO_THROWN_IN] += n_thrown
    by_how[L.BH_DEALS, L.HOW_THROWN_IN, L.POSITION_DEALER] += n_thrown
    by_how[L.BH_POINTS, L.HOW_THROWN_IN, L.POSITION_DEALER] += thrown_points
    by_how[L.BH_POINTS_SQ, L.HOW_THROWN_IN, L.POSITION_DEALER] += thrown_sq
    for dealer in range(2):
        n = dealt_by_even if dealer == 0 else rows - dealt_by_even
        for p in range(4):
            by_team[L.BT_SEATED, (dealer + 1 + p) & 1, p] += n
    for team in range(2):
        for pos in range(4):
            for r1 in range(2):
                for r2 in range(2):
                    for stuck in range(2):
                        for made in range(2):
                            for march in range(2):
                                for alone in range(2):
                                    for nxt in range(2):
                                        c = hist[outcome_key(team, pos, r1, r2, stuck, made,
                                                             march, alone, nxt)]
                                        if c:
                                            add_outcomes(counts, by_position, by_team,
                                                         by_how, c, team, pos, r1, r2, stuck,
                                                         made, march, alone, nxt)


@njit(cache=True, _nrt=False, inline="always")
def add_outcomes(counts, by_position, by_team, by_how, c, team, pos, r1, r2, stuck, made,
                 march, alone, nxt):
    """``c`` played deals of one outcome into the counts and the by-seat tables."""
    how = L.HOW_ROUND1 if r1 else (L.HOW_STUCK if stuck else L.HOW_ROUND2)
    by_how[L.BH_DEALS, how, pos] += c
    counts[L.CO_PLAYED] += c
    counts[L.CO_MADE] += made * c
    counts[L.CO_EUCHRED] += (1 - made) * c
    counts[L.CO_MARCH] += march * c
    counts[L.CO_MAKER_TEAM0] += (team == 0) * c
    by_position[L.BP_PLAYED, pos] += c
    by_position[L.BP_MADE if made else L.BP_EUCHRED, pos] += c
    by_position[L.BP_MARCH, pos] += march * c
    by_team[L.BT_MADE_TRUMP, team, pos] += c
    by_team[L.BT_ORDERS, team, pos] += r1 * c
    by_team[L.BT_CALLS, team, pos] += (r2 and not stuck) * c
    by_team[L.BT_CALLS_NEXT, team, pos] += nxt * c
    by_team[L.BT_STUCK, team, pos] += stuck * c
    by_team[L.BT_MADE if made else L.BT_EUCHRED, team, pos] += c
    by_team[L.BT_MARCH, team, pos] += march * c
    by_team[L.BT_ALONE, team, pos] += alone * c
    by_team[L.BT_ALONE_MARCH, team, pos] += (alone and march) * c


def no_totals() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Empty totals: a kernel given them summarises nothing (``reference_deals``)."""
    return (np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros((0, 0), np.int64),
            np.zeros((0, 0, 0), np.int64), np.zeros((0, 0, 0), np.int64))


# ``block_totals`` and ``add_blocks`` are called once per kernel call, out of line: inlined into
# a parallel kernel, numba turned each of their array operations into a parallel loop of its
# own for LLVM to compile (the lean reference kernel's cold compile went from 28 s to 16 s).


@njit(cache=True)
def block_totals(nb, totals):
    """Zeroed totals for each of ``nb`` blocks, shaped like ``totals`` (the five arrays)."""
    sums, counts, by_position, by_team, by_how = totals
    return (np.zeros((nb, sums.shape[0]), np.int64), np.zeros((nb, counts.shape[0]), np.int64),
            np.zeros((nb,) + by_position.shape, np.int64),
            np.zeros((nb,) + by_team.shape, np.int64), np.zeros((nb,) + by_how.shape, np.int64))


@njit(cache=True, inline="always")
def summarise_block(recs, parts, b):
    """``summarise`` the rows ``recs`` into block ``b`` of ``parts`` (``block_totals``)."""
    summarise(recs, parts[0][b], parts[1][b], parts[2][b], parts[3][b], parts[4][b])


@njit(cache=True)
def add_blocks(parts, totals):
    """Add every block's totals into ``totals``: the same integers as one pass."""
    sums, counts, by_position, by_team, by_how = totals
    s_b, c_b, p_b, t_b, h_b = parts
    for b in range(s_b.shape[0]):
        sums += s_b[b]
        counts += c_b[b]
        by_position += p_b[b]
        by_team += t_b[b]
        by_how += h_b[b]


@njit(cache=True, parallel=True)
def summarise_parallel(recs, sums, counts, by_position, by_team, by_how, block):
    """``summarise`` over blocks of ``block`` rows on all threads, each block into its own
    totals, then added up: the same integers as one pass (a chunk's records are summed while
    they are still in the caches, and with two threads this pass no longer waits on one)."""
    totals = (sums, counts, by_position, by_team, by_how)
    n = recs.shape[0]
    nb = (n + block - 1) // block
    parts = block_totals(nb, totals)
    for b in prange(nb):
        lo = b * block
        hi = min(n, lo + block)
        summarise_block(recs[lo:hi], parts, b)
    add_blocks(parts, totals)


@njit(cache=True, parallel=True)
def board_sums(recs, recs2):
    """A duplicate match's boards, summed in one pass: (the sum of twice each board's value,
    the sum of its squares), a board's value being side a's points minus side b's over both
    seatings (a seated as team 0 in ``recs``, as team 1 in ``recs2``; integers)."""
    total = np.int64(0)
    squares = np.int64(0)
    for i in prange(recs.shape[0]):  # on every thread (a reduction of two sums)
        twice = (recs[i, L.F_POINTS0] - recs[i, L.F_POINTS1]
                 + recs2[i, L.F_POINTS1] - recs2[i, L.F_POINTS0])
        total += twice
        squares += twice * twice
    return total, squares

