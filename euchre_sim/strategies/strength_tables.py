"""The scripted hand strength as table sums (``kinds.VALUE_EXACT`` .. ``NAT_SIDE_BASE``).

``scripted.eff_value`` adds a hand's weights card by card: each trump by rank, then per side
suit the void or singleton bonus, the ace and the king. When every one of those weights lies
on a 2**-10 grid (as every built-in and tuned value does: halves and quarters), each partial
sum is a multiple of 2**-10 far below 2**43, so float64 holds it exactly and the order of the
additions cannot change the result. The row then carries the sums of the trumps in two 5-bit
halves and a 12-entry table per side-suit shape, and the kernel adds four or five entries
instead of walking the cards: the same strength, bit for bit (tests/test_strength_tables.py).
For the bidding, which rates a natural hand under each candidate trump, the row also carries
each 8-bit natural suit's share as the trump suit, as the suit of trump's colour (the left
bower and the rest) and as a side suit: four loads rate the hand without converting it
(``scripted.nat_value``). A weight off the grid leaves ``VALUE_EXACT`` at 0 and the kernel
sums card by card.
"""

from __future__ import annotations

import numpy as np

from ..core.four.kinds import (
    NAT_NEXT_BASE,
    NAT_SIDE_BASE,
    NAT_TRUMP_BASE,
    Q_W_JOKER,
    Q_W_OFF_ACE,
    Q_W_OFF_KING,
    Q_W_SINGLETON,
    Q_W_VOID,
    SIDE_BASE,
    TRUMP_HI_BASE,
    TRUMP_LO_BASE,
    VALUE_EXACT,
    trump_weight_slot,
)
from ..core.four.tables import eff_bit
from ..game.cards import RANK_A, RANK_J, RANK_K

GRID = 1024.0  # 2**10: the weights must be whole multiples of 1 / GRID
LIMIT = 2.0**20  # and no larger than this: a sum of ten stays far inside float64's 53 bits
STRENGTH_WEIGHTS = list(range(Q_W_JOKER, Q_W_SINGLETON + 1))


def trump_weight(row: np.ndarray, bit: int) -> float:
    """Weight of the trump at effective bit ``bit`` (24..33), as ``scripted.trump_weight``."""
    return float(row[trump_weight_slot.py_func(bit)])


def on_grid(row: np.ndarray) -> bool:
    """May the strength of this row be summed in any order (every weight exact on the grid)?"""
    w = row[STRENGTH_WEIGHTS]
    return bool(np.all(np.isfinite(w)) and np.all(np.abs(w) <= LIMIT)
                and np.all(w * GRID == np.round(w * GRID)))


def fill_strength_tables(row: np.ndarray) -> None:
    """Write the trump halves and side-suit shapes into ``row`` and set ``VALUE_EXACT``, if
    the row's weights are on the grid; else clear ``VALUE_EXACT`` (card-by-card sums)."""
    row[VALUE_EXACT:NAT_SIDE_BASE + 256] = 0.0
    if not on_grid(row):
        return
    for i in range(32):
        row[TRUMP_LO_BASE + i] = sum(trump_weight(row, 24 + k) for k in range(5) if i >> k & 1)
        row[TRUMP_HI_BASE + i] = sum(trump_weight(row, 29 + k) for k in range(5) if i >> k & 1)
    shape = {0: float(row[Q_W_VOID]), 1: float(row[Q_W_SINGLETON]), 2: 0.0}
    for n in range(3):
        for ace in range(2):
            for king in range(2):
                row[SIDE_BASE + n + 3 * ace + 6 * king] = (
                    shape[n] + ace * float(row[Q_W_OFF_ACE]) + king * float(row[Q_W_OFF_KING]))
    for m in range(256):
        trumps = [r for r in range(8) if m >> r & 1]
        row[NAT_TRUMP_BASE + m] = sum(trump_weight(row, eff_bit(0, r)) for r in trumps)
        row[NAT_SIDE_BASE + m] = side_shape(row, m)
        # the suit of trump's colour (spades under clubs): its jack is the left bower
        left = m >> RANK_J & 1
        row[NAT_NEXT_BASE + m] = (left * trump_weight(row, eff_bit(0, 3 * 8 + RANK_J))
                                  + side_shape(row, m & ~(1 << RANK_J)))
    row[VALUE_EXACT] = 1.0


def side_shape(row: np.ndarray, ranks: int) -> float:
    """A side suit's share of the strength (its ranks as an 8-bit mask): the shape table's
    entry for its count (up to 2), ace and king."""
    n = min(bin(ranks).count("1"), 2)
    return float(row[SIDE_BASE + n + 3 * (ranks >> RANK_A & 1) + 6 * (ranks >> RANK_K & 1)])
