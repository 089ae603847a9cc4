"""Duplicate matches: pairing, symmetry, and the same cards in both seatings."""

import numpy as np
import pytest

from euchre_sim.analysis.match import duplicate_deals, duplicate_games
from euchre_sim.core.common import layout as L
from euchre_sim.engine.simulate import Matchup, iter_game_chunks, simulate_deals, simulate_games
from euchre_sim.game.rules import Rules


def test_self_match_of_a_deterministic_strategy_is_exactly_even():
    r = duplicate_deals(Rules(), "reference", "reference", 50_000, seed=3)
    assert r.diff.mean == 0 and r.diff.se == 0


def test_swapping_a_and_b_negates_the_difference():
    ab = duplicate_deals(Rules(), "advanced", "basic", 40_000, seed=5)
    ba = duplicate_deals(Rules(), "basic", "advanced", 40_000, seed=5)
    assert ab.diff.mean == pytest.approx(-ba.diff.mean, abs=1e-12)
    assert ab.diff.se == pytest.approx(ba.diff.se)


def test_pairing_by_hand():
    """The board difference is the mean over the two seatings of A's side minus B's side."""
    n = 5_000
    r = duplicate_deals(Rules(), "random", "reference", n, seed=8)
    one = simulate_deals(Rules(), "random", "reference", deals=n, seed=8)
    two = simulate_deals(Rules(), "reference", "random", deals=n, seed=8)
    assert (one[["hand0", "hand1", "hand2", "hand3", "up_card", "dealer"]].to_numpy()
            == two[["hand0", "hand1", "hand2", "hand3", "up_card", "dealer"]].to_numpy()).all()
    d = ((one.points0 - one.points1) + (two.points1 - two.points0)) / 2.0
    assert r.diff.mean == pytest.approx(d.mean())
    assert r.diff.se == pytest.approx(d.std(ddof=1) / np.sqrt(n))
    assert r.diff.mean < 0  # random is far worse than the script


def test_duplicate_is_much_tighter_than_unpaired():
    n = 100_000
    r = duplicate_deals(Rules(), "advanced", "reference", n, seed=2)
    one = simulate_deals(Rules(), "advanced", "reference", deals=n, seed=2)
    unpaired_se = (one.points0 - one.points1).std(ddof=1) / np.sqrt(n)
    assert r.diff.se < unpaired_se / 1.5  # measured: 0.0025 against 0.0046
    lo, hi = r.interval()
    assert lo > 0  # advanced beats the reference script


def test_swapped_games_see_the_same_cards():
    rules = Rules.named("british")
    (g1, d1), = iter_game_chunks(rules, Matchup.of("random", "advanced"), 200, 4,
                                 with_deals=True)
    (g2, d2), = iter_game_chunks(rules, Matchup.of("advanced", "random"), 200, 4,
                                 with_deals=True)
    assert (g1[:, L.GR_FIRST_DEALER] == g2[:, L.GR_FIRST_DEALER]).all()
    compared = 0
    for g in range(200):
        a = d1[d1[:, L.GD_GAME] == g, L.GD_RECORD:]
        b = d2[d2[:, L.GD_GAME] == g, L.GD_RECORD:]
        k = min(len(a), len(b))
        # dealer, hands and up-card
        assert (a[:k, L.F_DEALER:L.F_UP + 1] == b[:k, L.F_DEALER:L.F_UP + 1]).all()
        compared += k
    assert compared > 1000


def test_duplicate_games():
    r = duplicate_games(Rules(), "advanced", "random", 2_000, seed=1)
    assert r.games == 4_000 and r.games_won_by_a > 3_600
    assert r.to_dict()["games"]["wilson95"][0] > 0.9


def test_game_wins_are_paired_by_board():
    """A's share of each board's two games, from the games played in each seating by hand;
    the paired interval is narrower than the unpaired one when the cards decide games."""
    n = 3_000
    r = duplicate_games(Rules(), "advanced", "basic", n, seed=2)
    one = simulate_games(Rules(), "advanced", "basic", games=n, seed=2)
    two = simulate_games(Rules(), "basic", "advanced", games=n, seed=2)
    share = ((one.winner == 0).to_numpy().astype(float) + (two.winner == 1)) / 2.0
    assert r.games_won_by_a == int(2 * share.sum())
    assert r.win_share.mean == pytest.approx(share.mean())
    assert r.win_share.se == pytest.approx(share.std(ddof=1) / np.sqrt(n))
    unpaired = np.sqrt(share.mean() * (1 - share.mean()) / (2 * n))
    assert r.win_share.se < unpaired
    assert "paired by board" in r.to_text() and "paired95" in r.to_dict()["games"]


def test_per_seat_decision_statistics():
    """Counts by seat add up: every hand made by a side is made from one seat, in round 1 or 2
    (or stuck); each side holds each seat in half the deals of each seating."""
    n = 20_000
    r = duplicate_deals(Rules(), "advanced", "reference", n, seed=6)
    for side in ("a", "b"):
        c = r.side_counts(side)
        assert (c["seated"] == n).all()  # n deals in each seating, half of them in each seat
        assert (c["made_trump"] == c["orders"] + c["calls"] + c["stuck"]).all()
        assert (c["made"] + c["euchred"] == c["made_trump"]).all()
        assert (c["calls_next"] <= c["calls"]).all() and (c["alone_march"] <= c["alone"]).all()
        assert c["stuck"][:3].sum() == 0 and c["calls"][3] == 0  # only the dealer is stuck
    total = sum(r.side_counts(s)["made_trump"].sum() for s in ("a", "b"))
    assert total == 2 * n  # stick the dealer: every deal has a maker
    assert "next" in r.to_text() and "decisions_by_seat" in r.to_dict()


def test_run_until_the_interval_is_narrow_enough():
    """With a half-width target the match stops at the first chunk that reaches it, and the
    result equals a fixed-size match of that many deals (the same deals)."""
    r = duplicate_deals(Rules(), "advanced", "basic", 2_000_000, seed=9, half_width=0.004)
    assert r.boards < 2_000_000 and r.boards % 65_536 == 0
    lo, hi = r.interval()
    assert (hi - lo) / 2 <= 0.004
    fixed = duplicate_deals(Rules(), "advanced", "basic", r.boards, seed=9)
    assert fixed.diff.mean == pytest.approx(r.diff.mean)


def test_too_few_boards_give_no_verdict():
    """One board has a standard error of 0: the text must not call either side better below
    the minimum number of boards, in deals and in games."""
    r = duplicate_deals(Rules(), "advanced", "random", 1, seed=1)
    assert r.diff.se == 0.0 and "verdict at 95 %: none: 1 boards are too few" in r.to_text()
    g = duplicate_games(Rules(), "advanced", "random", 2, seed=1)
    assert "games: none (too few boards)" in g.to_text()
    big = duplicate_deals(Rules(), "advanced", "random", 200, seed=1)
    assert "verdict at 95 %: A is better" in big.to_text()
