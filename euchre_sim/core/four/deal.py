"""The deal kernel: one complete deal under any rule option (docs/engine.md, steps 1-12).

``play_deal`` fills record row ``ri`` (``layout.F_*``) and, when ``ti >= 0``, trace row ``ti``.
All decisions go through the hooks of ``decisions``.

Inlining, two ways (docs/speed.md, 2026-12-03): the steps and helpers are ``forceinline``
(LLVM inlines them when it links the kernel: no copy of numba IR per level, half the compile
time of numba's ``inline="always"``), except the steps that can reach a search (they take
``tt``, ``pw``: ``make_trump``, ``dealer_discard``, ``going_alone``, ``lone_defender``,
``play_tricks``, ``play_deal``, and their ``decisions`` hooks). Those stay numba-inlined: as
functions of their own, each would link in and optimise the whole search code again (the PIMC
kernel's compile went from 75 s to 183 s).
"""

import numpy as np
from numba import njit

from ...game.cards import NO_TRUMP
from ...game.rules import (
    FARMERS_STRICT,
    LONE_DEFENCE_ANY,
    PB_NONE,
    PB_RAILROAD,
    R_CHUCK,
    R_CLUB_EUCHRE,
    R_DEALER_NEEDS_TRUMP,
    R_DEALER_PARTNER_ALONE,
    R_DEFENDER_ALONE,
    R_FARMERS,
    R_HEARTS_NEVER_TRUMP,
    R_LONE_DEFENCE,
    R_MCEVOY_LIMIT,
    R_NO_FIRST_BLOOD,
    R_NO_TRUMP,
    R_PARTNER_ALONE,
    R_PARTNERS_BEST,
    R_PASSED_CANNOT_ALONE,
    R_REDEAL,
    R_SMITTY,
    R_STICK,
    R_SUPER_EUCHRE,
    R_TARGET,
    REDEAL_ACE_NO_FACE,
    REDEAL_NINES_AND_TENS,
    REDEAL_NONE,
)
from ..common import layout as L
from ..common.bits import ctz, popcount
from ..common.rng import scaled, xoshiro_step
from ..common.rule import rule
from .bidding import (
    NT_BIT,
    banned_trumps,
    defence_asked_after,
    model_forced_bid,
    model_forced_take,
    no_trump_callable,
    passed_in_making_round,
)
from .decisions import (
    decide_alone,
    decide_chuck,
    decide_defend_alone,
    decide_discard,
    decide_farmer,
    decide_give,
    decide_joker_trump,
    decide_lone_discard,
    decide_partner_alone,
    decide_play,
    decide_railroad,
    decide_redeal,
    decide_round1,
    decide_round2,
    decide_smitty_alone,
    decide_smitty_guess,
)
from .hands import deck_row, farmer_cards, to_effective, up_taker
from .kinds import (
    reads_shown_voids,
)
from .tables import (
    ACE_NAT,
    DECK_LEN,
    DECKS,
    EFF,
    ESUIT,
    FACE_NAT,
    LOW_NAT,
    NAT,
    SUIT_EFF,
    SUIT_NAT,
    TRUMP_MASK,
)
from .trick import opening_leader

ONE = np.int64(1)


@njit(cache=True, _nrt=False, forceinline=True)
def emit(trace, ti, g, kind, seat, value):
    """Append an event to trace row ``ti`` (callers test ``ti >= 0`` first: no call, no cost)."""
    n = g[L.G_NEV]
    if n < L.TRACE_CAP:
        trace[ti, n, L.TR_KIND] = kind
        trace[ti, n, L.TR_SEAT] = seat
        trace[ti, n, L.TR_VALUE] = value
        g[L.G_NEV] = n + 1


@njit(cache=True, _nrt=False, forceinline=True)
def shuffle_and_deal(g, deck, rng, row):
    """Step 1: partial Fisher-Yates over the deck; fills the natural hands, up-card, kitty."""
    n = DECK_LEN[row]
    for k in range(n):
        deck[k] = DECKS[row, k]
    # the stream's state stays in registers through the 24 draws (``below``'s arithmetic)
    s0, s1, s2, s3 = rng[0], rng[1], rng[2], rng[3]
    for k in range(24):
        i = n - 1 - k
        u, s0, s1, s2, s3 = xoshiro_step(s0, s1, s2, s3)
        j = scaled(u, i + 1)
        tmp = deck[i]
        deck[i] = deck[j]
        deck[j] = tmp
    rng[0], rng[1], rng[2], rng[3] = s0, s1, s2, s3
    dealer = g[L.G_DEALER]
    for p in range(4):
        m = np.int64(0)
        for q in range(5):
            m |= ONE << deck[n - 1 - (5 * p + q)]
        g[L.G_NAT + ((dealer + 1 + p) & 3)] = m
    g[L.G_UP] = deck[n - 21]
    g[L.G_KITTY] = (ONE << deck[n - 22]) | (ONE << deck[n - 23]) | (ONE << deck[n - 24])


