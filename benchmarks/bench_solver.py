"""Speed of the double-dummy solver (a measurement script, not a test).

Prints, for random full five-trick deals (24-card deck, four players, random trump, maker and
leader), the median and 99th-percentile time of one solve on one core with a warm cache (each
solve timed from Python around one kernel call; the call overhead of an empty kernel with the
same arguments is printed beside it), the nodes searched, and the throughput of the parallel
batch ``solve_rows`` on 1 and 2 threads. Also the same figures for lone makers.

    .venv/bin/python benchmarks/bench_solver.py [--deals N] [--batch N] [--seed S]
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import time

import numba
import numpy as np
from numba import njit

from euchre_sim.core.four.dd_search import (
    O_VALUE,
    POS_HAND,
    TT_NODES,
    new_table,
    solve_one,
    solve_rows,
)
from euchre_sim.engine.solver import Position, position_rows
from euchre_sim.game.cards import deck_cards


@njit(cache=True, _nrt=False)
def _empty(row, h, tt, out):
    out[O_VALUE] = row[POS_HAND]


def random_rows(n: int, seed: int, alone: bool = False, deck: int = 24) -> np.ndarray:
    """Rows of ``n`` random full deals."""
    rnd = random.Random(seed)
    positions = []
    for _ in range(n):
        cards = deck_cards(deck)
        rnd.shuffle(cards)
        maker = rnd.randrange(4)
        hands = [sum(1 << c for c in cards[5 * s:5 * s + 5]) for s in range(4)]
        if alone:
            hands[maker ^ 2] = 0
        leader = rnd.choice([s for s in range(4) if not (alone and s == maker ^ 2)])
        positions.append(Position(hands, rnd.randrange(4), maker, leader, alone=alone))
    return position_rows(positions)


def time_single(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """Per-solve times (µs) and nodes, and the median overhead of an empty call (µs)."""
    h = np.zeros(4, np.int64)
    tt = new_table()
    out = np.zeros(2, np.int64)
    solve_one(rows[0], h, tt, out)  # load or compile
    _empty(rows[0], h, tt, out)
    clock = time.perf_counter_ns
    times = np.zeros(len(rows))
    nodes = np.zeros(len(rows), np.int64)
    for i in range(len(rows)):
        row = rows[i]
        before = tt[TT_NODES]
        t0 = clock()
        solve_one(row, h, tt, out)
        t1 = clock()
        times[i] = (t1 - t0) / 1000
        nodes[i] = tt[TT_NODES] - before
    empty = np.zeros(len(rows))
    for i in range(len(rows)):
        row = rows[i]
        t0 = clock()
        _empty(row, h, tt, out)
        empty[i] = (clock() - t0) / 1000
    return times, nodes, float(np.median(empty))


def time_batch(rows: np.ndarray, threads: int, block: int = 64) -> float:
    """Positions per second of ``solve_rows`` on ``threads`` threads (best of 3)."""
    numba.set_num_threads(threads)
    out = np.zeros((len(rows), 2), np.int64)
    solve_rows(rows[:block], out[:block], block)  # load or compile
    best = 0.0
    for _ in range(3):
        t0 = time.perf_counter()
        solve_rows(rows, out, block)
        best = max(best, len(rows) / (time.perf_counter() - t0))
    return best


def report(title: str, rows: np.ndarray, batch_rows: np.ndarray) -> None:
    times, nodes, empty = time_single(rows)
    print(f"{title}: {len(rows)} deals, one core, warm")
    print(f"  solve time   median {np.median(times):6.1f} µs   p99 "
          f"{np.percentile(times, 99):7.1f} µs   mean {times.mean():6.1f} µs   max "
          f"{times.max():7.1f} µs   (empty call {empty:.1f} µs)")
    print(f"  nodes        median {np.median(nodes):6.0f}      p99 "
          f"{np.percentile(nodes, 99):7.0f}      mean {nodes.mean():6.0f}")
    top = numba.config.NUMBA_NUM_THREADS
    for threads in sorted({1, min(2, top)}):
        rate = time_batch(batch_rows, threads)
        print(f"  batch        {threads} thread{'s' if threads > 1 else ' '}  {rate:10,.0f} "
              f"positions/s   ({1e6 / rate * threads:.1f} µs per position per thread)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20000, help="deals timed one by one")
    ap.add_argument("--batch", type=int, default=100000, help="deals in the batch runs")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"{datetime.date.today()}  {platform.node()}  {platform.processor() or '?'}  "
          f"cpus={os.cpu_count()}  numba {numba.__version__}  python {platform.python_version()}")
    rows = random_rows(args.deals, args.seed)
    batch = random_rows(args.batch, args.seed + 1)
    report("with partners (24 cards)", rows, batch)
    rows = random_rows(args.deals // 2, args.seed + 2, alone=True)
    batch = random_rows(args.batch // 2, args.seed + 3, alone=True)
    report("lone maker (24 cards)", rows, batch)


if __name__ == "__main__":
    main()
