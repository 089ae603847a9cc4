"""Bid Euchre in the table engine (RULES.md 3.2): the auction, shooting, play and scoring.

``play_auction_deal`` plays a deal of a table whose ``TS_BIDDING`` is ``BID_AUCTION`` from its
dealt hands (the whole pack, no up-card): one round of bids in tricks from the dealer's left,
the high bidder names a trump suit or no trump high / low, may shoot (his partner passes him one
card and lays down, the shooter discards one), leads the first trick; each team scores its
tricks when the bid is made, the bidders lose their bid otherwise. ``docs/tables.md`` ("Bid
Euchre") writes the rules out; ``oracle.table_bid`` plays the same steps with the same
random numbers.
"""

import numpy as np
from numba import njit

from ..common.bits import ctz
from ..common.rng import below
from . import layout as TL
from . import tricks

ONE = np.int64(1)


@njit(cache=True, _nrt=False)
def bid_halves(hand, t, eff, power, suit_mask):
    """The basic kind's half tricks under trump row ``t``. A trump suit: the hand strength of
    ``strength`` (3 for the joker and each bower, 2 for the trump ace and king, 1 for any other
    trump and each plain ace). No trump (high or low): 2 for each top card of a suit (an ace,
    or a nine under no trump low), 1 for each of the next rank (king, or ten)."""
    if t < TL.NT_HIGH:
        return tricks.strength(hand, t, eff, power)
    h = 0
    for e in range(4):
        m = suit_mask[t, e]
        if m == 0:
            continue
        top = power[t, tricks.highest(m, power, t)]
        second = -1  # the next rank down (two equal cards of a double pack are one rank)
        rest = m
        while rest:
            c = ctz(rest)
            rest &= rest - 1
            if second < power[t, c] < top:
                second = power[t, c]
        mine = hand & m
        while mine:
            c = ctz(mine)
            mine &= mine - 1
            if power[t, c] == top:
                h += 2
            elif power[t, c] == second:
                h += 1
    return h


