"""Decision hooks: every choice a player makes in a deal, dispatched on the strategy kind.

Each hook reads the public deal state ``g`` (see ``layout.G_*``), the deciding ``seat``, the
packed ``rules``, both teams' strategy kinds and parameters (row ``seat & 1``) and the deal's
random stream.
A hook must only use what that seat may know: its own hand, the up-card, the bidding, the cards
played (``G_PLAYED``, ``G_TRICK_CARD``) and its own memory slot ``G_MEM + seat``.

Card choices after trump is known are effective bits (``tables``); before, natural ids/masks.
Each kind's rules live in its own module (``reference_kind``, ``random_kind``, ``scripted``,
``pimc_play``, ``pimc_bid``); a hook only routes (``kinds.py`` says which kind decides by which
model). A new strategy kind adds a branch to each hook (and a parameter schema in
``strategies/``).
"""

import numpy as np
from numba import njit, types
from numba.extending import overload

from ...game.rules import R_FARMERS
from ..common import layout as L
from ..common.bits import ctz
from ..common.random_kind import rand_card, rand_farmer, rand_joker_trump, rand_play, rand_yes_no
from ..common.rule import rule
from .bidding import (
    model_alone,
    model_chuck,
    model_defend_alone,
    model_discard,
    model_round1,
    model_round2,
)
from .hands import farmer_cards
from .kinds import (
    P_FARMER,
    P_SMITTY_ALONE,
    P_SMITTY_GUESS,
    Q_CALL_REDEAL,
    Q_FARMER,
    Q_SMITTY_ALONE,
    Q_SMITTY_GUESS,
    S_PIMC,
    S_RANDOM,
    S_REFERENCE,
    uses_scripted_model,
)
from .pimc_bid import (
    ST_ALONE,
    ST_DEFEND,
    ST_DISCARD,
    ST_ROUND1,
    ST_ROUND2,
    pimc_decide,
    searches_bids,
)
from .pimc_play import pimc_play
from .reference_kind import (
    ref_give,
    ref_joker_trump,
    ref_lone_discard,
    ref_partner_alone,
    ref_play,
    ref_railroad,
    ref_redeal,
    three_lowest,
)
from .scripted import (
    sc_give,
    sc_joker_trump,
    sc_lone_discard,
    sc_play,
    sc_railroad,
)

NOT_SEARCHED = -2  # bid_search: this decision is not made by search


@njit(cache=True, _nrt=False)
def decide_redeal(kinds, params, g, seat, rules, rng):
    """Call for a redeal with an eligible hand? (1 = yes)."""
    kind = kinds[seat & 1]
    if kind == S_REFERENCE:
        return ref_redeal(params, seat)
    if uses_scripted_model(kind):
        return 1 if params[seat & 1, Q_CALL_REDEAL] > 0 else 0
    return rand_yes_no(rng)


@njit(cache=True, _nrt=False)
def decide_farmer(kinds, params, g, seat, rules, rng):
    """Natural mask of the three cards to exchange for the kitty (of those ``farmer_cards``
    allows), or 0 to keep the hand."""
    kind = kinds[seat & 1]
    low = farmer_cards(g[L.G_NAT + seat], rule(rules, R_FARMERS))
    if kind == S_RANDOM:
        return rand_farmer(rng, low)
    flag = P_FARMER if kind == S_REFERENCE else Q_FARMER
    return three_lowest(low) if params[seat & 1, flag] > 0 else 0


@njit(cache=True, _nrt=False)
def decide_joker_trump(kinds, params, g, seat, rules, rng, banned):
    """The dealer's choice of trump when the joker is turned up, made before he looks at his
    hand, among the suits not in the mask ``banned`` (hearts under hearts_never_trump): only
    the random strategy varies it (the others name clubs)."""
    kind = kinds[seat & 1]
    if uses_scripted_model(kind):
        return sc_joker_trump(params, g, seat)
    if kind == S_REFERENCE:
        return ref_joker_trump(g, seat)
    return rand_joker_trump(rng, banned)


