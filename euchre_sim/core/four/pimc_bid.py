"""PIMC for the decisions before the play: ordering up, calling, going alone, the dealer's
discard and the lone defence, each by search over sampled worlds.

A world is a deal of the cards the player cannot see (the other hands as dealt, the kitty)
in which the bidding so far is what the table's bidding model would have done: the auction is
replayed from the eldest hand, the player's own past actions as he took them, every other
player's by the model (the scripted bids of his team's parameter row; a random or reference
team by its own rules), and a world whose replay differs from what was seen is dealt again
(up to ``MAX_TRIES`` times; then it is kept). Each candidate action is then taken in the world,
the rest of the auction played by the model (the player's own later bids included), and the
hand solved double dummy; the candidate with the best average score for the player's side is
chosen. So a PIMC player bids as well as his model of the table and double-dummy play allow:
the play is assumed perfect on both sides (the usual PIMC optimism about information).

Not searched, the model decides: the dealer's choice of trump under a turned-up joker (made
blind), redeals, and every decision under farmer's hand or partner's best (whose exchanges
the worlds do not model). The replay follows the rules like the deal kernel: no heart is
ordered, named or a candidate under hearts_never_trump, a club turned up under club_euchre
makes the dealer maker without an auction, and lone defenders are asked only against a lone
maker under lone_defence = against_lone_maker.
"""

import numpy as np
from numba import njit

from ...game.rules import (
    LONE_DEFENCE_ANY,
    PB_NONE,
    R_CHUCK,
    R_CLUB_EUCHRE,
    R_DEALER_NEEDS_TRUMP,
    R_DEALER_PARTNER_ALONE,
    R_DEFENDER_ALONE,
    R_FARMERS,
    R_LONE_DEFENCE,
    R_NO_FIRST_BLOOD,
    R_NO_TRUMP,
    R_PARTNER_ALONE,
    R_PARTNERS_BEST,
    R_PASSED_CANNOT_ALONE,
    R_SMITTY,
    R_STICK,
    R_SUPER_EUCHRE,
)
from ..common import layout as L
from ..common.bits import ctz, kth_bit, popcount
from ..common.rng import below
from ..common.rule import rule
from .bidding import (
    NT_BIT,
    banned_trumps,
    defence_asked_after,
    model_alone,
    model_defend_alone,
    model_discard,
    model_forced_take,
    model_round1,
    model_round2,
    passed_in_making_round,
)
from .dd_search import next_stamp, search
from .hands import deck_row, to_effective
from .kinds import (
    Q_PIMC_BID_WORLDS,
    Q_PIMC_BIDDING,
    S_PIMC,
)
from .pimc_play import W_SIZE, side_score
from .tables import DECK_NAT, EFF, NAT, SUIT_NAT
from .trick import next_seat_map, opening_leader

ONE = np.int64(1)
MAX_TRIES = 16
INCONSISTENT = -100

# the stages of a deal at which a PIMC player is asked, in order
ST_ROUND1, ST_ROUND2, ST_DISCARD, ST_ALONE, ST_DEFEND = range(5)
# candidates: round 1 0 pass, 1 order up, 2 order up alone; round 2 0 pass, 1 + suit,
# 5 + suit alone; the discard: the effective bit; alone and defend: 0 / 1
MAX_CAND = 9

# layout of the bidding part of the PIMC work array (after the card-play part)
B_X = W_SIZE  # the world's deal state (a copy of g with the world's hands)
B_DEALT = B_X + L.G_SIZE  # the world's 4 hands as dealt (natural masks)
B_CAND = B_DEALT + 4  # the candidates
B_SUM = B_CAND + MAX_CAND  # their score sums
B_H = B_SUM + MAX_CAND  # 4 effective hands for the solver
PW_SIZE = B_H + 4


@njit(cache=True, _nrt=False, inline="always")
def searches_bids(kinds, params, seat, rules):
    """Does ``seat`` decide its bidding by search (a PIMC player with ``pimc.bidding`` on,
    under rules whose exchanges the worlds model: not the farmer's hand, partner's best, or
    chuck, whose kitty the replayed bidding does not deal; nor partner_may_go_alone, whose
    partner's loner the replayed bidding does not ask; nor no_trump, a call the search does
    not weigh; nor smitty, whose guess the replayed bidding does not make)?"""
    return (kinds[seat & 1] == S_PIMC and params[seat & 1, Q_PIMC_BIDDING] > 0
            and rule(rules, R_FARMERS) == 0 and rule(rules, R_PARTNERS_BEST) == PB_NONE
            and rule(rules, R_CHUCK) == 0 and rule(rules, R_PARTNER_ALONE) == 0
            and rule(rules, R_NO_TRUMP) == 0 and rule(rules, R_SMITTY) == 0)


