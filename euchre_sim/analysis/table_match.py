"""Duplicate play at the other tables: every deal (or game) played from every side, so the
luck of the cards cancels; the paired estimates sweeps, matches and climbs are built on."""

from __future__ import annotations

import numpy as np

from ..core.table import layout as TL
from ..engine.table_simulate import TableMatchup, iter_table_deals, table_games
from ..game.table_spec import TableSpec
from ..strategies.table import TableStrategy, sides_of
from .stats import Estimate, mean_estimate


def duplicate_gain(table: TableSpec, a: str | TableStrategy, b: str | TableStrategy,
                   deals: int, seed: int, threads: int | None = None, bar=None) -> Estimate:
    """``a``'s points per deal minus the average other side's, every deal played once with
    ``a`` on each side (each team, or each seat at a cut-throat table) and ``b`` in every
    other seat, averaged over the rotations: the cards cancel."""
    k = sides_of(table)
    diff = np.zeros(deals)
    first = TableMatchup.of(table, a, b)
    for hero in range(k):
        m = TableMatchup(table, first.a, first.b, hero)
        done = 0
        for chunk in iter_table_deals(m, deals, seed, threads=threads):
            side_pts = side_points(table, chunk)
            mine = side_pts[:, hero]
            others = (side_pts.sum(axis=1) - mine) / (k - 1)
            diff[done:done + len(chunk)] += (mine - others) / k
            done += len(chunk)
            if bar is not None:
                bar.update(len(chunk))
    return mean_estimate(float(diff.sum()), float((diff * diff).sum()), deals)


def duplicate_wins(table: TableSpec, a: str | TableStrategy, b: str | TableStrategy,
                   games: int, seed: int, threads: int | None = None, bar=None) -> Estimate:
    """``a``'s share of the games won, every game played once with ``a`` on each side and
    ``b`` in every other seat (the same deals while the games last), averaged over the
    rotations and paired by game: 1 / sides is an even share."""
    k = sides_of(table)
    share = np.zeros(games)
    first = TableMatchup.of(table, a, b)
    for hero in range(k):
        grecs, _ = table_games(TableMatchup(table, first.a, first.b, hero), games, seed,
                               threads=threads, keep_deals=False)
        share += (grecs[:, TL.TG_WINNER] == hero) / k
        if bar is not None:
            bar.update(games)
    return mean_estimate(float(share.sum()), float((share * share).sum()), games)


def side_points(table: TableSpec, recs: np.ndarray) -> np.ndarray:
    """Points gained per deal by each side: a team's (each of its seats scores the team's
    points) or each seat's."""
    points = recs[:, TL.TF_POINTS:TL.TF_POINTS + table.seats]
    if table.countdown:  # Buck: the score counts down, so a seat gains minus its change
        points = -points
    k = sides_of(table)
    if table.sides != TL.SIDES_TEAMS:
        return points.astype(np.float64)
    teams = np.array(table.teams)
    return np.stack([points[:, teams == t].mean(axis=1) for t in range(k)], axis=1)


__all__ = ["duplicate_gain", "duplicate_wins", "side_points"]
