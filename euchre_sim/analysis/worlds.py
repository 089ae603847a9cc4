"""Worlds of a situation: the unseen cards dealt at random, consistently with every fact, and
the scripts that replay the situation's history on them.

A world is a preset deal (``core.common.layout.P_*``) whose hands hold the asker's cards, every card
each player has played, and unseen cards dealt uniformly at random among the deals that fit the
facts: the numbers of cards each player still holds, the suits he has shown out of (a player who
did not follow suit holds none of it), the up-card in the dealer's hand when he took it up and
has not played it, and the dealer's discard (drawn among the unseen cards when the asker is not
the dealer: nobody else sees it). The other players' bids are not drawn: ``consistent`` keeps
the worlds in which the table's strategy makes them as written (rejection, on the records of a
screening playout); their card plays are forced as written, never checked against what the table
would have played.

The script ``history`` forces the situation's history on a world: every bid, the maker's
loner, the discard, the lone defence and every card played (in a screening playout only the
asker's own decisions, so that the others' bids can be compared with the facts).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache, reduce

import numpy as np

from ..core.common import layout as L
from ..core.four.unseen_draw import draw_holders
from ..game.cards import SUITS, deck_mask, mask_to_cards
from .facts import DEALER, AnalysisError, Option, suit_in_play
from .situation import Situation


def unseen_holders(sit: Situation) -> tuple[list[int], list[int], list[int], int]:
    """Who receives the unseen cards: (holder names, cards each needs, mask of the unseen
    cards each may hold, the unseen cards). Holders: the other seats (0-3) in order, then
    -1 the dealer's discard (when the asker is not the dealer who took up), -2 the kitty (the
    three face-down cards), -3 the cards never dealt (decks of more than 24 cards)."""
    f = sit.facts
    known = f.dealt | 1 << sit.up | reduce(int.__or__, f.played.values(), 0)
    pool = deck_mask(sit.rules.deck) & ~known
    names, needs, allowed = [], [], []
    for seat in range(4):
        if seat == sit.seat:
            continue
        played = f.played.get(seat, 0)
        need = 5 - bin(played).count("1")
        if seat == DEALER and f.took_up and not played >> sit.up & 1:
            need -= 1  # the up-card is one of his cards
        may = pool
        for key in range(5):
            if f.voids.get(seat, 0) >> key & 1:
                may &= ~sum(1 << c for c in mask_to_cards(pool)
                            if suit_in_play(c, f.trump) == key)
        names.append(seat)
        needs.append(need)
        allowed.append(may)
    if f.took_up and sit.seat != DEALER and f.question not in ("round1", "round2"):
        names.append(-1)
        needs.append(1)
        allowed.append(pool)
    names.append(-2)
    needs.append(3)
    allowed.append(pool)
    rest = bin(pool).count("1") - sum(needs)
    if rest:
        names.append(-3)
        needs.append(rest)
        allowed.append(pool)
    return names, needs, allowed, pool


def deal_unseen(pool: int, needs: Sequence[int], allowed: Sequence[int], n: int,
                rng: np.random.Generator) -> np.ndarray:
    """``n`` random deals of the cards of ``pool``: holder h receives ``needs[h]`` cards, all in
    ``allowed[h]``; every deal that fits is equally likely. Returns the masks, shape (n, H).

    Without constraints the pool is shuffled and dealt in holder order. With them each card in
    turn goes to a holder with probability proportional to the number of ways to deal the rest
    (counted backwards over the cards by dynamic programming on the holders' remaining needs,
    ``deal_counts``): an exact uniform draw, however few deals fit. No deal fitting is an
    ``AnalysisError``."""
    cards = np.array(mask_to_cards(pool), np.int64)
    bits = np.left_shift(np.int64(1), cards)
    m, h_count = len(cards), len(needs)
    masks = np.zeros((n, h_count), np.int64)
    if all(a == pool for a in allowed):
        order = np.argsort(rng.random((n, m)), axis=1)
        dealt = bits[order]
        k = 0
        for h, need in enumerate(needs):
            masks[:, h] = np.bitwise_or.reduce(dealt[:, k:k + need], axis=1)
            k += need
        return masks
    ways, strides, may = deal_counts(pool, tuple(needs), tuple(allowed))
    if ways[0, -1] == 0:
        raise AnalysisError("no deal of the unseen cards fits the facts: the suits shown out "
                            "of leave some player too few cards to hold")
    u = rng.random((m, n))  # one number per card and deal, as the numpy loop drew them
    draw_holders(ways, strides, np.asarray(needs, np.int64) + 1, may, u, bits, masks)
    return masks


@lru_cache(maxsize=64)
def deal_counts(pool: int, needs: tuple[int, ...], allowed: tuple[int, ...]
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``deal_unseen``'s counts, worked out once per situation (every sample block of a search
    asks for the same): ``ways[i, state]``, the deals of cards ``i ..`` of the pool that fit
    the holders' remaining needs (the state: each holder's need in mixed radix, ``strides``),
    and ``may[i, h]``, whether holder ``h`` may take card ``i``."""
    cards = mask_to_cards(pool)
    m, h_count = len(cards), len(needs)
    strides = np.cumprod([1] + [x + 1 for x in needs[:-1]])
    size = int(strides[-1] * (needs[-1] + 1))
    states = np.arange(size)
    left = [(states // strides[h]) % (needs[h] + 1) for h in range(h_count)]
    may = [[bool(allowed[h] >> int(c) & 1) for h in range(h_count)] for c in cards]
    ways = np.zeros((m + 1, size))
    ways[m, 0] = 1.0
    for i in range(m - 1, -1, -1):
        for h in range(h_count):
            if may[i][h]:
                ok = left[h] > 0
                ways[i, ok] += ways[i + 1, states[ok] - strides[h]]
    out = ways, np.asarray(strides, np.int64), np.array(may, np.bool_)
    for a in out:
        a.setflags(write=False)  # shared by every caller of the cache
    return out


def sample_presets(sit: Situation, n: int, seed: int | tuple[int, ...]) -> np.ndarray:
    """``n`` worlds of ``sit`` as preset rows (dealer in seat 3, the score, a free script but
    for the dealer's discard when the asker is not the dealer: it is part of the world)."""
    f = sit.facts
    names, needs, allowed, pool = unseen_holders(sit)
    masks = deal_unseen(pool, needs, allowed, n, np.random.default_rng(seed))
    presets = np.full((n, L.N_PRESET), -1, np.int64)
    held = dict(zip(names, masks.T, strict=True))
    for seat in range(4):
        if seat == sit.seat:
            presets[:, L.PR_HAND + seat] = f.dealt
            continue
        dealt = held[seat] | f.played.get(seat, 0)
        if seat == DEALER and -1 in held:  # he took up: his discard was one of his five
            dealt = (dealt | held[-1]) & ~(1 << sit.up)
            presets[:, L.PR_SCRIPT + L.SC_DISCARD] = np.log2(held[-1]).round().astype(np.int64)
        presets[:, L.PR_HAND + seat] = dealt
    presets[:, L.PR_UP] = sit.up
    presets[:, L.PR_KITTY] = held[-2]
    presets[:, L.PR_DEALER] = DEALER
    team = sit.seat & 1
    presets[:, L.PR_SCORE0 + team] = sit.score[0]
    presets[:, L.PR_SCORE1 - team] = sit.score[1]
    return presets


def history(sit: Situation, screen: bool) -> list[tuple[int, int]]:
    """The script slots and values that replay the situation's history: every decision before
    the question (in a screening playout, ``screen``, only the asker's own and the cards)."""
    f = sit.facts
    me = sit.seat
    out = [(L.SC_REDEAL + s, 0) for s in range(4) if not screen or s == me]
    for i, bid in enumerate(sit.bids):
        seat = (DEALER + 1 + i) & 3
        if screen and seat != me:
            continue
        if i < 4:
            out.append((L.SC_ROUND1 + seat, int(bid == "order")))
        else:
            out.append((L.SC_ROUND2 + seat, L.SCRIPT_PASS if bid == "pass" else SUITS.index(bid)))
    if f.maker >= 0 and (not screen or f.maker == me):
        out.append((L.SC_ALONE + f.maker, int(f.alone)))
    if sit.discard >= 0:
        out.append((L.SC_DISCARD, sit.discard))
    decided = f.asked if f.question == "play" else f.asked_before
    for seat in decided:
        if not screen or seat == me:
            out.append((L.SC_DEFEND + seat, int(seat == f.defender)))
    out += [(L.SC_PLAY + k, card) for k, (_, card) in enumerate(f.plays)]
    return out


def force(presets: np.ndarray, forced: Sequence[tuple[int, int]]) -> None:
    """Set script slots of every row of ``presets`` (in place)."""
    for slot, value in forced:
        presets[:, L.PR_SCRIPT + slot] = value


def option_presets(sit: Situation, presets: np.ndarray, option: Option,
                   screen: bool = False, stop: bool = False) -> np.ndarray:
    """A copy of the worlds ``presets`` with the history and ``option`` forced (``screen``:
    only the asker's part of the history, see ``history``; ``stop``: the playout ends with
    the bidding, ``layout.SC_STOP``)."""
    out = presets.copy()
    force(out, history(sit, screen))
    force(out, option.forced)
    if stop:
        out[:, L.PR_SCRIPT + L.SC_STOP] = 1
    return out


def consistent(sit: Situation, recs: np.ndarray, bidding_only: bool = False) -> np.ndarray:
    """Which playouts (records) fit the facts: no redeal; the bidding as written (before the
    asker's bid: everyone passed up to him), the maker's loner, the lone defence (when
    decided, or that no defender asked before the asker went alone), the winners of the
    complete tricks (not with ``bidding_only``: playouts stopped after the bidding, whose
    forced cards are legal wherever the bidding fits, the suits shown out of being dealt so).
    Screening playouts leave the others' bids free, so this keeps the worlds in which the
    table bids as written; on fully forced playouts it must hold everywhere."""
    f = sit.facts
    ok = recs[:, L.F_REDEALS] == 0
    if f.question in ("round1", "round2"):
        return ok & (recs[:, L.F_PASSES] >= f.passes)
    ok &= (recs[:, L.F_PASSES] == f.passes) & (recs[:, L.F_MAKER] == f.maker)
    ok &= (recs[:, L.F_TRUMP] == f.trump) & (recs[:, L.F_ALONE] == int(f.alone))
    if f.question == "defend":
        ok &= ~np.isin(recs[:, L.F_DEFENDER], f.asked_before)
    elif f.question == "play":
        ok &= recs[:, L.F_DEFENDER] == f.defender
    if bidding_only:
        return ok
    packed = sum(w << (2 * t) for t, w in enumerate(f.winners))
    low = (1 << (2 * len(f.winners))) - 1
    return ok & ((recs[:, L.F_WINNERS] & low) == packed)
