"""The euchre-sim command: outputs, provenance, and one-line errors for bad input."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pandas as pd
import pytest

from euchre_sim.cli import main as cli
from euchre_sim.jobs import runner


def run(capsys, *argv):
    try:
        rc = cli.main(list(argv))
    except SystemExit as stop:  # an argument's own error, as argparse reports it
        rc = stop.code
    out, err = capsys.readouterr()
    return rc, out, err


def test_rules_and_strategies(capsys):
    rc, out, _ = run(capsys, "rules")
    assert rc == 0 and "british" in out and "partners_best" in out
    rc, out, _ = run(capsys, "strategies")
    assert rc == 0 and "bid_threshold" in out


def test_simulate_summary(capsys):
    rc, out, _ = run(capsys, "simulate", "--strategy", "reference", "--deals", "20000",
                     "--seed", "5", "--no-progress")
    assert rc == 0
    assert "points per deal" in out and "makers euchred" in out and "±" in out


def test_simulate_writes_a_complete_run_folder(capsys, tmp_path):
    out_dir = tmp_path / "run"
    rc, out, _ = run(capsys, "simulate", "--rules", "british", "--strategy", "random",
                     "--vs", "reference", "--deals", "5000", "--seed", "9",
                     "--out", str(out_dir), "--no-progress")
    assert rc == 0
    names = {p.name for p in out_dir.iterdir()}
    assert {"deals.parquet", "meta.json", "summary.json", "summary.txt", "chart.png",
            "chart.svg"} <= names
    meta = json.loads((out_dir / "meta.json").read_text())
    assert meta["seed"] == 9 and meta["ruleset"] == "british" and meta["deals"] == 5000
    assert meta["rules"]["deck"] == 25
    assert meta["strategies"]["team1"]["name"] == "reference"
    assert meta["strategies"]["team1"]["params"]["bid_threshold"] == 12
    assert "git_commit" in meta and "euchre_sim_version" in meta and "rules_version" in meta
    df = pd.read_parquet(out_dir / "deals.parquet")
    assert len(df) == 5000 and df["deal"].tolist() == list(range(5000))
    # an existing folder is never clobbered without --overwrite
    rc, _, err = run(capsys, "simulate", "--deals", "10", "--seed", "1", "--out", str(out_dir))
    assert rc == 2 and "exists" in err and err.count("\n") == 1
    assert len(pd.read_parquet(out_dir / "deals.parquet")) == 5000


def test_overwrite_replaces_only_a_results_folder_of_ours(capsys, tmp_path, monkeypatch):
    """--overwrite never deletes what this tool did not write: a folder without our meta.json
    (or a plain file) is refused with one line and left as it was; our own run is replaced;
    '.' and '..' are folders like any other, never a traceback."""
    thesis = tmp_path / "d" / "thesis.txt"
    thesis.parent.mkdir()
    thesis.write_text("x")
    for target in (thesis.parent, thesis):
        rc, _, err = run(capsys, "simulate", "--deals", "10", "--seed", "1", "--out",
                         str(target), "--overwrite", "--no-progress")
        assert rc == 2 and "replaces only a run folder of ours" in err and err.count("\n") == 1
        assert thesis.read_text() == "x"
    ours = tmp_path / "ours"
    for deals in ("10", "20"):
        rc, _, _ = run(capsys, "simulate", "--deals", deals, "--seed", "1", "--out", str(ours),
                       "--overwrite", "--no-progress")
        assert rc == 0
    assert len(pd.read_parquet(ours / "deals.parquet")) == 20
    monkeypatch.chdir(thesis.parent)
    for out in (".", ".."):
        rc, _, err = run(capsys, "simulate", "--deals", "10", "--seed", "1", "--out", out,
                         "--no-progress")
        assert rc == 2 and "exists" in err and err.count("\n") == 1
    assert sorted(p.name for p in thesis.parent.iterdir()) == ["thesis.txt"]


@pytest.mark.parametrize("length", [240, 300])
def test_an_output_name_too_long_is_one_line(capsys, tmp_path, length):
    """A name the file system refuses (with or without our '.NAME.partial-...' sibling)."""
    rc, _, err = run(capsys, "simulate", "--deals", "10", "--seed", "1", "--out",
                     str(tmp_path / ("a" * length)), "--no-progress")
    assert rc == 2 and "too long" in err and err.count("\n") == 1 and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_simulate_games(capsys, tmp_path):
    rc, out, _ = run(capsys, "simulate", "--games", "300", "--seed", "2", "--strategy",
                     "random", "--vs", "reference", "--out", str(tmp_path / "g"),
                     "--no-progress")
    assert rc == 0 and "Wilson" in out
    games = pd.read_parquet(tmp_path / "g" / "games.parquet")
    deals = pd.read_parquet(tmp_path / "g" / "deals.parquet")
    assert len(games) == 300 and games["deals"].sum() == len(deals)


def test_show_prints_a_deal(capsys):
    rc, out, _ = run(capsys, "show", "--seed", "7", "--deal", "3")
    assert rc == 0 and "Trick 5" in out and "Dealer:" in out


def test_show_names_seats_from_the_dealers_left(capsys):
    """Seats carry the analyser's names (eldest, partner, third, dealer) and their numbers,
    the hands in bidding order, each trick card under its player's initial."""
    rc, out, _ = run(capsys, "show", "--seed", "7", "--deal", "3")
    assert rc == 0
    dealer = int(re.search(r"Dealer: seat (\d)", out).group(1))
    hands = [line.split()[0:2] for line in out.splitlines() if line.startswith("  ")]
    assert hands == [[name, f"({(dealer + k) & 3})"]
                     for k, name in enumerate(("eldest", "partner", "third", "dealer"), 1)]
    tricks = [line for line in out.splitlines() if line.startswith("Trick ")]
    assert len(tricks) == 5
    for line in tricks:
        initials = re.findall(r"\b([EPTD]):", line)
        assert len(initials) == 4 and len(set(initials)) == 4  # nobody sits out in this deal
    assert "North" not in out and "West" not in out


