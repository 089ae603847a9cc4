"""Tuning a scripted strategy's parameters with Optuna's TPE sampler, then validating.

Each trial is a duplicate match of the strategy with the trial's parameters against a fixed
field, on the same deals for every trial (common random numbers: the differences between
trials are not blurred by the luck of the cards). The objective is points per deal, tuned minus
field, or with games the tuned side's share of the games won (paired by board).

Because every trial sees the same deals, the best search value is biased upwards (the winner's
curse: among many noisy values the largest is likely to have been lucky). So the best few
trials are played again on fresh deals, which the search never saw, and the best of them by
that validation value is the answer. See docs/tuning.md.

Trials are asked of the sampler in batches (ask/tell), and a batch's matches go to the backend
together, so a cluster stays busy. The batch size is fixed by the caller, never by the backend:
a run gives the same trials wherever it runs.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from ..core.common.rng import MASK64, splitmix64_py
from ..engine.backends import Backend
from ..game.rules import Rules
from ..strategies import Strategy, StrategyError, get_strategy, strategy_toml
from ..strategies.schema import Param
from .match import MatchResult
from .stats import Estimate
from .variants import (
    SearchError,
    check_count,
    deals_or_games,
    match_variants,
    matching_keys,
    objective,
    resolve_field,
    same_play,
    scripted_schema,
    step_of,
)

MAX_TRIALS = 10_000
DEFAULT_BATCH = 4
DEFAULT_TOP = 5
VALIDATION_DOMAIN = 0x7A11DA7E5EED5EED  # mixed into the seed: validation deals are fresh


def fresh_seed(seed: int) -> int:
    """The seed of the fresh validation deals of a search run with ``seed``."""
    return splitmix64_py((seed ^ VALIDATION_DOMAIN) & MASK64)[1]


@dataclass(frozen=True)
class TuneParam:
    """One searched parameter: the grid ``low, low + step, ..., high``."""

    key: str
    low: float
    high: float
    step: float
    integer: bool

    def suggest(self, trial) -> float:
        """The trial's value (on the grid, rounded to kill float dust)."""
        if self.integer:
            return float(trial.suggest_int(self.key, int(self.low), int(self.high),
                                           step=int(self.step)))
        x = trial.suggest_float(self.key, self.low, self.high, step=self.step)
        return round(self.low + round((x - self.low) / self.step) * self.step, 10)

    @property
    def points(self) -> int:
        return int(round((self.high - self.low) / self.step)) + 1

    @property
    def flag(self) -> bool:
        return self.integer and self.low == 0 and self.high == 1

    def spec(self) -> str:
        return f"{self.key}={_fmt(self.low)}:{_fmt(self.high)}:{_fmt(self.step)}"


def parse_tune_param(spec: str, base: Strategy) -> list[TuneParam]:
    """``KEY=lo:hi`` or ``KEY=lo:hi:step`` (default step: 1 for integer parameters, 0.5
    otherwise), checked against the schema's range; ``PATTERN`` alone (``'play.*'``) means
    every 0/1 flag it matches, and ``PATTERN=lo:hi[:step]`` every parameter it matches."""
    schema = scripted_schema(base)
    key, eq, text = (x.strip() for x in spec.partition("="))
    glob = any(c in key for c in "*?[")
    if not eq:
        if glob:
            return [TuneParam(k, 0, 1, 1, True) for k in matching_keys(schema, key, True)]
        raise SearchError(f"--param {spec!r}: give a range, KEY=lo:hi or KEY=lo:hi:step "
                          "(or a pattern of flags such as 'play.*')")
    keys = matching_keys(schema, key) if glob else [key]
    try:
        bounds = [float(x) for x in text.split(":")]
        if len(bounds) not in (2, 3) or not all(math.isfinite(b) for b in bounds):
            raise ValueError
    except ValueError:
        raise SearchError(f"bad --param {spec!r}: expected KEY=lo:hi or KEY=lo:hi:step") from None
    return [_checked(spec, k, schema.get(k), bounds, base) for k in keys]


def _checked(spec: str, key: str, p: Param | None, bounds: list[float],
             base: Strategy) -> TuneParam:
    lo, hi = bounds[:2]
    try:  # an unknown key or a bound outside the schema's range: the strategy layer says which
        for end in (lo, hi):
            get_strategy(base, **{key: int(end) if end.is_integer() else end})
    except StrategyError as exc:
        raise SearchError(f"--param {spec}: {exc}") from None
    assert p is not None
    step = bounds[2] if len(bounds) == 3 else step_of(p)
    if not lo < hi:
        raise SearchError(f"--param {spec}: the low end {_fmt(lo)} must be below the high end "
                          f"{_fmt(hi)}")
    if step <= 0 or (p.integer and not step.is_integer()):
        what = "a positive integer" if p.integer else "positive"
        raise SearchError(f"--param {spec}: the step of {key} must be {what}, got {_fmt(step)}")
    n = (hi - lo) / step
    if abs(n - round(n)) > 1e-9:
        raise SearchError(f"--param {spec}: {_fmt(lo)}..{_fmt(hi)} is not a whole number of "
                          f"steps of {_fmt(step)}")
    return TuneParam(key, lo, hi, step, p.integer)


