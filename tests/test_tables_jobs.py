"""The other tables through the command and the Python API: simulate (deals and games), show,
match, the run folder and its provenance, reproducibility across chunks and threads, and
one-line errors."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from euchre_sim.analysis.table_summary import TableTally
from euchre_sim.cli import main as cli
from euchre_sim.core.table import layout as TL
from euchre_sim.engine.table_simulate import TableMatchup, iter_table_deals, replay_table_deal
from euchre_sim.game.table_spec import TABLES, get_table, with_options
from euchre_sim.oracle import table as reference
from euchre_sim.strategies.table import table_strategy


def run(capsys, *argv):
    rc = cli.main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


def test_rules_and_strategies_list_the_tables(capsys):
    rc, out, _ = run(capsys, "rules")
    assert rc == 0
    for name, table in TABLES.items():
        assert name in out and table.help in out
    rc, out, _ = run(capsys, "strategies")
    assert rc == 0 and "basic" in out and "order (default 6)" in out


def test_simulate_a_table_writes_its_run_folder(capsys, tmp_path):
    out_dir = tmp_path / "three"
    rc, out, _ = run(capsys, "simulate", "--rules", "three-handed", "--strategy",
                     "basic:order=5", "--vs", "random", "--deals", "3000", "--seed", "4",
                     "--out", str(out_dir), "--no-progress")
    assert rc == 0, out
    assert "Dealer's edge" in out and "maker makes it" in out and "±" in out
    meta = json.loads((out_dir / "meta.json").read_text())
    assert meta["table"] == "three-handed" and meta["seed"] == 4 and meta["deals"] == 3000
    assert meta["table_settings"]["seats"] == 3
    seats = meta["strategies"]["seats"]
    assert seats[0] == {"kind": "basic", "order": 5, "call": 6}  # what three-handed reads
    assert seats[1] == seats[2] == {"kind": "random"}
    deals = pd.read_parquet(out_dir / "deals.parquet")
    assert len(deals) == 3000 and list(deals["deal"]) == list(range(3000))
    assert {"hand_2", "tricks_2", "points_2"} <= set(deals.columns)
    assert "hand_3" not in deals.columns
    # the records are the reference engine's deals
    strategies = [reference.Strategy("basic", 5, 6, 9), reference.Strategy(),
                  reference.Strategy()]
    for i in (0, 1, 2999):
        d = reference.play_table_deal(get_table("three-handed"), strategies, 4, i)
        assert [deals[f"points_{s}"][i] for s in range(3)] == d.points
        assert deals["maker"][i] == d.maker


def test_table_games_and_target_option(capsys, tmp_path):
    out_dir = tmp_path / "games"
    rc, out, _ = run(capsys, "simulate", "--rules", "three-handed", "--games", "300",
                     "--seed", "2", "--set", "target_score=5", "--out", str(out_dir),
                     "--no-progress")
    assert rc == 0 and "300 games to 5" in out
    games = pd.read_parquet(out_dir / "games.parquet")
    deals = pd.read_parquet(out_dir / "deals.parquet")
    assert len(games) == 300
    assert (games[["score_0", "score_1", "score_2"]].max(axis=1) >= 5).all()
    assert deals.groupby("game").size().tolist() == games["deals"].tolist()
    # each game's points add up to its final scores
    sums = deals.groupby("game")[["points_0", "points_1", "points_2"]].sum()
    assert (sums.to_numpy() == games[["score_0", "score_1", "score_2"]].to_numpy()).all()
    table = with_options(get_table("three-handed"), {"target_score": "5"})
    basic = reference.Strategy("basic", order=7, call=6)  # three-handed's own basic defaults
    for g in (0, 1, 2, 299):
        first, winner, scores, deals_of_game = reference.play_table_game(table, [basic] * 3, 2, g)
        assert games["deals"][g] == len(deals_of_game)
        assert games["winner"][g] == winner and games["first_dealer"][g] == first


def test_show_and_match(capsys):
    rc, out, _ = run(capsys, "show", "--rules", "three-handed", "--seed", "3", "--deal", "7")
    assert rc == 0 and "Table three-handed" in out and "(dealer)" in out
    rc, out, _ = run(capsys, "match", "basic", "random", "--rules", "three-handed",
                     "--deals", "4000", "--no-progress")
    assert rc == 0 and "Duplicate match at three-handed" in out and "3 rotations" in out


def test_match_of_a_strategy_with_itself_is_exactly_even():
    """Every deal played from every seat by the same strategy: the gain is 0 exactly."""
    from euchre_sim.jobs.common import RuleChoice
    from euchre_sim.jobs.tables import match_table

    result = match_table("basic", "basic", RuleChoice("three-handed"), deals=2000,
                         progress=False, echo=lambda s: None)
    assert result["gain"] == pytest.approx(0.0, abs=1e-12)


def test_records_do_not_depend_on_chunks_or_threads():
    table = get_table("three-handed")
    m = TableMatchup.of(table, "basic", "random")
    whole = next(iter_table_deals(m, 5000, 9, threads=1)).copy()
    parts = np.concatenate([c.copy() for c in iter_table_deals(m, 5000, 9, chunk=777)])
    assert (whole == parts).all()
    later = next(iter_table_deals(m, 100, 9, first=4900)).copy()
    assert (later == whole[4900:]).all() and later[0, TL.TF_DEAL] == 4900
    rep = replay_table_deal(m, 9, 4321)
    assert (rep.record[TL.TF_POINTS:] == whole[4321, TL.TF_POINTS:]).all()


def test_tally_against_direct_counts():
    table = get_table("three-handed")
    recs = next(iter_table_deals(TableMatchup.of(table, "random"), 4000, 1)).copy()
    tally = TableTally(table)
    tally.add(recs[:1000])
    tally.add(recs[1000:])
    pts = recs[:, TL.TF_POINTS:TL.TF_POINTS + 3]
    assert [e.mean for e in tally.seat_points()] == pytest.approx(pts.mean(axis=0).tolist())
    dealer = recs[:, 1]
    mine = pts[np.arange(4000), dealer]
    edge = mine - (pts.sum(axis=1) - mine) / 2
    assert tally.dealer_edge().mean == pytest.approx(edge.mean())
    assert tally.dealer_edge().se == pytest.approx(edge.std(ddof=1) / np.sqrt(4000))


@pytest.mark.parametrize("argv, message", [
    (["--strategy", "reference"], "unknown table strategy 'reference'"),
    (["--strategy", "basic:order=x"], "order must be an integer"),
    (["--strategy", "basic:greed=3"], "unknown parameter 'greed'"),
    (["--strategy", "random:order=3"], "random takes no parameters"),
    (["--set", "deck=25"], "takes no option 'deck'"),
    (["--set", "target_score=0"], "target_score must be a positive integer"),
    (["--set", "stick_the_dealer=maybe"], "stick_the_dealer must be true or false"),
])
def test_bad_table_input_is_one_line(capsys, tmp_path, argv, message):
    out_dir = tmp_path / "bad"
    rc, out, err = run(capsys, "simulate", "--rules", "three-handed", "--deals", "10",
                       "--out", str(out_dir), *argv)
    assert rc == 2 and message in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert not out_dir.exists()


def test_table_strategy_text_round_trips():
    st = table_strategy("basic:order=7, alone=11")
    assert st.name == "basic:alone=11,order=7" and table_strategy(st.name) == st
    assert st.value("call") == 6


def test_sweep_at_a_table(capsys, tmp_path):
    out_dir = tmp_path / "sweep"
    rc, out, _ = run(capsys, "sweep", "basic", "--rules", "three-handed", "--param",
                     "order=6:8:1", "--deals", "3000", "--out", str(out_dir), "--no-progress")
    assert rc == 0 and "best: order=" in out
    df = pd.read_csv(out_dir / "sweep.csv")
    assert df["order"].tolist() == [6, 7, 8]
    # order=7 is basic itself at three-handed (the table's own default): against itself on
    # the same deals it gains exactly nothing
    assert df.loc[df["order"] == 7, "mean"].item() == pytest.approx(0.0, abs=1e-12)
    assert {"chart.png", "chart.svg", "meta.json"} <= {p.name for p in out_dir.iterdir()}
    rc, _, err = run(capsys, "sweep", "basic", "--rules", "three-handed", "--param",
                     "greed=1:2:1", "--deals", "10")
    assert rc == 2 and "unknown table parameter 'greed'" in err


def test_an_experiment_file_at_a_table(capsys, tmp_path):
    from euchre_sim.records.results import load, table_of

    exp = tmp_path / "three.toml"
    exp.write_text('kind = "simulate"\nrules = "three-handed"\ndeals = 2000\nseed = 3\n'
                   '[set]\ntarget_score = 5\n')
    rc, out, err = run(capsys, "run", str(exp), "--results", str(tmp_path / "results"))
    assert rc == 0, err
    done = load("three", root=tmp_path / "results")
    assert done.meta["table"] == "three-handed" and table_of(done) == "basic"
    assert done.meta["table_settings"]["target"] == 5 and len(done.deals) == 2000
    exp.write_text('kind = "equity"\nrules = "three-handed"\n')
    rc, _, err = run(capsys, "run", str(exp))
    assert rc == 2 and "rules must name a ruleset" in err


def test_four_handed_commands_refuse_a_table_in_one_line(capsys):
    rc, _, err = run(capsys, "analyze", "--hand", "JH JD AH KH AS", "--up", "9H", "--seat",
                     "dealer", "--rules", "three-handed")
    assert rc == 2 and "'three-handed' is another table" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("name", list(TABLES))
def test_show_prints_every_event_of_every_table(capsys, name):
    """Every table's deals print (drops, dirty clubs, loners: every event kind it writes)."""
    for deal in range(12):
        rc, out, err = run(capsys, "show", "--rules", name, "--seed", "1", "--deal", str(deal),
                           "--strategy", "random")
        assert rc == 0 and "Traceback" not in err and f"Table {name}" in out


