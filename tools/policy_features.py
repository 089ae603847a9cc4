"""Which facts are worth a class of the card policy? The fit's held-out gain with candidates.

    python tools/policy_features.py --deals 3000000 --seed 910 --flags 1,17,19,21,25,31

One step of ``tools/policy_fit.py`` (the same self-play deals, the same forced playouts of
every action, the same choice) with the policy's *coarse* classes (``core/four/card_policy.py``
without its refinement) split further by candidate facts, each set of candidates a bit mask
(``--flags``, several compared on the same deals):

* 1: the tricks the player's side has won (0..3);
* 2: a lead: partner has shown out of a side suit the leader holds; a follow (not last): no
  card in play outside the hand beats the winning one;
* 4: a lead: an opponent has shown out of a side suit the leader holds; a follow: a side suit
  led has been ruffed;
* 8: a lead: the leader is short of a side suit; a follow: three legal cards or more;
* 16: a lead: partner has shown out of trump; a follow, second to play: the opponent after him
  has shown out of the led suit.

Each line: the gain per deal of the classes chosen on half of the deals, measured on the other
half (both ways round): what a policy with those facts would gain against the table, before
anyone adapts. docs/card_policy.md has the measurement that chose the refinement.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
from numba import njit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_sim.core.common import layout as L  # noqa: E402
from euchre_sim.core.common.bits import popcount  # noqa: E402
from euchre_sim.core.four.card_policy import (  # noqa: E402
    N_ACTIONS,
    N_COARSE,
    N_REFINE,
)
from euchre_sim.core.four.kinds import Q_CARD_POLICY  # noqa: E402
from euchre_sim.core.four.scripted import in_play  # noqa: E402
from euchre_sim.core.four.tables import SUIT_EFF, TRUMP_MASK  # noqa: E402
from euchre_sim.engine.simulate import set_threads  # noqa: E402
from euchre_sim.strategies import get_strategy  # noqa: E402
from tools.policy_fit import choose, forced_chunks, gain_of  # noqa: E402

CHUNK = 20_000
M = 64


@njit(cache=True)
def extra(g, seat, live, legal, flags):
    hand = g[L.G_HAND + seat]
    x = 0
    if flags & 1:  # my side's tricks
        x |= min(g[L.G_TRICKS0 + (seat & 1)], 3)
    pos = g[L.G_POS]
    if pos == 0:
        side_held = 0
        for e in range(3):
            if hand & SUIT_EFF[e]:
                side_held |= 1 << e
        pv = (g[L.G_VOIDS] >> (4 * (seat ^ 2))) & 7
        ov = ((g[L.G_VOIDS] >> (4 * (seat ^ 1))) | (g[L.G_VOIDS] >> (4 * (seat ^ 3)))) & 7
        if flags & 2 and pv & side_held:
            x |= 4
        if flags & 4 and ov & side_held:
            x |= 8
        if flags & 8:  # side suits held: void in some side suit
            x |= 16 if popcount(side_held) < 3 else 0
        if flags & 16:  # partner showed out of trump
            x |= 32 if (g[L.G_VOIDS] >> (4 * (seat ^ 2) + 3)) & 1 else 0
    else:
        w = g[L.G_WIN_CARD]
        if flags & 2 and pos < 3:
            led = g[L.G_LED]
            above = live & ~hand & (SUIT_EFF[led] | TRUMP_MASK) & ~((np.int64(2) << w) - 1)
            if above == 0:
                x |= 4
        if flags & 4 and g[L.G_LED] != 3 and (TRUMP_MASK >> w) & 1:
            x |= 8
        if flags & 8:  # cards of the led suit held: one more than the legal choice?
            x |= 16 if popcount(legal) >= 3 else 0
        if flags & 16 and pos == 1:  # the third hand, an opponent, shown out of the led suit
            x |= 32 if (g[L.G_VOIDS] >> (4 * ((seat + 1) & 3) + g[L.G_LED])) & 1 else 0
    return x


@njit(cache=True)
def split_keys(snaps, params, deck, keys, where, flags):
    """The coarse class of each decision (``policy_fit.decisions``' keys and places) split by
    the candidate facts ``flags``."""
    out = np.empty(len(keys), np.int64)
    for n in range(len(keys)):
        snap = snaps[where[n, 0], where[n, 1]]
        g = snap[:L.G_SIZE]
        seat = snap[L.SN_SEAT]
        live = in_play(params, g, seat, deck)
        out[n] = keys[n] // N_REFINE * M + extra(g, seat, live, snap[L.SN_LEGAL], flags)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--table", default="tuned")
    ap.add_argument("--deals", type=int, default=400_000)
    ap.add_argument("--seed", type=int, default=900)
    ap.add_argument("--flags", type=str, default="0,1,2,4,8,16,31")
    ap.add_argument("--z", type=float, default=3.0)
    ap.add_argument("--min-cases", type=int, default=100)
    args = ap.parse_args()
    set_threads(None)
    table = get_strategy(args.table)
    current = dict(table.policy) if table.param_array()[Q_CARD_POLICY] > 0 else {}
    flag_list = [int(f) for f in args.flags.split(",")]
    nk = N_COARSE * M
    stats = {f: (np.zeros((2, nk), np.int64), np.zeros((2, nk, N_ACTIONS)),
                 np.zeros((2, nk, N_ACTIONS))) for f in flag_list}
    for start, snaps, params, deck, keys, where, gain in forced_chunks(table, args.deals,
                                                                       args.seed):
        half = (where[:, 0] + start) & 1
        for f in flag_list:
            split = split_keys(snaps, params, deck, keys, where, f)
            count, total, squares = stats[f]
            np.add.at(count, (half, split), 1)
            np.add.at(total, (half, split), gain)
            np.add.at(squares, (half, split), gain * gain)
    # the table's action in each split class: its coarse class's (a table whose policy
    # differs between refinements gets one of them, the last)
    cur = {k // N_REFINE * M + x: a for k, a in current.items() for x in range(M)}
    for f in flag_list:
        count, total, squares = stats[f]
        even = choose(count[0], total[0], squares[0], cur, args.z, args.min_cases)
        odd = choose(count[1], total[1], squares[1], cur, args.z, args.min_cases)
        # chosen on each half, measured on the other
        held = (gain_of(even, cur, total[1], args.deals) + gain_of(odd, cur, total[0], args.deals))
        changed = sum(1 for k, a in even.items() if cur.get(k, 0) != a)
        print(f"flags {f:3d}: held-out gain {held:+.4f} per deal "
              f"({changed} split classes change)")


if __name__ == "__main__":
    main()
