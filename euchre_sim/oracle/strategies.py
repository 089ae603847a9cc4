"""The built-in strategies of the reference engine: ``random`` and ``reference``.

Each decision is a function ``(state, legal, rng, params) -> action``; ``state`` is the
:class:`.engine.DealState` (read only), ``legal`` its legal actions in the canonical
order of ``docs/engine.md``, ``rng`` the deal's :class:`.engine.Rng` and ``params``
the strategy's parameters (a complete dict, see :func:`full_params`).

* ``random`` takes the only legal action without drawing, otherwise ``legal[rng.below(len)]``;
  it has no parameters.
* ``reference`` is the script of ``shared/bench/README.md`` as written in ``docs/engine.md``; it
  never draws a random number. Its thresholds are parameters (:data:`REFERENCE_PARAMS`); with
  the defaults it is exactly that script.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from euchre_sim.game.cards import JOKER, NO_TRUMP, RANK_A, RANK_J, RANK_K, rank_of, suit_of

Action = tuple
Decide = Callable[[Any, list, Any, dict], Action]

# The parameters of each strategy and their defaults (docs/engine.md, "reference").
REFERENCE_PARAMS: dict[str, int] = {
    "bid_threshold": 12,  # order up / call a suit when the strength is >= this
    "alone_threshold": 20,  # the maker goes alone when his bid strength is >= this
    "defend_alone_threshold": 99,  # a defender goes alone when his strength is >= this
    "call_redeal": 0,  # 1: call for a redeal whenever eligible
    "farmer_exchange": 0,  # 1: exchange the three lowest low cards for the kitty
    "railroad_take": 1,  # 1: take the partner's card under railroad
    "chuck_threshold": 99,  # a stuck dealer chucks when kept card + up-card rate >= this
    "no_trump_threshold": 9,  # no_trump: call no trump when the no-trump strength >= this
    "smitty_guess": 0,  # smitty: the suit the eldest guesses (the next one up if barred)
    "smitty_alone": 0,  # smitty: 1: call for the game after a right guess
}
PARAMS: dict[str, dict[str, int]] = {"random": {}, "reference": REFERENCE_PARAMS}

BID_THRESHOLD = REFERENCE_PARAMS["bid_threshold"]
ALONE_THRESHOLD = REFERENCE_PARAMS["alone_threshold"]


def full_params(name: str, params: dict | None = None) -> dict:
    """Strategy ``name``'s parameters: the defaults, overridden by ``params``."""
    if name not in PARAMS:
        raise ValueError(f"unknown strategy {name!r}: known are {', '.join(PARAMS)}")
    given = dict(params or {})
    unknown = sorted(set(given) - set(PARAMS[name]))
    if unknown:
        valid = ", ".join(PARAMS[name]) or "none"
        raise ValueError(f"unknown parameter(s) {', '.join(unknown)} for strategy {name}: "
                         f"valid are {valid}")
    return {**PARAMS[name], **given}


# --------------------------------------------------------------------------------------------
# random
# --------------------------------------------------------------------------------------------


def uniform(st: Any, legal: list, rng: Any, params: dict) -> Action:
    """Uniform over the legal actions; a single legal action is taken without drawing."""
    if len(legal) == 1:
        return legal[0]
    return legal[rng.below(len(legal))]


RANDOM: dict[str, Decide] = {
    phase: uniform
    for phase in ("redeal", "farmer", "smitty", "joker_trump", "round1", "round2", "chuck",
                  "discard", "alone", "defend_alone", "railroad", "give", "lone_discard",
                  "play")
}


# --------------------------------------------------------------------------------------------
# reference
# --------------------------------------------------------------------------------------------


def hand_strength(hand: int, trump: int) -> int:
    """Bidding strength of a natural hand for trump ``trump``.

    Right bower 6, left bower 5, trump A 4, trump K 3, other trumps 2, the joker 7, each off-suit
    ace 2. No trump (``trump = 4``): each ace 3, each guarded king (with another card of its
    suit) 2.
    """
    if trump == NO_TRUMP:
        total = 0
        for suit in range(4):
            ranks = [rank_of(c) for c in range(33)
                     if hand >> c & 1 and c != JOKER and suit_of(c) == suit]
            total += 3 if RANK_A in ranks else 0
            total += 2 if RANK_K in ranks and len(ranks) >= 2 else 0
        return total
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


def ref_redeal(st: Any, legal: list, rng: Any, params: dict) -> Action:
    """Calls for a redeal whenever eligible if ``call_redeal`` (default: never)."""
    return ("redeal",) if params["call_redeal"] else ("keep",)


def ref_farmer(st: Any, legal: list, rng: Any, params: dict) -> Action:
    """Exchanges if ``farmer_exchange`` (default: never).

    The three cards given are the lowest-ranked low cards, ties broken by the lower suit id.
    """
    if not params["farmer_exchange"]:
        return ("keep",)
    if ("exchange",) in legal:
        return ("exchange",)
    # The second decision: which three cards (legal: ("kitty", a, b, c), ascending card ids).
    low = sorted({c for a in legal for c in a[1:]}, key=lambda c: (rank_of(c), suit_of(c)))
    return ("kitty",) + tuple(sorted(low[:3]))


def ref_joker_trump(st: Any, legal: list, rng: Any, params: dict) -> Action:
    """Joker turned up: the dealer names trump blind (RULES.md), so always clubs."""
    return ("call", 0)


