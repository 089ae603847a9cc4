"""A learned card policy: a lookup from a class of positions to a kind of card, read before the
scripted conventions (docs/card_policy.md).

A position of the card play is classed by what the player knows (``policy_key``): his role
(maker, maker's partner, defender; a lone maker, a defender against one), the trick, his place
in it, how many trumps he holds, whether his top trump is boss, how many trumps may still be
out, for a lead how many side suits he holds the boss card of, for a follow whether trump was
led, whether he follows suit or is void, whether partner is winning and whether he can beat the
winning card; and then the refinement: how many tricks his side has won, for a lead whether
he is short of a side suit and whether partner has shown out of trump, for a follow whether he
has three legal cards or more and whether the next hand has shown out of the led suit.
The class indexes a block of the strategy's parameter row (``POLICY_BASE``); an
entry 0 leaves the card to the conventions, else it names an action (``A_*``): a kind of card
that ``action_card`` turns into a legal card of the hand (or -1, when the hand has none: the
conventions then decide).

The entries are fitted by forced playouts (``tools/policy_fit.py``): at every decision of
self-play deals, each action's card is forced and the rest of the deal played by the table;
a class takes the action whose mean gain over the table's own card is clearly positive.
"""

import numpy as np
from numba import njit

from ..common import layout as L
from ..common.bits import ctz, highest_bit, popcount
from .tables import ESUIT, SUIT_EFF, TRUMP_MASK

ONE = np.int64(1)

# ---- the actions: kinds of card (0: the scripted conventions decide) ----
A_SCRIPTED = 0
A_TRUMP_HIGH = 1  # the highest trump
A_TRUMP_LOW = 2  # the lowest trump
A_SIDE_HIGH = 3  # the highest side card (by rank, over every side suit)
A_SIDE_LOW = 4  # the lowest side card
A_SIDE_SHORT = 5  # the lowest card of the shortest side suit held (towards a void)
A_SIDE_BOSS = 6  # the highest side card nobody can beat in its suit
A_WIN_LOW = 7  # the cheapest card that beats the trick's winning card (a follow)
A_SIDE_LONG = 8  # the lowest card of the longest side suit held
N_ACTIONS = 9
ACTION_NAMES = ("scripted", "trump high", "trump low", "side high", "side low", "side short",
                "side boss", "win low", "side long")

# ---- the classes: a lead's fields, then a follow's ----
ROLES = ("maker", "maker's partner", "defender", "lone maker", "defender vs loner")
N_ROLES = len(ROLES)
N_TRICKS = 4  # the fifth trick is forced
N_TRUMPS_HELD = 4  # 0, 1, 2, 3 or more
N_OUT = 3  # trumps an opponent or partner may hold: 0, 1, 2 or more
N_SIDE_BOSSES = 3  # side suits whose boss card the leader holds: 0, 1, 2 or more
N_LED = 3  # a follow: trump led, following a side suit, void in it
N_LEAD_KEYS = N_ROLES * N_TRICKS * N_TRUMPS_HELD * 2 * N_OUT * N_SIDE_BOSSES
N_FOLLOW_KEYS = N_ROLES * N_TRICKS * 3 * N_TRUMPS_HELD * 2 * N_OUT * N_LED * 2 * 2
N_COARSE = N_LEAD_KEYS + N_FOLLOW_KEYS
# ---- each class's refinement, its last three fields: the tricks the player's side has won
# so far, then two facts: for a lead whether he holds every side suit and whether partner has
# shown out of trump; for a follow whether he has three legal cards or more and whether the
# next hand, an opponent still to play, has shown out of the led suit ----
N_WON = 4  # 0, 1, 2, 3
N_REFINE = N_WON * 2 * 2
LEAD_FACTS = (("three side suits", "short of a side suit"),
              ("partner may hold trump", "partner out of trump"))
FOLLOW_FACTS = (("two choices", "three choices or more"),
                ("next hand may follow", "next hand void"))
