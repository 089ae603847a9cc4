"""Scripts of forced actions on preset deals: the kernel against the reference engine.

A script (docs/engine.md, "Preset deals and scripts") forces the actions it sets; a value that
is not legal at its decision leaves the decision to the strategy. Random scripts, half taken
from a free playout of the same deal (so that many forced actions are legal) and the rest
blank or junk, must give identical records and traces in both engines; a full script taken
from a playout replays that playout exactly, whoever plays.
"""

from __future__ import annotations

import numpy as np
import pytest

from euchre_sim.core.common import layout
from euchre_sim.core.common import layout as L
from euchre_sim.engine.simulate import PresetDeal, play_presets
from euchre_sim.game.cards import deck_cards
from euchre_sim.game.rules import Rules
from euchre_sim.oracle import engine as reference
from euchre_sim.oracle.strategies import hand_strength

RULES = {
    "default": Rules(),
    "british": Rules.named("british"),
    "canadian": Rules.named("canadian"),
    "options": Rules(stick_the_dealer=False, defender_alone=True, passed_cannot_go_alone=True,
                     dealer_needs_trump=True, no_first_blood=True, lead="left_of_lone",
                     redeal="nines_and_tens", deck=32),
}
STRATEGIES = [("random", "random"), ("reference", "random"), ("random", "reference")]


def test_the_reference_engine_has_the_kernels_script_layout():
    for name in ("SC_REDEAL", "SC_ROUND1", "SC_ROUND2", "SC_DISCARD", "SC_ALONE", "SC_DEFEND",
                 "SC_PLAY", "SC_STOP", "N_SCRIPT"):
        assert getattr(reference, name) == getattr(layout, name), name


def random_deal(rng: np.random.Generator, rules: Rules) -> tuple[list[int], int, int, int]:
    """Four hands (masks), the up-card, the kitty mask and the dealer of a shuffled deck."""
    cards = rng.permutation(deck_cards(rules.deck))
    hands = [sum(1 << int(c) for c in cards[5 * s:5 * s + 5]) for s in range(4)]
    kitty = sum(1 << int(c) for c in cards[21:24])
    return hands, int(cards[20]), kitty, int(rng.integers(4))


def script_of(trace: list[tuple[int, int, int]], maker: int) -> list[int]:
    """The script that forces every decision of a played deal's trace (no redeal in it)."""
    script = [-1] * L.N_SCRIPT
    plays = 0
    for kind, seat, value in trace:
        if kind == L.EV_PASS1:
            script[L.SC_ROUND1 + seat] = 0
        elif kind == L.EV_ORDER:
            script[L.SC_ROUND1 + seat] = 1
        elif kind == L.EV_PASS2:
            script[L.SC_ROUND2 + seat] = 4
        elif kind == L.EV_CALL:
            script[L.SC_ROUND2 + seat] = value
        elif kind == L.EV_DISCARD:
            script[L.SC_DISCARD] = value
        elif kind == L.EV_DEFEND_ALONE:
            script[L.SC_DEFEND + seat] = 1
        elif kind == L.EV_PLAY:
            script[L.SC_PLAY + plays] = value
            plays += 1
    if maker >= 0:
        script[L.SC_ALONE + maker] = int(any(k == layout.EV_ALONE for k, _, _ in trace))
        for seat in range(4):
            if (seat ^ maker) & 1 and script[L.SC_DEFEND + seat] < 0:
                script[L.SC_DEFEND + seat] = 0
    return script


def mangle(script: list[int], rng: np.random.Generator, stops: np.random.Generator
           ) -> list[int]:
    """Blank about half the slots, replace about one in eight by a random value (often
    illegal: a card not in the hand, a suit that cannot be named) and set some redeal slots;
    stop one script in five after the bidding (``SC_STOP``, drawn from ``stops``: the other
    slots' draws are those of the tests before that slot existed)."""
    out = list(script)
    out[L.SC_STOP] = 1 if stops.random() < 0.2 else int(stops.integers(-1, 3)) * 2
    for slot in range(L.SC_PLAY + L.MAX_PLAYS):
        u = rng.random()
        if u < 0.45:
            out[slot] = -1
        elif u < 0.58:
            top = 33 if slot in (L.SC_DISCARD,) or slot >= L.SC_PLAY else 6
            out[slot] = int(rng.integers(-1, top))
    for seat in range(4):
        if rng.random() < 0.5:
            out[L.SC_REDEAL + seat] = int(rng.integers(2))
    return out


@pytest.mark.parametrize("name", RULES)
def test_random_scripts_match_the_reference_engine(name):
    rules = RULES[name]
    rng = np.random.default_rng(list(RULES).index(name) + 17)
    stops = np.random.default_rng(list(RULES).index(name) + 71)
    deals, scripts, teams = [], [], []
    for i in range(240):
        hands, up, kitty, dealer = random_deal(rng, rules)
        free, trace = reference.play_preset(rules, dealer, hands, up, kitty,
                                            ("random", "random"), seed=99, index=i)
        script = mangle(script_of(trace, free["maker"]) if not free["redeals"] else
                        [-1] * L.N_SCRIPT, rng, stops)
        deals.append(PresetDeal.of(hands, up, dealer, rules, kitty=kitty, script=script))
        scripts.append(script)
        teams.append(STRATEGIES[i % 3])
    for pair in STRATEGIES:
        idx = [i for i, t in enumerate(teams) if t == pair]
        kernel = play_presets(rules, *pair, [deals[i] for i in idx], seed=5)
        for j, i in enumerate(idx):
            d = deals[i]
            rec, trace = reference.play_preset(rules, d.dealer, d.hands, d.up_card, d.kitty,
                                               pair, seed=5, index=j, script=scripts[i])
            assert kernel[j].record == rec, f"deal {i} ({pair}): records differ"
            assert kernel[j].trace == trace, f"deal {i} ({pair}): traces differ"


