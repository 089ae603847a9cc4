"""The ``chart``, ``equity`` and ``sweep`` commands: their options, read back as the jobs'
typed arguments (``euchre_sim.jobs.study``). Argument handling only."""

from __future__ import annotations

import argparse

from .. import jobs
from ..game.defaults import DEFAULT_DEALS, DEFAULT_SEED, DEFAULT_TABLE
from ..jobs import CHARTS
from .args import (
    add_compute_args,
    add_output_args,
    add_rules_args,
    add_threads_arg,
    compute_of,
    output_of,
    positive_type,
    rule_choice,
    seed_type,
    strategy_type,
)


def add_chart_parser(sub) -> None:
    """The ``chart`` subcommand."""
    ch = sub.add_parser(
        "chart", help="strategy charts: order-up and go-alone charts by hand class and seat",
        description="order-up: play random deals with one seat's round-1 decision forced "
        "(pass, order up, order up alone), group them by the seat's hand class (trumps, "
        "bowers, off-suit aces), and chart the best action and its margin for each class and "
        "seat, like a blackjack basic-strategy chart. go-alone: from the same deals, the gain "
        "of ordering up alone over ordering up with the partner and the lone march rate, by "
        "class and seat. deal-value: the dealing side's points per deal minus the other's, "
        "by how trump was made (round 1, round 2, stuck; by the maker's seat), from self-play. "
        "stick-the-dealer: the same deals played with stick the dealer and with hands thrown "
        "in: how often each happens, what those deals are worth to the dealer's side, and how "
        "the value of the deal moves, paired by deal. bid (at an auction table: --rules "
        "bid-euchre, bid-euchre-six or bid-euchre-eight; --strategy a basic table strategy, "
        "default basic): the same deals played once per forced opening of the eldest (pass, "
        "each bid), the value of each by his hand strength (basic's trick estimate), the best "
        "opening and its margin. (Sweep curves and the match-equity heat "
        "map come with `sweep --out` and `equity --out`.)",
    )
    ch.add_argument("which", choices=CHARTS,
                    help="the chart to draw")
    ch.add_argument("--strategy", default=None, type=strategy_type,
                    help=f"the table's strategy (default: {DEFAULT_TABLE}; at an auction table, "
                    "chart bid: basic)")
    add_rules_args(ch)
    ch.add_argument("--deals", type=positive_type, default=200_000,
                    help="random deals per seat; for deal-value and stick-the-dealer, deals "
                    "(default 200000)")
    ch.add_argument("--seed", type=seed_type, default=DEFAULT_SEED,
                    help="seed (default 1)")
    add_threads_arg(ch)
    add_output_args(ch, "write the chart into DIR (required)", progress=False)
    ch.set_defaults(func=run_chart)


def add_equity_parser(sub) -> None:
    """The ``equity`` subcommand."""
    eq = sub.add_parser(
        "equity", help="match equity: P(win the game) from every score, a strategy vs itself",
        description="Play N games of STRATEGY against itself and estimate the probability of "
        "winning from every score (ours, theirs, who deals) with Wilson intervals. With --out, "
        "write equity.csv, equity.txt, meta.json and a heat map.",
    )
    eq.add_argument("--strategy", default=DEFAULT_TABLE, type=strategy_type,
                    help=f"the strategy (default: {DEFAULT_TABLE})")
    add_rules_args(eq)
    eq.add_argument("--games", type=positive_type, default=DEFAULT_DEALS,
                    help="games (default 100000)")
    eq.add_argument("--seed", type=seed_type, default=DEFAULT_SEED,
                    help="seed (default 1)")
    add_compute_args(eq)
    add_output_args(eq, "write the results into DIR")
    eq.set_defaults(func=run_equity)


def add_sweep_parser(sub) -> None:
    """The ``sweep`` subcommand."""
    sw = sub.add_parser(
        "sweep", help="sweep strategy parameters against a field on the same deals",
        description="Play STRATEGY with every value (or pair of values) of the given parameters "
        "in a duplicate match against --vs, all on the same deals (common random numbers), "
        "and report each point's points per deal with a 95 % interval and the best point. "
        "With --out, write sweep.csv, sweep.txt, meta.json and a chart (a curve, or a heat "
        "map for two parameters).",
    )
    sw.add_argument("strategy", metavar="STRATEGY", type=strategy_type,
                    help="the strategy whose parameters vary")
    sw.add_argument("--param", action="append", required=True, metavar="KEY=RANGE",
                    help="KEY=start:stop:step (stop included) or KEY=v1,v2,...; once or twice")
    sw.add_argument("--vs", default=None, type=strategy_type, metavar="FIELD",
                    help="the fixed opponent (default: STRATEGY with its parameters "
                    "unchanged, at every table)")
    add_rules_args(sw)
    count = sw.add_mutually_exclusive_group()
    count.add_argument("--deals", type=positive_type, default=None,
                       help="duplicate deals per grid point (default 100000)")
    count.add_argument("--games", type=positive_type, default=None,
                       help="duplicate whole games per grid point instead of deals: the best "
                       "point is the one that wins most games")
    sw.add_argument("--seed", type=seed_type, default=DEFAULT_SEED,
                    help="run seed (default 1)")
    add_compute_args(sw)
    add_output_args(sw, "write the results into DIR")
    sw.set_defaults(func=run_sweep)


def run_chart(args: argparse.Namespace) -> int:
    jobs.chart(args.which, output_of(args), args.strategy, rule_choice(args), deals=args.deals,
               seed=args.seed, threads=args.threads)
    return 0


def run_equity(args: argparse.Namespace) -> int:
    jobs.equity(args.strategy, rule_choice(args), games=args.games, seed=args.seed,
                compute=compute_of(args), output=output_of(args), progress=not args.no_progress)
    return 0


def run_sweep(args: argparse.Namespace) -> int:
    jobs.sweep(args.strategy, args.param, rule_choice(args), args.vs, deals=args.deals,
               games=args.games, seed=args.seed, compute=compute_of(args),
               output=output_of(args), progress=not args.no_progress)
    return 0
