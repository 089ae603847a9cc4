"""Charts as figures: every chart drawn again from a committed run folder (or a tiny synthetic
one) is a matplotlib Figure naming its table, with its toss-up and too-few-deals marks; the
save wrapper writes PNG and SVG; no pyplot state is touched."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from matplotlib.figure import Figure

from euchre_sim import charts
from euchre_sim.analysis.order_chart import FEW
from euchre_sim.records.results import ResultsError, load, table_of

RESULTS = Path(__file__).resolve().parents[1] / "results"


def texts(fig: Figure) -> str:
    """Every text of a figure: its suptitle and caption, the axes' titles and labels."""
    out = [t.get_text() for t in fig.texts]
    for ax in fig.axes:
        out += [ax.get_title(), ax.get_xlabel(), ax.get_ylabel()]
        out += [t.get_text() for t in ax.texts]
    return "\n".join(out)


# (run under results/, chart, panels with data, a text the figure's title holds)
COMMITTED = [
    ("value_of_next", "chart", 1, "Sweep of tuned against tuned"),
    ("equity_weights_games", "chart", 1, "Sweep of tuned against tuned"),  # a heat map
    ("match_equity", "chart", 2, "Match equity of tuned playing itself"),
    ("order_up_chart", "chart", 4, "(tuned at the table)"),
    ("go_alone_chart", "chart", 4, "(tuned at the table)"),
    ("deal_value_chart", "chart", 2, "(tuned playing itself)"),
    ("dealer_advantage", "chart", 1, "by the maker's seat"),
    ("dealer_advantage", "deal_value", 2, "(tuned playing itself)"),
    ("stick_the_dealer", "chart", 3, "tuned playing itself on the same"),
    ("tuned_stability", "chart", 1, "One step of each parameter of tuned"),
    ("table_bias", "chart", 1, "Option values under two tables"),
    ("bid_euchre_chart", "chart", 1, "the best opening bid of the eldest"),
]


@pytest.mark.parametrize("name, chart, panels, title", COMMITTED,
                         ids=[f"{n}-{c}" for n, c, _, _ in COMMITTED])
def test_figure_from_a_committed_run(name, chart, panels, title):
    run = load(name, root=RESULTS, decoded=False)
    fig = charts.figure_from_run(run, chart)
    assert isinstance(fig, Figure)
    assert len([ax for ax in fig.axes if ax.get_label() != "<colorbar>"]) == panels
    words = texts(fig)
    assert title in words
    caption = fig.texts[-1].get_text()  # the caption names the table and the run
    assert table_of(run) in caption and run.path.name in caption


def test_figure_functions_take_the_run_tables():
    """The figure functions read the tables ``load`` returns, as they are."""
    run = load("order_up_dealer", root=RESULTS, decoded=False)
    fig = charts.sweep_figure(run.sweep, "tuned", "tuned", caption="order_up_dealer by hand")
    (ax,) = fig.axes
    assert ax.get_title() == "Sweep of tuned against tuned"
    assert ax.get_xlabel() == "round1.threshold.dealer"
    assert fig.texts[-1].get_text() == "order_up_dealer by hand"
    eq = load("match_equity", root=RESULTS, decoded=False)
    fig = charts.equity_figure(eq.equity, table_of(eq))
    assert "first to 10" in fig.get_suptitle()
    assert [ax.get_title() for ax in fig.axes[:2]] == ["we deal", "they deal"]


def _classes() -> pd.DataFrame:
    """A tiny order chart: a class with a clear verdict, a toss-up, and one with too few
    deals (kept and marked, never dropped)."""
    row = {"seat": "eldest", "bowers": "both", "aces": 0, "deals": 500, "margin": 0.4,
           "alone_gain": 0.3, "alone_march_rate": 0.5}
    return pd.DataFrame([
        {**row, "trumps": 3, "best": "alone", "toss_up": False, "alone_toss_up": False},
        {**row, "trumps": 2, "best": "order up", "toss_up": True, "alone_toss_up": True},
        {**row, "trumps": 4, "best": FEW, "deals": 12, "toss_up": False,
         "alone_toss_up": False},
    ])


@pytest.mark.parametrize("draw", [charts.order_up_figure, charts.go_alone_figure])
def test_class_charts_mark_toss_ups_and_small_classes(draw):
    fig = draw(_classes(), "advanced", caption="synthetic")
    words = texts(fig)
    assert "(advanced at the table)" in words
    assert "n=12\ntoo few" in words
    assert "~" in words  # the toss-up's mark
    hatched = [p for ax in fig.axes for p in ax.patches if p.get_hatch() == "///"]
    assert len(hatched) == 1


