"""Every rule option of RULES.md section 2 changes the outcome of a hand-made deal.

Each test plays one deal written card by card (``PresetDeal``) through the kernel, once with the
option off and once on, and asserts what happens in both, as worked out by hand in the
docstrings and comments. Every deal is also played by the pure-Python reference engine
(``reference.play_preset``), which must give the same record and trace.

The players use the deterministic ``reference`` strategy (docs/engine.md), some with parameters
to force a decision. Reminders for reading the positions:

* strength for trump t: right bower 6, left bower 5, trump A 4, trump K 3, other trumps 2, joker
  7, each off-suit ace 2. Order up / call at strength >= ``bid_threshold`` (12), alone at >=
  ``alone_threshold`` (20). In round 2 a player names his strongest suit other than the up-card's.
* the dealer discards his weakest card; the leader leads his strongest legal card; a follower
  plays his weakest legal card that beats the card winning the trick (whoever's it is), else his
  weakest legal card. Non-trumps are ranked by rank, ties by suit (C < D < H < S).
* seats 0..3 clockwise, team = seat & 1; the order from the dealer's left is D+1, D+2, D+3, D.

Tricks are shown as ``"1:JH 2:TH 3:9C 0:9H -> 1"``: seat:card in play order, then the winner.
"""

from __future__ import annotations

import numpy as np
import pytest

from euchre_sim.core.common import layout as L
from euchre_sim.engine.simulate import (
    DealReplay,
    Matchup,
    PresetDeal,
    iter_game_chunks,
    play_presets,
    replay_deals,
)
from euchre_sim.game.cards import RANK_10, format_card, parse_card, parse_hand
from euchre_sim.game.rules import Rules
from euchre_sim.oracle import engine as reference
from euchre_sim.records.display import format_deal
from euchre_sim.strategies import get_strategy

C, D, H, S = range(4)


def play(rules: Rules, hands: tuple[str, str, str, str], up: str, dealer: int = 0,
         a: str = "reference", b: str | None = None, kitty: str | None = None,
         seed: int = 0, script: dict[int, int] | None = None) -> DealReplay:
    """Play the deal on the kernel (team 0: ``a``, team 1: ``b``, default ``a``) and check that
    the reference engine agrees on the record and the trace. ``script``: slot -> forced
    action (``layout.SC_*``)."""
    slots = [-1] * L.N_SCRIPT
    for slot, v in (script or {}).items():
        slots[slot] = v
    deal = PresetDeal.of(hands, up, dealer, rules, kitty=kitty, script=slots)
    rep, = play_presets(rules, a, b, [deal], seed)
    sa, sb = get_strategy(a), get_strategy(b if b is not None else a)
    rec, trace = reference.play_preset(rules, dealer, deal.hands, deal.up_card, deal.kitty,
                                       (sa.name, sb.name), (sa.params, sb.params), seed=seed,
                                       script=slots)
    assert rep.record == rec
    assert rep.trace == trace
    return rep


def tricks(rep: DealReplay) -> list[str]:
    """The five tricks as ``"seat:card ... -> winner"``."""
    out, cards = [], []
    for kind, seat, value in rep.trace:
        if kind == L.EV_PLAY:
            cards.append(f"{seat}:{format_card(value)}")
        elif kind == L.EV_TRICK:
            out.append(" ".join(cards) + f" -> {seat}")
            cards = []
    return out


def bidding(rep: DealReplay) -> list[tuple[str, int, int]]:
    """The events before the first card is played (names, seat, value)."""
    return [e for e in rep.events() if e[0] not in ("PLAY", "TRICK")]


def card(text: str) -> int:
    return parse_card(text)


def check(rep: DealReplay, **expected: int) -> None:
    """The record has these values."""
    assert {k: rep.record[k] for k in expected} == expected


# --------------------------------------------------------------------------------------------
# stick_the_dealer
# --------------------------------------------------------------------------------------------

# Up-card 9S, dealer 0. Nobody reaches 12 in any suit: seat 1 (JC 9D TD 9H AS) has spades 9,
# clubs 8; seat 2 (JD 9C TC TH KS) hearts 7; seat 3 (JH QC QD QH AC) hearts 10; the dealer
# (JS KC KD KH AD) spades 10 with the 9S, clubs 10 (left bower 5, KC 3, AD 2).
STUCK = ("JS KC KD KH AD", "JC 9D TD 9H AS", "JD 9C TC TH KS", "JH QC QD QH AC")


def test_stick_the_dealer() -> None:
    """Off: all pass twice, the hand is thrown in. On: the dealer must name his best suit,
    clubs (10); the right bower JC is seat 1's, but the dealer's side takes 4 tricks: 1 point.
    """
    off = play(Rules(stick_the_dealer=False), STUCK, "9S")
    check(off, thrown_in=1, round=0, passes=8, maker=-1, trump=-1, leader=-1, points0=0,
          points1=0)
    assert rep_names(off) == ["PASS1"] * 4 + ["PASS2"] * 4 + ["THROWN_IN"]
    assert off.trace[-1] == (8, 0, 0)

    on = play(Rules(stick_the_dealer=True), STUCK, "9S")
    check(on, thrown_in=0, round=2, passes=7, maker=0, trump=C, stuck=1, discard=-1, alone=0,
          leader=1, tricks0=4, tricks1=1, points0=1, points1=0)
    assert tricks(on) == [
        "1:JC 2:9C 3:QC 0:KC -> 1",  # the right bower; everyone follows trump low
        "1:AS 2:KS 3:AC 0:JS -> 0",  # seat 3 ruffs with AC, the dealer over-ruffs with the left
        "0:AD 1:9D 2:JD 3:QD -> 0",
        "0:KH 1:9H 2:TH 3:JH -> 0",  # KH beats KD as a lead (ties by suit): hearts first
        "0:KD 1:TD 2:TC 3:QH -> 2",  # seat 2, void in diamonds, ruffs with TC
    ]


def rep_names(rep: DealReplay) -> list[str]:
    return [e[0] for e in rep.events()]


# --------------------------------------------------------------------------------------------
# target_score (whole games)
# --------------------------------------------------------------------------------------------


def test_target_score() -> None:
    """The same game stream to 5 and to 10 points: the decisions of ``reference`` do not depend
    on the score, so the 5-point game is the first deals of the 10-point game, cut at the first
    deal after which a team has 5 or more. A deal scores at most 4, so the 5-point game ends
    below 10 and the 10-point game goes on."""
    games = 20
    results = {}
    for target in (5, 10):
        rules = Rules(target_score=target)
        matchup = Matchup.of("reference")
        (grecs, drecs), = list(iter_game_chunks(rules, matchup, games, seed=4, with_deals=True))
        results[target] = grecs, drecs
        for g in range(games):
            game, deals = reference.play_game(4, g, rules, ("reference", "reference"))
            assert list(grecs[g]) == [game[k] for k in L.GAME_FIELDS]
            mine = drecs[drecs[:, L.GD_GAME] == g, L.GD_RECORD:].tolist()
            assert mine == [[d[f] for f in L.RECORD_FIELDS] for d in deals]
    for g in range(games):
        for target in (5, 10):
            grecs, drecs = results[target]
            columns = [L.GR_WINNER, L.GR_SCORE0, L.GR_SCORE1, L.GR_DEALS]
            winner, score0, score1, n = grecs[g, columns]
            rows = drecs[drecs[:, L.GD_GAME] == g, L.GD_RECORD:]
            assert len(rows) == n
            s0, s1 = rows[:, L.F_POINTS0].cumsum(), rows[:, L.F_POINTS1].cumsum()
            assert (s0[-1], s1[-1]) == (score0, score1)
            # Nobody had reached the target before the last deal; the winner has it now.
            assert max(s0[-2] if n > 1 else 0, s1[-2] if n > 1 else 0) < target
            assert (score0 if winner == 0 else score1) >= target
            assert (score1 if winner == 0 else score0) < target
            assert max(score0, score1) <= target + 3
        short, long = results[5][1], results[10][1]
        a = short[short[:, L.GD_GAME] == g, L.GD_RECORD:]
        b = long[long[:, L.GD_GAME] == g, L.GD_RECORD:]
        assert len(b) > len(a) and (b[: len(a)] == a).all()
        scores = [L.GR_SCORE0, L.GR_SCORE1]
        assert max(results[5][0][g, scores]) < 10 <= max(results[10][0][g, scores])


# --------------------------------------------------------------------------------------------
# defender_alone, super_euchre, passed_cannot_go_alone
# --------------------------------------------------------------------------------------------

# Up-card 9H, dealer 0. Team 1 never bids (bid_threshold 40) but defends alone at 15: seat 1
# holds JH JD AH KH AS, hearts 20. Team 0 bids at 8: seat 2 (QH TH AC AD KS) has hearts
# 2+2+2+2 = 8 and orders up; the dealer takes the 9H and discards 9S (his weakest card).
DEFEND = ("KC KD QD 9S TS", "JH JD AH KH AS", "QH TH AC AD KS", "9C TC 9D TD QC")
DEFEND_A = "reference:bid_threshold=8"
DEFEND_B = "reference:bid_threshold=40,defend_alone_threshold=15"
# Seat 1 wins every trick: three top trumps pull the makers' trumps, then KH and AS.
DEFEND_TRICKS = [
    "1:JH 2:TH 3:9C 0:9H -> 1",
    "1:JD 2:QH 3:9D 0:TS -> 1",
    "1:AH 2:KS 3:TC 0:QD -> 1",
    "1:KH 2:AC 3:TD 0:KC -> 1",
    "1:AS 2:AD 3:QC 0:KD -> 1",
]


def without_seat(lines: list[str], seat: int) -> list[str]:
    """The same tricks without the cards of ``seat`` (who sits out)."""
    return [" ".join(w for w in line.split(" ") if not w.startswith(f"{seat}:"))
            for line in lines]


