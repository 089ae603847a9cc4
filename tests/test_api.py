"""The Python API (euchre_sim/jobs/api.py): each function on tiny inputs returns the documented
tables, the command's text and numbers on the same seed, a Figure where the job draws one,
and the command's one-line errors for bad input."""

from __future__ import annotations

import gc
import inspect
import json
import re
import tempfile
import typing
from pathlib import Path

import pandas as pd
import pytest
from matplotlib.figure import Figure

import euchre_sim
from euchre_sim import Rules, analyze, chart, match, simulate, sweep
from euchre_sim.cli import main as cli
from euchre_sim.jobs import OptionError, api
from euchre_sim.records.results import ResultsError, load

ERRORS = (*cli.USER_ERRORS, OptionError)
ROOT = Path(__file__).resolve().parents[1]
HAND = dict(hand="JH JD AH KH AS", up="9H", seat="dealer", bidding="pass pass pass")
HAND_WORDS = ["--hand", "JH JD AH KH AS", "--up", "9H", "--seat", "dealer",
              "--bidding", "pass pass pass"]


def _cli(capsys, *argv: str) -> str:
    """What ``euchre-sim ARGV`` prints on stdout (it must succeed)."""
    capsys.readouterr()
    assert cli.main(list(argv)) == 0
    return capsys.readouterr().out


def _timeless(text: str) -> str:
    return re.sub(r"time: [0-9.]+ s", "time: - s", text)


@pytest.fixture
def own_tmp(tmp_path, monkeypatch):
    """Temporary run folders go under tmp_path (to see that none is left behind)."""
    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def test_the_functions_are_the_packages(own_tmp):
    for name in ("simulate", "match", "sweep", "analyze", "chart", "equity", "tune",
                 "stability", "load", "Answer"):
        assert getattr(euchre_sim, name) is getattr(api, name)
    hints = typing.get_type_hints(api.match)
    assert hints["return"] is api.Answer and "deals" in hints and "set" in hints
    for fn in (simulate, match, sweep, analyze, chart, api.equity, api.tune, api.stability):
        params = inspect.signature(fn).parameters
        assert {"rules", "set", "seed", "out", "overwrite"} <= set(params)
        assert all(p.annotation is not inspect.Parameter.empty for p in params.values())
    assert (ROOT / "euchre_sim" / "py.typed").is_file()
    assert '"py.typed"' in (ROOT / "pyproject.toml").read_text()


def test_match_is_the_commands(capsys, tmp_path, own_tmp):
    m = match("advanced", "reference", deals=200, seed=4, progress=False)
    out = tmp_path / "m"
    said = _cli(capsys, "match", "advanced", "reference", "--deals", "200", "--seed", "4",
                "--no-progress", "--out", str(out))
    assert said == m.text + f"\nwrote {out}/ (match.json, match.txt, meta.json)\n"
    assert m.summary == json.loads((out / "match.json").read_text())
    assert m.result.diff.mean == m.summary["points_per_deal_a_minus_b"]["mean"]
    assert m.table == "advanced" and m.strategies == {"a": "advanced", "b": "reference"}
    assert m.tables == {} and m.path is None
    with pytest.raises(ResultsError, match="has no chart"):
        m.figure()
    folder = m.run.path
    assert folder.is_dir() and folder.is_relative_to(own_tmp)
    del m
    gc.collect()
    assert not folder.exists() and list(own_tmp.iterdir()) == []


def test_simulate_is_the_commands(capsys, tmp_path, own_tmp):
    r = simulate("basic", "reference", rules="british", set={"super_euchre": True}, deals=300,
                 seed=3, progress=False)
    out = tmp_path / "s"
    said = _cli(capsys, "simulate", "--strategy", "basic", "--vs", "reference", "--rules",
                "british", "--set", "super_euchre=true", "--deals", "300", "--seed", "3",
                "--no-progress", "--out", str(out))
    assert _timeless(said).startswith(_timeless(r.text) + f"\nwrote {out}/ (")
    cli_run = load(out)
    pd.testing.assert_frame_equal(r.deals, cli_run.deals)
    pd.testing.assert_frame_equal(r.deal_value, cli_run.deal_value)
    assert r.summary == cli_run.summary and r.summary["deals"]["deals"] == 300
    assert {"card0", "trump_suit"} & set(r.deals.columns)  # decoded records
    assert r.table == "basic" and r.strategies == {"team0": "basic", "team1": "reference"}
    assert r.meta["seed"] == 3 and r.meta["rules"]["super_euchre"] is True
    assert isinstance(r.figure(), Figure) and isinstance(r.figure("deal_value"), Figure)
    assert "deals" in repr(r) and str(r) == r.text


