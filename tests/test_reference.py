"""Unit tests of the pure-Python reference engine (``euchre_sim/oracle/engine.py``)."""

from __future__ import annotations

import math
import random
from itertools import combinations

import pytest
from conftest import eff_suit

from euchre_sim.game.cards import (
    JOKER,
    deck_cards,
    deck_mask,
    parse_card,
    parse_hand,
    rank_of,
    suit_of,
)
from euchre_sim.game.rules import RULESETS, Rules
from euchre_sim.oracle.engine import (
    RECORD_FIELDS,
    DealState,
    Rng,
    card_strength,
    deal_rng,
    game_rng,
    play_deal,
    play_game,
    score_deal,
    shuffle_and_deal,
    splitmix64,
)
from euchre_sim.oracle.strategies import decide, hand_strength

M64 = 2**64 - 1


# --------------------------------------------------------------------------------------------
# Random numbers, written again here from the formulas of docs/engine.md
# --------------------------------------------------------------------------------------------


def sm64_outputs(state: int, count: int) -> list[int]:
    """``count`` SplitMix64 outputs from ``state`` (independent transcription)."""
    outs = []
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) % 2**64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
        outs.append(z ^ (z >> 31))
    return outs


def xoshiro_outputs(s: list[int], count: int) -> list[int]:
    """``count`` xoshiro256** outputs from state ``s`` (independent transcription)."""
    s = list(s)

    def rotl(x: int, k: int) -> int:
        return ((x << k) % 2**64) | (x >> (64 - k))

    outs = []
    for _ in range(count):
        outs.append(rotl(s[1] * 5 % 2**64, 7) * 9 % 2**64)
        t = (s[1] << 17) % 2**64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
    return outs


def test_splitmix64_published_vector() -> None:
    state, out = splitmix64(0)
    assert out == 0xE220A8397B1DCDAF
    assert state == 0x9E3779B97F4A7C15
    assert sm64_outputs(0, 1) == [0xE220A8397B1DCDAF]
    # The next published outputs of SplitMix64 seeded with 0.
    assert sm64_outputs(0, 3)[1:] == [0x6E789E6AA1B965F4, 0x06C45D188009454F]
    x, outs = 12345, []
    for _ in range(20):
        x, out = splitmix64(x)
        outs.append(out)
    assert outs == sm64_outputs(12345, 20)


def test_xoshiro256starstar_vector() -> None:
    # Reference outputs of xoshiro256** from state (1, 2, 3, 4) (as in rand_xoshiro's tests).
    expected = [11520, 0, 1509978240, 1215971899390074240, 1216172134540287360,
                607988272756665600, 16172922978634559625, 8476171486693032832,
                10595114339597558777, 2904607092377533576]
    rng = Rng.from_state(1, 2, 3, 4)
    assert [rng.next() for _ in range(10)] == expected
    assert xoshiro_outputs([1, 2, 3, 4], 10) == expected


@pytest.mark.parametrize("seed", [0, 1, 7, 2**64 - 1, 0xDEADBEEFCAFEBABE])
def test_stream_seeding(seed: int) -> None:
    key = sm64_outputs(seed, 1)[0]
    stream = sm64_outputs(key, 4 * 6)  # splitmix positions 1 .. 24 from the key
    for index in range(6):
        rng = deal_rng(seed, index)
        assert rng.s == stream[4 * index: 4 * index + 4]  # positions 4i+1 .. 4i+4
        expected = xoshiro_outputs(stream[4 * index: 4 * index + 4], 5)
        assert [rng.next() for _ in range(5)] == expected
    game_key = sm64_outputs(seed ^ 0x5851F42D4C957F2D, 1)[0]
    # deal k of game g uses stream index g * 1024 + k
    x = (game_key + 4 * (3 * 1024 + 2) * 0x9E3779B97F4A7C15) % 2**64
    assert game_rng(seed, 3, 2).s == sm64_outputs(x, 4)
    assert game_rng(seed, 0).s == sm64_outputs(game_key, 4)
    # Large indices wrap modulo 2**64.
    big = 2**40 + 5
    x = (key + 4 * big * 0x9E3779B97F4A7C15) % 2**64
    assert deal_rng(seed, big).s == sm64_outputs(x, 4)


def test_below() -> None:
    rng = deal_rng(3, 9)
    raw = xoshiro_outputs(rng.s, 200)
    for k, n in enumerate([1, 2, 3, 4, 5, 6, 10, 24, 25, 33] * 20):
        value = rng.below(n)
        assert value == (raw[k] >> 32) * n >> 32
        assert 0 <= value < n