@njit(cache=True, _nrt=False)
def decide_smitty_guess(kinds, params, g, seat, rules, rng, banned):
    """smitty: the eldest's guess of the up-card's suit, made before the deal (unseen), a
    suit not in the mask ``banned`` (hearts under hearts_never_trump): at random like the
    joker's trump, else the strategy's fixed suit (the next one up when it is banned)."""
    kind = kinds[seat & 1]
    if kind == S_RANDOM:
        return rand_joker_trump(rng, banned)
    s = np.int64(params[seat & 1, P_SMITTY_GUESS if kind == S_REFERENCE else Q_SMITTY_GUESS])
    while (banned >> s) & 1:
        s = (s + 1) & 3
    return s


@njit(cache=True, _nrt=False)
def decide_smitty_alone(kinds, params, g, seat, rules, rng):
    """smitty: after a right guess, does the eldest call for the game (play alone), before he
    looks at his hand? (1 = yes; the strategy's flag, or at random.)"""
    kind = kinds[seat & 1]
    if kind == S_RANDOM:
        return rand_yes_no(rng)
    flag = P_SMITTY_ALONE if kind == S_REFERENCE else Q_SMITTY_ALONE
    return 1 if params[seat & 1, flag] > 0 else 0


def bid_search(g, seat, stage, kinds, params, rules, rng, tt, pw, up_bit):
    """Compiled only (see ``_bid_search``): ``seat``'s searched action at ``stage``, or
    ``NOT_SEARCHED`` when it decides by the table's bidding model."""
    raise NotImplementedError("bid_search is compiled into the deal kernel only")


@overload(bid_search)
def _bid_search(g, seat, stage, kinds, params, rules, rng, tt, pw, up_bit):
    """A kernel without search (``tt`` is None: no PIMC player at the table) gets a constant
    ``NOT_SEARCHED`` and none of the search code: it compiles in half the time."""
    if isinstance(tt, types.NoneType):
        return lambda g, seat, stage, kinds, params, rules, rng, tt, pw, up_bit: NOT_SEARCHED

    def searched(g, seat, stage, kinds, params, rules, rng, tt, pw, up_bit):
        if searches_bids(kinds, params, seat, rules):
            return pimc_decide(g, seat, stage, kinds, params, rules, rng, tt, pw, up_bit)
        return NOT_SEARCHED
    return searched


@njit(cache=True, _nrt=False, inline="always")
def decide_round1(kinds, params, g, seat, rules, rng, is_dealer, tt, pw):
    """Order up (1) or pass (0) in round 1 (``tt``, ``pw``: the solver's table and the PIMC
    work array, for players who bid by search; None in kernels without search)."""
    c = bid_search(g, seat, np.int64(ST_ROUND1), kinds, params, rules, rng, tt, pw,
                   np.int64(-1))
    if c != NOT_SEARCHED:
        return 1 if c else 0
    return model_round1(kinds, params, g, seat, rules, rng, is_dealer)


@njit(cache=True, _nrt=False, inline="always")
def decide_round2(kinds, params, g, seat, rules, rng, upsuit, banned, stuck, tt, pw):
    """Suit named in round 2, one not in the mask ``banned`` (``upsuit``, and hearts under
    hearts_never_trump), or -1 to pass (never -1 when ``stuck``)."""
    c = bid_search(g, seat, np.int64(ST_ROUND2), kinds, params, rules, rng, tt, pw,
                   np.int64(-1))
    if c != NOT_SEARCHED:
        return -1 if c == 0 else (c - 1) & 3
    return model_round2(kinds, params, g, seat, rules, rng, upsuit, banned, stuck)


@njit(cache=True, _nrt=False)
def decide_chuck(kinds, params, g, seat, rules, rng):
    """chuck: the natural card the stuck dealer keeps if he chucks, or -1 to name a suit
    (never searched: a PIMC player chucks by its scripted model)."""
    return model_chuck(kinds, params, g, seat, rng)


@njit(cache=True, _nrt=False, inline="always")
def decide_discard(kinds, params, g, seat, rules, rng, up_bit, tt, pw):
    """Effective bit the dealer discards after taking the up-card (never ``up_bit``)."""
    c = bid_search(g, seat, np.int64(ST_DISCARD), kinds, params, rules, rng, tt, pw, up_bit)
    if c != NOT_SEARCHED:
        return c
    return model_discard(kinds, params, g, seat, rules, rng, up_bit)


