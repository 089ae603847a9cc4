"""Experiment files: one TOML file per question, run by ``euchre-sim run FILE``.

::

    kind = "sweep"          # simulate, match, sweep, equity, analyze, tune, stability, climb,
                            # bias, exploit, chart (which = "order-up", ...)
    description = "Best round-1 threshold for the dealer"
    rules = "north-american"            # optional, with [set] overrides
    strategy = "basic"
    vs = "reference"          # optional: strategy with its parameters unchanged
    deals = 200000
    seed = 1
    [params]
    "round1.threshold.dealer" = "8:16:1"

An analyze experiment may name several tables: ``table = ["advanced", "pimc"]``; a bias
experiment two (``table = ["tuned", "pimc"]``) and its points file (``points = "..."``).

A run writes ``results/NAME/RUN_ID/`` (NAME = the file's stem, RUN_ID = start time and seed):
the outputs of the job it maps to, plus ``config.json`` (the resolved experiment),
``command.txt`` (the equivalent command line) and ``meta.json`` (provenance, start and end
time). Everything is written under a temporary name and renamed when complete.

The file's values go straight to the job functions of ``euchre_sim.jobs`` (no command line is
parsed), checked as the command's options would check them; ``command.txt`` renders the same
configuration as the ``euchre-sim`` command that does the same.
"""

from __future__ import annotations

import itertools
import json
import re
import shlex
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .. import jobs
from ..game.defaults import DEFAULT_DEALS, DEFAULT_SEED, DEFAULT_TABLE
from ..game.rules import RULESETS
from ..game.table_spec import TABLES
from ..game.user_files import UserFileError, load_toml
from ..records.claims import is_busy
from . import (
    CHARTS,
    TABLE_CHARTS,
    Compute,
    OptionError,
    Output,
    RuleChoice,
    SituationInput,
    count_value,
    param_texts,
    positive_number,
    seed_value,
    set_texts,
    split_keys,
)

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


class ExperimentError(ValueError):
    """A malformed experiment file (one-line message)."""


class ExperimentValueError(ExperimentError):
    """A value of an experiment file that the equivalent command's option refuses; reported
    as that command's own usage error (``euchre-sim KIND: error: argument --seed: ...``)."""

    def __init__(self, prog: str, message: str):
        super().__init__(message)
        self.prog = prog

COMMON = {"kind", "description", "rules", "set", "threads"}
# keys that count something: when given, a positive integer
COUNT_KEYS = ("deals", "games", "threads", "rounds", "per_round", "trials", "validate_deals",
              "validate_top", "batch", "search_deals")
KINDS: dict[str, dict[str, Any]] = {
    # key -> default (None: required)
    "simulate": {"strategy": DEFAULT_TABLE, "vs": None, "deals": DEFAULT_DEALS, "games": None,
                 "seed": DEFAULT_SEED},
    "match": {"a": None, "b": None, "deals": DEFAULT_DEALS, "games": None, "seed": DEFAULT_SEED},
    "sweep": {"strategy": None, "vs": None, "deals": DEFAULT_DEALS, "games": None,
              "seed": DEFAULT_SEED, "params": None},
    "equity": {"strategy": DEFAULT_TABLE, "games": DEFAULT_DEALS, "seed": DEFAULT_SEED},
    # analyze: table is a strategy or a list of them; without it, the command's default table
    # and its check (check_deals deals)
    # (the situation: one line, or its fields one by one; the command checks it)
    "analyze": {"situation": None, "hand": None, "up": None, "seat": None, "bidding": None,
                "discard": None, "defend": None, "tricks": None, "score": None,
                "table": None, "check_deals": None, "deals": 50_000, "seed": DEFAULT_SEED},
    "tune": {"strategy": None, "vs": None, "deals": DEFAULT_DEALS, "games": None,
             "seed": DEFAULT_SEED, "params": None, "trials": 50, "validate_deals": None,
             "validate_top": 5, "batch": 4},
    "stability": {"strategy": None, "vs": "self", "deals": DEFAULT_DEALS, "games": None,
                  "seed": DEFAULT_SEED, "params": None},
    "climb": {"strategy": None, "deals": DEFAULT_DEALS, "games": None, "seed": DEFAULT_SEED,
              "params": None, "rounds": 10, "per_round": 4},
    # bias: points is a points file (relative to the working directory, like every path);
    # table is "A,B" or a list of two strategies (default: the command's)
    "bias": {"points": None, "table": None, "deals": 800, "seed": DEFAULT_SEED},
    # exploit: a local best response against table (seat: a place or "eldest,third"; with
    # precision, deals is the most played)
    "exploit": {"table": DEFAULT_TABLE, "seat": None, "deals": 2000, "precision": None,
                "search_deals": 1000, "seed": DEFAULT_SEED},
    # chart: ``euchre-sim chart WHICH`` (deals: per seat for order-up and go-alone)
    "chart": {"which": None, "strategy": DEFAULT_TABLE, "deals": 200_000, "seed": DEFAULT_SEED},
}
# keys whose default is None but which may be left out (the rest with None are required)
DEFAULT_OPTIONAL = ("vs", "games", "score", "table", "check_deals")
OPTIONAL = {"tune": ("games", "validate_deals"), "stability": ("games", "params"),
            "climb": ("games", "params"), "bias": ("table",), "exploit": ("seat", "precision"),
            "analyze": ("situation", "hand", "up", "seat", "bidding", "discard", "defend",
                        "tricks", "score", "table", "check_deals")}


NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")


def load_experiment(path: str | Path) -> dict[str, Any]:
    """Read and validate an experiment file; returns the resolved configuration."""
    path = Path(path)
    if path.exists() and not path.is_file():  # a folder, a named pipe (would block), a device
        raise ExperimentError(f"experiment file {str(path)!r} is not a regular file")
    if not NAME_RE.fullmatch(path.stem):  # the stem names results/NAME/: never a path
        raise ExperimentError(f"experiment file {path.name!r}: its name must be a plain name "
                              "(letters, digits, '_', '-', '.', not starting with '.')")
    try:
        data = load_toml(path, "experiment file")
    except FileNotFoundError:
        raise ExperimentError(f"experiment file {str(path)!r} not found") from None
    except UserFileError as exc:
        raise ExperimentError(str(exc)) from None
    except tomllib.TOMLDecodeError as exc:
        raise ExperimentError(f"malformed experiment file {str(path)!r}: {exc}") from None
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise ExperimentError(f"{path.name}: kind must be one of {', '.join(KINDS)}, got "
                              f"{kind!r}")
    allowed = COMMON | set(KINDS[kind])
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise ExperimentError(f"{path.name}: unknown key(s) {', '.join(unknown)} for a {kind} "
                              f"experiment: allowed are {', '.join(sorted(allowed))}")
    config: dict[str, Any] = {"name": path.stem, "kind": kind,
                              "description": data.get("description", ""),
                              "rules": data.get("rules", "north-american"),
                              "set": data.get("set", {}), "threads": data.get("threads")}
    table = isinstance(config["rules"], str) and config["rules"] in TABLES and kind in TABLE_KINDS
    if not isinstance(config["rules"], str) or (config["rules"] not in RULESETS and not table):
        raise ExperimentError(f"{path.name}: rules must name a ruleset ({', '.join(RULESETS)}),"
                              f" or for a {'/'.join(TABLE_KINDS)} experiment a table "
                              f"({', '.join(TABLES)}), got {config['rules']!r}")
    if not isinstance(config["set"], dict):
        raise ExperimentError(f"{path.name}: [set] must be a table of rule options")
    for key, default in KINDS[kind].items():
        if key in data:
            config[key] = data[key]
        elif default is None and key not in OPTIONAL.get(kind, DEFAULT_OPTIONAL):
            raise ExperimentError(f"{path.name}: a {kind} experiment needs {key!r}")
        else:
            config[key] = default
    if table:  # the four-handed defaults do not play at a table: its own are basic and self
        config.update({k: None for k in ("strategy", "vs") if k in config and k not in data})
    if kind == "sweep" and not isinstance(config["params"], dict):
        raise ExperimentError(f"{path.name}: [params] must map parameter names to ranges, "
                              'e.g. "round1.threshold.dealer" = "8:16:1"')
    if kind == "tune" and (not isinstance(config["params"], dict) or not config["params"]):
        raise ExperimentError(f"{path.name}: [params] must map parameter names to ranges, "
                              'e.g. "round1.threshold.dealer" = "10:14", or a pattern of '
                              'flags to true, e.g. "play.*" = true')
    if kind in ("stability", "climb") and config["params"] is not None and (
            not isinstance(config["params"], list)
            or not all(isinstance(k, str) for k in config["params"])):
        raise ExperimentError(f"{path.name}: params must be a list of parameter names or "
                              'patterns, e.g. ["round1.threshold.*", "play.second_hand_low"]')
    if kind in ("analyze", "bias"):
        check_tables(config["table"], path.name)
    for key in COUNT_KEYS:  # given counts must be positive integers: games = 0 once ran deals
        value = data.get(key)
        if key in data and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
            raise ExperimentError(f"{path.name}: {key} must be a positive integer, got "
                                  f"{value!r}")
    if kind == "chart" and config["which"] not in CHARTS:
        raise ExperimentError(f"{path.name}: which must be one of {', '.join(CHARTS)}, got "
                              f"{config['which']!r}")
    if kind == "chart" and config["which"] in TABLE_CHARTS and not table:
        raise ExperimentError(f"{path.name}: chart {config['which']} is drawn at an auction "
                              'table (rules = "bid-euchre", "bid-euchre-six" or '
                              '"bid-euchre-eight")')
    if kind == "chart" and config["which"] not in TABLE_CHARTS and table:
        raise ExperimentError(f"{path.name}: chart {config['which']} is drawn in the "
                              f"four-handed game, not at the table {config['rules']!r}")
    return config


