"""Index constants of the table engine (``core.table_deal``): record columns, trace, kinds.

A record row has a fixed part (``TF_*``) and four blocks of ``MAX_SEATS`` columns: each seat's
dealt hand (a mask of table cards), its tricks, its points and whether it sat out the play.
The Python layer keeps only the columns of the seats a table has (``tables.records``).
"""

from .layout import (  # noqa: F401  (the trace event kinds the table engine writes)
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

MAX_SEATS = 8
N_TRUMPS = 6  # table rows: trump suit 0..3, then no trump high (4), no trump low (5)
# eff[NT_HIGH, c] is card c's printed suit, -1 for a joker (no trump is not played with one)
NT_HIGH, NT_LOW = 4, 5

# bidding systems (TS_BIDDING)
BID_UPCARD = 0  # an up-card, two rounds of ordering up / naming a suit (the standard game)
BID_AUCTION = 1  # Bid Euchre: the whole pack dealt, one round of bids in tricks, trump named

# how the seats form sides
SIDES_TEAMS = 0  # fixed teams (``TableSpec.teams``)
SIDES_MAKER_ALONE = 1  # the maker against all the others, who defend together for the deal
SIDES_EACH = 2  # every player for himself (Buck Euchre): each seat is its own side

# ---- slots of the packed spec array (``TableSpec.arrays()[0]``) ----
(
    TS_SEATS,  # number of seats
    TS_HAND,  # cards per hand
    TS_CARDS,  # cards in the deck
    TS_SIDES,  # SIDES_TEAMS or SIDES_MAKER_ALONE
    TS_STICK,  # 1: the dealer must name trump when all pass twice (else the deal is thrown in)
    TS_ALONE,  # 1: the maker may go alone (team tables only)
    TS_MADE,  # points for a made contract (3 tricks or more, not all)
    TS_MARCH,  # points for a march (all tricks)
    TS_LONE_MARCH,  # points for a lone march
    TS_EUCHRE,  # points each defender (seat) scores when the maker is euchred (count-down
    # tables: what the euchred maker goes up)
    TS_TARGET,  # game score that wins
    TS_LATER_EQUAL,  # 1: of two equal cards (double pack) the later played wins
    TS_NEED,  # tricks the makers need
) = range(13)
TS_TEAM = 13  # + seat: the team of each seat (SIDES_TEAMS); the seat itself otherwise
# the cut-throat slots (Buck Euchre), after the team block
(
    TS_COUNTDOWN,  # 1: per-seat count-down scoring from TS_TARGET (see core.table_deal, step 6)
    TS_BUCK,  # points added to a player who stays in and takes no trick (count-down scoring)
    TS_DROP,  # 1: once trump is made, each other player may drop out of the deal
    TS_CLUBS,  # 1: a club turned up is trump without bidding ("dirty clubs"): no maker, no drop
) = range(TS_TEAM + MAX_SEATS, TS_TEAM + MAX_SEATS + 4)
# jokers turned up and lone players (six-handed and Almonte tables), after the cut-throat slots
(
    TS_BLIND_SUIT,  # the suit the basic kind names blind when a joker is turned up
    TS_JOKER_BID,  # 1: a joker turned up is bid on in the suit the dealer named (the others
    # may order it up; the dealer must take it when they all pass); 0: the dealer is the maker
    TS_GIVE,  # 1: a lone maker asks a partner for a card and discards one
    TS_LEAD_LONE,  # 1: the player to the lone maker's left leads (else the eldest active)
) = range(TS_CLUBS + 1, TS_CLUBS + 5)
# the auction slots (Bid Euchre, core.table_auction)
(
    TS_BIDDING,  # BID_UPCARD or BID_AUCTION
    TS_MIN_BID,  # the lowest bid of an auction (the stuck dealer's bid)
    TS_SHOOT_MADE,  # points to the shooter's team for a made shoot (auction tables)
    TS_SHOOT_SET,  # points the shooter's team loses for a failed shoot (auction tables)
) = range(TS_LEAD_LONE + 1, TS_LEAD_LONE + 5)
N_SPEC = TS_SHOOT_SET + 1
TRUMP_POWER = 100  # every trump's power is above this, every plain card's below

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