@njit(cache=True, _nrt=False)
def dealt_hand(g, seat):
    """``seat``'s hand as dealt (natural): ``G_NAT`` unless he is the dealer who already
    took the up-card and discarded."""
    nat = g[L.G_NAT + seat]
    if seat == g[L.G_DEALER] and g[L.G_DISCARD] >= 0:
        nat = (nat & ~(ONE << g[L.G_UP])) | (ONE << NAT[g[L.G_TRUMP], g[L.G_DISCARD]])
    return nat


@njit(cache=True, _nrt=False)
def sample_dealt(g, seat, deck_nat, rng, pw):
    """Deal the cards ``seat`` cannot see: 5 to each other player (``pw[B_DEALT..]``)."""
    own = dealt_hand(g, seat)
    pool = deck_nat & ~own & ~(ONE << g[L.G_UP])
    for s in range(4):
        if s == seat:
            pw[B_DEALT + s] = own
            continue
        hand = np.int64(0)
        for _ in range(5):
            c = kth_bit(pool, below(rng, popcount(pool)))
            pool &= ~(ONE << c)
            hand |= ONE << c
        pw[B_DEALT + s] = hand


@njit(cache=True, _nrt=False)
def replay(g, seat, stage, cand, check, kinds, params, rules, rng, tt, pw):
    """Play the world in ``pw[B_DEALT..]`` from the deal to the last trick: the history of
    ``g`` (the player's own actions as taken; the others' by the model, compared with what
    was seen when ``check``, else as seen), ``cand`` at the player's decision (``stage``),
    the model for the rest, the play double dummy. Returns the score of the player's side,
    or INCONSISTENT (with ``check``) when the model would not have bid as the table did."""
    x = pw[B_X:B_X + L.G_SIZE]
    for k in range(L.G_SIZE):
        x[k] = 0
    dealer = g[L.G_DEALER]
    up = g[L.G_UP]
    upsuit = g[L.G_UPSUIT]
    x[L.G_DEALER] = dealer
    x[L.G_UP] = up
    x[L.G_UPSUIT] = upsuit
    x[L.G_SCORE0] = g[L.G_SCORE0]
    x[L.G_SCORE1] = g[L.G_SCORE1]
    x[L.G_TRUMP] = -1
    x[L.G_MAKER] = -1
    x[L.G_DEFENDER] = -1
    x[L.G_OUT_A] = -1
    x[L.G_OUT_B] = -1
    x[L.G_DISCARD] = -1
    for s in range(4):
        x[L.G_NAT + s] = pw[B_DEALT + s]
        x[L.G_MEM + s] = g[L.G_MEM + s] if s == seat else 0
    passes = g[L.G_PASSES]  # the bidding decisions seen before this one were passes...
    seen_maker = g[L.G_MAKER]  # ...and then this player made trump (after the bidding)
    maker = -1
    trump = -1
    rnd = 0
    alone = -1  # -1: to be decided
    if up == 32:  # the joker turned up: the dealer named trump blind (seen)
        maker = dealer
        trump = g[L.G_TRUMP]
        rnd = 1
    elif upsuit == 0 and rule(rules, R_CLUB_EUCHRE):  # a club turned up: the dealer must take it
        maker = dealer
        trump = 0
        rnd = 1
        model_forced_take(kinds, params, x, dealer)
    else:
        for d in range(8):
            p = (dealer + 1 + d) & 3
            r2 = d >= 4
            if r2 and d == 4 and maker >= 0:
                break
            stuck = d == 7 and rule(rules, R_STICK) != 0
            act = 0  # 0 pass, else 1 + suit (round 1: the up-card's suit)
            if d < passes or (d == passes and seen_maker >= 0):
                seen = 0 if d < passes else 1 + g[L.G_TRUMP]
                if p == seat or not check:
                    act = seen
                else:
                    act = model_bid(kinds, params, x, p, rules, rng, r2, d == 3, upsuit, stuck)
                    if act != seen:
                        return INCONSISTENT
            elif d == passes and stage <= ST_ROUND2:
                act = 0
                if cand > 0:
                    act = 1 + upsuit if not r2 else 1 + ((cand - 1) & 3)
                    alone = 1 if (cand == 2 if not r2 else cand >= 5) else 0
            else:
                act = model_bid(kinds, params, x, p, rules, rng, r2, d == 3, upsuit, stuck)
            if act > 0:
                maker = p
                trump = act - 1
                rnd = 2 if r2 else 1
                if stuck:
                    x[L.G_STUCK] = 1
                break
            x[L.G_PASSES] += 1
        if maker < 0:
            return 0  # thrown in
    x[L.G_MAKER] = maker
    x[L.G_TRUMP] = trump
    x[L.G_ROUND] = rnd
    for s in range(4):
        x[L.G_HAND + s] = to_effective(x[L.G_NAT + s], trump)
    if (rnd == 1 and up != 32 and rule(rules, R_DEALER_PARTNER_ALONE)
            and maker == ((dealer + 2) & 3)):
        alone = 1  # the Canadian loner: forced
        x[L.G_OUT_A] = dealer
    if rnd == 1 and x[L.G_OUT_A] != dealer:  # the dealer's discard
        up_bit = EFF[trump, up]
        x[L.G_HAND + dealer] |= ONE << up_bit
        if stage == ST_DISCARD:
            dc = cand
        elif stage > ST_DISCARD and seat == dealer:
            dc = g[L.G_DISCARD]
        else:
            dc = model_discard(kinds, params, x, dealer, rules, rng, up_bit)
        x[L.G_HAND + dealer] &= ~(ONE << dc)
        x[L.G_DISCARD] = dc
        x[L.G_NAT + dealer] = (x[L.G_NAT + dealer] | (ONE << up)) & ~(ONE << NAT[trump, dc])
    if x[L.G_OUT_A] == dealer:
        pass
    elif stage == ST_ALONE:
        alone = cand
    elif stage > ST_ALONE:
        alone = g[L.G_ALONE]  # seen
        if check and maker != seat and model_alone(kinds, params, x, maker, rules, rng) != alone:
            return INCONSISTENT
    elif alone < 0:
        alone = model_alone(kinds, params, x, maker, rules, rng)
    if alone:
        x[L.G_ALONE] = 1
        x[L.G_OUT_A] = (maker + 2) & 3
    defender = -1
    if rule(rules, R_DEFENDER_ALONE) and (alone or rule(rules, R_LONE_DEFENCE) == LONE_DEFENCE_ANY):
        start = defence_asked_after(rules, dealer, maker)
        for k in range(1, 5):
            p = (start + k) & 3
            if (p & 1) == (maker & 1):
                continue
            if rule(rules, R_PASSED_CANNOT_ALONE) and passed_in_making_round(x, p):
                continue
            if stage == ST_DEFEND and p == seat:
                lone = cand
            elif stage == ST_DEFEND and g[L.G_DEFENDER] < 0 and not asked_after(start, seat, p):
                # asked before the player, and passed
                lone = 0
                if check and model_defend_alone(kinds, params, x, p, rules, rng):
                    return INCONSISTENT
            else:
                lone = model_defend_alone(kinds, params, x, p, rules, rng)
            if lone:
                defender = p
                x[L.G_DEFENDER] = p
                x[L.G_OUT_B] = (p + 2) & 3
                break
    return solve_world(x, rules, seat, maker, trump, alone, defender, tt, pw)


