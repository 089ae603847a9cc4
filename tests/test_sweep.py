"""Parameter sweeps: ranges, common random numbers, the best point, the command."""

import json

import pytest

from euchre_sim.analysis.match import duplicate_deals, duplicate_games
from euchre_sim.analysis.sweep import SweepError, parse_range, sweep
from euchre_sim.cli import main as cli
from euchre_sim.game.rules import Rules
from euchre_sim.strategies import get_strategy


def test_ranges():
    assert parse_range("round1.threshold.dealer=8:16:2") == (
        "round1.threshold.dealer", [8, 10, 12, 14, 16])
    assert parse_range("a=0:1:0.25")[1] == [0, 0.25, 0.5, 0.75, 1]
    assert parse_range("a=1,2,5")[1] == [1, 2, 5]
    for bad in ("a", "a=3:1:1", "a=1:5:0", "a=1:2", "a=x", "a=", "a=0:inf:1", "a=nan,1"):
        with pytest.raises(SweepError):
            parse_range(bad)
    # counted before anything is built: these would take gigabytes or never end
    for huge in ("a=8:1e9:1", "a=0:1:1e-12", "a=8:1e300:1", "a=0:1e308:1e-308"):
        with pytest.raises(SweepError, match="more than 200 values"):
            parse_range(huge)


def test_every_point_is_a_duplicate_match_on_the_same_deals():
    res = sweep(Rules(), "basic", [("round1.threshold.dealer", [10, 12, 40])], "reference",
                deals=20_000, seed=4)
    again = duplicate_deals(Rules(), get_strategy("basic:round1.threshold.dealer=12"),
                            "reference", 20_000, 4)
    assert res.results[1].diff.mean == again.diff.mean
    assert res.results[1].diff.se == again.diff.se
    df = res.table()
    assert list(df["round1.threshold.dealer"]) == [10, 12, 40]
    # a dealer who never takes up the card (threshold 40) does worse than one who does
    best, _ = res.best()
    assert best != (40,)
    assert df["mean"][2] < df["mean"][1]


def test_a_games_sweep_is_a_duplicate_game_match_at_every_point(tmp_path, capsys):
    """With games, every point plays the same games, its numbers are those of a duplicate game
    match, and the best point is the one that wins most games."""
    res = sweep(Rules(), "advanced", [("score.equity_alone", [0, 2])], "advanced", 5_000,
                seed=3, games=True)
    again = duplicate_games(Rules(), get_strategy("advanced:score.equity_alone=2"), "advanced",
                            5_000, 3)
    assert res.results[1].win_share == again.win_share and res.results[1].diff == again.diff
    assert res.results[0].win_share.mean == 0.5  # advanced against itself: every board 1-1
    table = res.table()
    assert table.win_rate.idxmax() == res.points.index(res.best()[0])
    assert "best for winning games" in res.to_text()
    rc = cli.main(["sweep", "advanced", "--param", "score.equity_alone=0,2", "--vs", "advanced",
                   "--games", "5000", "--seed", "3", "--out", str(tmp_path / "s"),
                   "--no-progress"])
    assert rc == 0 and "games won, paired by board" in capsys.readouterr().out
    meta = json.loads((tmp_path / "s" / "meta.json").read_text())
    assert meta["games_per_point"] == 5_000 and (tmp_path / "s" / "chart.png").exists()


def test_two_parameters_make_a_grid():
    res = sweep(Rules(), "basic", [("round1.threshold.dealer", [11, 13]),
                                   ("round1.threshold.eldest", [12, 14])], "reference",
                deals=5_000, seed=1)
    assert len(res.points) == 4 and res.table().shape[0] == 4


def test_bad_sweeps():
    with pytest.raises(SweepError, match="unknown parameter"):
        sweep(Rules(), "basic", [("round1.nonsense", [1])], "reference", 100, 1)
    with pytest.raises(SweepError, match="must be"):
        sweep(Rules(), "basic", [("round1.threshold.dealer", [500])], "reference", 100, 1)
    with pytest.raises(SweepError, match="one or two"):
        sweep(Rules(), "basic", [("a", [1]), ("b", [1]), ("c", [1])], "reference", 100, 1)


