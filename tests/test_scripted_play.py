"""Card-play conventions of the scripted family, each shown firing in a written-down state.

The deal-based tests (``test_scripted.py``) reach a position by playing a whole preset deal;
the conventions here need a late position (shown voids, a lone hand, cards gone), so each
test writes the position down directly: trump, dealer, maker, the hands still held, the cards
played in earlier tricks, the current trick, and the voids shown. The decision kernel
(``core.four.scripted.sc_play``) is then asked for the card, with one parameter changed.
Seats 0..3 clockwise; team = seat & 1; the player asked is seat 0 unless said otherwise.
"""

from __future__ import annotations

import numpy as np

from euchre_sim.core.common import layout as L
from euchre_sim.core.four.scripted import sc_play
from euchre_sim.core.four.tables import EFF, ESUIT, NAT, SUIT_EFF
from euchre_sim.game.cards import format_card, parse_card, parse_hand
from euchre_sim.game.rules import Rules
from euchre_sim.strategies import get_strategy

SUITS = "CDHS"
# tuned as it was before its lone maker led his last trump (play.lone_maker_draws_trump=2):
# the tests of the lone maker's other conventions keep the position they were written for
LONE1 = "tuned:play.lone_maker_draws_trump=1"
# tuned as it was before 2026-12-07 (afternoon) where a test needs it: the lone defence taking
# every trick it can, the maker drawing with his lowest trump
TAKE = "tuned:loner_defence.take_tricks=1"
DRAW_LOW = "tuned:play.draw_trump_high=0"


def _eff(cards: str, trump: int) -> list[int]:
    mask = parse_hand(cards) if cards.strip() else 0
    return [int(EFF[trump, c]) for c in range(33) if mask >> c & 1]


def state(trump: str, hands: dict[int, str], trick: list[tuple[int, str]] = (), *,
          dealer: int = 3, maker: int = 1, alone: bool = False, played: str = "",
          voids: dict[int, str] | None = None, up: str = "9D", round_: int = 1) -> np.ndarray:
    """The state array ``g`` of a position: ``hands`` the cards each seat still holds,
    ``trick`` the cards on the table in play order, ``played`` the cards of earlier tricks,
    ``voids`` the suits (letters, ``T`` for trump) each seat has shown out of."""
    t = SUITS.index(trump)
    g = np.full(L.G_SIZE, -1, np.int64)
    for slot in (L.G_ALONE, L.G_PASSES, L.G_PLAYED, L.G_VOIDS, L.G_SCORE0, L.G_SCORE1,
                 L.G_TRICKS0, L.G_TRICKS1, L.G_STUCK, L.G_KITTY, L.G_NEV, L.G_TRICK):
        g[slot] = 0
    g[L.G_DEALER], g[L.G_TRUMP], g[L.G_MAKER], g[L.G_ROUND] = dealer, t, maker, round_
    g[L.G_UP] = parse_card(up)
    g[L.G_UPSUIT] = parse_card(up) // 8 if parse_card(up) < 32 else -1
    if alone:
        g[L.G_ALONE] = 1
        g[L.G_OUT_A] = maker ^ 2
    played_bits = _eff(played, t)
    for s in range(4):
        held = _eff(hands.get(s, ""), t)
        g[L.G_HAND + s] = sum(1 << b for b in held)
        nat = parse_hand(hands[s]) if hands.get(s, "").strip() else 0
        g[L.G_NAT + s] = nat
    mask = sum(1 << b for b in played_bits)
    for pos, (s, card) in enumerate(trick):
        b = int(EFF[t, parse_card(card)])
        g[L.G_TRICK_CARD + s] = b
        mask |= 1 << b
        if pos == 0:
            g[L.G_LED], g[L.G_WIN_CARD], g[L.G_WIN_SEAT] = ESUIT[b], b, s
            g[L.G_LEADER] = s
        elif b > g[L.G_WIN_CARD] and ESUIT[b] in (3, g[L.G_LED]):
            g[L.G_WIN_CARD], g[L.G_WIN_SEAT] = b, s
    g[L.G_PLAYED] = mask
    g[L.G_POS] = len(trick)
    for s, suits in (voids or {}).items():
        for ch in suits:
            e = 3 if ch == "T" else _esuit(SUITS.index(ch), t)
            g[L.G_VOIDS] |= 1 << (4 * s + e)
    return g


