"""Deal i is a pure function of (seed, i, rules, strategies); game g of (seed, g, rules, ...).

The same records must come back on 1 or 2 threads, in one batch or in small chunks, from a run
that starts at an offset (``first=``), and from a single-deal replay; different seeds must give
different deals, and the record's ``deal`` column is the deal's index.
"""

from __future__ import annotations

import numba
import numpy as np
import pandas as pd
import pytest

from euchre_sim import Rules, replay_deal, simulate_deals, simulate_games
from euchre_sim.core.common import layout as L
from euchre_sim.core.common.rng import deal_key
from euchre_sim.core.four.batch import _run_deals
from euchre_sim.core.four.batch import searching as searching_flag
from euchre_sim.engine.backends import InProcess
from euchre_sim.engine.simulate import Matchup, iter_deal_chunks, iter_game_chunks, replay_deals
from euchre_sim.game.rules import RULESETS
from euchre_sim.jobs.runner import RECORD_SHARD_DEALS, RECORD_SHARD_GAMES, run_simulation

THREADS = min(2, numba.config.NUMBA_NUM_THREADS)
ALL_ON = Rules(
    stick_the_dealer=False, defender_alone=True, dealer_partner_alone=True, lead="left_of_lone",
    super_euchre=True, no_first_blood=True, dealer_needs_trump=True, passed_cannot_go_alone=True,
    deck=33, redeal="nines_and_tens", farmers_hand=True, partners_best="railroad",
)
CASES = [
    ("north-american", RULESETS["north-american"], ("reference", "reference")),
    ("north-american", RULESETS["north-american"], ("random", "random")),
    ("british", RULESETS["british"], ("random", "reference")),
    ("new-zealand", RULESETS["new-zealand"], ("reference", "random")),
    ("all-on", ALL_ON, ("random", "random")),
    ("all-on", ALL_ON,
     ("reference:call_redeal=1,farmer_exchange=1,defend_alone_threshold=8", "random")),
]
IDS = [f"{n}-{a}-{b}".replace(":", "_") for n, _, (a, b) in CASES]
N = 20_000
SEED = 0xDEADBEEF12345678


pytestmark = pytest.mark.usefixtures("restore_threads")  # conftest.py


@pytest.mark.parametrize("name,rules,pair", CASES, ids=IDS)
def test_threads_chunks_and_offsets(name: str, rules: Rules, pair: tuple[str, str]) -> None:
    a, b = pair
    full = simulate_deals(rules, a, b, deals=N, seed=SEED, threads=1)
    assert np.array_equal(full["deal"].to_numpy(), np.arange(N))
    assert np.array_equal(full["dealer"].to_numpy(), np.arange(N) % 4)
    # the same on 2 threads
    pd.testing.assert_frame_equal(full, simulate_deals(rules, a, b, deals=N, seed=SEED,
                                                       threads=THREADS))
    # small, uneven chunks
    pd.testing.assert_frame_equal(full, simulate_deals(rules, a, b, deals=N, seed=SEED,
                                                       threads=THREADS, chunk=777))
    # deals 1000..1999 of the run, played alone, are rows 1000..1999
    part = simulate_deals(rules, a, b, deals=1000, seed=SEED, first=1000, chunk=333)
    pd.testing.assert_frame_equal(part, full.iloc[1000:2000].reset_index(drop=True))
    # the tail, started from an odd offset
    tail = simulate_deals(rules, a, b, deals=N - 12_345, seed=SEED, first=12_345, threads=1)
    pd.testing.assert_frame_equal(tail, full.iloc[12_345:].reset_index(drop=True))


@pytest.mark.parametrize("name,rules,pair", CASES, ids=IDS)
def test_replay_equals_the_batch_row(name: str, rules: Rules, pair: tuple[str, str]) -> None:
    a, b = pair
    full = simulate_deals(rules, a, b, deals=3000, seed=SEED)
    rows = full[list(L.RECORD_FIELDS)].to_dict("records")
    for i in (0, 1, 2, 3, 999, 1000, 2047, 2048, 2999):
        rep = replay_deal(rules, a, b, SEED, i)
        assert rep.record == {k: int(v) for k, v in rows[i].items()}, f"deal {i}"
    # a traced replay of a range equals the batch rows, and is itself chunking-independent
    reps = replay_deals(rules, a, b, SEED, 500, 700)
    for j, rep in enumerate(reps):
        assert rep.record == {k: int(v) for k, v in rows[500 + j].items()}
        if j % 97 == 0:
            alone = replay_deal(rules, a, b, SEED, 500 + j)
            assert alone.trace == rep.trace


