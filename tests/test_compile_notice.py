"""The cold-start notice: a call still compiling after the delay is announced, a warm one is not."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time

import pytest

from euchre_sim.engine.compile_notice import MESSAGE, compile_notice, wanted


class FakeDispatcher:
    """Stands in for a numba dispatcher: ``overloads`` gains an entry once "compiled"."""

    def __init__(self) -> None:
        self.overloads: dict = {}

    def compile_after(self, seconds: float) -> None:
        time.sleep(seconds)
        self.overloads["sig"] = object()


def run(seconds: float, monkeypatch, env: str = "1") -> str:
    monkeypatch.setenv("EUCHRE_SIM_COMPILE_NOTICE", env)
    d = FakeDispatcher()
    out = io.StringIO()
    with compile_notice([d], stream=out, delay=0.2, tick=0.05):
        d.compile_after(seconds)
    return out.getvalue()


def test_a_slow_compile_is_announced_with_its_time(monkeypatch):
    text = run(0.6, monkeypatch)
    assert text.startswith(MESSAGE + "\n")
    assert "compiled in" in text.splitlines()[-1]


def test_a_warm_start_prints_nothing(monkeypatch):
    assert run(0.02, monkeypatch) == ""


def test_a_long_run_after_a_quick_load_prints_nothing(monkeypatch):
    """The kernel is loaded at once (an overload appears) and then runs long: not compiling."""
    monkeypatch.setenv("EUCHRE_SIM_COMPILE_NOTICE", "1")
    d = FakeDispatcher()
    out = io.StringIO()
    with compile_notice([d], stream=out, delay=0.2, tick=0.05):
        d.compile_after(0.01)
        time.sleep(0.5)
    assert out.getvalue() == ""


def test_silenced_and_not_a_terminal(monkeypatch):
    assert run(0.6, monkeypatch, env="0") == ""
    monkeypatch.delenv("EUCHRE_SIM_COMPILE_NOTICE")
    assert not wanted(io.StringIO())  # not a terminal: logs stay as they were


@pytest.mark.slow
def test_a_cold_cache_announces_the_compile(tmp_path):
    """End to end: a fresh kernel cache folder makes the first simulate compile, and it says so
    (the process is stopped once the notice is out: the compile itself is not what is tested,
    and it would cost the suite a minute); a second run on the warm cache says nothing."""
    env = dict(os.environ, EUCHRE_SIM_COMPILE_NOTICE="1", NUMBA_NUM_THREADS="1")
    code = ("from euchre_sim import Rules, simulate_deals\n"
            "simulate_deals(Rules(), 'random', 'random', deals=100, seed=1)\n")
    cold = subprocess.Popen([sys.executable, "-c", code], stderr=subprocess.PIPE, text=True,
                            env=dict(env, EUCHRE_SIM_CACHE=str(tmp_path)))
    try:
        first = cold.stderr.readline()  # the notice is the first line it writes
    finally:
        cold.kill()
        cold.communicate()
    assert first == MESSAGE + "\n"
    for _ in range(2):  # the default cache: the first run fills it if the suite has not yet
        warm = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                              text=True, timeout=900)
        assert warm.returncode == 0, warm.stderr
    assert MESSAGE not in warm.stderr