@njit(cache=True, _nrt=False, inline="always")
def tricks_of(spec, halves):
    """An estimate in tricks: half tricks rounded up, at most the hand size."""
    return min((halves + 1) // 2, spec[TL.TS_HAND])


@njit(cache=True, _nrt=False)
def best_trump(spec, hand, eff, power, suit_mask):
    """``(trump row, estimate in tricks)`` of the basic kind's best choice: the most half
    tricks, the lowest row on ties."""
    best = 0
    best_h = -1
    for t in range(TL.N_TRUMPS):
        h = bid_halves(hand, t, eff, power, suit_mask)
        if h > best_h:
            best_h = h
            best = t
    return best, tricks_of(spec, best_h)


@njit(cache=True)
def basic_estimates(spec, eff, power, suit_mask, hands):
    """``(trump rows, estimates in tricks)`` of :func:`best_trump` for each hand of ``hands``
    (masks of table cards): the basic kind's own reading of a hand, for ``analysis.bid_chart``."""
    n = len(hands)
    trumps = np.empty(n, np.int64)
    ests = np.empty(n, np.int64)
    for i in range(n):
        trumps[i], ests[i] = best_trump(spec, hands[i], eff, power, suit_mask)
    return trumps, ests


@njit(cache=True, _nrt=False)
def first_partner(spec, seat):
    """The first seat clockwise from ``seat``'s left on its team (-1 when it has none)."""
    n = spec[TL.TS_SEATS]
    for k in range(1, n):
        s = (seat + k) % n
        if spec[TL.TS_SIDES] == TL.SIDES_TEAMS and spec[TL.TS_TEAM + s] == spec[TL.TS_TEAM + seat]:
            return s
    return -1


@njit(cache=True, _nrt=False)
def auction_points(spec, rec, ri, maker, bid, shoot):
    """Score an auction deal: each seat gets its team's points (``TF_POINTS``). A made bid:
    every team its tricks; a set bid: the bidders minus their bid, the others their tricks; a
    shoot: ``TS_SHOOT_MADE`` for all the tricks, else minus ``TS_SHOOT_SET`` (the defenders
    still score their tricks)."""
    n = spec[TL.TS_SEATS]
    hs = spec[TL.TS_HAND]
    for s in range(n):
        team_tricks = 0
        for o in range(n):
            if tricks.same_side(spec, s, o, maker):
                team_tricks += rec[ri, TL.TF_TRICKS + o]
        if not tricks.same_side(spec, s, maker, maker):
            rec[ri, TL.TF_POINTS + s] = team_tricks
        elif shoot:
            rec[ri, TL.TF_POINTS + s] = (spec[TL.TS_SHOOT_MADE] if team_tricks == hs
                                      else -spec[TL.TS_SHOOT_SET])
        else:
            rec[ri, TL.TF_POINTS + s] = team_tricks if team_tricks >= bid else -bid


@njit(cache=True, _nrt=False)
def play_auction_deal(spec, eff, power, suit_mask, kinds, params, rng, dealer, hands, rec, ri,
                      trace, ti):
    """Steps 2-6 of an auction table (the record's hands, tricks and points columns are
    already set up by ``play_dealt``): the auction, trump, shooting, the tricks, the score."""
    n = spec[TL.TS_SEATS]
    hs = spec[TL.TS_HAND]
    min_bid = spec[TL.TS_MIN_BID]
    rec[ri, TL.TF_DEALER] = dealer
    rec[ri, TL.TF_UP] = -1
    rec[ri, TL.TF_DISCARD] = -1
    rec[ri, TL.TF_ROUND] = 1
    nev = 0
    # 2. the auction: one bid or pass each from the dealer's left; a bid is above the high
    # bid (at least the minimum); the dealer may match it; a dealer after all passes is stuck
    high = 0
    maker = -1
    passes = 0
    for p in range(1, n + 1):
        seat = (dealer + p) % n
        last = p == n
        bid = 0
        if last and high == 0:
            bid = min_bid
            rec[ri, TL.TF_STUCK] = 1
        else:
            lo = high if (last and high > 0) else max(min_bid, high + 1)
            if kinds[seat] == TL.K_RANDOM:
                if lo <= hs:
                    k = below(rng, hs - lo + 2)
                    if k > 0:
                        bid = lo + k - 1
            elif p == 1 and params[seat, TL.P_FORCE] >= 0:
                # the eldest's forced opening (0: pass; a bid below the lowest: a pass)
                if params[seat, TL.P_FORCE] >= lo:
                    bid = min(params[seat, TL.P_FORCE], hs)
            else:
                _, est = best_trump(spec, hands[seat], eff, power, suit_mask)
                want = min(est, params[seat, TL.P_BID_CAP])
                if est >= params[seat, TL.P_BID] and want >= lo:
                    bid = lo if last else want
        if bid > 0:
            high = bid
            maker = seat
            nev = tricks.log(trace, ti, nev, TL.EV_BID, seat, bid)
        else:
            passes += 1
            nev = tricks.log(trace, ti, nev, TL.EV_PASS1, seat, 0)
    rec[ri, TL.TF_PASSES] = passes
    rec[ri, TL.TF_MAKER] = maker
    rec[ri, TL.TF_BID] = high
    # 3. the high bidder names trump: a suit, no trump high (4) or no trump low (5)
    if kinds[maker] == TL.K_RANDOM:
        trump = below(rng, TL.N_TRUMPS)
    else:
        trump, _ = best_trump(spec, hands[maker], eff, power, suit_mask)
    rec[ri, TL.TF_TRUMP] = trump
    nev = tricks.log(trace, ti, nev, TL.EV_CALL, maker, trump)
    # 4. shooting: the partner passes one card and lays down, the shooter discards one
    # (``TS_GIVE``: the lone maker's partner's card of ``table_deal.partners_card``)
    shoot = 0
    if spec[TL.TS_ALONE] != 0 and first_partner(spec, maker) >= 0:
        if kinds[maker] == TL.K_RANDOM:
            shoot = below(rng, 2)
        else:
            est = tricks_of(spec, bid_halves(hands[maker], trump, eff, power, suit_mask))
            shoot = 1 if est >= params[maker, TL.P_SHOOT] else 0
        nev = tricks.log(trace, ti, nev, TL.EV_ALONE, maker, shoot)
    rec[ri, TL.TF_ALONE] = shoot
    if shoot and spec[TL.TS_GIVE] != 0:
        nev = tricks.partners_card(spec, power, kinds, rng, hands, maker, trump, trace, ti, nev)
    active = 0
    for s in range(n):
        if shoot and s != maker and tricks.same_side(spec, s, maker, maker):
            rec[ri, TL.TF_OUT + s] = 1  # the shooter's partner lays his hand down
        else:
            active |= 1 << s
    # 5. the high bidder leads the first trick
    rec[ri, TL.TF_LEADER] = maker
    tricks.play_tricks(spec, eff, power, suit_mask, kinds, rng, hands, rec, ri, trace, ti, nev,
                maker, trump, active, maker)
    # 6. the score
    auction_points(spec, rec, ri, maker, high, shoot)


@njit(cache=True, _nrt=False)
def auction_game_winner(spec, scores, maker):
    """The side that has won an auction game after a deal made by ``maker``: the one side at
    the target or more; when several reach it on one deal, the maker's side if among them,
    else the highest score alone; -1 while the game goes on."""
    n = spec[TL.TS_SEATS]
    target = spec[TL.TS_TARGET]
    side = -1
    top = 0
    several = False
    for s in range(n):
        if scores[s] < target:
            continue
        mine = spec[TL.TS_TEAM + s] if spec[TL.TS_SIDES] == TL.SIDES_TEAMS else s
        if tricks.same_side(spec, s, maker, maker):
            return mine
        if side < 0 or scores[s] > top:
            several = False
            side = mine
            top = scores[s]
        elif scores[s] == top and mine != side:
            several = True
    return -1 if several else side
