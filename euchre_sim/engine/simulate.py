"""The Python API: seeds, batching, threads, and records as DataFrames.

    >>> from euchre_sim import simulate_deals, Rules
    >>> df = simulate_deals(Rules.named("north-american"), "reference", deals=10_000, seed=1)

Deal ``i`` of a run is a pure function of ``(seed, i, rules, strategies)``: the same records come
back for any number of threads and any chunking, and :func:`replay_deal` replays one deal alone.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache, partial

import numba
import numpy as np
import pandas as pd

from ..core.common import layout as L
from ..core.common.rng import deal_key, game_key
from ..core.four.batch import (
    KERNELS,
    new_replay,
    run_deals,
    run_deals_traced,
    run_duplicate_deals,
    run_games,
    run_presets,
    run_presets_at,
)
from ..game.cards import (
    cards_to_mask,
    deck_mask,
    format_hand,
    mask_to_cards,
    parse_card,
    parse_hand,
)
from ..game.rules import Rules
from ..strategies import Strategy, compile_pair, get_strategy, score_blind
from ..strategies.equity_table import markov_equity, point_distribution
from .compile_notice import compile_notice
from .pacing import Pace, parallel_block

DEFAULT_CHUNK = 1 << 16  # deals a shard or a stopping rule counts in (see cache_chunk)
BLOCK = 4096
CHUNK_BLOCKS = 4  # blocks per thread in one kernel call (cache_chunk)
GAME_BLOCK = 64
GAME_DEAL_BUFFER = 96

RECORD_DTYPES: dict[str, str] = {f: "int8" for f in L.RECORD_FIELDS}
RECORD_DTYPES.update(
    deal="int64", hand0="int64", hand1="int64", hand2="int64", hand3="int64",
    redeals="int16", winners="int16",
)
GAME_DTYPES = {
    "game": "int64", "first_dealer": "int8", "winner": "int8", "score0": "int16",
    "score1": "int16", "deals": "int16",
}


class SimulationError(ValueError):
    """Bad simulation arguments (one-line message)."""


@dataclass(frozen=True)
class Matchup:
    """Who plays: strategy ``a`` for team 0 (seats 0, 2), ``b`` for team 1 (seats 1, 3)."""

    a: Strategy
    b: Strategy

    @classmethod
    def of(cls, a: str | Strategy, b: str | Strategy | None = None) -> Matchup:
        sa = get_strategy(a)
        return cls(sa, get_strategy(b) if b is not None else sa)

    def arrays(self, rules: Rules) -> tuple[np.ndarray, np.ndarray]:
        """Kernel arrays (kinds, params) under ``rules``, which the match-equity table of a
        score-aware side depends on (:func:`equity_model`, computed only if one reads it)."""
        return compile_pair(self.a, self.b, partial(equity_model, rules))


def strategy_columns(matchup: Matchup, n: int) -> dict[str, pd.Categorical]:
    """Columns saying which strategy played where (dictionary-encoded, so nearly free)."""
    return {
        "strategy0": pd.Categorical.from_codes(np.zeros(n, np.int8), [matchup.a.label]),
        "strategy1": pd.Categorical.from_codes(np.zeros(n, np.int8), [matchup.b.label]),
    }


def set_threads(threads: int | None) -> int:
    """Use ``threads`` numba threads (None: all cores); returns the number in use."""
    top = numba.config.NUMBA_NUM_THREADS
    if threads is None:
        threads = top
    if not isinstance(threads, int) or threads < 1 or threads > top:
        raise SimulationError(f"threads must be between 1 and {top}, got {threads!r}")
    numba.set_num_threads(threads)
    return threads


def cache_chunk(threads: int) -> int:
    """Deals per kernel call: ``CHUNK_BLOCKS`` blocks per thread. The summary then reads
    each chunk's records (192 bytes a deal) while they are still in the caches: with the
    parallel summary, about 5 % faster in process than 65,536-deal chunks on one thread and
    on two (docs/speed.md, 2026-12-02). The reference table's kernel counts each deal's
    outcome as it plays it and never reads the records back (``core/four/reference_deals.py``)."""
    return BLOCK * CHUNK_BLOCKS * threads


def _check_count(n: int, what: str) -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise SimulationError(f"number of {what} must be a positive integer, got {n!r}")
    return int(n)


def records_frame(recs: np.ndarray) -> pd.DataFrame:
    """Raw int64 record rows -> a DataFrame with compact column types."""
    cols = {f: recs[:, i].astype(RECORD_DTYPES[f]) for i, f in enumerate(L.RECORD_FIELDS)}
    return pd.DataFrame(cols)


def games_frame(recs: np.ndarray) -> pd.DataFrame:
    return pd.DataFrame({f: recs[:, i].astype(GAME_DTYPES[f]) for i, f in enumerate(L.GAME_FIELDS)})


def iter_deal_chunks(
    rules: Rules,
    matchup: Matchup,
    deals: int,
    seed: int,
    first: int = 0,
    chunk: int | None = None,
    threads: int | None = None,
    totals: tuple[np.ndarray, ...] | None = None,
) -> Iterator[np.ndarray]:
    """Yield raw record arrays for deals ``first .. first+deals-1``, ``chunk`` at a time
    (default: ``cache_chunk`` of the threads in use; the records do not depend on it).
    With ``totals`` (``core.four.tally.new_totals``), every chunk is also summed into them as it
    is played (``DealSummary.add_totals`` reads them).

    The yielded array is reused between chunks: copy it to keep it.
    """
    deals = _check_count(deals, "deals")
    in_use = set_threads(threads)
    chunk = chunk or cache_chunk(in_use)
    key = deal_key(seed)
    rules_arr = rules.to_array()
    kinds, params = matchup.arrays(rules)
    buf = np.zeros((min(chunk, deals), L.N_FIELDS), np.int64)
    pace = Pace(chunk)
    done = 0
    while done < deals:
        n = min(chunk, deals - done)

        def play(at: int, k: int, start: int = first + done) -> None:
            with compile_notice(KERNELS):
                run_deals(key, start + at, k, rules_arr, kinds, params, buf[at:at + k],
                          parallel_block(k, in_use, BLOCK), totals)

        pace.fill(n, play)
        yield buf[:n]
        done += n


def iter_duplicate_chunks(
    rules: Rules,
    matchup: Matchup,
    deals: int,
    seed: int,
    first: int = 0,
    threads: int | None = None,
    totals: tuple[tuple[np.ndarray, ...], tuple[np.ndarray, ...]] | None = None,
) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """Yield the raw records of deals ``first .. first+deals-1`` played by ``matchup`` and by
    its sides swapped, chunk by chunk (each pair the same deals; the arrays are reused): what
    ``iter_deal_chunks`` yields for either seating, the reference table dealing once for both.
    A chunk is half a simulation's: the two seatings' records take the caches one took.
    With ``totals`` (two ``core.four.tally.new_totals``), each seating's chunks are also summed
    into its own as they are played."""
    deals = _check_count(deals, "deals")
    in_use = set_threads(threads)
    chunk = cache_chunk(in_use) // 2
    key = deal_key(seed)
    rules_arr = rules.to_array()
    tables = (matchup.arrays(rules), Matchup(matchup.b, matchup.a).arrays(rules))
    size = min(chunk, deals)
    one, two = np.zeros((size, L.N_FIELDS), np.int64), np.zeros((size, L.N_FIELDS), np.int64)
    replay = new_replay(size)
    pace = Pace(chunk)
    done = 0
    while done < deals:
        n = min(chunk, deals - done)

        def play(at: int, k: int, start: int = first + done) -> None:
            with compile_notice(KERNELS):
                run_duplicate_deals(key, start + at, k, rules_arr, tables,
                                    one[at:at + k], two[at:at + k],
                                    parallel_block(k, in_use, BLOCK),
                                    *(totals or (None, None)), replay)

        pace.fill(n, play)
        yield one[:n], two[:n]
        done += n


EQUITY_DEALS = 200_000
EQUITY_SEED = 1


@cache
def equity_model(rules: Rules) -> np.ndarray:
    """The match-equity table score-aware strategies read: P(win the game) by (ours, theirs,
    we deal), exact for a Markov chain whose points per deal are those of score-blind
    ``advanced`` playing itself (``EQUITY_DEALS`` deals of ``EQUITY_SEED`` under ``rules``;
    see ``strategies/equity_table.py``). Computed once per process and rules; deterministic
    and leaves the thread count as it was."""
    records = deal_records(0, EQUITY_DEALS, rules, Matchup.of(score_blind("advanced")),
                           EQUITY_SEED, threads=numba.get_num_threads())
    return markov_equity(point_distribution(records), rules.target_score)


def deal_records(first: int, count: int, rules: Rules, matchup: Matchup, seed: int,
                 threads: int | None = None) -> np.ndarray:
    """Records of deals ``first .. first+count-1`` as one array."""
    parts = [r.copy() for r in iter_deal_chunks(rules, matchup, count, seed, first,
                                               threads=threads)]
    return parts[0] if len(parts) == 1 else np.concatenate(parts)


def warm_up_kernels() -> None:
    """Load (or compile, the first time) every batch kernel, so that the first shard of a run
    is not slowed by it: run one deal through each deal kernel (the reference table's lean
    one, and the general one for the standard rules and for any other: ``core/common/rule.py``),
    one game and one preset deal (both preset kernels)."""
    rules = Rules()
    matchup = Matchup.of("reference")
    deal_records(0, 1, rules, matchup, 0, threads=1)
    deal_records(0, 1, rules, Matchup.of("reference", "random"), 0, threads=1)
    deal_records(0, 1, Rules(stick_the_dealer=False), Matchup.of("reference", "random"), 0,
                 threads=1)
    for _ in iter_game_chunks(rules, matchup, 1, 0, threads=1, with_deals=True):
        pass
    arrays = matchup.arrays(rules)
    deal = PresetDeal.of(["9C TC JC QC KC", "9D TD JD QD KD", "9H TH JH QH KH",
                          "9S TS JS QS KS"], "AC", 3, rules)
    presets = np.array([deal.row()], np.int64)
    preset_records(rules, arrays, 0, presets)
    preset_records(rules, arrays, 0, presets, streams=np.zeros(1, np.int64))


def preset_records(rules: Rules, arrays: tuple[np.ndarray, np.ndarray], seed: int,
                   presets: np.ndarray, *, streams: np.ndarray | None = None,
                   out: np.ndarray | None = None, block: int = BLOCK) -> np.ndarray:
    """Play the rows of a kernel ``presets`` array (``N_PRESET`` columns: ``PresetDeal.row``)
    in parallel and return their records (into ``out`` if given, else a new array).

    ``arrays`` is the table as kernel arrays (``Matchup.arrays``: compile it once, play many
    batches). Random decisions of deal i use stream ``streams[i]`` of ``seed`` (default i):
    a subset of a sample keeps each deal's own random numbers. This is the entry point the
    analysers (the hand analyser, the order-up chart) play their worlds through."""
    kinds, params = arrays
    n = len(presets)
    recs = np.zeros((n, L.N_FIELDS), np.int64) if out is None else out
    if recs.shape != (n, L.N_FIELDS):
        raise SimulationError(f"out must have shape ({n}, {L.N_FIELDS}), got {recs.shape}")
    key = deal_key(seed)
    rules_arr = rules.to_array()

    def play(at: int, k: int) -> None:
        part = slice(at, at + k)
        with compile_notice(KERNELS):
            if streams is None:
                run_presets(key, at, k, rules_arr, kinds, params, recs[part], presets[part],
                            block)
            else:
                run_presets_at(key, streams[part], rules_arr, kinds, params, recs[part],
                               presets[part], block)

    Pace(n).fill(n, play)  # paced calls: a signal is answered between two (engine.pacing)
    return recs


def simulate_deals(
    rules: Rules,
    a: str | Strategy,
    b: str | Strategy | None = None,
    *,
    deals: int,
    seed: int,
    first: int = 0,
    threads: int | None = None,
    chunk: int = DEFAULT_CHUNK,
) -> pd.DataFrame:
    """Per-deal records of ``deals`` deals (team 0 plays ``a``, team 1 ``b``, default ``a``)."""
    matchup = Matchup.of(a, b)
    chunks = iter_deal_chunks(rules, matchup, deals, seed, first, chunk, threads)
    parts = [records_frame(r) for r in chunks]
    df = pd.concat(parts, ignore_index=True)
    df = df.assign(**strategy_columns(matchup, len(df)))
    return df


def iter_game_chunks(
    rules: Rules,
    matchup: Matchup,
    games: int,
    seed: int,
    first: int = 0,
    chunk: int = 1 << 14,
    threads: int | None = None,
    with_deals: bool = False,
) -> Iterator[tuple[np.ndarray, np.ndarray | None]]:
    """Yield (game records, deal records or None) for games ``first .. first+games-1``.

    Deal records of games are rows of the per-deal record with an extra leading ``game`` column.
    """
    games = _check_count(games, "games")
    in_use = set_threads(threads)
    key = game_key(seed)
    rules_arr = rules.to_array()
    kinds, params = matchup.arrays(rules)
    pace = Pace(chunk, first=8)
    done = 0
    while done < games:
        n = min(chunk, games - done)
        grecs = np.zeros((n, L.N_GAME_FIELDS), np.int64)
        width = GAME_DEAL_BUFFER if with_deals else 0
        drecs = np.zeros((n if with_deals else 0, width, L.N_FIELDS), np.int64)

        def play(at: int, k: int, start: int = first + done, grecs: np.ndarray = grecs,
                 drecs: np.ndarray = drecs) -> None:
            with compile_notice(KERNELS):
                run_games(key, start + at, k, rules_arr, kinds, params, grecs[at:at + k],
                          drecs[at:at + k], parallel_block(k, in_use, GAME_BLOCK))

        pace.fill(n, play)
        deal_rows = None
        if with_deals:
            deal_rows = _flatten_game_deals(
                key, first + done, grecs, drecs, rules_arr, kinds, params
            )
        yield grecs, deal_rows
        done += n


def _flatten_game_deals(key, first, grecs, drecs, rules_arr, kinds, params) -> np.ndarray:
    counts = grecs[:, L.GR_DEALS]
    long_games = set(np.nonzero(counts > drecs.shape[1])[0].tolist())
    rows = []
    for i in range(len(grecs)):
        if i in long_games:
            one = np.zeros((1, int(counts[i]), L.N_FIELDS), np.int64)
            g1 = np.zeros((1, L.N_GAME_FIELDS), np.int64)
            run_games(key, first + i, 1, rules_arr, kinds, params, g1, one, 1)
            block = one[0]
        else:
            block = drecs[i, : counts[i]]
        part = np.empty((len(block), L.N_GAME_DEAL_FIELDS), np.int64)
        part[:, L.GD_GAME] = first + i
        part[:, L.GD_RECORD:] = block
        rows.append(part)
    return np.concatenate(rows) if rows else np.zeros((0, L.N_GAME_DEAL_FIELDS), np.int64)


def simulate_games(
    rules: Rules,
    a: str | Strategy,
    b: str | Strategy | None = None,
    *,
    games: int,
    seed: int,
    first: int = 0,
    threads: int | None = None,
) -> pd.DataFrame:
    """Per-game records (winner team, final score, deals played) of ``games`` games."""
    matchup = Matchup.of(a, b)
    chunks = iter_game_chunks(rules, matchup, games, seed, first, threads=threads)
    parts = [games_frame(g) for g, _ in chunks]
    df = pd.concat(parts, ignore_index=True)
    df = df.assign(**strategy_columns(matchup, len(df)))
    return df


@dataclass
class DealReplay:
    """One deal replayed on its own: its record and its trace of events."""

    record: dict
    trace: list[tuple[int, int, int]]

    def events(self) -> list[tuple[str, int, int]]:
        return [(L.EVENT_NAMES[k], s, v) for k, s, v in self.trace]


def replay_deals(
    rules: Rules, a: str | Strategy, b: str | Strategy | None, seed: int, first: int, n: int
) -> list[DealReplay]:
    """Replay deals ``first .. first+n-1`` of a run with their traces (one thread)."""
    n = _check_count(n, "deals")
    if first < 0:
        raise SimulationError(f"deal index must be >= 0, got {first}")
    return traced_replays(rules, Matchup.of(a, b), seed, first, n,
                          np.zeros((0, L.N_PRESET), np.int64))


def traced_replays(rules: Rules, matchup: Matchup, seed: int, first: int, n: int,
                   presets: np.ndarray, snaps: np.ndarray | None = None) -> list[DealReplay]:
    """Deals ``first .. first+n-1`` of ``seed`` (or the rows of ``presets``, when it has any)
    played on one thread with their traces; ``snaps`` (shape (n, MAX_PLAYS, SN_SIZE)), when
    given, receives the state of every card decision (what ``pimc.decision_points`` reads)."""
    kinds, params = matchup.arrays(rules)
    recs = np.zeros((n, L.N_FIELDS), np.int64)
    trace = np.zeros((n, L.TRACE_CAP, L.N_TRACE_FIELDS), np.int16)
    if snaps is None:
        snaps = np.zeros((0, L.MAX_PLAYS, L.SN_SIZE), np.int64)
    with compile_notice(KERNELS):
        run_deals_traced(deal_key(seed), first, n, rules.to_array(), kinds, params, recs,
                         trace, snaps, presets)
    # the events (rows of a non-zero kind) of all deals in one array, made tuples of Python
    # ints column by column, then cut per deal: a fifth of the time of an element at a time
    has_event = trace[:, :, L.TR_KIND] != 0
    events = list(zip(*trace[has_event].T.tolist(), strict=True))
    ends = np.cumsum(has_event.sum(axis=1)).tolist()
    out = []
    start = 0
    for rec_row, end in zip(recs.tolist(), ends, strict=True):
        out.append(DealReplay(dict(zip(L.RECORD_FIELDS, rec_row, strict=True)), events[start:end]))
        start = end
    return out


def preset_traces(rules_array: np.ndarray, arrays: tuple[np.ndarray, np.ndarray],
                  presets: np.ndarray, seed: int = 0) -> np.ndarray:
    """The raw traces (shape (n, TRACE_CAP, N_TRACE_FIELDS)) of the rows of a kernel
    ``presets`` array played on one thread by the table ``arrays`` (``Matchup.arrays``, made
    once); random decisions of row i use stream i of ``seed``. The lean entry point the agent
    table (``agents``) asks the compiled strategies' decisions through, many times a deal."""
    kinds, params = arrays
    n = len(presets)
    recs = np.zeros((n, L.N_FIELDS), np.int64)
    trace = np.zeros((n, L.TRACE_CAP, L.N_TRACE_FIELDS), np.int16)
    snaps = np.zeros((0, L.MAX_PLAYS, L.SN_SIZE), np.int64)
    with compile_notice(KERNELS):
        run_deals_traced(deal_key(seed), 0, n, rules_array, kinds, params, recs, trace, snaps,
                         presets)
    return trace