def ref_round1(st: Any, legal: list, rng: Any, params: dict) -> Action:
    """Order up at strength >= bid_threshold; the dealer counts the up-card; a barred dealer
    passes."""
    if ("order",) not in legal:
        return ("pass",)
    seat = st.current_player()
    hand = st.hands[seat]
    if seat == st.dealer:
        hand |= 1 << st.up_card
    if hand_strength(hand, suit_of(st.up_card)) >= params["bid_threshold"]:
        return ("order",)
    return ("pass",)


def ref_round2(st: Any, legal: list, rng: Any, params: dict) -> Action:
    """Call the strongest allowed suit at strength >= bid_threshold; a stuck dealer calls it
    anyway. Where no trump may be called: first, no trump when its strength is >=
    no_trump_threshold (stuck or not)."""
    hand = st.hands[st.current_player()]
    if ("call", NO_TRUMP) in legal and (
            hand_strength(hand, NO_TRUMP) >= params["no_trump_threshold"]):
        return ("call", NO_TRUMP)
    suits = [a[1] for a in legal if a[0] == "call" and a[1] != NO_TRUMP]
    best = strongest_suit(hand, suits)
    if hand_strength(hand, best) >= params["bid_threshold"] or ("pass",) not in legal:
        return ("call", best)
    return ("pass",)


def ref_chuck(st: Any, legal: list, rng: Any, params: dict) -> Action:
    """chuck: the stuck dealer keeps his strongest card in the up-card's suit and chucks when
    it and the up-card rate >= chuck_threshold (default 99: never); the kitty is unseen."""
    up = st.up_card
    trump = suit_of(up)
    keep = max((c for c in range(33) if st.hands[st.dealer] >> c & 1),
               key=lambda c: st.card_strength(c, trump))
    if hand_strength(1 << keep | 1 << up, trump) < params["chuck_threshold"]:
        return ("name",)
    return ("chuck",) if ("chuck",) in legal else ("keep", keep)


def ref_smitty(st: Any, legal: list, rng: Any, params: dict) -> Action:
    """smitty, both unseen: the eldest guesses ``smitty_guess`` (the next suit up when the
    rules bar it: hearts under hearts_never_trump), and after a right guess calls for the
    game if ``smitty_alone``."""
    if legal[0][0] == "alone":
        return ("alone", bool(params["smitty_alone"]))
    suit = int(params["smitty_guess"])
    while ("guess", suit) not in legal:
        suit = (suit + 1) % 4
    return ("guess", suit)


def ref_discard(st: Any, legal: list, rng: Any, params: dict) -> Action:
    """The dealer discards his weakest card other than the up-card."""
    return min(legal, key=lambda a: st.strength(a[1]))


def ref_alone(st: Any, legal: list, rng: Any, params: dict) -> Action:
    """Alone if the strength that made him bid is >= alone_threshold.

    Round 1: as computed for the order (the dealer with the up-card); round 2: the named suit's
    strength; joker turned up: the named suit's strength with the joker; a chuck: the card he
    kept and the up-card. READING: the hand is the maker's hand when he made trump
    (``st.bid_hand``), plus the up-card for the dealer. The maker's partner asked under
    ``partner_may_go_alone`` made no bid: he rates the hand he holds in trump.
    """
    seat = st.current_player()
    if seat != st.maker:  # partner_may_go_alone: the partner rates his own hand in trump
        return ("alone", hand_strength(st.hands[seat], st.trump) >= params["alone_threshold"])
    hand = st.bid_hand
    if st.round == 1 and st.maker == st.dealer:
        hand |= 1 << st.up_card
    return ("alone", hand_strength(hand, st.trump) >= params["alone_threshold"])


def ref_defend_alone(st: Any, legal: list, rng: Any, params: dict) -> Action:
    """Defends alone if the strength of his hand in trump is >= defend_alone_threshold.

    The hand is the one he holds when he decides: a dealer who took up the up-card counts it
    (and not his discard).
    """
    hand = st.hands[st.current_player()]
    return ("defend", hand_strength(hand, st.trump) >= params["defend_alone_threshold"])


def ref_railroad(st: Any, legal: list, rng: Any, params: dict) -> Action:
    """Takes the railroad card if ``railroad_take`` (default: always)."""
    return ("railroad", bool(params["railroad_take"]))


def ref_give(st: Any, legal: list, rng: Any, params: dict) -> Action:
    """The partner gives his strongest card."""
    return max(legal, key=lambda a: st.strength(a[1]))


def ref_lone_discard(st: Any, legal: list, rng: Any, params: dict) -> Action:
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


def ref_play(st: Any, legal: list, rng: Any, params: dict) -> Action:
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
    "smitty": ref_smitty,
    "joker_trump": ref_joker_trump,
    "round1": ref_round1,
    "round2": ref_round2,
    "chuck": ref_chuck,
    "discard": ref_discard,
    "alone": ref_alone,
    "defend_alone": ref_defend_alone,
    "railroad": ref_railroad,
    "give": ref_give,
    "lone_discard": ref_lone_discard,
    "play": ref_play,
}

STRATEGIES: dict[str, dict[str, Decide]] = {"random": RANDOM, "reference": REFERENCE}


def decide(name: str, st: Any, rng: Any, params: dict | None = None) -> Action:
    """The action strategy ``name`` (with ``params``, defaults where missing) takes at the
    pending decision of ``st``."""
    table = STRATEGIES.get(name)
    full = full_params(name, params)  # also rejects an unknown name
    legal = st.legal_actions()
    return table[st.phase](st, legal, rng, full)
