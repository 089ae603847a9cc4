"""The scripted strategy family, one behaviour at a time, each shown firing in a hand-made deal.

Every test plays a deal written card by card (``PresetDeal``) through the kernel twice, with one
parameter of the scripted family changed, and asserts the decision that changes: a bid, a
discard, a loner, or the concrete card played to a given trick (read from the trace).

Reading the positions (``euchre_sim/core/four/scripted.py``, defaults of the ``basic`` built-in):

* strength (``eff_value``) of a hand for trump t: trumps by rank (right bower 6, left 5, A 4,
  K 3, Q 2.5, 10 2, 9 2, 8/7 1.5, joker 7); each off-suit ace 2, each off-suit king 0.5; each
  void side suit 1, each singleton side suit 0.5 (the left bower belongs to trump).
* round 1: the dealer rates his hand with the up-card after his own best discard; the dealer's
  partner adds ``weights.upcard.partner`` (0.5) x the up-card's trump weight, the two opponents
  subtract ``weights.upcard.opponent`` (0.5) x that weight. Order at >= the seat's threshold
  (eldest 13, partner 12, third 13, dealer 12).
* round 2: the best suit other than the turned-down one, with +1.5 for 'next' (same colour)
  for the eldest, +0.5 for the third seat, +0.5 for the other colour for the dealer's side;
  call at >= the seat's threshold (12, 12.5, 12, 12); the stuck dealer always calls.
* seats 0..3 clockwise, team = seat & 1; team 0 plays the scripted strategy under test, team 1
  the ``reference`` script, mostly with ``bid_threshold=40`` (never bids; a stuck dealer still
  calls) or ``bid_threshold=0`` (orders anything). Positions from the dealer's left: eldest
  D+1, partner D+2, third D+3, dealer D. Dealer 3 puts team 0 in the eldest (0) and third (2)
  seats, dealer 0 in the partner (2) and dealer (0) seats.
* the ``reference`` script leads its highest card and follows with its cheapest winner, else
  its lowest card (docs/engine.md).

Tricks are written ``"0:AC 1:9C 2:TC 3:QC -> 0"``: seat:card in play order, then the winner.
Only the decision under test is asserted; where the other hands do not matter they are dealt
from the remaining cards in card-id order (``fill``).

Score-aware parameters read the game score, given here with ``PresetDeal.of(..., score=...)``.
"""

from __future__ import annotations

import numpy as np
import pytest

from euchre_sim.core.common import layout as L
from euchre_sim.core.four.kinds import N_Q, Q_MEMORY
from euchre_sim.core.four.scripted import gone_mask
from euchre_sim.core.four.tables import EFF
from euchre_sim.engine.simulate import DealReplay, PresetDeal, play_presets
from euchre_sim.game.cards import deck_cards, format_card, parse_card, parse_hand
from euchre_sim.game.rules import Rules

C, D, H, S = range(4)
SUITS = "CDHS"
NEVER = "reference:bid_threshold=40"  # never bids (a stuck dealer still calls his best suit)
ANY = "reference:bid_threshold=0"  # the first of its seats asked orders up / calls


def fill(fixed: dict[int, str], up: str, deck: int = 24, kitty: str = "") -> list[str]:
    """Four hands: the given seats as written, the others dealt the remaining cards in card-id
    order (seat by seat, five each), leaving the up-card and ``kitty`` out."""
    used = {parse_card(up)} | {c for h in fixed.values() for c in _cards(h)}
    used |= set(_cards(kitty))
    rest = [c for c in deck_cards(deck) if c not in used]
    hands = []
    for seat in range(4):
        if seat in fixed:
            hands.append(fixed[seat])
        else:
            hands.append(" ".join(format_card(c) for c in rest[:5]))
            rest = rest[5:]
    return hands


def _cards(text: str) -> list[int]:
    mask = parse_hand(text) if text else 0
    return [c for c in range(33) if mask >> c & 1]


def play(hands, up: str, dealer: int, a, b=NEVER, rules: Rules | None = None,
         score: tuple[int, int] = (0, 0), kitty: str | None = None) -> DealReplay:
    """Play one preset deal on the kernel: team 0 ``a``, team 1 ``b``."""
    rules = rules or Rules()
    deal = PresetDeal.of(list(hands), up, dealer, rules, kitty=kitty, score=score)
    rep, = play_presets(rules, a, b, [deal])
    return rep


def events(rep: DealReplay) -> list[str]:
    """The trace as ``"NAME seat value"`` (cards and suits written out)."""
    out = []
    for kind, seat, value in rep.trace:
        name = L.EVENT_NAMES[kind]
        if name in ("PLAY", "DISCARD", "GIVE", "LONE_DISCARD", "FARMER"):
            text = format_card(value)
        elif name in ("ORDER", "CALL", "JOKER_TRUMP"):
            text = SUITS[value]
        else:
            text = str(value)
        out.append(f"{name} {seat} {text}")
    return out


def bid(rep: DealReplay, seat: int, rnd: int = 1) -> str:
    """The seat's decision in a bidding round: ``"ORDER H"``, ``"PASS1"``, ``"CALL S"``,
    ``"PASS2"``, or ``"-"`` when the round ended before the seat was asked."""
    names = ("PASS1", "ORDER") if rnd == 1 else ("PASS2", "CALL")
    for e in events(rep):
        name, s, value = e.split(" ")
        if name in names and int(s) == seat:
            return name if name.startswith("PASS") else f"{name} {value}"
    return "-"


def tricks(rep: DealReplay) -> list[str]:
    """The tricks as ``"seat:card ... -> winner"``."""
    out, cards = [], []
    for kind, seat, value in rep.trace:
        if kind == L.EV_PLAY:
            cards.append(f"{seat}:{format_card(value)}")
        elif kind == L.EV_TRICK:
            out.append(" ".join(cards) + f" -> {seat}")
            cards = []
    return out


def played(rep: DealReplay, trick: int, seat: int) -> str:
    """The card ``seat`` played to trick ``trick`` (0-based)."""
    for item in tricks(rep)[trick].split(" -> ")[0].split(" "):
        s, c = item.split(":")
        if int(s) == seat:
            return c
    raise AssertionError(f"seat {seat} did not play to trick {trick}: {tricks(rep)[trick]}")


def has(rep: DealReplay, event: str) -> bool:
    return event in events(rep)


# --------------------------------------------------------------------------------------------
# Hand strength: trump weights by rank, off-suit aces and kings, voids and singletons
# --------------------------------------------------------------------------------------------

# The eldest (seat 0, dealer 3) holds one trump X plus AC AS KD QD; the up-card (9H or TH, a
# trump of weight 2) goes to the opponent dealer: -0.5 x 2 = -1. Strength for hearts:
#   w(X) + AC 2 + AS 2 + KD 0.5 + clubs singleton 0.5 + spades singleton 0.5 - 1 = w(X) + 4.5
# (diamonds KD QD: two cards, no shape bonus; with X = JD the jack is the left bower, a trump).
TRUMP_RANKS = [
    # (parameter, X, default weight, up-card, deck)
    ("right", "JH", 6, "9H", 24),
    ("left", "JD", 5, "9H", 24),
    ("ace", "AH", 4, "9H", 24),
    ("king", "KH", 3, "9H", 24),
    ("queen", "QH", 2.5, "9H", 24),
    ("ten", "TH", 2, "9H", 24),
    ("nine", "9H", 2, "TH", 24),
    ("low", "8H", 1.5, "9H", 32),
    ("joker", "joker", 7, "9H", 25),
]


@pytest.mark.parametrize("name,x,weight,up,deck", TRUMP_RANKS, ids=[t[0] for t in TRUMP_RANKS])
def test_trump_weight_by_rank(name: str, x: str, weight: float, up: str, deck: int) -> None:
    """With the eldest's threshold at exactly w(X) + 4.5 he orders up; with the weight of X
    lowered by 0.5 (nothing else changed) the same hand falls short and he passes."""
    rules = Rules(deck=deck)
    hands = fill({0: f"{x} AC AS KD QD"}, up, deck)
    t = weight + 4.5
    base = f"basic:round1.threshold.eldest={t}"
    assert bid(play(hands, up, 3, base, rules=rules), 0) == "ORDER H"
    lighter = f"{base},weights.trump.{name}={weight - 0.5}"
    assert bid(play(hands, up, 3, lighter, rules=rules), 0) == "PASS1"


