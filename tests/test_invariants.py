"""Invariants of every deal and every game, under every ruleset and rule option.

Deals are replayed with their traces (``replay_deals``) and checked event by event against the
rules of ``shared/RULES.md`` / ``docs/engine.md``, with an independent re-implementation here of
what a legal deal looks like: the hands are rebuilt from the record (the hands as dealt and the
up-card) and the events (the dealer picks up and discards; GIVE and LONE_DISCARD move cards; a
farmer exchanges three low cards for the kitty), every played card must be in its player's hand,
suit must be followed when possible, each trick has one card per active player in clockwise
order, the trick winner is recomputed, and the record's fields (bidding, tricks, points, ...)
must agree with the events. Whole games must end exactly when a side reaches the target.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pytest
from conftest import cards_of, eff_suit, power
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_sim.core.common import layout as L
from euchre_sim.engine.simulate import Matchup, iter_game_chunks, replay_deals
from euchre_sim.game.cards import JOKER, RANK_9, RANK_10, RANK_A, RANK_J, RANK_K, RANK_Q, deck_mask
from euchre_sim.game.rules import OPTION_VALUES, RULESETS, Rules

STRATEGY_PAIRS = [
    ("random", "random"),
    ("reference", "reference"),
    ("random", "reference"),
    ("reference:call_redeal=1,farmer_exchange=1,defend_alone_threshold=8,alone_threshold=13",
     "random"),
    ("reference:railroad_take=0,alone_threshold=12", "reference:defend_alone_threshold=6"),
]
ALLOWED_POINTS = {0, 1, 2, 4}
CLUBS, HEARTS = 0, 2


class Bad(AssertionError):
    pass


def is_low(card: int) -> bool:
    """Ranks 10 and lower (9, 10; 7, 8 in 32/33-card decks); never the joker."""
    return card != JOKER and card % 8 <= RANK_10


def farmer_may_give(hand: int, cards: list[int], mode: bool | str) -> bool:
    """The three ``cards`` are in ``hand`` and a farmer's exchange may give them: low cards
    (true), or three of a rank under strict: nines or tens, never 7s or 8s."""
    if any(not hand >> c & 1 for c in cards):
        return False
    if mode != "strict":
        return all(is_low(c) for c in cards)
    ranks = {c % 8 for c in cards}
    return len(ranks) == 1 and ranks <= {RANK_9, RANK_10} and JOKER not in cards


def redeal_eligible(hand: int, mode: str) -> bool:
    cards = cards_of(hand)
    if mode == "ace_no_face":
        aces = sum(c != JOKER and c % 8 == RANK_A for c in cards)
        faces = sum(c != JOKER and c % 8 in (RANK_J, RANK_Q, RANK_K) for c in cards)
        return aces == 1 and faces == 0
    if mode == "nines_and_tens":
        return all(is_low(c) for c in cards)
    return False


@dataclass
class Hand:
    """A player's cards; ``wild`` counts kitty cards not yet identified (farmer's hand)."""

    known: int
    wild: int = 0
    took: list[int] = field(default_factory=list)

    def size(self) -> int:
        return bin(self.known).count("1") + self.wild


class Checker:
    """Walks one deal's events in order, checking each against the rules."""

    def __init__(self, rules: Rules, rec: dict, trace: list[tuple[int, int, int]],
                 kitty: int | None) -> None:
        self.rules, self.rec, self.ev = rules, rec, trace
        self.i = 0
        self.kitty = kitty  # the farmer's kitty when known, else None

    # -- event stream helpers
    def peek(self) -> tuple[int, int, int] | None:
        return self.ev[self.i] if self.i < len(self.ev) else None

    def take(self, kind: int | None = None) -> tuple[int, int, int]:
        e = self.peek()
        if e is None:
            raise Bad(f"trace ended, expected event kind {kind}")
        if kind is not None and e[0] != kind:
            raise Bad(f"event {self.i} is {e}, expected kind {kind}")
        self.i += 1
        return e

    def remove(self, seat: int, card: int, what: str) -> None:
        h = self.hands[seat]
        if h.known >> card & 1:
            h.known &= ~(1 << card)
        elif h.wild and self.pool >> card & 1:
            # a kitty card the farmer took (the kitty itself is not in the record)
            h.wild -= 1
            self.pool &= ~(1 << card)
            h.took.append(card)
        else:
            raise Bad(f"{what}: seat {seat} does not hold card {card}")

    # -- the walk
    def run(self) -> list[int]:
        r, rec = self.rules, self.rec
        deck = deck_mask(r.deck)
        dealer = rec["dealer"]
        hands0 = [rec[f"hand{s}"] for s in range(4)]
        up = rec["up_card"]
        dealt = 0
        for m in [*hands0, 1 << up]:
            if m & dealt:
                raise Bad("a card dealt twice")
            dealt |= m
        if any(bin(h).count("1") != 5 for h in hands0) or dealt & ~deck:
            raise Bad("hands must be 5 cards of the deck")
        self.pool = deck & ~dealt  # cards that may be in the kitty
        self.hands = [Hand(h) for h in hands0]
        order = [(dealer + k) % 4 for k in range(1, 5)]

        # 2. redeals
        n_redeal = 0
        while self.peek() and self.peek()[0] == L.EV_REDEAL:
            self.take()
            n_redeal += 1
        if n_redeal != rec["redeals"] or (n_redeal and r.redeal == "none") or n_redeal > 100:
            raise Bad(f"{n_redeal} REDEAL events, record says {rec['redeals']}")

        # 3. farmer's hand: true, at most one exchange; strict, one per eligible player at
        # most, in order from the dealer's left, each taking the kitty the previous put down
        farmer = -1
        kitty = self.kitty  # the kitty now, when known
        exchangers: list[int] = []
        while self.peek() and self.peek()[0] == L.EV_FARMER:
            if not r.farmers_hand:
                raise Bad("farmer's exchange without the option")
            if exchangers and r.farmers_hand != "strict":
                raise Bad("a second farmer's exchange without farmers_hand = strict")
            given = [self.take(L.EV_FARMER) for _ in range(3)]
            seat = given[0][1]
            cards = [e[2] for e in given]
            if {e[1] for e in given} != {seat} or cards != sorted(set(cards)):
                raise Bad(f"bad farmer events {given}")
            if exchangers and order.index(seat) <= order.index(exchangers[-1]):
                raise Bad(f"farmers {exchangers + [seat]} not in turn from the dealer's left")
            exchangers.append(seat)
            if not farmer_may_give(self.hands[seat].known, cards, r.farmers_hand):
                raise Bad(f"farmer {seat} may not give {cards} under farmers_hand="
                          f"{r.farmers_hand}")
            self.hands[seat].known &= ~sum(1 << c for c in cards)
            if kitty is not None:
                self.hands[seat].known |= kitty
                self.pool &= ~kitty
            else:
                self.hands[seat].wild = 3
            kitty = sum(1 << c for c in cards)
            # The given cards are in the kitty now (not in ``pool``): nobody may play them.
        if exchangers:
            farmer = exchangers[0]
        if rec["farmer"] != farmer:
            raise Bad(f"record farmer {rec['farmer']} vs events {farmer}")
        self.farmer = farmer

        # 4-6. making trump
        passes = 0
        maker = trump = -1
        rnd = 0
        stuck = 0
        pickup = False
        forced_alone = False
        passed_in_round: dict[int, set[int]] = {1: set(), 2: set()}
        never = {HEARTS} if r.hearts_never_trump else set()
        smitty = False  # smitty: the eldest guessed the up-card's suit (never the joker's)
        if r.smitty:
            _, seat, guess = self.take(L.EV_SMITTY)
            if seat != order[0] or not 0 <= guess <= 3 or guess in never:
                raise Bad(f"bad Smitty guess {(seat, guess)}")
            smitty = up != JOKER and up // 8 == guess
        if smitty:
            maker, trump, rnd, stuck, pickup = order[0], guess, 1, 3, True
        elif up == JOKER:
            _, seat, suit = self.take(L.EV_JOKER_TRUMP)
            if seat != dealer or not 0 <= suit <= 3:
                raise Bad("joker trump named by someone else than the dealer")
            if suit in never:
                raise Bad("the joker's trump is hearts under hearts_never_trump")
            maker, trump, rnd, pickup = dealer, suit, 1, True
        elif r.club_euchre and up // 8 == CLUBS:
            _, seat, suit = self.take(L.EV_CLUB_EUCHRE)
            if seat != dealer or suit != CLUBS:
                raise Bad(f"club euchre: bad event {(seat, suit)}")
            maker, trump, rnd, pickup = dealer, CLUBS, 1, True
        else:
            upsuit = up // 8
            for p in order:
                kind, seat, val = self.take()
                if seat != p:
                    raise Bad(f"round 1: seat {seat} spoke out of turn (expected {p})")
                if kind == L.EV_PASS1:
                    passes += 1
                    passed_in_round[1].add(p)
                    continue
                if kind != L.EV_ORDER or val != upsuit:
                    raise Bad(f"round 1: unexpected event {(kind, seat, val)}")
                if upsuit in never:
                    raise Bad("a heart up-card ordered up under hearts_never_trump")
                if p == dealer and r.dealer_needs_trump and not self.hands[p].wild:
                    if not any(c // 8 == upsuit for c in cards_of(self.hands[p].known)
                               if c != JOKER):
                        raise Bad("dealer took up without a card of the up-card's suit")
                maker, trump, rnd = p, upsuit, 1
                if r.dealer_partner_alone and p == (dealer + 2) % 4:
                    forced_alone = True
                else:
                    pickup = True
                break
            if maker < 0:
                for p in order:
                    kind, seat, val = self.take()
                    if seat != p:
                        raise Bad(f"round 2: seat {seat} spoke out of turn (expected {p})")
                    if kind == L.EV_PASS2:
                        if p == dealer and r.stick_the_dealer:
                            raise Bad("the stuck dealer passed")
                        passes += 1
                        passed_in_round[2].add(p)
                        continue
                    if kind == L.EV_CHUCK:
                        self.chuck(p, val, passes, kitty)
                        maker, trump, rnd, stuck = p, upsuit, 2, 2
                        break
                    # no trump (4) only under no_trump with the 24-card deck
                    top = 4 if r.no_trump and r.deck == 24 else 3
                    if kind != L.EV_CALL or val == upsuit or not 0 <= val <= top:
                        raise Bad(f"round 2: unexpected event {(kind, seat, val)}")
                    if val in never:
                        raise Bad("hearts named in round 2 under hearts_never_trump")
                    maker, trump, rnd = p, val, 2
                    stuck = int(p == dealer and r.stick_the_dealer)
                    break
                if maker < 0:
                    kind, seat, _ = self.take(L.EV_THROWN_IN)
                    if seat != dealer or r.stick_the_dealer or passes != 8:
                        raise Bad("thrown in wrongly")
                    return self.check_thrown_in(passes)
        if rec["round"] != rnd or rec["maker"] != maker or rec["trump"] != trump:
            raise Bad(f"record round/maker/trump {rec['round'], rec['maker'], rec['trump']} "
                      f"vs events {rnd, maker, trump}")
        if rec["passes"] != passes or rec["stuck"] != stuck or rec["thrown_in"] != 0:
            raise Bad("record passes/stuck/thrown_in disagree with the events")

        # smitty: after a right guess the eldest calls for the game (or not) before he takes
        # the up-card; no other loner of the making side
        called = False
        if smitty and self.peek() and self.peek()[0] == L.EV_ALONE:
            _, seat, how = self.take(L.EV_ALONE)
            if seat != maker or how != 3:
                raise Bad(f"bad call for the game {(seat, how)}")
            called = True

        # 7. dealer's discard (the eldest's after a right Smitty guess)
        discard = -1
        taker = maker if smitty else dealer
        if pickup:
            self.hands[taker].known |= 1 << up
            _, seat, discard = self.take(L.EV_DISCARD)
            if seat != taker or discard == up:
                raise Bad(f"bad dealer discard {(seat, discard)}")
            self.remove(taker, discard, "dealer's discard")
        if rec["discard"] != discard:
            raise Bad(f"record discard {rec['discard']} vs events {discard}")

        # 8-9. going alone
        alone = 0
        out: set[int] = set()
        lone_maker = maker  # the making side's lone player (partner_may_go_alone: his partner)
        if called:
            alone = 1
            out.add(maker ^ 2)
        elif smitty and self.peek() and self.peek()[0] == L.EV_ALONE:
            raise Bad("a loner after a right Smitty guess that did not call for the game")
        elif self.peek() and self.peek()[0] == L.EV_ALONE:
            _, seat, how = self.take(L.EV_ALONE)
            if seat == maker and how == int(forced_alone):
                alone = 1
            elif seat == maker ^ 2 and how == 2:
                # partner_may_go_alone: the maker declined (never after a Canadian loner); a
                # partner who passed in the making round is barred by passed_cannot_go_alone
                if not r.partner_may_go_alone or forced_alone:
                    raise Bad(f"the maker's partner {seat} went alone")
                if r.passed_cannot_go_alone and seat in passed_in_round[rnd]:
                    raise Bad(f"the maker's partner {seat} passed in the making round")
                alone, lone_maker = 2, seat
            else:
                raise Bad(f"bad ALONE event {(seat, how)}")
            out.add(lone_maker ^ 2)
        elif forced_alone:
            raise Bad("Canadian loner: the dealer's partner must play alone")
        defender = -1
        if self.peek() and self.peek()[0] == L.EV_DEFEND_ALONE:
            _, defender, _ = self.take(L.EV_DEFEND_ALONE)
            if not r.defender_alone or defender & 1 == maker & 1:
                raise Bad(f"lone defender {defender} not allowed")
            if r.passed_cannot_go_alone and defender in passed_in_round[rnd]:
                raise Bad(f"lone defender {defender} passed in the making round")
            if r.lone_defence == "against_lone_maker" and not alone:
                raise Bad(f"lone defender {defender} against a maker with his partner")
            out.add(defender ^ 2)
        if rec["alone"] != alone or rec["defender"] != defender:
            raise Bad("record alone/defender disagree with the events")
        lone = ([lone_maker] if alone else []) + ([defender] if defender >= 0 else [])

        # 10. partner's best
        for p in lone:
            if r.partners_best == "none":
                break
            take_card = True
            if r.partners_best == "railroad":
                _, seat, take_card = self.take(L.EV_RAILROAD)
                if seat != p:
                    raise Bad("railroad decided by the wrong player")
            if take_card:
                _, seat, card = self.take(L.EV_GIVE)
                if seat != p ^ 2:
                    raise Bad("a card given by someone else than the partner")
                self.remove(seat, card, "partner's card")
                self.hands[p].known |= 1 << card
                _, seat, card = self.take(L.EV_LONE_DISCARD)
                if seat != p:
                    raise Bad("lone discard by the wrong player")
                self.remove(p, card, "lone player's discard")

        # 11. play
        active = [s for s in range(4) if s not in out]
        for s in active:
            if self.hands[s].size() != 5:
                raise Bad(f"seat {s} starts play with {self.hands[s].size()} cards")
        if r.lead != "eldest" and lone:
            if alone and defender >= 0:
                leader = defender
            else:
                leader = (lone[0] + (1 if r.lead == "left_of_lone" else 3)) % 4
        else:
            leader = next(p for p in order if p not in out)
        if rec["leader"] != leader:
            raise Bad(f"record leader {rec['leader']}, expected {leader}")
        tricks = [0, 0]
        winners = []
        played = 0
        for t in range(5):
            seats = [(leader + k) % 4 for k in range(4) if (leader + k) % 4 not in out]
            cards = []
            led = -1
            for k, p in enumerate(seats):
                kind, seat, card = self.take(L.EV_PLAY)
                if seat != p:
                    raise Bad(f"trick {t}: seat {seat} played out of turn (expected {p})")
                if played >> card & 1:
                    raise Bad(f"card {card} played twice")
                h = self.hands[p]
                es = eff_suit(card, trump)
                if k == 0:
                    led = es
                    if t == 0 and r.no_first_blood and es == trump and not h.wild:
                        if any(eff_suit(c, trump) != trump for c in cards_of(h.known)):
                            raise Bad("no first blood: trump led while holding another suit")
                elif es != led and not h.wild:
                    if any(eff_suit(c, trump) == led for c in cards_of(h.known)):
                        raise Bad(f"trick {t}: seat {p} did not follow suit {led} with {card}")
                self.remove(p, card, f"trick {t} play")
                played |= 1 << card
                cards.append((p, card))
            best = max(cards, key=lambda pc: power(pc[1], trump, led))
            _, seat, num = self.take(L.EV_TRICK)
            if seat != best[0] or num != t:
                raise Bad(f"trick {t} won by {seat}, expected {best[0]} ({cards})")
            tricks[seat & 1] += 1
            winners.append(seat)
            leader = seat
        if self.peek() is not None:
            raise Bad(f"events after the last trick: {self.ev[self.i:]}")
        for s in active:
            if self.hands[s].size():
                raise Bad(f"seat {s} still holds cards")
        packed = sum(w << (2 * k) for k, w in enumerate(winners))
        if rec["winners"] != packed or [rec["tricks0"], rec["tricks1"]] != tricks:
            raise Bad(f"record tricks/winners disagree: {tricks}, {winners}")

        # 12. score
        team = maker & 1
        m = tricks[team]
        pts = [0, 0]
        if m >= 3:
            pts[team] = (4 if alone else 2) if m == 5 else 1
        else:
            pts[1 - team] = 4 if defender >= 0 or (r.super_euchre and m == 0) else 2
        if [rec["points0"], rec["points1"]] != pts:
            raise Bad(f"points {rec['points0'], rec['points1']}, expected {pts}")
        return self.hands[farmer].took if farmer >= 0 else []

    def chuck(self, seat: int, keep: int, passes: int, kitty: int | None) -> None:
        """chuck: only the stuck dealer, never into hearts under hearts_never_trump; he keeps
        one card he holds, puts the other four down and takes the up-card and the kitty (the
        cards the last farmer put down, the undealt three of a 24-card deck, else unknown)."""
        r, rec = self.rules, self.rec
        up, dealer = rec["up_card"], rec["dealer"]
        if not (r.chuck and r.stick_the_dealer) or seat != dealer or passes != 7:
            raise Bad(f"a chuck by seat {seat} after {passes} passes: only the stuck dealer")
        if r.hearts_never_trump and up // 8 == HEARTS:
            raise Bad("a chuck into hearts under hearts_never_trump")
        self.remove(seat, keep, "the card kept in a chuck")
        h = self.hands[seat]
        if kitty is None and r.deck == 24 and self.farmer < 0:
            kitty = self.pool  # the three cards nobody was dealt
        h.known, h.wild = 1 << keep | 1 << up, 0  # the other four go down (out of play)
        if kitty is None:
            h.wild = 3
        else:
            h.known |= kitty
            self.pool &= ~kitty

    def check_thrown_in(self, passes: int) -> list[int]:
        rec = self.rec
        if self.peek() is not None:
            raise Bad("events after a thrown-in deal")
        expect = dict(round=0, passes=passes, maker=-1, trump=-1, stuck=0, discard=-1, alone=0,
                      defender=-1, leader=-1, tricks0=0, tricks1=0, points0=0, points1=0,
                      thrown_in=1, winners=0)
        bad = {k: rec[k] for k, v in expect.items() if rec[k] != v}
        if bad:
            raise Bad(f"thrown-in record fields {bad}")
        return []