@pytest.mark.parametrize("argv,needle", [
    (["simulate", "--set", "decks=25", "--deals", "10", "--seed", "1"], "unknown rule option"),
    (["simulate", "--set", "deck=26", "--deals", "10", "--seed", "1"], "allowed are"),
    (["simulate", "--rules", "klondike", "--deals", "10", "--seed", "1"], "unknown ruleset"),
    (["simulate", "--strategy", "genius", "--deals", "10", "--seed", "1"], "unknown strategy"),
    (["simulate", "--strategy", "reference:wild=1", "--deals", "10", "--seed", "1"],
     "unknown parameter"),
    (["simulate", "--threads", "999", "--deals", "10", "--seed", "1"], "threads must be"),
    (["simulate", "--deals", "10", "--seed", "1", "--no-records"], "give --out DIR"),
])
def test_bad_input_is_a_one_line_error(capsys, argv, needle):
    rc, _, err = run(capsys, *argv)
    assert rc == 2
    assert needle in err and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("argv", [
    ["simulate", "--deals", "0"],
    ["simulate", "--deals", "many"],
    ["simulate", "--seed", "-1"],
    ["show", "--seed", "1", "--deal", "-3"],
    ["show", "--seed", "1", "--deal", "9223372036854775808"],  # once shown as deal 0
    ["simulate", "--deals", "100000000000000000000"],
    ["simulate", "--deals", "10", "--out", ""],  # once wrote nothing and exited 0
    ["match", "advanced", "basic", "--precision", "nan"],
    ["bench", "--seconds", "-1"],
    ["bench", "--seconds", "inf"],
    ["run", "experiments/demo.toml", "--results", ""],
    ["simulate", "--deals", "10", "--scheduler", "notaurl"],  # once a Dask traceback
    ["simulate", "--deals", "10", "--scheduler", ""],  # once ignored
])
def test_bad_numbers_exit_nonzero(capsys, argv):
    with pytest.raises(SystemExit) as exc:
        cli.main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "error:" in err


