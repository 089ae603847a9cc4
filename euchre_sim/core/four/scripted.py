"""The scripted strategy family: every decision driven by a parameter row (the ``Q_*`` slots
of ``kinds.py``).

Parameter names, defaults, ranges and meanings live in ``euchre_sim/strategies/schema.py``;
this module holds only the kernels. Strength is a weighted count (``hand_value``); bidding,
going alone and the lone defence compare it with per-seat thresholds; play follows conventions
switched on and off by 0/1 parameters, with optional card memory.

Seat positions count from the dealer's left: 0 eldest, 1 dealer's partner, 2 third, 3 dealer.

The decisions the deal asks for on every deal (``play_card``, the bidding rounds, the discard,
going alone) are compiled with ``forceinline=True``: LLVM inlines them into the deal kernel
when it links it, so a decision costs no call (numba passes every field of every array
argument: some 25 values a call). Why LLVM's inlining rather than numba's ``inline="always"``,
and where the deal keeps numba's: ``deal.py``'s docstring.
"""

import numpy as np
from numba import njit

from ...game.cards import NO_TRUMP
from ...game.rules import R_DEALER_PARTNER_ALONE, R_NO_TRUMP, R_TARGET
from ..common import layout as L
from ..common.bits import ctz, highest_bit, popcount
from ..common.rule import rule
from .card_policy import beating, policy_card
from .hands import deck_row, strongest_card, to_effective, up_taker, voids_of
from .kinds import (
    BID_SHIFT_BASE,
    EQ_MAX,
    LONER_SHIFT_BASE,
    NAT_NEXT_BASE,
    NAT_SIDE_BASE,
    NAT_TRUMP_BASE,
    POLICY_BASE,
    Q_ALONE,
    Q_ALONE_SURE,
    Q_AVOID_OPP_VOID,
    Q_AVOID_TURNED_DOWN,
    Q_BRIDGE_BONUS,
    Q_CARD_POLICY,
    Q_CHUCK,
    Q_DEF_BOSS_TRUMP,
    Q_DEF_SINGLETON_ACE,
    Q_DEFEND_ALONE,
    Q_DESPERATION_BONUS,
    Q_DISCARD_KEEP_ACES,
    Q_DISCARD_KEEP_KINGS,
    Q_DISCARD_VOID,
    Q_DRAW_FOR_ACES,
    Q_DRAW_HIGH,
    Q_EQUITY_ALONE,
    Q_EQUITY_WEIGHT,
    Q_FISH_BOWERS,
    Q_FISHING,
    Q_GAME_POINT_NO_ALONE,
    Q_GUARDS_VS_LONER,
    Q_LC_LEFT,
    Q_LC_RIGHT,
    Q_LC_RUN,
    Q_LC_SIDE_ACE,
    Q_LC_SIDE_KING,
    Q_LC_STRENGTH,
    Q_LC_TRUMP,
    Q_LC_VOID,
    Q_LEAD_ACES,
    Q_LEAD_NEXT_DEF,
    Q_LEAD_PARTNER_VOID,
    Q_LEAD_RIGHT_MIN,
    Q_LEAD_THROUGH_LONER,
    Q_LEAD_TRUMP_PARTNER,
    Q_LEAD_TRUMP_VS_LONER,
    Q_LONE_DRAWS_TRUMP,
    Q_LONE_LEADS_HIGH,
    Q_LONE_TURNED_DOWN,
    Q_MEMORY,
    Q_NEXT_ELDEST,
    Q_NEXT_THIRD,
    Q_NO_TRUMP,
    Q_PLAY_MAKE_VOID,
    Q_R1,
    Q_R2,
    Q_RAILROAD_BELOW,
    Q_REVERSE_NEXT,
    Q_RUFF_HIGH,
    Q_SAVE_BOSS_VS_LONER,
    Q_SECOND_BOSS,
    Q_SECOND_KEEPS_BOSS,
    Q_SECOND_LOW,
    Q_SECOND_SURE,
    Q_SUITS_VS_LONER,
    Q_TAKE_VS_LONER,
    Q_THIRD_HIGH,
    Q_TRUMP_PARTNER_BOSS,
    Q_TRUMP_PARTNER_VOID,
    Q_UPCARD_MEMORY,
    Q_W_JOKER,
    Q_W_OFF_ACE,
    Q_W_OFF_KING,
    Q_W_SINGLETON,
    Q_W_UP_OPPONENT,
    Q_W_UP_PARTNER,
    Q_W_VOID,
    SIDE_BASE,
    TRUMP_HI_BASE,
    TRUMP_LO_BASE,
    VALUE_EXACT,
    trump_weight_slot,
)
from .score_aware import loner_worth, make_break_even, on_grid, score_state
from .tables import DECK_EFF, DECK_NAT, EFF, ESUIT, NT_BASE, SUIT_EFF, TRUMP_MASK

ONE = np.int64(1)
ACE_BASE = 21  # effective bit of the ace of non-trump suit e is 21 + e, the king 18 + e
KING_BASE = 18
SIDE_ACES = np.int64(7 << ACE_BASE)  # the three side suits' aces
SIDE_KINGS = np.int64(7 << KING_BASE)
NT_ACE = NT_BASE + 20  # no trump: the ace of natural suit s is bit NT_ACE + s, the king 16 + s
NT_KING = NT_BASE + 16
# the side suits of a 3-bit set of effective suits (bit e: suit e), as one card mask
SIDE_SUITS = np.array([sum(int(SUIT_EFF[e]) for e in range(3) if m >> e & 1) for m in range(8)],
                      np.int64)


@njit(cache=True, _nrt=False, forceinline=True)
def is_no_trump(eh):
    """Is the effective hand ``eh`` in the no-trump layout (bits from ``NT_BASE``)?"""
    return (eh >> NT_BASE) != 0


@njit(cache=True, _nrt=False)
def nt_tricks(eh):
    """no_trump: the tricks a no-trump hand (effective, no-trump layout) counts on: in each
    suit its top cards in a run from the ace (A, A-K, A-K-Q ...), or 1 for a guarded king
    (the king and another card of the suit) without the ace."""
    n = 0
    for s in range(4):
        cards = eh & SUIT_EFF[4 + s]
        b = NT_ACE + s
        run = 0
        while b >= NT_BASE and (cards >> b) & 1:
            run += 1
            b -= 4
        if run == 0 and (cards >> (NT_KING + s)) & 1 and popcount(cards) >= 2:
            run = 1
        n += run
    return n


@njit(cache=True, _nrt=False)
def nt_value(params, team, eh):
    """no_trump: strength of a no-trump hand for the loner, lone-defence and railroad
    thresholds: its aces and kings at the off-suit weights (no trumps, no shape bonus)."""
    v = 0.0
    for s in range(4):
        v += params[team, Q_W_OFF_ACE] * ((eh >> (NT_ACE + s)) & 1)
        v += params[team, Q_W_OFF_KING] * ((eh >> (NT_KING + s)) & 1)
    return v