# Eldest (dealer 3, up-card 9H: -1): JH AC KS 9D TD
#   JH 6 + AC 2 + KS 0.5 + clubs singleton 0.5 + spades singleton 0.5 - 1 = 8.5
# Eldest: JH AH 9C TC 9S
#   JH 6 + AH 4 + diamonds void 1 + spades singleton 0.5 (clubs: two cards) - 1 = 10.5
SIDE_CARDS = [
    ("JH AC KS 9D TD", 8.5, "weights.offsuit.ace", 1.5),
    ("JH AC KS 9D TD", 8.5, "weights.offsuit.king", 0),
    ("JH AC KS 9D TD", 8.5, "weights.shape.singleton", 0.25),
    ("JH AH 9C TC 9S", 10.5, "weights.shape.void", 0.5),
    ("JH AH 9C TC 9S", 10.5, "weights.shape.singleton", 0),
]


@pytest.mark.parametrize("hand,strength,param,value", SIDE_CARDS,
                         ids=[f"{p[2]}={p[3]}" for p in SIDE_CARDS])
def test_offsuit_and_shape_weights(hand: str, strength: float, param: str, value: float) -> None:
    """Threshold at the hand's strength: ordered; the side-card or shape weight lowered: the
    hand loses 0.5 (one ace, king, singleton or void less valuable) and the eldest passes."""
    hands = fill({0: hand}, "9H")
    base = f"basic:round1.threshold.eldest={strength}"
    assert bid(play(hands, "9H", 3, base), 0) == "ORDER H"
    assert bid(play(hands, "9H", 3, f"{base},{param}={value}"), 0) == "PASS1"


# --------------------------------------------------------------------------------------------
# The up-card: a bonus when it goes to my partner, a malus when it goes to an opponent
# --------------------------------------------------------------------------------------------


def test_upcard_bonus_for_the_dealers_partner() -> None:
    """Dealer 0, up-card JH (trump weight 6). Seat 2, the dealer's partner, holds
    AH 9H AC 9S TS: AH 4 + 9H 2 + AC 2 + clubs singleton 0.5 + diamonds void 1 = 9.5, plus
    0.5 x 6 = 3 for the right bower going to his partner: 12.5 >= 12, he orders it up. Without
    the bonus (``weights.upcard.partner=0``) 9.5 < 12: he passes."""
    hands = fill({2: "AH 9H AC 9S TS"}, "JH")
    assert bid(play(hands, "JH", 0, "basic"), 2) == "ORDER H"
    assert bid(play(hands, "JH", 0, "basic:weights.upcard.partner=0"), 2) == "PASS1"


@pytest.mark.parametrize("base", ["basic", "advanced"])
def test_canadian_loner_partner_gets_no_upcard_bonus(base: str) -> None:
    """With ``dealer_partner_alone`` the same seat 2 (AH 9H AC 9S TS, worth 9.5 without the
    JH) orders up and is forced to play alone: the JH stays on the table, so the +3 he counted
    for it is not his. The kernel orders (12.5 >= 12), plays alone and is euchred (1 trick).
    Suggested fix (``scripted.py``, ``sc_round1``): under ``rules[R_DEALER_PARTNER_ALONE]``
    give the dealer's partner no up-card bonus and compare his strength with his loner
    threshold (ordering up is going alone)."""
    hands = fill({2: "AH 9H AC 9S TS"}, "JH")
    rep = play(hands, "JH", 0, base, rules=Rules(dealer_partner_alone=True))
    assert bid(rep, 2) == "PASS1"


def test_upcard_malus_for_an_opponent() -> None:
    """Dealer 3, up-card JH. The eldest (seat 0) holds AH KH QH AC 9S: AH 4 + KH 3 + QH 2.5 +
    AC 2 + clubs and spades singletons 0.5 + 0.5 + diamonds void 1 = 13.5, minus 0.5 x 6 = 3
    for giving the right bower to the opponent dealer: 10.5 < 13, he passes. Without the malus
    (``weights.upcard.opponent=0``) 13.5 >= 13: he orders up."""
    hands = fill({0: "AH KH QH AC 9S"}, "JH")
    assert bid(play(hands, "JH", 3, "basic"), 0) == "PASS1"
    assert bid(play(hands, "JH", 3, "basic:weights.upcard.opponent=0"), 0) == "ORDER H"


# --------------------------------------------------------------------------------------------
# Round 1: a threshold per seat; the dealer rates his hand after the pick-up and his discard
# --------------------------------------------------------------------------------------------

# The seat under test holds JH KH AC AS 9S, up-card 9H (weight 2):
#   JH 6 + KH 3 + AC 2 + AS 2 + clubs singleton 0.5 + diamonds void 1 = 14.5
# eldest, third (an opponent deals): 14.5 - 1 = 13.5; partner (his partner deals): 14.5 + 1 =
# 15.5; dealer: takes the 9H and discards 9S (AC, a singleton, is an ace he keeps):
#   JH 6 + KH 3 + 9H 2 + AC 2 + AS 2 + clubs, spades singletons 1 + diamonds void 1 = 17
R1_HAND = "JH KH AC AS 9S"
SEAT_CASES = [
    # (position, seat, dealer, round-1 strength)
    ("eldest", 0, 3, 13.5),
    ("partner", 2, 0, 15.5),
    ("third", 2, 3, 13.5),
    ("dealer", 0, 0, 17),
]
POSITIONS = ("eldest", "partner", "third", "dealer")


def _only(prefix: str, position: str, value: float, others: float = 40) -> str:
    """``prefix.<position>=value`` and every other seat's ``prefix.<seat>=others``."""
    return ",".join(f"{prefix}.{p}={value if p == position else others}" for p in POSITIONS)


@pytest.mark.parametrize("position,seat,dealer,strength", SEAT_CASES,
                         ids=[c[0] for c in SEAT_CASES])
def test_round1_threshold_per_seat(position: str, seat: int, dealer: int,
                                   strength: float) -> None:
    """The seat orders up when its own round-1 threshold equals the strength worked out above
    and passes when it is 0.5 higher; the other seats' thresholds (40 here) play no part. The
    other hands are dealt from the remaining cards and do not matter (team 1 never bids, the
    other team-0 seat has threshold 40)."""
    hands = fill({seat: R1_HAND}, "9H")
    at = "basic:" + _only("round1.threshold", position, strength)
    above = "basic:" + _only("round1.threshold", position, strength + 0.5)
    assert bid(play(hands, "9H", dealer, at), seat) == "ORDER H"
    assert bid(play(hands, "9H", dealer, above), seat) == "PASS1"


def test_dealer_counts_the_upcard_and_his_best_discard() -> None:
    """Dealer 0 holds JH AH AC 9S TS, up-card 9H. His five cards alone are worth
    JH 6 + AH 4 + AC 2 + clubs singleton 0.5 + diamonds void 1 = 13.5. He rates the six cards
    after the discard he would make:

    * keeping aces (``basic``): the lowest non-ace 9S goes, JH AH 9H AC TS =
      6 + 4 + 2 + 2 + clubs and spades singletons 1 + diamonds void 1 = 16;
    * ``discard.keep_aces=0``: AC goes to make a void, JH AH 9H 9S TS = 6 + 4 + 2 + clubs and
      diamonds voids 2 = 14.

    With his threshold at 16 he orders (and discards 9S) in the first case and passes in the
    second; at 14 the second orders too, discarding AC."""
    hands = fill({0: "JH AH AC 9S TS"}, "9H")
    rep = play(hands, "9H", 0, "basic:round1.threshold.dealer=16")
    assert bid(rep, 0) == "ORDER H" and has(rep, "DISCARD 0 9S")
    rep = play(hands, "9H", 0, "basic:round1.threshold.dealer=16,discard.keep_aces=0")
    assert bid(rep, 0) == "PASS1"
    rep = play(hands, "9H", 0, "basic:round1.threshold.dealer=14,discard.keep_aces=0")
    assert bid(rep, 0) == "ORDER H" and has(rep, "DISCARD 0 AC")


