"""Tuning: the search finds a known-better setting, trials share the deals, validation is on
fresh deals, best.toml round-trips, runs are reproducible, bad input is a one-line error."""

from __future__ import annotations

import json

import pytest

from euchre_sim.analysis.match import duplicate_deals, duplicate_games
from euchre_sim.analysis.tune import TuneParam, fresh_seed, parse_tune_param, tune
from euchre_sim.analysis.variants import SearchError
from euchre_sim.cli import main as cli
from euchre_sim.game.rules import Rules
from euchre_sim.strategies import get_strategy

RULES = Rules()
DEALER = "round1.threshold.dealer"


@pytest.fixture(scope="module")
def dealer_search():
    """basic's dealer threshold against the script over 4..30: above ~17 the dealer hardly
    ever takes the card up and loses clearly (about 0.1 points per deal)."""
    return tune(RULES, "basic", [f"{DEALER}=4:30:1"], "reference", deals=30_000, trials=16,
                seed=3)


def test_the_search_lands_in_the_good_region_and_validation_confirms_it(dealer_search):
    res = dealer_search
    df = res.table()
    assert len(df) == 16 and list(df.trial) == list(range(16))
    best = res.best_params()[DEALER]
    assert 9 <= best <= 13  # sweeps put the best dealer threshold at 10..12
    # the sampler spends most trials after the random start in the good region
    later = df[df.trial >= res.startup][DEALER]
    assert (later <= 16).mean() >= 0.6
    # the chosen trial is the best of the validated ones on the fresh deals, which are not
    # the search deals (a different seed): their values differ
    val = res.validation_table()
    assert val.chosen.sum() == 1
    assert val.loc[val.chosen, "validation_value"].item() == val.validation_value.max()
    assert (val.validation_value != val.search_value).all()
    assert res.validate_seed == fresh_seed(3) != 3
    # gain over basic, paired by board, and the basic point itself (12) gains exactly 0
    assert res.best().gain.interval()[0] > 0
    twelve = val[val[DEALER] == 12]
    assert twelve.empty or (twelve.gain.item() == 0 and twelve.gain_se.item() == 0)
    assert "best by validation" in res.to_text() and "winner's curse" in res.to_text()


def test_every_trial_is_a_duplicate_match_on_the_same_deals(dealer_search):
    res = dealer_search
    for t in res.trials[:3]:
        again = duplicate_deals(RULES, get_strategy("basic", **{DEALER: t.values[0]}),
                                "reference", 30_000, 3)
        assert t.value == again.diff
    # a point the sampler asks for again is not replayed: it reuses the first match
    repeats = [t for t in res.trials if t.repeat_of is not None]
    for t in repeats:
        assert t.values == res.trials[t.repeat_of].values and t.result is \
            res.trials[t.repeat_of].result
    # the unchanged strategy on the same deals gives the search-deal gain
    base = duplicate_deals(RULES, "basic", "reference", 30_000, 3)
    assert res.reference == base.diff


def test_best_toml_round_trips_and_reproduces_the_validation_value(dealer_search, tmp_path):
    res = dealer_search
    path = tmp_path / "best.toml"
    path.write_text(res.best_toml(run="results/demo/1"))
    loaded = get_strategy(str(path))
    assert loaded.all_params() == res.best_strategy().all_params()
    assert loaded.kind_name == "scripted" and "results/demo/1" in loaded.description
    again = duplicate_deals(RULES, loaded, "reference", res.validate_count, res.validate_seed)
    assert again.diff == res.best().value


def test_a_run_is_reproducible_and_batching_is_the_callers_choice():
    kw = dict(deals=5_000, trials=6, seed=9)
    space = [f"{DEALER}=10:14", "play.second_hand_low=0:1"]
    one = tune(RULES, "advanced", space, "self", **kw)
    two = tune(RULES, "advanced", space, None, **kw)
    assert one.table().equals(two.table())
    assert one.validation_table().equals(two.validation_table())
    # self-play: the unchanged strategy gains exactly nothing, and the gain is the match
    assert one.reference.mean == 0
    assert all(c.gain == c.value for c in one.checked)
    other = tune(RULES, "advanced", space, "self", batch=1, **kw)
    assert len(other.trials) == 6


def test_games_objective_is_the_share_of_games_won():
    res = tune(RULES, "advanced", ["score.equity_alone=0:2:2"], "advanced", games=2_000,
               trials=3, seed=5, validate=2_000, validate_top=2)
    for t in res.trials:
        again = duplicate_games(RULES, get_strategy("advanced", **{"score.equity_alone":
                                                                   t.values[0]}),
                                "advanced", 2_000, 5)
        assert t.value == again.win_share
    assert "share of games won" in res.to_text()
    assert all(0 <= c.value.mean <= 1 for c in res.checked)