def test_duplicate_games_at_a_table(capsys):
    """Every game from every side: a strategy against itself wins exactly its even share; basic
    wins more than that against random."""
    from euchre_sim.jobs.common import RuleChoice
    from euchre_sim.jobs.tables import match_table

    quiet = {"progress": False, "echo": lambda s: None}
    even = match_table("basic", "basic", RuleChoice("three-handed"), games=200, **quiet)
    assert even["win_share"] == pytest.approx(1 / 3, abs=1e-12)
    rc, out, _ = run(capsys, "match", "basic", "random", "--rules", "buck", "--games", "300",
                     "--no-progress")
    assert rc == 0 and "an even share is 25.00 %" in out
    share = float(out.split("wins ")[1].split(" %")[0])
    assert share > 50


def test_relevant_params_and_table_defaults():
    from dataclasses import replace

    from euchre_sim.strategies.table import relevant_params, seat_rows

    assert relevant_params(get_table("three-handed")) == ["order", "call"]
    assert relevant_params(get_table("buck")) == ["order", "call", "stay"]
    assert relevant_params(get_table("six-handed")) == ["order", "call", "alone"]
    assert relevant_params(get_table("bid-euchre")) == ["bid", "cap", "shoot"]
    # the forced opening is an auction parameter no sweep, climb or stability check offers
    from euchre_sim.core.table import layout as TL
    from euchre_sim.strategies.table import TABLE_PARAMS, TableStrategy

    assert TABLE_PARAMS["force"].bidding == TL.BID_AUCTION and TABLE_PARAMS["force"].default == -1
    assert all("force" not in relevant_params(get_table(n)) for n in TABLES)
    bid = get_table("bid-euchre")
    assert "force" not in TableStrategy("basic").describe(bid)
    assert TableStrategy("basic", {"force": 4}).describe(bid)["force"] == 4
    table = replace(get_table("three-handed"), basic=(("order", 8),))
    basic, own = table_strategy("basic"), table_strategy("basic:order=5")
    assert basic.value("order", table) == 8 and basic.value("order") == 6
    assert own.value("order", table) == 5
    assert basic.describe(table) == {"kind": "basic", "order": 8, "call": 6}
    from euchre_sim.core.table import layout as TL

    _, params = seat_rows([basic, own, basic], table)
    assert params[:3, TL.P_ORDER].tolist() == [8, 5, 8]