def test_defender_alone() -> None:
    """Off: the makers (team 0) are euchred with 0 tricks: 2 points to team 1. On: seat 1 (first
    defender from the dealer's left) defends alone (strength 20 >= 15), seat 3 sits out, the
    same five tricks without seat 3's cards: a lone defender's euchre scores 4."""
    off = play(Rules(), DEFEND, "9H", a=DEFEND_A, b=DEFEND_B)
    check(off, maker=2, trump=H, round=1, discard=card("9S"), alone=0, defender=-1, leader=1,
          tricks0=0, tricks1=5, points0=0, points1=2)
    assert tricks(off) == DEFEND_TRICKS

    on = play(Rules(defender_alone=True), DEFEND, "9H", a=DEFEND_A, b=DEFEND_B)
    check(on, maker=2, trump=H, alone=0, defender=1, leader=1, tricks0=0, tricks1=5,
          points0=0, points1=4)
    assert ("DEFEND_ALONE", 1, 0) in on.events()
    assert tricks(on) == without_seat(DEFEND_TRICKS, 3)


def test_super_euchre() -> None:
    """The makers take no trick (position above): 2 points to the defenders off, 4 on; with a
    lone defender too it is still 4 (the two do not add up)."""
    off = play(Rules(), DEFEND, "9H", a=DEFEND_A, b=DEFEND_B)
    check(off, tricks0=0, points1=2)
    on = play(Rules(super_euchre=True), DEFEND, "9H", a=DEFEND_A, b=DEFEND_B)
    check(on, tricks0=0, points1=4, defender=-1)
    both = play(Rules(super_euchre=True, defender_alone=True), DEFEND, "9H", a=DEFEND_A,
                b=DEFEND_B)
    check(both, tricks0=0, points1=4, defender=1)


def test_passed_cannot_go_alone() -> None:
    """With defender_alone: seat 1 passed in round 1, where trump was made. Off: he defends
    alone (4 points). On: he may not; seat 3 (who never passed: seat 2 ordered before him) is
    asked but his hand is worth 0 in hearts: no lone defender, an ordinary euchre, 2 points."""
    off = play(Rules(defender_alone=True), DEFEND, "9H", a=DEFEND_A, b=DEFEND_B)
    check(off, passes=1, defender=1, points1=4)
    on = play(Rules(defender_alone=True, passed_cannot_go_alone=True), DEFEND, "9H",
              a=DEFEND_A, b=DEFEND_B)
    check(on, passes=1, defender=-1, tricks1=5, points1=2)
    assert tricks(on) == DEFEND_TRICKS


# --------------------------------------------------------------------------------------------
# dealer_partner_alone (Canadian loner)
# --------------------------------------------------------------------------------------------

# Up-card 9H, dealer 0. Seat 1 (9C TC 9D TD QC) has no hearts; seat 2 (JH JD AH AC AS) has
# hearts 6+5+4+2+2 = 19: orders up, below 20 so not alone by choice.
CANADIAN = ("9S TS QS KS QD", "9C TC 9D TD QC", "JH JD AH AC AS", "KH QH TH KC KD")


def test_dealer_partner_alone() -> None:
    """Off: the dealer takes the 9H (discards 9S) and plays with seat 2; he ruffs the first
    trick, but then leads KS into seat 2's AS, which seat 3 ruffs: the makers take 4 tricks, 1
    point. On: seat 2 must play alone, the dealer sits out without picking up; seat 2 wins all
    five tricks alone: 4 points."""
    off = play(Rules(), CANADIAN, "9H")
    check(off, maker=2, round=1, discard=card("9S"), alone=0, leader=1, tricks0=4, tricks1=1,
          points0=1)
    assert tricks(off) == [
        "1:QC 2:AC 3:KC 0:9H -> 0",
        "0:KS 1:9C 2:AS 3:TH -> 3",
        "3:KH 0:TS 1:9D 2:AH -> 2",
        "2:JH 3:QH 0:QD 1:TC -> 2",
        "2:JD 3:KD 0:QS 1:TD -> 2",
    ]

    on = play(Rules(dealer_partner_alone=True), CANADIAN, "9H")
    check(on, maker=2, round=1, discard=-1, alone=1, leader=1, tricks0=5, points0=4)
    assert bidding(on) == [("PASS1", 1, 0), ("ORDER", 2, H), ("ALONE", 2, 1)]
    assert tricks(on) == [
        "1:QC 2:AC 3:KC -> 2",
        "2:JH 3:TH 1:9C -> 2",
        "2:JD 3:QH 1:9D -> 2",
        "2:AH 3:KH 1:TC -> 2",
        "2:AS 3:KD 1:TD -> 2",
    ]


# --------------------------------------------------------------------------------------------
# lead and partners_best: a lone maker
# --------------------------------------------------------------------------------------------

# Up-card 9H, dealer 0. Team 0 goes alone at 18. Seat 2 (JH JD AH KH KS) has hearts 6+5+4+3 =
# 18: orders up and goes alone; the dealer (his partner) takes the 9H, discards 9S and sits out.
# The opponents: seat 1 AS QS 9C TC 9D, seat 3 AC KC QC AD TS.
LONE = ("JC QD KD TD 9S", "AS QS 9C TC 9D", "JH JD AH KH KS", "AC KC QC AD TS")
LONE_A = "reference:alone_threshold=18"
# Eldest lead: seat 1 leads AS and seat 2 must follow with KS: the makers take 4, 1 point.
LONE_ELDEST = [
    "1:AS 2:KS 3:TS -> 1",
    "1:QS 2:KH 3:QC -> 2",
    "2:JH 3:KC 1:9C -> 2",
    "2:JD 3:AC 1:9D -> 2",
    "2:AH 3:AD 1:TC -> 2",
]
# Seat 2 holds 9H (from his partner) instead of KS: he ruffs the AS and marches alone: 4 points.
LONE_GIVEN = [
    "1:AS 2:9H 3:TS -> 2",
    "2:JH 3:QC 1:9C -> 2",
    "2:JD 3:KC 1:9D -> 2",
    "2:AH 3:AC 1:TC -> 2",
    "2:KH 3:AD 1:QS -> 2",
]


def test_lead_left_of_lone() -> None:
    """Off (eldest): seat 1 (dealer's left) leads. On (left_of_lone): seat 3, left of the lone
    seat 2, leads his strongest card AD; seat 2 ruffs, draws trumps and leads KS last, which
    seat 1's AS wins: the lost trick moves from first to last (1 point either way)."""
    off = play(Rules(), LONE, "9H", a=LONE_A)
    check(off, maker=2, alone=1, discard=card("9S"), leader=1, tricks0=4, points0=1)
    assert bidding(off) == [("PASS1", 1, 0), ("ORDER", 2, H), ("DISCARD", 0, card("9S")),
                            ("ALONE", 2, 0)]
    assert tricks(off) == LONE_ELDEST

    on = play(Rules(lead="left_of_lone"), LONE, "9H", a=LONE_A)
    check(on, maker=2, alone=1, leader=3, tricks0=4, points0=1)
    assert tricks(on) == [
        "3:AD 1:9D 2:KH -> 2",
        "2:JH 3:TS 1:9C -> 2",
        "2:JD 3:QC 1:TC -> 2",
        "2:AH 3:KC 1:QS -> 2",
        "2:KS 3:AC 1:AS -> 1",
    ]


# The DEFEND hands with the two defenders swapped: seat 1 is weak (0 in hearts) and seat 3
# strong (20). Team 0 bids and goes alone at 8: seat 2 orders up alone, the dealer sits out;
# defenders are asked from the dealer's left: seat 1 declines, seat 3 defends alone, seat 1 sits
# out. Only seats 2 and 3 play.
BOTH_ALONE = (DEFEND[0], DEFEND[3], DEFEND[2], DEFEND[1])
BOTH_ALONE_A = "reference:bid_threshold=8,alone_threshold=8"


def test_lead_left_of_lone_with_two_lone_players() -> None:
    """Off (eldest): the first active seat from the dealer's left, the maker seat 2, leads his
    strongest card QH, and seat 3 overtakes it. On: with a lone maker and a lone defender, the
    lone defender (seat 3) leads. Seat 3 takes all five either way: 4 points."""
    rules = Rules(defender_alone=True)
    off = play(rules, BOTH_ALONE, "9H", a=BOTH_ALONE_A, b=DEFEND_B)
    check(off, maker=2, alone=1, defender=3, leader=2, tricks1=5, points1=4)
    assert tricks(off) == [
        "2:QH 3:KH -> 3",
        "3:JH 2:TH -> 3",
        "3:JD 2:KS -> 3",
        "3:AH 2:AC -> 3",
        "3:AS 2:AD -> 3",
    ]
    on = play(rules.with_options(lead="left_of_lone"), BOTH_ALONE, "9H", a=BOTH_ALONE_A,
              b=DEFEND_B)
    check(on, maker=2, alone=1, defender=3, leader=3, tricks1=5, points1=4)
    assert tricks(on) == [
        "3:JH 2:TH -> 3",
        "3:JD 2:QH -> 3",
        "3:AH 2:KS -> 3",
        "3:KH 2:AC -> 3",
        "3:AS 2:AD -> 3",
    ]


@pytest.mark.parametrize("mode", ["none", "give", "railroad", "railroad-refused"])
def test_partners_best(mode: str) -> None:
    """none: as with eldest lead above, 1 point. give (and railroad taken): the sitting-out
    dealer gives his strongest card, the 9H trump; seat 2 discards his weakest, KS, and marches
    alone: 4 points. railroad refused: nothing is passed, 1 point."""
    rules = Rules(partners_best=mode.split("-")[0])
    a = LONE_A + (",railroad_take=0" if mode == "railroad-refused" else "")
    rep = play(rules, LONE, "9H", a=a)
    given = [("GIVE", 0, card("9H")), ("LONE_DISCARD", 2, card("KS"))]
    head = [("PASS1", 1, 0), ("ORDER", 2, H), ("DISCARD", 0, card("9S")), ("ALONE", 2, 0)]
    if mode == "none":
        assert bidding(rep) == head
    elif mode == "give":
        assert bidding(rep) == head + given
    elif mode == "railroad":
        assert bidding(rep) == head + [("RAILROAD", 2, 1)] + given
    else:
        assert bidding(rep) == head + [("RAILROAD", 2, 0)]
    if mode in ("give", "railroad"):
        check(rep, tricks0=5, points0=4)
        assert tricks(rep) == LONE_GIVEN
    else:
        check(rep, tricks0=4, points0=1)
        assert tricks(rep) == LONE_ELDEST


# --------------------------------------------------------------------------------------------
# no_first_blood
# --------------------------------------------------------------------------------------------

