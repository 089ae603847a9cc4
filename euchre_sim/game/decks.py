"""The cards of a table as a list of faces: several jokers, double packs (RULES.md 3.2).

A table's deck is an explicit tuple of *faces* (``TableSpec.cards``); table card ``k`` is face
``cards[k]``. A face is a natural card id of ``game/cards.py`` (``suit * 8 + rank``, ``JOKER`` = 32
for the Benny) or one of the extra jokers below. A face may appear twice (a double pack): the
two copies are different table cards with the same suit and power, so that the engines' "of
two equal cards the later played wins" (``TableSpec.later_equal``) decides between them.

Jokers have no printed suit: under a trump suit each is a trump above the right bower. Their
order (``joker_power``):

* the Benny (``BENNY``): the top trump;
* a double pack's two Bennies are modelled as a red one and a black one (``RED_BENNY``,
  ``BLACK_BENNY``): the one of the trump suit's colour beats the other (RULES.md 3.2, "if the
  two Bennies are red and black"). A pack with two Bennies that look alike is the face
  ``BENNY`` twice: equal power, so the second played wins;
* Almonte's three jokers, the 4, 3 and 2 of spades (``ALMONTE_4`` > ``ALMONTE_3`` >
  ``ALMONTE_2`` > right bower): they are jokers, not spades (a spade lead does not draw them,
  they are trumps whatever the trump suit), and the plain spades of an Almonte deck are
  8-9-10-J-Q-K-A (six-hand) or 10-J-Q-K-A (four-hand) as usual.
"""

from __future__ import annotations

from .cards import (
    JOKER,
    N_RANKS,
    N_SUITS,
    RANK_10,
    RANK_A,
    RANK_J,
    RANK_K,
    RANK_Q,
    deck_cards,
    format_card,
    make_card,
)

BENNY = JOKER
RED_BENNY, BLACK_BENNY = 33, 34
ALMONTE_2, ALMONTE_3, ALMONTE_4 = 35, 36, 37
JOKERS = (BENNY, RED_BENNY, BLACK_BENNY, ALMONTE_2, ALMONTE_3, ALMONTE_4)
_JOKER_NAMES = {BENNY: "Jk", RED_BENNY: "RJk", BLACK_BENNY: "BJk",
                ALMONTE_2: "2S", ALMONTE_3: "3S", ALMONTE_4: "4S"}
RED_SUITS = (1, 2)  # diamonds, hearts
DUPLICATE_MARK = "'"  # the second copy of a face: "JH" and "JH'"


def is_joker(face: int) -> bool:
    return face in JOKERS


def joker_power(face: int, trump: int) -> int:
    """A joker's power above ``TRUMP_POWER`` under trump suit ``trump`` (the right bower is 19,
    the left bower 18): the Benny 20; of a red and a black Benny the one of the trump's colour
    21, the other 20; Almonte's 2, 3 and 4 of spades 20, 21, 22."""
    if face == BENNY:
        return 20
    if face in (RED_BENNY, BLACK_BENNY):
        return 21 if (face == RED_BENNY) == (trump in RED_SUITS) else 20
    return 20 + (face - ALMONTE_2)


def face_name(face: int) -> str:
    """``JH``, ``TS`` ...; the jokers ``Jk`` (the Benny), ``RJk`` / ``BJk`` (a red and a black
    Benny), ``2S`` / ``3S`` / ``4S`` (Almonte's jokers)."""
    return _JOKER_NAMES[face] if face in _JOKER_NAMES else format_card(face)


def card_names(faces: tuple[int, ...]) -> tuple[str, ...]:
    """One distinct name per table card: the face's name, with ``'`` on its second copy."""
    seen: set[int] = set()
    names = []
    for face in faces:
        names.append(face_name(face) + (DUPLICATE_MARK if face in seen else ""))
        seen.add(face)
    return tuple(names)


def double_pack(deck: int = 25) -> tuple[int, ...]:
    """Two copies of a deck of ``game/cards.py``; a 25- or 33-card deck's two jokers become a red
    and a black Benny (one copy of each pack, then the other)."""
    one = [c for c in deck_cards(deck) if c != JOKER]
    extra = [RED_BENNY, BLACK_BENNY] if deck in (25, 33) else []
    return tuple(one + extra[:1] + one + extra[1:])


def almonte_six() -> tuple[int, ...]:
    """Six Hand Almonte's 31 cards: 8-9-10-J-Q-K-A of each suit and the 2, 3, 4 of spades."""
    plain = [make_card(s, r) for s in range(N_SUITS) for r in range(1, N_RANKS)]
    return tuple(plain + [ALMONTE_2, ALMONTE_3, ALMONTE_4])


def almonte_four() -> tuple[int, ...]:
    """Four-handed Almonte's 21 cards: J Q K A of clubs and diamonds, 10 J Q K A of hearts
    and spades, and the 2, 3, 4 of spades."""
    plain = [make_card(s, r) for s in range(N_SUITS)
             for r in ((RANK_J, RANK_Q, RANK_K, RANK_A) if s < 2
                       else (RANK_10, RANK_J, RANK_Q, RANK_K, RANK_A))]
    return tuple(plain + [ALMONTE_2, ALMONTE_3, ALMONTE_4])


def suit_counts(faces: tuple[int, ...]) -> list[int]:
    """Cards of each printed suit (jokers have none)."""
    counts = [0] * N_SUITS
    for face in faces:
        if not is_joker(face):
            counts[face // N_RANKS] += 1
    return counts


__all__ = [
    "ALMONTE_2", "ALMONTE_3", "ALMONTE_4", "BENNY", "BLACK_BENNY", "JOKERS", "RED_BENNY",
    "almonte_four", "almonte_six", "card_names", "double_pack", "face_name", "is_joker",
    "joker_power", "suit_counts",
]
