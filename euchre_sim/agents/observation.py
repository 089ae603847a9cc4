"""What a player sees when he decides: the :class:`Observation` handed to an agent.

An observation is built from the reference engine's :class:`~euchre_sim.oracle.engine.DealState`
and the deal's log of decisions, and holds only what the deciding seat may know: his own
cards, the up-card, every public decision (bids, going alone, defending alone, redeal calls,
cards played), his own private choices (the dealer's discard, a farmer's three cards, the
card a chucking dealer kept, the card he gave or discarded under partner's best) and the
score. Other players' private choices are in ``history`` with the action ``None`` (the
dealer's discard seen from another seat), and a choice that leaves no trace at the table (an
eligible player who does not call a redeal or exchange a farmer's hand) is not there at all.

Actions are the reference engine's tuples (docs/agents.md lists them per decision).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game.cards import SUITS, format_card, mask_to_cards
from ..game.rules import Rules
from ..oracle.engine import T_PLAY, T_TRICK, DealState

Action = tuple
Decision = tuple[str, int, "Action | None"]  # (phase, seat, action), as the seat saw it

# the decisions whose action only the deciding seat sees (GIVE: the giver and his partner)
PRIVATE = {"discard", "lone_discard"}
# decisions that nobody else notices when the answer is "keep" (an eligible hand kept)
SILENT_KEEP = {"redeal", "farmer"}


@dataclass(frozen=True)
class Observation:
    """One seat's view of the deal at one of its decisions (fields: docs/agents.md)."""

    rules: Rules
    seat: int
    phase: str  # the decision: redeal, farmer, joker_trump, round1, round2, chuck, discard,
    # alone, defend_alone, railroad, give, lone_discard, play
    legal: tuple[Action, ...]
    dealer: int
    hand: int  # the seat's cards now (a natural mask, card = suit * 8 + rank)
    dealt_hand: int  # his five cards as dealt (after the last redeal, before any exchange)
    up_card: int
    turned_down: bool  # everyone passed the up-card in round 1
    score: tuple[int, int]  # team 0, team 1, before this deal
    redeals: int  # redeals before this deal stood
    trump: int  # suit 0..3 (C, D, H, S), -1 before trump is made
    maker: int  # the seat that made trump, -1 before
    alone: int  # 0; 1 the maker plays alone; 2 the maker's partner does (the maker sits out)
    defender: int  # the lone defender, -1 if none (yet)
    active: tuple[bool, bool, bool, bool]  # False for a seat that sits out
    discard: int  # the dealer's discard: his own, seen by the dealer only; else -1
    bids: tuple[tuple[int, Action], ...]  # (seat, action) of the bidding so far, in order
    tricks: tuple[tuple[tuple[tuple[int, int], ...], int], ...]  # (((seat, card), ...), winner)
    trick: tuple[tuple[int, int], ...]  # the trick in progress: (seat, card) in play order
    history: tuple[Decision, ...]  # every decision of the deal this seat knows of, in order

    # ---- conveniences --------------------------------------------------------------------

    @property
    def team(self) -> int:
        return self.seat & 1

    @property
    def partner(self) -> int:
        return (self.seat + 2) % 4

    @property
    def cards(self) -> list[str]:
        """The seat's hand as card strings (``"JH"``, ``"TC"``, the joker ``"Jk"``)."""
        return [format_card(c) for c in mask_to_cards(self.hand)]

    @property
    def up(self) -> str:
        return format_card(self.up_card)

    @property
    def trump_name(self) -> str | None:
        return SUITS[self.trump] if self.trump >= 0 else None

    @property
    def played(self) -> int:
        """Mask of every card played so far (finished tricks and the current one)."""
        mask = 0
        for cards, _ in self.tricks:
            for _, c in cards:
                mask |= 1 << c
        for _, c in self.trick:
            mask |= 1 << c
        return mask

    def tricks_won(self, team: int) -> int:
        return sum(1 for _, w in self.tricks if w % 2 == team)


def observe(st: DealState, log: list[tuple[str, int, Action]], score: tuple[int, int],
            ) -> Observation:
    """The pending decision of ``st`` as its seat sees it; ``log`` is every decision taken so
    far in this deal, ``(phase, seat, action)``."""
    seat, phase = st.current_player(), st.phase
    history: list[Decision] = []
    bids: list[tuple[int, Action]] = []
    for ph, p, action in log:
        if p != seat and ph in SILENT_KEEP and action == ("keep",):
            continue
        shown = action
        if p != seat and (ph in PRIVATE or (ph == "farmer" and action[0] == "kitty")
                          or (ph == "chuck" and action[0] == "keep")
                          or (ph == "give" and seat != (p + 2) % 4)):
            shown = None
        history.append((ph, p, shown))
        if ph in ("round1", "round2", "joker_trump") or (ph == "chuck" and action[0] != "keep"):
            bids.append((p, action))
    tricks = []
    cards: list[tuple[int, int]] = []
    for kind, p, value in st.trace:
        if kind == T_PLAY:
            cards.append((p, value))
        elif kind == T_TRICK:
            tricks.append((tuple(cards), p))
            cards = []
    turned_down = st.round == 2 or st.thrown_in == 1 or phase in ("round2", "chuck")
    return Observation(
        rules=st.rules, seat=seat, phase=phase, legal=tuple(st.legal_actions()),
        dealer=st.dealer, hand=st.hands[seat], dealt_hand=st.dealt_hands[seat],
        up_card=st.up_card, turned_down=turned_down, score=tuple(score), redeals=st.redeals,
        trump=st.trump, maker=st.maker, alone=st.alone, defender=st.defender,
        active=tuple(st.active), discard=st.discard if seat == st.dealer else -1,
        bids=tuple(bids), tricks=tuple(tricks), trick=tuple(st.trick), history=tuple(history))
