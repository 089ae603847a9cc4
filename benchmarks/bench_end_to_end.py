"""End-to-end speed of ``euchre-sim simulate`` against the C yardstick (a measurement, not a test).

The command is timed as a user runs it (a fresh process: import, kernel load, deals, summary),
for a small and a large run; the difference of the two divided by the difference of their deal
counts is the rate of the run itself, with start-up cancelled. ``../shared/bench/cref-rate`` is
run in the same session, on the same threads. Best of ``--repeat`` for each (issue 14:
"simulate --strategy reference end to end at 0.8x the C yardstick on one thread").

    .venv/bin/python benchmarks/bench_end_to_end.py [--small 2000000] [--large 12000000]
        [--repeat 3] [--threads 1,2] [--strategy reference]
"""

from __future__ import annotations

import argparse
import datetime
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from euchre_sim.bench import cpu_model, cref_rate, find_cref


def command() -> list[str]:
    """The ``euchre-sim`` of this environment (or ``python -m euchre_sim``)."""
    exe = Path(sys.executable).with_name("euchre-sim")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "euchre_sim"]


def timed_run(strategy: str, deals: int, threads: int) -> float:
    """Wall seconds of one ``simulate`` run in a fresh process."""
    cmd = command() + ["simulate", "--strategy", strategy, "--deals", str(deals), "--seed", "7",
                       "--threads", str(threads), "--no-progress"]
    env = dict(os.environ, EUCHRE_SIM_COMPILE_NOTICE="0")
    start = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--small", type=int, default=2_000_000)
    ap.add_argument("--large", type=int, default=12_000_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--strategy", default="reference")
    ap.add_argument("--cref", default=None, help="path to cref-rate (default: auto-detect)")
    args = ap.parse_args()
    if not 0 < args.small < args.large:
        ap.error("need 0 < --small < --large")
    cref = find_cref(args.cref)
    print(f"end to end: euchre-sim simulate --strategy {args.strategy}, "
          f"{args.large:,} - {args.small:,} deals, best of {args.repeat} (interleaved with "
          f"the C program); "
          f"{datetime.datetime.now():%Y-%m-%d %H:%M}, {cpu_model()}")
    timed_run(args.strategy, 1000, 1)  # the kernels compiled / loaded once before timing
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
