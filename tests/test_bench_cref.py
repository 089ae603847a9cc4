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
