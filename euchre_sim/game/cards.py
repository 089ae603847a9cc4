"""Card and hand encoding, parsing and formatting.

Natural encoding (shared by the Python layer, the reference engine and the kernels):

* ``card = suit * 8 + rank`` with suits clubs, diamonds, hearts, spades = 0..3 and
  ranks 7, 8, 9, 10, J, Q, K, A = 0..7; the joker ("Benny") is card 32.
* A hand is an ``int`` bit mask (bit ``card`` set when the card is held); it fits in an int64.
* Clubs/spades are black, diamonds/hearts red: the suit of the same colour is ``suit ^ 3``.

A 24-card deck uses ranks 9..A, the 32-card deck all eight ranks, and 25/33 add the joker.
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
TRUMP_NAMES = SUIT_NAMES + ("no trump",)  # by the record's trump (4: NO_TRUMP)
SUIT_SYMBOLS = "♣♦♥♠"
RANKS = ("7", "8", "9", "T", "J", "Q", "K", "A")
RANK_NAMES = ("7", "8", "9", "10", "J", "Q", "K", "A")
N_SUITS = 4
N_RANKS = 8
JOKER = 32
N_CARD_IDS = 33
NO_TRUMP = 4
"""The trump value of a no-trump deal (rule option ``no_trump``): the record's ``trump`` column,
the CALL event's value and the kernels' table index (``core.four.tables``)."""

RANK_7, RANK_8, RANK_9, RANK_10, RANK_J, RANK_Q, RANK_K, RANK_A = range(8)

DECK_SIZES = (24, 25, 32, 33)


class CardError(ValueError):
    """A card or hand that cannot be parsed or is not allowed here (one-line message)."""


def make_card(suit: int, rank: int) -> int:
    """Card id of ``rank`` (0..7 = 7..A) in ``suit`` (0..3 = C, D, H, S)."""
    return suit * N_RANKS + rank


def suit_of(card: int) -> int:
    """Printed suit of a card (-1 for the joker, which has none)."""
    return -1 if card == JOKER else card // N_RANKS


def rank_of(card: int) -> int:
    """Printed rank of a card (-1 for the joker)."""
    return -1 if card == JOKER else card % N_RANKS


def same_colour(suit: int) -> int:
    """The other suit of the same colour (clubs<->spades, diamonds<->hearts)."""
    return suit ^ 3


def deck_mask(deck: int = 24) -> int:
    """Bit mask of the cards in a deck of 24, 25, 32 or 33 cards."""
    if deck not in DECK_SIZES:
        raise CardError(f"unknown deck size {deck!r}: allowed are 24, 25, 32, 33")
    low_rank = RANK_9 if deck in (24, 25) else RANK_7
    mask = 0
    for suit in range(N_SUITS):
        for rank in range(low_rank, N_RANKS):
            mask |= 1 << make_card(suit, rank)
    if deck in (25, 33):
        mask |= 1 << JOKER
    return mask


def deck_cards(deck: int = 24) -> list[int]:
    """The card ids of a deck, ascending."""
    return mask_to_cards(deck_mask(deck))


def mask_to_cards(mask: int) -> list[int]:
    """Card ids present in a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def cards_to_mask(cards: Iterable[int]) -> int:
    """Bit mask of an iterable of card ids (duplicates are an error)."""
    mask = 0
    for c in cards:
        if mask >> c & 1:
            raise CardError(f"duplicate card {format_card(c)}")
        mask |= 1 << c
    return mask


_SUIT_ALIASES = {
    "c": 0, "♣": 0, "♧": 0,
    "d": 1, "♦": 1, "♢": 1,
    "h": 2, "♥": 2, "♡": 2,
    "s": 3, "♠": 3, "♤": 3,
}
_RANK_ALIASES = {
    "7": RANK_7, "8": RANK_8, "9": RANK_9, "10": RANK_10, "t": RANK_10,
    "j": RANK_J, "q": RANK_Q, "k": RANK_K, "a": RANK_A,
}
_JOKER_ALIASES = {"joker", "jk", "bj", "benny", "jo", "🃏"}


def parse_card(text: str, deck: int | None = None) -> int:
    """Parse one card: ``JH``, ``Jh``, ``J♥``, ``10h``, ``Th``, ``9s``, or ``joker``/``BJ``.

    With ``deck`` given, a card outside that deck is an error.
    """
    if not isinstance(text, str):
        raise CardError(f"a card must be text like 'JH', got {text!r}")
    token = text.strip()
    low = token.lower()
    if low in _JOKER_ALIASES:
        card = JOKER
    else:
        if len(low) < 2:
            raise CardError(f"unknown card {token!r}: expected rank then suit, like 'JH' or '10♠'")
        rank = _RANK_ALIASES.get(low[:-1])
        suit = _SUIT_ALIASES.get(low[-1])
        if rank is None or suit is None:
            raise CardError(
                f"unknown card {token!r}: ranks are 7 8 9 10/T J Q K A, suits C D H S (or ♣♦♥♠)"
            )
        card = make_card(suit, rank)
    if deck is not None and not (deck_mask(deck) >> card & 1):
        raise CardError(f"card {format_card(card)} is not in the {deck}-card deck")
    return card


def parse_hand(text: str | Iterable[str], deck: int | None = None, size: int | None = None) -> int:
    """Parse a hand such as ``"JH JD AH KH AS"`` (spaces or commas) into a mask.

    Duplicates, unknown cards, cards outside ``deck`` and (with ``size``) a wrong card count
    raise :class:`CardError` with a one-line message naming the problem.
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    mask = 0
    for tok in tokens:
        card = parse_card(tok, deck)
        if mask >> card & 1:
            raise CardError(f"duplicate card {format_card(card)} in hand {' '.join(tokens)!r}")
        mask |= 1 << card
    if size is not None and len(tokens) != size:
        raise CardError(f"a hand needs {size} cards, got {len(tokens)}: {' '.join(tokens)!r}")
    return mask


def format_card(card: int, symbols: bool = False) -> str:
    """Format a card id as ``JH`` (or ``J♥`` with ``symbols``); the joker is ``Jk``."""
    if card == JOKER:
        return "Jk"
    if not 0 <= card < 32:
        raise CardError(f"card id {card} out of range")
    suit = SUIT_SYMBOLS[card // N_RANKS] if symbols else SUITS[card // N_RANKS]
    return RANKS[card % N_RANKS] + suit


def format_hand(mask: int, symbols: bool = False) -> str:
    """Format a hand mask as space-separated cards, grouped by suit, high cards first."""
    cards = mask_to_cards(int(mask))
    cards.sort(key=lambda c: (-1, 0) if c == JOKER else (c // N_RANKS, -(c % N_RANKS)))
    return " ".join(format_card(c, symbols) for c in cards)


def parse_suit(text: str) -> int:
    """Parse a suit name: ``H``, ``hearts``, ``♥`` -> 2."""
    low = text.strip().lower()
    if low in _SUIT_ALIASES:
        return _SUIT_ALIASES[low]
    if low in SUIT_NAMES:
        return SUIT_NAMES.index(low)
    raise CardError(f"unknown suit {text!r}: use C, D, H, S or clubs, diamonds, hearts, spades")
