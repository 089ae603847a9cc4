"""Strategy kinds and their parameter rows, declared once: the slots each kind reads, and what
each kind decides by which model.

A strategy is a kind (``S_*``) and a row of float parameters; a table is one kind and one row
per team (``kinds[team]``, ``params[team, slot]``). The row is laid out as:

* ``reference`` (``S_REFERENCE``): the slots ``P_*`` (thresholds on its hand strength, and the
  rule options' yes/no choices).
* ``scripted`` (``S_SCRIPTED``): the slots ``Q_*`` (``N_Q`` of them; names, defaults and ranges
  in ``strategies/schema.py``).
* ``pimc`` (``S_PIMC``): a whole scripted row, then its own slots from ``N_Q`` on
  (``Q_PIMC_*``): its bidding model, lone defence, discard and the choices before the play are
  the scripted ones; its card play is search, and so is its bidding when ``Q_PIMC_BIDDING``.
* ``random`` (``S_RANDOM``): no slots; every decision at random.
* Every kind: the match-equity block from ``EQ_BASE`` on, then the scripted model's score
  shifts (filled only for a strategy that reads the score; ``strategies/equity_table.py``),
  then the scripted model's hand-strength tables (``VALUE_EXACT`` on: filled for scripted and
  pimc rows whose weights allow them; ``strategies/strength_tables.py``), then the scripted
  card policy's block (``POLICY_BASE`` on; ``card_policy.py``).

What each kind decides by which model (the kernels ask these, never the kinds' numeric order):

=========  ==============================  ==================================================
kind       bidding, discard, lone defence   card play
=========  ==============================  ==================================================
random     at random                        a random legal card
reference  ``P_*`` thresholds               the reference rules (``decisions.py``)
scripted   the scripted model (``Q_*``)     the scripted conventions (``Q_*``)
pimc       scripted model, or search        search over sampled worlds (``Q_PIMC_WORLDS``)
=========  ==============================  ==================================================
"""

from numba import njit

from ...game.rules import R_TARGET, RULE_OPTIONS
from .card_policy import N_POLICY_SLOTS

# ---- the kinds ----
S_RANDOM = 0
S_REFERENCE = 1
S_SCRIPTED = 2
S_PIMC = 3
STRATEGY_KINDS = {
    "random": S_RANDOM, "reference": S_REFERENCE, "scripted": S_SCRIPTED, "pimc": S_PIMC,
}

# ---- reference: its slots ----
(P_BID, P_ALONE, P_DEFEND_ALONE, P_REDEAL, P_FARMER, P_RAILROAD, P_CHUCK, P_NO_TRUMP,
 P_SMITTY_GUESS, P_SMITTY_ALONE, N_P) = range(11)

# ---- scripted: its slots (read by core/four/scripted.py) ----
(
    Q_W_JOKER, Q_W_RIGHT, Q_W_LEFT, Q_W_ACE, Q_W_KING, Q_W_QUEEN, Q_W_TEN, Q_W_NINE, Q_W_LOW,
    Q_W_OFF_ACE, Q_W_OFF_KING, Q_W_VOID, Q_W_SINGLETON, Q_W_UP_PARTNER, Q_W_UP_OPPONENT,
    Q_R1, _Q_R1_1, _Q_R1_2, _Q_R1_3,
    Q_R2, _Q_R2_1, _Q_R2_2, _Q_R2_3,
    Q_NEXT_ELDEST, Q_NEXT_THIRD, Q_REVERSE_NEXT,
    Q_ALONE, _Q_ALONE_1, _Q_ALONE_2, _Q_ALONE_3, Q_ALONE_SURE,
    Q_DEFEND_ALONE, Q_DISCARD_VOID, Q_DISCARD_KEEP_ACES, Q_DISCARD_KEEP_KINGS, Q_RAILROAD_BELOW,
    Q_BRIDGE_BONUS, Q_GAME_POINT_NO_ALONE, Q_DESPERATION_BONUS,
    Q_LEAD_TRUMP_PARTNER, Q_LEAD_RIGHT_MIN, Q_FISHING, Q_LEAD_ACES, Q_DEF_SINGLETON_ACE,
    Q_AVOID_TURNED_DOWN, Q_LEAD_NEXT_DEF, Q_LEAD_THROUGH_LONER, Q_SECOND_LOW, Q_THIRD_HIGH,
    Q_TRUMP_PARTNER_BOSS, Q_PLAY_MAKE_VOID, Q_MEMORY, Q_CALL_REDEAL, Q_FARMER,
    Q_LEAD_PARTNER_VOID, Q_AVOID_OPP_VOID, Q_EQUITY_WEIGHT, Q_EQUITY_ALONE,
    Q_SECOND_BOSS, Q_TAKE_VS_LONER, Q_GUARDS_VS_LONER, Q_TRUMP_PARTNER_VOID, Q_RUFF_HIGH,
    Q_FISH_BOWERS, Q_UPCARD_MEMORY, Q_SUITS_VS_LONER, Q_SAVE_BOSS_VS_LONER,
    Q_LONE_LEADS_HIGH, Q_LONE_DRAWS_TRUMP, Q_LONE_TURNED_DOWN, Q_CHUCK, Q_NO_TRUMP,
    Q_DRAW_FOR_ACES, Q_DEF_BOSS_TRUMP, Q_SECOND_SURE, Q_SMITTY_GUESS, Q_SMITTY_ALONE,
    Q_LC_STRENGTH, Q_LC_TRUMP, Q_LC_RUN, Q_LC_RIGHT, Q_LC_LEFT, Q_LC_SIDE_ACE, Q_LC_SIDE_KING,
    Q_LC_VOID, Q_SECOND_KEEPS_BOSS, Q_LEAD_TRUMP_VS_LONER, Q_DRAW_HIGH, Q_CARD_POLICY,
    N_Q,
) = range(90)

