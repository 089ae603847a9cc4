"""Where a scripted strategy's card play loses, by PIMC's valuation of each of its cards.

    python tools/pimc_teacher.py tuned --deals 3000 --worlds 100
    python tools/pimc_teacher.py "tuned:play.second_hand_sure=0" --deals 1000 --top 20

Plays ``--deals`` deals of the strategy against itself (seed ``--seed``), and at every card
decision with a choice asks PIMC (``euchre_sim.engine.pimc.evaluate``: ``--worlds`` sampled worlds,
solved double dummy, all cards on the same worlds) for the value of each legal card. The
strategy's "loss" at a decision is PIMC's best value less PIMC's value of the card it played.
Losses are summed per deal, first by kind of decision (a lone hand or not; maker, maker's
partner or defender; lead or follow), then by a finer key (trick, position, and what the
strategy played against what PIMC prefers: a trump, an ace, a king or another card).

It is a guide, not a verdict: PIMC's double-dummy worlds overrate some plays, and the max
over noisy values is biased up. A convention it suggests is kept only when a duplicate match
shows the gain (docs/tuning.md, "How tuned was settled"). This is how the four card-play
conventions of 2026-12-02 were found.
"""

from __future__ import annotations

import argparse
from collections import defaultdict

from euchre_sim.core.common import layout as L
from euchre_sim.engine.pimc import decision_points, evaluate
from euchre_sim.engine.simulate import replay_deal
from euchre_sim.game.cards import SUITS, format_card
from euchre_sim.game.rules import Rules

COLOUR_PAIR = {"C": "S", "S": "C", "D": "H", "H": "D"}


def card_kind(card: str, trump: int) -> str:
    """``T`` for a trump (the left bower included), else ``A``, ``K`` or ``x``."""
    t = SUITS[trump]
    if card[1] == t or (card[0] == "J" and card[1] == COLOUR_PAIR[t]):
        return "T"
    return card[0] if card[0] in "AK" else "x"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("strategy", help="the strategy, e.g. tuned or 'tuned:play.fishing=0'")
    ap.add_argument("--deals", type=int, default=1000, help="self-play deals (default 1000)")
    ap.add_argument("--worlds", type=int, default=100, help="PIMC worlds per decision")
    ap.add_argument("--seed", type=int, default=3, help="seed of the deals (default 3)")
    ap.add_argument("--top", type=int, default=30, help="finer keys to print (default 30)")
    args = ap.parse_args(argv)
    rules = Rules()
    coarse: dict[tuple, float] = defaultdict(float)
    fine: dict[tuple, float] = defaultdict(float)
    count: dict[tuple, int] = defaultdict(int)
    for d in range(args.deals):
        rep = replay_deal(rules, args.strategy, args.strategy, args.seed, d)
        plays = [(seat, card) for kind, seat, card in rep.trace if kind == L.EV_PLAY]
        points = decision_points(rules, args.strategy, args.strategy, args.seed, d)
        for p, (seat, card) in zip(points, plays, strict=True):
            if bin(p.legal).count("1") < 2:
                continue
            values = evaluate(p, args.worlds, seed=d * 31 + int(p.g[L.G_TRICK]) * 7 + seat)
            mine = format_card(card)
            best = max(values, key=values.get)
            gap = values[best] - values[mine]
            maker = int(p.g[L.G_MAKER])
            role = "maker" if seat == maker else "partner" if seat == maker ^ 2 else "defender"
            hand = "alone" if p.g[L.G_ALONE] else "pair"
            pos = int(p.g[L.G_POS])
            coarse[(hand, role, "lead" if pos == 0 else "follow")] += gap
            key = (hand, role, f"trick{int(p.g[L.G_TRICK]) + 1}", f"pos{pos}",
                   card_kind(mine, p.trump) + ">" + card_kind(best, p.trump))
            fine[key] += gap
            count[key] += 1
    n = args.deals
    print(f"{args.strategy}: {n} deals, PIMC at {args.worlds} worlds; loss per deal "
          f"{sum(coarse.values()) / n:.4f}")
    for key, v in sorted(coarse.items(), key=lambda kv: -kv[1]):
        print(f"  {' '.join(key):28s} {v / n:.4f}")
    print("by trick, position and card kind (played > PIMC's):")
    for key, v in sorted(fine.items(), key=lambda kv: -kv[1])[:args.top]:
        print(f"  {' '.join(key):40s} n={count[key]:5d}  loss/deal {v / n:.4f}  "
              f"mean {v / count[key]:+.3f}")


if __name__ == "__main__":
    main()
