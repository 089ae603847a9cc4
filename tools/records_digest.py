"""A digest of the records of fixed tables, to show that a change to the kernels changed no
record: run it on two checkouts and compare the lines (a check for speed work, which must
leave every deal bit-identical; the tests compare the kernels with the reference engine, this
compares the code with its own past).

    .venv/bin/python tools/records_digest.py [--deals 200000] [--tree DIR]

Each line: the table, the rules, and the SHA-256 of its per-deal records (deal mode) or
per-game records (the tables marked as games), seed 7, every numeric field in order.
"""

from __future__ import annotations

import argparse
import hashlib
import sys

TABLES = [  # (team 0, team 1, ruleset, rule overrides, games?)
    ("advanced", "advanced", "north-american", {}, False),
    ("tuned", "advanced", "north-american", {}, False),
    ("basic", "aggressive", "tournament", {}, False),
    ("conservative", "tuned", "canadian", {}, False),
    ("tuned", "reference", "british", {}, False),
    ("advanced", "basic", "new-zealand", {}, False),
    ("tuned", "tuned", "north-american", {"no_trump": True}, False),
    ("advanced", "tuned", "north-american", {"hearts_never_trump": True, "chuck": True}, False),
    ("score_aware", "tuned", "north-american", {}, True),
    ("tuned", "advanced", "north-american", {}, True),
    ("advanced:weights.offsuit.king=0.3", "tuned", "north-american", {}, False),
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=200_000)
    ap.add_argument("--tree", help="the checkout to import (default: this one)")
    args = ap.parse_args()
    if args.tree:
        sys.path.insert(0, args.tree)
    from euchre_sim.engine.simulate import simulate_deals, simulate_games
    from euchre_sim.game.rules import Rules

    for a, b, ruleset, options, games in TABLES:
        rules = Rules.named(ruleset, **options)
        if games:
            df = simulate_games(rules, a, b, games=args.deals // 20, seed=7)
        else:
            df = simulate_deals(rules, a, b, deals=args.deals, seed=7)
        numbers = df.select_dtypes("number")  # the labels are the table, printed below
        digest = hashlib.sha256(numbers.to_numpy().tobytes()).hexdigest()[:16]
        what = "games" if games else "deals"
        print(f"{a} vs {b}, {ruleset} {options or ''} {what}: {digest}", flush=True)


if __name__ == "__main__":
    main()
