"""The slow, plainly written pure-Python reference engine (the oracle).

It implements ``docs/engine.md`` literally: the random numbers, the shuffle, every step of a deal,
the records and the trace. The numba kernels are tested against it record by record, and it is
itself tested against OpenSpiel's ``euchre`` game (ruleset ``openspiel``).

The deal is written as one generator, :meth:`DealState._procedure`, that follows the steps of the
contract top to bottom and ``yield``s every decision; :class:`DealState` wraps it as a state
machine for external drivers (``legal_actions`` / ``apply``). :func:`play_deal` and
:func:`play_game` shuffle with :class:`Rng` and drive a :class:`DealState` with the strategies of
:mod:`euchre_sim.oracle.strategies` (each team's with its own parameter dict);
:func:`play_preset` drives a given deal the same way.

Readings of the contract where it leaves room (the places are marked ``READING`` below):

* ``ace_no_face``: only aces and K, Q, J are looked at; a joker neither helps nor prevents.
* Low cards (farmer's hand) are the cards ranked 10 or lower; the joker is not a low card.
* After 100 redeals the check is skipped: a deal with ``redeals == 100`` is not offered a redeal.
* ``farmers_hand``: the decision to exchange and the choice of the three cards are two decisions
  of phase ``"farmer"``; with exactly one 3-subset the second has a single action (no draw).
  Under ``strict`` the 3-subsets are those of the player's nines (or tens) only.
* A defender barred by ``passed_cannot_go_alone`` is not asked at all (the same as a decision
  with the single action "no": no draw, no trace event). A barred dealer in round 1 is asked,
  with the single action "pass" (no draw; PASS1 is written). So is every player in round 1 when
  a heart is turned up under ``hearts_never_trump``.
* ``club_euchre``: a club turned up is no decision at all (no ``yield``): the CLUB_EUCHRE event,
  then the dealer's discard.
* ``chuck``: the stuck dealer's choice is a ``"chuck"`` decision, ``[("name",), ("chuck",)]``,
  before his round-2 call; the card a chucking dealer keeps is a second one. A suit a script
  forces on him is named without that decision (as the kernels do).
* ``smitty``: the eldest's guess is a ``"smitty"`` decision, ``[("guess", suit), ...]``
  (ascending suits, no hearts under ``hearts_never_trump``), after the farmer's hand and before
  step 4; after a right guess his call for the game is a second ``"smitty"`` decision,
  ``[("alone", False), ("alone", True)]``, made before he takes the up-card and discards (its
  ALONE event has value 3). Neither is scripted. The game mode's outright win needs to know it
  is a game: ``in_game`` (set by :func:`play_game`).
* The ALONE and DEFEND_ALONE events are written only when the player does play alone (declining
  writes nothing); RAILROAD is written for both answers.
* ``no_trump`` (24-card deck only): no trump is the round-2 action ``("call", 4)``, listed
  after the suits (the stuck dealer may call it too); trump is then ``NO_TRUMP`` (4), which no
  card belongs to, so ``is_trump`` is never true, every card follows its printed suit and the
  strengths are the plain ``rank * 4 + suit`` (aces high, jacks plain). A script's value 5 in a
  round-2 slot forces it.
* ``partner_may_go_alone``: the maker's partner's choice is a second ``"alone"`` decision, his
  own, after the maker declined (not asked when ``passed_cannot_go_alone`` bars him); his
  ALONE event has value 2.
* ``reference`` strategy: strengths are computed on the player's current natural hand (after a
  farmer's exchange, if any); the maker's alone decision uses his hand as it was when he made
  trump (plus the up-card for a dealer who took it up or turned up the joker).
* A redeal call ends the :class:`DealState` (phase ``"done"``, ``redeal_called`` true); the driver
  reshuffles on the same stream and starts a new one with ``redeals + 1``; every REDEAL event
  stays in the deal's trace.
* ``mcevoy_limit`` acts only in :func:`play_game` (a set of the game's callers passed to every
  deal); a barred seat is not asked (as an ineligible hand).
* In game mode the record's ``deal`` counts from 0 within the game; a game that reaches the
  1000-deal cap without a winner would have ``winner = -1``.
* Deal mode draws nothing before the first shuffle (the dealer is ``index % 4``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations

from euchre_sim.game.cards import (
    JOKER,
    NO_TRUMP,
    RANK_9,
    RANK_10,
    RANK_A,
    RANK_J,
    RANK_K,
    RANK_Q,
    deck_cards,
    rank_of,
    suit_of,
)
from euchre_sim.game.rules import Rules, no_trump_callable
from euchre_sim.oracle.strategies import decide, full_params

CLUBS, HEARTS = 0, 2  # suit ids (SUITS = "CDHS"): club_euchre, hearts_never_trump

# --------------------------------------------------------------------------------------------
# Random numbers
# --------------------------------------------------------------------------------------------

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
GAME_KEY_XOR = 0x5851F42D4C957F2D


def splitmix64(state: int) -> tuple[int, int]:
    """One SplitMix64 step: returns ``(new_state, output)``."""
    state = (state + GOLDEN) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & MASK64


class Rng:
    """xoshiro256** seeded from a key and a stream index (``docs/engine.md``, Random numbers)."""

    def __init__(self, key: int, index: int) -> None:
        x = (key + 4 * index * GOLDEN) & MASK64
        state = []
        for _ in range(4):
            x, out = splitmix64(x)
            state.append(out)
        self.s = state

    @classmethod
    def from_state(cls, s0: int, s1: int, s2: int, s3: int) -> Rng:
        """A generator with an explicit xoshiro256** state (for tests)."""
        rng = cls(0, 0)
        rng.s = [s0 & MASK64, s1 & MASK64, s2 & MASK64, s3 & MASK64]
        return rng

    def next(self) -> int:
        """The next 64-bit output of xoshiro256**."""
        s0, s1, s2, s3 = self.s
        result = (_rotl((s1 * 5) & MASK64, 7) * 9) & MASK64
        t = (s1 << 17) & MASK64
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = _rotl(s3, 45)
        self.s = [s0, s1, s2, s3]
        return result

    def below(self, n: int) -> int:
        """An integer in ``[0, n)``: ``((next() >> 32) * n) >> 32``."""
        return ((self.next() >> 32) * n) >> 32


def deal_rng(seed: int, index: int) -> Rng:
    """The stream of deal ``index`` of a deal-mode run with ``seed``."""
    _, key = splitmix64(seed & MASK64)
    return Rng(key, index)


GAME_STRIDE = 1024  # streams per game: deal k of game g uses stream g * 1024 + k


def game_rng(seed: int, game_index: int, deal_number: int = 0) -> Rng:
    """The stream of deal ``deal_number`` of game ``game_index`` of a game-mode run."""
    _, key = splitmix64((seed ^ GAME_KEY_XOR) & MASK64)
    return Rng(key, game_index * GAME_STRIDE + deal_number)


def shuffle_and_deal(rng: Rng, deck: int, dealer: int) -> tuple[list[int], int, list[int]]:
    """Step 1: the partial Fisher-Yates shuffle; returns (hands as masks, up-card, kitty)."""
    cards = deck_cards(deck)
    n = len(cards)
    for k in range(24):
        i = n - 1 - k
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    dealt = [cards[n - 1 - k] for k in range(24)]
    hands = [0, 0, 0, 0]
    for p in range(4):
        seat = (dealer + 1 + p) % 4
        for card in dealt[5 * p: 5 * p + 5]:
            hands[seat] |= 1 << card
    return hands, dealt[20], dealt[21:24]


# --------------------------------------------------------------------------------------------
# Cards once trump is known
# --------------------------------------------------------------------------------------------


def bits(mask: int) -> list[int]:
    """Card ids of a mask, ascending."""
    return [c for c in range(33) if mask >> c & 1]


def is_trump(card: int, trump: int) -> bool:
    """Joker, cards of the trump suit, and the left bower (jack of the same colour); none
    under no trump."""
    if trump == NO_TRUMP:
        return False
    if card == JOKER:
        return True
    return suit_of(card) == trump or (rank_of(card) == RANK_J and suit_of(card) == trump ^ 3)


def effective_suit(card: int, trump: int) -> int:
    """The suit a card belongs to for following: joker and left bower belong to trump."""
    return trump if is_trump(card, trump) else suit_of(card)


def card_strength(card: int, trump: int) -> int:
    """A number that orders the cards weakest to strongest (docs/engine.md, Card strength).

    Trumps: joker 100, right bower 99, left bower 98, then 80 + rank (A 87 ... 7 80).
    Non-trumps: rank * 4 + suit (A of spades 31 ... 7 of clubs 0): by rank, ties by suit id
    (under no trump every card, the jacks plain).
    """
    if trump == NO_TRUMP:
        return rank_of(card) * 4 + suit_of(card)
    if card == JOKER:
        return 100
    suit, rank = suit_of(card), rank_of(card)
    if rank == RANK_J and suit == trump:
        return 99
    if rank == RANK_J and suit == trump ^ 3:
        return 98
    if suit == trump:
        return 80 + rank
    return rank * 4 + suit


def by_strength(cards: Sequence[int], trump: int) -> list[int]:
    """Cards in ascending strength (weakest first)."""
    return sorted(cards, key=lambda c: card_strength(c, trump))


def trick_winner(trick: Sequence[tuple[int, int]], trump: int) -> int:
    """Seat that wins a trick given as ``[(seat, card), ...]`` in playing order."""
    led = effective_suit(trick[0][1], trump)
    best_seat, best_key = -1, -1
    for seat, card in trick:
        if is_trump(card, trump):
            key = 1000 + card_strength(card, trump)
        elif suit_of(card) == led:
            key = card_strength(card, trump)
        else:
            continue  # neither trump nor the led suit: can never win
        if key > best_key:
            best_seat, best_key = seat, key
    return best_seat


def score_deal(rules: Rules, maker_tricks: int, maker_alone: bool,
               lone_defender: bool) -> tuple[int, int]:
    """Step 12: ``(makers' points, defenders' points)``."""
    if maker_tricks == 5:
        return (4 if maker_alone else 2), 0
    if maker_tricks >= 3:
        return 1, 0
    if lone_defender or (rules.super_euchre and maker_tricks == 0):
        return 0, 4  # the two do not add up
    return 0, 2


def redeal_eligible(hand: int, rule: str) -> bool:
    """Step 2: may this hand call a redeal under ``rule``?"""
    cards = bits(hand)
    if rule == "ace_no_face":
        # READING: only aces and K, Q, J count; a joker neither helps nor prevents.
        aces = sum(1 for c in cards if c != JOKER and rank_of(c) == RANK_A)
        faces = sum(1 for c in cards if c != JOKER and rank_of(c) in (RANK_J, RANK_Q, RANK_K))
        return aces == 1 and faces == 0
    if rule == "nines_and_tens":
        return all(c != JOKER and rank_of(c) <= RANK_10 for c in cards)
    return False


def low_cards(hand: int) -> list[int]:
    """Step 3: the cards ranked 10 or lower, ascending card id (READING: never the joker)."""
    return [c for c in bits(hand) if c != JOKER and rank_of(c) <= RANK_10]


def farmer_cards(hand: int, mode: bool | str) -> list[int]:
    """Step 3: the cards a farmer's exchange gives three of (ascending card id), or ``[]``
    when the hand may not exchange: ``true``, three or more low cards; ``strict``, three or
    more nines, or three or more tens (never 7s or 8s)."""
    if mode == "strict":
        for rank in (RANK_9, RANK_10):
            same = [c for c in bits(hand) if c != JOKER and rank_of(c) == rank]
            if len(same) >= 3:
                return same
        return []
    low = low_cards(hand)
    return low if len(low) >= 3 else []


# --------------------------------------------------------------------------------------------
# Trace and actions
# --------------------------------------------------------------------------------------------

(T_REDEAL, T_FARMER, T_JOKER_TRUMP, T_PASS1, T_ORDER, T_PASS2, T_CALL, T_THROWN_IN, T_DISCARD,
 T_ALONE, T_DEFEND_ALONE, T_RAILROAD, T_GIVE, T_LONE_DISCARD, T_PLAY, T_TRICK,
 T_CLUB_EUCHRE, T_CHUCK, T_SMITTY) = range(1, 20)
STUCK_SMITTY = 3  # the record's stuck after a right Smitty guess

KEEP = ("keep",)
REDEAL = ("redeal",)
EXCHANGE = ("exchange",)
PASS = ("pass",)
ORDER = ("order",)
NAME = ("name",)  # chuck: the stuck dealer names a suit ...
CHUCK = ("chuck",)  # ... or chucks

PHASES = ("redeal", "farmer", "smitty", "joker_trump", "round1", "round2", "chuck", "discard",
          "alone", "defend_alone", "railroad", "give", "lone_discard", "play", "done")

MAX_REDEALS = 100

RECORD_FIELDS = ("deal", "dealer", "hand0", "hand1", "hand2", "hand3", "up_card", "redeals",
                 "farmer", "round", "passes", "maker", "trump", "stuck", "discard", "alone",
                 "defender", "leader", "tricks0", "tricks1", "points0", "points1", "thrown_in",
                 "winners")

Action = tuple
Decision = tuple[str, int, list]  # (phase, player, legal actions in canonical order)

# The script of a preset deal (docs/engine.md, "Preset deals and scripts"): slot -> forced
# action, -1 where the strategy decides. Written here from the contract, not imported from the
# kernels (tests/test_script.py checks that the two layouts agree).
SC_REDEAL, SC_ROUND1, SC_ROUND2, SC_DISCARD, SC_ALONE, SC_DEFEND, SC_PLAY = 0, 4, 8, 12, 13, 17, 21
SC_STOP = 41  # 1: the deal stops once the bidding and the lone defence are decided
N_SCRIPT = 42
AFTER_BIDDING = ("railroad", "give", "lone_discard", "play")  # where SC_STOP stops the deal


# --------------------------------------------------------------------------------------------
# One deal as a state machine
# --------------------------------------------------------------------------------------------


class DealState:
    """One deal, step by step (steps 2 to 12 of docs/engine.md), from given hands and up-card.

    Actions are small tuples, listed by :meth:`legal_actions` in the contract's canonical order:
    ``("keep",)``/``("redeal",)``; ``("keep",)``/``("exchange",)`` then ``("kitty", a, b, c)``;
    ``("call", suit)`` (joker trump, round 2); ``("pass",)``/``("order",)``;
    ``("name",)``/``("chuck",)`` then ``("keep", card)`` (a stuck dealer under chuck);
    ``("guess", suit)`` then ``("alone", bool)`` (the eldest under smitty);
    ``("discard", card)`` (dealer's and lone player's discard); ``("alone", bool)``;
    ``("defend", bool)``; ``("railroad", bool)``; ``("give", card)``; ``("play", card)``.
    """

    def __init__(self, rules: Rules, dealer: int, hands: Sequence[int], up_card: int,
                 kitty: Sequence[int] | None = None, score: tuple[int, int] = (0, 0), *,
                 redeals: int = 0, mcevoy: set[int] | None = None,
                 in_game: bool = False) -> None:
        self.rules = rules
        self.in_game = in_game  # a deal of a whole game (smitty's called game wins it)
        # mcevoy_limit in a game: the seats that made their McEvoy call (shared by the game's
        # deals, updated here); None: no limit (outside a game, or the option off)
        self.mcevoy = mcevoy
        self.dealer = dealer
        self.dealt_hands = tuple(int(h) for h in hands)
        self.hands = list(self.dealt_hands)  # current hands, changed by every step
        self.up_card = up_card
        self.score = tuple(score)
        self.redeals = redeals
        deck = sum(1 << c for c in deck_cards(rules.deck))
        used = 1 << up_card
        for h in self.dealt_hands:
            if h & used or h & ~deck or bin(h).count("1") != 5:
                raise ValueError("hands must be four disjoint 5-card hands of the deck")
            used |= h
        if not deck >> up_card & 1:
            raise ValueError("the up-card is not in the deck")
        if kitty is None:
            rest = bits(deck & ~used)
            if len(rest) == 3:
                kitty = rest
            elif rules.farmers_hand:
                raise ValueError("farmers_hand needs the kitty")
            elif rules.chuck and rules.stick_the_dealer:
                raise ValueError("chuck needs the kitty")
        self.kitty = list(kitty) if kitty is not None else []
        # The order from the dealer's left.
        self.order = [(dealer + 1 + p) % 4 for p in range(4)]
        # Record fields.
        self.farmer = -1
        self.round = 0
        self.passes = 0
        self.maker = -1
        self.trump = -1
        self.stuck = 0
        self.discard = -1
        self.alone = 0  # 1 the maker alone, 2 his partner (partner_may_go_alone)
        self.defender = -1
        self.leader = -1
        self.tricks = [0, 0]
        self.points_ = [0, 0]
        self.thrown_in = 0
        self.winners = 0
        # Further state the strategies may read.
        self.redeal_called = False
        self.bid_hand = 0  # the maker's hand when he made trump
        self.lone_maker = -1  # the making side's lone player (the maker or his partner)
        self.active = [True, True, True, True]
        self.trick: list[tuple[int, int]] = []  # the current trick: (seat, card) in play order
        self.trick_number = 0
        self.trace: list[tuple[int, int, int]] = []
        # Start the procedure and run it to its first decision.
        self._steps = self._procedure()
        self._decision: Decision | None = None
        self._advance(None)

    # ----- the external interface ---------------------------------------------------------

    @property
    def phase(self) -> str:
        """The phase of the pending decision, or ``"done"``."""
        return "done" if self._decision is None else self._decision[0]

    def is_terminal(self) -> bool:
        """True once the deal is over (played, thrown in, or ended by a redeal call)."""
        return self._decision is None

    def current_player(self) -> int:
        """The seat that decides next (-1 when terminal)."""
        return -1 if self._decision is None else self._decision[1]

    def legal_actions(self) -> list[Action]:
        """The legal actions of the pending decision, in canonical order."""
        return [] if self._decision is None else list(self._decision[2])

    def apply(self, action: Action) -> None:
        """Take one of :meth:`legal_actions`."""
        if self._decision is None:
            raise ValueError("the deal is over")
        action = tuple(action)
        if action not in self._decision[2]:
            raise ValueError(f"illegal action {action!r} in phase {self.phase}: "
                             f"legal are {self._decision[2]!r}")
        self._advance(action)

    def points(self) -> tuple[int, int]:
        """Points scored by team 0 and team 1 in this deal."""
        return self.points_[0], self.points_[1]

    def record(self) -> dict[str, int]:
        """The record of docs/engine.md (``deal`` = 0)."""
        return {
            "deal": 0,
            "dealer": self.dealer,
            "hand0": self.dealt_hands[0],
            "hand1": self.dealt_hands[1],
            "hand2": self.dealt_hands[2],
            "hand3": self.dealt_hands[3],
            "up_card": self.up_card,
            "redeals": self.redeals,
            "farmer": self.farmer,
            "round": self.round,
            "passes": self.passes,
            "maker": self.maker,
            "trump": self.trump,
            "stuck": self.stuck,
            "discard": self.discard,
            "alone": self.alone,
            "defender": self.defender,
            "leader": self.leader,
            "tricks0": self.tricks[0],
            "tricks1": self.tricks[1],
            "points0": self.points_[0],
            "points1": self.points_[1],
            "thrown_in": self.thrown_in,
            "winners": self.winners,
        }

    # ----- helpers for strategies ---------------------------------------------------------

    def strength(self, card: int) -> int:
        """Card strength under the current trump."""
        return card_strength(card, self.trump)

    def is_trump(self, card: int) -> bool:
        return is_trump(card, self.trump)

    def effective_suit(self, card: int) -> int:
        return effective_suit(card, self.trump)

    @staticmethod
    def card_strength(card: int, trump: int) -> int:
        """Card strength were ``trump`` trump (:func:`card_strength`)."""
        return card_strength(card, trump)

    def round2_calls(self) -> list[Action]:
        """Step 6: the suits that may be named in round 2, ascending: not the up-card's suit,
        nor hearts under ``hearts_never_trump``; then no trump, ``("call", 4)``, under
        ``no_trump`` with the 24-card deck."""
        up_suit = suit_of(self.up_card)
        calls = [("call", s) for s in range(4)
                 if s != up_suit and not (self.rules.hearts_never_trump and s == HEARTS)]
        if no_trump_callable(self.rules):
            calls.append(("call", NO_TRUMP))
        return calls

    def may_chuck(self, seat: int) -> bool:
        """chuck: is ``seat`` a stuck dealer who may chuck (never into hearts)?"""
        rules = self.rules
        return (rules.chuck and rules.stick_the_dealer and seat == self.dealer
                and not (rules.hearts_never_trump and suit_of(self.up_card) == HEARTS))

    def winning_card(self) -> int:
        """The card currently winning the trick in progress (-1 if none was played)."""
        if not self.trick:
            return -1
        winner = trick_winner(self.trick, self.trump)
        return next(card for seat, card in self.trick if seat == winner)

    # ----- internals ----------------------------------------------------------------------

    def _advance(self, action: Action | None) -> None:
        try:
            self._decision = self._steps.send(action)
        except StopIteration:
            self._decision = None

    def _event(self, kind: int, seat: int, value: int) -> None:
        self.trace.append((kind, seat, value))

    def _take(self, seat: int, card: int) -> None:
        self.hands[seat] |= 1 << card

    def _drop(self, seat: int, card: int) -> None:
        assert self.hands[seat] >> card & 1
        self.hands[seat] &= ~(1 << card)

    def _sit_out(self, seat: int) -> None:
        self.active[seat] = False

    def _legal_plays(self, seat: int) -> list[int]:
        """Step 11: the cards ``seat`` may play now, ascending strength."""
        hand = bits(self.hands[seat])
        if not self.trick:
            if self.rules.no_first_blood and self.trick_number == 0:
                others = [c for c in hand if not self.is_trump(c)]
                if others:
                    return by_strength(others, self.trump)
            return by_strength(hand, self.trump)
        led = self.effective_suit(self.trick[0][1])
        follow = [c for c in hand if self.effective_suit(c) == led]
        return by_strength(follow or hand, self.trump)

    def _next_active(self, seat: int) -> int:
        seat = (seat + 1) % 4
        while not self.active[seat]:
            seat = (seat + 1) % 4
        return seat

    def _first_leader(self) -> int:
        """Step 11: who leads the first trick."""
        maker_alone = self.alone != 0
        lone_defender = self.defender >= 0
        if self.rules.lead != "eldest" and (maker_alone or lone_defender):
            if maker_alone and lone_defender:
                return self.defender
            lone = self.lone_maker if maker_alone else self.defender
            return (lone + 1) % 4 if self.rules.lead == "left_of_lone" else (lone - 1) % 4
        return next(p for p in self.order if self.active[p])

    def _procedure(self) -> Iterator[Decision]:
        """Steps 2 to 12; every ``yield`` is a decision ``(phase, player, legal actions)``."""
        rules, dealer, order = self.rules, self.dealer, self.order
        up = self.up_card

        # Step 2: redeal (READING: skipped once 100 redeals have happened).
        if rules.redeal != "none" and self.redeals < MAX_REDEALS:
            for p in order:
                if self.mcevoy is not None and p in self.mcevoy:
                    continue  # mcevoy_limit: his one call of the game is made
                if redeal_eligible(self.hands[p], rules.redeal):
                    action = yield ("redeal", p, [KEEP, REDEAL])
                    if action == REDEAL:
                        if self.mcevoy is not None:
                            self.mcevoy.add(p)
                        self._event(T_REDEAL, p, 0)
                        self.redeal_called = True  # READING: the driver reshuffles
                        return

        # Step 3: farmer's hand (true: at most one exchange; strict: every eligible player in
        # turn, each taking the cards the previous exchanger put down).
        if rules.farmers_hand:
            for p in order:
                low = farmer_cards(self.hands[p], rules.farmers_hand)
                if not low:
                    continue
                action = yield ("farmer", p, [KEEP, EXCHANGE])
                if action == EXCHANGE:
                    subsets = [("kitty",) + combo for combo in combinations(low, 3)]
                    # READING: the choice of the three cards is a second "farmer" decision.
                    chosen = yield ("farmer", p, subsets)
                    given = list(chosen[1:])
                    for card in given:
                        self._event(T_FARMER, p, card)
                        self._drop(p, card)
                    for card in self.kitty:
                        self._take(p, card)
                    self.kitty = given
                    if self.farmer < 0:
                        self.farmer = p  # the record names the first exchanger
                    if rules.farmers_hand != "strict":
                        break

        passed_in_making_round: list[int] = []
        forced_alone = False
        # hearts_never_trump: hearts may never be made trump (no suit is barred otherwise).
        never = {HEARTS} if rules.hearts_never_trump else set()
        if rules.smitty:
            yield from self._smitty(never)
        if self.stuck == STUCK_SMITTY:
            pass  # Step 3b: the eldest's right Smitty guess made trump
        elif up == JOKER:
            # Step 4: the joker turned up; the dealer names trump, no bidding (never hearts
            # under hearts_never_trump).
            calls = [("call", s) for s in range(4) if s not in never]
            action = yield ("joker_trump", dealer, calls)
            self._event(T_JOKER_TRUMP, dealer, action[1])
            self._make_trump(dealer, action[1], 1)
        elif rules.club_euchre and suit_of(up) == CLUBS:
            # Step 4b: club euchre; a club turned up must be taken: clubs are trump, the dealer
            # is the maker, nobody bids.
            self._event(T_CLUB_EUCHRE, dealer, 0)
            self._make_trump(dealer, CLUBS, 1)
        else:
            up_suit = suit_of(up)
            # Step 5: round 1 (a heart up-card under hearts_never_trump: pass is the only
            # action of every player).
            for p in order:
                legal = [PASS] if up_suit in never else [PASS, ORDER]
                if p == dealer and rules.dealer_needs_trump and up_suit not in never:
                    # The left bower and the joker do not count (printed suit only).
                    hand = bits(self.hands[p])
                    if not any(c != JOKER and suit_of(c) == up_suit for c in hand):
                        legal = [PASS]
                action = yield ("round1", p, legal)
                if action == ORDER:
                    self._event(T_ORDER, p, up_suit)
                    self._make_trump(p, up_suit, 1)
                    forced_alone = rules.dealer_partner_alone and p == (dealer + 2) % 4
                    break
                self._event(T_PASS1, p, 0)
                passed_in_making_round.append(p)
                self.passes += 1
            # Step 6: round 2.
            if self.maker < 0:
                passed_in_making_round = []
                for p in order:
                    stuck = p == dealer and rules.stick_the_dealer
                    if self.may_chuck(p):
                        action = yield ("chuck", p, [NAME, CHUCK])
                        if action == CHUCK:
                            yield from self._chuck(p)
                            break
                    calls = self.round2_calls()
                    legal = calls if stuck else [PASS] + calls
                    action = yield ("round2", p, legal)
                    if action == PASS:
                        self._event(T_PASS2, p, 0)
                        passed_in_making_round.append(p)
                        self.passes += 1
                        continue
                    self._event(T_CALL, p, action[1])
                    self._make_trump(p, action[1], 2)
                    self.stuck = int(stuck)
                    break
                if self.maker < 0:
                    self._event(T_THROWN_IN, dealer, 0)
                    self.thrown_in = 1
                    return

        maker, trump = self.maker, self.trump
        partner = (maker + 2) % 4
        if forced_alone:
            self._sit_out(partner)  # the dealer sits out and does not pick up

        # Step 7: the dealer's discard (round 1 and the joker case, unless he sits out); after
        # a right Smitty guess the eldest's.
        taker = order[0] if self.stuck == STUCK_SMITTY else dealer
        if self.round == 1 and self.active[taker]:
            self._take(taker, up)
            others = by_strength([c for c in bits(self.hands[taker]) if c != up], trump)
            action = yield ("discard", taker, [("discard", c) for c in others])
            self._drop(taker, action[1])
            self.discard = action[1]
            self._event(T_DISCARD, taker, action[1])

        # Step 8: going alone (smitty: the eldest decided at his guess).
        if self.stuck == STUCK_SMITTY:
            pass
        elif forced_alone:
            self.alone = 1
            self._event(T_ALONE, maker, 1)
        else:
            action = yield ("alone", maker, [("alone", False), ("alone", True)])
            if action[1]:  # READING: declining writes no event
                self.alone = 1
                self._sit_out(partner)
                self._event(T_ALONE, maker, 0)
            elif rules.partner_may_go_alone and not (
                    rules.passed_cannot_go_alone and partner in passed_in_making_round):
                # partner_may_go_alone: the maker declined; his partner is asked (READING: a
                # barred partner is not asked). If he goes alone the maker sits out and the
                # partner plays the hand as the maker would (lone defence, partner's best, the
                # lead); the record's maker stays the caller.
                action = yield ("alone", partner, [("alone", False), ("alone", True)])
                if action[1]:
                    self.alone = 2
                    self._sit_out(maker)
                    self._event(T_ALONE, partner, 2)
                    maker = partner  # the lone partner plays the hand
        if self.alone:
            self.lone_maker = maker

        # Step 9: lone defender, asked from the dealer's left; with lone_defence =
        # against_lone_maker only when the maker plays alone, and from the maker's left.
        if rules.defender_alone and (self.alone or rules.lone_defence == "any"):
            first = dealer if rules.lone_defence == "any" else maker
            for p in [(first + 1 + k) % 4 for k in range(4)]:
                if p % 2 == maker % 2:
                    continue
                if rules.passed_cannot_go_alone and p in passed_in_making_round:
                    continue  # READING: a barred defender is not asked
                action = yield ("defend_alone", p, [("defend", False), ("defend", True)])
                if action[1]:
                    self.defender = p
                    self._sit_out((p + 2) % 4)
                    self._event(T_DEFEND_ALONE, p, 0)
                    break

        # Step 10: partner's best, the maker first, then the lone defender.
        if rules.partners_best != "none":
            lone_players = ([maker] if self.alone else []) + (
                [self.defender] if self.defender >= 0 else [])
            for lone in lone_players:
                mate = (lone + 2) % 4
                if rules.partners_best == "railroad":
                    action = yield ("railroad", lone, [("railroad", False), ("railroad", True)])
                    self._event(T_RAILROAD, lone, int(action[1]))
                    if not action[1]:
                        continue
                gifts = by_strength(bits(self.hands[mate]), trump)
                action = yield ("give", mate, [("give", c) for c in gifts])
                self._drop(mate, action[1])
                self._take(lone, action[1])
                self._event(T_GIVE, mate, action[1])
                six = by_strength(bits(self.hands[lone]), trump)
                action = yield ("lone_discard", lone, [("discard", c) for c in six])
                self._drop(lone, action[1])
                self._event(T_LONE_DISCARD, lone, action[1])

        # Step 11: play five tricks.
        leader = self._first_leader()
        self.leader = leader
        n_active = sum(self.active)
        for number in range(5):
            self.trick_number = number
            self.trick = []
            seat = leader
            for _ in range(n_active):
                legal = [("play", c) for c in self._legal_plays(seat)]
                action = yield ("play", seat, legal)
                self._drop(seat, action[1])
                self.trick.append((seat, action[1]))
                self._event(T_PLAY, seat, action[1])
                seat = self._next_active(seat)
            winner = trick_winner(self.trick, trump)
            self._event(T_TRICK, winner, number)
            self.tricks[winner % 2] += 1
            self.winners |= winner << (2 * number)
            leader = winner
        self.trick = []

        # Step 12: score.
        maker_team = maker % 2
        makers, defenders = score_deal(rules, self.tricks[maker_team], self.alone != 0,
                                       self.defender >= 0)
        if (self.stuck == STUCK_SMITTY and self.alone and self.in_game
                and self.tricks[maker_team] == 5):
            makers = rules.target_score - self.score[maker_team]  # the called game is won
        self.points_[maker_team] = makers
        self.points_[1 - maker_team] = defenders

    def _smitty(self, never: set[int]) -> Iterator[Decision]:
        """Step 3b, smitty: the eldest guesses the up-card's suit (before the deal, unseen);
        right (never for the joker), that suit is trump, he is the maker and decides at once,
        before looking at his hand, whether he calls for the game (plays alone)."""
        eldest = self.order[0]
        action = yield ("smitty", eldest, [("guess", s) for s in range(4) if s not in never])
        self._event(T_SMITTY, eldest, action[1])
        if self.up_card == JOKER or suit_of(self.up_card) != action[1]:
            return
        self._make_trump(eldest, action[1], 1)
        self.stuck = STUCK_SMITTY
        action = yield ("smitty", eldest, [("alone", False), ("alone", True)])
        if action[1]:
            self.alone = 1
            self._sit_out((eldest + 2) % 4)
            self._event(T_ALONE, eldest, 3)

    def _chuck(self, dealer: int) -> Iterator[Decision]:
        """Step 6, chuck: the stuck dealer keeps one card (his choice), puts the other four
        down and takes the up-card and the three face-down cards; the up-card's suit is trump.
        READING: the card kept is a second ``"chuck"`` decision, his cards by card id."""
        hand = self.hands[dealer]
        action = yield ("chuck", dealer, [("keep", c) for c in bits(hand)])
        keep = action[1]
        self._event(T_CHUCK, dealer, keep)
        self.hands[dealer] = 1 << keep | 1 << self.up_card | sum(1 << c for c in self.kitty)
        self.kitty = [c for c in bits(hand) if c != keep]
        self._make_trump(dealer, suit_of(self.up_card), 2)
        self.bid_hand = 1 << keep | 1 << self.up_card  # what he chucked on (the kitty unseen)
        self.stuck = 2

    def _make_trump(self, maker: int, trump: int, round_: int) -> None:
        self.maker = maker
        self.trump = trump
        self.round = round_
        self.bid_hand = self.hands[maker]


# --------------------------------------------------------------------------------------------
# Drivers: deal mode and game mode
# --------------------------------------------------------------------------------------------


def scripted_action(st: DealState, script: Sequence[int]) -> Action | None:
    """The action ``script`` forces at the pending decision of ``st``, or None when the slot is
    free or its value is not a legal action there (the strategy then decides)."""
    phase, p = st.phase, st.current_player()
    action: Action | None = None
    if phase == "redeal":
        action = {0: KEEP, 1: REDEAL}.get(script[SC_REDEAL + p])
    elif phase == "round1":
        action = {0: PASS, 1: ORDER}.get(script[SC_ROUND1 + p])
    elif phase == "round2":
        v = script[SC_ROUND2 + p]
        action = PASS if v == 4 else (("call", min(v, NO_TRUMP)) if 0 <= v <= 5 else None)
    elif phase == "chuck" and NAME in st.legal_actions():
        # a suit forced on the stuck dealer is named without the chuck question
        v = script[SC_ROUND2 + p]
        action = NAME if 0 <= v <= 5 and ("call", min(v, NO_TRUMP)) in st.round2_calls() else None
    elif phase == "discard":
        action = ("discard", script[SC_DISCARD])
    elif phase == "alone":
        action = {0: ("alone", False), 1: ("alone", True)}.get(script[SC_ALONE + p])
    elif phase == "defend_alone":
        action = {0: ("defend", False), 1: ("defend", True)}.get(script[SC_DEFEND + p])
    elif phase == "play":
        k = st.trick_number * sum(st.active) + len(st.trick)  # cards played so far
        action = ("play", script[SC_PLAY + k])
    return action if action in st.legal_actions() else None


Params = Sequence[dict | None]


def _team_params(strategies: Sequence[str], params: Params | None) -> list[dict]:
    """Both teams' complete parameter dicts (defaults where missing; unknown keys rejected)."""
    given = list(params) if params is not None else [None, None]
    if len(strategies) != 2 or len(given) != 2:
        raise ValueError("give two strategies and two parameter dicts (team 0, team 1)")
    return [full_params(name, p) for name, p in zip(strategies, given, strict=True)]