def _esuit(nat_suit: int, trump: int) -> int:
    return nat_suit if nat_suit < trump else nat_suit - 1


def choose(g: np.ndarray, strategy: str, seat: int = 0, *, policy: bool = False) -> str:
    """The card ``strategy`` plays from seat ``seat`` in position ``g`` (legal: follow suit):
    by its conventions alone unless ``policy`` (the tests here are of the conventions; a
    learned card policy, tuned's, is read before them: tests/test_card_policy.py)."""
    hand = int(g[L.G_HAND + seat])
    legal = hand
    if g[L.G_POS] > 0:
        follow = hand & int(SUIT_EFF[g[L.G_LED]])
        legal = follow or hand
    s = get_strategy(strategy)
    if not policy and s.policy:
        s = get_strategy(s, **{"play.card_policy": 0})
    params = np.stack([s.param_array(), s.param_array()])
    c = sc_play(params, g, seat, Rules().to_array(), np.int64(legal))
    return format_card(int(NAT[g[L.G_TRUMP], c]))


def test_second_hand_takes_with_a_sure_winner() -> None:
    """Spades trump, seat 3 leads the KC; seat 0, second, holds AC 9C: second hand low plays
    the 9C, ``play.second_hand_boss=1`` takes with the AC (no club can beat it)."""
    g = state("S", {0: "AC 9C 9H TD QD"}, [(3, "KC")])
    assert choose(g, "basic") == "9C"
    assert choose(g, "basic:play.second_hand_boss=1") == "AC"
    # with the ace gone nothing is sure: the KC led, seat 0's QC is not the boss (AC out)
    g = state("S", {0: "QC 9C 9H TD QD"}, [(3, "JC")])
    assert choose(g, "basic:play.second_hand_boss=1") == "9C"


def test_trump_partners_winner_when_an_opponent_behind_can_ruff() -> None:
    """Hearts trump. Partner (seat 2) leads the AC, seat 3 follows; seat 0 (out of clubs,
    holding the QH) would throw off under a partner's boss card, but seat 1, still to play,
    has shown out of clubs: ``play.trump_partner_void=1`` trumps in."""
    g = state("H", {0: "QH 9D TD 9S TS"}, [(2, "AC"), (3, "9C")], voids={1: "C"}, maker=2)
    assert choose(g, "advanced") == "9D"
    assert choose(g, "advanced:play.trump_partner_void=1") == "QH"
    # seat 1 shown out of trumps too: he cannot ruff, partner's ace holds
    g = state("H", {0: "QH 9D TD 9S TS"}, [(2, "AC"), (3, "9C")], voids={1: "CT"}, maker=2)
    assert choose(g, "advanced:play.trump_partner_void=1") == "9D"


def test_ruff_high_dont_send_a_boy_to_the_mill() -> None:
    """Hearts trump; seat 3 leads the AC and seat 0, out of clubs, ruffs with 9H or AH (the
    bowers are out, so the AH is the boss trump). Seat 1, still to play, has shown out of
    clubs: he can over-ruff. Cheapest ruff 9H; ``play.ruff_high=1`` the AH, which nobody can
    over-ruff. When seat 1 has not shown out of clubs, ruff_high ruffs cheaply too."""
    played = "JH JD KC QC 9C TC"
    g = state("H", {0: "9H AH 9D TD 9S"}, [(3, "AC")], played=played, voids={1: "C"})
    assert choose(g, "advanced:play.second_hand_low=0") == "9H"
    assert choose(g, "advanced:play.second_hand_low=0,play.ruff_high=1") == "AH"
    g = state("H", {0: "9H AH 9D TD 9S"}, [(3, "AC")], played=played)
    assert choose(g, "advanced:play.second_hand_low=0,play.ruff_high=1") == "9H"
    # no sure trump: the highest one
    g = state("H", {0: "9H KH 9D TD 9S"}, [(3, "AC")], voids={1: "C"})
    assert choose(g, "advanced:play.second_hand_low=0,play.ruff_high=1") == "KH"