def farmer_plays(rec: dict) -> bool:
    """The farmer takes part in the play (so every kitty card he took leaves his hand)."""
    f = rec["farmer"]
    out = rec["maker"] ^ (2 if rec["alone"] == 1 else 0)  # alone 2: the maker sits out
    sits_out = (rec["alone"] and f == out) or (
        rec["defender"] >= 0 and f == rec["defender"] ^ 2)
    return f >= 0 and rec["thrown_in"] == 0 and not sits_out


def chucked(rec: dict, trace: list[tuple[int, int, int]]) -> bool:
    """The farmer was the dealer and chucked: the kitty cards he took went down unseen."""
    return rec["farmer"] == rec["dealer"] and any(k == L.EV_CHUCK for k, _, _ in trace)


def check_deal(rules: Rules, rec: dict, trace: list[tuple[int, int, int]]) -> None:
    """Check one deal; a farmer's kitty (not in the record) is inferred by a first walk."""
    kitty = None
    if rules.farmers_hand and any(k == L.EV_FARMER for k, _, _ in trace):
        rest = deck_mask(rules.deck)
        for s in range(4):
            rest &= ~rec[f"hand{s}"]
        rest &= ~(1 << rec["up_card"])
        if rules.deck == 24:
            kitty = rest  # 24 - 20 - 1 = 3 cards: the kitty itself
        else:
            took = Checker(rules, rec, trace, None).run()
            if len(took) == 3:
                kitty = sum(1 << c for c in took)
            elif farmer_plays(rec) and not chucked(rec, trace):
                raise Bad(f"an active farmer played only {len(took)} kitty cards")
    Checker(rules, rec, trace, kitty).run()


