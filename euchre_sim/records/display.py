"""Text rendering of one replayed deal: the hands, the bidding, each trick and the result.

Seats are named as everywhere else in the toolkit, by their place from the dealer's left
(eldest, partner, third, dealer: ``euchre_sim.game.seats``), with the seat number beside
the name (``eldest (1)``); a trick shows each card under the player's initial (``E:AS``)."""

from __future__ import annotations

from collections.abc import Callable

from ..core.common import layout as L
from ..game.cards import SUIT_NAMES, TRUMP_NAMES, format_card, format_hand
from ..game.seats import position_of, seat_label

Namer = Callable[[int], str]  # a seat's name in the text
CardText = Callable[[int], str]  # a card's text


# the events whose line is a template: {who} the player, {card} the event's card, {suit} its suit
EVENT_TEMPLATES = {
    L.EV_REDEAL: "{who} calls for a redeal",
    L.EV_FARMER: "{who} exchanges {card} (farmer's hand)",
    L.EV_JOKER_TRUMP: "Joker turned up: {who} names {suit}",
    L.EV_CLUB_EUCHRE: "A club turned up: {who} must take it, clubs are trump (club euchre)",
    L.EV_PASS1: "Round 1: {who} passes",
    L.EV_PASS2: "Round 2: {who} passes",
    L.EV_THROWN_IN: "All pass: the hand is thrown in",
    L.EV_DISCARD: "{who} discards {card}",
    L.EV_LONE_DISCARD: "{who} discards {card}",
    L.EV_DEFEND_ALONE: "{who} defends alone",
    L.EV_GIVE: "{who} gives {card} to partner",
}


def event_line(kind: int, seat: int, value: int, record: dict, who: Namer,
               card: CardText = format_card) -> str | None:
    """The line of one trace event other than a card played or a trick won (None for those):
    ``who(seat)`` names the player, ``card(c)`` writes a card; ``record`` gives the dealer,
    the up-card and whether the dealer was stuck."""
    name, dealer = who(seat), record["dealer"]
    if kind in EVENT_TEMPLATES:
        template = EVENT_TEMPLATES[kind]
        return template.format(who=name, card=card(value) if "{card}" in template else "",
                               suit=SUIT_NAMES[value] if "{suit}" in template else "")
    if kind == L.EV_ORDER:
        verb = "takes it up" if seat == dealer else "orders it up"
        return f"Round 1: {name} {verb} ({SUIT_NAMES[value]})"
    if kind == L.EV_CALL:
        stuck = " (stuck)" if record["stuck"] and seat == dealer else ""
        return f"Round 2: {name} calls {TRUMP_NAMES[value]}{stuck}"
    if kind == L.EV_CHUCK:
        suit = SUIT_NAMES[record["up_card"] // 8]
        return (f"Round 2: {name} is stuck and chucks: keeps {card(value)}, takes the up-card "
                f"and the kitty; {suit} are trump")
    if kind == L.EV_SMITTY:
        up = record["up_card"]
        right = up < 32 and up // 8 == value
        return (f"Smitty: {name} guesses {SUIT_NAMES[value]}: "
                + (f"right, {SUIT_NAMES[value]} are trump and he takes the up-card" if right
                   else "wrong, the bidding goes on"))
    if kind == L.EV_ALONE:
        why = {1: " (forced: Canadian loner)", 2: " (the maker's partner: the maker sits out)",
               3: " (calls for the game, before looking at his hand: smitty)"}
        return f"{name} goes alone" + why.get(value, "")
    if kind == L.EV_RAILROAD:
        return f"{name} {'takes' if value else 'refuses'} partner's card (railroad)"
    return None


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
        if kind == L.EV_PLAY:
            if not trick_cards and not any(x.startswith("Trick") for x in lines):
                lines.append("")
            initial = position_of(seat, dealer)[0].upper()
            trick_cards.append(f"{initial}:{format_card(value)}")
        elif kind == L.EV_TRICK:
            lines.append(f"Trick {value + 1}: {' '.join(trick_cards):<24} won by {who}")
            trick_cards = []
        else:
            line = event_line(kind, seat, value, record, lambda s: seat_label(s, dealer))
            if line is not None:
                lines.append(line)
    lines.append("")
    if record["thrown_in"]:
        lines.append("No points.")
    else:
        lines.append(
            f"Tricks: team 0 {record['tricks0']}, team 1 {record['tricks1']}.  "
            f"Points: team 0 {record['points0']}, team 1 {record['points1']}."
        )
    return "\n".join(lines)