def test_fishing_leads_the_boss_trump_while_trumps_are_out() -> None:
    """Hearts trump, partner (seat 2) made it; seat 0 leads holding the JH, 9H and the AC.
    ``play.fishing=1`` (the seeds' sense) leads the right bower to draw trumps; with
    ``play.lead_trump_for_partner`` off he leads his boss AC. Once every other trump is
    gone, fishing stops and he leads the AC."""
    base = "advanced:play.lead_trump_for_partner=0"
    g = state("H", {0: "JH 9H AC 9S TS"}, maker=2)
    assert choose(g, base) == "AC"
    assert choose(g, base + ",play.fishing=1") == "JH"
    g = state("H", {0: "JH 9H AC 9S TS"}, maker=2, played="JD AH KH QH TH QD KD AD")
    assert choose(g, base + ",play.fishing=1") == "AC"


def test_take_tricks_against_a_lone_hand() -> None:
    """Hearts trump, seat 1 alone. The loner leads the AH; seat 2, second, holds JH TH:
    second hand low plays the TH; ``loner_defence.take_tricks=1`` takes with the JH (a trick
    denies the march)."""
    g = state("H", {2: "JH TH AC QC QD"}, [(1, "AH")], alone=True)
    assert choose(g, "advanced", seat=2) == "TH"
    assert choose(g, "advanced:loner_defence.take_tricks=1", seat=2) == "JH"


def test_keep_guards_against_a_lone_hand() -> None:
    """Hearts trump, seat 1 alone leads the AH; seat 0 has no trump and throws off from
    KD 9D TS TC QC. The lowest card is the 9D, the guard of his KD behind the live AD;
    ``loner_defence.keep_guards=1`` keeps K-x and throws the TC."""
    g = state("H", {0: "KD 9D TS TC QC"}, [(1, "AH"), (2, "9H")], alone=True)
    assert choose(g, "advanced:play.throw_off_make_void=0") == "9D"
    assert choose(g, "advanced:play.throw_off_make_void=0,loner_defence.keep_guards=1") == "TC"


def test_keep_suits_against_a_lone_hand() -> None:
    """Hearts trump, seat 1 alone leads the AH (his partner seat 3 sits out); seat 0 has no
    trump and throws off from TC JS QS KS AS. The lowest card is the TC, his only club: it
    still beats the 9C should the loner hold it to the last trick. ``loner_defence.keep_suits=1``
    keeps it and throws the JS (the AS guards spades alone). Once the loner has shown out of
    clubs, the TC can take no trick and goes first."""
    g = state("H", {0: "TC JS QS KS AS"}, [(1, "AH")], alone=True)
    assert choose(g, "tuned:loner_defence.keep_suits=0") == "TC"
    assert choose(g, "tuned:loner_defence.keep_suits=1") == "JS"
    g = state("H", {0: "TC JS QS KS AS"}, [(1, "AH")], alone=True, voids={1: "C"})
    assert choose(g, "tuned:loner_defence.keep_suits=1") == "TC"
    # spades are held by the AS, so a low spade goes; the QD, the guard of the KD behind the
    # one live AD, is kept with it
    g = state("H", {0: "JS QD KD 9S AS"}, [(1, "AH")], alone=True, played="TS")
    assert choose(g, "tuned:loner_defence.keep_suits=1") == "9S"
    # only tops and that guard left: the guard goes before a top
    g = state("H", {0: "QD KD AS"}, [(1, "AH")], alone=True)
    assert choose(g, "tuned:loner_defence.keep_suits=1") == "QD"


