"""What every job shares: checked option values, the rules as named, where the work runs and
where its results go.

A job's arguments are plain Python values and these small dataclasses, never an argparse
namespace: the command line (``cli*.py``) and experiment files (``jobs/experiments.py``) both build
them, and a notebook may too.
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..game.rules import Rules, RulesError, inert_options, parse_assignments
from ..game.table_spec import TABLES
from ..records.results import RunWriter

Echo = Callable[[str], Any]  # where a job prints its human summary (print by default)

MAX_INDEX = 2**62  # counts and indices stay far inside the kernels' int64
SCHEDULER_RE = re.compile(r"(?:[a-z][a-z0-9+.-]*://)?[^\s/:]+:\d{1,5}")


class OptionError(ValueError):
    """A value that an option cannot take (one-line message, without the option's name)."""


def seed_value(text: str) -> int:
    """A run seed: an integer in [0, 2**64) (``0x`` and ``0o`` prefixes allowed)."""
    try:
        value = int(text, 0)
    except ValueError:
        raise OptionError(f"seed must be an integer, got {text!r}") from None
    if not 0 <= value < 2**64:
        raise OptionError(f"seed must be in [0, 2**64), got {value}")
    return value


def count_value(text: str, low: int = 1, what: str = "a positive integer") -> int:
    """An integer >= ``low`` and at most ``MAX_INDEX`` (underscores allowed: 1_000_000)."""
    try:
        value = int(text.replace("_", ""))
    except ValueError:
        value = None
    if value is None or not low <= value <= MAX_INDEX:
        raise OptionError(f"expected {what} (at most 2**62), got {text!r}")
    return value


def positive_number(text: str) -> float:
    """A finite number > 0."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value <= 0:
        raise OptionError(f"expected a finite number > 0, got {text!r}")
    return value


def scheduler_address(text: str) -> str:
    """A Dask scheduler address with a port, e.g. tcp://10.0.0.5:8786."""
    if not SCHEDULER_RE.fullmatch(text.strip()):
        raise OptionError(f"expected a scheduler address with a port, e.g. "
                          f"tcp://10.0.0.5:8786, got {text!r}")
    return text.strip()


def folder_name(text: str) -> str:
    """A folder name (not empty, no control character)."""
    return _path_name(text, "folder")


def file_name(text: str) -> str:
    """A file name (not empty: an empty ``--out`` is a mistake, never standard output; no
    control character)."""
    return _path_name(text, "file")


def _path_name(text: str, what: str) -> str:
    if not text.strip():
        raise OptionError(f"the {what} name is empty")
    bad = next((ch for ch in text if ord(ch) < 32 or ord(ch) == 127), None)
    if bad is not None:  # a newline or an escape code would be echoed to the terminal
        raise OptionError(f"the {what} name {text!r} holds a control character ({bad!r})")
    return text


def strategy_name(text: str) -> str:
    """A strategy as the user names it (not empty: ``--strategy ''`` is a mistake, never the
    default); what it names is checked where it is loaded."""
    if not text.strip():
        raise OptionError("the strategy is empty: name a built-in (euchre-sim strategies), a "
                          ".toml file or NAME:key=value,...")
    return text


def set_texts(options: Mapping[str, Any]) -> list[str]:
    """Rule options (an experiment's ``[set]`` table, a notebook's ``set={"deck": 25}``) as
    ``option=value`` texts, what ``--set`` takes."""
    return [f"{key}={str(value).lower() if isinstance(value, bool) else value}"
            for key, value in options.items()]


def param_texts(params: Mapping[str, Any]) -> list[str]:
    """A sweep's or a tune's parameters (``{KEY: RANGE}``, an experiment's ``[params]``) as
    ``KEY=RANGE`` texts (``KEY`` alone for a flag pattern set to true), what ``--param``
    takes."""
    return [key if rng is True else f"{key}={rng}" for key, rng in params.items()]


@dataclass(frozen=True)
class RuleChoice:
    """The rules of a job as they were named: a ruleset and ``option=value`` overrides. The
    name is what ``meta.json`` and the captions record; the rules are read (and checked) when
    the job asks for them. ``given`` holds ready-made rules from Python."""

    name: str | None = "north-american"
    settings: tuple[str, ...] = ()
    given: Rules | None = None

    @classmethod
    def of(cls, rules: Rules, name: str = "custom") -> RuleChoice:
        """Ready-made rules under a name of your choice."""
        return cls(name, given=rules)

    def rules(self, extra: Sequence[str] = ()) -> Rules:
        """The rules (then ``extra`` assignments, e.g. ``"deck=24"``); ``settings`` apply to
        ``given`` rules as to a named ruleset."""
        if self.given is not None:
            rules = self.given.with_options(**parse_assignments([*self.settings, *extra]))
        elif self.name in TABLES:
            raise RulesError(f"{self.name!r} is another table: simulate, show, match and sweep "
                             "play it (docs/tables.md); this command plays the four-handed game "
                             "only")
        else:
            rules = Rules.named(self.name or "north-american",
                                **parse_assignments([*self.settings, *extra]))
        inert = inert_options(rules) if self.settings else []
        if inert:  # the user set something that would silently change nothing
            raise RulesError(f"--set: {inert[0]}")
        return rules


@dataclass(frozen=True)
class Compute:
    """Where the work runs: numba threads in this process, or shards on a Dask cluster
    (``scheduler`` an address, or ``cluster`` = "local[:N]"); results are the same."""

    threads: int | None = None
    scheduler: str | None = None
    cluster: str | None = None
    shard_size: int | None = None

    def open(self):
        """The backend (a context manager); says on stderr when it is a Dask cluster."""
        from ..engine.backends import BackendError, open_backend

        if self.shard_size is not None and not (self.scheduler or self.cluster):
            raise BackendError("--shard-size applies to a cluster (--cluster or --scheduler): "
                               "in this process the work is cut by itself")
        backend = open_backend(self.scheduler, self.cluster, self.threads)
        if backend.name != "in-process":
            print(f"running on Dask ({backend.address}, {backend.workers} workers)",
                  file=sys.stderr)
        return backend

    def cluster_words(self) -> list[str]:
        """The scale-out options as command-line words (for ``command.txt``)."""
        words = []
        for flag, value in (("--scheduler", self.scheduler), ("--cluster", self.cluster),
                            ("--shard-size", self.shard_size)):
            if value is not None:
                words += [flag, str(value)]
        return words


@dataclass(frozen=True)
class Output:
    """Where a job writes its run folder (nothing without ``out``): replace an existing one of
    ours only with ``overwrite``; ``extras`` are more files written with it (an experiment's
    ``config.json``, ``command.txt``, ``run.json``)."""

    out: str | None = None
    overwrite: bool = False
    extras: Mapping[str, str] | None = field(default=None, compare=False)

    def writer(self) -> RunWriter | None:
        """The run folder's writer (None without ``out``); it refuses an existing folder now,
        before any work is done."""
        if not self.out:
            return None
        return RunWriter(self.out, overwrite=self.overwrite, extras=dict(self.extras or {}))


# defaults of the jobs' arguments (frozen, so one object serves every call)
STANDARD_RULES = RuleChoice()  # north-american, no overrides
UNNAMED_RULES = RuleChoice(None)  # north-american, but no ruleset named (``solve``: any deck)
IN_PROCESS = Compute()  # all cores of this process
NO_OUTPUT = Output()  # print only, write no folder


def progress_bar(show: bool, total: int, unit: str):
    """A progress bar on stderr counting ``unit`` (hidden unless ``show``; tqdm hides it
    anyway when stderr is not a terminal)."""
    from tqdm import tqdm

    return tqdm(total=total, unit=f" {unit}", unit_scale=True, leave=False,
                disable=(not show) or None)
