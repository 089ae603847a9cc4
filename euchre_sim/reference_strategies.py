"""The built-in strategies of the reference engine: ``random`` and ``reference``.

Each decision is a function ``(state, legal, rng) -> action``; ``state`` is the
:class:`euchre_sim.reference.DealState` (read only), ``legal`` its legal actions in the canonical
order of ``docs/engine.md`` and ``rng`` the deal's :class:`euchre_sim.reference.Rng`.

* ``random`` takes the only legal action without drawing, otherwise ``legal[rng.below(len)]``.
* ``reference`` is the script of ``shared/bench/README.md`` as written in ``docs/engine.md``; it
  never draws a random number.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from euchre_sim.cards import JOKER, RANK_A, RANK_J, RANK_K, rank_of, suit_of

Action = tuple
Decide = Callable[[Any, list, Any], Action]

BID_THRESHOLD = 12
ALONE_THRESHOLD = 20


# --------------------------------------------------------------------------------------------
# random
# --------------------------------------------------------------------------------------------


def uniform(st: Any, legal: list, rng: Any) -> Action:
    """Uniform over the legal actions; a single legal action is taken without drawing."""
    if len(legal) == 1:
        return legal[0]
    return legal[rng.below(len(legal))]


RANDOM: dict[str, Decide] = {
    phase: uniform
    for phase in ("redeal", "farmer", "joker_trump", "round1", "round2", "discard", "alone",
                  "defend_alone", "railroad", "give", "lone_discard", "play")
}


# --------------------------------------------------------------------------------------------
# reference
# --------------------------------------------------------------------------------------------


def hand_strength(hand: int, trump: int) -> int:
    """Bidding strength of a natural hand for trump ``trump``.

    Right bower 6, left bower 5, trump A 4, trump K 3, other trumps 2, the joker 7, each off-suit
    ace 2.
    """
    total = 0
    for card in range(33):
        if not hand >> card & 1:
            continue
        if card == JOKER:
            total += 7
            continue
        suit, rank = suit_of(card), rank_of(card)
        if rank == RANK_J and suit == trump:
            total += 6
        elif rank == RANK_J and suit == trump ^ 3:
            total += 5
        elif suit == trump:
            total += 4 if rank == RANK_A else 3 if rank == RANK_K else 2
        elif rank == RANK_A:
            total += 2
    return total


def strongest_suit(hand: int, suits: list[int]) -> int:
    """The suit of ``suits`` with the highest strength; ties go to the lower suit id."""
    best = suits[0]
    for s in suits:
        if hand_strength(hand, s) > hand_strength(hand, best):
            best = s
    return best


def ref_redeal(st: Any, legal: list, rng: Any) -> Action:
    """Never calls a redeal."""
    return ("keep",)


def ref_farmer(st: Any, legal: list, rng: Any) -> Action:
    """Never exchanges a farmer's hand (so the choice of three cards never arises)."""
    return ("keep",)


def ref_joker_trump(st: Any, legal: list, rng: Any) -> Action:
    """Joker turned up: the dealer names his strongest suit (hand without the joker)."""
    hand = st.hands[st.dealer] & ~(1 << JOKER)
    return ("call", strongest_suit(hand, [0, 1, 2, 3]))


def ref_round1(st: Any, legal: list, rng: Any) -> Action:
    """Order up at strength >= 12; the dealer counts the up-card; a barred dealer passes."""
    if ("order",) not in legal:
        return ("pass",)
    seat = st.current_player()
    hand = st.hands[seat]
    if seat == st.dealer:
        hand |= 1 << st.up_card
    if hand_strength(hand, suit_of(st.up_card)) >= BID_THRESHOLD:
        return ("order",)
    return ("pass",)


def ref_round2(st: Any, legal: list, rng: Any) -> Action:
    """Call the strongest allowed suit at strength >= 12; a stuck dealer calls it anyway."""
    hand = st.hands[st.current_player()]
    suits = [a[1] for a in legal if a[0] == "call"]
    best = strongest_suit(hand, suits)
    if hand_strength(hand, best) >= BID_THRESHOLD or ("pass",) not in legal:
        return ("call", best)
    return ("pass",)


def ref_discard(st: Any, legal: list, rng: Any) -> Action:
    """The dealer discards his weakest card other than the up-card."""
    return min(legal, key=lambda a: st.strength(a[1]))


def ref_alone(st: Any, legal: list, rng: Any) -> Action:
    """Alone if the strength that made him bid is >= 20.

    Round 1: as computed for the order (the dealer with the up-card); round 2: the named suit's
    strength; joker turned up: the named suit's strength with the joker. READING: the hand is the
    maker's hand when he made trump (``st.bid_hand``), plus the up-card for the dealer.
    """
    hand = st.bid_hand
    if st.round == 1 and st.maker == st.dealer:
        hand |= 1 << st.up_card
    return ("alone", hand_strength(hand, st.trump) >= ALONE_THRESHOLD)


def ref_defend_alone(st: Any, legal: list, rng: Any) -> Action:
    """Never defends alone."""
    return ("defend", False)


def ref_railroad(st: Any, legal: list, rng: Any) -> Action:
    """Always takes the railroad card."""
    return ("railroad", True)


def ref_give(st: Any, legal: list, rng: Any) -> Action:
    """The partner gives his strongest card."""
    return max(legal, key=lambda a: st.strength(a[1]))


def ref_lone_discard(st: Any, legal: list, rng: Any) -> Action:
    """The lone player discards his weakest card."""
    return min(legal, key=lambda a: st.strength(a[1]))


def beats(st: Any, card: int, winning: int) -> bool:
    """Does ``card`` beat the card ``winning`` the trick in progress?

    A trump beats any non-trump and any weaker trump; a card of the led suit beats a weaker card
    of the led suit; nothing else beats.
    """
    if st.is_trump(card):
        return not st.is_trump(winning) or st.strength(card) > st.strength(winning)
    led = st.effective_suit(st.trick[0][1])
    return (st.effective_suit(card) == led and st.effective_suit(winning) == led
            and st.strength(card) > st.strength(winning))


def ref_play(st: Any, legal: list, rng: Any) -> Action:
    """Lead the strongest legal card; follow with the weakest winning card, else the weakest."""
    cards = [a[1] for a in legal]
    if not st.trick:
        return ("play", max(cards, key=st.strength))
    winning = st.winning_card()
    winners = [c for c in cards if beats(st, c, winning)]
    return ("play", min(winners or cards, key=st.strength))


REFERENCE: dict[str, Decide] = {
    "redeal": ref_redeal,
    "farmer": ref_farmer,
    "joker_trump": ref_joker_trump,
    "round1": ref_round1,
    "round2": ref_round2,
    "discard": ref_discard,
    "alone": ref_alone,
    "defend_alone": ref_defend_alone,
    "railroad": ref_railroad,
    "give": ref_give,
    "lone_discard": ref_lone_discard,
    "play": ref_play,
}

STRATEGIES: dict[str, dict[str, Decide]] = {"random": RANDOM, "reference": REFERENCE}


def decide(name: str, st: Any, rng: Any) -> Action:
    """The action strategy ``name`` takes at the pending decision of ``st``."""
    try:
        table = STRATEGIES[name]
    except KeyError:
        raise ValueError(f"unknown strategy {name!r}: known are {', '.join(STRATEGIES)}") from None
    legal = st.legal_actions()
    return table[st.phase](st, legal, rng)
