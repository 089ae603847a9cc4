"""Cross-check of the reference engine against OpenSpiel's ``euchre`` game.

OpenSpiel's encoding and our mapping of it (``our_card``, ``our_action``, ...) are in
``euchre_sim/agents/openspiel.py``; further: players N, E, S, W = 0..3 clockwise, partners
opposite, the first trick is led by dealer + 1 (skipping the sitting-out partner); returns:
+points for the scoring side's two players, -points for the other two.

Default parameters (stick the dealer, no lone defender) are our ruleset ``openspiel``. Two smaller
runs check the options OpenSpiel also has: ``stick_the_dealer=false`` and
``allow_lone_defender=true``.
"""

from __future__ import annotations

import random

import pytest

from euchre_sim import agents
from euchre_sim.agents.openspiel import (
    OS_PASS,
    StrategyBot,
    ismcts_bot,
    load_game,
    os_action,
    os_card,
    our_action,
    our_card,
    our_deal,
    uniform_bot,
)
from euchre_sim.engine.simulate import PresetDeal, play_presets
from euchre_sim.game.rules import Rules
from euchre_sim.oracle.engine import DealState

pyspiel = pytest.importorskip("pyspiel")

Phase = pyspiel.euchre.Phase
# Our phases that correspond to each OpenSpiel phase.
PHASE_MAP = {
    Phase.BIDDING: ("round1", "round2"),
    Phase.DISCARD: ("discard",),
    Phase.GO_ALONE: ("alone", "defend_alone"),
    Phase.PLAY: ("play",),
}


def deal_openspiel(state, rnd: random.Random) -> None:
    """Play OpenSpiel's chance nodes (dealer, 20 cards, up-card) with ``rnd``."""
    while state.is_chance_node():
        outcomes = [o for o, _ in state.chance_outcomes()]
        state.apply_action(rnd.choice(outcomes))


def choose(os_legal: list[int], rnd: random.Random, pass_bias: float) -> int:
    """A random decision; "pass" is taken with probability ``pass_bias`` when legal, so that
    round 2, the stuck dealer and thrown-in deals come up often."""
    if OS_PASS in os_legal and rnd.random() < pass_bias:
        return OS_PASS
    return rnd.choice(os_legal)


def cross_check(game, rules: Rules, n_deals: int, seed: int,
                pass_bias: float = 0.6) -> dict[str, int]:
    """Replay ``n_deals`` random deals in both engines, asserting agreement at every step."""
    rnd = random.Random(seed)
    seen = {"thrown_in": 0, "alone": 0, "defender": 0, "round2": 0, "stuck": 0, "march": 0,
            "euchre": 0}
    for deal in range(n_deals):
        os_state = game.new_initial_state()
        deal_openspiel(os_state, rnd)
        assert os_state.current_phase() == Phase.BIDDING
        dealer = os_state.dealer()
        hands = [0, 0, 0, 0]
        for card_id, holder in enumerate(os_state.card_holder()):
            if holder is not None:
                hands[holder] |= 1 << our_card(card_id)
        up = our_card(os_state.upcard())
        st = DealState(rules, dealer, hands, up)
        # OpenSpiel's first bidder is the eldest hand, our seat dealer + 1.
        assert st.current_player() == (dealer + 1) % 4

        while not os_state.is_terminal():
            where = f"deal {deal}, history {os_state.history()}"
            assert not st.is_terminal(), where
            assert st.phase in PHASE_MAP[os_state.current_phase()], where
            if st.phase in ("round1", "round2"):
                assert (st.phase == "round1") == (os_state.num_passes() < 4), where
            assert os_state.current_player() == st.current_player(), where
            os_legal = os_state.legal_actions()
            mapped = {our_action(a, st.phase): a for a in os_legal}
            assert len(mapped) == len(os_legal), where
            assert set(mapped) == set(st.legal_actions()), where
            action = choose(os_legal, rnd, pass_bias)
            st.apply(our_action(action, st.phase))
            os_state.apply_action(action)

        assert st.is_terminal(), f"deal {deal}"
        rec = st.record()
        returns = os_state.returns()
        for player in range(4):
            team = player % 2
            expected = rec[f"points{team}"] - rec[f"points{1 - team}"]
            assert returns[player] == expected, (deal, returns, rec)
        if rec["thrown_in"]:
            seen["thrown_in"] += 1
            continue
        # Same maker, trump, lone players, first leader and trick winners.
        assert os_state.declarer() == rec["maker"]
        assert os_state.trump_suit() == rec["trump"]
        assert bool(os_state.declarer_go_alone()) == bool(rec["alone"])
        lone_defender = os_state.lone_defender()
        assert (lone_defender if lone_defender >= 0 else -1) == rec["defender"]
        tricks = os_state.tricks()
        assert tricks[0].leader() == rec["leader"]
        winners = [(rec["winners"] >> (2 * t)) & 3 for t in range(5)]
        assert [t.winner() for t in tricks] == winners
        if rec["discard"] >= 0:
            assert our_card(os_state.discard()) == rec["discard"]
        seen["alone"] += rec["alone"]
        seen["defender"] += rec["defender"] >= 0
        seen["round2"] += rec["round"] == 2
        seen["stuck"] += rec["stuck"]
        maker_tricks = rec[f"tricks{rec['maker'] % 2}"]
        seen["march"] += maker_tricks == 5
        seen["euchre"] += maker_tricks <= 2
    return seen


