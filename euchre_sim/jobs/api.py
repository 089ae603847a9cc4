"""The command line as Python functions, for notebooks::

    from euchre_sim import simulate, match, sweep, analyze, chart

    m = match("tuned", "advanced", deals=20_000, seed=3)
    m.summary["points_per_deal_a_minus_b"]      # {"mean": ..., "se": ..., "ci95": [...]}
    s = sweep("basic", "round1.threshold.dealer=10:14", deals=20_000)
    s.sweep                                     # the sweep's table, a DataFrame
    s.figure()                                  # its chart, a matplotlib Figure

Each function is one command of ``euchre-sim``: it takes the command's options by the same
names (``rules`` a ruleset name or a :class:`~euchre_sim.game.rules.Rules`, ``set={"deck": 25}``
for ``--set``, strategies as the command's specs, ``deals``, ``games``, ``seed``,
``threads``, ``out``, ...), runs the same job (:mod:`euchre_sim.jobs`, with the same
defaults) and returns an :class:`Answer`: the run folder the job wrote, read back with
:func:`euchre_sim.records.results.load` (its tables as DataFrames, deal records decoded), the text
the command prints, the job's own result, and ``figure()``. Without ``out`` the folder is a
temporary one, removed when the answer is no longer used; with ``out`` it stays, exactly
what the command's ``--out`` writes.

Bad input raises the tool's one-line errors (``RulesError``, ``StrategyError``,
``OptionError``, ...: the classes whose message the command prints after
``euchre-sim: error:``), never an error from deep inside. Nothing here plays a deal or
formats a number: the jobs do (docs/api.md walks through a notebook session).
"""

from __future__ import annotations

import numbers
import os
import shutil
import tempfile
import weakref
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import jobs
from ..game.defaults import DEFAULT_DEALS, DEFAULT_SEED, DEFAULT_TABLE
from ..game.rules import Rules, RulesError
from ..records.results import Run, load, table_of
from ..strategies import Strategy, StrategyError
from . import Compute, OptionError, Output, RuleChoice
from .common import Echo

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

__all__ = ["Answer", "analyze", "chart", "equity", "exploit", "load", "match", "simulate",
           "stability", "sweep", "tune"]

StrategySpec = str | Strategy  # "advanced", "my_team.toml", "tuned:play.lead_trump=0", ...
RulesSpec = str | Rules  # "north-american", "british", ... or ready-made rules
Settings = Mapping[str, Any] | Sequence[str] | str | None  # --set: {"deck": 25} or "deck=25"
Folder = str | os.PathLike

# the JSON files of a run folder that hold its summary, by preference
SUMMARY_FILES = ("summary.json", "match.json", "stick.json")
# meta.json keys naming one strategy of the run (as results.TABLE_KEYS, and the others)
STRATEGY_KEYS = ("strategy", "table", "field", "a", "b", "table_a", "table_b", "start",
                 "final")