def _tune_run(folder: Path) -> Path:
    """A synthetic tune run folder: twelve trials, two of them validated."""
    folder.mkdir()
    v = np.linspace(-0.05, 0.04, 12)
    pd.DataFrame({"trial": np.arange(12), "value": v, "ci95_high": v + 0.03,
                  "best_so_far": np.maximum.accumulate(v)}).to_parquet(
        folder / "trials.parquet")
    pd.DataFrame({"trial": [10, 11], "validation_value": [0.01, 0.02],
                  "validation_ci95_high": [0.03, 0.04], "chosen": [False, True]}).to_csv(
        folder / "validation.csv", index=False)
    strategy = {"name": "tuned", "spec": "tuned"}
    (folder / "meta.json").write_text(json.dumps({
        "kind": "tune", "ruleset": "north-american", "strategy": strategy,
        "field": {"name": "advanced", "spec": "advanced"}, "deals_per_trial": 1000,
        "seed": 3, "euchre_sim_version": "test"}))
    return folder


def test_tune_figure_from_a_synthetic_run_and_the_save_wrapper(tmp_path):
    run = load(_tune_run(tmp_path / "tune"))
    fig = charts.figure_from_run(run)
    (ax,) = fig.axes
    assert ax.get_title() == "Tuning tuned against advanced"
    assert fig.texts[-1].get_text().startswith("table: tuned against advanced; ")
    assert "1,000 deals per trial" in fig.texts[-1].get_text()
    paths = charts.save_figure(fig, tmp_path / "out")
    assert [p.name for p in paths] == ["out.png", "out.svg"]
    assert paths[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert b"<svg" in paths[1].read_bytes()[:1000]


def test_a_run_without_that_chart_is_one_line():
    run = load("equity_aware", root=RESULTS, decoded=False)  # a match: no chart
    with pytest.raises(ResultsError, match="has no chart 'chart'"):
        charts.figure_from_run(run)
    with pytest.raises(ResultsError, match="it has chart, deal_value"):
        charts.figure_from_run(load("dealer_advantage", root=RESULTS), "maker")


def test_table_of_and_the_run_files():
    assert table_of(load("equity_aware", root=RESULTS)) == "tuned"  # side A of a match
    assert table_of(load("table_bias", root=RESULTS)) == "tuned"  # table A
    run = load("stick_the_dealer", root=RESULTS)
    assert run.json("stick.json")["strategy"] == "tuned"
    assert run.text("stick.txt").strip()
    with pytest.raises(ResultsError, match="no readable 'nothing.json'"):
        run.json("nothing.json")


def test_charts_leave_pyplot_alone():
    """The figures are built with the object API: the module imports no pyplot, and a figure
    it builds is none of pyplot's (nothing to leak or close)."""
    import matplotlib.pyplot as plt

    for source in Path(charts.__file__).parent.glob("*.py"):
        assert "pyplot" not in source.read_text().split('"""', 2)[2], source.name
    before = plt.get_fignums()
    charts.maker_position_figure({"played": [4, 3, 2, 1], "made": [3, 2, 1, 1],
                                  "march": [1, 0, 0, 1]}, "x")
    assert plt.get_fignums() == before


def test_the_charts_of_a_fresh_simulate_run(tmp_path, capsys):
    """A games run written by the command: its two charts on disk, and the same two drawn
    again from its folder (the deal summary nested under ``deals`` in summary.json)."""
    from euchre_sim.cli import main as cli

    out = tmp_path / "g"
    assert cli.main(["simulate", "--games", "100", "--seed", "2", "--strategy", "random",
                     "--vs", "reference", "--out", str(out), "--no-progress"]) == 0
    capsys.readouterr()
    assert {"chart.png", "chart.svg", "deal_value.png", "deal_value.svg"} <= {
        p.name for p in out.iterdir()}
    run = load(out, decoded=False)
    assert run.meta["kind"] == "games"
    fig = charts.figure_from_run(run, "deal_value")
    assert "(random (seats 0, 2) against reference)" in fig.get_suptitle()
    (ax,) = charts.figure_from_run(run).axes
    assert len(ax.get_xticklabels()) == 4  # the maker's four seats
