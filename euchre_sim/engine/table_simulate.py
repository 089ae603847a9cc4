"""The table engine's Python API: deals and games of a table as arrays and DataFrames.

The wrapper owns seeds, chunking and shapes; the kernels (``core.table.batch``) fill the
records. Deal ``i`` of a run is a pure function of ``(seed, i)``, so chunks, threads and
``first`` give the same records (the same keys as the four-handed engine's runs).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..core.common.rng import deal_key, game_key
from ..core.table import layout as TL
from ..core.table.batch import (
    TABLE_KERNELS,
    run_table_deals,
    run_table_deals_traced,
    run_table_games,
)
from ..game.table_spec import TableError, TableSpec
from ..strategies.table import TableStrategy, seat_rows, seat_strategies, table_strategy
from .compile_notice import compile_notice
from .simulate import set_threads

BLOCK = 1024  # deals per parallel block
CHUNK = 1 << 18  # deals per kernel call (records of 288 bytes a deal: 72 MiB)


@dataclass(frozen=True)
class TableMatchup:
    """A table and who plays it: ``a`` for side ``hero`` (team 0 or seat 0 by default),
    ``b`` for every other seat."""

    table: TableSpec
    a: TableStrategy
    b: TableStrategy
    hero: int = 0  # the side (team, or seat at a cut-throat table) that ``a`` plays

    @classmethod
    def of(cls, table: TableSpec, a: str | TableStrategy = "basic",
           b: str | TableStrategy | None = None) -> TableMatchup:
        sa = table_strategy(a)
        return cls(table, sa, table_strategy(b) if b is not None else sa)

    @property
    def seats(self) -> list[TableStrategy]:
        return seat_strategies(self.table, self.a, self.b, self.hero)

    def kernel_args(self) -> tuple:
        """``(*table arrays, kinds, params)``: the arguments every table kernel reads."""
        kinds, params = seat_rows(self.seats, self.table)
        return (*self.table.arrays(), kinds, params)


def _count(n: int, what: str) -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise TableError(f"number of {what} must be a positive integer, got {n!r}")
    return int(n)


def iter_table_deals(matchup: TableMatchup, deals: int, seed: int, first: int = 0,
                     threads: int | None = None, chunk: int = CHUNK) -> Iterator[np.ndarray]:
    """Raw records of deals ``first .. first + deals - 1``, ``chunk`` at a time (the yielded
    array is reused: copy it to keep it)."""
    deals = _count(deals, "deals")
    set_threads(threads)
    key = deal_key(seed)
    args = matchup.kernel_args()
    buf = np.zeros((min(chunk, deals), TL.N_TABLE_FIELDS), np.int64)
    done = 0
    while done < deals:
        n = min(chunk, deals - done)
        with compile_notice(TABLE_KERNELS):
            run_table_deals(key, first + done, n, *args, buf, BLOCK)
        yield buf[:n]
        done += n


def table_games(matchup: TableMatchup, games: int, seed: int, first: int = 0,
                threads: int | None = None, keep_deals: bool = True
                ) -> tuple[np.ndarray, np.ndarray | None]:
    """Games ``first .. first + games - 1``: their rows (``TG_*``) and, with ``keep_deals``,
    the deals of each game as one array of deal records (a ``game`` column first)."""
    games = _count(games, "games")
    set_threads(threads)
    args = matchup.kernel_args()
    grecs = np.zeros((games, TL.N_TABLE_GAME_FIELDS), np.int64)
    width = 64 if keep_deals else 0
    while True:
        gdeals = np.zeros((games if keep_deals else 0, width, TL.N_TABLE_FIELDS), np.int64)
        with compile_notice(TABLE_KERNELS):
            run_table_games(game_key(seed), first, games, *args, grecs, gdeals,
                            max(1, min(64, games // 16)))
        longest = int(grecs[:, TL.TG_DEALS].max())
        if not keep_deals or longest <= width or width >= TL.MAX_TABLE_GAME_DEALS:
            break
        width = min(TL.MAX_TABLE_GAME_DEALS, longest)  # rare long games: play again, wider
    if not keep_deals:
        return grecs, None
    counts = grecs[:, TL.TG_DEALS]
    rows = np.concatenate([gdeals[g, :counts[g]] for g in range(games)])
    game_col = np.repeat(grecs[:, TL.TG_GAME], counts)
    return grecs, np.column_stack([game_col, rows])


def deals_frame(table: TableSpec, recs: np.ndarray) -> pd.DataFrame:
    """Deal records as a DataFrame: the fixed columns, then ``hand_S``, ``tricks_S``,
    ``points_S`` and ``out_S`` (1: sat the play out) for each seat the table has (a hand is a
    mask of the table's card numbers, ``TableSpec.hand_text`` reads it; at a count-down table
    ``points_S`` is the change of that seat's score, negative being good)."""
    cols: dict[str, np.ndarray] = {}
    for i, name in enumerate(TL.TABLE_FIELDS):
        cols[name] = recs[:, i].astype(np.int64 if name == "deal" else np.int16)
    for s in range(table.seats):
        cols[f"hand_{s}"] = recs[:, TL.TF_HAND + s]
    for s in range(table.seats):
        cols[f"tricks_{s}"] = recs[:, TL.TF_TRICKS + s].astype(np.int8)
    for s in range(table.seats):
        cols[f"points_{s}"] = recs[:, TL.TF_POINTS + s].astype(np.int16)
    for s in range(table.seats):
        cols[f"out_{s}"] = recs[:, TL.TF_OUT + s].astype(np.int8)
    return pd.DataFrame(cols)


def games_frame(table: TableSpec, grecs: np.ndarray) -> pd.DataFrame:
    """Game rows: the game, its first dealer, the winning side (-1: none within the cap), the
    deals played and each seat's final score."""
    cols = {name: grecs[:, i] for i, name in enumerate(TL.TABLE_GAME_FIELDS)}
    for s in range(table.seats):
        cols[f"score_{s}"] = grecs[:, TL.TG_SCORE + s]
    return pd.DataFrame(cols)


@dataclass
class TableReplay:
    """One deal replayed with its events: the record row and ``(kind, seat, value)`` events."""

    record: np.ndarray
    trace: list[tuple[int, int, int]]

    def events(self) -> list[tuple[str, int, int]]:
        return [(TL.TABLE_EVENT_NAMES[k], s, v) for k, s, v in self.trace]


def replay_table_deal(matchup: TableMatchup, seed: int, index: int) -> TableReplay:
    """Deal ``index`` of the deal-mode run with ``seed``, with its events."""
    if isinstance(index, bool) or not isinstance(index, (int, np.integer)) or index < 0:
        raise TableError(f"deal index must be a non-negative integer, got {index!r}")
    recs = np.zeros((1, TL.N_TABLE_FIELDS), np.int64)
    trace = np.zeros((1, TL.TABLE_TRACE_CAP, 3), np.int16)
    with compile_notice(TABLE_KERNELS):
        run_table_deals_traced(deal_key(seed), int(index), 1, *matchup.kernel_args(), recs,
                               trace)
    events = [(int(k), int(s), int(v)) for k, s, v in trace[0] if k != 0]
    return TableReplay(recs[0].copy(), events)


__all__ = [
    "TableMatchup", "TableReplay", "deals_frame", "games_frame", "iter_table_deals",
    "replay_table_deal", "table_games",
]
