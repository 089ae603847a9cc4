"""The compiled record summary against a plain numpy one (the oracle), on every ruleset and on
the rule options that produce thrown-in deals, loners and lone defenders."""

import numpy as np
import pytest

from euchre_sim.analysis.summary import TEAM_STATS, DealSummary
from euchre_sim.core.common import layout as L
from euchre_sim.core.four.tally import new_totals, summarise, summarise_parallel
from euchre_sim.engine.simulate import Matchup, iter_deal_chunks
from euchre_sim.game.rules import RULESETS, Rules


def numpy_totals(recs: np.ndarray) -> DealSummary:
    """The totals of ``recs``, one numpy pass per statistic."""
    out = DealSummary()
    p0 = recs[:, L.F_POINTS0].astype(np.float64)
    p1 = recs[:, L.F_POINTS1].astype(np.float64)
    d = p0 - p1
    t = p0 + p1
    s = out.sums
    s["p0"] += p0.sum()
    s["p0sq"] += (p0 * p0).sum()
    s["p1"] += p1.sum()
    s["p1sq"] += (p1 * p1).sum()
    s["diff"] += d.sum()
    s["diffsq"] += (d * d).sum()
    s["tot"] += t.sum()
    s["totsq"] += (t * t).sum()
    # the dealing side's points minus the other side's: the value of the deal
    dside = np.where((recs[:, L.F_DEALER] & 1) == 0, d, -d)
    s["deal"] += dside.sum()
    s["dealsq"] += (dside * dside).sum()
    thrown = recs[:, L.F_THROWN_IN] == 1
    played = ~thrown
    maker_team = recs[:, L.F_MAKER] & 1
    mtricks = np.where(maker_team == 1, recs[:, L.F_TRICKS1], recs[:, L.F_TRICKS0])
    s["mtricks"] += float(mtricks[played].sum())
    alone = recs[:, L.F_ALONE] == 1
    c = out.counts
    c["played"] += int(played.sum())
    c["made"] += int((played & (mtricks >= 3)).sum())
    c["euchred"] += int((played & (mtricks < 3)).sum())
    c["march"] += int((played & (mtricks == 5)).sum())
    c["alone"] += int(alone.sum())
    c["alone_march"] += int((alone & (mtricks == 5)).sum())
    c["defender_alone"] += int((recs[:, L.F_DEFENDER] >= 0).sum())
    c["round1"] += int((recs[:, L.F_ROUND] == 1).sum())
    c["round2"] += int((recs[:, L.F_ROUND] == 2).sum())
    c["stuck"] += int((recs[:, L.F_STUCK] == 1).sum())
    c["thrown_in"] += int(thrown.sum())
    c["maker_team0"] += int((played & (maker_team == 0)).sum())
    pos = (recs[:, L.F_MAKER] - recs[:, L.F_DEALER] - 1) & 3
    bp = out.by_position
    bp["played"] += np.bincount(pos[played], minlength=4)
    bp["made"] += np.bincount(pos[played & (mtricks >= 3)], minlength=4)
    bp["euchred"] += np.bincount(pos[played & (mtricks < 3)], minlength=4)
    bp["march"] += np.bincount(pos[played & (mtricks == 5)], minlength=4)
    bt = out.by_team
    dealer = recs[:, L.F_DEALER]
    up_suit = recs[:, L.F_UP] // 8
    nxt = (recs[:, L.F_TRUMP] == (up_suit ^ 3)) & (recs[:, L.F_UP] != 32)
    for team in (0, 1):
        mine = played & (maker_team == team)
        for p in range(4):
            bt["seated"][team, p] += int((((dealer + 1 + p) & 1) == team).sum())
        cases = {
            "made_trump": mine,
            "orders": mine & (recs[:, L.F_ROUND] == 1),
            "calls": mine & (recs[:, L.F_ROUND] == 2) & (recs[:, L.F_STUCK] == 0),
            "calls_next": mine & (recs[:, L.F_ROUND] == 2) & (recs[:, L.F_STUCK] == 0) & nxt,
            "stuck": mine & (recs[:, L.F_STUCK] == 1),
            "made": mine & (mtricks >= 3),
            "euchred": mine & (mtricks < 3),
            "march": mine & (mtricks == 5),
            "alone": mine & alone,
            "alone_march": mine & alone & (mtricks == 5),
        }
        for key, mask in cases.items():
            bt[key][team] += np.bincount(pos[mask], minlength=4)
    # by how trump was made: round 1, round 2 called, stuck, thrown in (filed as the dealer's)
    how = np.where(thrown, 3, np.where(recs[:, L.F_ROUND] == 1, 0,
                                       np.where(recs[:, L.F_STUCK] == 1, 2, 1)))
    where = np.where(thrown, 3, pos)
    for k in range(4):
        for p in range(4):
            mask = (how == k) & (where == p)
            out.by_how[:, k, p] += [int(mask.sum()), int(dside[mask].sum()),
                                    int((dside[mask] ** 2).sum())]
    out.deals += len(recs)
    return out


