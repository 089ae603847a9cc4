"""tools/play_fit.py's premise: forcing at a decision the card the table played there replays
the deal record for record (the snapshot's play index is the script's, the scripted table
decides the same way each time), and forcing another card changes the deal from there on."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np

from euchre_sim.analysis.order_chart import random_presets
from euchre_sim.core.common import layout as L
from euchre_sim.core.four.batch import run_deals_traced
from euchre_sim.core.four.hands import deck_row
from euchre_sim.core.four.tables import NAT
from euchre_sim.engine.simulate import Matchup, deal_key, preset_records
from euchre_sim.game.rules import Rules
from euchre_sim.strategies import get_strategy

_SPEC = importlib.util.spec_from_file_location(
    "play_fit", Path(__file__).resolve().parents[1] / "tools" / "play_fit.py")
play_fit = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(play_fit)


def test_forcing_the_tables_own_card_replays_the_deal() -> None:
    rules = Rules()
    s = get_strategy("tuned")
    arrays = Matchup(s, s).arrays(rules)
    n = 300
    pr = random_presets(rules, n, np.random.default_rng(5))
    recs = np.zeros((n, L.N_FIELDS), np.int64)
    trace = np.zeros((n, L.TRACE_CAP, L.N_TRACE_FIELDS), np.int16)
    snaps = np.zeros((n, L.MAX_PLAYS, L.SN_SIZE), np.int64)
    run_deals_traced(deal_key(1), 0, n, rules.to_array(), *arrays, recs, trace, snaps, pr)
    same, other, index = [], [], []
    for kind in ("lead", "follow"):
        for i, k, _g, legal, _seat, trump, taken, _hand, _live in play_fit.choices(
                kind, recs, snaps, int(deck_row(rules.to_array()))):
            row = pr[i].copy()
            row[L.PR_SCRIPT + L.SC_PLAY + k] = NAT[trump, taken]
            same.append(row)
            alt = row.copy()
            alt[L.PR_SCRIPT + L.SC_PLAY + k] = NAT[trump, (legal & ~(1 << taken)).bit_length() - 1]
            other.append(alt)
            index.append(i)
    assert len(index) > 1000
    replayed = preset_records(rules, arrays, 1, np.array(same, np.int64))
    fields = [f for f in range(L.N_FIELDS) if f != L.F_DEAL]  # the deal's index in its batch
    assert (replayed[:, fields] == recs[index][:, fields]).all()
    # another card: some deals end otherwise (the forced card is played, so the deal differs)
    changed = preset_records(rules, arrays, 1, np.array(other, np.int64))
    differs = (changed[:, [L.F_TRICKS0, L.F_TRICKS1]] != recs[index][:, [L.F_TRICKS0,
                                                                        L.F_TRICKS1]]).any(axis=1)
    assert 0.05 < differs.mean() < 0.95
