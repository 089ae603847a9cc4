"""The table-bias report: its decision points, the comparison of two tables, the command."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from euchre_sim.analysis.analyser import analyze, sample_options
from euchre_sim.analysis.bias import compare_samples, loner_option, table_bias
from euchre_sim.analysis.bias_points import make_points, points_text, read_points
from euchre_sim.analysis.facts import POSITIONS, AnalysisError, options
from euchre_sim.cli import main as cli

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def points():
    """16 points, two per round and seat, from tuned self-play."""
    return make_points(count=16, seed=2)


def test_points_are_stratified_bids_with_a_loner_and_reproducible(points, tmp_path):
    strata = [(p.sit.round, POSITIONS[p.sit.position]) for p in points]
    assert strata == [(r, s) for r in (1, 2) for s in POSITIONS for _ in range(2)]
    for p in points:
        assert set(p.sit.bids) <= {"pass"} and p.sit.question in ("round1", "round2")
        assert any("alone" in o.label for o in options(p.sit))
        assert p.note.startswith("deal ") and "tuned bids " in p.note
    assert [p.line for p in make_points(count=16, seed=2)] == [p.line for p in points]
    path = tmp_path / "points.txt"
    path.write_text(points_text(points, "a header\nof two lines"))
    again = read_points(path)
    assert [(p.line, p.note) for p in again] == [(p.line, p.note) for p in points]


def test_the_committed_points_are_240_stratified_bids_with_a_loner():
    """experiments/data/bias_points.txt: 30 points per round and seat, all readable."""
    committed = read_points(ROOT / "experiments" / "data" / "bias_points.txt")
    strata = [(p.sit.round, p.sit.position) for p in committed]
    assert strata == [(r, s) for r in (1, 2) for s in range(4) for _ in range(30)]
    assert all(any("alone" in o.label for o in options(p.sit)) for p in committed)


@pytest.mark.parametrize("text,needle", [
    ("", "holds no situation"),
    ("# only a comment\n\n", "holds no situation"),
    ("hand=JH,JD,AH,KH,AS up=9H seat=eldest\nhand=JH,JH,AH,KH,AS up=9H seat=eldest\n",
     "points.txt:2: "),
    ("hand=JH,JD,AH,KH,AS up=9H seat=dealer bidding=\"pass\"  # a note\n", "points.txt:1: "),
])
def test_bad_points_files_are_one_line_errors(text, needle, tmp_path):
    path = tmp_path / "points.txt"
    path.write_text(text)
    with pytest.raises(AnalysisError, match=needle):
        read_points(path)
    with pytest.raises(AnalysisError, match="not found"):
        read_points(tmp_path / "missing.txt")


def test_the_same_table_on_both_sides_agrees_exactly(points):
    """Common random numbers: the same table and seed on both sides plays the same deals, so
    every difference is 0 and every verdict the same."""
    r = table_bias(points[:6], "tuned", "tuned", deals=200, seed=3)
    assert (r.options["diff"] == 0).all() and (r.options["diff_se"] < 1e-6).all()
    s = r.summary()
    assert s["same_verdict"]["share"] == 1 and s["loner"]["mean_abs"] == 0
    assert s["shared_worlds"] == 1 and (r.points["regret_b"] == 0).all()


@pytest.mark.slow  # about 28 s (16 points, 300 deals a side): in make test, not test-fast
def test_independent_deals_of_one_table_differ_by_noise_alone(points):
    """The same table on independent deals (another seed for B): the differences are noise,
    and the standard errors say how large: d/se is about standard normal, the mean |d| about
    what noise alone gives, the noise-corrected bias small."""
    r = table_bias(points, "tuned", "tuned", deals=300, seed=4, b_seed=5)
    o = r.options[r.options["diff_se"] > 0]
    ratio = (o["diff"] / o["diff_se"]).to_numpy()
    assert len(ratio) > 50
    assert 0.5 < np.mean(ratio ** 2) < 1.6 and abs(ratio.mean()) < 4 / np.sqrt(len(ratio))
    s = r.summary()
    assert s["shared_worlds"] == 0
    assert 0.6 < s["all_options"]["mean_abs"] / s["all_options"]["noise"] < 1.4
    # the noise-corrected bias is zero within its own standard error: mean(d^2 - se^2), what
    # rms_bias is the root of, is about 0 under the null (4 standard errors: the options of a
    # point share their worlds, so the values are not independent)
    excess = (o["diff"] ** 2 - o["diff_se"] ** 2).to_numpy()
    assert excess.mean() < 4 * excess.std(ddof=1) / np.sqrt(len(excess))
    assert s["all_options"]["rms_bias"] ** 2 <= max(excess.mean(), 0) + 1e-12


def test_two_tables_are_compared_on_the_analysers_own_values(points):
    """Each side's values are the analyser's (``analyze`` with the same seed and deals); at a
    point where nobody spoke before (round 1, eldest) both tables keep the same deals and the
    difference's standard error is the paired one."""
    p = points[0]
    a = sample_options(p.sit, "tuned", 400, seed=6)
    b = sample_options(p.sit, "advanced", 400, seed=6)
    df = compare_samples(a, b).set_index("option")
    assert df.attrs["shared"] == 1 and (a.worlds == b.worlds).all()
    for table, col in (("tuned", "points_a"), ("advanced", "points_b")):
        ref = analyze(p.sit, table, 400, seed=6).set_index("option")["points"]
        assert np.allclose(df[col], ref.loc[df.index])
    for label, row in df.iterrows():
        d = (a.pair[label][0] - a.pair[label][1]).astype(float) - (
            b.pair[label][0] - b.pair[label][1])
        assert row["diff"] == pytest.approx(d.mean())
        assert row["diff_se"] == pytest.approx(d.std(ddof=1) / np.sqrt(len(d)))
    # a round-2 point: different bidding keeps partly different deals; the covariance of the
    # shared ones still shrinks the standard error below the independent one
    q = points[-3]
    a, b = (sample_options(q.sit, t, 400, seed=6) for t in ("tuned", "advanced"))
    df = compare_samples(a, b)
    assert 0 < df.attrs["shared"] < 1
    independent = np.sqrt(df["se_a"] ** 2 + df["se_b"] ** 2)
    assert (df["diff_se"] <= independent + 1e-12).mean() > 0.5
    assert np.allclose(df["diff"], df["points_a"] - df["points_b"])