# --------------------------------------------------------------------------------------------
# The dealer's discard: make a void, keep aces, keep guarded kings
# --------------------------------------------------------------------------------------------

# Dealer 0 (team 0); seat 1, the eldest, plays ``reference:bid_threshold=0`` and orders the 9H
# at once. The dealer takes it and discards; the other hands do not matter.


def _discard(dealer_hand: str, a: str) -> str:
    rep = play(fill({0: dealer_hand}, "9H"), "9H", 0, a, ANY)
    assert bid(rep, 1) == "ORDER H"
    found = [e for e in events(rep) if e.startswith("DISCARD 0 ")]
    assert len(found) == 1
    return found[0].split(" ")[2]


def test_discard_makes_a_void() -> None:
    """JH AH QC 9S TS + 9H: the lone club QC goes to void clubs (``discard.make_void``, on in
    ``basic``); without it the lowest side card, 9S, goes."""
    assert _discard("JH AH QC 9S TS", "basic") == "QC"
    assert _discard("JH AH QC 9S TS", "basic:discard.make_void=0") == "9S"


def test_discard_keeps_aces() -> None:
    """JH AH AC 9S TS + 9H: the only singleton is the AC. Keeping aces (``basic``) the dealer
    throws the 9S instead; with ``discard.keep_aces=0`` the ace goes to make the void."""
    assert _discard("JH AH AC 9S TS", "basic") == "9S"
    assert _discard("JH AH AC 9S TS", "basic:discard.keep_aces=0") == "AC"


def test_discard_keeps_guarded_kings() -> None:
    """JH AH KC AC KS + 9H, voids off (``discard.make_void=0``): the lowest side card is the
    KC, guarded by the AC. ``discard.keep_guarded_kings=1`` keeps it (the AC is kept as an ace)
    and throws the unguarded KS; with 0 the KC goes. (With make_void on the KS, a singleton,
    goes either way.)"""
    off = "basic:discard.make_void=0"
    assert _discard("JH AH KC AC KS", off) == "KC"
    assert _discard("JH AH KC AC KS", off + ",discard.keep_guarded_kings=1") == "KS"
    assert _discard("JH AH KC AC KS", "basic") == "KS"


# --------------------------------------------------------------------------------------------
# Round 2: thresholds per seat, next, reverse next, the stuck dealer, the joker turned up
# --------------------------------------------------------------------------------------------

# Up-card 9H is turned down: 'next' is diamonds, the other colour clubs and spades. Everybody
# passes round 1 (team 0's round-1 thresholds are 40). The seat under test holds
# JC JD QD 9S AS:
#   spades:   JC (left) 5 + AS 4 + 9S 2 + clubs void 1 + hearts void 1 (JD QD: two cards) = 13
#   diamonds: JD (right) 6 + QD 2.5 + AS 2 + clubs singleton 0.5 + hearts void 1 = 12
#   clubs:    JC (right) 6 + AS 2 + hearts void 1 (diamonds, spades: two cards each) = 9
# eldest: diamonds + next 1.5 = 13.5 beats spades 13; third: diamonds + 0.5 = 12.5 < spades 13;
# partner and dealer: spades + reverse next 0.5 = 13.5.
R2_HAND = "JC JD QD 9S AS"
R2_CASES = [
    ("eldest", 0, 3, 13.5, D),
    ("partner", 2, 0, 13.5, S),
    ("third", 2, 3, 13, S),
    ("dealer", 0, 0, 13.5, S),
]
NO_R1 = ",".join(f"round1.threshold.{p}=40" for p in POSITIONS)  # nobody orders in round 1


@pytest.mark.parametrize("position,seat,dealer,strength,suit", R2_CASES,
                         ids=[c[0] for c in R2_CASES])
def test_round2_threshold_per_seat(position: str, seat: int, dealer: int, strength: float,
                                   suit: int) -> None:
    """The seat names its best suit when its own round-2 threshold equals the strength above,
    and passes at 0.5 more (the dealer is not stuck here: ``stick_the_dealer`` off)."""
    hands = fill({seat: R2_HAND}, "9H")
    rules = Rules(stick_the_dealer=False)
    at = f"basic:{NO_R1}," + _only("round2.threshold", position, strength)
    above = f"basic:{NO_R1}," + _only("round2.threshold", position, strength + 0.5)
    assert bid(play(hands, "9H", dealer, at, rules=rules), seat, 2) == f"CALL {SUITS[suit]}"
    assert bid(play(hands, "9H", dealer, above, rules=rules), seat, 2) == "PASS2"


def test_next_bonus_for_the_eldest() -> None:
    """The eldest (seat 0, dealer 3) with JC JD QD 9S AS: spades 13, diamonds (next) 12 + 1.5 =
    13.5: he calls next. With ``round2.next_bonus.eldest=0`` spades is the better suit."""
    hands = fill({0: R2_HAND}, "9H")
    assert bid(play(hands, "9H", 3, f"basic:{NO_R1}"), 0, 2) == "CALL D"
    assert bid(play(hands, "9H", 3, f"basic:{NO_R1},round2.next_bonus.eldest=0"), 0, 2) \
        == "CALL S"


def test_next_bonus_for_the_third_seat() -> None:
    """The same hand in the third seat (seat 2, dealer 3; seat 0 holds the filler and passes):
    next gets only 0.5, diamonds 12.5 < spades 13: he calls spades. With
    ``round2.next_bonus.third=1.5`` diamonds 13.5 wins."""
    hands = fill({2: R2_HAND}, "9H")
    a = f"basic:{NO_R1},round2.threshold.eldest=40"
    assert bid(play(hands, "9H", 3, a), 2, 2) == "CALL S"
    assert bid(play(hands, "9H", 3, a + ",round2.next_bonus.third=1.5"), 2, 2) == "CALL D"


def test_reverse_next_for_the_dealers_side() -> None:
    """Dealer 0, up-card 9H turned down. The dealer's partner (seat 2) holds 9C JD KD JS AS:
      diamonds (next): JD 6 + KD 3 + AS 2 + clubs singleton 0.5 + hearts void 1 = 12.5
      spades: JS 6 + AS 4 + KD 0.5 + clubs singleton 0.5 + hearts void 1 = 12
    Without a bonus for the other colour he calls next; with ``round2.reverse_next_bonus=1``
    (the value of ``advanced``) spades 13 beats diamonds 12.5. (At the default 0.5 the two tie
    at 12.5 and the lower suit id, diamonds, wins.)"""
    hands = fill({2: "9C JD KD JS AS"}, "9H")
    a = f"basic:{NO_R1}"
    assert bid(play(hands, "9H", 0, a + ",round2.reverse_next_bonus=0"), 2, 2) == "CALL D"
    assert bid(play(hands, "9H", 0, a), 2, 2) == "CALL D"
    assert bid(play(hands, "9H", 0, a + ",round2.reverse_next_bonus=1"), 2, 2) == "CALL S"


def test_stuck_dealer_names_his_best_suit() -> None:
    """Dealer 0 holds AC KC 9D 9S TS, up-card 9H; everybody passes twice. His suits:
      clubs: AC 4 + KC 3 + diamonds singleton 0.5 + hearts void 1 + reverse next 0.5 = 9
      spades: 9S 2 + TS 2 + AC 2 + KC 0.5 + diamonds singleton 0.5 + hearts void 1 + 0.5 = 8.5
      diamonds (next, no bonus for the dealer): 9D 2 + AC 2 + KC 0.5 + hearts void 1 = 5.5
    All below 12. Stuck (``stick_the_dealer``), he names clubs anyway; not stuck, he passes and
    the deal is thrown in. (His partner, seat 2, holds the filler and has thresholds 40.)"""
    hands = fill({0: "AC KC 9D 9S TS"}, "9H")
    a = f"basic:{NO_R1}," + _only("round2.threshold", "dealer", 12)
    rep = play(hands, "9H", 0, a)
    assert bid(rep, 0, 2) == "CALL C" and rep.record["stuck"] == 1
    rep = play(hands, "9H", 0, a, rules=Rules(stick_the_dealer=False))
    assert bid(rep, 0, 2) == "PASS2" and rep.record["thrown_in"] == 1