def _play_one_deal(rng: Rng, dealer: int, rules: Rules, strategies: Sequence[str],
                   score: tuple[int, int], params: Params | None = None,
                   preset: tuple | None = None, script: Sequence[int] | None = None,
                   mcevoy: set[int] | None = None, in_game: bool = False,
                   ) -> tuple[dict[str, int], list[tuple[int, int, int]]]:
    """Shuffle, then drive a DealState with the strategies; a redeal reshuffles on ``rng``.

    ``params[t]`` are team ``t``'s strategy parameters. With ``preset = (hands, up_card,
    kitty)`` the first deal is that one instead of a shuffle (a redeal still shuffles), and
    ``script`` forces its actions on it (``scripted_action``; a redeal ends the script).
    ``mcevoy``: the game's McEvoy callers under ``mcevoy_limit`` (see :class:`DealState`);
    ``in_game``: the deal is one of a whole game.
    """
    team_params = _team_params(strategies, params)
    trace: list[tuple[int, int, int]] = []
    redeals = 0
    while True:
        if preset is not None and redeals == 0:
            hands, up_card, kitty = preset
        else:
            hands, up_card, kitty = shuffle_and_deal(rng, rules.deck, dealer)
        st = DealState(rules, dealer, hands, up_card, kitty, score, redeals=redeals,
                       mcevoy=mcevoy, in_game=in_game)
        forcing = script is not None and redeals == 0
        stop = forcing and script[SC_STOP] == 1
        while not st.is_terminal():
            if stop and st.phase in AFTER_BIDDING:
                trace.extend(st.trace)
                return {**st.record(), "leader": -1}, trace  # no card played, nothing scored
            action = scripted_action(st, script) if forcing else None
            if action is None:
                team = st.current_player() % 2
                action = decide(strategies[team], st, rng, team_params[team])
            st.apply(action)
        trace.extend(st.trace)
        if not st.redeal_called:
            return st.record(), trace
        redeals += 1


