"""The slots of a table's packed spec array (``TableSpec.arrays()[0]``) and the codes they hold.

Declared with the game (``game.table_spec`` fills them) and read by the table engine's kernels
(``core.table.layout`` names them again for the kernels).
"""

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
    TS_COUNTDOWN,  # 1: per-seat count-down scoring from TS_TARGET (see core.table.deal, step 6)
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
# the auction slots (Bid Euchre, core.table.auction)
(
    TS_BIDDING,  # BID_UPCARD or BID_AUCTION
    TS_MIN_BID,  # the lowest bid of an auction (the stuck dealer's bid)
    TS_SHOOT_MADE,  # points to the shooter's team for a made shoot (auction tables)
    TS_SHOOT_SET,  # points the shooter's team loses for a failed shoot (auction tables)
) = range(TS_LEAD_LONE + 1, TS_LEAD_LONE + 5)
N_SPEC = TS_SHOOT_SET + 1
TRUMP_POWER = 100  # every trump's power is above this, every plain card's below
