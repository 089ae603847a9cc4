"""What a duplicate match costs against simulating the same deals (a measurement, not a test).

Issue 14: "a duplicate match costs no more than two simulations of the same deals". In one
process, warm, on the same threads: ``simulate`` of N deals (the summary a ``simulate`` run
makes, ``runner.run_simulation``) and ``match`` of the same N deals played from both sides
(``analysis.match.duplicate_deals``), one after the other in each of ``--repeat`` rounds;
the C yardstick beside them. Prints each one's best deals/s and the match's cost in
simulations of the same deals: the median of the rounds' ratios (and the ratio of the bests).

    .venv/bin/python benchmarks/bench_duplicate.py [--deals 4000000] [--repeat 5]
        [--threads 1,2] [--pairs reference:reference,advanced:reference]
"""

from __future__ import annotations

import argparse
import datetime
import os
import statistics
import time

from euchre_sim.analysis.match import duplicate_deals
from euchre_sim.engine.bench import cpu_model, cref_rate, find_cref
from euchre_sim.engine.simulate import set_threads
from euchre_sim.game.rules import Rules
from euchre_sim.jobs.runner import run_simulation
from euchre_sim.strategies import get_strategy


def timed(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def rounds(sim, dup, repeat: int) -> tuple[float, float, float]:
    """``repeat`` rounds, each timing the simulation and then the match back to back: (the
    best simulation time, the best match time, the median of the rounds' match/simulation
    ratios). The median of paired rounds follows the machine's drift, which on a shared
    machine moves a best-of figure taken phase after phase by ten per cent and more."""
    sims, dups = [], []
    for _ in range(repeat):
        sims.append(timed(sim))
        dups.append(timed(dup))
    return min(sims), min(dups), statistics.median(d / s for s, d in zip(sims, dups, strict=True))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=4_000_000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--pairs", default="reference:reference,advanced:reference",
                    help="comma-separated A:B strategy pairs (the simulation plays A against B)")
    ap.add_argument("--cref", default=None, help="path to cref-rate (default: auto-detect)")
    args = ap.parse_args()
    rules = Rules()
    cref = find_cref(args.cref)
    print(f"duplicate match against simulation, {args.deals:,} deals, {args.repeat} rounds; "
          f"{datetime.datetime.now():%Y-%m-%d %H:%M}, {cpu_model()}")
    print(f"{'A':>10} {'B':>10} {'threads':>7} {'simulate/s':>12} {'match deals/s':>14} "
          f"{'cost':>6} {'best/best':>9} {'C deals/s':>12}")
    for threads in (int(t) for t in args.threads.split(",")):
        set_threads(threads)
        for pair in args.pairs.split(","):
            a, b = (get_strategy(s) for s in pair.split(":"))
            warm = min(args.deals, 65_536)

            def simulate(n: int, a=a, b=b, threads=threads) -> None:
                run_simulation(rules, "north-american", a, b, 1, deals=n, threads=threads,
                               progress=False, echo=lambda *_: None)

            simulate(warm)
            duplicate_deals(rules, a, b, warm, 1, threads=threads)
            sim, dup, cost = rounds(
                lambda: simulate(args.deals),
                lambda a=a, b=b, t=threads: duplicate_deals(rules, a, b, args.deals, 1,
                                                            threads=t),
                args.repeat)
            c = cref_rate(cref, 3.0, threads) if cref else None
            ctext = f"{c:12,.0f}" if c else f"{'n/a':>12}"
            print(f"{a.label:>10} {b.label:>10} {threads:>7} {args.deals / sim:12,.0f} "
                  f"{args.deals / dup:14,.0f} {cost:6.2f} {dup / sim:9.2f} {ctext}")
    print("(cost: the match's time in simulations of the same deals, the median of rounds "
          "that time one and then the other; best/best: the best match over the best "
          "simulation; each deal of a match is played twice, once from each side)")
    print(f"(machine: {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
