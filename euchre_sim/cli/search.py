"""The ``tune``, ``stability`` and ``climb`` commands: their options, read back as the jobs'
typed arguments (``euchre_sim.jobs.search``). Argument handling only.

Counts are read here as text and checked by the analysis layer, so a bad one (``--trials 0``)
gets a one-line error.
"""

from __future__ import annotations

import argparse

from .. import jobs
from ..analysis.variants import SearchError
from ..game.defaults import DEFAULT_SEED
from .args import (
    add_compute_args,
    add_output_args,
    add_rules_args,
    compute_of,
    output_of,
    rule_choice,
    seed_type,
    strategy_type,
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
    tn.add_argument("strategy", metavar="STRATEGY", type=strategy_type,
                    help="a scripted strategy (name, .toml "
                    "file, NAME:key=value,...)")
    tn.add_argument("--param", action="append", required=True, metavar="KEY=LO:HI[:STEP]",
                    help="a parameter and its range (step: 1 for integer parameters, 0.5 "
                    "otherwise), inside the schema's range; or a pattern of 0/1 flags such as "
                    "'play.*'. Repeatable")
    tn.add_argument("--vs", required=True, type=strategy_type, metavar="FIELD",
                    help="the fixed opponent; 'self': the unchanged STRATEGY (self-play)")
    add_rules_args(tn)
    add_count_args(tn, "per trial")
    tn.add_argument("--trials", default="50", metavar="T", help="trials (default 50)")
    tn.add_argument("--validate-deals", default=None, metavar="N",
                    help="fresh duplicate deals (games with --games) on which the best trials "
                    "are played again (default: as many as per trial)")
    tn.add_argument("--validate-top", default="5", metavar="K",
                    help="how many of the best trials to validate (default 5)")
    tn.add_argument("--batch", default="4", metavar="B",
                    help="trials asked of the sampler and played together (default 4; more "
                    "keeps a large cluster busy, and changes which trials are tried)")
    tn.add_argument("--seed", type=seed_type, default=DEFAULT_SEED,
                    help="seed of the search deals and of "
                    "the sampler (default 1); the validation deals have a seed derived from it")
    add_compute_args(tn)
    add_output_args(tn, "write the results into DIR")
    tn.set_defaults(func=run_tune)

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
    st.add_argument("strategy", metavar="STRATEGY", type=strategy_type, help="a scripted strategy")
    st.add_argument("--vs", default="self", type=strategy_type, metavar="FIELD",
                    help="play every step against FIELD and compare it with the unchanged "
                    "strategy against FIELD, paired by board (default: self, the unchanged "
                    "strategy itself)")
    st.add_argument("--params", default=None, metavar="KEY,KEY,...",
                    help="only these parameters (names or patterns such as 'play.*'; default: "
                    "every parameter of the scripted family)")
    add_rules_args(st)
    add_count_args(st, "per step")
    st.add_argument("--seed", type=seed_type, default=DEFAULT_SEED,
                    help="run seed (default 1)")
    add_compute_args(st)
    add_output_args(st, "write the results into DIR")
    st.set_defaults(func=run_stability)

    cl = sub.add_parser(
        "climb", help="self-play hill climbing: stability rounds until no single step gains",
        description="Climb from STRATEGY to a stable point: each round runs `stability` "
        "against the current strategy on new deals, takes the steps that gain significantly "
        "(Holm-Bonferroni), at most --per-round and one per parameter family, keeps them if "
        "together they gain on fresh deals (else only the best), and stops when a round finds "
        "no significant step. With --out, write steps.csv/.parquet, best.toml (the climbed "
        "strategy), summary.txt and meta.json. See docs/tuning.md.",
    )
    cl.add_argument("strategy", metavar="STRATEGY", type=strategy_type,
                    help="a scripted strategy to start from")
    cl.add_argument("--params", default=None, metavar="KEY,KEY,...",
                    help="only move these parameters (names or patterns; default: all)")
    cl.add_argument("--rounds", default="10", metavar="R", help="at most R rounds (default 10)")
    cl.add_argument("--per-round", default="4", metavar="K",
                    help="at most K steps taken per round (default 4)")
    add_rules_args(cl)
    add_count_args(cl, "per step")
    cl.add_argument("--seed", type=seed_type, default=DEFAULT_SEED,
                    help="run seed (default 1): round r plays "
                    "deals of seed+r, its check of the combination seed+1000+r")
    add_compute_args(cl)
    add_output_args(cl, "write the results into DIR")
    cl.set_defaults(func=run_climb)


def add_count_args(p: argparse.ArgumentParser, what: str) -> None:
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


def _common(args: argparse.Namespace) -> dict:
    """The options every search command has, as the job's keyword arguments."""
    return {"deals": _int(args.deals, "--deals"), "games": _int(args.games, "--games"),
            "seed": args.seed, "compute": compute_of(args), "output": output_of(args),
            "progress": not args.no_progress}


def run_tune(args: argparse.Namespace) -> int:
    jobs.tune(args.strategy, args.param, args.vs, rule_choice(args),
              trials=_int(args.trials, "--trials"),
              validate_deals=_int(args.validate_deals, "--validate-deals"),
              validate_top=_int(args.validate_top, "--validate-top"),
              batch=_int(args.batch, "--batch"), **_common(args))
    return 0


def run_stability(args: argparse.Namespace) -> int:
    jobs.stability(args.strategy, rule_choice(args), vs=args.vs,
                   params=jobs.split_keys(args.params), **_common(args))
    return 0


def run_climb(args: argparse.Namespace) -> int:
    jobs.climb(args.strategy, rule_choice(args), params=jobs.split_keys(args.params),
               rounds=_int(args.rounds, "--rounds"), per_round=_int(args.per_round, "--per-round"),
               **_common(args))
    return 0
