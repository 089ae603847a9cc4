"""Python agents at the table (euchre_sim.agents, docs/agents.md).

The exactness tests: built-in strategies seated as Python agents (``agents.builtin``, which
decide from their observation alone) and as compiled seats of the agent table reproduce the
kernels' records and traces of the same seed, deal for deal.
"""

from __future__ import annotations

import numpy as np
import pytest

from euchre_sim import Rules, agents, simulate_deals
from euchre_sim.agents.compiled import ReplayError, script_of
from euchre_sim.analysis.match import duplicate_deals
from euchre_sim.engine.simulate import replay_deals
from euchre_sim.oracle.engine import bits, is_trump


def kernel_frame(rules, a, b, deals, seed):
    df = simulate_deals(rules, a, b, deals=deals, seed=seed, threads=1)
    return df[[c for c in df.columns if not c.startswith("strategy")]]


def assert_same_as_kernels(rules, a, b, seats, deals, seed, trace_deals=0):
    """``seats`` (seat -> "a" or "b") hold built-in agents; the other seats play ``a``
    (team 0) or ``b`` (team 1) as compiled seats."""
    table = {s: (agents.builtin(a if s % 2 == 0 else b) if s in seats
                 else (a if s % 2 == 0 else b)) for s in range(4)}
    traces: list = []
    df = agents.play_deals(rules, table, deals=deals, seed=seed, traces=traces)
    ref = kernel_frame(rules, a, b, deals, seed)
    assert list(df.columns[:len(ref.columns)]) == list(ref.columns)
    same = (df[ref.columns].to_numpy() == ref.to_numpy()).all(axis=1)
    assert same.all(), f"deals differ: {np.nonzero(~same)[0][:10]}"
    assert (df.dtypes[ref.columns] == ref.dtypes).all()
    if trace_deals:
        kernel = replay_deals(rules, a, b, seed, 0, trace_deals)
        assert traces[:trace_deals] == [r.trace for r in kernel]
    return df


@pytest.mark.slow  # 20 s: the largest test of the fast tier (the other exactness tests stay in it)
def test_builtin_agents_reproduce_advanced_vs_advanced_2000_deals():
    df = assert_same_as_kernels(Rules(), "advanced", "advanced", {0, 1}, 2000, seed=20261201,
                                trace_deals=300)
    assert df["strategy0"].iloc[0] == "advanced"
    assert (df["alone"] > 0).sum() > 20 and (df["round"] == 2).sum() > 200


def test_builtin_agents_reproduce_advanced_vs_basic():
    assert_same_as_kernels(Rules(), "advanced", "basic", {1, 2}, 500, seed=3, trace_deals=100)


def test_random_agents_reproduce_random_and_reference():
    assert_same_as_kernels(Rules(), "random", "random", {0, 2}, 1000, seed=4, trace_deals=200)
    assert_same_as_kernels(Rules(), "reference", "random", {0, 1}, 500, seed=5,
                           trace_deals=100)


@pytest.mark.parametrize("name, options, a, b", [
    ("canadian", {}, "advanced", "tuned"),
    ("tournament", {"no_first_blood": True, "super_euchre": True}, "advanced", "basic"),
    ("north-american", {"partner_may_go_alone": True, "passed_cannot_go_alone": True},
     "advanced", "basic"),
    ("north-american", {"hearts_never_trump": True, "club_euchre": True,
                        "dealer_needs_trump": True}, "advanced", "reference"),
    ("north-american", {"redeal": "nines_and_tens", "lead": "right_of_lone",
                        "defender_alone": True, "lone_defence": "against_lone_maker"},
     "advanced", "basic"),
    ("new-zealand", {}, "advanced", "basic"),
])
def test_builtin_agents_reproduce_kernels_under_rule_options(name, options, a, b):
    assert_same_as_kernels(Rules.named(name, **options), a, b, {0, 3}, 200, seed=11,
                           trace_deals=50)


def test_match_gives_the_kernels_duplicate_result():
    rules = Rules()
    mine = agents.match(agents.builtin("advanced"), "basic", rules, deals=200, seed=8)
    kernel = duplicate_deals(rules, "advanced", "basic", 200, 8, threads=1)
    assert mine.to_text() == kernel.to_text()
    assert mine.to_dict()["points_per_deal_a_minus_b"] == \
        kernel.to_dict()["points_per_deal_a_minus_b"]


def three_trumps(obs, legal):
    """Order up (or call) with three trumps of the suit; else the first legal action."""
    if obs.phase == "round1" and ("order",) in legal:
        suit = obs.up_card // 8
        hand = obs.hand | (1 << obs.up_card if obs.seat == obs.dealer else 0)
        return ("order",) if sum(is_trump(c, suit) for c in bits(hand)) >= 3 else ("pass",)
    return legal[0]


def test_a_plain_function_plays_and_sees_only_its_seat():
    seen = []

    def watcher(obs, legal):
        seen.append(obs)
        return three_trumps(obs, legal)

    df = agents.play_deals(Rules(), {1: watcher}, vs="advanced", deals=100, seed=2)
    assert len(df) == 100 and df["strategy1"].iloc[0] == "watcher/advanced"
    assert seen and all(o.seat == 1 for o in seen)
    for o in seen:
        assert o.legal and (o.hand & ~o.dealt_hand & ~(1 << o.up_card)) == 0
        if o.dealer != 1:
            assert o.discard == -1
            assert all(a is None for ph, p, a in o.history if ph == "discard")
        assert all(p == 1 for ph, p, a in o.history if ph == "redeal" and a == ("keep",))
    plays = [o for o in seen if o.phase == "play"]
    assert any(o.tricks for o in plays) and any(o.trick for o in plays)
    assert all(o.trump >= 0 and o.maker >= 0 for o in plays)


def test_an_illegal_action_is_a_one_line_agent_error():
    def cheat(obs, legal):
        return ("play", 99) if obs.phase == "play" else legal[0]

    with pytest.raises(agents.AgentError) as err:
        agents.play_deals(Rules(), {2: cheat}, vs="basic", deals=20, seed=1)
    text = str(err.value)
    assert "\n" not in text and "seat 2 (cheat)" in text and "play decision" in text
    assert "legal: play " in text


def test_a_decision_the_kernels_cannot_replay_is_refused():
    with pytest.raises(ReplayError, match="farmer decision of seat 1"):
        script_of([("farmer", 1, ("exchange",))], Rules(farmers_hand=True), {1})
    assert script_of([("farmer", 1, ("keep",))], Rules(farmers_hand=True), {0})[0] == -1


def test_a_no_trump_call_by_an_agent_is_replayed_for_the_compiled_seats():
    """Under ``no_trump``, random agents call no trump now and then in round 2; the compiled
    seats after them must see that call replayed (a script's round-2 slot holds 5 for no
    trump, 4 for a pass), so the records equal the kernels' own."""
    df = assert_same_as_kernels(Rules(no_trump=True), "random", "reference", {0, 2}, 400,
                                seed=8, trace_deals=100)
    assert (df["trump"] == 4).sum() > 5


def test_smitty_is_refused_at_agent_tables():
    """No kernel script can replay the eldest's Smitty guess: a table under smitty is a
    one-line error."""
    from euchre_sim.engine.simulate import SimulationError

    with pytest.raises(SimulationError, match="smitty is not supported") as err:
        agents.play_deals(Rules(smitty=True), {0: agents.builtin("random")}, vs="basic",
                          deals=5, seed=1)
    assert "\n" not in str(err.value)
