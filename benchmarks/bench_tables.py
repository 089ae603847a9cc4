"""Deals/s of every table of the table engine (RULES.md 3.2) beside the C yardstick.

Each table plays ``random`` (and ``basic``) in every seat through the batch kernel
(``core.table.batch.run_table_deals``: warm, no I/O) on 1 thread and on every core; the C
program (``shared/bench/cref-rate``, the four-handed reference script) is timed in the same run
as a yardstick for the machine's speed at that moment. Issue 11's bar: at least 1M
random-strategy deals/s on two cores for every table.

    .venv/bin/python benchmarks/bench_tables.py [--seconds 2] [--tables three-handed,...]
"""

from __future__ import annotations

import argparse
import time

import numba
import numpy as np

from euchre_sim.core.common.rng import deal_key
from euchre_sim.core.table import layout as TL
from euchre_sim.core.table.batch import run_table_deals
from euchre_sim.engine.bench import cref_rate, find_cref
from euchre_sim.engine.simulate import set_threads
from euchre_sim.engine.table_simulate import BLOCK, TableMatchup
from euchre_sim.game.table_spec import TABLES, get_table


def table_rate(name: str, strategy: str, seconds: float, threads: int,
               chunk: int = 1 << 16) -> float:
    """Deals/s of ``strategy`` in every seat of table ``name``."""
    set_threads(threads)
    args = TableMatchup.of(get_table(name), strategy).kernel_args()
    buf = np.zeros((chunk, TL.N_TABLE_FIELDS), np.int64)
    key = deal_key(7)
    run_table_deals(key, 0, 4096, *args, buf, BLOCK)  # compiled or loaded before timing
    done = 0
    t0 = time.perf_counter()
    while True:
        run_table_deals(key, done, chunk, *args, buf, BLOCK)
        done += chunk
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return done / dt


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--tables", default=",".join(TABLES))
    ap.add_argument("--strategies", default="random,basic")
    args = ap.parse_args()
    cores = numba.config.NUMBA_NUM_THREADS
    cref = find_cref(None)
    print(f"bench_tables  {time.strftime('%Y-%m-%d %H:%M')}  {cores} cores, "
          f"{args.seconds:g} s per measurement")
    print(f"{'table':<22} {'strategy':<9} {'threads':>7} {'deals/s':>12} {'C cref':>12} "
          f"{'ratio':>6}")
    for threads in sorted({1, cores}):
        c = cref_rate(cref, args.seconds, threads) if cref else None
        for name in args.tables.split(","):
            for strategy in args.strategies.split(","):
                rate = table_rate(name, strategy, args.seconds, threads)
                ratio = f"{rate / c:6.3f}" if c else "   n/a"
                ctext = f"{c:12,.0f}" if c else f"{'not found':>12}"
                print(f"{name:<22} {strategy:<9} {threads:>7} {rate:12,.0f} {ctext} {ratio}")
    print("(the C program plays the four-handed reference script: a yardstick of the "
          "machine's speed, not the same game)")


if __name__ == "__main__":
    main()
