"""Bid Euchre in the pure-Python oracle: the steps of ``core.table.auction``, written plainly.

``play_auction`` plays an auction table's deal (``TableSpec.bidding == BID_AUCTION``) for
``reference.DealPlay.play_dealt``, from the rules of ``docs/tables.md`` ("Bid Euchre") and with
the same random numbers as the kernel ``core.table.auction.play_auction_deal``.
"""

from __future__ import annotations

from ..core.table import layout as TL
from ..game.table_spec import TableSpec
from .table_play import Cards, DealPlay, TableDeal, cards_of, hand_strength


def halves(table: TableSpec, hand: int, trump: int) -> int:
    """The basic kind's half tricks under ``trump`` (0-3 a suit, 4 no trump high, 5 no trump
    low). A suit: the hand strength (3 a bower or the joker, 2 the trump ace or king, 1 another
    trump or a plain ace); no trump: 2 for each card of a suit's top rank, 1 for each of the
    next rank (two equal cards of a double pack are one rank)."""
    if trump < TL.NT_HIGH:
        return hand_strength(table, hand, trump)
    cards = Cards(table, trump)
    total = 0
    for suit in range(4):
        ranks = sorted({cards.strength(c) for c in range(table.n_cards) if cards.suit(c) == suit},
                       reverse=True)
        value = dict(zip(ranks[:2], (2, 1), strict=False))  # the top rank, the next rank
        total += sum(value.get(cards.strength(c), 0) for c in cards_of(hand)
                     if cards.suit(c) == suit)
    return total


def estimate(table: TableSpec, hand: int, trump: int) -> int:
    """The estimate in tricks: the half tricks rounded up, at most the hand size."""
    return min((halves(table, hand, trump) + 1) // 2, table.hand)


def best_trump(table: TableSpec, hand: int) -> tuple[int, int]:
    """(trump, estimate) of the best choice: the most half tricks, the lowest trump number on
    ties."""
    values = [halves(table, hand, t) for t in range(TL.N_TRUMPS)]
    best = max(range(TL.N_TRUMPS), key=lambda t: (values[t], -t))
    return best, estimate(table, hand, best)


def partner_of(table: TableSpec, seat: int) -> int:
    """The first teammate clockwise from the seat's left (-1 when none)."""
    for k in range(1, table.seats):
        other = (seat + k) % table.seats
        if table.team_of(other) == table.team_of(seat):
            return other
    return -1


def play_auction(dp: DealPlay, dealt: list[int]) -> TableDeal:
    """An auction deal from the dealt hands: bids, trump, shooting, tricks, score."""
    t, n, rng = dp.t, dp.n, dp.rng
    hands = list(dealt)
    out = TableDeal(dp.dealer, list(hands), -1, round=1, tricks=[0] * n, points=[0] * n,
                    out=[0] * n)
    ev = out.events
    # the auction
    high, maker = 0, -1
    for p in range(1, n + 1):
        seat = (dp.dealer + p) % n
        st = dp.strategies[seat]
        last = p == n
        bid = 0
        if last and high == 0:
            bid, out.stuck = t.min_bid, 1
        else:
            lowest_bid = high if last else max(t.min_bid, high + 1)
            options = list(range(lowest_bid, t.hand + 1))
            if st.kind == "random":
                if options:
                    k = rng.below(len(options) + 1)
                    bid = options[k - 1] if k else 0
            elif p == 1 and st.force >= 0:  # the eldest's forced opening (0: pass)
                if st.force >= lowest_bid:
                    bid = min(st.force, t.hand)
            else:
                _, est = best_trump(t, hands[seat])
                want = min(est, st.cap)
                if est >= st.bid and want >= lowest_bid:
                    bid = lowest_bid if last else want
        if bid:
            high, maker = bid, seat
            ev.append((TL.EV_BID, seat, bid))
        else:
            out.passes += 1
            ev.append((TL.EV_PASS1, seat, 0))
    out.maker, out.bid = maker, high
    # trump
    if dp.strategies[maker].kind == "random":
        trump = rng.below(TL.N_TRUMPS)
    else:
        trump, _ = best_trump(t, hands[maker])
    out.trump = trump
    ev.append((TL.EV_CALL, maker, trump))
    cards = Cards(t, trump)
    # shooting: the partner's card (the lone maker's of ``reference``), then the discard
    st = dp.strategies[maker]
    if t.alone and partner_of(t, maker) >= 0:
        if st.kind == "random":
            out.alone = rng.below(2)
        else:
            out.alone = int(estimate(t, hands[maker], trump) >= st.shoot)
        ev.append((TL.EV_ALONE, maker, out.alone))
    if out.alone and t.give:
        dp.partners_card(hands, maker, trump, ev)
    active = [not (out.alone and s != maker and dp.same_side(s, maker, maker))
              for s in range(n)]
    out.out = [int(not a) for a in active]  # the shooter's partner lays his hand down
    # the high bidder leads; the tricks
    out.leader = maker
    dp.play_tricks(out, hands, active, maker, cards, maker)
    # the score: every seat its team's points
    for s in range(n):
        team = sum(out.tricks[o] for o in range(n) if t.team_of(o) == t.team_of(s))
        if t.team_of(s) != t.team_of(maker):
            out.points[s] = team
        elif out.alone:
            out.points[s] = t.shoot_made if team == t.hand else -t.shoot_set
        else:
            out.points[s] = team if team >= high else -high
    return out