def test_save_boss_trumps_against_a_lone_hand() -> None:
    """Spades trump, West (seat 3) alone leads the 9H; North (seat 0), out of hearts, holds
    the right bower JS, the KS and three clubs, and South (his partner) plays after him and
    may still beat the 9H in hearts.
    Taking every trick (``loner_defence.take_tricks=1``, without it) ruffs with the JS, the
    one sure trump; with ``loner_defence.save_boss_trumps=1`` he ruffs with the KS instead,
    keeping the JS, which takes a trick whenever it is played. Against East alone, South leads
    the QH and North plays before the loner: he does not overtake partner's winning card with
    the JS either."""
    g = state("S", {0: "JS KS 9C TC QC"}, [(3, "9H")], maker=3, alone=True)
    assert choose(g, f"{TAKE},loner_defence.save_boss_trumps=0") == "JS"
    assert choose(g, f"{TAKE},loner_defence.save_boss_trumps=1") == "KS"
    g = state("S", {0: "JS 9C TC QC AD"}, [(2, "QH")], maker=1, alone=True)
    assert choose(g, f"{TAKE},loner_defence.save_boss_trumps=0") == "JS"
    assert choose(g, f"{TAKE},loner_defence.save_boss_trumps=1") == "9C"
    # the loner's card is the boss of its suit: partner can only ruff it, so the JS takes it
    # now and wins the lead (to cash our side winners before the loner's)
    g = state("S", {0: "JS KS 9C TC QC"}, [(3, "AH")], maker=3, alone=True)
    assert choose(g, f"{TAKE},loner_defence.save_boss_trumps=1") == "JS"


def test_upcard_memory_counts_partners_upcard_as_ours() -> None:
    """Hearts trump, round 1: the dealer (seat 2, my partner) took up the AH. Seat 0 ruffs the
    led AC holding KH 9H; the bowers, the TH and the QH are gone, so the only trump above his
    9H out of his hand is the AH. ``play.ruff_high`` without memory of the up-card sees no
    sure trump and ruffs high (KH); with ``play.upcard_memory=1`` he knows partner holds the
    AH, so the 9H cannot be over-ruffed by an opponent: he ruffs with it and keeps the KH."""
    g = state("H", {0: "KH 9H 9D TD 9S"}, [(3, "AC")], dealer=2, maker=1, up="AH",
              played="JH JD TH QH", voids={1: "C"})
    ruff = "advanced:play.second_hand_low=0,play.ruff_high=1"
    assert choose(g, ruff) == "KH"
    assert choose(g, ruff + ",play.upcard_memory=1") == "9H"
    # in round 2 the up-card was turned down: nothing to remember, and it is gone anyway
    g = state("H", {0: "KH 9H 9D TD 9S"}, [(3, "AC")], dealer=2, maker=1, up="AS",
              played="JH JD TH QH", round_=2, voids={1: "C"})
    assert choose(g, ruff + ",play.upcard_memory=1") == "KH"


def test_lone_maker_leads_his_highest_side_card() -> None:
    """Diamonds trump (called in round 2 over the 9C), North alone has drawn two rounds of
    trumps with the bowers and holds KC JC 9D; the AD, KD and the AC are still out, so no
    card of his is boss. The plain lead is the lowest side card, the JC, which any club
    above it takes; with ``play.lone_maker_leads_high=1`` he leads the KC, which only the
    ace beats, and a king that holds may leave the JC boss behind it."""
    g = state("D", {0: "KC JC 9D"}, maker=0, alone=True, played="JD 9S QH JH 9H TS",
              up="9C", round_=2)
    assert choose(g, f"{LONE1},play.lone_maker_leads_high=0") == "JC"
    assert choose(g, f"{LONE1},play.lone_maker_leads_high=1") == "KC"
    # not alone: a low lead may be won by partner, the convention does not apply
    g = state("D", {0: "KC JC 9D"}, maker=0, played="JD 9S QH AS JH 9H TS KS", up="9C",
              round_=2)
    assert choose(g, "tuned:play.lone_maker_leads_high=1") == "JC"


