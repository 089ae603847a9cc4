"""The loner count (``alone.count.*``): the kernel's terms against tools/loner_fit.py's, which
fits them from playouts, on random hands in every trump suit."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from euchre_sim.core.four import kinds as q
from euchre_sim.core.four.hands import to_effective
from euchre_sim.core.four.scripted import loner_value
from euchre_sim.game.cards import deck_cards, parse_hand
from euchre_sim.game.rules import Rules

ROOT = Path(__file__).resolve().parents[1]
SLOTS = {"trump": q.Q_LC_TRUMP, "top_run": q.Q_LC_RUN, "right": q.Q_LC_RIGHT,
         "left": q.Q_LC_LEFT, "side_ace": q.Q_LC_SIDE_ACE, "side_king": q.Q_LC_SIDE_KING,
         "void": q.Q_LC_VOID}


def _tool():
    spec = importlib.util.spec_from_file_location("loner_fit", ROOT / "tools" / "loner_fit.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _hands(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    cards = np.array(deck_cards(24), np.int64)
    return np.array([int(np.bitwise_or.reduce(np.int64(1) << rng.choice(cards, 5, False)))
                     for _ in range(n)], np.int64)


@pytest.mark.parametrize("term", list(SLOTS))
def test_the_kernel_counts_each_term_as_the_fitting_tool_does(term: str) -> None:
    """With only ``term`` weighted (1) and the bidding strength's weight 0, the kernel's loner
    worth of a hand is the tool's count of that term, for 400 random hands and each trump."""
    hands = _hands(400, 5)
    rules = Rules().to_array()
    params = np.zeros((2, q.N_ROW))
    params[:, SLOTS[term]] = 1.0
    tool = _tool()
    for trump in range(4):
        want = tool.loner_terms(hands, np.full(len(hands), trump))[term]
        got = [loner_value(params, 0, to_effective(int(h), trump), rules) for h in hands]
        assert np.array_equal(np.array(got), want.astype(float)), (term, trump)
    if term in ("trump", "side_ace", "void"):  # a term that is not always 0 or 1
        assert want.max() >= 2


def test_a_laydown_counts_as_the_tool_says() -> None:
    """JH JD AH KH QH with hearts trump: five trumps in the run from the right, both bowers,
    no side card, three voids."""
    hand = np.array([parse_hand("JH JD AH KH QH")], np.int64)
    terms = _tool().loner_terms(hand, np.array([2]))
    assert {k: int(v[0]) for k, v in terms.items()} == {
        "trump": 5, "top_run": 5, "right": 1, "left": 1, "side_ace": 0, "side_king": 0,
        "void": 3}