@njit(cache=True, _nrt=False)
def nt_play(params, g, seat, deck, legal):
    """no_trump's card play (no trump suit: the side-suit conventions do not apply). Lead a
    boss card (the highest in play of its suit) if any, else the lowest card of the longest
    suit. Follow: low when partner wins the trick or as second hand (unless holding a boss
    that wins it), else the cheapest winner; low when nothing wins."""
    w = g[L.G_WIN_CARD]
    live = in_play(params, g, seat, deck)
    if g[L.G_POS] == 0:
        boss = np.int64(0)
        m = legal
        while m:
            c = ctz(m)
            m &= m - 1
            if ((live & SUIT_EFF[4 + (c - NT_BASE) % 4]) >> (c + 1)) == 0:
                boss |= ONE << c
        if boss:
            return highest_bit(boss)
        best = legal
        best_n = 0
        for s in range(4):
            cards = legal & SUIT_EFF[4 + s]
            if popcount(cards) > best_n:
                best_n = popcount(cards)
                best = cards
        return ctz(best)
    beats = legal & SUIT_EFF[g[L.G_LED]] & ~((np.int64(2) << w) - 1)
    if not beats or g[L.G_WIN_SEAT] == (seat ^ 2):
        return ctz(legal)
    nplay = 4 - (1 if g[L.G_OUT_A] >= 0 else 0) - (1 if g[L.G_OUT_B] >= 0 else 0)
    if g[L.G_POS] == 1 and g[L.G_POS] < nplay - 1:
        top = highest_bit(beats)
        if ((live & ~g[L.G_HAND + seat] & SUIT_EFF[g[L.G_LED]]) >> (top + 1)) == 0:
            return top  # it wins the trick whatever comes after
        return ctz(legal)
    return ctz(beats)


@njit(cache=True, _nrt=False, forceinline=True)
def g_nat(g, seat):
    return g[L.G_NAT + seat]


@njit(cache=True, _nrt=False, forceinline=True)
def eff_suit(nat_suit, trump):
    """Effective suit index (0..2) of a natural non-trump suit."""
    return nat_suit if nat_suit < trump else nat_suit - 1


@njit(cache=True, _nrt=False, forceinline=True)
def trump_weight(params, team, bit):
    """Weight of one trump (effective bit 24..33), from its slot (``kinds.trump_weight_slot``)."""
    return params[team, trump_weight_slot(bit)]


@njit(cache=True, _nrt=False, forceinline=True)
def eff_value(params, team, eh, no_trump=True):
    """Strength of an effective hand: trumps by rank, off aces and kings, voids, singletons
    (a no-trump hand: ``nt_value``). Most rows read their tables (``table_value``, a few loads
    and adds, inlined with this dispatch); a row off the tables' grid sums card by card
    (``summed_value``, out of line)."""
    if no_trump and is_no_trump(eh):
        return nt_value(params, team, eh)
    if params[team, VALUE_EXACT] > 0:
        return table_value(params, team, eh)
    return summed_value(params, team, eh)


@njit(cache=True, _nrt=False, forceinline=True)
def nat_value(params, team, nat, t):
    """``eff_value`` of the natural hand ``nat`` under the trump suit ``t`` (0..3), without
    converting it: four loads from the row's natural-suit tables (``kinds.NAT_TRUMP_BASE``),
    bit for bit the same sum (every term on the grid); a row off the grid converts and sums."""
    if params[team, VALUE_EXACT] <= 0:
        return eff_value(params, team, to_effective(nat, t), False)
    # the side suits are t ^ 1 and t ^ 2 (t ^ 3 is trump's colour); every term is on the
    # grid, so the order of the additions cannot change the sum
    v = (params[team, NAT_TRUMP_BASE + ((nat >> (8 * t)) & 255)]
         + params[team, NAT_NEXT_BASE + ((nat >> (8 * (t ^ 3))) & 255)]
         + params[team, NAT_SIDE_BASE + ((nat >> (8 * (t ^ 1))) & 255)]
         + params[team, NAT_SIDE_BASE + ((nat >> (8 * (t ^ 2))) & 255)])
    if (nat >> 32) & 1:
        v += params[team, Q_W_JOKER]
    return v


@njit(cache=True, _nrt=False)
def summed_value(params, team, eh):
    """``eff_value`` card by card (a row whose weights are off the tables' grid)."""
    v = 0.0
    t = eh & TRUMP_MASK
    while t:
        b = ctz(t)
        v += trump_weight(params, team, b)
        t &= t - 1
    for e in range(3):
        cards = eh & SUIT_EFF[e]
        n = popcount(cards)
        if n == 0:
            v += params[team, Q_W_VOID]
        elif n == 1:
            v += params[team, Q_W_SINGLETON]
        if (cards >> (ACE_BASE + e)) & 1:
            v += params[team, Q_W_OFF_ACE]
        if (cards >> (KING_BASE + e)) & 1:
            v += params[team, Q_W_OFF_KING]
    return v


@njit(cache=True, _nrt=False, forceinline=True)
def table_value(params, team, eh):
    """``eff_value`` from the row's strength tables (``strategies/strength_tables.py``): the
    trumps in two 5-bit halves, then each side suit by its shape (count up to 2, ace, king).
    Only for a row whose weights are exact on the grid, where this equals the card-by-card sum
    bit for bit."""
    tb = (eh >> 24) & 1023
    v = params[team, TRUMP_LO_BASE + (tb & 31)] + params[team, TRUMP_HI_BASE + (tb >> 5)]
    for e in range(3):
        cards = eh & SUIT_EFF[e]
        k = (min(popcount(cards), 2) + 3 * ((cards >> (ACE_BASE + e)) & 1)
             + 6 * ((cards >> (KING_BASE + e)) & 1))
        v += params[team, SIDE_BASE + k]
    return v


@njit(cache=True, _nrt=False, forceinline=True)
def score_bonus(params, g, seat, rules):
    """Score-aware shift of bidding strength: at the bridge, when the opponents are close, and
    by match equity: the threshold rises by ``equity_weight`` x (p* - 2/3), p* the make
    probability at which a bid breaks even in game-winning chances (2/3 at face value)."""
    target = rule(rules, R_TARGET)
    team = seat & 1
    ours, theirs, nd = score_state(g, team)
    b = 0.0
    if ours == target - 1 and theirs >= target - 4:
        b += params[team, Q_BRIDGE_BONUS]
    if theirs >= target - 2:
        b += params[team, Q_DESPERATION_BONUS]
    if params[team, Q_EQUITY_WEIGHT] != 0.0:
        b -= params[team, BID_SHIFT_BASE + (ours * EQ_MAX + theirs) * 2 + nd]
    return b


