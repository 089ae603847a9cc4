"""PIMC decisions per second at 50 and 100 worlds (one core, warm), and whole deals per second
of the PIMC player in self-play with and without bidding search. A measurement, not a test.

    .venv/bin/python benchmarks/bench_pimc.py [--points 300] [--repeat 3] [--deals 400]

Each decision is what a PIMC player does at a card play: sample the worlds, value every legal
card in each world double dummy, average (``euchre_sim.engine.pimc.evaluate``, called from Python).
Each figure is the best of ``--repeat`` passes, by the wall clock and by the thread's CPU time
(the second is steadier on a shared machine). To compare two versions of the code, run this
script against each tree in turn (``PYTHONPATH=<tree>``), several times.
"""

from __future__ import annotations

import argparse
import platform
import time

import numba

from euchre_sim.engine.pimc import decision_points, evaluate
from euchre_sim.engine.simulate import simulate_deals
from euchre_sim.game.rules import Rules


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--points", type=int, default=300, help="decision points to time")
    ap.add_argument("--repeat", type=int, default=3, help="passes over the points (best kept)")
    ap.add_argument("--deals", type=int, default=400,
                    help="self-play deals timed for the whole player (0: skip)")
    args = ap.parse_args()
    numba.set_num_threads(1)
    points = []
    index = 0
    while len(points) < args.points:
        points += [p for p in decision_points(Rules(), "advanced", None, seed=11, index=index)
                   if bin(p.legal).count("1") > 1]
        index += 1
    points = points[: args.points]
    evaluate(points[0], 2)  # compile / load
    print(f"PIMC decisions/s, {len(points)} card plays with 2+ legal cards from advanced play, "
          f"one core, {time.strftime('%Y-%m-%d')}, {platform.machine()}")
    for worlds in (50, 100):
        wall = cpu = float("inf")
        for _ in range(args.repeat):
            t0, c0 = time.perf_counter(), time.thread_time()
            for i, p in enumerate(points):
                evaluate(p, worlds, seed=i)
            wall = min(wall, time.perf_counter() - t0)
            cpu = min(cpu, time.thread_time() - c0)
        print(f"  {worlds:>3} worlds: {len(points) / wall:8.1f} decisions/s "
              f"({1e3 * wall / len(points):.2f} ms each); "
              f"{len(points) / cpu:8.1f} per CPU second")

    if args.deals:
        whole_deals(args.deals)


def whole_deals(n: int) -> None:
    """Deals/s of four PIMC players (50 worlds), every decision searched or only the cards."""
    print(f"PIMC self-play, {n} deals, one thread (CPU seconds):")
    for spec, what in (("pimc", "every decision by search"),
                       ("pimc:pimc.bidding=0", "cards by search, bids by the model")):
        simulate_deals(Rules(), spec, deals=4, seed=1, threads=1)  # load
        c0 = time.thread_time()
        simulate_deals(Rules(), spec, deals=n, seed=2, threads=1)
        cpu = time.thread_time() - c0
        print(f"  {spec:<22} {n / cpu:8.1f} deals/s ({1e3 * cpu / n:.1f} ms each): {what}")


if __name__ == "__main__":
    main()
