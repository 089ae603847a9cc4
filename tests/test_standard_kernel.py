"""The general kernel compiled for the standard rules (``core/common/rule.py``: every rule option a
constant) against the same kernel reading the rules array: the same records for deals,
games and preset deals; and the gate that picks it only where it applies."""

import numpy as np
import pytest

from euchre_sim.core.common import layout as L
from euchre_sim.core.common.rng import deal_key, game_key
from euchre_sim.core.common.rule import STANDARD, rule
from euchre_sim.core.four.batch import (
    NO_GAME_DEALS,
    NO_GAMES,
    NO_RECS,
    NO_STREAMS,
    _run_blocks,
    kernel_rules,
    searching,
)
from euchre_sim.engine.simulate import BLOCK, GAME_BLOCK, Matchup, PresetDeal
from euchre_sim.game.rules import R_STICK, R_TARGET, Rules

TABLES = [("tuned", "advanced"), ("basic", "random"), ("reference", "score_aware")]


def _arrays(a: str, b: str) -> tuple[np.ndarray, np.ndarray]:
    return Matchup.of(a, b).arrays(Rules())


def test_the_gate_compiles_in_only_the_standard_rules_without_search() -> None:
    kinds, _ = _arrays("tuned", "advanced")
    assert kernel_rules(Rules().to_array(), kinds) is None
    for other in (Rules(stick_the_dealer=False), Rules(target_score=11), Rules.named("canadian")):
        arr = other.to_array()
        assert kernel_rules(arr, kinds) is arr
    pimc, _ = Matchup.of("pimc", "tuned").arrays(Rules())
    assert searching(pimc) and kernel_rules(Rules().to_array(), pimc) is not None


def test_an_option_read_outside_a_kernel_is_the_default() -> None:
    assert rule(None, R_STICK) == Rules().stick_the_dealer
    assert rule(None, R_TARGET) == Rules().target_score == STANDARD[R_TARGET]
    assert rule(Rules(target_score=5).to_array(), R_TARGET) == 5


@pytest.mark.parametrize(("a", "b"), TABLES)
def test_deals_and_games_are_the_general_kernels(a: str, b: str) -> None:
    kinds, params = _arrays(a, b)
    arr = Rules().to_array()
    n = 20_000
    recs = {}
    for which, rules in (("array", arr), ("standard", None)):
        out = np.zeros((n, L.N_FIELDS), np.int64)
        _run_blocks(deal_key(5), 100, n, rules, kinds, params, out, NO_GAMES, NO_GAME_DEALS,
                    np.zeros((0, L.N_PRESET), np.int64), NO_STREAMS, BLOCK, None)
        games = np.zeros((300, L.N_GAME_FIELDS), np.int64)
        game_deals = np.zeros((300, 40, L.N_FIELDS), np.int64)
        _run_blocks(game_key(5), 0, 300, rules, kinds, params, NO_RECS, games, game_deals,
                    np.zeros((0, L.N_PRESET), np.int64), NO_STREAMS, GAME_BLOCK, None)
        recs[which] = (out, games, game_deals)
    for got, want in zip(recs["standard"], recs["array"], strict=True):
        assert np.array_equal(got, want)
    assert recs["array"][0][:, 0].any() and recs["array"][1].any()


def test_preset_deals_are_the_general_kernels() -> None:
    """The analyser's path: a preset deal played 500 times on its own random streams (random
    players decide differently on each), through both compilations."""
    kinds, params = _arrays("tuned", "random")
    deal = PresetDeal.of(["9C TC JC QC AH", "9D TD JD QD KD", "9H TH JH QH KH",
                          "9S TS JS QS KS"], "AC", 3, Rules())
    presets = np.repeat(np.array([deal.row()], np.int64), 500, axis=0)
    out = {}
    for which, rules in (("array", Rules().to_array()), ("standard", None)):
        recs = np.zeros((500, L.N_FIELDS), np.int64)
        _run_blocks(deal_key(2), 0, 500, rules, kinds, params, recs, NO_GAMES, NO_GAME_DEALS,
                    presets, NO_STREAMS, 64, None)
        out[which] = recs
    assert np.array_equal(out["standard"], out["array"])
    assert len({tuple(r) for r in out["array"]}) > 10  # the streams made different deals
