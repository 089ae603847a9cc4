"""Signals and bounds (issue 41): a kernel call is sized by the clock, so Ctrl-C and SIGTERM
are answered between two calls within about a second, even at a PIMC table; every count that
is kept in memory has an upper bound, refused in one line before any work."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

from euchre_sim.cli.main import main
from euchre_sim.engine import pacing, simulate
from euchre_sim.engine.pacing import Pace, parallel_block
from euchre_sim.game.rules import Rules


def test_the_pace_scales_each_call_towards_its_target():
    calls = []
    Pace(most=1000, first=64).fill(300, lambda at, k: calls.append((at, k)))
    assert calls[0] == (0, 64) and sum(k for _, k in calls) == 300
    assert all(a + k == b for (a, k), (b, _) in zip(calls, calls[1:], strict=False))
    pace = Pace(most=100_000, first=64)
    assert pace.take(10) == 10 and pace.take(1_000) == 64
    pace.played(64, pacing.TARGET_S / 100)  # a hundred times too fast: at most four times more
    assert pace.size == 256
    for _ in range(10):
        pace.played(pace.size, 0.0)
    assert pace.size == 100_000  # never past the loop's own chunk
    pace.played(100_000, 1000 * pacing.TARGET_S)  # far too slow: at most eight times fewer
    assert pace.size == 12_500
    pace.played(1, 1e6)
    assert pace.size == 1  # never below one
    assert parallel_block(16, 2, 4096) == 4 and parallel_block(1 << 20, 2, 4096) == 4096
    assert parallel_block(1, 8, 4096) == 1


def test_a_slow_table_is_played_in_short_calls_with_the_same_records(monkeypatch):
    """Preset deals played in paced calls give the records of one call; a slow kernel is
    called with fewer deals at a time."""
    from euchre_sim.analysis.order_chart import random_presets

    rules = Rules()
    arrays = simulate.Matchup.of("random", "tuned").arrays(rules)
    presets = random_presets(rules, 3000, 4)
    whole = simulate.preset_records(rules, arrays, 9, presets)
    sizes = []
    real = simulate.run_presets

    def slow(key, first, n, *rest):
        sizes.append(n)
        time.sleep(n * 1e-4)  # 10,000 deals a second: 25 ms makes a quarter-second call
        real(key, first, n, *rest)

    monkeypatch.setattr(simulate, "run_presets", slow)
    paced = simulate.preset_records(rules, arrays, 9, presets)
    assert np.array_equal(whole, paced)
    assert sizes[0] == pacing.FIRST and sum(sizes) == 3000 and max(sizes) <= 4 * 2500


@pytest.mark.parametrize("argv, needle", [
    (["chart", "order-up", "--deals", "30000000"], "1 to 20,000,000 deals per seat"),
    (["chart", "go-alone", "--deals", str(2**62)], "1 to 20,000,000 deals per seat"),
    (["analyze", "--hand", "JH JD AH KH AS", "--up", "9H", "--seat", "dealer", "--bidding",
      "pass pass pass", "--deals", "1000000000"], "1 to 10,000,000 deals per option"),
    (["exploit", "tuned", "--deals", str(2**62)], "a report takes 1 to 10,000,000 deals"),
    (["bias", "--make-points", str(2**62), "--points", "p.txt"], "to 100,000 points"),
])
def test_a_count_kept_in_memory_is_bounded(capsys, tmp_path, argv, needle):
    started = time.monotonic()
    assert main([*argv, "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err.strip()
    assert needle in err and len(err.splitlines()) == 1
    assert time.monotonic() - started < 30  # refused before the work, not after


@pytest.mark.slow
@pytest.mark.parametrize("argv", [
    ["match", "pimc", "tuned", "--deals", "40000", "--no-progress"],
    ["analyze", "--hand", "JH AH KH AS KS", "--up", "9H", "--seat", "eldest", "--table",
     "pimc", "--deals", "200000"],
])
def test_sigterm_stops_a_pimc_run_at_once(tmp_path, argv):
    """SIGTERM while a PIMC table plays (or while its kernels compile): exit 130 within a few
    seconds, nothing written; the run would take minutes."""
    out = tmp_path / "run"
    proc = subprocess.Popen([sys.executable, "-m", "euchre_sim", *argv, "--out", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=dict(os.environ, PYTHONUNBUFFERED="1"))
    time.sleep(20)
    assert proc.poll() is None, "the run ended before the signal: make it longer"
    sent = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert time.monotonic() - sent < 5, "the signal was not answered within 5 s"
    assert proc.returncode == 130 and "interrupted" in err
    assert not out.exists() and not list(tmp_path.iterdir())