CASES = [(name, "random") for name in RULESETS] + [
    ("north-american", "advanced"),
    ("british", "aggressive"),
]


@pytest.mark.parametrize("ruleset, strategy", CASES)
def test_compiled_summary_equals_numpy(ruleset, strategy):
    rules = Rules.named(ruleset)
    if ruleset == "north-american" and strategy == "advanced":
        rules = Rules.named(ruleset, stick_the_dealer=False, defender_alone=True)
    recs = next(iter_deal_chunks(rules, Matchup.of(strategy, "reference"), 30_000, seed=4,
                                 chunk=30_000))
    fast = DealSummary()
    fast.add(recs[:10_000])
    fast.add(recs[10_000:])
    slow = numpy_totals(recs)
    assert fast.deals == slow.deals == 30_000
    assert fast.sums == slow.sums
    assert fast.counts == slow.counts
    for key in slow.by_position:
        assert np.array_equal(fast.by_position[key], slow.by_position[key]), key
    for key in TEAM_STATS:
        assert np.array_equal(fast.by_team[key], slow.by_team[key]), key
    assert np.array_equal(fast.by_how, slow.by_how)
    # the ways of making trump partition the deals, and their points add up to the edge
    assert fast.by_how[0].sum() == 30_000 and fast.by_how[1].sum() == fast.sums["deal"]
    assert slow.counts["alone"] > 0 and slow.counts["euchred"] > 0


@pytest.mark.parametrize("block", [1, 7, 4096, 50_000])
def test_parallel_summary_equals_one_pass(block):
    """summarise_parallel adds blocks' totals: the same integers as summarise in one pass,
    whatever the block (one row, a ragged last block, one block for everything)."""
    recs = next(iter_deal_chunks(Rules.named("canadian"), Matchup.of("random"), 20_000, seed=9,
                                 chunk=20_000))
    one, par = new_totals(), new_totals()
    summarise(recs, *one)
    summarise_parallel(recs, *par, block)
    for a, b in zip(one, par, strict=True):
        assert np.array_equal(a, b)
    assert one[0].any() and one[1].any()


def test_a_weighted_row_counts_as_that_many_rows():
    """``summarise`` with weights (one row per outcome, as the lean kernel sums its deals)
    adds what the rows repeated that many times add, on a ruleset with thrown-in deals,
    loners and lone defenders."""
    recs = next(iter_deal_chunks(Rules.named("canadian"), Matchup.of("random"), 3_000, seed=4,
                                 chunk=3_000))
    weights = np.random.default_rng(1).integers(0, 4, len(recs))
    repeated, weighted = new_totals(), new_totals()
    summarise(np.repeat(recs, weights, axis=0), *repeated)
    summarise(recs, *weighted, weights)
    for a, b in zip(repeated, weighted, strict=True):
        assert np.array_equal(a, b)
    assert repeated[1].any() and (weights == 0).any()


def test_one_observation_prints_no_standard_error():
    """A mean of one value has no spread to estimate: it must not print '± 0.0000'."""
    from euchre_sim.analysis.stats import mean_estimate

    one = mean_estimate(2.0, 4.0, 1)
    assert f"{one}" == "2.0000 (one observation: no standard error)"
    assert f"{mean_estimate(3.0, 5.0, 2)}" == "1.5000 ± 0.5000"


def test_normal_quantiles_and_tails_are_scipys():
    """The 95 % quantile kept as a constant (scipy.stats is imported only when asked) is
    scipy's own, bit for bit; the others and the tails come from scipy."""
    from scipy.stats import norm

    from euchre_sim.analysis.stats import normal_sf, z_value

    assert z_value(0.95) == float(norm.ppf(0.975))
    assert z_value(0.99) == float(norm.ppf(0.995))
    assert normal_sf(1.5) == float(norm.sf(1.5))


def test_a_small_simulation_imports_neither_scipy_nor_matplotlib():
    """``simulate`` without a run folder needs no charts and no p-values: a fresh process
    that runs one leaves both unimported (together most of a second and a half of start-up)."""
    import subprocess
    import sys

    code = ("import sys, io, contextlib; from euchre_sim.cli.main import main\n"
            "sys.argv = ['euchre-sim', 'simulate', '--deals', '500', '--no-progress']\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    try:\n        main()\n    except SystemExit:\n        pass\n"
            "print(sorted(m for m in ('scipy.stats', 'matplotlib') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"
