"""The ``reference`` strategy reproduces the rates printed by ``shared/bench/cref.c``.

``shared/bench/README.md``: cref plays 2,000,000 deals (seed 7, dealer = deal mod 4) of the
standard game with the same script and prints

    mean points/deal=1.3937
    checksum pts0=1394506 pts1=1392893 makers_won=1771130 euchred=228870 march=545405 alone=6643
             round1=839852 stuck=413440 maker_tricks=7495956

Our engine draws different random numbers, so we play 2,000,000 deals of our own and compare
every rate at 4 standard errors of the difference of two independent estimates:
SE = sqrt(se_ours^2 + se_theirs^2). For a proportion p, se = sqrt(p (1 - p) / n) (the pooled p,
i.e. our estimate and theirs each use the common value under the null hypothesis); for a mean,
se = sd / sqrt(n), where cref's unknown sd is estimated by ours (same distribution under the
null hypothesis).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from euchre_sim.core.common import layout as L
from euchre_sim.engine.simulate import Matchup, iter_deal_chunks
from euchre_sim.game.cards import JOKER, RANK_A, RANK_J, RANK_K
from euchre_sim.game.rules import Rules

N_DEALS = 2_000_000
SEED = 8128
THEIR_N = 2_000_000
THEIRS = {
    "pts0": 1394506, "pts1": 1392893, "makers_won": 1771130, "euchred": 228870,
    "march": 545405, "alone": 6643, "round1": 839852, "stuck": 413440, "maker_tricks": 7495956,
}
BID = 12
COL = {f: i for i, f in enumerate(L.RECORD_FIELDS)}


def strength_table() -> np.ndarray:
    """W[t, c]: the bidding strength of card c with trump t (cref.c's ``card_score``).

    Trump right bower 6, left bower 5, A 4, K 3, any other trump (Q, 10, 9, and 8, 7 in bigger
    decks) 2; the joker 7; an ace of any other suit 2; every other card 0.
    """
    w = np.zeros((4, 33), np.int64)
    for t in range(4):
        for c in range(32):
            suit, rank = divmod(c, 8)
            if suit == t:
                w[t, c] = {RANK_J: 6, RANK_A: 4, RANK_K: 3}.get(rank, 2)
            elif suit == t ^ 3 and rank == RANK_J:
                w[t, c] = 5
            elif rank == RANK_A:
                w[t, c] = 2
        w[t, JOKER] = 7
    return w


def strength(hands: np.ndarray, trump: np.ndarray) -> np.ndarray:
    w = strength_table()
    out = np.zeros(len(hands), np.int64)
    for card in range(33):
        out += w[trump, card] * ((hands >> card) & 1)
    return out


def test_strength_table_examples() -> None:
    w = strength_table()
    hearts = 2
    assert w[hearts, 2 * 8 + RANK_J] == 6 and w[hearts, 1 * 8 + RANK_J] == 5
    assert w[hearts, 1 * 8 + RANK_A] == 2 and w[hearts, 2 * 8 + RANK_A] == 4
    assert w[hearts, 0 * 8 + RANK_J] == 0 and w[hearts, 3 * 8 + RANK_K] == 0
    # The best possible standard hand: R, L, A, K, Q of trump = 6 + 5 + 4 + 3 + 2 = 20.
    best = sum(1 << c for c in (2 * 8 + RANK_J, 1 * 8 + RANK_J, 2 * 8 + 7, 2 * 8 + 6, 2 * 8 + 5))
    assert strength(np.array([best], np.int64), np.array([hearts]))[0] == 20


@pytest.fixture(scope="module")
def records() -> dict[str, np.ndarray]:
    keep = ["dealer", "up_card", "hand0", "hand1", "hand2", "hand3", "round", "maker", "trump",
            "stuck", "alone", "tricks0", "tricks1", "points0", "points1", "thrown_in"]
    parts: dict[str, list[np.ndarray]] = {k: [] for k in keep}
    for chunk in iter_deal_chunks(Rules.named("north-american"), Matchup.of("reference"),
                                  N_DEALS, SEED, chunk=1 << 19):
        for k in keep:
            parts[k].append(chunk[:, COL[k]].copy())
    return {k: np.concatenate(v) for k, v in parts.items()}


def _check_proportion(hits: int, their_hits: int, what: str) -> None:
    ours, theirs = hits / N_DEALS, their_hits / THEIR_N
    p = (hits + their_hits) / (N_DEALS + THEIR_N)
    se = math.sqrt(p * (1 - p) / N_DEALS + p * (1 - p) / THEIR_N)
    assert abs(ours - theirs) <= 4 * se, (
        f"{what}: ours {ours:.5%} vs cref {theirs:.5%}, |diff| {abs(ours - theirs):.5%} > "
        f"4 SE = {4 * se:.5%}")


def _check_mean(values: np.ndarray, their_total: int, what: str) -> None:
    ours, theirs = values.mean(), their_total / THEIR_N
    sd = values.std(ddof=1)
    se = math.sqrt(sd**2 / len(values) + sd**2 / THEIR_N)
    assert abs(ours - theirs) <= 4 * se, (
        f"{what}: ours {ours:.5f} vs cref {theirs:.5f} (4 SE = {4 * se:.5f})")


def _maker_tricks(r: dict[str, np.ndarray]) -> np.ndarray:
    return np.where(r["maker"] % 2 == 0, r["tricks0"], r["tricks1"])


def test_records_are_complete_standard_deals(records) -> None:
    r = records
    assert (r["thrown_in"] == 0).all(), "stick the dealer: no deal is thrown in"
    assert ((r["maker"] >= 0) & (r["maker"] <= 3)).all()
    assert (r["tricks0"] + r["tricks1"] == 5).all()
    assert np.array_equal(r["dealer"], np.arange(N_DEALS) % 4)


def test_makers_win_and_euchred(records) -> None:
    m = _maker_tricks(records)
    _check_proportion(int((m >= 3).sum()), THEIRS["makers_won"], "makers win")
    _check_proportion(int((m <= 2).sum()), THEIRS["euchred"], "euchred")
    assert THEIRS["makers_won"] + THEIRS["euchred"] == THEIR_N


def test_march(records) -> None:
    _check_proportion(int((_maker_tricks(records) == 5).sum()), THEIRS["march"], "march")


def test_loner(records) -> None:
    _check_proportion(int((records["alone"] == 1).sum()), THEIRS["alone"], "maker alone")


def test_round1(records) -> None:
    _check_proportion(int((records["round"] == 1).sum()), THEIRS["round1"], "trump in round 1")


def test_stuck_dealer_below_bid(records) -> None:
    """cref counts ``st->stuck += (k == 4 && bs < BID)``: the dealer named trump in round 2
    after three passes (he was stuck) and his best strength there, i.e. the strength of the suit
    he named on his hand as dealt (the up-card was turned down), is below 12."""
    r = records
    stuck = r["stuck"] == 1
    made_by_dealer_r2 = (r["round"] == 2) & (r["maker"] == r["dealer"])
    # The record's flag: the dealer was stuck (all others passed twice) and named trump.
    assert np.array_equal(stuck, made_by_dealer_r2)
    idx = np.nonzero(stuck)[0]
    dealer_hand = np.stack([r[f"hand{s}"] for s in range(4)])[r["dealer"][idx], idx]
    st = strength(dealer_hand, r["trump"][idx])
    # cref's ``bs`` is the strength of the dealer's best suit other than the up-card's, which is
    # the suit he names: check that the named suit is indeed his best.
    up_suit = r["up_card"][idx] // 8
    best = np.zeros(len(idx), np.int64)
    for t in range(4):
        s_t = strength(dealer_hand, np.full(len(idx), t))
        best = np.maximum(best, np.where(up_suit == t, -1, s_t))
    assert np.array_equal(st, best), "a stuck reference dealer names his strongest suit"
    _check_proportion(int((st < BID).sum()), THEIRS["stuck"], "dealer stuck (strength < 12)")


def test_mean_maker_tricks(records) -> None:
    _check_mean(_maker_tricks(records).astype(np.float64), THEIRS["maker_tricks"],
                "mean maker tricks")


def test_mean_points_per_deal(records) -> None:
    r = records
    pts = (r["points0"] + r["points1"]).astype(np.float64)
    _check_mean(pts, THEIRS["pts0"] + THEIRS["pts1"], "mean points/deal")
    _check_mean(r["points0"].astype(np.float64), THEIRS["pts0"], "mean points/deal, team 0")
    _check_mean(r["points1"].astype(np.float64), THEIRS["pts1"], "mean points/deal, team 1")
