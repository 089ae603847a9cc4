"""PIMC for the decisions before the play (core/four/pimc_bid.py): the worlds' replay of the
bidding, the search's choice in exact cases, and ``pimc.bidding = 0`` bidding like the model."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from euchre_sim.core.common import layout as L
from euchre_sim.core.common.rng import seed_stream
from euchre_sim.core.four.dd_search import new_table
from euchre_sim.core.four.hands import to_effective
from euchre_sim.core.four.pimc_bid import (
    B_DEALT,
    B_X,
    INCONSISTENT,
    PW_SIZE,
    ST_ALONE,
    ST_DEFEND,
    ST_DISCARD,
    ST_ROUND1,
    ST_ROUND2,
    replay,
)
from euchre_sim.core.four.tables import EFF, NAT
from euchre_sim.engine.simulate import Matchup, PresetDeal, replay_deals, replay_presets
from euchre_sim.game.cards import parse_card
from euchre_sim.game.rules import Rules


@njit(cache=True)
def _replay_true(g, seat, stage, cand, kinds, params, rules, hands, out):
    """Replay the deal's own hands (the world that is the truth) with ``check``; ``out``: the
    score (or INCONSISTENT) and the world's maker, trump, alone, lone defender."""
    pw = np.zeros(PW_SIZE, np.int64)
    for s in range(4):
        pw[B_DEALT + s] = hands[s]
    rng = np.zeros(4, np.uint64)
    seed_stream(rng, np.uint64(1), 0)
    out[0] = replay(g, seat, stage, cand, True, kinds, params, rules, rng, new_table(), pw)
    out[1] = pw[B_X + L.G_MAKER]
    out[2] = pw[B_X + L.G_TRUMP]
    out[3] = pw[B_X + L.G_ALONE]
    out[4] = pw[B_X + L.G_DEFENDER]


def _decisions(rules: Rules, rep) -> list[tuple[np.ndarray, int, int, int]]:
    """Every bidding decision of a recorded deal as the kernel's state before it, the seat,
    the stage and the action taken (in the search's candidate coding)."""
    rec = rep.record
    dealer, up = rec["dealer"], rec["up_card"]
    hands = [rec[f"hand{s}"] for s in range(4)]
    g = np.zeros(L.G_SIZE, np.int64)
    g[L.G_DEALER], g[L.G_UP], g[L.G_UPSUIT] = dealer, up, up >> 3 if up != 32 else -1
    for slot in (L.G_TRUMP, L.G_MAKER, L.G_DEFENDER, L.G_OUT_A, L.G_OUT_B, L.G_DISCARD):
        g[slot] = -1
    for s in range(4):
        g[L.G_NAT + s] = hands[s]
    out = []
    maker, trump, rnd, alone = rec["maker"], rec["trump"], rec["round"], rec["alone"]
    canadian = rules.dealer_partner_alone and rnd == 1 and maker == (dealer + 2) % 4
    passes = 0
    for kind, seat, value in rep.trace:
        if kind in (L.EV_PASS1, L.EV_PASS2, L.EV_ORDER, L.EV_CALL):
            stage = ST_ROUND1 if kind in (L.EV_PASS1, L.EV_ORDER) else ST_ROUND2
            if kind in (L.EV_PASS1, L.EV_PASS2):
                cand = 0
            elif kind == L.EV_ORDER:
                cand = 1 if canadian else 1 + alone
            else:
                cand = 1 + value + 4 * alone
            state = g.copy()
            state[L.G_PASSES] = passes
            out.append((state, seat, stage, cand))
            passes += 1
            if kind in (L.EV_ORDER, L.EV_CALL):
                g[L.G_PASSES] = passes - 1
                g[L.G_MAKER], g[L.G_TRUMP], g[L.G_ROUND] = maker, trump, rnd
                for s in range(4):
                    g[L.G_HAND + s] = to_effective(g[L.G_NAT + s], trump)
                if canadian:
                    g[L.G_ALONE], g[L.G_OUT_A] = 1, dealer
                elif rnd == 1:
                    g[L.G_HAND + dealer] |= 1 << int(EFF[trump, up])
        elif kind in (L.EV_JOKER_TRUMP, L.EV_CLUB_EUCHRE):  # the joker, or a club under
            # club_euchre, turned up: the dealer's side makes trump, no bidding
            g[L.G_MAKER], g[L.G_TRUMP], g[L.G_ROUND] = maker, trump, rnd
            for s in range(4):
                g[L.G_HAND + s] = to_effective(g[L.G_NAT + s], trump)
            g[L.G_HAND + dealer] |= 1 << int(EFF[trump, up])
        elif kind == L.EV_DISCARD:
            out.append((g.copy(), seat, ST_DISCARD, int(EFF[trump, value])))
            d = int(EFF[trump, value])
            g[L.G_HAND + dealer] &= ~(1 << d)
            g[L.G_DISCARD] = d
            g[L.G_NAT + dealer] = (g[L.G_NAT + dealer] | (1 << up)) & ~(1 << int(NAT[trump, d]))
    if maker >= 0 and not canadian:
        out.append((g.copy(), maker, ST_ALONE, alone))
        if alone:
            g[L.G_ALONE], g[L.G_OUT_A] = 1, (maker + 2) % 4
    if maker >= 0 and rules.defender_alone and (alone or rules.lone_defence == "any"):
        asked = [(dealer + k) % 4 for k in range(1, 5) if (dealer + k) % 2 != maker % 2]
        for p in asked:
            if rules.passed_cannot_go_alone and _passed(g, dealer, rnd, passes, p):
                continue
            out.append((g.copy(), p, ST_DEFEND, int(rec["defender"] == p)))
            if rec["defender"] == p:
                break
    assert all(e[0] != L.EV_DEFEND_ALONE or e[1] == rec["defender"] for e in rep.trace)
    assert any(e[0] == L.EV_ALONE for e in rep.trace) == bool(alone)
    return out