def check_tables(table: Any, where: str) -> None:
    """An analyze experiment's ``table`` is unset, a strategy or a non-empty list of them."""
    if table is None or isinstance(table, str):
        return
    if not (isinstance(table, list) and table and all(isinstance(t, str) for t in table)):
        raise ExperimentError(f"{where}: table must be a strategy or a list of strategies, "
                              f'e.g. ["advanced", "pimc"], got {table!r}')


def command_args(config: dict[str, Any], out: str) -> list[str]:
    """The ``euchre-sim`` arguments an experiment amounts to (the text of ``command.txt``)."""
    kind = config["kind"]
    argv = [kind]
    if kind == "match":
        argv += [str(config["a"]), str(config["b"])]
    elif kind in ("sweep", "tune"):
        argv += [str(config["strategy"])]
        for text in param_texts(config["params"]):
            argv += ["--param", text]
    elif kind == "chart":
        argv += [str(config["which"])]
    elif kind == "exploit":
        argv += [str(config["table"])]
    elif kind in ("stability", "climb"):
        argv += [str(config["strategy"])]
        if config["params"]:
            argv += ["--params", ",".join(config["params"])]
    argv += ["--rules", str(config["rules"])]
    for text in set_texts(config["set"]):
        argv += ["--set", text]
    for key in FLAGS[kind]:
        value = _text(config.get(key))
        if value is not None:
            argv += [f"--{key.replace('_', '-')}", value]
    if kind in COUNTED:
        if config.get("games"):
            argv += ["--games", str(config["games"])]
        else:
            argv += ["--deals", str(config["deals"])]
    if config.get("threads"):
        argv += ["--threads", str(config["threads"])]
    argv += ["--out", out]
    if kind not in ("analyze", "chart"):
        argv += ["--no-progress"] if not sys.stderr.isatty() else []
    return argv


# the keys of each kind given as --KEY VALUE, in the command line's order
FLAGS = {
    "simulate": ("strategy", "vs", "seed"), "match": ("seed",),
    "sweep": ("vs", "seed"), "equity": ("strategy", "games", "seed"),
    "analyze": ("situation", "hand", "up", "seat", "bidding", "discard", "defend",
                "tricks", "score", "table", "check_deals", "deals", "seed"),
    "tune": ("vs", "seed", "trials", "validate_deals", "validate_top", "batch"),
    "stability": ("vs", "seed"), "climb": ("seed", "rounds", "per_round"),
    "bias": ("points", "table", "deals", "seed"),
    "exploit": ("seat", "deals", "precision", "search_deals", "seed"),
    "chart": ("strategy", "deals", "seed"),
}
COUNTED = ("simulate", "match", "sweep", "tune", "stability", "climb")  # --deals or --games
# they play other tables (chart: only ``which = "bid"``, at an auction table)
TABLE_KINDS = ("simulate", "match", "sweep", "stability", "climb", "chart")


