"""The ``euchre-sim`` command: argument handling and calls, no game logic."""

from __future__ import annotations

import argparse
import math
import os
import re
import signal
import sys
import time
from collections.abc import Sequence
from typing import NoReturn

from . import __version__
from .analysis.analyze import CHECK_DEALS, CHECK_TABLE, DEFAULT_TABLE
from .analysis.situation import AnalysisError, Situation, parse_situation, read_situation
from .analysis.sweep import SweepError
from .analysis.variants import SearchError
from .backends import BackendError, ShardProgress
from .bench import BenchError
from .cards import CardError
from .experiments import CHARTS, ExperimentError
from .results import ResultsError
from .rules import RULESETS, Rules, RulesError, describe_rulesets, parse_assignments
from .simulate import SimulationError
from .solver import SolverError
from .strategies import Strategy, StrategyError, describe_strategies, get_strategy

EPILOG = """examples:
  euchre-sim simulate --strategy reference --deals 1000000 --seed 7
  euchre-sim simulate --rules british --strategy random --vs reference --games 10000 --seed 1
  euchre-sim simulate --set deck=25 --set super_euchre=true --strategy reference \\
      --deals 200000 --seed 3 --out results/benny
  euchre-sim show --seed 7 --deal 12
  euchre-sim tune advanced --param round1.threshold.dealer=10:14 --param 'play.*' \\
      --vs advanced --deals 200000 --trials 50 --out results/tuned
  euchre-sim stability advanced --deals 200000
  euchre-sim rules
  euchre-sim bench
  euchre-sim solve --hands "JH JD AH KH AS" "9C TC JC QC KC" "9S TS QS KS AC" \\
      "9D TD QD KD AD" --trump H --maker 0 --leader 1
"""

USER_ERRORS = (BenchError, CardError, RulesError, StrategyError, SimulationError, ResultsError,
               SolverError, SweepError, SearchError, AnalysisError, ExperimentError,
               BackendError)


def _seed(text: str) -> int:
    try:
        value = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be an integer, got {text!r}") from None
    if not 0 <= value < 2**64:
        raise argparse.ArgumentTypeError(f"seed must be in [0, 2**64), got {value}")
    return value


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr (the usage is in --help), exit
    status 2, like every other error of the tool. Subcommands' parsers are of this class too."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


MAX_INDEX = 2**62  # counts and indices stay far inside the kernels' int64


def _int_at_least(low: int, what: str):
    """An argparse type: an integer >= ``low`` and at most ``MAX_INDEX`` (underscores
    allowed: 1_000_000)."""

    def parse(text: str) -> int:
        try:
            value = int(text.replace("_", ""))
        except ValueError:
            value = None
        if value is None or not low <= value <= MAX_INDEX:
            raise argparse.ArgumentTypeError(f"expected {what} (at most 2**62), got {text!r}")
        return value

    return parse


_positive = _int_at_least(1, "a positive integer")
_nonnegative = _int_at_least(0, "an integer >= 0")


def _positive_float(text: str) -> float:
    """An argparse type: a finite number > 0."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"expected a finite number > 0, got {text!r}")
    return value


SCHEDULER_RE = re.compile(r"(?:[a-z][a-z0-9+.-]*://)?[^\s/:]+:\d{1,5}")


def _scheduler(text: str) -> str:
    """An argparse type: a Dask scheduler address with a port, e.g. tcp://10.0.0.5:8786."""
    if not SCHEDULER_RE.fullmatch(text.strip()):
        raise argparse.ArgumentTypeError(f"expected a scheduler address with a port, e.g. "
                                         f"tcp://10.0.0.5:8786, got {text!r}")
    return text.strip()


