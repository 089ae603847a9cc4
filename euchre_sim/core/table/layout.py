"""Index constants of the table engine (``core.table.deal``): record columns, trace, kinds.

A record row has a fixed part (``TF_*``) and four blocks of ``MAX_SEATS`` columns: each seat's
dealt hand (a mask of table cards), its tricks, its points and whether it sat out the play.
The Python layer keeps only the columns of the seats a table has (``tables.records``).
"""

from ...game.table_slots import (  # noqa: F401  (the spec slots the kernels read)
    BID_AUCTION,
    BID_UPCARD,
    MAX_SEATS,
    N_SPEC,
    N_TRUMPS,
    NT_HIGH,
    NT_LOW,
    SIDES_EACH,
    SIDES_MAKER_ALONE,
    SIDES_TEAMS,
    TRUMP_POWER,
    TS_ALONE,
    TS_BIDDING,
    TS_BLIND_SUIT,
    TS_BUCK,
    TS_CARDS,
    TS_CLUBS,
    TS_COUNTDOWN,
    TS_DROP,
    TS_EUCHRE,
    TS_GIVE,
    TS_HAND,
    TS_JOKER_BID,
    TS_LATER_EQUAL,
    TS_LEAD_LONE,
    TS_LONE_MARCH,
    TS_MADE,
    TS_MARCH,
    TS_MIN_BID,
    TS_NEED,
    TS_SEATS,
    TS_SHOOT_MADE,
    TS_SHOOT_SET,
    TS_SIDES,
    TS_STICK,
    TS_TARGET,
    TS_TEAM,
)
from ..common.layout import (  # noqa: F401  (the trace event kinds the table engine writes)
    EV_ALONE,
    EV_CALL,
    EV_CLUB_EUCHRE,
    EV_DISCARD,
    EV_GIVE,
    EV_JOKER_TRUMP,
    EV_LONE_DISCARD,
    EV_ORDER,
    EV_PASS1,
    EV_PASS2,
    EV_PLAY,
    EV_THROWN_IN,
    EV_TRICK,
    EVENT_NAMES,
)

TABLE_FIELDS = (
    "deal", "dealer", "up_card", "round", "passes", "maker", "trump", "alone", "discard",
    "leader", "thrown_in", "stuck", "bid",
)
(
    TF_DEAL, TF_DEALER, TF_UP, TF_ROUND, TF_PASSES, TF_MAKER, TF_TRUMP, TF_ALONE, TF_DISCARD,
    TF_LEADER, TF_THROWN_IN, TF_STUCK, TF_BID,
) = range(13)
# TF_BID: the winning bid of an auction table (-1 at an up-card table); at an auction table
# TF_UP is -1, TF_DISCARD the shooter's discard (-1 when nobody shoots), TF_ALONE the shoot
TF_HAND = TF_BID + 1  # + seat: the hand dealt (mask of table cards)
TF_TRICKS = TF_HAND + MAX_SEATS  # + seat: tricks won
TF_POINTS = TF_TRICKS + MAX_SEATS  # + seat: points scored (count-down tables: score change)
TF_OUT = TF_POINTS + MAX_SEATS  # + seat: 1 if the seat sat out the play (dropped, or a lone
# maker's partner), else 0
N_TABLE_FIELDS = TF_OUT + MAX_SEATS

EV_DROP = 20  # a table event kind: a seat's stay (value 0) or drop (1) decision (Buck Euchre)
EV_BID = 21  # a table event kind: an auction bid (value: the tricks bid); a pass is EV_PASS1
TABLE_TRACE_CAP = 128  # > 2 x 8 bids + call + alone + give + discard + 8 x 6 plays + 6 tricks

# strategy kinds of the table engine and the parameters of the basic kind
K_RANDOM, K_BASIC = 0, 1
KIND_NAMES = ("random", "basic")
# hand strength needed to order up, to call, to go alone, to stay in (not drop: Buck Euchre)
(P_ORDER, P_CALL, P_ALONE, P_STAY) = range(4)
# auction tables: the estimate (tricks) needed to bid, the highest bid made, the estimate
# needed to shoot (above the hand size: never)
(P_BID, P_BID_CAP, P_SHOOT) = range(4, 7)
# auction tables: a forced opening bid of the eldest (the dealer's left, the first bidder): -1
# not forced, 0 pass, k >= TS_MIN_BID bid exactly k (a forcing device of ``analysis.bid_chart``)
P_FORCE = 7
N_TABLE_PARAMS = 8

# game records of the table engine (one row per game)
TABLE_GAME_FIELDS = ("game", "first_dealer", "winner", "deals")
TG_GAME, TG_FIRST_DEALER, TG_WINNER, TG_DEALS = range(4)
TG_SCORE = 4  # + seat: final score
N_TABLE_GAME_FIELDS = TG_SCORE + MAX_SEATS
MAX_TABLE_GAME_DEALS = 1000

# names of the trace event kinds a table deal may write (the four-handed names, then the table's)
TABLE_EVENT_NAMES = (*EVENT_NAMES, "DROP", "BID")