N_POLICY = N_COARSE * N_REFINE
# the row holds the actions packed, 4 bits each, 12 to a slot (48 bits: exact in a float64):
# 24,960 slots rather than 299,520 in every row a run copies (measured on the coarse classes,
# 1,560 slots against 18,720: no faster to look up)
PER_SLOT = 12
N_POLICY_SLOTS = (N_POLICY + PER_SLOT - 1) // PER_SLOT


@njit(cache=True, _nrt=False, forceinline=True)
def beating(g, legal):
    """The cards of ``legal`` that beat the trick's winning card so far (a follow)."""
    w = g[L.G_WIN_CARD]
    return legal & (SUIT_EFF[g[L.G_LED]] | TRUMP_MASK) & ~((np.int64(2) << w) - 1)


@njit(cache=True, _nrt=False, forceinline=True)
def policy_key(g, seat, live, legal):
    """The class of the position of ``seat`` to play (``live``: the cards in play as far as he
    knows, his own included; ``legal``: his legal cards, effective). Trump deals only."""
    maker = g[L.G_MAKER]
    alone = g[L.G_ALONE] == 1
    if seat == maker:
        role = 3 if alone else 0
    elif seat == (maker ^ 2):
        role = 1
    else:
        role = 4 if alone else 2
    hand = g[L.G_HAND + seat]
    trumps = hand & TRUMP_MASK
    out = live & ~hand & TRUMP_MASK
    held = min(popcount(trumps), 3)
    boss = 1 if trumps and (out >> highest_bit(trumps)) == 0 else 0
    n_out = min(popcount(out), 2)
    trick = min(g[L.G_TRICK], 3)
    won = min(g[L.G_TRICKS0 + (seat & 1)], 3)
    head = ((role * N_TRICKS + trick) * N_TRUMPS_HELD + held) * 2 + boss
    pos = g[L.G_POS]
    voids = g[L.G_VOIDS]
    if pos == 0:
        bosses = 0
        for e in range(3):  # without branches: an empty suit's bit 0 is masked away
            cards = live & SUIT_EFF[e]
            bosses += (hand & cards) >> highest_bit(cards | ONE) & 1
        short = 0 if hand & SUIT_EFF[0] and hand & SUIT_EFF[1] and hand & SUIT_EFF[2] else 1
        no_trump = (voids >> (4 * (seat ^ 2) + 3)) & 1
        coarse = (head * N_OUT + n_out) * N_SIDE_BOSSES + min(bosses, 2)
        return (coarse * N_WON + won) * 4 + short * 2 + no_trump
    led = g[L.G_LED]
    if led == 3:
        s = 0
    elif hand & SUIT_EFF[led]:
        s = 1
    else:
        s = 2
    partner_wins = 1 if g[L.G_WIN_SEAT] == (seat ^ 2) else 0
    beats = beating(g, legal)
    k = ((((role * N_TRICKS + trick) * 3 + (min(pos, 3) - 1)) * N_TRUMPS_HELD + held) * 2
         + boss)
    k = ((k * N_OUT + n_out) * N_LED + s) * 2 + partner_wins
    coarse = N_LEAD_KEYS + k * 2 + (1 if beats else 0)
    many = 1 if popcount(legal) >= 3 else 0
    # the next hand (an opponent still to play) has shown out of the led suit
    next_void = (voids >> (4 * ((seat + 1) & 3) + led)) & 1 if pos < 3 else 0
    return (coarse * N_WON + won) * 4 + many * 2 + next_void


@njit(cache=True, _nrt=False, forceinline=True)
def side_by_length(hand, side, longest):
    """The lowest card of ``side`` (legal side cards) in the suit of fewest (``longest``: most)
    cards of ``hand``; ties to the lower suit."""
    best = -1
    best_n = 0
    for e in range(3):
        cards = side & SUIT_EFF[e]
        if cards:
            n = popcount(hand & SUIT_EFF[e])
            if best < 0 or (n > best_n if longest else n < best_n):
                best = ctz(cards)
                best_n = n
    return best