def test_joker_turned_up_dealer_names_trump_blind() -> None:
    """25-card deck, the joker turned up: RULES.md has the dealer name trump before he looks at
    his hand, so the choice cannot depend on it. Dealer 0 names clubs both with a club hand
    (KC QC KD 9D TS) and with a diamond hand (KD QD TD 9D AS), whatever the weights."""
    rules = Rules(deck=25)
    for hand in ("KC QC KD 9D TS", "KD QD TD 9D AS"):
        hands = fill({0: hand}, "joker", 25)
        assert has(play(hands, "joker", 0, "basic", rules=rules), "JOKER_TRUMP 0 C")
        rep = play(hands, "joker", 0, "basic:weights.trump.nine=3", rules=rules)
        assert has(rep, "JOKER_TRUMP 0 C")


# --------------------------------------------------------------------------------------------
# Going alone: on strength per seat, on sure tricks; defending alone
# --------------------------------------------------------------------------------------------

ALONE_OFF_SURE = "alone.sure_tricks=0"


@pytest.mark.parametrize("position,seat,dealer,strength", SEAT_CASES,
                         ids=[c[0] for c in SEAT_CASES])
def test_alone_threshold_per_seat(position: str, seat: int, dealer: int,
                                  strength: float) -> None:
    """The maker (round-1 threshold 0 for his seat, 40 for the others) rates the hand he holds
    once trump is made, without the up-card adjustments of the bidding: R1_HAND is worth 14.5
    to the eldest, the dealer's partner and the third seat (the 13.5 / 15.5 / 13.5 they bid
    with, less the -1 / +1 / -1 for the 9H going to the dealer), and 17 to the dealer after his
    pick-up and discard. He goes alone when his own loner threshold equals that and plays with
    his partner at 0.5 more; the other seats' loner thresholds (99, then 0) play no part.
    (JH KH: a run of one top trump, no sure-trick loner.)"""
    strength = 17 if position == "dealer" else 14.5
    hands = fill({seat: R1_HAND}, "9H")
    rounds = _only("round1.threshold", position, 0)
    at = f"basic:{rounds}," + _only("alone.threshold", position, strength, 99)
    above = f"basic:{rounds}," + _only("alone.threshold", position, strength + 0.5, 0)
    rep = play(hands, "9H", dealer, at)
    assert bid(rep, seat) == "ORDER H" and has(rep, f"ALONE {seat} 0")
    rep = play(hands, "9H", dealer, above)
    assert bid(rep, seat) == "ORDER H" and rep.record["alone"] == 0


# The loner count (``alone.count.*``): with hearts trump JH JD AH AC KC holds three trumps,
# all three in the run from the right bower down, both bowers, one side ace and one side king
# (clubs), and is void in diamonds (its JD is the left bower) and spades.
COUNT_HAND = "JH JD AH AC KC"
COUNT_TERMS = {"trump": 3, "top_run": 3, "right": 1, "left": 1, "side_ace": 1,
               "side_king": 1, "void": 2}


@pytest.mark.parametrize("term,count", COUNT_TERMS.items(), ids=list(COUNT_TERMS))
def test_loner_count_term(term: str, count: int) -> None:
    """With ``alone.count.strength=0`` and one term weighted 2, the eldest maker's loner worth
    is twice that term's count: he goes alone at a threshold of exactly that and plays with his
    partner at 0.5 more (sure-trick loners off). The same thresholds on the bidding strength
    (19.5 for this hand: JH 6, JD 5, AH 4, AC 2, KC 0.5, two voids 2; ``alone.count.strength=1``
    by default) would both go alone."""
    hands = fill({0: COUNT_HAND}, "9H")
    base = (f"basic:{_only('round1.threshold', 'eldest', 0)},{ALONE_OFF_SURE},"
            f"alone.count.strength=0,alone.count.{term}=2")
    rep = play(hands, "9H", 3, f"{base},alone.threshold.eldest={2 * count}")
    assert bid(rep, 0) == "ORDER H" and has(rep, "ALONE 0 0")
    rep = play(hands, "9H", 3, f"{base},alone.threshold.eldest={2 * count + 0.5}")
    assert bid(rep, 0) == "ORDER H" and rep.record["alone"] == 0
    plain = f"basic:{_only('round1.threshold', 'eldest', 0)},{ALONE_OFF_SURE}"
    assert play(hands, "9H", 3, f"{plain},alone.threshold.eldest={2 * count + 0.5}"
                ).record["alone"] == 1


def test_loner_count_adds_to_the_strength() -> None:
    """The worth is ``alone.count.strength`` x the bidding strength plus the count: at 0.5 x
    19.5 + 2 x 2 voids = 13.75 the eldest goes alone at a threshold of 13.75, not at 14."""
    hands = fill({0: COUNT_HAND}, "9H")
    base = (f"basic:{_only('round1.threshold', 'eldest', 0)},{ALONE_OFF_SURE},"
            "alone.count.strength=0.5,alone.count.void=2")
    assert play(hands, "9H", 3, f"{base},alone.threshold.eldest=13.75").record["alone"] == 1
    assert play(hands, "9H", 3, f"{base},alone.threshold.eldest=14").record["alone"] == 0


def test_canadian_loner_asks_the_loner_count() -> None:
    """Under ``dealer_partner_alone`` (the Canadian loner) the dealer's partner who orders up
    plays alone, so he orders only with a hand worth a loner, rated as a maker rates one: with
    the count's two voids weighted 2 (and the strength's weight 0) he orders at a loner
    threshold of 4 and passes at 4.5. Dealer 0: the partner is seat 2."""
    rules = Rules.named("canadian")
    hands = fill({2: COUNT_HAND}, "9H")
    base = (f"basic:{_only('round1.threshold', 'partner', 0)},alone.count.strength=0,"
            "alone.count.void=2")
    rep = play(hands, "9H", 0, f"{base},alone.threshold.partner=4", rules=rules)
    assert bid(rep, 2) == "ORDER H" and rep.record["alone"] == 1
    rep = play(hands, "9H", 0, f"{base},alone.threshold.partner=4.5", rules=rules)
    assert bid(rep, 2) == "PASS1"


# The eldest (seat 0, dealer 3, up-card 9H) holds JH JD AH AC AS:
#   JH 6 + JD 5 + AH 4 + AC 2 + AS 2 + clubs, spades singletons 1 + diamonds void 1 = 21
# (20 as a bid, less 1 for the 9H going to the dealer); the three top trumps in a run and two
# off aces behind them make five sure tricks.
LAYDOWN = {0: "JH JD AH AC AS", 1: "KH 9C TC JC QC", 2: "KC 9D TD QD KD",
           3: "QH TH AD 9S TS"}


def test_alone_on_sure_tricks() -> None:
    """``alone.sure_tricks=5`` with a loner threshold above his strength (21.5): the eldest
    goes alone on sure tricks (his partner, seat 2, sits out) and leads the right bower. With
    ``alone.sure_tricks=0`` the strength 21 < 21.5 keeps his partner in; with
    ``alone.threshold.eldest=21`` the strength alone suffices."""
    hands = [LAYDOWN[s] for s in range(4)]
    high = "alone.threshold.eldest=21.5"
    rep = play(hands, "9H", 3, f"basic:{high}")
    assert bid(rep, 0) == "ORDER H" and has(rep, "ALONE 0 0")
    assert tricks(rep)[0] == "0:JH 1:KH 3:9H -> 0"
    assert play(hands, "9H", 3, f"basic:{ALONE_OFF_SURE},{high}").record["alone"] == 0
    rep = play(hands, "9H", 3, f"basic:{ALONE_OFF_SURE},alone.threshold.eldest=21")
    assert rep.record["alone"] == 1
    # a run of two (JH JD, no AH; strength 18.5) counts no aces: 2 sure tricks, not 4
    hands2 = fill({0: "JH JD QH AC AS"}, "9H")
    assert play(hands2, "9H", 3, "basic:alone.sure_tricks=2").record["alone"] == 1
    assert play(hands2, "9H", 3, "basic:alone.sure_tricks=3").record["alone"] == 0