def test_simulate_options(tmp_path, own_tmp):
    """Ready-made Rules are the ruleset they equal; games; no records; a kept folder."""
    a = simulate(rules=Rules.named("canadian"), deals=200, seed=5, progress=False)
    b = simulate(rules="north-american", set=["dealer_partner_alone=true",
                                              "defender_alone=true"],
                 deals=200, seed=5, progress=False)
    pd.testing.assert_frame_equal(a.deals, b.deals)
    assert a.meta["ruleset"] == "custom" and "rules: custom" in a.text
    g = simulate(games=2, seed=1, records=False, progress=False)
    assert set(g.tables) == {"deal_value"} and g.summary["games"]["games"] == 2
    with pytest.raises(AttributeError, match="has no table 'deals'; it has: deal_value"):
        _ = g.deals
    kept = simulate(deals=100, seed=1, progress=False, out=tmp_path / "kept")
    assert kept.path == tmp_path / "kept" and (kept.path / "deals.parquet").is_file()
    assert f"wrote {tmp_path / 'kept'}/" in kept.text
    with pytest.raises(ResultsError, match="exists: use --overwrite"):
        simulate(deals=100, seed=1, progress=False, out=tmp_path / "kept")
    simulate(deals=100, seed=2, progress=False, out=tmp_path / "kept", overwrite=True)
    assert load(tmp_path / "kept").meta["seed"] == 2


def test_sweep_is_the_commands(capsys, tmp_path, own_tmp):
    s = sweep("basic", {"round1.threshold.dealer": "10:12:2"}, deals=100, seed=2,
              progress=False)
    out = tmp_path / "w"
    said = _cli(capsys, "sweep", "basic", "--param", "round1.threshold.dealer=10:12:2",
                "--deals", "100", "--seed", "2", "--no-progress", "--out", str(out))
    assert said.startswith(s.text + f"\nwrote {out}/")
    pd.testing.assert_frame_equal(s.sweep, load(out).sweep)
    assert len(s.sweep) == 2 and s.table == "basic" and s.strategies["field"] == "basic"
    assert isinstance(s.figure(), Figure)
    again = sweep("basic", "round1.threshold.dealer=10:12:2", deals=100, seed=2,
                  progress=False)
    assert again.text == s.text


def test_analyze_under_two_tables_is_the_commands(capsys, own_tmp):
    a = analyze(**HAND, table=["basic", "advanced"], deals=100, seed=1)
    said = _cli(capsys, "analyze", *HAND_WORDS, "--table", "basic,advanced", "--deals", "100")
    assert said == a.text
    assert a.analysis.equals(a.result) and list(a.tables) == ["analysis"]
    assert a.table == "basic"
    assert a.strategies == {"table1": "basic", "table2": "advanced"}
    line = analyze('hand=JH,JD,AH,KH,AS up=9H seat=dealer bidding="pass pass pass"',
                   table="basic,advanced", deals=100)
    assert line.text == a.text


def test_chart_is_the_commands(capsys, tmp_path, own_tmp):
    c = chart("order-up", "basic", deals=300, seed=1)
    out = tmp_path / "c"
    said = _cli(capsys, "chart", "order-up", "--strategy", "basic", "--deals", "300",
                "--out", str(out))
    assert c.text == "" and said.startswith(f"wrote {out}/")
    pd.testing.assert_frame_equal(c.order_up, load(out).order_up)
    assert c.table == "basic" and isinstance(c.figure(), Figure)
    stick = chart("stick-the-dealer", "basic", deals=200)
    assert set(stick.summary) == set(stick.result.to_dict()) and stick.summary["deals"] == 200
    assert stick.text.strip() and "wrote" not in stick.text
    assert isinstance(stick.figure(), Figure)


