"""Strategies: a kind plus a parameter array the kernels read, described by TOML files.

Built-ins live in ``strategies/builtin/*.toml``: ``random``, ``reference`` (the C yardstick's
script), and the scripted family ``basic``, ``advanced``, ``aggressive``, ``conservative``.
Anywhere a name is accepted, a path to a user's TOML file works too, and parameters can be
overridden inline: ``advanced:round1.threshold.dealer=11,play.card_memory=0``.

A strategy file::

    kind = "scripted"            # random, reference, scripted or pimc
    description = "..."
    based_on = "tuned"           # optional: start from this strategy's parameters
    [round1.threshold]
    dealer = 11
    [play]
    card_memory = 1
"""

from __future__ import annotations

import difflib
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np

from ..core.four.card_policy import pack_policy
from ..core.four.kinds import (
    N_ROW,
    POLICY_BASE,
    Q_CARD_POLICY,
    STRATEGY_KINDS,
    uses_scripted_model,
)
from ..game.user_files import UserFileError, load_toml
from .card_policy import policy_digest, policy_toml_lines, read_policy
from .equity_table import fill_equity, uses_equity
from .schema import PARAMS, Param
from .strength_tables import fill_strength_tables

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

N_PARAMS = N_ROW  # a kind's own slots, the match-equity block (equity_table), its shifts
BUILTIN_DIR = Path(__file__).resolve().parent / "builtin"


class StrategyError(ValueError):
    """An unknown strategy, a bad strategy file or parameter (one-line message)."""


@dataclass(frozen=True)
class Strategy:
    """A strategy compiled for the kernels: its kind and its parameters.

    ``params`` holds every value that differs from the kind's schema defaults; ``overrides``
    the ones given inline after the name (shown in the label); ``policy`` the learned card
    policy's entries (class, action), sorted (``core/four/card_policy.py``).
    """

    name: str
    kind_name: str
    params: dict[str, float] = field(default_factory=dict)
    overrides: dict[str, float] = field(default_factory=dict)
    description: str = ""
    policy: tuple[tuple[int, int], ...] = ()

    @property
    def kind(self) -> int:
        return STRATEGY_KINDS[self.kind_name]

    def param_array(self) -> np.ndarray:
        """The kernels' parameter row (a copy: the caller may fill its equity slots)."""
        return self._row.copy()

    @cached_property
    def _row(self) -> np.ndarray:
        """The row, made once per strategy: its strength tables take some 4 ms of Python, and
        every shard of a run compiles its table again (a match, two tables a shard)."""
        arr = np.zeros(N_PARAMS, np.float64)
        for key, p in PARAMS[self.kind_name].items():
            arr[p.index] = self.params.get(key, p.default)
        if uses_scripted_model.py_func(self.kind):  # a row with the scripted strength weights
            fill_strength_tables(arr)
            pack_policy(self.policy, arr, POLICY_BASE)
        if not self.policy:  # nothing to look up: the kernels skip the policy's class
            arr[Q_CARD_POLICY] = 0
        arr.flags.writeable = False
        return arr

    def all_params(self) -> dict[str, float]:
        return {k: self.params.get(k, p.default) for k, p in PARAMS[self.kind_name].items()}

    @property
    def label(self) -> str:
        if not self.overrides:
            return self.name
        return self.name + ":" + ",".join(f"{k}={_fmt(v)}" for k, v in self.overrides.items())

    def describe(self) -> dict:
        out = {"name": self.name, "kind": self.kind_name, "spec": self.label,
               "params": self.all_params()}
        if self.policy:
            out["card_policy"] = {"classes": len(self.policy),
                                  "sha256": policy_digest(self.policy)}
        return out


