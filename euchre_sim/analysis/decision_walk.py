"""One seat's decisions along a played deal, each as the analyser's ``Situation``.

A deal played by the kernel with a trace (``simulate.traced_replays``) is walked event by
event; at every decision of one seat the walk writes down what that seat knows then (its hand,
the up-card, the bidding, its discard, the lone defence, the tricks so far) as a
``situation.Situation``, with the action the deal's player took there as script slots
(``core.common.layout.SC_*``). The exploitability measure (``exploit.py``) asks the analyser about
each such situation and compares its answer with the table's action.

The analysed deals put the dealer in seat 3 (``facts.DEALER``), so the deals walked here do too.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..core.common import layout as L
from ..game.cards import SUITS
from ..game.rules import Rules
from .facts import DEALER, AnalysisError, Option
from .situation import Situation

BIDS = (L.EV_PASS1, L.EV_ORDER, L.EV_PASS2, L.EV_CALL)
Event = tuple[int, int, int]  # (kind, seat, value) of a trace


@dataclass(frozen=True)
class Decision:
    """One decision of the walked seat: its situation, the question's kind (``round1``,
    ``round2``, ``discard``, ``defend``, ``lead``, ``follow``), the script slots of the action
    taken in the deal, the trick it belongs to (-1 in the bidding) and, for a bid, whether
    that bid made trump (a loner was then on offer)."""

    sit: Situation
    question: str
    taken: dict[int, int]
    trick: int
    makes_trump: bool = False

    def option_taken(self, opts: Sequence[Option]) -> Option:
        """The option of ``opts`` whose forced slots are those of the action taken."""
        for opt in opts:
            if all(self.taken.get(slot) == value for slot, value in opt.forced):
                return opt
        raise AnalysisError(f"the action taken ({self.taken}) is none of the options of "
                            f"{self.sit.notation()}")


def supported(rules: Rules) -> None:
    """Refuse, in one line, rules whose deals the walk cannot write down as situations."""
    why = []
    if rules.redeal != "none":
        why.append("redeal")
    if rules.farmers_hand:
        why.append("farmers_hand")
    if rules.partners_best != "none":
        why.append("partners_best")
    if rules.partner_may_go_alone:
        why.append("partner_may_go_alone")
    if rules.chuck:
        why.append("chuck")
    if rules.smitty:
        why.append("smitty")
    if rules.no_trump:
        why.append("no_trump")
    if rules.club_euchre:
        why.append("club_euchre")
    if rules.deck in (25, 33):
        why.append(f"deck={rules.deck} (the joker turned up)")
    if why:
        raise AnalysisError("the decision walk (exploit) takes the four-handed game without "
                            f"{', '.join(why)}: the analyser's situations cannot hold them")


def _hand_now(dealt: int, up: int, took_up: bool, seat: int, discard: int,
              played: int) -> int:
    hand = dealt
    if took_up and seat == DEALER and discard >= 0:
        hand = (hand | 1 << up) & ~(1 << discard)
    return hand & ~played


def decisions(rules: Rules, hands: Sequence[int], up: int, trace: Sequence[Event],
              seat: int) -> Iterator[Decision]:
    """Every decision of ``seat`` in the traced deal (dealer in seat 3; ``hands`` as dealt),
    in order. Decisions with a single option are included (the caller skips them)."""
    # the makers who chose to go alone (value 1: forced, the Canadian loner: no decision)
    alone_by = {who for kind, who, value in trace if kind == L.EV_ALONE and value != 1}
    lone_makers = {who for kind, who, _ in trace if kind == L.EV_ALONE}
    defended = {who for kind, who, _ in trace if kind == L.EV_DEFEND_ALONE}  # at most one
    discard = next((value for kind, _, value in trace if kind == L.EV_DISCARD), -1)
    defender = min(defended) if defended else -1
    lone_asked = rules.defender_alone
    bids: list[str] = []
    maker = -1
    took_up = alone = False
    tricks: list[list[tuple[int, int]]] = []
    played = 0  # the cards ``seat`` has played
    k = 0  # cards played so far in the deal
    asked_defence = False

    def situation(**kw) -> Situation:
        return Situation(rules, hand=kw.pop("hand", hands[seat]), up=up, position=seat,
                         bids=tuple(bids), **kw)

    def own_discard() -> int:
        return discard if seat == DEALER and took_up else -1

    for kind, who, value in trace:
        if kind in BIDS:
            makes = kind in (L.EV_ORDER, L.EV_CALL)
            word = "order" if kind == L.EV_ORDER else SUITS[value] if kind == L.EV_CALL else "pass"
            if who == seat:
                if kind in (L.EV_PASS1, L.EV_ORDER):
                    taken = {L.SC_ROUND1 + seat: int(makes)}
                else:
                    taken = {L.SC_ROUND2 + seat: value if makes else L.SCRIPT_PASS}
                if makes:
                    taken[L.SC_ALONE + seat] = int(seat in alone_by)
                sit = situation()
                yield Decision(sit, sit.question, taken, -1, makes)
            bids.append(word)
            if makes:
                maker = who
                canadian = rules.dealer_partner_alone and maker == (DEALER + 2) & 3
                took_up = kind == L.EV_ORDER and not canadian
                alone = maker in lone_makers
        elif kind == L.EV_DISCARD and who == seat:
            yield Decision(situation(alone=alone), "discard", {L.SC_DISCARD: value}, -1)
        elif kind == L.EV_PLAY:
            if lone_asked and not asked_defence:
                asked_defence = True
                hand = _hand_now(hands[seat], up, took_up, seat, discard, 0)
                yield from _defence(situation(hand=hand, alone=alone, discard=own_discard()),
                                    seat, defended)
            size = _players(alone, defender)
            if not tricks or len(tricks[-1]) == size:
                tricks.append([])
            if who == seat:
                hand = _hand_now(hands[seat], up, took_up, seat, discard, played)
                sit = situation(hand=hand, alone=alone, discard=own_discard(),
                                defender=defender if lone_asked else None,
                                tricks=tuple(tuple(t) for t in tricks if t))
                question = "follow" if tricks[-1] else "lead"
                yield Decision(sit, question, {L.SC_PLAY + k: value}, len(tricks) - 1)
                played |= 1 << value
            tricks[-1].append((who, value))
            k += 1


def _players(alone: bool, defender: int) -> int:
    """Cards in a trick: four, less one for each lone player's partner."""
    return 4 - int(alone) - int(defender >= 0)


def _defence(sit: Situation, seat: int, defended: set[int]) -> Iterator[Decision]:
    """The lone-defence question of ``seat`` (``sit``: the deal after the loners), when he
    is asked: a defender, not barred, and no defender asked before him went alone."""
    try:
        question = sit.question
    except AnalysisError:
        return
    if question != "defend":
        return
    if any(s in defended for s in sit.facts.asked_before):
        return  # an earlier defender went alone: nobody else is asked
    yield Decision(sit, "defend", {L.SC_DEFEND + seat: int(seat in defended)}, -1)

