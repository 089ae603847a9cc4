"""The hand analyser: the value of every option a player has at any decision of a deal.

The situation (``situation.py``: the hand, the up-card, the seat, the bidding, the discard, the
lone defence, the tricks played, the score) is the asker's knowledge. The cards he cannot see
are dealt many times at random, consistently with every fact (``worlds.py``: cards played,
suits shown out of, the up-card in the dealer's hand); worlds in which another player would
have bid otherwise than he did (under the table's strategy) are dropped. The asker's own earlier
decisions are facts, not filters: they are forced in every playout, whatever the table would
have done with his hand. Every option is then played out on the same worlds, the whole history
(every bid, the discard, every card played) replayed exactly, the option forced, and the rest
(the others' later play, the asker's own later decisions) left to the table's strategy. Values
are the player's side's points minus the other side's, per deal, with standard errors;
differences between options are paired deal by deal.

Several tables (``analyze_tables``) answer the same question each on its own sample, and
``table_verdicts`` says whether the best option changes between them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..core.common import layout as L
from ..engine.backends import Backend, InProcess, plan_shards
from ..engine.simulate import Matchup, preset_records, set_threads
from ..game.defaults import DEFAULT_TABLE
from ..strategies import Strategy, bidding_twin, get_strategy
from .facts import DEALER, AnalysisError, Option, describe, options
from .situation import Situation, parse_situation, read_situation
from .stats import z_value
from .worlds import consistent, option_presets, sample_presets

# the analyser's Python API (the situation is read by ``situation.py``, re-exported here)
__all__ = [
    "AnalysisError", "Situation", "parse_situation", "read_situation", "options", "analyze",
    "analyze_tables", "sample_options", "Sample", "parse_tables", "format_analysis",
    "format_tables", "table_verdicts", "verdicts", "CHECK_TABLE", "CHECK_DEALS",
]

SAMPLE_BLOCK = 4096  # deals drawn per sample block (the unit of sharding)
DRAW_PER_DEAL = 200  # random deals drawn per consistent deal wanted before giving up...
MIN_DRAW = 1 << 23  # ...but at least this many (8.4M): a rare bidding history (a stuck
# dealer behind a table that bids freely fits one random deal in 10,000) still gets its sample
MAX_DEALS = 10_000_000  # consistent deals per option: about 20 bytes each are kept
PLAY_CHUNK = 16  # deals per parallel work item of the kernel (results do not depend on it)
CHECK_TABLE = "pimc"  # the table that cross-checks the default answer
CHECK_DEALS = 400  # deals of that check: 5-15 s of PIMC on one core (3 to 7 options)
TOSS_UP_Z = 2.0  # a best option within this many standard errors of the runner-up is a toss-up
MIN_VERDICT_DEALS = 30  # below this many deals no interval and no verdict is given


def side_points(recs: np.ndarray, team: int) -> np.ndarray:
    """(points won, points lost) by ``team`` on each deal of ``recs``: int8, shape (2, n)."""
    return np.stack([recs[:, L.F_POINTS0 + team], recs[:, L.F_POINTS1 - team]]).astype(np.int8)


def forced_presets(sit: Situation, presets: np.ndarray, chosen: Sequence[Option]
                   ) -> np.ndarray:
    """The worlds ``presets`` once per option of ``chosen``, one after the other, each copy
    with the history and that option forced: every option in one kernel call."""
    return np.concatenate([option_presets(sit, presets, option) for option in chosen])


_ARRAYS: dict[int, tuple] = {}  # id(strategy) -> (strategy, rules, arrays): a search's shards
_ARRAYS_KEPT = 8  # ... ask for the same table's arrays hundreds of times a second


def self_play_arrays(strategy: Strategy, rules) -> tuple[np.ndarray, np.ndarray]:
    """``Matchup(strategy, strategy).arrays(rules)``, kept for the last few tables asked (by
    identity: the entry holds the strategy, so its id cannot be reused while kept)."""
    hit = _ARRAYS.get(id(strategy))
    if hit is not None and hit[0] is strategy and hit[1] == rules:
        return hit[2]
    arrays = Matchup(strategy, strategy).arrays(rules)
    if len(_ARRAYS) >= _ARRAYS_KEPT:
        _ARRAYS.pop(next(iter(_ARRAYS)))
    _ARRAYS[id(strategy)] = (strategy, rules, arrays)
    return arrays


def others_spoke(sit: Situation) -> bool:
    """Did anyone but the asker bid before the question (so that some random deals do not fit
    the bidding)?"""
    return any((DEALER + 1 + i) & 3 != sit.seat for i in range(len(sit.bids)))


def analyze_shard(first: int, count: int, sit: Situation, strategy: Strategy, seed: int,
                  limit: int, block: int = SAMPLE_BLOCK, stop: bool = True,
                  threads: int | None = None,
                  ) -> list[tuple[int, int, dict[str, np.ndarray], np.ndarray]]:
    """Sample blocks ``first .. first+count-1``: for each, the number of worlds drawn, how many
    are consistent with the facts, per option ``side_points`` of the player's side on the
    first of those (at most ``limit`` in the whole shard: the rest are never used), and those
    worlds' numbers in the sample (their random streams). Block
    ``b``'s worlds are a pure function of (seed, b), and world ``j`` of the sample plays with
    random stream ``j``, so any sharding gives the same.

    Each block is first screened: played with the asker's own history and first option forced
    and the others' bids left to the table's ``bidding_twin`` (the table itself unless its play
    is slow), then kept where those bids come out as written (``worlds.consistent``). The
    options are then played only on the worlds kept, the whole history forced, each world on
    its own random stream, all options in one kernel call.

    With ``stop`` (always when the table has a bidding twin) the screening playouts end with
    the bidding (``layout.SC_STOP``: about half a whole deal's cost for ``tuned``) and every
    option is played on the worlds kept; without, the screening run is the first option's
    playout, which pays where most worlds fit (``screen_stops``). The records are the same
    either way for a table that draws no random number. ``block``: the worlds of a sample
    block (``SAMPLE_BLOCK``; a small search draws smaller blocks)."""
    set_threads(threads)
    screen = bidding_twin(strategy)
    arrays = self_play_arrays(strategy, sit.rules)
    screen_arrays = self_play_arrays(screen, sit.rules)
    team = sit.seat & 1
    all_options = options(sit)
    recs = np.zeros((block, L.N_FIELDS), np.int64)
    stop = stop or screen is not strategy
    out = []
    for b in range(first, first + count):
        if limit <= 0:
            break  # the deals wanted are all in earlier blocks
        presets = sample_presets(sit, block, (seed, b))
        streams = np.arange(b * block, (b + 1) * block, dtype=np.int64)
        preset_records(sit.rules, screen_arrays, seed,
                       option_presets(sit, presets, all_options[0], screen=True, stop=stop),
                       streams=streams, out=recs, block=PLAY_CHUNK)
        fit = consistent(sit, recs, bidding_only=stop)
        n_fit = int(fit.sum())
        use = np.flatnonzero(fit)[:limit]
        limit -= len(use)
        kept = {}
        if not stop:  # the screening run is the first option's playout
            kept[all_options[0].label] = side_points(recs[use], team)
        chosen = [option for option in all_options if option.label not in kept]
        played = np.zeros((len(chosen) * len(use), L.N_FIELDS), np.int64)
        if len(played):
            preset_records(sit.rules, arrays, seed, forced_presets(sit, presets[use], chosen),
                           streams=np.tile(streams[use], len(chosen)), out=played,
                           block=PLAY_CHUNK)
            if not consistent(sit, played).all():
                raise RuntimeError("a playout did not replay the situation's history: "
                                   f"{sit.notation()}")
        for j, option in enumerate(chosen):
            kept[option.label] = side_points(played[j * len(use):(j + 1) * len(use)], team)
        out.append((block, n_fit, kept, streams[use]))
    return out


@dataclass(frozen=True)
class Sample:
    """The deals an analysis is played on: per option, ``side_points`` on each consistent
    deal (int8, shape (2, deals)), each deal's world number in the sample (the same world and
    random stream under any table analysed with the same seed), how many random deals were
    drawn and how many of those fit the others' bidding, and the size of the sample blocks
    (world ``w`` is world ``w % block`` of block ``w // block``)."""

    strategy: Strategy
    pair: dict[str, np.ndarray]
    worlds: np.ndarray
    drawn: int
    consistent: int
    block: int = SAMPLE_BLOCK

    @property
    def deals(self) -> int:
        return len(self.worlds)

    @property
    def rate(self) -> float:
        """The share of random deals that fit the others' bidding."""
        return self.consistent / self.drawn

    def frame(self, p_win: dict[str, np.ndarray] | None = None) -> pd.DataFrame:
        """``option_table`` of the sample, with the sample sizes and the best option in
        ``attrs`` (what ``analyze`` returns)."""
        df = option_table(self.pair, p_win or {})
        df.attrs.update(deals=self.deals, consistent_rate=self.rate,
                        table=self.strategy.label, best=df.iloc[0]["option"])
        return df


STOP_BELOW = 0.5  # screening stops with the bidding when fewer worlds than this share fit


def fit_rate(sit: Situation, drawn: int, n_consistent: int) -> float:
    """The share of worlds that fit the bidding: as seen so far, or as guessed before any
    (all of them when nobody else has bid, else half)."""
    return n_consistent / drawn if drawn else (0.5 if others_spoke(sit) else 1.0)


def screen_stops(sit: Situation, drawn: int, n_consistent: int) -> bool:
    """Should the next blocks' screening stop with the bidding? When fewer than
    ``STOP_BELOW`` of the worlds fit (``fit_rate``): a stopped screening costs about half a
    playout, and the first option is then played again on the worlds kept."""
    return fit_rate(sit, drawn, n_consistent) < STOP_BELOW


def search_block(deals: int) -> int:
    """The sample block of a search of ``deals`` deals per option (the exploit's, the rest
    search's): the power of two from 256 up that holds them, at most ``SAMPLE_BLOCK``; a
    block of 4,096 worlds for a 200-deal search screens twenty times what it keeps."""
    return min(SAMPLE_BLOCK, max(256, 1 << max(deals - 1, 1).bit_length()))


def draw_consistent(sit: Situation, strategy: Strategy, deals: int, seed: int,
                    backend: Backend, block: int = SAMPLE_BLOCK) -> Sample:
    """The first ``deals`` consistent deals of the sample (fewer when too few fit), drawn in
    blocks of ``block`` worlds."""
    labels = [option.label for option in options(sit)]
    drawn = 0
    n_consistent = 0
    values: dict[str, list[np.ndarray]] = {label: [] for label in labels}
    worlds: list[np.ndarray] = []
    need = deals
    nb = 0  # blocks drawn
    # draw at most DRAW_PER_DEAL deals per deal wanted, or MIN_DRAW, before giving up; past
    # the first DRAW_PER_DEAL per deal, stop early when the rate seen so far says even the
    # cap would not be enough (a situation hardly any deal fits fails in seconds)
    usual = max(25 * SAMPLE_BLOCK // block, -(-DRAW_PER_DEAL * deals // block))
    max_blocks = max(usual, MIN_DRAW // block)
    while need > 0 and nb < max_blocks:
        if nb >= usual and drawn * need > (max_blocks * block - drawn) * n_consistent:
            break
        # blocks to draw next: enough for what is still needed at the rate seen so far, but
        # after the first wave at most twice as many as so far (a rate seen on few deals that
        # fit is only a guess)
        rate = fit_rate(sit, drawn, n_consistent)
        want = -(-int(need / max(rate, 1e-3) * 1.1) // block)
        want = max(1, min(want, 2 * nb if drawn else want, max_blocks - nb))
        shards = plan_shards(want, backend.default_shard(1, want), first=nb)
        nb += want
        parts = backend.map(analyze_shard, shards, sit, strategy, seed, need, block,
                            screen_stops(sit, drawn, n_consistent))
        with closing(parts):
            for part in parts:
                for n_drawn, n_fit, kept, ids in part:
                    if need <= 0:
                        break  # a block past the ones needed: not used (nor counted)
                    drawn += n_drawn
                    n_consistent += n_fit
                    for label in labels:
                        values[label].append(kept[label][:, :need])
                    worlds.append(ids[:need])
                    need -= min(len(ids), need)
                if need <= 0:
                    break  # closing() stops the shards not started yet
    pair = {label: np.concatenate(v, axis=1) for label, v in values.items()}
    return Sample(strategy, pair, np.concatenate(worlds), drawn, n_consistent, block)


def sample_options(sit: Situation, table: str | Strategy = DEFAULT_TABLE,
                   deals: int = 100_000, seed: int = 1, threads: int | None = None,
                   backend: Backend | None = None) -> Sample:
    """Every option played on the first ``deals`` deals that fit the facts (``analyze``
    without the summary: the per-deal points); ``AnalysisError`` when hardly any fit."""
    if not 0 < deals <= MAX_DEALS:
        raise AnalysisError(f"{deals:,} deals: an analysis takes 1 to {MAX_DEALS:,} deals per "
                            "option (it keeps every deal's value of every option in memory)")
    strategy = get_strategy(table)
    sample = draw_consistent(sit, strategy, deals, seed, backend or InProcess(threads))
    if sample.deals < min(100, deals):
        raise AnalysisError(f"only {sample.deals} of {sample.drawn:,} random deals are "
                            f"consistent with the bidding under {strategy.label}: is the "
                            "situation possible?")
    return sample


Sampler = Callable[..., Sample]  # (sit, table, deals, seed, threads, backend) -> Sample


def analyze(sit: Situation, table: str | Strategy = DEFAULT_TABLE, deals: int = 100_000,
            seed: int = 1, threads: int | None = None,
            equity_games: int = 20_000, backend: Backend | None = None,
            sampler: Sampler | None = None, rest: str = "table") -> pd.DataFrame:
    """The value of each option: one row per option (points per deal for the player's side
    minus the other side's, standard error, 95 % interval, difference from the best option
    with its paired standard error), best first. ``df.attrs`` holds the sample sizes.

    When the situation has a score (and ``equity_games`` > 0), each option also gets its
    probability of winning the game (``p_win``, ``p_win_se``), through the match-equity table
    of the table's strategy (estimated from ``equity_games`` games). ``backend`` runs the
    sample blocks (default: in-process on ``threads`` numba threads). ``sampler`` plays the
    options instead of ``sample_options`` (``rest_search.rest_sampler``: the asker's later
    decisions by the search, described by ``rest``, which ``attrs["rest"]`` keeps)."""
    backend = backend or InProcess(threads)
    sample = (sampler or sample_options)(sit, table, deals, seed, threads, backend)
    p_win = {}
    if sit.score_given and equity_games > 0:
        p_win = win_probabilities(sit, sample.strategy, sample.pair, equity_games, seed,
                                  backend)
    df = sample.frame(p_win)
    df.attrs["rest"] = rest
    return df


def win_probabilities(sit: Situation, strategy: Strategy, pair: dict[str, np.ndarray],
                      equity_games: int, seed: int, backend: Backend) -> dict[str, np.ndarray]:
    """Per option, the probability of winning the game after each deal's points, through the
    match-equity table of ``strategy`` playing itself (``equity_games`` games)."""
    from .equity import match_equity

    eq = match_equity(sit.rules, strategy, equity_games, seed, backend=backend)
    lookup = equity_lookup(eq)
    we_deal_next = int(((DEALER + 1) & 1) == (sit.seat & 1))  # the deal passes to seat 0
    return {label: lookup[sit.score[0] + v[0], sit.score[1] + v[1], we_deal_next]
            for label, v in pair.items()}


def option_table(pair: dict[str, np.ndarray], p_win: dict[str, np.ndarray]) -> pd.DataFrame:
    """One row per option from its per-deal (won, lost) points, best first: mean, standard
    error, 95 % interval, paired difference from the best (and P(win) when given)."""
    series = {label: (v[0] - v[1]).astype(np.float64) for label, v in pair.items()}
    means = {label: v.mean() for label, v in series.items()}
    best = max(means, key=means.get)
    z = z_value(0.95)
    rows = []
    for label, v in series.items():
        se = _se(v)
        d = v - series[best]
        row = {
            "option": label, "points": v.mean(), "se": se, "ci95_low": v.mean() - z * se,
            "ci95_high": v.mean() + z * se, "vs_best": d.mean(),
            "vs_best_se": _se(d),
        }
        if p_win:
            w = p_win[label]
            row["p_win"] = w.mean()
            row["p_win_se"] = _se(w)
        rows.append(row)
    return pd.DataFrame(rows).sort_values("points", ascending=False, ignore_index=True)


def _se(v: np.ndarray) -> float:
    """The standard error of a mean; NaN (quietly) below two values."""
    return float(v.std(ddof=1) / np.sqrt(len(v))) if len(v) > 1 else float("nan")


def parse_tables(text: str) -> list[Strategy]:
    """The strategies of ``--table A,B,...``. A ``key=value`` item after a strategy with
    inline parameters is one more of them, so ``advanced:round1.threshold.dealer=11,
    play.card_memory=0,pimc`` is two tables. Empty entries are an error."""
    specs: list[str] = []
    for item in (x.strip() for x in text.split(",")):
        if not item:
            raise AnalysisError(f"--table {text!r} has an empty entry: give strategies "
                                "separated by commas, e.g. advanced,pimc")
        if "=" in item and ":" not in item.partition("=")[0] and specs and ":" in specs[-1]:
            specs[-1] += "," + item
        else:
            specs.append(item)
    return [get_strategy(spec) for spec in specs]


def analyze_tables(sit: Situation, tables: Sequence[str | Strategy], deals: int = 100_000,
                   seed: int = 1, threads: int | None = None, equity_games: int = 20_000,
                   backend: Backend | None = None, check: str | Strategy | None = None,
                   check_deals: int = 0, sampler: Sampler | None = None,
                   rest: str = "table") -> pd.DataFrame:
    """``analyze`` under each table (``deals`` deals each), stacked: columns ``table``,
    ``role`` ("table", or "check" for ``check`` played on ``check_deals`` deals without the
    match equity, which would cost a slow table far more than its check) and ``deals`` come
    first. ``df.attrs["tables"]`` maps each table to its role, deals, consistent rate and best
    option. Every table samples with the same seed, so equal deal counts share the deals.
    ``sampler`` and ``rest`` (``analyze``) apply to the tables, never to the check."""
    runs = [(get_strategy(t), deals, equity_games, "table") for t in tables]
    if check is not None and check_deals > 0:
        runs.append((get_strategy(check), check_deals, 0, "check"))
    if not runs:
        raise AnalysisError("no table to analyse under")
    labels = [strategy.label for strategy, *_ in runs]
    for label in labels:
        if labels.count(label) > 1:
            raise AnalysisError(f"table {label} is listed twice")
    frames = []
    info = {}
    for strategy, n, eq_games, role in runs:
        mine = (sampler, rest) if role == "table" else (None, "table")
        df = analyze(sit, strategy, n, seed, threads, eq_games, backend, *mine)
        info[strategy.label] = {"role": role, "deals": df.attrs["deals"],
                                "consistent_rate": df.attrs["consistent_rate"],
                                "best": df.attrs["best"], "rest": df.attrs["rest"]}
        df.insert(0, "table", strategy.label)
        df.insert(1, "role", role)
        df.insert(2, "deals", df.attrs["deals"])
        frames.append(df)
    out = pd.concat(frames, ignore_index=True)
    out.attrs = {"tables": info}
    return out


def equity_lookup(eq) -> np.ndarray:
    """P(win) indexed by (ours, theirs, we deal) for every score a deal can lead to (a side
    past the target has won)."""
    n = eq.target + 5
    out = np.zeros((n, n, 2))
    for a in range(n):
        for b in range(n):
            for d in (0, 1):
                p = eq.probability(a, b, bool(d))
                out[a, b, d] = 0.5 if np.isnan(p) else p
    return out


@dataclass(frozen=True)
class Verdict:
    """One table's answer: its best option, the runner-up and the paired margin between them
    (points per deal, with its standard error)."""

    table: str
    role: str
    deals: int
    best: str
    runner: str | None
    margin: float
    se: float

    @property
    def name(self) -> str:
        """The table's name, for a check with its deal count (it has fewer)."""
        return f"{self.table} check ({self.deals:,} deals)" if self.role == "check" else self.table

    @property
    def z(self) -> float:
        """The margin in standard errors (infinite when there is no other option or the
        margin has no noise)."""
        if self.runner is None or self.se == 0:
            return float("inf") if self.runner is None or self.margin > 0 else 0.0
        return self.margin / self.se

    @property
    def too_few(self) -> bool:
        """Too few deals for any verdict (``MIN_VERDICT_DEALS``)?"""
        return self.runner is not None and self.deals < MIN_VERDICT_DEALS

    @property
    def toss_up(self) -> bool:
        """Is the best option within ``TOSS_UP_Z`` standard errors of the runner-up (or the
        sample too small to tell)?"""
        return self.too_few or self.z < TOSS_UP_Z

    def margin_text(self) -> str:
        """``+0.120 ± 0.030 over pass``, marked when it is a toss-up."""
        if self.runner is None:
            return "the only option"
        if self.too_few:
            return f"{self.margin:+.3f} over {self.runner}, too few deals to tell"
        tail = ", a toss-up" if self.toss_up else ""
        return f"{self.margin:+.3f} ± {self.se:.3f} over {self.runner}{tail}"

    def says(self) -> str:
        """``take up (+0.120 ± 0.030 over pass)``."""
        return f"{self.best} ({self.margin_text()})"


def verdicts(df: pd.DataFrame) -> list[Verdict]:
    """Each table's ``Verdict`` from the stacked table of ``analyze_tables``."""
    out = []
    for table, rows in df.groupby("table", sort=False):
        best = rows.iloc[0]
        runner = rows.iloc[1] if len(rows) > 1 else None
        out.append(Verdict(
            str(table), str(best["role"]), int(best["deals"]), str(best["option"]),
            None if runner is None else str(runner["option"]),
            0.0 if runner is None else float(-runner["vs_best"]),
            0.0 if runner is None else float(runner["vs_best_se"])))
    return out


def table_verdicts(df: pd.DataFrame) -> list[str]:
    """Whether the verdict changes between the tables of ``analyze_tables``: one line saying
    that it does (each table's best option and its margin) or that it does not, then one per
    table under which the best option is a toss-up (a check: too imprecise to settle it)."""
    vs = verdicts(df)
    if len(vs) < 2:
        return []
    if len({v.best for v in vs}) > 1:
        lines = ["verdict depends on the table: "
                 + ", ".join(f"{v.name} says {v.says()}" for v in vs)]
    elif any(v.toss_up for v in vs):
        unsettled = ", ".join(v.name for v in vs if v.toss_up)
        lines = [f"same best option under every table, {vs[0].best}, but not settled under "
                 f"{unsettled}: " + "; ".join(f"{v.name}: {v.says()}" for v in vs)]
    else:
        lines = [f"same verdict under every table: {vs[0].best} ("
                 + "; ".join(f"{v.name}: {v.margin_text()}" for v in vs) + ")"]
    for v in vs:
        if v.too_few:
            lines.append(f"under {v.name} no verdict: {v.deals:,} deals, fewer than the "
                         f"{MIN_VERDICT_DEALS} an interval needs")
        elif v.toss_up and v.role == "check":
            lines.append(f"the {v.table} check on {v.deals:,} deals is too imprecise to settle "
                         f"the verdict: {v.best} is within {TOSS_UP_Z:g} standard errors of "
                         f"{v.runner} (more --check-deals would tell)")
        elif v.toss_up:
            lines.append(f"under {v.table} the best option is a toss-up: {v.best} is within "
                         f"{TOSS_UP_Z:g} standard errors of {v.runner}")
    return lines


def table_block(rows: pd.DataFrame, table: str, role: str, rate: float,
                rest: str = "table") -> list[str]:
    """One table's options as text: which table (or check) on how many deals (and who makes
    your later decisions when not the table), each option's value with its interval, and
    how sure its best option is."""
    z = z_value(0.95)
    deals = int(rows.iloc[0]["deals"]) if "deals" in rows else None
    head = (f"check: the table plays {table}, {deals:,} deals (95 % intervals about "
            f"±{z * rows['se'].max():.2f} points)" if role == "check"
            else f"the table plays {table}" + (f", {deals:,} deals" if deals else ""))
    if rest != "table":
        head += f", your later decisions by {rest}"
    lines = [f"{head}, every option on the same ones ({100 * rate:.1f} % of random deals fit "
             "the others' bidding)",
             "points per deal for your side minus theirs (95 % interval; difference from the "
             "best):"]
    for _, r in rows.iterrows():
        diff = ("" if r["vs_best"] == 0 else f"   {r['vs_best']:+.3f}"
                + ("" if np.isnan(r["vs_best_se"]) else f" ± {r['vs_best_se']:.3f}"))
        interval = ("(no interval: one deal)" if np.isnan(r["se"]) else
                    f"({r['ci95_low']:+.3f} .. {r['ci95_high']:+.3f})")
        win = (f"   P(win game) {100 * r['p_win']:.1f} % ± {100 * r['p_win_se']:.1f}"
               if "p_win" in r and not np.isnan(r["p_win"]) else "")
        lines.append(f"  {r['option']:<28} {r['points']:+.3f} {interval}{diff}{win}")
    same = rows[(rows["vs_best"] == 0) & (rows["vs_best_se"] == 0)]
    if deals is not None and deals < MIN_VERDICT_DEALS and len(rows) > 1:
        lines.append(f"no verdict under {table}: {deals:,} deals, fewer than the "
                     f"{MIN_VERDICT_DEALS} an interval needs (ask for more --deals)")
    elif len(same) > 1:  # the same points on every deal: no best among them
        lines.append(f"best under {table}: {', '.join(same['option'])}, worth the same on "
                     "every deal")
    elif len(rows) > 1:
        second = rows.iloc[1]
        margin = -second["vs_best"]
        noisy = second["vs_best_se"] > 0
        zscore = margin / second["vs_best_se"] if noisy else float("inf")
        sure = ("clearly" if zscore > 3 else
                "probably" if zscore >= TOSS_UP_Z else "not significantly")
        lines.append(f"best under {table}: {rows.iloc[0]['option']}, {sure} better than "
                     f"{second['option']} (by {margin:.3f} points per deal, "
                     + (f"{zscore:.1f} standard errors)" if noisy else "on every deal)"))
    if "p_win" in rows and rows["p_win"].notna().any():
        top = rows.loc[rows["p_win"].idxmax()]
        lines.append(f"best for winning the game under {table}: {top['option']} "
                     f"(P(win) {100 * top['p_win']:.1f} %)")
    return lines


def format_analysis(sit: Situation, df: pd.DataFrame) -> str:
    """One table's analysis (``analyze``) as text, with a verdict on how sure the best option
    is."""
    return "\n".join([describe(sit), *table_block(
        df.assign(deals=df.attrs["deals"]), df.attrs["table"], "table",
        df.attrs["consistent_rate"], df.attrs.get("rest", "table"))])


def format_tables(sit: Situation, df: pd.DataFrame) -> str:
    """The analysis under several tables (``analyze_tables``) as text: each table's block,
    then whether the verdict changes between them."""
    lines = [describe(sit)]
    for table, rows in df.groupby("table", sort=False):
        info = df.attrs["tables"][table]
        lines += table_block(rows, str(table), info["role"], info["consistent_rate"],
                             info.get("rest", "table"))
    return "\n".join(lines + table_verdicts(df))