def test_sweep_command(capsys, tmp_path):
    rc = cli.main(["sweep", "basic", "--param", "round1.threshold.dealer=10:14:2",
                   "--deals", "10000", "--out", str(tmp_path / "s"), "--no-progress"])
    out = capsys.readouterr().out
    assert rc == 0 and "best:" in out
    names = {p.name for p in (tmp_path / "s").iterdir()}
    assert {"sweep.csv", "sweep.txt", "chart.png", "chart.svg", "meta.json"} <= names
    meta = json.loads((tmp_path / "s" / "meta.json").read_text())
    assert meta["params"] == {"round1.threshold.dealer": [10, 12, 14]}
    rc = cli.main(["sweep", "basic", "--param", "round1.threshold.dealer=14:10:1"])
    err = capsys.readouterr().err
    assert rc == 2 and "bad --param" in err and err.count("\n") == 1


def test_paired_difference_from_the_best():
    """Each point minus the best, paired by board from the board products, equals the gain
    of that point over the best played directly as a paired baseline on the same deals; it
    does not depend on the shard size; and it is far tighter than the unpaired intervals."""
    from euchre_sim.analysis.variants import match_variants

    rules = Rules()
    spec = [("round1.threshold.dealer", [10.0, 11.0, 13.0])]
    one = sweep(rules, "basic", spec, "advanced", deals=20_000, seed=5, shard=4096)
    two = sweep(rules, "basic", spec, "advanced", deals=20_000, seed=5, shard=6000)
    a, b = one.table(), two.table()
    assert a["minus_best"].tolist() == b["minus_best"].tolist()
    assert a["minus_best_se"].tolist() == b["minus_best_se"].tolist()
    values, _ = one.best()
    best = get_strategy("basic", **{"round1.threshold.dealer": values[0]})
    for i, v in enumerate(spec[0][1]):
        point = get_strategy("basic", **{"round1.threshold.dealer": v})
        direct, = match_variants(rules, [point], get_strategy("advanced"), 20_000, 5,
                                 baseline=best)
        assert a.loc[i, "minus_best"] == pytest.approx(direct.gain.mean, abs=1e-12)
        assert a.loc[i, "minus_best_se"] == pytest.approx(direct.gain.se, rel=1e-9)
    worst = a["minus_best"].idxmin()
    assert a.loc[worst, "minus_best_se"] < a.loc[worst, "se"]
    assert "vs best" in one.to_text()


def test_paired_difference_from_the_best_in_games():
    rules = Rules()
    spec = [("round1.threshold.dealer", [11.0, 16.0])]
    r = sweep(rules, "basic", spec, "advanced", deals=4096, seed=2, games=True)
    df = r.table()
    b = int(df["win_rate"].idxmax())
    assert df.loc[b, "minus_best"] == 0 and df.loc[b, "minus_best_se"] == 0
    other = 1 - b
    assert df.loc[other, "minus_best"] == pytest.approx(
        df.loc[other, "win_rate"] - df.loc[b, "win_rate"], abs=1e-12)
    assert 0 < df.loc[other, "minus_best_se"]


def test_large_grids_say_the_paired_differences_are_not_computed(monkeypatch):
    import euchre_sim.analysis.sweep as sweep_module

    monkeypatch.setattr(sweep_module, "MAX_PAIRED_POINTS", 1)
    r = sweep(Rules(), "basic", [("round1.threshold.dealer", [11.0, 12.0])], "advanced",
              deals=2_000, seed=1)
    assert "minus_best" not in r.table()
    assert "vs best: not computed for a grid of more than 1 points" in r.to_text()


def test_a_sweep_on_too_few_deals_calls_no_point_worse():
    """One deal per point has a standard error of 0: no point may be called significantly
    worse than the best."""
    res = sweep(Rules(), "basic", [("round1.threshold.dealer", [10, 12])], "reference",
                deals=1, seed=4)
    text = res.to_text()
    assert "too few for the intervals to mean anything" in text
    assert "significantly worse" not in text and "vs best -" not in text


def test_points_that_play_exactly_as_the_best_are_tied_not_worse():
    """issue 41: two thresholds above any hand's value never order up, so they play every
    board alike; the report called every point but the best significantly worse."""
    res = sweep(Rules(), "basic", [("round1.threshold.dealer", [30, 31])], "reference",
                deals=2_000, seed=4)
    text = res.to_text()
    assert "1 point(s) the same as the best on every board: round1.threshold.dealer=31" in text
    assert "significantly worse" not in text
