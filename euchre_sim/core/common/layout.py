"""Index constants shared by the kernels and the Python layer.

* ``G_*``: slots of the per-deal state array ``g`` (int64) that every decision hook reads.
* ``F_*``: columns of the per-deal record array (see ``RECORD_FIELDS``).
* ``GR_*``: columns of the per-game record array (see ``GAME_FIELDS``); ``GD_*``: the deal
  rows of games (the game index, then a deal record).
* ``EV_*``: trace event kinds (docs/engine.md, "Trace"); ``TR_*``: columns of a trace event.
* ``SN_*``: slots of a snapshot row (the state before a card play).
* ``PR_*``: columns of a preset deal row; ``SC_*``: slots of its script.
* ``SU_*``, ``CO_*``, ``BP_*``, ``BT_*``, ``BH_*``, ``HOW_*``: the arrays a record summary
  fills (``core.four.tally.summarise``).

Each layout is declared once here, with a tuple of its column names where a row is turned into
named columns (``RECORD_FIELDS``, ``GAME_FIELDS``, ...); nothing above the kernels indexes a
row by a bare number.

A module imports the layout as one name, ``from ..common import layout as L``, and writes
``g[L.G_DEALER]``: numba reads a module's attribute at compile time as a constant, so this costs
nothing in a kernel (the table engine's own layout, ``core.table.layout``, is ``TL``).
"""

from ...game.seats import POSITION_NAMES

# ---- the deal state array g ----
(
    G_DEALER,  # seat of the dealer
    G_UP,  # up-card (natural id)
    G_UPSUIT,  # its printed suit (-1 for the joker)
    G_TRUMP,  # trump suit, -1 before it is made
    G_MAKER,  # maker seat, -1 before trump is made (the lone partner once he goes alone)
    G_ROUND,  # 1 or 2 once trump is made
    G_PASSES,  # passes so far in the bidding
    G_ALONE,  # 1 when the maker (G_MAKER) plays alone
    G_DEFENDER,  # lone defender seat or -1
    G_OUT_A,  # a seat sitting out, or -1
    G_OUT_B,  # a second seat sitting out, or -1
    G_SCORE0,  # game score of team 0 before this deal
    G_SCORE1,  # game score of team 1
    G_TRICK,  # trick number 0..4
    G_LEADER,  # leader of the current trick
    G_POS,  # position in the current trick (0 = leading)
    G_LED,  # effective suit led (0..2 non-trump, 3 trump), -1 before the lead
    G_WIN_CARD,  # effective bit of the card winning the trick so far
    G_WIN_SEAT,  # seat winning the trick so far
    G_PLAYED,  # effective mask of every card played so far
    G_TRICKS0,  # tricks won by team 0
    G_TRICKS1,  # tricks won by team 1
    G_NEV,  # trace events written so far
    G_STUCK,  # 1 when the dealer was stuck and named a suit, 2 when he chucked, 3 (STUCK_SMITTY)
    # when trump was made by the eldest's right Smitty guess
    G_KITTY,  # natural mask of the kitty (farmer's hand; after a chuck the four put down)
) = range(25)
G_NAT = 25  # 4 natural hands (before trump is known; kept as dealt/exchanged)
G_HAND = 29  # 4 effective hands (after trump is known), updated as cards are played
G_TRICK_CARD = 33  # 4 effective bits: the card each seat played to the current trick, -1
G_MEM = 37  # 4 slots of strategy scratch memory, one per seat
G_VOIDS = 41  # suits shown out of: bit 4 * seat + e (effective suit e; see voids_of)
G_DISCARD = 42  # effective bit of the dealer's discard (known to the dealer only), or -1
G_MCEVOY = 43  # seats (bit s) that made their McEvoy call in this game; -1 outside a game
G_SIZE = 44  # (G_MCEVOY last: reset_state clears the slots before it)
STUCK_SMITTY = 3  # G_STUCK (and the record's stuck) after a right Smitty guess (rule smitty)