def _folder(text: str) -> str:
    """An argparse type: a folder name (not empty)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("the folder name is empty")
    return text


def _add_rules_args(p: argparse.ArgumentParser, default: str | None = "north-american",
                    note: str = "") -> None:
    """``--rules NAME`` and ``--set OPTION=VALUE``, read back by :func:`_rules`."""
    p.add_argument("--rules", default=default, metavar="NAME",
                   help=f"named ruleset: {', '.join(RULESETS)} (default: north-american{note})")
    p.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                   help="override one rule option, e.g. --set deck=25 (repeatable; see "
                   "`euchre-sim rules`)")


def _rules(args: argparse.Namespace, extra: Sequence[str] = ()) -> Rules:
    """The rules that ``--rules`` and ``--set`` (then ``extra`` assignments) name."""
    return Rules.named(args.rules or "north-american",
                       **parse_assignments([*args.set, *extra]))


def _add_output_args(p: argparse.ArgumentParser, what: str, progress: bool = True) -> None:
    p.add_argument("--out", type=_folder, default=None, metavar="DIR", help=what)
    p.add_argument("--overwrite", action="store_true", help="replace DIR if it exists")
    if progress:
        p.add_argument("--no-progress", action="store_true", help="hide the progress bar")


def _add_threads_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--threads", type=_positive, default=None,
                   help="numba threads (default: all cores)")


def _add_cluster_args(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group(
        "scale-out (see docs/cluster.md; results are identical to an in-process run)")
    where = g.add_mutually_exclusive_group()
    where.add_argument("--scheduler", metavar="ADDRESS", default=None, type=_scheduler,
                       help="run the shards on an existing Dask scheduler, e.g. "
                       "tcp://10.0.0.5:8786")
    where.add_argument("--cluster", metavar="local[:N]", default=None,
                       help="run the shards on a local Dask cluster of N worker processes "
                       "(default N: one per core)")
    g.add_argument("--shard-size", type=_positive, default=None, metavar="N",
                   help="deals (or games) per shard on a cluster (default: about four shards "
                   "per worker)")


def _add_compute_args(p: argparse.ArgumentParser) -> None:
    _add_threads_arg(p)
    _add_cluster_args(p)


def _cluster_argv(args: argparse.Namespace) -> list[str]:
    """The scale-out options as command-line words (to pass them on)."""
    argv = []
    for flag, value in (("--scheduler", args.scheduler), ("--cluster", args.cluster),
                        ("--shard-size", args.shard_size)):
        if value is not None:
            argv += [flag, str(value)]
    return argv


def _backend(args: argparse.Namespace):
    """The backend the options ask for (in-process unless --scheduler or --cluster)."""
    from .backends import open_backend

    backend = open_backend(args.scheduler, args.cluster, args.threads)
    if backend.name != "in-process":
        print(f"running on Dask ({backend.address}, {backend.workers} workers)",
              file=sys.stderr)
    return backend


def _writer(args: argparse.Namespace):
    """The run-folder writer for ``--out`` (None without it); it refuses an existing folder
    without ``--overwrite`` before any work is done."""
    from .results import RunWriter

    if not args.out:
        return None
    return RunWriter(args.out, overwrite=args.overwrite, extras=getattr(args, "extras", None))


def _bar(args: argparse.Namespace, total: int, unit: str):
    """A progress bar on stderr (hidden by ``--no-progress``), counting ``unit``."""
    from tqdm import tqdm

    return tqdm(total=total, unit=f" {unit}", unit_scale=True, leave=False,
                disable=args.no_progress or None)


def _meta(args: argparse.Namespace, rules: Rules, kind: str, started: float, **fields) -> dict:
    """``meta.json`` of a run: its kind, rules, fields, seed, time taken and provenance."""
    from .results import provenance

    return {"kind": kind, "ruleset": args.rules, "rules": rules.to_dict(), **fields,
            "seed": args.seed, "elapsed_s": round(time.time() - started, 3), **provenance()}


def _add_game_args(p: argparse.ArgumentParser) -> None:
    _add_rules_args(p)
    p.add_argument(
        "--strategy", default="reference", metavar="NAME",
        help="strategy of team 0 (seats 0, 2): a built-in (random, reference, basic, advanced, "
        "aggressive, conservative) or a .toml file, optionally NAME:key=value,... "
        "(default: reference; see `euchre-sim strategies`)",
    )
    p.add_argument(
        "--vs", default=None, metavar="NAME",
        help="strategy of team 1 (seats 1, 3); default: the same as --strategy",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="euchre-sim",
        description="Monte Carlo simulator for Euchre: deals and whole games under any rule "
        "option, scripted strategies, reproducible from a seed.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"euchre-sim {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    sim = sub.add_parser(
        "simulate", help="simulate deals or whole games and summarise them",
        description="Play N deals (or N games to the target score) and print a summary with "
        "standard errors. With --out, write deals.parquet (and games.parquet), meta.json, "
        "summary.txt and a chart into DIR (atomically).",
    )
    _add_game_args(sim)
    count = sim.add_mutually_exclusive_group()
    count.add_argument("--deals", type=_positive, help="number of deals (default 100000)")
    count.add_argument("--games", type=_positive, help="number of whole games instead of deals")
    sim.add_argument("--seed", type=_seed, default=None,
                     help="run seed (default: a random one, printed and recorded)")
    _add_compute_args(sim)
    _add_output_args(sim, "write results into DIR")
    sim.add_argument("--no-records", action="store_true",
                     help="with --out, write only the summary and meta (no per-deal records)")

    show = sub.add_parser(
        "show", help="replay one deal of a run and print it played out",
        description="Replay deal I of the run with seed S (deal mode) and print the hands, the "
        "bidding and each trick.",
    )
    _add_game_args(show)
    show.add_argument("--seed", type=_seed, required=True, help="the run's seed")
    show.add_argument("--deal", type=_nonnegative, required=True, metavar="I",
                      help="deal index (0-based)")

    sub.add_parser("rules", help="list the named rulesets and every rule option")
    sub.add_parser("strategies", help="list the built-in strategies and their parameters")

    bench = sub.add_parser(
        "bench", help="measure deals/s beside the C yardstick",
        description="Plays the reference strategy under standard rules on 1 thread and on all "
        "cores, runs ../shared/bench/cref-rate beside it, and prints the ratios plus the cold "
        "and warm start times. A measurement, not a test.",
    )
    bench.add_argument("--seconds", type=_positive_float, default=3.0,
                       help="time per measurement")
    bench.add_argument("--cref", default=None, help="path to cref-rate (default: auto-detect)")
    bench.add_argument("--strategies", default="reference", metavar="LIST",
                       help="comma-separated strategies to time, each playing both sides "
                       "(default: reference; e.g. reference,basic,advanced)")

    match = sub.add_parser(
        "match", help="duplicate match of two strategies: each deal played twice, sides swapped",
        description="Play every deal (or game) twice with the sides swapped, so the luck of "
        "the cards cancels, and report A's points per deal minus B's with a paired 95 % "
        "interval (and, with --games, A's game-win rate with an interval paired by board and a "
        "Wilson interval).",
    )
    match.add_argument("a", metavar="A", help="strategy A (name, .toml file, NAME:key=value)")
    match.add_argument("b", metavar="B", help="strategy B")
    _add_rules_args(match)
    mcount = match.add_mutually_exclusive_group()
    mcount.add_argument("--deals", type=_positive, help="duplicate deals (default 100000)")
    mcount.add_argument("--games", type=_positive, help="duplicate games instead of deals")
    match.add_argument("--seed", type=_seed, default=1, help="run seed (default 1)")
    match.add_argument("--precision", type=_positive_float, default=None, metavar="W",
                       help="stop as soon as the 95 %% interval's half-width is <= W points "
                       "per deal (--deals is then the most it plays): 'run until we know'")
    _add_compute_args(match)
    _add_output_args(match, "write match.json and meta.json into DIR")

    an = sub.add_parser(
        "analyze", help="what should I bid, discard or play? the value of every option",
        description="Deal the cards you cannot see many times, consistently with everything "
        "you know (cards played, suits shown out of, the up-card in the dealer's hand), keep "
        "the deals in which the other players would have bid as they did (your own decisions "
        "are forced, not filtered on), play every option of your decision out on the same "
        "deals with the history replayed and the table's strategy for the rest, and report "
        "each option's points per deal for your side with an interval, the best option, and "
        "by how much. Under several tables, say whether the verdict changes between them. "
        "The situation is the flags below, or one line: --situation 'hand=... up=... "
        "seat=...' (docs/analyze.md).",
    )
    an.add_argument("--situation", default=None, metavar="TEXT",
                    help='the whole situation in one line, e.g. \'hand=KH,AH,QS up=9H '
                    'seat=dealer bidding="pass pass pass order" discard=9C tricks="..."\' '
                    "(instead of the flags below)")
    an.add_argument("--hand", help='the cards you hold now, e.g. "JH JD AH KH AS" (before '
                    "your discard, without the up-card)")
    an.add_argument("--up", help="the up-card, e.g. 9H")
    an.add_argument("--seat", metavar="SEAT",
                    help="your seat: eldest, partner (the dealer's), third or dealer")
    an.add_argument("--bidding", default=None, help='the bids so far from the eldest hand, '
                    'e.g. "pass pass" or "pass order alone" or "pass pass pass pass hearts"')
    an.add_argument("--discard", default=None, help="your discard, when you are the dealer and "
                    "took up (leave it out to ask what to discard)")
    an.add_argument("--defend", default=None, metavar="SEAT|none",
                    help="who defended alone, or none (defender_alone rules; leave it out to "
                    "ask whether to defend alone)")
    an.add_argument("--tricks", default=None, help='the cards played, trick by trick, e.g. '
                    '"eldest:AC partner:9C third:TC dealer:KC | dealer:JH"')
    an.add_argument("--score", default=None, help="ours-theirs before the deal, e.g. 8-6 (the "
                    "table's score-aware decisions use it)")
    _add_rules_args(an)
    an.add_argument("--table", default=None, metavar="STRATEGY[,STRATEGY...]",
                    help="strategy of every player at the table; several, separated by "
                    "commas, answer under each and say whether the verdict changes (default: "
                    f"{DEFAULT_TABLE}, cross-checked by {CHECK_TABLE} on --check-deals deals)")
    an.add_argument("--deals", type=_positive, default=50_000,
                    help="consistent deals per option, under each table (default 50000); "
                    "at most 200 random deals are drawn per deal wanted, and if fewer than "
                    "min(100, DEALS) fit the others' bidding the situation is refused as "
                    "unlikely under that table")
    an.add_argument("--check-deals", type=_int_at_least(0, "a number of deals >= 0"),
                    default=None, metavar="N",
                    help=f"deals of the {CHECK_TABLE} check of the default table (default "
                    f"{CHECK_DEALS:,}, about 5-15 s of one core; 0 skips it)")
    an.add_argument("--seed", type=_seed, default=1, help="seed (default 1)")
    _add_compute_args(an)
    _add_output_args(an, "write analysis.csv, analysis.txt and meta.json into DIR", progress=False)

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
        "the value of the deal moves, paired by deal. (Sweep curves and the match-equity heat "
        "map come with `sweep --out` and `equity --out`.)",
    )
    ch.add_argument("which", choices=CHARTS,
                    help="the chart to draw")
    ch.add_argument("--strategy", default=DEFAULT_TABLE,
                    help=f"the table's strategy (default: {DEFAULT_TABLE})")
    _add_rules_args(ch)
    ch.add_argument("--deals", type=_positive, default=200_000,
                    help="random deals per seat; for deal-value and stick-the-dealer, deals "
                    "(default 200000)")
    ch.add_argument("--seed", type=_seed, default=1, help="seed (default 1)")
    _add_threads_arg(ch)
    _add_output_args(ch, "write the chart into DIR (required)", progress=False)

    rn = sub.add_parser(
        "run", help="run an experiment file into results/NAME/RUN_ID/",
        description="Run experiments/NAME.toml (kind simulate, match, sweep, equity, analyze, "
        "tune, stability, climb, bias or chart) and write its results, the resolved config and the "
        "exact command into results/NAME/RUN_ID/ (atomically).",
    )
    rn.add_argument("file", metavar="FILE", help="the experiment TOML file")
    rn.add_argument("--results", type=_folder, default="results", metavar="DIR",
                    help="where result folders go (default: results)")
    _add_cluster_args(rn)

    eq = sub.add_parser(
        "equity", help="match equity: P(win the game) from every score, a strategy vs itself",
        description="Play N games of STRATEGY against itself and estimate the probability of "
        "winning from every score (ours, theirs, who deals) with Wilson intervals. With --out, "
        "write equity.csv, equity.txt, meta.json and a heat map.",
    )
    eq.add_argument("--strategy", default="advanced", help="the strategy (default: advanced)")
    _add_rules_args(eq)
    eq.add_argument("--games", type=_positive, default=100_000, help="games (default 100000)")
    eq.add_argument("--seed", type=_seed, default=1, help="seed (default 1)")
    _add_compute_args(eq)
    _add_output_args(eq, "write the results into DIR")

    sw = sub.add_parser(
        "sweep", help="sweep strategy parameters against a field on the same deals",
        description="Play STRATEGY with every value (or pair of values) of the given parameters "
        "in a duplicate match against --vs, all on the same deals (common random numbers), "
        "and report each point's points per deal with a 95 % interval and the best point. "
        "With --out, write sweep.csv, sweep.txt, meta.json and a chart (a curve, or a heat "
        "map for two parameters).",
    )
    sw.add_argument("strategy", metavar="STRATEGY", help="the strategy whose parameters vary")
    sw.add_argument("--param", action="append", required=True, metavar="KEY=RANGE",
                    help="KEY=start:stop:step (stop included) or KEY=v1,v2,...; once or twice")
    sw.add_argument("--vs", default="reference", metavar="FIELD",
                    help="the fixed opponent (default: reference)")
    _add_rules_args(sw)
    count = sw.add_mutually_exclusive_group()
    count.add_argument("--deals", type=_positive, default=None,
                       help="duplicate deals per grid point (default 100000)")
    count.add_argument("--games", type=_positive, default=None,
                       help="duplicate whole games per grid point instead of deals: the best "
                       "point is the one that wins most games")
    sw.add_argument("--seed", type=_seed, default=1, help="run seed (default 1)")
    _add_compute_args(sw)
    _add_output_args(sw, "write the results into DIR")

    from .cli_bias import add_bias_parser
    from .cli_search import add_search_parsers

    add_search_parsers(sub)
    add_bias_parser(sub)

    solve = sub.add_parser(
        "solve", help="solve a play position with every hand open (double dummy)",
        description="The exact value of a play position with all four hands visible: the "
        "makers' tricks and points under best play by both sides, and the value of each legal "
        "card of the player to move. See docs/solver.md.",
    )
    solve.add_argument("--hands", nargs=4, required=True, metavar="HAND",
                       help='the four hands, seats 0..3, e.g. "JH JD AH KH AS"; "-" for a '
                       "seat sitting out; with --trick/--tricks the cards still held")
    solve.add_argument("--trump", required=True, help="trump suit: C, D, H, S")
    solve.add_argument("--maker", type=int, required=True, metavar="SEAT",
                       help="the seat that made trump")
    solve.add_argument("--leader", type=int, required=True, metavar="SEAT",
                       help="the seat leading the current trick")
    solve.add_argument("--alone", action="store_true", help="the maker plays alone")
    solve.add_argument("--defender-alone", type=int, default=None, metavar="SEAT",
                       help="a defender plays alone")
    solve.add_argument("--trick", default="", metavar="CARDS",
                       help='cards already played to the current trick, from the leader ("AS KS")')
    solve.add_argument("--tricks", type=int, nargs=2, default=(0, 0), metavar=("MAKERS", "DEF"),
                       help="tricks already won by the makers and by the defenders")
    _add_rules_args(solve, default=None, note="; cards of any deck are accepted unless "
                    "--rules or a deck is given")
    solve.add_argument("--deck", type=int, default=None, choices=(24, 25, 32, 33),
                       help="refuse cards outside this deck (same as --set deck=N)")
    solve.add_argument("--no-first-blood", action="store_true",
                       help="the first lead may not be a trump unless the leader holds only trumps "
                       "(same as --set no_first_blood=true)")
    solve.add_argument("--super-euchre", action="store_true",
                       help="makers taking no trick give the defenders 4 (same as --set "
                       "super_euchre=true)")
    return parser


def cmd_simulate(args: argparse.Namespace) -> int:
    from .runner import run_simulation

    if args.no_records and not args.out:
        raise ResultsError("--no-records says what --out writes: give --out DIR")
    rules = _rules(args)
    a = get_strategy(args.strategy)
    b = get_strategy(args.vs) if args.vs else None
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(8), "little") >> 1
    if args.seed is None:
        print(f"seed: {seed} (pass --seed {seed} to reproduce)")
    with _backend(args) as backend:
        run_simulation(
            rules=rules,
            rules_name=args.rules,
            a=a,
            b=b,
            deals=args.deals if args.games is None else None,
            games=args.games,
            seed=seed,
            threads=args.threads,
            out=args.out,
            overwrite=args.overwrite,
            extras=getattr(args, "extras", None),
            records=not args.no_records,
            progress=not args.no_progress,
            backend=backend,
            shard=args.shard_size,
        )
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    from .display import format_deal
    from .simulate import replay_deal

    rules = _rules(args)
    rep = replay_deal(rules, args.strategy, args.vs, args.seed, args.deal)
    head = (
        f"Deal {args.deal} of seed {args.seed}, rules {args.rules}"
        + (f" ({', '.join(args.set)})" if args.set else "")
        + f"; team 0 plays {args.strategy}, team 1 plays {args.vs or args.strategy}"
    )
    print(format_deal(rep.record, rep.trace, head))
    return 0


def cmd_solve(args: argparse.Namespace) -> int:
    from .solver import Position, format_result, solve

    shorthands = []  # --deck, --no-first-blood, --super-euchre: the same as their --set
    if args.deck is not None:
        shorthands.append(f"deck={args.deck}")
    if args.no_first_blood:
        shorthands.append("no_first_blood=true")
    if args.super_euchre:
        shorthands.append("super_euchre=true")
    rules = _rules(args, shorthands)
    # Of the rule options only these three bear on a play position. The deck is checked only
    # when a ruleset or a deck is named, so that a bare `solve` takes cards of any deck.
    named_deck = args.rules is not None or "deck" in parse_assignments([*args.set, *shorthands])
    pos = Position(
        args.hands, args.trump, args.maker, args.leader, alone=args.alone,
        defender_alone=args.defender_alone, trick=args.trick, tricks_won=tuple(args.tricks),
        no_first_blood=rules.no_first_blood, super_euchre=rules.super_euchre,
        deck=rules.deck if named_deck else None,
    )
    print(format_result(pos, solve(pos)))
    return 0


def cmd_strategies(args: argparse.Namespace) -> int:
    print(describe_strategies())
    return 0


def cmd_match(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from .analysis.match import duplicate_deals, duplicate_games
    from .results import RunWriter, provenance

    rules = _rules(args)
    a, b = get_strategy(args.a), get_strategy(args.b)
    writer = (RunWriter(args.out, overwrite=args.overwrite, extras=getattr(args, "extras", None))
              if args.out else None)
    n = args.games or args.deals or 100_000
    unit = "games" if args.games else "deals"
    bar = tqdm(total=n, unit=f" {unit}", unit_scale=True, leave=False,
               disable=args.no_progress or None)
    started = time.time()
    with bar, _backend(args) as backend:
        play = duplicate_games if args.games else duplicate_deals
        extra = {"half_width": args.precision} if args.precision else {}
        if args.precision and args.games:
            raise SimulationError("--precision works with --deals")
        if args.precision is not None and args.precision <= 0:
            raise SimulationError(f"--precision must be positive, got {args.precision}")
        result = play(rules, a, b, n, args.seed, threads=args.threads,
                      progress=ShardProgress(bar),
                      backend=backend, shard=args.shard_size, **extra)
    text = result.to_text()
    print(text)
    if writer is not None:
        with writer:
            writer.write_json("match.json", result.to_dict())
            writer.write_text("match.txt", text + "\n")
            writer.write_json("meta.json", {
                "kind": f"duplicate {unit}", "ruleset": args.rules, "rules": rules.to_dict(),
                "a": a.describe(), "b": b.describe(), "seed": args.seed, unit: n,
                "elapsed_s": round(time.time() - started, 3), **provenance()})
        print(f"\nwrote {args.out}/ (match.json, match.txt, meta.json)")
    return 0


def cmd_chart(args: argparse.Namespace) -> int:
    from .analysis.order_chart import order_chart
    from .charts import go_alone_chart, order_up_chart
    from .results import RunWriter, provenance

    if not args.out:
        raise SimulationError("chart needs --out DIR: charts are written as files")
    rules = _rules(args)
    strategy = get_strategy(args.strategy)
    writer = RunWriter(args.out, overwrite=args.overwrite, extras=getattr(args, "extras", None))
    started = time.time()
    if args.which == "deal-value":
        return _deal_value(args, rules, strategy, writer, started)
    if args.which == "stick-the-dealer":
        return _stick_the_dealer(args, rules, strategy, writer, started)
    chart = order_chart(rules, strategy, args.deals, args.seed, threads=args.threads)
    with writer:
        name = args.which.replace("-", "_")
        chart.table.to_csv(writer.path / f"{name}.csv", index=False)
        chart.table.to_parquet(writer.path / f"{name}.parquet", index=False)
        caption = (f"rules: {args.rules}; {args.deals:,} random deals per seat, classes with "
                   f"at least 200 deals; seed {args.seed}")
        draw = order_up_chart if args.which == "order-up" else go_alone_chart
        draw(chart, caption, writer.path / "chart")
        writer.write_json("meta.json", {
            "kind": f"chart {args.which}", "ruleset": args.rules, "rules": rules.to_dict(),
            "strategy": strategy.describe(), "deals_per_seat": args.deals, "seed": args.seed,
            "elapsed_s": round(time.time() - started, 3), **provenance()})
    print(f"wrote {args.out}/ ({name}.csv, {name}.parquet, chart.png, chart.svg, meta.json)")
    return 0


def _deal_value(args, rules, strategy, writer, started) -> int:
    from .analysis.deal_value import deal_value_table
    from .analysis.summary import DealSummary
    from .charts import deal_value_chart
    from .simulate import Matchup, iter_deal_chunks

    summary = DealSummary()
    for recs in iter_deal_chunks(rules, Matchup(strategy, strategy), args.deals, args.seed,
                                 threads=args.threads):
        summary.add(recs)
    with writer:
        writer.write_json("summary.json", summary.to_dict())
        writer.write_frame("deal_value", deal_value_table(summary))
        caption = (f"rules: {args.rules}; {strategy.label} self-play; {args.deals:,} deals; "
                   f"seed {args.seed}")
        deal_value_chart(summary, f"{strategy.label} playing itself", caption,
                         writer.path / "chart")
        writer.write_json("meta.json", _meta(args, rules, "chart deal-value", started,
                                             strategy=strategy.describe(), deals=args.deals))
    print(f"dealing side minus other: {summary.dealer_edge():.4f} points per deal")
    print(f"wrote {args.out}/ (summary.json, deal_value.csv, deal_value.parquet, chart.png, "
          "chart.svg, meta.json)")
    return 0


def _stick_the_dealer(args, rules, strategy, writer, started) -> int:
    from .analysis.deal_value import compare_stick
    from .charts import stick_the_dealer_chart

    result = compare_stick(rules, strategy, args.deals, args.seed, threads=args.threads)
    text = result.to_text()
    with writer:
        writer.write_json("stick.json", result.to_dict())
        writer.write_text("stick.txt", text + "\n")
        caption = (f"rules: {args.rules} with stick_the_dealer on and off; {strategy.label} "
                   f"self-play; {args.deals:,} deals; seed {args.seed}")
        stick_the_dealer_chart(result, caption, writer.path / "chart")
        writer.write_json("meta.json", _meta(args, rules, "chart stick-the-dealer", started,
                                             strategy=strategy.describe(), deals=args.deals))
    print(text)
    print(f"wrote {args.out}/ (stick.json, stick.txt, chart.png, chart.svg, meta.json)")
    return 0


def cmd_equity(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from .analysis.equity import match_equity
    from .charts import equity_chart
    from .results import RunWriter, provenance

    rules = _rules(args)
    strategy = get_strategy(args.strategy)
    writer = (RunWriter(args.out, overwrite=args.overwrite, extras=getattr(args, "extras", None))
              if args.out else None)
    bar = tqdm(total=args.games, unit=" games", unit_scale=True, leave=False,
               disable=args.no_progress or None)
    started = time.time()
    with bar, _backend(args) as backend:
        table = match_equity(rules, strategy, args.games, args.seed, threads=args.threads,
                             progress=ShardProgress(bar), backend=backend,
                             shard=args.shard_size)
    text = table.to_text()
    print(text)
    if writer is not None:
        with writer:
            table.frame().to_csv(writer.path / "equity.csv", index=False)
            table.frame().to_parquet(writer.path / "equity.parquet", index=False)
            writer.write_text("equity.txt", text + "\n")
            caption = f"rules: {args.rules}; {args.games:,} games; seed {args.seed}"
            equity_chart(table, caption, writer.path / "chart")
            writer.write_json("meta.json", {
                "kind": "equity", "ruleset": args.rules, "rules": rules.to_dict(),
                "strategy": strategy.describe(), "games": args.games, "seed": args.seed,
                "elapsed_s": round(time.time() - started, 3), **provenance()})
        print(f"\nwrote {args.out}/ (equity.csv, equity.txt, chart.png, chart.svg, meta.json)")
    return 0


def analyze_plan(args: argparse.Namespace) -> tuple[list[Strategy], Strategy | None, int]:
    """The tables of an ``analyze`` command and its check: (tables, check table or None, check
    deals). Without --table, the default table cross-checked by the check table."""
    from .analysis.analyze import parse_tables

    if args.table is None:
        check_deals = CHECK_DEALS if args.check_deals is None else args.check_deals
        if CHECK_TABLE == DEFAULT_TABLE or check_deals == 0:
            return [get_strategy(DEFAULT_TABLE)], None, 0
        return [get_strategy(DEFAULT_TABLE)], get_strategy(CHECK_TABLE), check_deals
    if args.check_deals is not None:
        raise AnalysisError(f"--check-deals goes with the default table; with --table, list "
                            f"{CHECK_TABLE} among the tables instead")
    return parse_tables(args.table), None, 0


SITUATION_FLAGS = ("hand", "up", "seat", "bidding", "discard", "defend", "tricks", "score")


def situation_of(args: argparse.Namespace, rules: Rules) -> Situation:
    """The situation of an ``analyze`` command: ``--situation`` or the flags, not both."""
    given = {k: getattr(args, k) for k in SITUATION_FLAGS if getattr(args, k) is not None}
    if args.situation is not None:
        if given:
            raise AnalysisError(f"--situation says it all: drop --{', --'.join(given)}")
        return read_situation(args.situation, rules)
    missing = [k for k in ("hand", "up", "seat") if k not in given]
    if missing:
        raise AnalysisError(f"analyze needs --{', --'.join(missing)} (or --situation)")
    return parse_situation(rules=rules, **given)


def cmd_analyze(args: argparse.Namespace) -> int:
    from .analysis.analyze import analyze_tables, format_tables
    from .results import RunWriter, provenance

    rules = _rules(args)
    sit = situation_of(args, rules)
    tables, check, check_deals = analyze_plan(args)
    writer = (RunWriter(args.out, overwrite=args.overwrite, extras=getattr(args, "extras", None))
              if args.out else None)
    started = time.time()
    with _backend(args) as backend:
        df = analyze_tables(sit, tables, deals=args.deals, seed=args.seed,
                            threads=args.threads, backend=backend, check=check,
                            check_deals=check_deals)
    text = format_tables(sit, df)
    print(text)
    if writer is not None:
        strategies = {s.label: s for s in [*tables, *([check] if check else [])]}
        with writer:
            df.to_csv(writer.path / "analysis.csv", index=False)
            df.to_parquet(writer.path / "analysis.parquet", index=False)
            writer.write_text("analysis.txt", text + "\n")
            writer.write_json("meta.json", {
                "kind": "analyze", "ruleset": args.rules, "rules": rules.to_dict(),
                "tables": [{**strategies[label].describe(), **info}
                           for label, info in df.attrs["tables"].items()],
                "situation": sit.notation(), "question": sit.question, "deals": args.deals,
                "check_deals": check_deals, "seed": args.seed,
                "elapsed_s": round(time.time() - started, 3), **provenance()})
        print(f"\nwrote {args.out}/ (analysis.csv, analysis.txt, meta.json)")
    return 0


def cmd_sweep(args: argparse.Namespace) -> int:
    from .analysis.sweep import parse_range, sweep
    from .charts import sweep_chart

    rules = _rules(args)
    params = [parse_range(p) for p in args.param]
    get_strategy(args.strategy)
    get_strategy(args.vs)
    points = 1
    for _, values in params:
        points *= len(values)
    writer = _writer(args)
    n = args.games or args.deals or 100_000
    unit = "games" if args.games else "deals"
    bar = _bar(args, points * n, unit)
    started = time.time()
    with bar, _backend(args) as backend:
        result = sweep(rules, args.strategy, params, args.vs, n, args.seed,
                       threads=args.threads, progress=ShardProgress(bar), backend=backend,
                       shard=args.shard_size, games=bool(args.games))
    text = result.to_text()
    print(text)
    if writer is not None:
        with writer:
            writer.write_frame("sweep", result.table())
            writer.write_text("sweep.txt", text + "\n")
            caption = (f"rules: {args.rules}; {n:,} duplicate {unit} per point, the "
                       f"same at every point; seed {args.seed}")
            sweep_chart(result, caption, writer.path / "chart")
            writer.write_json("meta.json", _meta(
                args, rules, "sweep", started, strategy=result.strategy.describe(),
                field=result.field.describe(), params={k: v for k, v in params},
                **{f"{unit}_per_point": n}))
        print(f"\nwrote {args.out}/ (sweep.csv, sweep.txt, chart.png, chart.svg, meta.json)")
    return 0


def dispatch(args: argparse.Namespace) -> int:
    """Run the parsed command (errors propagate to ``main``)."""
    if args.command == "simulate":
        return cmd_simulate(args)
    if args.command == "show":
        return cmd_show(args)
    if args.command == "rules":
        print(describe_rulesets())
        return 0
    if args.command == "strategies":
        return cmd_strategies(args)
    if args.command == "solve":
        return cmd_solve(args)
    if args.command == "match":
        return cmd_match(args)
    if args.command == "sweep":
        return cmd_sweep(args)
    if args.command == "analyze":
        return cmd_analyze(args)
    if args.command == "equity":
        return cmd_equity(args)
    if args.command == "chart":
        return cmd_chart(args)
    if getattr(args, "handler", None) is not None:  # commands that name their own handler
        return args.handler(args)
    if args.command == "run":
        from .experiments import run_experiment

        out = run_experiment(args.file, args.results, _cluster_argv(args))
        print(f"experiment done: {out}/")
        return 0
    if args.command == "bench":
        from .bench import run_bench

        names = tuple(x.strip() for x in args.strategies.split(",") if x.strip())
        for name in names:
            get_strategy(name)
        return run_bench(seconds=args.seconds, cref=args.cref, strategies=names)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    started = time.time()
    previous = _terminate_as_interrupt()
    try:
        return dispatch(args)
    except USER_ERRORS as exc:
        print(f"euchre-sim: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"\neuchre-sim: interrupted after {time.time() - started:.1f} s; "
              "no complete result was written", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into `head` and the like
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _terminate_as_interrupt():
    """SIGTERM (a `kill`, a job scheduler) is handled like Ctrl-C: the run's temporary folder
    is removed and nothing that looks complete is left. Returns the handler it replaced, or
    None where signals cannot be set (not the main thread)."""
    try:
        return signal.signal(signal.SIGTERM, _interrupt)
    except ValueError:
        return None


if __name__ == "__main__":
    sys.exit(main())
