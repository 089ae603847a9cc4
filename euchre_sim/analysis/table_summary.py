"""Summaries of table engine runs: points by seat and by place from the dealer, the dealer's
edge, how often the maker makes it, marches, euchres and loners, each with its standard error.

:class:`TableTally` adds up chunks of deal records as they stream by (nothing kept but sums),
so a run of any length summarises in constant memory.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..core.table import layout as TL
from ..game.table_spec import TableSpec
from .stats import Estimate, mean_estimate, proportion


def maker_side(table: TableSpec, recs: np.ndarray) -> np.ndarray:
    """Boolean ``(deals, seats)``: which seats sat on the maker's side of each deal."""
    seats = np.arange(table.seats)
    maker = recs[:, TL.TF_MAKER]
    if table.sides == TL.SIDES_TEAMS:
        teams = np.array(table.teams)
        return teams[seats][None, :] == teams[np.maximum(maker, 0)][:, None]
    return seats[None, :] == maker[:, None]


@dataclass
class TableTally:
    """Running sums over deal records of one table."""

    table: TableSpec
    n: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    sums: dict[str, np.ndarray] = field(default_factory=dict)

    def _add(self, name: str, values: np.ndarray) -> None:
        v = values.astype(np.float64)
        s = np.array([v.sum(axis=0), (v * v).sum(axis=0)])
        self.sums[name] = self.sums.get(name, 0) + s

    def _count(self, name: str, k: int) -> None:
        self.counts[name] = self.counts.get(name, 0) + int(k)

    def add(self, recs: np.ndarray) -> None:
        """Add one chunk of deal records (``TF_*`` rows)."""
        t = self.table
        n = t.seats
        self.n += len(recs)
        points = recs[:, TL.TF_POINTS:TL.TF_POINTS + n]
        self._add("seat", points)
        if t.countdown:  # the score counts down: a seat's gain is minus its change
            points = -points
        # points by place from the dealer: place k is the seat k to the dealer's left (k = n is
        # the dealer himself)
        dealer = recs[:, TL.TF_DEALER]
        places = (dealer[:, None] + np.arange(1, n + 1)[None, :]) % n
        self._add("place", np.take_along_axis(points, places, axis=1))  # gains
        # the dealer's side against the average of the other sides, per deal
        if t.sides == TL.SIDES_TEAMS:
            teams = np.array(t.teams)
            n_teams = teams.max() + 1
            team_pts = np.stack([points[:, teams == k].sum(axis=1) // max(1, (teams == k).sum())
                                 for k in range(n_teams)], axis=1)
            mine = team_pts[np.arange(len(recs)), teams[dealer]]
            edge = mine - (team_pts.sum(axis=1) - mine) / (n_teams - 1)
        else:
            mine = points[np.arange(len(recs)), dealer]
            edge = mine - (points.sum(axis=1) - mine) / (n - 1)
        self._add("edge", edge)
        played = recs[:, TL.TF_THROWN_IN] == 0
        self._count("played", played.sum())
        self._count("round1", (recs[played][:, TL.TF_ROUND] == 1).sum())
        self._count("stuck", (recs[played][:, TL.TF_STUCK] == 1).sum())
        p = recs[played & (recs[:, TL.TF_MAKER] >= 0)]  # a maker's deals (not dirty clubs)
        self._count("made_by_one", len(p))
        side = maker_side(t, p)
        made_tricks = (p[:, TL.TF_TRICKS:TL.TF_TRICKS + n] * side).sum(axis=1)
        alone = p[:, TL.TF_ALONE] == 1
        need = t.need
        if t.bidding == TL.BID_AUCTION:  # the bid, or every trick for a shooter
            need = np.where(alone, t.hand, p[:, TL.TF_BID])
        made = made_tricks >= need
        march = made_tricks == t.hand
        self._count("made", made.sum())
        self._count("march", march.sum())
        self._count("alone", alone.sum())
        self._count("alone_made", (alone & made).sum())
        self._count("alone_march", (alone & march).sum())

    def seat_points(self) -> list[Estimate]:
        s = self.sums["seat"]
        return [mean_estimate(s[0][k], s[1][k], self.n) for k in range(self.table.seats)]

    def place_points(self) -> list[Estimate]:
        s = self.sums["place"]
        return [mean_estimate(s[0][k], s[1][k], self.n) for k in range(self.table.seats)]

    def dealer_edge(self) -> Estimate:
        s = self.sums["edge"]
        return mean_estimate(float(s[0]), float(s[1]), self.n)

    def rates(self) -> dict[str, Estimate]:
        c = self.counts
        played = c.get("played", 0)
        makers = c.get("made_by_one", 0)
        out = {
            "thrown_in": proportion(self.n - played, self.n),
            "round1": proportion(c.get("round1", 0), played),
            "made": proportion(c.get("made", 0), makers),
            "march": proportion(c.get("march", 0), makers),
            "euchred": proportion(makers - c.get("made", 0), makers),
        }
        auction = self.table.bidding == TL.BID_AUCTION
        if auction:  # no up-card and no throw-in; the dealer is stuck when the others pass
            del out["thrown_in"], out["round1"]
        if self.table.stick:
            out["stuck"] = proportion(c.get("stuck", 0), played)
        if self.table.alone:
            out["alone"] = proportion(c.get("alone", 0), makers)
            out["alone_made"] = proportion(c.get("alone_made", 0), c.get("alone", 0))
            out["alone_march"] = proportion(c.get("alone_march", 0), c.get("alone", 0))
        return out

    def to_dict(self) -> dict:
        """The summary as plain numbers (``summary.json``)."""
        def est(e: Estimate) -> dict:
            return {"mean": e.mean, "se": e.se}

        return {
            "deals": self.n,
            # at a count-down table (Buck) by_seat is each seat's score change per deal (lower
            # is better); by_place and the dealer's edge are gains (minus the change) there
            "score_counts_down": self.table.countdown,
            "points_per_deal_by_seat": [est(e) for e in self.seat_points()],
            "points_per_deal_by_place": [est(e) for e in self.place_points()],
            "dealer_edge": est(self.dealer_edge()),
            "rates": {k: est(v) for k, v in self.rates().items()},
        }

    def text(self) -> str:
        """The summary for people."""
        t = self.table
        n = t.seats
        lines = [f"{self.n:,} deals of {t.name}."]
        what = "Points"
        if t.countdown:
            what = "Score change (the score counts down: lower is better)"
        lines.append(f"{what} per deal by seat: " + ", ".join(
            f"{s}: {e:.4f}" for s, e in enumerate(self.seat_points())))
        names = [f"{k} left of dealer" for k in range(1, n)] + ["dealer"]
        lines.append(f"{'Gain' if t.countdown else 'Points'} per deal by place: " + ", ".join(
            f"{name} {e:.4f}" for name, e in zip(names, self.place_points(), strict=True)))
        who = "dealing team" if t.sides == TL.SIDES_TEAMS else "dealer"
        lines.append(f"Dealer's edge ({who} minus the average other "
                     f"{'team' if t.sides == TL.SIDES_TEAMS else 'seat'}), points gained per deal: "
                     f"{self.dealer_edge():.4f}")
        words = {"thrown_in": "thrown in", "round1": "trump made in round 1",
                 "stuck": "dealer stuck", "made": "maker makes it", "march": "march",
                 "euchred": "maker euchred", "alone": "maker alone",
                 "alone_made": "lone maker makes it", "alone_march": "lone march"}
        of = {"thrown_in": "", "round1": "  (of deals played)", "stuck": "  (of deals played)",
              "alone_made": "  (of lone hands)", "alone_march": "  (of lone hands)"}
        for k, e in self.rates().items():
            if e.n == 0:
                lines.append(f"  {words[k]:<24}   none{of.get(k, '  (of deals with a maker)')}")
                continue
            lines.append(f"  {words[k]:<24} {100 * e.mean:6.2f} % ± {100 * e.se:.2f}"
                         f"{of.get(k, '  (of deals with a maker)')}")
        return "\n".join(lines)


