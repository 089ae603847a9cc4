"""Self-play climbing: from a detuned strategy the climb walks back toward sanity, keeps only
what gains on fresh deals, stops when stable, and its best.toml is the strategy it reached."""

from __future__ import annotations

import json

from euchre_sim.analysis.climb import _pick, climb
from euchre_sim.analysis.stability import stability
from euchre_sim.cli import main as cli
from euchre_sim.game.rules import Rules
from euchre_sim.strategies import get_strategy

RULES = Rules()
DETUNED = "advanced:round1.threshold.dealer=20"  # the dealer hardly ever takes the card up


def test_climb_walks_back_and_stops():
    """Only the dealer's threshold may move: each round takes its step down (a big gain over
    a dealer who never takes up), until a round finds no significant step or the rounds
    run out; every kept round gained on its own fresh deals."""
    r = climb(RULES, DETUNED, params=["round1.threshold.dealer"], deals=30_000, rounds=3,
              seed=3)
    first = r.rounds[0]
    assert first.taken == {"round1.threshold.dealer": 19.5}
    for rnd in r.rounds:
        if rnd.taken:
            assert rnd.verify.mean > 3 * rnd.verify.se
    final = r.final.all_params()["round1.threshold.dealer"]
    assert final == 20 - 0.5 * sum(1 for x in r.rounds if x.taken)
    assert r.stable == (not r.rounds[-1].taken)
    df = r.table()
    assert list(df["to"]) == [20 - 0.5 * k for k in range(1, len(df) + 1)]
    assert "climb from advanced:round1.threshold.dealer=20" in r.to_text()


def test_pick_takes_one_step_per_family():
    """Of the significant gaining steps, the best per family (round1.threshold here)."""
    check = stability(RULES, "advanced:round1.threshold.dealer=20,round1.threshold.partner=20",
                      params=["round1.threshold.*"], deals=30_000, seed=4)
    taken = _pick(check, 4)
    assert len(taken) == 1 and next(iter(taken)).startswith("round1.threshold.")
    df = check.table()
    best = df[df.significant & (df.gain > 0)].iloc[0]
    assert taken == {best["param"]: best["to"]}


def test_climb_command_writes_a_loadable_strategy(tmp_path, capsys):
    out = tmp_path / "c"
    rc = cli.main(["climb", DETUNED, "--params", "round1.threshold.dealer", "--deals", "20000",
                   "--rounds", "1", "--out", str(out), "--no-progress"])
    assert rc == 0 and "round 1:" in capsys.readouterr().out
    tuned = get_strategy(str(out / "best.toml"))
    assert tuned.all_params()["round1.threshold.dealer"] == 19.5
    meta = json.loads((out / "meta.json").read_text())
    assert meta["kind"] == "climb" and meta["rounds"] == 1
    rc = cli.main(["climb", "advanced", "--rounds", "0", "--deals", "1000"])
    err = capsys.readouterr().err
    assert rc == 2 and err.count("\n") == 1