def test_lone_maker_draws_trump_without_the_boss() -> None:
    """Hearts trump (ordered up in round 1), North alone holds the left bower JD, the AH and
    KH, and KC KD; the right bower JH is out, so none of his trumps is boss and no side card
    is either. Without ``play.lone_maker_draws_trump`` he leads his highest side card (the
    KD), which a defender void in diamonds may ruff; with it he leads the JD, which wins or
    draws the right bower, so that the AH and KH become boss. With a single trump left the
    convention does not apply: his trump cannot both draw and then win."""
    g = state("H", {0: "JD AH KH KC KD"}, maker=0, alone=True, up="9H")
    assert choose(g, "tuned:play.lone_maker_draws_trump=0,play.lead_low_trump=0") == "KD"
    assert choose(g, "tuned:play.lone_maker_draws_trump=1,play.lead_low_trump=0") == "JD"
    g = state("H", {0: "KH KC KD"}, maker=0, alone=True, up="9H", played="JD 9C TC AH TH QC")
    assert choose(g, "tuned:play.lone_maker_draws_trump=1") == "KD"
    # with partner, the flag changes nothing (the maker's own conventions lead)
    g = state("H", {0: "JD AH KH KC KD"}, maker=0, up="9H")
    assert (choose(g, "tuned:play.lone_maker_draws_trump=0")
            == choose(g, "tuned:play.lone_maker_draws_trump=1"))


def test_lone_maker_may_lead_the_turned_down_suit() -> None:
    """Spades trump, called in round 2 after the TD was turned down; North alone has won the
    first trick with the right bower and holds KS, KD QD and the 9H. ``play.avoid_turned_down
    _suit`` keeps a lead out of diamonds, so he leads the lone 9H, which any heart beats; with
    ``play.lone_maker_turned_down`` a lone maker ignores it and leads his highest side card,
    the KD, which only the AD beats (the TD is gone)."""
    g = state("S", {0: "KS KD QD 9H"}, maker=0, alone=True, up="TD", round_=2,
              played="JS QS 9S")
    assert choose(g, f"{LONE1},play.lone_maker_turned_down=0") == "9H"
    assert choose(g, f"{LONE1},play.lone_maker_turned_down=1") == "KD"
    # the convention is the lone maker's: with partner, the turned-down suit is still avoided
    g = state("S", {0: "KD QD 9H"}, maker=0, up="TD", round_=2, played="JS QS 9S KS 9C TC AC KC")
    assert choose(g, "tuned:play.lone_maker_turned_down=1") == "9H"


def test_loner_defence_counts_only_cards_partner_may_hold() -> None:
    """Diamonds trump, West (seat 3) alone leads the left bower JH; North holds the right bower
    JD and the AD, South plays after him. Only the JD beats the JH, and it is North's own:
    South cannot beat it, so North takes the trick with the JD (the AD is then boss) instead of
    saving the JD for later and throwing the AD under the JH."""
    g = state("D", {0: "JD AD TS"}, [(3, "JH")], maker=3, alone=True, played="9S QS KS")
    assert choose(g, "tuned") == "JD"
    assert choose(g, "tuned:loner_defence.save_boss_trumps=0") == "JD"


def test_loner_defence_last_to_play_wins_cheaply() -> None:
    """Diamonds trump, West (seat 3) alone ruffed South's AC with the QD; North plays last
    with the AD and the JD: nobody plays after him, so the AD wins as surely as the JD, and
    he keeps the right bower (taking every trick would otherwise spend the one sure trump)."""
    g = state("D", {0: "AD JD 9S"}, [(2, "AC"), (3, "QD")], maker=3, alone=True,
              played="9H QH KH")
    assert choose(g, "tuned") == "AD"


def test_defender_leads_the_boss_trump_late() -> None:
    """Hearts trump, made by seat 1; seat 0 defends and leads the fourth trick holding the
    right bower JH and the KS, the boss spade (the AS is gone), while the makers may still
    hold the left bower and other trumps. ``play.defence_leads_boss_trump=0`` cashes the KS,
    which a maker void in spades ruffs; from trick 4 on (``=4``) the JH is led first: it
    pulls a trump of theirs and the KS may then live. From trick 5 on only, nothing changes
    at trick 4; with every other trump gone there is nothing to pull."""
    played = "9C TC QC KC 9D TD QD KD 9S TS QS AS"
    g = state("H", {0: "JH KS"}, played=played)
    g[L.G_TRICK] = 3
    assert choose(g, "tuned:play.defence_leads_boss_trump=0") == "KS"
    assert choose(g, "tuned:play.defence_leads_boss_trump=4") == "JH"
    assert choose(g, "tuned:play.defence_leads_boss_trump=5") == "KS"
    g = state("H", {0: "JH KS"}, played="JD AH KH QH TH 9H 9C TC QC KC QS AS")
    g[L.G_TRICK] = 3
    assert choose(g, "tuned:play.defence_leads_boss_trump=4") == "KS"