class Answer:
    """What an API call returns: the job's run folder read back, and what the job said.

    - ``text``: what the command prints on standard output, byte for byte (less the "wrote
      DIR/" line when there is no ``out``).
    - tables: every table of the run folder as a DataFrame, by name (``answer.deals``,
      ``answer.games``, ``answer.sweep``, ``answer.analysis``, ``answer.equity``,
      ``answer.order_up``, ...; ``answer.tables`` has them all); deal records are decoded
      (``euchre_sim.records.decode``: card strings, suits, the maker's hand).
    - ``summary``: the run's summary as a dict (``summary.json``, ``match.json`` or
      ``stick.json``), None when the job writes none.
    - ``table``: the name of the table (strategy) the run was measured with
      (:func:`euchre_sim.records.results.table_of`); ``strategies`` every strategy it names,
      by role.
    - ``figure(name)``: the job's chart as a matplotlib Figure (a one-line ``ResultsError``
      for a job that draws none).
    - ``result``: what the job itself returned (a ``MatchResult``, a ``SweepResult``, the
      analysis DataFrame, ...), ``run`` the :class:`~euchre_sim.records.results.Run`, ``meta`` its
      ``meta.json``, ``path`` the run folder when ``out`` was given (else None).
    """

    def __init__(self, job: str, text: str, result: Any, run: Run, path: Path | None,
                 summary: dict[str, Any] | None):
        self.job = job
        self.text = text
        self.result = result
        self.run = run
        self.path = path
        self.summary = summary

    @property
    def tables(self) -> dict[str, pd.DataFrame]:
        """Every table of the run folder, by name."""
        return self.run.tables

    @property
    def meta(self) -> dict[str, Any]:
        """The run's ``meta.json``: rules, strategies with every parameter, seed, counts,
        provenance."""
        return self.run.meta

    @property
    def table(self) -> str:
        """The table the run was measured with (the strategy, side A of a match, team 0 of a
        simulation, the first table of an analysis)."""
        return table_of(self.run)

    @property
    def strategies(self) -> dict[str, str]:
        """Every strategy the run names, by its role (``a``, ``b``, ``strategy``, ``field``,
        ``team0``, ``team1``, ``table1``, ...), as its spec."""
        m = self.run.meta
        found = {k: m[k]["spec"] for k in STRATEGY_KEYS if isinstance(m.get(k), dict)}
        found.update({k: v["spec"] for k, v in (m.get("strategies") or {}).items()})
        found.update({f"table{i}": t["spec"] for i, t in enumerate(m.get("tables") or [], 1)})
        return found

    def figure(self, name: str = "chart") -> Figure:
        """The run's chart ``name`` (``chart``; a simulation also has ``deal_value``) drawn
        from its tables: :func:`euchre_sim.charts.figure_from_run`."""
        from ..charts import RUN_CHARTS, figure_from_run, run_caption

        drawn = (self.run.meta.get("kind"), name) in RUN_CHARTS  # else a one-line error
        caption = run_caption(self.run, self.path is not None) if drawn else None
        return figure_from_run(self.run, name, caption)

    def __getattr__(self, name: str) -> pd.DataFrame:
        if name.startswith("_") or "run" not in self.__dict__:
            raise AttributeError(name)
        return getattr(self.run, name)  # a table, or the run's one-line list of its tables

    def __dir__(self) -> list[str]:
        return sorted({*super().__dir__(), *self.run.tables})

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        where = str(self.path) if self.path else "no run folder kept"
        head = (f"<{self.job} answer: table {self.table}; tables: "
                f"{', '.join(sorted(self.tables)) or 'none'}; {where}>")
        return f"{head}\n{self.text.rstrip()}"


# --- the commands ---------------------------------------------------------------------


def simulate(strategy: StrategySpec = DEFAULT_TABLE, vs: StrategySpec | None = None, *,
             rules: RulesSpec = "north-american", set: Settings = None,
             deals: int | None = None, games: int | None = None, seed: int = DEFAULT_SEED,
             records: bool = True, threads: int | None = None, scheduler: str | None = None,
             cluster: str | None = None, shard_size: int | None = None,
             out: Folder | None = None, overwrite: bool = False,
             progress: bool = True) -> Answer:
    """``euchre-sim simulate``: ``deals`` deals (default 100,000) or ``games`` whole games of
    ``strategy`` (team 0, seats 0 and 2; default ``tuned``) against ``vs`` (team 1; default
    the same). The same ``seed`` (default 1) gives the same run.

    Tables: ``deals`` (one decoded row per deal; not with ``records=False``), ``games``
    (with ``games``), ``deal_value``; ``summary`` the summary's numbers; charts ``chart``
    (the makers by seat) and ``deal_value``.

    >>> r = simulate("reference", deals=10_000, seed=7)   # doctest: +SKIP
    >>> r.deals.groupby("trump_suit").maker_points.mean()  # doctest: +SKIP
    """
    _one_of(deals=deals, games=games)
    args = dict(rules=_rules(rules, set), strategy=_strategy("strategy", strategy),
                vs=_strategy("vs", vs, optional=True), deals=_count("deals", deals),
                games=_count("games", games), seed=_seed(seed),
                records=bool(records),
                compute=_compute(threads, scheduler, cluster, shard_size), progress=progress)
    return _answer("simulate", out, overwrite, lambda output, echo: jobs.simulate(
        output=output, echo=echo, **args))