def test_iter_deal_chunks_equals_simulate_deals() -> None:
    rules = RULESETS["canadian"]
    full = simulate_deals(rules, "random", deals=5000, seed=3)
    parts = [c.copy() for c in iter_deal_chunks(rules, Matchup.of("random"), 5000, 3, chunk=640)]
    raw = np.concatenate(parts)
    assert raw.shape == (5000, len(L.RECORD_FIELDS))
    for j, f in enumerate(L.RECORD_FIELDS):
        assert np.array_equal(raw[:, j], full[f].to_numpy().astype(np.int64)), f


def test_large_indices_and_extreme_seeds() -> None:
    rules = Rules()
    for seed in (0, 1, 2**63, 2**64 - 1):
        first = 10**15 + 3
        df = simulate_deals(rules, "random", deals=50, seed=seed, first=first, threads=THREADS)
        assert np.array_equal(df["deal"].to_numpy(), first + np.arange(50))
        assert np.array_equal(df["dealer"].to_numpy(), (first + np.arange(50)) % 4)
        rep = replay_deal(rules, "random", None, seed, first + 17)
        row = df.iloc[17][list(L.RECORD_FIELDS)].to_dict()
        assert rep.record == {k: int(v) for k, v in row.items()}


def test_different_seeds_give_different_deals() -> None:
    rules = Rules()
    cols = ["hand0", "hand1", "hand2", "hand3", "up_card"]
    dfs = [simulate_deals(rules, "random", deals=2000, seed=s)[cols] for s in (1, 2, 3, 2**40)]
    for x in range(len(dfs)):
        for y in range(x + 1, len(dfs)):
            same = (dfs[x].to_numpy() == dfs[y].to_numpy()).all(axis=1)
            # two independent uniform deals coincide with probability 24!/3!/(5!^4) ** -1 ~ 0
            assert same.sum() == 0, (x, y)
    # and within one run no two deals are alike
    one = dfs[0].to_numpy()
    assert len({tuple(r) for r in one}) == len(one)


def test_the_deal_depends_only_on_seed_index_and_deck() -> None:
    """Without redeals the shuffle comes first, so strategies and other options do not change
    the dealt cards (with redeals or a farmer's exchange they may)."""
    cols = ["deal", "dealer", "hand0", "hand1", "hand2", "hand3", "up_card"]
    base = simulate_deals(Rules(), "random", deals=3000, seed=42)[cols]
    for rules, pair in [
        (Rules(), ("reference", "random")),
        (RULESETS["tournament"], ("reference", "reference")),
        (RULESETS["canadian"], ("random", "reference")),
        (Rules(super_euchre=True, partners_best="give", farmers_hand=True), ("random", "random")),
    ]:
        other = simulate_deals(rules, *pair, deals=3000, seed=42)[cols]
        pd.testing.assert_frame_equal(base, other)


# --------------------------------------------------------------------------------------------
# Games
# --------------------------------------------------------------------------------------------

GAME_CASES = [
    (RULESETS["north-american"], ("reference", "random")),
    (RULESETS["british"], ("random", "random")),
    (ALL_ON.with_options(target_score=15), ("random", "reference")),
]


@pytest.mark.parametrize("rules,pair", GAME_CASES, ids=["standard", "british", "all-on"])
def test_games_threads_and_offsets(rules: Rules, pair: tuple[str, str]) -> None:
    a, b = pair
    n = 3000
    full = simulate_games(rules, a, b, games=n, seed=SEED, threads=1)
    assert np.array_equal(full["game"].to_numpy(), np.arange(n))
    pd.testing.assert_frame_equal(full, simulate_games(rules, a, b, games=n, seed=SEED,
                                                       threads=THREADS))
    part = simulate_games(rules, a, b, games=500, seed=SEED, first=1234)
    pd.testing.assert_frame_equal(part, full.iloc[1234:1734].reset_index(drop=True))
    assert full["first_dealer"].nunique() == 4
    # game mode draws from its own streams: other seed, other games
    other = simulate_games(rules, a, b, games=n, seed=SEED + 1)
    assert not full.drop(columns="game").equals(other.drop(columns="game"))


