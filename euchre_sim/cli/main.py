"""The ``euchre-sim`` command: argument handling and calls, no game logic.

Each subcommand's parser names its function (``set_defaults(func=...)``): a few lines that
read the options as the job's typed arguments and call the job (``euchre_sim.jobs``).
``main`` calls it and turns the tool's errors into one line and an exit status.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from collections.abc import Sequence

from .. import jobs
from ..analysis.situation import AnalysisError
from ..analysis.sweep import SweepError
from ..analysis.variants import SearchError
from ..engine.backends import BackendError
from ..engine.bench import BenchError
from ..engine.simulate import SimulationError
from ..engine.solver import SolverError
from ..game.cards import CardError
from ..game.defaults import DEFAULT_AT_OTHER_TABLES, DEFAULT_SEED, DEFAULT_TABLE
from ..game.rules import RulesError, describe_rulesets
from ..game.seats import SeatError, parse_seat
from ..game.table_spec import TableError, describe_tables
from ..jobs.experiments import ExperimentError, ExperimentValueError, run_experiment
from ..records.egn import EGNError
from ..records.results import ResultsError
from ..strategies import StrategyError, describe_strategies
from ..strategies.table import describe_table_strategies
from ..version import __version__
from .args import (
    OneLineParser,
    add_cluster_args,
    add_compute_args,
    add_output_args,
    add_rules_args,
    compute_of,
    file_type,
    folder_type,
    nonnegative_type,
    output_of,
    positive_float_type,
    positive_type,
    rule_choice,
    seed_type,
    shortened,
    strategy_type,
)
from .help import finish_help

EPILOG = """examples:
  euchre-sim simulate --strategy reference --deals 1000000 --seed 7
  euchre-sim simulate --rules british --strategy random --vs reference --games 10000 --seed 1
  euchre-sim simulate --set deck=25 --set super_euchre=true --strategy reference \\
      --deals 200000 --seed 3 --out results/benny
  euchre-sim show --seed 7 --deal 12
  euchre-sim export --seed 7 --deal 12 --out deal12.egn
  euchre-sim show --egn deal12.egn --strategy advanced
  euchre-sim play --seed 1 --save game.egn
  euchre-sim tune advanced --param round1.threshold.dealer=10:14 --param 'play.*' \\
      --vs advanced --deals 200000 --trials 50 --out results/tuned
  euchre-sim stability advanced --deals 200000
  euchre-sim exploit tuned --deals 2000 --out results/exploit_tuned
  euchre-sim rules
  euchre-sim bench
  euchre-sim solve --hands "JH JD AH KH AS" "9C TC JC QC KC" "9S TS QS KS AC" \\
      "9D TD QD KD AD" --trump H --maker 0 --leader 1