# Up-card 9H, dealer 0. Seat 1 (JH JD AH KS QS, hearts 15) orders up at once; the dealer takes
# the 9H and discards TS.
NFB = ("KC QC KD QD TS", "JH JD AH KS QS", "AS 9C TC 9D TD", "KH QH TH AC AD")


def test_no_first_blood() -> None:
    """Off: seat 1 leads his right bower and draws trumps, but his KS later falls to seat 2's
    AS: team 1 takes 4 tricks, 1 point. On: he must lead a non-trump, KS; seat 2 covers it with
    the AS, but seat 3 (void in spades) ruffs with TH, and team 1 takes all five: 2 points."""
    off = play(Rules(), NFB, "9H")
    check(off, maker=1, discard=card("TS"), tricks1=4, points1=1)
    assert tricks(off) == [
        "1:JH 2:9C 3:TH 0:9H -> 1",
        "1:JD 2:9D 3:QH 0:QC -> 1",
        "1:AH 2:TC 3:KH 0:QD -> 1",
        "1:KS 2:AS 3:AC 0:KC -> 2",
        "2:TD 3:AD 0:KD 1:QS -> 3",
    ]
    on = play(Rules(no_first_blood=True), NFB, "9H")
    check(on, maker=1, tricks1=5, points1=2)
    assert tricks(on) == [
        "1:KS 2:AS 3:TH 0:QC -> 3",
        "3:KH 0:9H 1:AH 2:9C -> 1",
        "1:JH 2:9D 3:QH 0:QD -> 1",
        "1:JD 2:TC 3:AC 0:KC -> 1",
        "1:QS 2:TD 3:AD 0:KD -> 1",
    ]


def test_no_first_blood_leader_with_only_trumps() -> None:
    """A leader holding nothing but trumps may lead one: seat 1 here holds five hearts."""
    hands = ("KC QC KD QD TS", "JH JD AH KH QH", "AS 9C TC 9D TD", "TH AC AD KS QS")
    rep = play(Rules(no_first_blood=True), hands, "9H")
    assert tricks(rep)[0].startswith("1:JH")


# --------------------------------------------------------------------------------------------
# dealer_needs_trump
# --------------------------------------------------------------------------------------------

# Up-card 9H, dealer 0 with JD AC AS AD KC: no heart, but with the 9H he counts hearts 5 (left
# bower) + 2 + 2+2+2 = 13. Seats 1-3 are weak (best: seat 3 with spades 8) and pass throughout.
DNT = ("JD AC AS AD KC", "9C TC 9D TD QC", "9S TS QS TH QD", "KH QH KD KS JC")


def check_dnt_stuck_in_diamonds(rep) -> None:
    """The DNT deal when the dealer cannot take the 9H up: everyone passes twice, the stuck
    dealer names diamonds and his side marches (2 points)."""
    check(rep, round=2, passes=7, maker=0, trump=D, discard=-1, stuck=1, tricks0=5, points0=2)
    assert rep_names(rep)[:8] == ["PASS1"] * 4 + ["PASS2"] * 3 + ["CALL"]
    assert tricks(rep) == [
        "1:TD 2:QD 3:KD 0:AD -> 0",
        "0:JD 1:9D 2:9S 3:JC -> 0",
        "0:AS 1:9C 2:TS 3:KS -> 0",
        "0:AC 1:TC 2:TH 3:QH -> 0",
        "0:KC 1:QC 2:QS 3:KH -> 0",
    ]


def test_dealer_needs_trump() -> None:
    """Off: the dealer takes up hearts, discards KC, and his side takes 4 tricks: 1 point.
    On: he may not take up (no card of the printed suit hearts; the left bower JD does not
    count) and passes; in round 2 he names diamonds (JD 6 + AD 4 + AC 2 + AS 2 = 14) and his
    side marches: 2 points."""
    off = play(Rules(), DNT, "9H")
    check(off, round=1, passes=3, maker=0, trump=H, discard=card("KC"), stuck=0, tricks0=4,
          points0=1)
    assert tricks(off) == [
        "1:QC 2:TH 3:JC 0:AC -> 2",
        "2:QS 3:KS 0:AS 1:9C -> 0",
        "0:JD 1:9D 2:9S 3:QH -> 0",
        "0:9H 1:TC 2:TS 3:KH -> 3",
        "3:KD 0:AD 1:TD 2:QD -> 0",
    ]
    on = play(Rules(dealer_needs_trump=True), DNT, "9H")
    check_dnt_stuck_in_diamonds(on)


# --------------------------------------------------------------------------------------------
# deck
# --------------------------------------------------------------------------------------------


def test_deck_25_joker_beats_the_right_bower() -> None:
    """The no_first_blood position (24 cards: seat 1 leads the right bower and wins) with seat
    2's 9C swapped for the joker (25 cards): seat 2 must follow the trump lead with the joker,
    which wins the trick; seat 2 then leads AS, ruffed by seat 3."""
    off = play(Rules(deck=24), NFB, "9H")
    assert tricks(off)[0] == "1:JH 2:9C 3:TH 0:9H -> 1"
    hands = (NFB[0], NFB[1], NFB[2].replace("9C", "Jk"), NFB[3])
    on = play(Rules(deck=25), hands, "9H")
    check(on, maker=1, tricks0=1, tricks1=4, points1=1)
    assert tricks(on) == [
        "1:JH 2:Jk 3:TH 0:9H -> 2",
        "2:AS 3:QH 0:QC 1:QS -> 3",
        "3:KH 0:QD 1:AH 2:9D -> 1",
        "1:JD 2:TC 3:AC 0:KC -> 1",
        "1:KS 2:TD 3:AD 0:KD -> 1",
    ]


# Up-card 9D, dealer 0. All pass round 1 (best: the dealer's diamonds 8); in round 2 seat 1
# has clubs 11 (AC 4 KC 3 QC 2 AS 2) and passes, seat 2 passes, seat 3 (JH AH KH QH TS) names
# hearts (15). Seat 1 leads AS; the dealer, last to play, is void in spades.
DECK32_24 = ("TC 9C JC TD AD", "AS KS AC KC QC", "9S TH 9H QD KD", "JH AH KH QH TS")


def test_deck_32_seven_of_trump_ruffs() -> None:
    """24 cards: the dealer has no trump and throws 9C; seat 1's AS wins, and team 1 marches
    (2 points). 32 cards, the dealer holding the 7H instead of TD: he ruffs the AS with the 7H
    (the lowest trump still beats an ace), the march is spoiled: 1 point."""
    off = play(Rules(deck=24), DECK32_24, "9D")
    check(off, round=2, passes=6, maker=3, trump=H, tricks1=5, points1=2)
    assert tricks(off) == [
        "1:AS 2:9S 3:TS 0:9C -> 1",
        "1:AC 2:9H 3:QH 0:TC -> 3",
        "3:JH 0:TD 1:QC 2:TH -> 3",
        "3:AH 0:JC 1:KC 2:QD -> 3",
        "3:KH 0:AD 1:KS 2:KD -> 3",
    ]
    hands = ("7H TC 9C JC AD",) + DECK32_24[1:]
    on = play(Rules(deck=32), hands, "9D")
    check(on, round=2, maker=3, trump=H, tricks0=1, tricks1=4, points1=1)
    assert tricks(on) == [
        "1:AS 2:9S 3:TS 0:7H -> 0",
        "0:AD 1:QC 2:QD 3:QH -> 3",
        "3:JH 0:9C 1:KC 2:9H -> 3",
        "3:AH 0:TC 1:KS 2:TH -> 3",
        "3:KH 0:JC 1:AC 2:KD -> 3",
    ]


def test_deck_33_joker_turned_up() -> None:
    """33 cards, the joker turned up: no bidding; the dealer names trump blind, before looking
    at his hand (RULES.md), and the reference script always names clubs. His hand happens to
    suit it (JC 6 + JS 5 + AC 4 + 7C 2 = 17): he takes the joker, discards 8D and, at
    17 + 7 = 24 >= 20, goes alone. He wins all five tricks: 4 points."""
    hands = ("JC JS AC 7C 8D", "KC 8C AH KH QH", "AD KD QD TD 9D", "AS KS QS 7S 8S")
    rep = play(Rules(deck=33), hands, "Jk")
    check(rep, round=1, passes=0, maker=0, trump=C, discard=card("8D"), alone=1, leader=1,
          tricks0=5, points0=4)
    assert bidding(rep) == [("JOKER_TRUMP", 0, C), ("DISCARD", 0, card("8D")), ("ALONE", 0, 0)]
    assert tricks(rep) == [
        "1:KC 3:7S 0:AC -> 0",
        "0:Jk 1:8C 3:8S -> 0",
        "0:JC 1:QH 3:QS -> 0",
        "0:JS 1:KH 3:KS -> 0",
        "0:7C 1:AH 3:AS -> 0",
    ]


# --------------------------------------------------------------------------------------------
# redeal
# --------------------------------------------------------------------------------------------


def assert_redealt(rep: DealReplay, caller: int, preset: tuple[str, ...]) -> None:
    """The first event is the caller's redeal, and the hands that stood are new ones."""
    assert rep.trace[0] == (1, caller, 0)
    assert rep.record["redeals"] >= 1
    assert sum(k == 1 for k, _, _ in rep.trace) == rep.record["redeals"]
    dealt = [rep.record[f"hand{p}"] for p in range(4)]
    assert dealt != [parse_hand(h) for h in preset]


def test_redeal_ace_no_face() -> None:
    """In the no_first_blood position seat 2 holds AS 9C TC 9D TD: one ace, no K, Q or J.
    Off (or when he does not want one): the deal stands, team 1 makes hearts, 1 point. On, with
    team 0 calling whenever eligible: seat 2 calls a redeal, the dealer shuffles again."""
    off = play(Rules(), NFB, "9H", a="reference:call_redeal=1")
    check(off, redeals=0, maker=1, points1=1)
    keep = play(Rules(redeal="ace_no_face"), NFB, "9H")
    check(keep, redeals=0, maker=1, points1=1)
    on = play(Rules(redeal="ace_no_face"), NFB, "9H", a="reference:call_redeal=1", seed=3)
    assert_redealt(on, 2, NFB)