@njit(cache=True, _nrt=False)
def redeal_eligible(nat, mode):
    if mode == REDEAL_ACE_NO_FACE:
        return popcount(nat & ACE_NAT) == 1 and (nat & FACE_NAT) == 0
    return (nat & ~LOW_NAT) == 0


@njit(cache=True, _nrt=False)
def snapshot(snaps, ti, k, g, seat, legal):
    """Copy the deal state before card play ``k`` (the player to move, his legal cards)."""
    for j in range(L.G_SIZE):
        snaps[ti, k, L.SN_STATE + j] = g[j]
    snaps[ti, k, L.SN_SEAT] = seat
    snaps[ti, k, L.SN_LEGAL] = legal


@njit(cache=True, _nrt=False, forceinline=True)
def is_out(g, seat):
    return seat == g[L.G_OUT_A] or seat == g[L.G_OUT_B]


@njit(cache=True, _nrt=False, forceinline=True)
def script_row(presets, pi):
    """The row of preset deal ``pi`` whose script applies, or -1: none for a shuffled deal
    (``pi < 0``), nor for a presets array without the script's columns (a duplicate match's
    replayed deals, ``batch.replay_presets``: the decisions are all the strategies')."""
    return pi if presets.shape[1] > L.PR_SCRIPT else -1


@njit(cache=True, _nrt=False, forceinline=True)
def scripted(presets, si, slot, top):
    """The action the script of preset deal ``si`` forces at ``slot`` (``layout.SC_*``) when it
    is a value in 0..``top``, else -1: the strategy decides. No script when ``si < 0``."""
    if si < 0:
        return -1
    v = presets[si, L.PR_SCRIPT + slot]
    return v if 0 <= v <= top else -1


# ---- the steps of a deal (docs/engine.md, "One deal, step by step"), inlined into play_deal ----


@njit(cache=True, _nrt=False, forceinline=True)
def reset_state(g):
    """Clear the deal state ``g`` but the dealer, the scores and the game's McEvoy calls; no
    trump, maker or card yet."""
    for k in range(L.G_TRUMP, L.G_MCEVOY):
        if k != L.G_SCORE0 and k != L.G_SCORE1:
            g[k] = 0
    g[L.G_TRUMP] = -1
    g[L.G_MAKER] = -1
    g[L.G_DEFENDER] = -1
    g[L.G_OUT_A] = -1
    g[L.G_OUT_B] = -1
    g[L.G_LED] = -1
    g[L.G_DISCARD] = -1
    for p in range(4):
        g[L.G_TRICK_CARD + p] = -1


@njit(cache=True, _nrt=False, forceinline=True)
def deal_hands(g, deck, rng, rules, kinds, params, trace, ti, presets, pi, row):
    """Steps 1-2: shuffle and deal (or take preset deal ``pi``), then redeal while an eligible
    player calls for it. Returns the number of redeals."""
    dealer = g[L.G_DEALER]
    if pi >= 0:
        for p in range(4):
            g[L.G_NAT + p] = presets[pi, L.PR_HAND + p]
        g[L.G_UP] = presets[pi, L.PR_UP]
        g[L.G_KITTY] = presets[pi, L.PR_KITTY]
    else:
        shuffle_and_deal(g, deck, rng, row)
    redeals = 0
    mode = rule(rules, R_REDEAL)
    # mcevoy_limit: in a game (G_MCEVOY >= 0) a seat that has made its McEvoy call may not again
    limited = (mode == REDEAL_NINES_AND_TENS and rule(rules, R_MCEVOY_LIMIT) != 0
               and g[L.G_MCEVOY] >= 0)
    while mode != REDEAL_NONE and redeals < L.MAX_REDEALS:
        caller = -1
        for k in range(1, 5):
            p = (dealer + k) & 3
            if limited and (g[L.G_MCEVOY] >> p) & 1:
                continue
            if redeal_eligible(g[L.G_NAT + p], mode):
                call = scripted(presets, script_row(presets, pi) if redeals == 0 else -1,
                                L.SC_REDEAL + p, 1)
                if call < 0:
                    call = decide_redeal(kinds, params, g, p, rules, rng)
                if call:
                    caller = p
                    break
        if caller < 0:
            break
        if limited:
            g[L.G_MCEVOY] |= ONE << caller
        if ti >= 0:
            emit(trace, ti, g, L.EV_REDEAL, caller, 0)
        redeals += 1
        shuffle_and_deal(g, deck, rng, row)
    return redeals


