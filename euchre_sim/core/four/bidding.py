"""The bidding decisions of the kinds that do not search, routed by kind (``kinds.py``):
ordering up, calling, the dealer's discard, going alone, defending alone. The scripted model
(``scripted.py``) is also the model a PIMC player has of every player's bidding; the reference
and random kinds' rules are in ``reference_kind.py`` and ``random_kind.py``. ``decisions``
dispatches to these routers; ``pimc_bid`` plays them out in its sampled worlds.
"""

from numba import njit

from ...game.cards import NO_TRUMP
from ...game.rules import LONE_DEFENCE_ANY, R_DECK, R_HEARTS_NEVER_TRUMP, R_LONE_DEFENCE, R_NO_TRUMP
from ..common import layout as L
from ..common.random_kind import rand_chuck, rand_discard, rand_round2, rand_yes_no
from ..common.rule import rule
from .kinds import S_REFERENCE, uses_scripted_model
from .reference_kind import (
    ref_alone,
    ref_chuck,
    ref_defend_alone,
    ref_discard,
    ref_forced_bid,
    ref_forced_take,
    ref_round1,
    ref_round2,
    ref_round2_nt,
)
from .scripted import (
    sc_alone,
    sc_chuck,
    sc_dealer_discard,
    sc_defend_alone,
    sc_round1,
    sc_round2,
)

HEARTS_BIT = 1 << 2  # hearts (suit 2) in a mask of suits (bit s for suit s)
NT_BIT = 1 << NO_TRUMP  # no trump (4) in a mask of round-2 calls: set (barred) unless no_trump


@njit(cache=True, _nrt=False, forceinline=True)
def no_trump_callable(rules):
    """May no trump be called in round 2? Under ``no_trump`` with the 24-card deck (the
    option has no effect with 25, 32 or 33 cards: docs/engine.md)."""
    return rule(rules, R_NO_TRUMP) != 0 and rule(rules, R_DECK) == 24


@njit(cache=True, _nrt=False, forceinline=True)
def banned_trumps(rules):
    """The mask of suits nobody may make trump, whatever the up-card: hearts under
    hearts_never_trump, else none."""
    return HEARTS_BIT if rule(rules, R_HEARTS_NEVER_TRUMP) else 0


@njit(cache=True, _nrt=False, forceinline=True)
def defence_asked_after(rules, dealer, maker):
    """The seat the lone-defence question goes round from: the defenders are asked in turn
    from this seat's left. The dealer (``defender_alone``, RULES.md section 2), or the maker
    under ``lone_defence = against_lone_maker`` (section 3.1: "asked in turn from the maker's
    left")."""
    return dealer if rule(rules, R_LONE_DEFENCE) == LONE_DEFENCE_ANY else maker


@njit(cache=True, _nrt=False, forceinline=True)
def model_round1(kinds, params, g, seat, rules, rng, is_dealer):
    """Order up (1) or pass (0) in round 1."""
    kind = kinds[seat & 1]
    if uses_scripted_model(kind):
        return sc_round1(params, g, seat, rules, is_dealer)
    if kind == S_REFERENCE:
        return ref_round1(params, g, seat, is_dealer)
    return rand_yes_no(rng)


@njit(cache=True, _nrt=False, forceinline=True)
def model_round2(kinds, params, g, seat, rules, rng, upsuit, banned, stuck):
    """Suit named in round 2, one not in the mask ``banned`` (bit s for suit s: ``upsuit``,
    and hearts under hearts_never_trump; bit 4 unless no trump may be called), ``NO_TRUMP``
    (4), or -1 to pass (never -1 when ``stuck``)."""
    kind = kinds[seat & 1]
    if uses_scripted_model(kind):
        return sc_round2(params, g, seat, rules, upsuit, banned, stuck)
    if kind == S_REFERENCE:
        if (banned & NT_BIT) == 0:
            return ref_round2_nt(params, g, seat, banned, stuck)
        return ref_round2(params, g, seat, banned, stuck)
    return rand_round2(rng, banned, stuck)


@njit(cache=True, _nrt=False)
def model_chuck(kinds, params, g, seat, rng):
    """chuck: the natural card the stuck dealer keeps when he chucks, or -1 to name a suit."""
    kind = kinds[seat & 1]
    if uses_scripted_model(kind):
        return sc_chuck(params, g, seat)
    if kind == S_REFERENCE:
        return ref_chuck(params, g, seat)
    return rand_chuck(rng, g[L.G_NAT + seat])


@njit(cache=True, _nrt=False)
def model_forced_take(kinds, params, g, seat):
    """club_euchre: the dealer must take the club up-card, without a bid; a kind that keeps
    a note of its bid for the loner decision (reference) notes it here."""
    if kinds[seat & 1] == S_REFERENCE:
        ref_forced_take(g, seat)


@njit(cache=True, _nrt=False)
def model_forced_bid(kinds, g, seat, suit, with_up):
    """A bid forced by the script, made without asking the strategy: a kind that keeps a note
    of its bid for the loner decision (reference) notes this one (``ref_forced_bid``)."""
    if kinds[seat & 1] == S_REFERENCE:
        ref_forced_bid(g, seat, suit, with_up)


@njit(cache=True, _nrt=False, forceinline=True)
def model_discard(kinds, params, g, seat, rules, rng, up_bit):
    """Effective bit the dealer discards after taking the up-card (never ``up_bit``)."""
    kind = kinds[seat & 1]
    if uses_scripted_model(kind):
        return sc_dealer_discard(params, g, seat, up_bit)
    if kind == S_REFERENCE:
        return ref_discard(g, seat, up_bit)
    return rand_discard(g, seat, rng, up_bit)


@njit(cache=True, _nrt=False, forceinline=True)
def model_alone(kinds, params, g, seat, rules, rng):
    """Does the maker play alone? (1 = yes.) Also his partner's question under
    partner_may_go_alone for the scripted model (it rates his hand as a maker's, by his own
    position) and the random kind; the reference kind's is ``ref_partner_alone``."""
    kind = kinds[seat & 1]
    if uses_scripted_model(kind):
        return sc_alone(params, g, seat, rules)
    if kind == S_REFERENCE:
        return ref_alone(params, g, seat)
    return rand_yes_no(rng)


@njit(cache=True, _nrt=False)
def model_defend_alone(kinds, params, g, seat, rules, rng):
    """Does this defender play alone? (1 = yes)."""
    kind = kinds[seat & 1]
    if uses_scripted_model(kind):
        return sc_defend_alone(params, g, seat, rules)
    if kind == S_REFERENCE:
        return ref_defend_alone(params, g, seat)
    return rand_yes_no(rng)


@njit(cache=True, _nrt=False)
def passed_in_making_round(g, seat):
    """Did ``seat`` pass in the round in which trump was made?"""
    k = (seat - g[L.G_DEALER] - 1) & 3
    passes = g[L.G_PASSES]
    if g[L.G_ROUND] == 1:
        return k < passes
    return k < passes - 4