# The Canadian position with seat 1's QC and the dealer's 9S swapped: seat 1 holds
# 9C TC 9D TD 9S, nothing above a ten. Seat 2 still orders up hearts (19); the dealer discards
# TS. Seat 1 leads TD: the makers take 4 tricks, 1 point.
NINES = ("QC TS QS KS QD", "9C TC 9D TD 9S", "JH JD AH AC AS", "KH QH TH KC KD")


def test_redeal_nines_and_tens() -> None:
    """Off: the deal is played (1 point to team 0). On, team 1 calling whenever eligible: seat
    1 calls a redeal before any bidding."""
    off = play(Rules(), NINES, "9H", b="reference:call_redeal=1")
    check(off, redeals=0, maker=2, discard=card("TS"), tricks0=4, points0=1)
    assert tricks(off) == [
        "1:TD 2:AH 3:KD 0:QD -> 2",
        "2:JH 3:TH 0:9H 1:9C -> 2",
        "2:JD 3:QH 0:QC 1:9D -> 2",
        "2:AS 3:KH 0:QS 1:9S -> 3",
        "3:KC 0:KS 1:TC 2:AC -> 2",
    ]
    on = play(Rules(redeal="nines_and_tens"), NINES, "9H", b="reference:call_redeal=1", seed=5)
    assert_redealt(on, 1, NINES)


# --------------------------------------------------------------------------------------------
# farmers_hand
# --------------------------------------------------------------------------------------------

# Up-card 9H, dealer 0, kitty AH KH QH. Seat 1 holds 9C TC 9D JH JD: three low cards.
FARMER = ("JS KS AS AD TH", "9C TC 9D JH JD", "AC KC QC JC TD", "9S TS QS KD QD")


def test_farmers_hand() -> None:
    """Off: seat 1 has hearts 11 and passes; everyone passes round 1 (the dealer has hearts
    8); in round 2 seat 1 names diamonds (JD 6 + JH 5 + 9D 2 = 13) and takes 3 tricks: 1 point.
    On (team 1 exchanges): seat 1 gives 9C TC 9D for AH KH QH, holds the five top hearts
    (20): orders up and goes alone, the dealer discards JS, and seat 1 marches: 4 points."""
    b = "reference:farmer_exchange=1"
    off = play(Rules(), FARMER, "9H", b=b, kitty="AH KH QH")
    check(off, farmer=-1, round=2, passes=4, maker=1, trump=D, tricks1=3, points1=1)
    assert tricks(off) == [
        "1:JD 2:TD 3:QD 0:AD -> 1",
        "1:JH 2:JC 3:KD 0:TH -> 1",
        "1:9D 2:QC 3:9S 0:JS -> 1",
        "1:TC 2:KC 3:TS 0:KS -> 2",
        "2:AC 3:QS 0:AS 1:9C -> 2",
    ]
    on = play(Rules(farmers_hand=True), FARMER, "9H", b=b, kitty="AH KH QH")
    check(on, farmer=1, round=1, passes=0, maker=1, trump=H, discard=card("JS"), alone=1,
          tricks1=5, points1=4, hand1=parse_hand(FARMER[1]))
    assert bidding(on)[:5] == [("FARMER", 1, card("9C")), ("FARMER", 1, card("TC")),
                               ("FARMER", 1, card("9D")), ("ORDER", 1, H),
                               ("DISCARD", 0, card("JS"))]
    assert tricks(on) == [
        "1:JH 2:TD 0:9H -> 1",
        "1:JD 2:JC 0:TH -> 1",
        "1:AH 2:QC 0:KS -> 1",
        "1:KH 2:KC 0:AD -> 1",
        "1:QH 2:AC 0:AS -> 1",
    ]
    # The option on, but nobody wants to exchange: the same as off.
    keep = play(Rules(farmers_hand=True), FARMER, "9H", kitty="AH KH QH")
    assert keep.record == off.record and keep.trace == off.trace


# farmers_hand = strict (RULES.md 3.1). 32 cards, up-card JH, dealer 0, kitty AH KH QH. Seat 1
# holds three low cards (7C 8C 9H) but not three nines or three tens; seat 2 three tens, the
# dealer three nines. Both teams exchange whenever asked.
STRICT = ("9C 9D 9S KS QD", "7C 8C 9H JD AS", "TC TD TS AC AD", "JS KC QC KD TH")
EXCHANGE = "reference:farmer_exchange=1"


def test_farmers_hand_strict() -> None:
    """true: seat 1 (7C 8C 9H: three low cards) is the first eligible; he gives them for
    AH KH QH and the step ends. He orders up hearts (JD 5 + AH 4 + KH 3 + QH 2 + AS 2 = 16),
    the dealer takes the JH and discards 9C. The dealer's JH beats seat 1's lead JD, then
    seat 1 takes AS over KS and draws with AH, KH, QH: 4 tricks, 1 point to team 1.
    strict: 7s and 8s do not count and seat 1 has one nine: he is not asked. Seat 2 gives his
    tens for AH KH QH, seat 3 is not eligible, the dealer gives his nines for the tens seat 2
    put down. Seat 1 passes (9H 2 + JD 5 + AS 2 = 9), seat 2 orders up (AH 4 + KH 3 + QH 2 +
    AC 2 + AD 2 = 13), the dealer discards TC. Seat 1 leads JD: seat 2 cannot beat it and
    plays QH, the dealer wins with JH; the dealer's KS is ruffed by seat 2 (KH over the AS),
    who then runs AH, AD, AC: a march, 2 points to team 0."""
    one = play(Rules(deck=32, farmers_hand=True), STRICT, "JH", a=EXCHANGE, b=EXCHANGE,
               kitty="AH KH QH")
    check(one, farmer=1, round=1, passes=0, maker=1, trump=H, discard=card("9C"), tricks1=4,
          points1=1)
    assert bidding(one) == [("FARMER", 1, card("7C")), ("FARMER", 1, card("8C")),
                            ("FARMER", 1, card("9H")), ("ORDER", 1, H),
                            ("DISCARD", 0, card("9C"))]
    assert tricks(one) == [
        "1:JD 2:TC 3:TH 0:JH -> 0",
        "0:KS 1:AS 2:TS 3:JS -> 1",
        "1:AH 2:TD 3:QC 0:9D -> 1",
        "1:KH 2:AC 3:KC 0:9S -> 1",
        "1:QH 2:AD 3:KD 0:QD -> 1",
    ]
    strict = play(Rules(deck=32, farmers_hand="strict"), STRICT, "JH", a=EXCHANGE,
                  b=EXCHANGE, kitty="AH KH QH")
    check(strict, farmer=2, round=1, passes=1, maker=2, trump=H, discard=card("TC"),
          tricks0=5, points0=2, hand0=parse_hand(STRICT[0]), hand2=parse_hand(STRICT[2]))
    assert bidding(strict) == [
        ("FARMER", 2, card("TC")), ("FARMER", 2, card("TD")), ("FARMER", 2, card("TS")),
        ("FARMER", 0, card("9C")), ("FARMER", 0, card("9D")), ("FARMER", 0, card("9S")),
        ("PASS1", 1, 0), ("ORDER", 2, H), ("DISCARD", 0, card("TC")),
    ]
    assert tricks(strict) == [
        "1:JD 2:QH 3:TH 0:JH -> 0",
        "0:KS 1:AS 2:KH 3:JS -> 2",
        "2:AH 3:QC 0:TD 1:9H -> 2",
        "2:AD 3:KD 0:QD 1:7C -> 2",
        "2:AC 3:KC 0:TS 1:8C -> 2",
    ]
    # strict, but nobody wants to exchange: the same as without the option.
    keep = play(Rules(deck=32, farmers_hand="strict"), STRICT, "JH", kitty="AH KH QH")
    off = play(Rules(deck=32), STRICT, "JH", kitty="AH KH QH")
    assert keep.record == off.record and keep.trace == off.trace


# mcevoy_limit (RULES.md 3.1): whole games, 32 cards (a McEvoy hand of 7s to 10s in about one
# deal of eleven), redeal = nines_and_tens, every player calling whenever he may.
MCEVOY = Rules(deck=32, redeal="nines_and_tens")
CALLER = {"call_redeal": 1}


def mcevoy_games(rules: Rules, seed: int, games: int) -> list[tuple[dict, list]]:
    """Each game's record and its McEvoy calls ``(deal number, seat)`` in order, from the
    reference engine's traces, after checking that the kernel plays the same games."""
    (grecs, drecs), = list(iter_game_chunks(rules, Matchup.of("reference:call_redeal=1"),
                                            games, seed=seed, with_deals=True))
    out = []
    for g in range(games):
        traces: list = []
        game, deals = reference.play_game(seed, g, rules, ("reference", "reference"),
                                          (CALLER, CALLER), traces=traces)
        assert list(grecs[g]) == [game[k] for k in L.GAME_FIELDS]
        mine = drecs[drecs[:, L.GD_GAME] == g, L.GD_RECORD:].tolist()
        assert mine == [[d[f] for f in L.RECORD_FIELDS] for d in deals]
        calls = [(n, seat) for n, t in enumerate(traces) for kind, seat, _ in t
                 if kind == L.EV_REDEAL]
        out.append((game, calls, deals))
    return out


def test_mcevoy_limit_one_call_per_player_per_game() -> None:
    """Game 19 of seed 6. Without the limit seat 1 calls a redeal in deal 0 and again in deal
    5; team 0 wins 10-6 after 11 deals. With it, seat 1's second McEvoy hand (deal 5) stands
    (it is dealt as before: deal 5's stream is the same) and is played, which changes the
    rest of the game: team 1 wins 11-9 after 15 deals. Over 20 games nobody calls twice in a
    game with the limit, and each game is the one without it up to the first call the limit
    bars (three games have one)."""
    free = mcevoy_games(MCEVOY, 6, 20)
    limited = mcevoy_games(MCEVOY.with_options(mcevoy_limit=True), 6, 20)
    game, calls, _ = free[19]
    assert calls == [(0, 1), (5, 1)]
    assert (game["winner"], game["score0"], game["score1"], game["deals"]) == (0, 10, 6, 11)
    game, calls, deals = limited[19]
    assert calls == [(0, 1)]
    assert (game["winner"], game["score0"], game["score1"], game["deals"]) == (1, 9, 11, 15)
    hand1 = deals[5]["hand1"]
    assert deals[5]["redeals"] == 0 and all(c % 8 <= RANK_10 for c in reference.bits(hand1))
    repeats = 0
    for (g_free, f, _), (g_lim, lim, _) in zip(free, limited, strict=True):
        seats = [s for _, s in lim]
        assert len(seats) == len(set(seats))
        # the games are the same up to the first call the limit bars
        j = next((i for i, (_, s) in enumerate(f) if s in {t for _, t in f[:i]}), len(f))
        assert lim[:j] == f[:j]
        assert j < len(f) or (lim, g_lim) == (f, g_free)
        repeats += j < len(f)
    assert repeats == 3  # games 0 (seat 3 in deals 2 and 10) and 2 (seat 1 in 1 and 4) too