@njit(cache=True, _nrt=False, forceinline=True)
def action_card(g, seat, live, legal, action):
    """The legal card of kind ``action`` (``A_*``), or -1 when the hand holds none."""
    trumps = legal & TRUMP_MASK
    side = legal & ~TRUMP_MASK
    if action == A_TRUMP_HIGH:
        return highest_bit(trumps) if trumps else -1
    if action == A_TRUMP_LOW:
        return ctz(trumps) if trumps else -1
    if action == A_SIDE_HIGH:
        return highest_bit(side) if side else -1
    if action == A_SIDE_LOW:
        return ctz(side) if side else -1
    if action == A_SIDE_SHORT or action == A_SIDE_LONG:
        return side_by_length(g[L.G_HAND + seat], side, action == A_SIDE_LONG)
    if action == A_SIDE_BOSS:
        best = -1
        m = side
        while m:
            c = ctz(m)
            if ((live & SUIT_EFF[ESUIT[c]]) >> (c + 1)) == 0:
                best = c  # the highest boss: the loop runs upwards
            m &= m - 1
        return best
    if action == A_WIN_LOW and g[L.G_POS] > 0:
        beats = beating(g, legal)
        return ctz(beats) if beats else -1
    return -1


@njit(cache=True, _nrt=False)
def policy_card(params, team, base, g, seat, live, legal):
    """The card the policy block of ``params[team]`` (from slot ``base``; ``pack_policy``'s
    layout) plays, or -1 to leave it to the conventions."""
    key = policy_key(g, seat, live, legal)
    slot = key // PER_SLOT
    action = (np.int64(params[team, base + slot]) >> (4 * (key - slot * PER_SLOT))) & 15
    if action == 0:
        return -1
    return action_card(g, seat, live, legal, action)


def pack_policy(policy, row, base):
    """Write the entries ``(class, action)`` of ``policy`` into ``row`` from slot ``base``."""
    packed = [0] * N_POLICY_SLOTS
    for key, action in policy:
        packed[key // PER_SLOT] |= int(action) << (4 * (key % PER_SLOT))
    row[base:base + N_POLICY_SLOTS] = packed


# ---- the classes by name, for strategy files and reports ----
def key_fields(key: int) -> tuple[str, ...]:
    """The fields of class ``key``, as words: ``("lead", "maker", "trick 2", ..., "won 1",
    ...)``: its coarse class's, then its refinement's."""
    if not 0 <= key < N_POLICY:
        raise ValueError(f"policy class {key} out of range")
    coarse, refine = divmod(key, N_REFINE)
    return coarse_fields(coarse) + refinement_fields(coarse < N_LEAD_KEYS, refine)


def refinement_fields(lead: bool, refine: int) -> tuple[str, ...]:
    """The last three fields of a class: the tricks won, then two facts (``*_FACTS``)."""
    won, facts = divmod(refine, 4)
    first, second = LEAD_FACTS if lead else FOLLOW_FACTS
    return (f"won {won}", first[facts >> 1], second[facts & 1])


def coarse_fields(key: int) -> tuple[str, ...]:
    """The fields of coarse class ``key`` (a class without its refinement)."""
    if key < N_LEAD_KEYS:
        key, bosses = divmod(key, N_SIDE_BOSSES)
        key, n_out = divmod(key, N_OUT)
        key, boss = divmod(key, 2)
        key, held = divmod(key, N_TRUMPS_HELD)
        role, trick = divmod(key, N_TRICKS)
        return ("lead", ROLES[role], f"trick {trick + 1}", f"trumps {held}",
                "boss" if boss else "no boss", f"out {n_out}", f"side bosses {bosses}")
    key -= N_LEAD_KEYS
    key, beats = divmod(key, 2)
    key, partner = divmod(key, 2)
    key, s = divmod(key, N_LED)
    key, n_out = divmod(key, N_OUT)
    key, boss = divmod(key, 2)
    key, held = divmod(key, N_TRUMPS_HELD)
    key, place = divmod(key, 3)
    role, trick = divmod(key, N_TRICKS)
    return ("follow", ROLES[role], f"trick {trick + 1}", f"place {place + 2}",
            f"trumps {held}", "boss" if boss else "no boss", f"out {n_out}",
            ("trump led", "follows", "void")[s], "partner wins" if partner else "opponent wins",
            "can win" if beats else "cannot win")


KEY_SEPARATOR = " | "
