"""How a table goes alone, in the three figures issue 37 asks to report beside each revision.

    .venv/bin/python tools/loner_report.py [--table tuned] [--deals 200000] [--hands 120]

1. The loner rate in self-play: the share of deals whose maker goes alone (and marches).
2. The dealer's pass share with a jack turned up (the right bower once he takes it): of the
   deals where the bidding reaches the dealer in round 1 with a jack up, the share where he
   passes, under the table and under the table that never goes alone (every
   ``alone.threshold.*`` at 99, ``alone.sure_tricks`` 0); and of the first ``--hands`` of
   those hands, the share where the analyser finds passing best, under either table.
3. The share of two-trump loners recommended: of those hands, the ones holding at most two
   trumps once he takes up (the jack and at most one more), and among them the share where the
   analyser under the table finds "take up alone" best.

Every figure names its table and seed; each hand is analysed on ``--analyse-deals`` deals.
"""

from __future__ import annotations

import argparse
import math
import sys

import numpy as np

from euchre_sim.analysis.analyser import analyze
from euchre_sim.analysis.situation import parse_situation
from euchre_sim.engine.simulate import simulate_deals
from euchre_sim.game.cards import RANK_J, format_card, mask_to_cards
from euchre_sim.game.rules import Rules
from euchre_sim.strategies import get_strategy

NEVER_ALONE = {"alone.threshold.eldest": 99, "alone.threshold.partner": 99,
               "alone.threshold.third": 99, "alone.threshold.dealer": 99, "alone.sure_tricks": 0}


def _share(k: int, n: int) -> str:
    p = k / n if n else float("nan")
    half = 1.96 * math.sqrt(p * (1 - p) / n) if n else float("nan")
    return f"{100 * p:.1f} % ± {100 * half:.1f} ({k:,} of {n:,})"


def jack_up_at_dealer(df):
    """The deals where the bidding reached the dealer in round 1 with a jack up, and whether
    he passed."""
    up = df["up_card"].to_numpy()
    jack = (up != 32) & ((up & 7) == RANK_J)
    reached = ((df["round"] == 1) & (df["passes"] == 3)) | (df["round"] != 1)
    mask = jack & reached.to_numpy()
    passed = (df["round"].to_numpy() != 1) & mask
    return mask, passed


def trumps_in(hand: int, suit: int) -> int:
    """Trumps in a natural hand mask for ``suit`` as trump: the suit and the left bower."""
    same_colour = {0: 3, 3: 0, 1: 2, 2: 1}[suit]  # clubs and spades, diamonds and hearts
    left = same_colour * 8 + RANK_J
    return sum(1 for c in mask_to_cards(hand) if c != 32 and (c >> 3 == suit or c == left))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--table", default="tuned")
    ap.add_argument("--deals", type=int, default=200_000)
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--analyse-deals", type=int, default=4_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    rules = Rules()
    df = simulate_deals(rules, args.table, deals=args.deals, seed=args.seed)
    made = df["maker"] >= 0
    alone = (df["alone"] == 1) & made
    lone_march = alone & ((df["tricks0"] == 5) | (df["tricks1"] == 5))
    print(f"table {args.table}, {args.deals:,} self-play deals, seed {args.seed}")
    print(f"1. loner rate: {_share(int(alone.sum()), len(df))} of deals; "
          f"the lone maker marches on {_share(int(lone_march.sum()), int(alone.sum()))}")
    mask, passed = jack_up_at_dealer(df)
    print(f"2. dealer passes a jack: {_share(int(passed.sum()), int(mask.sum()))} (with loners)")
    never = get_strategy(get_strategy(args.table), **NEVER_ALONE)
    nf = simulate_deals(rules, never, deals=args.deals, seed=args.seed)
    nmask, npassed = jack_up_at_dealer(nf)
    print(f"   the same table never going alone: {_share(int(npassed.sum()), int(nmask.sum()))}")
    rows = np.flatnonzero(mask)[:args.hands]
    best = {"table": [], "never": []}
    two = []  # at most two trumps once he takes up
    for i in rows:
        rec = df.iloc[int(i)]
        dealer, up = int(rec["dealer"]), int(rec["up_card"])
        hand = int(rec[f"hand{dealer}"])
        two.append(trumps_in(hand, up >> 3) + 1 <= 2)
        cards = " ".join(format_card(c) for c in mask_to_cards(hand))
        sit = parse_situation(cards, format_card(up), "dealer", "pass pass pass", rules=rules)
        for name, table in (("table", args.table), ("never", never)):
            values = analyze(sit, table, deals=args.analyse_deals, seed=args.seed)
            best[name].append(str(values.iloc[0]["option"]))
    n = len(rows)
    for name, label in (("table", args.table), ("never", "it never going alone")):
        passes = sum(b == "pass" for b in best[name])
        print(f"   the analyser under {label}: pass best for {_share(passes, n)} of the first "
              f"{n} such hands ({args.analyse_deals:,} deals each)")
    k = sum(two)
    lone = sum(1 for b, t in zip(best["table"], two, strict=True) if t and b == "take up alone")
    print(f"3. of those hands, the {k} with at most two trumps after taking up: \"take up alone\" "
          f"best under {args.table} for {_share(lone, k)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