def test_mcevoy_limit_changes_no_single_deal() -> None:
    """Outside a game there is no limit: single deals (deal mode) are the same with it."""
    spec = "reference:call_redeal=1"
    free = replay_deals(MCEVOY, spec, None, 9, 0, 3000)
    limited = replay_deals(MCEVOY.with_options(mcevoy_limit=True), spec, None, 9, 0, 3000)
    assert [(r.record, r.trace) for r in free] == [(r.record, r.trace) for r in limited]
    # a seat calls twice within one deal's redeals: nothing bars him
    assert any(len(seats) > len(set(seats))
               for seats in ([s for k, s, _ in r.trace if k == L.EV_REDEAL] for r in free))


# --------------------------------------------------------------------------------------------
# The options of RULES.md section 3.1: lead = right_of_lone, lone_defence, hearts_never_trump,
# club_euchre
# --------------------------------------------------------------------------------------------

# Up-card 9C, dealer 0; AD QD TD are the kitty. Team 1 bids and goes alone at 11. Round 1
# (clubs) everyone passes: seat 1 QC 2, seat 2 JC 6, seat 3 TC KC AC 2+3+4 = 9 (< 11), the
# dealer with the 9C: JS 5 + 9C 2 + AS 2 + AH 2 = 11 (< 12). Round 2: seat 1 (JD JH KS 9S QC)
# has diamonds JD 6 + JH 5 = 11 and hearts JH 6 + JD 5 = 11: the tie goes to the lower suit,
# diamonds; he calls it and goes alone (11 >= 11); seat 3 sits out. Trumps left with the
# opponents: seat 2's KD and 9D. The dealer holds no trump, and AS is his strongest card.
RIGHT = ("AS AH JS KH QH", "JD JH KS 9S QC", "KD 9D TS QS JC", "TC KC AC 9H TH")
RIGHT_B = "reference:bid_threshold=11,alone_threshold=11"


def test_lead_right_of_lone() -> None:
    """Off (eldest): the loner (seat 1) leads, draws the two trumps with JD and JH, then must
    lead his KS into the dealer's AS, and his 9S and QC lose too: 2 tricks, euchred, 2 points
    to team 0. On (right_of_lone): seat 0, on the loner's right, leads the AS first, and the
    loner plays last to it: he throws the 9S and keeps the KS, which is then the best spade;
    he ruffs the AH with the JH, draws the 9D with the JD, and the KS wins: 3 tricks, 1 point
    (only the QC loses, to seat 2's last trump)."""
    off = play(Rules(), RIGHT, "9C", b=RIGHT_B)
    check(off, round=2, passes=4, maker=1, trump=D, alone=1, leader=1, tricks0=3, tricks1=2,
          points0=2, points1=0)
    assert tricks(off) == [
        "1:JD 2:9D 0:JS -> 1",
        "1:JH 2:KD 0:QH -> 1",
        "1:KS 2:TS 0:AS -> 0",
        "0:AH 1:9S 2:JC -> 0",
        "0:KH 1:QC 2:QS -> 0",
    ]
    on = play(Rules(lead="right_of_lone"), RIGHT, "9C", b=RIGHT_B)
    check(on, round=2, maker=1, trump=D, alone=1, leader=0, tricks0=2, tricks1=3, points0=0,
          points1=1)
    assert tricks(on) == [
        "0:AS 1:9S 2:TS -> 0",
        "0:AH 1:JH 2:JC -> 1",
        "1:JD 2:9D 0:JS -> 1",
        "1:KS 2:QS 0:QH -> 1",
        "1:QC 2:KD 0:KH -> 2",
    ]


def test_lead_right_of_lone_with_two_lone_players() -> None:
    """As with left_of_lone: with a lone maker and a lone defender the lone defender (seat 3)
    leads, not the maker's right-hand player (seat 1, who sits out as the defender's
    partner)."""
    rules = Rules(defender_alone=True, lead="right_of_lone")
    on = play(rules, BOTH_ALONE, "9H", a=BOTH_ALONE_A, b=DEFEND_B)
    check(on, maker=2, alone=1, defender=3, leader=3, tricks1=5, points1=4)
    assert tricks(on)[0] == "3:JH 2:TH -> 3"


def test_lone_defence_against_lone_maker() -> None:
    """The defender_alone position: seat 2 orders up with his partner. lone_defence = any:
    seat 1 defends alone and euchres the makers for 4. against_lone_maker: nobody is asked
    (seat 1 would have gone alone), the same five tricks with four players: 2 points."""
    any_ = play(Rules(defender_alone=True), DEFEND, "9H", a=DEFEND_A, b=DEFEND_B)
    check(any_, maker=2, alone=0, defender=1, tricks1=5, points1=4)
    rules = Rules(defender_alone=True, lone_defence="against_lone_maker")
    on = play(rules, DEFEND, "9H", a=DEFEND_A, b=DEFEND_B)
    check(on, maker=2, alone=0, defender=-1, leader=1, tricks0=0, tricks1=5, points0=0,
          points1=2)
    assert "DEFEND_ALONE" not in rep_names(on)
    assert tricks(on) == DEFEND_TRICKS


def test_lone_defence_against_lone_maker_still_defends_a_loner() -> None:
    """Against a lone maker (seat 2 orders up alone) seat 3 still defends alone under
    against_lone_maker, as under any: the same deal, 4 points either way."""
    for mode in ("any", "against_lone_maker"):
        rep = play(Rules(defender_alone=True, lone_defence=mode), BOTH_ALONE, "9H",
                   a=BOTH_ALONE_A, b=DEFEND_B)
        check(rep, maker=2, alone=1, defender=3, leader=2, tricks1=5, points1=4)


def test_lone_defence_asked_from_the_maker_s_left() -> None:
    """RULES.md 3.1: under against_lone_maker the defenders are asked from the maker's left.
    The DEFEND hands, seat 2 (dealer 0's partner) orders up alone, the dealer sits out, and
    both defenders would defend alone (threshold 0). lone_defence = any asks from the dealer's
    left: seat 1 (JH JD AH KH AS) goes alone, seat 3 sits out, and takes all five tricks
    against the lone QH TH: 4 points to team 1. against_lone_maker asks seat 3 first, on the
    maker's left: seat 3 (9C TC 9D TD QC, no trump) defends alone, seat 1 sits out, and the
    maker's QH TH AC AD KS take every trick: a lone march, 4 points to team 0."""
    b = "reference:bid_threshold=40,defend_alone_threshold=0"
    any_ = play(Rules(defender_alone=True), DEFEND, "9H", a=BOTH_ALONE_A, b=b)
    check(any_, maker=2, trump=H, alone=1, defender=1, tricks0=0, tricks1=5, points0=0,
          points1=4)
    rules = Rules(defender_alone=True, lone_defence="against_lone_maker")
    on = play(rules, DEFEND, "9H", a=BOTH_ALONE_A, b=b)
    check(on, maker=2, trump=H, alone=1, defender=3, tricks0=5, tricks1=0, points0=4,
          points1=0)
    assert ("DEFEND_ALONE", 3, 0) in on.events()
    assert not any(seat == 1 for kind, seat, _ in on.events() if kind == "PLAY")


def test_hearts_never_trump_round_1() -> None:
    """The dealer_needs_trump position (up-card 9H): off, the dealer takes up hearts, 1 point.
    On: nobody may take a heart up-card; the four pass, and round 2 goes as in the
    dealer_needs_trump test (the others are weak): the stuck dealer names diamonds (JD 6 + AD
    4 + AC 2 + AS 2 = 14) and marches: 2 points."""
    off = play(Rules(), DNT, "9H")
    check(off, round=1, maker=0, trump=H, points0=1)
    on = play(Rules(hearts_never_trump=True), DNT, "9H")
    check_dnt_stuck_in_diamonds(on)


def test_hearts_never_trump_round_2() -> None:
    """The deck-32 position in 24 cards (up-card 9D): off, seat 3 names hearts in round 2
    (JH AH KH QH: 15) and team 1 marches, 2 points. On: he may not name hearts; his best
    other suit is worth 4 (spades TS 2 + AH 2), he passes, and the stuck dealer names clubs
    (JC 6 + TC 2 + 9C 2 + AD 2 = 12; JS, the left bower, is in the kitty). Seat 1's AC draws
    the dealer's JC, and team 1 takes the other four tricks: the dealer is euchred, 2 points
    to team 1 again, but from the other side of the table."""
    off = play(Rules(), DECK32_24, "9D")
    check(off, round=2, maker=3, trump=H, tricks1=5, points1=2)
    on = play(Rules(hearts_never_trump=True), DECK32_24, "9D")
    check(on, round=2, passes=7, maker=0, trump=C, stuck=1, tricks0=1, tricks1=4, points0=0,
          points1=2)
    assert rep_names(on)[:8] == ["PASS1"] * 4 + ["PASS2"] * 3 + ["CALL"]
    assert tricks(on) == [
        "1:AC 2:9H 3:TS 0:JC -> 0",
        "0:TC 1:QC 2:9S 3:JH -> 1",
        "1:KC 2:TH 3:QH 0:9C -> 1",
        "1:AS 2:QD 3:KH 0:TD -> 1",
        "1:KS 2:KD 3:AH 0:AD -> 1",
    ]


