"""Match equity: symmetry, bounds, the dealer's edge, the command; the analyser's P(win); the
exact Markov table score-aware strategies read, against hand-derived cases and simulated games."""

import json
from math import comb

import numpy as np
import pytest

from euchre_sim.analysis.analyser import analyze, parse_situation
from euchre_sim.analysis.equity import match_equity
from euchre_sim.cli import main as cli
from euchre_sim.engine.simulate import equity_model
from euchre_sim.game.rules import Rules
from euchre_sim.strategies import score_blind
from euchre_sim.strategies.equity_table import markov_equity


def test_equity_table_is_a_consistent_probability_table():
    t = match_equity(Rules(), "advanced", 20_000, seed=1)
    # both sides of every game are counted, mirrored: P(a, b, we deal) + P(b, a, they deal) = 1
    for a in range(10):
        for b in range(10):
            p = t.probability(a, b, True)
            q = t.probability(b, a, False)
            if not np.isnan(p):
                assert abs(p + q - 1) < 1e-12
    assert t.visits[0, 0, 1] == 20_000 and t.visits[0, 0, 0] == 20_000
    assert t.probability(10, 3, True) == 1 and t.probability(3, 10, True) == 0
    # more points is better, and the deal is worth something at 0-0 (Wilson interval above 1/2)
    assert t.probability(5, 0, False) > t.probability(0, 0, False) > t.probability(0, 5, False)
    df = t.frame()
    row = df[(df.ours == 0) & (df.theirs == 0) & df.we_deal].iloc[0]
    assert row.ci95_low > 0.5


def test_equity_command(capsys, tmp_path):
    rc = cli.main(["equity", "--strategy", "basic", "--games", "3000", "--rules", "tournament",
                   "--set", "target_score=5", "--out", str(tmp_path / "e"), "--no-progress"])
    out = capsys.readouterr().out
    assert rc == 0 and "first to 5" in out
    meta = json.loads((tmp_path / "e" / "meta.json").read_text())
    assert meta["rules"]["target_score"] == 5 and meta["games"] == 3000
    assert (tmp_path / "e" / "chart.png").exists() and (tmp_path / "e" / "equity.csv").exists()


def test_analyser_reports_the_probability_of_winning_the_game():
    """At 9-0 a sure single point wins the game: ordering up the lay-down with a partner wins
    as surely as going alone, though alone scores more points."""
    sit = parse_situation("JH JD AH KH AS", "9H", "eldest", "", "9-0")
    df = analyze(sit, "advanced", deals=2_000, seed=1, equity_games=5_000).set_index("option")
    assert df.loc["order up alone", "points"] == 4
    assert df.loc["order up", "p_win"] == 1 and df.loc["order up alone", "p_win"] == 1
    assert 0 < df.loc["pass", "p_win"] <= 1


def _dist(cells: dict[tuple[int, int], float]) -> np.ndarray:
    """A distribution of (points to the dealing side, to the other side) per deal."""
    d = np.zeros((5, 5))
    for (x, y), p in cells.items():
        d[x, y] = p
    return d


def test_markov_equity_when_the_dealer_always_scores_one() -> None:
    """Each deal gives the dealing side exactly 1 point and the deal alternates, so the sides
    score in turn: from (a, b) the side to score first wins iff it needs no more points than
    the other, the other iff it needs fewer."""
    e = markov_equity(_dist({(1, 0): 1.0}), 5)
    for a in range(5):
        for b in range(5):
            assert e[a, b, 1] == (1.0 if a >= b else 0.0)
            assert e[a, b, 0] == (1.0 if a > b else 0.0)


@pytest.mark.parametrize("thrown_in", [0.0, 0.3])
def test_markov_equity_of_a_fair_coin_with_thrown_in_deals(thrown_in: float) -> None:
    """One point per deal to either side with equal chances, or a deal thrown in: who deals
    does not matter and thrown-in deals only delay the game (the closed-form 2x2 solve of the
    self-loop), so P(win) is that of reaching m = T - a heads before n = T - b tails:
    sum over k < n of C(m - 1 + k, k) / 2^(m + k)."""
    half = (1 - thrown_in) / 2
    e = markov_equity(_dist({(0, 0): thrown_in, (1, 0): half, (0, 1): half}), 10)
    for a in range(10):
        for b in range(10):
            m, n = 10 - a, 10 - b
            exact = sum(comb(m - 1 + k, k) / 2 ** (m + k) for k in range(n))
            assert e[a, b, 0] == pytest.approx(exact, abs=1e-12)
            assert e[a, b, 1] == pytest.approx(exact, abs=1e-12)


@pytest.mark.parametrize("name", ["north-american", "tournament"])
def test_markov_table_is_symmetric_and_monotone(name: str) -> None:
    """The table of score-blind advanced: E(a, b, we deal) + E(b, a, they deal) = 1 (one side
    wins), more of our points is better, more of theirs worse, and dealing is worth something
    at 0-0 (the dealer's edge)."""
    e = equity_model(Rules.named(name))
    assert np.abs(e[:, :, 1] + e[:, :, 0].T - 1).max() < 1e-12
    assert (np.diff(e, axis=0) > 0).all() and (np.diff(e, axis=1) < 0).all()
    assert e[0, 0, 1] > 0.5 > e[0, 0, 0]


@pytest.mark.parametrize("name", ["north-american", "tournament"])
def test_markov_table_agrees_with_simulated_games(name: str) -> None:
    """Score-blind advanced deals the same whatever the score, so the Markov chain is the
    game: its exact table agrees with the Monte Carlo one from 40,000 whole games within 4
    standard errors in every cell visited 2,000 times or more (the tournament rules throw in
    deals, exercising the thrown-in self-loop)."""
    rules = Rules.named(name)
    e = equity_model(rules)
    mc = match_equity(rules, score_blind("advanced"), 40_000, seed=2)
    seen = mc.visits >= 2_000
    assert seen.sum() > 100
    p = e[seen]
    z = (mc.wins[seen] / mc.visits[seen] - p) / np.sqrt(p * (1 - p) / mc.visits[seen])
    assert np.abs(z).max() < 4


def test_a_score_seen_in_too_few_games_prints_no_percentage():
    """One game passes through a score or two: printing 0 % or 100 % there would be a verdict
    from one game; such cells print --."""
    table = match_equity(Rules(), "basic", 1, seed=1)
    body = table.to_text().splitlines()[2:]
    assert "100" not in " ".join(body) and " 0/" not in " ".join(body)
    assert "fewer than 30 games" in table.to_text()
    assert table.probability(0, 0, True) in (0.0, 1.0)  # the numbers themselves are kept