def test_trump_for_partner_needs_enough_trumps() -> None:
    """Hearts trump, made by partner (seat 2); seat 0 leads the first trick. With one trump,
    the 9H, ``play.lead_trump_for_partner=1`` leads it (the old convention); ``=2`` keeps it
    to ruff and cashes the AC instead; with two trumps ``=2`` leads the higher, the TH."""
    g = state("H", {0: "9H AC KD QS TS"}, maker=2)
    assert choose(g, "tuned:play.lead_trump_for_partner=1") == "9H"
    assert choose(g, "tuned:play.lead_trump_for_partner=2") == "AC"
    g = state("H", {0: "9H TH AC KD QS"}, maker=2)
    assert choose(g, "tuned:play.lead_trump_for_partner=2") == "TH"


def test_maker_draws_trump_before_cashing_his_aces() -> None:
    """Eldest (seat 0) called hearts in round 2 (the QD turned down) with AH 9H and three side
    aces; both bowers are out, so neither trump is boss. Without ``play.draw_trump_for_aces``
    he cashes an ace at once, which a defender void in its suit ruffs; with one side ace
    needed (``=1``) he leads the 9H first: partner may win it high, and it draws a trump
    that would ruff an ace. A lone maker is not concerned (his own conventions lead)."""
    g = state("H", {0: "AH 9H AC AD AS"}, maker=0, round_=2, up="QD")
    assert choose(g, f"{DRAW_LOW},play.draw_trump_for_aces=0") in ("AC", "AD", "AS")
    assert choose(g, f"{DRAW_LOW},play.draw_trump_for_aces=1") == "9H"
    assert choose(g, f"{DRAW_LOW},play.draw_trump_for_aces=3") == "9H"
    g = state("H", {0: "AH 9H AC AD QS"}, maker=0, round_=2, up="QD")
    assert choose(g, f"{DRAW_LOW},play.draw_trump_for_aces=3") != "9H"  # only two aces
    g = state("H", {0: "AH 9H AC AD AS"}, maker=0, round_=2, up="QD", alone=True)
    assert (choose(g, f"{DRAW_LOW},play.draw_trump_for_aces=0")
            == choose(g, f"{DRAW_LOW},play.draw_trump_for_aces=1"))


def test_second_hand_wins_with_a_sure_card() -> None:
    """Spades trump, seat 3 leads the 9C; seat 0, second, holds AC and TC. The cheapest
    winner is the TC, which the third or fourth hand may top with the KC or QC;
    ``play.second_hand_sure=1`` takes with the AC, which nobody can beat in clubs. Out of
    clubs, ``=1`` still ruffs with the cheapest trump (``=2`` would ruff with a sure one)."""
    g = state("S", {0: "AC TC 9H TD QD"}, [(3, "9C")])
    assert choose(g, "tuned:play.second_hand_sure=0") == "TC"
    assert choose(g, "tuned:play.second_hand_sure=1") == "AC"
    g = state("S", {0: "JS QS 9H TD QD"}, [(3, "9C")])
    assert choose(g, "tuned:play.second_hand_sure=1") == "QS"
    assert choose(g, "tuned:play.second_hand_sure=2") == "JS"


def test_the_defence_keeps_its_aces_against_a_loner() -> None:
    """Clubs trump, the dealer (seat 3, on seat 0's right) alone; seat 0 leads to the first
    trick from AS, 9H TH, KD and a trump. Today's table leads the singleton ace
    (``play.defence_singleton_ace``); ``play.lead_through_loner=2`` keeps it for the trick the
    loner leads into it and leads the KD, the shortest side suit without an ace. With the
    loner on the left, ``=1`` leads low from the longest side suit (hearts), ``=2`` the KD."""
    hand = "AS 9H TH KD 9C"
    g = state("C", {0: hand}, maker=3, alone=True)
    assert choose(g, "tuned:play.lead_through_loner=0") == "AS"
    assert choose(g, "tuned:play.lead_through_loner=1") == "AS"  # =1: only on the left
    assert choose(g, "tuned:play.lead_through_loner=2") == "KD"
    g = state("C", {0: hand}, maker=1, alone=True)
    assert choose(g, "tuned:play.lead_through_loner=1") == "9H"
    assert choose(g, "tuned:play.lead_through_loner=2") == "KD"
    # every side suit headed by an ace: the convention passes, a singleton ace is led
    g = state("C", {0: "AS AH 9H AD 9C"}, maker=3, alone=True)
    assert choose(g, "tuned:play.lead_through_loner=2") in ("AS", "AD")
    assert choose(g, "tuned:play.lead_through_loner=2") == choose(
        g, "tuned:play.lead_through_loner=0")


