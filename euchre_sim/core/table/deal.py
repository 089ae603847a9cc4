"""The table engine: one deal of a game of RULES.md section 3.2, read from a table's arrays.

``play_table_deal`` plays any table that ``game.table_spec.TableSpec`` describes: any number of
seats, fixed teams or the maker against the rest, any hand size, a deck given as effective-suit
and power tables (``eff``, ``power``, ``suit_mask``, one row per trump), the up-card bidding, the
scoring table; for the cut-throat Buck Euchre also dirty clubs, dropping out and per-seat
count-down scores (``TS_CLUBS``, ``TS_DROP``, ``TS_COUNTDOWN``); Bid Euchre's auction
(``TS_BIDDING``) is handed to ``core.table.auction``. The steps are written out in
``docs/tables.md``; the pure-Python engine ``oracle.table`` plays the same steps with the
same random numbers.
"""

import numpy as np
from numba import njit

from ..common.random_kind import rand_play as rand_card  # a random card of a mask
from ..common.rng import below
from . import auction as table_auction
from . import layout as TL
from .tricks import (
    log,
    lowest,
    partners_card,
    play_tricks,
    same_side,
    strength,
)

ONE = np.int64(1)
CLUBS = 0  # the suit of game/cards.py that "dirty clubs" (TS_CLUBS) makes trump


@njit(cache=True, _nrt=False)
def drop_out(spec, eff, power, kinds, params, rng, dealer, maker, trump, hands, active, trace,
             ti, nev):
    """Step 4b (Buck Euchre, ``TS_DROP``): each player but the maker, in turn from the
    dealer's left, stays in or drops out; ``(active seats mask, next event index)``."""
    n = spec[TL.TS_SEATS]
    for p in range(1, n + 1):
        seat = (dealer + p) % n
        if seat == maker:
            continue
        if kinds[seat] == TL.K_RANDOM:
            drop = below(rng, 2)
        else:
            drop = 1 if strength(hands[seat], trump, eff, power) < params[seat, TL.P_STAY] else 0
        nev = log(trace, ti, nev, TL.EV_DROP, seat, drop)
        if drop:
            active &= ~(1 << seat)
    return active, nev


@njit(cache=True, _nrt=False, inline="always")
def score_countdown(spec, rec, ri, maker, active):
    """Step 6 of a count-down table (Buck Euchre): the change of each seat's score. A player
    who took his tricks (the maker ``TS_NEED``, anyone else one) counts down one per trick;
    a euchred maker goes up ``TS_EUCHRE``, a player who stayed in and took no trick up
    ``TS_BUCK``; a seat that sat out scores 0."""
    for s in range(spec[TL.TS_SEATS]):
        if (active >> s) & 1:
            tk = rec[ri, TL.TF_TRICKS + s]
            need = spec[TL.TS_NEED] if s == maker else 1
            if tk >= need:
                rec[ri, TL.TF_POINTS + s] = -tk
            else:
                rec[ri, TL.TF_POINTS + s] = spec[TL.TS_EUCHRE] if s == maker else spec[TL.TS_BUCK]


@njit(cache=True, _nrt=False)
def play_table_deal(spec, eff, power, suit_mask, kinds, params, rng, dealer, deck, hands,
                    rec, ri, trace, ti):
    """Shuffle, deal and play one deal dealt by ``dealer``; fill record row ``ri`` (``TF_*``);
    with ``ti >= 0`` write its events to trace row ``ti``. ``deck`` (at least ``TS_CARDS``)
    and ``hands`` (``MAX_SEATS``) are workspaces."""
    n = spec[TL.TS_SEATS]
    hs = spec[TL.TS_HAND]
    nc = spec[TL.TS_CARDS]
    # 1. shuffle (partial Fisher-Yates: the cards dealt come off the end) and deal, from the
    # dealer's left, one hand after the other; the next card is the up-card (none at an
    # auction table, which deals the whole pack)
    auction = spec[TL.TS_BIDDING] == TL.BID_AUCTION
    for k in range(nc):
        deck[k] = k
    for k in range(n * hs + (0 if auction else 1)):
        i = nc - 1 - k
        j = below(rng, i + 1)
        tmp = deck[i]
        deck[i] = deck[j]
        deck[j] = tmp
    for s in range(TL.MAX_SEATS):
        hands[s] = 0
    for p in range(n):
        seat = (dealer + 1 + p) % n
        m = np.int64(0)
        for q in range(hs):
            m |= ONE << deck[nc - 1 - (hs * p + q)]
        hands[seat] = m
    up = -1 if auction else deck[nc - 1 - n * hs]
    play_dealt(spec, eff, power, suit_mask, kinds, params, rng, dealer, up, hands, rec, ri,
               trace, ti)