@pytest.mark.slow
def test_openspiel_default_rules_10000_deals() -> None:
    game = pyspiel.load_game("euchre")
    params = game.get_parameters()
    assert params == {"allow_lone_defender": False, "stick_the_dealer": True}
    rules = Rules.named("openspiel")
    uniform = cross_check(game, rules, 10_000, seed=20240601, pass_bias=0.0)
    assert uniform["round2"] > 400 and uniform["alone"] > 4000
    seen = cross_check(game, rules, 10_000, seed=20240602)
    # Random play reaches every branch many times.
    assert seen["thrown_in"] == 0
    assert seen["alone"] > 1000 and seen["round2"] > 1000 and seen["stuck"] > 100
    assert seen["march"] > 100 and seen["euchre"] > 1000


def test_openspiel_no_stick_the_dealer() -> None:
    game = pyspiel.load_game("euchre", {"stick_the_dealer": False})
    seen = cross_check(game, Rules.named("tournament"), 2_000, seed=7, pass_bias=0.7)
    assert seen["thrown_in"] > 50


def test_openspiel_lone_defender() -> None:
    game = pyspiel.load_game("euchre", {"allow_lone_defender": True})
    seen = cross_check(game, Rules.named("openspiel", defender_alone=True), 2_000, seed=11)
    assert seen["defender"] > 300


# ---- OpenSpiel both ways (euchre_sim.agents.openspiel, docs/agents.md) ----


def test_the_card_and_action_mappings_invert():
    assert [our_card(os_card(c)) for c in range(2, 8)] == list(range(2, 8))
    assert all(os_card(our_card(a)) == a for a in range(24))
    for phase, action in [("round1", ("order",)), ("round2", ("call", 3)), ("play", ("play", 7)),
                          ("alone", ("alone", True)), ("defend_alone", ("defend", False))]:
        assert our_action(os_action(action, up_card=5), phase) == action


def test_strategy_bots_play_openspiel_euchre_as_our_engine_does():
    """Four ``advanced`` bots on OpenSpiel's game make the kernels' deal: the same record
    as ``play_presets`` of that deal, and OpenSpiel's returns are its points."""
    rules = Rules.named("openspiel")
    game = load_game(rules)
    bots = [StrategyBot("advanced", p) for p in range(4)]
    rnd = random.Random(5)
    for _ in range(40):
        state = game.new_initial_state()
        deal_openspiel(state, rnd)
        start, _ = our_deal(rules, state)
        while not state.is_terminal():
            state.apply_action(bots[state.current_player()].step(state))
        st, _ = our_deal(rules, state)
        deal = PresetDeal(tuple(start.dealt_hands), start.up_card, start.dealer,
                          sum(1 << c for c in start.kitty))
        kernel = play_presets(rules, "advanced", None, [deal])[0].record
        assert {k: v for k, v in st.record().items() if k != "deal"} == \
            {k: v for k, v in kernel.items() if k != "deal"}
        assert state.returns()[0] == kernel["points0"] - kernel["points1"]


def test_strategy_bots_beat_openspiel_uniform_bots():
    game = load_game()
    bots = [StrategyBot("advanced", 0), pyspiel.make_uniform_random_bot(1, 1),
            StrategyBot("advanced", 2), pyspiel.make_uniform_random_bot(3, 3)]
    total = sum(pyspiel.evaluate_bots(game.new_initial_state(), bots, i)[0] for i in range(60))
    assert total / 60 > 0.5


def test_openspiel_bots_sit_at_our_table():
    result = agents.match("advanced", uniform_bot(), Rules.named("openspiel"), deals=40,
                          seed=3)
    assert result.boards == 40 and result.b.label == "openspiel-uniform"
    assert result.diff.mean > 0.5  # advanced beats uniform random play by a point a deal
    with pytest.raises(ValueError, match="OpenSpiel's euchre has no deck=32"):
        agents.match(uniform_bot(), "basic", Rules(deck=32), deals=1, seed=0)


@pytest.mark.slow
def test_advanced_vs_openspiel_ismcts_duplicate_match():
    """The README's table row in small: ``advanced`` against IS-MCTS (200 simulations a
    move), 30 deals each played from both sides (``benchmarks/bench_openspiel.py`` for more)."""
    result = agents.match("advanced", ismcts_bot(simulations=200, seed=1),
                          Rules.named("openspiel"), deals=30, seed=1)
    print("\n" + result.to_text())
    assert result.boards == 30 and result.summary_a_first.deals == 30
    assert -4 <= result.diff.mean <= 4
