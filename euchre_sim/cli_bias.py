"""The ``bias`` command: the table-bias report's arguments, progress and run folder.

No analysis lives here (that is ``analysis/bias.py`` and ``analysis/bias_points.py``); this
module reads the options, calls them and writes what they return.
"""

from __future__ import annotations

import argparse
import shlex
import time
from pathlib import Path

from .analysis.analyze import DEFAULT_TABLE
from .cli import (
    _add_compute_args,
    _add_output_args,
    _add_rules_args,
    _backend,
    _bar,
    _meta,
    _positive,
    _rules,
    _seed,
    _writer,
)

BIAS_DEALS = 800  # deals per option under each table: see docs/analyze.md, "Table bias"


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
    bi.add_argument("--table", default=None, metavar="A,B",
                    help=f"the two tables (default: {DEFAULT_TABLE},pimc)")
    bi.add_argument("--deals", type=_positive, default=BIAS_DEALS,
                    help=f"consistent deals per option under each table (default "
                    f"{BIAS_DEALS})")
    bi.add_argument("--seed", type=_seed, default=1,
                    help="seed of the deals, the same under both tables (default 1); with "
                    "--make-points, of the self-play deals the points come from")
    bi.add_argument("--make-points", type=_positive, default=None, metavar="N",
                    help="draw N points (round-1 and round-2 bids with a loner to offer, "
                    f"stratified by round and seat) from {DEFAULT_TABLE} self-play, write "
                    "them to --points FILE and stop")
    _add_rules_args(bi)
    _add_compute_args(bi)
    _add_output_args(bi, "write the results into DIR")
    bi.set_defaults(handler=cmd_bias)


def cmd_bias(args: argparse.Namespace) -> int:
    """``euchre-sim bias``: make the points, or analyse them under both tables."""
    from .analysis.bias import bias_tables, table_bias
    from .analysis.bias_points import points_text, read_points
    from .charts import bias_chart

    rules = _rules(args)
    if args.make_points is not None:
        return make_points_file(args, rules)
    a, b = bias_tables(args.table)
    points = read_points(args.points, rules)
    writer = _writer(args)
    started = time.time()
    with _bar(args, len(points), "points") as bar, _backend(args) as backend:
        result = table_bias(points, a, b, args.deals, args.seed, threads=args.threads,
                            backend=backend, progress=bar.update)
        where = backend.describe()
    text = result.to_text()
    print(text)
    if writer is None:
        return 0
    summary = result.summary()
    with writer:
        writer.write_frame("options", result.options)
        writer.write_frame("points", result.points)
        writer.write_text("summary.txt", text + "\n")
        writer.write_json("summary.json", summary)
        writer.write_text("points.txt", points_text(points, f"the points of {args.points}"))
        caption = (f"rules: {args.rules}; {len(points)} points from {args.points}; "
                   f"{args.deals:,} deals per option under each table, seed {args.seed}")
        bias_chart(result, caption, writer.path / "chart")
        writer.write_json("meta.json", _meta(
            args, rules, "bias", started, table_a=a.describe(), table_b=b.describe(),
            points_file=args.points, points=len(points), deals_per_option=args.deals,
            summary=summary, backend=where))
    print(f"\nwrote {args.out}/ (options.csv, options.parquet, points.csv, points.parquet, "
          "summary.txt, summary.json, points.txt, chart.png, chart.svg, meta.json)")
    return 0


def make_points_file(args: argparse.Namespace, rules) -> int:
    """``--make-points N``: draw the points and write them to ``--points`` (refusing to
    replace a file without --overwrite)."""
    from .analysis.bias_points import make_points, points_text, self_play_deals
    from .results import ResultsError

    path = Path(args.points)
    if path.exists() and not args.overwrite:
        raise ResultsError(f"points file {str(path)!r} exists: use --overwrite")
    points = make_points(rules, DEFAULT_TABLE, args.make_points, args.seed)
    command = ["euchre-sim", "bias", "--make-points", str(args.make_points), "--points",
               str(path), "--seed", str(args.seed), "--rules", args.rules]
    for item in args.set:
        command += ["--set", item]
    header = (
        f"Table-bias decision points: {len(points)} round-1 and round-2 bids with a loner to "
        f"offer, from {DEFAULT_TABLE} self-play ({self_play_deals(args.make_points):,} deals, "
        f"seed {args.seed}, rules {args.rules}), stratified by round and seat, uniform "
        "within each.\n"
        f"Made by: {shlex.join(command)}\n"
        "One situation per line (docs/analyze.md); after '#', the deal it came from and what "
        "the table bid there.")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(points_text(points, header))
    print(f"wrote {len(points)} points to {path}")
    return 0
