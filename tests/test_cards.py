"""Card and hand parsing/formatting."""

import pytest

from euchre_sim.game.cards import (
    JOKER,
    CardError,
    cards_to_mask,
    deck_cards,
    deck_mask,
    format_card,
    format_hand,
    make_card,
    parse_card,
    parse_hand,
    parse_suit,
)

HEARTS, SPADES = 2, 3


@pytest.mark.parametrize("text", ["JH", "Jh", "jh", "J♥", "J♡", " JH "])
def test_jack_of_hearts_spellings(text):
    assert parse_card(text) == make_card(HEARTS, 4)


@pytest.mark.parametrize("text,rank", [("10h", 3), ("Th", 3), ("9s", 2), ("As", 7), ("7c", 0)])
def test_ranks(text, rank):
    assert parse_card(text) % 8 == rank


@pytest.mark.parametrize("text", ["joker", "Joker", "BJ", "jk", "benny"])
def test_joker_spellings(text):
    assert parse_card(text) == JOKER


@pytest.mark.parametrize("text", ["1Z", "", "J", "11H", "JX", "ZZZ", "10"])
def test_unknown_cards_are_one_line_errors(text):
    with pytest.raises(CardError) as exc:
        parse_card(text)
    assert "\n" not in str(exc.value)


def test_card_outside_the_deck():
    with pytest.raises(CardError, match="not in the 24-card deck"):
        parse_card("8H", deck=24)
    with pytest.raises(CardError, match="not in the 24-card deck"):
        parse_card("joker", deck=24)
    assert parse_card("8H", deck=32) == make_card(HEARTS, 1)
    assert parse_card("joker", deck=25) == JOKER


def test_hand_parsing_and_duplicates():
    mask = parse_hand("JH JD AH KH AS")
    assert bin(mask).count("1") == 5
    assert parse_hand("JH, JD, AH, KH, AS") == mask
    assert parse_hand(["JH", "JD", "AH", "KH", "AS"]) == mask
    with pytest.raises(CardError, match="duplicate card JH"):
        parse_hand("JH JD AH KH Jh")
    with pytest.raises(CardError, match="needs 5 cards"):
        parse_hand("JH JD AH", size=5)


def test_format_round_trip():
    for deck in (24, 25, 32, 33):
        for c in deck_cards(deck):
            assert parse_card(format_card(c)) == c
            assert parse_card(format_card(c, symbols=True)) == c
    assert format_hand(parse_hand("9S JH AH")) == "AH JH 9S"


def test_deck_sizes():
    for deck in (24, 25, 32, 33):
        assert bin(deck_mask(deck)).count("1") == deck
    assert (deck_mask(25) >> JOKER) & 1 and not (deck_mask(24) >> JOKER) & 1
    with pytest.raises(CardError):
        deck_mask(52)


def test_cards_to_mask_rejects_duplicates():
    with pytest.raises(CardError, match="duplicate"):
        cards_to_mask([1, 1])


def test_parse_suit():
    assert parse_suit("H") == HEARTS and parse_suit("hearts") == HEARTS
    assert parse_suit("♠") == SPADES
    with pytest.raises(CardError):
        parse_suit("x")
