"""A duplicate match's second seating replays the first seating's hands as preset deals
(``batch.run_duplicate_deals``, ``replay_presets``) when no player at either table draws a
random number after the deal: the records must be those of dealing each seating afresh."""

import numpy as np
import pytest

from euchre_sim.core.common import layout as L
from euchre_sim.core.common.rng import deal_key
from euchre_sim.core.four.batch import _run_deals, replays_deals, run_duplicate_deals
from euchre_sim.core.four.tally import board_sums
from euchre_sim.engine.simulate import BLOCK, Matchup
from euchre_sim.game.rules import Rules
from euchre_sim.strategies import get_strategy

N = 20_000
FIELD = {name: i for i, name in enumerate(L.RECORD_FIELDS)}

RULES = {
    "standard": Rules(),
    "no-stick": Rules(stick_the_dealer=False),
    "canadian": Rules.named("canadian"),
    # the kitty is read: the farmer exchanges with it, the chucking dealer takes it
    "farmers": Rules(farmers_hand=True),
    "chuck": Rules(chuck=True),
    "no-trump": Rules(no_trump=True),
    "smitty": Rules(smitty=True),
    "partners-best": Rules(partners_best="give", defender_alone=True),
}

# players that read the kitty where the rules let them: a farmer's exchange, a chuck
KITTY_SCRIPTED = "advanced:farmer.exchange=1,round2.chuck_threshold=0"
KITTY_REFERENCE = "reference:farmer_exchange=1,chuck_threshold=0"


def _seatings(rules: Rules, a, b, seed: int, first: int) -> tuple[np.ndarray, ...]:
    """(a, b) and (b, a) through ``run_duplicate_deals``, then each dealt afresh."""
    tables = (Matchup.of(a, b).arrays(rules), Matchup.of(b, a).arrays(rules))
    one, two = np.zeros((N, L.N_FIELDS), np.int64), np.zeros((N, L.N_FIELDS), np.int64)
    run_duplicate_deals(deal_key(seed), first, N, rules.to_array(), tables, one, two, BLOCK)
    fresh = []
    for kinds, params in tables:
        recs = np.zeros((N, L.N_FIELDS), np.int64)
        _run_deals(deal_key(seed), first, N, rules.to_array(), kinds, params, recs, BLOCK,
                   None)
        fresh.append(recs)
    return one, two, *fresh


@pytest.mark.parametrize("name", list(RULES))
@pytest.mark.parametrize("a,b", [(KITTY_SCRIPTED, KITTY_REFERENCE), ("tuned", "advanced")])
def test_replayed_seating_writes_the_dealt_records(name: str, a: str, b: str) -> None:
    rules = RULES[name]
    kinds = Matchup.of(a, b).arrays(rules)[0]
    assert replays_deals(rules.to_array(), kinds)
    one, two, fresh_one, fresh_two = _seatings(rules, a, b, seed=3, first=11)
    assert np.array_equal(one, fresh_one)
    assert np.array_equal(two, fresh_two)
    assert (one != two).any()  # the seatings differ somewhere
    if a == KITTY_SCRIPTED and name in ("farmers", "chuck"):  # the kitty was read
        seen = (one[:, FIELD["farmer"]] >= 0) if name == "farmers" else (
            one[:, FIELD["stuck"]] == 2)
        assert seen.any()


def test_a_table_that_draws_after_the_deal_is_dealt_afresh() -> None:
    """With a ``random`` player (or PIMC), a redeal rule or another deck the second seating
    is dealt from the stream, and its records are still those of its own run."""
    std = Rules().to_array()
    for kinds in (Matchup.of("random", "advanced").arrays(Rules())[0],
                  Matchup.of("pimc", "advanced").arrays(Rules())[0]):
        assert not replays_deals(std, kinds)
    scripted = Matchup.of("advanced", "tuned").arrays(Rules())[0]
    assert not replays_deals(Rules(redeal="nines_and_tens").to_array(), scripted)
    assert not replays_deals(Rules(deck=32).to_array(), scripted)
    one, two, fresh_one, fresh_two = _seatings(Rules(), "random", "advanced", seed=4, first=0)
    assert np.array_equal(one, fresh_one) and np.array_equal(two, fresh_two)


def test_the_replay_keeps_a_hand_that_reads_the_score() -> None:
    """A score-aware player at the replayed table sees the score of the deal (0-0 outside a
    game), as when it is dealt."""
    rules = Rules()
    aware = get_strategy("score_aware")
    one, two, fresh_one, fresh_two = _seatings(rules, aware, "advanced", seed=9, first=5)
    assert np.array_equal(one, fresh_one) and np.array_equal(two, fresh_two)


def test_board_sums_are_the_boards_summed() -> None:
    """``tally.board_sums`` (one pass over both seatings' records) against the boards worked
    out column by column."""
    one, two, _, _ = _seatings(Rules(), "tuned", "advanced", seed=6, first=0)
    p0, p1 = FIELD["points0"], FIELD["points1"]
    twice = (one[:, p0] - one[:, p1]) + (two[:, p1] - two[:, p0])
    assert board_sums(one, two) == (twice.sum(), (twice * twice).sum())
    assert twice.any()