"""

USER_ERRORS = (BenchError, CardError, RulesError, StrategyError, SimulationError, ResultsError,
               SolverError, SweepError, SearchError, AnalysisError, ExperimentError,
               BackendError, SeatError, EGNError, TableError)


def _add_game_args(p: argparse.ArgumentParser) -> None:
    add_rules_args(p)
    p.add_argument(
        "--strategy", default=None, metavar="NAME", type=strategy_type,
        help="strategy of team 0 (seats 0, 2): a built-in (random, reference, basic, advanced, "
        "aggressive, conservative) or a .toml file, optionally NAME:key=value,... "
        f"(default: {DEFAULT_TABLE}; see `euchre-sim strategies`). At another table (--rules "
        "three-handed, ...): random or basic[:key=value,...] for team 0 or seat 0 "
        f"(default {DEFAULT_AT_OTHER_TABLES})",
    )
    p.add_argument(
        "--vs", default=None, metavar="NAME", type=strategy_type,
        help="strategy of team 1 (seats 1, 3), or of every seat but --strategy's at another "
        "table; default: the same as --strategy",
    )


def build_parser() -> argparse.ArgumentParser:
    from .analyze import add_analyze_parser, add_bias_parser, add_exploit_parser
    from .play import add_play_parser
    from .search import add_search_parsers
    from .study import add_chart_parser, add_equity_parser, add_sweep_parser

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
    count.add_argument("--deals", type=positive_type, help="number of deals (default 100000)")
    count.add_argument("--games", type=positive_type, help="number of whole games instead of deals")
    sim.add_argument("--seed", type=seed_type, default=DEFAULT_SEED,
                     help=f"run seed (default {DEFAULT_SEED}): the same seed plays the same deals")
    add_compute_args(sim)
    add_output_args(sim, "write results into DIR")
    sim.add_argument("--no-records", action="store_true",
                     help="with --out, write only the summary and meta (no per-deal records)")

    show = sub.add_parser(
        "show", help="replay one deal of a run (or of an EGN file) and print it played out",
        description="Replay deal I of the run with seed S (deal mode) and print the hands, the "
        "bidding and each trick. With --egn FILE, replay deal K of a Euchre Game Notation file "
        "instead, as a preset deal: its hands, up-card and dealer, with every call, loner "
        "decision, discard and card the file records forced, and the strategies deciding "
        "whatever it leaves open (a partial deal is played out); the file's ruleset flags "
        "apply over --rules, and --set over both (docs/egn.md).",
    )
    _add_game_args(show)
    show.add_argument("--seed", type=seed_type, default=DEFAULT_SEED,
                      help=f"the run's seed (default {DEFAULT_SEED}, as simulate's); with --egn "
                      "the random numbers of the strategies' free decisions")
    show.add_argument("--deal", type=nonnegative_type, default=None, metavar="I",
                      help="deal index (0-based); with --egn the position in the file's deals "
                      "(default 0)")
    show.add_argument("--egn", default=None, metavar="FILE",
                      help="replay a deal of this EGN file (see `euchre-sim export`)")

    export = sub.add_parser(
        "export", help="write a simulated deal or game as a Euchre Game Notation file",
        description="Write deal I (deal mode, as `show` replays it) or game G (game mode, "
        "as `simulate --games` plays it) of the run with seed S in Euchre Game Notation, the "
        "public JSON format of github.com/NextSuit-Labs/euchre-game-notation: players, "
        "initial score, ruleset flags, and per deal the dealer, up-card, hands, calls, "
        "discard and tricks. `show --egn FILE` replays it; docs/egn.md says what EGN "
        "cannot record.",
    )
    _add_game_args(export)
    export.add_argument("--seed", type=seed_type, default=DEFAULT_SEED,
                        help=f"the run's seed (default {DEFAULT_SEED}, as simulate's)")
    which = export.add_mutually_exclusive_group(required=True)
    which.add_argument("--deal", type=nonnegative_type, metavar="I",
                       help="deal index of a deal-mode run (0-based)")
    which.add_argument("--game", type=nonnegative_type, metavar="G",
                       help="game index of a game-mode run (0-based): every deal of the game")
    export.add_argument("--format", default="egn", choices=jobs.FORMATS,
                        help="the file format (default: egn)")
    export.add_argument("--out", default=None, metavar="FILE", type=file_type,
                        help="write to FILE (through a temporary file, renamed when complete) "
                        "instead of standard output")
    export.add_argument("--overwrite", action="store_true", help="replace FILE if it exists")

    sub.add_parser("rules", help="list the named rulesets and every rule option")
    sub.add_parser("strategies", help="list the built-in strategies and their parameters")

    bench = sub.add_parser(
        "bench", help="measure deals/s beside the C yardstick",
        description="Plays the reference strategy under standard rules on 1 thread and on all "
        "cores, runs the C speed yardstick (cref-rate: --cref PATH, $EUCHRE_CREF, or the "
        "copy kept beside the repository) beside it, and prints the ratios plus the cold and "
        "warm start times. A measurement, not a test.",
    )
    bench.add_argument("--seconds", type=positive_float_type, default=3.0,
                       help="time per measurement")
    bench.add_argument("--cref", default=None, help="path to cref-rate (default: auto-detect)")
    bench.add_argument("--strategies", default="reference", metavar="LIST",
                       help="comma-separated strategies to time, each playing both sides "
                       "(default: reference, the script the C yardstick plays, so that the "
                       "ratio compares like with like; e.g. reference,tuned)")
    bench.add_argument("--markdown", default=None, metavar="FILE",
                       help="also write the measurement as a Markdown page with the machine, "
                       "the date and the commit (make bench-docs writes docs/bench-now.md)")
    bench.add_argument("--overwrite", action="store_true", help="replace FILE if it exists")

    match = sub.add_parser(
        "match", help="duplicate match of two strategies: each deal played twice, sides swapped",
        description="Play every deal (or game) twice with the sides swapped, so the luck of "
        "the cards cancels, and report A's points per deal minus B's with a paired 95 % "
        "interval (and, with --games, A's game-win rate with an interval paired by board and a "
        "Wilson interval).",
    )
    match.add_argument("a", metavar="A", type=strategy_type,
                       help="strategy A (name, .toml file, NAME:key=value)")
    match.add_argument("b", metavar="B", type=strategy_type, help="strategy B")
    add_rules_args(match)
    mcount = match.add_mutually_exclusive_group()
    mcount.add_argument("--deals", type=positive_type, help="duplicate deals (default 100000)")
    mcount.add_argument("--games", type=positive_type, help="duplicate games instead of deals")
    match.add_argument("--seed", type=seed_type, default=DEFAULT_SEED,
                       help=f"run seed (default {DEFAULT_SEED})")
    match.add_argument("--precision", type=positive_float_type, default=None, metavar="W",
                       help="stop as soon as the 95 %% interval's half-width is <= W points "
                       "per deal (--deals is then the most it plays): 'run until we know'")
    add_compute_args(match)
    add_output_args(match, "write match.json and meta.json into DIR")

    sim.set_defaults(func=run_simulate)
    show.set_defaults(func=run_show)
    export.set_defaults(func=run_export)
    sub.choices["rules"].set_defaults(
        func=lambda args: _say(f"{describe_rulesets()}\n\n{describe_tables()}"))
    sub.choices["strategies"].set_defaults(
        func=lambda args: _say(f"{describe_strategies()}\n\n{describe_table_strategies()}"))
    bench.set_defaults(func=run_bench)
    match.set_defaults(func=run_match)

    add_analyze_parser(sub)
    add_chart_parser(sub)
    add_play_parser(sub)

    rn = sub.add_parser(
        "run", help="run an experiment file into results/NAME/RUN_ID/",
        description="Run experiments/NAME.toml (kind simulate, match, sweep, equity, analyze, "
        "tune, stability, climb, bias, exploit or chart) and write its results, the resolved "
        "config and the exact command into results/NAME/RUN_ID/ (atomically).",
    )
    rn.add_argument("file", metavar="FILE", help="the experiment TOML file")
    rn.add_argument("--results", type=folder_type, default="results", metavar="DIR",
                    help="where result folders go (default: results)")
    add_cluster_args(rn)
    rn.set_defaults(func=run_experiment_file)

    add_equity_parser(sub)
    add_sweep_parser(sub)
    add_search_parsers(sub)
    add_bias_parser(sub)
    add_exploit_parser(sub)

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
    solve.add_argument("--maker", required=True, metavar="SEAT",
                       help="the seat that made trump: 0..3, or with --dealer a place "
                       "(eldest or first, partner, third, dealer)")
    solve.add_argument("--leader", required=True, metavar="SEAT",
                       help="the seat leading the current trick (as --maker)")
    solve.add_argument("--alone", action="store_true", help="the maker plays alone")
    solve.add_argument("--defender-alone", default=None, metavar="SEAT",
                       help="a defender plays alone (as --maker)")
    solve.add_argument("--dealer", type=int, default=None, choices=range(4), metavar="N",
                       help="the dealer's seat 0..3: lets --maker, --leader and "
                       "--defender-alone name places from the dealer's left")
    solve.add_argument("--trick", default="", metavar="CARDS",
                       help='cards already played to the current trick, from the leader ("AS KS")')
    solve.add_argument("--tricks", type=int, nargs=2, default=(0, 0), metavar=("MAKERS", "DEF"),
                       help="tricks already won by the makers and by the defenders")
    add_rules_args(solve, default=None, note="; cards of any deck are accepted unless "
                    "--rules or a deck is given")
    solve.add_argument("--deck", type=int, default=None, choices=(24, 25, 32, 33),
                       help="refuse cards outside this deck (same as --set deck=N)")
    solve.add_argument("--no-first-blood", action="store_true",
                       help="the first lead may not be a trump unless the leader holds only trumps "
                       "(same as --set no_first_blood=true)")
    solve.add_argument("--super-euchre", action="store_true",
                       help="makers taking no trick give the defenders 4 (same as --set "
                       "super_euchre=true)")
    solve.set_defaults(func=run_solve)
    finish_help(parser, sub)
    return parser


def _say(text: str) -> int:
    print(text)
    return 0


def run_simulate(args: argparse.Namespace) -> int:
    jobs.simulate(rule_choice(args), args.strategy, args.vs, deals=args.deals,
                  games=args.games, seed=args.seed, records=not args.no_records,
                  compute=compute_of(args), output=output_of(args),
                  progress=not args.no_progress)
    return 0


def run_show(args: argparse.Namespace) -> int:
    if args.egn is not None:
        jobs.show_egn(args.egn, args.deal or 0, rule_choice(args),
                      args.strategy or DEFAULT_TABLE, args.vs, seed=args.seed)
    elif args.deal is None:
        raise SimulationError("show needs --deal I (and the run's --seed S), or --egn FILE")
    else:
        jobs.show(args.seed, args.deal, rule_choice(args), args.strategy, args.vs)
    return 0


def run_export(args: argparse.Namespace) -> int:
    jobs.export(args.seed, deal=args.deal, game=args.game, rules=rule_choice(args),
                strategy=args.strategy or DEFAULT_TABLE, vs=args.vs, fmt=args.format, out=args.out,
                overwrite=args.overwrite)
    return 0


def run_bench(args: argparse.Namespace) -> int:
    names = tuple(x.strip() for x in args.strategies.split(",") if x.strip())
    return jobs.bench(args.seconds, args.cref, names, markdown=args.markdown,
                      overwrite=args.overwrite)


def run_match(args: argparse.Namespace) -> int:
    jobs.match(args.a, args.b, rule_choice(args), deals=args.deals, games=args.games,
               seed=args.seed, precision=args.precision, compute=compute_of(args),
               output=output_of(args), progress=not args.no_progress)
    return 0


def run_experiment_file(args: argparse.Namespace) -> int:
    out = run_experiment(args.file, args.results, compute_of(args))
    print(f"experiment done: {out}/")
    return 0


def run_solve(args: argparse.Namespace) -> int:
    maker = parse_seat(args.maker, args.dealer, "--maker")
    leader = parse_seat(args.leader, args.dealer, "--leader")
    lone = (None if args.defender_alone is None
            else parse_seat(args.defender_alone, args.dealer, "--defender-alone"))
    jobs.solve(args.hands, args.trump, maker, leader, alone=args.alone,
               defender_alone=lone, trick=args.trick, tricks=tuple(args.tricks),
               rules=rule_choice(args), deck=args.deck, no_first_blood=args.no_first_blood,
               super_euchre=args.super_euchre)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    started = time.time()
    previous = _terminate_as_interrupt()
    try:
        return args.func(args)
    except ExperimentValueError as exc:  # what the command's own parser would have said
        print(f"{exc.prog}: error: {shortened(str(exc))} (see {exc.prog} --help)",
              file=sys.stderr)
        return 2
    except USER_ERRORS as exc:
        print(f"euchre-sim: error: {shortened(str(exc))}", file=sys.stderr)
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