def _text(value: Any) -> str | None:
    """A value as the command line would carry it (a list of tables as ``A,B``)."""
    if value is None:
        return None
    return ",".join(value) if isinstance(value, list) else str(value)


class _Values:
    """An experiment's values as a job's arguments, each checked as the equivalent command's
    option checks it (a bad one is that command's usage error)."""

    def __init__(self, config: dict[str, Any], compute: Compute):
        self.config = config
        self.kind = config["kind"]
        self.rules = RuleChoice(str(config["rules"]), tuple(set_texts(config["set"])))
        self.progress = sys.stderr.isatty()
        threads = self.count("threads") if config.get("threads") else None
        self.compute = Compute(threads, compute.scheduler, compute.cluster, compute.shard_size)

    def text(self, key: str) -> str | None:
        return _text(self.config.get(key))

    def checked(self, key: str, check: Callable[[str], Any]) -> Any:
        text = self.text(key)
        if text is None:
            return None
        try:
            return check(text)
        except OptionError as exc:
            flag = f"--{key.replace('_', '-')}"
            raise ExperimentValueError(f"euchre-sim {self.kind}", f"argument {flag}: {exc}"
                                       ) from None

    def seed(self) -> int:
        return self.checked("seed", seed_value)

    def count(self, key: str) -> int | None:
        return self.checked(key, count_value)

    def counts(self) -> dict[str, int | None]:
        """``deals`` or ``games`` (games when given)."""
        if self.config.get("games"):
            return {"deals": None, "games": self.count("games")}
        return {"deals": self.count("deals"), "games": None}

    def ints(self, *keys: str) -> dict[str, int | None]:
        """Counts the job checks itself (tune, stability, climb), ``deals`` or ``games``
        first."""
        games = self.config["games"]
        return {"deals": None if games else self.config["deals"], "games": games,
                **{key: self.config[key] for key in keys}}

    def keys(self) -> list[str] | None:
        params = self.config["params"]
        return split_keys(",".join(params)) if params else None


def _simulate(v: _Values, output: Output) -> None:
    seed = v.seed()
    jobs.simulate(v.rules, v.text("strategy"), v.text("vs"), seed=seed, **v.counts(),
                  compute=v.compute, output=output, progress=v.progress)


def _match(v: _Values, output: Output) -> None:
    seed = v.seed()
    jobs.match(v.text("a"), v.text("b"), v.rules, seed=seed, **v.counts(), compute=v.compute,
               output=output, progress=v.progress)


def _sweep(v: _Values, output: Output) -> None:
    seed = v.seed()
    jobs.sweep(v.text("strategy"), param_texts(v.config["params"]), v.rules, v.text("vs"),
               seed=seed, **v.counts(), compute=v.compute, output=output, progress=v.progress)


def _equity(v: _Values, output: Output) -> None:
    games, seed = v.count("games"), v.seed()
    jobs.equity(v.text("strategy"), v.rules, games=games, seed=seed, compute=v.compute,
                output=output, progress=v.progress)


def _analyze(v: _Values, output: Output) -> None:
    situation = SituationInput(*(v.text(k) for k in (
        "situation", "hand", "up", "seat", "bidding", "discard", "defend", "tricks", "score")))
    check_deals = v.checked("check_deals", lambda t: count_value(
        t, 0, "a number of deals >= 0"))
    deals, seed = v.count("deals"), v.seed()
    jobs.analyze(situation, v.rules, table=v.text("table"), check_deals=check_deals,
                 deals=deals, seed=seed, compute=v.compute, output=output)


def _tune(v: _Values, output: Output) -> None:
    seed = v.seed()
    jobs.tune(v.text("strategy"), param_texts(v.config["params"]), v.text("vs"), v.rules,
              seed=seed, **v.ints("trials", "validate_deals", "validate_top", "batch"),
              compute=v.compute, output=output, progress=v.progress)


