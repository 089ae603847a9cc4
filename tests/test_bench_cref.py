"""The C yardstick as an outside program (issue 41): bounded in time, and a program the user
named that fails, hangs or prints garbage is an error, never "not found" with exit 0."""

from __future__ import annotations

import time

import pytest

from euchre_sim.cli.main import main
from euchre_sim.engine import bench
from euchre_sim.engine.bench import BenchError, cref_rate


def _script(tmp_path, body: str):
    path = tmp_path / "cref-rate"
    path.write_text(f"#!/usr/bin/env bash\n{body}\n")
    return path


def test_a_yardstick_that_prints_its_rate(tmp_path):
    assert cref_rate(_script(tmp_path, 'echo "deals_per_s=1234"'), 0.1, strict=True) == 1234.0


def test_a_yardstick_that_never_ends_is_stopped(tmp_path, monkeypatch):
    monkeypatch.setattr(bench, "CREF_MARGIN", 1.0)
    path = _script(tmp_path, "sleep 300 & sleep 300")  # a child of its own too
    started = time.monotonic()
    with pytest.raises(BenchError, match="did not finish"):
        cref_rate(path, 0.1, strict=True)
    assert cref_rate(path, 0.1) is None  # found by itself: no rate, no error
    assert time.monotonic() - started < 10


def test_a_yardstick_that_prints_garbage_is_an_error(tmp_path):
    path = _script(tmp_path, "echo hello; exit 3")
    with pytest.raises(BenchError, match="printed no deals_per_s"):
        cref_rate(path, 0.1, strict=True)
    assert cref_rate(path, 0.1) is None
    (tmp_path / "binary").write_bytes(b"\x7fELF\x00\x00garbage")
    with pytest.raises(BenchError, match="printed no deals_per_s"):
        cref_rate(tmp_path / "binary", 0.1, strict=True)


@pytest.mark.parametrize("seconds", ["1e300", "601"])
def test_a_measurement_is_bounded(capsys, seconds):
    assert main(["bench", "--seconds", seconds]) == 2
    err = capsys.readouterr().err
    assert "at most 600 s" in err and len(err.strip().splitlines()) == 1


def test_a_named_yardstick_that_fails_fails_the_bench_before_measuring(tmp_path, capsys,
                                                                       monkeypatch):
    def measured(*args, **kwargs):
        raise AssertionError("measured before the yardstick was checked")

    monkeypatch.setattr(bench, "start_times", measured)
    monkeypatch.setattr(bench, "engine_rate", measured)
    path = _script(tmp_path, "echo nothing")
    assert main(["bench", "--cref", str(path), "--seconds", "0.1"]) == 2
    assert "printed no deals_per_s" in capsys.readouterr().err


def _fake_measurements(monkeypatch, rate: float = 5e6):
    monkeypatch.setattr(bench, "start_times", lambda: (20.0, 1.0, 0.5))
    monkeypatch.setattr(bench, "engine_rate", lambda seconds, threads, strategy: rate * threads)


def test_the_bench_page_names_machine_date_commit_and_ratio(tmp_path, capsys, monkeypatch):
    """``--markdown`` writes what was printed, with the command, the commit and the C rate's
    ratio (the measurements faked: the page is what is tested, not the speed)."""
    _fake_measurements(monkeypatch)
    path = _script(tmp_path, 'echo "deals_per_s=10000000"')
    page = tmp_path / "bench-now.md"
    assert main(["bench", "--cref", str(path), "--seconds", "0.1", "--markdown",
                 str(page)]) == 0
    text = page.read_text()
    assert "euchre-sim bench --seconds 0.1 --strategies reference" in text
    assert "at commit `" in text and "cpus, numba" in text  # the machine and versions
    assert text.count(time.strftime("%Y-%m-%d")) >= 1  # the date of the measurement
    assert "5,000,000" in text and "0.500" in text  # our rate beside C's, and the ratio
    assert f"wrote {page}" in capsys.readouterr().out
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_the_bench_page_is_checked_before_measuring(tmp_path, capsys, monkeypatch):
    def measured(*args, **kwargs):
        raise AssertionError("measured before the page's place was checked")

    monkeypatch.setattr(bench, "start_times", measured)
    monkeypatch.setattr(bench, "engine_rate", measured)
    page = tmp_path / "bench-now.md"
    page.write_text("a page of the user's")
    assert main(["bench", "--seconds", "0.1", "--markdown", str(page)]) == 2
    assert "give --overwrite" in capsys.readouterr().err
    assert page.read_text() == "a page of the user's"
    assert main(["bench", "--seconds", "0.1", "--markdown", str(tmp_path)]) == 2
    assert "not a regular file" in capsys.readouterr().err
