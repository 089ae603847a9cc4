"""The ``analyze`` and ``bias`` commands: their options, read back as the jobs' typed
arguments (``euchre_sim.jobs.analyze``). Argument handling only."""

from __future__ import annotations

import argparse

from .. import jobs
from ..analysis.analyser import CHECK_DEALS, CHECK_TABLE
from ..game.defaults import DEFAULT_SEED, DEFAULT_TABLE
from ..jobs import BIAS_DEALS, EXPLOIT_DEALS
from .args import (
    add_compute_args,
    add_output_args,
    add_rules_args,
    compute_of,
    count_type,
    output_of,
    positive_float_type,
    positive_type,
    rule_choice,
    seed_type,
    strategy_type,
)


def add_analyze_parser(sub) -> None:
    """The ``analyze`` subcommand."""
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
                    help="your seat: eldest (or first), partner (the dealer's), third or dealer; "
                    "or 0..3 with the dealer in seat 3")
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
    an.add_argument("--egn", default=None, metavar="FILE",
                    help="take the situation from a Euchre Game Notation file: the hand, "
                    "up-card, seat and score of --player at his first call of deal --egn-deal, "
                    "the passes before it as the bidding, the file's ruleset flags over --rules "
                    "(instead of --situation, --hand, --up, --seat; docs/egn.md)")
    an.add_argument("--egn-deal", type=count_type(0, "an integer >= 0"), default=0,
                    metavar="K", help="with --egn: the deal's position in the file (default 0)")
    an.add_argument("--player", type=int, choices=range(4), default=None, metavar="N",
                    help="with --egn: the player's seat 0..3, as in the file's players")
    add_rules_args(an)
    an.add_argument("--table", default=None, type=strategy_type, metavar="STRATEGY[,STRATEGY...]",
                    help="strategy of every player at the table; several, separated by "
                    "commas, answer under each and say whether the verdict changes (default: "
                    f"{DEFAULT_TABLE}, cross-checked by {CHECK_TABLE} on --check-deals deals)")
    an.add_argument("--deals", type=positive_type, default=None,
                    help="consistent deals per option, under each table (default 50000; "
                    "400 with --rest search); "
                    "at most 200 random deals are drawn per deal wanted, and if fewer than "
                    "min(100, DEALS) fit the others' bidding the situation is refused as "
                    "unlikely under that table")
    an.add_argument("--check-deals", type=count_type(0, "a number of deals >= 0"),
                    default=None, metavar="N",
                    help=f"deals of the {CHECK_TABLE} check of the default table (default "
                    f"{CHECK_DEALS:,}, about 5-15 s of one core; 0 skips it)")
    an.add_argument("--rest", choices=("table", "search"), default="table",
                    help="who makes your own later decisions when an option is played out: "
                    "the table (default), or the analyser's search asked again at each of "
                    "them (much slower: see docs/exploit.md, 'Your later decisions')")
    an.add_argument("--rest-deals", type=positive_type, default=None, metavar="N",
                    help="with --rest search: deals per option of each later search "
                    "(default 200)")
    an.add_argument("--seed", type=seed_type, default=DEFAULT_SEED,
                    help="seed (default 1)")
    add_compute_args(an)
    add_output_args(an, "write analysis.csv, analysis.txt and meta.json into DIR", progress=False)
    an.set_defaults(func=run_analyze)


def add_bias_parser(sub) -> None:
    """The ``bias`` subcommand."""
    bi = sub.add_parser(
        "bias", help="table bias: the analyser's values under two tables on fixed points",
        description="Analyse every decision point of a points file (one situation per line, "
        "the analyser's notation) under table A and table B on the same random deals "
        "(common random numbers), and report per point the value of every option under "
        "both, the loner option's difference and whether the best option agrees; overall "
        "the mean |A - B| of the loner option beside what Monte Carlo noise alone would "
        "give, the share of points with the same verdict and the points where it differs. "
        "With --make-points N, draw N random bidding points from the default table's "
        "self-play and write them to --points FILE instead. With --out, write options.csv/"
        ".parquet, points.csv/.parquet, summary.txt, summary.json, meta.json, points.txt "
        "and a scatter chart. See docs/analyze.md, 'Table bias'.",
    )
    bi.add_argument("--points", required=True, metavar="FILE",
                    help="the decision points (e.g. experiments/data/bias_points.txt)")
    bi.add_argument("--table", default=None, type=strategy_type, metavar="A,B",
                    help=f"the two tables (default: {DEFAULT_TABLE},pimc)")
    bi.add_argument("--deals", type=positive_type, default=BIAS_DEALS,
                    help=f"consistent deals per option under each table (default "
                    f"{BIAS_DEALS})")
    bi.add_argument("--seed", type=seed_type, default=DEFAULT_SEED,
                    help="seed of the deals, the same under both tables (default 1); with "
                    "--make-points, of the self-play deals the points come from")
    bi.add_argument("--make-points", type=positive_type, default=None, metavar="N",
                    help="draw N points (round-1 and round-2 bids with a loner to offer, "
                    f"stratified by round and seat) from {DEFAULT_TABLE} self-play, write "
                    "them to --points FILE and stop")
    add_rules_args(bi)
    add_compute_args(bi)
    add_output_args(bi, "write the results into DIR")
    bi.set_defaults(func=run_bias)