def play_deal(seed: int, index: int, rules: Rules,
              strategies: tuple[str, str] = ("random", "random"),
              params: Params | None = None,
              ) -> tuple[dict[str, int], list[tuple[int, int, int]]]:
    """Deal mode: deal ``index`` of a run with ``seed`` (dealer ``index % 4``, score 0-0).

    ``strategies[0]`` plays team 0 (seats 0, 2), ``strategies[1]`` team 1; ``params`` are their
    parameter dicts, e.g. ``({"bid_threshold": 14}, {})`` (defaults where missing). Returns the
    record and the trace.
    """
    rng = deal_rng(seed, index)
    rec, trace = _play_one_deal(rng, index % 4, rules, strategies, (0, 0), params)
    rec["deal"] = index
    return rec, trace


def play_preset(rules: Rules, dealer: int, hands: Sequence[int], up_card: int,
                kitty: Sequence[int] | int | None = None,
                strategies: tuple[str, str] = ("reference", "reference"),
                params: Params | None = None, seed: int = 0, index: int = 0,
                script: Sequence[int] | None = None,
                ) -> tuple[dict[str, int], list[tuple[int, int, int]]]:
    """A given deal (hands as masks, seat 0..3) played as deal ``index`` of a run with ``seed``.

    Random decisions, and the shuffle after a redeal, use that deal's stream. ``kitty`` is a
    list of cards or a mask (needed for the farmer's hand unless the hands and up-card leave
    exactly three cards of the deck). ``script`` (``N_SCRIPT`` slots) forces actions on the
    deal. Returns the record (``deal`` = ``index``) and the trace.
    """
    if isinstance(kitty, int):
        kitty = bits(kitty)
    if script is not None and len(script) != N_SCRIPT:
        raise ValueError(f"a script has {N_SCRIPT} slots, got {len(script)}")
    rng = deal_rng(seed, index)
    rec, trace = _play_one_deal(rng, dealer, rules, strategies, (0, 0), params,
                                preset=(list(hands), up_card, kitty), script=script)
    rec["deal"] = index
    return rec, trace