def match(a: StrategySpec, b: StrategySpec, *, rules: RulesSpec = "north-american",
          set: Settings = None, deals: int | None = None, games: int | None = None,
          seed: int = DEFAULT_SEED, precision: float | None = None, threads: int | None = None,
          scheduler: str | None = None, cluster: str | None = None,
          shard_size: int | None = None, out: Folder | None = None, overwrite: bool = False,
          progress: bool = True) -> Answer:
    """``euchre-sim match A B``: a duplicate match, every deal (default 100,000) or game
    played twice with the sides swapped; with ``precision``, stop once the 95 % interval's
    half-width is at most that.

    ``summary`` is ``match.json`` (``points_per_deal_a_minus_b``: mean, se, ci95; with
    games, ``games``: win rate and intervals; the decisions by seat); ``result`` the
    ``MatchResult`` (``result.diff`` an estimate with ``.interval()``). No table, no chart.

    >>> match("tuned", "advanced", deals=20_000, seed=3).summary  # doctest: +SKIP
    """
    _one_of(deals=deals, games=games)
    args = dict(a=_strategy("a", a), b=_strategy("b", b), rules=_rules(rules, set),
                deals=_count("deals", deals), games=_count("games", games), seed=_seed(seed),
                precision=_positive("precision", precision),
                compute=_compute(threads, scheduler, cluster, shard_size), progress=progress)
    return _answer("match", out, overwrite, lambda output, echo: jobs.match(
        output=output, echo=echo, **args))


def sweep(strategy: StrategySpec, param: str | Sequence[str] | Mapping[str, Any], *,
          vs: StrategySpec | None = None, rules: RulesSpec = "north-american",
          set: Settings = None, deals: int | None = None, games: int | None = None,
          seed: int = DEFAULT_SEED, threads: int | None = None, scheduler: str | None = None,
          cluster: str | None = None, shard_size: int | None = None,
          out: Folder | None = None, overwrite: bool = False, progress: bool = True) -> Answer:
    """``euchre-sim sweep STRATEGY --param KEY=RANGE``: ``strategy`` at every value (or pair
    of values) of one or two parameters, each point a duplicate match against ``vs`` (default:
    ``strategy`` with its parameters unchanged) on the same deals (default 100,000 per point,
    or ``games``). ``param``: ``"KEY=RANGE"``
    (``start:stop:step`` or ``v1,v2,...``), a list of two, or ``{KEY: RANGE}``.

    Table ``sweep`` (one row per point: value, interval, difference from the best); chart
    ``chart`` (a curve, or a heat map for two parameters); ``result`` the ``SweepResult``.

    >>> sweep("basic", {"round1.threshold.dealer": "10:14"}, deals=20_000).sweep  # doctest: +SKIP
    """
    _one_of(deals=deals, games=games)
    args = dict(strategy=_strategy("strategy", strategy), params=_params(param),
                rules=_rules(rules, set), vs=_strategy("vs", vs, optional=True),
                deals=_count("deals", deals), games=_count("games", games), seed=_seed(seed),
                compute=_compute(threads, scheduler, cluster, shard_size), progress=progress)
    return _answer("sweep", out, overwrite, lambda output, echo: jobs.sweep(
        output=output, echo=echo, **args))