def test_parameter_specs():
    base = get_strategy("advanced")
    assert parse_tune_param(f"{DEALER}=10:14", base) == [TuneParam(DEALER, 10, 14, 0.5, False)]
    assert parse_tune_param("alone.sure_tricks=2:5", base)[0].step == 1
    assert parse_tune_param(f"{DEALER}=10:14:2", base)[0].points == 3
    flags = parse_tune_param("play.*", base)
    assert flags and all(p.flag for p in flags)
    assert "play.lead_right_min_trumps" not in [p.key for p in flags]  # 0..10, not a flag
    assert [p.key for p in parse_tune_param("round1.threshold.*=10:12", base)] == [
        f"round1.threshold.{s}" for s in ("eldest", "partner", "third", "dealer")]
    for bad, needle in [("nonsense=1:2", "unknown parameter"), (f"{DEALER}=10:50", "[0, 40]"),
                        (f"{DEALER}=14:10", "below"), (f"{DEALER}=10:10", "below"),
                        (f"{DEALER}=10:11.2", "whole number"), (f"{DEALER}=a:b", "bad"),
                        ("play.fishing=0:1:0.5", "positive integer"), (DEALER, "give a range"),
                        ("zz.*", "names no")]:
        with pytest.raises(SearchError) as exc:
            parse_tune_param(bad, base)
        assert needle in str(exc.value) and "\n" not in str(exc.value)
    with pytest.raises(SearchError, match="only scripted"):
        tune(RULES, "reference", ["bid_threshold=10:14"], "self", deals=100, trials=1)
    with pytest.raises(SearchError, match="given twice"):
        tune(RULES, "basic", [f"{DEALER}=10:14", f"{DEALER}=9:12"], "self", deals=100)


def test_tune_command_writes_a_complete_run_folder(tmp_path, capsys):
    out = tmp_path / "t"
    rc = cli.main(["tune", "advanced", "--param", f"{DEALER}=11:13", "--param",
                   "play.second_hand_low=0:1", "--vs", "self", "--deals", "5000", "--trials",
                   "5", "--validate-top", "2", "--validate-deals", "4000", "--seed", "2",
                   "--out", str(out), "--no-progress"])
    printed = capsys.readouterr().out
    assert rc == 0 and "best by validation" in printed
    names = {p.name for p in out.iterdir()}
    assert {"trials.csv", "trials.parquet", "validation.csv", "best.toml", "summary.txt",
            "chart.png", "chart.svg", "meta.json", "manifest.json"} == names
    meta = json.loads((out / "meta.json").read_text())
    assert meta["kind"] == "tune" and meta["deals_per_trial"] == 5000 and meta["trials"] == 5
    assert meta["validation"] == {"seed": fresh_seed(2), "deals": 4000, "top": 2}
    assert meta["sampler"]["sampler"] == "TPESampler" and meta["sampler"]["multivariate"]
    assert "git_commit" in meta and meta["params"][0] == f"{DEALER}=11:13:0.5"
    # the tuned strategy file works anywhere a strategy does, and names its run
    best = out / "best.toml"
    assert str(out) in get_strategy(str(best)).description
    assert cli.main(["match", str(best), "advanced", "--deals", "4000", "--seed",
                     str(fresh_seed(2)), "--no-progress"]) == 0
    shown = capsys.readouterr().out
    value = meta["best"]["validation_value"]
    assert f"{value:+.4f}" in shown


@pytest.mark.parametrize("argv,needle", [
    (["--param", "nonsense=1:2"], "unknown parameter"),
    (["--param", f"{DEALER}=10:41"], "must be a number in [0, 40]"),
    (["--param", f"{DEALER}=14:10"], "must be below"),
    (["--param", f"{DEALER}=10:14", "--trials", "0"], "trials must be an integer between"),
    (["--param", f"{DEALER}=10:14", "--trials", "x"], "--trials must be an integer"),
    (["--param", f"{DEALER}=10:14", "--trials", "100000"], "between 1 and 10,000"),
    (["--param", f"{DEALER}=10:14", "--deals", "0"], "deals must be an integer between"),
    (["--param", f"{DEALER}=10:14", "--validate-top", "0"], "validated"),
])
def test_bad_tune_input_is_a_one_line_error(argv, needle, capsys, tmp_path):
    rc = cli.main(["tune", "advanced", "--vs", "self", *argv, "--out", str(tmp_path / "x")])
    err = capsys.readouterr().err
    assert rc == 2 and needle in err and err.count("\n") == 1
    assert not (tmp_path / "x").exists()
    rc = cli.main(["tune", "reference", "--param", "bid_threshold=10:14", "--vs", "self"])
    err = capsys.readouterr().err
    assert rc == 2 and "only scripted" in err and err.count("\n") == 1