@pytest.mark.parametrize("base", ["basic", "advanced"])
def test_laydown_loner_takes_all_five_tricks(base: str) -> None:
    """The lay-down above takes all five tricks: JH, JD and AH draw the four outstanding
    trumps (KH with seat 1; 9H, QH, TH with the dealer), then AC and AS are good. A lone maker
    keeps leading the boss trump however few trumps he has left (with fewer than
    ``play.lead_right_min_trumps`` he would otherwise lead his aces into the dealer's ruff)."""
    rep = play([LAYDOWN[s] for s in range(4)], "9H", 3, base)
    assert rep.record["alone"] == 1
    assert rep.record["tricks0"] == 5 and rep.record["points0"] == 4


def test_defend_alone_threshold() -> None:
    """``defender_alone`` on. Dealer 3; seat 1 (``reference:bid_threshold=0``) orders the 9H.
    The eldest, seat 0, passed with JD AC AS AD 9S (hearts: JD left 5 + AC 2 + AS 2 + AD 2 +
    clubs singleton 0.5 + diamonds singleton 0.5 = 12, less 1 for the 9H going to the dealer:
    11 < 13). Asked first whether to defend alone, he rates the hand as it is, 12: with
    ``defend_alone.threshold=12`` he defends alone (his partner sits out), at 12.5 he does
    not (nor does seat 2, with the filler)."""
    rules = Rules(defender_alone=True)
    hands = fill({0: "JD AC AS AD 9S"}, "9H")
    rep = play(hands, "9H", 3, "basic:defend_alone.threshold=12", ANY, rules=rules)
    assert bid(rep, 1) == "ORDER H" and rep.record["defender"] == 0
    assert has(rep, "DEFEND_ALONE 0 0")
    rep = play(hands, "9H", 3, "basic:defend_alone.threshold=12.5", ANY, rules=rules)
    assert rep.record["defender"] == -1


# --------------------------------------------------------------------------------------------
# Partner's best: the railroad decision, the partner's gift, the lone player's discard
# --------------------------------------------------------------------------------------------

# The eldest goes alone on sure tricks with JH JD AH AC AS (up-card TH). When he decides on
# the railroad card his hand, now known as trump, is worth 6 + 5 + 4 + 2 + 2 + 1 + 1 = 21
# (no up-card term after the bidding).


def test_railroad_take_below() -> None:
    """``railroad.take_below=99`` (basic): he takes the card unseen; at 21 (21 < 21 is false)
    he refuses it; at 21.5 he takes it again."""
    rules = Rules(partners_best="railroad")
    hands = fill({0: "JH JD AH AC AS", 2: "KH 9H 9C TC KD"}, "TH")
    rep = play(hands, "TH", 3, "basic", rules=rules)
    assert has(rep, "ALONE 0 0") and has(rep, "RAILROAD 0 1")
    rep = play(hands, "TH", 3, "basic:railroad.take_below=21", rules=rules)
    assert has(rep, "RAILROAD 0 0") and not any(e.startswith("GIVE") for e in events(rep))
    rep = play(hands, "TH", 3, "basic:railroad.take_below=21.5", rules=rules)
    assert has(rep, "RAILROAD 0 1")


@pytest.mark.parametrize("partner,gift,discard", [
    ("KH 9H 9C TC KD", "KH", "AC"),  # his best trump (KH above 9H)
    ("AD KD QD 9C TC", "AD", "AC"),  # no trump: his best card (AD, the highest of his cards)
], ids=["best-trump", "best-card"])
def test_partners_gift_and_lone_discard(partner: str, gift: str, discard: str) -> None:
    """``partners_best=give``: the sitting-out partner (seat 2) gives his best trump, else his
    best card. The lone player then holds four trumps (or three) and side aces only: keeping
    aces finds no other side card, so he throws the lowest side card, the AC (never a trump
    while he holds a side card)."""
    rules = Rules(partners_best="give")
    hands = fill({0: "JH JD AH AC AS", 2: partner}, "TH")
    rep = play(hands, "TH", 3, "basic", rules=rules)
    assert has(rep, f"GIVE 2 {gift}") and has(rep, f"LONE_DISCARD 0 {discard}")


# --------------------------------------------------------------------------------------------
# Redeal and farmer's hand
# --------------------------------------------------------------------------------------------


def test_redeal_call() -> None:
    """``redeal=ace_no_face``: the eldest (seat 0, dealer 3) holds AC 9C TC 9D TD, one ace and
    no face card. ``redeal.call=1``: he calls for a redeal (the first event); ``basic`` keeps
    the hand and the bidding starts with him."""
    rules = Rules(redeal="ace_no_face")
    hands = ["AC 9C TC 9D TD", "JC QC KC JD QD", "KD AD 9H TH JH", "QH KH AH 9S TS"]
    rep = play(hands, "JS", 3, "basic:redeal.call=1", rules=rules)
    assert events(rep)[0] == "REDEAL 0 0" and rep.record["redeals"] >= 1
    rep = play(hands, "JS", 3, "basic", rules=rules)
    assert events(rep)[0] == "PASS1 0 0" and rep.record["redeals"] == 0


def test_farmer_exchange() -> None:
    """``farmers_hand``: the eldest (seat 0, dealer 3) holds 9C TC 9D AS KS, three low cards.
    ``farmer.exchange=1``: he gives the three lowest, 9C 9D then TC (events in card-id order),
    for the kitty AH KH QH; ``basic`` keeps his hand."""
    rules = Rules(farmers_hand=True)
    hands = fill({0: "9C TC 9D AS KS"}, "JS", kitty="AH KH QH")
    rep = play(hands, "JS", 3, "basic:farmer.exchange=1", rules=rules, kitty="AH KH QH")
    assert events(rep)[:3] == ["FARMER 0 9C", "FARMER 0 TC", "FARMER 0 9D"]
    assert rep.record["farmer"] == 0
    rep = play(hands, "JS", 3, "basic", rules=rules, kitty="AH KH QH")
    assert rep.record["farmer"] == -1 and not has(rep, "FARMER 0 9C")


# --------------------------------------------------------------------------------------------
# The score: the bridge, desperation, no loner at game point, match equity (PresetDeal's score)
# --------------------------------------------------------------------------------------------

# The eldest (seat 0, dealer 3) holds JH AH AC 9S TS, up-card 9H: JH 6 + AH 4 + AC 2 + clubs
# singleton 0.5 + diamonds void 1 - 1 = 12.5 < 13: at 0-0 he passes.
BRIDGE_HAND = "JH AH AC 9S TS"


@pytest.mark.parametrize("score,param,orders", [
    ((0, 0), "score.bridge_bonus=3", False),
    ((9, 6), "score.bridge_bonus=3", True),  # we need 1, a loner (4) wins it for them
    ((9, 5), "score.bridge_bonus=3", False),  # they need 5: a loner does not win
    ((9, 6), "score.bridge_bonus=0", False),
    ((0, 8), "score.desperation_bonus=0.5", True),  # they need 2 or less
    ((0, 7), "score.desperation_bonus=0.5", False),
    ((0, 8), "score.desperation_bonus=0", False),
])
def test_score_bonuses_in_the_bidding(score: tuple[int, int], param: str, orders: bool) -> None:
    """The bridge bonus is added at 9 to 6..9 (target 10), the desperation bonus when the
    opponents have 8 or 9: either lifts 12.5 to 13 or more and the eldest orders up."""
    hands = fill({0: BRIDGE_HAND}, "9H")
    rep = play(hands, "9H", 3, f"basic:{param}", score=score)
    assert bid(rep, 0) == ("ORDER H" if orders else "PASS1")


def test_no_loner_at_game_point() -> None:
    """The lay-down loner (sure tricks, above) at 9-0: with ``score.no_alone_at_game_point=1``
    the eldest plays with his partner (one point wins the game), without it he goes alone."""
    hands = [LAYDOWN[s] for s in range(4)]
    no = "basic:score.no_alone_at_game_point=1"
    assert play(hands, "9H", 3, no, score=(9, 0)).record["alone"] == 0
    assert play(hands, "9H", 3, no, score=(8, 0)).record["alone"] == 1
    assert play(hands, "9H", 3, "basic", score=(9, 0)).record["alone"] == 1


# Match equity (``score.equity_*``) reads the exact Markov table of the rules (P(win the game) by
# score; ``simulate.equity_model``), after this deal. Values below are those of the standard
# rules' table, whose directions follow from what the points mean at that score.
EQ = "score.equity_weight=16"