@njit(cache=True, _nrt=False)
def bid_shift_at(params, team, target, ours, theirs, nd):
    """How far match equity (``equity_weight``) raises a bid threshold at this score:
    ``equity_weight`` x (p* - 2/3) to the half point, p* the make probability at which a bid
    breaks even (0 where it is undefined)."""
    p = make_break_even(params, team, target, ours, theirs, nd)
    if p >= 0.0:
        return on_grid(params[team, Q_EQUITY_WEIGHT] * (p - 2.0 / 3.0))
    return 0.0


@njit(cache=True, _nrt=False)
def loner_shift_at(params, team, target, ours, theirs, nd):
    """How far match equity (``equity_alone``) moves a loner threshold at this score, the
    maker's or a lone defender's (either scores 4 instead of 2): ``equity_alone`` x (1 - k) to
    the half point, or past any hand when the two extra points are worth nothing (k <= 0:
    the ordinary march or euchre already wins the game)."""
    k = loner_worth(params, team, target, ours, theirs, nd)
    if k <= 0.0:
        return 2 * LONER_NEVER
    return on_grid(params[team, Q_EQUITY_ALONE] * (1.0 - k))


@njit(cache=True, _nrt=False)
def fill_score_shifts(params, team, target):
    """Write both shifts for every score below ``target`` into row ``team`` (its equity block
    already filled): the decisions then read one slot instead of working out the equities."""
    for ours in range(target):
        for theirs in range(target):
            for nd in range(2):
                i = (ours * EQ_MAX + theirs) * 2 + nd
                params[team, BID_SHIFT_BASE + i] = bid_shift_at(params, team, target, ours,
                                                                theirs, nd)
                params[team, LONER_SHIFT_BASE + i] = loner_shift_at(params, team, target,
                                                                    ours, theirs, nd)


@njit(cache=True, _nrt=False, forceinline=True)
def choose_discard(params, team, eh, keep_bit):
    """Weakest card worth losing from ``eh`` (never ``keep_bit``): a singleton to make a void,
    else the lowest non-trump that is not a kept ace or guarded king, else the lowest card."""
    cand = eh
    if keep_bit >= 0:
        cand &= ~(ONE << keep_bit)
    if is_no_trump(cand):  # no_trump (a lone player's discard): the lowest card
        return ctz(cand)
    nontrump = cand & ~TRUMP_MASK
    if nontrump == 0:
        return ctz(cand)
    keep_aces = params[team, Q_DISCARD_KEEP_ACES] > 0
    keep_kings = params[team, Q_DISCARD_KEEP_KINGS] > 0
    if params[team, Q_DISCARD_VOID] > 0:
        singles = singleton_cards(nontrump)
        if keep_aces:
            singles &= ~SIDE_ACES
        if singles:
            return ctz(singles)
    m = nontrump
    while m:
        c = ctz(m)
        e = ESUIT[c]
        suit_count = popcount(eh & SUIT_EFF[e])
        skip = (keep_aces and c == ACE_BASE + e) or (
            keep_kings and c == KING_BASE + e and suit_count >= 2)
        if not skip:
            return c
        m &= m - 1
    return ctz(nontrump)


@njit(cache=True, _nrt=False, forceinline=True)
def singleton_cards(cards):
    """The cards of ``cards`` that are alone in their side suit (the lowest of them is the one
    to lose to make a void)."""
    out = np.int64(0)
    for e in range(3):  # without branches: which suits are singletons is unpredictable
        suit = cards & SUIT_EFF[e]
        out |= suit & -np.int64((suit & (suit - 1)) == 0)
    return out


@njit(cache=True, _nrt=False, forceinline=True)
def position(g, seat):
    return (seat - g[L.G_DEALER] - 1) & 3


@njit(cache=True, _nrt=False, forceinline=True)
def sc_round1(params, g, seat, rules, is_dealer):
    """Order up when the value (dealer: after his best discard; others: +/- the up-card going
    to the dealer's side) reaches the seat's round-1 threshold."""
    team = seat & 1
    up = g[L.G_UP]
    t = g[L.G_UPSUIT]
    pos = position(g, seat)
    if is_dealer:
        eh = to_effective(g_nat(g, seat) | (ONE << up), t)
        d = choose_discard(params, team, eh, EFF[t, up])
        v = eff_value(params, team, eh & ~(ONE << d), nt_rules(rules))
    else:
        v = nat_value(params, team, g_nat(g, seat), t)
        if pos == 1 and rule(rules, R_DEALER_PARTNER_ALONE):
            # Canadian loner: ordering up means playing alone, and the dealer never takes
            # the card: no up-card bonus, and the hand must also be worth a loner (rated as
            # the maker rates one: ``loner_value``, the bidding strength by default)
            bonus = score_bonus(params, g, seat, rules)
            lone = loner_value(params, team, to_effective(g_nat(g, seat), t), rules) + bonus
            return 1 if (v + bonus >= params[team, Q_R1 + pos]
                         and lone >= params[team, Q_ALONE + pos]) else 0
        w_up = trump_weight(params, team, EFF[t, up])
        if pos == 1:
            v += params[team, Q_W_UP_PARTNER] * w_up
        else:
            v -= params[team, Q_W_UP_OPPONENT] * w_up
    v += score_bonus(params, g, seat, rules)
    return 1 if v >= params[team, Q_R1 + pos] else 0


@njit(cache=True, _nrt=False, forceinline=True)
def sc_round2(params, g, seat, rules, upsuit, banned, stuck):
    """Name the best suit not ``banned`` (bit s for suit s: the up-card's suit, hearts under
    hearts_never_trump), with the next / reverse-next bonuses, if it reaches the threshold.
    no_trump (bit 4 of ``banned`` clear): first, call no trump when the hand counts
    ``round2.no_trump_tricks`` sure tricks (``nt_tricks``), stuck or not."""
    team = seat & 1
    pos = position(g, seat)
    nat = g_nat(g, seat)
    if ((banned >> NO_TRUMP) & 1) == 0:
        if nt_tricks(to_effective(nat, NO_TRUMP)) >= params[team, Q_NO_TRUMP]:
            return NO_TRUMP
    best = -1
    bv = -1e300
    for t in range(4):
        if (banned >> t) & 1:
            continue
        v = nat_value(params, team, nat, t)
        if t == (upsuit ^ 3):
            if pos == 0:
                v += params[team, Q_NEXT_ELDEST]
            elif pos == 2:
                v += params[team, Q_NEXT_THIRD]
        elif pos == 1 or pos == 3:
            v += params[team, Q_REVERSE_NEXT]
        if v > bv:
            bv = v
            best = t
    bv += score_bonus(params, g, seat, rules)
    if stuck or bv >= params[team, Q_R2 + pos]:
        return best
    return -1