@dataclass
class Trial:
    """One trial: its parameter values and its match against the field on the search deals
    (``repeat_of``: an earlier trial with the same values, whose match it reuses)."""

    number: int
    values: tuple[float, ...]
    result: MatchResult
    value: Estimate
    repeat_of: int | None = None


@dataclass
class Checked:
    """A top trial played again on the fresh validation deals."""

    trial: Trial
    result: MatchResult  # against the field, on the validation deals
    value: Estimate  # the objective there
    gain: Estimate  # over the unchanged strategy against the same field, paired by board


@dataclass
class TuneResult:
    """A tuning run: every trial in order, and the validation of the best few."""

    strategy: Strategy
    field: Strategy
    space: list[TuneParam]
    trials: list[Trial]
    checked: list[Checked]
    count: int  # duplicate deals (or games) per trial
    validate_count: int
    seed: int
    validate_seed: int
    games: bool
    batch: int
    startup: int
    reference: Estimate  # the unchanged strategy's value on the search deals

    @property
    def keys(self) -> list[str]:
        return [p.key for p in self.space]

    @property
    def unit(self) -> str:
        return "games" if self.games else "deals"

    @property
    def measure(self) -> str:
        return ("share of games won by the tuned side (paired by board)" if self.games
                else "points per deal, tuned side minus field")

    def table(self):
        """The trajectory: one row per trial (number, parameters, value with se and 95 %
        interval, best value so far, the trial it repeats)."""
        import pandas as pd

        rows, best = [], -math.inf
        for t in self.trials:
            lo, hi = t.value.interval()
            best = max(best, t.value.mean)
            rows.append({"trial": t.number, **dict(zip(self.keys, t.values, strict=True)),
                         "value": t.value.mean, "se": t.value.se, "ci95_low": lo,
                         "ci95_high": hi, "best_so_far": best,
                         "points_per_deal": t.result.diff.mean,
                         "repeat_of": t.repeat_of if t.repeat_of is not None else pd.NA})
        df = pd.DataFrame(rows)
        df["repeat_of"] = df["repeat_of"].astype("Int64")
        return df

    def validation_table(self):
        """One row per validated trial, best search value first: its search value, its value
        on the fresh deals and its gain there over the unchanged strategy (95 % intervals)."""
        import pandas as pd

        rows = []
        for c in self.checked:
            vlo, vhi = c.value.interval()
            glo, ghi = c.gain.interval()
            rows.append({"trial": c.trial.number,
                         **dict(zip(self.keys, c.trial.values, strict=True)),
                         "search_value": c.trial.value.mean, "search_se": c.trial.value.se,
                         "search_gain": c.trial.value.mean - self.reference.mean,
                         "validation_value": c.value.mean, "validation_se": c.value.se,
                         "validation_ci95_low": vlo, "validation_ci95_high": vhi,
                         "gain": c.gain.mean, "gain_se": c.gain.se, "gain_ci95_low": glo,
                         "gain_ci95_high": ghi, "chosen": c is self.best()})
        return pd.DataFrame(rows)

    def best(self) -> Checked:
        """The validated trial with the best value on the fresh deals."""
        return max(self.checked, key=lambda c: (c.value.mean, -c.trial.number))

    def best_params(self) -> dict[str, float]:
        return dict(zip(self.keys, self.best().trial.values, strict=True))

    def best_strategy(self) -> Strategy:
        """The unchanged strategy with the best trial's parameters."""
        return get_strategy(self.strategy, **self.best_params())

    def best_toml(self, run: str | None = None) -> str:
        """The best strategy as a complete strategy file, its description naming this run."""
        b = self.best()
        params = ", ".join(f"{k}={_fmt(v)}" for k, v in self.best_params().items())
        where = f" (run {run})" if run else ""
        text = (f"tuned from {self.strategy.label} against {self.field.label}{where}: "
                f"{params}; trial {b.trial.number} of {len(self.trials)}, "
                f"{self.count:,} duplicate {self.unit} (seed {self.seed}); on "
                f"{self.validate_count:,} fresh {self.unit} (seed {self.validate_seed}) "
                f"{_num(b.value, self.games)} against the field, "
                f"{_num(b.gain, self.games, signed=True)} over {self.strategy.label}")
        return strategy_toml(self.best_strategy(), text)

    def to_text(self) -> str:
        space = ", ".join(f"{p.key} in {_fmt(p.low)}..{_fmt(p.high)}"
                          + (" (flag)" if p.flag else f" step {_fmt(p.step)}") for p in self.space)
        lines = [
            f"tune {self.strategy.label} against {self.field.label}: {len(self.trials)} trials "
            f"(Optuna TPE, multivariate, seed {self.seed}, batches of {self.batch}, the first "
            f"{self.startup} at random), {self.count:,} duplicate {self.unit} per trial, the "
            f"same {self.unit} for every trial",
            f"search space: {space}",
            f"objective: {self.measure} (95 % interval)",
        ]
        best = -math.inf
        for t in self.trials:
            best = max(best, t.value.mean)
            again = f"  (= trial {t.repeat_of})" if t.repeat_of is not None else ""
            lines.append(f"  #{t.number:<4} {_est(t.value, self.games)}  best "
                         f"{_val(best, self.games)}  {self._label(t.values)}{again}")
        lines.append(
            f"validation: the {len(self.checked)} best trials again on {self.validate_count:,} "
            f"fresh duplicate {self.unit} (seed {self.validate_seed}), never seen by the search;"
            f" gain over {self.strategy.label} against the same field, paired by board:")
        for c in self.checked:
            lines.append(f"  #{c.trial.number:<4} search {_val(c.trial.value.mean, self.games)}"
                         f"  validation {_est(c.value, self.games)}  gain "
                         f"{_est(c.gain, self.games, signed=True)}  {self._label(c.trial.values)}")
        b = self.best()
        glo, ghi = b.gain.interval()
        verdict = ("better than" if glo > 0 else "worse than" if ghi < 0
                   else "not significantly different from")
        searched = b.trial.value.mean - self.reference.mean
        lines += [
            f"best by validation: trial {b.trial.number}: {self._label(b.trial.values)}",
            f"  against the field: search {_est(b.trial.value, self.games)}, validation "
            f"{_est(b.value, self.games)}",
            f"  gain over {self.strategy.label}: {_val(searched, self.games, signed=True)} on "
            f"the search {self.unit}, {_est(b.gain, self.games, signed=True)} on fresh "
            f"{self.unit}; the search overstated it by "
            f"{_val(searched - b.gain.mean, self.games, signed=True)} (the winner's curse, "
            "plus noise)",
            f"  verdict at 95 %: on fresh {self.unit} it is {verdict} {self.strategy.label}",
        ]
        return "\n".join(lines)

    def _label(self, values: tuple[float, ...]) -> str:
        return ", ".join(f"{k}={_fmt(v)}" for k, v in zip(self.keys, values, strict=True))