def test_a_lone_maker_leads_his_last_trump_before_a_losing_side_card() -> None:
    """Clubs trump, seat 0 alone with the QC (the KC still out: not boss) and the KD (the AD
    still out) to the fourth trick. ``play.lone_maker_draws_trump=1`` draws only with two
    trumps and leads the KD; ``=2`` leads the QC first (the defenders throw to it). With a
    boss side card (the AD) both cash it first."""
    played = "JC JS AC 9H TH AH KH 9S TS QS KS 9D"
    g = state("C", {0: "QC KD"}, maker=0, alone=True, played=played)
    g[L.G_TRICK] = 3
    assert choose(g, "tuned:play.lone_maker_draws_trump=1") == "KD"
    assert choose(g, "tuned:play.lone_maker_draws_trump=2") == "QC"
    g = state("C", {0: "QC AD"}, maker=0, alone=True, played=played)
    g[L.G_TRICK] = 3
    assert choose(g, "tuned:play.lone_maker_draws_trump=1") == "AD"
    assert choose(g, "tuned:play.lone_maker_draws_trump=2") == "AD"


def test_a_maker_leads_a_low_trump_only_with_enough_trumps() -> None:
    """Hearts trump, seat 0 the maker without the boss trump (the JH is out) leads to the
    first trick, no side ace in hand. ``play.lead_low_trump=1`` leads the 9H with two trumps or
    more, ``=2`` only with three: with two, his lowest side card."""
    g = state("H", {0: "QH TH 9H KC KD"}, maker=0, round_=2, up="QD")
    assert choose(g, f"{DRAW_LOW},play.lead_low_trump=0") in ("KC", "KD")
    assert choose(g, f"{DRAW_LOW},play.lead_low_trump=1") == "9H"
    assert choose(g, f"{DRAW_LOW},play.lead_low_trump=2") == "9H"
    g = state("H", {0: "TH 9H KC KD QS"}, maker=0, round_=2, up="QD")
    assert choose(g, f"{DRAW_LOW},play.lead_low_trump=1") == "9H"
    assert choose(g, f"{DRAW_LOW},play.lead_low_trump=2") in ("KC", "KD", "QS")
    assert (choose(g, f"{DRAW_LOW},play.lead_low_trump=2")
            == choose(g, f"{DRAW_LOW},play.lead_low_trump=0"))


def test_the_defence_leads_trump_late_against_a_loner() -> None:
    """Hearts trump, seat 1 alone (seat 3 sits out); seat 0 has won a trick and leads the
    fourth with the right bower and the KS. ``play.lead_through_loner`` alone keeps the trump
    and leads the KS, which the loner takes; ``play.lead_trump_vs_loner=4`` leads the JH: it
    draws the loner's last trump, and the KS may then take the fifth trick too. From trick 5
    (``=5``) nothing changes at trick 4, nor against a partnership."""
    played = "9C TC QC KC 9D TD QD KD 9S"
    g = state("H", {0: "JH KS"}, maker=1, alone=True, played=played)
    g[L.G_TRICK] = 3
    assert choose(g, "tuned:play.lead_trump_vs_loner=0") == "KS"
    assert choose(g, "tuned:play.lead_trump_vs_loner=4") == "JH"
    assert choose(g, "tuned:play.lead_trump_vs_loner=5") == "KS"
    # against a partnership the convention does not apply (the defence's own boss-trump lead
    # switched off): the KS as before
    g = state("H", {0: "JH KS"}, maker=1, played=played)
    g[L.G_TRICK] = 3
    assert choose(g, "tuned:play.defence_leads_boss_trump=0,play.lead_trump_vs_loner=4") == "KS"