# ---- record columns ----
RECORD_FIELDS = (
    "deal", "dealer", "hand0", "hand1", "hand2", "hand3", "up_card", "redeals", "farmer",
    "round", "passes", "maker", "trump", "stuck", "discard", "alone", "defender", "leader",
    "tricks0", "tricks1", "points0", "points1", "thrown_in", "winners",
)
(
    F_DEAL, F_DEALER, F_HAND0, F_HAND1, F_HAND2, F_HAND3, F_UP, F_REDEALS, F_FARMER,
    F_ROUND, F_PASSES, F_MAKER, F_TRUMP, F_STUCK, F_DISCARD, F_ALONE, F_DEFENDER, F_LEADER,
    F_TRICKS0, F_TRICKS1, F_POINTS0, F_POINTS1, F_THROWN_IN, F_WINNERS,
) = range(24)
N_FIELDS = len(RECORD_FIELDS)

# ---- game records (one row per game) ----
GAME_FIELDS = ("game", "first_dealer", "winner", "score0", "score1", "deals")
(
    GR_GAME,  # game index
    GR_FIRST_DEALER,  # seat of the first dealer
    GR_WINNER,  # winning team, -1 when the game hit the deal cap
    GR_SCORE0,  # final score of team 0
    GR_SCORE1,  # final score of team 1
    GR_DEALS,  # deals played
) = range(6)
N_GAME_FIELDS = len(GAME_FIELDS)

# ---- the deal rows of games: the game index, then the deal record ----
GD_GAME = 0
GD_RECORD = 1  # the deal record's columns: row[GD_RECORD + F_*]
N_GAME_DEAL_FIELDS = GD_RECORD + N_FIELDS

# ---- trace ----
(
    EV_REDEAL, EV_FARMER, EV_JOKER_TRUMP, EV_PASS1, EV_ORDER, EV_PASS2, EV_CALL, EV_THROWN_IN,
    EV_DISCARD, EV_ALONE, EV_DEFEND_ALONE, EV_RAILROAD, EV_GIVE, EV_LONE_DISCARD, EV_PLAY,
    EV_TRICK, EV_CLUB_EUCHRE, EV_CHUCK, EV_SMITTY,
) = range(1, 20)
EVENT_NAMES = (
    None, "REDEAL", "FARMER", "JOKER_TRUMP", "PASS1", "ORDER", "PASS2", "CALL", "THROWN_IN",
    "DISCARD", "ALONE", "DEFEND_ALONE", "RAILROAD", "GIVE", "LONE_DISCARD", "PLAY", "TRICK",
    "CLUB_EUCHRE", "CHUCK", "SMITTY",
)
TRACE_CAP = 160  # > the most events a deal can have (100 redeals + about 46)
TRACE_FIELDS = ("kind", "seat", "value")  # the columns of a trace event
TR_KIND, TR_SEAT, TR_VALUE = range(3)
N_TRACE_FIELDS = len(TRACE_FIELDS)

# ---- snapshots: the state before each card play of a deal ----
MAX_PLAYS = 20  # card plays in a deal at most (4 seats x 5 tricks): snapshot rows per deal
SN_STATE = 0  # the deal state array g (G_SIZE slots)
SN_SEAT = G_SIZE  # the seat to play
SN_LEGAL = G_SIZE + 1  # his legal cards (effective mask)
SN_SIZE = G_SIZE + 2

MAX_REDEALS = 100

