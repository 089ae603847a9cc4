"""A built-in strategy as a Python agent that decides from its :class:`Observation` alone.

``builtin("advanced")`` sees only what its seat sees. To ask the compiled strategy, it deals
a *world* that fits the observation (the seat's own cards; every card the others played, in
their hands; the rest of the deck spread over the hands the others still hold and the
kitty, respecting the suits they showed void in; a card of the dealer's as his unseen
discard), replays the public history in that world with the reference engine (which checks
that every action was legal there) and asks the kernels, as a compiled seat of the table is
asked (``agents.compiled``). The built-in strategies read only what their seat may know
(``core/four/decisions.py``), so any fitting world gives the same answer; ``tests/test_agents.py``
checks that such agents reproduce the kernels' records.

``builtin("random")`` draws from the deal's stream (``wants_stream``), as the kernels do.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..game.cards import deck_cards
from ..oracle.engine import DealState, effective_suit, is_trump
from ..oracle.strategies import uniform
from ..strategies import Strategy, get_strategy
from .compiled import ReplayError, compiled_action
from .observation import SILENT_KEEP, Action, Observation

WORLD_TRIES = 50


class BuiltinAgent:
    """A built-in strategy played from the observation (see the module's note)."""

    def __init__(self, spec: str | Strategy):
        self.strategy = get_strategy(spec)
        self.name = self.strategy.label
        self.wants_stream = self.strategy.kind_name == "random"

    def act(self, obs: Observation, legal: Sequence[Action], stream=None) -> Action:
        if self.wants_stream:
            return uniform(None, list(legal), stream, {})
        rnd = random.Random(len(obs.history) * 4 + obs.seat)
        for _ in range(WORLD_TRIES):
            world = deal_world(obs, rnd)
            if world is None:
                continue
            replayed = replay_history(obs, *world)
            if replayed is None:
                continue
            st, kitty, log = replayed
            others = {0, 1, 2, 3} - {obs.seat}
            return compiled_action(obs.rules, self.strategy, st, kitty, log, obs.score, others)
        raise ReplayError(f"no deal fits seat {obs.seat}'s observation at its {obs.phase} "
                          f"decision after {WORLD_TRIES} tries")


def builtin(spec: str | Strategy) -> BuiltinAgent:
    """The built-in strategy ``spec`` (a name such as ``"advanced"``, ``"name:key=value"``, a
    strategy file or a Strategy) as an agent that decides from its observation."""
    return BuiltinAgent(spec)


def deal_world(obs: Observation, rnd: random.Random,
               ) -> tuple[list[int], list[int], int] | None:
    """Dealt hands of a world that fits ``obs``, its kitty and the dealer's discard (-1 when
    he took nothing up or is the observer), or None when the random spread failed."""
    me, dealer, up, trump = obs.seat, obs.dealer, obs.up_card, obs.trump
    known: dict[int, set[int]] = {p: set() for p in range(4)}
    void: dict[int, set[int]] = {p: set() for p in range(4)}
    for n, (cards, _) in enumerate([*obs.tricks, (obs.trick, -1)]):
        if not cards:
            continue
        led = effective_suit(cards[0][1], trump)
        for p, c in cards:
            known[p].add(c)
            if effective_suit(c, trump) != led:
                void[p].add(led)
        leader = cards[0][0]
        if n == 0 and obs.rules.no_first_blood and is_trump(cards[0][1], trump):
            void[leader] |= {s for s in range(4) if s != trump}  # he held trumps only
    picked = any(ph == "discard" for ph, _, _ in obs.history)
    if picked:
        known[dealer].discard(up)
    mine = obs.dealt_hand
    taken = {c for c in known[me] | set(_bits(obs.hand)) if not mine >> c & 1 and c != up}
    pool = [c for c in deck_cards(obs.rules.deck)
            if not mine >> c & 1 and c != up and c not in taken
            and not any(c in known[p] for p in range(4) if p != me)]
    rnd.shuffle(pool)
    hands = [0, 0, 0, 0]
    hands[me] = mine
    discard = -1
    others = sorted((p for p in range(4) if p != me), key=lambda p: -len(void[p]))
    for p in others:
        need = 5 - len(known[p])
        if p == dealer and picked:
            need -= 1  # his discard, taken below, is free of his voids
        chosen = [c for c in pool if effective_suit(c, trump) not in void[p]][:need] \
            if trump >= 0 else pool[:need]
        if len(chosen) < need:
            return None
        for c in chosen:
            pool.remove(c)
        hands[p] = sum(1 << c for c in known[p] | set(chosen))
    if picked and dealer != me:
        discard = pool.pop()
        hands[dealer] |= 1 << discard
    kitty = sorted(taken) + pool
    return hands, kitty[:3] if len(kitty) >= 3 else kitty, discard


def replay_history(obs: Observation, hands: list[int], kitty: list[int], discard: int,
                   ) -> tuple[DealState, list[int], list] | None:
    """The world's deal brought to ``obs``'s decision by its history (None if it does not
    fit): the deal state, its kitty and the log of decisions, as a table's seat has them."""
    st = DealState(obs.rules, obs.dealer, hands, obs.up_card, kitty, obs.score,
                   redeals=obs.redeals)
    log: list = []
    pending = list(obs.history)

    def take(action: Action) -> bool:
        if action not in st.legal_actions():
            return False
        log.append((st.phase, st.current_player(), action))
        st.apply(action)
        return True

    while pending:
        if st.is_terminal():
            return None
        phase, seat, action = pending[0]
        if (st.phase, st.current_player()) != (phase, seat):
            if st.phase in SILENT_KEEP and st.current_player() != obs.seat:
                if not take(("keep",)):  # an eligible hand of the world, kept in silence
                    return None
                continue
            return None
        if action is None:
            if phase != "discard":
                raise ReplayError(f"the {phase} decision of seat {seat} is hidden from seat "
                                  f"{obs.seat} and the kernels cannot replay it")
            action = ("discard", discard)
        if not take(action):
            return None
        pending.pop(0)
    while (not st.is_terminal() and st.phase in SILENT_KEEP
           and st.current_player() != obs.seat):
        if not take(("keep",)):
            return None
    if (st.phase, st.current_player()) != (obs.phase, obs.seat):
        return None
    if tuple(st.legal_actions()) != obs.legal:
        return None
    return st, kitty, log


def _bits(mask: int) -> list[int]:
    return [c for c in range(33) if mask >> c & 1]