def run_analyze(args: argparse.Namespace) -> int:
    fields = {k: getattr(args, k) for k in jobs.SITUATION_FIELDS}
    situation, rules = jobs.situation_input(args.situation, fields, rule_choice(args),
                                            egn=args.egn, egn_deal=args.egn_deal,
                                            player=args.player)
    jobs.analyze(situation, rules, table=args.table, check_deals=args.check_deals,
                 deals=args.deals, seed=args.seed, rest=args.rest, rest_deals=args.rest_deals,
                 compute=compute_of(args), output=output_of(args))
    return 0


def run_bias(args: argparse.Namespace) -> int:
    """Make the points file (``--make-points``), or analyse the points under both tables."""
    if args.make_points is not None:
        jobs.make_points(args.make_points, args.points, rule_choice(args), seed=args.seed,
                         overwrite=args.overwrite)
        return 0
    jobs.bias(args.points, rule_choice(args), table=args.table, deals=args.deals,
              seed=args.seed, compute=compute_of(args), output=output_of(args),
              progress=not args.no_progress)
    return 0


def add_exploit_parser(sub) -> None:
    """The ``exploit`` subcommand."""
    ex = sub.add_parser(
        "exploit", help="how far is a table from best play? a local best response's gain",
        description="Measure how much one seat gains against TABLE by deviating wherever a "
        "Monte Carlo search finds a better option. Each deal is played by the table; at each "
        "decision of the deviating seat, the analyser deals the unseen cards consistently "
        "with everything that seat knows (cards played, suits shown out of, the table's "
        "bidding), plays every option out on the same deals with the table for the rest, "
        "and takes the best; where it differs from the table's option, the real deal is "
        "played on from there with it. Reports the deviating side's gain in points per deal "
        "over the table's own play on the same deals, with a 95 %% interval, by decision "
        "kind and by seat, and the share of decisions the search changed. The gain is a "
        "lower bound on what a best response gains (docs/exploit.md).",
    )
    ex.add_argument("table", nargs="?", default=DEFAULT_TABLE, metavar="TABLE",
                    help=f"the strategy every seat plays (default: {DEFAULT_TABLE}, the "
                    "default table of every answer); a built-in, a .toml file, or "
                    "NAME:key=value,...")
    ex.add_argument("--seat", default=None, metavar="PLACE[,PLACE...]",
                    help="the deviating seat: eldest, partner, third or dealer, or several "
                    "separated by commas, each in turn (default: all four in turn, deal i "
                    "taking place i %% 4)")
    ex.add_argument("--deals", type=positive_type, default=None,
                    help=f"deals to play (default {EXPLOIT_DEALS:,}; with --precision, the "
                    "most to play, default 1,000,000)")
    ex.add_argument("--precision", type=positive_float_type, default=None, metavar="P",
                    help="play until the total's 95 %% interval half-width is at most P "
                    "points per deal (checked at every 50 deals from 200 on; where it stops "
                    "depends on the seed alone)")
    ex.add_argument("--search-deals", type=positive_type, default=None, metavar="N",
                    help="worlds per option at each searched decision (default 1,000; at "
                    "least 100)")
    ex.add_argument("--seed", type=seed_type, default=DEFAULT_SEED,
                    help="seed of the deals and the "
                    "search (default 1)")
    add_rules_args(ex)
    add_compute_args(ex)
    add_output_args(ex, "write decisions.parquet, deals.parquet, by_kind and by_seat tables, "
                    "summary.json, summary.txt, a chart and meta.json into DIR")
    ex.set_defaults(func=run_exploit)


def run_exploit(args: argparse.Namespace) -> int:
    jobs.exploit(args.table, rule_choice(args), seat=args.seat, deals=args.deals,
                 precision=args.precision, search_deals=args.search_deals, seed=args.seed,
                 compute=compute_of(args), output=output_of(args),
                 progress=not args.no_progress)
    return 0
