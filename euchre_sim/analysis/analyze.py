"""The hand analyser: the value of every option a player has at a bidding decision.

The cards the player cannot see are dealt many times at random; deals in which a player who
has already passed would not have passed (under the table's strategy) are dropped, so the
sample is consistent with the bidding. Every option is then played out on the same deals, with
that one decision forced and everything else (the rest of the bidding, the discard, the play,
the player's own later decisions) left to the table's strategy. Values are the player's side's
points minus the other side's, per deal, with standard errors; differences between options are
paired deal by deal.
"""

from __future__ import annotations

from contextlib import closing
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..backends import Backend, InProcess, plan_shards
from ..cards import (
    JOKER,
    SUIT_NAMES,
    CardError,
    deck_mask,
    format_card,
    mask_to_cards,
    parse_card,
    parse_hand,
)
from ..core.batch import run_presets
from ..core.layout import F_PASSES, F_POINTS0, F_POINTS1, N_FIELDS, N_PRESET
from ..core.rng import deal_key
from ..rules import Rules
from ..simulate import BLOCK, Matchup, set_threads
from ..strategies import Strategy, get_strategy
from .stats import z_value

POSITIONS = ("eldest", "partner", "third", "dealer")
SAMPLE_BLOCK = 4096  # deals drawn per sample block (the unit of sharding)
DEALER = 3  # the analysed deals put the dealer in seat 3: eldest 0, partner 1, third 2


class AnalysisError(ValueError):
    """A situation that is malformed or cannot happen (one-line message)."""


@dataclass(frozen=True)
class Situation:
    """A bidding decision: the player's hand, the up-card, his seat, the passes before him."""

    rules: Rules
    hand: int
    up: int
    position: int  # 0 eldest .. 3 dealer
    round: int  # 1 or 2
    score: tuple[int, int]  # (ours, theirs)
    score_given: bool = False

    @property
    def seat(self) -> int:
        return (DEALER + 1 + self.position) & 3

    @property
    def passes_before(self) -> int:
        return self.position + (4 if self.round == 2 else 0)


def parse_situation(hand: str, up: str, seat: str, bidding: str = "", score: str | None = None,
                    rules: Rules | None = None) -> Situation:
    """Validate the situation text (``"JH JD AH KH AS"``, ``"9H"``, ``"dealer"``,
    ``"pass pass"``, ``"8-6"``)."""
    rules = rules or Rules()
    try:
        h = parse_hand(hand, rules.deck, size=5)
        u = parse_card(up, rules.deck)
    except CardError as exc:
        raise AnalysisError(str(exc)) from None
    if h >> u & 1:
        raise AnalysisError(f"the up-card {format_card(u)} is also in the hand")
    if u == JOKER:
        raise AnalysisError("the joker turned up: the dealer names trump blind, nobody bids")
    key = seat.strip().lower()
    if key not in POSITIONS:
        raise AnalysisError(f"unknown seat {seat!r}: use one of {', '.join(POSITIONS)}")
    position = POSITIONS.index(key)
    tokens = bidding.replace(",", " ").lower().split()
    for t in tokens:
        if t != "pass":
            raise AnalysisError(f"bidding {bidding!r}: only passes can come before a decision "
                                f"(anything else would have ended the bidding), got {t!r}")
    n = len(tokens)
    if n == position:
        rnd = 1
    elif n == position + 4:
        rnd = 2
    else:
        raise AnalysisError(
            f"bidding {bidding!r} cannot happen: the {key} speaks after {position} passes in "
            f"round 1 or {position + 4} in round 2, not after {n}")
    if rnd == 2 and position == 3 and not rules.stick_the_dealer:
        pass  # the dealer may pass too: the hand is then thrown in
    ours, theirs = 0, 0
    if score:
        try:
            ours, theirs = (int(x) for x in score.split("-"))
        except ValueError:
            raise AnalysisError(f"bad score {score!r}: expected ours-theirs, e.g. 8-6") from None
        if not (0 <= ours < rules.target_score and 0 <= theirs < rules.target_score):
            raise AnalysisError(f"score {score!r} impossible: each side has 0 to "
                                f"{rules.target_score - 1} points before a deal")
    return Situation(rules, h, u, position, rnd, (ours, theirs), bool(score))


def options(sit: Situation) -> list[tuple[str, int, int, int]]:
    """The legal options as (label, forced round 1, forced round 2, forced alone)."""
    rules = sit.rules
    upsuit = sit.up // 8
    out = []
    if sit.round == 1:
        out.append(("pass", 0, -1, -1))
        may_order = True
        if sit.position == 3 and rules.dealer_needs_trump:
            may_order = bool(sit.hand & (0xFF << (8 * upsuit)))
        verb = "take up" if sit.position == 3 else "order up"
        if may_order:
            if sit.position == 1 and rules.dealer_partner_alone:
                out.append((f"{verb} (alone: Canadian loner)", 1, -1, -1))
            else:
                out.append((verb, 1, -1, 0))
                out.append((f"{verb} alone", 1, -1, 1))
        return out
    stuck = sit.position == 3 and rules.stick_the_dealer
    if not stuck:
        out.append(("pass", -1, 4, -1))
    for t in range(4):
        if t != upsuit:
            out.append((f"call {SUIT_NAMES[t]}", -1, t, 0))
            out.append((f"call {SUIT_NAMES[t]} alone", -1, t, 1))
    return out


