"""Text rendering of one replayed deal: the hands, the bidding, each trick and the result.

Seats are named as everywhere else in the toolkit, by their place from the dealer's left
(eldest, partner, third, dealer: ``euchre_sim.seats``), with the seat number beside
the name (``eldest (1)``); a trick shows each card under the player's initial (``E:AS``)."""

from __future__ import annotations

from .cards import SUIT_NAMES, TRUMP_NAMES, format_card, format_hand
from .core.layout import (
    EV_ALONE,
    EV_CALL,
    EV_CHUCK,
    EV_CLUB_EUCHRE,
    EV_DEFEND_ALONE,
    EV_DISCARD,
    EV_FARMER,
    EV_GIVE,
    EV_JOKER_TRUMP,
    EV_LONE_DISCARD,
    EV_ORDER,
    EV_PASS1,
    EV_PASS2,
    EV_PLAY,
    EV_RAILROAD,
    EV_REDEAL,
    EV_THROWN_IN,
    EV_TRICK,
)
from .seats import position_of, seat_label


def format_deal(record: dict, trace: list[tuple[int, int, int]], header: str = "") -> str:
    """Render a deal's record and trace as readable text."""
    lines = [header] if header else []
    dealer = record["dealer"]
    lines.append(f"Dealer: seat {dealer}    Up-card: {format_card(record['up_card'])}")
    for k in range(1, 5):  # in bidding order, from the dealer's left
        seat = (dealer + k) & 3
        lines.append(f"  {seat_label(seat, dealer):<11} team {seat & 1}: "
                     f"{format_hand(record[f'hand{seat}'])}")
    if record["redeals"]:
        lines.append(f"  (after {record['redeals']} redeal(s))")
    lines.append("")
    trick_cards: list[str] = []
    for kind, seat, value in trace:
        who = seat_label(seat, dealer)
        if kind == EV_REDEAL:
            lines.append(f"{who} calls for a redeal")
        elif kind == EV_FARMER:
            lines.append(f"{who} exchanges {format_card(value)} (farmer's hand)")
        elif kind == EV_JOKER_TRUMP:
            lines.append(f"Joker turned up: {who} names {SUIT_NAMES[value]}")
        elif kind == EV_CLUB_EUCHRE:
            lines.append(f"A club turned up: {who} must take it, clubs are trump (club euchre)")
        elif kind == EV_PASS1:
            lines.append(f"Round 1: {who} passes")
        elif kind == EV_ORDER:
            verb = "takes it up" if seat == dealer else "orders it up"
            lines.append(f"Round 1: {who} {verb} ({SUIT_NAMES[value]})")
        elif kind == EV_PASS2:
            lines.append(f"Round 2: {who} passes")
        elif kind == EV_CALL:
            stuck = " (stuck)" if record["stuck"] and seat == dealer else ""
            lines.append(f"Round 2: {who} calls {TRUMP_NAMES[value]}{stuck}")
        elif kind == EV_CHUCK:
            suit = SUIT_NAMES[record["up_card"] // 8]
            lines.append(f"Round 2: {who} is stuck and chucks: keeps {format_card(value)}, takes "
                         f"the up-card and the kitty; {suit} are trump")
        elif kind == EV_THROWN_IN:
            lines.append("All pass: the hand is thrown in")
        elif kind == EV_DISCARD:
            lines.append(f"{who} discards {format_card(value)}")
        elif kind == EV_ALONE:
            why = {1: " (forced: Canadian loner)", 2: " (the maker's partner: the maker sits out)"}
            lines.append(f"{who} goes alone" + why.get(value, ""))
        elif kind == EV_DEFEND_ALONE:
            lines.append(f"{who} defends alone")
        elif kind == EV_RAILROAD:
            lines.append(f"{who} {'takes' if value else 'refuses'} partner's card (railroad)")
        elif kind == EV_GIVE:
            lines.append(f"{who} gives {format_card(value)} to partner")
        elif kind == EV_LONE_DISCARD:
            lines.append(f"{who} discards {format_card(value)}")
        elif kind == EV_PLAY:
            if not trick_cards and not any(x.startswith("Trick") for x in lines):
                lines.append("")
            initial = position_of(seat, dealer)[0].upper()
            trick_cards.append(f"{initial}:{format_card(value)}")
        elif kind == EV_TRICK:
            lines.append(f"Trick {value + 1}: {' '.join(trick_cards):<24} won by {who}")
            trick_cards = []
    lines.append("")
    if record["thrown_in"]:
        lines.append("No points.")
    else:
        lines.append(
            f"Tricks: team 0 {record['tricks0']}, team 1 {record['tricks1']}.  "
            f"Points: team 0 {record['points0']}, team 1 {record['points1']}."
        )
    return "\n".join(lines)
