"""The scripted hand strength from the row's tables equals the card-by-card sum, bit for bit.

``strategies/strength_tables.py`` fills the tables only when every strength weight lies on
the 2**-10 grid (then every sum is exact in float64); ``scripted.eff_value`` reads them when
``VALUE_EXACT`` is set and otherwise sums card by card. Each test below sums the same hands
both ways, on random hands of every deck and trump (no trump's layout is not tabled), and the
natural hand by natural-suit tables (``scripted.nat_value``, the bidding's) a third way.
"""

from __future__ import annotations

import numpy as np
import pytest

from euchre_sim.core.four.hands import to_effective
from euchre_sim.core.four.kinds import Q_W_JOKER, Q_W_SINGLETON, Q_W_VOID, VALUE_EXACT
from euchre_sim.core.four.scripted import eff_value, nat_value
from euchre_sim.game.cards import deck_cards
from euchre_sim.strategies import builtin_names, get_strategy
from euchre_sim.strategies.strength_tables import fill_strength_tables, on_grid

HANDS = 4000


def _rows(params: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The row as filled (tables on) and the same row with ``VALUE_EXACT`` cleared."""
    tabled = np.stack([params, params])
    summed = tabled.copy()
    summed[:, VALUE_EXACT] = 0.0
    return tabled, summed


def _random_hands(rng: np.random.Generator, deck: int, size: int) -> list[int]:
    cards = deck_cards(deck)
    hands = []
    for _ in range(HANDS):
        picked = rng.choice(len(cards), size=size, replace=False)
        hands.append(sum(1 << cards[i] for i in picked))
    return hands


def _same_strengths(tabled: np.ndarray, summed: np.ndarray, seed: int) -> None:
    rng = np.random.default_rng(seed)
    for deck in (24, 25, 32, 33):
        for size in (5, 6):  # a hand, and a dealer's hand with the up-card
            for nat in _random_hands(rng, deck, size):
                for trump in range(4):
                    eh = to_effective(np.int64(nat), trump)
                    a, b = eff_value(tabled, 0, eh), eff_value(summed, 0, eh)
                    assert a == b, (deck, trump, nat, a, b)
                    # the bidding's sum by natural suit (``nat_value``), tables on and off
                    n = np.int64(nat)
                    assert nat_value(tabled, 0, n, trump) == b, (deck, trump, nat)
                    assert nat_value(summed, 0, n, trump) == b, (deck, trump, nat)


@pytest.mark.parametrize("name", [n for n in builtin_names()
                                  if get_strategy(n).kind_name == "scripted"])
def test_builtin_weights_are_on_the_grid_and_their_tables_sum_alike(name: str) -> None:
    row = get_strategy(name).param_array()
    assert row[VALUE_EXACT] == 1.0
    _same_strengths(*_rows(row), seed=11)


def test_random_grid_weights_sum_alike_negative_shapes_included() -> None:
    rng = np.random.default_rng(5)
    row = get_strategy("advanced").param_array()
    for trial in range(3):
        row[Q_W_JOKER:Q_W_VOID] = rng.integers(0, 160, Q_W_VOID - Q_W_JOKER) / 4.0
        row[Q_W_VOID:Q_W_SINGLETON + 1] = rng.integers(-160, 160, 2) / 1024.0
        fill_strength_tables(row)
        assert row[VALUE_EXACT] == 1.0
        _same_strengths(*_rows(row), seed=100 + trial)


def test_a_strategy_with_a_weight_off_the_grid_sums_card_by_card() -> None:
    row = get_strategy("advanced:weights.offsuit.king=0.3").param_array()
    assert row[VALUE_EXACT] == 0.0


@pytest.mark.parametrize("value", [1.0 / 3.0, 2.0 ** -11, 2.0 ** 21, float("nan")])
def test_a_weight_off_the_grid_clears_the_tables(value: float) -> None:
    row = get_strategy("advanced").param_array()
    row[Q_W_JOKER + 4] = value
    fill_strength_tables(row)
    assert not on_grid(row)
    assert row[VALUE_EXACT] == 0.0