def test_the_loner_option_is_chosen_by_neither_table_alone():
    df = pd.DataFrame({"option": ["pass", "call clubs alone", "call hearts alone"],
                       "loner": [False, True, True], "points_a": [0.0, 1.0, -1.0],
                       "points_b": [0.0, -0.5, 0.8]})
    assert loner_option(df) == "call clubs alone"  # 0.25 against -0.1 on the average
    assert loner_option(df[~df["loner"]]) is None


def test_bias_command_writes_a_run_folder(points, tmp_path, capsys):
    path = tmp_path / "points.txt"
    path.write_text(points_text(points[:3:2], "two round-1 points"))
    out = tmp_path / "run"
    rc = cli.main(["bias", "--points", str(path), "--deals", "100", "--out", str(out),
                   "--no-progress"])
    assert rc == 0, capsys.readouterr().err
    text = capsys.readouterr().out
    assert "table bias: tuned (A) against pimc (B) on 2 decision points" in text
    assert "same best option" in text and "Monte Carlo noise alone" in text
    names = {p.name for p in out.iterdir()}
    assert {"options.csv", "options.parquet", "points.csv", "points.parquet", "summary.txt",
            "summary.json", "points.txt", "chart.png", "chart.svg", "meta.json"} <= names
    meta = json.loads((out / "meta.json").read_text())
    assert meta["kind"] == "bias" and meta["table_b"]["name"] == "pimc"
    assert meta["points"] == 2 and meta["deals_per_option"] == 100
    opts = pd.read_parquet(out / "options.parquet")
    assert len(opts) == 6 and set(opts["point"]) == {0, 1}
    assert not any(p.name.startswith(".") for p in tmp_path.iterdir())


def test_make_points_command_writes_a_file_it_can_read(tmp_path, capsys):
    path = tmp_path / "pts.txt"
    assert cli.main(["bias", "--make-points", "8", "--points", str(path), "--seed", "9"]) == 0
    text = path.read_text()
    assert "Made by: euchre-sim bias --make-points 8" in text and len(read_points(path)) == 8
    assert cli.main(["bias", "--make-points", "8", "--points", str(path)]) == 2
    assert "exists: use --overwrite" in capsys.readouterr().err


@pytest.mark.parametrize("argv,needle", [
    (["--table", "tuned"], "compares two tables"),
    (["--table", "tuned,advanced,basic"], "compares two tables"),
    (["--table", "tuned,nosuch"], "nosuch"),
])
def test_bad_bias_options_are_one_line_errors(argv, needle, tmp_path, capsys):
    path = tmp_path / "points.txt"
    path.write_text("hand=JH,JD,AH,KH,AS up=9H seat=dealer bidding=\"pass pass pass\"\n")
    assert cli.main(["bias", "--points", str(path), *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("euchre-sim: error: ") and needle in err and "\n" not in err


def test_a_missing_points_file_is_a_one_line_error(tmp_path, capsys):
    assert cli.main(["bias", "--points", str(tmp_path / "nope.txt")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("euchre-sim: error: points file") and "\n" not in err


def test_a_point_no_table_can_analyse_is_reported_not_dropped_or_fatal(tmp_path):
    """A point whose history the table never produces (an eldest who orders up anything, yet
    passed) is listed as not analysed, with the reason; the others are reported as usual;
    with no analysable point at all the run is a one-line error."""
    path = tmp_path / "points.txt"
    path.write_text('hand=9C,TC,9S,TS,9D up=9H seat=eldest\n'
                    'hand=JH,JD,AH,KH,AS up=9H seat=partner bidding="pass"\n')
    table = "reference:bid_threshold=0"
    result = table_bias(read_points(path), table, table, deals=200, seed=3)
    assert [k["point"] for k in result.skipped] == [1]
    assert "consistent" in result.skipped[0]["reason"]
    assert list(result.points["point"]) == [0]
    assert "points not analysed (1;" in result.to_text()
    assert result.summary()["skipped"][0]["point"] == 1
    path.write_text('hand=JH,JD,AH,KH,AS up=9H seat=partner bidding="pass"\n')
    with pytest.raises(AnalysisError, match="no point could be analysed"):
        table_bias(read_points(path), table, table, deals=200, seed=3)
