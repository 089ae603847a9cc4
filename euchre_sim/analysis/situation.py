"""A decision written down once: the situation notation.

A situation is everything the asker knows when he decides: his hand, the up-card, his seat, the
bidding so far, his discard (when he is the dealer and took up), who defends alone, the tricks
played and the current trick, and the score. It is written in one line of ``key=value`` fields
(docs/analyze.md)::

    hand=KH,AH,QS up=9H seat=dealer bidding="pass pass pass order" discard=9C
    tricks="eldest:AC partner:9C third:TC dealer:JH | dealer:JD eldest:9D partner:TH third:QH"

``parse_situation`` takes the fields one by one (the ``analyze`` command's flags),
``read_situation`` the whole line, ``Situation.notation`` writes it back. Both readers check
every fact (``facts.derive_facts``) and raise ``AnalysisError`` with a one-line message naming
the problem; ``Situation.facts`` holds what follows from them.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from functools import cached_property

from ..game.cards import (
    JOKER,
    SUIT_NAMES,
    SUITS,
    CardError,
    format_card,
    mask_to_cards,
    parse_card,
    parse_hand,
    parse_suit,
    suit_of,
)
from ..game.rules import Rules
from ..game.seats import SeatError, parse_seat
from .facts import DEALER, POSITIONS, AnalysisError, Facts, derive_facts

FIELDS = ("hand", "up", "seat", "bidding", "discard", "defend", "tricks", "score")


@dataclass(frozen=True)
class Situation:
    """A decision: the asker's hand now, the up-card, his position, the bidding (normalised
    words: ``pass``, ``order``, a suit letter), whether the maker went alone, his discard (-1),
    the lone defender (seat, -1 nobody, None not said), the cards played ((seat, card) in
    order, tricks grouped), the score (ours, theirs). Build it with ``parse_situation`` or
    ``read_situation``, which check it; ``facts`` raises ``AnalysisError`` if it cannot
    happen."""

    rules: Rules
    hand: int
    up: int
    position: int  # 0 eldest .. 3 dealer
    bids: tuple[str, ...] = ()
    alone: bool = False
    discard: int = -1
    defender: int | None = None
    tricks: tuple[tuple[tuple[int, int], ...], ...] = ()
    score: tuple[int, int] = (0, 0)
    score_given: bool = False

    @property
    def seat(self) -> int:
        return (DEALER + 1 + self.position) & 3

    @cached_property
    def facts(self) -> Facts:
        return derive_facts(self)

    @property
    def question(self) -> str:
        return self.facts.question

    @property
    def round(self) -> int:
        return self.facts.round

    @property
    def passes_before(self) -> int:
        """Passes before the asker's decision (all of them once trump is made)."""
        return self.facts.passes

    def notation(self) -> str:
        """The situation in the one-line notation ``read_situation`` reads."""
        hand = ",".join(format_card(c) for c in mask_to_cards(self.hand))
        parts = [f"hand={hand}", f"up={format_card(self.up)}", f"seat={POSITIONS[self.position]}"]
        words = [SUIT_NAMES[SUITS.index(w)] if w in SUITS else w for w in self.bids]
        if words:
            parts.append('bidding="' + " ".join(words + ["alone"] * self.alone) + '"')
        if self.discard >= 0:
            parts.append(f"discard={format_card(self.discard)}")
        if self.defender is not None:
            parts.append("defend=" + ("none" if self.defender < 0 else POSITIONS[self.defender]))
        if self.tricks:
            text = " | ".join(" ".join(f"{POSITIONS[s]}:{format_card(c)}" for s, c in t)
                              for t in self.tricks)
            parts.append(f'tricks="{text}"')
        if self.score_given:
            parts.append(f"score={self.score[0]}-{self.score[1]}")
        return " ".join(parts)


# ------------------------------------------------------------------------------------------
# Reading the notation
# ------------------------------------------------------------------------------------------


def read_situation(text: str, rules: Rules | None = None) -> Situation:
    """Read the one-line notation: ``key=value`` fields separated by spaces, a value with
    spaces in double quotes; keys ``hand``, ``up``, ``seat`` (required), ``bidding``,
    ``discard``, ``defend``, ``tricks``, ``score`` (docs/analyze.md)."""
    try:
        tokens = shlex.split(text)
    except ValueError as exc:
        raise AnalysisError(f"situation {text!r}: {exc}") from None
    values: dict[str, str] = {}
    for tok in tokens:
        key, eq, value = tok.partition("=")
        key = key.strip().lower()
        if not eq:
            raise AnalysisError(f"situation field {tok!r} is not key=value (keys: "
                                f"{', '.join(FIELDS)})")
        if key not in FIELDS:
            raise AnalysisError(f"unknown situation field {key!r}: use {', '.join(FIELDS)}")
        if key in values:
            raise AnalysisError(f"situation field {key!r} is given twice")
        values[key] = value
    for key in ("hand", "up", "seat"):
        if key not in values:
            raise AnalysisError(f"the situation needs {key}=... (e.g. hand=JH,JD,AH,KH,AS "
                                "up=9H seat=dealer)")
    return parse_situation(rules=rules, **values)