def check_run(rules: Rules, a: str, b: str, seed: int, n: int, first: int = 0) -> dict:
    """Check n deals; returns counts of how often each feature occurred (coverage)."""
    seen = {"thrown_in": 0, "alone": 0, "defender": 0, "farmer": 0, "redeal": 0, "joker": 0,
            "give": 0, "stuck": 0}
    if rules.chuck:
        seen["chuck"] = 0
    if rules.partner_may_go_alone:
        seen["partner_alone"] = 0
    if rules.no_trump:
        seen["no_trump"] = 0
    if rules.smitty:
        seen["smitty"] = seen["called_game"] = 0
    strategies = (Matchup.of(a, b).a, Matchup.of(a, b).b)
    for i, rep in enumerate(replay_deals(rules, a, b, seed, first, n)):
        rec = rep.record
        if rec["deal"] != first + i or rec["dealer"] != (first + i) % 4:
            raise Bad(f"deal {first + i}: bad index/dealer")
        try:
            check_deal(rules, rec, rep.trace)
        except Bad as exc:
            raise Bad(f"{rules.differences()} {a} vs {b}, seed {seed}, deal {first + i}: {exc}\n"
                      f"record {rec}\ntrace {rep.events()}") from None
        pts = {rec["points0"], rec["points1"]}
        assert pts <= ALLOWED_POINTS and 0 in pts
        if rec["thrown_in"] == 0:
            assert rec["tricks0"] + rec["tricks1"] == 5
        seen["thrown_in"] += rec["thrown_in"]
        seen["alone"] += rec["alone"]
        seen["defender"] += rec["defender"] >= 0
        seen["farmer"] += rec["farmer"] >= 0
        seen["redeal"] += rec["redeals"] > 0
        seen["joker"] += rec["up_card"] == JOKER
        seen["give"] += any(k == L.EV_GIVE for k, _, _ in rep.trace)
        seen["stuck"] += rec["stuck"] != 0
        if rules.chuck:
            seen["chuck"] += rec["stuck"] == 2
        if rules.partner_may_go_alone:
            seen["partner_alone"] += rec["alone"] == 2
        if rules.no_trump:
            seen["no_trump"] += rec["trump"] == 4
        if rules.smitty:
            seen["smitty"] += rec["stuck"] == 3
            seen["called_game"] += rec["stuck"] == 3 and rec["alone"] == 1
        # A reference player who calls for every eligible redeal leaves no eligible hand.
        if (rules.redeal != "none" and rec["redeals"] < 100
                and all(s.name == "reference" and s.all_params()["call_redeal"] == 1
                        for s in strategies)):
            for s in range(4):
                assert not redeal_eligible(rec[f"hand{s}"], rules.redeal), (
                    f"deal {first + i}: seat {s} would have called a redeal")
    return seen


