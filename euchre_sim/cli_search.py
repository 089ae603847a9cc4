"""The ``tune`` and ``stability`` commands: their arguments, progress and run folders.

No search logic lives here (that is ``analysis/tune.py`` and ``analysis/stability.py``); this
module only reads options, calls them and writes what they return. Counts are read here as text
and checked by the analysis layer, so a bad one (``--trials 0``) gets a one-line error.
"""

from __future__ import annotations

import argparse
import time

from .analysis.variants import SearchError
from .backends import ShardProgress
from .cli import (
    _add_compute_args,
    _add_output_args,
    _add_rules_args,
    _backend,
    _bar,
    _meta,
    _rules,
    _seed,
    _writer,
)


def add_search_parsers(sub) -> None:
    """The ``tune`` and ``stability`` subcommands."""
    tn = sub.add_parser(
        "tune", help="tune a scripted strategy's parameters against a field (Optuna TPE)",
        description="Search the given parameters of STRATEGY for the best duplicate match "
        "against FIELD, every trial on the same deals (common random numbers), with Optuna's "
        "multivariate TPE sampler; then play the best few trials again on fresh deals and keep "
        "the best there (the search value of the best trial is optimistic: the winner's "
        "curse). With --out, write trials.csv/.parquet, validation.csv, best.toml (the tuned "
        "strategy, a complete strategy file), summary.txt, meta.json and a chart. See "
        "docs/tuning.md.",
    )
    tn.add_argument("strategy", metavar="STRATEGY", help="a scripted strategy (name, .toml "
                    "file, NAME:key=value,...)")
    tn.add_argument("--param", action="append", required=True, metavar="KEY=LO:HI[:STEP]",
                    help="a parameter and its range (step: 1 for integer parameters, 0.5 "
                    "otherwise), inside the schema's range; or a pattern of 0/1 flags such as "
                    "'play.*'. Repeatable")
    tn.add_argument("--vs", required=True, metavar="FIELD",
                    help="the fixed opponent; 'self': the unchanged STRATEGY (self-play)")
    _add_rules_args(tn)
    _add_count_args(tn, "per trial")
    tn.add_argument("--trials", default="50", metavar="T", help="trials (default 50)")
    tn.add_argument("--validate-deals", default=None, metavar="N",
                    help="fresh duplicate deals (games with --games) on which the best trials "
                    "are played again (default: as many as per trial)")
    tn.add_argument("--validate-top", default="5", metavar="K",
                    help="how many of the best trials to validate (default 5)")
    tn.add_argument("--batch", default="4", metavar="B",
                    help="trials asked of the sampler and played together (default 4; more "
                    "keeps a large cluster busy, and changes which trials are tried)")
    tn.add_argument("--seed", type=_seed, default=1, help="seed of the search deals and of "
                    "the sampler (default 1); the validation deals have a seed derived from it")
    _add_compute_args(tn)
    _add_output_args(tn, "write the results into DIR")
    tn.set_defaults(handler=cmd_tune)

    st = sub.add_parser(
        "stability", help="is a strategy at a local optimum? one step of every parameter",
        description="Move each parameter of STRATEGY one step up and one step down (1 for "
        "integer parameters, 0.5 for the others, inside the schema's range; a 0/1 flag is "
        "toggled) and play each step in a duplicate match against the unchanged strategy (or "
        "--vs FIELD) on the same deals. Prints every step's gain with a 95 % interval and "
        "says whether any single step gains significantly after a Holm-Bonferroni correction "
        "over all steps. With --out, write stability.csv/.parquet, summary.txt, meta.json and "
        "a chart. See docs/tuning.md.",
    )
    st.add_argument("strategy", metavar="STRATEGY", help="a scripted strategy")
    st.add_argument("--vs", default="self", metavar="FIELD",
                    help="play every step against FIELD and compare it with the unchanged "
                    "strategy against FIELD, paired by board (default: self, the unchanged "
                    "strategy itself)")
    st.add_argument("--params", default=None, metavar="KEY,KEY,...",
                    help="only these parameters (names or patterns such as 'play.*'; default: "
                    "every parameter of the scripted family)")
    _add_rules_args(st)
    _add_count_args(st, "per step")
    st.add_argument("--seed", type=_seed, default=1, help="run seed (default 1)")
    _add_compute_args(st)
    _add_output_args(st, "write the results into DIR")
    st.set_defaults(handler=cmd_stability)

    cl = sub.add_parser(
        "climb", help="self-play hill climbing: stability rounds until no single step gains",
        description="Climb from STRATEGY to a stable point: each round runs `stability` "
        "against the current strategy on new deals, takes the steps that gain significantly "
        "(Holm-Bonferroni), at most --per-round and one per parameter family, keeps them if "
        "together they gain on fresh deals (else only the best), and stops when a round finds "
        "no significant step. With --out, write steps.csv/.parquet, best.toml (the climbed "
        "strategy), summary.txt and meta.json. See docs/tuning.md.",
    )
    cl.add_argument("strategy", metavar="STRATEGY", help="a scripted strategy to start from")
    cl.add_argument("--params", default=None, metavar="KEY,KEY,...",
                    help="only move these parameters (names or patterns; default: all)")
    cl.add_argument("--rounds", default="10", metavar="R", help="at most R rounds (default 10)")
    cl.add_argument("--per-round", default="4", metavar="K",
                    help="at most K steps taken per round (default 4)")
    _add_rules_args(cl)
    _add_count_args(cl, "per step")
    cl.add_argument("--seed", type=_seed, default=1, help="run seed (default 1): round r plays "
                    "deals of seed+r, its check of the combination seed+1000+r")
    _add_compute_args(cl)
    _add_output_args(cl, "write the results into DIR")
    cl.set_defaults(handler=cmd_climb)