# The no_first_blood hands with the JC turned up (the 9H, 9S and JS are the kitty). Round 1
# (clubs) all pass: seat 1 AH 2, seat 2 9C TC AS 2+2+2 = 6, seat 3 AC 4 + AD 2 = 6, the dealer
# with the JC: JC 6 + KC 3 + QC 2 = 11 (< 12). In round 2 seat 1 names hearts (JH 6 + JD 5 +
# AH 4 = 15).
CLUB = NFB


def test_club_euchre() -> None:
    """Off: seat 1 names hearts in round 2, draws trumps with JH JD AH, loses KS to seat 2's
    AS, and seat 3's AD takes the last trick: team 1 makes 4 tricks, 1 point. On: the JC is a
    club, so the dealer's side must take it: no bidding, clubs trump, the dealer picks up the
    JC and discards his weakest card TS (strength 11: not alone). Seat 1 leads his AH, seat 2
    ruffs with 9C, the dealer over-ruffs with QC, then JC and KC draw the trumps: 3 tricks
    for the dealer's side, 1 point to team 0."""
    off = play(Rules(), CLUB, "JC")
    check(off, round=2, passes=4, maker=1, trump=H, discard=-1, tricks1=4, points1=1)
    assert tricks(off) == [
        "1:JH 2:9C 3:TH 0:TS -> 1",
        "1:JD 2:9D 3:QH 0:QC -> 1",
        "1:AH 2:TC 3:KH 0:QD -> 1",
        "1:KS 2:AS 3:AC 0:KC -> 2",
        "2:TD 3:AD 0:KD 1:QS -> 3",
    ]
    on = play(Rules(club_euchre=True), CLUB, "JC")
    check(on, round=1, passes=0, maker=0, trump=C, stuck=0, discard=card("TS"), alone=0,
          leader=1, tricks0=3, tricks1=2, points0=1, points1=0)
    assert bidding(on) == [("CLUB_EUCHRE", 0, C), ("DISCARD", 0, card("TS"))]
    assert tricks(on) == [
        "1:AH 2:9C 3:TH 0:QC -> 0",
        "0:JC 1:JD 2:TC 3:AC -> 0",
        "0:KC 1:JH 2:9D 3:QH -> 0",
        "0:KD 1:QS 2:TD 3:AD -> 3",
        "3:KH 0:QD 1:KS 2:AS -> 3",
    ]
    # Any other up-card is bid as usual: the no_first_blood deal is the same with the option.
    usual = play(Rules(), NFB, "9H")
    same = play(Rules(club_euchre=True), NFB, "9H")
    assert same.record == usual.record and same.trace == usual.trace


def test_club_euchre_dealer_may_go_alone() -> None:
    """The joker-deck loner position with the 9C turned up instead of the joker (32 cards):
    the dealer takes it and holds JC JS AC 9C 7C, strength in clubs 6 + 5 + 4 + 2 + 2 = 19,
    alone at 19 (team 0's alone_threshold); he discards 8D and marches alone: 4 points."""
    hands = ("JC JS AC 7C 8D", "KC 8C AH KH QH", "AD KD QD TD 9D", "AS KS QS 7S 8S")
    rep = play(Rules(deck=32, club_euchre=True), hands, "9C", a="reference:alone_threshold=19")
    check(rep, round=1, passes=0, maker=0, trump=C, discard=card("8D"), alone=1, leader=1,
          tricks0=5, points0=4)
    assert bidding(rep) == [("CLUB_EUCHRE", 0, C), ("DISCARD", 0, card("8D")), ("ALONE", 0, 0)]
    assert tricks(rep) == [
        "1:KC 3:7S 0:AC -> 0",
        "0:JC 1:8C 3:8S -> 0",
        "0:JS 1:QH 3:QS -> 0",
        "0:9C 1:KH 3:KS -> 0",
        "0:7C 1:AH 3:AS -> 0",
    ]


def test_club_euchre_overrides_dealer_needs_trump() -> None:
    """The right_of_lone position with default thresholds and dealer_needs_trump: the dealer
    (AS AH JS KH QH) holds no printed club. Off: he may not take the 9C; all pass twice (the
    best bids: seat 1 diamonds 11, seat 2 spades TS 2 + QS 2 + JC 5 = 9, seat 3 hearts 6)
    and, stuck, he names spades (JS 6 + AS 4 + AH 2 = 12). On: he must take the club anyway
    (nobody bids), and discards his weakest card QH (the JS is the left bower)."""
    off = play(Rules(dealer_needs_trump=True), RIGHT, "9C")
    check(off, round=2, passes=7, maker=0, trump=S, stuck=1, discard=-1)
    on = play(Rules(dealer_needs_trump=True, club_euchre=True), RIGHT, "9C")
    check(on, round=1, passes=0, maker=0, trump=C, stuck=0, discard=card("QH"), alone=0)
    assert bidding(on) == [("CLUB_EUCHRE", 0, C), ("DISCARD", 0, card("QH"))]


# chuck (RULES.md 3.1): the dealer (seat 0) is stuck holding the right bower of the turned-down
# ace of spades; the kitty holds the left bower and the K Q of spades. Everyone passes twice
# (bid_threshold 40: no hand rates that much).
CHUCK_DEAL = ("JS 9H 9D TD 9C", "AC KC QC TC TS", "AH KH QH JH TH", "AD KD QD JD 9S")
PASSER = "reference:bid_threshold=40"
CHUCKER = "reference:bid_threshold=40,chuck_threshold=10"


def test_chuck() -> None:
    """Without chuck the stuck dealer names his strongest suit but spades: clubs (JS, the left
    bower, 5 + 9C 2 = 7; diamonds 4, hearts 2). Seat 1 leads AC, the dealer's JS takes it;
    his 9C lead loses to TC and seat 1 runs KC, QC and TS: euchred, 2 points to team 1.
    With chuck he keeps the JS (his strongest card in spades; JS 6 + AS 4 = 10 rates the
    chuck_threshold), puts 9H 9D TD 9C down and takes AS JC KS QS: five trumps. Seat 1's TS
    lead loses to QS (9S follows) and the dealer runs JS, JC, AS, KS: a march, 2 points to
    team 0 (alone needs 20 on the 10 he chucked on)."""
    off = play(Rules(), CHUCK_DEAL, "AS", a=CHUCKER, b=PASSER, kitty="JC KS QS")
    check(off, round=2, passes=7, maker=0, trump=C, stuck=1, discard=-1, tricks1=4, points1=2)
    assert tricks(off) == [
        "1:AC 2:TH 3:9S 0:JS -> 0",
        "0:9C 1:TC 2:JH 3:JD -> 1",
        "1:KC 2:QH 3:QD 0:9D -> 1",
        "1:QC 2:KH 3:KD 0:9H -> 1",
        "1:TS 2:AH 3:AD 0:TD -> 1",
    ]
    on = play(Rules(chuck=True), CHUCK_DEAL, "AS", a=CHUCKER, b=PASSER, kitty="JC KS QS")
    check(on, round=2, passes=7, maker=0, trump=S, stuck=2, discard=-1, alone=0, tricks0=5,
          points0=2)
    assert bidding(on)[-1] == ("CHUCK", 0, card("JS"))
    shown = format_deal(on.record, on.trace)  # what `euchre-sim show` prints
    assert f"is stuck and chucks: keeps {format_card(card('JS'))}" in shown
    assert "spades are trump" in shown
    assert tricks(on) == [
        "1:TS 2:TH 3:9S 0:QS -> 0",
        "0:JS 1:TC 2:JH 3:JD -> 0",
        "0:JC 1:QC 2:QH 3:QD -> 0",
        "0:AS 1:KC 2:KH 3:KD -> 0",
        "0:KS 1:AC 2:AH 3:AD -> 0",
    ]
    # a dealer who would not chuck names clubs as without the option
    same = play(Rules(chuck=True), CHUCK_DEAL, "AS", a=PASSER, kitty="JC KS QS")
    assert same.record == off.record and same.trace == off.trace


def test_chuck_alone_and_no_chuck_into_hearts() -> None:
    """A chucking dealer may go alone like any maker, passed_cannot_go_alone or not (he did
    not pass in round 2): with alone_threshold 10 on the JS + AS he chucked on, the same five
    trumps make a lone march, 4 points. Under hearts_never_trump a turned-down heart cannot be
    chucked into: the same deal with hearts and spades swapped (AH turned down, the dealer
    holding the JH) is played as without chuck, the stuck dealer naming a suit."""
    alone = play(Rules(chuck=True, passed_cannot_go_alone=True), CHUCK_DEAL, "AS",
                 a=CHUCKER + ",alone_threshold=10", b=PASSER, kitty="JC KS QS")
    check(alone, stuck=2, trump=S, alone=1, tricks0=5, points0=4)
    swap = str.maketrans("HS", "SH")
    hearts = tuple(h.translate(swap) for h in CHUCK_DEAL)
    never = Rules(hearts_never_trump=True)
    on = play(never.with_options(chuck=True), hearts, "AH", a=CHUCKER, b=PASSER,
              kitty="JC KH QH")
    off = play(never, hearts, "AH", a=CHUCKER, b=PASSER, kitty="JC KH QH")
    assert on.record == off.record and on.trace == off.trace
    check(on, stuck=1, maker=0)


def test_chuck_by_the_scripted_model() -> None:
    """The scripted kind chucks when the trump weights of its kept card and the up-card reach
    round2.chuck_threshold (basic: right 6 + ace 4 = 10): 10 chucks, 10.5 names a suit."""
    passes = ",".join(f"round{r}.threshold.{s}=40" for r in (1, 2)
                      for s in ("eldest", "partner", "third", "dealer"))
    rules = Rules(chuck=True)
    deal = PresetDeal.of(CHUCK_DEAL, "AS", 0, rules, kitty="JC KS QS")
    for threshold, stuck in ((10, 2), (10.5, 1), (99, 1)):
        spec = f"basic:{passes},round2.chuck_threshold={threshold}"
        rep, = play_presets(rules, spec, spec, [deal], 0)
        assert rep.record["stuck"] == stuck
        assert (("CHUCK", 0, card("JS")) in rep.events()) == (stuck == 2)


