"""The other tables of RULES.md section 3.2 as data: seats, sides, hand size, deck, scoring.

A :class:`TableSpec` says everything the table engine (``core.table.deal``) needs to play one
deal of a game other than the four-handed one: how many seats, which seat belongs to which side
(fixed teams, or "the maker against the rest" for the cut-throat games), how many cards each
hand gets, the deck, the bidding system and the scoring table. It packs into plain int64 arrays
(:meth:`TableSpec.arrays`); a new variant is a new entry of ``TABLES`` plus its tests.

Cards of a table are numbered ``0 .. n-1`` in deck order (``TableSpec.faces`` gives each its
face: the natural id of ``game/cards.py``, ``suit * 8 + rank``, 32 for the joker, or one of the
extra jokers of ``game.decks``; a double pack holds each face twice), so a hand is a mask of at most
64 bits whatever the deck.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

import numpy as np

from .cards import N_RANKS, RANK_J, deck_cards
from .decks import (
    JOKERS,
    almonte_four,
    almonte_six,
    card_names,
    double_pack,
    is_joker,
    joker_power,
    suit_counts,
)
from .table_slots import (
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


class TableError(ValueError):
    """An unknown table or a table option it does not take (one-line message)."""


@dataclass(frozen=True)
class TableSpec:
    """One game of RULES.md section 3.2 (see ``docs/tables.md`` for each entry's rules)."""

    name: str
    help: str
    seats: int
    hand: int
    deck: int = 0  # a deck size of game/cards.py (24, 25, 32, 33), or 0 with ``cards``
    sides: int = SIDES_MAKER_ALONE
    teams: tuple[int, ...] = ()
    stick: bool = False
    alone: bool = False
    made: int = 1
    march: int = 2
    lone_march: int = 4
    euchre: int = 2
    target: int = 10
    later_equal: bool = False
    cards: tuple[int, ...] = ()  # the deck as faces (``game.decks``), instead of ``deck``
    joker_bid: bool = False  # a joker turned up is bid on in the suit the dealer named blind
    give: bool = False  # a lone maker asks a partner for a card (partner's choice), discards one
    lead_lone: bool = False  # the player to a lone maker's left leads the first trick
    countdown: bool = False  # per-seat scores count down from ``target``; first to 0 wins
    buck: int = 0  # (count-down) points added to a player who stays in and takes no trick
    drop: bool = False  # once trump is made, each other player may drop out of the deal
    clubs: bool = False  # "dirty clubs": a club turned up is trump, no bidding, no dropping
    bidding: int = BID_UPCARD  # BID_UPCARD or BID_AUCTION (Bid Euchre: no up-card, no kitty)
    min_bid: int = 3  # auction: the lowest bid, and the stuck dealer's bid
    shoot_made: int = 12  # auction: a made shoot scores this (``alone`` allows shooting)
    shoot_set: int = 12  # auction: a failed shoot loses this
    # the basic kind's defaults at this table where they differ from ``strategies.table``'
    # global ones: (parameter, value) pairs, each found by a self-play climb
    # (``euchre-sim climb basic --rules NAME``, ``experiments/*_climb.toml``)
    basic: tuple[tuple[str, int], ...] = ()
    source: str = ""
    choices: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if not 2 <= self.seats <= MAX_SEATS:
            raise TableError(f"table {self.name}: {self.seats} seats (2..{MAX_SEATS} allowed)")
        bad = [f for f in self.cards if not (0 <= f < 32 or is_joker(f))]
        if bad:
            raise TableError(f"table {self.name}: unknown card faces {bad} (0..31 are the "
                             f"cards of game/cards.py, jokers are {', '.join(map(str, JOKERS))})")
        if not 0 < self.n_cards <= 64:
            raise TableError(f"table {self.name}: {self.n_cards} cards (1..64 allowed)")
        if self.bidding not in (BID_UPCARD, BID_AUCTION):
            raise TableError(f"table {self.name}: unknown bidding system {self.bidding}")
        if self.bidding == BID_AUCTION:
            if self.seats * self.hand != self.n_cards:
                raise TableError(f"table {self.name}: an auction table deals the whole pack: "
                                 f"{self.seats} hands of {self.hand} are not {self.n_cards} "
                                 "cards")
            if self.sides != SIDES_TEAMS or not 1 <= self.min_bid <= self.hand:
                raise TableError(f"table {self.name}: an auction needs teams and a lowest bid "
                                 f"of 1 .. {self.hand}")
            if not self.stick:
                raise TableError(f"table {self.name}: an auction always sticks the dealer (he "
                                 f"bids {self.min_bid} when the others pass)")
            if self.clubs:
                raise TableError(f"table {self.name}: dirty clubs needs an up-card")
        elif self.seats * self.hand + 1 > self.n_cards:
            raise TableError(f"table {self.name}: {self.seats} hands of {self.hand} and an "
                             f"up-card need more than {self.n_cards} cards")
        if self.sides == SIDES_TEAMS and len(self.teams) != self.seats:
            raise TableError(f"table {self.name}: one team per seat is needed")
        if (self.countdown or self.drop) and self.sides != SIDES_EACH:
            raise TableError(f"table {self.name}: count-down scoring and dropping out need "
                             "every player for himself")
        if self.drop and not self.countdown:
            raise TableError(f"table {self.name}: dropping out needs count-down scoring")

    @cached_property
    def faces(self) -> tuple[int, ...]:
        """The face (``game.decks``: a natural card id of ``game/cards.py`` or a joker) of each
        table card ``0 .. n-1``."""
        return tuple(self.cards) if self.cards else tuple(deck_cards(self.deck))

    @cached_property
    def names(self) -> tuple[str, ...]:
        """Each table card's name; the second copy of a face is marked ``'`` (``JH'``)."""
        return card_names(self.faces)

    @property
    def jokers(self) -> bool:
        return any(is_joker(f) for f in self.faces)

    @property
    def blind_suit(self) -> int:
        """The suit the basic kind names blind when a joker is turned up: the suit with the
        most cards in the deck (clubs first on a tie, as the four-handed engine names clubs)."""
        counts = suit_counts(self.faces)
        return counts.index(max(counts))

    @property
    def n_cards(self) -> int:
        return len(self.faces)

    @property
    def need(self) -> int:
        """Tricks the makers need: a majority of the tricks."""
        return self.hand // 2 + 1

    def team_of(self, seat: int) -> int:
        """The team of a seat at a team table; a seat is its own side otherwise."""
        return self.teams[seat] if self.sides == SIDES_TEAMS else seat

    def card_name(self, card: int) -> str:
        return self.names[card]

    def hand_text(self, mask: int) -> str:
        """A hand mask of table cards as text, ascending card number."""
        return " ".join(self.card_name(c) for c in range(self.n_cards) if mask >> c & 1)

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """``(spec, eff, power, suit_mask)``, the arrays the kernels read.

        ``eff[t, c]`` is card c's effective suit under trump row t (the trump suit for the
        bowers and the joker; the printed suit otherwise and under no trump), ``power[t, c]``
        its strength (higher wins; a trump is above every plain card), ``suit_mask[t, e]`` the
        mask of the cards whose effective suit is e. Under no trump (rows ``NT_HIGH``,
        ``NT_LOW``) a joker has suit -1 and power -1 (in no suit mask): no trump is not played
        with jokers, and ``eff[NT_HIGH, c]`` is thus card c's printed suit, -1 for a joker.
        """
        spec = np.zeros(N_SPEC, np.int64)
        spec[TS_SEATS] = self.seats
        spec[TS_HAND] = self.hand
        spec[TS_CARDS] = self.n_cards
        spec[TS_SIDES] = self.sides
        spec[TS_STICK] = int(self.stick)
        spec[TS_ALONE] = int(self.alone and self.sides == SIDES_TEAMS)
        spec[TS_MADE] = self.made
        spec[TS_MARCH] = self.march
        spec[TS_LONE_MARCH] = self.lone_march
        spec[TS_EUCHRE] = self.euchre
        spec[TS_TARGET] = self.target
        spec[TS_LATER_EQUAL] = int(self.later_equal)
        spec[TS_NEED] = self.need
        spec[TS_BLIND_SUIT] = self.blind_suit
        spec[TS_JOKER_BID] = int(self.joker_bid)
        spec[TS_GIVE] = int(self.give and spec[TS_ALONE] != 0)
        spec[TS_LEAD_LONE] = int(self.lead_lone)
        spec[TS_COUNTDOWN] = int(self.countdown)
        spec[TS_BUCK] = self.buck
        spec[TS_DROP] = int(self.drop)
        spec[TS_CLUBS] = int(self.clubs)
        spec[TS_BIDDING] = self.bidding
        spec[TS_MIN_BID] = self.min_bid
        spec[TS_SHOOT_MADE] = self.shoot_made
        spec[TS_SHOOT_SET] = self.shoot_set
        for s in range(self.seats):
            spec[TS_TEAM + s] = self.team_of(s)
        n = self.n_cards
        eff = np.zeros((N_TRUMPS, n), np.int64)
        power = np.zeros((N_TRUMPS, n), np.int64)
        suit_mask = np.zeros((N_TRUMPS, 4), np.int64)
        for t in range(N_TRUMPS):
            for c, face in enumerate(self.faces):
                if t >= NT_HIGH and is_joker(face):
                    eff[t, c] = -1
                    power[t, c] = -1
                    continue
                e, p = effective(face, t)
                eff[t, c] = e
                power[t, c] = p
                suit_mask[t, e] |= np.int64(1) << c
        return spec, eff, power, suit_mask


def effective(face: int, trump: int) -> tuple[int, int]:
    """(effective suit, power) of the natural card ``face`` under trump row ``trump``.

    Under a trump suit: the jokers (``decks.joker_power``), then the right bower, the left
    bower, then A K Q 10 9 (8 7) of trump, all above the plain cards, which rank A high. No
    trump high: every suit A high, no joker. No trump low: 9 (or 7) high up to A low.
    """
    if is_joker(face):
        if trump >= NT_HIGH:
            raise TableError("no trump is not played with a joker")
        return trump, TRUMP_POWER + joker_power(face, trump)
    suit, rank = divmod(face, N_RANKS)
    if trump == NT_HIGH:
        return suit, rank
    if trump == NT_LOW:
        return suit, N_RANKS - 1 - rank
    if rank == RANK_J and suit == trump:
        return trump, TRUMP_POWER + 19
    if rank == RANK_J and suit == trump ^ 3:
        return trump, TRUMP_POWER + 18
    if suit == trump:
        return trump, TRUMP_POWER + rank
    return suit, rank


THREE_HANDED = TableSpec(
    name="three-handed",
    basic=(("order", 7),),  # experiments/three_handed_climb
    help="three players, each for himself: the maker plays alone against the other two",
    seats=3,
    hand=5,
    deck=24,
    sides=SIDES_MAKER_ALONE,
    stick=False,
    made=1,
    march=3,
    euchre=2,
    target=10,
    source="Hoyle's and pagat.com's three-handed Euchre",
    choices=(
        "24 cards, five each, the next card turned up, nine in the kitty",
        "the usual two bidding rounds from the dealer's left; no stick the dealer: four passes "
        "twice round throw the hand in and the deal passes on",
        "the maker always plays alone against the other two, who defend together; no lone "
        "option (the maker is alone already)",
        "scoring: 3 or 4 tricks 1 point to the maker, all 5 tricks 3 points, a euchre 2 points "
        "to each defender; first to 10 wins",
    ),
)

_SIX_SOURCE = ("pagat.com, British Euchre as played in Cornwall: Six Player Euchre, Six Hand "
               "Almonte Euchre")
_SIX_SCORING = ("scoring (seed 000): 3 or 4 tricks 1 point to the makers' team, all 5 (a march) "
                "3 points, a lone march 6, a euchre 3 points to the defenders' team (lone or not)")
_SIX_BIDDING = (
    "bidding as in the four-handed game (RULES.md 3.2 choice): round 1 from the dealer's left, "
    "each may order the up-card's suit (the dealer takes it up and discards, never the "
    "up-card); round 2 any other suit; any seat may order up and play with its partners "
    "(the British 'dealer's partner must go alone' rule is not modelled)",
    "no stick the dealer: all passing twice throws the hand in and the deal passes left "
    "(seed 000, British Euchre, which the six-player game follows)",
    "a joker turned up (seed 000): the dealer names trump before looking at his hand and his "
    "team are the makers at once, no bidding (round 1, passes 0, a JOKER_TRUMP event); he "
    "picks up the joker and discards another card. Random strategy: a uniform suit; basic: "
    "the suit with the most cards in the deck, clubs on a tie (blind, so no hand is read)",
)
_SIX_ALONE = (
    "only the maker may go alone (lone defenders, allowed in the British game, are not "
    "modelled); his two partners lay their hands down",
    "a lone maker always asks a partner for a card (seed 000: 'may ask'; asking never hurts, "
    "as he may discard the card he gets): random asks either partner with equal chance and "
    "the partner gives a uniform card; basic asks the first partner on his left, who gives "
    "his highest card under trump; the lone maker then discards one card, face down "
    "(random: uniform among his six; basic: his weakest)",
    "the player to the lone maker's left leads the first trick (seed 000, British Euchre); "
    "otherwise the dealer's left leads",
)

SIX_HANDED = TableSpec(
    name="six-handed",
    basic=(("order", 7), ("alone", 6)),  # experiments/six_handed_climb
    help="two teams of three sitting alternately, 33 cards (7s and 8s and the Benny)",
    seats=6,
    hand=5,
    deck=33,
    sides=SIDES_TEAMS,
    teams=(0, 1, 0, 1, 0, 1),
    alone=True,
    give=True,
    lead_lone=True,
    made=1,
    march=3,
    lone_march=6,
    euchre=3,
    target=10,
    source=_SIX_SOURCE,
    choices=(
        "33 cards: 7 8 9 10 J Q K A of each suit and the joker (the Benny, top trump); five "
        "to each of six, the next card turned up, two face down unused",
        *_SIX_BIDDING,
        *_SIX_ALONE,
        _SIX_SCORING,
        "game to 10 (RULES.md 3.2 choice; the seed's British game is often played to 11)",
    ),
)

SIX_HANDED_DOUBLE = replace(
    SIX_HANDED,
    deck=0,
    name="six-handed-double",
    basic=(("order", 8), ("call", 7), ("alone", 7)),  # experiments/six_handed_double_climb
    help="six-handed with a double 25-card pack (50 cards, a red and a black Benny)",
    cards=double_pack(25),
    later_equal=True,
    choices=(
        "a double 25-card pack, 50 cards: two of each 9 10 J Q K A and two Bennies; five to "
        "each of six, the next card turned up, 19 face down unused",
        "of two equal cards played to a trick the second played beats the first (seed 000)",
        "the two Bennies are modelled as a red and a black one: the Benny of the trump suit's "
        "colour beats the other (seed 000); cards named RJk and BJk, a second copy of a card "
        "is marked ' (JH and JH')",
        *_SIX_BIDDING,
        *_SIX_ALONE,
        _SIX_SCORING,
        "game to 10 (RULES.md 3.2 choice)",
    ),
)

_ALMONTE_JOKERS = (
    "the 4, 3 and 2 of spades are three jokers, the top trumps in that order above the right "
    "bower (4 > 3 > 2 > right > left > A > K > Q > 10 ...); they are not spades: a spade lead "
    "does not draw them and they are trumps whatever the trump suit"
)

SIX_HAND_ALMONTE = replace(
    SIX_HANDED,
    deck=0,
    name="six-hand-almonte",
    basic=(("order", 8), ("call", 7), ("alone", 7)),  # experiments/six_hand_almonte_climb
    help="six-handed (two teams of three), 31 cards 8-A and three jokers (2, 3, 4 of spades)",
    cards=almonte_six(),
    target=15,
    choices=(
        "31 cards: 8 9 10 J Q K A of each suit and the 2, 3, 4 of spades (the seed says '30 "
        "card deck', its ranks make 31, which six hands of five and an up-card need); five "
        "to each, the last card turned up, no hidden cards",
        _ALMONTE_JOKERS,
        *_SIX_BIDDING,
        *_SIX_ALONE,
        _SIX_SCORING,
        "game to 15 (seed 000); the league format (twice round the table, 12 hands) is not "
        "modelled",
    ),
)

SIX_HAND_ALMONTE_TAKE = replace(
    SIX_HAND_ALMONTE,
    name="six-hand-almonte-take",
    basic=(("order", 8), ("call", 7), ("alone", 7)),  # experiments/six_hand_almonte_take_climb
    help="Six Hand Almonte, variant: a joker turned up is bid on, the dealer must take it",
    joker_bid=True,
    choices=(
        "as six-hand-almonte, except a joker turned up (seed 000's variant: 'the dealer cannot "
        "turn it over at the end of the first round of bidding, but must take it into his or "
        "her hand and become the maker, assuming the other 5 players have passed on the "
        "called trump'): the dealer names trump blind (as there), then the other five bid in "
        "round 1 on that suit; one who orders it up makes it (the dealer picks up the joker "
        "and discards); when all five pass the dealer must take it and is the maker (an "
        "ORDER event with 5 passes); no round 2",
    ),
)

FOUR_HANDED_ALMONTE = TableSpec(
    name="four-handed-almonte",
    basic=(("order", 10), ("call", 9), ("alone", 10)),  # experiments/four_handed_almonte_climb
    help="four players in two teams, 21 cards with Almonte's three jokers",
    seats=4,
    hand=5,
    cards=almonte_four(),
    sides=SIDES_TEAMS,
    teams=(0, 1, 0, 1),
    alone=True,
    made=1,
    march=3,
    lone_march=6,
    euchre=3,
    target=15,
    source="pagat.com, British Euchre as played in Cornwall: Six Hand Almonte Euchre, the "
           "four-hand variation",
    choices=(
        "21 cards: J Q K A of clubs and diamonds, 10 J Q K A of hearts and spades, and the 2, "
        "3, 4 of spades; five to each of four, the last card turned up, no hidden cards",
        _ALMONTE_JOKERS,
        *_SIX_BIDDING,
        "only the maker may go alone; his partner lays his hand down; no partner's card (the "
        "seed gives that only to the six-player game); the player to the lone maker's left "
        "leads (British Euchre), otherwise the dealer's left",
        "scoring 'the same as in six-hand' (seed 000): made 1, march 3, lone march 6, euchre 3",
        "game to 15, as the Almonte six-hand game it is a variation of",
    ),
    lead_lone=True,
)

TWO_HANDED = TableSpec(
    name="two-handed",
    basic=(("order", 5), ("call", 4)),  # experiments/two_handed_climb
    help="two players, each for himself: five cards each, the up-card and the usual bidding",
    seats=2,
    hand=5,
    deck=24,
    sides=SIDES_MAKER_ALONE,
    stick=False,
    made=1,
    march=2,
    euchre=2,
    target=10,
    source="J. W. Keller, The Game of Euchre (1887), ch. 7 'Two and Three-Handed Euchre'",
    choices=(
        "24 cards, five each, the 11th card turned up, thirteen face down (Keller)",
        "the non-dealer orders up or passes, then the dealer takes up or passes; in round 2 "
        "the non-dealer names a suit or passes, then the dealer; if both pass twice a new deal "
        "by the other player (Keller: no stick the dealer)",
        "the non-dealer leads the first trick (Keller); no lone hands (each plays alone)",
        "scoring (Keller): 3 or 4 tricks 1 point, all 5 tricks 2 points, a euchre 2 points to "
        "the other player; first to 10 (Keller's game is 5 points: --set target_score=5)",
    ),
)

BUCK_SOURCE = (
    "pagat.com's Buck Euchre (mirrored at gambiter.com/cards/euchre/buck.html: the Ohio game "
    "after Ed Eby); gamerules.com/rules/buck-euchre, euchre.com/blog/buck-euchre-rules, "
    "whiteknucklecards.com/games/buckeuchre.html"
)
BUCK_CHOICES = (
    "every player for himself; 24 cards, five each, the next card turned up "
    "(all sources; the joker variant is not built)",
    "dirty clubs (all four sources): a club turned up is trump with no bidding; the dealer "
    "takes it up and discards as when ordered up (a choice: the sources do not say); there is "
    "no maker and nobody may drop: every player must take a trick",
    "otherwise the usual two bidding rounds from the dealer's left; four passes twice round "
    "throw the hand in and the deal passes on (a choice: pagat as remembered, not seen in the "
    "text read; some tables stick the dealer (stick=True); euchre.com plays the hand at no "
    "trump, which is not built)",
    "once trump is made, each other player in turn from the dealer's left stays in or drops "
    "out (the dealer may drop even after taking up the up-card); a dropped player lays his "
    "hand down, plays no card and scores 0 (all sources); the maker may not drop; if all "
    "others drop, the maker plays the five tricks alone and takes them all",
    "the eldest active player (the first from the dealer's left who did not drop) leads",
    "scoring, counting down from 15 (pagat as remembered, Wikipedia's Dirty clubs; 25 at "
    "gamerules.com, euchre.com, denexa: replace(BUCK, target=25)): a player who takes his "
    "tricks (the maker at least 3, anyone else at least 1) counts down 1 per trick; a maker who"
    " takes fewer than 3 is euchred and goes up 5, his tricks not counted; a player who stays "
    "in and takes none is bucked and goes up 5 (all sources; that a euchred maker's tricks "
    "do not count is a choice, after gamerules.com)",
    "the first player at 0 or below wins; when several reach it on one deal the lowest score "
    "wins, and an exact tie for the lowest plays another deal (a choice)",
)
BUCK = TableSpec(
    name="buck",
    basic=(("order", 7),),  # experiments/buck_climb
    help="Buck Euchre (cut-throat, dirty clubs): four players each for himself, drop or stay "
         "in, scores count down from 15",
    seats=4,
    hand=5,
    deck=24,
    sides=SIDES_EACH,
    stick=False,
    made=0,
    march=0,
    lone_march=0,
    euchre=5,
    buck=5,
    target=15,
    countdown=True,
    drop=True,
    clubs=True,
    source=BUCK_SOURCE,
    choices=BUCK_CHOICES,
)
BUCK_THREE = replace(
    BUCK,
    name="buck-three",
    basic=(),  # experiments/buck_three_climb goes round a cycle: the global defaults
    help="Buck Euchre for three players: the four-player rules at three seats",
    seats=3,
    source=BUCK_SOURCE + " (the four-player rules at three seats; pagat's own three-player "
                         "version, after the Columbus Book of Euchre, was not checked)",
    choices=BUCK_CHOICES[1:] + ("three seats, otherwise as buck: 24 cards, 8 in the kitty",),
)

BID_EUCHRE = TableSpec(
    name="bid-euchre",
    basic=(("bid", 4), ("cap", 6)),  # experiments/bid_euchre_climb
    help="four players in two teams; the whole pack dealt, one round of bids in tricks, the "
    "high bidder names trump or no trump (high or low) and may shoot",
    seats=4,
    hand=6,
    deck=24,
    sides=SIDES_TEAMS,
    teams=(0, 1, 0, 1),
    alone=True,
    give=True,
    stick=True,
    target=32,
    bidding=BID_AUCTION,
    min_bid=3,
    shoot_made=12,
    shoot_set=12,
    source="The Semi-Official Euchre Home Page (Bid Euchre); pagat.com and Wikipedia \"Bid "
    "Euchre\" for what it leaves open",
    choices=(
        "24 cards, six to each of four players from the dealer's left, no up-card, no kitty",
        "one round of bids from the dealer's left: pass or bid 3 to 6 tricks, above the high "
        "bid; the dealer, last, may match the high bid and takes it; when the other three "
        "pass the dealer is stuck with a bid of 3",
        "the high bidder names a suit, no trump high or no trump low, then may shoot: his "
        "partner passes him one card of the partner's choice and lays down, he discards one",
        "the high bidder (the shooter) leads the first trick",
        "made bid: each team scores its tricks; set: the bidders lose their bid, the "
        "defenders score their tricks; shoot: 12 made, -12 failed (the defenders still score "
        "their tricks)",
        "game to 32; scores may be negative; when both teams reach 32 on one deal the bidders "
        "win",
    ),
)

_BID_DOUBLE_CHOICES = (
    "a double 24-card pack (48 cards, each 9 10 J Q K A twice), dealt whole; of two equal cards "
    "played to a trick the first played wins (RULES.md 3.2)",
    "two teams sitting alternately; the auction, trump choices, play, scoring and game as at "
    "the four-player table (bid-euchre)",
    "a shooter's partners all lay down; he asks one of them for a card (the basic shooter the "
    "one on his left, a random one any of them) and discards one",
)

BID_EUCHRE_SIX = replace(
    BID_EUCHRE,
    name="bid-euchre-six",
    basic=(("cap", 3), ("shoot", 8)),  # experiments/bid_euchre_six_climb
    help="Bid Euchre for six, two teams of three, with a double 24-card pack: eight cards each",
    seats=6,
    hand=8,
    deck=0,
    cards=double_pack(24),
    teams=(0, 1, 0, 1, 0, 1),
    min_bid=4,
    shoot_made=16,
    shoot_set=16,
    source="The Semi-Official Euchre Home Page (Bid Euchre: \"six- and eight-player tables "
    "with a double pack\"); Wikipedia \"Bid Euchre\" (double-deck games)",
    choices=(
        *_BID_DOUBLE_CHOICES,
        "eight cards each, eight tricks; the lowest bid is 4, half the tricks as at the "
        "four-player table; a shoot scores 16 made, -16 failed (two points a trick, as 12 for "
        "six tricks)",
    ),
)

BID_EUCHRE_EIGHT = replace(
    BID_EUCHRE,
    name="bid-euchre-eight",
    basic=(("bid", 4), ("cap", 3), ("shoot", 7)),  # experiments/bid_euchre_eight_climb
    help="Bid Euchre for eight, two teams of four, with a double 24-card pack: six cards each",
    seats=8,
    hand=6,
    deck=0,
    cards=double_pack(24),
    teams=(0, 1, 0, 1, 0, 1, 0, 1),
    source=BID_EUCHRE_SIX.source,
    choices=(
        *_BID_DOUBLE_CHOICES,
        "six cards each, six tricks; bids 3 to 6 and a shoot's 12 / -12 as at the four-player "
        "table",
    ),
)

TABLES: dict[str, TableSpec] = {
    t.name: t for t in (THREE_HANDED, TWO_HANDED, BUCK, BUCK_THREE, SIX_HANDED,
                        SIX_HANDED_DOUBLE, SIX_HAND_ALMONTE, SIX_HAND_ALMONTE_TAKE,
                        FOUR_HANDED_ALMONTE, BID_EUCHRE,
                        BID_EUCHRE_SIX, BID_EUCHRE_EIGHT)
}


def get_table(name: str) -> TableSpec:
    """The named table (one-line :class:`TableError` for an unknown name)."""
    if name not in TABLES:
        raise TableError(f"unknown table {name!r}: known are {', '.join(TABLES)}")
    return TABLES[name]




# Rule options a table takes with ``--set`` (the names of the four-handed options they mirror):
# option -> (TableSpec field, type, meaning)
TABLE_OPTIONS: dict[str, tuple[str, type, str]] = {
    "target_score": ("target", int, "points that win the game"),
    "stick_the_dealer": ("stick", bool, "the dealer must name trump when all pass twice"),
}


def with_options(table: TableSpec, assignments: dict[str, str]) -> TableSpec:
    """``table`` with the ``--set`` options applied (one-line :class:`TableError` for an
    option a table does not take or a bad value)."""
    changes: dict[str, object] = {}
    for option, text in assignments.items():
        if option not in TABLE_OPTIONS:
            raise TableError(f"table {table.name} takes no option {option!r}: it takes "
                             f"{', '.join(TABLE_OPTIONS)}")
        name, kind, _ = TABLE_OPTIONS[option]
        word = str(text).strip().lower()
        if kind is bool:
            if word not in ("true", "false"):
                raise TableError(f"{option} must be true or false, got {text!r}")
            changes[name] = word == "true"
        else:
            try:
                value = int(word)
            except ValueError:
                value = 0
            if value < 1:
                raise TableError(f"{option} must be a positive integer, got {text!r}")
            changes[name] = value
    return replace(table, **changes) if changes else table


def describe_tables() -> str:
    """Every table with its meaning and choices (``euchre-sim rules``)."""
    lines = ["Other tables (--rules NAME; docs/tables.md):"]
    for t in TABLES.values():
        lines.append(f"  {t.name:<22} {t.help}")
        lines.append(f"  {'':<22} {t.seats} seats, {t.hand} cards each, {t.n_cards}-card deck, "
                     f"game to {t.target}; source: {t.source}")
        if t.basic:  # the thresholds its climb settled (experiments/*_climb.toml)
            lines.append(f"  {'':<22} basic plays here with "
                         + ", ".join(f"{k}={v}" for k, v in t.basic))
    lines.append("  options with --set: " + "; ".join(
        f"{k} ({v[2]})" for k, v in TABLE_OPTIONS.items()))
    return "\n".join(lines)


__all__ = ["TABLES", "TABLE_OPTIONS", "TableError", "TableSpec", "describe_tables", "effective",
           "get_table", "with_options"]