@njit(cache=True, _nrt=False, inline="always")
def asked_after(start, seat, p):
    """Is ``p`` asked after ``seat`` (both counted from the left of ``start``)?"""
    return ((p - start - 1) & 3) > ((seat - start - 1) & 3)


@njit(cache=True, _nrt=False)
def model_bid(kinds, params, x, p, rules, rng, r2, is_dealer, upsuit, stuck):
    """The model's bid for ``p``: 0 pass, else 1 + the suit made trump."""
    never = banned_trumps(rules)
    if not r2:
        if (never >> upsuit) & 1:
            return 0  # a heart up-card under hearts_never_trump: everyone passes
        if (is_dealer and rule(rules, R_DEALER_NEEDS_TRUMP)
                and (x[L.G_NAT + p] & SUIT_NAT[upsuit]) == 0):
            return 0
        return 1 + upsuit if model_round1(kinds, params, x, p, rules, rng, is_dealer) else 0
    return 1 + model_round2(kinds, params, x, p, rules, rng, upsuit,
                            (ONE << upsuit) | never | NT_BIT, stuck)


@njit(cache=True, _nrt=False)
def solve_world(x, rules, seat, maker, trump, alone, defender, tt, pw):
    """Double-dummy score of the world ``x`` after the bidding, for ``seat``'s side."""
    h = pw[B_H:B_H + 4]
    out_a = x[L.G_OUT_A]
    out_b = x[L.G_OUT_B]
    live = np.int64(0)
    nplay = np.int64(4)
    for s in range(4):
        h[s] = x[L.G_HAND + s]
        if s == out_a or s == out_b:
            h[s] = 0
            nplay -= 1
        live |= h[s]
    leader = opening_leader(rules, x[L.G_DEALER], maker, alone, defender, out_a, out_b)
    mteam = maker & 1
    next_stamp(tt)
    tricks = search(h, tt, next_seat_map(out_a, out_b), nplay, mteam,
                    rule(rules, R_NO_FIRST_BLOOD) != 0, leader, np.int64(0), np.int64(-1),
                    np.int64(-1), leader, live, np.int64(0),
                    np.int64(-1), np.int64(6))
    return side_score(tricks, mteam, seat & 1, alone == 1, defender >= 0,
                      rule(rules, R_SUPER_EUCHRE) != 0)