# partner_may_go_alone (RULES.md 3.1): up-card 9H, dealer 0. Seat 1 (AH KH QH AS AC: hearts
# 4+3+2, two off aces 2+2 = 13) orders up at 12 but does not go alone (13 < 14); his partner
# seat 3 (JH JD TH AD KS: 6+5+2, AD 2 = 15) would (15 >= 14). The dealer takes the 9H and
# discards his 9C; team 1 holds six of the seven trumps.
PARTNER_DEAL = ("9C TC 9D TD 9S", "AH KH QH AS AC", "JC QC KC QD KD", "JH JD TH AD KS")
PARTNER_B = "reference:alone_threshold=14"


def test_partner_may_go_alone() -> None:
    """Off: seat 1 and seat 3 play together and take all five tricks: a march, 2 points. On:
    seat 1 declines, seat 3 goes alone (ALONE event of seat 3, value 2; the record's maker is
    still seat 1, alone = 2) and seat 1 sits out. Eldest of the active players, seat 2, leads
    his KD: AD takes it; JH draws the dealer's 9H, then JD, TH and KS (the AS sits out): a
    lone march, 4 points to team 1."""
    off = play(Rules(), PARTNER_DEAL, "9H", b=PARTNER_B)
    check(off, maker=1, trump=H, round=1, discard=card("9C"), alone=0, tricks1=5, points1=2)
    on = play(Rules(partner_may_go_alone=True), PARTNER_DEAL, "9H", b=PARTNER_B)
    check(on, maker=1, trump=H, round=1, discard=card("9C"), alone=2, leader=2, tricks1=5,
          points1=4, points0=0)
    assert bidding(on) == [("ORDER", 1, H), ("DISCARD", 0, card("9C")), ("ALONE", 3, 2)]
    assert not any(seat == 1 for kind, seat, _ in on.events() if kind == "PLAY")  # sits out
    assert tricks(on) == [
        "2:KD 3:AD 0:9D -> 3",
        "3:JH 0:9H 2:JC -> 3",
        "3:JD 0:9S 2:QC -> 3",
        "3:TH 0:TC 2:QD -> 3",
        "3:KS 0:TD 2:KC -> 3",
    ]
    assert "goes alone (the maker's partner: the maker sits out)" in format_deal(on.record,
                                                                                 on.trace)
    # a partner who would not go alone (the default 20) leaves the deal as without the option
    same = play(Rules(partner_may_go_alone=True), PARTNER_DEAL, "9H")
    assert same.record == play(Rules(), PARTNER_DEAL, "9H").record
    # the maker who goes alone himself is not followed by his partner's question
    maker = play(Rules(partner_may_go_alone=True), PARTNER_DEAL, "9H", b=PARTNER_B,
                 script={L.SC_ALONE + 1: 1})
    check(maker, maker=1, alone=1)
    assert [e for e in maker.events() if e[0] == "ALONE"] == [("ALONE", 1, 0)]


def test_partner_alone_with_lone_options() -> None:
    """The lone partner is the lone player for partner's best, the lead and lone defence.
    partners_best = give: the sitting-out maker (seat 1) gives his best card, AH, to seat 3,
    who discards his weakest, KS. lead = left_of_lone: the player left of seat 3 (the dealer)
    leads. lone_defence = against_lone_maker: the defenders are asked (seat 0 first, from the
    lone partner's left; defend_alone_threshold 99: nobody does). passed_cannot_go_alone does
    not bar seat 3: he did not pass (seat 1, eldest, ordered up first)."""
    rules = Rules(partner_may_go_alone=True, partners_best="give", lead="left_of_lone",
                  defender_alone=True, lone_defence="against_lone_maker",
                  passed_cannot_go_alone=True)
    on = play(rules, PARTNER_DEAL, "9H", b=PARTNER_B)
    check(on, maker=1, alone=2, defender=-1, leader=0, tricks1=5, points1=4)
    assert bidding(on) == [("ORDER", 1, H), ("DISCARD", 0, card("9C")), ("ALONE", 3, 2),
                           ("GIVE", 1, card("AH")), ("LONE_DISCARD", 3, card("KS"))]


def test_passed_partner_cannot_go_alone() -> None:
    """passed_cannot_go_alone bars the maker's partner who passed in the making round. Dealer
    2: seat 3 (eldest) is forced to pass, seat 0 passes, seat 1 orders up and declines alone;
    seat 3, who would go alone (15 >= 14), passed: under passed_cannot_go_alone he is not
    asked, and the makers play together."""
    script = {L.SC_ROUND1 + 3: 0}
    on = play(Rules(partner_may_go_alone=True), PARTNER_DEAL, "9H", dealer=2, b=PARTNER_B,
              script=script)
    check(on, maker=1, passes=2, alone=2)
    barred = play(Rules(partner_may_go_alone=True, passed_cannot_go_alone=True), PARTNER_DEAL,
                  "9H", dealer=2, b=PARTNER_B, script=script)
    check(barred, maker=1, passes=2, alone=0)
    assert not any(e[0] == "ALONE" for e in barred.events())


def test_partner_alone_by_the_scripted_model() -> None:
    """The scripted kind asks the maker's partner as a maker, by his own position's alone
    threshold (seat 3 is the third hand with dealer 0): 0 goes alone, 99 does not."""
    rules = Rules(partner_may_go_alone=True)
    script = [-1] * L.N_SCRIPT
    script[L.SC_ROUND1 + 1], script[L.SC_ALONE + 1] = 1, 0  # seat 1 orders up, not alone
    deal = PresetDeal.of(PARTNER_DEAL, "9H", 0, rules, script=script)
    for threshold, alone in ((0, 2), (99, 0)):
        spec = f"basic:alone.threshold.third={threshold}"
        rep, = play_presets(rules, spec, spec, [deal], 0)
        assert rep.record["alone"] == alone and rep.record["maker"] == 1
        assert (("ALONE", 3, 2) in rep.events()) == (alone == 2)


# --------------------------------------------------------------------------------------------
# no_trump (RULES.md 3.1, seed 000): in round 2 a player may call no trump
# --------------------------------------------------------------------------------------------

# Dealer 0; seat 1 (eldest) holds the four aces. The TD is turned up and everyone passes it
# (diamonds: seat 1 AD 4 + three off aces 6 = 10, seat 2 JD 6 + JH 5 = 11, seat 3 KD 3 + QD 2,
# the dealer TD 2: all below 12). With any trump the other side holds both bowers.
NT_DEAL = ("JC JS KC QC 9S", "AC AD AH AS 9C", "JD JH KH QS TS", "KD KS QD QH TC")
NT = 4


def test_no_trump() -> None:
    """Without no_trump seat 1 names his best suit in round 2, clubs (AC 4 + 9C 2 + three off
    aces 6 = 12), into the dealer's JC JS KC QC: one trick, euchred, 2 points to team 0. With
    no_trump his no-trump strength (four aces, 3 each) is 12 >= 9: he calls no trump, leads
    his aces (no trump suit: nothing but the led suit takes a trick, the jacks are plain) and
    takes four tricks, 1 point to team 1; the record's trump is 4 and `show` prints the call."""
    off = play(Rules(), NT_DEAL, "TD", kitty="9D 9H TH")
    check(off, round=2, passes=4, maker=1, trump=C, tricks1=1, points0=2, points1=0)
    on = play(Rules(no_trump=True), NT_DEAL, "TD", kitty="9D 9H TH")
    check(on, round=2, passes=4, maker=1, trump=NT, stuck=0, tricks1=4, points1=1, points0=0)
    assert bidding(on)[-1] == ("CALL", 1, NT)
    assert tricks(on) == [
        "1:AS 2:TS 3:KS 0:9S -> 1",
        "1:AH 2:JH 3:QH 0:JC -> 1",
        "1:AD 2:JD 3:QD 0:JS -> 1",
        "1:AC 2:QS 3:TC 0:QC -> 1",
        "1:9C 2:KH 3:KD 0:KC -> 0",
    ]
    assert "calls no trump" in format_deal(on.record, on.trace)


def test_no_trump_every_suit_loses() -> None:
    """The four-ace hand loses with every trump it may name (a script forces each call on
    seat 1) and wins with no trump; under no_trump a script's 5 forces the no-trump call on
    players who would not make it, and the option has no effect with 32 cards."""
    for suit in (C, H, S):
        rep = play(Rules(), NT_DEAL, "TD", kitty="9D 9H TH", script={L.SC_ROUND2 + 1: suit})
        check(rep, maker=1, trump=suit, points0=2)  # euchred
    forced = play(Rules(no_trump=True), NT_DEAL, "TD", kitty="9D 9H TH",
                  a="reference:no_trump_threshold=99", b="reference:no_trump_threshold=99",
                  script={L.SC_ROUND2 + 1: 5})
    check(forced, maker=1, trump=NT, points1=1)
    unforced = play(Rules(no_trump=True), NT_DEAL, "TD", kitty="9D 9H TH",
                    a="reference:no_trump_threshold=99", b="reference:no_trump_threshold=99")
    check(unforced, maker=1, trump=C)
    deck32 = play(Rules(no_trump=True, deck=32), NT_DEAL, "TD", kitty="9D 9H TH")
    plain = play(Rules(deck=32), NT_DEAL, "TD", kitty="9D 9H TH")
    assert deck32.record == plain.record and deck32.trace == plain.trace


def test_no_trump_stuck_dealer_and_alone() -> None:
    """The stuck dealer may call no trump too (stuck = 1), and a no-trump maker may go alone
    like any maker: the aces in the dealer's hand, nobody else bidding, alone_threshold 12 on
    the no-trump strength 12 he called on."""
    hands = (NT_DEAL[1], NT_DEAL[2], NT_DEAL[3], NT_DEAL[0])  # the aces to seat 0, the dealer
    passer = "reference:bid_threshold=40,no_trump_threshold=99"
    rep = play(Rules(no_trump=True), hands, "TD", kitty="9D 9H TH",
               a="reference:bid_threshold=40,alone_threshold=12", b=passer)
    check(rep, round=2, passes=7, maker=0, trump=NT, stuck=1, alone=1)
    assert rep.record["points0"] >= 1


