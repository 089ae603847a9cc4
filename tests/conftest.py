"""What the test files share: the card rules written out plainly, as an oracle that does not
use the kernels' tables (``from conftest import eff_suit, power``), and shared fixtures."""

from __future__ import annotations

import os

# Under pytest-xdist (``make test-fast`` runs two workers) each worker plays on one numba
# thread: two workers of two threads each on two cores took half as much CPU time again (7 min
# 4 s of user time for the fast tier against 4 min 47 s, 2026-12-02, the cores shared). Set
# before numba is imported, since numba reads it once; a value given in the environment wins.
# The 1-vs-2-thread comparisons (test_reproducibility) then compare one thread with one;
# ``make test``, serial on every core, makes them in full.
if "PYTEST_XDIST_WORKER" in os.environ:
    os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import numba  # noqa: E402
import pytest

from euchre_sim.cards import JOKER, RANK_J  # noqa: E402


def cards_of(mask: int) -> list[int]:
    """The natural card ids in a hand mask, lowest first."""
    return [c for c in range(33) if mask >> c & 1]


def eff_suit(card: int, trump: int) -> int:
    """The suit a card follows as: trump for the joker and both bowers, else its own suit."""
    if card == JOKER:
        return trump
    suit, rank = divmod(card, 8)
    if rank == RANK_J and suit in (trump, trump ^ 3):  # a jack of the trump colour
        return trump
    return suit


def power(card: int, trump: int, led: int) -> int:
    """Strength in a trick led in suit ``led``, higher wins: joker > right > left > trump A..7 >
    led-suit A..7; 0 for a card that cannot win."""
    if card == JOKER:
        return 300
    suit, rank = divmod(card, 8)
    if rank == RANK_J and suit == trump:
        return 299
    if rank == RANK_J and suit == trump ^ 3:
        return 298
    if suit == trump:
        return 200 + rank
    if suit == led:
        return 100 + rank
    return 0


@pytest.fixture
def restore_threads():
    """Put numba's thread count back after a test that changes it."""
    before = numba.get_num_threads()
    yield
    numba.set_num_threads(before)