# --------------------------------------------------------------------------------------------
# Shuffle
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("deck", [24, 25, 32, 33])
def test_shuffle_is_the_contract_permutation(deck: int) -> None:
    for index in range(50):
        dealer = index % 4
        rng = deal_rng(99, index)
        twin = deal_rng(99, index)
        hands, up, kitty = shuffle_and_deal(rng, deck, dealer)
        # Independent transcription of step 1.
        cards = deck_cards(deck)
        n = len(cards)
        for k in range(24):
            i = n - 1 - k
            j = twin.below(i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        dealt = [cards[n - 1 - k] for k in range(24)]
        for p in range(4):
            assert hands[(dealer + 1 + p) % 4] == sum(1 << c for c in dealt[5 * p: 5 * p + 5])
        assert up == dealt[20] and kitty == dealt[21:24]
        # A permutation: 24 distinct cards of the deck.
        everything = hands + [1 << up] + [1 << c for c in kitty]
        union = 0
        for m in everything:
            assert union & m == 0
            union |= m
        assert bin(union).count("1") == 24 and union & ~deck_mask(deck) == 0
        assert rng.s == twin.s  # exactly 24 draws


def test_shuffle_up_card_is_uniform() -> None:
    counts = [0] * 33
    n = 12_000
    for index in range(n):
        _, up, _ = shuffle_and_deal(deal_rng(5, index), 24, index % 4)
        counts[up] += 1
    expected = n / 24
    chi2 = sum((counts[c] - expected) ** 2 / expected for c in deck_cards(24))
    assert chi2 < 60  # 23 degrees of freedom: p ~ 3e-5


# --------------------------------------------------------------------------------------------
# Helpers to set up and drive deals
# --------------------------------------------------------------------------------------------


def H(text: str) -> int:
    return parse_hand(text)


def C(text: str) -> int:
    return parse_card(text)


def make_state(rules: Rules, dealer: int, hands: dict[int, str], up: str,
               kitty: str | None = None) -> DealState:
    masks = [H(hands[p]) for p in range(4)]
    kitty_cards = None if kitty is None else [C(t) for t in kitty.split()]
    return DealState(rules, dealer, masks, C(up), kitty_cards)


def drive(st: DealState, script, rnd: random.Random | None = None) -> None:
    """Run to the end: ``script(st)`` returns an action or None (then a random legal action)."""
    rnd = rnd or random.Random(0)
    while not st.is_terminal():
        action = script(st)
        if action is None:
            action = rnd.choice(st.legal_actions())
        st.apply(action)


def run_until(st: DealState, script, stop) -> None:
    """Like drive, but stop as soon as ``stop(st)`` is true."""
    while not st.is_terminal() and not stop(st):
        action = script(st)
        st.apply(action if action is not None else st.legal_actions()[0])


def play_cards(st: DealState) -> list[int]:
    return [a[1] for a in st.legal_actions()]


# --------------------------------------------------------------------------------------------
# Degenerate deals and the scoring table
# --------------------------------------------------------------------------------------------

TOP_FIVE = "JH JD AH KH QH"  # hearts trump: right, left, A, K, Q (the top five in a 24-card deck)


def top_five_deal(rnd: random.Random, holder: int, rules: Rules) -> DealState:
    """Dealer 0, up-card 10 of hearts, ``holder`` has the top five hearts, the rest at random."""
    rest = [c for c in deck_cards(rules.deck) if not H(TOP_FIVE) >> c & 1 and c != C("TH")]
    rnd.shuffle(rest)
    hands = [0, 0, 0, 0]
    hands[holder] = H(TOP_FIVE)
    others = [p for p in range(4) if p != holder]
    for k, p in enumerate(others):
        hands[p] = sum(1 << c for c in rest[5 * k: 5 * k + 5])
    return DealState(rules, 0, hands, C("TH"), rest[15:18] if rules.deck == 24 else None)


@pytest.mark.parametrize("alone", [False, True])
def test_top_five_trumps_march(alone: bool) -> None:
    rnd = random.Random(1)
    for _ in range(100):
        st = top_five_deal(rnd, 1, Rules())

        def script(st: DealState) -> tuple | None:
            if st.phase == "round1":
                return ("order",)  # seat 1 (eldest) orders hearts
            if st.phase == "alone":
                return ("alone", alone)
            return None

        drive(st, script, rnd)
        rec = st.record()
        assert (rec["maker"], rec["trump"], rec["round"], rec["leader"]) == (1, 2, 1, 1)
        assert rec["tricks1"] == 5 and rec["winners"] == 0b0101010101
        assert st.points() == (0, 4 if alone else 2)


@pytest.mark.parametrize(
    "rules, defend_alone, maker_alone, expected",
    [
        (Rules(), False, False, 2),
        (Rules(), False, True, 2),
        (Rules(super_euchre=True), False, False, 4),
        (Rules(defender_alone=True), True, False, 4),
        (Rules(defender_alone=True), True, True, 4),
        (Rules(defender_alone=True, super_euchre=True), True, False, 4),  # not 8
        (Rules(defender_alone=True), False, False, 2),
    ],
)
def test_euchre_scores(rules: Rules, defend_alone: bool, maker_alone: bool, expected: int) -> None:
    rnd = random.Random(2)
    for _ in range(30):
        st = top_five_deal(rnd, 1, rules)  # seat 1 defends with the top five trumps

        def script(st: DealState) -> tuple | None:
            if st.phase == "round1":
                return ("pass",) if st.current_player() == 1 else ("order",)  # seat 2 orders
            if st.phase == "alone":
                return ("alone", maker_alone)
            if st.phase == "defend_alone":
                return ("defend", defend_alone and st.current_player() == 1)
            return None

        drive(st, script, rnd)
        rec = st.record()
        assert rec["maker"] == 2 and rec["tricks0"] == 0 and rec["tricks1"] == 5
        assert rec["defender"] == (1 if defend_alone else -1)
        assert rec["leader"] == 1
        assert st.points() == (0, expected)


def test_score_table() -> None:
    plain, super_, lone = Rules(), Rules(super_euchre=True), Rules(defender_alone=True)
    assert score_deal(plain, 3, False, False) == (1, 0)
    assert score_deal(plain, 4, True, False) == (1, 0)
    assert score_deal(plain, 5, False, False) == (2, 0)
    assert score_deal(plain, 5, True, False) == (4, 0)
    assert score_deal(plain, 5, True, True) == (4, 0)
    for m in (0, 1, 2):
        assert score_deal(plain, m, True, False) == (0, 2)
        assert score_deal(lone, m, False, True) == (0, 4)
        assert score_deal(super_, m, False, False) == (0, 4 if m == 0 else 2)
    assert score_deal(super_, 0, False, True) == (0, 4)


def test_thrown_in_without_stick_the_dealer() -> None:
    rules = Rules.named("tournament")
    st = top_five_deal(random.Random(3), 1, rules)
    drive(st, lambda st: ("pass",))
    rec = st.record()
    assert rec["thrown_in"] == 1 and rec["round"] == 0 and rec["passes"] == 8
    assert (rec["maker"], rec["trump"], rec["leader"], rec["discard"]) == (-1, -1, -1, -1)
    assert (rec["points0"], rec["points1"], rec["tricks0"], rec["tricks1"]) == (0, 0, 0, 0)
    assert st.trace == [(4, p, 0) for p in (1, 2, 3, 0)] + [(6, p, 0) for p in (1, 2, 3, 0)] + [
        (8, 0, 0)]


def test_stuck_dealer_must_call() -> None:
    st = top_five_deal(random.Random(4), 1, Rules())
    run_until(st, lambda st: ("pass",),
              lambda st: st.phase == "round2" and st.current_player() == 0)
    assert st.legal_actions() == [("call", 0), ("call", 1), ("call", 3)]
    st.apply(("call", 3))
    rec = st.record()
    assert (rec["stuck"], rec["round"], rec["passes"]) == (1, 2, 7)
    assert (rec["maker"], rec["trump"]) == (0, 3)


# --------------------------------------------------------------------------------------------
# Legal actions
# --------------------------------------------------------------------------------------------

LAYOUT_1 = {1: "AH AC 9D KS QS", 2: "JD 9C TD QD KC", 3: "TC JC QC KD AD", 0: "TH JH QH KH 9S"}
LAYOUT_2 = {1: "AH AC 9D KS QS", 2: "JD 9C KC TS JS", 3: "TC JC QC TD QD", 0: "TH JH QH KH 9S"}


def hearts_ordered_by_eldest(st: DealState) -> tuple | None:
    if st.phase == "round1":
        return ("order",)
    if st.phase == "discard":
        return ("discard", C("9S"))
    if st.phase == "alone":
        return ("alone", False)
    return None


def after_lead(layout: dict[int, str], lead: str, rules: Rules | None = None,
               kitty: str | None = None) -> DealState:
    """Seat 1 orders hearts (up-card 9H, dealer 0) and leads ``lead``; seat 2 is to play."""
    st = make_state(rules or Rules(), 0, layout, "9H", kitty)
    run_until(st, hearts_ordered_by_eldest, lambda st: st.phase == "play")
    assert st.current_player() == 1
    st.apply(("play", C(lead)))
    assert st.current_player() == 2
    return st


def cards_of(text: str) -> set[int]:
    return {C(t) for t in text.split()}


def test_must_follow_suit() -> None:
    assert set(play_cards(after_lead(LAYOUT_1, "AC"))) == cards_of("9C KC")
    assert set(play_cards(after_lead(LAYOUT_2, "AC"))) == cards_of("9C KC")


def test_left_bower_is_trump_not_its_printed_suit() -> None:
    # Diamond led: the jack of diamonds (left bower, hearts trump) does not follow diamonds.
    assert set(play_cards(after_lead(LAYOUT_1, "9D"))) == cards_of("TD QD")
    assert set(play_cards(after_lead(LAYOUT_2, "9D"))) == cards_of("JD 9C KC TS JS")
    # Trump led: the left bower must follow.
    assert play_cards(after_lead(LAYOUT_2, "AH")) == [C("JD")]


def test_joker_is_trump() -> None:
    rules = Rules(deck=25)
    layout = {1: "AH AC 9D KS QS", 2: "Jk 9C KC TS JS", 3: "TC JC QC TD QD", 0: "TH JH QH KH 9S"}
    kitty = "KD AD AS"
    assert play_cards(after_lead(layout, "AH", rules, kitty)) == [JOKER]
    assert set(play_cards(after_lead(layout, "9D", rules, kitty))) == cards_of("Jk 9C KC TS JS")
    # A led joker leads trump: the left bower and the hearts must follow.
    layout = {1: "Jk AC 9D KS QS", 2: "JD 9C KC TS JS", 3: "TH TC JC QC TD", 0: "AH JH QH KH 9S"}
    st = after_lead(layout, "Jk", rules, "KD AD AS QD")
    assert play_cards(st) == [C("JD")]
    st.apply(("play", C("JD")))
    assert play_cards(st) == [C("TH")]


def test_canonical_play_order_is_ascending_strength() -> None:
    st = after_lead(LAYOUT_2, "9D")
    keys = [card_strength(c, 2) for c in play_cards(st)]
    assert keys == sorted(keys)
    # 9C < TS < JS < KC (non-trumps by rank) < JD (left bower)
    assert play_cards(st) == [C(t) for t in "9C TS JS KC JD".split()]
    # Ties of rank are broken by suit id: 9C < 9D < 9H < 9S when spades... are not trump.
    ranks = [card_strength(C(t), 2) for t in "9C 9D 9S TC AC AD AS".split()]
    assert ranks == sorted(ranks)


def test_no_first_blood() -> None:
    rules = Rules(no_first_blood=True)
    st = make_state(rules, 0, LAYOUT_1, "9H")
    run_until(st, hearts_ordered_by_eldest, lambda st: st.phase == "play")
    assert set(play_cards(st)) == cards_of("AC 9D KS QS")  # not the AH
    only_trumps = {1: "AH JH QH KH 9H", 2: "JD 9C TD QD KC", 3: "TC JC QC KD AD",
                   0: "AC TH 9D KS 9S"}
    st = make_state(rules, 0, only_trumps, "QS")
    run_until(st, lambda st: ("pass",) if st.phase == "round1" else ("call", 2),
              lambda st: st.phase != "round1" and st.phase != "round2")
    run_until(st, lambda st: ("alone", False), lambda st: st.phase == "play")
    assert set(play_cards(st)) == cards_of("AH JH QH KH 9H")


def test_dealer_needs_trump() -> None:
    rules = Rules(dealer_needs_trump=True)
    # Dealer 0 holds the jack of diamonds (left bower of hearts) but no printed heart: barred.
    layout = {1: "AH AC 9D KS QS", 2: "TD QD KC 9C TC", 3: "JC QC KD TH JS", 0: "JD AS TS 9S AD"}
    st = make_state(rules, 0, layout, "9H")
    run_until(st, lambda st: ("pass",), lambda st: st.current_player() == 0)
    assert st.phase == "round1" and st.legal_actions() == [("pass",)]
    st.apply(("pass",))
    assert st.phase == "round2" and st.record()["passes"] == 4
    # With a printed heart he may take it up.
    layout = {1: "AH AC 9D KS QS", 2: "TD QD KC 9C TC", 3: "JC QC KD AD JS", 0: "JD TH JH QH 9S"}
    st = make_state(rules, 0, layout, "9H")
    run_until(st, lambda st: ("pass",), lambda st: st.current_player() == 0)
    assert st.legal_actions() == [("pass",), ("order",)]


def test_dealers_discard_never_the_up_card() -> None:
    st = make_state(Rules(), 0, LAYOUT_1, "9H")
    run_until(st, hearts_ordered_by_eldest, lambda st: st.phase == "discard")
    assert [a[1] for a in st.legal_actions()] == [C(t) for t in "9S TH QH KH JH".split()]


def test_canadian_loner() -> None:
    rules = Rules.named("canadian")
    st = make_state(rules, 0, LAYOUT_1, "9H")
    run_until(st, lambda st: ("pass",) if st.current_player() == 1 else ("order",),
              lambda st: st.phase not in ("round1",))
    assert st.phase == "defend_alone"  # no dealer's discard, no alone decision
    drive(st, lambda st: ("defend", False) if st.phase == "defend_alone" else None)
    rec = st.record()
    assert (rec["maker"], rec["alone"], rec["discard"], rec["leader"]) == (2, 1, -1, 1)
    assert st.trace[:3] == [(4, 1, 0), (5, 2, 2), (10, 2, 1)]
    assert all(seat != 0 for kind, seat, _ in st.trace if kind == 15)


def test_joker_turned_up() -> None:
    rules = Rules(deck=25)
    layout = {1: "AH AC 9D KS QS", 2: "JD 9C TD QD KC", 3: "TC JC QC KD AD", 0: "TH JH QH KH 9S"}
    st = make_state(rules, 0, layout, "Jk", "9H TS JS")
    assert st.phase == "joker_trump" and st.current_player() == 0
    assert st.legal_actions() == [("call", s) for s in range(4)]
    st.apply(("call", 2))
    assert st.phase == "discard"
    assert JOKER not in [a[1] for a in st.legal_actions()]
    drive(st, lambda st: None)
    rec = st.record()
    assert (rec["maker"], rec["trump"], rec["round"], rec["passes"]) == (0, 2, 1, 0)
    assert st.trace[0] == (3, 0, 2)


def test_farmers_hand() -> None:
    rules = Rules(farmers_hand=True)
    layout = {1: "9C TC 9D TD AS", 2: "JD QC TH QD KC", 3: "JC KD AD 9S TS", 0: "AH JH QH KH QS"}
    st = make_state(rules, 0, layout, "9H", "AC KS JS")
    assert (st.phase, st.current_player()) == ("farmer", 1)
    assert st.legal_actions() == [("keep",), ("exchange",)]
    st.apply(("exchange",))
    low = sorted(cards_of("9C TC 9D TD"))
    assert st.legal_actions() == [("kitty",) + c for c in combinations(low, 3)]
    st.apply(("kitty", C("9C"), C("TC"), C("9D")))
    assert st.phase == "round1"  # at most one exchange: seat 3 (9S TS only two) not asked
    assert st.hands[1] == H("TD AS AC KS JS")
    assert st.trace == [(2, 1, C("9C")), (2, 1, C("TC")), (2, 1, C("9D"))]
    drive(st, lambda st: None)
    rec = st.record()
    assert rec["farmer"] == 1 and rec["hand1"] == H("9C TC 9D TD AS")


@pytest.mark.parametrize("mode", ["give", "railroad"])
def test_partners_best(mode: str) -> None:
    rules = Rules(partners_best=mode)
    st = make_state(rules, 0, LAYOUT_1, "9H")
    run_until(st, lambda st: ("alone", True) if st.phase == "alone" else
              hearts_ordered_by_eldest(st), lambda st: st.phase not in (
                  "round1", "discard", "alone"))
    if mode == "railroad":
        assert (st.phase, st.current_player()) == ("railroad", 1)
        assert st.legal_actions() == [("railroad", False), ("railroad", True)]
        st.apply(("railroad", True))
    assert (st.phase, st.current_player()) == ("give", 3)
    assert [a[1] for a in st.legal_actions()] == [C(t) for t in "TC JC QC KD AD".split()]
    st.apply(("give", C("AD")))
    assert (st.phase, st.current_player()) == ("lone_discard", 1)
    six = [a[1] for a in st.legal_actions()]
    assert set(six) == cards_of("AH AC 9D KS QS AD")
    st.apply(("discard", C("AD")))  # may discard the received card
    assert st.phase == "play" and st.current_player() == 1
    assert st.hands[1] == H(LAYOUT_1[1])


def test_railroad_refused() -> None:
    st = make_state(Rules(partners_best="railroad"), 0, LAYOUT_1, "9H")
    run_until(st, lambda st: ("alone", True) if st.phase == "alone" else
              hearts_ordered_by_eldest(st), lambda st: st.phase == "railroad")
    st.apply(("railroad", False))
    assert st.phase == "play"
    assert st.trace[-1] == (12, 1, 0)


def test_lead_left_of_lone() -> None:
    rules = Rules(lead="left_of_lone", defender_alone=True)
    # Maker seat 3 alone (partner seat 1, the eldest, sits out): seat 0 leads.
    for maker_alone, defender, leader in [(True, -1, 0), (True, 2, 2), (False, 0, 1),
                                          (False, -1, 1)]:
        st = make_state(rules, 0, LAYOUT_1, "9H")

        def script(st: DealState, maker_alone=maker_alone, defender=defender) -> tuple | None:
            if st.phase == "round1":
                return ("order",) if st.current_player() == 3 else ("pass",)
            if st.phase == "alone":
                return ("alone", maker_alone)
            if st.phase == "defend_alone":
                return ("defend", st.current_player() == defender)
            return hearts_ordered_by_eldest(st)

        run_until(st, script, lambda st: st.phase == "play")
        assert st.record()["leader"] == leader
        assert st.current_player() == leader


def test_passed_cannot_go_alone() -> None:
    rules = Rules(defender_alone=True, passed_cannot_go_alone=True)
    st = make_state(rules, 0, LAYOUT_1, "9H")
    # Seat 1 passes, seat 2 orders: seat 1 may not defend alone, seat 3 (did not bid) may.
    run_until(st, lambda st: ("pass",) if st.current_player() == 1 else
              hearts_ordered_by_eldest(st), lambda st: st.phase == "defend_alone")
    assert st.current_player() == 3


def test_redeal() -> None:
    rules = Rules(redeal="nines_and_tens")
    layout = {1: "9C TC 9D TD 9S", 2: "JD QC TH QD KC", 3: "JC KD AD AS TS", 0: "AH JH QH KH QS"}
    st = make_state(rules, 0, layout, "9H")
    assert (st.phase, st.current_player()) == ("redeal", 1)
    st.apply(("redeal",))
    assert st.is_terminal() and st.redeal_called and st.trace == [(1, 1, 0)]
    st = make_state(Rules(redeal="ace_no_face"), 0, {**layout, 1: "AC TC 9D TD 9S"}, "9H")
    assert (st.phase, st.current_player()) == ("redeal", 1)
    st.apply(("keep",))
    assert st.phase == "round1"


def test_redeal_check_skipped_after_100_redeals() -> None:
    layout = {1: "9C TC 9D TD 9S", 2: "JD QC TH QD KC", 3: "JC KD AD AS TS", 0: "AH JH QH KH QS"}
    masks = [H(layout[p]) for p in range(4)]
    st = DealState(Rules(redeal="nines_and_tens"), 0, masks, C("9H"), redeals=99)
    assert st.phase == "redeal"
    st = DealState(Rules(redeal="nines_and_tens"), 0, masks, C("9H"), redeals=100)
    assert st.phase == "round1"
    drive(st, lambda st: None)
    assert st.record()["redeals"] == 100


def test_state_interface() -> None:
    st = make_state(Rules(), 0, LAYOUT_1, "9H")
    assert (st.phase, st.current_player(), st.is_terminal()) == ("round1", 1, False)
    with pytest.raises(ValueError):
        st.apply(("call", 2))
    drive(st, lambda st: None)
    assert st.is_terminal() and st.phase == "done" and st.current_player() == -1
    assert st.legal_actions() == []
    assert st.points() == (st.record()["points0"], st.record()["points1"])
    with pytest.raises(ValueError):
        st.apply(("pass",))
    with pytest.raises(ValueError):
        make_state(Rules(), 0, {**LAYOUT_1, 2: LAYOUT_1[1]}, "9H")  # a card dealt twice


def test_redeals_continue_the_stream() -> None:
    rules = Rules(redeal="nines_and_tens", deck=32)
    found = 0
    for index in range(400):
        rec, trace = play_deal(21, index, rules)
        if rec["redeals"] == 0:
            continue
        found += 1
        assert sum(1 for e in trace if e[0] == 1) == rec["redeals"]
        # Replay by hand: shuffle, ask the eligible players (random draws), reshuffle.
        rng = deal_rng(21, index)
        dealer = index % 4
        while True:
            hands, up, _ = shuffle_and_deal(rng, 32, dealer)
            called = False
            for p in [(dealer + 1 + k) % 4 for k in range(4)]:
                if all(rank_of(c) <= 3 for c in range(32) if hands[p] >> c & 1):
                    if rng.below(2) == 1:
                        called = True
                        break
            if not called:
                break
        assert [rec[f"hand{p}"] for p in range(4)] == hands and rec["up_card"] == up
    assert found >= 3


# --------------------------------------------------------------------------------------------
# The random strategy draws exactly once per decision with more than one action
# --------------------------------------------------------------------------------------------


class CountingRng(Rng):
    draws = 0

    def next(self) -> int:
        self.draws += 1
        return super().next()


def test_random_draws_only_for_real_choices() -> None:
    for name, rules in list(RULESETS.items()) + [("all", ALL_OPTIONS)]:
        for index in range(100):
            rng = CountingRng(index, 5)
            hands, up, kitty = shuffle_and_deal(rng, rules.deck, index % 4)
            st = DealState(rules, index % 4, hands, up, kitty)
            before, choices = rng.draws, 0
            while not st.is_terminal():
                choices += len(st.legal_actions()) > 1
                st.apply(decide("random", st, rng))
            assert rng.draws - before == choices, name


# --------------------------------------------------------------------------------------------
# The reference strategy
# --------------------------------------------------------------------------------------------


def test_hand_strength() -> None:
    assert hand_strength(H("JH JD AH KH QH"), 2) == 6 + 5 + 4 + 3 + 2
    assert hand_strength(H("JH JD AH KH QH"), 1) == 6 + 5 + 2  # JD right, JH left, AH off ace
    assert hand_strength(H("Jk 9H AC AS TD"), 2) == 7 + 2 + 2 + 2
    assert hand_strength(H("7H 8H 9H TH AD"), 2) == 2 + 2 + 2 + 2 + 2


def test_reference_strategy_decisions() -> None:
    both = ("reference", "reference")
    # Seat 1 strength 20 in hearts: orders and goes alone; the leader leads his strongest card.
    st = top_five_deal(random.Random(9), 1, Rules())
    rng = Rng(0, 0)
    while st.phase != "play" or st.current_player() != 1:
        st.apply(decide(both[0], st, rng))
    rec = st.record()
    assert rec["maker"] == 1 and rec["alone"] == 1
    assert decide("reference", st, rng) == ("play", C("JH"))
    # The dealer counts the up-card: JH JD AH + up KH = 6+5+4+3 = 18 >= 12.
    layout = {1: "9C TC 9D TD 9S", 2: "AD QC TH QD KC", 3: "JC KD QH AS TS", 0: "JH JD AH 9H QS"}
    st = make_state(Rules(), 0, layout, "KH")
    st.apply(decide("reference", st, rng))
    st.apply(decide("reference", st, rng))
    st.apply(decide("reference", st, rng))
    assert st.current_player() == 0
    assert decide("reference", st, rng) == ("order",)
    st.apply(("order",))
    assert decide("reference", st, rng) == ("discard", C("QS"))


def test_reference_follower_plays_weakest_winner() -> None:
    st = after_lead(LAYOUT_1, "AC")  # seat 2 holds 9C KC: neither beats the ace
    assert decide("reference", st, None) == ("play", C("9C"))
    st = after_lead(LAYOUT_2, "9D")  # seat 2 void in diamonds: trumps with the left bower
    assert decide("reference", st, None) == ("play", C("JD"))


@pytest.mark.slow
def test_reference_rates_match_cref() -> None:
    """shared/bench/README.md: the same script on random deals gives the same rates."""
    n = 30_000
    rules = Rules()
    won = march = round1 = alone = tricks = tricks2 = 0
    for index in range(n):
        rec, _ = play_deal(7, index, rules, ("reference", "reference"))
        m = rec[f"tricks{rec['maker'] % 2}"]
        won += m >= 3
        march += m == 5
        round1 += rec["round"] == 1
        alone += rec["alone"]
        tricks += m
        tricks2 += m * m

    def close(count: float, p: float) -> bool:
        return abs(count / n - p) < 4 * math.sqrt(p * (1 - p) / n)

    assert close(won, 0.885565)
    assert close(march, 0.2727025)
    assert close(round1, 0.419926)
    assert close(alone, 0.0033215)
    sd = math.sqrt(tricks2 / n - (tricks / n) ** 2)
    assert abs(tricks / n - 3.747978) < 4 * sd / math.sqrt(n)


# --------------------------------------------------------------------------------------------
# Invariants on random deals
# --------------------------------------------------------------------------------------------

ALL_OPTIONS = Rules(deck=33, redeal="nines_and_tens", farmers_hand=True, partners_best="railroad",
                    defender_alone=True, dealer_partner_alone=True, lead="left_of_lone",
                    no_first_blood=True, dealer_needs_trump=True, passed_cannot_go_alone=True,
                    stick_the_dealer=False, super_euchre=True)
EXTRA_RULES = {
    "give+farmer+ace_no_face": Rules(redeal="ace_no_face", farmers_hand=True, partners_best="give",
                                     defender_alone=True, super_euchre=True),
    "all-options-33": ALL_OPTIONS,
    "32+farmer+nfb": Rules(deck=32, farmers_hand=True, no_first_blood=True,
                           dealer_needs_trump=True),
    "25+give+canadian": Rules(deck=25, partners_best="give", dealer_partner_alone=True,
                              defender_alone=True, lead="left_of_lone"),
}
STEP_OF_KIND = {1: 2, 2: 3, 3: 4, 4: 5, 5: 5, 6: 6, 7: 6, 8: 6, 9: 7, 10: 8, 11: 9, 12: 10,
                13: 10, 14: 10, 15: 11, 16: 11}


def check_invariants(rules: Rules, index: int, rec: dict, trace: list) -> None:
    assert tuple(rec) == RECORD_FIELDS and all(type(v) is int for v in rec.values())
    dealer = rec["dealer"]
    assert dealer == index % 4
    order = [(dealer + 1 + k) % 4 for k in range(4)]
    deck = deck_mask(rules.deck)
    hands = [rec[f"hand{p}"] for p in range(4)]
    union = 1 << rec["up_card"]
    for h in hands:
        assert bin(h).count("1") == 5 and h & union == 0 and h & ~deck == 0
        union |= h
    steps = [STEP_OF_KIND[k] for k, _, _ in trace]
    assert steps == sorted(steps)
    kinds = [k for k, _, _ in trace]
    assert kinds.count(1) == rec["redeals"]
    assert kinds.count(4) + kinds.count(6) == rec["passes"]
    assert rec["farmer"] == (trace[kinds.index(2)][1] if 2 in kinds else -1)
    assert kinds.count(2) in (0, 3)
    if rec["thrown_in"]:
        assert not rules.stick_the_dealer
        assert (rec["round"], rec["passes"], rec["maker"], rec["trump"], rec["leader"]) == (
            0, 8, -1, -1, -1)
        assert rec["points0"] == rec["points1"] == rec["tricks0"] == rec["tricks1"] == 0
        assert trace[-1] == (8, dealer, 0) and 15 not in kinds
        return
    maker, trump = rec["maker"], rec["trump"]
    if rec["up_card"] == JOKER:
        assert (rec["round"], rec["passes"], maker) == (1, 0, dealer)
    else:
        assert rec["round"] == (1 if rec["passes"] < 4 else 2)
        assert maker == order[rec["passes"] % 4]
        if rec["round"] == 1:
            assert trump == suit_of(rec["up_card"])
        else:
            assert trump != suit_of(rec["up_card"])
    assert rec["stuck"] == int(rules.stick_the_dealer and rec["passes"] == 7)
    forced = rules.dealer_partner_alone and rec["round"] == 1 and maker == (dealer + 2) % 4
    out = set()
    if rec["alone"]:
        assert (10, maker, int(forced)) in trace
        out.add((maker + 2) % 4)
    else:
        assert not forced and 10 not in kinds
    defender = rec["defender"]
    if defender >= 0:
        assert rules.defender_alone and defender % 2 != maker % 2
        assert (11, defender, 0) in trace
        out.add((defender + 2) % 4)
        if rules.passed_cannot_go_alone and rec["up_card"] != JOKER:
            assert order.index(defender) > rec["passes"] % 4
    # Reconstruct every hand at the start of play from the trace.
    current = list(hands)
    farmer_seat = rec["farmer"]
    # The kitty is known from the record only in the 24-card deck (the other cards of bigger
    # decks were never dealt); a farmer's hand with an unknown kitty is not reconstructed.
    kitty = [c for c in deck_cards(24) if not union >> c & 1] if rules.deck == 24 else None
    unknown = farmer_seat if kitty is None else -1
    for kind, seat, value in trace:
        if kind == 2:
            assert current[seat] >> value & 1
            current[seat] &= ~(1 << value)
            if kitty is not None and trace.index((kind, seat, value)) == kinds.index(2):
                current[seat] |= sum(1 << c for c in kitty)
        elif kind == 9:
            assert seat == dealer and value != rec["up_card"] and value == rec["discard"]
            current[dealer] = (current[dealer] | 1 << rec["up_card"]) & ~(1 << value)
        elif kind == 13:
            assert seat == unknown or current[seat] >> value & 1
            current[seat] &= ~(1 << value)
            current[(seat + 2) % 4] |= 1 << value
        elif kind == 14:
            assert seat == unknown or current[seat] >> value & 1
            current[seat] &= ~(1 << value)
    if rec["round"] == 1 and (dealer not in out or not forced):
        assert rec["discard"] >= 0
    else:
        assert rec["discard"] == -1
    plays = [(seat, card) for kind, seat, card in trace if kind == 15]
    active = [p for p in range(4) if p not in out]
    assert len(plays) == 5 * len(active) and len({c for _, c in plays}) == len(plays)
    for p in active:
        played = sum(1 << c for s, c in plays if s == p)
        if p != unknown:
            assert played == current[p]
    # Follow suit, trick winners, the first leader, the points.
    assert plays[0][0] == rec["leader"]
    tricks_won = [e for e in trace if e[0] == 16]
    assert [e[2] for e in tricks_won] == [0, 1, 2, 3, 4]
    winners = [e[1] for e in tricks_won]
    assert rec["winners"] == sum(w << (2 * t) for t, w in enumerate(winners))
    holding = {p: sum(1 << c for s, c in plays if s == p) for p in active}
    n = len(active)
    for t in range(5):
        trick = plays[n * t: n * t + n]
        led = eff_suit(trick[0][1], trump)
        for seat, card in trick[1:]:
            if eff_suit(card, trump) != led:
                assert not any(holding[seat] >> c & 1 and eff_suit(c, trump) == led
                               for c in range(33)), "renege"
        for seat, card in trick:
            holding[seat] &= ~(1 << card)
        trumps = [(card_strength(c, trump), s) for s, c in trick if eff_suit(c, trump) == trump]
        follows = [(card_strength(c, trump), s) for s, c in trick if eff_suit(c, trump) == led]
        assert winners[t] == max(trumps or follows)[1]
        if t < 4:
            assert plays[n * (t + 1)][0] == winners[t]
    assert rec["tricks0"] + rec["tricks1"] == 5
    assert rec["tricks0"] == sum(1 for w in winners if w % 2 == 0)
    m = rec[f"tricks{maker % 2}"]
    makers, defenders = rec[f"points{maker % 2}"], rec[f"points{1 - maker % 2}"]
    if m >= 3:
        assert defenders == 0 and makers == (1 if m < 5 else 4 if rec["alone"] else 2)
    else:
        big = defender >= 0 or (rules.super_euchre and m == 0)
        assert makers == 0 and defenders == (4 if big else 2)


def expected_kinds(rules: Rules) -> set[int]:
    """Trace events that a few thousand random deals under ``rules`` must show."""
    kinds = {4, 5, 6, 7, 9, 10, 15, 16}
    kinds |= {1} if rules.redeal != "none" else set()
    kinds |= {2} if rules.farmers_hand else set()
    kinds |= {3} if rules.deck in (25, 33) else set()
    kinds |= {8} if not rules.stick_the_dealer else set()
    kinds |= {11} if rules.defender_alone else set()
    kinds |= {12} if rules.partners_best == "railroad" else set()
    kinds |= {13, 14} if rules.partners_best != "none" else set()
    return kinds


@pytest.mark.parametrize("name", list(RULESETS) + list(EXTRA_RULES))
def test_invariants_on_random_deals(name: str) -> None:
    rules = RULESETS.get(name) or EXTRA_RULES[name]
    pairs = [("random", "random")] * 3 + [("reference", "random"), ("random", "reference"),
                                          ("reference", "reference")]
    seen_kinds: set[int] = set()
    for index in range(3000):
        strategies = pairs[index % len(pairs)]
        rec, trace = play_deal(2024, index, rules, strategies)
        check_invariants(rules, index, rec, trace)
        seen_kinds |= {kind for kind, _, _ in trace}
        if index < 30:  # a deal is a pure function of (seed, index)
            assert (rec, trace) == play_deal(2024, index, rules, strategies)
    assert expected_kinds(rules) <= seen_kinds
    impossible = {1, 2, 3, 8, 11, 12, 13, 14} - expected_kinds(rules)
    assert not impossible & seen_kinds


def test_games() -> None:
    for name, rules in list(RULESETS.items()) + [("all", ALL_OPTIONS)]:
        for g in range(8):
            game, deals = play_game(77, g, rules, ("random", "reference"))
            assert game["first_dealer"] == game_rng(77, g).below(4)
            assert game["deals"] == len(deals) and game["game"] == g
            score = [0, 0]
            for number, rec in enumerate(deals):
                assert rec["deal"] == number
                assert rec["dealer"] == (game["first_dealer"] + number) % 4
                assert max(score) < rules.target_score
                score[0] += rec["points0"]
                score[1] += rec["points1"]
            assert [game["score0"], game["score1"]] == score
            winner = game["winner"]
            assert score[winner] >= rules.target_score > score[1 - winner], name
            assert (game, deals) == play_game(77, g, rules, ("random", "reference"))
