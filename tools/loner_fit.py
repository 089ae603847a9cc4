"""Fit the loner count (``alone.count.*``) of a scripted table to forced playouts.

For each seat, random deals on which the seat may order up in round 1 are played twice with
its order-up forced, once with it going alone and once with its partner, the rest of the
deal by the table; the deal's gain is the seat's side's points (minus the other side's) alone
less with its partner. On the deals where the table itself orders up, the tool then fits a
loner worth ``sum(weight x term)`` over the terms of ``alone.count.*`` (trumps, the run from
the right bower down, each bower, side aces, side kings, voids) and one threshold per seat,
by coordinate descent on the even deals, and reports the gain per order-up over the table's
own loners on the odd (held-out) deals. It prints the parameters to give the table
(``alone.count.strength=0``, the weights, ``alone.threshold.*``); docs/tuning.md, "The loner
count", has the run that set ``tuned``'s.

    python tools/loner_fit.py --table tuned --deals 1000000
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_sim.analysis.facts import DEALER, POSITIONS, may_order_up  # noqa: E402
from euchre_sim.analysis.order_chart import CHUNK, random_presets  # noqa: E402
from euchre_sim.core.common import layout as L  # noqa: E402
from euchre_sim.engine.simulate import Matchup, preset_records, set_threads  # noqa: E402
from euchre_sim.game.cards import RANK_A, RANK_J, RANK_K  # noqa: E402
from euchre_sim.game.rules import Rules  # noqa: E402
from euchre_sim.strategies import get_strategy  # noqa: E402

TERMS = ("trump", "top_run", "right", "left", "side_ace", "side_king", "void")
# the descent's order of terms (it finds a local optimum: another order may end elsewhere)
DESCENT = ("top_run", "trump", "side_ace", "side_king", "right", "left", "void")
START = {"trump": 3.0, "top_run": 1.0, "right": 1.0, "left": 1.0, "side_ace": 3.0,
         "side_king": 1.0, "void": 0.0}
# the trump suit's own ranks below the bowers, from the top: ace, king, queen, ten, nine .. seven
TRUMP_RANKS = (7, 6, 5, 3, 2, 1, 0)


def loner_terms(hands: np.ndarray, trump: np.ndarray) -> dict[str, np.ndarray]:
    """The loner count's terms of natural hands (24-card deck) with ``trump`` as trump, as the
    kernel counts them (``scripted.loner_value``: the left bower is a trump, not a side card)."""
    def held(suit, rank):
        return (hands >> (suit * 8 + rank)) & 1
    right, left = held(trump, RANK_J), held(trump ^ 3, RANK_J)
    order = [right, left] + [held(trump, r) for r in TRUMP_RANKS]  # from the top down
    run = np.zeros(len(hands), np.int64)
    alive = np.ones(len(hands), bool)
    for card in order:
        alive &= card == 1
        run += alive
    aces = np.zeros(len(hands), np.int64)
    kings = np.zeros(len(hands), np.int64)
    voids = np.zeros(len(hands), np.int64)
    for s in range(4):
        side = s != trump
        cards = np.zeros(len(hands), np.int64)
        for r in range(8):
            c = held(s, r) * side
            if r == RANK_J:
                c = c * (s != (trump ^ 3))
            cards += c
        aces += held(s, RANK_A) * side
        kings += held(s, RANK_K) * side
        voids += side & (cards == 0)
    return {"trump": sum(order), "top_run": run, "right": right, "left": left,
            "side_ace": aces, "side_king": kings, "void": voids}


def _points(recs: np.ndarray, team: int) -> np.ndarray:
    """``team``'s points minus the other team's, per deal."""
    return (recs[:, L.F_POINTS0 + team] - recs[:, L.F_POINTS1 - team]).astype(float)


def playouts(table: str, deals: int, seed: int, play_seed: int = 1) -> pd.DataFrame:
    """Per seat, ``deals`` random deals, the seat's round-1 order-up forced alone and with its
    partner: the gain of alone, whether the table orders up and goes alone, the terms. The
    deals of seat position p come from ``seed + p``, the playouts' random streams from
    ``play_seed``."""
    rules = Rules()
    s = get_strategy(table)
    arrays = Matchup(s, s).arrays(rules)
    out = []
    for position in range(4):
        seat = (DEALER + 1 + position) & 3
        team = seat & 1
        rng = np.random.default_rng(seed + position)
        for start in range(0, deals, CHUNK):
            n = min(CHUNK, deals - start)
            pr = random_presets(rules, n, rng)
            streams = np.arange(start, start + n, dtype=np.int64)
            recs = {}
            for name, order, alone in (("with", 1, 0), ("alone", 1, 1), ("table", -1, -1)):
                pr[:, L.PR_SCRIPT + L.SC_ROUND1 + seat] = order
                pr[:, L.PR_SCRIPT + L.SC_ALONE + seat] = alone
                recs[name] = preset_records(rules, arrays, play_seed, pr, streams=streams)

            w, t = recs["with"], recs["table"]
            hand, up = pr[:, L.PR_HAND + seat].copy(), pr[:, L.PR_UP]
            if seat == DEALER:  # the hand he holds after taking up and discarding
                hand = (hand | (np.int64(1) << up)) & ~(np.int64(1) << w[:, L.F_DISCARD])
            keep = ((w[:, L.F_PASSES] >= position)
                    & may_order_up(rules, position, pr[:, L.PR_HAND + seat], up)
                    & (t[:, L.F_ROUND] == 1) & (t[:, L.F_MAKER] == seat))
            frame = pd.DataFrame({"position": position,
                                  "gain": _points(recs["alone"], team) - _points(w, team),
                                  "table_alone": t[:, L.F_ALONE] != 0,
                                  **loner_terms(hand, up // 8)})
            out.append(frame[keep])
    return pd.concat(out, ignore_index=True)


def _best_threshold(score: np.ndarray, gain: np.ndarray) -> float:
    """The threshold that maximises the summed gain of going alone at score >= it."""
    order = np.argsort(-score)
    total = np.concatenate([[0.0], np.cumsum(gain[order])])
    i = int(np.argmax(total))
    return np.inf if i == 0 else float(score[order][i - 1])


def fit(d: pd.DataFrame, rounds: int = 3) -> tuple[dict, dict, float, float]:
    """Weights and per-seat thresholds fitted on the even rows; the gain per order-up over the
    table's loners on the even (fitted) and odd (held-out) rows."""
    even = np.arange(len(d)) % 2 == 0
    terms = {k: d[k].to_numpy(float) for k in TERMS}
    gain, pos, table = d.gain.to_numpy(), d.position.to_numpy(), d.table_alone.to_numpy()

    def evaluate(w):
        score = sum(w[k] * terms[k] for k in TERMS)
        alone = np.zeros(len(d), bool)
        thr = {}
        for p in range(4):
            m = pos == p
            thr[p] = _best_threshold(score[m & even], gain[m & even])
            alone[m] = score[m] >= thr[p]
        delta = gain * (alone.astype(float) - table)
        return delta[even].mean(), delta[~even].mean(), thr

    w = dict(START)
    best = evaluate(w)[0]
    for _ in range(rounds):
        for k in DESCENT:
            for step in (-0.5, 0.5, -0.25, 0.25):
                trial = {**w, k: w[k] + step}
                v = evaluate(trial)[0]
                if v > best + 1e-5:
                    best, w = v, trial
    fitted, held_out, thr = evaluate(w)
    return w, thr, fitted, held_out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--table", default="tuned", help="the table (default tuned)")
    ap.add_argument("--deals", type=int, default=1_000_000, help="random deals per seat")
    ap.add_argument("--seed", type=int, default=100, help="the deals (seat position p: seed + p)")
    ap.add_argument("--play-seed", type=int, default=1, help="the playouts' random streams")
    a = ap.parse_args(argv)
    set_threads(None)
    d = playouts(a.table, a.deals, a.seed, a.play_seed)
    w, thr, fitted, held_out = fit(d)
    print(f"{len(d):,} order-ups by {a.table} ({a.deals:,} deals per seat, seed {a.seed}); "
          f"it goes alone on {d.table_alone.mean():.1%} of them (playouts: seed {a.play_seed})")
    print(f"fitted loner count: gain per order-up over {a.table}'s loners {fitted:+.4f} "
          f"(fitted half), {held_out:+.4f} (held-out half)")
    spec = ["alone.count.strength=0"] + [f"alone.count.{k}={w[k]:g}" for k in TERMS]
    spec += [f"alone.threshold.{POSITIONS[p]}={thr[p]:g}" for p in range(4)]
    print(",".join(spec))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