@njit(cache=True, _nrt=False)
def sc_chuck(params, g, seat):
    """chuck: the stuck dealer keeps his strongest card in the up-card's suit and chucks when
    the trump weights of that card (if a trump) and the up-card reach ``round2.chuck_threshold``
    (the kitty is unseen); the natural card kept, or -1 to name a suit."""
    team = seat & 1
    up = g[L.G_UP]
    t = up >> 3
    keep = strongest_card(g_nat(g, seat), t)
    v = trump_weight(params, team, EFF[t, up])
    if EFF[t, keep] >= 24:
        v += trump_weight(params, team, EFF[t, keep])
    return keep if v >= params[team, Q_CHUCK] else -1


@njit(cache=True, _nrt=False)
def sc_joker_trump(params, g, seat):
    """The joker turned up: the dealer names trump before looking at his hand (RULES.md), so
    the choice cannot depend on it: clubs (every suit is alike unseen)."""
    return 0


@njit(cache=True, _nrt=False, forceinline=True)
def top_run(eh, rules):
    """The trumps of ``eh`` in an unbroken run from the highest of the deck down."""
    b = 33 if (DECK_NAT[deck_row(rules)] >> 32) & 1 else 32
    run = 0
    while b >= 24 and (eh >> b) & 1:
        run += 1
        b -= 1
    return run


@njit(cache=True, _nrt=False)
def sure_tricks(eh, rules):
    """Trumps held in an unbroken run from the top, plus off aces when that run is >= 3 (a
    no-trump hand: ``nt_tricks``)."""
    if nt_rules(rules) and is_no_trump(eh):
        return nt_tricks(eh)
    run = top_run(eh, rules)
    if run >= 3:
        for e in range(3):
            run += (eh >> (ACE_BASE + e)) & 1
    return run


@njit(cache=True, _nrt=False, forceinline=True)
def sc_alone(params, g, seat, rules):
    """Go alone on the strength of the hand held now (per seat) or on sure tricks; never when
    one point wins the game (if asked); by match equity, see :func:`equity_alone_shift`."""
    team = seat & 1
    target = rule(rules, R_TARGET)
    ours = score_state(g, team)[0]
    if params[team, Q_GAME_POINT_NO_ALONE] > 0 and ours == target - 1:
        return 0
    need = params[team, Q_ALONE + position(g, seat)] + equity_alone_shift(params, g, team)
    if need > LONER_NEVER:
        return 0
    v = loner_value(params, team, g[L.G_HAND + seat], rules)  # the hand he holds now
    if v >= need:
        return 1
    need = params[team, Q_ALONE_SURE]
    if need > 0 and sure_tricks(g[L.G_HAND + seat], rules) >= need:
        return 1
    return 0


LONER_NEVER = 1e6  # a threshold past any hand's strength


@njit(cache=True, _nrt=False, forceinline=True)
def loner_value(params, team, eh, rules):
    """What a maker's hand ``eh`` is worth as a loner: ``alone.count.strength`` times its
    bidding strength plus the loner count (``alone.count.*``: each trump, each trump of the
    unbroken run from the top, each bower, side ace and side king, each void side suit).
    The defaults (1, then zeros) give the bidding strength itself, bit for bit; a no-trump
    hand is always rated by its bidding strength."""
    nt = nt_rules(rules)
    v = eff_value(params, team, eh, nt)
    if nt and is_no_trump(eh):
        return v
    run = top_run(eh, rules)
    voids = 0
    for e in range(3):
        voids += (eh & SUIT_EFF[e]) == 0
    return (params[team, Q_LC_STRENGTH] * v
            + params[team, Q_LC_TRUMP] * popcount(eh & TRUMP_MASK)
            + params[team, Q_LC_RUN] * run
            + params[team, Q_LC_RIGHT] * ((eh >> 32) & 1)
            + params[team, Q_LC_LEFT] * ((eh >> 31) & 1)
            + params[team, Q_LC_SIDE_ACE] * popcount(eh & SIDE_ACES)
            + params[team, Q_LC_SIDE_KING] * popcount(eh & SIDE_KINGS)
            + params[team, Q_LC_VOID] * voids)


@njit(cache=True, _nrt=False)
def equity_alone_shift(params, g, team):
    """How far match equity (``equity_alone``) moves a loner threshold at this deal's score
    (:func:`loner_shift_at`, read from the row's table)."""
    if params[team, Q_EQUITY_ALONE] <= 0.0:
        return 0.0
    ours, theirs, nd = score_state(g, team)
    return params[team, LONER_SHIFT_BASE + (ours * EQ_MAX + theirs) * 2 + nd]


@njit(cache=True, _nrt=False)
def sc_defend_alone(params, g, seat, rules):
    """Defend alone on the strength of the hand; by match equity like a loner (above)."""
    team = seat & 1
    need = params[team, Q_DEFEND_ALONE] + equity_alone_shift(params, g, team)
    if need > LONER_NEVER:
        return 0
    v = eff_value(params, team, g[L.G_HAND + seat], nt_rules(rules))
    return 1 if v >= need else 0


@njit(cache=True, _nrt=False)
def sc_railroad(params, g, seat):
    team = seat & 1
    return 1 if eff_value(params, team, g[L.G_HAND + seat]) < params[team, Q_RAILROAD_BELOW] else 0


@njit(cache=True, _nrt=False, forceinline=True)
def gone_mask(params, g, seat):
    """Cards the seat knows are out of play, in the effective layout. Everyone knows his own
    played cards and the cards on the table; with card memory, every card played so far."""
    if params[seat & 1, Q_MEMORY] <= 0:
        gone = to_effective(g[L.G_NAT + seat], g[L.G_TRUMP]) & ~g[L.G_HAND + seat]
        for s in range(4):
            if g[L.G_TRICK_CARD + s] >= 0:
                gone |= ONE << g[L.G_TRICK_CARD + s]
        return gone
    # without branches (each mask is all ones or zero): the played cards, the up-card when
    # turned down (a chucking dealer took it), the discard to the seat that made it (the
    # dealer; the eldest: smitty)
    turned = np.int64((g[L.G_ROUND] == 2) & (g[L.G_STUCK] != 2))
    d = g[L.G_DISCARD]
    mine = np.int64((seat == up_taker(g)) & (d >= 0))
    return (g[L.G_PLAYED] | ((ONE << (EFF[g[L.G_TRUMP], g[L.G_UP]] & 63)) & -turned)
            | ((ONE << (d & 63)) & -mine))


