"""The options every ``euchre-sim`` command shares, and reading them back as a job's typed
arguments (``RuleChoice``, ``Compute``, ``Output``). Argument handling only."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from typing import NoReturn

from ..game.rules import RULESETS
from ..game.table_spec import TABLES
from ..jobs import (
    Compute,
    OptionError,
    Output,
    RuleChoice,
    count_value,
    file_name,
    folder_name,
    positive_number,
    scheduler_address,
    seed_value,
    strategy_name,
)


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr (the usage is in --help), exit
    status 2, like every other error of the tool. Subcommands' parsers are of this class too."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {shortened(message)} (see {self.prog} --help)\n")


def option_type(check: Callable[[str], object]) -> Callable[[str], object]:
    """An argparse type from a job's value check: its OptionError becomes argparse's error."""

    def parse(text: str):
        try:
            return check(text)
        except OptionError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    parse.__name__ = check.__name__
    return parse


def count_type(low: int, what: str) -> Callable[[str], object]:
    """An argparse type: an integer >= ``low`` (at most 2**62)."""
    return option_type(lambda text: count_value(text, low, what))


seed_type = option_type(seed_value)
positive_type = count_type(1, "a positive integer")
nonnegative_type = count_type(0, "an integer >= 0")
positive_float_type = option_type(positive_number)
scheduler_type = option_type(scheduler_address)
folder_type = option_type(folder_name)
file_type = option_type(file_name)
strategy_type = option_type(strategy_name)


def add_rules_args(p: argparse.ArgumentParser, default: str | None = "north-american",
                   note: str = "") -> None:
    """``--rules NAME`` and ``--set OPTION=VALUE``, read back by :func:`rule_choice`."""
    p.add_argument("--rules", default=default, metavar="NAME",
                   help=f"named ruleset: {', '.join(RULESETS)} (default: north-american{note}); "
                   f"or another table: {', '.join(TABLES)} (`euchre-sim rules`)")
    p.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                   help="override one rule option, e.g. --set deck=25 (repeatable; see "
                   "`euchre-sim rules`)")


def rule_choice(args: argparse.Namespace) -> RuleChoice:
    """The rules that ``--rules`` and ``--set`` name (read when the job asks)."""
    return RuleChoice(args.rules, tuple(args.set))


def add_output_args(p: argparse.ArgumentParser, what: str, progress: bool = True) -> None:
    """``--out DIR``, ``--overwrite`` and (with ``progress``) ``--no-progress``."""
    p.add_argument("--out", type=folder_type, default=None, metavar="DIR", help=what)
    p.add_argument("--overwrite", action="store_true", help="replace DIR if it exists")
    if progress:
        p.add_argument("--no-progress", action="store_true", help="hide the progress bar")


def output_of(args: argparse.Namespace) -> Output:
    """Where the job writes its run folder (``--out``, ``--overwrite``)."""
    return Output(args.out, args.overwrite)


def add_threads_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--threads", type=positive_type, default=None,
                   help="numba threads (default: all cores)")


def add_cluster_args(p: argparse.ArgumentParser) -> None:
    """``--scheduler`` or ``--cluster``, and ``--shard-size``."""
    g = p.add_argument_group(
        "scale-out (see docs/cluster.md; results are identical to an in-process run)")
    where = g.add_mutually_exclusive_group()
    where.add_argument("--scheduler", metavar="ADDRESS", default=None, type=scheduler_type,
                       help="run the shards on an existing Dask scheduler, e.g. "
                       "tcp://10.0.0.5:8786")
    where.add_argument("--cluster", metavar="local[:N]", default=None,
                       help="run the shards on a local Dask cluster of N worker processes "
                       "(default N: one per core)")
    g.add_argument("--shard-size", type=positive_type, default=None, metavar="N",
                   help="deals (or games) per shard on a cluster (default: about four shards "
                   "per worker)")


def add_compute_args(p: argparse.ArgumentParser) -> None:
    add_threads_arg(p)
    add_cluster_args(p)


def compute_of(args: argparse.Namespace) -> Compute:
    """Where the work runs (``--threads``, ``--scheduler``, ``--cluster``, ``--shard-size``)."""
    return Compute(getattr(args, "threads", None), args.scheduler, args.cluster,
                   args.shard_size)


def shortened(message: str, longest: int = 200) -> str:
    """``message`` with each run of more than ``longest`` non-blank characters (a value of
    5,000 digits the user gave, say) cut to its start and its length: one line stays one line."""
    return re.sub(rf"\S{{{longest + 1},}}",
                  lambda m: f"{m.group()[:40]}... ({len(m.group()):,} characters)", message)
