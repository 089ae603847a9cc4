"""Match equity: symmetry, bounds, the dealer's edge, the command; the analyser's P(win)."""

import json

import numpy as np

from euchre_sim import cli
from euchre_sim.analysis.analyze import analyze, parse_situation
from euchre_sim.analysis.equity import match_equity
from euchre_sim.rules import Rules


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
