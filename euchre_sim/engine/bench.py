"""``euchre-sim bench``: deals/s of the kernels beside the C yardstick, in the same run.

Absolute times drift on shared machines, so the C program (``shared/bench/cref-rate``) is run
beside the engine and the ratio is what counts. Also measures the cold start (a fresh process
compiling the kernels) and the warm start (a fresh process loading numba's cache).
"""

from __future__ import annotations

import os
import platform
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numba
import numpy as np

from ..core.common import layout as L
from ..core.common.rng import deal_key
from ..core.four.batch import _run_deals, kernel_rules, run_deals
from ..game.rules import Rules
from .simulate import BLOCK, Matchup, set_threads

_START_SNIPPET = """
import time
t0 = time.perf_counter()
from euchre_sim import Rules, simulate_deals
t1 = time.perf_counter()
simulate_deals(Rules(), "reference", deals=1000, seed=1, threads=1)
t2 = time.perf_counter()
print(f"{t1 - t0:.3f} {t2 - t0:.3f}")
"""


class BenchError(ValueError):
    """A bad benchmark request (one-line message)."""


def find_cref(explicit: str | None = None) -> Path | None:
    """Locate ``cref-rate``: the argument, $EUCHRE_CREF, or ``../shared/bench`` of the repo."""
    if explicit is not None and not Path(explicit).is_file():  # never another one instead
        raise BenchError(f"cref-rate not found at {explicit!r}")
    candidates = [explicit, os.environ.get("EUCHRE_CREF")]
    root = Path(__file__).resolve().parents[2]
    candidates += [root.parent / "shared" / "bench" / "cref-rate",
                   root / "shared" / "bench" / "cref-rate"]
    for c in candidates:
        if c and Path(c).is_file():
            return Path(c)
    return None


MAX_SECONDS = 600.0  # per measurement: a bench is minutes, never days
CREF_MARGIN = 60.0  # seconds the C yardstick may take beyond its measurement (it compiles)


def cref_rate(cref: Path, seconds: float, threads: int = 1,
              strict: bool = False) -> float | None:
    """Deals/s of the C yardstick: None if it cannot be built or run, or with ``strict``
    (the user named the program) a one-line :class:`BenchError`. The program is stopped
    after a minute more than its time (it compiles itself first)."""
    cmd = ["bash", str(cref)]
    if threads > 1:
        cmd += ["--threads", str(threads)]
    cmd.append(f"{seconds:g}")
    limit = CREF_MARGIN + 2 * seconds
    try:
        # its own process group, so that a stop kills whatever it started too
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                stdin=subprocess.DEVNULL, text=True, start_new_session=True)
    except OSError as exc:
        if strict:
            raise BenchError(f"cannot run the C yardstick {str(cref)!r}: {exc}") from None
        return None
    try:
        stdout, _ = proc.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        if strict:
            raise BenchError(f"the C yardstick {str(cref)!r} did not finish in {limit:g} s: "
                             "stopped") from None
        return None
    m = re.search(r"deals_per_s=(\d+)", stdout)
    if m is None and strict:
        raise BenchError(f"the C yardstick {str(cref)!r} printed no deals_per_s=N "
                         f"(exit status {proc.returncode}): is it cref-rate?")
    return float(m.group(1)) if m else None


GENERAL = " (general kernel)"  # a bench row of the reference script through the general kernel


def engine_rate(seconds: float, threads: int, chunk: int = 1 << 16,
                strategy: str = "reference") -> float:
    """Deals/s of the kernels, ``strategy`` on both sides, standard rules (warm, no I/O).
    ``"reference (general kernel)"``: the reference script through the general deal kernel
    instead of its lean one (``core/four/reference_deals.py``), as any other table at the
    standard rules plays (every rule option compiled in, ``core/common/rule.py``): what the
    generality costs."""
    set_threads(threads)
    rules = Rules().to_array()
    general = strategy.endswith(GENERAL)
    kinds, params = Matchup.of(strategy.removesuffix(GENERAL)).arrays(Rules())
    buf = np.zeros((chunk, L.N_FIELDS), np.int64)
    key = deal_key(7)

    def play(first: int, n: int) -> None:
        if general:
            _run_deals(key, first, n, kernel_rules(rules, kinds), kinds, params, buf, BLOCK,
                       None)
        else:
            run_deals(key, first, n, rules, kinds, params, buf, BLOCK)

    play(0, 4096)  # compiled / loaded already
    done = 0
    t0 = time.perf_counter()
    while True:
        play(done, chunk)
        done += chunk
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return done / dt