@pytest.mark.parametrize("rules,pair", GAME_CASES, ids=["standard", "british", "all-on"])
def test_game_deals_independent_of_chunking(rules: Rules, pair: tuple[str, str]) -> None:
    m = Matchup.of(*pair)

    def collect(first: int, games: int, chunk: int, threads: int) -> tuple[np.ndarray, ...]:
        g, d = zip(*iter_game_chunks(rules, m, games, 9, first=first, chunk=chunk,
                                     threads=threads, with_deals=True), strict=True)
        return np.concatenate(g), np.concatenate(d)

    g1, d1 = collect(0, 1200, 1200, 1)
    g2, d2 = collect(0, 1200, 250, THREADS)
    assert np.array_equal(g1, g2) and np.array_equal(d1, d2)
    g3, d3 = collect(700, 100, 33, THREADS)
    assert np.array_equal(g3, g1[700:800])
    assert np.array_equal(d3, d1[(d1[:, L.GD_GAME] >= 700) & (d1[:, L.GD_GAME] < 800)])
    # the per-game deal rows add up to the game record
    for row in g1[:50]:
        rows = d1[d1[:, L.GD_GAME] == row[L.GR_GAME]]
        assert len(rows) == row[L.GR_DEALS]


@pytest.mark.parametrize("pair", [("tuned", "random"), ("advanced", "reference")])
def test_kernel_without_search_plays_as_with_it(pair: tuple[str, str]) -> None:
    """A table without a PIMC player runs the batch kernel compiled without any search code
    (``search`` None); the kernel with it must play such a table identically."""
    rules = ALL_ON
    kinds, params = Matchup.of(*pair).arrays(rules)
    rules_arr = rules.to_array()
    n = 3000
    plain = np.zeros((n, len(L.RECORD_FIELDS)), np.int64)
    searching = np.zeros_like(plain)
    _run_deals(deal_key(SEED), 0, n, rules_arr, kinds, params, plain, 256, None)
    _run_deals(deal_key(SEED), 0, n, rules_arr, kinds, params, searching, 256, True)
    assert np.array_equal(plain, searching)
    assert searching_flag(kinds) is None


class _WideShards(InProcess):
    """In-process, but planning shards as wide as a cluster's (64 chunks), and noting them."""

    def __init__(self) -> None:
        super().__init__(1)
        self.sizes: list[int] = []

    def default_shard(self, chunk: int, total: int) -> int:
        return 64 * chunk

    def map(self, fn, shards, *args, progress=None):
        self.sizes = [count for _, count in shards]
        return super().map(fn, shards, *args, progress=progress)


def test_shards_that_carry_records_are_bounded_and_give_the_same_run(tmp_path) -> None:
    """Records travel whole with their shard: a run writing them plans shards of at most
    RECORD_SHARD_DEALS deals (games: RECORD_SHARD_GAMES), so memory does not grow with the run
    (issue 12, item 5); without records the wide shards stay, and both summaries agree."""
    kw = dict(rules=Rules(), rules_name="north-american", a="reference", b=None, seed=3,
              progress=False, echo=lambda *_: None)
    wide = _WideShards()
    with_records = run_simulation(deals=600_000, out=str(tmp_path / "r"), backend=wide, **kw)
    assert max(wide.sizes) <= RECORD_SHARD_DEALS and sum(wide.sizes) == 600_000
    assert len(wide.sizes) >= 3
    bare = run_simulation(deals=600_000, backend=wide, **kw)
    assert wide.sizes == [600_000]
    assert with_records == bare
    run_simulation(games=40_000, out=str(tmp_path / "g"), backend=wide, **kw)
    assert max(wide.sizes) <= RECORD_SHARD_GAMES and sum(wide.sizes) == 40_000
    assert len(pd.read_parquet(tmp_path / "r" / "deals.parquet")) == 600_000