def analyze(situation: str | None = None, *, hand: str | None = None, up: str | None = None,
            seat: str | int | None = None, bidding: str | None = None,
            discard: str | None = None, defend: str | None = None, tricks: str | None = None,
            score: str | None = None, egn: Folder | None = None, egn_deal: int = 0,
            player: int | None = None, rules: RulesSpec = "north-american",
            set: Settings = None, table: str | Sequence[str] | None = None,
            deals: int | None = None, check_deals: int | None = None, seed: int = DEFAULT_SEED,
            rest: str = "table", rest_deals: int | None = None,
            threads: int | None = None, scheduler: str | None = None,
            cluster: str | None = None, shard_size: int | None = None,
            out: Folder | None = None, overwrite: bool = False) -> Answer:
    """``euchre-sim analyze``: the value of every option of one decision, ``deals``
    consistent deals per option under each table. The decision is ``situation`` (one line:
    ``'hand=... up=... seat=... bidding="..."'``), or ``hand``, ``up``, ``seat`` and the
    rest of the command's flags, or ``egn`` (a file), ``egn_deal`` and ``player``
    (docs/analyze.md). ``table``: ``"A,B"`` or ``["A", "B"]`` to answer under each and say
    whether the verdict changes; default the default table, checked by pimc on
    ``check_deals`` deals. ``rest="search"``: your own later decisions by the analyser's
    search (``rest_deals`` per option) instead of the table.

    Table ``analysis`` (one row per table and option: points per deal for your side, its
    interval, the best option); ``result`` the same DataFrame. No chart.

    >>> analyze(hand="JH JD AH KH AS", up="9H", seat="dealer", bidding="pass pass pass",
    ...         table="advanced,tuned", deals=2_000).analysis  # doctest: +SKIP
    """
    fields = {"hand": hand, "up": up, "seat": None if seat is None else str(seat),
              "bidding": bidding, "discard": discard, "defend": defend, "tricks": tricks,
              "score": score}
    for key, value in [("situation", situation), *fields.items()]:
        _text(key, value)
    if player is not None and (not _is_int(player) or not 0 <= player <= 3):
        raise OptionError(f"player: expected a seat 0..3, got {player!r}")
    chosen = _rules(rules, set)
    egn_file = None if egn is None else _folder("egn", egn)
    count = _count("egn_deal", egn_deal, low=0, what="an integer >= 0")
    if isinstance(table, Sequence) and not isinstance(table, str):
        table = ",".join(_text("table", t) or "" for t in table)
    tables = _text("table", table)
    args = dict(table=tables, check_deals=_count("check_deals", check_deals, low=0,
                                                 what="a number of deals >= 0"),
                deals=_count("deals", deals), seed=_seed(seed), rest=_text("rest", rest),
                rest_deals=_count("rest_deals", rest_deals),
                compute=_compute(threads, scheduler, cluster, shard_size))

    def run(output: Output, echo: Echo) -> Any:
        sit, choice = jobs.situation_input(situation, fields, chosen, egn=egn_file,
                                           egn_deal=count, player=player)
        return jobs.analyze(sit, choice, output=output, echo=echo, **args)

    return _answer("analyze", out, overwrite, run)


def chart(which: str, strategy: StrategySpec = DEFAULT_TABLE, *,
          rules: RulesSpec = "north-american", set: Settings = None, deals: int = 200_000,
          seed: int = DEFAULT_SEED, threads: int | None = None, out: Folder | None = None,
          overwrite: bool = False) -> Answer:
    """``euchre-sim chart WHICH``: ``order-up`` or ``go-alone`` (``deals`` random deals per
    seat, by hand class and seat), ``deal-value`` or ``stick-the-dealer`` (``deals``
    deals of self-play). ``figure()`` draws it.

    Tables: ``order_up``, ``go_alone`` or ``deal_value``; ``summary`` for deal-value and
    stick-the-dealer (``summary.json``, ``stick.json``); ``result`` what it was drawn from.

    >>> chart("order-up", "advanced", deals=50_000).figure()  # doctest: +SKIP
    """
    _text("which", which)
    args = dict(which=which, strategy=_strategy("strategy", strategy),
                rules=_rules(rules, set), deals=_count("deals", deals), seed=_seed(seed),
                threads=_count("threads", threads))
    return _answer("chart", out, overwrite, lambda output, echo: jobs.chart(
        output=output, echo=echo, **args))