@pytest.mark.parametrize("name", ["default", "options"])
def test_a_full_script_replays_its_deal_whoever_plays(name):
    """Every decision of a random playout forced: the reference strategy, which decides
    otherwise, plays it again event for event in both engines."""
    rules = RULES[name].with_options(redeal="none")
    rng = np.random.default_rng(3)
    deals, traces = [], []
    for i in range(60):
        hands, up, kitty, dealer = random_deal(rng, rules)
        free, trace = reference.play_preset(rules, dealer, hands, up, kitty,
                                            ("random", "random"), seed=7, index=i)
        deals.append(PresetDeal.of(hands, up, dealer, rules, kitty=kitty,
                                   script=script_of(trace, free["maker"])))
        traces.append(trace)
    kernel = play_presets(rules, "reference", None, deals, seed=1)
    changed = 0
    for i, d in enumerate(deals):
        _, unforced = reference.play_preset(rules, d.dealer, d.hands, d.up_card, d.kitty,
                                            ("reference", "reference"), seed=1, index=i)
        _, forced = reference.play_preset(rules, d.dealer, d.hands, d.up_card, d.kitty,
                                          ("reference", "reference"), seed=1, index=i,
                                          script=d.script)
        assert forced == traces[i] and kernel[i].trace == traces[i]
        changed += unforced != traces[i]
    assert changed > 50  # the reference strategy would have played nearly all otherwise


def test_a_stopped_script_ends_with_the_bidding_in_both_engines():
    """``SC_STOP`` (the analyser's screening playouts): the bids are made as without it, then
    no card is played, nothing scored, and the leader is -1, in the kernel and the reference
    engine alike."""
    rules = RULES["default"]
    rng = np.random.default_rng(11)
    stopped = 0
    for _ in range(40):
        hands, up, kitty, dealer = random_deal(rng, rules)
        script = [-1] * L.N_SCRIPT
        free = play_presets(rules, "reference", None,
                            [PresetDeal.of(hands, up, dealer, rules, kitty=kitty, script=script)],
                            seed=3)[0]
        script[L.SC_STOP] = 1
        stop = play_presets(rules, "reference", None,
                            [PresetDeal.of(hands, up, dealer, rules, kitty=kitty, script=script)],
                            seed=3)[0]
        rec, trace = reference.play_preset(rules, dealer, hands, up, kitty,
                                           ("reference", "reference"), seed=3, index=0,
                                           script=script)
        assert stop.record == rec and stop.trace == trace
        for field in ("passes", "maker", "trump", "alone", "discard", "defender"):
            assert stop.record[field] == free.record[field], field
        if free.record["maker"] >= 0:
            stopped += 1
            assert rec["leader"] == -1 and rec["tricks0"] == rec["tricks1"] == 0
            assert rec["points0"] == rec["points1"] == 0 and free.record["leader"] >= 0
            assert not any(kind == L.EV_PLAY for kind, _, _ in trace)
            assert trace == free.trace[:len(trace)]
    assert stopped > 20


@pytest.mark.parametrize("name", ["default", "british"])
def test_a_forced_bid_is_rated_for_the_loner_as_the_reference_engine_rates_it(name):
    """The reference strategy goes alone on the strength of the bid that made trump; where the
    script forced that bid (an analysed history), the kernel rates the suit made as the
    reference engine does, not the note of a bid it never weighed (a strong forced hand, the
    joker's British deck among them, goes alone in both)."""
    rules = RULES[name]
    rng = np.random.default_rng(23)
    deals, scripts = [], []
    while len(deals) < 150:
        hands, up, kitty, dealer = random_deal(rng, rules)
        script = [-1] * L.N_SCRIPT
        first_round = up != 32 and rng.random() < 0.5
        suit = up >> 3 if first_round else int(rng.integers(4))
        # the maker: the seat whose hand rates highest in the suit made; only hands near the
        # loner threshold are kept (a random hand seldom is)
        maker = max(range(4), key=lambda s: hand_strength(hands[s], suit))
        if hand_strength(hands[maker], suit) < 17:
            continue
        for k in range(1, 5):  # everyone passes up to the maker, who makes trump
            seat = (dealer + k) & 3
            script[L.SC_ROUND1 + seat] = 1 if first_round and seat == maker else 0
            if first_round and seat == maker:
                break
        if not first_round:  # round 2: all passed round 1, the maker names the suit
            for k in range(1, 5):
                seat = (dealer + k) & 3
                script[L.SC_ROUND2 + seat] = suit if seat == maker else 4
                if seat == maker:
                    break
        deals.append(PresetDeal.of(hands, up, dealer, rules, kitty=kitty, script=script))
        scripts.append(script)
    kernel = play_presets(rules, "reference", None, deals, seed=4)
    alone = 0
    for i, d in enumerate(deals):
        rec, trace = reference.play_preset(rules, d.dealer, d.hands, d.up_card, d.kitty,
                                           ("reference", "reference"), seed=4, index=i,
                                           script=scripts[i])
        assert kernel[i].record == rec and kernel[i].trace == trace, f"deal {i}"
        alone += rec["alone"]
    assert alone > 10  # some forced bids were strong enough to go alone on
