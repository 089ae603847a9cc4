"""Where a table's card play loses, measured by forced playouts of every alternative card.

    python tools/play_fit.py --table tuned --deals 100000 --kind lead
    python tools/play_fit.py --table tuned --deals 100000 --kind follow --top 40

Self-play deals of the table are played with a snapshot of every card decision. At each
decision of the asked kind (a lead, or a follow) with more than one legal card, every other
legal card is forced in its place and the rest of the deal played by the table (a scripted
table decides the same way each time, so everything before the decision replays as it was).
The gain of a card is the deciding side's points (minus the other side's) with it, less with
the table's card, on the real deal.

Decisions are grouped by what the deciding player knows (his role, the trick, his trumps, the
trumps still out, for a follow his place and whether partner is winning) and each alternative
by what it is beside the table's card (trump or side card, boss, high or low, the suit's
length in hand). A group's mean gain is then the gain of a rule "in this situation, play that
kind of card instead", measured on every deal where the situation arises: the loner count's
method (tools/loner_fit.py) for the card play. The report lists the groups that gain most per
deal, with standard errors; it is a guide to conventions, each of which is kept only for what
a duplicate match shows.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_sim.analysis.order_chart import random_presets  # noqa: E402
from euchre_sim.core.common import layout as L  # noqa: E402
from euchre_sim.core.four.batch import run_deals_traced  # noqa: E402
from euchre_sim.core.four.hands import deck_row  # noqa: E402
from euchre_sim.core.four.tables import DECK_EFF, EFF, ESUIT, NAT, SUIT_EFF, TRUMP_MASK  # noqa: E402
from euchre_sim.engine.simulate import Matchup, deal_key, preset_records, set_threads  # noqa: E402
from euchre_sim.game.cards import mask_to_cards  # noqa: E402
from euchre_sim.game.rules import Rules  # noqa: E402
from euchre_sim.strategies import get_strategy  # noqa: E402

CHUNK = 20_000


def highest(m: int) -> int:
    return m.bit_length() - 1


def describe_card(c: int, hand: int, live: int, beats: bool | None) -> str:
    """What card ``c`` is in ``hand``: trump or side, boss, high or low, its suit's length."""
    suit = int(SUIT_EFF[ESUIT[c]])
    mine = hand & suit
    boss = (live & suit) >> (c + 1) == 0
    n = bin(mine).count("1")
    if ESUIT[c] == 3:
        tag = "T boss" if boss else ("T top" if c == highest(mine) else
                                     "T low" if c == (mine & -mine).bit_length() - 1 else "T mid")
    else:
        rank = c // 3
        tag = ("S boss" if boss else "S K" if rank == 6 and c == highest(mine) else
               "S high" if c == highest(mine) else "S low") + f" of {min(n, 3)}"
    if beats is not None:
        tag += " wins" if beats else " loses"
    return tag


def situation_key(kind: str, g: np.ndarray, seat: int, hand: int, live: int) -> tuple:
    """What the deciding player knows, coarsely: role, trick, trumps held and out."""
    maker, alone = int(g[L.G_MAKER]), int(g[L.G_ALONE])
    role = "maker" if seat == maker else "partner" if seat == maker ^ 2 else "defender"
    if alone:
        role += " (lone)"
    trumps = hand & int(TRUMP_MASK)
    out = live & ~hand & int(TRUMP_MASK)
    key = (role, f"trick {int(g[L.G_TRICK]) + 1}", f"trumps {min(bin(trumps).count('1'), 3)}",
           "boss trump" if trumps and (out >> highest(trumps)) == 0 else "no boss",
           f"out {min(bin(out).count('1'), 2)}")
    if kind == "lead":
        side = [live & int(SUIT_EFF[e]) for e in range(3)]
        bosses = sum(1 for e in range(3) if side[e] and (hand >> highest(side[e])) & 1)
        key += (f"side bosses {min(bosses, 2)}",)
    if kind == "follow":
        led = int(g[L.G_LED])
        following = bool(hand & int(SUIT_EFF[led]))
        winner = int(g[L.G_WIN_SEAT])
        key += (f"place {int(g[L.G_POS]) + 1}",
                "trump led" if led == 3 else "follows" if following else "void",
                "partner wins" if winner == seat ^ 2 else "opponent wins")
    return key


def wins(kind: str, g: np.ndarray, c: int) -> bool | None:
    """Does card ``c`` beat the trick's winning card so far (None for a lead)?"""
    if kind == "lead":
        return None
    w, led = int(g[L.G_WIN_CARD]), int(g[L.G_LED])
    return bool(c > w and (ESUIT[c] == 3 or ESUIT[c] == led))