def _stability(v: _Values, output: Output) -> None:
    seed = v.seed()
    jobs.stability(v.text("strategy"), v.rules, vs=v.text("vs"), params=v.keys(), seed=seed,
                   **v.ints(), compute=v.compute, output=output, progress=v.progress)


def _climb(v: _Values, output: Output) -> None:
    seed = v.seed()
    jobs.climb(v.text("strategy"), v.rules, params=v.keys(), seed=seed,
               **v.ints("rounds", "per_round"), compute=v.compute, output=output,
               progress=v.progress)


def _bias(v: _Values, output: Output) -> None:
    deals, seed = v.count("deals"), v.seed()
    jobs.bias(v.text("points"), v.rules, table=v.text("table"), deals=deals, seed=seed,
              compute=v.compute, output=output, progress=v.progress)


def _chart(v: _Values, output: Output) -> None:
    where = v.compute
    spread = Compute(None, where.scheduler, where.cluster, where.shard_size).cluster_words()
    if spread:  # the chart command runs in this process only
        raise ExperimentValueError("euchre-sim", f"unrecognized arguments: {' '.join(spread)}")
    deals, seed = v.count("deals"), v.seed()
    jobs.chart(v.text("which"), output, v.text("strategy"), v.rules, deals=deals, seed=seed,
               threads=where.threads)


def _exploit(v: _Values, output: Output) -> None:
    precision = v.config["precision"]
    jobs.exploit(v.text("table"), v.rules, seat=v.text("seat"), deals=v.count("deals"),
                 precision=None if precision is None else v.checked("precision",
                                                                   positive_number),
                 search_deals=v.count("search_deals"), seed=v.seed(), compute=v.compute,
                 output=output, progress=v.progress)


RUN: dict[str, Callable[[_Values, Output], None]] = {
    "simulate": _simulate, "match": _match, "sweep": _sweep, "equity": _equity,
    "analyze": _analyze, "tune": _tune, "stability": _stability, "climb": _climb,
    "bias": _bias, "exploit": _exploit, "chart": _chart,
}


def _compute(where: Compute | Sequence[str] | None) -> Compute:
    """Where the work runs: a ``Compute``, or its options as words (``["--cluster",
    "local:2"]``, ``--scheduler ADDRESS``, ``--shard-size N``)."""
    if where is None or isinstance(where, Compute):
        return where or Compute()
    words = list(where)
    options = dict(zip(words[::2], words[1::2], strict=False))
    if len(words) % 2 or set(options) - {"--scheduler", "--cluster", "--shard-size"}:
        raise ExperimentError(f"bad scale-out options {shlex.join(words)!r}: expected "
                              "--scheduler ADDRESS or --cluster local[:N], and --shard-size N")
    size = options.get("--shard-size")
    return Compute(None, options.get("--scheduler"), options.get("--cluster"),
                   int(size) if size is not None else None)


def run_experiment(path: str | Path, results: str | Path = "results",
                   compute: Compute | Sequence[str] | None = None) -> Path:
    """The ``run`` job: run an experiment file into ``results/NAME/RUN_ID/``; returns that
    folder.

    ``compute`` (a ``Compute``, or its options as words such as ``["--cluster", "local:2"]``)
    says where the work runs; it changes nothing in the results, and is recorded in
    ``command.txt``."""
    where = _compute(compute)
    config = load_experiment(path)
    run_id = time.strftime("%Y%m%d-%H%M%S") + f"-seed{config['seed']}"
    out = Path(results) / config["name"] / run_id
    for n in itertools.count(2):  # two runs of one name and seed in the same second
        if not (out.exists() or out.is_symlink() or is_busy(out)):
            break
        out = Path(results) / config["name"] / f"{run_id}-{n}"
    command = "euchre-sim " + shlex.join(command_args(config, str(out))
                                         + where.cluster_words())
    extras = {
        "config.json": json.dumps(config, indent=2) + "\n",
        "command.txt": f"euchre-sim run {shlex.quote(str(path))}\n# which ran:\n{command}\n",
        "run.json": json.dumps({"experiment": str(path), "started": time.strftime(
            "%Y-%m-%dT%H:%M:%S%z")}, indent=2) + "\n",
    }
    RUN[config["kind"]](_Values(config, where), Output(str(out), extras=extras))
    return out