def _params(args: argparse.Namespace) -> list[str] | None:
    """The --params list (names or patterns), or None for every parameter."""
    if args.params is None:
        return None
    keys = [k.strip() for k in args.params.split(",") if k.strip()]
    if not keys:
        raise SearchError("--params names no parameter")
    return keys


def _add_count_args(p: argparse.ArgumentParser, what: str) -> None:
    count = p.add_mutually_exclusive_group()
    count.add_argument("--deals", default=None, metavar="N",
                       help=f"duplicate deals{' ' + what if what else ''} (default 100000)")
    count.add_argument("--games", default=None, metavar="N",
                       help="duplicate whole games instead of deals: the objective is the "
                       "share of games won, paired by board")


def _int(text: str | None, flag: str) -> int | None:
    """An integer option (underscores allowed: 1_000_000); its range is checked later."""
    if text is None:
        return None
    try:
        return int(text.replace("_", ""))
    except ValueError:
        raise SearchError(f"{flag} must be an integer, got {text!r}") from None


def _counts(args: argparse.Namespace) -> dict:
    return {"deals": _int(args.deals, "--deals"), "games": _int(args.games, "--games")}


def _run(args: argparse.Namespace, rules, search, *positional, **options):
    """Run ``search(rules, STRATEGY, *positional, ...)`` on the backend the options ask for,
    with a progress bar, and print its text: (result, text, backend, start time)."""
    started = time.time()
    with _bar(args, 0, "games" if args.games else "deals") as bar, \
            _backend(args) as backend:
        result = search(rules, args.strategy, *positional, seed=args.seed, backend=backend,
                        threads=args.threads, shard=args.shard_size,
                        progress=ShardProgress(bar), **options)
        where = backend.describe()
    text = result.to_text()
    print(text)
    return result, text, where, started


