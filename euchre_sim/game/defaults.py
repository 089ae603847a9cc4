"""The defaults every command, experiment file and Python function shares, one per concept.

A command that is not told which strategy plays, which seed to use or how many deals to play
takes the value named here, and its ``--help`` says so. The one exception is ``play``, whose
game seed is random by default (a new game each time).
"""

from __future__ import annotations

DEFAULT_TABLE = "tuned"
"""The four-handed strategy that plays when none is named: the table of every answer."""

DEFAULT_AT_OTHER_TABLES = "basic"
"""The strategy at the other tables (three-handed, Bid Euchre, ...), where ``tuned`` does not
play: the basic kind with that table's climbed parameters."""

DEFAULT_SEED = 1
"""The seed of a run: the same command gives the same numbers."""

DEFAULT_DEALS = 100_000
"""Deals (or games) of a run that names no count."""

__all__ = ["DEFAULT_AT_OTHER_TABLES", "DEFAULT_DEALS", "DEFAULT_SEED", "DEFAULT_TABLE"]