def replay_deal(
    rules: Rules, a: str | Strategy, b: str | Strategy | None, seed: int, index: int
) -> DealReplay:
    """Replay deal ``index`` of the run with ``seed`` on its own."""
    return replay_deals(rules, a, b, seed, index, 1)[0]



@dataclass(frozen=True)
class PresetDeal:
    """A deal given card by card: four hands (seat 0..3), the up-card, the dealer, the kitty,
    the game score before it (team 0, team 1), which score-aware strategies read, and a script
    of forced actions (``core.common.layout.SC_*``, -1 where free; docs/engine.md, "Preset deals and
    scripts")."""

    hands: tuple[int, int, int, int]
    up_card: int
    dealer: int
    kitty: int
    score: tuple[int, int] = (0, 0)
    script: tuple[int, ...] = (-1,) * L.N_SCRIPT

    @classmethod
    def of(cls, hands, up_card, dealer: int, rules: Rules | None = None,
           kitty=None, score: tuple[int, int] = (0, 0),
           script: Sequence[int] | None = None) -> PresetDeal:
        """Build and validate from text (``"JH JD AH KH AS"``, ``"9H"``) or masks/ids.

        Without a kitty, the three lowest remaining cards of the deck form it.
        """
        rules = rules or Rules()
        deck = rules.deck
        if len(hands) != 4:
            raise SimulationError(f"a deal needs 4 hands, got {len(hands)}")
        masks = [parse_hand(h, deck, size=5) if isinstance(h, str) else int(h) for h in hands]
        up = parse_card(up_card, deck) if isinstance(up_card, str) else int(up_card)
        if dealer not in (0, 1, 2, 3):
            raise SimulationError(f"dealer must be a seat 0..3, got {dealer!r}")
        seen = 0
        for seat, m in enumerate(masks + [1 << up]):
            if m & ~deck_mask(deck):
                raise SimulationError(f"seat {seat}: card not in the {deck}-card deck")
            if seen & m:
                dup = format_hand(seen & m)
                raise SimulationError(f"card(s) {dup} dealt twice")
            if seat < 4 and bin(m).count("1") != 5:
                raise SimulationError(f"seat {seat} needs 5 cards, got {bin(m).count('1')}")
            seen |= m
        rest = [c for c in mask_to_cards(deck_mask(deck)) if not seen >> c & 1]
        if kitty is None:
            kit = cards_to_mask(rest[:3])
        else:
            kit = parse_hand(kitty, deck, size=3) if isinstance(kitty, str) else int(kitty)
            if kit & seen:
                raise SimulationError(f"kitty card(s) {format_hand(kit & seen)} dealt twice")
        target = rules.target_score
        if len(score) != 2 or any(not 0 <= int(x) < target for x in score):
            raise SimulationError(f"score must be two numbers in [0, {target}), got {score!r}")
        script = (-1,) * L.N_SCRIPT if script is None else tuple(int(x) for x in script)
        if len(script) != L.N_SCRIPT:
            raise SimulationError(f"a script has {L.N_SCRIPT} slots, got {len(script)}")
        return cls(tuple(masks), up, dealer, kit, (int(score[0]), int(score[1])), script)

    def row(self) -> list[int]:
        """The deal as a row of the kernels' ``presets`` array (``N_PRESET`` columns)."""
        row = [0] * L.N_PRESET
        row[L.PR_HAND:L.PR_HAND + 4] = self.hands
        row[L.PR_UP] = self.up_card
        row[L.PR_KITTY] = self.kitty
        row[L.PR_DEALER] = self.dealer
        row[L.PR_SCORE0], row[L.PR_SCORE1] = self.score
        row[L.PR_SCRIPT:L.PR_SCRIPT + L.N_SCRIPT] = self.script
        return row


def play_presets(
    rules: Rules, a: str | Strategy, b: str | Strategy | None, deals: list[PresetDeal],
    seed: int = 0,
) -> list[DealReplay]:
    """Play given deals (with traces); random decisions use deal i's stream of ``seed``."""
    if not deals:
        raise SimulationError("no deals given")
    return replay_presets(rules, a, b, np.array([d.row() for d in deals], np.int64), seed)


def replay_presets(rules: Rules, a: str | Strategy, b: str | Strategy | None,
                   presets: np.ndarray, seed: int = 0) -> list[DealReplay]:
    """Play the rows of a kernel ``presets`` array (``N_PRESET`` columns: ``PresetDeal.row``)
    with traces, one thread; random decisions use deal i's stream of ``seed``."""
    if presets.ndim != 2 or presets.shape[1] != L.N_PRESET:
        raise SimulationError(f"presets must have shape (n, {L.N_PRESET}), got {presets.shape}")
    return traced_replays(rules, Matchup.of(a, b), seed, 0, len(presets),
                   np.ascontiguousarray(presets, np.int64))
