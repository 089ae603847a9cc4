"""Dealing is uniform: frequencies of dealt cards against exact combinatorics.

Each deck is dealt 2,000,000 times (the deal does not depend on the strategies; with
``redeal = none`` the record's hands are the first shuffle of the deal's stream). Every expected
probability below is derived by counting, in the test; proportions and means are compared at 4
standard errors, whole distributions with a chi-square test (p-value threshold 1e-4, divided by
the number of tests where one assertion covers many).

Notation: ``n`` = cards in the deck; a hand is 5 cards; the up-card is 1 card; ``n - 21`` cards
stay undealt (the kitty and, in bigger decks, cards never used). A uniformly shuffled deck makes
every ordered sequence of 21 distinct cards equally likely, so any fixed seat's hand is a uniform
5-subset of the ``n`` cards and the up-card is a uniform card.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from euchre_sim.core.common import layout as L
from euchre_sim.engine.simulate import Matchup, iter_deal_chunks
from euchre_sim.game.cards import JOKER, RANK_10, RANK_A, RANK_J, deck_cards, deck_mask, make_card
from euchre_sim.game.rules import Rules

N_DEALS = 2_000_000
SEEDS = {24: 20240601, 25: 31337, 32: 4242, 33: 777}
DECKS = (24, 25, 32, 33)
P_MIN = 1e-4
HEARTS, DIAMONDS = 2, 1
COL = {f: i for i, f in enumerate(L.RECORD_FIELDS)}


class Deals:
    """The dealt cards of ``N_DEALS`` deals of one deck, as numpy arrays."""

    def __init__(self, deck: int) -> None:
        self.deck = deck
        self.n = deck
        cols = ["deal", "dealer", "hand0", "hand1", "hand2", "hand3", "up_card"]
        parts = {c: [] for c in cols}
        rules = Rules(deck=deck)
        for chunk in iter_deal_chunks(rules, Matchup.of("random"), N_DEALS, SEEDS[deck],
                                      chunk=1 << 19):
            for c in cols:
                parts[c].append(chunk[:, COL[c]].copy())
        data = {c: np.concatenate(v) for c, v in parts.items()}
        self.deal = data["deal"]
        self.dealer = data["dealer"]
        self.hands = np.stack([data[f"hand{s}"] for s in range(4)])  # (4, N) int64 masks
        self.up = data["up_card"]
        self.cards = deck_cards(deck)

    def holds(self, seat_hands: np.ndarray, card: int) -> np.ndarray:
        return (seat_hands >> card) & 1

    def by_position(self, p: int) -> np.ndarray:
        """Hands of the player ``p`` seats left of the dealer (1 = eldest, 0 = dealer)."""
        seat = (self.dealer + p) % 4
        return np.take_along_axis(self.hands, seat[None, :], axis=0)[0]


_CACHE: dict[int, Deals] = {}


def deals_of(deck: int) -> Deals:
    if deck not in _CACHE:
        _CACHE[deck] = Deals(deck)
    return _CACHE[deck]


def popcount(a: np.ndarray) -> np.ndarray:
    return np.bitwise_count(a.astype(np.uint64)).astype(np.int64)


def assert_proportion(hits: int, n: int, p: float, what: str) -> None:
    se = math.sqrt(p * (1 - p) / n)
    got = hits / n
    assert abs(got - p) <= 4 * se, f"{what}: {got:.6f} vs exact {p:.6f} (4 SE = {4 * se:.6f})"


def assert_distribution(values: np.ndarray, probs: dict[int, float], what: str,
                        p_min: float = P_MIN) -> None:
    """Chi-square of the observed values against an exact distribution (sum of probs = 1)."""
    keys = sorted(probs)
    assert math.isclose(sum(probs.values()), 1.0, rel_tol=1e-12)
    assert set(np.unique(values).tolist()) <= set(keys), f"{what}: impossible value"
    counts = np.array([(values == k).sum() for k in keys])
    expected = np.array([probs[k] for k in keys]) * len(values)
    assert expected.min() >= 5, f"{what}: a bin too small for chi-square; merge bins"
    p = stats.chisquare(counts, expected).pvalue
    assert p > p_min, f"{what}: chi-square p = {p:.2e}; counts {counts} expected {expected}"


def hypergeom(total: int, good: int, drawn: int) -> dict[int, float]:
    """P(k good cards among ``drawn`` drawn without replacement from ``total``, ``good`` good)."""
    denom = math.comb(total, drawn)
    return {k: math.comb(good, k) * math.comb(total - good, drawn - k) / denom
            for k in range(0, min(good, drawn) + 1)}


def assert_mean(values: np.ndarray, probs: dict[int, float], what: str) -> None:
    mu = sum(k * p for k, p in probs.items())
    var = sum((k - mu) ** 2 * p for k, p in probs.items())
    se = math.sqrt(var / len(values))
    got = values.mean()
    assert abs(got - mu) <= 4 * se, f"{what}: mean {got:.6f} vs exact {mu:.6f} (4 SE {4 * se:.6f})"


def suit_mask(suit: int, deck: int) -> int:
    return sum(1 << c for c in deck_cards(deck) if c != JOKER and c // 8 == suit)


def suit_size(deck: int) -> int:
    # 24/25 cards: ranks 9, 10, J, Q, K, A (6 per suit); 32/33: 7 .. A (8 per suit).
    return 6 if deck in (24, 25) else 8


# --------------------------------------------------------------------------------------------
# Structure: dealers, indices, 21 distinct cards of the deck
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("deck", DECKS)
def test_dealer_rotates_and_cards_are_distinct(deck: int) -> None:
    d = deals_of(deck)
    idx = np.arange(N_DEALS)
    assert np.array_equal(d.deal, idx)
    assert np.array_equal(d.dealer, idx % 4)
    assert (popcount(d.hands) == 5).all(), "every hand has 5 cards"
    union = d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3]
    assert (popcount(union) == 20).all(), "the four hands are disjoint"
    assert ((d.up >= 0) & (d.up <= 32)).all()
    assert ((union >> d.up) & 1 == 0).all(), "the up-card is in no hand"
    everything = union | (np.int64(1) << d.up)
    assert (popcount(everything) == 21).all()
    assert (everything & ~np.int64(deck_mask(deck)) == 0).all(), "only cards of the deck"


# --------------------------------------------------------------------------------------------
# Single cards
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("deck", DECKS)
def test_every_card_is_anywhere_with_the_right_probability(deck: int) -> None:
    """Each card's location (seat 0..3, up-card, undealt) is multinomial(5, 5, 5, 5, 1, n-21)/n.

    By symmetry of the uniform shuffle each of the n positions of the dealt sequence holds a
    given card with probability 1/n; a seat owns 5 positions, the up-card 1, undealt n - 21.
    One chi-square (5 degrees of freedom) per card, Bonferroni over the n cards.
    """
    d = deals_of(deck)
    n = d.n
    probs = {0: 5 / n, 1: 5 / n, 2: 5 / n, 3: 5 / n, 4: 1 / n, 5: (n - 21) / n}
    for c in d.cards:
        loc = np.full(N_DEALS, 5, np.int64)
        for s in range(4):
            loc[d.holds(d.hands[s], c) == 1] = s
        loc[d.up == c] = 4
        assert_distribution(loc, probs, f"location of card {c}", P_MIN / n)


def test_seat0_holds_the_jack_of_hearts_5_in_24() -> None:
    d = deals_of(24)
    jh = make_card(HEARTS, RANK_J)
    # 5 of the 24 positions belong to seat 0: P = 5/24.
    assert_proportion(int(d.holds(d.hands[0], jh).sum()), N_DEALS, 5 / 24, "P(seat 0 has JH)")
    # 1 position is the up-card: P = 1/24.
    assert_proportion(int((d.up == jh).sum()), N_DEALS, 1 / 24, "P(up-card is JH)")


@pytest.mark.parametrize("deck", DECKS)
def test_right_bower_of_the_up_suit(deck: int) -> None:
    """P(eldest holds the jack of the up-card's suit) = (n - 4 - j)/n * 5/(n - 1).

    The up-card is a suited non-jack with probability (n - 4 - j)/n (j = 1 with the joker, which
    has no suit); given that, the jack of its suit is one of the other n - 1 cards and lies in
    eldest's 5 of those n - 1 positions with probability 5/(n - 1). If the up-card is itself a
    jack (probability 4/n) nobody holds it.
    """
    d = deals_of(deck)
    n = d.n
    j = int(deck in (25, 33))
    eldest = d.by_position(1)
    up_suit = np.where(d.up == JOKER, 0, d.up // 8)
    right = up_suit * 8 + RANK_J
    has = ((eldest >> right) & 1 == 1) & (d.up != JOKER)
    p = (n - 4 - j) / n * 5 / (n - 1)
    assert_proportion(int(has.sum()), N_DEALS, p, "P(eldest has the up-suit's jack)")
    is_jack = (d.up != JOKER) & (d.up % 8 == RANK_J)
    assert_proportion(int(is_jack.sum()), N_DEALS, 4 / n, "P(up-card is a jack)")


@pytest.mark.parametrize("deck", [25, 33])
def test_joker_in_a_hand_and_turned_up(deck: int) -> None:
    d = deals_of(deck)
    n = d.n
    for s in range(4):
        hits = int(d.holds(d.hands[s], JOKER).sum())
        assert_proportion(hits, N_DEALS, 5 / n, f"P(seat {s} has the joker), {n} cards")
    eldest = d.by_position(1)
    assert_proportion(int(d.holds(eldest, JOKER).sum()), N_DEALS, 5 / n, "P(eldest has joker)")
    assert_proportion(int((d.up == JOKER).sum()), N_DEALS, 1 / n, "P(joker turned up)")


@pytest.mark.parametrize("deck", DECKS)
def test_up_card_is_uniform(deck: int) -> None:
    """The up-card is one draw from n equally likely cards: chi-square with n - 1 d.o.f."""
    d = deals_of(deck)
    assert_distribution(d.up, {c: 1 / d.n for c in d.cards}, "up-card")


@pytest.mark.parametrize("deck", DECKS)
def test_card_counts_per_seat_and_position(deck: int) -> None:
    """How often each card lands in a seat (and in each position from the dealer's left).

    A hand is a uniform 5-subset of n cards, so its indicator vector X has E X_c = p = 5/n,
    Var X_c = p(1-p) and Cov(X_c, X_d) = -p(1-p)/(n-1) (the 5 cards sum to a constant). Its
    covariance is p(1-p) n/(n-1) (I - J/n), a projection of rank n-1 scaled by p(1-p) n/(n-1).
    Hence sum_c (O_c - E_c)^2 / E_c over N deals is, for large N, (1-p) n/(n-1) chi2(n-1)
    = (n-5)/(n-1) chi2(n-1): scaled by (n-1)/(n-5) it is chi2 with n-1 degrees of freedom.
    """
    d = deals_of(deck)
    n = d.n
    expected = N_DEALS * 5 / n
    pvals = {}
    for label, hands in [*((f"seat {s}", d.hands[s]) for s in range(4)),
                         *((f"position {p}", d.by_position(p)) for p in range(4))]:
        counts = np.array([d.holds(hands, c).sum() for c in d.cards], np.float64)
        x = ((counts - expected) ** 2 / expected).sum() * (n - 1) / (n - 5)
        pvals[label] = stats.chi2.sf(x, n - 1)
    worst = min(pvals, key=pvals.get)
    assert pvals[worst] > P_MIN / len(pvals), f"{worst}: p = {pvals[worst]:.2e} ({pvals})"


@pytest.mark.parametrize("deck", [24, 32])
def test_pairs_of_cards(deck: int) -> None:
    """Joint placement: both red jacks in seat 0; JH in seat 0 and JD in seat 1.

    Both in seat 0: C(n-2, 3) / C(n, 5) = 5*4 / (n (n-1)).
    JH in seat 0 and JD in seat 1: 5 of n positions, then 5 of the remaining n-1: 25/(n(n-1)).
    JH is the up-card and JD in the eldest's hand: (1/n) (5/(n-1)).
    """
    d = deals_of(deck)
    n = d.n
    jh, jd = make_card(HEARTS, RANK_J), make_card(DIAMONDS, RANK_J)
    both = d.holds(d.hands[0], jh) & d.holds(d.hands[0], jd)
    assert math.isclose(math.comb(n - 2, 3) / math.comb(n, 5), 20 / (n * (n - 1)))
    assert_proportion(int(both.sum()), N_DEALS, 20 / (n * (n - 1)), "P(seat 0 has JH and JD)")
    split = d.holds(d.hands[0], jh) & d.holds(d.hands[1], jd)
    assert_proportion(int(split.sum()), N_DEALS, 25 / (n * (n - 1)), "P(JH seat 0, JD seat 1)")
    up_eldest = (d.up == jh) & (d.holds(d.by_position(1), jd) == 1)
    assert_proportion(int(up_eldest.sum()), N_DEALS, 5 / (n * (n - 1)), "P(JH up, JD eldest)")


# --------------------------------------------------------------------------------------------
# Counts in a hand: hypergeometric
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("deck", DECKS)
def test_up_suit_cards_in_eldest_hand(deck: int) -> None:
    """Cards of the up-card's printed suit in the eldest hand, given the up-card (not the joker).

    Given the up-card, the eldest's 5 cards are a uniform 5-subset of the other n-1 cards, of
    which (suit size - 1) have the up-card's suit (5 of 23 in the 24-card deck): hypergeometric.
    """
    d = deals_of(deck)
    keep = d.up != JOKER
    up = d.up[keep]
    eldest = d.by_position(1)[keep]
    masks = np.array([suit_mask(s, deck) for s in range(4)], np.int64)
    k = popcount(eldest & masks[up // 8])
    probs = hypergeom(d.n - 1, suit_size(deck) - 1, 5)
    if deck == 24:
        assert probs == hypergeom(23, 5, 5)
    assert_distribution(k, probs, "up-suit cards in eldest's hand")
    assert_mean(k, probs, "up-suit cards in eldest's hand")


@pytest.mark.parametrize("deck", DECKS)
def test_trumps_in_a_hand_for_hearts(deck: int) -> None:
    """Trumps held by seat 0 (and by the dealer) with hearts trump, left bower and joker included.

    Trumps: the hearts (6 or 8), the jack of diamonds (left bower), the joker if present:
    7 of 24, 8 of 25, 9 of 32, 10 of 33. A hand is a uniform 5-subset: hypergeometric.
    """
    d = deals_of(deck)
    trumps = suit_mask(HEARTS, deck) | (1 << make_card(DIAMONDS, RANK_J))
    if deck in (25, 33):
        trumps |= 1 << JOKER
    n_trumps = suit_size(deck) + 1 + (deck in (25, 33))
    assert bin(trumps).count("1") == n_trumps
    assert n_trumps == {24: 7, 25: 8, 32: 9, 33: 10}[deck]
    probs = hypergeom(d.n, n_trumps, 5)
    for label, hands in [("seat 0", d.hands[0]), ("dealer", d.by_position(0))]:
        k = popcount(hands & np.int64(trumps))
        assert_distribution(k, probs, f"hearts trumps in {label}'s hand", P_MIN / 2)
        assert_mean(k, probs, f"hearts trumps in {label}'s hand")


@pytest.mark.parametrize("deck", DECKS)
def test_hand_shapes(deck: int) -> None:
    """P(no ace) = C(n-4, 5)/C(n, 5); P(void in hearts) = C(n-s, 5)/C(n, 5) (s = suit size);
    number of low cards (rank 10 or lower: 9, 10 or 7..10) hypergeometric with 4*(ranks) low."""
    d = deals_of(deck)
    n = d.n
    h = d.hands[0]
    aces = sum(1 << make_card(s, RANK_A) for s in range(4))
    no_ace = int((h & np.int64(aces) == 0).sum())
    assert_proportion(no_ace, N_DEALS, math.comb(n - 4, 5) / math.comb(n, 5), "P(no ace)")
    if deck == 24:
        assert math.comb(20, 5) / math.comb(24, 5) == 15504 / 42504
    s = suit_size(deck)
    void = int((h & np.int64(suit_mask(HEARTS, deck)) == 0).sum())
    assert_proportion(void, N_DEALS, math.comb(n - s, 5) / math.comb(n, 5), "P(no heart)")
    low = sum(1 << c for c in deck_cards(deck) if c != JOKER and c % 8 <= RANK_10)
    n_low = 4 * (s - 4)  # ranks below the jack: 9, 10 (24/25) or 7, 8, 9, 10 (32/33)
    assert bin(low).count("1") == n_low
    k = popcount(h & np.int64(low))
    probs = hypergeom(n, n_low, 5)
    assert_distribution(k, probs, "low cards in seat 0's hand")
    assert_mean(k, probs, "low cards in seat 0's hand")


# --------------------------------------------------------------------------------------------
# The exact deal of docs/engine.md, transcribed again here
# --------------------------------------------------------------------------------------------

M64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def _splitmix(state: int) -> tuple[int, int]:
    state = (state + GOLDEN) & M64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return state, z ^ (z >> 31)


class _Xoshiro:
    def __init__(self, key: int, index: int) -> None:
        x = (key + 4 * index * GOLDEN) & M64
        self.s = []
        for _ in range(4):
            x, out = _splitmix(x)
            self.s.append(out)

    def next(self) -> int:
        s0, s1, s2, s3 = self.s

        def rotl(v: int, k: int) -> int:
            return ((v << k) & M64) | (v >> (64 - k))

        result = (rotl((s1 * 5) & M64, 7) * 9) & M64
        t = (s1 << 17) & M64
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotl(s3, 45)
        self.s = [s0, s1, s2, s3]
        return result

    def below(self, n: int) -> int:
        return ((self.next() >> 32) * n) >> 32


def _contract_deal(seed: int, index: int, deck: int) -> tuple[list[int], int]:
    key = _splitmix(seed)[1]
    rng = _Xoshiro(key, index)
    cards = deck_cards(deck)
    n = len(cards)
    for k in range(24):
        i = n - 1 - k
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    s = [cards[n - 1 - k] for k in range(24)]
    dealer = index % 4
    hands = [0] * 4
    for p in range(4):
        hands[(dealer + 1 + p) % 4] = sum(1 << c for c in s[5 * p:5 * p + 5])
    return hands, s[20]


@pytest.mark.parametrize("deck", DECKS)
def test_kernel_deals_follow_the_contract_shuffle(deck: int) -> None:
    """The first deals are exactly the shuffle of docs/engine.md (independent transcription)."""
    d = deals_of(deck)
    seed = SEEDS[deck]
    for i in [*range(200), N_DEALS - 1]:
        hands, up = _contract_deal(seed, i, deck)
        assert [int(h) for h in d.hands[:, i]] == hands, f"deal {i}: hands"
        assert int(d.up[i]) == up, f"deal {i}: up-card"
