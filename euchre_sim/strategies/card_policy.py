"""A strategy file's learned card policy (``[card_policy]``), read and written by class name.

Each entry names a class of position (``core/four/card_policy.py``'s fields joined by
``" | "``, for example ``"lead | defender | trick 4 | trumps 2 | no boss | out 1 | side bosses
0 | won 1 | three side suits | partner may hold trump"``) and the kind of card
to play there (``"trump low"``); ``"scripted"`` removes an entry a ``based_on`` strategy had.
A name without the last three fields (the refinement: tricks won and two facts) is a *coarse*
class and stands for all sixteen of its refinements. Numbers in a class name are counts capped
at their last value (``trumps 3``: three or more; ``out 2``: two or more trumps still out;
``side bosses 2``: two or more; ``won 3``: three tricks).
"""

from __future__ import annotations

import difflib
import hashlib
import json
from functools import cache

from ..core.four.card_policy import (
    ACTION_NAMES,
    KEY_SEPARATOR,
    N_COARSE,
    N_LEAD_KEYS,
    N_REFINE,
    coarse_fields,
    key_fields,
    refinement_fields,
)


@cache
def coarse_names() -> dict[str, int]:
    """Every coarse class's name and index."""
    return {KEY_SEPARATOR.join(coarse_fields(k)): k for k in range(N_COARSE)}


@cache
def refinement_names(lead: bool) -> dict[str, int]:
    """The names of the sixteen refinements of a lead's (or a follow's) class."""
    return {KEY_SEPARATOR.join(refinement_fields(lead, r)): r for r in range(N_REFINE)}


def class_name(key: int) -> str:
    return KEY_SEPARATOR.join(key_fields(key))


def class_keys(name: str) -> list[int]:
    """The classes a name stands for: one for a full name, sixteen for a coarse one; a
    ValueError with a one-line message for a name that is neither."""
    fields = str(name).split(KEY_SEPARATOR)
    head = KEY_SEPARATOR.join(fields[:-3])
    coarse = coarse_names().get(head)
    if coarse is not None:
        refine = refinement_names(coarse < N_LEAD_KEYS).get(KEY_SEPARATOR.join(fields[-3:]))
        if refine is not None:
            return [coarse * N_REFINE + refine]
    coarse = coarse_names().get(str(name))
    if coarse is not None:
        return [coarse * N_REFINE + r for r in range(N_REFINE)]
    close = difflib.get_close_matches(head if head in coarse_names() else str(name),
                                      coarse_names(), n=1)
    hint = f" (did you mean {close[0]!r}, with or without its refinement?)" if close else ""
    raise ValueError(f"unknown card_policy class {str(name)[:200]!r}{hint}")


def read_policy(table: object, policy: dict[int, int]) -> tuple[tuple[int, int], ...]:
    """``policy`` (class -> action, from a ``based_on`` strategy) updated by a ``[card_policy]``
    table, entries in order (a full name after a coarse one overrides that refinement); a
    ValueError with a one-line message for an unknown class or action."""
    if not isinstance(table, dict):
        raise ValueError("card_policy must be a table of class = action")
    for name, action in table.items():
        keys = class_keys(name)
        if action not in ACTION_NAMES:
            raise ValueError(f"card_policy {name!r}: unknown action {action!r}, expected one "
                             f"of {', '.join(ACTION_NAMES)}")
        code = ACTION_NAMES.index(action)
        for key in keys:
            if code == 0:
                policy.pop(key, None)
            else:
                policy[key] = code
    return tuple(sorted(policy.items()))


def policy_toml_lines(policy: tuple[tuple[int, int], ...]) -> list[str]:
    """The ``[card_policy]`` table's lines (without its header): for each coarse class with an
    entry, its name with the action most of its refinements take (left out where that is the
    conventions), then each refinement that takes another."""
    entries = dict(policy)
    lines = []
    for coarse in sorted({key // N_REFINE for key in entries}):
        fine = [entries.get(coarse * N_REFINE + r, 0) for r in range(N_REFINE)]
        common = max(sorted(set(fine)), key=fine.count)
        if common:
            lines.append(f"{json.dumps(KEY_SEPARATOR.join(coarse_fields(coarse)))} = "
                         f"{json.dumps(ACTION_NAMES[common])}")
        lines += [f"{json.dumps(class_name(coarse * N_REFINE + r))} = {json.dumps(ACTION_NAMES[a])}"
                  for r, a in enumerate(fine) if a != common]
    return lines


def policy_digest(policy: tuple[tuple[int, int], ...]) -> str:
    """A short digest of the entries, for a result's provenance."""
    text = ";".join(f"{k}:{a}" for k, a in policy)
    return hashlib.sha256(text.encode()).hexdigest()[:16]