def tune(rules: Rules, strategy: str | Strategy, params: Sequence[str | TuneParam],
         field: str | Strategy | None, *, deals: int | None = None, games: int | None = None,
         trials: int = 50, seed: int = 1, validate: int | None = None,
         validate_top: int = DEFAULT_TOP, validate_seed: int | None = None,
         batch: int = DEFAULT_BATCH, backend: Backend | None = None,
         threads: int | None = None, shard: int | None = None, progress=None) -> TuneResult:
    """Search ``params`` of ``strategy`` (specs ``KEY=lo:hi[:step]`` or :class:`TuneParam`)
    for the best duplicate match against ``field`` (``"self"`` or None: the unchanged
    strategy) on ``deals`` deals (or ``games`` games) of ``seed``, in ``trials`` trials; then
    play the ``validate_top`` best again on ``validate`` (default: as many) fresh deals of
    ``validate_seed`` (default: :func:`fresh_seed`) and keep the best there.
    ``progress``: a shard callback (``backends.ShardProgress``)."""
    base = get_strategy(strategy)
    scripted_schema(base)
    opponent = resolve_field(base, field)
    space = [q for p in params for q in ([p] if isinstance(p, TuneParam)
                                         else parse_tune_param(p, base))]
    if not space:
        raise SearchError("give at least one --param to tune")
    keys = [p.key for p in space]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if twice:
        raise SearchError(f"parameter {twice[0]} given twice")
    count, by_games = deals_or_games(deals, games, 100_000)
    check_count(trials, "the number of trials", MAX_TRIALS)
    check_count(batch, "the batch size", 1_000)
    check_count(validate_top, "the number of trials validated", 100)
    vcount = count if validate is None else check_count(validate, "validation " + (
        "games" if by_games else "deals"), 10**11)
    vseed = fresh_seed(seed) if validate_seed is None else validate_seed
    startup = max(1, min(10, trials // 3))
    self_play = same_play(base, opponent)
    run = dict(rules=rules, field=opponent, games=by_games, backend=backend, threads=threads,
               shard=shard, progress=progress)
    _call(progress, "expect", trials * count + validate_top * vcount
          + (0 if self_play else count))
    done, reference = _search(space, base, trials, count, seed, batch, startup, run)
    checked = _validate(done, space, base, validate_top, vcount, vseed, run)
    return TuneResult(base, opponent, space, done, checked, count, vcount, seed, vseed,
                      by_games, batch, startup, reference)


def _search(space: list[TuneParam], base: Strategy, trials: int, count: int, seed: int,
            batch: int, startup: int, run: dict) -> tuple[list[Trial], Estimate]:
    """Ask the sampler ``batch`` trials at a time, play the new points of each batch together,
    tell it the values. A point already played (the grid is finite) reuses its match. Also
    the unchanged strategy's value on the same deals (played with the first batch; against
    itself it is even)."""
    import optuna

    null = 0.5 if run["games"] else 0.0
    reference = Estimate(null, 0.0, count)
    extra = [] if same_play(base, run["field"]) else [base]

    with _quiet_optuna():
        sampler = optuna.samplers.TPESampler(seed=seed % 2**32, multivariate=True,
                                             constant_liar=True, n_startup_trials=startup)
        study = optuna.create_study(direction="maximize", sampler=sampler)
        done: list[Trial] = []
        first: dict[tuple[float, ...], Trial] = {}
        while len(done) < trials:
            asked = [study.ask() for _ in range(min(batch, trials - len(done)))]
            points = [tuple(p.suggest(t) for p in space) for t in asked]
            new = list(dict.fromkeys(v for v in points if v not in first))
            variants = [get_strategy(base, **dict(zip((p.key for p in space), v, strict=True)))
                        for v in new] + extra
            outcomes = match_variants(variants=variants, count=count, seed=seed, **run) \
                if variants else []
            if extra:
                reference = objective(outcomes.pop().match, run["games"])
                extra = []
            played = {v: o.match for v, o in zip(new, outcomes, strict=True)}
            for t, v in zip(asked, points, strict=True):
                if v in first:
                    old = first[v]
                    trial = Trial(t.number, v, old.result, old.value, old.number)
                    _call(run["progress"], "advance", count)
                else:
                    r = played[v]
                    trial = Trial(t.number, v, r, objective(r, run["games"]))
                    first[v] = trial
                study.tell(t, trial.value.mean)
                done.append(trial)
            best = max(done, key=lambda x: x.value.mean)
            _call(run["progress"], "tell", f"trial {len(done)}/{trials}, best "
                  f"{_val(best.value.mean, run['games'])} (#{best.number})")
    return done, reference


def _validate(done: list[Trial], space: list[TuneParam], base: Strategy, top: int,
              count: int, seed: int, run: dict) -> list[Checked]:
    """Play the ``top`` best distinct points again on fresh deals, with the unchanged strategy
    as the baseline of a paired gain (against itself it is the match itself)."""
    ranked = sorted((t for t in done if t.repeat_of is None),
                    key=lambda t: (-t.value.mean, t.number))[:top]
    _call(run["progress"], "advance", (top - len(ranked)) * count)
    _call(run["progress"], "tell", f"validating the best {len(ranked)}")
    variants = [get_strategy(base, **dict(zip((p.key for p in space), t.values, strict=True)))
                for t in ranked]
    outcomes = match_variants(variants=variants, count=count, seed=seed, baseline=base, **run)
    return [Checked(t, o.match, objective(o.match, run["games"]), o.gain)
            for t, o in zip(ranked, outcomes, strict=True)]


@contextmanager
def _quiet_optuna():
    """Optuna without its per-trial log lines and experimental-feature warnings (multivariate
    TPE and the constant liar are marked experimental; both have been stable for years)."""
    import optuna

    level = optuna.logging.get_verbosity()
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)
            yield
    finally:
        optuna.logging.set_verbosity(level)


def _call(progress, method: str, arg) -> None:
    """``progress.method(arg)`` if the progress callback has it (a plain callable has not)."""
    if hasattr(progress, method):
        getattr(progress, method)(arg)


def _fmt(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


def _val(x: float, games: bool, signed: bool = False) -> str:
    if games:
        return f"{100 * x:+.2f} %" if signed else f"{100 * x:.2f} %"
    return f"{x:+.4f}"


def _est(e: Estimate, games: bool, signed: bool = False) -> str:
    lo, hi = e.interval()
    return (f"{_val(e.mean, games, signed)} ({_val(lo, games, signed)} .. "
            f"{_val(hi, games, signed)})")


def _num(e: Estimate, games: bool, signed: bool = False) -> str:
    unit = " of games" if games else " points per deal"
    return _val(e.mean, games, signed) + unit

