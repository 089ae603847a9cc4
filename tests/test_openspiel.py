"""Cross-check of the reference engine against OpenSpiel's ``euchre`` game.

OpenSpiel's encoding (``open_spiel/games/euchre/euchre.{h,cc}``):

* card = rank * 4 + suit, ranks 9, T, J, Q, K, A = 0..5, suits C, D, H, S = 0..3;
* actions: 0..23 cards (discard, play), 24 pass, 25..28 clubs..spades (in round 1 only the
  up-card's suit: "order up"), 29 go alone, 30 play with partner;
* chance nodes: the dealer (0..3), then 20 cards dealt round robin starting with the dealer, then
  the up-card;
* players N, E, S, W = 0..3 clockwise, partners opposite, bidding starts at dealer + 1, the
  first trick is led by dealer + 1 (skipping the sitting-out partner);
* returns: +points for the scoring side's two players, -points for the other two.

Default parameters (stick the dealer, no lone defender) are our ruleset ``openspiel``. Two smaller
runs check the options OpenSpiel also has: ``stick_the_dealer=false`` and
``allow_lone_defender=true``.
"""

from __future__ import annotations

import random

import pytest

from euchre_sim.reference import DealState
from euchre_sim.rules import Rules

pyspiel = pytest.importorskip("pyspiel")

Phase = pyspiel.euchre.Phase
OS_PASS, OS_CLUBS, OS_ALONE, OS_PARTNER = 24, 25, 29, 30

# Our phases that correspond to each OpenSpiel phase.
PHASE_MAP = {
    Phase.BIDDING: ("round1", "round2"),
    Phase.DISCARD: ("discard",),
    Phase.GO_ALONE: ("alone", "defend_alone"),
    Phase.PLAY: ("play",),
}


def our_card(os_card: int) -> int:
    """OpenSpiel card id -> our card id."""
    rank, suit = os_card // 4, os_card % 4
    return suit * 8 + rank + 2  # OpenSpiel's rank 0 is the 9, our rank 2


def our_action(action: int, phase: str) -> tuple:
    """Map an OpenSpiel action to ours, given our current phase."""
    if phase in ("round1", "round2"):
        if action == OS_PASS:
            return ("pass",)
        suit = action - OS_CLUBS
        return ("order",) if phase == "round1" else ("call", suit)
    if phase == "alone":
        return ("alone", action == OS_ALONE)
    if phase == "defend_alone":
        return ("defend", action == OS_ALONE)
    if phase == "discard":
        return ("discard", our_card(action))
    if phase == "play":
        return ("play", our_card(action))
    raise AssertionError(f"no OpenSpiel counterpart for our phase {phase}")


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
        for os_card, holder in enumerate(os_state.card_holder()):
            if holder is not None:
                hands[holder] |= 1 << our_card(os_card)
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