def test_holm_needs_the_smallest_p_below_alpha_over_m():
    from euchre_sim.analysis.table_climb import Step, holm

    steps = [Step("a", 1, 0.030, 0.010), Step("b", 1, 0.025, 0.010), Step("c", 1, -0.01, 0.01)]
    marked = holm(steps, 0.05)
    # z = 3.0 (p 0.0013 < 0.05/3) and z = 2.5 (p 0.0062 < 0.05/2); z = -1 never
    assert [s.significant for s in marked] == [True, True, False]
    marked = holm([Step("a", 1, 0.019, 0.010), Step("b", 1, 0.018, 0.010)], 0.05)
    # z = 1.9 (p 0.029 > 0.05/2): nothing is significant, though alone it would be
    assert not any(s.significant for s in marked)
    assert holm([Step("a", 1, 0.019, 0.010)], 0.05)[0].significant
    assert not any(s.significant for s in marked)


def test_climb_and_stability_at_a_table(capsys, tmp_path):
    rc, out, _ = run(capsys, "climb", "basic:order=3,call=6", "--rules", "three-handed",
                     "--deals", "4000", "--rounds", "2", "--no-progress")
    assert rc == 0, out
    # from a far too eager order-up threshold the first round steps up to 4
    assert "round 1: from basic:call=6,order=4" in out
    out_dir = tmp_path / "st"
    rc, out, _ = run(capsys, "stability", "basic", "--rules", "three-handed", "--deals", "3000",
                     "--out", str(out_dir), "--no-progress")
    assert rc == 0 and "Stability of basic at three-handed" in out
    steps = pd.read_csv(out_dir / "steps.csv")
    assert sorted(steps["param"].unique()) == ["call", "order"] and len(steps) == 4
    rc, _, err = run(capsys, "climb", "basic", "--rules", "three-handed", "--params", "stay",
                     "--deals", "100")
    assert rc == 2 and "does not use stay" in err