@pytest.mark.parametrize("score,param,orders", [
    ((0, 0), EQ, False),  # at 0-0 points are worth their face value: p* - 2/3 = +0.002
    ((9, 9), EQ, True),  # a make wins, a euchre loses: p* = E(9-9, they deal) = 0.355
    ((9, 9), "score.equity_weight=0", False),
])
def test_equity_weight_lowers_the_bar_when_a_make_wins_the_game(
        score: tuple[int, int], param: str, orders: bool) -> None:
    """Dealer 0: seat 2, the dealer's partner, holds JH QH TC 9S TS (JH 6 + QH 2.5 + clubs
    singleton 0.5 + diamonds void 1 = 10, + 1 for the 9H going to his partner: 11 < 12).
    At 9-9 with our side dealing, any point ends the game: a make (+1) wins it, a euchre
    loses it, so bidding breaks even at p* = P(win from 9-9 with them dealing) < 1/2 (the
    dealer's edge), far below the 2/3 of face value: weight 16 x 0.31 = 5 off the
    threshold and he orders up."""
    hands = fill({2: "JH QH TC 9S TS"}, "9H")
    rep = play(hands, "9H", 0, f"basic:{param}", score=score)
    assert bid(rep, 2) == ("ORDER H" if orders else "PASS1")


@pytest.mark.parametrize("score,param,orders", [
    ((0, 0), EQ, True),
    ((8, 8), EQ, False),  # a euchre loses the game, a make does not win it: p* = 0.755
    ((8, 8), "score.equity_weight=0", True),
])
def test_equity_weight_raises_the_bar_when_a_euchre_loses_the_game(
        score: tuple[int, int], param: str, orders: bool) -> None:
    """Dealer 3: the eldest holds JH KH AC AS TS (JH 6 + KH 3 + AC 2 + AS 2 + clubs singleton
    0.5 + diamonds void 1 - 1 for the 9H to the dealer = 13.5 >= 13). At 8-8 a euchre (+2)
    ends the game against us while a make only takes us to 9: L = E(8-8) is large against
    G = E(9-8) - E(8-8), p* = 0.755 > 2/3, the threshold rises by 16 x 0.088 = 1.4 (1.5 to
    the half point) and he passes."""
    hands = fill({0: "JH KH AC AS TS"}, "9H")
    rep = play(hands, "9H", 3, f"basic:{param}", score=score)
    assert bid(rep, 0) == ("ORDER H" if orders else "PASS1")


def test_equity_shifts_are_rounded_to_the_half_point() -> None:
    """Strengths lie on a half-point grid, so a shift is rounded to it: at 0-0 the model's p*
    is 0.6688, and 16 x 0.0021 = 0.03 would otherwise act as a whole half point on a hand
    exactly at the threshold. The eldest's JH AH AC 9S KS (JH 6 + AH 4 + AC 2 + KS 0.5 + clubs
    singleton 0.5 + diamonds void 1 - 1 for the 9H to the dealer) is worth exactly 13, his
    threshold: he orders up with the weight as without."""
    hands = fill({0: "JH AH AC 9S KS"}, "9H")
    assert bid(play(hands, "9H", 3, f"basic:{EQ}"), 0) == "ORDER H"


def test_equity_alone_blocks_a_loner_a_partner_march_wins_with() -> None:
    """The lay-down loner (five sure tricks) with ``score.equity_alone=1``: at 8 and 9 a march
    with the partner (2) already wins the game, so the loner's extra points are worth nothing
    (k = 0) and he keeps his partner in, sure tricks or not (``no_alone_at_game_point`` only
    covers 9); at 7 they still matter (k = 0.09 > 0) and the sure tricks take him alone."""
    hands = [LAYDOWN[s] for s in range(4)]
    on = "basic:score.equity_alone=1"
    assert play(hands, "9H", 3, on, score=(8, 0)).record["alone"] == 0
    assert play(hands, "9H", 3, on, score=(9, 0)).record["alone"] == 0
    assert play(hands, "9H", 3, on, score=(7, 0)).record["alone"] == 1
    assert play(hands, "9H", 3, "basic", score=(8, 0)).record["alone"] == 1


def test_equity_alone_goes_alone_when_the_extra_points_reach_the_game() -> None:
    """The eldest (dealer 3, up 9H) orders with JH JD KH TH AS (JH 6 + JD 5 + KH 3 + TH 2 +
    AS 2 + clubs, diamonds void 2 + spades singleton 0.5 = 20.5, two sure tricks), just under
    the loner threshold 21. At 6-8 a lone march (+4) wins the game where a partner march
    (+2) leaves us at 8 with them at 8: k = 1.94, and ``score.equity_alone=2`` lowers the
    threshold by 2 x 0.94 (2 to the half point) to 19, so he goes alone; at 0-0 (k = 0.95,
    a rise of 0.1, 0 to the half point) it stays at 21."""
    hands = fill({0: "JH JD KH TH AS"}, "9H")
    on = "basic:score.equity_alone=2"
    rep = play(hands, "9H", 3, on, score=(6, 8))
    assert bid(rep, 0) == "ORDER H" and has(rep, "ALONE 0 0")
    assert play(hands, "9H", 3, on, score=(0, 0)).record["alone"] == 0
    assert play(hands, "9H", 3, "basic", score=(6, 8)).record["alone"] == 0


def test_equity_alone_keeps_a_lone_defender_out_when_a_euchre_wins_the_game() -> None:
    """The lone defence above (the eldest defends alone at threshold 12), with
    ``score.equity_alone=1``: at 8-0 an ordinary euchre (+2) already wins the game, a lone
    one adds nothing (k = 0) and he keeps his partner in; at 0-0 (k = 0.95: a rise of 0.05,
    0 to the half point) he still defends alone."""
    rules = Rules(defender_alone=True)
    hands = fill({0: "JD AC AS AD 9S"}, "9H")
    on = "basic:defend_alone.threshold=12,score.equity_alone=1"
    assert play(hands, "9H", 3, on, ANY, rules=rules, score=(8, 0)).record["defender"] == -1
    assert play(hands, "9H", 3, on, ANY, rules=rules, score=(0, 0)).record["defender"] == 0
    plain = "basic:defend_alone.threshold=12"
    assert play(hands, "9H", 3, plain, ANY, rules=rules, score=(8, 0)).record["defender"] == 0


# --------------------------------------------------------------------------------------------
# Play: leads
# --------------------------------------------------------------------------------------------


def test_lead_trump_for_partner() -> None:
    """Dealer 3, up-card 9H. Seat 2 (JH JD AH AC KS: 18.5) orders up; his partner, the eldest
    (QH 9C TC KD TS: 3, passed), leads the first trick. ``play.lead_trump_for_partner`` (on in
    basic): his best trump, QH. Off: no ace to lead, his lowest side card, 9C."""
    hands = ["QH 9C TC KD TS", "JC QC KC 9D TD", "JH JD AH AC KS", "QD AD KH TH 9S"]
    rep = play(hands, "9H", 3, "basic")
    assert bid(rep, 2) == "ORDER H" and played(rep, 0, 0) == "QH"
    rep = play(hands, "9H", 3, "basic:play.lead_trump_for_partner=0")
    assert played(rep, 0, 0) == "9C"


def test_maker_leads_the_boss_trump_with_enough_trumps() -> None:
    """The eldest (JH AH KH AC 9S: 16) orders the 9H and leads. Three trumps, the right bower
    boss: with ``play.lead_right_min_trumps=3`` (basic) he leads JH; with 4 (or 0: never) he
    leads his boss side card, the AC."""
    hands = fill({0: "JH AH KH AC 9S"}, "9H")
    assert played(play(hands, "9H", 3, "basic"), 0, 0) == "JH"
    assert played(play(hands, "9H", 3, "basic:play.lead_right_min_trumps=4"), 0, 0) == "AC"
    assert played(play(hands, "9H", 3, "basic:play.lead_right_min_trumps=0"), 0, 0) == "AC"


