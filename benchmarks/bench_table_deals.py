"""Random-strategy deals/s of the table engine's ``run_table_deals`` (best of 3, after a warm-up).

    NUMBA_NUM_THREADS=2 python benchmarks/bench_table_deals.py [deals [table ...]]

(default: 4,000,000 deals of every table of ``tables.spec.TABLES``).
"""
import sys
import time

import numba
import numpy as np

from euchre_sim.core.rng import deal_key
from euchre_sim.core.table_batch import run_table_deals
from euchre_sim.core.table_layout import MAX_SEATS, N_TABLE_FIELDS, N_TABLE_PARAMS
from euchre_sim.tables.spec import TABLES, get_table

n = int(sys.argv[1]) if len(sys.argv) > 1 else 4_000_000
for name in sys.argv[2:] or list(TABLES):
    t = get_table(name)
    arrays = t.arrays()
    kinds = np.zeros(MAX_SEATS, np.int64)
    params = np.zeros((MAX_SEATS, N_TABLE_PARAMS), np.int64)
    recs = np.zeros((n, N_TABLE_FIELDS), np.int64)
    run_table_deals(deal_key(1), 0, 10_000, *arrays, kinds, params, recs, 4096)
    best = 1e9
    for k in range(3):
        t0 = time.perf_counter()
        run_table_deals(deal_key(2 + k), 0, n, *arrays, kinds, params, recs, 4096)
        best = min(best, time.perf_counter() - t0)
    print(f"{name}: {n / best / 1e6:.2f} M deals/s on {numba.get_num_threads()} threads")
