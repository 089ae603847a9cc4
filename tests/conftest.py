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

from euchre_sim.game.cards import JOKER, RANK_J  # noqa: E402


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


# The heaviest tests outside the slow modules, each over about 2 s of CPU (measured with
# `pytest -m "not slow" -n 2 --durations=70`, 2026-12-02): end-to-end commands, agents that
# replay thousands of deals in Python, the larger decks of the statistical checks. They stay
# in `make test`; marking them slow keeps `make test-fast` under two minutes on two cores.
# A smaller case of each parametrized check stays in the fast tier.
HEAVY = {
    "test_agents.py::test_builtin_agents_reproduce_advanced_vs_basic",
    "test_agents.py::test_match_gives_the_kernels_duplicate_result",
    "test_agents.py::test_random_agents_reproduce_random_and_reference",
    "test_agents.py::test_builtin_agents_reproduce_kernels_under_rule_options"
    "[canadian-options0-advanced-tuned]",
    "test_api.py::test_simulate_options",
    "test_api.py::test_chart_is_the_commands",
    "test_api.py::test_simulate_is_the_commands",
    "test_bias.py::test_bias_command_writes_a_run_folder",
    "test_cli.py::test_sigterm_is_handled_like_ctrl_c",
    "test_cli.py::test_console_script_help",
    "test_cli.py::test_overwrite_replaces_only_a_results_folder_of_ours",
    "test_dealing.py::test_every_card_is_anywhere_with_the_right_probability[32]",
    "test_dealing.py::test_every_card_is_anywhere_with_the_right_probability[33]",
    "test_invariants.py::test_strict_farmers_exchange_in_turn[32-20000]",
    "test_invariants.py::test_every_option_at_once_reaches_every_corner",
    "test_invariants.py::test_hearts_are_never_trump[all-3.1-33]",
    "test_invariants.py::test_hearts_are_never_trump[25-no-stick]",
    "test_invariants.py::test_lone_defence_only_against_a_lone_maker[canadian-passed]",
    "test_invariants.py::test_lone_defence_only_against_a_lone_maker[all-3.1]",
    "test_order_chart.py::test_chart_marks_toss_ups_and_keeps_small_classes",
    "test_order_chart.py::test_go_alone_chart",
    "test_reproducibility.py::test_shards_that_carry_records_are_bounded_and_give_the_same_run",
    "test_solver.py::test_alone_equals_individual_solves",
    "test_strategy_files.py::test_builtin_loads_and_plays_20000_deals_against_reference[pimc]",
    # the next tier, 1.5-2 s each (the fast tier was 2 min 0 s on quiet cores without them)
    "test_agents.py::test_builtin_agents_reproduce_kernels_under_rule_options"
    "[new-zealand-options5-advanced-basic]",
    "test_agents.py::test_builtin_agents_reproduce_kernels_under_rule_options"
    "[north-american-options4-advanced-basic]",
    "test_agents.py::test_builtin_agents_reproduce_kernels_under_rule_options"
    "[tournament-options1-advanced-basic]",
    "test_agents.py::test_builtin_agents_reproduce_kernels_under_rule_options"
    "[north-american-options2-advanced-basic]",
    "test_charts.py::test_the_charts_of_a_fresh_simulate_run",
    "test_dealing.py::test_every_card_is_anywhere_with_the_right_probability[25]",
    "test_invariants.py::test_random_rules_and_seeds",
    "test_invariants.py::test_no_trump_keeps_the_rules[1]",
    "test_invariants.py::test_no_trump_keeps_the_rules[2]",
    "test_invariants.py::test_club_up_card_makes_the_dealer_maker_in_clubs[33-options]",
    "test_jobs.py::test_each_kind_of_experiment_leaves_the_same_files[chart_order]",
    "test_jobs.py::test_no_upward_import[euchre_sim.jobs.runner-euchre_sim.jobs]",
    "test_jobs.py::test_no_upward_import[euchre_sim.jobs-euchre_sim.jobs.experiments]",
    "test_jobs.py::test_no_upward_import[euchre_sim.jobs.experiments-euchre_sim.cli.main]",
    "test_sweep.py::test_a_games_sweep_is_a_duplicate_game_match_at_every_point",
    "test_exploit.py::test_precision_stops_once_the_interval_is_narrow_enough",
    "test_exploit.py::test_a_random_table_loses_much",
    "test_exploit.py::test_a_planted_blunder_is_named_with_an_interval_excluding_zero",
    "test_exploit.py::test_the_figure_converges_two_sample_sizes_agree",
    "test_rest_search.py::"
    "test_the_table_rest_is_the_analysers_own_sample_and_the_search_moves_some_worlds",
}


def pytest_collection_modifyitems(items):
    """Mark the HEAVY tests slow (tests/test_layers.py checks that each name still exists)."""
    for item in items:
        if f"{item.path.name}::{item.name}" in HEAVY:
            item.add_marker(pytest.mark.slow)