def equity(strategy: StrategySpec = DEFAULT_TABLE, *, rules: RulesSpec = "north-american",
           set: Settings = None, games: int = DEFAULT_DEALS, seed: int = DEFAULT_SEED,
           threads: int | None = None, scheduler: str | None = None,
           cluster: str | None = None, shard_size: int | None = None,
           out: Folder | None = None, overwrite: bool = False, progress: bool = True) -> Answer:
    """``euchre-sim equity``: ``games`` games of ``strategy`` against itself, and the
    probability of winning from every score. Table ``equity``; chart ``chart`` (a heat
    map)."""
    args = dict(strategy=_strategy("strategy", strategy), rules=_rules(rules, set),
                games=_count("games", games), seed=_seed(seed),
                compute=_compute(threads, scheduler, cluster, shard_size), progress=progress)
    return _answer("equity", out, overwrite, lambda output, echo: jobs.equity(
        output=output, echo=echo, **args))


def tune(strategy: StrategySpec, param: str | Sequence[str] | Mapping[str, Any],
         vs: StrategySpec, *, rules: RulesSpec = "north-american", set: Settings = None,
         deals: int | None = None, games: int | None = None, trials: int = 50,
         validate_deals: int | None = None, validate_top: int = 5, batch: int = 4,
         seed: int = DEFAULT_SEED, threads: int | None = None, scheduler: str | None = None,
         cluster: str | None = None, shard_size: int | None = None,
         out: Folder | None = None, overwrite: bool = False, progress: bool = True) -> Answer:
    """``euchre-sim tune STRATEGY --param KEY=LO:HI --vs FIELD``: Optuna's TPE over the
    parameters, ``trials`` trials on the same deals, the best ``validate_top`` played again
    on fresh deals (docs/tuning.md). Table ``trials``; chart ``chart``; ``result`` the
    ``TuneResult`` (``result.best_toml()`` the tuned strategy file)."""
    _one_of(deals=deals, games=games)
    args = dict(strategy=_strategy("strategy", strategy), params=_params(param),
                vs=_strategy("vs", vs), rules=_rules(rules, set),
                deals=_int("deals", deals), games=_int("games", games),
                trials=_int("trials", trials), validate_deals=_int("validate_deals",
                                                                   validate_deals),
                validate_top=_int("validate_top", validate_top), batch=_int("batch", batch),
                seed=_seed(seed), compute=_compute(threads, scheduler, cluster, shard_size),
                progress=progress)
    return _answer("tune", out, overwrite, lambda output, echo: jobs.tune(
        output=output, echo=echo, **args))


def stability(strategy: StrategySpec, *, vs: StrategySpec = "self",
              params: str | Sequence[str] | None = None, rules: RulesSpec = "north-american",
              set: Settings = None, deals: int | None = None, games: int | None = None,
              seed: int = DEFAULT_SEED, threads: int | None = None, scheduler: str | None = None,
              cluster: str | None = None, shard_size: int | None = None,
              out: Folder | None = None, overwrite: bool = False,
              progress: bool = True) -> Answer:
    """``euchre-sim stability STRATEGY``: every parameter (or only ``params``: "KEY,KEY" or a
    list, names or patterns) one step up and down, each step a duplicate match against
    ``vs`` on the same deals; is any single step a significant gain (Holm-Bonferroni)?
    Table ``stability``; chart ``chart``."""
    _one_of(deals=deals, games=games)
    keys = (jobs.split_keys(_text("params", params)) if params is None or isinstance(params, str)
            else [_text("params", p) for p in params])
    args = dict(strategy=_strategy("strategy", strategy), rules=_rules(rules, set),
                vs=_strategy("vs", vs), params=keys, deals=_int("deals", deals),
                games=_int("games", games), seed=_seed(seed),
                compute=_compute(threads, scheduler, cluster, shard_size), progress=progress)
    return _answer("stability", out, overwrite, lambda output, echo: jobs.stability(
        output=output, echo=echo, **args))