def start_times() -> tuple[float, float, float]:
    """(cold start s, warm start s, import s) of fresh processes simulating 1,000 deals."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        times = []
        for _ in range(2):
            try:
                out = subprocess.run([sys.executable, "-c", _START_SNIPPET], env=env,
                                     capture_output=True, text=True, check=True,
                                     timeout=MAX_SECONDS)
                times.append([float(x) for x in out.stdout.split()])
            except (OSError, ValueError, subprocess.SubprocessError) as exc:
                raise BenchError(f"the start-up measurement failed: {type(exc).__name__}: "
                                 f"{str(exc).splitlines()[0] if str(exc) else ''}") from None
    return times[0][1], times[1][1], times[1][0]


def cpu_model() -> str:
    """The processor's model name (Linux), or the platform's machine type."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.machine()


def run_bench(seconds: float = 3.0, cref: str | None = None, echo=print,
              strategies: tuple[str, ...] = ("reference",)) -> int:
    """Print the benchmark table; returns the exit status."""
    cores = numba.config.NUMBA_NUM_THREADS
    if not 0 < seconds <= MAX_SECONDS:
        raise BenchError(f"--seconds {seconds:g}: a measurement takes at most "
                         f"{MAX_SECONDS:g} s")
    path = find_cref(cref)  # a wrong --cref fails before minutes of measuring
    thread_counts = sorted({1, cores})
    c_rates = {t: cref_rate(path, seconds, t, strict=cref is not None) if path else None
               for t in thread_counts}
    echo(f"euchre-sim bench  {time.strftime('%Y-%m-%d %H:%M')}  {cpu_model()}, "
         f"{os.cpu_count()} cpus, numba {numba.__version__}, {seconds:g} s per measurement")
    echo("strategy: reference vs reference, rules: north-american (the C script)\n")
    cold, warm, imp = start_times()
    echo(f"cold start (compile + 1,000 deals, fresh process): {cold:6.2f} s")
    echo(f"warm start (numba cache + 1,000 deals):            {warm:6.2f} s  (import {imp:.2f} s)")
    rows = []
    if "reference" in strategies:  # beside it, the same script through the general kernel
        strategies = tuple(strategies) + ("reference" + GENERAL,)
    for threads in thread_counts:
        for strategy in strategies:
            rows.append((strategy, threads, engine_rate(seconds, threads, strategy=strategy),
                         c_rates[threads]))
    width = max(12, *(len(s) for s in strategies))
    echo(f"\n{'strategy':<{width}} {'threads':>7} {'euchre_sim deals/s':>20} "
         f"{'C cref deals/s':>16} {'ratio':>7}")
    for strategy, threads, ours, c in rows:
        ratio = f"{ours / c:7.3f}" if c else "    n/a"
        ctext = f"{c:16,.0f}" if c else f"{'not found':>16}"
        echo(f"{strategy:<{width}} {threads:>7} {ours:20,.0f} {ctext} {ratio}")
    for strategy in strategies:
        mine = [r for r in rows if r[0] == strategy]
        if len(mine) > 1:
            echo(f"scaling of {strategy}, 1 -> {mine[-1][1]} threads: "
                 f"{mine[-1][2] / mine[0][2]:.2f}x")
    echo("(the C program always plays the reference script: the ratio compares other "
         "strategies with it only as a yardstick)" if len(strategies) > 2 else "")
    if path is None:
        echo("\nC yardstick not found: pass --cref PATH or set EUCHRE_CREF")
    return 0
