"""Kernels against the pure-Python reference engine: identical records and traces.

Under the ``random`` strategy (which reaches every corner) for every named ruleset and for each
rule option switched on alone, on 20,000 deals each; plus mixed strategies and whole games.
"""

from __future__ import annotations

import numpy as np
import pytest

from euchre_sim import reference
from euchre_sim.core.layout import RECORD_FIELDS
from euchre_sim.rules import OPTION_VALUES, RULESETS, Rules
from euchre_sim.simulate import Matchup, iter_game_chunks, replay_deals, simulate_deals

N_DEALS = 20_000


def _configs() -> list[tuple[str, Rules]]:
    out = [(name, rules) for name, rules in RULESETS.items() if name != "openspiel"]
    default = Rules()
    for option, values in OPTION_VALUES.items():
        if option == "target_score":
            continue  # no effect on a single deal; covered by the game tests
        for value in values:
            if value != getattr(default, option):
                out.append((f"{option}={value}", default.with_options(**{option: value})))
    return out


CONFIGS = _configs()


def _compare(rules: Rules, strategies: tuple[str, str], seed: int, n: int, first: int = 0):
    kernel = replay_deals(rules, strategies[0], strategies[1], seed, first, n)
    for i, rep in enumerate(kernel):
        rec, trace = reference.play_deal(seed, first + i, rules, strategies)
        if rep.record != rec or rep.trace != trace:
            diff = {k: (rep.record[k], rec[k]) for k in rec if rep.record[k] != rec[k]}
            first_bad = next(
                (j for j, (a, b) in enumerate(zip(rep.trace, trace, strict=False)) if a != b),
                min(len(rep.trace), len(trace)),
            )
            pytest.fail(
                f"deal {first + i} (seed {seed}) differs: record {diff}; trace from event "
                f"{first_bad}: kernel {rep.trace[first_bad:first_bad + 3]} "
                f"reference {trace[first_bad:first_bad + 3]}"
            )


@pytest.mark.parametrize("name,rules", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_random_play_matches_reference(name: str, rules: Rules) -> None:
    _compare(rules, ("random", "random"), seed=2026, n=N_DEALS)


@pytest.mark.parametrize("name,rules", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_mixed_strategies_match_reference(name: str, rules: Rules) -> None:
    _compare(rules, ("reference", "random"), seed=11, n=1_500)
    _compare(rules, ("random", "reference"), seed=12, n=1_500)


def test_every_option_on_at_once_matches_reference() -> None:
    rules = Rules(
        stick_the_dealer=False, defender_alone=True, dealer_partner_alone=True,
        lead="left_of_lone", super_euchre=True, no_first_blood=True, dealer_needs_trump=True,
        passed_cannot_go_alone=True, deck=33, redeal="nines_and_tens", farmers_hand=True,
        partners_best="railroad",
    )
    _compare(rules, ("random", "random"), seed=5, n=N_DEALS)


def test_reference_strategy_matches_reference_engine() -> None:
    _compare(Rules(), ("reference", "reference"), seed=7, n=N_DEALS)


def test_parallel_batch_equals_traced_replay() -> None:
    """The parallel kernel (no trace) writes the same records as the traced replay."""
    rules = Rules.named("british")
    df = simulate_deals(rules, "random", deals=3_000, seed=99, first=500, chunk=1_000)
    reps = replay_deals(rules, "random", None, 99, 500, 3_000)
    table = np.array([[r.record[f] for f in RECORD_FIELDS] for r in reps])
    assert np.array_equal(df[list(RECORD_FIELDS)].to_numpy(np.int64), table)


@pytest.mark.parametrize("ruleset", ["north-american", "tournament", "british", "canadian"])
def test_games_match_reference(ruleset: str) -> None:
    rules = Rules.named(ruleset)
    matchup = Matchup.of("random", "reference")
    (grecs, drecs), = list(iter_game_chunks(rules, matchup, 300, seed=3, with_deals=True))
    for i in range(300):
        game, deals = reference.play_game(3, i, rules, ("random", "reference"))
        assert list(grecs[i]) == [game[k] for k in
                                  ("game", "first_dealer", "winner", "score0", "score1", "deals")]
        mine = drecs[drecs[:, 0] == i][:, 1:]
        theirs = np.array([[d[f] for f in RECORD_FIELDS] for d in deals])
        assert np.array_equal(mine, theirs), f"game {i} deals differ"
