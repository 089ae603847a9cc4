"""The PIMC player: its sampler respects what the player knows, its values are double-dummy
values of the sampled worlds, and it beats the advanced scripted player in a duplicate match."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from euchre_sim.analysis.facts import options
from euchre_sim.analysis.match import duplicate_deals
from euchre_sim.analysis.situation import read_situation
from euchre_sim.analysis.worlds import option_presets, sample_presets
from euchre_sim.core.common import layout as L
from euchre_sim.core.common.rng import deal_key, seed_stream
from euchre_sim.core.four.dd_search import new_table, next_stamp, search
from euchre_sim.core.four.pimc_play import W_H, W_SIZE, deal_score, play_state, sample_world
from euchre_sim.core.four.tables import EFF, NAT, SUIT_EFF, TRUMP_MASK
from euchre_sim.core.four.trick import after_play
from euchre_sim.engine.pimc import decision_points, evaluate, sample_worlds
from euchre_sim.engine.simulate import replay_presets
from euchre_sim.engine.solver import Position, points, solve
from euchre_sim.game.cards import format_card
from euchre_sim.game.rules import Rules

RULESETS = [Rules(), Rules.named("british"), Rules.named("canadian"),
            Rules(deck=32, no_first_blood=True), Rules(deck=33, partners_best="give")]


def _points_of_deals(rules: Rules, n: int):
    for index in range(n):
        yield from decision_points(rules, "random", None, seed=77, index=index)


def _suit_mask(e: int) -> int:
    return int(TRUMP_MASK) if e == 3 else int(SUIT_EFF[e])


@pytest.mark.parametrize("rules", RULESETS, ids=["standard", "british", "canadian", "nz-nfb",
                                                 "33-give"])
def test_sampled_worlds_respect_everything_the_player_knows(rules: Rules) -> None:
    checked = 0
    for p in _points_of_deals(rules, 60):
        g = p.g
        seat = p.seat
        worlds, ok = sample_worlds(p, 20, seed=checked)
        assert ok == 20  # a consistent world always exists: the true one
        trump = p.trump
        up = int(EFF[trump, g[L.G_UP]])
        out = {int(g[L.G_OUT_A]), int(g[L.G_OUT_B])}
        played = int(g[L.G_PLAYED])
        dealer = int(g[L.G_DEALER])
        up_known_in_dealer = (g[L.G_ROUND] == 1 and dealer not in out and seat != dealer
                              and not (played >> up) & 1)
        # the true world satisfies the constraints the sampler uses
        for s in range(4):
            for e in range(4):
                if (g[L.G_VOIDS] >> (4 * s + e)) & 1:
                    assert g[L.G_HAND + s] & _suit_mask(e) == 0
        for h in worlds:
            assert h[seat] == g[L.G_HAND + seat]
            union = 0
            for s in range(4):
                if s in out:
                    assert h[s] == 0
                    continue
                assert union & h[s] == 0  # no card twice
                union |= int(h[s])
                assert bin(int(h[s])).count("1") == bin(int(g[L.G_HAND + s])).count("1")
                assert int(h[s]) & played == 0  # no card already played
                for e in range(4):
                    if (g[L.G_VOIDS] >> (4 * s + e)) & 1:
                        assert int(h[s]) & _suit_mask(e) == 0  # never a suit he showed out of
            if g[L.G_ROUND] == 2:
                assert not (union >> up) & 1  # the turned-down card is out of play
            if up_known_in_dealer:
                assert (int(h[dealer]) >> up) & 1  # the dealer holds the card he took up
            if seat == dealer and g[L.G_DISCARD] >= 0:
                assert not (union >> int(g[L.G_DISCARD])) & 1  # his own discard is gone
        checked += 1
    assert checked > 500


def test_sampler_does_not_peek_at_hidden_hands() -> None:
    """Scrambling the hands the player cannot see changes nothing he samples."""
    for p in list(_points_of_deals(Rules(), 10))[::3]:
        before, _ = sample_worlds(p, 10, seed=5)
        g = p.g.copy()
        for s in range(4):
            if s != p.seat:
                g[L.G_HAND + s] = (g[L.G_HAND + s] * 7919) & ((1 << 34) - 1)
        scrambled = type(p)(p.rules, g, p.seat, p.legal)
        after, _ = sample_worlds(scrambled, 10, seed=5)
        assert (before == after).all()


def _position(p, hands) -> Position:
    """The sampled world as a solver position."""
    g = p.g
    trump = p.trump
    nat = [" ".join(format_card(int(NAT[trump, b])) for b in range(34) if (int(h) >> b) & 1)
           for h in hands]
    out = {int(g[L.G_OUT_A]), int(g[L.G_OUT_B])}
    leader = int(g[L.G_LEADER])
    trick = []
    s = leader
    for _ in range(4):
        if s not in out and g[L.G_TRICK_CARD + s] >= 0:
            trick.append(format_card(int(NAT[trump, g[L.G_TRICK_CARD + s]])))
        s = (s + 1) & 3
    maker = int(g[L.G_MAKER])
    won = (int(g[L.G_TRICKS1]), int(g[L.G_TRICKS0])) if maker & 1 else (int(g[L.G_TRICKS0]),
                                                                        int(g[L.G_TRICKS1]))
    nat = [h if s not in out else "" for s, h in enumerate(nat)]
    return Position(nat, trump=trump, maker=maker, leader=leader, trick=trick,
                    alone=bool(g[L.G_ALONE]),
                    defender_alone=int(g[L.G_DEFENDER]) if g[L.G_DEFENDER] >= 0 else None,
                    tricks_won=won, super_euchre=p.rules.super_euchre, deck=p.rules.deck)


def test_values_are_double_dummy_values_of_the_sampled_worlds() -> None:
    """With one world, PIMC's value of each card is the double-dummy score of that world."""
    compared = 0
    for i, p in enumerate(_points_of_deals(Rules(), 25)):
        if bin(p.legal).count("1") < 2 or int(p.g[L.G_TRICK]) >= 4:
            continue
        worlds, _ = sample_worlds(p, 1, seed=i)
        values = evaluate(p, worlds=1, seed=i)
        result = solve(_position(p, worlds[0]))
        maker_team = int(p.g[L.G_MAKER]) & 1
        for card, tricks in result.card_values.items():
            mp, dp = points(tricks, alone=bool(p.g[L.G_ALONE]),
                            defender_alone=bool(p.g[L.G_DEFENDER] >= 0))
            ours = (mp - dp) if (p.seat & 1) == maker_team else (dp - mp)
            assert values[card] == ours, (card, values, result.card_values)
            compared += 1
    assert compared > 200