def test_equity_stability_tune(capsys, own_tmp):
    e = api.equity("basic", games=20, seed=1, progress=False)
    assert e.text == _cli(capsys, "equity", "--strategy", "basic", "--games", "20",
                          "--no-progress")
    assert not e.equity.empty and isinstance(e.figure(), Figure)
    st = api.stability("advanced", params="round1.threshold.dealer", deals=100,
                       progress=False)
    assert st.text == _cli(capsys, "stability", "advanced", "--params",
                           "round1.threshold.dealer", "--deals", "100", "--no-progress")
    assert len(st.stability) == 2
    t = api.tune("basic", "round1.threshold.dealer=10:12", "reference", deals=100, trials=2,
                 validate_top=1, progress=False)
    assert t.text == _cli(capsys, "tune", "basic", "--param", "round1.threshold.dealer=10:12",
                          "--vs", "reference", "--deals", "100", "--trials", "2",
                          "--validate-top", "1", "--no-progress")
    assert len(t.trials) == 2 and isinstance(t.figure(), Figure)


BAD = [
    (simulate, dict(deals=0), OptionError, "deals: expected a positive integer"),
    (simulate, dict(deals=1.5), OptionError, "deals: expected a positive integer"),
    (simulate, dict(deals=10, games=2), OptionError, "give deals or games, not both"),
    (simulate, dict(seed=-1), OptionError, "seed: seed must be in"),
    (simulate, dict(seed="x"), OptionError, "seed: seed must be an integer"),
    (simulate, dict(strategy="nope"), None, "unknown strategy 'nope'"),
    (simulate, dict(strategy=3), None, "strategy: expected a strategy"),
    (simulate, dict(rules="nope"), None, "unknown ruleset 'nope'"),
    (simulate, dict(rules=25), None, "rules: expected a ruleset name or Rules"),
    (simulate, dict(set={"deck": 27}), None, "deck"),
    (simulate, dict(set={"nope": 1}), None, "unknown rule option 'nope'"),
    (simulate, dict(set=5), None, "set: expected"),
    (simulate, dict(threads=0), OptionError, "threads: expected a positive integer"),
    (simulate, dict(scheduler="nowhere"), OptionError, "scheduler: expected a scheduler"),
    (simulate, dict(out=""), OptionError, "out: the folder name is empty"),
    (match, dict(a="advanced", b="reference", precision=-1), OptionError, "precision"),
    (sweep, dict(strategy="basic", param="round1.threshold.dealer"), None, "round1"),
    (sweep, dict(strategy="basic", param=[]), OptionError, "param: expected"),
    (analyze, dict(hand="JH JD AH KH AS"), None, "analyze needs --up, --seat"),
    (analyze, dict(HAND, player=7), OptionError, "player: expected a seat 0..3"),
    (analyze, dict(HAND, table=["basic", "nope"]), None, "unknown strategy 'nope'"),
    (chart, dict(which="nope"), None, "unknown chart 'nope'"),
]


@pytest.mark.parametrize("fn,kwargs,cls,needle", BAD,
                         ids=[f"{f.__name__}-{'-'.join(map(str, k.values()))[:40]}"
                              for f, k, _, _ in BAD])
def test_bad_input_is_the_commands_one_line_error(fn, kwargs, cls, needle, own_tmp):
    defaults = {"progress": False} if "progress" in inspect.signature(fn).parameters else {}
    if "games" not in kwargs:
        defaults["deals"] = 50
    with pytest.raises(ERRORS) as err:
        fn(**{**defaults, **kwargs})
    if cls is not None:
        assert isinstance(err.value, cls)
    message = str(err.value)
    assert needle in message and "\n" not in message
    assert list(own_tmp.iterdir()) == []  # no temporary folder left behind
