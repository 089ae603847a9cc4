"""End-to-end speed of ``euchre-sim simulate`` against the C yardstick (a measurement, not a test).

The command is timed as a user runs it (a fresh process: import, kernel load, deals, summary),
for a small and a large run; the difference of the two divided by the difference of their deal
counts is the rate of the run itself, with start-up cancelled. ``../shared/bench/cref-rate`` is
run in the same session, on the same threads. Best of ``--repeat`` for each (issue 14:
"simulate --strategy reference end to end at 0.8x the C yardstick on one thread").

    .venv/bin/python benchmarks/bench_end_to_end.py [--small 2000000] [--large 12000000]
        [--repeat 3] [--threads 1,2] [--strategy reference] [--paired]

``--paired`` (one thread, two or more cores) runs the C program at the same time as each
round's two runs, each pinned to a core of its own (``taskset``), the cores swapped every
round; the ratio of a round is its rate over the C program's in the same seconds, and the
geometric mean over an even number of rounds cancels a difference between the cores. On a
shared machine whose speed drifts from minute to minute, a ratio of bests timed in turn pairs
our slowest-looking minutes with the C program's fastest (docs/speed.md, 2026-12-04).
"""

from __future__ import annotations

import argparse
import datetime
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from euchre_sim.engine.bench import cpu_model, cref_rate, find_cref


def command() -> list[str]:
    """The ``euchre-sim`` of this environment (or ``python -m euchre_sim``)."""
    exe = Path(sys.executable).with_name("euchre-sim")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "euchre_sim"]


def timed_run(strategy: str, deals: int, threads: int, cpu: int | None = None) -> float:
    """Wall seconds of one ``simulate`` run in a fresh process (pinned to core ``cpu``)."""
    pin = [] if cpu is None else ["taskset", "-c", str(cpu)]
    cmd = pin + command() + ["simulate", "--strategy", strategy, "--deals", str(deals),
                             "--seed", "7", "--threads", str(threads), "--no-progress"]
    env = dict(os.environ, EUCHRE_SIM_COMPILE_NOTICE="0")
    start = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def paired_rounds(cref: Path, strategy: str, small: int, large: int, rounds: int) -> list[float]:
    """Ratios of rounds in which the C program plays on one core while the small and the
    large run play on the other, the cores swapped each round."""
    ratios = []
    last: tuple[float, float] | None = None
    for i in range(rounds):
        ours, theirs = i % 2, 1 - i % 2
        # the C program plays as long as the two runs took last time (or 12 s at first)
        span = sum(last) if last else 12.0
        c = subprocess.Popen(["taskset", "-c", str(theirs), "bash", str(cref), f"{span:.1f}"],
                             stdout=subprocess.PIPE, text=True)
        last = (timed_run(strategy, small, 1, ours), timed_run(strategy, large, 1, ours))
        out, _ = c.communicate()
        m = re.search(r"deals_per_s=(\d+)", out)
        if not m or last[1] <= last[0]:
            continue
        rate = (large - small) / (last[1] - last[0])
        ratios.append(rate / float(m.group(1)))
        print(f"round {i + 1}: small {last[0]:.2f} s, large {last[1]:.2f} s (core {ours}): "
              f"{rate:,.0f} deals/s; C {float(m.group(1)):,.0f} (core {theirs}): "
              f"{ratios[-1]:.3f}", flush=True)
    return ratios


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--small", type=int, default=2_000_000)
    ap.add_argument("--large", type=int, default=12_000_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--strategy", default="reference")
    ap.add_argument("--cref", default=None, help="path to cref-rate (default: auto-detect)")
    ap.add_argument("--paired", action="store_true",
                    help="one thread: the C program at the same time on the other core, "
                         "cores swapped each round (needs taskset and two cores)")
    args = ap.parse_args()
    if not 0 < args.small < args.large:
        ap.error("need 0 < --small < --large")
    cref = find_cref(args.cref)
    print(f"end to end: euchre-sim simulate --strategy {args.strategy}, "
          f"{args.large:,} - {args.small:,} deals, "
          + (f"{args.repeat} rounds on one thread, each beside the C program on the other "
             "core; " if args.paired else
             f"best of {args.repeat} (interleaved with the C program); ")
          + f"{datetime.datetime.now():%Y-%m-%d %H:%M}, {cpu_model()}")
    timed_run(args.strategy, 1000, 1)  # the kernels compiled / loaded once before timing
    if args.paired:
        if not cref or shutil.which("taskset") is None or (os.cpu_count() or 1) < 2:
            ap.error("--paired needs the C yardstick, taskset and at least two cores")
        if args.repeat % 2:
            ap.error("--paired needs an even --repeat (each core runs each side equally)")
        ratios = paired_rounds(cref, args.strategy, args.small, args.large, args.repeat)
        if ratios:
            gm = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
            print(f"one thread, paired, {len(ratios)} rounds: geometric mean {gm:.3f}, median "
                  f"{statistics.median(ratios):.3f} ({min(ratios):.3f}..{max(ratios):.3f})")
        return
    print(f"{'threads':>7} {'small s':>8} {'large s':>8} {'deals/s':>12} {'C deals/s':>12} "
          f"{'ratio':>6}")
    rounds: dict[int, list[float]] = {}
    for threads in (int(t) for t in args.threads.split(",")):
        smalls, larges, cs = [], [], []
        for _ in range(args.repeat):  # interleaved, so that a slow minute slows all three
            smalls.append(timed_run(args.strategy, args.small, threads))
            larges.append(timed_run(args.strategy, args.large, threads))
            cs.append(cref_rate(cref, 3.0, threads) or 0 if cref else 0)
        small, large, c = min(smalls), min(larges), max(cs)
        rate = (args.large - args.small) / (large - small)
        ratio = f"{rate / c:6.3f}" if c else "   n/a"
        print(f"{threads:>7} {small:8.2f} {large:8.2f} {rate:12,.0f} {c:12,.0f} {ratio}")
        if c:
            rounds[threads] = [(args.large - args.small) / (lg - sm) / cr
                               for sm, lg, cr in zip(smalls, larges, cs, strict=True)
                               if cr and lg > sm]
    for threads, ratios in rounds.items():
        if ratios:
            print(f"ratio of each round on {threads} thread(s): median "
                  f"{statistics.median(ratios):.3f} (" + ", ".join(f"{r:.3f}" for r in ratios)
                  + ")")
    if not cref:
        print("C yardstick not found: pass --cref PATH or set EUCHRE_CREF")
    print(f"(machine: {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
