"""A deal of a table engine run as text for people (``euchre-sim show --rules TABLE``)."""

from __future__ import annotations

import numpy as np

from ..core.table import layout as TL
from ..game.table_spec import TableSpec

SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades", "no trump (high)", "no trump (low)")


def trump_name(trump: int) -> str:
    return SUIT_NAMES[trump] if 0 <= trump < len(SUIT_NAMES) else "-"


def seat_name(table: TableSpec, seat: int, dealer: int) -> str:
    """``seat 2 (dealer)``, ``seat 0 (eldest)``, with the team at a team table."""
    place = " (dealer)" if seat == dealer else (" (eldest)" if seat == (dealer + 1)
                                               % table.seats else "")
    team = f" team {table.teams[seat]}" if table.sides == TL.SIDES_TEAMS else ""
    return f"seat {seat}{place}{team}"


def format_table_deal(table: TableSpec, record: np.ndarray,
                      trace: list[tuple[int, int, int]], header: str = "") -> str:
    """The hands, the bidding, each trick and the score of one deal."""
    dealer = int(record[TL.TF_DEALER])
    lines = [header] if header else []
    auction = table.bidding == TL.BID_AUCTION
    up = ("none (the whole pack is dealt)" if auction
          else table.card_name(int(record[TL.TF_UP])))
    lines.append(f"Table {table.name}. Dealer: seat {dealer}.  Up-card: {up}")
    for k in range(1, table.seats + 1):
        seat = (dealer + k) % table.seats
        lines.append(f"  {seat_name(table, seat, dealer):<24} "
                     f"{table.hand_text(int(record[TL.TF_HAND + seat]))}")
    lines.append("")
    plays: list[str] = []
    for kind, seat, value in trace:
        who = f"seat {seat}"
        if kind == TL.EV_PLAY:
            plays.append(f"{seat}:{table.card_name(value)}")
        elif kind == TL.EV_TRICK:
            lines.append(f"Trick {value + 1}: {' '.join(plays):<40} won by {who}")
            plays = []
        elif kind == TL.EV_ORDER:
            lines.append(f"{who} orders up {table.card_name(value)}")
        elif kind == TL.EV_CALL:
            lines.append(f"{who} names {trump_name(value)}")
        elif kind == TL.EV_DISCARD:
            lines.append(f"{who} discards {table.card_name(value)}")
        elif kind == TL.EV_JOKER_TRUMP:
            lines.append(f"{who} names {trump_name(value)} blind (a joker turned up)")
        elif kind == TL.EV_GIVE:
            lines.append(f"{who} gives the lone player {table.card_name(value)}")
        elif kind == TL.EV_LONE_DISCARD:
            lines.append(f"{who} discards {table.card_name(value)} (lone)")
        elif kind == TL.EV_ALONE and auction:
            lines.append(f"{who} {'shoots' if value else 'plays with his partner'}")
        elif kind == TL.EV_ALONE:
            lines.append(f"{who} {'goes alone' if value else 'plays with his partners'}")
        elif kind == TL.EV_BID:
            lines.append(f"{who} bids {value}")
        elif kind == TL.EV_THROWN_IN:
            lines.append("All passed twice: the hand is thrown in.")
        elif kind == TL.EV_DROP:
            lines.append(f"{who} {'drops out' if value else 'stays in'}")
        elif kind == TL.EV_CLUB_EUCHRE:
            lines.append(f"A club turned up: clubs are trump and everyone plays (dirty clubs); "
                         f"the dealer takes up {table.card_name(int(record[TL.TF_UP]))}")
        elif TL.TABLE_EVENT_NAMES[kind] in ("PASS1", "PASS2"):
            lines.append(f"{who} passes")
        else:
            names = TL.TABLE_EVENT_NAMES
            name = names[kind] if kind < len(names) else f"event {kind}"
            lines.append(f"{who} {name.lower().replace('_', ' ')} {value}")
    lines.append("")
    if record[TL.TF_THROWN_IN]:
        lines.append("No points.")
    else:
        seats = range(table.seats)
        lines.append("Tricks: " + ", ".join(f"seat {s} {record[TL.TF_TRICKS + s]}" for s in seats)
                     + (".  Score changes (counting down): " if table.countdown else ".  Points: ")
                     + ", ".join(f"seat {s} {record[TL.TF_POINTS + s]}" for s in seats) + ".")
    return "\n".join(lines)


__all__ = ["format_table_deal", "seat_name", "trump_name"]
