"""The match-equity table score-aware strategies read: its model and its place in the row.

The table gives P(win the game) for (our score, their score, we deal) and is computed exactly
by dynamic programming over a Markov chain: the score moves by one deal's points, drawn from a
fixed distribution of (points to the dealing side, points to the other side), and the deal
passes to the left, so the other side deals next. This is exact for a score-blind strategy
playing itself (its deals do not depend on the score), and a good model of the game for the
others.

Where each piece lives, lower layers never importing upper ones:

* here (``strategies``): the distribution of points per deal from deal records, the dynamic
  programme, and writing the table into a parameter row. Pure numpy: strategies may not
  simulate.
* ``simulate.equity_model(rules)``: estimates the distribution from score-blind ``advanced``
  playing itself under the run's rules (cached per rules), and ``Matchup.arrays(rules)`` hands
  it to ``compile_pair``, which fills the block of each side that reads it.
* ``core/four/score_aware.py``: the kernels reading the block (``kinds.EQ_BASE``).

``analysis/equity.py`` estimates the same table by simulating whole games instead;
``tests/test_equity.py`` checks that the two agree.
"""

from __future__ import annotations

import numpy as np

from ..core.common import layout as L
from ..core.four.kinds import (
    EQ_BASE,
    EQ_MAX,
    N_EQ,
)

MAX_POINTS = 4  # the most one side scores in a deal (a lone march, a lone defence, super euchre)
EQUITY_PARAMS = ("score.equity_weight", "score.equity_alone")


def uses_equity(params: dict[str, float]) -> bool:
    """Does a strategy with these (complete) parameters read the match-equity table?"""
    return any(params.get(key, 0) != 0 for key in EQUITY_PARAMS)


def point_distribution(records: np.ndarray) -> np.ndarray:
    """P(dealing side scores x, the other side y) as a ``(MAX_POINTS + 1)`` square matrix, from
    raw deal records (rows of ``layout.RECORD_FIELDS``)."""
    team0_deals = (records[:, L.F_DEALER] & 1) == 0
    dealer = np.where(team0_deals, records[:, L.F_POINTS0], records[:, L.F_POINTS1])
    other = np.where(team0_deals, records[:, L.F_POINTS1], records[:, L.F_POINTS0])
    n = MAX_POINTS + 1
    counts = np.bincount(dealer * n + other, minlength=n * n)
    return (counts / len(records)).reshape(n, n)


def markov_equity(dist: np.ndarray, target: int) -> np.ndarray:
    """P(win the game) for every (ours, theirs, we deal), ``ours, theirs < target``, when each
    deal's points follow ``dist[x, y]`` (x to the dealing side, y to the other) and the deal
    passes to the other side after every deal.

    E(a, b, 1) = sum dist[x, y] E(a + x, b + y, 0) and E(a, b, 0) = sum dist[x, y]
    E(a + y, b + x, 1); a side reaching the target has won. Every outcome but a deal thrown in
    (0, 0) raises a + b, so states are solved in decreasing a + b; the thrown-in deal links
    (a, b, 1) and (a, b, 0) to each other, a 2x2 system solved in closed form.
    """
    n = dist.shape[0]
    p00 = float(dist[0, 0])
    if p00 >= 1.0:
        raise ValueError("every deal is thrown in: the game never ends")
    moves = np.array(dist, np.float64)
    moves[0, 0] = 0.0
    e = np.zeros((target + n, target + n, 2))
    e[target:, :, :] = 1.0  # we reached the target (they cannot have in the same deal)
    for total in range(2 * target - 2, -1, -1):
        for a in range(max(0, total - target + 1), min(total, target - 1) + 1):
            b = total - a
            after = e[a:a + n, b:b + n]  # after[i, j] = E(a + i, b + j)
            r1 = float(np.sum(moves * after[:, :, 0]))  # we deal: we get x, they get y
            r0 = float(np.sum(moves.T * after[:, :, 1]))  # they deal: we get y, they get x
            e[a, b, 1] = (r1 + p00 * r0) / (1.0 - p00 * p00)
            e[a, b, 0] = (r0 + p00 * r1) / (1.0 - p00 * p00)
    return e[:target, :target].copy()


def fill_equity(row: np.ndarray, table: np.ndarray) -> None:
    """Write ``table[ours, theirs, we_deal]`` into a parameter row's equity block."""
    target = table.shape[0]
    block = np.zeros((EQ_MAX, EQ_MAX, 2))
    block[:target, :target] = table
    row[EQ_BASE:EQ_BASE + N_EQ] = block.ravel()