@njit(cache=True, _nrt=False, forceinline=True)
def start_record(recs, ri, g, redeals):
    """The record's fields known once the cards are dealt; the others at their 'none' value."""
    recs[ri, L.F_DEALER] = g[L.G_DEALER]
    for p in range(4):
        recs[ri, L.F_HAND0 + p] = g[L.G_NAT + p]
    recs[ri, L.F_UP] = g[L.G_UP]
    recs[ri, L.F_REDEALS] = redeals
    recs[ri, L.F_FARMER] = -1
    recs[ri, L.F_DISCARD] = -1
    recs[ri, L.F_DEFENDER] = -1
    recs[ri, L.F_ALONE] = 0
    recs[ri, L.F_STUCK] = 0
    recs[ri, L.F_WINNERS] = 0
    recs[ri, L.F_TRICKS0] = 0
    recs[ri, L.F_TRICKS1] = 0
    recs[ri, L.F_POINTS0] = 0
    recs[ri, L.F_POINTS1] = 0
    recs[ri, L.F_THROWN_IN] = 0


@njit(cache=True, _nrt=False, forceinline=True)
def farmers_hand(g, rng, rules, kinds, params, recs, ri, trace, ti):
    """Step 3: in turn from the dealer's left, each player whose hand ``farmer_cards`` allows
    decides whether to exchange three of those cards for the kitty. Under ``true`` the first
    exchange ends the step; under ``strict`` everyone eligible is asked, each exchanger taking
    the three cards the previous one put down. The record's ``farmer`` is the first."""
    dealer = g[L.G_DEALER]
    mode = rule(rules, R_FARMERS)
    for k in range(1, 5):
        p = (dealer + k) & 3
        nat = g[L.G_NAT + p]
        if farmer_cards(nat, mode):
            give = decide_farmer(kinds, params, g, p, rules, rng)
            if give != 0:
                m = give
                while m:
                    if ti >= 0:
                        emit(trace, ti, g, L.EV_FARMER, p, ctz(m))
                    m &= m - 1
                g[L.G_NAT + p] = (nat & ~give) | g[L.G_KITTY]
                g[L.G_KITTY] = give
                if recs[ri, L.F_FARMER] < 0:
                    recs[ri, L.F_FARMER] = p
                if mode != FARMERS_STRICT:
                    break


@njit(cache=True, _nrt=False)
def smitty(g, rng, rules, kinds, params, trace, ti):
    """Step 3b, smitty: the eldest's guess of the up-card's suit (made before the deal,
    unseen). Right (never for the joker, which has no suit): that suit is trump, the eldest
    the maker (``G_STUCK = STUCK_SMITTY``), and he decides at once, before looking at his
    hand, whether he calls for the game (plays alone; his partner sits out). Returns the
    maker, or -1 after a wrong guess (the bidding follows as usual)."""
    eldest = (g[L.G_DEALER] + 1) & 3
    guess = decide_smitty_guess(kinds, params, g, eldest, rules, rng, banned_trumps(rules))
    if ti >= 0:
        emit(trace, ti, g, L.EV_SMITTY, eldest, guess)
    up = g[L.G_UP]
    if up == 32 or (up >> 3) != guess:
        return -1
    g[L.G_UPSUIT] = guess
    g[L.G_STUCK] = L.STUCK_SMITTY
    if decide_smitty_alone(kinds, params, g, eldest, rules, rng):
        g[L.G_ALONE] = 1
        g[L.G_OUT_A] = (eldest + 2) & 3
        if ti >= 0:
            emit(trace, ti, g, L.EV_ALONE, eldest, 3)
    return eldest


@njit(cache=True, _nrt=False)
def smitty_game(g, rules, recs, ri, maker, alone):
    """Step 12, smitty: in a game (``G_MCEVOY >= 0``), a lone march on a right guess (called
    for the game) wins it outright: the makers score what they need to reach the target."""
    team = maker & 1
    if alone and g[L.G_MCEVOY] >= 0 and recs[ri, L.F_TRICKS0 + team] == 5:
        recs[ri, L.F_POINTS0 + team] = rule(rules, R_TARGET) - g[L.G_SCORE0 + team]