@njit(cache=True)
def _every_card_every_world(g, seat, rules, key, legal, worlds, sums):
    """The plain evaluation PIMC started with: in each world, every legal card solved exactly
    (a full-window search from an empty table), its score added to ``sums`` (ascending
    strength). Same worlds as ``evaluate`` with the same seed."""
    rng = np.zeros(4, np.uint64)
    seed_stream(rng, key, 0)
    w = np.zeros(W_SIZE, np.int64)
    h = w[W_H:W_H + 4]
    tt = new_table()
    nxtp, nplay, mteam, won, pos, led, wcard, wseat, table = play_state(g, seat)
    for _ in range(worlds):
        sample_world(g, seat, rules, rng, w)
        live = h[0] | h[1] | h[2] | h[3] | table
        hand = h[seat]
        k = 0
        for c in range(34):
            if not (legal >> c) & 1:
                continue
            ns, npos, nled, nw, nws, nlive, ntable, t = after_play(
                c, seat, pos, led, wcard, wseat, live, table, nxtp, nplay, mteam)
            h[seat] = hand & ~(np.int64(1) << c)
            next_stamp(tt)
            rest = search(h, tt, nxtp, nplay, mteam, False, ns, npos, nled, nw, nws, nlive,
                          ntable, np.int64(-1), np.int64(6))
            h[seat] = hand
            sums[k] += deal_score(g, rules, seat & 1, won + t + rest)
            k += 1


@pytest.mark.parametrize("rules", RULESETS + [Rules(super_euchre=True, defender_alone=True)],
                         ids=["standard", "british", "canadian", "nz-nfb", "33-give", "super"])
def test_evaluation_equals_solving_every_card_in_every_world(rules: Rules) -> None:
    """The shared, banded search gives exactly the score sums of solving every card of every
    world on its own (the decisions, and every PIMC result, stay the same)."""
    compared = 0
    kinds = set()
    for i, p in enumerate(_points_of_deals(rules, 120)):
        if bin(p.legal).count("1") < 2:
            continue
        worlds = 30
        sums = np.zeros(5, np.int64)
        _every_card_every_world(p.g, p.seat, rules.to_array(), deal_key(i), p.legal, worlds,
                                sums)
        values = evaluate(p, worlds=worlds, seed=i)
        assert list(values.values()) == [float(x / worlds) for x in sums[:len(values)]], i
        assert list(values) == p.legal_cards()
        compared += 1
        kinds.add((bool(p.g[L.G_ALONE]), bool(p.g[L.G_DEFENDER] >= 0), int(p.g[L.G_TRICK])))
    assert compared > 400
    assert len(kinds) >= (12 if rules.defender_alone else 8)  # loners, lone defence, tricks


@pytest.mark.slow
def test_pimc_beats_advanced_in_a_duplicate_match() -> None:
    r = duplicate_deals(Rules(), "pimc:pimc.worlds=20", "advanced", 1_500, seed=2)
    lo, hi = r.interval()
    assert lo > 0, r.to_text()  # measured: +0.13 points per deal, +- 0.012


def test_bad_world_counts() -> None:
    p = next(_points_of_deals(Rules(), 1))
    with pytest.raises(ValueError, match="worlds must be positive"):
        evaluate(p, worlds=0)
    with pytest.raises(ValueError, match="worlds must be positive"):
        sample_worlds(p, 0)
    assert np.isfinite(list(evaluate(p, 5).values())).all()


def test_ties_go_to_the_scripted_card() -> None:
    """A lone maker with the four top trumps and a side nine takes four tricks in every
    double-dummy world whatever he leads (every world's defenders keep the card that beats the
    nine), so every lead ties. With ``pimc.tie_break`` he draws trumps first, as the scripted
    conventions do, and the defenders must guess which suit to keep; without it he leads the
    weaker card, the nine, and gives the trick away at once."""
    sit = read_situation('hand=9C,JD,JH,KH,AH up=QD seat=eldest bidding="pass pass pass pass"')
    alone = next(o for o in options(sit) if o.label == "call hearts alone")
    presets = option_presets(sit, sample_presets(sit, 12, seed=3), alone)
    first_lead = {}
    for tie_break in (0, 1):
        pimc = f"pimc:pimc.worlds=8,pimc.tie_break={tie_break}"
        replays = replay_presets(sit.rules, pimc, None, presets)
        first_lead[tie_break] = {
            format_card(next(v for k, s, v in rep.trace if k == L.EV_PLAY and s == sit.seat))
            for rep in replays}
    assert first_lead[0] == {"9C"}
    assert first_lead[1] == {"JH"}  # the right bower: the boss trump