def choices(kind: str, recs: np.ndarray, snaps: np.ndarray, deck: int):
    """Every decision of ``kind`` with two legal cards or more in the snapshots of a chunk:
    (deal, play index, its state, seat, trump, the card taken, hand, the cards in play)."""
    for i in range(len(recs)):
        if recs[i, L.F_TRUMP] < 0:
            continue
        for k in range(L.MAX_PLAYS - 1):
            snap = snaps[i, k]
            g = snap[:L.G_SIZE]
            legal = int(snap[L.SN_LEGAL])
            if legal & (legal - 1) == 0 or (kind == "lead") != (int(g[L.G_POS]) == 0):
                continue
            played = int(snaps[i, k + 1, L.G_PLAYED]) & ~int(g[L.G_PLAYED])
            if played == 0:
                continue
            seat, trump = int(snap[L.SN_SEAT]), int(g[L.G_TRUMP])
            # in play as far as anyone knows: the deck less the cards played and the up-card
            # turned down
            live = int(DECK_EFF[deck, trump]) & ~int(g[L.G_PLAYED])
            if int(g[L.G_ROUND]) == 2 and int(g[L.G_UPSUIT]) >= 0:
                live &= ~(1 << int(EFF[trump, int(g[L.G_UP])]))
            yield (i, k, g, legal, seat, trump, highest(played), int(g[L.G_HAND + seat]),
                   live)


def self_play_chunk(rules: Rules, kinds: np.ndarray, params: np.ndarray, n: int,
                    rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The next ``n`` random deals of ``rng`` played by the table: their preset rows, records
    and the snapshot of every card decision."""
    pr = random_presets(rules, n, rng)
    recs = np.zeros((n, L.N_FIELDS), np.int64)
    trace = np.zeros((n, L.TRACE_CAP, L.N_TRACE_FIELDS), np.int16)
    snaps = np.zeros((n, L.MAX_PLAYS, L.SN_SIZE), np.int64)
    run_deals_traced(deal_key(1), 0, n, rules.to_array(), kinds, params, recs, trace, snaps, pr)
    return pr, recs, snaps


def run(table: str, deals: int, kind: str, seed: int) -> dict:
    """Play ``deals`` self-play deals of ``table`` and force every alternative card at every
    decision of ``kind``; the gains summed by key (count, sum, sum of squares)."""
    rules = Rules()
    s = get_strategy(table)
    kinds, params = Matchup(s, s).arrays(rules)
    deck = int(deck_row(rules.to_array()))
    rng = np.random.default_rng(seed)
    stats: dict = defaultdict(lambda: [0, 0.0, 0.0])
    for start in range(0, deals, CHUNK):
        n = min(CHUNK, deals - start)
        pr, recs, snaps = self_play_chunk(rules, kinds, params, n, rng)
        rows, meta = [], []
        for i, k, g, legal, seat, trump, taken, hand, live in choices(kind, recs, snaps, deck):
            key = situation_key(kind, g, seat, hand, live)
            table_card = describe_card(taken, hand, live, wins(kind, g, taken))
            for c in mask_to_cards(legal):
                if c == taken:
                    continue
                row = pr[i].copy()
                row[L.PR_SCRIPT + L.SC_PLAY + k] = NAT[trump, c]
                rows.append(row)
                other = describe_card(c, hand, live, wins(kind, g, c))
                meta.append((i, seat & 1, key + (f"{table_card} > {other}",)))
        if not rows:
            continue
        alt = preset_records(rules, (kinds, params), 1, np.array(rows, np.int64))
        for (i, team, key), rec in zip(meta, alt, strict=True):
            base = recs[i, L.F_POINTS0 + team] - recs[i, L.F_POINTS1 - team]
            gain = float(rec[L.F_POINTS0 + team] - rec[L.F_POINTS1 - team] - base)
            st = stats[key]
            st[0] += 1
            st[1] += gain
            st[2] += gain * gain
        print(f"  {start + n:,} deals", file=sys.stderr)
    return stats


def report(stats: dict, deals: int, top: int) -> None:
    rows = []
    for key, (count, total, sq) in stats.items():
        mean = total / count
        var = max(sq / count - mean * mean, 0.0)
        # per deal: the gain summed over the deals; its SE from the per-occurrence spread
        # (occurrences of one key rarely repeat in a deal)
        rows.append((total / deals, math.sqrt(var * count) / deals, mean, count, key))
    rows.sort(key=lambda r: -r[0])
    print(f"{'per deal':>9} {'se':>7} {'per case':>8} {'cases':>7}  situation: table > instead")
    for per_deal, se, mean, count, key in rows[:top]:
        print(f"{per_deal:+9.4f} {se:7.4f} {mean:+8.3f} {count:7d}  {' | '.join(key)}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--table", default="tuned")
    ap.add_argument("--deals", type=int, default=100_000)
    ap.add_argument("--kind", choices=("lead", "follow"), default="lead")
    ap.add_argument("--seed", type=int, default=300)
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--threads", type=int, default=None)
    args = ap.parse_args(argv)
    set_threads(args.threads)
    report(run(args.table, args.deals, args.kind, args.seed), args.deals, args.top)


if __name__ == "__main__":
    main()