def _fmt(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else str(v)


def builtin_names() -> list[str]:
    """Names of the built-in strategy files."""
    order = ["random", "reference", "basic", "advanced", "tuned", "aggressive", "conservative"]
    found = sorted(p.stem for p in BUILTIN_DIR.glob("*.toml"))
    return [n for n in order if n in found] + [n for n in found if n not in order]


def _flatten(table: dict, prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in table.items():
        key = f"{prefix}{k}"
        if isinstance(v, dict):
            out.update(_flatten(v, key + "."))
        else:
            out[key] = v
    return out


def _check_value(kind: str, key: str, value: Any, where: str) -> float:
    schema = PARAMS[kind]
    if key not in schema:
        close = difflib.get_close_matches(key, schema, n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        valid = "see `euchre-sim strategies`" if schema else "it has none"
        raise StrategyError(f"unknown parameter {key!r} for a {kind} strategy{where}{hint}: "
                            f"{valid}")
    p: Param = schema[key]
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise StrategyError(f"parameter {key}{where} must be a number, got {value!r}") from None
    if isinstance(value, bool) or not p.low <= number <= p.high or (
            p.integer and not number.is_integer()):
        what = "an integer" if p.integer else "a number"
        raise StrategyError(f"parameter {key}{where} must be {what} in "
                            f"[{_fmt(p.low)}, {_fmt(p.high)}], got {value!r}")
    return number


def load_strategy_file(path: str | Path, name: str | None = None) -> Strategy:
    """Read and validate a strategy TOML file."""
    path = Path(path)
    where = f" in {path.name}"
    if path.exists() and not path.is_file():  # a folder, a named pipe (would block), a device
        raise StrategyError(f"strategy file {str(path)!r} is not a regular file")
    try:
        data = load_toml(path, "strategy file")
    except FileNotFoundError:
        raise StrategyError(f"strategy file {str(path)!r} not found") from None
    except UserFileError as exc:
        raise StrategyError(str(exc)) from None
    except tomllib.TOMLDecodeError as exc:
        raise StrategyError(f"malformed strategy file {str(path)!r}: {exc}") from None
    kind = data.pop("kind", None)
    if not isinstance(kind, str) or kind not in PARAMS:
        raise StrategyError(f"strategy file {str(path)!r} needs kind = one of "
                            f"{', '.join(PARAMS)}, got {kind!r}")
    description = data.pop("description", "")
    data.pop("name", None)
    policy_table = data.pop("card_policy", None)
    params, policy = _inherited(kind, data.pop("based_on", None), path)
    if policy_table is not None:
        if kind not in ("scripted", "pimc"):
            raise StrategyError(f"a {kind} strategy has no card policy ([card_policy]{where})")
        try:
            policy = read_policy(policy_table, dict(policy))
        except ValueError as exc:
            raise StrategyError(f"{exc}{where}") from None
    for key, value in _flatten(data).items():
        number = _check_value(kind, key, value, where)
        if number != PARAMS[kind][key].default:
            params[key] = number
    return Strategy(name=name or path.stem, kind_name=kind, params=params,
                    description=str(description), policy=policy)


_LOADING: list[Path] = []  # the files whose based_on chain is being read (to catch a cycle)


def _inherited(kind: str, based_on: object,
               path: Path) -> tuple[dict[str, float], tuple[tuple[int, int], ...]]:
    """The parameters a file of ``kind`` takes from the strategy it is ``based_on`` (a built-in
    name, or a file relative to this one): those in ``kind``'s schema, defaults left out, and
    its card policy (for a scripted or pimc file). A pimc file based on a scripted one takes its
    bidding model, for example."""
    if based_on is None:
        return {}, ()
    if not isinstance(based_on, str) or not based_on.strip():
        raise StrategyError(f"based_on in {path.name} must be a strategy name or file, got "
                            f"{based_on!r}")
    spec = based_on.strip()
    if spec.endswith(".toml") or "/" in spec:
        spec = str(path.parent / spec)
    here = path.resolve()
    if here in _LOADING:
        raise StrategyError(f"strategy file {str(path)!r} is based on itself (through "
                            f"based_on = {based_on!r})")
    _LOADING.append(here)
    try:
        base = get_strategy(spec)
    finally:
        _LOADING.pop()
    schema = PARAMS[kind]
    policy = base.policy if kind in ("scripted", "pimc") else ()
    return ({k: v for k, v in base.all_params().items()
             if k in schema and v != schema[k].default}, policy)


def get_strategy(spec: str | Strategy, **overrides: float) -> Strategy:
    """Resolve ``"name"``, ``"path/to/file.toml"``, either with ``":key=value,..."``."""
    if isinstance(spec, Strategy):
        base = spec
        given: dict[str, Any] = dict(overrides)
    else:
        head, _, rest = spec.partition(":")
        head = head.strip()
        if head.endswith(".toml") or "/" in head:
            base = load_strategy_file(head)
        elif (BUILTIN_DIR / f"{head}.toml").is_file():
            base = load_strategy_file(BUILTIN_DIR / f"{head}.toml", name=head)
        else:
            raise StrategyError(f"unknown strategy {head!r}: built-ins are "
                                f"{', '.join(builtin_names())}, or give a .toml file")
        given = {}
        for item in filter(None, (x.strip() for x in rest.split(","))):
            if "=" not in item:
                raise StrategyError(f"bad strategy parameter {item!r}: expected key=value")
            k, v = item.split("=", 1)
            if k.strip() in given:
                raise StrategyError(f"strategy parameter {k.strip()!r} given twice in {spec!r}")
            given[k.strip()] = v.strip()
        given.update(overrides)
    if not given:
        return base
    params = dict(base.params)
    extra = dict(base.overrides)
    for key, value in given.items():
        number = _check_value(base.kind_name, key, value, f" of {base.name}")
        params[key] = number
        extra[key] = number
    return Strategy(base.name, base.kind_name, params, extra, base.description, base.policy)


def strategy_toml(strategy: str | Strategy, description: str | None = None) -> str:
    """A complete strategy file for ``strategy``: its kind, a description and every parameter
    of its kind (defaults included), grouped in tables as the built-ins are. Loading it gives
    exactly the same parameters (floats are written in full)."""
    s = get_strategy(strategy)
    text = s.description if description is None else description
    lines = [f"kind = {_toml_string(s.kind_name)}", f"description = {_toml_string(text)}"]
    tables: dict[str, list[str]] = {}
    for key, value in s.all_params().items():
        table, _, leaf = key.rpartition(".")
        number = str(int(value)) if float(value).is_integer() else repr(float(value))
        tables.setdefault(table, []).append(f"{leaf} = {number}")
    lines += tables.pop("", [])  # top-level keys come before any table
    for table, rows in tables.items():
        lines += ["", f"[{table}]", *rows]
    if s.policy:
        lines += ["", "[card_policy]", *policy_toml_lines(s.policy)]
    return "\n".join(lines) + "\n"


def _toml_string(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's, but for DEL, which TOML escapes)."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def compile_pair(a: str | Strategy, b: str | Strategy,
                 equity: Callable[[], np.ndarray] | None = None,
                 ) -> tuple[np.ndarray, np.ndarray]:
    """Kernel arrays for team 0 playing ``a`` and team 1 playing ``b``: (kinds, params).

    ``equity()`` gives the match-equity table (ours, theirs, we deal) of the run's rules; it
    is called only if a side reads it (``score.equity_*``), since it costs a simulation, and
    that side's row gets it (strategies cannot simulate: ``simulate.Matchup.arrays`` passes it).
    """
    sa, sb = get_strategy(a), get_strategy(b)
    kinds = np.array([sa.kind, sb.kind], np.int64)
    params = np.stack([sa.param_array(), sb.param_array()])
    for team, s in enumerate((sa, sb)):
        if uses_equity(s.all_params()):
            if equity is None:
                raise StrategyError(f"{s.label} reads the match-equity table, which needs the "
                                    "rules: compile it through Matchup.arrays(rules)")
            from ..core.four.scripted import fill_score_shifts  # numba: only when needed

            table = equity()
            fill_equity(params[team], table)
            fill_score_shifts(params, team, table.shape[0])
    return kinds, params


def bidding_twin(strategy: str | Strategy) -> Strategy:
    """A strategy whose decisions before the card play are ``strategy``'s bidding model,
    with the cheapest play available: a PIMC strategy's scripted twin (its scripted bidding
    parameters, which are the PIMC player's model of the table and its own bids when
    ``pimc.bidding = 0``), any other strategy itself. The hand analyser screens deals for the
    other players' bidding with it: a PIMC table that bids by search is screened by its
    model, not by the search (which would cost a search per screened deal)."""
    s = get_strategy(strategy)
    if s.kind_name != "pimc":
        return s
    params = {k: v for k, v in s.params.items() if k in PARAMS["scripted"]}
    overrides = {k: v for k, v in s.overrides.items() if k in PARAMS["scripted"]}
    return Strategy(s.name + " (bidding)", "scripted", params, overrides, s.description)


def score_blind(strategy: str | Strategy) -> Strategy:
    """``strategy`` with every score-aware parameter (``score.*``) set to 0."""
    s = get_strategy(strategy)
    return get_strategy(s, **{k: 0 for k in s.all_params() if k.startswith("score.")})


def describe_strategies(verbose: bool = False) -> str:
    """Text listing of the built-ins and (verbose) every parameter of each kind."""
    lines = ["Built-in strategies (a path to your own .toml file works anywhere a name does):"]
    for name in builtin_names():
        s = get_strategy(name)
        lines.append(f"  {name:<13} [{s.kind_name}] {s.description}")
    lines.append("")
    for kind, schema in PARAMS.items():
        if not schema:
            continue
        lines.append(f"Parameters of {kind} strategies (default, range: meaning):")
        for key, p in schema.items():
            lines.append(f"  {key:<34} {_fmt(p.default):>4}  [{_fmt(p.low)}, {_fmt(p.high)}]: "
                         f"{p.help}")
        lines.append("")
    lines.append("Override inline: NAME:key=value,key=value, e.g. "
                 "advanced:round1.threshold.dealer=11")
    return "\n".join(lines)
