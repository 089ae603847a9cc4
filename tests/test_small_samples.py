"""A statistical verdict is never stronger than its sample (issue 41): below
``MIN_VERDICT_DEALS`` deals the analyser gives values but no interval and no verdict, the bias
report judges no target, and a comparison of a table with itself is refused."""

from __future__ import annotations

import warnings

import pytest

from euchre_sim.analysis.analyser import MIN_VERDICT_DEALS, analyze, format_analysis
from euchre_sim.analysis.bias import bias_tables, table_bias
from euchre_sim.analysis.bias_points import make_points
from euchre_sim.analysis.facts import AnalysisError
from euchre_sim.analysis.situation import parse_situation

SIT = dict(hand="JH JD AH KH AS", up="9H", seat="dealer", bidding="pass pass pass")


@pytest.mark.parametrize("deals", [1, 5])
def test_too_few_deals_give_no_verdict_and_no_warning(deals):
    sit = parse_situation(**SIT)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # numpy's "degrees of freedom <= 0" was printed
        text = format_analysis(sit, analyze(sit, "tuned", deals=deals))
    assert f"no verdict under tuned: {deals} deals, fewer than the {MIN_VERDICT_DEALS}" in text
    assert "better than" not in text and "nan" not in text


def test_enough_deals_give_a_verdict():
    sit = parse_situation(**SIT)
    text = format_analysis(sit, analyze(sit, "tuned", deals=MIN_VERDICT_DEALS))
    assert "best under tuned: " in text and "no verdict" not in text


def test_the_bias_report_judges_no_target_on_too_few_deals():
    r = table_bias(make_points(count=8, seed=2)[:2], "tuned", "advanced", deals=5, seed=1)
    text = r.to_text()
    assert "not judged: 5 deals per option" in text and ": met" not in text


def test_a_table_against_itself_is_refused():
    with pytest.raises(AnalysisError, match="the same table"):
        bias_tables("tuned,tuned")
    a, b = bias_tables("tuned,advanced")
    assert (a.label, b.label) == ("tuned", "advanced")