def test_interrupted_run_leaves_nothing_that_looks_complete(capsys, tmp_path, monkeypatch):
    real = runner.iter_deal_chunks
    chunks = []

    def interrupted(*args, **kwargs):
        for chunk in real(*args, **kwargs):
            chunks.append(1)
            if len(chunks) == 2:  # Ctrl-C in the middle of the run
                raise KeyboardInterrupt
            yield chunk

    monkeypatch.setattr(runner, "iter_deal_chunks", interrupted)
    out_dir = tmp_path / "run"
    rc, _, err = run(capsys, "simulate", "--deals", str(3 * (1 << 18)), "--seed", "1",
                     "--out", str(out_dir), "--no-progress")
    assert rc == 130 and "interrupted" in err
    assert not out_dir.exists()
    assert list(tmp_path.iterdir()) == []


def test_console_script_help():
    out = subprocess.run([sys.executable, "-m", "euchre_sim.cli.main", "--help"],
                         capture_output=True, text=True)
    assert out.returncode == 0 and "simulate" in out.stdout and "examples" in out.stdout


def test_match_command(capsys, tmp_path):
    rc, out, _ = run(capsys, "match", "advanced", "reference", "--deals", "20000", "--seed", "3",
                     "--out", str(tmp_path / "m"), "--no-progress")
    assert rc == 0 and "A minus B" in out and "95 % interval" in out
    data = json.loads((tmp_path / "m" / "match.json").read_text())
    lo, hi = data["points_per_deal_a_minus_b"]["ci95"]
    assert lo > 0  # advanced beats the script
    meta = json.loads((tmp_path / "m" / "meta.json").read_text())
    assert meta["a"]["name"] == "advanced" and meta["seed"] == 3
    rc, out, _ = run(capsys, "match", "basic", "random", "--games", "200", "--no-progress")
    assert rc == 0 and "Wilson" in out


@pytest.mark.parametrize("argv,needle", [
    (["match", "advanced", "nobody", "--deals", "10"], "unknown strategy"),
    (["match", "advanced", "basic:play.magic=1", "--deals", "10"], "unknown parameter"),
    (["match", "advanced", "basic", "--set", "deck=7", "--deals", "10"], "allowed are"),
    (["bench", "--strategies", "reference,nobody"], "unknown strategy"),
    (["bench", "--strategies", ","], "names no strategy"),  # found by test_fuzz_commands
    (["bench", "--cref", "/nonexistent", "--seconds", "0.1"], "cref-rate not found"),
    # issue 41: an empty name is a mistake, not the default; an option that would do nothing
    (["simulate", "--strategy", "", "--deals", "10"], "the strategy is empty"),
    (["simulate", "--vs", " ", "--deals", "10"], "the strategy is empty"),
    (["match", "", "tuned", "--deals", "10"], "the strategy is empty"),
    (["play", "--partner", ""], "the strategy is empty"),
    (["export", "--deal", "0", "--out", ""], "the file name is empty"),
    (["simulate", "--set", "chuck=true", "--set", "stick_the_dealer=false", "--deals", "10"],
     "chuck=true does nothing without stick_the_dealer=true"),
    (["match", "tuned", "basic", "--set", "mcevoy_limit=true", "--deals", "10"],
     "mcevoy_limit=true does nothing without redeal=nines_and_tens"),
    (["simulate", "--rules", "six-handed", "--cluster", "local:2", "--deals", "10"],
     "the other tables play in this process only"),
    # a path with a newline or a terminal escape would be echoed raw
    (["simulate", "--deals", "10", "--out", "a\nb"], "holds a control character"),
    (["export", "--deal", "0", "--out", "x\x1b[31m"], "holds a control character"),
    (["play", "--save", ""], "the file name is empty"),
    # a number of 5,000 digits: past Python's int() limit, and echoed at its length only
    (["solve", "--hands", "JH JD AH KH AS", "9C TC JC QC KC", "9S TS QS KS AC",
      "9D TD QD KD AD", "--trump", "H", "--maker", "1" * 5000, "--leader", "1"],
     "(5,001 characters) seats are numbered 0..3"),
    (["analyze", "--hand", "JH JD AH KH AS", "--up", "9H", "--seat", "9" * 5000],
     "(5,003 characters) unknown seat"),
])
def test_match_and_bench_bad_input(capsys, argv, needle):
    rc, _, err = run(capsys, *argv)
    assert rc == 2 and needle in err and err.count("\n") == 1
    assert len(err) < 1000  # a huge value the user gave is not echoed whole