# ---- a preset deal (one row of ``presets``; docs/engine.md, "Preset deals and scripts") ----
# hands of seats 0-3 (natural masks), up-card, kitty mask, dealer, score of team 0 and 1, then
# the script: the actions forced on the deal, -1 where the decision is left to the strategy
PR_HAND = 0  # + seat: the seat's hand (natural mask)
PR_UP, PR_KITTY, PR_DEALER, PR_SCORE0, PR_SCORE1, PR_SCRIPT = range(4, 10)
SC_REDEAL = 0  # + seat: 0 keep, 1 call for a redeal
SC_ROUND1 = 4  # + seat: 0 pass, 1 order up
SC_ROUND2 = 8  # + seat: 0-3 the suit named, 4 pass, 5 no trump (SCRIPT_PASS, SCRIPT_NO_TRUMP)
SC_DISCARD = 12  # the dealer's discard (natural card id)
SC_ALONE = 13  # + seat: the maker's alone decision, 0 / 1
SC_DEFEND = 17  # + seat: the defender's lone decision, 0 / 1
SC_PLAY = 21  # + k: the k-th card played in the deal (natural card id), k = 0..19
SC_STOP = 41  # 1: stop once the bidding (and any lone defence) is decided, no card played
N_SCRIPT = 42
SCRIPT_PASS = 4  # the value of a round-2 script slot (SC_ROUND2) for a pass
SCRIPT_NO_TRUMP = 5  # and for a no-trump call (the record's trump 4, cards.NO_TRUMP)
N_PRESET = PR_SCRIPT + N_SCRIPT
MAX_GAME_DEALS = 1000
GAME_STRIDE = 1024  # streams per game: deal k of game g uses stream g * 1024 + k

# ---- the arrays a record summary fills (core.four.tally.summarise) ----
# ``sums``: totals of points (team 0, team 1, their difference and sum, the dealing side's
# points minus the other's) and their squares, and the makers' tricks
SUM_FIELDS = ("p0", "p0sq", "p1", "p1sq", "diff", "diffsq", "tot", "totsq", "mtricks", "deal",
              "dealsq")
(SU_P0, SU_P0SQ, SU_P1, SU_P1SQ, SU_DIFF, SU_DIFFSQ, SU_TOT, SU_TOTSQ, SU_MTRICKS, SU_DEAL,
 SU_DEALSQ) = range(11)
N_SUMS = len(SUM_FIELDS)
# ``counts``: deals of each kind
COUNT_FIELDS = ("played", "made", "euchred", "march", "alone", "alone_march", "defender_alone",
                "round1", "round2", "stuck", "thrown_in", "maker_team0")
(CO_PLAYED, CO_MADE, CO_EUCHRED, CO_MARCH, CO_ALONE, CO_ALONE_MARCH, CO_DEFENDER_ALONE,
 CO_ROUND1, CO_ROUND2, CO_STUCK, CO_THROWN_IN, CO_MAKER_TEAM0) = range(12)
N_COUNTS = len(COUNT_FIELDS)
# the last axis of ``by_position``, ``by_team`` and ``by_how``: the maker's position from the
# dealer's left
POSITION_DEALER = 3
N_POSITIONS = len(POSITION_NAMES)
# rows of ``by_position``
BY_POSITION_FIELDS = ("made", "euchred", "march", "played")
BP_MADE, BP_EUCHRED, BP_MARCH, BP_PLAYED = range(4)
N_BY_POSITION = len(BY_POSITION_FIELDS)
# rows of ``by_team`` (row, team, maker's position); "seated" counts the deals in which the
# team held that position
BY_TEAM_FIELDS = ("seated", "made_trump", "orders", "calls", "calls_next", "stuck", "made",
                  "euchred", "march", "alone", "alone_march")
(BT_SEATED, BT_MADE_TRUMP, BT_ORDERS, BT_CALLS, BT_CALLS_NEXT, BT_STUCK, BT_MADE, BT_EUCHRED,
 BT_MARCH, BT_ALONE, BT_ALONE_MARCH) = range(11)
N_BY_TEAM = len(BY_TEAM_FIELDS)
# ``by_how`` (row, how trump was made, maker's position): deals, and the dealing side's points
# minus the other's summed and squared; a thrown-in deal is filed under the dealer's position
BY_HOW_FIELDS = ("deals", "points", "points_sq")
BH_DEALS, BH_POINTS, BH_POINTS_SQ = range(3)
N_BY_HOW = len(BY_HOW_FIELDS)
HOW_NAMES = ("round1", "round2", "stuck", "thrown_in")
HOW_ROUND1, HOW_ROUND2, HOW_STUCK, HOW_THROWN_IN = range(4)
N_HOW = len(HOW_NAMES)
