"""Seat names: a place from the dealer's left and the seat number stand for the same seat."""

from __future__ import annotations

import pytest

from euchre_sim.game.seats import SeatError, parse_seat, position_of, seat_label


@pytest.mark.parametrize("dealer", range(4))
def test_places_and_numbers_agree(dealer):
    for seat in range(4):
        assert parse_seat(position_of(seat, dealer), dealer) == seat
        assert parse_seat(str(seat), None) == seat
    assert parse_seat("eldest", dealer) == (dealer + 1) % 4 == parse_seat("FIRST", dealer)
    assert parse_seat("partner", dealer) == (dealer + 2) % 4  # the dealer's partner
    assert seat_label(dealer, dealer) == f"dealer ({dealer})"


@pytest.mark.parametrize("text,dealer,needle", [
    ("north", 0, "'north': unknown seat"),
    ("-1", 0, "numbered 0..3"),
    ("third", None, "--dealer N"),
])
def test_bad_seats(text, dealer, needle):
    with pytest.raises(SeatError, match=needle.replace(".", r"\.")):
        parse_seat(text, dealer)
