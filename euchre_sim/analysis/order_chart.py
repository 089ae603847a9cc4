"""The order-up and go-alone charts: for classes of round-1 hands, by seat, the best action
and its margin; and what ordering up alone gains over ordering up with the partner.

Random deals are played out three times with one seat's round-1 decision forced (pass, order
up, order up alone) and the rest of the table playing its strategy; deals in which the seat is
not reached (someone before him ordered up, or under smitty the eldest guessed the up-card's
suit), or in which the rules do not let him order up
(a heart under hearts_never_trump, a club under club_euchre, a dealer without the up-card's
suit under dealer_needs_trump: he has no choice there), are dropped. Each deal is filed under
the seat's hand class: the number of trumps (the up-card's suit, the left bower included),
which bowers, and the off-suit aces. The value of an option in a class is the mean of the
seat's side's points minus the other side's over the deals of that class; differences are
paired.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..core.common import layout as L
from ..engine.simulate import Matchup, preset_records, set_threads
from ..game.cards import RANK_A, RANK_J, deck_mask, mask_to_cards
from ..game.defaults import DEFAULT_TABLE
from ..game.rules import Rules
from ..strategies import Strategy, get_strategy
from .facts import DEALER, POSITIONS, AnalysisError, may_order_up

OPTIONS = (("pass", 0, -1), ("order up", 1, 0), ("alone", 1, 1))
BOWERS = ("none", "left", "right", "both")


CHUNK = 1 << 18  # deals played at once: only each deal's class and values are kept
MAX_DEALS = 20_000_000  # per seat: about 64 bytes each are kept (1.3 GB), the rest streams


def random_presets(rules: Rules, n: int, seed: int | np.random.Generator) -> np.ndarray:
    """``n`` uniformly random deals as preset rows (dealer in seat 3), no forcing; from a
    generator, the next ``n`` (drawn in chunks, the same deals as all at once)."""
    cards = np.array(mask_to_cards(deck_mask(rules.deck)), np.int64)
    rng = np.random.default_rng(seed)
    order = np.argsort(rng.random((n, len(cards))), axis=1)
    bits = np.left_shift(np.int64(1), cards[order])
    presets = np.full((n, L.N_PRESET), -1, np.int64)
    for s in range(4):
        presets[:, L.PR_HAND + s] = np.bitwise_or.reduce(bits[:, 5 * s:5 * s + 5], axis=1)
    presets[:, L.PR_UP] = cards[order[:, 20]]
    presets[:, L.PR_KITTY] = np.bitwise_or.reduce(bits[:, 21:24], axis=1)
    presets[:, L.PR_DEALER] = DEALER
    presets[:, L.PR_SCORE0] = 0
    presets[:, L.PR_SCORE1] = 0
    return presets


def hand_classes(hands: np.ndarray, up: np.ndarray) -> pd.DataFrame:
    """Trumps, bowers and off-suit aces of each hand for the up-card's suit as trump."""
    suit = up // 8
    trumps = np.zeros(len(hands), np.int64)
    for r in range(8):
        trumps += (hands >> (suit * 8 + r)) & 1
    left = (hands >> ((suit ^ 3) * 8 + RANK_J)) & 1
    right = (hands >> (suit * 8 + RANK_J)) & 1
    joker = (hands >> 32) & 1
    trumps += left + joker
    aces = np.zeros(len(hands), np.int64)
    for s in range(4):
        aces += ((hands >> (s * 8 + RANK_A)) & 1) * (suit != s)
    return pd.DataFrame({"trumps": trumps, "bowers": right * 2 + left, "aces": aces})


@dataclass
class OrderChart:
    """Per seat and hand class: deals, mean value of each option, best option and margin."""

    table: pd.DataFrame
    strategy: Strategy
    deals: int


