"""What a situation means: its facts (trump, maker, who sits out, the voids shown, the trick
winners, the question it asks), the checks that it can happen, and the options it offers.

``derive_facts`` walks the situation (``situation.Situation``) in the order of the deal: the
bidding, the dealer's discard, the loners, then every card played in turn, checking each fact
against the rules and the ones before it (a card seen twice, a play out of turn, a card of a
suit its player has shown out of, the asker's own plays legal with the cards he holds...): an
impossible situation is an ``AnalysisError`` with a one-line message naming the problem.
``options`` lists the legal actions of the question, each with the script slots
(``core.common.layout.SC_*``) that force it on a deal.

In the analysed deals the dealer sits in seat 3, so a position (eldest 0, the dealer's partner
1, third 2, dealer 3) is also the seat number.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple, Protocol

import numpy as np

from ..core.common import layout as L
from ..core.four.tables import eff_bit
from ..game.cards import (
    JOKER,
    RANK_J,
    SUIT_NAMES,
    SUITS,
    format_card,
    mask_to_cards,
    rank_of,
    suit_of,
)
from ..game.rules import no_trump_callable

if TYPE_CHECKING:
    from ..game.rules import Rules

POSITIONS = ("eldest", "partner", "third", "dealer")
DEALER = 3  # the analysed deals put the dealer in seat 3: eldest 0, partner 1, third 2
TRUMP = 4  # the suit key of a trump card (see ``suit_in_play``)
CLUBS, HEARTS = SUITS.index("C"), SUITS.index("H")


class Situation(Protocol):
    """What the facts are read from: the fields of ``situation.Situation`` (declared here, so
    that this module, which ``situation`` imports, does not import it back)."""

    rules: Rules
    hand: int
    up: int
    position: int
    bids: tuple[str, ...]
    alone: bool
    discard: int
    defender: int | None
    tricks: tuple[tuple[tuple[int, int], ...], ...]
    score: tuple[int, int]

    @property
    def seat(self) -> int: ...

    @property
    def facts(self) -> Facts: ...

    @property
    def round(self) -> int: ...


QUESTIONS = {"round1": "round 1 bid", "round2": "round 2 bid", "discard": "the discard",
             "defend": "lone defence", "play": "the card to play"}


class AnalysisError(ValueError):
    """A situation that is malformed or cannot happen (one-line message)."""


def is_trump(card: int, trump: int) -> bool:
    """Trump under ``trump``: its suit, the left bower, the joker."""
    return card == JOKER or suit_of(card) == trump or (
        rank_of(card) == RANK_J and suit_of(card) == trump ^ 3)


def suit_in_play(card: int, trump: int) -> int:
    """The suit a card belongs to in play: ``TRUMP`` for a trump, else its printed suit."""
    return TRUMP if is_trump(card, trump) else suit_of(card)


def suit_word(key: int, trump: int) -> str:
    """``trump (hearts)`` or ``clubs``."""
    return f"trump ({SUIT_NAMES[trump]})" if key == TRUMP else SUIT_NAMES[key]


def trick_winner(trick: list[tuple[int, int]], trump: int) -> int:
    """The seat winning ``trick`` ((seat, card) in play order): the strongest trump, else the
    strongest card of the suit led (``core.four.tables.eff_bit`` orders cards by strength)."""
    led = suit_in_play(trick[0][1], trump)
    best = max((eff_bit(trump, c), s) for s, c in trick
               if suit_in_play(c, trump) in (led, TRUMP))
    return best[1]


class Option(NamedTuple):
    """One action of the question: its label and the script slots (``SC_*``) and values that
    force it on a deal."""

    label: str
    forced: tuple[tuple[int, int], ...]


@dataclass
class Facts:
    """What follows from a situation: the bidding's outcome, who sits out, the play so far and
    the question it asks."""

    question: str  # a key of QUESTIONS
    passes: int  # passes before trump was made (or so far)
    maker: int = -1
    trump: int = -1
    round: int = 0  # the round trump was made in, or of the asker's bid
    took_up: bool = False  # the dealer picked up the up-card
    alone: bool = False
    defender: int = -1  # seat of the lone defender, -1 none
    asked: tuple[int, ...] = ()  # the defenders asked about lone defence, in turn
    asked_before: tuple[int, ...] = ()  # of those, the ones asked before the asker
    out: frozenset[int] = frozenset()
    tricks: list[list[tuple[int, int]]] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)  # of the complete tricks
    voids: dict[int, int] = field(default_factory=dict)  # seat -> bit k: shown out of suit key k
    played: dict[int, int] = field(default_factory=dict)  # seat -> mask of cards played
    leader: int = -1  # the leader of the current (or next) trick
    dealt: int = 0  # the asker's five dealt cards
    legal: int = 0  # play question: the asker's legal cards

    @property
    def plays(self) -> list[tuple[int, int]]:
        """Every card played, in order."""
        return [p for trick in self.tricks for p in trick]


# ------------------------------------------------------------------------------------------
# What follows from the facts, and whether they can happen
# ------------------------------------------------------------------------------------------


def derive_facts(sit: Situation) -> Facts:
    """Check the situation and derive its facts (``AnalysisError`` when it cannot happen)."""
    rules = sit.rules
    check_partner_alone(sit)
    check_no_trump(sit)
    check_smitty(sit)
    check_exchanges(sit)
    check_trump_options(sit)
    n = len(sit.bids)
    made = n > 0 and sit.bids[-1] != "pass"
    if not made:
        before_the_up_card(sit, "")
        facts = bidding_question(sit, n)
        facts.dealt = sit.hand
        return facts
    passes = n - 1
    maker = (DEALER + 1 + passes) & 3
    rnd = 1 if passes < 4 else 2
    trump = suit_of(sit.up) if rnd == 1 else SUITS.index(sit.bids[-1])
    canadian = rnd == 1 and rules.dealer_partner_alone and maker == (DEALER + 2) & 3
    facts = Facts("play", passes, maker, trump, rnd, took_up=rnd == 1 and not canadian,
                  alone=sit.alone or canadian)
    if rules.farmers_hand or rules.partners_best != "none":
        raise AnalysisError("questions after the bidding are not supported under the farmer's "
                            "hand or partner's best (cards change hands before the play)")
    out = {(maker + 2) & 3} if facts.alone else set()
    facts.out = frozenset(out)
    dealer_discards = facts.took_up and sit.position == DEALER
    if sit.discard >= 0 and not dealer_discards:
        raise AnalysisError("discard= is the dealer's own discard: only a dealer who took up "
                            "the up-card gives it (the others never see it)")
    if dealer_discards and sit.discard < 0:
        if sit.tricks or sit.defender is not None:
            raise AnalysisError("the dealer discards before the play: give your discard "
                                "(discard=...)")
        facts.question = "discard"
        before_the_up_card(sit, " at the discard (the up-card not counted)")
        facts.dealt = sit.hand
        check_dealer_needs_trump(sit, facts)
        return facts
    if sit.discard == sit.up:
        raise AnalysisError(f"the dealer cannot discard the up-card {format_card(sit.up)}")
    if sit.discard >= 0 and sit.hand >> sit.discard & 1:
        raise AnalysisError(f"the discard {format_card(sit.discard)} is also in the hand")
    lone_defence(sit, facts, out)
    facts.out = frozenset(out)
    if sit.seat in out:
        raise AnalysisError(f"the {POSITIONS[sit.position]} sits out (his partner plays "
                            "alone): nothing to decide")
    if facts.question == "play":
        replay_tricks(sit, facts)
    own = facts.played.get(sit.seat, 0)
    facts.dealt = sit.hand | own
    if dealer_discards:
        if not (sit.hand | own) >> sit.up & 1:
            raise AnalysisError(f"the dealer took up {format_card(sit.up)} and has not played "
                                "it: it belongs in the hand")
        facts.dealt = (facts.dealt | 1 << sit.discard) & ~(1 << sit.up)
    elif sit.hand >> sit.up & 1:
        raise AnalysisError(f"the up-card {format_card(sit.up)} is in the hand, but "
                            + ("the dealer took it up" if facts.took_up
                               else "it was turned down"))
    check_dealer_needs_trump(sit, facts)
    n_own = bin(own).count("1")
    hand_size(sit, 5 - n_own, f" after playing {n_own} card(s)" if n_own else "")
    if facts.question == "play":
        ask_play(sit, facts)
    return facts


def check_partner_alone(sit: Situation) -> None:
    """partner_may_go_alone: the maker's partner may play alone, which neither the bidding
    notation nor the replayed histories say (who sits out, the record's alone = 2), so no
    situation is analysed under it."""
    if sit.rules.partner_may_go_alone:
        raise AnalysisError("partner_may_go_alone is not supported: the analyser cannot say or "
                            "replay a loner of the maker's partner")


def check_no_trump(sit: Situation) -> None:
    """no_trump: a round-2 call of no trump is an action the bidding notation and the
    analyser's options do not have, so no situation is analysed under it."""
    if no_trump_callable(sit.rules):
        raise AnalysisError("no_trump is not supported: the analyser cannot say, offer or "
                            "replay a call of no trump")


def check_smitty(sit: Situation) -> None:
    """smitty: the eldest's guess comes before the bidding; the notation cannot write it and
    a replayed history would make it again (a right guess would be another deal), so no
    situation is analysed under it."""
    if sit.rules.smitty:
        raise AnalysisError("smitty is not supported: the analyser cannot say or replay the "
                            "eldest's guess of the up-card's suit")


def check_exchanges(sit: Situation) -> None:
    """farmers_hand = strict: several players may exchange with the kitty before the bidding,
    which a situation cannot say (who did, with which cards), so none is analysed."""
    if sit.rules.farmers_hand == "strict":
        raise AnalysisError("farmers_hand = strict is not supported: several players may "
                            "exchange with the kitty before the bidding, which a situation "
                            "cannot say")


def check_trump_options(sit: Situation) -> None:
    """club_euchre: a club turned up is taken without bidding (a deal the analyser does not
    take, like a joker turned up); hearts_never_trump: no bid makes hearts trump."""
    rules, up = sit.rules, sit.up
    if rules.club_euchre and suit_of(up) == CLUBS:
        raise AnalysisError(f"the up-card {format_card(up)} is a club: under club_euchre the "
                            "dealer's side must take it and nobody bids (the analyser does "
                            "not take such deals)")
    if not rules.hearts_never_trump:
        return
    for i, bid in enumerate(sit.bids):
        if i < 4 and bid == "order" and suit_of(up) == HEARTS:
            raise AnalysisError(f"the up-card {format_card(up)} is a heart: it cannot be "
                                "ordered up or taken (hearts_never_trump)")
        if i >= 4 and bid == SUITS[HEARTS]:
            raise AnalysisError("hearts cannot be named trump (hearts_never_trump)")


def check_chuck(sit: Situation) -> None:
    """chuck: the stuck dealer's question would offer chucking, which the bidding notation
    cannot write, so it is not analysed (a stuck dealer who named a suit is: his suit is
    forced, and forcing it skips the chuck question)."""
    rules = sit.rules
    heart_up = rules.hearts_never_trump and suit_of(sit.up) == HEARTS  # no chuck into hearts
    if rules.chuck and rules.stick_the_dealer and sit.position == DEALER and not heart_up:
        raise AnalysisError("chuck is not supported for the stuck dealer's question: the "
                            "analyser cannot offer a chuck")


def before_the_up_card(sit: Situation, when: str) -> None:
    """Before the dealer picks it up, the up-card is not in the hand, which has five cards."""
    if sit.hand >> sit.up & 1:
        raise AnalysisError(f"the up-card {format_card(sit.up)} is also in the hand"
                            + (" (write the hand without it before the discard)"
                               if sit.position == DEALER else ""))
    hand_size(sit, 5, when)


def check_dealer_needs_trump(sit: Situation, facts: Facts) -> None:
    """Under dealer_needs_trump an asking dealer who took up held the up-card's suit."""
    if (facts.took_up and facts.maker == DEALER and sit.position == DEALER
            and sit.rules.dealer_needs_trump
            and not facts.dealt & (0xFF << 8 * suit_of(sit.up))):
        raise AnalysisError("the dealer may take up only holding a card of the up-card's suit "
                            "(dealer_needs_trump)")


def hand_size(sit: Situation, want: int, when: str) -> None:
    have = bin(sit.hand).count("1")
    if have != want:
        raise AnalysisError(f"the hand needs {want} cards{when}, got {have}")


def bidding_question(sit: Situation, n: int) -> Facts:
    """The bid the asker is to make after ``n`` passes (checks that it is his turn)."""
    key, position = POSITIONS[sit.position], sit.position
    if sit.alone:
        raise AnalysisError("'alone' without a bid that made trump")
    if sit.discard >= 0 or sit.tricks or sit.defender is not None:
        raise AnalysisError("trump is not made yet (the bidding is all passes): no discard, "
                            "lone defence or tricks yet")
    if n == 8:
        raise AnalysisError("all passed twice: the hand is thrown in, nothing to decide"
                            if not sit.rules.stick_the_dealer else
                            "the dealer is stuck: he cannot pass in round 2")
    if n == position:
        rnd = 1
    elif n == position + 4:
        rnd = 2
        check_chuck(sit)
    else:
        raise AnalysisError(
            f"bidding cannot happen: the {key} speaks after {position} passes in round 1 or "
            f"{position + 4} in round 2, not after {n}")
    return Facts("round1" if rnd == 1 else "round2", n, round=rnd)


def lone_defence(sit: Situation, facts: Facts, out: set[int]) -> None:
    """Who was asked about lone defence, who went alone, and whether the asker is asked now."""
    rules = sit.rules
    if not rules.defender_alone:
        if sit.defender is not None:
            raise AnalysisError("defend=: lone defence is not in these rules (--set "
                                "defender_alone=true)")
        return
    if rules.lone_defence == "against_lone_maker" and not facts.alone:
        if sit.defender is not None and sit.defender >= 0:
            raise AnalysisError(f"defend={POSITIONS[sit.defender]}: under lone_defence="
                                "against_lone_maker a defender goes alone only against a "
                                "lone maker")
        return  # nobody is asked
    asked = []
    first = DEALER if rules.lone_defence == "any" else facts.maker  # asked from its left
    for k in range(4):
        seat = (first + 1 + k) & 3
        if (seat ^ facts.maker) & 1 == 0:
            continue
        position = (seat - DEALER - 1) & 3  # passes count from the dealer's left
        passed = position < (facts.passes if facts.round == 1 else facts.passes - 4)
        if rules.passed_cannot_go_alone and passed:
            continue  # barred: not asked
        asked.append(seat)
    facts.asked = tuple(asked)
    if sit.defender is not None and sit.defender >= 0 and sit.defender not in asked:
        raise AnalysisError(f"defend={POSITIONS[sit.defender]}: that player cannot defend alone "
                            "(not a defender, or barred by passed_cannot_go_alone)")
    if sit.defender is None and sit.seat in asked and not sit.tricks:
        facts.question = "defend"
        facts.asked_before = tuple(asked[:asked.index(sit.seat)])
        return
    facts.defender = -1 if sit.defender is None else sit.defender
    if facts.defender >= 0:
        out.add((facts.defender + 2) & 3)


def first_leader(sit: Situation, facts: Facts) -> int:
    """Step 11 of docs/engine.md: who leads the first trick."""
    lone = facts.defender >= 0
    lead = sit.rules.lead
    if lead != "eldest" and (facts.alone or lone):
        if facts.alone and lone:
            return facts.defender
        step = 1 if lead == "left_of_lone" else 3  # left / right of the lone player
        return ((facts.maker if facts.alone else facts.defender) + step) & 3
    seat = (DEALER + 1) & 3
    while seat in facts.out:
        seat = (seat + 1) & 3
    return seat


def replay_tricks(sit: Situation, facts: Facts) -> None:
    """Walk the card play: turn order, cards seen once, the up-card only from the dealer who
    took it, shown voids respected, the asker's own plays (and the dealer's, while he holds
    the up-card) legal; fills the tricks, winners, voids, played cards and the next leader."""
    trump, seat_me = facts.trump, sit.seat
    own_later = 0  # the asker's cards played after the one being checked
    own_plays = [c for t in sit.tricks for s, c in t if s == seat_me]
    seen = {c: "in your hand" for c in mask_to_cards(sit.hand)}
    if sit.discard >= 0:
        seen[sit.discard] = "your discard"
    voids = {s: 0 for s in range(4)}
    why = {}
    played = {s: 0 for s in range(4)}
    up_held = facts.took_up  # the dealer still holds the up-card
    leader = first_leader(sit, facts)
    for t, trick in enumerate(sit.tricks):
        if t >= 5:
            raise AnalysisError("tricks: a deal has five tricks")
        order = [(leader + i) & 3 for i in range(4) if (leader + i) & 3 not in facts.out]
        if len(trick) > len(order):
            raise AnalysisError(f"trick {t + 1} has {len(trick)} cards: {len(order)} players "
                                "play")
        if t < len(sit.tricks) - 1 and len(trick) < len(order):
            raise AnalysisError(f"trick {t + 1} is incomplete but another trick follows")
        led = -1
        for i, (seat, card) in enumerate(trick):
            where = f"trick {t + 1}"
            if seat != order[i]:
                raise AnalysisError(f"{where}: the {POSITIONS[seat]} played out of turn (the "
                                    f"{POSITIONS[order[i]]} was to play)")
            who = f"the {POSITIONS[seat]}"
            if card in seen:
                raise AnalysisError(f"{where}: {format_card(card)} is played by {who} but is "
                                    f"{seen[card]}")
            if card == sit.up and not (facts.took_up and seat == DEALER):
                raise AnalysisError(f"{where}: {format_card(card)} is the up-card: "
                                    + ("only the dealer, who took it up, can play it"
                                       if facts.took_up else "it was turned down, nobody "
                                       "holds it"))
            seen[card] = f"already played ({where})"
            key = suit_in_play(card, trump)
            if voids[seat] >> key & 1:
                raise AnalysisError(f"{where}: {who} plays {format_card(card)}, a "
                                    f"{suit_word(key, trump)} card, but showed out of "
                                    f"{suit_word(key, trump)} {why[seat, key]}")
            if seat == seat_me:
                own_later = sum(1 << c for c in own_plays[own_plays.index(card) + 1:])
            holding = (sit.hand | own_later) if seat == seat_me else 0
            if seat == DEALER and up_held and card != sit.up:
                holding |= 1 << sit.up
            if i == 0:
                led = key
                if t == 0 and sit.rules.no_first_blood and key == TRUMP:
                    plain = [c for c in mask_to_cards(holding) if not is_trump(c, trump)]
                    if plain:
                        raise AnalysisError(f"{where}: {who} leads trump, not allowed first "
                                            f"(no_first_blood) while holding "
                                            f"{format_card(plain[0])}")
                    for s in range(4):  # he held trumps only
                        voids[seat] |= 1 << s
                        why[seat, s] = "(he led trump first under no_first_blood)"
            elif key != led:
                follow = [c for c in mask_to_cards(holding) if suit_in_play(c, trump) == led]
                if follow:
                    raise AnalysisError(f"{where}: {who} plays {format_card(card)} but holds "
                                        f"{format_card(follow[0])} and must follow "
                                        f"{suit_word(led, trump)}")
                if not voids[seat] >> led & 1:
                    voids[seat] |= 1 << led
                    why[seat, led] = f"in {where}"
            if card == sit.up:
                up_held = False
            played[seat] |= 1 << card
        facts.tricks.append(list(trick))
        if len(trick) == len(order):
            leader = trick_winner(list(trick), trump)
            facts.winners.append(leader)
    facts.voids = voids
    facts.played = played
    facts.leader = leader


def ask_play(sit: Situation, facts: Facts) -> None:
    """The question after the cards played: the asker's card, if it is his turn."""
    if len(facts.winners) == 5:
        raise AnalysisError("all five tricks are played: nothing to decide")
    current = facts.tricks[-1] if len(facts.winners) < len(facts.tricks) else []
    order = [(facts.leader + i) & 3 for i in range(4) if (facts.leader + i) & 3 not in facts.out]
    nxt = order[len(current)]
    if nxt != sit.seat:
        raise AnalysisError(f"it is the {POSITIONS[nxt]}'s turn to play, not the "
                            f"{POSITIONS[sit.position]}'s")
    facts.legal = legal_cards(sit, facts, current)


def legal_cards(sit: Situation, facts: Facts, current: list[tuple[int, int]]) -> int:
    """The asker's legal cards now (follow suit; no trump lead first under no_first_blood)."""
    trump = facts.trump
    cards = mask_to_cards(sit.hand)
    if current:
        led = suit_in_play(current[0][1], trump)
        follow = [c for c in cards if suit_in_play(c, trump) == led]
        return sum(1 << c for c in (follow or cards))
    if not facts.tricks and sit.rules.no_first_blood:
        plain = [c for c in cards if not is_trump(c, trump)]
        return sum(1 << c for c in (plain or cards))
    return sit.hand


# ------------------------------------------------------------------------------------------
# The options of the question
# ------------------------------------------------------------------------------------------


def options(sit: Situation) -> list[Option]:
    """The legal actions of the question, each with the script slots that force it."""
    f = sit.facts
    seat = sit.seat
    if f.question in ("round1", "round2"):
        return bid_options(sit)
    if f.question == "discard":
        cards = sorted(mask_to_cards(sit.hand), key=lambda c: eff_bit(f.trump, c))
        return [Option(f"discard {format_card(c)}", ((L.SC_DISCARD, c),)) for c in cards]
    if f.question == "defend":
        return [Option("defend with partner", ((L.SC_DEFEND + seat, 0),)),
                Option("defend alone", ((L.SC_DEFEND + seat, 1),))]
    k = len(f.plays)
    verb = "play" if k % (4 - len(f.out)) else "lead"
    cards = sorted(mask_to_cards(f.legal), key=lambda c: eff_bit(f.trump, c))
    return [Option(f"{verb} {format_card(c)}", ((L.SC_PLAY + k, c),)) for c in cards]


def may_order_up(rules: Rules, position: int, hand: int | np.ndarray,
                 up: int | np.ndarray) -> np.ndarray:
    """Do the rules let the player at ``position`` (from the dealer's left; 3 the dealer)
    order up (or take up) ``up`` holding ``hand`` in round 1? Not a heart under
    hearts_never_trump, nor a club under club_euchre (nobody bids), and a dealer under
    dealer_needs_trump only holding a card of its printed suit. ``hand`` and ``up`` may be
    numpy arrays (one answer per deal)."""
    suit = np.asarray(up, np.int64) // 8
    ok = np.ones(suit.shape, bool)
    if rules.hearts_never_trump:
        ok &= suit != HEARTS
    if rules.club_euchre:
        ok &= suit != CLUBS
    if position == DEALER and rules.dealer_needs_trump:
        ok &= ((np.asarray(hand, np.int64) >> (8 * suit)) & 0xFF) != 0
    return ok


def bid_options(sit: Situation) -> list[Option]:
    """Round 1: pass, order up (with the partner or alone); round 2: pass (unless stuck),
    each suit but the turned-down one (and hearts under hearts_never_trump), with the
    partner or alone."""
    rules, seat = sit.rules, sit.seat
    upsuit = sit.up // 8
    r1, r2, alone = L.SC_ROUND1 + seat, L.SC_ROUND2 + seat, L.SC_ALONE + seat
    never = {HEARTS} if rules.hearts_never_trump else set()
    if sit.round == 1:
        out = [Option("pass", ((r1, 0),))]
        may_order = bool(may_order_up(rules, sit.position, sit.hand, sit.up))
        verb = "take up" if sit.position == DEALER else "order up"
        if may_order:
            if sit.position == 1 and rules.dealer_partner_alone:
                out.append(Option(f"{verb} (alone: Canadian loner)", ((r1, 1),)))
            else:
                out.append(Option(verb, ((r1, 1), (alone, 0))))
                out.append(Option(f"{verb} alone", ((r1, 1), (alone, 1))))
        return out
    stuck = sit.position == DEALER and rules.stick_the_dealer
    out = [] if stuck else [Option("pass", ((r2, 4),))]
    for t in range(4):
        if t != upsuit and t not in never:
            out.append(Option(f"call {SUIT_NAMES[t]}", ((r2, t), (alone, 0))))
            out.append(Option(f"call {SUIT_NAMES[t]} alone", ((r2, t), (alone, 1))))
    return out


def describe(sit: Situation) -> str:
    """``hand KH AH QS, up-card 9H, dealer; hearts trump, made by the dealer in round 1;
    question: the card to play (trick 2), score 0-0``."""
    f = sit.facts
    hand = " ".join(format_card(c) for c in mask_to_cards(sit.hand))
    text = f"hand {hand}, up-card {format_card(sit.up)}, {POSITIONS[sit.position]}"
    if f.question in ("round1", "round2"):
        text += f", round {f.round}"
    else:
        text += (f"; {SUIT_NAMES[f.trump]} trump, made by the {POSITIONS[f.maker]} in round "
                 f"{f.round}" + (" (alone)" if f.alone else ""))
        if f.defender >= 0:
            text += f", the {POSITIONS[f.defender]} defends alone"
        question = QUESTIONS[f.question]
        if f.question == "play":
            question += f" (trick {len(f.winners) + 1})"
        text += f"; question: {question}"
    return text + f", score {sit.score[0]}-{sit.score[1]}"