def test_a_climb_that_comes_back_reports_a_cycle(monkeypatch):
    """When the best step leads back to a strategy the climb left, it stops and says the
    table has no stable point (cut-throat tables can cycle)."""
    from euchre_sim.analysis import table_climb

    def fake_round(table, strategy, params, deals, seed, threads=None, bar=None, alpha=0.05):
        up = strategy.value("order", table) == 6  # 6 -> 7 -> 6 -> ...
        return [table_climb.Step("order", 7 if up else 6, 0.05, 0.01, True)]

    monkeypatch.setattr(table_climb, "stability_round", fake_round)
    result = table_climb.climb(get_table("three-handed"), table_strategy("basic:order=6"), 10, 1)
    assert not result.stable and len(result.rounds) == 2
    assert [s.name for s in result.cycle] == ["basic:order=6", "basic:order=7"]
    assert "goes round a cycle" in result.text() and "depends on who else sits" in result.text()


# ---- the bid chart of an auction table (analysis.bid_chart, ``chart bid``) ----


def test_eldest_estimates_are_the_reference_best_trump():
    """The kernel's estimate (``basic_estimates``) is the oracle's ``best_trump``."""
    from euchre_sim.analysis.bid_chart import eldest_estimates
    from euchre_sim.oracle.table_bid import best_trump

    for name in ("bid-euchre", "bid-euchre-six", "bid-euchre-eight"):
        table = get_table(name)
        recs = next(iter_table_deals(TableMatchup.of(table), 300, 5))
        hands = recs[:, TL.TF_HAND:TL.TF_HAND + table.seats].ravel().copy()
        trumps, ests = eldest_estimates(table, hands)
        want = [best_trump(table, int(h)) for h in hands]
        assert list(zip(trumps.tolist(), ests.tolist(), strict=True)) == want


