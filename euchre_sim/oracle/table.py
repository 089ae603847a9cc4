"""A slow, plainly written pure-Python engine for the tables of the other games (docs/tables.md).

It plays the steps of ``docs/tables.md`` from a :class:`~euchre_sim.game.table_spec.TableSpec`
(not from its packed arrays) with the same random numbers as the kernel
``core.table.deal.play_table_deal``: the oracle the kernel is tested against. The up-card
tables' steps are in ``oracle.table_play``, Bid Euchre's auction in ``oracle.table_bid``; this
module puts them together.
"""

from __future__ import annotations

from ..core.table import layout as TL
from ..game.table_spec import TableSpec
from .engine import deal_rng, game_rng
from .table_bid import play_auction
from .table_play import Cards, Strategy, TableDeal, cards_of, hand_strength
from .table_play import DealPlay as UpCardPlay


class DealPlay(UpCardPlay):
    """One deal being played at any table: an auction table's by ``table_bid``."""

    def play_dealt(self, hands: list[int], up: int) -> TableDeal:
        if self.t.bidding == TL.BID_AUCTION:
            return play_auction(self, hands)
        return super().play_dealt(hands, up)


def play_table_deal(table: TableSpec, strategies: list[Strategy], seed: int, index: int
                    ) -> TableDeal:
    """Deal ``index`` of a deal-mode run with ``seed`` (dealer: seat ``index mod seats``)."""
    return DealPlay(table, strategies, deal_rng(seed, index), index % table.seats).play()


def play_table_game(table: TableSpec, strategies: list[Strategy], seed: int, game: int,
                    max_deals: int = 1000) -> tuple[int, int, list[int], list[TableDeal]]:
    """Game ``game`` of a game-mode run: (first dealer, winning side or -1, final scores,
    deals)."""
    rng = game_rng(seed, game, 0)
    dealer = rng.below(table.seats)
    first = dealer
    scores = [table.target if table.countdown else 0] * table.seats
    deals: list[TableDeal] = []
    while True:
        d = DealPlay(table, strategies, rng, dealer).play()
        deals.append(d)
        scores = [s + p for s, p in zip(scores, d.points, strict=True)]
        dealer = (dealer + 1) % table.seats
        winner = side_ahead(table, scores, d.maker)
        if winner >= 0 or len(deals) >= max_deals:
            return first, winner, scores, deals
        rng = game_rng(seed, game, len(deals))


def side_ahead(table: TableSpec, scores: list[int], maker: int = -1) -> int:
    """The side (team, or seat) that has won: alone on the top score, at the target or more;
    at a count-down table the seat alone on the lowest score, at 0 or below. At an auction
    table (Bid Euchre) scores may be negative, and when several sides reach the target on one
    deal the side of ``maker`` (the deal's high bidder) wins, else the highest alone."""
    if table.countdown:
        low = min(scores)
        seats = [s for s in range(table.seats) if scores[s] == low]
        return seats[0] if low <= 0 and len(seats) == 1 else -1
    if table.bidding == TL.BID_AUCTION:
        sides = {table.team_of(s) for s in range(table.seats) if scores[s] >= table.target}
        if maker >= 0 and table.team_of(maker) in sides:
            return table.team_of(maker)
        if not sides:
            return -1
        top = max(scores[s] for s in range(table.seats) if table.team_of(s) in sides)
        sides = {table.team_of(s) for s in range(table.seats) if scores[s] == top}
        return sides.pop() if len(sides) == 1 else -1
    top = max(scores)
    if top < table.target:
        return -1
    sides = {table.team_of(s) for s in range(table.seats) if scores[s] == top}
    return sides.pop() if len(sides) == 1 else -1


__all__ = ["Cards", "DealPlay", "Strategy", "TableDeal", "cards_of", "deal_rng", "hand_strength",
           "play_table_deal", "play_table_game", "side_ahead"]