def parse_situation(hand: str, up: str, seat: str, bidding: str = "", score: str | None = None,
                    rules: Rules | None = None, discard: str | None = None,
                    defend: str | None = None, tricks: str = "") -> Situation:
    """Read and check the situation's fields (``"JH JD AH KH AS"``, ``"9H"``, ``"dealer"``,
    ``"pass pass order alone"``, ``"8-6"``, ``"9C"``, ``"third"`` or ``"none"``,
    ``"eldest:AC partner:9C third:TC dealer:JD | dealer:KS"``)."""
    rules = rules or Rules()
    try:
        h = parse_hand(hand, rules.deck)
        u = parse_card(up, rules.deck)
        d = -1 if discard is None else parse_card(discard, rules.deck)
    except CardError as exc:
        raise AnalysisError(str(exc)) from None
    if u == JOKER:
        raise AnalysisError("the joker turned up: the dealer names trump blind, nobody bids")
    position = situation_seat(seat, "seat")
    bids, alone = parse_bidding(bidding, u)
    defender = None
    if defend is not None:
        word = defend.strip().lower()
        if word == "none":
            defender = -1
        else:
            defender = situation_seat(defend, "defend", "or none")
    played = parse_tricks(tricks, rules.deck)
    ours, theirs = parse_score(score, rules)
    sit = Situation(rules, h, u, position, bids, alone, d, defender, played, (ours, theirs),
                    bool(score))
    sit.facts  # noqa: B018 -- check every fact now
    return sit


def situation_seat(text: str, field: str, more: str = "") -> int:
    """A seat of the analysed deal (the dealer in seat 3): a place (eldest or first, partner,
    third, dealer) or its number 0..3 there (``euchre_sim.game.seats``)."""
    try:
        return parse_seat(text, DEALER)
    except SeatError:
        tail = f" {more}" if more else ""
        raise AnalysisError(f"{field} {text!r}: unknown seat: use {', '.join(POSITIONS)} (first ="
                            f" eldest) or 0..3 with the dealer in seat 3{tail}") from None


def parse_bidding(text: str, up: int) -> tuple[tuple[str, ...], bool]:
    """The bids in turn from the eldest hand (``pass``, ``order`` or ``take``, a suit named in
    round 2) and whether the maker went alone (``alone`` right after his bid)."""
    bids: list[str] = []
    alone = False
    for tok in text.replace(",", " ").lower().split():
        n = len(bids)
        made = bool(bids) and bids[-1] != "pass"
        if tok == "alone":
            if not made or alone:
                raise AnalysisError(f"bidding {text!r}: 'alone' goes right after the bid that "
                                    "made trump")
            alone = True
            continue
        if made:
            raise AnalysisError(f"bidding {text!r}: nothing is bid after trump is made "
                                f"(got {tok!r} after {bids[-1]!r})")
        if tok == "pass":
            bids.append("pass")
        elif tok in ("order", "take"):
            if n >= 4:
                raise AnalysisError(f"bidding {text!r}: the up-card was turned down after "
                                    "four passes: round 2 names a suit")
            bids.append("order")
        else:
            try:
                suit = parse_suit(tok)
            except CardError:
                raise AnalysisError(f"bidding {text!r}: unknown bid {tok!r} (pass, order, "
                                    "a suit in round 2, alone after the bid that made "
                                    "trump)") from None
            if n < 4:
                raise AnalysisError(f"bidding {text!r}: in round 1 a player passes or orders "
                                    f"up, he cannot name {SUIT_NAMES[suit]}")
            if suit == suit_of(up):
                raise AnalysisError(f"bidding {text!r}: {SUIT_NAMES[suit]} was turned down, it "
                                    "cannot be named in round 2")
            bids.append(SUITS[suit])
    if len(bids) > 8:
        raise AnalysisError(f"bidding {text!r}: more than eight bids")
    return tuple(bids), alone


def parse_tricks(text: str, deck: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """``"eldest:AC partner:9C third:TC dealer:JD | dealer:KS"``: tricks separated by ``|``,
    each card as seat:card in play order (the last trick may be incomplete)."""
    tricks = []
    for group in text.split("|") if text.strip() else []:
        trick = []
        for tok in group.split():
            who, colon, card = tok.partition(":")
            if not colon:
                raise AnalysisError(f"tricks: {tok!r} is not seat:card (e.g. eldest:AC)")
            seat = situation_seat(who, f"tricks: {tok!r}, seat")
            try:
                trick.append((seat, parse_card(card, deck)))
            except CardError as exc:
                raise AnalysisError(f"tricks: {exc}") from None
        if not trick:
            raise AnalysisError(f"tricks {text!r}: an empty trick between '|'")
        tricks.append(tuple(trick))
    return tuple(tricks)


def parse_score(score: str | None, rules: Rules) -> tuple[int, int]:
    """``"8-6"`` -> (8, 6); (0, 0) when not given."""
    if not score:
        return 0, 0
    try:
        ours, theirs = (int(x) for x in score.split("-"))
    except ValueError:
        raise AnalysisError(f"bad score {score!r}: expected ours-theirs, e.g. 8-6") from None
    if not (0 <= ours < rules.target_score and 0 <= theirs < rules.target_score):
        raise AnalysisError(f"score {score!r} impossible: each side has 0 to "
                            f"{rules.target_score - 1} points before a deal")
    return ours, theirs