@njit(cache=True, _nrt=False, inline="always")
def decide_alone(kinds, params, g, seat, rules, rng, tt, pw):
    """Does the maker play alone? (1 = yes)."""
    c = bid_search(g, seat, np.int64(ST_ALONE), kinds, params, rules, rng, tt, pw,
                   np.int64(-1))
    if c != NOT_SEARCHED:
        return c
    return model_alone(kinds, params, g, seat, rules, rng)


@njit(cache=True, _nrt=False)
def decide_partner_alone(kinds, params, g, seat, rules, rng):
    """partner_may_go_alone: does the maker's partner play alone, the maker having declined?
    (1 = yes; never searched: a PIMC player decides by its scripted model)."""
    if kinds[seat & 1] == S_REFERENCE:
        return ref_partner_alone(params, g, seat)  # no bid of his to rate
    return model_alone(kinds, params, g, seat, rules, rng)


@njit(cache=True, _nrt=False, inline="always")
def decide_defend_alone(kinds, params, g, seat, rules, rng, tt, pw):
    """Does this defender play alone? (1 = yes)."""
    c = bid_search(g, seat, np.int64(ST_DEFEND), kinds, params, rules, rng, tt, pw,
                   np.int64(-1))
    if c != NOT_SEARCHED:
        return c
    return model_defend_alone(kinds, params, g, seat, rules, rng)


@njit(cache=True, _nrt=False)
def decide_railroad(kinds, params, g, seat, rules, rng):
    """Railroad: does the lone player take his partner's card, unseen? (1 = yes)."""
    kind = kinds[seat & 1]
    if uses_scripted_model(kind):
        return sc_railroad(params, g, seat)
    if kind == S_REFERENCE:
        return ref_railroad(params, seat)
    return rand_yes_no(rng)


@njit(cache=True, _nrt=False)
def decide_give(kinds, params, g, seat, rules, rng):
    """Effective bit the sitting-out partner ``seat`` gives to his lone partner."""
    kind = kinds[seat & 1]
    if uses_scripted_model(kind):
        return sc_give(params, g, seat)
    if kind == S_REFERENCE:
        return ref_give(g, seat)
    return rand_card(rng, g[L.G_HAND + seat])


@njit(cache=True, _nrt=False)
def decide_lone_discard(kinds, params, g, seat, rules, rng):
    """Effective bit the lone player discards after receiving his partner's card."""
    kind = kinds[seat & 1]
    if uses_scripted_model(kind):
        return sc_lone_discard(params, g, seat)
    if kind == S_REFERENCE:
        return ref_lone_discard(g, seat)
    return rand_card(rng, g[L.G_HAND + seat])


@njit(cache=True, _nrt=False, inline="always")
def decide_play(kinds, params, g, seat, rules, rng, legal, tt, pw):
    """Effective bit of the card to play from the non-empty mask ``legal`` (``tt``, ``pw``:
    the solver's table and the PIMC work array, used by PIMC players)."""
    kind = kinds[seat & 1]
    if kind == S_REFERENCE:
        return ref_play(g, legal)
    if kind == S_RANDOM:
        return rand_play(rng, legal)
    if (legal & (legal - 1)) == 0:  # one legal card: nothing to decide
        return ctz(legal)
    return chosen_card(kind, params, g, seat, rules, rng, legal, tt, pw)


def chosen_card(kind, params, g, seat, rules, rng, legal, tt, pw):
    """Compiled only (see ``_chosen_card``): the scripted or PIMC player's card."""
    raise NotImplementedError("chosen_card is compiled into the deal kernel only")


@overload(chosen_card, inline="always")
def _chosen_card(kind, params, g, seat, rules, rng, legal, tt, pw):
    """Without search (``tt`` is None) only the scripted play is compiled in: inlined, so the
    deal calls ``scripted.play_card`` directly."""
    if isinstance(tt, types.NoneType):
        return lambda kind, params, g, seat, rules, rng, legal, tt, pw: sc_play(
            params, g, seat, rules, legal)
    return lambda kind, params, g, seat, rules, rng, legal, tt, pw: searched_play(
        kind, params, g, seat, rules, rng, legal, tt, pw)


@njit(cache=True, _nrt=False)
def searched_play(kind, params, g, seat, rules, rng, legal, tt, pw):
    """Card play of the scripted and PIMC kinds (kept out of line: the hot loop stays small)."""
    if kind == S_PIMC:
        return pimc_play(params, g, seat, rules, rng, legal, tt, pw)
    return sc_play(params, g, seat, rules, legal)