@njit(cache=True, _nrt=False)
def chuck_kitty(g, dealer, keep, trace, ti):
    """Step 6, chuck: the stuck dealer keeps ``keep``, puts his other four cards down (the
    new ``G_KITTY``) and takes the up-card and the three face-down cards."""
    nat = g[L.G_NAT + dealer]
    g[L.G_NAT + dealer] = (ONE << keep) | (ONE << g[L.G_UP]) | g[L.G_KITTY]
    g[L.G_KITTY] = nat & ~(ONE << keep)
    g[L.G_STUCK] = 2
    if ti >= 0:
        emit(trace, ti, g, L.EV_CHUCK, dealer, keep)


@njit(cache=True, _nrt=False, inline="always")
def make_trump(g, rng, rules, kinds, params, trace, ti, presets, si, tt, pw, never, clubs,
               chuck, nt):
    """Steps 4-6: the joker turned up, a club turned up under club_euchre (``clubs``), round
    1, round 2 (``chuck``: the stuck dealer may chuck; ``nt``: no trump may be called, trump
    ``NO_TRUMP``); ``never``: the suits nobody may make trump (hearts under
    hearts_never_trump). Returns (maker, trump, round); maker -1 when all pass twice without
    stick the dealer."""
    dealer = g[L.G_DEALER]
    up = g[L.G_UP]
    if up == 32:
        g[L.G_UPSUIT] = -1
        trump = decide_joker_trump(kinds, params, g, dealer, rules, rng, never)
        if ti >= 0:
            emit(trace, ti, g, L.EV_JOKER_TRUMP, dealer, trump)
        return dealer, trump, 1
    upsuit = up >> 3
    g[L.G_UPSUIT] = upsuit
    if upsuit == 0 and clubs:  # the dealer's side must take a club: no bidding
        model_forced_take(kinds, params, g, dealer)
        if ti >= 0:
            emit(trace, ti, g, L.EV_CLUB_EUCHRE, dealer, 0)
        return dealer, 0, 1
    up_allowed = ((never >> upsuit) & 1) == 0  # a heart up-card is passed by all
    for k in range(1, 5):
        p = (dealer + k) & 3
        is_dealer = k == 4
        can = up_allowed
        if can and is_dealer and rule(rules, R_DEALER_NEEDS_TRUMP):
            can = (g[L.G_NAT + p] & SUIT_NAT[upsuit]) != 0
        order = 0
        if can:
            order = scripted(presets, si, L.SC_ROUND1 + p, 1)
            if order < 0:
                order = decide_round1(kinds, params, g, p, rules, rng, is_dealer, tt, pw)
            elif order:
                model_forced_bid(kinds, g, p, upsuit, is_dealer)
        if order:
            if ti >= 0:
                emit(trace, ti, g, L.EV_ORDER, p, upsuit)
            return p, upsuit, 1
        if ti >= 0:
            emit(trace, ti, g, L.EV_PASS1, p, 0)
        g[L.G_PASSES] += 1
    # the turned-down suit, hearts if never trump, and no trump (bit 4) unless it may be called
    banned = (ONE << upsuit) | never | (0 if nt else NT_BIT)
    # chuck: the stuck dealer may play the turned-down suit with the kitty (never into hearts)
    chuckable = chuck and rule(rules, R_STICK) != 0 and ((never >> upsuit) & 1) == 0
    for k in range(1, 5):
        p = (dealer + k) & 3
        stuck = k == 4 and rule(rules, R_STICK) != 0
        f = scripted(presets, si, L.SC_ROUND2 + p, 5)  # 5: no trump
        if f == 4 and not stuck:
            t = -1
        elif f >= 0 and f != 4 and ((banned >> min(f, NO_TRUMP)) & 1) == 0:
            t = min(f, NO_TRUMP)
            model_forced_bid(kinds, g, p, t, False)
        else:
            if stuck and chuckable:  # a forced suit (above) is named without this question
                keep = decide_chuck(kinds, params, g, p, rules, rng)
                if keep >= 0:
                    chuck_kitty(g, p, keep, trace, ti)
                    return p, upsuit, 2
            t = decide_round2(kinds, params, g, p, rules, rng, upsuit, banned, stuck, tt, pw)
        if t >= 0:
            if ti >= 0:
                emit(trace, ti, g, L.EV_CALL, p, t)
            if stuck:
                g[L.G_STUCK] = 1
            return p, t, 2
        if ti >= 0:
            emit(trace, ti, g, L.EV_PASS2, p, 0)
        g[L.G_PASSES] += 1
    return -1, -1, 0