def order_chart(rules: Rules, strategy: str | Strategy = DEFAULT_TABLE, deals: int = 200_000,
                seed: int = 1, threads: int | None = None, min_deals: int = 200) -> OrderChart:
    """Estimate the chart from ``deals`` random deals per seat (at most ``MAX_DEALS``),
    played ``CHUNK`` at a time."""
    if not 0 < deals <= MAX_DEALS:
        raise AnalysisError(f"--deals {deals:,}: a chart takes 1 to {MAX_DEALS:,} deals per "
                            "seat (it keeps each deal's class and values in memory)")
    s = get_strategy(strategy)
    set_threads(threads)
    arrays = Matchup(s, s).arrays(rules)
    rows = []
    for position in range(4):
        seat = (DEALER + 1 + position) & 3
        rng = np.random.default_rng(seed + position)
        parts = [_chunk_frame(rules, arrays, seed, position, seat, rng, start,
                              min(CHUNK, deals - start)) for start in range(0, deals, CHUNK)]
        frame = pd.concat(parts, ignore_index=True)
        for (trumps, bowers, aces), grp in frame.groupby(["trumps", "bowers", "aces"]):
            cls = {"seat": POSITIONS[position], "trumps": trumps, "bowers": BOWERS[bowers],
                   "aces": aces, "deals": len(grp)}
            if len(grp) < min_deals:  # shown as such, never dropped
                rows.append({**cls, "best": FEW, "toss_up": False, "alone_toss_up": False})
                continue
            rows.append({**cls, **class_verdict(grp)})
    return OrderChart(pd.DataFrame(rows), s, deals)


def _chunk_frame(rules: Rules, arrays, seed: int, position: int, seat: int,
                 rng: np.random.Generator, start: int, n: int) -> pd.DataFrame:
    """Deals ``start .. start+n-1`` of one seat's sample, each played with every option
    forced (deal i on random stream i): the class and the values of those where the seat
    decides."""
    team = seat & 1
    presets = random_presets(rules, n, rng)
    streams = np.arange(start, start + n, dtype=np.int64)
    values = []
    reached = None
    march = None
    for _, f1, fa in OPTIONS:
        presets[:, L.PR_SCRIPT + L.SC_ROUND1 + seat] = f1
        presets[:, L.PR_SCRIPT + L.SC_ALONE + seat] = fa
        recs = preset_records(rules, arrays, seed, presets, streams=streams)
        values.append((recs[:, L.F_POINTS0 + team] - recs[:, L.F_POINTS1 - team])
                      .astype(np.float64))
        if reached is None:
            # (smitty: a right guess of the eldest makes trump before any bidding)
            reached = (recs[:, L.F_PASSES] >= position) & (recs[:, L.F_STUCK] != L.STUCK_SMITTY)
        if fa == 1:  # the lone hand takes all five tricks
            march = (recs[:, L.F_TRICKS0 + team] == 5).astype(np.float64)
    classes = hand_classes(presets[:, L.PR_HAND + seat], presets[:, L.PR_UP])
    frame = classes.assign(**{name: v for (name, _, _), v in zip(OPTIONS, values, strict=True)},
                           march=march)
    choice = may_order_up(rules, position, presets[:, L.PR_HAND + seat], presets[:, L.PR_UP])
    return frame[reached & choice & (presets[:, L.PR_UP] != 32)]


FEW = "too few deals"  # the verdict of a class with fewer deals than ``min_deals``
TOSS_UP_SE = 2.0  # a margin within this many standard errors of zero is a toss-up


def class_verdict(grp: pd.DataFrame) -> dict:
    """Best option of one hand class, its paired margin over the runner-up (a toss-up when
    within :data:`TOSS_UP_SE` standard errors), and the gain of going alone."""
    means = {name: grp[name].mean() for name, _, _ in OPTIONS}
    ranked = sorted(means, key=means.get, reverse=True)
    best, second = ranked[0], ranked[1]
    d = grp[best] - grp[second]
    gain = grp["alone"] - grp["order up"]
    margin_se = d.std(ddof=1) / np.sqrt(len(d))
    gain_se = gain.std(ddof=1) / np.sqrt(len(gain))
    return {**{f"value_{k}": v for k, v in means.items()}, "best": best, "runner_up": second,
            "margin": d.mean(), "margin_se": margin_se,
            "toss_up": bool(d.mean() <= TOSS_UP_SE * margin_se),
            "alone_march_rate": grp["march"].mean(), "alone_gain": gain.mean(),
            "alone_gain_se": gain_se,
            "alone_toss_up": bool(abs(gain.mean()) <= TOSS_UP_SE * gain_se)}
