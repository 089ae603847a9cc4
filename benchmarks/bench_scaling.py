"""How a run's cost grows with its size: wall time and peak memory of ``euchre-sim simulate``
at 1M, 10M and 100M deals (a measurement, not a test; issue 14: "the cost of a run grows
linearly with its deals and not at all in memory").

Each size runs in a fresh process as a user runs it, summary only (no ``--out``) and, up to
``--records-up-to`` deals, with ``--out`` writing the per-deal Parquet records too. Peak memory
is the child's maximum resident set size (``os.wait4``, Linux kilobytes). Prints a Markdown
table for the README.

    .venv/bin/python benchmarks/bench_scaling.py [--sizes 1000000,10000000,100000000]
        [--strategy reference] [--threads 2] [--records-up-to 10000000]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from bench_end_to_end import command  # the euchre-sim of this environment


def measure(args: list[str], threads: int) -> tuple[float, float]:
    """(wall seconds, peak resident MiB) of one ``euchre-sim`` run in a fresh process."""
    env = dict(os.environ, NUMBA_NUM_THREADS=str(threads))
    start = time.perf_counter()
    proc = subprocess.Popen([*command(), *args], env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"bench_scaling: {' '.join(args)} failed")
    return wall, usage.ru_maxrss / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000000,10000000,100000000")
    ap.add_argument("--strategy", default="reference")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--records-up-to", type=int, default=10_000_000,
                    help="also write per-deal records for runs up to this many deals")
    opt = ap.parse_args()
    sizes = [int(s) for s in opt.sizes.split(",")]
    base = ["simulate", "--strategy", opt.strategy, "--seed", "1", "--no-progress",
            "--threads", str(opt.threads)]
    measure([*base, "--deals", "1000"], opt.threads)  # load (or compile) the kernels once
    print(f"`euchre-sim simulate --strategy {opt.strategy} --threads {opt.threads}`, "
          f"{os.cpu_count()} cores, {time.strftime('%Y-%m-%d %H:%M')}\n")
    print("| deals | output | wall s | deals/s | peak memory MiB |")
    print("| ---: | --- | ---: | ---: | ---: |")
    for n in sizes:
        runs = [("summary only", [])]
        if n <= opt.records_up_to:
            runs.append(("--out, per-deal Parquet", ["--out"]))
        for label, extra in runs:
            tmp = tempfile.mkdtemp(prefix="bench_scaling_")
            try:
                args = [*base, "--deals", str(n)]
                if extra:
                    args += ["--out", str(Path(tmp) / "run")]
                wall, mib = measure(args, opt.threads)
            finally:
                shutil.rmtree(tmp, ignore_errors=True)
            print(f"| {n:,} | {label} | {wall:.1f} | {n / wall:,.0f} | {mib:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