def game_summary(table: TableSpec, grecs: np.ndarray) -> tuple[dict, str]:
    """Who wins the games (each side's share, with its standard error) and their length."""
    games = len(grecs)
    sides = sorted(set(table.teams)) if table.sides == TL.SIDES_TEAMS else list(range(table.seats))
    word = "team" if table.sides == TL.SIDES_TEAMS else "seat"
    shares = {s: proportion(int((grecs[:, TL.TG_WINNER] == s).sum()), games) for s in sides}
    length = mean_estimate(float(grecs[:, TL.TG_DEALS].sum()),
                           float((grecs[:, TL.TG_DEALS].astype(np.float64) ** 2).sum()), games)
    unfinished = int((grecs[:, TL.TG_WINNER] < 0).sum())
    goal = (f"from {table.target} down to 0" if table.countdown else f"to {table.target}")
    text = [f"{games:,} games {goal}: " + ", ".join(
        f"{word} {s} wins {100 * e.mean:.2f} % ± {100 * e.se:.2f}" for s, e in shares.items())]
    text.append(f"Deals per game: {length:.2f}"
                + (f"; {unfinished} games unfinished at the cap" if unfinished else ""))
    data = {"games": games, "wins": {f"{word}_{s}": {"mean": e.mean, "se": e.se}
                                     for s, e in shares.items()},
            "deals_per_game": {"mean": length.mean, "se": length.se},
            "unfinished": unfinished}
    return data, "\n".join(text)


__all__ = ["TableTally", "game_summary", "maker_side"]