@njit(cache=True, _nrt=False, forceinline=True)
def in_play(params, g, seat, deck):
    """The cards still in play as far as ``seat`` knows (his own included): the deck (its row
    ``deck_row``) less ``gone_mask``."""
    return DECK_EFF[deck, g[L.G_TRUMP]] & ~gone_mask(params, g, seat)


@njit(cache=True, _nrt=False, forceinline=True)
def is_boss(live, card):
    """Is ``card`` the highest card of its suit in ``live`` (``in_play``)?"""
    return ((live & SUIT_EFF[ESUIT[card]]) >> (card + 1)) == 0


@njit(cache=True, _nrt=False, forceinline=True)
def boss_cards(live):
    """The highest card of each side suit in ``live`` (a card nobody can beat in its suit)."""
    out = np.int64(0)
    for e in range(3):  # without branches (an empty suit gives bit 0 masked away)
        cards = live & SUIT_EFF[e]
        out |= (ONE << highest_bit(cards | ONE)) & cards
    return out


@njit(cache=True, _nrt=False, forceinline=True)
def maker_lead(params, g, seat, live, hand, trumps, nontrump):
    """``sc_lead``'s conventions for a maker or his partner, in their order: the card, or -1
    when none applies."""
    team = seat & 1
    maker = g[L.G_MAKER]
    fish = params[team, Q_FISH_BOWERS]
    if trumps and fish > 0:
        # going fishing (the seeds' sense): lead the boss trump while trumps are still out;
        # from 2, only holding that many trumps or a side boss card to protect (a lone maker
        # always): else a side card (the boss trump takes a trick later; partner may win this)
        top = highest_bit(trumps)
        if (is_boss(live, top) and trumps_out(params, g, seat, live)
                and (fish < 2 or g[L.G_ALONE] == 1 or popcount(trumps) >= fish
                     or nontrump & boss_cards(live | nontrump))):
            return top
    lead_for = params[team, Q_LEAD_TRUMP_PARTNER]
    if maker == (seat ^ 2) and trumps and lead_for > 0 and popcount(trumps) >= lead_for:
        return highest_bit(trumps)
    if maker == seat and trumps:
        n = popcount(hand & TRUMP_MASK)
        top = highest_bit(trumps)
        boss = is_boss(live, top)
        need = params[team, Q_LEAD_RIGHT_MIN]
        # a lone maker draws trumps while he holds the boss, however few he has left
        if need > 0 and boss and (n >= need or g[L.G_ALONE] == 1):
            return top
        # without the boss, a lone maker still draws: his highest trump forces the boss out
        # or wins, before his side cards can be ruffed (no partner will ruff for him)
        draws = params[team, Q_LONE_DRAWS_TRUMP]
        if g[L.G_ALONE] == 1 and n >= 2 and draws > 0:
            return top
        # his last trump, not the boss, before side cards none of which is boss: the
        # defenders must throw to it, and may throw the guard of the suit he leads next
        if (g[L.G_ALONE] == 1 and n == 1 and draws > 1
                and not (nontrump & boss_cards(live | nontrump))):
            return top
        low = params[team, Q_FISHING]
        if low > 0 and n >= low + 1 and not boss:
            return ctz(trumps)
        # with partner, 2+ trumps but not the boss, and side boss cards to cash: lead a trump
        # first (it draws the trumps that would ruff them; partner may win it); the highest
        # when play.draw_trump_high is on, which also leads it with that many trumps and no
        # side boss card (it forces out the boss or wins)
        need_aces = params[team, Q_DRAW_FOR_ACES]
        high = params[team, Q_DRAW_HIGH]
        if n >= 2 and not boss and g[L.G_ALONE] == 0 and (need_aces > 0 or high > 0):
            bosses = popcount(nontrump & boss_cards(live | nontrump))
            if need_aces > 0 and bosses >= need_aces:
                return top if high > 0 else ctz(trumps)
            if high > 0 and bosses == 0 and n >= high:
                return top
    return -1


@njit(cache=True, _nrt=False, forceinline=True)
def defence_lead(params, g, seat, live, trumps, nontrump):
    """``sc_lead``'s conventions for a defender, in their order: the card, or -1 when none
    applies."""
    team = seat & 1
    maker = g[L.G_MAKER]
    vs_loner = params[team, Q_LEAD_TRUMP_VS_LONER]
    if g[L.G_ALONE] == 1 and trumps and vs_loner > 0 and g[L.G_TRICK] + 1 >= vs_loner:
        # against a lone maker, late: lead the highest trump (it draws one of his, so a side
        # card kept may take the last trick; the boss trump is a trick led or not)
        return highest_bit(trumps)
    through = params[team, Q_LEAD_THROUGH_LONER]
    if g[L.G_ALONE] == 1 and through > 0 and nontrump:
        if through == 1 and maker == ((seat + 1) & 3):
            # against a lone maker on our left: lead low from our longest side suit
            best_e = -1
            best_n = 0
            for e in range(3):
                n = popcount(nontrump & SUIT_EFF[e])
                if n > best_n:
                    best_n = n
                    best_e = e
            return ctz(nontrump & SUIT_EFF[best_e])
        if through == 2:
            # against a lone maker on either side: keep our aces (each takes the trick the
            # loner leads into it) and lead low from our shortest side suit without one (a
            # singleton makes a void to ruff his side suit with)
            best_e = -1
            best_n = 9
            for e in range(3):
                cards = nontrump & SUIT_EFF[e]
                n = popcount(cards)
                if cards and not (cards >> (ACE_BASE + e)) & 1 and n < best_n:
                    best_n = n
                    best_e = e
            if best_e >= 0:
                return ctz(nontrump & SUIT_EFF[best_e])
    # a defender with partner who holds the boss trump leads it from trick N on, while the
    # makers may still hold a trump (it pulls one of theirs: his side cards live longer)
    from_trick = params[team, Q_DEF_BOSS_TRUMP]
    if trumps and from_trick > 0 and g[L.G_TRICK] + 1 >= from_trick and g[L.G_ALONE] == 0:
        top = highest_bit(trumps)
        if is_boss(live, top) and trumps_out(params, g, seat, live):
            return top
    aces = (nontrump >> ACE_BASE) & 7  # the suits whose ace we hold
    if aces and params[team, Q_DEF_SINGLETON_ACE] > 0:
        # a singleton ace first (the lowest suit), else a doubleton ace not of trump's colour
        doubleton = -1
        for e in range(3):
            if (aces >> e) & 1:
                n = popcount(nontrump & SUIT_EFF[e])
                if n == 1:
                    return ACE_BASE + e
                if n == 2 and doubleton < 0 and not suit_is_trump_colour(g, e):
                    doubleton = e
        if doubleton >= 0:
            return ACE_BASE + doubleton
    return -1