MAX_GAME_DEALS = 1000


def mcevoy_calls(rules: Rules) -> set[int] | None:
    """A new game's record of McEvoy callers: an empty set when ``mcevoy_limit`` acts (with
    ``redeal = nines_and_tens``), else None (no limit)."""
    return set() if rules.mcevoy_limit and rules.redeal == "nines_and_tens" else None


DealPlayer = Callable[[Rng, int, tuple[int, int], set[int] | None],
                      tuple[dict[str, int], list[tuple[int, int, int]]]]


def game_deals(seed: int, game_index: int, rules: Rules, play_one: DealPlayer,
               ) -> Iterator[tuple[dict[str, int], list[tuple[int, int, int]]]]:
    """The deals of game ``game_index`` of a run with ``seed``, each on its own stream: the
    first dealer drawn from deal 0's stream, the deal passing to the left, the score
    accumulating until a side reaches the target. ``play_one(rng, dealer, score, mcevoy)``
    plays one deal (redeals included) and returns its record and trace; each is yielded with
    ``deal`` = its number within the game, from 0."""
    rng = game_rng(seed, game_index, 0)
    dealer = rng.below(4)
    score = [0, 0]
    mcevoy = mcevoy_calls(rules)
    for number in range(MAX_GAME_DEALS):
        if number > 0:
            rng = game_rng(seed, game_index, number)
        rec, trace = play_one(rng, dealer, (score[0], score[1]), mcevoy)
        rec["deal"] = number
        yield rec, trace
        score[0] += rec["points0"]
        score[1] += rec["points1"]
        dealer = (dealer + 1) % 4
        if max(score) >= rules.target_score:
            return