# --------------------------------------------------------------------------------------------
# Named rulesets and every option on its own
# --------------------------------------------------------------------------------------------


def _option_configs() -> list[tuple[str, Rules]]:
    out = []
    for option, values in OPTION_VALUES.items():
        for value in values:
            if option != "target_score" and value != getattr(Rules(), option):
                out.append((f"{option}={value}", Rules().with_options(**{option: value})))
    return out


NAMED = list(RULESETS.items())
OPTIONS = _option_configs()
EVERYTHING = Rules(
    stick_the_dealer=False, defender_alone=True, dealer_partner_alone=True, lead="left_of_lone",
    super_euchre=True, no_first_blood=True, dealer_needs_trump=True, passed_cannot_go_alone=True,
    deck=33, redeal="nines_and_tens", farmers_hand=True, partners_best="give",
)


@pytest.mark.parametrize("pair", STRATEGY_PAIRS, ids=[f"{a}-{b}" for a, b in STRATEGY_PAIRS])
@pytest.mark.parametrize("name,rules", NAMED, ids=[n for n, _ in NAMED])
def test_named_rulesets(name: str, rules: Rules, pair: tuple[str, str]) -> None:
    check_run(rules, *pair, seed=1000 + len(name), n=1500)


@pytest.mark.parametrize("name,rules", OPTIONS, ids=[n for n, _ in OPTIONS])
def test_single_options(name: str, rules: Rules) -> None:
    check_run(rules, "random", "random", seed=77, n=1500)
    check_run(rules, *STRATEGY_PAIRS[3], seed=78, n=800)


def test_every_option_at_once_reaches_every_corner() -> None:
    seen = {}
    for partners_best in ("give", "railroad"):
        rules = EVERYTHING.with_options(partners_best=partners_best)
        for k, v in check_run(rules, "random", "random", seed=5, n=4000).items():
            seen[k] = seen.get(k, 0) + v
    for k, v in check_run(EVERYTHING.with_options(deck=24, redeal="ace_no_face",
                                                  stick_the_dealer=True),
                          "random", "random", seed=6, n=4000).items():
        seen[k] = seen.get(k, 0) + v
    for stick in (False, True):
        rules = EVERYTHING.with_options(stick_the_dealer=stick)
        for k, v in check_run(rules, *STRATEGY_PAIRS[3], seed=7, n=2000).items():
            seen[k] = seen.get(k, 0) + v
    # The checks above must have met every feature, or they would prove little.
    assert all(v > 10 for v in seen.values()), seen