@njit(cache=True, _nrt=False, forceinline=True)
def sc_lead(params, g, seat, deck, legal, live):
    """Choose a lead from ``legal`` by the conventions switched on: the makers' or the
    defenders' own first (``maker_lead``, ``defence_lead``), then those of either side.
    ``live``: ``in_play``, worked out once by the caller (most leads ask which cards are boss,
    and so does the card policy)."""
    team = seat & 1
    hand = g[L.G_HAND + seat]
    maker = g[L.G_MAKER]
    trumps = legal & TRUMP_MASK
    nontrump = legal & ~TRUMP_MASK
    defending = (maker & 1) != team
    if defending:
        c = defence_lead(params, g, seat, live, trumps, nontrump)
    else:
        c = maker_lead(params, g, seat, live, hand, trumps, nontrump)
    if c >= 0:
        return c
    if nontrump and params[team, Q_LEAD_ACES] > 0:
        bosses = nontrump & boss_cards(live | nontrump)
        if bosses:
            return highest_bit(bosses)  # the highest (an ace before a boss king)
    if defending and g[L.G_ROUND] == 2 and params[team, Q_LEAD_NEXT_DEF] > 0:
        nxt = g[L.G_UPSUIT] ^ 3
        if g[L.G_UPSUIT] >= 0 and nxt != g[L.G_TRUMP]:
            cards = nontrump & SUIT_EFF[eff_suit(nxt, g[L.G_TRUMP])]
            if cards:
                return highest_bit(cards)
    memory = params[team, Q_MEMORY] > 0
    partner = seat ^ 2
    partner_in = partner != g[L.G_OUT_A] and partner != g[L.G_OUT_B]
    if memory and partner_in and nontrump and params[team, Q_LEAD_PARTNER_VOID] > 0:
        # partner has shown out of a side suit and not (yet) of trumps: let him ruff, unless
        # an opponent behind has shown out of it too
        pv = voids_of(g, partner)
        if pv & 7 and not (pv >> 3) & 1:
            ov = voids_of(g, (seat + 1) & 3) | voids_of(g, (seat + 3) & 3)
            want = pv & ~ov
            for e in range(3):
                cards = nontrump & SUIT_EFF[e]
                if cards and (want >> e) & 1:
                    return ctz(cards)
    if nontrump:
        pool = nontrump
        lone = maker == seat and g[L.G_ALONE] == 1
        if (g[L.G_ROUND] == 2 and g[L.G_UPSUIT] >= 0 and params[team, Q_AVOID_TURNED_DOWN] > 0
                and not (lone and params[team, Q_LONE_TURNED_DOWN] > 0)):
            rest = nontrump & ~SUIT_EFF[eff_suit(g[L.G_UPSUIT], g[L.G_TRUMP])]
            if rest:
                pool = rest
        if memory and params[team, Q_AVOID_OPP_VOID] > 0:
            # keep away from side suits an opponent has shown out of (he would ruff them)
            ov = voids_of(g, (seat + 1) & 3) | voids_of(g, (seat + 3) & 3)
            rest = pool & ~SIDE_SUITS[ov & 7]
            if rest:
                pool = rest
        if lone and params[team, Q_LONE_LEADS_HIGH] > 0:
            # a lone maker has no partner to win a low lead: his highest side card first (a
            # king that holds may make the queen behind it boss)
            return highest_bit(pool)
        return ctz(pool)
    return highest_bit(legal)


@njit(cache=True, _nrt=False)
def suit_is_trump_colour(g, e):
    t = g[L.G_TRUMP]
    nat_suit = e if e < t else e + 1
    return nat_suit == (t ^ 3)


@njit(cache=True, _nrt=False, forceinline=True)
def sc_follow(params, g, seat, deck, legal):
    """Follow: partner winning -> play low (unless overtaking is asked for); second hand low
    (unless holding a sure winner, if asked); third hand high; against a lone maker take the
    trick if asked; else win as cheaply as possible (ruffing high enough when asked); when not
    winning, throw off (``follow_to_win`` says which; one call of ``throw_off``, inlined)."""
    if against_lone_maker(g, seat & 1):
        # what is in play and what an opponent may still hold: worked out once for the
        # paths against a lone maker (the others seldom need them, and then once)
        live = in_play(params, g, seat, deck)
        thr = threats(params, g, seat, live)
        c = follow_to_win(params, g, seat, deck, legal, True, live, thr)
        if c >= 0:
            return c
        return throw_off(params, g, seat, legal, True, thr)
    # the same steps with every test of the lone-hand defence folded away (a copy of each,
    # inlined: the common follow carries none of its branches)
    c = follow_to_win(params, g, seat, deck, legal, False, np.int64(0), np.int64(0))
    if c >= 0:
        return c
    return throw_off(params, g, seat, legal, False, np.int64(0))


@njit(cache=True, _nrt=False, forceinline=True)
def follow_to_win(params, g, seat, deck, legal, vs_loner, live, thr):
    """``sc_follow``'s card when it plays to the trick, or -1 to throw off."""
    team = seat & 1
    w = g[L.G_WIN_CARD]
    ws = g[L.G_WIN_SEAT]
    pos = g[L.G_POS]
    nplay = 4 - (1 if g[L.G_OUT_A] >= 0 else 0) - (1 if g[L.G_OUT_B] >= 0 else 0)
    last = pos == nplay - 1
    beats = beating(g, legal)
    if (pos == 1 and not last and beats & TRUMP_MASK and g[L.G_ALONE] == 0
            and params[team, Q_SECOND_KEEPS_BOSS] > 0
            and keeps_boss_trump(params, g, seat, deck, legal)):
        return -1  # throw off
    if beats and vs_loner and params[team, Q_SAVE_BOSS_VS_LONER] > 0:
        partner = seat ^ 2
        partner_to_play = (partner != g[L.G_OUT_A] and partner != g[L.G_OUT_B]
                           and g[L.G_TRICK_CARD + partner] < 0)
        if ws == partner or (partner_to_play and not is_boss(live & ~g[L.G_HAND + seat], w)):
            # a boss trump takes a trick whenever it is played: not on one partner is winning,
            # nor on a card partner may still beat in its suit (with a card that is not ours;
            # on a boss card, ruff: the lead it wins lets us cash our side winners before the
            # loner's)
            beats &= ~boss_trumps(thr, beats)
    if ws == (seat ^ 2):
        overtake = False
        if beats and not last:
            # partner's card is not boss when we hold a higher one of its suit (our hand is in
            # play); only otherwise ask what is still in play
            if (params[team, Q_TRUMP_PARTNER_BOSS] > 0
                    and (beats & SUIT_EFF[ESUIT[w]]
                         or not is_boss(live if vs_loner else in_play(params, g, seat, deck), w))):
                overtake = True
            elif params[team, Q_TRUMP_PARTNER_VOID] > 0 and ruff_behind(g, seat, w):
                overtake = True
        if not overtake:
            return -1
    if beats:
        if vs_loner and params[team, Q_TAKE_VS_LONER] > 0:
            # against a lone hand every trick counts: take it, surely if we can, else with
            # the best card while the loner is still to play
            if last:
                return ctz(beats)  # nobody plays after us: the cheapest winner is sure
            sure = lowest_sure(thr, beats)
            if sure >= 0:
                return sure
            if g[L.G_TRICK_CARD + g[L.G_MAKER]] < 0:
                return highest_bit(beats)
            return ctz(beats)
        if pos == 1 and not last and params[team, Q_SECOND_LOW] > 0:
            if params[team, Q_SECOND_BOSS] > 0:
                sure = lowest_sure(threats(params, g, seat, in_play(params, g, seat, deck)), beats)
                if sure >= 0:
                    return sure
            return -1
        sure_mode = params[team, Q_SECOND_SURE]
        if pos == 1 and not last and sure_mode > 0 and (sure_mode > 1 or beats & ~TRUMP_MASK
                                                        or g[L.G_LED] == 3):
            # second hand who can win: with a card nobody behind can beat (1: when following
            # suit; 2: ruffs too), not with the cheapest winner the third or fourth hand tops
            sure = lowest_sure(threats(params, g, seat, in_play(params, g, seat, deck)), beats)
            if sure >= 0:
                return sure
        if pos == 2 and not last and params[team, Q_THIRD_HIGH] > 0:
            return highest_bit(beats)
        if (params[team, Q_RUFF_HIGH] > 0 and g[L.G_LED] != 3 and not (beats & ~TRUMP_MASK)
                and overruff_behind(g, seat)):
            # don't send a boy to the mill: ruff with a trump no opponent can beat, else high
            sure = lowest_sure(threats(params, g, seat, in_play(params, g, seat, deck)), beats)
            return sure if sure >= 0 else highest_bit(beats)
        return ctz(beats)
    return -1


