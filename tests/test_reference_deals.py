"""The reference table's lean kernel (``core/four/reference_deals.py``) against the general deal
kernel and the pure-Python engine: the same records, field by field, on the same deals; and
the gate that sends a call to it only for the table it plays."""

import numpy as np
import pytest

from euchre_sim.core.common import layout as L
from euchre_sim.core.common.rng import deal_key
from euchre_sim.core.four.batch import _run_deals, run_deals, run_duplicate_deals
from euchre_sim.core.four.reference_deals import takes_reference_path
from euchre_sim.core.four.tally import new_totals, summarise_parallel
from euchre_sim.engine.simulate import BLOCK, Matchup, simulate_deals
from euchre_sim.game.rules import RULE_OPTIONS, Rules
from euchre_sim.oracle import engine as reference
from euchre_sim.strategies import get_strategy

N = 60_000  # deals per comparison: every bidding path, loners, thrown-in hands, all dealers


def _both(rules: Rules, a, b, seed: int, first: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Records of deals ``first ..`` from the general kernel and through ``run_deals``."""
    kinds, params = Matchup.of(a, b).arrays(rules)
    arr = rules.to_array()
    general = np.zeros((n, L.N_FIELDS), np.int64)
    routed = np.zeros((n, L.N_FIELDS), np.int64)
    _run_deals(deal_key(seed), first, n, arr, kinds, params, general, BLOCK, None)
    run_deals(deal_key(seed), first, n, arr, kinds, params, routed, BLOCK)
    return general, routed


def _assert_same(general: np.ndarray, routed: np.ndarray) -> None:
    bad = np.nonzero((general != routed).any(axis=1))[0]
    if len(bad):
        i = bad[0]
        diff = {f: (general[i, k], routed[i, k]) for k, f in enumerate(L.RECORD_FIELDS)
                if general[i, k] != routed[i, k]}
        pytest.fail(f"{len(bad)} deals differ; deal row {i} (general, lean): {diff}")


@pytest.mark.parametrize("rules", [Rules(), Rules(stick_the_dealer=False),
                                   Rules(target_score=5)], ids=["standard", "no-stick", "to-5"])
def test_lean_kernel_writes_the_general_kernels_records(rules: Rules) -> None:
    general, routed = _both(rules, "reference", None, seed=7, first=12_345, n=N)
    _assert_same(general, routed)
    # the sample reaches every path the lean kernel has
    f = {name: k for k, name in enumerate(L.RECORD_FIELDS)}
    assert (routed[:, f["round"]] == 1).any() and (routed[:, f["round"]] == 2).any()
    assert routed[:, f["alone"]].any()
    if rules.stick_the_dealer:
        assert routed[:, f["stuck"]].any()
    else:
        assert routed[:, f["thrown_in"]].any()


def test_each_teams_thresholds_are_its_own() -> None:
    """Different bid and loner thresholds per team: each seat reads its own team's row."""
    bold = get_strategy("reference", bid_threshold=9, alone_threshold=15)
    shy = get_strategy("reference", bid_threshold=14, alone_threshold=24)
    general, routed = _both(Rules(), bold, shy, seed=3, first=0, n=N)
    _assert_same(general, routed)
    general, routed = _both(Rules(stick_the_dealer=False), shy, bold, seed=4, first=99, n=N)
    _assert_same(general, routed)


def test_lean_kernel_matches_the_python_engine() -> None:
    """The oracle directly: ``simulate_deals`` takes the lean path at the standard rules."""
    rules = Rules()
    df = simulate_deals(rules, "reference", deals=2_000, seed=21, first=40)
    for i in range(len(df)):
        rec, _ = reference.play_deal(21, 40 + i, rules, ("reference", "reference"), ({}, {}))
        row = df.iloc[i]
        assert {f: int(row[f]) for f in L.RECORD_FIELDS} == rec, f"deal {40 + i}"


def test_the_gate_takes_only_the_table_the_kernel_plays() -> None:
    ref = Matchup.of("reference").arrays(Rules())[0]
    assert takes_reference_path(Rules().to_array(), ref)
    assert takes_reference_path(Rules(stick_the_dealer=False, target_score=11).to_array(), ref)
    for other in (Matchup.of("reference", "random"), Matchup.of("advanced", "reference")):
        assert not takes_reference_path(Rules().to_array(), other.arrays(Rules())[0])
    for option in RULE_OPTIONS:
        if option.name in ("stick_the_dealer", "target_score"):
            continue
        value = next(v for v in option.values if v != option.default)
        rules = Rules(**{option.name: value})
        assert not takes_reference_path(rules.to_array(), ref), option.name


def test_an_option_on_goes_through_the_general_kernel() -> None:
    """With an option the lean kernel does not play, the records are the general kernel's
    (here a lone defender changes deals the lean kernel would score otherwise)."""
    rules = Rules(defender_alone=True)
    general, routed = _both(rules, get_strategy("reference", defend_alone_threshold=14), None,
                            seed=5, first=0, n=5_000)
    _assert_same(general, routed)
    f = L.RECORD_FIELDS.index("defender")
    assert (routed[:, f] >= 0).any()


@pytest.mark.parametrize("rules", [Rules(), Rules(stick_the_dealer=False)],
                         ids=["standard", "no-stick"])
def test_duplicate_seatings_dealt_once_are_two_simulations(rules: Rules) -> None:
    """``run_duplicate_deals`` (the reference table deals each deal once for both seatings)
    writes what the general kernel writes for each seating on its own."""
    bold = get_strategy("reference", bid_threshold=10, alone_threshold=17)
    shy = get_strategy("reference", bid_threshold=13, alone_threshold=22)
    tables = (Matchup(bold, shy).arrays(rules), Matchup(shy, bold).arrays(rules))
    one, two = np.zeros((N, L.N_FIELDS), np.int64), np.zeros((N, L.N_FIELDS), np.int64)
    run_duplicate_deals(deal_key(8), 77, N, rules.to_array(), tables, one, two, BLOCK)
    for (kinds, params), routed in zip(tables, (one, two), strict=True):
        general = np.zeros((N, L.N_FIELDS), np.int64)
        _run_deals(deal_key(8), 77, N, rules.to_array(), kinds, params, general, BLOCK, None)
        _assert_same(general, routed)
    assert (one != two).any()  # the seatings differ somewhere


@pytest.mark.parametrize("rules", [Rules(), Rules(stick_the_dealer=False)],
                         ids=["standard", "no-stick"])
def test_totals_summed_while_playing_are_the_summary_of_the_records(rules: Rules) -> None:
    """The lean kernel sums the deals from their outcomes counted as it plays them: the same
    totals as summarising the records afterwards (``tally.summarise_parallel``), for one
    seating and for both, with and without thrown-in deals."""
    tables = (Matchup.of("reference").arrays(rules),
              Matchup.of(get_strategy("reference", bid_threshold=11)).arrays(rules))
    one, two = np.zeros((N, L.N_FIELDS), np.int64), np.zeros((N, L.N_FIELDS), np.int64)
    fused, fused2 = new_totals(), new_totals()
    run_duplicate_deals(deal_key(2), 5, N, rules.to_array(), tables, one, two, BLOCK, fused,
                        fused2)
    alone = new_totals()
    run_deals(deal_key(2), 5, N, rules.to_array(), *tables[0], np.zeros_like(one), BLOCK, alone)
    for recs, got in ((one, fused), (two, fused2), (one, alone)):
        want = new_totals()
        summarise_parallel(recs, *want, 1000)
        assert all(np.array_equal(a, b) for a, b in zip(got, want, strict=True))
