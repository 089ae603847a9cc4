"""The PIMC player's view of a position: the worlds it samples and its value of every card.

    from euchre_sim.engine.pimc import decision_points, evaluate
    points = decision_points(Rules(), "advanced", None, seed=1, index=7)   # every card play
    evaluate(points[6], worlds=100, seed=3)      # {"AS": 0.82, "9C": 0.41, ...}: mean score

A decision point is the exact state the kernel handed to the player (captured during a traced
replay), so what is evaluated is what a PIMC player at that seat would see.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
from numba import njit

from ..core.common import layout as L
from ..core.common.rng import deal_key, seed_stream
from ..core.four.pimc_play import W_CAND, W_H, W_SIZE, W_SUM, pimc_evaluate, sample_world
from ..core.four.tables import NAT
from ..game.cards import format_card
from ..game.rules import Rules
from ..strategies import Strategy
from .simulate import Matchup, SimulationError, traced_replays
from .solver import shared_table


@dataclass(frozen=True)
class DecisionPoint:
    """The state before one card play: the kernel's state array, the player, his legal cards."""

    rules: Rules
    g: np.ndarray
    seat: int
    legal: int  # effective mask

    @property
    def trump(self) -> int:
        return int(self.g[L.G_TRUMP])

    def legal_cards(self) -> list[str]:
        return [format_card(int(NAT[self.trump, b])) for b in _bits(self.legal)]


def _bits(mask: int) -> list[int]:
    return [b for b in range(34) if (mask >> b) & 1]


def decision_points(rules: Rules, a: str | Strategy, b: str | Strategy | None, seed: int,
                    index: int) -> list[DecisionPoint]:
    """Every card-play decision of deal ``index`` of the run with ``seed``, in order."""
    snaps = np.zeros((1, L.MAX_PLAYS, L.SN_SIZE), np.int64)
    no_presets = np.zeros((0, L.N_PRESET), np.int64)
    rep = traced_replays(rules, Matchup.of(a, b), seed, index, 1, no_presets, snaps)[0]
    if rep.record["thrown_in"]:
        return []
    out = []
    for k in range(L.MAX_PLAYS):
        row = snaps[0, k]
        if not row.any():
            break
        state = row[L.SN_STATE:L.SN_STATE + L.G_SIZE].copy()
        out.append(DecisionPoint(rules, state, int(row[L.SN_SEAT]), int(row[L.SN_LEGAL])))
    return out


@njit(cache=True)
def _sample(g, seat, rules, key, n, out):
    rng = np.zeros(4, np.uint64)
    seed_stream(rng, key, 0)
    w = np.zeros(W_SIZE, np.int64)
    ok = 0
    for i in range(n):
        if sample_world(g, seat, rules, rng, w):
            ok += 1
        for s in range(4):
            out[i, s] = w[W_H + s]
    return ok


@njit(cache=True)
def _evaluate(g, seat, rules, key, legal, worlds, tt, w):
    """Fill the work array ``w`` (its candidates at ``W_CAND``, their sums at ``W_SUM``);
    returns the number of candidate cards."""
    rng = np.zeros(4, np.uint64)
    seed_stream(rng, key, 0)
    return pimc_evaluate(g, seat, rules, rng, legal, worlds, tt, w)


@functools.lru_cache(maxsize=16)
def _rules_array(rules: Rules) -> np.ndarray:
    """The packed rules (made once per ruleset: evaluating a decision costs little more)."""
    return rules.to_array()


def sample_worlds(point: DecisionPoint, n: int, seed: int = 0) -> tuple[np.ndarray, int]:
    """``n`` worlds the player at ``point`` could be in: effective hands (n, 4) and how many
    respected every shown void (the sampler falls back to ignoring voids if it must)."""
    if n < 1:
        raise SimulationError(f"number of worlds must be positive, got {n}")
    out = np.zeros((n, 4), np.int64)
    ok = _sample(point.g, point.seat, _rules_array(point.rules), deal_key(seed), n, out)
    return out, int(ok)


def evaluate(point: DecisionPoint, worlds: int = 100, seed: int = 0) -> dict[str, float]:
    """The PIMC value of each legal card: the mean, over ``worlds`` sampled worlds solved
    double dummy, of the player's side's points minus the other side's."""
    if worlds < 1:
        raise SimulationError(f"number of worlds must be positive, got {worlds}")
    w = np.zeros(W_SIZE, np.int64)
    n = _evaluate(point.g, point.seat, _rules_array(point.rules), deal_key(seed), point.legal,
                  worlds, shared_table(), w)
    trump = point.trump
    return {format_card(int(NAT[trump, w[W_CAND + k]])): float(w[W_SUM + k] / worlds)
            for k in range(n)}

