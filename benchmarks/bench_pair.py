"""Which of two strategies plays faster? Paired, alternated kernel timings (a measurement).

Two bench runs on a small shared machine differ by up to 15 %; a few per cent between two
strategies (issue 9: ``tuned`` "plays at least as fast as ``advanced``") is only visible when
the two are timed in pairs, back to back, with the order alternated. Each pair gives one ratio
A/B of deals per second (``euchre_sim.engine.bench.engine_rate``: the kernels, warm, no I/O,
standard rules). The same code timed in two processes can differ by 2 % in this ratio (where the
arrays land in memory), so the pairs are spread over ``--processes`` fresh processes. The
median, the quartiles and how many pairs A won are printed, with the C yardstick's rate beside
them for scale.

    .venv/bin/python benchmarks/bench_pair.py [A] [B] [--pairs 16] [--processes 5]
        [--seconds 0.5] [--threads 1]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

from euchre_sim.engine.bench import cref_rate, engine_rate, find_cref


def paired_ratios(a: str, b: str, pairs: int, seconds: float, threads: int) -> list[float]:
    """``pairs`` ratios rate(a) / rate(b), each from a back-to-back pair, order alternated."""
    engine_rate(0.3, threads, strategy=a)  # load both kernels' parameters and warm the caches
    engine_rate(0.3, threads, strategy=b)
    ratios = []
    for i in range(pairs):
        if i % 2:
            rb = engine_rate(seconds, threads, strategy=b)
            ra = engine_rate(seconds, threads, strategy=a)
        else:
            ra = engine_rate(seconds, threads, strategy=a)
            rb = engine_rate(seconds, threads, strategy=b)
        ratios.append(ra / rb)
    return ratios


def ratios_in_fresh_process(a: str, b: str, pairs: int, seconds: float,
                            threads: int) -> list[float]:
    """``paired_ratios`` run in a new Python process."""
    code = ("import json, sys; sys.path.insert(0, {here!r}); from bench_pair import paired_ratios; "
            "print(json.dumps(paired_ratios({a!r}, {b!r}, {pairs}, {seconds}, {threads})))")
    here = str(__import__("pathlib").Path(__file__).resolve().parent)
    out = subprocess.run([sys.executable, "-c", code.format(here=here, a=a, b=b, pairs=pairs,
                                                             seconds=seconds, threads=threads)],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a", nargs="?", default="tuned", help="strategy A (default tuned)")
    ap.add_argument("b", nargs="?", default="advanced", help="strategy B (default advanced)")
    ap.add_argument("--pairs", type=int, default=16, help="timed pairs per process (default 16)")
    ap.add_argument("--processes", type=int, default=5, help="fresh processes (default 5)")
    ap.add_argument("--seconds", type=float, default=0.5, help="seconds per timing")
    ap.add_argument("--threads", type=int, default=1, help="kernel threads (default 1)")
    args = ap.parse_args()
    if args.pairs < 1 or args.processes < 1 or args.pairs * args.processes < 4:
        ap.error("--pairs times --processes must be at least 4")
    ratios, per_process = [], []
    for _ in range(args.processes):
        r = ratios_in_fresh_process(args.a, args.b, args.pairs, args.seconds, args.threads)
        ratios += r
        per_process.append(statistics.median(r))
    q1, med, q3 = statistics.quantiles(ratios, n=4)
    wins = sum(r > 1 for r in ratios)
    cref = find_cref()
    c = cref_rate(cref, 2.0, args.threads) if cref else None
    rate_b = engine_rate(args.seconds, args.threads, strategy=args.b)
    print(f"{args.a} / {args.b} deals/s, {args.threads} thread(s), {len(ratios)} pairs in "
          f"{args.processes} processes: median {med:.4f} (quartiles {q1:.4f}..{q3:.4f}); "
          f"{args.a} faster in {wins}")
    print("per-process medians: " + " ".join(f"{m:.4f}" for m in per_process))
    scale = f", C yardstick {c:,.0f} (ratio {rate_b / c:.3f})" if c else ""
    print(f"{args.b} alone: {rate_b:,.0f} deals/s{scale}")


if __name__ == "__main__":
    main()