@njit(cache=True, _nrt=False)
def keeps_boss_trump(params, g, seat, deck, legal):
    """Does a defender second to play, void in the led side suit, throw off rather than ruff
    (``play.second_hand_keeps_boss``, from that trick on)? When the boss is his only trump and
    an opponent may still hold one: the boss takes a trick later whatever he does, and
    partner, last to play, may take this one."""
    trumps = g[L.G_HAND + seat] & TRUMP_MASK
    if (g[L.G_TRICK] + 1 < params[seat & 1, Q_SECOND_KEEPS_BOSS] or g[L.G_LED] == 3
            or (g[L.G_MAKER] & 1) == (seat & 1) or popcount(trumps) != 1
            or not (legal & ~TRUMP_MASK)):
        return False
    live = in_play(params, g, seat, deck)
    return is_boss(live, highest_bit(trumps)) and trumps_out(params, g, seat, live)


@njit(cache=True, _nrt=False)
def overruff_behind(g, seat):
    """Can an opponent still to play over-ruff? He has shown out of the led side suit and
    not of trumps (the seeds' "boy to the mill": the other opponent takes the ruff)."""
    led = g[L.G_LED]
    for opp in ((seat + 1) & 3, (seat + 3) & 3):
        if opp != g[L.G_OUT_A] and opp != g[L.G_OUT_B] and g[L.G_TRICK_CARD + opp] < 0:
            v = voids_of(g, opp)
            if (v >> led) & 1 and not (v >> 3) & 1:
                return True
    return False


@njit(cache=True, _nrt=False)
def ruff_behind(g, seat, w):
    """Partner wins with a side card, and an opponent still to play has shown out of the led
    suit but not of trumps: he can ruff it (the seeds' exception to "never trump partner's
    ace")."""
    led = g[L.G_LED]
    if led == 3 or w >= 24:
        return False
    for opp in ((seat + 1) & 3, (seat + 3) & 3):
        if opp != g[L.G_OUT_A] and opp != g[L.G_OUT_B] and g[L.G_TRICK_CARD + opp] < 0:
            v = voids_of(g, opp)
            if (v >> led) & 1 and not (v >> 3) & 1:
                return True
    return False


@njit(cache=True, _nrt=False)
def known_upcard(params, g, seat):
    """With up-card memory: in round 1 everyone saw the dealer (the eldest after a right
    Smitty guess) take the up-card, so until he plays it its place is known. Its effective
    bit, or -1 (no memory, round 2, not played with, or gone)."""
    if params[seat & 1, Q_UPCARD_MEMORY] <= 0 or g[L.G_ROUND] != 1:
        return -1
    d = up_taker(g)
    if d == g[L.G_OUT_A] or d == g[L.G_OUT_B]:
        return -1
    up = EFF[g[L.G_TRUMP], g[L.G_UP]]
    if (g[L.G_PLAYED] >> up) & 1 or (seat == d and g[L.G_DISCARD] == up):
        return -1
    return up


@njit(cache=True, _nrt=False)
def threats(params, g, seat, live):
    """Cards still in play that an opponent may hold, as far as ``seat`` knows: the cards of
    ``live`` (``in_play``) outside his hand, less the up-card when his partner the dealer (the
    eldest: smitty) is known to hold it."""
    live = live & ~g[L.G_HAND + seat]
    up = known_upcard(params, g, seat)
    if up >= 0 and up_taker(g) == (seat ^ 2):
        live &= ~(ONE << up)
    return live


@njit(cache=True, _nrt=False)
def trumps_out(params, g, seat, live):
    """May an opponent still hold a trump (``threats`` has one)? Two or more live trumps
    outside the hand answer it without ``threats``: the known up-card accounts for one at
    most."""
    t = live & ~g[L.G_HAND + seat] & TRUMP_MASK
    if t & (t - 1):
        return True
    return (threats(params, g, seat, live) & TRUMP_MASK) != 0


@njit(cache=True, _nrt=False, forceinline=True)
def boss_trumps(thr, cards):
    """The trumps of ``cards`` that no card of ``thr`` (``threats``) can beat: those above its
    highest trump."""
    t = thr & TRUMP_MASK
    if t == 0:
        return cards & TRUMP_MASK
    return cards & TRUMP_MASK & ~((np.int64(2) << highest_bit(t)) - 1)


@njit(cache=True, _nrt=False)
def lowest_sure(thr, cards):
    """The lowest of ``cards`` that no card of ``thr`` (``threats``) can beat in its own suit
    (a trump: no higher trump; a side card: no higher card of its suit, ruffs aside), or -1."""
    m = cards
    while m:
        c = ctz(m)
        e = ESUIT[c]
        if ((thr & SUIT_EFF[e]) >> (c + 1)) == 0:
            return c
        m &= m - 1
    return -1