assert (Q_W_JOKER, Q_W_RIGHT, Q_W_LEFT, Q_W_ACE, Q_W_KING, Q_W_QUEEN, Q_W_TEN, Q_W_NINE,
        Q_W_LOW) == tuple(range(Q_W_JOKER, Q_W_JOKER + 9))  # trump_weight_slot relies on it


@njit(cache=True, _nrt=False, forceinline=True)
def trump_weight_slot(bit):
    """The parameter slot of the weight of the trump at effective bit ``bit`` (24..33): the
    slots ``Q_W_JOKER .. Q_W_LOW`` run from the joker (bit 33) down to the nine (bit 26), then
    the low cards share ``Q_W_LOW``. The kernels' ``scripted.trump_weight`` and the strength
    tables' sums (``strategies/strength_tables.py``, through ``py_func``) both read it."""
    return Q_W_JOKER + min(33 - bit, Q_W_LOW - Q_W_JOKER)

# ---- pimc: a scripted row, then these ----
Q_PIMC_WORLDS = N_Q  # worlds dealt and solved per card decision
Q_PIMC_BIDDING = N_Q + 1  # 1: bid, discard, go alone and defend alone by search; 0: the model
Q_PIMC_BID_WORLDS = N_Q + 2  # worlds per decision before the play
Q_PIMC_TIE_BREAK = N_Q + 3  # 1: among the cards tied best, the scripted play's; 0: the weaker
N_PIMC = N_Q + 4

# ---- every kind: the match-equity block after the kind's own slots ----
# P(win the game) for (ours, theirs, we deal) lives at EQ_BASE + (ours * EQ_MAX + theirs) * 2
# + we_deal, for scores below the largest target; filled only for strategies that read it
# (strategies/equity_table.py), zero otherwise.
EQ_BASE = 96
EQ_MAX = max(RULE_OPTIONS[R_TARGET].values)
N_EQ = EQ_MAX * EQ_MAX * 2
assert max(N_P, N_Q, N_PIMC) <= EQ_BASE  # the block follows every kind's own slots
# ...then, laid out the same, what the scripted model makes of it at each score, worked out
# once when the row is filled (``scripted.fill_score_shifts``) instead of at every decision:
# the bid threshold's shift (``score.equity_weight``) and the loner threshold's
# (``score.equity_alone``)
BID_SHIFT_BASE = EQ_BASE + N_EQ
LONER_SHIFT_BASE = BID_SHIFT_BASE + N_EQ
# ---- scripted (and pimc's model): the hand-strength tables read by ``scripted.eff_value`` ----
# Filled when the row is built (``strategies.Strategy.param_array``) if every weight of the
# strength lies on a 2**-10 grid: then every sum of weights is exact in float64, so a few table
# entries added in any order give bit for bit the card-by-card sum. ``VALUE_EXACT`` 0 (a weight
# off the grid): ``eff_value`` sums card by card.
VALUE_EXACT = LONER_SHIFT_BASE + N_EQ
TRUMP_LO_BASE = VALUE_EXACT + 1  # 32 sums: the trumps of effective bits 24..28 held (bit k: 24+k)
TRUMP_HI_BASE = TRUMP_LO_BASE + 32  # 32 sums: bits 29..33
SIDE_BASE = TRUMP_HI_BASE + 32  # a side suit: min(its cards, 2) + 3 * ace + 6 * king held
N_SIDE = 12
# ...and the same strength by natural suit, for a hand not yet converted to a trump suit (the
# bidding): a suit's 8-bit chunk as the trump suit (its trumps' weights), as the suit of
# trump's colour (the left bower's weight and the rest's shape), as a side suit (its shape).
# With trump t, a natural hand's strength is NAT_TRUMP[chunk t] + NAT_NEXT[chunk t ^ 3] + the
# two side chunks' NAT_SIDE (+ the joker's weight): ``scripted.nat_value``.
NAT_TRUMP_BASE = SIDE_BASE + N_SIDE
NAT_NEXT_BASE = NAT_TRUMP_BASE + 256
NAT_SIDE_BASE = NAT_NEXT_BASE + 256
# ---- scripted: the learned card policy (``card_policy.py``), an entry per class of position
# (packed, 12 to a slot): 0 the conventions decide, else the action to play; filled from the
# strategy file's ``[card_policy]`` table, read only when ``Q_CARD_POLICY`` is on
POLICY_BASE = NAT_SIDE_BASE + 256
N_ROW = POLICY_BASE + N_POLICY_SLOTS  # the length of a parameter row


# ---- what each kind decides by which model ----
@njit(cache=True, _nrt=False, forceinline=True)
def uses_scripted_model(kind):
    """Does this kind bid, discard, defend alone and make the other choices before the play by
    the scripted model? (scripted, and pimc wherever it does not search)."""
    return kind == S_SCRIPTED or kind == S_PIMC


@njit(cache=True, _nrt=False, forceinline=True)
def reads_shown_voids(kind):
    """Does this kind read the suits other players have shown void in (so the deal must track
    them)? The scripted card play does, and pimc's worlds respect them."""
    return kind == S_SCRIPTED or kind == S_PIMC
