"""Experiment files: one TOML file per question, run by ``euchre-sim run FILE``.

::

    kind = "sweep"          # simulate, match, sweep, equity, analyze, tune, stability, climb,
                            # bias, chart (which = "order-up", "stick-the-dealer", ...)
    description = "Best round-1 threshold for the dealer"
    rules = "north-american"            # optional, with [set] overrides
    strategy = "basic"
    vs = "reference"
    deals = 200000
    seed = 1
    [params]
    "round1.threshold.dealer" = "8:16:1"

An analyze experiment may name several tables: ``table = ["advanced", "pimc"]``; a bias
experiment two (``table = ["tuned", "pimc"]``) and its points file (``points = "..."``).

A run writes ``results/NAME/RUN_ID/`` (NAME = the file's stem, RUN_ID = start time and seed):
the outputs of the command it maps to, plus ``config.json`` (the resolved experiment),
``command.txt`` (the exact command line) and ``meta.json`` (provenance, start and end time).
Everything is written under a temporary name and renamed when complete.
"""

from __future__ import annotations

import json
import re
import shlex
import sys
import time
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


class ExperimentError(ValueError):
    """A malformed experiment file (one-line message)."""


CHARTS = ("order-up", "go-alone", "deal-value", "stick-the-dealer")  # ``euchre-sim chart WHICH``
COMMON = {"kind", "description", "rules", "set", "threads"}
# keys that count something: when given, a positive integer
COUNT_KEYS = ("deals", "games", "threads", "rounds", "per_round", "trials", "validate_deals",
              "validate_top", "batch")
