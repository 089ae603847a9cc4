"""A strategy file's learned card policy (``[card_policy]``), read and written by class name.

Each entry names a class of position (``core/four/card_policy.py``'s fields joined by
``" | "``, for example ``"lead | defender | trick 4 | trumps 2 | no boss | out 1 | side bosses
0"``) and the kind of card to play there (``"trump low"``); ``"scripted"`` removes an entry a
``based_on`` strategy had. Numbers in a class name are counts capped at their last value
(``trumps 3``: three or more; ``out 2``: two or more trumps still out; ``side bosses 2``: two
or more).
"""

from __future__ import annotations

import difflib
import hashlib
import json
from functools import cache

from ..core.four.card_policy import ACTION_NAMES, KEY_SEPARATOR, N_POLICY, key_fields


@cache
def class_names() -> dict[str, int]:
    """Every class's name and index."""
    return {KEY_SEPARATOR.join(key_fields(k)): k for k in range(N_POLICY)}


def class_name(key: int) -> str:
    return KEY_SEPARATOR.join(key_fields(key))


def read_policy(table: object, policy: dict[int, int]) -> tuple[tuple[int, int], ...]:
    """``policy`` (class -> action, from a ``based_on`` strategy) updated by a ``[card_policy]``
    table; a ValueError with a one-line message for an unknown class or action."""
    if not isinstance(table, dict):
        raise ValueError("card_policy must be a table of class = action")
    names = class_names()
    for name, action in table.items():
        key = names.get(str(name))
        if key is None:
            close = difflib.get_close_matches(str(name), names, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise ValueError(f"unknown card_policy class {name!r}{hint}")
        if action not in ACTION_NAMES:
            raise ValueError(f"card_policy {name!r}: unknown action {action!r}, expected one "
                             f"of {', '.join(ACTION_NAMES)}")
        code = ACTION_NAMES.index(action)
        if code == 0:
            policy.pop(key, None)
        else:
            policy[key] = code
    return tuple(sorted(policy.items()))


def policy_toml_lines(policy: tuple[tuple[int, int], ...]) -> list[str]:
    """The ``[card_policy]`` table's lines (without its header)."""
    return [f"{json.dumps(class_name(k))} = {json.dumps(ACTION_NAMES[a])}" for k, a in policy]


def policy_digest(policy: tuple[tuple[int, int], ...]) -> str:
    """A short digest of the entries, for a result's provenance."""
    text = ";".join(f"{k}:{a}" for k, a in policy)
    return hashlib.sha256(text.encode()).hexdigest()[:16]
