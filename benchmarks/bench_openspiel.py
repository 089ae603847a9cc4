"""A duplicate match of a project strategy against OpenSpiel's IS-MCTS bot (and its uniform
random bot) on OpenSpiel's game (ruleset ``openspiel``), through the agent interface
(``euchre_sim.agents.openspiel``). A measurement, not a test: the README's table row.

    .venv/bin/python benchmarks/bench_openspiel.py [--deals 2000] [--simulations 1000]
        [--strategy advanced] [--seed 1] [--uniform]

IS-MCTS is ``pyspiel.ISMCTSBot`` with a random-rollout evaluator (one rollout per leaf,
UCT constant 2), resampling the hidden cards from its information state at every simulation.
Every deal is played twice with the sides swapped; the interval is paired by deal.
"""

from __future__ import annotations

import argparse
import time

from euchre_sim import agents
from euchre_sim.agents import openspiel
from euchre_sim.game.rules import Rules


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=2000, help="boards (each played twice)")
    ap.add_argument("--simulations", type=int, default=1000, help="IS-MCTS simulations a move")
    ap.add_argument("--strategy", default="advanced", help="the project's side")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--uniform", action="store_true", help="also against the uniform bot")
    args = ap.parse_args()
    rules = Rules.named("openspiel")
    opponents = [openspiel.ismcts_bot(args.simulations, seed=args.seed)]
    if args.uniform:
        opponents.append(openspiel.uniform_bot(args.seed))
    for bot in opponents:
        start = time.perf_counter()
        result = agents.match(args.strategy, bot, rules, deals=args.deals, seed=args.seed)
        took = time.perf_counter() - start
        print(result.to_text().split("\ndecisions of")[0])
        lo, hi = result.interval()
        print(f"| {args.strategy} vs {bot.name} | {args.deals:,} | {result.diff.mean:+.4f} "
              f"({lo:+.4f}..{hi:+.4f}) | {took:.0f} s |\n")


if __name__ == "__main__":
    main()