def sample_presets(sit: Situation, n: int, seed: int | tuple[int, ...]) -> np.ndarray:
    """``n`` random deals of the unseen cards around the player (seat ``sit.seat``)."""
    rest = np.array([c for c in mask_to_cards(deck_mask(sit.rules.deck))
                     if not (sit.hand >> c & 1) and c != sit.up], np.int64)
    rng = np.random.default_rng(seed)
    order = np.argsort(rng.random((n, len(rest))), axis=1)
    cards = rest[order]
    bits = np.left_shift(np.int64(1), cards)
    presets = np.full((n, N_PRESET), -1, np.int64)
    k = 0
    for s in range(4):
        if s == sit.seat:
            presets[:, s] = sit.hand
        else:
            presets[:, s] = np.bitwise_or.reduce(bits[:, k:k + 5], axis=1)
            k += 5
    presets[:, 4] = sit.up
    presets[:, 5] = np.bitwise_or.reduce(bits[:, k:k + 3], axis=1)
    presets[:, 6] = DEALER
    team = sit.seat & 1
    presets[:, 7 + team] = sit.score[0]
    presets[:, 8 - team] = sit.score[1]
    return presets


def analyze_shard(first: int, count: int, sit: Situation, strategy: Strategy, seed: int,
                  threads: int | None = None) -> list[tuple[int, dict[str, np.ndarray]]]:
    """Sample blocks ``first .. first+count-1``: for each, the number of deals drawn and, per
    option, (points won, points lost) by the player's side on the deals consistent with the
    bidding (int8, shape (2, k)). Block ``b``'s deals are a pure function of (seed, b), and
    deal ``j`` of the sample plays with random stream ``j``, so any sharding gives the same."""
    set_threads(threads)
    kinds, params = Matchup(strategy, strategy).arrays(sit.rules)
    rules_arr = sit.rules.to_array()
    key = deal_key(seed)
    team = sit.seat & 1
    recs = np.zeros((SAMPLE_BLOCK, N_FIELDS), np.int64)
    out = []
    for b in range(first, first + count):
        presets = sample_presets(sit, SAMPLE_BLOCK, (seed, b))
        consistent = None
        kept = {}
        for label, f1, f2, fa in options(sit):
            presets[:, 9] = sit.seat
            presets[:, 10] = f1
            presets[:, 11] = f2
            presets[:, 12] = fa
            run_presets(key, b * SAMPLE_BLOCK, SAMPLE_BLOCK, rules_arr, kinds, params, recs,
                        presets, BLOCK)
            if consistent is None:
                # every seat before the player passed (the same deals for every option: the
                # forced decision comes after theirs)
                consistent = recs[:, F_PASSES] >= sit.passes_before
            kept[label] = np.stack([recs[consistent, F_POINTS0 + team],
                                    recs[consistent, F_POINTS1 - team]]).astype(np.int8)
        out.append((SAMPLE_BLOCK, kept))
    return out