def test_second_hand_keeps_the_boss_trump() -> None:
    """Hearts trump made by seat 1; seat 3 leads the AC and seat 0, second to play and out of
    clubs, holds the right bower as his only trump. Ruffing spends the JH on a trick his
    partner, last to play, may take; ``play.second_hand_keeps_boss=1`` throws off (the 9D)
    and the JH takes a trick later. With two trumps, with no trump left outside his hand, or
    before the trick the parameter names, he ruffs."""
    g = state("H", {0: "JH 9D TS KS QD"}, [(3, "AC")])
    assert choose(g, "tuned:play.second_hand_keeps_boss=0") == "JH"
    assert choose(g, "tuned:play.second_hand_keeps_boss=1") == "9D"
    g[L.G_TRICK] = 1
    assert choose(g, "tuned:play.second_hand_keeps_boss=3") == "JH"
    g = state("H", {0: "JH 9H TS KS QD"}, [(3, "AC")])
    assert choose(g, "tuned:play.second_hand_keeps_boss=1") == "9H"  # two trumps: ruff low
    g = state("H", {0: "JH 9D TS"}, [(3, "AC")], played="JD AH KH QH TH 9H 9C KC QC TC 9S QS")
    g[L.G_TRICK] = 2
    assert choose(g, "tuned:play.second_hand_keeps_boss=1") == "JH"  # no trump out: ruff
    # a maker's side keeps ruffing
    g = state("H", {0: "JH 9D TS KS QD"}, [(3, "AC")], maker=2)
    assert choose(g, "tuned:play.second_hand_keeps_boss=1") == "JH"


def test_fishing_needs_trumps_or_a_side_boss() -> None:
    """Hearts trump, seat 0 the maker with the right bower and the 9H leads to the first trick.
    ``play.fishing=1`` leads the JH while trumps are out; ``=3`` only with three trumps or a
    side boss card to protect: with KC QD TS beside them he leads a side card (partner may
    win it; the JH takes a trick later), with the AC he still draws."""
    g = state("H", {0: "JH 9H KC QD TS"}, maker=0)
    assert choose(g, "tuned:play.fishing=1") == "JH"
    assert choose(g, "tuned:play.fishing=3") in ("KC", "QD", "TS")
    g = state("H", {0: "JH 9H AC QD TS"}, maker=0)
    assert choose(g, "tuned:play.fishing=3") == "JH"


def test_a_maker_draws_with_his_highest_trump() -> None:
    """Hearts trump, both bowers still out; seat 0 the maker with AH 9H and three side aces.
    ``play.draw_trump_for_aces=1`` leads a trump before the aces: the 9H, or with
    ``play.draw_trump_high`` on the AH, which forces out the last high trump or wins. With
    three trumps and no side boss card, ``play.draw_trump_high=3`` leads the AH too (``=0``: a
    side card). The side boss cards counted need not be aces: with the AC gone the KC is boss."""
    spec = "tuned:play.lead_low_trump=0,play.draw_trump_for_aces=1"
    g = state("H", {0: "AH 9H AC AD AS"}, maker=0, round_=2, up="QD")
    assert choose(g, f"{spec},play.draw_trump_high=0") == "9H"
    assert choose(g, f"{spec},play.draw_trump_high=3") == "AH"
    g = state("H", {0: "AH KH 9H KC QD"}, maker=0, round_=2, up="TD", played="AC AD 9C TC")
    g[L.G_TRICK] = 1
    assert choose(g, f"{spec},play.draw_trump_high=0") == "9H"  # the KC is boss
    g = state("H", {0: "AH KH 9H KC QS"}, maker=0, round_=2, up="TD")
    assert choose(g, f"{spec},play.draw_trump_high=0") in ("KC", "QS")
    assert choose(g, f"{spec},play.draw_trump_high=3") == "AH"
    assert choose(g, f"{spec},play.draw_trump_high=4") in ("KC", "QS")
