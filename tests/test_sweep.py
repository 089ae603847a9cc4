"""Parameter sweeps: ranges, common random numbers, the best point, the command."""

import json

import pytest

from euchre_sim import cli
from euchre_sim.analysis.match import duplicate_deals, duplicate_games
from euchre_sim.analysis.sweep import SweepError, parse_range, sweep
from euchre_sim.rules import Rules
from euchre_sim.strategies import get_strategy


def test_ranges():
    assert parse_range("round1.threshold.dealer=8:16:2") == (
        "round1.threshold.dealer", [8, 10, 12, 14, 16])
    assert parse_range("a=0:1:0.25")[1] == [0, 0.25, 0.5, 0.75, 1]
    assert parse_range("a=1,2,5")[1] == [1, 2, 5]
    for bad in ("a", "a=3:1:1", "a=1:5:0", "a=1:2", "a=x", "a="):
        with pytest.raises(SweepError):
            parse_range(bad)


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