def game_summary(game_index: int, rules: Rules, deals: Sequence[dict[str, int]],
                 ) -> dict[str, int]:
    """The game record (game, first_dealer, winner, score0, score1, deals) of a game's deal
    records."""
    score = (sum(r["points0"] for r in deals), sum(r["points1"] for r in deals))
    if score[0] >= rules.target_score:
        winner = 0
    elif score[1] >= rules.target_score:
        winner = 1
    else:
        winner = -1  # READING: the 1000-deal cap was reached (never happens in practice)
    return {
        "game": game_index,
        "first_dealer": deals[0]["dealer"] if deals else -1,
        "winner": winner,
        "score0": score[0],
        "score1": score[1],
        "deals": len(deals),
    }


def play_game(seed: int, game_index: int, rules: Rules,
              strategies: tuple[str, str] = ("random", "random"),
              params: Params | None = None,
              traces: list[list[tuple[int, int, int]]] | None = None,
              ) -> tuple[dict[str, int], list[dict[str, int]]]:
    """Game mode: game ``game_index`` of a run with ``seed``; each deal on its own stream, so
    deal k has the same cards whoever plays (``params``: as for :func:`play_deal`).

    Returns the game record (game, first_dealer, winner, score0, score1, deals) and the list of
    its deal records (``deal`` = number within the game, from 0); each deal's trace is
    appended to ``traces`` when given.
    """

    def play_one(rng: Rng, dealer: int, score: tuple[int, int], mcevoy: set[int] | None):
        return _play_one_deal(rng, dealer, rules, strategies, score, params, mcevoy=mcevoy,
                              in_game=True)

    deals: list[dict[str, int]] = []
    for rec, trace in game_deals(seed, game_index, rules, play_one):
        if traces is not None:
            traces.append(trace)
        deals.append(rec)
    return game_summary(game_index, rules, deals), deals
