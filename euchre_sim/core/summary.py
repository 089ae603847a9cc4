"""Summing per-deal records in one pass (the totals behind ``analysis.summary.DealSummary``).

One compiled loop over the rows instead of some forty numpy passes: a duplicate match spends
as long summarising its records as playing them otherwise. Every total is an integer.
"""

from numba import njit

from .layout import (
    F_ALONE,
    F_DEALER,
    F_DEFENDER,
    F_MAKER,
    F_POINTS0,
    F_POINTS1,
    F_ROUND,
    F_STUCK,
    F_THROWN_IN,
    F_TRICKS0,
    F_TRICKS1,
    F_TRUMP,
    F_UP,
)

# slots of ``sums``
(S_P0, S_P0SQ, S_P1, S_P1SQ, S_DIFF, S_DIFFSQ, S_TOT, S_TOTSQ, S_MTRICKS, S_DEAL,
 S_DEALSQ, N_SUMS) = range(12)
# slots of ``counts``
(C_PLAYED, C_MADE, C_EUCHRED, C_MARCH, C_ALONE, C_ALONE_MARCH, C_DEFENDER_ALONE, C_ROUND1,
 C_ROUND2, C_STUCK, C_THROWN_IN, C_MAKER_TEAM0, N_COUNTS) = range(13)
# rows of ``by_position`` (by the maker's position from the dealer's left)
P_MADE, P_EUCHRED, P_MARCH, P_PLAYED, N_BY_POSITION = range(5)
# rows of ``by_team`` (row, team, maker's position)
(T_SEATED, T_MADE_TRUMP, T_ORDERS, T_CALLS, T_CALLS_NEXT, T_STUCK, T_MADE, T_EUCHRED, T_MARCH,
 T_ALONE, T_ALONE_MARCH, N_BY_TEAM) = range(12)
# ``by_how`` (row, how trump was made, maker's position): deals, and the dealing side's points
# minus the other's summed and squared; a thrown-in deal is filed under the dealer's position
H_DEALS, H_POINTS, H_POINTS_SQ, N_BY_HOW = range(4)
K_ROUND1, K_ROUND2, K_STUCK, K_THROWN_IN, N_HOW = range(5)


@njit(cache=True)
def summarise(recs, sums, counts, by_position, by_team, by_how):
    """Add the totals of the record rows ``recs`` into the five int64 arrays."""
    for i in range(recs.shape[0]):
        p0 = recs[i, F_POINTS0]
        p1 = recs[i, F_POINTS1]
        d = p0 - p1
        t = p0 + p1
        dealer = recs[i, F_DEALER]
        dside = d if (dealer & 1) == 0 else -d  # the dealing side's points minus the other's
        sums[S_P0] += p0
        sums[S_P0SQ] += p0 * p0
        sums[S_P1] += p1
        sums[S_P1SQ] += p1 * p1
        sums[S_DIFF] += d
        sums[S_DIFFSQ] += d * d
        sums[S_TOT] += t
        sums[S_TOTSQ] += t * t
        sums[S_DEAL] += dside
        sums[S_DEALSQ] += dside * dside
        rnd = recs[i, F_ROUND]
        stuck = recs[i, F_STUCK] == 1
        alone = recs[i, F_ALONE] == 1
        counts[C_ALONE] += alone
        counts[C_DEFENDER_ALONE] += recs[i, F_DEFENDER] >= 0
        counts[C_ROUND1] += rnd == 1
        counts[C_ROUND2] += rnd == 2
        counts[C_STUCK] += stuck
        for p in range(4):
            by_team[T_SEATED, (dealer + 1 + p) & 1, p] += 1
        maker = recs[i, F_MAKER]
        team = maker & 1
        mtricks = recs[i, F_TRICKS1] if team == 1 else recs[i, F_TRICKS0]
        march = mtricks == 5
        if alone and march:
            counts[C_ALONE_MARCH] += 1
        if recs[i, F_THROWN_IN] == 1:
            counts[C_THROWN_IN] += 1
            by_how[H_DEALS, K_THROWN_IN, 3] += 1
            by_how[H_POINTS, K_THROWN_IN, 3] += dside
            by_how[H_POINTS_SQ, K_THROWN_IN, 3] += dside * dside
            continue
        made = mtricks >= 3
        pos = (maker - dealer - 1) & 3
        how = K_ROUND1 if rnd == 1 else (K_STUCK if stuck else K_ROUND2)
        by_how[H_DEALS, how, pos] += 1
        by_how[H_POINTS, how, pos] += dside
        by_how[H_POINTS_SQ, how, pos] += dside * dside
        sums[S_MTRICKS] += mtricks
        counts[C_PLAYED] += 1
        counts[C_MADE] += made
        counts[C_EUCHRED] += not made
        counts[C_MARCH] += march
        counts[C_MAKER_TEAM0] += team == 0
        by_position[P_PLAYED, pos] += 1
        by_position[P_MADE if made else P_EUCHRED, pos] += 1
        by_position[P_MARCH, pos] += march
        up = recs[i, F_UP]
        called = rnd == 2 and not stuck
        nxt = called and up != 32 and recs[i, F_TRUMP] == ((up // 8) ^ 3)
        by_team[T_MADE_TRUMP, team, pos] += 1
        by_team[T_ORDERS, team, pos] += rnd == 1
        by_team[T_CALLS, team, pos] += called
        by_team[T_CALLS_NEXT, team, pos] += nxt
        by_team[T_STUCK, team, pos] += stuck
        by_team[T_MADE if made else T_EUCHRED, team, pos] += 1
        by_team[T_MARCH, team, pos] += march
        by_team[T_ALONE, team, pos] += alone
        by_team[T_ALONE_MARCH, team, pos] += alone and march