@njit(cache=True, _nrt=False, forceinline=True)
def throw_off(params, g, seat, legal, vs_loner, thr):
    """The card to lose: against a lone maker (``vs_loner``) keep the cards that can still
    take a trick (if asked); from a singleton side suit (to make a void) if asked; else the
    lowest. ``thr``: the cards an opponent may hold (``threats``), worked out by the caller
    against a lone maker (else unused)."""
    team = seat & 1
    hand = g[L.G_HAND + seat]
    nontrump = legal & ~TRUMP_MASK
    against_loner = nontrump and vs_loner
    if against_loner and params[team, Q_SUITS_VS_LONER] > 0:
        return throw_vs_loner(g, seat, nontrump, thr)
    if against_loner and params[team, Q_GUARDS_VS_LONER] > 0:
        rest = nontrump & ~guards(hand, thr)
        if not rest:
            return ctz(nontrump)
        nontrump = rest
    if nontrump and params[team, Q_PLAY_MAKE_VOID] > 0:
        singles = singleton_cards(hand) & nontrump & ~SIDE_ACES
        if singles:
            return ctz(singles)
    if nontrump:
        return ctz(nontrump)
    return ctz(legal)


@njit(cache=True, _nrt=False, forceinline=True)
def against_lone_maker(g, team):
    """Is ``team`` defending against a maker playing alone?"""
    return g[L.G_ALONE] == 1 and (g[L.G_MAKER] & 1) != team


@njit(cache=True, _nrt=False)
def throw_vs_loner(g, seat, nontrump, thr):
    """The side card to lose against a lone maker: keep in each suit he may still hold our top
    card while a live card of that suit lies below it (it beats his last card of the suit), and
    the guard beside a top with one live card above it (K-x behind the ace); throw first what
    can no longer take a trick (a suit he has shown out of, a card with nothing live below),
    lowest first, then that guard, then the top with the fewest live cards below it. ``thr``:
    the cards an opponent may hold (``threats``)."""
    hand = g[L.G_HAND + seat]
    shown = voids_of(g, g[L.G_MAKER])
    cheap = np.int64(0)  # what can take no trick, or neither a top nor that guard: lowest first
    guard = np.int64(0)  # the guards of king-high pairs
    best = -1  # the top with the fewest live cards below it
    best_key = np.int64(1) << 40
    for e in range(3):
        cards = nontrump & SUIT_EFF[e]
        if not cards:
            continue
        if (shown >> e) & 1:
            cheap |= cards
            continue
        live = thr & SUIT_EFF[e]
        mine = hand & SUIT_EFF[e]
        top = highest_bit(mine)
        top_bit = ONE << top
        # a card with no live card below it takes no trick
        free = cards & ((ONE << ctz(live)) - 1) if live else cards
        rest = cards & ~free
        others = rest & ~top_bit
        # ``guards``' K-x rule, restated here: a helper shared by both measured 0.98 for
        # ``tuned`` (paired, docs/speed.md 2026-12-04 late morning)
        if popcount(live >> (top + 1)) == 1 and mine & ~top_bit:
            kept = ONE << highest_bit(mine & ~top_bit)  # K-x behind one live card: keep the x
            guard |= others & kept
            others &= ~kept
        cheap |= free | others
        if rest & top_bit:
            key = 32 * popcount(live & (top_bit - 1)) + top
            if key < best_key:
                best_key = key
                best = top
    if cheap:
        return ctz(cheap)
    if guard:
        return ctz(guard)
    return best


@njit(cache=True, _nrt=False)
def guards(hand, thr):
    """Side cards of ``hand`` worth keeping against a lone hand: in each side suit the top card
    when no card of ``thr`` (``threats``) is above it, and with one above, one guard beside it
    (K-x behind a live ace takes the second round of the suit)."""
    keep = np.int64(0)
    for e in range(3):
        cards = hand & SUIT_EFF[e]
        if not cards:
            continue
        top = highest_bit(cards)
        above = popcount((thr & SUIT_EFF[e]) >> (top + 1))
        if above == 0:
            keep |= ONE << top
        elif above == 1 and popcount(cards) >= 2:
            keep |= (ONE << top) | (ONE << highest_bit(cards & ~(ONE << top)))
    return keep


@njit(cache=True, _nrt=False, forceinline=True)
def nt_rules(rules):
    """May trump be no trump under ``rules``? (Not at the standard rules: a kernel compiled
    for them then carries no no-trump code in the scripted decisions.)"""
    return rule(rules, R_NO_TRUMP) != 0


@njit(cache=True, _nrt=False, forceinline=True)
def sc_play(params, g, seat, rules, legal):
    """The scripted card from the non-empty mask ``legal`` (``play_card``, given the deck; a
    no-trump deal only where the rules allow one, so that a kernel compiled for the standard
    rules carries no no-trump play)."""
    return play_card(params, g, seat, deck_row(rules), legal, nt_rules(rules))


@njit(cache=True, _nrt=False, forceinline=True)
def play_card(params, g, seat, deck, legal, no_trump):
    """The scripted card play (``deck``: the rules' ``deck_row``), its conventions inlined into
    this one function. ``forceinline`` (see the module's docstring) puts it into the deal's
    trick loop at no extra compile time: measured (docs/speed.md, 2026-12-03), 1.12x the
    kernel that called it once per card."""
    if no_trump and g[L.G_TRUMP] == NO_TRUMP:
        return nt_play(params, g, seat, deck, legal)
    policy = params[seat & 1, Q_CARD_POLICY] > 0 and legal & (legal - 1)
    if g[L.G_POS] == 0:
        live = in_play(params, g, seat, deck)
        if policy:  # the learned card policy first, where its class of position names a card
            c = policy_card(params, seat & 1, POLICY_BASE, g, seat, live, legal)
            if c >= 0:
                return c
        return sc_lead(params, g, seat, deck, legal, live)
    if policy:
        c = policy_card(params, seat & 1, POLICY_BASE, g, seat, in_play(params, g, seat, deck),
                        legal)
        if c >= 0:
            return c
    return sc_follow(params, g, seat, deck, legal)


@njit(cache=True, _nrt=False)
def sc_give(params, g, seat):
    """The sitting-out partner gives his best trump, else his best card."""
    hand = g[L.G_HAND + seat]
    t = hand & TRUMP_MASK
    return highest_bit(t if t else hand)


@njit(cache=True, _nrt=False)
def sc_lone_discard(params, g, seat):
    return choose_discard(params, seat & 1, g[L.G_HAND + seat], np.int64(-1))


@njit(cache=True, _nrt=False, forceinline=True)
def sc_dealer_discard(params, g, seat, up_bit):
    return choose_discard(params, seat & 1, g[L.G_HAND + seat], up_bit)