def test_bid_chart_classes_and_basic_own_value():
    """Classes partition the deals; basic's own opening's value (read off the forced columns)
    is exactly the unforced basic run's; forcing basic's own opening changes nothing."""
    from euchre_sim.analysis.bid_chart import FEW, basic_opening, bid_chart, levels_of
    from euchre_sim.strategies.table import TableStrategy

    table = get_table("bid-euchre")
    n = 3000
    chart = bid_chart(table, "basic", n, seed=4, threads=1)
    assert chart.levels == levels_of(table) == (0, 3, 4, 5, 6)
    classes = chart.table[chart.table["estimate"] != "all"]
    assert classes["deals"].sum() == n
    assert chart.table.iloc[-1]["estimate"] == "all"
    for r in classes.itertuples():
        values = {k: getattr(r, f"value_{k}") for k in ("pass", "bid3", "bid4", "bid5", "bid6")}
        if r.best != FEW:
            assert values[r.best.replace(" ", "")] == max(values.values())
            assert r.margin >= 0
    recs = next(iter_table_deals(TableMatchup.of(table), n, 4, threads=1))
    eldest = (recs[:, 1] + 1) % 4
    rows = np.arange(n)
    diff = recs[rows, TL.TF_POINTS + eldest] - recs[rows, TL.TF_POINTS + (eldest + 1) % 4]
    assert chart.overall["basic_value"] == pytest.approx(diff.mean(), abs=1e-12)
    basic = TableStrategy("basic")
    # bid-euchre's own defaults (bid 4, cap 6): pass below an estimate of 4, bid it up to 6
    assert [basic_opening(table, basic, e) for e in range(7)] == [0, 0, 0, 0, 4, 5, 6]


def test_chart_bid_writes_its_run_folder(capsys, tmp_path):
    from euchre_sim.charts import figure_from_run
    from euchre_sim.records.results import load

    out_dir = tmp_path / "bid"
    rc, out, err = run(capsys, "chart", "bid", "--rules", "bid-euchre-eight", "--deals", "400",
                       "--seed", "2", "--out", str(out_dir))
    assert rc == 0, err
    assert "best opening by estimate" in out
    assert {"bid_chart.csv", "bid_chart.txt", "bid_chart.json", "chart.png", "chart.svg",
            "meta.json"} <= {p.name for p in out_dir.iterdir()}
    meta = json.loads((out_dir / "meta.json").read_text())
    assert meta["kind"] == "chart bid" and meta["table"] == "bid-euchre-eight"
    assert meta["openings"] == ["pass", "bid 3", "bid 4", "bid 5", "bid 6"]
    assert meta["strategies"]["a"] == "basic" and meta["deals_per_opening"] == 400
    df = pd.read_csv(out_dir / "bid_chart.csv")
    assert df["deals"].iloc[-1] == 400
    assert figure_from_run(load(out_dir)) is not None


@pytest.mark.parametrize("argv, message", [
    (["bid", "--rules", "three-handed"], "the bid chart needs an auction table"),
    (["bid"], "chart bid is drawn at an auction table"),
    (["order-up", "--rules", "bid-euchre"], "chart order-up is drawn in the four-handed game"),
    (["bid", "--rules", "bid-euchre", "--strategy", "random"], "give a basic strategy"),
    (["bid", "--rules", "bid-euchre", "--strategy", "basic:force=3"], "sets force itself"),
])
def test_chart_bid_refuses_in_one_line(capsys, tmp_path, argv, message):
    out_dir = tmp_path / "bad"
    rc, _, err = run(capsys, "chart", *argv, "--deals", "10", "--out", str(out_dir))
    assert rc == 2 and message in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert not out_dir.exists()


def test_a_bid_chart_experiment(tmp_path):
    from euchre_sim.jobs.experiments import ExperimentError, command_args, load_experiment

    exp = tmp_path / "bid.toml"
    exp.write_text('kind = "chart"\nwhich = "bid"\nrules = "bid-euchre"\ndeals = 1000\n')
    config = load_experiment(exp)
    assert config["strategy"] is None
    argv = command_args(config, "OUT")
    assert argv[:4] == ["chart", "bid", "--rules", "bid-euchre"] and "--strategy" not in argv
    exp.write_text('kind = "chart"\nwhich = "bid"\nrules = "north-american"\n')
    with pytest.raises(ExperimentError, match="drawn at an auction table"):
        load_experiment(exp)
    exp.write_text('kind = "chart"\nwhich = "order-up"\nrules = "bid-euchre"\n')
    with pytest.raises(ExperimentError, match="four-handed game"):
        load_experiment(exp)
