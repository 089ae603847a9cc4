"""Deals and duplicate matches between any mix of Python agents and built-in strategies.

A deal is the reference engine's :class:`~euchre_sim.oracle.engine.DealState`, shuffled from the
deal's own random stream (:func:`~euchre_sim.oracle.engine.deal_rng`: the kernels' shuffle and
numbers for the same seed and index) and driven decision by decision:

* a Python agent's seat: the agent is called with the seat's :class:`Observation` and the
  legal actions, and must return one of them (else :class:`AgentError`);
* a ``random`` seat: uniform over the legal actions from the deal's stream, exactly as the
  kernels' random kind draws (``reference_strategies.uniform``, proven identical by
  ``tests/test_differential.py``);
* any other built-in (``reference``, the scripted family, ``pimc``): its compiled decision,
  asked of the kernels by replaying the deal so far (``agents.compiled``).

Records and traces are the reference engine's, field for field those of the kernels
(``docs/engine.md``): with agents that play like the built-ins, the records equal those of
``simulate_deals`` for the same seed (``tests/test_agents.py``). A ``pimc`` seat draws its
worlds from the stream of its replayed preset deal, not from the deal's: it plays at its
strength but not bit for bit as in a kernel run.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import pandas as pd

from ..analysis.match import DuplicateTotals, MatchResult
from ..core.common import layout as L
from ..engine.simulate import SimulationError, records_frame
from ..game.rules import Rules
from ..oracle.engine import RECORD_FIELDS, DealState, Rng, deal_rng, shuffle_and_deal
from ..oracle.strategies import uniform
from ..strategies import Strategy, get_strategy
from .compiled import compiled_action
from .observation import Action, Observation, observe


class AgentError(ValueError):
    """An agent returned an action that is not legal (one-line message)."""


class Agent(Protocol):
    """A player: ``act(obs, legal) -> action``, one of ``legal`` (docs/agents.md). A plain
    function ``f(obs, legal)`` is accepted too. An agent with ``wants_stream = True`` is
    called ``act(obs, legal, stream)`` with the deal's random stream (``stream.below(n)``),
    so that it can draw the kernels' random numbers (``builtin("random")`` does)."""

    def act(self, obs: Observation, legal: Sequence[Action]) -> Action: ...


AgentLike = Agent | Callable[[Observation, Sequence[Action]], Action]
SeatSpec = AgentLike | str | Strategy


@dataclass(frozen=True)
class AgentSide:
    """A Python agent as one side of a match (what ``MatchResult`` prints as its label)."""

    label: str

    def describe(self) -> dict:
        return {"name": self.label, "kind": "python", "spec": self.label, "params": {}}


def agent_name(agent: Any) -> str:
    """A readable name: the agent's ``name`` attribute, else its function or class name."""
    name = getattr(agent, "name", None)
    if isinstance(name, str) and name:
        return name
    return getattr(agent, "__name__", None) or type(agent).__name__


def _is_agent(spec: Any) -> bool:
    return not isinstance(spec, (str, Strategy)) and (hasattr(spec, "act") or callable(spec))


def _legal_text(legal: Sequence[Action]) -> str:
    return ", ".join(" ".join(str(x) for x in a) for a in legal)


class _Seat:
    label = ""

    def decide(self, st: DealState, log: list, rng: Rng, kitty: list[int],
               score: tuple[int, int]) -> Action:
        raise NotImplementedError


class _AgentSeat(_Seat):
    def __init__(self, agent: AgentLike):
        self.agent = agent
        self.label = agent_name(agent)
        act = getattr(agent, "act", None)
        self.call = act if callable(act) else agent
        self.stream = bool(getattr(agent, "wants_stream", False))

    def decide(self, st, log, rng, kitty, score):
        obs = observe(st, log, score)
        legal = list(obs.legal)
        action = self.call(obs, legal, rng) if self.stream else self.call(obs, legal)
        try:
            action = tuple(action)
        except TypeError:
            pass
        if action not in legal:
            where = f"trick {st.trick_number + 1}" if st.phase == "play" else "bidding"
            raise AgentError(f"seat {obs.seat} ({self.label}) returned {action!r} at its "
                             f"{obs.phase} decision ({where}); legal: {_legal_text(legal)}")
        return action