KINDS: dict[str, dict[str, Any]] = {
    # key -> default (None: required)
    "simulate": {"strategy": "reference", "vs": None, "deals": 100_000, "games": None,
                 "seed": 1},
    "match": {"a": None, "b": None, "deals": 100_000, "games": None, "seed": 1},
    "sweep": {"strategy": None, "vs": "reference", "deals": 100_000, "games": None, "seed": 1,
              "params": None},
    "equity": {"strategy": "advanced", "games": 100_000, "seed": 1},
    # analyze: table is a strategy or a list of them; without it, the command's default table
    # and its check (check_deals deals)
    # (the situation: one line, or its fields one by one; the command checks it)
    "analyze": {"situation": None, "hand": None, "up": None, "seat": None, "bidding": None,
                "discard": None, "defend": None, "tricks": None, "score": None,
                "table": None, "check_deals": None, "deals": 50_000, "seed": 1},
    "tune": {"strategy": None, "vs": None, "deals": 100_000, "games": None, "seed": 1,
             "params": None, "trials": 50, "validate_deals": None, "validate_top": 5,
             "batch": 4},
    "stability": {"strategy": None, "vs": "self", "deals": 100_000, "games": None, "seed": 1,
                  "params": None},
    "climb": {"strategy": None, "deals": 100_000, "games": None, "seed": 1, "params": None,
              "rounds": 10, "per_round": 4},
    # bias: points is a points file (relative to the working directory, like every path);
    # table is "A,B" or a list of two strategies (default: the command's)
    "bias": {"points": None, "table": None, "deals": 800, "seed": 1},
    # chart: ``euchre-sim chart WHICH`` (deals: per seat for order-up and go-alone)
    "chart": {"which": None, "strategy": "tuned", "deals": 200_000, "seed": 1},
}
# keys whose default is None but which may be left out (the rest with None are required)
DEFAULT_OPTIONAL = ("vs", "games", "score", "table", "check_deals")
OPTIONAL = {"tune": ("games", "validate_deals"), "stability": ("games", "params"),
            "climb": ("games", "params"), "bias": ("table",),
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
        data = tomllib.loads(path.read_text())
    except FileNotFoundError:
        raise ExperimentError(f"experiment file {str(path)!r} not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ExperimentError(f"cannot read experiment file {str(path)!r}: {exc}") from None
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
    if not isinstance(config["set"], dict):
        raise ExperimentError(f"{path.name}: [set] must be a table of rule options")
    for key, default in KINDS[kind].items():
        if key in data:
            config[key] = data[key]
        elif default is None and key not in OPTIONAL.get(kind, DEFAULT_OPTIONAL):
            raise ExperimentError(f"{path.name}: a {kind} experiment needs {key!r}")
        else:
            config[key] = default
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
    return config


def check_tables(table: Any, where: str) -> None:
    """An analyze experiment's ``table`` is unset, a strategy or a non-empty list of them."""
    if table is None or isinstance(table, str):
        return
    if not (isinstance(table, list) and table and all(isinstance(t, str) for t in table)):
        raise ExperimentError(f"{where}: table must be a strategy or a list of strategies, "
                              f'e.g. ["advanced", "pimc"], got {table!r}')


def command_args(config: dict[str, Any], out: str) -> list[str]:
    """The ``euchre-sim`` arguments an experiment amounts to."""
    kind = config["kind"]
    argv = [kind]
    if kind == "match":
        argv += [str(config["a"]), str(config["b"])]
    elif kind in ("sweep", "tune"):
        argv += [str(config["strategy"])]
        for key, rng in config["params"].items():
            argv += ["--param", key if rng is True else f"{key}={rng}"]
    elif kind == "chart":
        argv += [str(config["which"])]
    elif kind in ("stability", "climb"):
        argv += [str(config["strategy"])]
        if config["params"]:
            argv += ["--params", ",".join(config["params"])]
    argv += ["--rules", str(config["rules"])]
    for key, value in config["set"].items():
        text = str(value).lower() if isinstance(value, bool) else str(value)
        argv += ["--set", f"{key}={text}"]
    flags = {
        "simulate": ("strategy", "vs", "seed"), "match": ("seed",),
        "sweep": ("vs", "seed"), "equity": ("strategy", "games", "seed"),
        "analyze": ("situation", "hand", "up", "seat", "bidding", "discard", "defend",
                    "tricks", "score", "table", "check_deals", "deals", "seed"),
        "tune": ("vs", "seed", "trials", "validate_deals", "validate_top", "batch"),
        "stability": ("vs", "seed"), "climb": ("seed", "rounds", "per_round"),
        "bias": ("points", "table", "deals", "seed"),
        "chart": ("strategy", "deals", "seed"),
    }[kind]
    for key in flags:
        value = config.get(key)
        if isinstance(value, list):  # several tables: --table advanced,pimc
            value = ",".join(value)
        if value is not None:
            argv += [f"--{key.replace('_', '-')}", str(value)]
    if kind in ("simulate", "match", "sweep", "tune", "stability", "climb"):
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


def run_experiment(path: str | Path, results: str | Path = "results",
                   cluster_argv: list[str] | None = None) -> Path:
    """Run an experiment file into ``results/NAME/RUN_ID/``; returns that folder.

    ``cluster_argv`` (``["--cluster", "local:2"]`` and the like) says where the work runs; it
    changes nothing in the results, and is recorded in ``command.txt``."""
    from .cli import build_parser, dispatch

    config = load_experiment(path)
    run_id = time.strftime("%Y%m%d-%H%M%S") + f"-seed{config['seed']}"
    out = Path(results) / config["name"] / run_id
    argv = command_args(config, str(out)) + list(cluster_argv or [])
    args = build_parser().parse_args(argv)
    command = "euchre-sim " + shlex.join(argv)
    args.extras = {
        "config.json": json.dumps(config, indent=2) + "\n",
        "command.txt": f"euchre-sim run {shlex.quote(str(path))}\n# which ran:\n{command}\n",
        "run.json": json.dumps({"experiment": str(path), "started": time.strftime(
            "%Y-%m-%dT%H:%M:%S%z")}, indent=2) + "\n",
    }
    dispatch(args)
    return out