def _passed(g, dealer, rnd, passes, p) -> bool:
    k = (p - dealer - 1) % 4
    made = passes - 1
    return k < made if rnd == 1 else k < made - 4


RULES = [
    Rules(),
    Rules(stick_the_dealer=False),
    Rules(dealer_partner_alone=True, dealer_needs_trump=True),
    Rules(defender_alone=True, passed_cannot_go_alone=True, lead="left_of_lone"),
    Rules(deck=25),
    Rules(defender_alone=True, lone_defence="against_lone_maker", lead="right_of_lone",
          hearts_never_trump=True, club_euchre=True),
    Rules(deck=25, defender_alone=True, lead="right_of_lone", hearts_never_trump=True,
          club_euchre=True, stick_the_dealer=False, dealer_needs_trump=True),
    # the worlds are dealt from the deal that stood: redeals (limited or not) are before it
    Rules(deck=32, redeal="nines_and_tens", mcevoy_limit=True),
]


@pytest.mark.parametrize("rules", RULES, ids=["standard", "thrown-in", "canadian",
                                               "defend-alone", "joker", "section-3.1",
                                               "section-3.1-joker", "mcevoy-limit"])
def test_the_truth_replays_the_bidding_seen(rules: Rules) -> None:
    """In the world that is the real deal, with the model the players really used, replaying
    every bidding decision of a deal (with the action taken) never finds an inconsistency and
    ends with the deal's maker, trump, loner and lone defender."""
    matchup = Matchup.of("tuned:alone.threshold.dealer=17,defend_alone.threshold=20",
                         "advanced:defend_alone.threshold=18")
    kinds, params = matchup.arrays(rules)
    rarr = rules.to_array()
    stages = set()
    forced = 0  # deals whose trump was made without bidding (joker, club euchre)
    for rep in replay_deals(rules, matchup.a, matchup.b, 3, 0, 300):
        rec = rep.record
        if rec["thrown_in"]:
            continue
        forced += rec["round"] == 1 and rec["passes"] == 0 and rec["maker"] == rec["dealer"]
        hands = np.array([rec[f"hand{s}"] for s in range(4)], np.int64)
        for g, seat, stage, cand in _decisions(rules, rep):
            out = np.zeros(5, np.int64)
            _replay_true(g, seat, stage, cand, kinds, params, rarr, hands, out)
            assert out[0] != INCONSISTENT, (rec, seat, stage, cand)
            assert list(out[1:]) == [rec["maker"], rec["trump"], rec["alone"],
                                     rec["defender"]], (rec, seat, stage)
            stages.add(stage)
    assert {ST_ROUND1, ST_ROUND2, ST_DISCARD} <= stages
    if rules.defender_alone:
        assert ST_DEFEND in stages
    if rules.club_euchre:
        assert forced > 50  # a club turned up in about a quarter of the deals


def _bids(events) -> list[tuple[int, int, int]]:
    kinds = (L.EV_PASS1, L.EV_PASS2, L.EV_ORDER, L.EV_CALL, L.EV_DISCARD, L.EV_ALONE,
             L.EV_DEFEND_ALONE)
    return [e for e in events if e[0] in kinds]


def test_without_bidding_search_pimc_bids_as_its_scripted_twin() -> None:
    """``pimc.bidding = 0``: every decision before the play is the scripted one (same
    parameters), deal for deal."""
    rules = Rules(defender_alone=True)
    a = replay_deals(rules, "pimc:pimc.bidding=0,pimc.worlds=4", "advanced", 4, 0, 200)
    twin = replay_deals(rules, "tuned", "advanced", 4, 0, 200)
    assert [_bids(r.trace) for r in a] == [_bids(r.trace) for r in twin]
    assert sum(len(_bids(r.trace)) for r in a) > 600