@njit(cache=True, _nrt=False)
def make_trump_options(g, rng, rules, kinds, params, trace, ti, presets, si, tt, pw):
    """``make_trump`` under hearts_never_trump, club_euchre, chuck or no_trump, out of line: a
    deal without them runs ``make_trump`` with all off as constants, the code it always ran."""
    return make_trump(g, rng, rules, kinds, params, trace, ti, presets, si, tt, pw,
                      banned_trumps(rules), rule(rules, R_CLUB_EUCHRE) != 0,
                      rule(rules, R_CHUCK) != 0, no_trump_callable(rules))


@njit(cache=True, _nrt=False, inline="always")
def dealer_discard(g, rng, rules, kinds, params, recs, ri, trace, ti, presets, si, tt, pw,
                   dealer):
    """Step 7: the dealer (the eldest after a right Smitty guess: ``up_taker``) takes the
    up-card and discards one of his other cards."""
    trump = g[L.G_TRUMP]
    up = g[L.G_UP]
    up_bit = EFF[trump, up]
    g[L.G_HAND + dealer] |= ONE << up_bit
    d = -1
    f = scripted(presets, si, L.SC_DISCARD, 32)
    if f >= 0 and f != up and (g[L.G_HAND + dealer] >> EFF[trump, f]) & 1:
        d = EFF[trump, f]
    if d < 0:
        d = decide_discard(kinds, params, g, dealer, rules, rng, up_bit, tt, pw)
    g[L.G_HAND + dealer] &= ~(ONE << d)
    g[L.G_DISCARD] = d
    # keep the natural hand current too (decisions that rate a hand read it)
    g[L.G_NAT + dealer] = (g[L.G_NAT + dealer] | (ONE << up)) & ~(ONE << NAT[trump, d])
    if ti >= 0:
        emit(trace, ti, g, L.EV_DISCARD, dealer, NAT[trump, d])
    recs[ri, L.F_DISCARD] = NAT[trump, d]


@njit(cache=True, _nrt=False, inline="always")
def going_alone(g, rng, rules, kinds, params, trace, ti, presets, si, tt, pw, forced_alone):
    """Step 8: does the maker play alone (forced by the Canadian loner)? His partner sits
    out. Returns 1 or 0."""
    maker = g[L.G_MAKER]
    alone = forced_alone
    if not forced_alone:
        alone = scripted(presets, si, L.SC_ALONE + maker, 1)
        if alone < 0:
            alone = decide_alone(kinds, params, g, maker, rules, rng, tt, pw)
    if alone:
        g[L.G_ALONE] = 1
        g[L.G_OUT_A] = (maker + 2) & 3
        if ti >= 0:
            emit(trace, ti, g, L.EV_ALONE, maker, forced_alone)
    return alone


@njit(cache=True, _nrt=False)
def partner_alone(g, rng, rules, kinds, params, trace, ti, presets, si):
    """Step 8, partner_may_go_alone (out of line: only taken with the option): the maker did
    not go alone; his partner may (unless passed_cannot_go_alone bars him). If he does, the
    maker sits out and the partner plays the hand as its maker: ``G_MAKER`` becomes his seat
    (the record's maker stays the caller). Returns 2 (the maker's partner alone) or 0."""
    maker = g[L.G_MAKER]
    p = (maker + 2) & 3
    if rule(rules, R_PASSED_CANNOT_ALONE) and passed_in_making_round(g, p):
        return 0
    alone = scripted(presets, si, L.SC_ALONE + p, 1)
    if alone < 0:
        alone = decide_partner_alone(kinds, params, g, p, rules, rng)
    if not alone:
        return 0
    g[L.G_MAKER] = p
    g[L.G_ALONE] = 1
    g[L.G_OUT_A] = maker
    if ti >= 0:
        emit(trace, ti, g, L.EV_ALONE, p, 2)
    return 2


@njit(cache=True, _nrt=False, inline="always")
def lone_defender(g, rng, rules, kinds, params, trace, ti, presets, si, tt, pw):
    """Step 9: the first defender who defends alone (his partner sits out), or -1; asked
    from the dealer's left, or the maker's under lone_defence = against_lone_maker."""
    maker = g[L.G_MAKER]
    start = defence_asked_after(rules, g[L.G_DEALER], maker)
    for k in range(1, 5):
        p = (start + k) & 3
        if (p & 1) == (maker & 1):
            continue
        if rule(rules, R_PASSED_CANNOT_ALONE) and passed_in_making_round(g, p):
            continue
        lone = scripted(presets, si, L.SC_DEFEND + p, 1)
        if lone < 0:
            lone = decide_defend_alone(kinds, params, g, p, rules, rng, tt, pw)
        if lone:
            g[L.G_DEFENDER] = p
            g[L.G_OUT_B] = (p + 2) & 3
            if ti >= 0:
                emit(trace, ti, g, L.EV_DEFEND_ALONE, p, 0)
            return p
    return -1


