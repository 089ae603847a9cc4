"""The jobs layer: every job runs from typed arguments (no argparse), experiment files map
straight to the same calls the command line makes, nothing below the command imports it, and
each kind of experiment leaves the same files as before the layer existed."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys

import pandas as pd
import pytest

from euchre_sim import jobs
from euchre_sim.cli import main as cli
from euchre_sim.engine.bench import BenchError
from euchre_sim.game.rules import Rules
from euchre_sim.jobs import Compute, Output, RuleChoice, SituationInput
from euchre_sim.jobs.experiments import command_args, load_experiment, run_experiment
from euchre_sim.records.results import ResultsError
from euchre_sim.strategies import StrategyError, get_strategy

QUIET = dict(echo=lambda *_: None)
POINTS = ('hand=JH,JD,AH,KH,AS up=9H seat=dealer bidding="pass pass pass"\n'
          'hand=JS,JC,AD,KD,QD up=KS seat=eldest bidding="pass pass pass pass"\n')
# one small experiment of each kind, and the files its run folder holds (as before the jobs
# layer: the same list)
EXPERIMENTS = {
    "simulate": ('kind = "simulate"\nstrategy = "basic"\ndeals = 300\nrules = "british"\n',
                 "chart.png chart.svg deal_value.csv deal_value.parquet deal_value.png "
                 "deal_value.svg deals.parquet meta.json summary.json summary.txt"),
    "simulate_games": ('kind = "simulate"\ngames = 5\n',
                       "chart.png chart.svg deal_value.csv deal_value.parquet deal_value.png "
                       "deal_value.svg deals.parquet games.parquet meta.json summary.json "
                       "summary.txt"),
    "match": ('kind = "match"\na = "advanced"\nb = "reference"\ndeals = 300\nseed = 4\n',
              "match.json match.txt meta.json"),
    "sweep": ('kind = "sweep"\nstrategy = "basic"\ndeals = 200\n[params]\n'
              '"round1.threshold.dealer" = "10:12:2"\n',
              "chart.png chart.svg meta.json sweep.csv sweep.parquet sweep.txt"),
    "equity": ('kind = "equity"\nstrategy = "basic"\ngames = 100\n',
               "chart.png chart.svg equity.csv equity.parquet equity.txt meta.json"),
    "analyze": ('kind = "analyze"\nhand = "JH JD AH KH AS"\nup = "9H"\nseat = "dealer"\n'
                'bidding = "pass pass pass"\ndeals = 100\ntable = ["basic"]\n',
                "analysis.csv analysis.parquet analysis.txt meta.json"),
    "tune": ('kind = "tune"\nstrategy = "basic"\nvs = "reference"\ndeals = 200\ntrials = 2\n'
             'validate_top = 1\n[params]\n"round1.threshold.dealer" = "10:12"\n',
             "best.toml chart.png chart.svg meta.json summary.txt trials.csv trials.parquet "
             "validation.csv"),
    "tune_games": ('kind = "tune"\nstrategy = "basic"\nvs = "self"\ngames = 4\ndeals = 100\n'
                   'trials = 2\nvalidate_top = 1\n[params]\n"play.*_void" = true\n',
                   "best.toml chart.png chart.svg meta.json summary.txt trials.csv "
                   "trials.parquet validation.csv"),
    "stability": ('kind = "stability"\nstrategy = "advanced"\ndeals = 200\n'
                  'params = ["round1.threshold.dealer"]\n',
                  "chart.png chart.svg meta.json stability.csv stability.parquet summary.txt"),
    "climb": ('kind = "climb"\nstrategy = "advanced"\ndeals = 200\nrounds = 1\n'
              'params = ["round1.threshold.dealer"]\n',
              "best.toml meta.json steps.csv steps.parquet summary.txt"),
    "bias": ('kind = "bias"\npoints = "{points}"\ntable = ["basic", "advanced"]\ndeals = 30\n',
             "chart.png chart.svg meta.json options.csv options.parquet points.csv "
             "points.parquet points.txt summary.json summary.txt"),
    "chart": ('kind = "chart"\nwhich = "stick-the-dealer"\nstrategy = "basic"\ndeals = 300\n',
              "chart.png chart.svg meta.json stick.json stick.txt"),
    "chart_order": ('kind = "chart"\nwhich = "order-up"\nstrategy = "basic"\ndeals = 300\n',
                    "chart.png chart.svg meta.json order_up.csv order_up.parquet"),
}
EXTRAS = {"command.txt", "config.json", "run.json", "manifest.json"}


def _experiment(tmp_path, name: str):
    points = tmp_path / "points.txt"
    points.write_text(POINTS)
    path = tmp_path / f"{name}.toml"
    path.write_text(EXPERIMENTS[name][0].replace("{points}", str(points)))
    return path


@pytest.mark.parametrize("name", list(EXPERIMENTS))
def test_each_kind_of_experiment_leaves_the_same_files(name, tmp_path, capsys):
    out = run_experiment(_experiment(tmp_path, name), tmp_path / "results")
    assert {p.name for p in out.iterdir()} == set(EXPERIMENTS[name][1].split()) | EXTRAS
    meta = json.loads((out / "meta.json").read_text())
    assert list(meta)[:3] == ["kind", "ruleset", "rules"] and "elapsed_s" in meta
    assert "euchre_sim_version" in meta and meta["seed"] == (4 if name == "match" else 1)


@pytest.mark.parametrize("name", list(EXPERIMENTS))
def test_an_experiment_makes_the_call_its_command_line_makes(name, tmp_path, monkeypatch):
    """``command.txt`` says what an experiment amounts to: parsing those words and running
    the file call the same job with the same arguments."""
    calls = []
    kind = load_experiment(_experiment(tmp_path, name))["kind"]
    signature = inspect.signature(getattr(jobs, kind))

    def record(*args, **kwargs):
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        calls.append(bound.arguments)

    monkeypatch.setattr(jobs, kind, record)
    out = run_experiment(_experiment(tmp_path, name), tmp_path / "r")
    argv = command_args(load_experiment(_experiment(tmp_path, name)), str(out))
    assert cli.main(argv) == 0
    assert len(calls) == 2 and calls[0] == calls[1]


def test_every_job_runs_from_typed_arguments(tmp_path, capsys):
    rules = RuleChoice("british", ("deck=24",))
    summary = jobs.simulate(rules, "basic", "reference", deals=500, seed=2, progress=False,
                            output=Output(str(tmp_path / "sim")), **QUIET)
    assert summary["deals"]["deals"] == 500
    meta = json.loads((tmp_path / "sim" / "meta.json").read_text())
    assert meta["ruleset"] == "british" and meta["rules"]["deck"] == 24
    assert "Trick 5" in jobs.show(7, 3, strategy=get_strategy("basic"), **QUIET)
    jobs.solve(["JH JD AH KH AS", "9C TC JC QC KC", "9S TS QS KS AC", "9D TD QD KD AD"], "H",
               0, 1, **QUIET)
    result = jobs.match("advanced", "reference", RuleChoice.of(Rules(), "standard"), deals=300,
                        progress=False, output=Output(str(tmp_path / "m")), **QUIET)
    assert json.loads((tmp_path / "m" / "meta.json").read_text())["ruleset"] == "standard"
    assert result.to_dict()
    jobs.sweep("basic", ["round1.threshold.dealer=10,12"], deals=200, progress=False, **QUIET)
    assert len(jobs.equity("basic", games=50, progress=False, **QUIET).frame())
    df = jobs.analyze(SituationInput(hand="JH JD AH KH AS", up="9H", seat="dealer",
                                     bidding="pass pass pass"), table="basic", deals=100,
                      **QUIET)
    assert set(df["table"]) == {"basic"}
    jobs.chart("stick-the-dealer", Output(str(tmp_path / "c")), "basic", deals=300,
               threads=1, **QUIET)
    assert (tmp_path / "c" / "stick.json").exists()
    jobs.tune("basic", ["round1.threshold.dealer=10:12"], "reference", deals=200, trials=2,
              validate_top=1, progress=False, **QUIET)
    jobs.stability("advanced", params=["round1.threshold.dealer"], deals=200, progress=False,
                   **QUIET)
    jobs.climb("advanced", params=["round1.threshold.dealer"], rounds=1, deals=200,
               progress=False, **QUIET)
    points = tmp_path / "points.txt"
    points.write_text(POINTS)
    jobs.bias(str(points), table="basic,advanced", deals=30, progress=False,
              compute=Compute(threads=1), **QUIET)
    made = jobs.make_points(8, str(tmp_path / "made.txt"), seed=9, **QUIET)
    assert "Made by: euchre-sim bias --make-points 8" in made.read_text()
    with pytest.raises(ResultsError, match="exists"):
        jobs.make_points(8, str(made), **QUIET)
    with pytest.raises(StrategyError):
        jobs.bench(strategies=("nobody",), **QUIET)
    with pytest.raises(BenchError):
        jobs.bench(cref="/nonexistent", **QUIET)
    assert "Traceback" not in capsys.readouterr().err


def test_a_job_refuses_an_existing_folder_before_any_work(tmp_path):
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "keep.txt").write_text("x")
    with pytest.raises(ResultsError, match="exists"):
        jobs.equity("basic", games=10**9, output=Output(str(tmp_path / "x")), **QUIET)


def test_the_experiment_extras_are_written_with_the_folder(tmp_path):
    extras = {"command.txt": "euchre-sim equity\n", "config.json": "{}\n"}
    jobs.equity("basic", games=50, progress=False, **QUIET,
                output=Output(str(tmp_path / "e"), extras=extras))
    assert (tmp_path / "e" / "command.txt").read_text() == "euchre-sim equity\n"
    assert len(pd.read_csv(tmp_path / "e" / "equity.csv"))


@pytest.mark.parametrize("module, forbidden", [
    ("euchre_sim.jobs.experiments", "euchre_sim.cli.main"),
    ("euchre_sim.jobs", "euchre_sim.cli.main"),
    ("euchre_sim.jobs", "euchre_sim.jobs.experiments"),
    ("euchre_sim.jobs.runner", "euchre_sim.jobs.experiments"),
    ("euchre_sim.jobs.runner", "euchre_sim.cli"),
    ("euchre_sim.records.results", "euchre_sim.jobs"),
])
def test_no_upward_import(module, forbidden):
    """The layers import one way: cli -> experiments -> jobs -> analysis, results, charts."""
    code = (f"import sys, {module}\n"
            f"print(sorted(m for m in sys.modules if m == {forbidden!r} "
            f"or m.startswith({forbidden!r} + '.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
