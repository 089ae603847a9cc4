"""Nothing deleted that we did not write (issue 41): ``--overwrite`` replaces only a folder whose
every file its manifest lists unchanged; a folder that appears or changes while a run goes is
left alone; two runs cannot both claim one folder; a failed final rename leaves nothing that
looks complete."""

from __future__ import annotations

import json
import os

import pytest

from euchre_sim.cli.main import main
from euchre_sim.records import results as results_module
from euchre_sim.records.claims import MANIFEST, is_busy, not_ours
from euchre_sim.records.results import ResultsError, RunWriter


def _write(out, overwrite: bool = False, text: str = "one") -> None:
    with RunWriter(out, overwrite=overwrite) as w:
        w.write_text("summary.txt", text)
        w.write_json("meta.json", {"euchre_sim_version": "test"})


def _simulate(out, *more: str) -> int:
    return main(["simulate", "--deals", "200", "--seed", "3", "--no-progress", "--out", str(out),
                 *more])


def test_overwrite_replaces_a_folder_of_ours(tmp_path, capsys):
    out = tmp_path / "run"
    assert _simulate(out) == 0
    manifest = json.loads((out / MANIFEST).read_text())
    assert {"meta.json", "summary.json", "deals.parquet"} <= set(manifest["files"])
    assert not_ours(out) is None
    assert _simulate(out, "--overwrite") == 0
    assert (out / "meta.json").is_file()


def test_a_hand_made_folder_with_our_meta_is_never_replaced(tmp_path, capsys):
    out = tmp_path / "thesis"
    out.mkdir()
    (out / "meta.json").write_text(json.dumps({"euchre_sim_version": "0.1"}))
    (out / "thesis.tex").write_text("three years of work")
    assert _simulate(out, "--overwrite") == 2
    err = capsys.readouterr().err.strip()
    assert "no manifest.json" in err and len(err.splitlines()) == 1
    assert (out / "thesis.tex").read_text() == "three years of work"


@pytest.mark.parametrize("change", ["add", "edit", "folder"])
def test_a_folder_of_ours_with_a_users_file_in_it_is_not_replaced(tmp_path, change):
    out = tmp_path / "run"
    _write(out)
    if change == "add":
        (out / "notes.txt").write_text("mine")
    elif change == "edit":
        (out / "summary.txt").write_text("edited by hand")
    else:
        (out / "drafts").mkdir()
    with pytest.raises(ResultsError, match="no run of ours wrote or that were changed"):
        _write(out, overwrite=True, text="two")
    assert (out / "summary.txt").read_text() in ("one", "edited by hand")


def test_a_folder_that_appears_while_a_run_goes_is_left_alone(tmp_path):
    out = tmp_path / "run"
    writer = RunWriter(out)
    with pytest.raises(ResultsError, match="appeared while this run was going") as info:
        with writer as w:
            w.write_text("summary.txt", "ours")
            out.mkdir()
            (out / "theirs.txt").write_text("theirs")
    assert (out / "theirs.txt").read_text() == "theirs" and len(list(out.iterdir())) == 1
    kept = tmp_path / f"run.run-{os.getpid()}"
    assert str(kept) in str(info.value) and (kept / "summary.txt").read_text() == "ours"


def test_a_folder_of_ours_changed_while_a_run_goes_is_left_alone(tmp_path):
    out = tmp_path / "run"
    _write(out)
    with pytest.raises(ResultsError, match="changed since"):
        with RunWriter(out, overwrite=True) as w:
            w.write_text("summary.txt", "two")
            (out / "added.txt").write_text("a user's file, added meanwhile")
    assert (out / "added.txt").is_file() and (out / "summary.txt").read_text() == "one"


def test_two_runs_cannot_claim_one_folder(tmp_path):
    out = tmp_path / "run"
    first = RunWriter(out)
    assert is_busy(out)
    with pytest.raises(ResultsError, match="another run is writing"):
        RunWriter(out)
    with first as w:
        w.write_text("summary.txt", "first")
    assert not is_busy(out)  # released when the run is done
    with pytest.raises(ResultsError, match="exists: use --overwrite"):
        RunWriter(out)  # and the second, later, does not replace the first's result


def test_a_failed_final_rename_leaves_nothing_that_looks_complete(tmp_path, monkeypatch):
    out = tmp_path / "run"

    def refuse(src, dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(results_module.os, "replace", refuse)
    with pytest.raises(ResultsError, match="Permission denied; nothing was written"):
        _write(out)
    assert list(tmp_path.iterdir()) == []  # no hidden partial either


def test_an_output_under_a_file_fails_before_the_work(tmp_path, capsys):
    (tmp_path / "file").write_text("x")
    assert _simulate(tmp_path / "file" / "run") == 2
    assert "is not a folder" in capsys.readouterr().err


def test_two_experiment_runs_in_one_second_get_two_folders(tmp_path, monkeypatch):
    from euchre_sim.jobs import experiments

    path = tmp_path / "twice.toml"
    path.write_text('kind = "simulate"\ndescription = "twice"\ndeals = 200\nseed = 5\n')
    monkeypatch.setattr(experiments.time, "strftime", lambda fmt, *a: "20260101-000000"
                        if fmt == "%Y%m%d-%H%M%S" else "2026-01-01T00:00:00+0000")
    first = experiments.run_experiment(path, tmp_path / "results")
    second = experiments.run_experiment(path, tmp_path / "results")
    assert first.name == "20260101-000000-seed5" and second.name == "20260101-000000-seed5-2"
    assert (first / "meta.json").is_file() and (second / "meta.json").is_file()


def test_a_hanging_git_costs_the_mark_not_the_run(monkeypatch):
    """git_commit runs git with a time limit; a ``git status`` that times out leaves the
    commit marked unknown instead of failing the run that is being written."""
    import subprocess

    real = subprocess.run
    calls = []

    def slow_status(cmd, *args, **kwargs):
        calls.append(cmd)
        if cmd[:2] == ["git", "status"]:
            raise subprocess.TimeoutExpired(cmd, kwargs.get("timeout"))
        return real(cmd, *args, **kwargs)

    monkeypatch.setattr(results_module.subprocess, "run", slow_status)
    mark = results_module.git_commit()
    assert ["git", "status", "--porcelain", "--untracked-files=no"] in calls  # a checkout
    assert mark is not None and mark.endswith("-unknown")