@njit(cache=True, _nrt=False, forceinline=True)
def partners_best(g, rng, rules, kinds, params, trace, ti, pb, alone, defender):
    """Step 10: each lone player (the maker first) gets his partner's card (railroad: if he
    takes it unseen) and discards one."""
    maker = g[L.G_MAKER]
    trump = g[L.G_TRUMP]
    for which in range(2):
        lone = maker if which == 0 else defender
        if lone < 0 or (which == 0 and not alone):
            continue
        if pb == PB_RAILROAD:
            take = decide_railroad(kinds, params, g, lone, rules, rng)
            if ti >= 0:
                emit(trace, ti, g, L.EV_RAILROAD, lone, take)
            if not take:
                continue
        partner = (lone + 2) & 3
        c = decide_give(kinds, params, g, partner, rules, rng)
        g[L.G_HAND + partner] &= ~(ONE << c)
        g[L.G_HAND + lone] |= ONE << c
        if ti >= 0:
            emit(trace, ti, g, L.EV_GIVE, partner, NAT[trump, c])
        d = decide_lone_discard(kinds, params, g, lone, rules, rng)
        g[L.G_HAND + lone] &= ~(ONE << d)
        if ti >= 0:
            emit(trace, ti, g, L.EV_LONE_DISCARD, lone, NAT[trump, d])


@njit(cache=True, _nrt=False, forceinline=True)
def count_trick(g, winners, tricks0, tricks1, trick, winner):
    """Trick ``trick`` won by ``winner``: (the winners packed 2 bits a trick, the tricks of team
    0, of team 1), the counts also into ``G_TRICKS0`` / ``G_TRICKS1``."""
    winners |= np.int64(winner) << (2 * trick)
    if winner & 1:
        tricks1 += 1
    else:
        tricks0 += 1
    g[L.G_TRICKS0] = tricks0
    g[L.G_TRICKS1] = tricks1
    return winners, tricks0, tricks1


@njit(cache=True, _nrt=False, forceinline=True)
def last_trick_winner(g, leader):
    """The winner of the last trick, each active seat playing his last card (``G_HAND``: one
    card each) from ``leader`` round."""
    p = leader
    w = ctz(g[L.G_HAND + p])
    led = ESUIT[w]
    winner = p
    for _ in range(3):
        p = (p + 1) & 3
        if is_out(g, p):
            continue
        c = ctz(g[L.G_HAND + p])
        if c > w and (ESUIT[c] == 3 or ESUIT[c] == led):
            w = c
            winner = p
    return winner