class _RandomSeat(_Seat):
    def __init__(self, strategy: Strategy):
        self.label = strategy.label

    def decide(self, st, log, rng, kitty, score):
        return uniform(st, st.legal_actions(), rng, {})


class _CompiledSeat(_Seat):
    def __init__(self, strategy: Strategy, rules: Rules):
        self.strategy = strategy
        self.label = strategy.label
        self.rules = rules
        self.foreign: set[int] = set()  # seats whose unscriptable decisions break a replay

    def decide(self, st, log, rng, kitty, score):
        return compiled_action(self.rules, self.strategy, st, kitty, log, score, self.foreign)


# the decisions a kernel script cannot force (``compiled.script_of``): a compiled seat
# replays them only as its own strategy takes them
UNSCRIPTED_PHASES = frozenset({"farmer", "joker_trump", "chuck", "railroad", "give",
                               "lone_discard"})


class _StandInSeat(_Seat):
    """An agent's seat whose decisions no kernel script can force are taken by a compiled
    strategy, so that compiled seats of that strategy can replay them; the agent is told
    (``agent.stood_in(obs, action)``, when it has one) and decides the rest."""

    def __init__(self, inner: _AgentSeat, strategy: Strategy, rules: Rules):
        self.inner, self.strategy, self.rules = inner, strategy, rules
        self.label = inner.label

    def decide(self, st, log, rng, kitty, score):
        if st.phase not in UNSCRIPTED_PHASES:
            return self.inner.decide(st, log, rng, kitty, score)
        obs = observe(st, log, score)
        action = compiled_action(self.rules, self.strategy, st, kitty, log, score, set())
        told = getattr(self.inner.agent, "stood_in", None)
        if callable(told):
            told(obs, action)
        return action


def stand_in(rules: Rules, table: list[_Seat], seat: int, strategy: str | Strategy) -> None:
    """Let compiled ``strategy`` take the decisions of the agent at ``seat`` that a kernel
    script cannot force (``UNSCRIPTED_PHASES``: the farmer's hand, the joker's trump, the
    chuck, partner's best), so that the table's compiled seats of that strategy replay them
    (docs/agents.md, "Limits")."""
    strategy = get_strategy(strategy)
    if not isinstance(table[seat], _AgentSeat):
        raise SimulationError(f"seat {seat} is not an agent's")
    table[seat] = _StandInSeat(table[seat], strategy, rules)
    for other in table:
        if isinstance(other, _CompiledSeat) and other.strategy == strategy:
            other.foreign.discard(seat)


def make_table(rules: Rules, seats: Mapping[int, SeatSpec], vs: SeatSpec) -> list[_Seat]:
    """The four seats: ``seats[s]`` where given, ``vs`` elsewhere."""
    if rules.smitty:
        raise SimulationError("smitty is not supported at agent tables: no kernel script "
                              "can replay the eldest's guess of the up-card's suit")
    bad = [s for s in seats if s not in (0, 1, 2, 3)]
    if bad:
        raise SimulationError(f"seats are 0..3, got {bad}")
    table: list[_Seat] = []
    for s in range(4):
        spec = seats.get(s, vs)
        if _is_agent(spec):
            table.append(_AgentSeat(spec))
            continue
        strategy = get_strategy(spec)
        table.append(_RandomSeat(strategy) if strategy.kind_name == "random"
                     else _CompiledSeat(strategy, rules))
    for seat in table:
        if isinstance(seat, _CompiledSeat):
            seat.foreign = {p for p, other in enumerate(table)
                            if not (isinstance(other, _CompiledSeat)
                                    and other.strategy == seat.strategy)}
    return table


Watch = Callable[[DealState], None]