def exploit(table: StrategySpec = DEFAULT_TABLE, *, seat: str | Sequence[str] | None = None,
            rules: RulesSpec = "north-american", set: Settings = None,
            deals: int | None = None, precision: float | None = None,
            search_deals: int | None = None, seed: int = DEFAULT_SEED, threads: int | None = None,
            scheduler: str | None = None, cluster: str | None = None,
            shard_size: int | None = None, out: Folder | None = None, overwrite: bool = False,
            progress: bool = True) -> Answer:
    """``euchre-sim exploit TABLE``: a local best response against ``table``; one seat
    (``seat``: a place, several in turn, default all four) deviates wherever the analyser's
    search (``search_deals`` per option, default 1,000) finds a better option; ``deals``
    deals (default 2,000), or with ``precision`` until the total's 95 % half-width is at
    most that (docs/exploit.md).

    ``summary`` is ``summary.json`` (``total_gain``, ``half_width``, ``by_kind``,
    ``by_seat``); tables ``by_kind``, ``by_seat``, ``decisions`` (one row per searched
    decision), ``deals``; chart ``chart``; ``result`` the ``ExploitResult``.

    >>> exploit("tuned", deals=500, seed=1).summary["total_gain"]  # doctest: +SKIP
    """
    seats = seat if seat is None or isinstance(seat, str) else [_text("seat", s) for s in seat]
    args = dict(table=_strategy("table", table), rules=_rules(rules, set), seat=seats,
                deals=_count("deals", deals), precision=_positive("precision", precision),
                search_deals=_count("search_deals", search_deals), seed=_seed(seed),
                compute=_compute(threads, scheduler, cluster, shard_size), progress=progress)
    return _answer("exploit", out, overwrite, lambda output, echo: jobs.exploit(
        output=output, echo=echo, **args))


# --- running a job into a folder and reading it back ------------------------------------


def _answer(job: str, out: Folder | None, overwrite: bool,
            call: Callable[[Output, Echo], Any]) -> Answer:
    """Run ``call(output, echo)`` (a job) into the folder ``out`` (or a temporary one),
    keeping what it prints, and read the folder back."""
    lines: list[str] = []
    tmp = None
    if out is not None:
        output = Output(_folder("out", out), bool(overwrite))
    else:
        tmp = tempfile.mkdtemp(prefix=f"euchre_sim-{job}-")
        output = Output(os.path.join(tmp, job))
    try:
        result = call(output, lines.append)
        run = load(os.path.abspath(output.out))
        summary = next((run.json(n) for n in SUMMARY_FILES if (run.path / n).is_file()), None)
    except BaseException:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
        raise
    if tmp is not None:
        # the folder lives as long as the run read from it (its charts read files from it)
        weakref.finalize(run, shutil.rmtree, tmp, True)
        lines = [s for s in lines if output.out not in s]  # "wrote DIR/ (...)"
    text = "".join(f"{s}\n" for s in lines)  # as print() writes them
    return Answer(job, text, result, run, None if tmp else Path(output.out), summary)


# --- the options, checked as the command's parser checks them ----------------------------


def _is_int(value: Any) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _int(name: str, value: Any) -> int | None:
    """An integer (or None); its range is the job's to check."""
    if value is None:
        return None
    if not _is_int(value):
        raise OptionError(f"{name}: expected an integer, got {value!r}")
    return int(value)