@njit(cache=True, _nrt=False, inline="always")
def play_tricks(g, rng, rules, kinds, params, trace, ti, presets, si, tt, pw, snaps, leader,
                nplay):
    """Step 11: five tricks from ``leader``, ``nplay`` active players. Returns (tricks of team
    0, tricks of team 1, the winners' seats packed 2 bits per trick)."""
    trump = g[L.G_TRUMP]
    winners = np.int64(0)
    # shown voids are tracked only when a strategy reads them (or states are captured):
    # updating them costs a tenth of a reference deal
    track_voids = (reads_shown_voids(kinds[0]) or reads_shown_voids(kinds[1])
                   or snaps.shape[0] > 0)
    led = -1
    tricks0 = 0
    tricks1 = 0
    for trick in range(5):
        if trick == 4 and ti < 0:
            # the last trick, untraced: everyone holds one card and has nothing to decide (a
            # decision asked now could only name it, and nothing reads the random stream after
            # it), so its cards are played without the state's bookkeeping (nothing after
            # the deal reads it)
            winners, tricks0, tricks1 = count_trick(g, winners, tricks0, tricks1, trick,
                                                    last_trick_winner(g, leader))
            break
        g[L.G_TRICK] = trick
        g[L.G_LEADER] = leader
        g[L.G_LED] = -1
        for p in range(4):
            g[L.G_TRICK_CARD + p] = -1
        p = leader
        for pos in range(nplay):
            g[L.G_POS] = pos
            hand = g[L.G_HAND + p]
            if pos == 0:
                legal = hand
                if trick == 0 and rule(rules, R_NO_FIRST_BLOOD):
                    nontrump = hand & ~TRUMP_MASK
                    if nontrump:
                        legal = nontrump
            else:
                legal = hand & SUIT_EFF[g[L.G_LED]]
                void = legal == 0
                if track_voids:  # no trump's suits 4..7 as 0..3 (voids_of); without a
                    # branch: whether a player shows out is a coin toss to the predictor
                    g[L.G_VOIDS] |= np.int64(void) << (4 * p + (led & 3))
                if void:
                    legal = hand
            if ti >= 0 and snaps.shape[0] > 0:
                snapshot(snaps, ti, trick * nplay + pos, g, p, legal)
            c = -1
            if si >= 0:
                f = scripted(presets, si, L.SC_PLAY + trick * nplay + pos, 32)
                if f >= 0 and (legal >> EFF[trump, f]) & 1:
                    c = EFF[trump, f]
            if c < 0:
                c = decide_play(kinds, params, g, p, rules, rng, legal, tt, pw)
            if pos == 0:
                led = ESUIT[c]
                g[L.G_LED] = led
                g[L.G_WIN_CARD] = c
                g[L.G_WIN_SEAT] = p
            else:
                w = g[L.G_WIN_CARD]
                if c > w and (ESUIT[c] == 3 or ESUIT[c] == g[L.G_LED]):
                    g[L.G_WIN_CARD] = c
                    g[L.G_WIN_SEAT] = p
            g[L.G_HAND + p] = hand & ~(ONE << c)
            g[L.G_PLAYED] |= ONE << c
            g[L.G_TRICK_CARD + p] = c
            if ti >= 0:
                emit(trace, ti, g, L.EV_PLAY, p, NAT[trump, c])
            p = (p + 1) & 3
            while is_out(g, p):
                p = (p + 1) & 3
        winner = g[L.G_WIN_SEAT]
        winners, tricks0, tricks1 = count_trick(g, winners, tricks0, tricks1, trick, winner)
        if ti >= 0:
            emit(trace, ti, g, L.EV_TRICK, winner, trick)
        leader = winner
    return tricks0, tricks1, winners


@njit(cache=True, _nrt=False, forceinline=True)
def score_deal(rules, recs, ri, maker, alone, defender, tricks0, tricks1):
    """Step 12: the makers' points (1, 2, or 4 alone) or the defenders' (2, or 4 against a lone
    defender or a super euchre) into the record."""
    mteam = maker & 1
    mtricks = tricks1 if mteam else tricks0
    if mtricks >= 3:
        pts = 1
        if mtricks == 5:
            pts = 4 if alone else 2
        team = mteam
    else:
        pts = 2
        if defender >= 0 or (rule(rules, R_SUPER_EUCHRE) and mtricks == 0):
            pts = 4
        team = mteam ^ 1
    if team == 0:
        recs[ri, L.F_POINTS0] = pts
    else:
        recs[ri, L.F_POINTS1] = pts