def play_stream(rules: Rules, table: Sequence[_Seat], rng: Rng, dealer: int,
                score: tuple[int, int], mcevoy: set[int] | None = None,
                watch: Watch | None = None,
                ) -> tuple[dict[str, int], list[tuple[int, int, int]]]:
    """One deal at ``table`` dealt from ``rng`` (a redeal reshuffles on it), ``score`` the
    score before it, ``mcevoy`` a game's McEvoy callers (``reference.mcevoy_calls``): its
    record (``deal`` = 0) and trace. ``watch(st)`` is called with each deal state when it is
    dealt and after every action (a screen following the play)."""
    trace: list[tuple[int, int, int]] = []
    redeals = 0
    while True:
        hands, up_card, kitty = shuffle_and_deal(rng, rules.deck, dealer)
        st = DealState(rules, dealer, hands, up_card, kitty, score, redeals=redeals,
                       mcevoy=mcevoy)
        log: list[tuple[str, int, Action]] = []
        if watch is not None:
            watch(st)
        while not st.is_terminal():
            phase, seat = st.phase, st.current_player()
            action = table[seat].decide(st, log, rng, kitty, score)
            st.apply(action)
            log.append((phase, seat, action))
            if watch is not None:
                watch(st)
        trace.extend(st.trace)
        if not st.redeal_called:
            return st.record(), trace
        redeals += 1


def play_deal(rules: Rules, table: Sequence[_Seat], seed: int, index: int,
              ) -> tuple[dict[str, int], list[tuple[int, int, int]]]:
    """Deal ``index`` of the run with ``seed`` (dealer ``index % 4``, score 0-0) at ``table``:
    its record and trace, as ``reference.play_deal`` gives them."""
    rec, trace = play_stream(rules, table, deal_rng(seed, index), index % 4, (0, 0))
    rec["deal"] = index
    return rec, trace


def _side_label(table: Sequence[_Seat], team: int) -> str:
    a, b = table[team].label, table[team + 2].label
    return a if a == b else f"{a}/{b}"


def deal_rows(rules: Rules, table: Sequence[_Seat], deals: int, seed: int, first: int = 0,
              traces: list | None = None) -> np.ndarray:
    """Raw record rows (int64, ``RECORD_FIELDS`` columns) of deals ``first ..``; each deal's
    trace is appended to ``traces`` when given."""
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise SimulationError(f"number of deals must be a positive integer, got {deals!r}")
    rows = np.zeros((deals, len(RECORD_FIELDS)), np.int64)
    for i in range(deals):
        rec, trace = play_deal(rules, table, seed, first + i)
        rows[i] = [rec[f] for f in RECORD_FIELDS]
        if traces is not None:
            traces.append(trace)
    return rows


def play_deals(rules: Rules, seats: Mapping[int, SeatSpec], vs: SeatSpec = "advanced", *,
               deals: int, seed: int, first: int = 0,
               traces: list | None = None) -> pd.DataFrame:
    """Records of deals ``first .. first+deals-1`` of the run with ``seed``, ``seats[s]`` (an
    agent, or a strategy name) at seat ``s`` and ``vs`` at the others: the DataFrame of
    :func:`~euchre_sim.engine.simulate.simulate_deals` (``strategy0``/``strategy1`` name each team's
    players). Each deal's trace is appended to ``traces`` when given."""
    table = make_table(rules, seats, vs)
    df = records_frame(deal_rows(rules, table, deals, seed, first, traces))
    n = len(df)
    return df.assign(**{f"strategy{t}": pd.Categorical.from_codes(
        np.zeros(n, np.int8), [_side_label(table, t)]) for t in (0, 1)})


def _side(spec: SeatSpec) -> Strategy | AgentSide:
    return AgentSide(agent_name(spec)) if _is_agent(spec) else get_strategy(spec)


def match(a: SeatSpec, b: SeatSpec = "advanced", rules: Rules | None = None, *, deals: int,
          seed: int, first: int = 0) -> MatchResult:
    """A duplicate match of ``a`` against ``b`` (agents or strategy names): deals ``first ..``
    played with ``a`` as team 0, then again with the sides swapped, paired deal by deal. The
    result is ``euchre-sim match``'s (``to_text()``, ``to_dict()``), from the same statistics
    code (``analysis.match.DuplicateTotals``)."""
    rules = rules or Rules()
    one = deal_rows(rules, make_table(rules, {0: a, 2: a}, b), deals, seed, first)
    two = deal_rows(rules, make_table(rules, {1: a, 3: a}, b), deals, seed, first)
    totals = DuplicateTotals()
    totals.ab.add(one)
    totals.ba.add(two)
    twice = ((one[:, L.F_POINTS0] - one[:, L.F_POINTS1])
             + (two[:, L.F_POINTS1] - two[:, L.F_POINTS0]))
    totals.add_deal_boards(twice)
    return totals.result(_side(a), _side(b))
