"""Files a user hands us are bounded before they are parsed (issue 41): size, nesting depth and
number length, each a one-line error and exit 2 from every reader, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from euchre_sim.cli.main import main
from euchre_sim.game.user_files import (
    MAX_DEPTH,
    MAX_DIGITS,
    UserFileError,
    check_nesting,
    load_json,
    read_text,
)
from euchre_sim.records.results import ResultsError, load

ROOT = Path(__file__).resolve().parents[1]
DEEP_JSON = "[" * 100_000 + "]" * 100_000
HUGE = "7" * 5_000


def _one_line_error(capsys, argv: list[str], needle: str) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert needle in err, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err


def test_the_limits_themselves(tmp_path):
    check_nesting("[" * MAX_DEPTH + "]" * MAX_DEPTH, "x")
    with pytest.raises(UserFileError, match="nested more than"):
        check_nesting("[" * (MAX_DEPTH + 1), "x")
    check_nesting("9" * MAX_DIGITS, "x")
    with pytest.raises(UserFileError, match="digits"):
        check_nesting("9" * (MAX_DIGITS + 1), "x")
    # inside a string, in a TOML comment, brackets and digits are text
    check_nesting('"' + "[" * 500 + HUGE + '"', "x")
    check_nesting("a = 1  # " + "[" * 500 + "\n", "x", toml=True)
    with pytest.raises(UserFileError, match="nested"):
        check_nesting("a = 1  # " + "[" * 500 + "\n", "x")  # JSON has no comments
    big = tmp_path / "big"
    big.write_text("x" * 11)
    assert read_text(big, "file", limit=11) == "x" * 11
    with pytest.raises(UserFileError, match="over"):
        read_text(big, "file", limit=10)
    with pytest.raises(UserFileError, match="not a regular file"):
        read_text(tmp_path, "file")
    with pytest.raises(UserFileError, match="not a regular file"):
        read_text("/dev/zero", "file")
    (tmp_path / "bin").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(UserFileError, match="UTF-8"):
        read_text(tmp_path / "bin", "file")
    (tmp_path / "ok.json").write_text('{"a": [1, 2.5, "x"]}')
    assert load_json(tmp_path / "ok.json", "file") == {"a": [1, 2.5, "x"]}


@pytest.mark.parametrize("text, needle", [(DEEP_JSON, "nested"), ('{"a": ' + HUGE + "}", "digits")])
def test_an_egn_file_too_deep_or_with_a_huge_number(tmp_path, capsys, text, needle):
    path = tmp_path / "g.egn"
    path.write_text(text)
    _one_line_error(capsys, ["show", "--egn", str(path)], needle)


def test_an_egn_file_that_is_a_device(capsys):
    _one_line_error(capsys, ["show", "--egn", "/dev/zero"], "not a regular file")


def test_an_egn_ruleset_flag_must_be_true_or_false(tmp_path, capsys):
    out = tmp_path / "d.egn"
    assert main(["export", "--deal", "0", "--out", str(out)]) == 0
    capsys.readouterr()
    doc = json.loads(out.read_text())
    for flag in ("farmers", "joker", "partners_best", "std"):
        bad = json.loads(json.dumps(doc))
        bad["metadata"].setdefault("ruleset", {})[flag] = "false"
        path = tmp_path / f"{flag}.egn"
        path.write_text(json.dumps(bad))
        _one_line_error(capsys, ["show", "--egn", str(path)], f"ruleset {flag}=\"false\"")


@pytest.mark.parametrize("body, needle", [
    ('kind = "match"\na = "tuned"\nb = "advanced"\ndeals = ' + HUGE + "\n", "digits"),
    ('kind = "match"\na = "tuned"\nb = "advanced"\nx = ' + "[" * 100_000 + "\n", "nested"),
])
def test_an_experiment_file_too_deep_or_with_a_huge_number(tmp_path, capsys, body, needle):
    path = tmp_path / "e.toml"
    path.write_text(body)
    _one_line_error(capsys, ["run", str(path)], needle)


@pytest.mark.parametrize("body, needle", [
    ('kind = "scripted"\nbased_on = "tuned"\n[round1.threshold]\ndealer = ' + HUGE + "\n",
     "digits"),
    ('kind = "scripted"\nx = ' + "{a = " * 100_000 + "\n", "nested"),
])
def test_a_strategy_file_too_deep_or_with_a_huge_number(tmp_path, capsys, body, needle):
    path = tmp_path / "s.toml"
    path.write_text(body)
    _one_line_error(capsys, ["match", str(path), "tuned", "--deals", "10"], needle)


def test_a_run_folder_whose_json_is_too_deep(tmp_path):
    import shutil
    run = tmp_path / "r"
    run.mkdir()
    (run / "meta.json").write_text(DEEP_JSON)
    with pytest.raises(ResultsError, match="no finished run"):  # was a RecursionError
        load(run)
    good = tmp_path / "good"
    shutil.copytree(ROOT / "results" / "pimc_vs_tuned" / "20261206-232315-seed1", good)
    (good / "deep.json").write_text(DEEP_JSON)
    with pytest.raises(ResultsError, match="nested"):
        load(good).json("deep.json")
    assert load(good).json("match.json")["boards"] == 4000


def _strict(text: str):
    def refuse(token):
        raise AssertionError(f"bare {token} in JSON")
    return json.loads(text, parse_constant=refuse)


def test_json_we_write_is_rfc_8259_a_rate_without_cases_is_null(tmp_path):
    import numpy as np

    from euchre_sim.records.results import strict_json
    assert _strict(strict_json({"a": float("nan"), "b": [np.float64("inf"), 1.5],
                                "c": np.array([np.nan, 2.0])})) == {
        "a": None, "b": [None, 1.5], "c": [None, 2.0]}
    out = tmp_path / "run"
    assert main(["simulate", "--deals", "1", "--no-progress", "--out", str(out)]) == 0
    for name in ("summary.json", "meta.json"):
        _strict((out / name).read_text())