def cmd_tune(args: argparse.Namespace) -> int:
    from .analysis.tune import tune
    from .charts import tune_chart

    rules = _rules(args)
    options = dict(_counts(args), trials=_int(args.trials, "--trials"),
                   validate=_int(args.validate_deals, "--validate-deals"),
                   validate_top=_int(args.validate_top, "--validate-top"),
                   batch=_int(args.batch, "--batch"))
    writer = _writer(args)
    unit = "games" if args.games else "deals"
    result, text, where, started = _run(args, rules, tune, args.param, args.vs, **options)
    if writer is None:
        return 0
    with writer:
        writer.write_frame("trials", result.table())
        result.validation_table().to_csv(writer.path / "validation.csv", index=False)
        writer.write_text("best.toml", result.best_toml(run=str(args.out)))
        writer.write_text("summary.txt", text + "\n")
        caption = (f"rules: {args.rules}; {result.count:,} duplicate {unit} per trial (seed "
                   f"{args.seed}); validation on {result.validate_count:,} fresh {unit}")
        tune_chart(result, caption, writer.path / "chart")
        best = result.best()
        writer.write_json("meta.json", _meta(
            args, rules, "tune", started, strategy=result.strategy.describe(),
            field=result.field.describe(), params=[p.spec() for p in result.space],
            **{f"{unit}_per_trial": result.count}, trials=len(result.trials),
            sampler=_sampler(result), validation={
                "seed": result.validate_seed, unit: result.validate_count,
                "top": len(result.checked)},
            best={"trial": best.trial.number, "params": result.best_params(),
                  "search_value": best.trial.value.mean, "validation_value": best.value.mean,
                  "validation_se": best.value.se, "gain": best.gain.mean,
                  "gain_se": best.gain.se}, backend=where))
    print(f"\nwrote {args.out}/ (trials.csv, trials.parquet, validation.csv, best.toml, "
          "summary.txt, chart.png, chart.svg, meta.json)")
    return 0


def _sampler(result) -> dict:
    import optuna

    return {"library": f"optuna {optuna.__version__}", "sampler": "TPESampler",
            "multivariate": True, "constant_liar": True, "n_startup_trials": result.startup,
            "seed": result.seed % 2**32, "batch": result.batch}


def cmd_stability(args: argparse.Namespace) -> int:
    from .analysis.stability import stability
    from .charts import stability_chart

    rules = _rules(args)
    counts = _counts(args)
    keys = _params(args)
    writer = _writer(args)
    unit = "games" if args.games else "deals"
    result, text, where, started = _run(args, rules, stability, args.vs, params=keys,
                                        **counts)
    if writer is None:
        return 0
    with writer:
        df = result.table()
        writer.write_frame("stability", df)
        writer.write_text("summary.txt", text + "\n")
        caption = (f"rules: {args.rules}; {result.count:,} duplicate {unit} per step, the same "
                   f"for every step; seed {args.seed}")
        stability_chart(result, caption, writer.path / "chart")
        writer.write_json("meta.json", _meta(
            args, rules, "stability", started, strategy=result.strategy.describe(),
            field=result.field.describe(), params=keys, steps=len(result.steps),
            **{f"{unit}_per_step": result.count}, correction="holm-bonferroni",
            alpha=result.alpha, significant_gains=int((df.significant & (df.gain > 0)).sum()),
            backend=where))
    print(f"\nwrote {args.out}/ (stability.csv, stability.parquet, summary.txt, chart.png, "
          "chart.svg, meta.json)")
    return 0


def cmd_climb(args: argparse.Namespace) -> int:
    from .analysis.climb import climb

    rules = _rules(args)
    keys = _params(args)
    writer = _writer(args)
    unit = "games" if args.games else "deals"
    result, text, where, started = _run(
        args, rules, climb, params=keys, rounds=_int(args.rounds, "--rounds"),
        per_round=_int(args.per_round, "--per-round"), **_counts(args))
    if writer is None:
        return 0
    with writer:
        writer.write_frame("steps", result.table())
        writer.write_text("best.toml", result.best_toml(
            f"climbed from {result.start.label} by `euchre-sim climb` ({args.out}): "
            f"{len(result.rounds)} rounds, {'stable' if result.stable else 'not yet stable'}"))
        writer.write_text("summary.txt", text + "\n")
        writer.write_json("meta.json", _meta(
            args, rules, "climb", started, start=result.start.describe(),
            final=result.final.describe(), params=keys, rounds=len(result.rounds),
            stable=result.stable, **{f"{unit}_per_step": result.count},
            correction="holm-bonferroni", backend=where))
    print(f"\nwrote {args.out}/ (steps.csv, steps.parquet, best.toml, summary.txt, "
          "meta.json)")
    return 0