def _option(name: str, value: Any, check: Callable[[str], Any], kinds: tuple[type, ...],
            what: str, required: bool = False) -> Any:
    """``value`` read as the command reads the option's text: ``check`` (the command's own
    check) on its text, its message named by ``name``; None stays None unless
    ``required``."""
    if value is None and not required:
        return None
    if isinstance(value, bool) or not isinstance(value, (*kinds, str)):
        raise OptionError(f"{name}: expected {what}, got {value!r}")
    try:
        return check(str(value))
    except OptionError as exc:
        raise OptionError(f"{name}: {exc}") from None


def _count(name: str, value: Any, low: int = 1, what: str = "a positive integer") -> int | None:
    """A count, as the command reads ``--deals``: an integer >= ``low``, at most 2**62 (text
    such as ``"1_000_000"`` too)."""
    return _option(name, value, lambda text: jobs.count_value(text, low, what),
                   (numbers.Integral,), what)


def _seed(value: Any, optional: bool = False) -> int | None:
    return _option("seed", value, jobs.seed_value, (numbers.Integral,),
                   "an integer in [0, 2**64)", required=not optional)


def _positive(name: str, value: Any) -> float | None:
    return _option(name, value, jobs.positive_number, (numbers.Real,),
                   "a finite number > 0")


def _text(name: str, value: Any) -> str | None:
    if value is not None and not isinstance(value, str):
        raise OptionError(f"{name}: expected text, got {value!r}")
    return value


def _folder(name: str, value: Any) -> str:
    return _option(name, value, jobs.folder_name, (os.PathLike,), "a folder or file name",
                   required=True)


def _one_of(**counts: Any) -> None:
    given = [k for k, v in counts.items() if v is not None]
    if len(given) > 1:
        raise OptionError(f"give {' or '.join(given)}, not both")


def _strategy(name: str, spec: Any, optional: bool = False) -> StrategySpec | None:
    if (spec is None and optional) or isinstance(spec, (str, Strategy)):
        return spec
    raise StrategyError(f"{name}: expected a strategy (a name, a .toml file, NAME:key=value "
                        f"or a Strategy), got {spec!r}")


def _rules(rules: Any, settings: Settings) -> RuleChoice:
    """The rules as the job names them: a ruleset (or ready-made rules, named "custom") and
    ``--set`` overrides."""
    if settings is None:
        texts: tuple[str, ...] = ()
    elif isinstance(settings, str):
        texts = (settings,)
    elif isinstance(settings, Mapping):
        texts = tuple(jobs.set_texts(settings))
    elif isinstance(settings, Sequence) and all(isinstance(s, str) for s in settings):
        texts = tuple(settings)
    else:
        raise RulesError(f"set: expected {{option: value}} or 'option=value' texts, got "
                         f"{settings!r}")
    if isinstance(rules, Rules):
        return RuleChoice("custom", texts, given=rules)
    if isinstance(rules, str):
        return RuleChoice(rules, texts)
    raise RulesError(f"rules: expected a ruleset name or Rules, got {rules!r}")


def _params(param: Any) -> list[str]:
    """``--param`` texts from one text, a list of them or ``{KEY: RANGE}``."""
    if isinstance(param, str):
        return [param]
    if isinstance(param, Mapping):
        return jobs.param_texts(param)
    if isinstance(param, Sequence) and param and all(isinstance(p, str) for p in param):
        return list(param)
    raise OptionError(f"param: expected 'KEY=RANGE', a list of them or {{KEY: RANGE}}, got "
                      f"{param!r}")


def _compute(threads: Any, scheduler: Any, cluster: Any, shard_size: Any) -> Compute:
    if scheduler is not None and cluster is not None:
        raise OptionError("give scheduler or cluster, not both")
    where = _option("scheduler", scheduler, jobs.scheduler_address, (), "an address")
    return Compute(_count("threads", threads), where, _text("cluster", cluster),
                   _count("shard_size", shard_size))