def test_farmer_kitty_in_the_24_card_deck() -> None:
    """With 24 cards the kitty is the 3 cards nobody was dealt: the farmer plays them."""
    rules = Rules(farmers_hand=True)
    n_farmers = n_played = 0
    for rep in replay_deals(rules, "random", None, 31, 0, 3000):
        rec = rep.record
        if rec["farmer"] < 0:
            continue
        n_farmers += 1
        check_deal(rules, rec, rep.trace)
        rest = deck_mask(24) & ~(1 << rec["up_card"])
        for s in range(4):
            rest &= ~rec[f"hand{s}"]
        took = Checker(rules, rec, rep.trace, None).run()
        assert set(took) <= set(cards_of(rest))
        if farmer_plays(rec):
            n_played += 1
            assert sorted(took) == cards_of(rest)
    assert n_farmers > 100 and n_played > 50


@pytest.mark.parametrize("deck,n", [(24, 6000), (32, 20000)])
def test_strict_farmers_exchange_in_turn(deck: int, n: int) -> None:
    """farmers_hand = strict with both teams exchanging whenever asked: the checker (three
    nines or three tens, in turn, the kitty passed on) holds, several players exchange in
    some deals, and the record names the first."""
    rules = Rules(deck=deck, farmers_hand="strict")
    spec = "reference:farmer_exchange=1"
    seen = check_run(rules, spec, spec, seed=deck + 1, n=n)
    several = 0
    for rep in replay_deals(rules, spec, None, deck + 1, 0, n):
        seats = [s for k, s, _ in rep.trace if k == L.EV_FARMER][::3]
        several += len(seats) > 1
        assert rep.record["farmer"] == (seats[0] if seats else -1)
        if len(seats) > 1:  # the checker knows the rule: one exchange only under true
            with pytest.raises(Bad, match="second farmer's exchange"):
                check_deal(rules.with_options(farmers_hand=True), rep.record, rep.trace)
    assert seen["farmer"] > 300 and several > 5, (seen, several)
    # and a true exchange of mixed 9s and 10s is no strict one
    loose = Rules(deck=deck, farmers_hand=True)
    mixed = 0
    for rep in replay_deals(loose, spec, None, deck + 2, 0, 3000):
        given = {v % 8 for k, _, v in rep.trace if k == L.EV_FARMER}
        if len(given) > 1:
            mixed += 1
            with pytest.raises(Bad, match="may not give"):
                check_deal(rules, rep.record, rep.trace)
    assert mixed > 20


# --------------------------------------------------------------------------------------------
# The options of RULES.md section 3.1: the property each one adds, on records read directly
# --------------------------------------------------------------------------------------------

SECTION_31 = Rules(
    defender_alone=True, lone_defence="against_lone_maker", lead="right_of_lone",
    hearts_never_trump=True, club_euchre=True,
)


# the scripted kinds (their bids are not in the reference engine, so not in the differential
# tests): both loner thresholds low enough to meet lone defenders
SCRIPTED_PAIR = ("tuned:alone.threshold.dealer=15,defend_alone.threshold=14",
                 "advanced:alone.threshold.eldest=15,defend_alone.threshold=12")


def _records(rules: Rules, a: str, b: str, seed: int, n: int) -> list[dict]:
    """n deals, each also checked event by event (``check_run``'s checker)."""
    out = []
    for rep in replay_deals(rules, a, b, seed, 0, n):
        check_deal(rules, rep.record, rep.trace)
        out.append(rep.record)
    return out