def test_no_trump_by_the_scripted_model() -> None:
    """The scripted kind calls no trump when the hand counts round2.no_trump_tricks (basic:
    4; the four aces count 4); at 5 it names a suit (nobody orders up in round 1)."""
    passes = ",".join(f"round1.threshold.{s}=40" for s in ("eldest", "partner", "third",
                                                              "dealer"))
    for threshold, trump in ((4, NT), (5, C)):
        spec = f"basic:{passes},round2.no_trump_tricks={threshold}"
        deal = PresetDeal.of(NT_DEAL, "TD", 0, Rules(no_trump=True), kitty="9D 9H TH")
        rep, = play_presets(Rules(no_trump=True), spec, None, [deal])
        assert rep.record["maker"] == 1
        assert rep.record["trump"] == trump, threshold


# --------------------------------------------------------------------------------------------
# smitty (RULES.md 3.1): the eldest guesses the up-card's suit before the deal
# --------------------------------------------------------------------------------------------

# Up-card AS, dealer 0, the eldest seat 1 (JS JC 9D 9H TH: spades 6 + 5 = 11, no order at 12).
# Seats 2 and 3 have no spades; the dealer (KS QS TS 9S 9C) rates 13 in spades with the AS.
SMITTY_DEAL = ("KS QS TS 9S 9C", "JS JC 9D 9H TH", "AC KC QC AD KD", "AH KH QH JD QD")
SMITTY_KITTY = "TC TD JH"
SPADES_GUESS = "reference:smitty_guess=3"


def test_smitty() -> None:
    """Off: seats 1-3 pass, the dealer takes the AS up (13), discards 9C and plays AS KS QS
    TS 9S against the eldest's two bowers: JS and JC take tricks 1 and 2, the dealer ruffs
    seat 1's TH with the QS (seat 3 played the QH) and runs AS and KS: 3 tricks, 1 point to
    team 0.
    On, team 1 guessing spades: right, the eldest is the maker in spades, no bidding; he takes
    the AS and discards his weakest card, the 9D (9D and 9H alike, diamonds below hearts);
    JS, JC and AS draw the dealer's 9S TS QS: 3 tricks, 1 point to team 1. The dealer's KS
    ruffs the TH (seat 3's KH winning it) and his 9C wins the last trick, led alone."""
    off = play(Rules(), SMITTY_DEAL, "AS", b=SPADES_GUESS, kitty=SMITTY_KITTY)
    check(off, round=1, passes=3, maker=0, trump=S, stuck=0, discard=card("9C"), alone=0,
          tricks0=3, points0=1, points1=0)
    assert tricks(off) == [
        "1:JS 2:QC 3:JD 0:9S -> 1",
        "1:JC 2:KC 3:QD 0:TS -> 1",
        "1:TH 2:KD 3:QH 0:QS -> 0",
        "0:AS 1:9D 2:AC 3:KH -> 0",
        "0:KS 1:9H 2:AD 3:AH -> 0",
    ]
    on = play(Rules(smitty=True), SMITTY_DEAL, "AS", b=SPADES_GUESS, kitty=SMITTY_KITTY)
    check(on, round=1, passes=0, maker=1, trump=S, stuck=3, discard=card("9D"), alone=0,
          tricks1=3, points0=0, points1=1)
    assert bidding(on) == [("SMITTY", 1, S), ("DISCARD", 1, card("9D"))]
    assert tricks(on) == [
        "1:JS 2:QC 3:JD 0:9S -> 1",
        "1:JC 2:KC 3:QD 0:TS -> 1",
        "1:AS 2:KD 3:QH 0:QS -> 1",
        "1:TH 2:AC 3:KH 0:KS -> 0",
        "0:9C 1:9H 2:AD 3:AH -> 0",
    ]
    shown = format_deal(on.record, on.trace)  # what `euchre-sim show` prints
    assert "Smitty: eldest (1) guesses spades: right, spades are trump" in shown


def test_smitty_wrong_guess_is_the_standard_game() -> None:
    """A wrong guess (team 1's default, clubs) changes nothing but the SMITTY event before
    the bidding: the same record and, after it, the same trace as without the option."""
    off = play(Rules(), SMITTY_DEAL, "AS", kitty=SMITTY_KITTY)
    on = play(Rules(smitty=True), SMITTY_DEAL, "AS", kitty=SMITTY_KITTY)
    assert on.record == off.record
    assert on.trace == [(L.EV_SMITTY, 1, C)] + off.trace
    assert "guesses clubs: wrong, the bidding goes on" in format_deal(on.record, on.trace)
    # the eldest bids as usual after his failed guess: with bid_threshold 11 he orders up
    bold = SPADES_GUESS.replace("smitty_guess=3", "smitty_guess=1,bid_threshold=11")
    on = play(Rules(smitty=True), SMITTY_DEAL, "AS", b=bold, kitty=SMITTY_KITTY)
    check(on, round=1, passes=0, maker=1, trump=S, stuck=0, discard=card("9C"))
    assert bidding(on)[:2] == [("SMITTY", 1, D), ("ORDER", 1, S)]


# The eldest (seat 1: JS JC AH KH 9D) calls for the game on a right guess of spades: he takes
# the AS, discards the 9D, and with the three top trumps and AH KH against the dealer's three
# spades he takes all five tricks alone (seat 3 sits out).
SMITTY_ALONE = ("KS QS TS 9C TC", "JS JC AH KH 9D", "AC KC QC AD KD", "9S QH TH 9H QD")
SMITTY_CALLER = "reference:smitty_guess=3,smitty_alone=1"


def test_smitty_call_for_the_game() -> None:
    """The call for the game comes before the discard (ALONE value 3), the partner sits out,
    the eldest leads; a lone march scores 4 in a single deal (the record's stuck 3 and alone
    1 say it was a called game: in a whole game it wins the game, test below). The same
    call by the scripted model (smitty.guess, smitty.alone)."""
    rules = Rules(smitty=True)
    on = play(rules, SMITTY_ALONE, "AS", b=SMITTY_CALLER, kitty="TD JD JH")
    check(on, round=1, passes=0, maker=1, trump=S, stuck=3, discard=card("9D"), alone=1,
          leader=1, tricks1=5, points1=4)
    assert bidding(on) == [("SMITTY", 1, S), ("ALONE", 1, 3), ("DISCARD", 1, card("9D"))]
    assert tricks(on) == [
        "1:JS 2:QC 0:TS -> 1",
        "1:JC 2:KC 0:QS -> 1",
        "1:AS 2:KD 0:KS -> 1",
        "1:AH 2:AC 0:9C -> 1",
        "1:KH 2:AD 0:TC -> 1",
    ]
    assert "calls for the game" in format_deal(on.record, on.trace)
    deal = PresetDeal.of(SMITTY_ALONE, "AS", 0, rules, kitty="TD JD JH")
    rep, = play_presets(rules, "basic", "basic:smitty.guess=3,smitty.alone=1", [deal], 0)
    check(rep, maker=1, trump=S, stuck=3, alone=1, round=1, passes=0)
    assert rep.events()[:2] == [("SMITTY", 1, S), ("ALONE", 1, 3)]
    rep, = play_presets(rules, "basic", "basic:smitty.guess=2,smitty.alone=1", [deal], 0)
    assert rep.events()[0] == ("SMITTY", 1, H) and rep.record["stuck"] != 3  # wrong
    # a euchred call for the game scores as any loner's euchre, 2 (4 against a lone defender)
    weak = play(rules, STUCK, "9S", b=SMITTY_CALLER)  # seat 1: JC 9D TD 9H AS, up 9S
    check(weak, maker=1, trump=S, stuck=3, alone=1)
    assert weak.record["tricks1"] < 3 and weak.record["points0"] == 2


def test_smitty_with_other_options() -> None:
    """hearts_never_trump: no guess of hearts (a strategy's hearts guesses spades); club_euchre:
    a club turned up goes to the eldest's side when he guessed clubs, else to the dealer's."""
    rules = Rules(smitty=True, hearts_never_trump=True)
    on = play(rules, SMITTY_DEAL, "AS", b="reference:smitty_guess=2", kitty=SMITTY_KITTY)
    check(on, maker=1, trump=S, stuck=3)
    assert bidding(on)[0] == ("SMITTY", 1, S)
    clubs = Rules(club_euchre=True)
    off = play(clubs, SMITTY_DEAL, "TC", kitty="AS TD JH")
    check(off, round=1, passes=0, maker=0, trump=C, stuck=0)
    on = play(clubs.with_options(smitty=True), SMITTY_DEAL, "TC", kitty="AS TD JH")
    check(on, round=1, passes=0, maker=1, trump=C, stuck=3)
    on = play(clubs.with_options(smitty=True), SMITTY_DEAL, "TC", b=SPADES_GUESS,
              kitty="AS TD JH")
    assert on.record == off.record


def test_smitty_called_game_wins_the_game() -> None:
    """Whole games: a lone march on a called game (team 0 guesses spades and always calls)
    ends the game at once, its side's score becoming the target (the record's points: what it
    needed), in both engines."""
    rules = Rules(smitty=True)
    col = {f: i for i, f in enumerate(L.RECORD_FIELDS)}
    games = 400
    matchup = Matchup.of(SMITTY_CALLER, "reference")
    (grecs, drecs), = list(iter_game_chunks(rules, matchup, games, seed=9, with_deals=True))
    won, checked = [], 0
    for g in range(games):
        rows = drecs[drecs[:, L.GD_GAME] == g, L.GD_RECORD:]
        team = rows[:, col["maker"]] & 1
        mtricks = np.where(team == 1, rows[:, col["tricks1"]], rows[:, col["tricks0"]])
        called = ((rows[:, col["stuck"]] == 3) & (rows[:, col["alone"]] == 1)
                  & (mtricks == 5))
        if not called.any():
            continue
        assert called[-1] and called.sum() == 1  # the game ends with it
        t = team[-1]
        before = rows[:-1, col["points0"] + t].sum()
        assert rows[-1, col["points0"] + t] == 10 - before
        assert grecs[g, L.GR_WINNER] == t and grecs[g, L.GR_SCORE0 + t] == 10
        won.append(rows[-1, col["points0"] + t])
        if checked < 5:
            checked += 1
            game, deals = reference.play_game(9, g, rules, ("reference", "reference"),
                                              (get_strategy(SMITTY_CALLER).params, {}))
            assert list(grecs[g]) == [game[k] for k in L.GAME_FIELDS]
            assert rows.tolist() == [[d[f] for f in L.RECORD_FIELDS] for d in deals]
    assert len(won) > 10 and any(p != 4 for p in won), won