@njit(cache=True, _nrt=False)
def play_dealt(spec, eff, power, suit_mask, kinds, params, rng, dealer, up, hands, rec, ri,
               trace, ti):
    """Play a deal from its dealt ``hands`` (changed in place) and ``up``-card: steps 2-6."""
    n = spec[TL.TS_SEATS]
    hs = spec[TL.TS_HAND]
    for f in range(TL.N_TABLE_FIELDS):
        rec[ri, f] = 0
    for s in range(TL.MAX_SEATS):
        on = s < n
        rec[ri, TL.TF_HAND + s] = hands[s] if on else -1
        rec[ri, TL.TF_TRICKS + s] = 0 if on else -1
        rec[ri, TL.TF_POINTS + s] = 0 if on else -1
        rec[ri, TL.TF_OUT + s] = 0 if on else -1
    if spec[TL.TS_BIDDING] == TL.BID_AUCTION:
        table_auction.play_auction_deal(spec, eff, power, suit_mask, kinds, params, rng, dealer,
                                        hands, rec, ri, trace, ti)
        return
    rec[ri, TL.TF_BID] = -1
    upsuit = eff[TL.NT_HIGH, up]  # the printed suit, -1 for a joker
    rec[ri, TL.TF_DEALER] = dealer
    rec[ri, TL.TF_UP] = up
    nev = 0
    maker = -1
    trump = -1
    passes = 0
    # 2a. dirty clubs (TS_CLUBS): a club turned up is trump; nobody bids or makes it
    clubs = spec[TL.TS_CLUBS] != 0 and upsuit == CLUBS
    if clubs:
        trump = upsuit
        nev = log(trace, ti, nev, TL.EV_CLUB_EUCHRE, dealer, 0)
    # 2b. a joker turned up: the dealer names trump blind; he is the maker, or (TS_JOKER_BID)
    # the suit he named is bid on in round 1 and he must take it when the others pass
    blind = upsuit < 0
    if blind:
        upsuit = below(rng, 4) if kinds[dealer] == TL.K_RANDOM else spec[TL.TS_BLIND_SUIT]
        nev = log(trace, ti, nev, TL.EV_JOKER_TRUMP, dealer, upsuit)
        if spec[TL.TS_JOKER_BID] == 0:
            maker = dealer
            trump = upsuit
    # 2. round 1: order the dealer to take the up-card, or pass
    for p in range(1, (0 if clubs else n) + 1):
        if maker >= 0:
            break
        seat = (dealer + p) % n
        h = hands[seat]
        if blind and p == n:
            yes = True  # the dealer must take a joker the others passed
        elif kinds[seat] == TL.K_RANDOM:
            yes = below(rng, 2) == 1
        else:
            held = h | (ONE << up) if seat == dealer else h
            yes = strength(held, upsuit, eff, power) >= params[seat, TL.P_ORDER]
        if yes:
            maker = seat
            trump = upsuit
            nev = log(trace, ti, nev, TL.EV_ORDER, seat, up)
            break
        passes += 1
        nev = log(trace, ti, nev, TL.EV_PASS1, seat, 0)
    if trump >= 0:
        rec[ri, TL.TF_ROUND] = 1
        h = hands[dealer] | (ONE << up)
        if kinds[dealer] == TL.K_RANDOM:
            d = rand_card(rng, h & ~(ONE << up))
        else:
            d = lowest(h & ~(ONE << up), power, trump)  # never the up-card itself
        hands[dealer] = h & ~(ONE << d)
        rec[ri, TL.TF_DISCARD] = d
        nev = log(trace, ti, nev, TL.EV_DISCARD, dealer, d)
    else:
        rec[ri, TL.TF_DISCARD] = -1
        # 3. round 2: name a suit other than the up-card's, or pass; the dealer is stuck
        # last when the table sticks him
        for p in range(1, n + 1):
            seat = (dealer + p) % n
            stuck = spec[TL.TS_STICK] != 0 and p == n
            h = hands[seat]
            suit = -1
            if kinds[seat] == TL.K_RANDOM:
                k = below(rng, 3) if stuck else below(rng, 4) - 1
                if k >= 0:
                    suit = k if k < upsuit else k + 1
            else:
                best = -1
                best_s = -1
                for s in range(4):
                    if s != upsuit:
                        v = strength(h, s, eff, power)
                        if v > best_s:
                            best_s = v
                            best = s
                if stuck or best_s >= params[seat, TL.P_CALL]:
                    suit = best
            if suit >= 0:
                maker = seat
                trump = suit
                rec[ri, TL.TF_ROUND] = 2
                rec[ri, TL.TF_STUCK] = 1 if stuck else 0
                nev = log(trace, ti, nev, TL.EV_CALL, seat, suit)
                break
            passes += 1
            nev = log(trace, ti, nev, TL.EV_PASS2, seat, 0)
    rec[ri, TL.TF_PASSES] = passes
    rec[ri, TL.TF_MAKER] = maker
    rec[ri, TL.TF_TRUMP] = trump
    if trump < 0:
        rec[ri, TL.TF_THROWN_IN] = 1
        rec[ri, TL.TF_LEADER] = -1
        log(trace, ti, nev, TL.EV_THROWN_IN, dealer, 0)
        return
    # 4. going alone (team tables): the maker's partners sit out
    alone = 0
    if spec[TL.TS_ALONE] != 0:
        if kinds[maker] == TL.K_RANDOM:
            alone = below(rng, 2)
        else:
            strong = strength(hands[maker], trump, eff, power) >= params[maker, TL.P_ALONE]
            alone = 1 if strong else 0
        nev = log(trace, ti, nev, TL.EV_ALONE, maker, alone)
    rec[ri, TL.TF_ALONE] = alone
    if alone and spec[TL.TS_GIVE] != 0:
        nev = partners_card(spec, power, kinds, rng, hands, maker, trump, trace, ti, nev)
    active = 0
    for s in range(n):
        if not (alone and s != maker and same_side(spec, s, maker, maker)):
            active |= 1 << s
    # 4b. dropping out (Buck Euchre), not when dirty clubs are trump
    if spec[TL.TS_DROP] != 0 and not clubs:
        active, nev = drop_out(spec, eff, power, kinds, params, rng, dealer, maker, trump, hands,
                               active, trace, ti, nev)
    for s in range(n):
        if not (active >> s) & 1:
            rec[ri, TL.TF_OUT + s] = 1
    leader = (maker + 1) % n if alone and spec[TL.TS_LEAD_LONE] != 0 else (dealer + 1) % n
    while not (active >> leader) & 1:
        leader = (leader + 1) % n
    rec[ri, TL.TF_LEADER] = leader
    # 5. the tricks
    play_tricks(spec, eff, power, suit_mask, kinds, rng, hands, rec, ri, trace, ti, nev, maker,
                trump, active, leader)
    # 6. scoring
    if spec[TL.TS_COUNTDOWN] != 0:
        score_countdown(spec, rec, ri, maker, active)
        return
    made_tricks = 0
    for s in range(n):
        if same_side(spec, s, maker, maker):
            made_tricks += rec[ri, TL.TF_TRICKS + s]
    if made_tricks >= spec[TL.TS_NEED]:
        if made_tricks == hs:
            pts = spec[TL.TS_LONE_MARCH] if alone else spec[TL.TS_MARCH]
        else:
            pts = spec[TL.TS_MADE]
        for s in range(n):
            if same_side(spec, s, maker, maker):
                rec[ri, TL.TF_POINTS + s] = pts
    else:
        for s in range(n):
            if not same_side(spec, s, maker, maker):
                rec[ri, TL.TF_POINTS + s] = spec[TL.TS_EUCHRE]
