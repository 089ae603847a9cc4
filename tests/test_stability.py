"""The stability check: the steps, common random numbers, pairing against a field, the
Holm-Bonferroni verdict on a detuned strategy, the command and its one-line errors."""

from __future__ import annotations

import json

import pytest

from euchre_sim.analysis.match import duplicate_deals, duplicate_games
from euchre_sim.analysis.stability import Step, stability, steps_of
from euchre_sim.analysis.stats import Estimate, holm, two_sided_p
from euchre_sim.analysis.variants import SearchError
from euchre_sim.cli import main as cli
from euchre_sim.game.rules import Rules
from euchre_sim.strategies import StrategyError, get_strategy
from euchre_sim.strategies.schema import PARAMS

RULES = Rules()
DETUNED = "advanced:round1.threshold.dealer=20"  # the dealer hardly ever takes the card up


def test_steps():
    steps = steps_of("advanced", ["round1.threshold.dealer", "play.card_memory",
                                  "alone.sure_tricks", "railroad.take_below"])
    assert steps == [Step("round1.threshold.dealer", 12, 12.5),
                     Step("round1.threshold.dealer", 12, 11.5),
                     Step("play.card_memory", 1, 0),
                     Step("alone.sure_tricks", 5, 4),  # integer, at the top of its range
                     Step("railroad.take_below", 99, 98.5)]
    assert steps_of("advanced:weights.upcard.partner=0", ["weights.upcard.partner"]) == [
        Step("weights.upcard.partner", 0, 0.5)]
    assert len(steps_of("advanced", ["round1.threshold.*"])) == 8
    everything = steps_of("advanced")
    schema = PARAMS["scripted"]
    # every parameter but play.card_policy (advanced has no card policy to switch off)
    assert len({s.key for s in everything}) == len(schema) - 1
    assert "play.card_policy" in {s.key for s in steps_of("tuned")}
    flags = sum(p.integer and p.low == 0 and p.high == 1 for p in schema.values())
    # at an end of their range: alone.sure_tricks, railroad, score.equity_*, round2.chuck_threshold,
    # and nine conventions advanced does not use (play.draw_trump_for_aces,
    # play.defence_leads_boss_trump, play.second_hand_sure, play.lead_low_trump,
    # play.lone_maker_draws_trump, play.fishing, play.second_hand_keeps_boss,
    # play.lead_trump_vs_loner, play.draw_trump_high: 0, the bottom of their ranges), and
    # smitty.guess (0, clubs, the bottom of its range)
    pinned = 15
    assert len(everything) == flags - 1 + 2 * (len(schema) - flags) - pinned
    with pytest.raises(StrategyError, match="unknown parameter"):
        steps_of("advanced", ["round1.nonsense"])
    with pytest.raises(SearchError, match="only scripted"):
        steps_of("reference")


def test_holm():
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == [1.0, 1.0] and holm([]) == []
    assert two_sided_p(Estimate(0.0, 0.0, 10)) == 1.0
    assert two_sided_p(Estimate(1.96, 1.0, 10)) == pytest.approx(0.05, abs=1e-3)


@pytest.fixture(scope="module")
def detuned():
    return stability(RULES, DETUNED, params=["round1.threshold.*"], deals=30_000, seed=2)


def test_the_step_back_toward_sanity_is_a_significant_gain(detuned):
    df = detuned.table()
    dealer = df[df.param == "round1.threshold.dealer"].set_index("to")
    assert dealer.loc[19.5, "significant"] and dealer.loc[19.5, "gain"] > 0
    assert dealer.loc[20.5, "significant"] and dealer.loc[20.5, "gain"] < 0
    assert list(df.gain) == sorted(df.gain, reverse=True)
    assert (df.p_holm >= df.p).all() and (df.p_holm <= 1).all()
    text = detuned.to_text()
    assert "gain significantly (Holm-Bonferroni over 8 steps" in text
    assert "round1.threshold.dealer 20 -> 19.5" in text.splitlines()[-3]


def test_every_step_is_a_duplicate_match_on_the_same_deals(detuned):
    trio = zip(detuned.steps, detuned.outcomes, detuned.gains, strict=True)
    for step, outcome, gain in list(trio)[:3]:
        again = duplicate_deals(RULES, get_strategy(DETUNED, **{step.key: step.after}),
                                DETUNED, 30_000, 2)
        assert outcome.match.diff == again.diff and gain == again.diff


def test_against_a_field_the_gain_is_paired_by_board():
    res = stability(RULES, DETUNED, "reference", params=["round1.threshold.dealer"],
                    deals=20_000, seed=4)
    base = duplicate_deals(RULES, DETUNED, "reference", 20_000, 4)
    for step, outcome, gain in zip(res.steps, res.outcomes, res.gains, strict=True):
        alone = duplicate_deals(RULES, get_strategy(DETUNED, **{step.key: step.after}),
                                "reference", 20_000, 4)
        assert outcome.match.diff == alone.diff
        assert gain.mean == pytest.approx(alone.diff.mean - base.diff.mean, abs=1e-12)
        # pairing by board: far tighter than two independent intervals would be
        assert gain.se < 0.5 * (alone.diff.se ** 2 + base.diff.se ** 2) ** 0.5
    assert "paired by board" in res.to_text()


def test_games_gain_is_the_share_of_games_won():
    res = stability(RULES, DETUNED, params=["round1.threshold.dealer"], games=2_000, seed=6)
    step = res.steps[0]
    again = duplicate_games(RULES, get_strategy(DETUNED, **{step.key: step.after}), DETUNED,
                            2_000, 6)
    assert res.gains[0].mean == again.win_share.mean - 0.5
    assert "share of games won" in res.to_text()


def test_stability_command(tmp_path, capsys):
    out = tmp_path / "s"
    rc = cli.main(["stability", DETUNED, "--params", "round1.threshold.dealer,play.fishing",
                   "--deals", "5000", "--out", str(out), "--no-progress"])
    printed = capsys.readouterr().out
    assert rc == 0 and "Holm-Bonferroni" in printed and "nominal" in printed
    assert {p.name for p in out.iterdir()} == {"stability.csv", "stability.parquet",
                                               "summary.txt", "chart.png", "chart.svg",
                                               "meta.json", "manifest.json"}
    meta = json.loads((out / "meta.json").read_text())
    assert meta["kind"] == "stability" and meta["steps"] == 3 and meta["deals_per_step"] == 5000
    assert meta["correction"] == "holm-bonferroni"


@pytest.mark.parametrize("argv,needle", [
    (["reference"], "only scripted"),
    (["advanced", "--params", "nonsense"], "unknown parameter"),
    (["advanced", "--params", "zz.*"], "names no"),
    (["advanced", "--deals", "0"], "deals must be an integer between"),
    (["advanced", "--games", "x"], "--games must be an integer"),
    (["advanced", "--vs", "nobody"], "unknown strategy"),
])
def test_bad_stability_input_is_a_one_line_error(argv, needle, capsys, tmp_path):
    rc = cli.main(["stability", *argv, "--out", str(tmp_path / "x")])
    err = capsys.readouterr().err
    assert rc == 2 and needle in err and err.count("\n") == 1
    assert not (tmp_path / "x").exists()
