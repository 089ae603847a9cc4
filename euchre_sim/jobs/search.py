"""Jobs that search a strategy's parameters: ``tune``, ``stability`` and ``climb``.

No search logic lives here (that is ``analysis/tune.py``, ``stability.py`` and ``climb.py``,
which also check the counts, so a bad one gets a one-line error); a job calls them on the
backend, prints their text and writes their run folder.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..analysis.variants import SearchError
from ..engine.backends import ShardProgress
from ..engine.simulate import SimulationError
from ..game.defaults import DEFAULT_SEED
from ..game.table_spec import TABLES
from ..records.results import RunFiles, write_run
from ..strategies import Strategy
from .common import (
    IN_PROCESS,
    NO_OUTPUT,
    STANDARD_RULES,
    Compute,
    Echo,
    Output,
    RuleChoice,
    progress_bar,
)

if TYPE_CHECKING:
    from ..analysis.climb import ClimbResult
    from ..analysis.stability import StabilityResult
    from ..analysis.tune import TuneResult


def split_keys(text: str | None) -> list[str] | None:
    """A comma-separated list of parameters (names or patterns), or None for all of them."""
    if text is None:
        return None
    keys = [k.strip() for k in text.split(",") if k.strip()]
    if not keys:
        raise SearchError("--params names no parameter")
    return keys


def _table_search_options(vs, games) -> None:
    """What a search at another table does not take yet, refused in one line."""
    if games:
        raise SimulationError("a stability check or climb at another table plays --deals")
    if vs not in (None, "self"):
        raise SimulationError("at another table the steps play against the strategy itself "
                              "(no --vs)")


def _search(search: Callable, chosen, strategy, *positional, seed: int, games: int | None,
            compute: Compute, progress: bool, echo: Echo, **options):
    """Run ``search(rules, strategy, *positional, ...)`` on the backend, with a progress bar,
    and print its text: (result, text, backend description, start time)."""
    started = time.time()
    with progress_bar(progress, 0, "games" if games else "deals") as bar, \
            compute.open() as backend:
        result = search(chosen, strategy, *positional, seed=seed, backend=backend,
                        threads=compute.threads, shard=compute.shard_size,
                        progress=ShardProgress(bar), games=games, **options)
        where = backend.describe()
    text = result.to_text()
    echo(text)
    return result, text, where, started


def tune(strategy: str | Strategy, params: Sequence[str], vs: str | Strategy,
         rules: RuleChoice = STANDARD_RULES, *, deals: int | None = None,
         games: int | None = None, trials: int = 50, validate_deals: int | None = None,
         validate_top: int = 5, batch: int = 4, seed: int = DEFAULT_SEED,
         compute: Compute = IN_PROCESS, output: Output = NO_OUTPUT, progress: bool = True,
         echo: Echo = print) -> TuneResult:
    """Tune ``params`` (``KEY=LO:HI[:STEP]`` or flag patterns) of ``strategy`` against ``vs``
    ('self': the unchanged strategy) with Optuna's TPE, ``trials`` trials on the same deals,
    then validate the best ``validate_top`` on fresh deals. Prints the result, writes the
    trials, ``best.toml`` and a chart with ``output.out``; returns the tune result."""
    from ..analysis.tune import tune as run_tune
    from ..charts import tune_chart

    chosen = rules.rules()
    writer = output.writer()
    unit = "games" if games else "deals"
    result, text, where, started = _search(
        run_tune, chosen, strategy, params, vs, seed=seed, games=games, compute=compute,
        progress=progress, echo=echo, deals=deals, trials=trials, validate=validate_deals,
        validate_top=validate_top, batch=batch)
    if writer is None:
        return result
    caption = (f"rules: {rules.name}; {result.count:,} duplicate {unit} per trial (seed "
               f"{seed}); validation on {result.validate_count:,} fresh {unit}")
    best = result.best()
    write_run(writer, RunFiles(
        "tune", rules.name, chosen, {
            "strategy": result.strategy.describe(), "field": result.field.describe(),
            "params": [p.spec() for p in result.space], f"{unit}_per_trial": result.count,
            "trials": len(result.trials), "sampler": _sampler(result),
            "validation": {"seed": result.validate_seed, unit: result.validate_count,
                           "top": len(result.checked)},
            "best": {"trial": best.trial.number, "params": result.best_params(),
                     "search_value": best.trial.value.mean, "validation_value": best.value.mean,
                     "validation_se": best.value.se, "gain": best.gain.mean,
                     "gain_se": best.gain.se},
            "backend": where, "seed": seed}, started,
        tables={"trials": result.table()}, csv={"validation": result.validation_table()},
        texts={"best.toml": result.best_toml(run=str(output.out)), "summary.txt": text + "\n"},
        charts={"chart": lambda path: tune_chart(result, caption, path)}))
    echo(f"\nwrote {output.out}/ (trials.csv, trials.parquet, validation.csv, best.toml, "
         "summary.txt, chart.png, chart.svg, meta.json)")
    return result


def _sampler(result) -> dict:
    import optuna

    return {"library": f"optuna {optuna.__version__}", "sampler": "TPESampler",
            "multivariate": True, "constant_liar": True, "n_startup_trials": result.startup,
            "seed": result.seed % 2**32, "batch": result.batch}


def stability(strategy: str | Strategy, rules: RuleChoice = STANDARD_RULES, *,
              vs: str | Strategy = "self", params: Sequence[str] | None = None,
              deals: int | None = None, games: int | None = None, seed: int = DEFAULT_SEED,
              compute: Compute = IN_PROCESS, output: Output = NO_OUTPUT, progress: bool = True,
              echo: Echo = print) -> StabilityResult:
    """Move each parameter of ``strategy`` (or only ``params``) one step up and down and play
    each step against ``vs`` on the same deals; is any single step a significant gain
    (Holm-Bonferroni)? Prints the steps, writes them and a chart with ``output.out``; returns
    the stability result."""
    from ..analysis.stability import stability as run_stability
    from ..charts import stability_chart

    if rules.name in TABLES:  # another table: one round of the table's climb
        from .tables import climb_table

        _table_search_options(vs, games)
        return climb_table(strategy, rules, params=params, rounds=1, deals=deals, seed=seed,
                           compute=compute, output=output, progress=progress, echo=echo)
    chosen = rules.rules()
    keys = list(params) if params is not None else None
    writer = output.writer()
    unit = "games" if games else "deals"
    result, text, where, started = _search(
        run_stability, chosen, strategy, vs, seed=seed, games=games, compute=compute,
        progress=progress, echo=echo, params=keys, deals=deals)
    if writer is None:
        return result
    df = result.table()
    caption = (f"rules: {rules.name}; {result.count:,} duplicate {unit} per step, the same for "
               f"every step; seed {seed}")
    write_run(writer, RunFiles(
        "stability", rules.name, chosen, {
            "strategy": result.strategy.describe(), "field": result.field.describe(),
            "params": keys, "steps": len(result.steps), f"{unit}_per_step": result.count,
            "correction": "holm-bonferroni", "alpha": result.alpha,
            "significant_gains": int((df.significant & (df.gain > 0)).sum()),
            "backend": where, "seed": seed}, started,
        tables={"stability": df}, texts={"summary.txt": text + "\n"},
        charts={"chart": lambda path: stability_chart(result, caption, path)}))
    echo(f"\nwrote {output.out}/ (stability.csv, stability.parquet, summary.txt, chart.png, "
         "chart.svg, meta.json)")
    return result


def climb(strategy: str | Strategy, rules: RuleChoice = STANDARD_RULES, *,
          params: Sequence[str] | None = None, rounds: int = 10, per_round: int = 4,
          deals: int | None = None, games: int | None = None, seed: int = DEFAULT_SEED,
          compute: Compute = IN_PROCESS, output: Output = NO_OUTPUT, progress: bool = True,
          echo: Echo = print) -> ClimbResult:
    """Self-play hill climbing from ``strategy``: stability rounds (at most ``rounds``, at most
    ``per_round`` steps taken each) until no single step gains. Prints the rounds, writes the
    steps and ``best.toml`` with ``output.out``; returns the climb result."""
    from ..analysis.climb import climb as run_climb

    if rules.name in TABLES:  # another table: the basic kind's parameters, one step a round
        from .tables import climb_table

        _table_search_options(None, games)
        return climb_table(strategy, rules, params=params, rounds=rounds, deals=deals,
                           seed=seed, compute=compute, output=output, progress=progress,
                           echo=echo)
    chosen = rules.rules()
    keys = list(params) if params is not None else None
    writer = output.writer()
    unit = "games" if games else "deals"
    result, text, where, started = _search(
        run_climb, chosen, strategy, seed=seed, games=games, compute=compute,
        progress=progress, echo=echo, params=keys, rounds=rounds, per_round=per_round,
        deals=deals)
    if writer is None:
        return result
    note = (f"climbed from {result.start.label} by `euchre-sim climb` ({output.out}): "
            f"{len(result.rounds)} rounds, {'stable' if result.stable else 'not yet stable'}")
    write_run(writer, RunFiles(
        "climb", rules.name, chosen, {
            "start": result.start.describe(), "final": result.final.describe(),
            "params": keys, "rounds": len(result.rounds), "stable": result.stable,
            f"{unit}_per_step": result.count, "correction": "holm-bonferroni",
            "backend": where, "seed": seed}, started,
        tables={"steps": result.table()},
        texts={"best.toml": result.best_toml(note), "summary.txt": text + "\n"}))
    echo(f"\nwrote {output.out}/ (steps.csv, steps.parquet, best.toml, summary.txt, "
         "meta.json)")
    return result
