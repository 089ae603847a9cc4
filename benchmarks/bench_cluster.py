"""Scale-out on Dask: deals/s in-process and on local clusters of 1 and 2 worker processes,
and the overhead per shard. A measurement, not a test.

    .venv/bin/python benchmarks/bench_cluster.py [--deals 20000000] [--strategy reference]

Each rate is the best of two runs of a duplicate match (2 x DEALS deals) on warm workers.
The overhead per shard is the extra wall time of the same run cut into many small shards,
divided by the number of extra shards. The C yardstick runs beside it, on both cores.
"""

from __future__ import annotations

import argparse
import platform
import time

from euchre_sim.analysis.match import duplicate_deals
from euchre_sim.engine.backends import InProcess, open_backend
from euchre_sim.engine.bench import cref_rate, find_cref
from euchre_sim.game.rules import Rules


def timed(backend, strategy: str, deals: int, shard: int | None = None) -> float:
    best = float("inf")
    for _ in range(2):
        t0 = time.perf_counter()
        duplicate_deals(Rules(), strategy, "reference", deals, seed=1, backend=backend,
                        shard=shard)
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=20_000_000, help="duplicate deals per run")
    ap.add_argument("--strategy", default="reference", help="strategy of side A")
    args = ap.parse_args()
    n = 2 * args.deals  # a duplicate match plays every deal twice
    print(f"Dask scale-out, {args.strategy} vs reference, {n:,} deals per run, "
          f"{time.strftime('%Y-%m-%d')}, {platform.machine()}")
    inproc = InProcess()
    timed(inproc, args.strategy, 100_000)  # load the kernels
    t_in = timed(inproc, args.strategy, args.deals)
    print(f"  in-process (numba threads, all cores): {n / t_in:>14,.0f} deals/s")
    rates = {}
    for workers in (1, 2):
        with open_backend(cluster=f"local:{workers}") as be:
            t0 = time.perf_counter()
            be.warm_up()
            warm = time.perf_counter() - t0
            t = timed(be, args.strategy, args.deals)
            rates[workers] = n / t
            print(f"  local:{workers} ({be.threads} numba thread(s) each, warm-up {warm:.1f} s): "
                  f"{rates[workers]:>14,.0f} deals/s")
            if workers == 1 and be.threads > 1:
                be.threads = 1  # like for like with local:2 on a two-core machine
                rates["1x1"] = n / timed(be, args.strategy, args.deals)
                print(f"  local:1 (1 numba thread):              {rates['1x1']:>14,.0f} deals/s")
            if workers == 2:
                few, many = 8, 256
                size_few = -(-args.deals // few)
                size_many = -(-args.deals // many)
                t_few = timed(be, args.strategy, args.deals, shard=size_few)
                t_many = timed(be, args.strategy, args.deals, shard=size_many)
                per = (t_many - t_few) / (many - few)
                print(f"  overhead per shard on local:2: {1000 * per:.2f} ms "
                      f"({few} shards {t_few:.2f} s, {many} shards {t_many:.2f} s)")
    print(f"  speed-up from 1 to 2 workers: {rates[2] / rates[1]:.2f}x"
          + (f" ({rates[2] / rates['1x1']:.2f}x with one numba thread per worker)"
             if "1x1" in rates else "")
          + f"; local:2 against in-process: {rates[2] * t_in / n:.2f}")
    cref = find_cref()
    c = cref_rate(cref, 3.0, threads=2) if cref else None
    if c:
        print(f"  C yardstick (reference script, 2 threads, same run): {c:,.0f} deals/s; "
              f"local:2 / C = {rates[2] / c:.3f}" if args.strategy == "reference" else
              f"  C yardstick (reference script, 2 threads, same run): {c:,.0f} deals/s")


if __name__ == "__main__":
    main()