@pytest.mark.parametrize("rules", [
    Rules(hearts_never_trump=True),
    Rules(hearts_never_trump=True, deck=25, stick_the_dealer=False),
    SECTION_31.with_options(deck=33, dealer_needs_trump=True),
], ids=["24", "25-no-stick", "all-3.1-33"])
def test_hearts_are_never_trump(rules: Rules) -> None:
    """No deal ever has hearts as trump; a heart turned up is never taken in round 1 (the deal
    goes to round 2 after four passes, or a stuck dealer names another suit)."""
    recs = []
    for pair in STRATEGY_PAIRS[:3] + [SCRIPTED_PAIR]:
        recs += _records(rules, *pair, seed=404, n=2000)
    assert not [r for r in recs if r["trump"] == HEARTS]
    heart_up = [r for r in recs if r["up_card"] != JOKER and r["up_card"] // 8 == HEARTS]
    assert len(heart_up) > 600  # about a quarter of the deals
    assert all(r["round"] in (0, 2) and r["passes"] >= 4 for r in heart_up)
    if rules.stick_the_dealer:
        assert sum(r["stuck"] for r in heart_up) > 20
    # hearts would be trump often without the option (the same deals)
    off = []
    for pair in STRATEGY_PAIRS[:3] + [SCRIPTED_PAIR]:
        off += _records(rules.with_options(hearts_never_trump=False), *pair, seed=404, n=2000)
    assert sum(r["trump"] == HEARTS for r in off) > 1000


@pytest.mark.parametrize("rules", [
    Rules(club_euchre=True),
    Rules(club_euchre=True, deck=33, dealer_needs_trump=True, dealer_partner_alone=True,
          defender_alone=True, passed_cannot_go_alone=True, partners_best="give"),
    SECTION_31,
], ids=["24", "33-options", "all-3.1"])
def test_club_up_card_makes_the_dealer_maker_in_clubs(rules: Rules) -> None:
    """Every club turned up: clubs trump, the dealer the maker, round 1 without a pass, the
    dealer picked it up (discarded one of his cards); any other up-card is bid as usual."""
    recs = []
    for pair in STRATEGY_PAIRS[:3] + [SCRIPTED_PAIR]:
        recs += _records(rules, *pair, seed=505, n=2000)
    club_up = [r for r in recs if r["up_card"] != JOKER and r["up_card"] // 8 == CLUBS]
    assert len(club_up) > 600
    for r in club_up:
        assert (r["trump"], r["maker"], r["round"], r["passes"], r["stuck"]) == (
            CLUBS, r["dealer"], 1, 0, 0)
        assert r["discard"] >= 0 and r["discard"] != r["up_card"]
        assert r["thrown_in"] == 0
    others = [r for r in recs if r["up_card"] != JOKER and r["up_card"] // 8 != CLUBS]
    assert sum(r["maker"] != r["dealer"] for r in others) > 1000
    assert sum(r["alone"] for r in club_up) > 50  # the dealer still goes alone at times
    if rules.defender_alone and rules.lone_defence == "any":
        assert sum(r["defender"] >= 0 for r in club_up) > 50


@pytest.mark.parametrize("rules", [
    Rules(defender_alone=True, lone_defence="against_lone_maker"),
    Rules(defender_alone=True, lone_defence="against_lone_maker", dealer_partner_alone=True,
          passed_cannot_go_alone=True),
    SECTION_31,
], ids=["plain", "canadian-passed", "all-3.1"])
def test_lone_defence_only_against_a_lone_maker(rules: Rules) -> None:
    """A lone defender only ever faces a lone maker; against a lone maker there are lone
    defenders (the random players go alone half the time when asked)."""
    recs = []
    for pair in (STRATEGY_PAIRS[0], STRATEGY_PAIRS[3], SCRIPTED_PAIR):
        recs += _records(rules, *pair, seed=606, n=3000)
    lone_def = [r for r in recs if r["defender"] >= 0]
    assert all(r["alone"] == 1 for r in lone_def)
    assert len(lone_def) > 200
    # with lone_defence = any, the same deals have lone defenders against two makers
    anyone = []
    for pair in (STRATEGY_PAIRS[0], STRATEGY_PAIRS[3]):
        anyone += _records(rules.with_options(lone_defence="any"), *pair, seed=606, n=3000)
    assert sum(r["defender"] >= 0 and r["alone"] == 0 for r in anyone) > 500


@pytest.mark.parametrize("rules", [
    Rules(lead="right_of_lone"),
    Rules(lead="right_of_lone", defender_alone=True, dealer_partner_alone=True),
    SECTION_31,
], ids=["plain", "defenders-canadian", "all-3.1"])
def test_right_of_lone_leads(rules: Rules) -> None:
    """With a lone player the first leader is the player on his right (the lone defender when
    both sides are alone), who plays; the lone player plays last to the first trick."""
    recs = _records(rules, "random", "random", seed=707, n=4000)
    n_lone = 0
    for r in recs:
        if r["thrown_in"] or not (r["alone"] or r["defender"] >= 0):
            continue
        n_lone += 1
        if r["alone"] and r["defender"] >= 0:
            assert r["leader"] == r["defender"]
        else:
            lone = r["defender"]
            if r["alone"]:  # partner_may_go_alone (alone 2): the maker's partner
                lone = r["maker"] ^ (2 if r["alone"] == 2 else 0)
            assert r["leader"] == (lone + 3) % 4
            assert r["leader"] != (lone + 2) % 4  # never the partner who sits out
    assert n_lone > 1000


# --------------------------------------------------------------------------------------------
# Random rules (hypothesis)
# --------------------------------------------------------------------------------------------

rules_strategy = st.builds(
    Rules, **{k: st.sampled_from(v) for k, v in OPTION_VALUES.items()}
)


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(rules=rules_strategy, seed=st.integers(0, 2**64 - 1),
       first=st.integers(0, 10**12), pair=st.sampled_from(STRATEGY_PAIRS))
def test_random_rules_and_seeds(rules: Rules, seed: int, first: int, pair) -> None:
    check_run(rules, *pair, seed=seed, n=250, first=first)


# --------------------------------------------------------------------------------------------
# Whole games
# --------------------------------------------------------------------------------------------

GAME_COLS = {f: L.GD_RECORD + i for i, f in enumerate(L.RECORD_FIELDS)}


def check_games(rules: Rules, a: str, b: str, seed: int, games: int) -> None:
    target = rules.target_score
    for grecs, deals in iter_game_chunks(rules, Matchup.of(a, b), games, seed, chunk=700,
                                         with_deals=True):
        assert deals is not None
        game_ids = deals[:, L.GD_GAME]
        for g in grecs:
            gid, first_dealer, winner, score0, score1, n = (int(x) for x in g)
            rows = deals[game_ids == gid]
            assert len(rows) == n >= 1
            assert 0 <= first_dealer <= 3
            assert np.array_equal(rows[:, GAME_COLS["deal"]], np.arange(n))
            assert np.array_equal(rows[:, GAME_COLS["dealer"]], (first_dealer + np.arange(n)) % 4)
            p0, p1 = rows[:, GAME_COLS["points0"]], rows[:, GAME_COLS["points1"]]
            # smitty: a lone march on a called game scores what its side needs to win
            mteam = rows[:, GAME_COLS["maker"]] & 1
            mtricks = np.where(mteam == 1, rows[:, GAME_COLS["tricks1"]],
                               rows[:, GAME_COLS["tricks0"]])
            won = ((rows[:, GAME_COLS["stuck"]] == 3) & (rows[:, GAME_COLS["alone"]] == 1)
                   & (mtricks == 5))
            assert not won.any() or rules.smitty
            assert set(np.unique(np.concatenate([p0[~won], p1[~won]])).tolist()) <= ALLOWED_POINTS
            assert ((p0 == 0) | (p1 == 0)).all(), "only one side scores"
            thrown = rows[:, GAME_COLS["thrown_in"]] == 1
            assert (p0[thrown] == 0).all() and (p1[thrown] == 0).all()
            if rules.stick_the_dealer:
                assert not thrown.any()
            c0, c1 = np.cumsum(p0), np.cumsum(p1)
            assert (c0[-1], c1[-1]) == (score0, score1)
            # Nobody had reached the target before the last deal; the last deal did it.
            assert (np.maximum(c0, c1)[:-1] < target).all(), f"game {gid} went on too long"
            scores = (score0, score1)
            assert winner in (0, 1)
            assert scores[winner] >= target > scores[1 - winner], f"game {gid}: {g}"
            if won.any():  # the called game won outright: the last deal, the target exactly
                assert won[-1] and won.sum() == 1 and scores[winner] == target, f"game {gid}"
                assert mteam[-1] == winner
            last = (p0[-1], p1[-1])
            assert last[winner] > 0 and scores[winner] - last[winner] < target
            assert scores[winner] < target + 4
            if rules.mcevoy_limit and rules.redeal == "nines_and_tens":
                # one McEvoy call per player per game: four redeals at most
                assert rows[:, GAME_COLS["redeals"]].sum() <= 4, f"game {gid}: {g}"


GAME_CASES = [
    (name, rules.with_options(target_score=t), pair)
    for name, rules in NAMED
    for t in (5, 10, 11, 15)
    for pair in (("random", "random"), ("reference", "random"))
]


@pytest.mark.parametrize(
    "name,rules,pair", GAME_CASES,
    ids=[f"{n}-{r.target_score}-{p[0]}-{p[1]}" for n, r, p in GAME_CASES])
def test_games_end_at_the_target(name: str, rules: Rules, pair: tuple[str, str]) -> None:
    check_games(rules, *pair, seed=rules.target_score * 1009 + len(name), games=1500)


def test_games_with_the_mcevoy_limit() -> None:
    """Players who call every redeal they may: with the limit no game has more than four
    McEvoy redeals (one per player), without it some do."""
    rules = Rules(deck=32, redeal="nines_and_tens", mcevoy_limit=True)
    spec = "reference:call_redeal=1"
    check_games(rules, spec, spec, seed=21, games=1500)
    check_games(rules.with_options(farmers_hand="strict"), "random", spec, seed=22, games=1500)
    (grecs, deals), = list(iter_game_chunks(rules.with_options(mcevoy_limit=False),
                                            Matchup.of(spec), 1500, 21, with_deals=True))
    per_game = np.bincount(deals[:, L.GD_GAME], weights=deals[:, GAME_COLS["redeals"]])
    assert per_game.max() > 4


def test_games_with_every_option() -> None:
    for t in (5, 15):
        check_games(EVERYTHING.with_options(target_score=t), "random", "random", 3, 1500)


# --------------------------------------------------------------------------------------------
# The checker itself catches broken deals
# --------------------------------------------------------------------------------------------


def _first_renege(rules: Rules, rep) -> tuple[dict, list] | None:
    """Swap two of a player's played cards so that he no longer follows suit in a trick."""
    trump = rep.record["trump"]
    tricks: list[list[tuple[int, tuple[int, int, int]]]] = [[]]
    for j, e in enumerate(rep.trace):
        if e[0] == L.EV_PLAY:
            tricks[-1].append((j, e))
        elif e[0] == L.EV_TRICK:
            tricks.append([])
    for t, trick in enumerate(tricks[:-1]):
        led = eff_suit(trick[0][1][2], trump)
        for ja, ea in trick[1:]:
            if eff_suit(ea[2], trump) != led:
                continue
            # a later card of the same player that is not of the led suit
            for later in tricks[t + 1:]:
                for jb, eb in later:
                    if eb[1] == ea[1] and eff_suit(eb[2], trump) != led:
                        trace = list(rep.trace)
                        trace[ja], trace[jb] = (L.EV_PLAY, ea[1], eb[2]), (L.EV_PLAY, eb[1], ea[2])
                        return rep.record, trace
    return None


def test_checker_rejects_broken_deals() -> None:
    rules = Rules()
    reps = replay_deals(rules, "random", None, 123, 0, 300)
    reneges = 0
    for rep in reps:
        check_deal(rules, rep.record, rep.trace)
        broken = _first_renege(rules, rep)
        if broken is not None:
            reneges += 1
            with pytest.raises(Bad, match="follow suit"):
                check_deal(rules, *broken)
        rec = dict(rep.record)
        rec["points0"], rec["points1"] = rec["points1"], rec["points0"]
        with pytest.raises(Bad, match="points"):
            check_deal(rules, rec, rep.trace)
        trace = list(rep.trace)
        j = next(j for j, e in enumerate(trace) if e[0] == L.EV_TRICK)
        trace[j] = (L.EV_TRICK, (trace[j][1] + 1) % 4, 0)
        with pytest.raises(Bad, match="trick 0 won"):
            check_deal(rules, rep.record, trace)
        trace = list(rep.trace)
        j = next(j for j, e in enumerate(trace) if e[0] == L.EV_PLAY)
        others = rep.record[f"hand{(trace[j][1] + 1) % 4}"]
        trace[j] = (L.EV_PLAY, trace[j][1], cards_of(others)[0])
        with pytest.raises(Bad, match="does not hold"):
            check_deal(rules, rep.record, trace)
    assert reneges > 30


@pytest.mark.parametrize("deck,mode", [(24, "ace_no_face"), (25, "ace_no_face"),
                                       (32, "nines_and_tens"), (33, "nines_and_tens")])
def test_redeal_callers_leave_no_eligible_hand(deck: int, mode: str) -> None:
    """Both teams call for every eligible redeal: the deal that stands has no eligible hand."""
    spec = "reference:call_redeal=1"
    seen = check_run(Rules(deck=deck, redeal=mode), spec, spec, seed=deck, n=3000)
    assert seen["redeal"] > 20, seen


CHUCKER = "reference:bid_threshold=40,chuck_threshold=6,alone_threshold=9,farmer_exchange=1"
PASSER = "reference:bid_threshold=40,farmer_exchange=1"
CHUCK_RULES = [
    Rules(chuck=True),
    Rules(chuck=True, deck=33, farmers_hand=True, defender_alone=True, partners_best="give",
          passed_cannot_go_alone=True),
    Rules(chuck=True, deck=32, farmers_hand="strict", hearts_never_trump=True, lead="left_of_lone"),
]


@pytest.mark.parametrize("rules", CHUCK_RULES, ids=["24", "33,farmers", "32,strict,hearts"])
def test_chucks_keep_the_rules(rules: Rules) -> None:
    """Stuck dealers who chuck (nobody else bids): the checker (only the stuck dealer, never
    into hearts, the kept card held, the up-card and the kitty taken, trump the up-card's
    suit, five cards each at the play) holds, and chucks happen, by random dealers too."""
    seen = check_run(rules, CHUCKER, PASSER, seed=61, n=1500)
    assert seen["chuck"] > 150 and seen["alone"] > 10, seen
    seen = check_run(rules, "random", PASSER, seed=62, n=1500)
    assert seen["chuck"] > 5, seen


def test_checker_catches_bad_chucks() -> None:
    """A chuck where the rules have none, and a kept card the dealer does not hold."""
    rules = Rules(chuck=True)
    rep = next(r for r in replay_deals(rules, CHUCKER, PASSER, 63, 0, 100)
               if r.record["stuck"] == 2)
    with pytest.raises(Bad, match="only the stuck dealer"):
        check_deal(Rules(), rep.record, rep.trace)
    j = next(j for j, e in enumerate(rep.trace) if e[0] == L.EV_CHUCK)
    other = cards_of(rep.record[f"hand{(rep.record['dealer'] + 1) % 4}"])[0]
    trace = list(rep.trace)
    trace[j] = (L.EV_CHUCK, trace[j][1], other)
    with pytest.raises(Bad, match="does not hold"):
        check_deal(rules, rep.record, trace)


PARTNER_RULES = [
    Rules(partner_may_go_alone=True),
    Rules(partner_may_go_alone=True, deck=25, defender_alone=True, passed_cannot_go_alone=True,
          partners_best="give", lead="left_of_lone", dealer_partner_alone=True),
    Rules(partner_may_go_alone=True, deck=33, defender_alone=True,
          lone_defence="against_lone_maker", partners_best="railroad", lead="right_of_lone",
          farmers_hand=True, chuck=True),
]
PARTNER_LONER = "reference:bid_threshold=6,alone_threshold=10"


@pytest.mark.parametrize("rules", PARTNER_RULES, ids=["24", "25,options", "33,lone_defence"])
def test_partner_loners_keep_the_rules(rules: Rules) -> None:
    """Loners of the maker's partner: the checker (only the partner of a maker who did not go
    alone, not after a Canadian loner, not a partner who passed under passed_cannot_go_alone;
    the maker sits out, the partner is the lone player for partner's best and the lead) holds,
    and such loners happen, by random partners too."""
    seen = check_run(rules, PARTNER_LONER, "reference:defend_alone_threshold=12", seed=71,
                     n=1500)
    assert seen["partner_alone"] > 30, seen
    seen = check_run(rules, "random", "random", seed=72, n=1500)
    assert seen["partner_alone"] > 30, seen


def test_checker_catches_bad_partner_loners() -> None:
    """A loner of the maker's partner where the rules have none, or after he passed."""
    rules = Rules(partner_may_go_alone=True)
    rep = next(r for r in replay_deals(rules, "random", "random", 73, 0, 200)
               if r.record["alone"] == 2)
    with pytest.raises(Bad, match="partner .* went alone"):
        check_deal(Rules(), rep.record, rep.trace)
    rep = next(r for r in replay_deals(rules, "random", "random", 74, 0, 400)
               if r.record["alone"] == 2
               and ((r.record["maker"] + 2 - r.record["dealer"] - 1) % 4) < r.record["passes"]
               and r.record["round"] == 1)
    with pytest.raises(Bad, match="passed in the making round"):
        check_deal(rules.with_options(passed_cannot_go_alone=True), rep.record, rep.trace)


# no_trump: the checker (no trump only in round 2, only with the option and the 24-card deck;
# every card follows its printed suit, the highest card of the led suit wins: conftest's
# eff_suit and power under trump 4) holds, and no trump is called, by random players and by
# reference players (from no-trump strength 6), alone and against lone defenders too.
NO_TRUMP_RULES = [
    Rules(no_trump=True),
    Rules(no_trump=True, defender_alone=True, partner_may_go_alone=True, no_first_blood=True,
          partners_best="give", lead="left_of_lone", passed_cannot_go_alone=True),
    Rules(no_trump=True, hearts_never_trump=True, chuck=True, farmers_hand=True,
          lead="right_of_lone", defender_alone=True, lone_defence="against_lone_maker"),
]


@pytest.mark.parametrize("rules", NO_TRUMP_RULES, ids=range(len(NO_TRUMP_RULES)))
def test_no_trump_keeps_the_rules(rules: Rules) -> None:
    seen = check_run(rules, "random", "random", seed=91, n=3000)
    assert seen["no_trump"] > 20, seen
    seen = check_run(rules, "reference:no_trump_threshold=6,alone_threshold=9",
                     "reference:defend_alone_threshold=8", seed=92, n=3000)
    assert seen["no_trump"] > 150 and seen["alone"] > 10, seen
    for other in ("basic", "tuned"):
        seen = check_run(rules, other, "random", seed=93, n=1500)
        assert seen["no_trump"] > 5, (other, seen)


def test_no_trump_needs_the_option_and_24_cards() -> None:
    """Without the option, and with 32 cards, nobody calls no trump; the checker rejects a
    no-trump call there."""
    for rules in (Rules(), Rules(no_trump=True, deck=32)):
        seen = check_run(rules.with_options(no_trump=True) if rules.deck == 32 else rules,
                         "reference:no_trump_threshold=0", "random", seed=94, n=1000)
        assert seen.get("no_trump", 0) == 0, seen
    reps = replay_deals(Rules(no_trump=True), "reference:no_trump_threshold=0", "random", 94,
                        0, 200)
    rep = next(r for r in reps if r.record["trump"] == 4)
    check_deal(Rules(no_trump=True), rep.record, rep.trace)
    with pytest.raises(Bad, match="round 2"):
        check_deal(Rules(), rep.record, rep.trace)


# smitty: the checker (the eldest's guess first, never hearts under hearts_never_trump; a right
# guess, never of the joker, makes him the maker in that suit without bidding, his call for the
# game comes before his discard and no other loner of his side follows; a wrong one leaves the
# bidding as usual) holds, with cards conserved and five tricks, and right guesses and called
# games happen, by random, reference and scripted players.
SMITTY_RULES = [
    Rules(smitty=True),
    Rules(smitty=True, deck=25, hearts_never_trump=True, club_euchre=True, farmers_hand=True,
          defender_alone=True, lone_defence="against_lone_maker", partners_best="railroad"),
    Rules(smitty=True, deck=33, partner_may_go_alone=True, passed_cannot_go_alone=True,
          defender_alone=True, chuck=True, lead="left_of_lone", dealer_partner_alone=True,
          no_first_blood=True),
]
SMITTY_CALLER = "reference:smitty_guess=1,smitty_alone=1"


@pytest.mark.parametrize("rules", SMITTY_RULES, ids=["24", "25,options", "33,options"])
def test_smitty_keeps_the_rules(rules: Rules) -> None:
    seen = check_run(rules, "random", "random", seed=81, n=3000)
    assert seen["smitty"] > 400 and seen["called_game"] > 200, seen
    seen = check_run(rules, SMITTY_CALLER, "reference:defend_alone_threshold=10", seed=82,
                     n=3000)
    assert seen["smitty"] > 400 and seen["called_game"] > 200, seen
    for other in ("basic", "tuned"):
        seen = check_run(rules, other, "random", seed=83, n=1000)
        assert seen["smitty"] > 100, (other, seen)


def test_smitty_games_end_at_the_target() -> None:
    """Games with called games: a lone march on one ends the game with the target exactly."""
    for t in (5, 10):
        rules = Rules(smitty=True, target_score=t, defender_alone=True)
        check_games(rules, SMITTY_CALLER, "random", seed=84, games=1500)
        check_games(rules, "random", "random", seed=85, games=1000)


def test_checker_catches_bad_smitty() -> None:
    """A Smitty guess where the rules have none, a right guess read as wrong, a loner of the
    eldest's side after a right guess without the call."""
    rules = Rules(smitty=True)
    rep = next(r for r in replay_deals(rules, SMITTY_CALLER, "random", 86, 0, 200)
               if r.record["stuck"] == 3 and r.record["alone"] == 1)
    with pytest.raises(Bad, match="unexpected event"):
        check_deal(Rules(), rep.record, rep.trace)
    trace = list(rep.trace)
    trace[0] = (L.EV_SMITTY, trace[0][1], (trace[0][2] + 1) % 4)
    with pytest.raises(Bad):
        check_deal(rules, rep.record, trace)
    j = next(j for j, e in enumerate(rep.trace) if e[0] == L.EV_ALONE)
    trace = list(rep.trace)
    trace.insert(j + 1, trace.pop(j))  # the call after the discard: an ordinary loner
    with pytest.raises(Bad, match="did not call for the game"):
        check_deal(rules, rep.record, trace)