def test_fishing() -> None:
    """The eldest (AH KH QH AC AS: 14.5) orders the 9H; his best trump, the AH, is not boss
    (both bowers are out). ``play.lead_low_trump=1``: he leads his lowest trump, QH, to draw trumps;
    off (basic): his highest boss side card, the AS (spades rank above clubs)."""
    hands = fill({0: "AH KH QH AC AS"}, "9H")
    assert played(play(hands, "9H", 3, "basic:play.lead_low_trump=1"), 0, 0) == "QH"
    assert played(play(hands, "9H", 3, "basic"), 0, 0) == "AS"


MEMORY_DEAL = ["AC KC 9D TD TS", "JH AH KH 9C QS", "TC QD KD KS JS", "QC JD QH TH 9S"]


def test_lead_boss_offsuit_with_card_memory() -> None:
    """Dealer 3, up-card 9H; seat 1 (``reference``, hearts 13) orders, the dealer discards 9S.
    The eldest leads his boss AC and everybody follows clubs: ``0:AC 1:9C 2:TC 3:QC -> 0``.
    Leading again, his KC is now the highest club left. Even without ``play.card_memory`` a
    player remembers the cards he played himself, so he knows it and leads it either way
    (memory of the other players' cards: the next test)."""
    for strategy in ("basic:play.card_memory=1", "basic"):
        rep = play(MEMORY_DEAL, "9H", 3, strategy, "reference")
        assert bid(rep, 1) == "ORDER H"
        assert tricks(rep)[0] == "0:AC 1:9C 2:TC 3:QC -> 0"
        assert played(rep, 1, 0) == "KC"
    # and with lead_boss_offsuit off he never leads the ace: lowest side card first
    rep = play(MEMORY_DEAL, "9H", 3, "basic:play.lead_boss_offsuit=0", "reference")
    assert played(rep, 0, 0) == "9D"


def test_card_memory_knows_the_turned_down_card() -> None:
    """Round 2: the AC is turned down and seat 1 (``reference``: JS AS KS QS TS) calls spades.
    Everybody saw the AC go, so with ``play.card_memory=1`` the eldest's KC is the highest
    club in play: he leads it. Without memory he leads his lowest card, 9D. (Bidding: the
    eldest, KC 9D TD 9H TH, is far below every threshold; seat 2, TC JC QC JH QH, has clubs
    10.5 + two voids 2 - 2 for the AC going to the dealer = 10.5 < 13.)"""
    hands = ["KC 9D TD 9H TH", "JS AS KS QS TS", "TC JC QC JH QH", "9C JD QD KD 9S"]
    rep = play(hands, "AC", 3, "basic:play.card_memory=1", "reference")
    assert bid(rep, 1, 2) == "CALL S" and played(rep, 0, 0) == "KC"
    assert played(play(hands, "AC", 3, "basic", "reference"), 0, 0) == "9D"


def test_defence_singleton_ace() -> None:
    """Dealer 3, up-card 9H; seat 1 (``reference:bid_threshold=0``) orders. The eldest defends
    with AC AS 9S 9D TD: ``play.defence_singleton_ace=1`` leads the singleton AC (to ruff
    clubs later); basic leads its highest boss card, the AS."""
    hands = fill({0: "AC AS 9S 9D TD"}, "9H")
    rep = play(hands, "9H", 3, "basic:play.defence_singleton_ace=1", ANY)
    assert bid(rep, 1) == "ORDER H" and played(rep, 0, 0) == "AC"
    assert played(play(hands, "9H", 3, "basic", ANY), 0, 0) == "AS"


def test_defence_doubleton_ace_not_of_trump_colour() -> None:
    """Up-card 9S, seat 1 orders spades; the eldest defends with AC 9C AD 9D QH (no singleton
    ace). Doubleton aces: the AC is of the trump colour (clubs, the left bower's suit: likely
    to be ruffed), so ``play.defence_singleton_ace=1`` leads the AD. (Boss-card leads are off
    here, so without the convention he leads his lowest card, 9C.)"""
    hands = fill({0: "AC 9C AD 9D QH"}, "9S")
    a = "basic:play.lead_boss_offsuit=0"
    rep = play(hands, "9S", 3, a + ",play.defence_singleton_ace=1", ANY)
    assert bid(rep, 1) == "ORDER S" and played(rep, 0, 0) == "AD"
    assert played(play(hands, "9S", 3, a, ANY), 0, 0) == "9C"


# Round 2: the AH is turned down, seat 1 (reference: spades 17) calls spades. The eldest
# (seat 0) defends and leads; seat 2 and the dealer pass throughout.
TURNED_DOWN = ["9H TH TC QD KD", "JS AS KS QS TS", "AC 9D TD JD AD", "9C JC QC KC 9S"]
NEXT_DEF = ["KD 9D 9C QC TH", "JS AS KS QS TS", "AC JD QD AD 9H", "TC JC KC 9S TD"]


def test_avoid_the_turned_down_suit() -> None:
    """The eldest holds 9H TH TC QD KD, no ace, no trump: his lowest card is the 9H, of the
    turned-down suit (the dealer's side turned it down: they are short in it, and partner
    probably is too). ``play.avoid_turned_down_suit=1`` leads the lowest other card, TC."""
    rep = play(TURNED_DOWN, "AH", 3, "basic", "reference")
    assert bid(rep, 1, 2) == "CALL S" and played(rep, 0, 0) == "9H"
    rep = play(TURNED_DOWN, "AH", 3, "basic:play.avoid_turned_down_suit=1", "reference")
    assert played(rep, 0, 0) == "TC"


def test_lead_next_on_defence() -> None:
    """The eldest holds KD 9D 9C QC TH: ``play.lead_next_on_defence=1`` leads 'next' (the
    colour mate of the turned-down hearts), his best diamond KD; basic leads the lowest card,
    9C."""
    rep = play(NEXT_DEF, "AH", 3, "basic", "reference")
    assert bid(rep, 1, 2) == "CALL S" and played(rep, 0, 0) == "9C"
    rep = play(NEXT_DEF, "AH", 3, "basic:play.lead_next_on_defence=1", "reference")
    assert played(rep, 0, 0) == "KD"


def test_lead_through_a_loner() -> None:
    """Dealer 3, up-card 9H. Seat 1 (``reference``: JH JD AH KH AS, 20) orders and goes alone;
    the eldest, on his right, leads through him. ``play.lead_through_loner=1``: low from his
    longest side suit, 9D of 9D TD QD (keeping the AC); basic leads the AC."""
    hands = fill({0: "AC 9D TD QD 9S", 1: "JH JD AH KH AS"}, "9H")
    rep = play(hands, "9H", 3, "basic:play.lead_through_loner=1", "reference")
    assert has(rep, "ALONE 1 0") and played(rep, 0, 0) == "9D"
    assert played(play(hands, "9H", 3, "basic", "reference"), 0, 0) == "AC"


# --------------------------------------------------------------------------------------------
# Play: following
# --------------------------------------------------------------------------------------------


def test_second_hand_low() -> None:
    """Dealer 2, up-card 9H; seat 1 (``reference``: JH JD AH QH AD, 19) orders. Seat 3 leads
    his highest card, KC. Seat 0, second to play with AC 9C: ``play.second_hand_low`` (on in
    basic) plays the 9C and leaves the trick to his partner; off, he wins it with the AC."""
    hands = ["AC 9C 9S JS KD", "JH JD AH QH AD", "TC JC QC KH TH", "KC 9D TD QS TS"]
    rep = play(hands, "9H", 2, "basic", "reference")
    assert bid(rep, 1) == "ORDER H" and played(rep, 0, 3) == "KC"
    assert played(rep, 0, 0) == "9C"
    rep = play(hands, "9H", 2, "basic:play.second_hand_low=0", "reference")
    assert played(rep, 0, 0) == "AC"


def test_third_hand_high() -> None:
    """Dealer 1, up-card 9H; seat 3 (``reference``: hearts 13) orders. Seat 2 leads his lowest
    card, 9C; seat 3 covers with the QC. Seat 0, third, holds KC AC: basic wins as cheaply as
    possible (KC); ``play.third_hand_high=1`` plays his highest winner, the AC."""
    hands = ["KC AC JD 9D KS", "TC JC QH TH JS", "9C TD QD TS QS", "QC JH AH KH 9S"]
    rep = play(hands, "9H", 1, "basic", "reference")
    assert bid(rep, 3) == "ORDER H"
    assert tricks(rep)[0].startswith("2:9C 3:QC 0:KC")
    rep = play(hands, "9H", 1, "basic:play.third_hand_high=1", "reference")
    assert tricks(rep)[0].startswith("2:9C 3:QC 0:AC")