@pytest.mark.parametrize("farmers", [True, "strict"])
def test_no_bidding_search_under_the_farmer_s_hand(farmers) -> None:
    """The worlds do not model the kitty exchanges (several under strict): with the farmer's
    hand on, a PIMC player's bidding is its scripted twin's, deal for deal, exchanges
    included."""
    rules = Rules(farmers_hand=farmers)
    a = replay_deals(rules, "pimc:pimc.worlds=4,farmer.exchange=1", "advanced", 4, 0, 200)
    twin = replay_deals(rules, "tuned:farmer.exchange=1", "advanced", 4, 0, 200)
    kinds = (L.EV_FARMER, L.EV_PASS1, L.EV_PASS2, L.EV_ORDER, L.EV_CALL, L.EV_DISCARD, L.EV_ALONE,
             L.EV_DEFEND_ALONE)
    assert ([[e for e in r.trace if e[0] in kinds] for r in a]
            == [[e for e in r.trace if e[0] in kinds] for r in twin])
    assert sum(any(e[0] == L.EV_FARMER for e in r.trace) for r in a) > 5


def test_no_bidding_search_under_chuck() -> None:
    """The replayed bidding deals no kitty, so a stuck dealer's chuck is not modelled: under
    chuck a PIMC player's bidding is its scripted twin's, deal for deal, chucks included (its
    card play, searched, knows the chucking dealer holds the up-card)."""
    rules = Rules(chuck=True)
    shy = ",".join(f"round{r}.threshold.{s}=40" for r in (1, 2)  # stuck whenever dealing
                   for s in ("eldest", "partner", "third", "dealer"))
    spec = f"{shy},round2.chuck_threshold=6"
    a = replay_deals(rules, f"pimc:pimc.worlds=4,{spec}", f"advanced:{shy}", 5, 0, 300)
    twin = replay_deals(rules, f"tuned:{spec}", f"advanced:{shy}", 5, 0, 300)
    kinds = (L.EV_CHUCK, L.EV_PASS1, L.EV_PASS2, L.EV_ORDER, L.EV_CALL, L.EV_DISCARD, L.EV_ALONE,
             L.EV_DEFEND_ALONE)
    assert ([[e for e in r.trace if e[0] in kinds] for r in a]
            == [[e for e in r.trace if e[0] in kinds] for r in twin])
    assert sum(r.record["stuck"] == 2 for r in a) > 50


def test_no_bidding_search_under_partner_may_go_alone() -> None:
    """The replayed bidding does not ask the maker's partner: under partner_may_go_alone a
    PIMC player's bidding is its scripted twin's, deal for deal, the partners' loners included
    (its card play, searched, plays them and against them)."""
    rules = Rules(partner_may_go_alone=True, defender_alone=True)
    spec = ",".join(f"alone.threshold.{s}=12" for s in ("eldest", "partner", "third", "dealer"))
    a = replay_deals(rules, f"pimc:pimc.worlds=4,{spec}", f"advanced:{spec}", 6, 0, 300)
    twin = replay_deals(rules, f"tuned:{spec}", f"advanced:{spec}", 6, 0, 300)
    kinds = (L.EV_PASS1, L.EV_PASS2, L.EV_ORDER, L.EV_CALL, L.EV_DISCARD, L.EV_ALONE,
             L.EV_DEFEND_ALONE)
    assert ([[e for e in r.trace if e[0] in kinds] for r in a]
            == [[e for e in r.trace if e[0] in kinds] for r in twin])
    assert sum(r.record["alone"] == 2 for r in a) > 10


def test_no_bidding_search_under_no_trump() -> None:
    """Under no_trump a PIMC player bids as its scripted twin, deal for deal, no-trump calls
    included; its searched card play plays the no-trump deals by the rules (test_invariants'
    checker: suit followed, tricks and score right) and differs from the twin's."""
    from test_invariants import check_deal

    rules = Rules(no_trump=True, defender_alone=True)
    spec = "round2.no_trump_tricks=2"
    a = replay_deals(rules, f"pimc:pimc.worlds=4,{spec}", f"advanced:{spec}", 6, 0, 300)
    twin = replay_deals(rules, f"tuned:{spec}", f"advanced:{spec}", 6, 0, 300)
    kinds = (L.EV_PASS1, L.EV_PASS2, L.EV_ORDER, L.EV_CALL, L.EV_DISCARD, L.EV_ALONE,
             L.EV_DEFEND_ALONE)
    assert ([[e for e in r.trace if e[0] in kinds] for r in a]
            == [[e for e in r.trace if e[0] in kinds] for r in twin])
    nt = [i for i, r in enumerate(a) if r.record["trump"] == 4]
    assert len(nt) > 10, len(nt)
    assert any(a[i].trace != twin[i].trace for i in nt)
    for rep in a:
        check_deal(rules, rep.record, rep.trace)


