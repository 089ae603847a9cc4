"""Fit a table's learned card policy (``[card_policy]``) by forced playouts: one step of policy
iteration.

    python tools/policy_fit.py --table tuned --deals 1000000 --write /tmp/step1.toml
    python tools/policy_fit.py --table /tmp/step1.toml --deals 1000000 --write /tmp/step2.toml

Self-play deals of the table are played with a snapshot of every card decision. At each
decision with more than one legal card, each action of the policy (``core/four/card_policy.py``:
the scripted conventions' card, the highest or lowest trump, the highest or lowest side card,
the lowest of the shortest or longest side suit, the highest boss side card, the cheapest
winner) is turned into a card, every card other than the table's own is forced in its place
and the rest of the deal played by the table (a scripted table decides the same way each time,
so everything before the decision replays as it was). An action's gain at a decision is the
deciding side's points (minus the other side's) with its card, less with the table's card, on
the real deal: 0 where it is the table's card.

A class of position then takes the action of highest mean gain, if that gain is at least
``--z`` standard errors above 0 (else it keeps its action). The classes are chosen on the
even deals and the choice's gain is measured on the odd ones (an honest figure, free of the
selection), then chosen again on all deals for the file written. The gain per deal is about
twice what a duplicate match shows (one side of two plays the change), and is a one-off
deviation's gain: every player takes the new policy at once, so each step is checked by a
duplicate match against the table it started from (docs/card_policy.md).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
from numba import njit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_sim.core.common import layout as L  # noqa: E402
from euchre_sim.core.common.bits import highest_bit  # noqa: E402
from euchre_sim.core.four.card_policy import (  # noqa: E402
    ACTION_NAMES,
    N_ACTIONS,
    N_POLICY,
    action_card,
    policy_key,
)
from euchre_sim.core.four.hands import deck_row  # noqa: E402
from euchre_sim.core.four.kinds import Q_CARD_POLICY  # noqa: E402
from euchre_sim.core.four.scripted import in_play, sc_follow, sc_lead  # noqa: E402
from euchre_sim.core.four.tables import NAT  # noqa: E402
from euchre_sim.engine.simulate import Matchup, preset_records, set_threads  # noqa: E402
from euchre_sim.game.rules import Rules  # noqa: E402
from euchre_sim.strategies import Strategy, get_strategy, strategy_toml  # noqa: E402
from euchre_sim.strategies.card_policy import class_name  # noqa: E402
from tools.play_fit import self_play_chunk  # noqa: E402

CHUNK = 20_000


@njit(cache=True)
def decisions(recs, snaps, params, deck, keys, where, taken, cards):
    """Every card decision with two legal cards or more: its class, (deal, play index, team,
    trump), the table's card and each action's card (action 0: the conventions'; an action
    the hand has no card for plays the conventions' card, as the policy does). Their count."""
    n = 0
    for i in range(recs.shape[0]):
        if recs[i, L.F_TRUMP] < 0:
            continue
        for k in range(L.MAX_PLAYS - 1):
            snap = snaps[i, k]
            legal = snap[L.SN_LEGAL]
            if legal & (legal - 1) == 0:
                continue
            g = snap[:L.G_SIZE]
            played = snaps[i, k + 1, L.G_PLAYED] & ~g[L.G_PLAYED]
            if played == 0:
                continue
            seat = snap[L.SN_SEAT]
            live = in_play(params, g, seat, deck)
            keys[n] = policy_key(g, seat, live, legal)
            where[n, 0] = i
            where[n, 1] = k
            where[n, 2] = seat & 1
            where[n, 3] = g[L.G_TRUMP]
            taken[n] = highest_bit(played)
            if g[L.G_POS] == 0:
                cards[n, 0] = sc_lead(params, g, seat, deck, legal, live)
            else:
                cards[n, 0] = sc_follow(params, g, seat, deck, legal)
            for a in range(1, N_ACTIONS):
                c = action_card(g, seat, live, legal, a)
                cards[n, a] = c if c >= 0 else cards[n, 0]
            n += 1
    return n


def action_gains(rules, kinds, params, pr, recs, where, taken, cards) -> np.ndarray:
    """Each decision's gain of each action (``decisions``' arrays): one forced playout per
    distinct card other than the table's, the deciding side's points less the table's (0 for
    the table's own card)."""
    fresh = cards != taken[:, None]
    for a in range(1, N_ACTIONS):
        fresh[:, a] &= ~(cards[:, :a] == cards[:, a:a + 1]).any(axis=1)
    d_idx, a_idx = np.nonzero(fresh)
    rows = pr[where[d_idx, 0]].copy()
    rows[np.arange(len(rows)), L.PR_SCRIPT + L.SC_PLAY + where[d_idx, 1]] = (
        NAT[where[d_idx, 3], cards[d_idx, a_idx]])
    alt = preset_records(rules, (kinds, params), 1, rows)
    team = where[d_idx, 2]
    deal = where[d_idx, 0]
    base = (recs[deal, L.F_POINTS0 + team] - recs[deal, L.F_POINTS1 - team])
    run_gain = (alt[np.arange(len(alt)), L.F_POINTS0 + team]
                - alt[np.arange(len(alt)), L.F_POINTS1 - team] - base)
    # each action's gain: its card's playout (0 for the table's card)
    gain = np.zeros(cards.shape)
    lookup = {}
    for r, (d, a) in enumerate(zip(d_idx.tolist(), a_idx.tolist(), strict=True)):
        lookup[(d, cards[d, a])] = run_gain[r]
    for d, a in zip(*np.nonzero(cards != taken[:, None]), strict=True):
        gain[d, a] = lookup[(d, cards[d, a])]
    return gain


def forced_chunks(table: Strategy, deals: int, seed: int) -> Iterator[tuple]:
    """``deals`` self-play deals of ``table`` in chunks, every action forced at every decision:
    per chunk (its first deal, the snapshots, the parameter rows, the deck row, then per
    decision its class, its place (``decisions``' ``where``) and each action's gain)."""
    rules = Rules()
    kinds, params = Matchup(table, table).arrays(rules)
    deck = int(deck_row(rules.to_array()))
    rng = np.random.default_rng(seed)
    for start in range(0, deals, CHUNK):
        n = min(CHUNK, deals - start)
        pr, recs, snaps = self_play_chunk(rules, kinds, params, n, rng)
        cap = n * L.MAX_PLAYS
        keys = np.zeros(cap, np.int64)
        where = np.zeros((cap, 4), np.int64)
        taken = np.zeros(cap, np.int64)
        cards = np.zeros((cap, N_ACTIONS), np.int64)
        m = decisions(recs, snaps, params, deck, keys, where, taken, cards)
        keys, where, taken, cards = keys[:m], where[:m], taken[:m], cards[:m]
        gain = action_gains(rules, kinds, params, pr, recs, where, taken, cards)
        print(f"  {start + n:,} deals, {m:,} decisions", file=sys.stderr)
        yield start, snaps, params, deck, keys, where, gain


def fit(table: Strategy, deals: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Play ``deals`` self-play deals and every action at every decision. Per half (even and
    odd deals), class and action: the decisions' count, the gains' sum and sum of squares."""
    count = np.zeros((2, N_POLICY), np.int64)
    total = np.zeros((2, N_POLICY, N_ACTIONS))
    squares = np.zeros((2, N_POLICY, N_ACTIONS))
    for start, _, _, _, keys, where, gain in forced_chunks(table, deals, seed):
        half = (where[:, 0] + start) & 1
        np.add.at(count, (half, keys), 1)
        np.add.at(total, (half, keys), gain)
        np.add.at(squares, (half, keys), gain * gain)
    return count, total, squares


def choose(count, total, squares, current: dict[int, int], z: float,
           min_cases: int) -> dict[int, int]:
    """Each class (of ``min_cases`` decisions or more) takes its action of highest mean gain
    where that is ``z`` standard errors above 0."""
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = total / count[:, None]
        se = np.sqrt(np.maximum(squares / count[:, None] - mean * mean, 0) / count[:, None])
        score = np.where(count[:, None] >= max(min_cases, 2), mean - z * se, -np.inf)
    best = np.argmax(np.where(mean > 0, score, -np.inf), axis=1)
    out = dict(current)
    for key in np.nonzero(score[np.arange(len(best)), best] > 0)[0]:
        # the policy's action names the card played now: an action of the conventions (0)
        # or a kind of card; the table's own card scores 0 whatever its action
        out[int(key)] = int(best[key])
    return {k: a for k, a in out.items() if a != 0}


def gain_of(choice: dict[int, int], current: dict[int, int], total, deals: float) -> float:
    """The gain per deal of the classes whose action ``choice`` changes, on ``total``."""
    return sum(float(total[k, a]) for k, a in choice.items() if current.get(k, 0) != a) / deals


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--table", default="tuned")
    ap.add_argument("--deals", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=500)
    ap.add_argument("--z", type=float, default=3.0, help="standard errors a gain needs")
    ap.add_argument("--min-cases", type=int, default=100,
                    help="decisions a class needs before its action may change")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--write", type=Path, help="write the table with the new policy here")
    ap.add_argument("--threads", type=int, default=None)
    args = ap.parse_args(argv)
    set_threads(args.threads)
    table = get_strategy(args.table)
    current = dict(table.policy) if table.param_array()[Q_CARD_POLICY] > 0 else {}
    count, total, squares = fit(table, args.deals, args.seed)
    even = choose(count[0], total[0], squares[0], current, args.z, args.min_cases)
    held_out = gain_of(even, current, total[1], args.deals / 2)
    full = choose(count.sum(0), total.sum(0), squares.sum(0), current, args.z, args.min_cases)
    fitted = gain_of(full, current, total.sum(0), args.deals)
    changed = sorted((k for k in set(full) | set(current) if full.get(k, 0) != current.get(k, 0)),
                     key=lambda k: -float(total.sum(0)[k, full.get(k, 0)]))
    print(f"{table.label}: {args.deals:,} deals, {len(current)} classes in the policy, "
          f"{len(changed)} change")
    print(f"  chosen on the even deals, measured on the odd: {held_out:+.4f} per deal")
    print(f"  chosen and measured on all deals (flattered): {fitted:+.4f} per deal")
    tot, cnt = total.sum(0), count.sum(0)
    for k in changed[:args.top]:
        a, was = full.get(k, 0), current.get(k, 0)
        print(f"  {tot[k, a] / args.deals:+.4f} {tot[k, a] / cnt[k]:+.3f} a case {cnt[k]:8d}  "
              f"{class_name(k)}: {ACTION_NAMES[was]} -> {ACTION_NAMES[a]}")
    if args.write:
        new = Strategy(table.name, table.kind_name, table.params, table.overrides,
                       table.description, tuple(sorted(full.items())))
        args.write.write_text(strategy_toml(new))
        print(f"wrote {args.write} ({len(full)} classes)")


if __name__ == "__main__":
    main()