# Dealer 1, up-card QH; seat 3 (reference: JH AH KH, 13) orders; the dealer discards TC.
# Seat 2 leads a club, seat 3 follows with the 9C; seat 0, third, has no club.
OVER_A = ["JD 9D QD AS QS", "TC JC QC AC TD", "KC KD KS TH 9H", "9C JH AH KH 9S"]
OVER_B = ["JD 9D QD AS QS", "TC JC QC KC TD", "AC KD KS TH 9H", "9C JH AH KH 9S"]


def test_never_overtrump_partners_boss_card() -> None:
    """Partner leads the KC (his lowest card; the AC is still out, with the dealer): it is not
    sure to hold, and with ``play.overtrump_partner=1`` seat 0 trumps it with the JD; basic
    never beats a partner's winning card and throws the 9D. When partner leads the boss AC,
    seat 0 does not trump it even with ``play.overtrump_partner=1``."""
    over = "basic:play.overtrump_partner=1"
    rep = play(OVER_A, "QH", 1, over, "reference")
    assert bid(rep, 3) == "ORDER H" and tricks(rep)[0].startswith("2:KC 3:9C 0:JD")
    rep = play(OVER_A, "QH", 1, "basic", "reference")
    assert tricks(rep)[0].startswith("2:KC 3:9C 0:9D")
    rep = play(OVER_B, "QH", 1, over, "reference")
    assert tricks(rep)[0].startswith("2:AC 3:9C 0:9D")


def test_throw_off_to_make_a_void() -> None:
    """As above, partner's AC wins the trick; seat 0, out of clubs, holds JD 9D TD QD QS and
    throws off. ``play.throw_off_make_void=1``: the lone QS, voiding spades; basic: the lowest
    card, 9D."""
    hands = ["JD 9D TD QD QS", "TC JC QC KC AS", "AC KD KS TH 9H", "9C JH AH KH 9S"]
    rep = play(hands, "QH", 1, "basic:play.throw_off_make_void=1", "reference")
    assert tricks(rep)[0].startswith("2:AC 3:9C 0:QS")
    rep = play(hands, "QH", 1, "basic", "reference")
    assert tricks(rep)[0].startswith("2:AC 3:9C 0:9D")


# --------------------------------------------------------------------------------------------
# Card memory of shown voids: lead to partner's void, keep away from an opponent's
# --------------------------------------------------------------------------------------------


def test_lead_a_suit_partner_has_shown_out_of() -> None:
    """Dealer 3, up-card 9H. Seat 1 (``reference``: JH JD AH KH 9C, hearts 18) orders; the
    dealer (JC KC TH QH TS) takes the 9H and discards his weakest card, TS. The eldest leads his
    boss AC: ``0:AC 1:9C 2:9D 3:JC -> 0``; his partner, seat 2, showed out of clubs (and has
    shown no trump void). Leading again from TC QC QD 9S, none of them a boss card:
    ``play.lead_partner_void=1`` (with card memory) leads a club for partner to ruff, the TC;
    without it he leads his lowest card, the 9S."""
    hands = ["AC TC QC QD 9S", "JH JD AH KH 9C", "KD TD 9D QS KS", "JC KC TH QH TS"]
    base = "basic:play.card_memory=1"
    rep = play(hands, "9H", 3, f"{base},play.lead_partner_void=1", "reference")
    assert bid(rep, 1) == "ORDER H"
    assert tricks(rep)[0] == "0:AC 1:9C 2:9D 3:JC -> 0"
    assert played(rep, 1, 0) == "TC"
    rep = play(hands, "9H", 3, f"{base},play.lead_partner_void=0", "reference")
    assert tricks(rep)[0] == "0:AC 1:9C 2:9D 3:JC -> 0"
    assert played(rep, 1, 0) == "9S"
    # without card memory the parameter does nothing
    rep = play(hands, "9H", 3, "basic:play.lead_partner_void=1", "reference")
    assert played(rep, 1, 0) == "9S"


def test_avoid_a_suit_an_opponent_has_shown_out_of() -> None:
    """Dealer 3, up-card 9H; the dealer (``reference``: JH AH KH JC KC, with the 9H hearts 15)
    takes it up and discards JC. The eldest leads his boss AC and seat 1 (no club, no trump)
    throws the 9D: ``0:AC 1:9D 2:TC 3:KC -> 0``. Leading again from 9C QD 9S TS: his lowest card
    is the 9C, but seat 1 has shown out of clubs, so with ``play.avoid_opponent_void=1`` (and
    card memory) he leads the 9S instead."""
    hands = ["AC 9C QD 9S TS", "KD TD 9D KS QS", "TC QC AD AS JS", "JH AH KH JC KC"]
    base = "basic:play.card_memory=1"
    rep = play(hands, "9H", 3, f"{base},play.avoid_opponent_void=1", "reference")
    assert bid(rep, 3) == "ORDER H" and rep.record["discard"] == parse_card("JC")
    assert tricks(rep)[0] == "0:AC 1:9D 2:TC 3:KC -> 0"
    assert played(rep, 1, 0) == "9S"
    rep = play(hands, "9H", 3, f"{base},play.avoid_opponent_void=0", "reference")
    assert tricks(rep)[0] == "0:AC 1:9D 2:TC 3:KC -> 0"
    assert played(rep, 1, 0) == "9C"


def test_deck_eff_table_is_each_deck_in_the_effective_layout():
    """``DECK_EFF`` (what is in play at the start, read by ``is_boss``) is every deck's natural
    mask converted for each trump."""
    from euchre_sim.core.four.hands import to_effective
    from euchre_sim.core.four.tables import DECK_EFF, DECK_NAT

    for row in range(4):
        for trump in range(4):
            assert DECK_EFF[row, trump] == to_effective(np.int64(DECK_NAT[row]), trump)


def test_card_memory_after_a_chuck_keeps_the_up_card_in_play() -> None:
    """With card memory the turned-down up-card of round 2 is out of play, unless the stuck
    dealer chucked (``stuck`` 2): then he holds it."""
    params = np.zeros((2, N_Q), np.float64)
    params[:, Q_MEMORY] = 1
    g = np.zeros(L.G_SIZE, np.int64)
    g[L.G_ROUND], g[L.G_TRUMP], g[L.G_UP] = 2, 3, parse_card("AS")
    g[L.G_DEALER], g[L.G_DISCARD] = 0, -1
    up = 1 << int(EFF[3, parse_card("AS")])
    for stuck, gone in ((1, up), (2, 0)):
        g[L.G_STUCK] = stuck
        assert gone_mask(params, g, 1) == gone


def test_card_memory_after_a_right_smitty_guess_knows_the_eldest_s_discard() -> None:
    """After a right Smitty guess (``stuck`` 3) the eldest, not the dealer, took the up-card
    and discarded: with card memory his discard is out of play for him alone; with up-card
    memory his partner knows he holds the up-card (``known_upcard``)."""
    from euchre_sim.core.common import layout as L
    from euchre_sim.core.four.kinds import Q_UPCARD_MEMORY
    from euchre_sim.core.four.scripted import known_upcard

    params = np.zeros((2, N_Q), np.float64)
    params[:, Q_MEMORY] = 1
    params[:, Q_UPCARD_MEMORY] = 1
    g = np.zeros(L.G_SIZE, np.int64)
    g[L.G_ROUND], g[L.G_TRUMP], g[L.G_UP], g[L.G_DEALER] = 1, 3, parse_card("AS"), 0
    g[L.G_OUT_A] = g[L.G_OUT_B] = -1
    d = int(EFF[3, parse_card("9D")])
    g[L.G_DISCARD] = d
    up = int(EFF[3, parse_card("AS")])
    for stuck, taker in ((0, 0), (3, 1)):
        g[L.G_STUCK] = stuck
        for seat in range(4):
            assert gone_mask(params, g, seat) == ((1 << d) if seat == taker else 0)
        assert known_upcard(params, g, taker ^ 2) == up
