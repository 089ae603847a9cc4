"""Did a change slow the kernels? Two checkouts of the code timed in turn (a measurement).

"The four-handed engine's figures must not drop" is checked by timing the old and the new
code on the same machine in the same minutes: each round runs ``engine_rate`` (the kernels,
warm, no I/O, standard rules, one strategy on both sides) in a fresh Python process per
checkout, the order alternated, and the ratio new/old of each round is kept. Make the old
checkout with ``git worktree add --detach ../old COMMIT``; each checkout's kernels compile
once into their own cache (about a minute each the first time).

    .venv/bin/python benchmarks/bench_versions.py OLD_DIR NEW_DIR [--strategy reference]
        [--rounds 8] [--threads 1] [--paired] [--old-strategy S]

``--paired`` (one thread, two or more cores) runs the old and the new code at the same time,
each pinned to a core of its own (``taskset``), and swaps the cores every round: both meet the
same minutes of another tenant's load, and the geometric mean over an even number of rounds
cancels a difference between the two cores. On this shared 2-core machine an A/A run of
4 paired rounds spread 0.95..1.03; a change timed in turn the same hour spread 0.80..1.41
(docs/speed.md, 2026-12-04).

``--old-strategy`` times another strategy on the old side: with the same checkout twice, a
paired ratio of two strategies, e.g. issue 14's "the scripted players at 0.5 of the reference
script" (``. . --strategy tuned --old-strategy "reference (general kernel)" --paired``).
"""

from __future__ import annotations

import argparse
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

CODE = ("import sys; sys.path.insert(0, {tree!r})\n"
        "try:\n    from euchre_sim.engine.bench import engine_rate\n"
        "except ImportError:  # a checkout from before the layer folders\n"
        "    from euchre_sim.bench import engine_rate\n"
        "engine_rate(0.3, {threads}, strategy={s!r}); "
        "print(max(engine_rate(1.0, {threads}, strategy={s!r}) for _ in range(3)))")


def start(tree: Path, strategy: str, threads: int, cwd: str,
          cpu: int | None = None) -> subprocess.Popen:
    """A fresh process timing the code in ``tree`` (best of 3 one-second kernel timings), run
    outside any checkout so that ``tree`` is the one imported; pinned to core ``cpu`` if
    given. Started without waiting: ``finished_rate`` collects it."""
    code = CODE.format(tree=str(tree), s=strategy, threads=threads)
    pin = [] if cpu is None else ["taskset", "-c", str(cpu)]
    return subprocess.Popen(pin + [sys.executable, "-c", code], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=cwd)


def finished_rate(proc: subprocess.Popen) -> float:
    out, err = proc.communicate()
    if proc.returncode != 0:
        raise SystemExit(f"bench_versions: a timing process failed: {err.strip()[-300:]}")
    return float(out.strip().splitlines()[-1])


def rate(tree: Path, strategy: str, threads: int) -> float:
    """``tree``'s rate, timed alone."""
    with tempfile.TemporaryDirectory() as cwd:
        return finished_rate(start(tree, strategy, threads, cwd))


def paired(old: Path, new: Path, old_strategy: str, strategy: str,
           rounds: int) -> tuple[list, list]:
    """Old and new timed at the same time on cores 0 and 1, the cores swapped each round."""
    olds, news = [], []
    with tempfile.TemporaryDirectory() as cwd:
        for i in range(rounds):
            a = start(old, old_strategy, 1, cwd, cpu=i % 2)
            b = start(new, strategy, 1, cwd, cpu=1 - i % 2)
            olds.append(finished_rate(a))
            news.append(finished_rate(b))
            print(f"round {i + 1}: old {olds[-1]:,.0f} (core {i % 2}), new {news[-1]:,.0f}: "
                  f"{news[-1] / olds[-1]:.3f}", flush=True)
    return olds, news


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old", type=Path, help="checkout of the old code (its repository root)")
    ap.add_argument("new", type=Path, help="checkout of the new code")
    ap.add_argument("--strategy", default="reference", help="strategy on both sides")
    ap.add_argument("--old-strategy", default=None,
                    help="the strategy the old checkout plays instead (default: --strategy); "
                         '"reference (general kernel)" names the reference script through '
                         "the general kernel")
    ap.add_argument("--rounds", type=int, default=8, help="alternated rounds (default 8)")
    ap.add_argument("--threads", type=int, default=1, help="kernel threads (default 1)")
    ap.add_argument("--paired", action="store_true",
                    help="run old and new at the same time, one core each, swapped every "
                         "round (one thread; needs taskset and two cores)")
    args = ap.parse_args()
    for tree in (args.old, args.new):
        if not (tree / "euchre_sim" / "__init__.py").is_file():
            ap.error(f"{tree} is not a checkout of euchre_sim (no euchre_sim/__init__.py)")
    if args.rounds < 2:
        ap.error("--rounds must be at least 2")
    old_strategy = args.old_strategy or args.strategy
    label = (args.strategy if old_strategy == args.strategy
             else f"{args.strategy} (new) against {old_strategy} (old)")
    if args.paired:
        if args.threads != 1:
            ap.error("--paired times one thread per checkout")
        if shutil.which("taskset") is None or (os.cpu_count() or 1) < 2:
            ap.error("--paired needs taskset and at least two cores")
        if args.rounds % 2:
            ap.error("--paired needs an even number of rounds (each core runs each side)")
        old, new = paired(args.old.resolve(), args.new.resolve(), old_strategy, args.strategy,
                          args.rounds)
        ratios = [b / a for a, b in zip(old, new, strict=True)]
        gm = math.exp(sum(map(math.log, ratios)) / len(ratios))
        print(f"{label}, paired, {args.rounds} rounds: new/old geometric mean "
              f"{gm:.4f}, median {statistics.median(ratios):.4f} "
              f"({min(ratios):.4f}..{max(ratios):.4f})")
        return
    old, new = [], []
    for i in range(args.rounds):
        if i % 2:
            new.append(rate(args.new.resolve(), args.strategy, args.threads))
            old.append(rate(args.old.resolve(), old_strategy, args.threads))
        else:
            old.append(rate(args.old.resolve(), old_strategy, args.threads))
            new.append(rate(args.new.resolve(), args.strategy, args.threads))
    ratios = [b / a for a, b in zip(old, new, strict=True)]
    print(f"{label}, {args.threads} thread(s), {args.rounds} rounds: old median "
          f"{statistics.median(old):,.0f} deals/s, new {statistics.median(new):,.0f}; new/old "
          f"median {statistics.median(ratios):.4f} ({min(ratios):.4f}..{max(ratios):.4f})")


if __name__ == "__main__":
    main()
