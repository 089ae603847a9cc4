"""Experiment files: validation, every kind run end to end, the shipped files parse."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from euchre_sim.cli import main as cli
from euchre_sim.jobs.experiments import ExperimentError, command_args, load_experiment

ROOT = Path(__file__).resolve().parents[1]

SMALL = {
    "simulate": 'kind = "simulate"\nstrategy = "basic"\nvs = "reference"\ndeals = 3000\n'
                'rules = "british"\n[set]\nsuper_euchre = true\n',
    "match": 'kind = "match"\na = "advanced"\nb = "reference"\ndeals = 3000\nseed = 4\n',
    "sweep": 'kind = "sweep"\nstrategy = "basic"\ndeals = 2000\n[params]\n'
             '"round1.threshold.dealer" = "10:12:1"\n',
    "equity": 'kind = "equity"\nstrategy = "basic"\ngames = 2000\n',
    "analyze": 'kind = "analyze"\nhand = "JH JD AH KH AS"\nup = "9H"\nseat = "dealer"\n'
               'bidding = "pass pass pass"\ndeals = 1000\ntable = ["advanced", "basic"]\n',
    "tune": 'kind = "tune"\nstrategy = "basic"\nvs = "reference"\ndeals = 2000\ntrials = 3\n'
            'validate_top = 2\n[params]\n"round1.threshold.dealer" = "10:12"\n'
            '"play.fishing" = "0:1"\n',
    "stability": 'kind = "stability"\nstrategy = "advanced"\ndeals = 2000\n'
                 'params = ["round1.threshold.dealer", "play.*_void"]\n',
    "climb": 'kind = "climb"\nstrategy = "advanced:round1.threshold.dealer=20"\ndeals = 3000\n'
             'rounds = 1\nparams = ["round1.threshold.dealer"]\n',
    "bias": 'kind = "bias"\npoints = "{points}"\ntable = ["tuned", "advanced"]\ndeals = 200\n',
    "chart": 'kind = "chart"\nwhich = "stick-the-dealer"\nstrategy = "basic"\ndeals = 3000\n',
    "exploit": 'kind = "exploit"\ntable = "basic"\nseat = "dealer"\ndeals = 4\n'
               'search_deals = 200\n',
}
BIAS_POINTS = ('hand=JH,JD,AH,KH,AS up=9H seat=dealer bidding="pass pass pass"\n'
               'hand=JS,JC,AD,KD,QD up=KS seat=eldest bidding="pass pass pass pass"\n')
OUTPUTS = {"simulate": "summary.txt", "match": "match.txt", "sweep": "sweep.csv",
           "equity": "equity.csv", "analyze": "analysis.csv", "tune": "best.toml",
           "stability": "stability.csv", "climb": "best.toml", "bias": "options.csv",
           "chart": "stick.json", "exploit": "summary.json"}


@pytest.mark.parametrize("kind", list(SMALL))
def test_every_kind_runs_into_a_complete_result_folder(kind, tmp_path, capsys):
    path = tmp_path / f"small_{kind}.toml"
    points = tmp_path / "points.txt"
    points.write_text(BIAS_POINTS)
    path.write_text(SMALL[kind].replace("{points}", str(points)))
    rc = cli.main(["run", str(path), "--results", str(tmp_path / "results")])
    assert rc == 0, capsys.readouterr().err
    runs = list((tmp_path / "results" / f"small_{kind}").iterdir())
    assert len(runs) == 1
    run = runs[0]
    names = {p.name for p in run.iterdir()}
    assert {"config.json", "command.txt", "meta.json", "run.json", OUTPUTS[kind]} <= names
    config = json.loads((run / "config.json").read_text())
    assert config["kind"] == kind and config["name"] == f"small_{kind}"
    assert f"euchre-sim {kind}" in (run / "command.txt").read_text()
    meta = json.loads((run / "meta.json").read_text())
    assert "git_commit" in meta and "created" in meta
    if kind == "simulate":
        assert meta["rules"]["super_euchre"] is True and meta["rules"]["deck"] == 25
        assert {"deal_value.csv", "deal_value.png", "deal_value.svg"} <= names
    if kind == "chart":
        command = (run / "command.txt").read_text()
        assert "euchre-sim chart stick-the-dealer" in command
        assert "--strategy basic --deals 3000" in command
        assert {"chart.png", "chart.svg"} <= names and meta["strategy"]["name"] == "basic"
    if kind == "analyze":  # a list of tables: each answers, and the results name them all
        assert "--table advanced,basic" in (run / "command.txt").read_text()
        assert [t["name"] for t in meta["tables"]] == ["advanced", "basic"]
    if kind == "bias":  # two tables, each named in the results
        assert "--table tuned,advanced" in (run / "command.txt").read_text()
        assert meta["table_a"]["name"] == "tuned" and meta["table_b"]["name"] == "advanced"


@pytest.mark.parametrize("text,needle", [
    ('kind = "simulate"\nstrategy = "basic"\ndeels = 10\n', "unknown key(s) deels"),
    ('kind = "dance"\n', "kind must be one of"),
    ('strategy = "basic"\n', "kind must be one of"),
    ('kind = "match"\na = "basic"\n', "needs 'b'"),
    ('kind = "sweep"\nstrategy = "basic"\nparams = 3\n', "[params] must map"),
    ('kind = "simulate"\nset = 3\n', "[set] must be a table"),
    ('kind = "simulate"\nrules = ""\n', "rules must name a ruleset (north-american, "),
    ('kind = "simulate"\nrules = "brit"\n', "got 'brit'"),
    ('kind = "simulate"\nrules = 3\n', "rules must name a ruleset"),
    ('kind = "tune"\nstrategy = "basic"\n[params]\na = "1:2"\n', "needs 'vs'"),
    ('kind = "tune"\nstrategy = "basic"\nvs = "self"\nparams = 3\n', "[params] must map"),
    ('kind = "stability"\nstrategy = "basic"\nparams = "play.*"\n', "must be a list"),
    ('kind = "simulate"\n[[broken', "malformed"),
    ('kind = "chart"\nwhich = "pie"\n', "which must be one of"),
    ('kind = "chart"\n', "needs 'which'"),
    ('kind = "analyze"\nhand = "JH JD AH KH AS"\nup = "9H"\nseat = "dealer"\ntable = 3\n',
     "table must be a strategy or a list"),
    ('kind = "analyze"\nhand = "JH JD AH KH AS"\nup = "9H"\nseat = "dealer"\ntable = []\n',
     "table must be a strategy or a list"),
    ('kind = "bias"\ntable = ["tuned", "pimc"]\n', "needs 'points'"),
    ('kind = "bias"\npoints = "p.txt"\ntable = 3\n', "table must be a strategy or a list"),
    ('kind = ["simulate"]\n', "kind must be one of"),
    ('kind = "simulate"\ngames = 0\n', "games must be a positive integer, got 0"),
    ('kind = "simulate"\nthreads = 0\n', "threads must be a positive integer, got 0"),
    ('kind = "simulate"\ndeals = 1.5\n', "deals must be a positive integer, got 1.5"),
    ('kind = "climb"\nstrategy = "basic"\nrounds = true\n', "rounds must be a positive"),
    ('kind = "exploit"\nsearch_deals = 0\n', "search_deals must be a positive integer"),
])
def test_bad_experiment_files(text, needle, tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(ExperimentError) as exc:
        load_experiment(path)
    assert needle in str(exc.value) and "\n" not in str(exc.value)


def test_experiment_names_never_leave_the_results_folder_and_pipes_never_block(tmp_path):
    """The file's stem names results/NAME/: '...toml' or '..toml' would climb out of
    --results, so such names are refused; a named pipe (or a folder) is not read."""
    for name in ("...toml", "..toml", ".hidden.toml"):
        path = tmp_path / name
        path.write_text('kind = "simulate"\nstrategy = "basic"\ndeals = 10\n')
        with pytest.raises(ExperimentError, match="plain name"):
            load_experiment(path)
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    for path in (fifo, tmp_path):
        with pytest.raises(ExperimentError, match="not a regular file"):
            load_experiment(path)


def test_bad_values_inside_a_valid_file_are_one_line_errors(tmp_path, capsys):
    path = tmp_path / "x.toml"
    path.write_text('kind = "simulate"\nstrategy = "basic"\ndeals = 10\n[set]\ndeck = 7\n')
    rc = cli.main(["run", str(path), "--results", str(tmp_path / "r")])
    err = capsys.readouterr().err
    assert rc == 2 and "allowed are" in err and err.count("\n") == 1
    assert not (tmp_path / "r").exists() or not any((tmp_path / "r").rglob("meta.json"))
    rc = cli.main(["run", str(tmp_path / "missing.toml")])
    assert rc == 2 and "not found" in capsys.readouterr().err


def test_shipped_experiments_are_valid():
    files = sorted((ROOT / "experiments").glob("*.toml"))
    assert len(files) >= 10
    parser = cli.build_parser()
    for f in files:
        config = load_experiment(f)
        assert config["description"]
        parser.parse_args(command_args(config, "/tmp/unused"))


def test_an_analyze_experiment_without_a_table_gets_the_default_and_its_check(tmp_path):
    path = tmp_path / "q.toml"
    path.write_text('kind = "analyze"\nhand = "JH JD AH KH AS"\nup = "9H"\nseat = "dealer"\n'
                    'check_deals = 200\n')
    argv = command_args(load_experiment(path), "/tmp/unused")
    assert "--table" not in argv and argv[argv.index("--check-deals") + 1] == "200"
    cli.build_parser().parse_args(argv)