@njit(cache=True, _nrt=False, inline="always")
def play_deal(g, deck, rng, rules, kinds, params, recs, ri, trace, ti, presets, pi, tt, pw,
              snaps):
    """Play one deal. ``g[G_DEALER]`` (and the scores) must be set; the rest is overwritten.

    With ``pi >= 0`` the first deal is ``presets[pi]`` (hands 0-3, up-card, kitty mask) instead
    of a shuffle (a redeal still shuffles from the stream), and its script (``layout.SC_*``)
    forces the actions it sets: a forced action that is legal at its decision is taken without
    asking the strategy (nor drawing), any other value leaves the decision free; a redeal ends
    the script. With ``ti >= 0`` and a non-empty ``snaps``, the state before each card play k
    goes to ``snaps[ti, k]`` (``snapshot``). Each step below is one of docs/engine.md.
    """
    dealer = g[L.G_DEALER]
    reset_state(g)
    redeals = deal_hands(g, deck, rng, rules, kinds, params, trace, ti, presets, pi,
                         deck_row(rules))  # 1-2
    start_record(recs, ri, g, redeals)
    # the script of a preset deal (the hand analyser replays a history and forces one option
    # this way); a redeal cancels it
    si = script_row(presets, pi) if redeals == 0 else -1
    if rule(rules, R_FARMERS):
        farmers_hand(g, rng, rules, kinds, params, recs, ri, trace, ti)  # 3
    maker = -1
    if rule(rules, R_SMITTY):
        maker = smitty(g, rng, rules, kinds, params, trace, ti)  # 3b
    if maker >= 0:
        trump = g[L.G_UPSUIT]
        rnd = 1
    elif (rule(rules, R_HEARTS_NEVER_TRUMP) or rule(rules, R_CLUB_EUCHRE) or rule(rules, R_CHUCK)
            or rule(rules, R_NO_TRUMP)):  # 4-6
        maker, trump, rnd = make_trump_options(g, rng, rules, kinds, params, trace, ti, presets,
                                               si, tt, pw)
    else:
        maker, trump, rnd = make_trump(g, rng, rules, kinds, params, trace, ti, presets, si, tt,
                                       pw, 0, False, False, False)
    recs[ri, L.F_PASSES] = g[L.G_PASSES]
    recs[ri, L.F_ROUND] = rnd
    recs[ri, L.F_MAKER] = maker
    recs[ri, L.F_TRUMP] = trump
    if maker < 0:
        if ti >= 0:
            emit(trace, ti, g, L.EV_THROWN_IN, dealer, 0)
        recs[ri, L.F_THROWN_IN] = 1
        recs[ri, L.F_LEADER] = -1
        return
    recs[ri, L.F_STUCK] = g[L.G_STUCK]
    g[L.G_MAKER] = maker
    g[L.G_TRUMP] = trump
    g[L.G_ROUND] = rnd
    for p in range(4):
        g[L.G_HAND + p] = to_effective(g[L.G_NAT + p], trump)
    # Canadian loner: the dealer's partner who orders up plays alone, the dealer sits out
    forced_alone = 0
    if (rnd == 1 and g[L.G_UP] != 32 and rule(rules, R_DEALER_PARTNER_ALONE)
            and maker == ((dealer + 2) & 3)):
        forced_alone = 1
        g[L.G_OUT_A] = dealer
    taker = up_taker(g)  # the dealer, or the eldest after a right Smitty guess
    if rnd == 1 and g[L.G_OUT_A] != taker:
        dealer_discard(g, rng, rules, kinds, params, recs, ri, trace, ti, presets, si, tt,
                       pw, taker)  # 7
    if taker != dealer:  # smitty: the eldest called for the game or not at his guess
        alone = g[L.G_ALONE]
    else:
        alone = going_alone(g, rng, rules, kinds, params, trace, ti, presets, si, tt, pw,
                            forced_alone)  # 8
        if rule(rules, R_PARTNER_ALONE) and not alone:  # 8: the maker's partner may go alone
            # if he does, G_MAKER becomes his seat: he plays the hand (the record keeps the
            # caller)
            alone = partner_alone(g, rng, rules, kinds, params, trace, ti, presets, si)
    recs[ri, L.F_ALONE] = alone
    defender = -1
    if rule(rules, R_DEFENDER_ALONE) and (alone or rule(rules, R_LONE_DEFENCE) == LONE_DEFENCE_ANY):
        defender = lone_defender(g, rng, rules, kinds, params, trace, ti, presets, si, tt,
                                 pw)  # 9
    recs[ri, L.F_DEFENDER] = defender
    if si >= 0 and presets[si, L.PR_SCRIPT + L.SC_STOP] == 1:
        recs[ri, L.F_LEADER] = -1  # a screening playout (the analyser's): only the bidding
        return
    pb = rule(rules, R_PARTNERS_BEST)
    if pb != PB_NONE:
        partners_best(g, rng, rules, kinds, params, trace, ti, pb, alone, defender)  # 10
    nplay = 4  # 11
    if g[L.G_OUT_A] >= 0:
        g[L.G_HAND + g[L.G_OUT_A]] = 0
        nplay -= 1
    if g[L.G_OUT_B] >= 0:
        g[L.G_HAND + g[L.G_OUT_B]] = 0
        nplay -= 1
    leader = opening_leader(rules, dealer, g[L.G_MAKER], alone, defender,
                            g[L.G_OUT_A], g[L.G_OUT_B])
    recs[ri, L.F_LEADER] = leader
    tricks0, tricks1, winners = play_tricks(g, rng, rules, kinds, params, trace, ti, presets,
                                            si, tt, pw, snaps, leader, nplay)
    recs[ri, L.F_TRICKS0] = tricks0
    recs[ri, L.F_TRICKS1] = tricks1
    recs[ri, L.F_WINNERS] = winners
    score_deal(rules, recs, ri, maker, alone, defender, tricks0, tricks1)  # 12
    if taker != dealer:
        smitty_game(g, rules, recs, ri, maker, alone)  # a called game won outright
