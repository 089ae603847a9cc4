"""A compiled strategy's decision at a position of the reference engine, asked of the kernels.

The deal kernel plays whole deals and never stops for Python, so a compiled strategy (a
``reference``, scripted or ``pimc`` kind) is asked its decision by replaying the deal so far
in the kernel as a *preset deal with a script* (docs/engine.md, "Preset deals and scripts"):
the dealt hands, the up-card and the kitty, and every decision already taken forced by the
script. The kernel then reaches the pending decision in exactly the state of an ordinary deal
(a forced action goes through the same state updates as a chosen one) and the strategy
decides it; its choice is read from the trace, whose first events must be the deal's so far.

What a script cannot force (the farmer's exchange, the joker's trump, a chuck and the card
kept, partner's best) is left to the kernel's strategy of that seat: right when the seat is a
compiled seat of the same strategy, an error (:class:`ReplayError`) when another player
(a Python agent, a random seat) took it. A redeal ends a deal state; the next one is a new
preset deal, so scripts always start from a deal's own cards.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..core.common import layout as L
from ..engine.simulate import Matchup, PresetDeal, preset_traces
from ..game.cards import NO_TRUMP, cards_to_mask
from ..game.rules import Rules
from ..oracle.engine import (
    T_ALONE,
    T_CALL,
    T_CHUCK,
    T_DEFEND_ALONE,
    T_DISCARD,
    T_FARMER,
    T_GIVE,
    T_LONE_DISCARD,
    T_ORDER,
    T_PLAY,
    T_REDEAL,
    DealState,
)
from ..strategies import Strategy

Action = tuple
Log = list[tuple[str, int, Action]]  # (phase, seat, action) in the order taken, with plays


class ReplayError(RuntimeError):
    """A position the kernels cannot be brought to (a decision their scripts cannot force)."""


_ARRAYS: dict[tuple[Rules, str], tuple[np.ndarray, np.ndarray]] = {}


def table_arrays(rules: Rules, strategy: Strategy) -> tuple[np.ndarray, np.ndarray]:
    """The kernel arrays of a table where both teams play ``strategy``, made once per rules
    and strategy (a Strategy holds dicts: the key is its repr)."""
    key = (rules, repr(strategy))
    if key not in _ARRAYS:
        _ARRAYS[key] = Matchup(strategy, strategy).arrays(rules)
    return _ARRAYS[key]


@lru_cache(maxsize=16)
def rules_array(rules: Rules) -> np.ndarray:
    return rules.to_array()


def script_of(log: Log, rules: Rules, forced_by: set[int] | None = None) -> list[int]:
    """The script (``N_SCRIPT`` slots) forcing the decisions of ``log``; ``forced_by`` the
    seats whose unscriptable decisions are an error (None: every seat's)."""
    script = [-1] * L.N_SCRIPT
    plays = 0
    for phase, seat, action in log:
        if phase == "redeal":
            script[L.SC_REDEAL + seat] = int(action == ("redeal",))
        elif phase == "round1":
            script[L.SC_ROUND1 + seat] = int(action == ("order",))
        elif phase == "round2":
            script[L.SC_ROUND2 + seat] = (L.SCRIPT_PASS if action == ("pass",) else
                                        L.SCRIPT_NO_TRUMP if action[1] == NO_TRUMP else action[1])
        elif phase == "discard":
            script[L.SC_DISCARD] = action[1]
        elif phase == "alone":
            script[L.SC_ALONE + seat] = int(action[1])
        elif phase == "defend_alone":
            script[L.SC_DEFEND + seat] = int(action[1])
        elif phase == "play":
            script[L.SC_PLAY + plays] = action[1]
            plays += 1
        elif phase == "chuck" and action == ("name",):
            pass  # the suit his round-2 slot forces is named without the chuck question
        elif forced_by is None or seat in forced_by:
            raise ReplayError(f"a {phase} decision of seat {seat} cannot be replayed in the "
                              "kernels (their scripts do not force it): with compiled "
                              "strategies at the table, leave this rule option off")
    return script


def preset_row(st: DealState, kitty: list[int], script: list[int],
               score: tuple[int, int]) -> list[int]:
    """The deal of ``st`` as it was dealt, with ``script``: a row of the kernels' presets."""
    return PresetDeal(tuple(st.dealt_hands), st.up_card, st.dealer, cards_to_mask(kitty),
                      score, tuple(script)).row()


def kernel_events(rules: Rules, arrays: tuple[np.ndarray, np.ndarray], st: DealState,
                  kitty: list[int], log: Log, score: tuple[int, int],
                  forced_by: set[int] | None = None) -> list[tuple[int, int, int]]:
    """The kernel's trace of the deal of ``st`` replayed with ``log`` forced (its first
    events are checked to be the deal's so far)."""
    script = script_of(log, rules, forced_by)
    for seat in st.mcevoy or ():  # mcevoy_limit in a game: his call is made, he is not asked
        if script[L.SC_REDEAL + seat] < 0:
            script[L.SC_REDEAL + seat] = 0
    row = preset_row(st, kitty, script, score)
    trace = preset_traces(rules_array(rules), arrays, np.array([row], np.int64))[0]
    events = [(int(k), int(s), int(v)) for k, s, v in trace if k != 0]
    n = len(st.trace)
    if events[:n] != st.trace:
        raise ReplayError("the kernel's replay of the deal left its history "
                          f"({events[:n]} != {st.trace})")
    return events


def action_from_events(st: DealState, events: list[tuple[int, int, int]]) -> Action:
    """The action the kernel took at ``st``'s pending decision, read from its trace."""
    phase, seat, legal = st.phase, st.current_player(), st.legal_actions()
    n = len(st.trace)
    kind, who, value = events[n] if n < len(events) else (0, -1, 0)
    mine = who == seat
    if phase == "redeal":
        action = ("redeal",) if kind == T_REDEAL and mine else ("keep",)
    elif phase == "round1":
        action = ("order",) if kind == T_ORDER and mine else ("pass",)
    elif phase == "round2":
        action = ("call", value) if kind == T_CALL and mine else ("pass",)
    elif phase == "chuck":
        if ("name",) in legal:
            action = ("chuck",) if kind == T_CHUCK and mine else ("name",)
        else:
            action = ("keep", value)
    elif phase == "farmer":
        if ("exchange",) in legal:
            action = ("exchange",) if kind == T_FARMER and mine else ("keep",)
        else:
            action = ("kitty",) + tuple(sorted(e[2] for e in events[n:n + 3]))
    elif phase == "joker_trump":
        action = ("call", value)
    elif phase == "discard":
        action = ("discard", value) if kind == T_DISCARD else None
    elif phase == "alone":
        action = ("alone", kind == T_ALONE and mine)
    elif phase == "defend_alone":
        action = ("defend", kind == T_DEFEND_ALONE and mine)
    elif phase == "railroad":
        action = ("railroad", bool(value))
    elif phase == "give":
        action = ("give", value) if kind == T_GIVE else None
    elif phase == "lone_discard":
        action = ("discard", value) if kind == T_LONE_DISCARD else None
    else:
        action = ("play", value) if kind == T_PLAY and mine else None
    if action not in legal:
        raise ReplayError(f"the kernel's {phase} decision of seat {seat} reads as {action!r}, "
                          f"not a legal action ({legal!r})")
    return action


def compiled_action(rules: Rules, strategy: Strategy, st: DealState, kitty: list[int],
                    log: Log, score: tuple[int, int], forced_by: set[int] | None = None,
                    ) -> Action:
    """``strategy``'s decision at the pending decision of ``st`` (both teams play it in the
    replay: the other seats' decisions so far are forced, the ones after are not read)."""
    arrays = table_arrays(rules, strategy)
    events = kernel_events(rules, arrays, st, kitty, log, score, forced_by)
    return action_from_events(st, events)

