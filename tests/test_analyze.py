"""The hand analyser: situations, consistency with the bidding, forced options, verdicts."""

from __future__ import annotations

import pytest

from euchre_sim import cli
from euchre_sim.analysis.analyze import (
    AnalysisError,
    analyze,
    options,
    parse_situation,
    sample_presets,
)
from euchre_sim.cards import parse_hand
from euchre_sim.rules import Rules


def test_a_laydown_loner_is_worth_four_and_says_so():
    """Right, left, A, K of trump and an off ace from the dealer's seat, everybody passed:
    taking up alone marches every time (4), with a partner 2; passing is far worse."""
    sit = parse_situation("JH JD AH KH AS", "9H", "dealer", "pass pass pass")
    df = analyze(sit, "advanced", deals=3_000, seed=2)
    rows = df.set_index("option")
    assert df.iloc[0]["option"] == "take up alone"
    assert rows.loc["take up alone", "points"] == 4 and rows.loc["take up alone", "se"] == 0
    assert rows.loc["take up", "points"] == 2
    assert rows.loc["pass", "points"] < 1


def test_hopeless_hand_should_pass():
    sit = parse_situation("9C TC 9D TS 9S", "AH", "eldest")
    df = analyze(sit, "advanced", deals=3_000, seed=3)
    assert df.iloc[0]["option"] == "pass"
    alone = df.set_index("option").loc["order up alone"]
    assert alone["points"] < -1.5  # a loner with no trump is euchred nearly always


def test_sample_is_consistent_with_the_hand_and_the_up_card():
    sit = parse_situation("JH TD AC KS 9S", "9H", "third", "pass pass")
    presets = sample_presets(sit, 2_000, seed=1)
    hand, up = parse_hand("JH TD AC KS 9S"), 8 * 2 + 2
    assert (presets[:, sit.seat] == hand).all() and (presets[:, 4] == up).all()
    for row in presets[:50]:
        masks = [int(x) for x in row[:4]] + [1 << int(row[4]), int(row[5])]
        assert sum(bin(m).count("1") for m in masks) == 24
        union = 0
        for m in masks:
            assert union & m == 0
            union |= m


def test_options_follow_the_rules():
    r1 = [o[0] for o in options(parse_situation("JH TD AC KS 9S", "9H", "eldest"))]
    assert r1 == ["pass", "order up", "order up alone"]
    canadian = Rules.named("canadian")
    opts = options(parse_situation("JH TD AC KS 9S", "9H", "partner", "pass", rules=canadian))
    assert [o[0] for o in opts] == ["pass", "order up (alone: Canadian loner)"]
    needs = Rules(dealer_needs_trump=True)
    opts = options(parse_situation("JD TD AC KS 9S", "9H", "dealer", "pass pass pass",
                                   rules=needs))
    assert [o[0] for o in opts] == ["pass"]  # the left bower is not a heart
    stuck = options(parse_situation("JH TD AC KS 9S", "9H", "dealer", "pass " * 7))
    assert "pass" not in [o[0] for o in stuck] and len(stuck) == 6


def test_passes_before_are_respected():
    """In round 2 every seat passed round 1: with a table that orders up anything the sample
    is almost empty, and the analyser says the situation is (nearly) impossible."""
    sit = parse_situation("JS QS AC KS 9C", "9H", "eldest", "pass pass pass pass")
    with pytest.raises(AnalysisError, match="consistent with the bidding"):
        analyze(sit, "basic:round1.threshold.partner=0,round1.threshold.dealer=0", deals=500)


@pytest.mark.parametrize("kwargs,needle", [
    (dict(hand="JH JH AC KS 9S"), "duplicate card"),
    (dict(hand="JH 1Z AC KS 9S"), "unknown card"),
    (dict(up="JH"), "also in the hand"),
    (dict(seat="north"), "unknown seat"),
    (dict(bidding="pass"), "cannot happen"),
    (dict(bidding="order"), "only passes"),
    (dict(score="10-3"), "impossible"),
    (dict(score="eight"), "bad score"),
    (dict(hand="JH TD AC KS", ), "needs 5 cards"),
])
def test_bad_situations(kwargs, needle):
    args = dict(hand="JH TD AC KS 9S", up="9H", seat="eldest", bidding="", score=None)
    args.update(kwargs)
    with pytest.raises(AnalysisError, match=needle):
        parse_situation(**args)


def test_analyze_command(capsys):
    rc = cli.main(["analyze", "--hand", "JH JD AH KH AS", "--up", "9H", "--seat", "dealer",
                   "--bidding", "pass pass pass", "--deals", "2000"])
    out = capsys.readouterr().out
    assert rc == 0 and "best: take up alone" in out
    rc = cli.main(["analyze", "--hand", "JH JD AH KH AS", "--up", "AS", "--seat", "dealer"])
    err = capsys.readouterr().err
    assert rc == 2 and "also in the hand" in err and err.count("\n") == 1