def test_no_bidding_search_under_smitty() -> None:
    """The replayed bidding makes no Smitty guess: under smitty a PIMC player bids as its
    scripted twin, deal for deal, guesses and calls for the game included; its searched card
    play (whose worlds give the up-card to the eldest after a right guess) follows the rules
    (test_invariants' checker)."""
    from test_invariants import check_deal

    rules = Rules(smitty=True, defender_alone=True)
    spec = "smitty.guess=3,smitty.alone=1"
    a = replay_deals(rules, f"pimc:pimc.worlds=4,{spec}", "advanced", 7, 0, 300)
    twin = replay_deals(rules, f"tuned:{spec}", "advanced", 7, 0, 300)
    kinds = (L.EV_SMITTY, L.EV_PASS1, L.EV_PASS2, L.EV_ORDER, L.EV_CALL, L.EV_DISCARD, L.EV_ALONE,
             L.EV_DEFEND_ALONE)
    assert ([[e for e in r.trace if e[0] in kinds] for r in a]
            == [[e for e in r.trace if e[0] in kinds] for r in twin])
    assert sum(r.record["stuck"] == 3 and r.record["alone"] == 1 for r in a) > 10
    for rep in a:
        check_deal(rules, rep.record, rep.trace)


def _play(strategy: str, hands: list[str], up: str):
    """One preset deal (the dealer in seat 3, eldest in seat 0) played with traces."""
    deal = PresetDeal.of(hands, up, 3)
    return replay_presets(Rules(), strategy, None, np.array([deal.row()], np.int64))[0]


def test_top_five_trumps_order_up_alone() -> None:
    """Eldest with the five top trumps: alone he takes every trick in every world (4 points
    against 2 with his partner), so the search orders up alone."""
    rep = _play("pimc:pimc.bid_worlds=20",
                ["JH JD AH KH QH", "9S TS QS KS AS", "9C TC QC KC AC", "9D TD QD KD AD"], "9H")
    assert (L.EV_ORDER, 0, parse_card("9H") >> 3) in [(e[0], e[1], e[2]) for e in rep.trace]
    assert any(e[0] == L.EV_ALONE and e[1] == 0 for e in rep.trace)
    assert rep.record["points0"] == 4


def test_a_hand_without_trumps_or_aces_passes() -> None:
    """Eldest with no trump, no ace, no king and the up-card's suit void: ordering up loses
    in nearly every world, so the search passes (the fixed seed makes it exact)."""
    rep = _play("pimc:pimc.bid_worlds=40",
                ["9S TS 9C TC 9D", "JH QS KS AS QC", "JD KC AC QD KD", "AH KH QH TH AD"], "9H")
    first = [e for e in rep.trace if e[1] == 0][0]
    assert first[0] == L.EV_PASS1


def test_the_dealer_discards_his_lone_side_nine_not_a_trump() -> None:
    """The dealer takes up with four trumps and a side nine: keeping every trump is worth
    more in every world than keeping the nine, so the nine goes."""
    rep = _play("pimc:pimc.bid_worlds=20",
                ["9S TS QS KS AS", "TC QC KC AC JC", "9D TD QD KD AD", "JH JD AH KH 9C"], "QH")
    discards = [e for e in rep.trace if e[0] == L.EV_DISCARD]
    assert discards and discards[0][2] == parse_card("9C")


def test_the_search_never_names_hearts_under_hearts_never_trump() -> None:
    """Eldest with the five top hearts, the 9C turned up and every round-1 bid forced to pass
    (the script): in round 2 the search names hearts alone (a sure march: 4 points in every
    world). Under hearts_never_trump hearts are not among its candidates: he names another
    suit or passes, and hearts are never trump."""
    hands = ["JH JD AH KH QH", "TC 9S TS QS KS", "QC 9D TD QD KD", "KC AS AD TH 9H"]
    script = [-1] * L.N_SCRIPT
    for seat in range(4):
        script[L.SC_ROUND1 + seat] = 0
    played = {}
    for name, rules in (("free", Rules()), ("barred", Rules(hearts_never_trump=True))):
        deal = PresetDeal.of(hands, "9C", 3, rules, kitty="AC JC JS", script=script)
        played[name] = replay_presets(rules, "pimc:pimc.bid_worlds=20", None,
                                      np.array([deal.row()], np.int64))[0]
    free, barred = played["free"], played["barred"]
    assert (L.EV_CALL, 0, 2) in [(e[0], e[1], e[2]) for e in free.trace]
    assert (free.record["trump"], free.record["alone"], free.record["points0"]) == (2, 1, 4)
    assert barred.record["trump"] != 2
    assert not [e for e in barred.trace if e[0] == L.EV_CALL and e[2] == 2]