def analyze(sit: Situation, table: str | Strategy = "advanced", deals: int = 100_000,
            seed: int = 1, threads: int | None = None,
            equity_games: int = 20_000, backend: Backend | None = None) -> pd.DataFrame:
    """The value of each option: one row per option (points per deal for the player's side
    minus the other side's, standard error, 95 % interval, difference from the best option
    with its paired standard error), best first. ``df.attrs`` holds the sample sizes.

    When the situation has a score, each option also gets its probability of winning the
    game (``p_win``, ``p_win_se``), through the match-equity table of the table's strategy
    (estimated from ``equity_games`` games). ``backend`` runs the sample blocks (default:
    in-process on ``threads`` numba threads)."""
    strategy = get_strategy(table)
    backend = backend or InProcess(threads)
    team = sit.seat & 1
    labels = [label for label, *_ in options(sit)]
    drawn = 0
    n_consistent = 0
    values: dict[str, list[np.ndarray]] = {label: [] for label in labels}
    need = deals
    block = 0
    # draw at most 200 deals per deal wanted (at least 25 blocks) before giving up
    max_blocks = max(25, -(-200 * deals // SAMPLE_BLOCK))
    while need > 0 and block < max_blocks:
        # blocks to draw next: enough for what is still needed at the rate seen so far, but
        # after the first wave at most twice as many as so far (a rate seen on few deals that
        # fit is only a guess)
        rate = n_consistent / drawn if drawn else (1.0 if sit.passes_before == 0 else 0.5)
        want = -(-int(need / max(rate, 1e-3) * 1.1) // SAMPLE_BLOCK)
        want = max(1, min(want, 2 * block if drawn else want, max_blocks - block))
        blocks = plan_shards(want, backend.default_shard(1, want), first=block)
        block += want
        parts = backend.map(analyze_shard, blocks, sit, strategy, seed)
        with closing(parts):
            for part in parts:
                for n_drawn, kept in part:
                    if need <= 0:
                        continue  # a block past the ones needed: not used (nor counted)
                    drawn += n_drawn
                    k = kept[labels[0]].shape[1]
                    n_consistent += k
                    for label in labels:
                        values[label].append(kept[label][:, :need])
                    need -= min(k, need)
    used = deals - max(need, 0)
    if used < 100:
        raise AnalysisError(f"only {used} of {drawn:,} random deals are consistent with the "
                            f"bidding under {strategy.label}: is the situation possible?")
    table_rows = []
    pair = {label: np.concatenate(v, axis=1) for label, v in values.items()}
    series = {label: (v[0] - v[1]).astype(np.float64) for label, v in pair.items()}
    p_win = {}
    if sit.score_given:
        from .equity import match_equity

        eq = match_equity(sit.rules, strategy, equity_games, seed, backend=backend)
        lookup = equity_lookup(eq)
        we_deal_next = int(((DEALER + 1) & 1) == team)  # the deal passes to seat 0
        for label, v in pair.items():
            p_win[label] = lookup[sit.score[0] + v[0], sit.score[1] + v[1], we_deal_next]
    means = {label: v.mean() for label, v in series.items()}
    best = max(means, key=means.get)
    z = z_value(0.95)
    for label, v in series.items():
        se = v.std(ddof=1) / np.sqrt(len(v))
        d = v - series[best]
        dse = d.std(ddof=1) / np.sqrt(len(d))
        row = {
            "option": label, "points": v.mean(), "se": se, "ci95_low": v.mean() - z * se,
            "ci95_high": v.mean() + z * se, "vs_best": d.mean(), "vs_best_se": dse,
        }
        if p_win:
            w = p_win[label]
            row["p_win"] = w.mean()
            row["p_win_se"] = w.std(ddof=1) / np.sqrt(len(w))
        table_rows.append(row)
    df = pd.DataFrame(table_rows).sort_values("points", ascending=False, ignore_index=True)
    df.attrs.update(deals=used, consistent_rate=n_consistent / drawn, table=strategy.label,
                    best=best)
    return df


def equity_lookup(eq) -> np.ndarray:
    """P(win) indexed by (ours, theirs, we deal) for every score a deal can lead to (a side
    past the target has won)."""
    n = eq.target + 5
    out = np.zeros((n, n, 2))
    for a in range(n):
        for b in range(n):
            for d in (0, 1):
                p = eq.probability(a, b, bool(d))
                out[a, b, d] = 0.5 if np.isnan(p) else p
    return out


def format_analysis(sit: Situation, df: pd.DataFrame) -> str:
    """The analysis as text, with a verdict on how sure the best option is."""
    hand = " ".join(format_card(c) for c in mask_to_cards(sit.hand))
    rnd = "round 1" if sit.round == 1 else "round 2"
    lines = [
        f"hand {hand}, up-card {format_card(sit.up)}, {POSITIONS[sit.position]}, {rnd}, "
        f"score {sit.score[0]}-{sit.score[1]}; the table plays {df.attrs['table']}",
        f"{df.attrs['deals']:,} deals, every option on the same ones "
        f"({100 * df.attrs['consistent_rate']:.1f} % of random deals fit the bidding)",
        "points per deal for your side minus theirs (95 % interval; difference from the best):",
    ]
    for _, r in df.iterrows():
        diff = "" if r["vs_best"] == 0 else f"   {r['vs_best']:+.3f} ± {r['vs_best_se']:.3f}"
        win = (f"   P(win game) {100 * r['p_win']:.1f} % ± {100 * r['p_win_se']:.1f}"
               if "p_win" in r else "")
        lines.append(f"  {r['option']:<28} {r['points']:+.3f} "
                     f"({r['ci95_low']:+.3f} .. {r['ci95_high']:+.3f}){diff}{win}")
    if len(df) > 1:
        second = df.iloc[1]
        margin = -second["vs_best"]
        zscore = margin / second["vs_best_se"] if second["vs_best_se"] > 0 else float("inf")
        sure = "clearly" if zscore > 3 else ("probably" if zscore > 2 else "not significantly")
        lines.append(f"best: {df.iloc[0]['option']}, {sure} better than {second['option']} "
                     f"(by {margin:.3f} points per deal, {zscore:.1f} standard errors)")
    if "p_win" in df:
        top = df.loc[df["p_win"].idxmax()]
        lines.append(f"best for winning the game: {top['option']} "
                     f"(P(win) {100 * top['p_win']:.1f} %)")
    return "\n".join(lines)
