"""The value of the deal by how trump was made, and stick-the-dealer against thrown-in hands on
the same deals (paired), with their charts and commands."""

import json
import math

import numpy as np
import pandas as pd
import pytest

from euchre_sim.analysis.deal_value import (
    RulesComparison,
    compare_stick,
    deal_value_table,
    dealing_side_points,
    format_interval,
)
from euchre_sim.analysis.summary import DealSummary
from euchre_sim.charts import deal_value_chart, stick_the_dealer_chart
from euchre_sim.cli import main as cli
from euchre_sim.core.common import layout as L
from euchre_sim.engine.simulate import Matchup, iter_deal_chunks
from euchre_sim.game.rules import Rules
from euchre_sim.strategies import get_strategy

DEALS = 40_000


def summary_of(rules: Rules, strategy: str, deals: int = DEALS, seed: int = 3) -> DealSummary:
    s = DealSummary()
    for recs in iter_deal_chunks(rules, Matchup.of(strategy), deals, seed):
        s.add(recs)
    return s


@pytest.fixture(scope="module")
def stick() -> RulesComparison:
    return compare_stick(Rules(), "advanced", 100_000, seed=5)


def test_the_ways_of_making_trump_add_up_to_the_value_of_the_deal():
    s = summary_of(Rules(), "advanced")
    t = deal_value_table(s)
    assert list(t.how) == ["round 1"] * 4 + ["round 2"] * 4 + ["stuck", "thrown in"]
    assert t.deals.sum() == DEALS and math.isclose(t.share.sum(), 1.0)
    assert math.isclose(t.contribution.sum(), s.dealer_edge().mean, abs_tol=1e-12)
    # standard rules: the dealer is stuck sometimes, and no hand is thrown in (listed anyway)
    stuck, thrown = t.iloc[8], t.iloc[9]
    assert stuck.deals > 0 and stuck.maker_side == "dealing"
    assert thrown.deals == 0 and math.isnan(thrown.points)
    # trump made by the other side costs the dealing side, made by his own side gains, each
    # by far more than four standard errors
    r1 = t[t.how == "round 1"].set_index("maker")
    assert r1.loc["eldest", "points"] + 4 * r1.loc["eldest", "points_se"] < 0
    assert r1.loc["dealer", "points"] - 4 * r1.loc["dealer", "points_se"] > 0
    assert list(r1.maker_side) == ["other", "dealing", "other", "dealing"]
    # a way's points per deal is the mean over its deals; its interval holds the mean
    assert (t.points_ci95_low[t.deals > 0] < t.points[t.deals > 0]).all()


def test_thrown_in_hands_are_worth_nothing_to_either_side():
    t = deal_value_table(summary_of(Rules.named("tournament"), "advanced"))
    thrown = t[t.how == "thrown in"].iloc[0]
    assert thrown.deals > 0 and thrown.points == 0 and thrown.points_se == 0
    assert t[t.how == "stuck"].iloc[0].deals == 0


def test_stick_the_dealer_is_paired_deal_by_deal(stick):
    sa, sb = stick.summary_a, stick.summary_b
    assert stick.deals == sa.deals == sb.deals == 100_000
    assert sa.counts["thrown_in"] == 0 and sb.counts["stuck"] == 0
    # the same deals: the paired difference is the difference of the two means, exactly
    assert math.isclose(stick.edge_difference().mean,
                        sa.dealer_edge().mean - sb.dealer_edge().mean, abs_tol=1e-12)
    # and pairing removes nearly all the noise of the cards
    unpaired = math.hypot(sa.dealer_edge().se, sb.dealer_edge().se)
    assert stick.edge_difference().se < 0.25 * unpaired
    # only deals that everyone passed twice can differ; the dealer who would rather pass is
    # stuck, so the hands thrown in are a subset of the stuck ones and are worth nothing
    changed = stick.changed()
    assert 0 < changed.mean <= sa.rate("stuck").mean
    assert sb.rate("thrown_in").mean <= changed.mean
    b = stick.changed_points("b")
    assert b.mean == 0 and b.se == 0
    # the paired difference is all in the deals that differ
    assert math.isclose(stick.edge_difference().mean,
                        changed.mean * stick.changed_points("a").mean, abs_tol=1e-12)


def test_the_stuck_dealer_loses_on_the_hands_he_would_have_thrown_in(stick):
    a = stick.changed_points("a")
    assert a.mean + 4 * a.se < 0  # forced to name trump with a hand he would have passed
    stuck = stick.stuck_points()
    assert stuck.n == stick.summary_a.counts["stuck"]
    assert stuck.mean > a.mean  # the stuck hands he would have called anyway do better


def test_a_comparison_refuses_different_cards():
    m = Matchup.of("basic")
    ra = next(iter_deal_chunks(Rules(), m, 500, seed=1)).copy()
    rb = next(iter_deal_chunks(Rules.named("tournament"), m, 500, seed=2)).copy()
    with pytest.raises(ValueError, match="different cards"):
        RulesComparison(get_strategy("basic"), "a", "b").add(ra, rb)


def test_dealing_side_points_and_record_flags():
    recs = next(iter_deal_chunks(Rules(), Matchup.of("basic"), 2000, seed=1))
    d = dealing_side_points(recs)
    s = DealSummary()
    s.add(recs)
    assert d.sum() == s.sums["deal"] and (recs[:, L.F_THROWN_IN] == 0).all()
    assert (recs[:, L.F_STUCK] == 1).any()


def test_charts_are_written(stick, tmp_path):
    s = summary_of(Rules(), "basic", deals=5_000)
    paths = deal_value_chart(s, "basic playing itself", "caption", tmp_path / "dv")
    paths += stick_the_dealer_chart(stick, "caption", tmp_path / "st")
    assert all(p.exists() and p.stat().st_size > 10_000 for p in paths)
    assert {p.suffix for p in paths} == {".png", ".svg"}


def test_chart_commands(tmp_path, capsys):
    rc = cli.main(["chart", "stick-the-dealer", "--strategy", "basic", "--deals", "4000",
                   "--out", str(tmp_path / "s")])
    out = capsys.readouterr().out
    assert rc == 0 and "dealer stuck under a" in out
    data = json.loads((tmp_path / "s" / "stick.json").read_text())
    assert data["strategy"] == "basic" and data["deals"] == 4000
    assert data["stuck_rate_a"]["mean"] >= data["changed_rate"]["mean"] > 0
    rc = cli.main(["chart", "deal-value", "--strategy", "basic", "--deals", "4000",
                   "--out", str(tmp_path / "d")])
    assert rc == 0 and (tmp_path / "d" / "deal_value.csv").exists()
    assert np.isclose(
        json.loads((tmp_path / "d" / "summary.json").read_text())["points_per_deal"]
        ["dealing_side_minus_other"]["mean"],
        pd.read_csv(tmp_path / "d" / "deal_value.csv").contribution.sum())


def test_intervals_are_printed_with_enough_decimals_to_show_them():
    assert format_interval(0.48, 0.47, 0.49) == "+0.4800 (+0.4700 .. +0.4900)"
    assert format_interval(0.5, 0.4, 0.6, signed=False) == "0.5000 (0.4000 .. 0.6000)"
    # a paired difference of -0.000025 +- 0.000006 would read -0.0000 (-0.0000 .. -0.0000)
    assert format_interval(-2.5e-5, -3.1e-5, -1.9e-5) == "-0.000025 (-0.000031 .. -0.000019)"
    assert format_interval(0.0, 0.0, 0.0) == "+0.0000 (+0.0000 .. +0.0000)"