def test_killed_runs_leave_nothing_behind_on_the_next_run(capsys, tmp_path):
    """A run killed with SIGKILL leaves its .NAME.partial-PID-* folder; the next run into the
    same place removes it (the process is gone), never one of a run still going. A results
    folder follows the umask (mkdtemp alone makes it 0700)."""
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    stale = tmp_path / f".run.partial-{gone}-abc"
    live = tmp_path / f".run.partial-{os.getpid()}-def"
    for p in (stale, live):
        p.mkdir()
        (p / "deals.parquet").write_bytes(b"x")
    old = os.umask(0o022)
    try:
        rc, _, _ = run(capsys, "simulate", "--deals", "10", "--seed", "1", "--out",
                       str(tmp_path / "run"), "--no-progress")
    finally:
        os.umask(old)
    assert rc == 0 and not stale.exists() and live.exists()
    assert (tmp_path / "run").stat().st_mode & 0o777 == 0o755


def test_sigterm_is_handled_like_ctrl_c(tmp_path):
    """`kill` (SIGTERM) in the middle of a run: exit 130, the temporary folder removed,
    nothing that looks complete."""
    import signal
    import time

    out = tmp_path / "big"
    proc = subprocess.Popen([sys.executable, "-m", "euchre_sim", "simulate", "--deals",
                             "2000000000", "--seed", "1", "--out", str(out), "--no-progress"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 120
    while not list(tmp_path.glob(".big.partial-*")) and time.time() < deadline:
        time.sleep(0.2)
    assert list(tmp_path.glob(".big.partial-*")), "the run never started"
    time.sleep(1.0)
    proc.send_signal(signal.SIGTERM)
    err = proc.communicate(timeout=120)[1]
    assert proc.returncode == 130 and "interrupted" in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_an_unfinished_run_leaves_no_folder_it_made(tmp_path):
    """An error or Ctrl-C inside a run removes the folders the run made above its own (an
    experiment's results/NAME/), never one that was there or that another run filled."""
    from euchre_sim.records.results import RunWriter

    for stop in (KeyboardInterrupt, RuntimeError):
        with pytest.raises(stop):
            with RunWriter(tmp_path / "R" / "NAME" / "run1") as w:
                w.write_text("a.txt", "x")
                raise stop
        assert list(tmp_path.iterdir()) == []
    (tmp_path / "R").mkdir()
    with pytest.raises(KeyboardInterrupt):
        with RunWriter(tmp_path / "R" / "NAME" / "run1"):
            (tmp_path / "R" / "NAME" / "other").mkdir()  # another run, meanwhile
            raise KeyboardInterrupt
    assert sorted(p.name for p in (tmp_path / "R" / "NAME").iterdir()) == ["other"]


SOLVE_HANDS = ["JH JD AH KH AS", "9C TC QC KC AC", "9D TD QD KD AD", "9S TS QS KS 9H"]


def test_solve_reads_places_from_the_dealers_left(capsys):
    """With --dealer 3 the eldest is seat 0: the same position as --maker 0 --leader 0; with
    the dealer in seat 1 the eldest is seat 2 (the same team, another leader)."""
    base = ["solve", "--hands", *SOLVE_HANDS, "--trump", "H"]
    rc, by_number, _ = run(capsys, *base, "--maker", "0", "--leader", "0")
    rc2, by_place, _ = run(capsys, *base, "--maker", "first", "--leader", "eldest",
                           "--dealer", "3")
    assert rc == rc2 == 0 and by_place == by_number and "seat 0 (makers) plays" in by_place
    rc, out, _ = run(capsys, *base, "--maker", "0", "--leader", "eldest", "--dealer", "1")
    assert rc == 0 and "seat 2 (makers) plays" in out


@pytest.mark.parametrize("extra,needle", [
    (["--maker", "eldest", "--leader", "0"], "say which seat deals (--dealer N)"),
    (["--maker", "4", "--leader", "0"], "seats are numbered 0..3"),
    (["--maker", "north", "--leader", "0", "--dealer", "0"], "--maker 'north': unknown seat"),
])
def test_solve_seat_errors_are_one_line(capsys, extra, needle):
    rc, _, err = run(capsys, "solve", "--hands", *SOLVE_HANDS, "--trump", "H", *extra)
    assert rc == 2 and needle in err and err.count("\n") == 1