@njit(cache=True, _nrt=False)
def candidates(g, seat, stage, rules, pw, up_bit):
    """The legal actions at ``stage`` into ``pw[B_CAND..]``; returns how many."""
    n = 0
    if stage == ST_ROUND1:
        pw[B_CAND] = 0
        n = 1
        dealer = g[L.G_DEALER]
        can = ((banned_trumps(rules) >> g[L.G_UPSUIT]) & 1) == 0
        if can and seat == dealer and rule(rules, R_DEALER_NEEDS_TRUMP):
            can = (g[L.G_NAT + seat] & SUIT_NAT[g[L.G_UPSUIT]]) != 0
        if can:
            pw[B_CAND + n] = 1
            n += 1
            if not (rule(rules, R_DEALER_PARTNER_ALONE) and seat == ((dealer + 2) & 3)):
                pw[B_CAND + n] = 2  # (the Canadian partner's order is alone anyway)
                n += 1
    elif stage == ST_ROUND2:
        stuck = seat == g[L.G_DEALER] and rule(rules, R_STICK) != 0
        if not stuck:
            pw[B_CAND] = 0
            n = 1
        banned = (ONE << g[L.G_UPSUIT]) | banned_trumps(rules)
        for t in range(4):
            if (banned >> t) & 1:
                continue
            pw[B_CAND + n] = 1 + t
            pw[B_CAND + n + 1] = 5 + t
            n += 2
    elif stage == ST_DISCARD:
        m = g[L.G_HAND + seat] & ~(ONE << up_bit)
        while m:
            pw[B_CAND + n] = ctz(m)
            m &= m - 1
            n += 1
    else:
        pw[B_CAND] = 0
        pw[B_CAND + 1] = 1
        n = 2
    return n


@njit(cache=True, _nrt=False)
def pimc_decide(g, seat, stage, kinds, params, rules, rng, tt, pw, up_bit):
    """The candidate at ``stage`` with the best average score over the worlds (ties: the
    first, the more passive)."""
    n = candidates(g, seat, stage, rules, pw, up_bit)
    if n == 1:
        return pw[B_CAND]
    worlds = max(1, np.int64(params[seat & 1, Q_PIMC_BID_WORLDS]))
    deck_nat = DECK_NAT[deck_row(rules)]
    for k in range(n):
        pw[B_SUM + k] = 0
    for _ in range(worlds):
        # the checked replay of the first candidate is also its value in a consistent world
        # (the others' actions then are the ones seen); the last try is kept unchecked
        for attempt in range(MAX_TRIES + 1):
            sample_dealt(g, seat, deck_nat, rng, pw)
            first = replay(g, seat, stage, pw[B_CAND], attempt < MAX_TRIES, kinds, params,
                           rules, rng, tt, pw)
            if first != INCONSISTENT:
                break
        pw[B_SUM] += first
        for k in range(1, n):
            pw[B_SUM + k] += replay(g, seat, stage, pw[B_CAND + k], np.bool_(False), kinds,
                                    params, rules, rng, tt, pw)
    best = 0
    for k in range(1, n):
        if pw[B_SUM + k] > pw[B_SUM + best]:
            best = k
    return pw[B_CAND + best]

