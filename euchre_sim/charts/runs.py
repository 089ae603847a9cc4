"""A run folder's chart drawn again from what the run saved (``results.load``)."""

from __future__ import annotations

import os
from collections.abc import Mapping

import pandas as pd
from matplotlib.figure import Figure

from ..records.results import ResultsError, Run, load
from .classes import bid_chart_figure, go_alone_figure, order_up_figure
from .deals import (
    deal_players,
    deal_value_figure,
    maker_position_figure,
    stick_the_dealer_figure,
)
from .exploit import exploit_figure
from .studies import bias_figure, equity_figure, stability_figure, sweep_figure, tune_figure


def _spec(meta: Mapping, key: str) -> str:
    return meta[key]["spec"]


def _deal_summary(run: Run) -> dict:
    """The deal summary of a run's summary.json (a simulate run nests it under ``deals``)."""
    s = run.summary or {}
    return s["deals"] if isinstance(s.get("deals"), dict) else s


def _players(meta: Mapping) -> str:
    """Who played a simulate run, in the words its deal-value chart uses."""
    return deal_players(_spec(meta["strategies"], "team0"), _spec(meta["strategies"], "team1"))


def _deal_value_of(run: Run, who: str, caption: str) -> Figure:
    edge = _deal_summary(run)["points_per_deal"]["dealing_side_minus_other"]
    return deal_value_figure(run.deal_value, edge, who, caption)


RUN_CHARTS = {  # (meta kind, chart name) -> draw(run, caption)
    ("exploit", "chart"): lambda r, c: exploit_figure(r.by_kind, r.json("summary.json"), c),
    ("sweep", "chart"): lambda r, c: sweep_figure(
        r.sweep, _spec(r.meta, "strategy"), _spec(r.meta, "field"),
        "games_per_point" in r.meta, c),
    ("equity", "chart"): lambda r, c: equity_figure(r.equity, _spec(r.meta, "strategy"), c),
    ("chart order-up", "chart"): lambda r, c: order_up_figure(
        r.order_up, _spec(r.meta, "strategy"), c),
    ("chart go-alone", "chart"): lambda r, c: go_alone_figure(
        r.go_alone, _spec(r.meta, "strategy"), c),
    ("chart deal-value", "chart"): lambda r, c: _deal_value_of(
        r, deal_players(_spec(r.meta, "strategy"), _spec(r.meta, "strategy")), c),
    ("chart bid", "chart"): lambda r, c: bid_chart_figure(
        r.bid_chart.astype({"estimate": str}), r.meta["table"], r.meta["strategies"]["a"], c),
    ("chart stick-the-dealer", "chart"): lambda r, c: stick_the_dealer_figure(
        r.json("stick.json"), c),
    ("deals", "chart"): lambda r, c: maker_position_figure(
        _deal_summary(r)["by_maker_position"], c),
    ("deals", "deal_value"): lambda r, c: _deal_value_of(r, _players(r.meta), c),
    ("tune", "chart"): lambda r, c: tune_figure(
        r.trials, pd.read_csv(r.path / "validation.csv"), _spec(r.meta, "strategy"),
        _spec(r.meta, "field"), "games_per_trial" in r.meta, c),
    ("stability", "chart"): lambda r, c: stability_figure(
        r.stability, _spec(r.meta, "strategy"), "games_per_step" in r.meta, c),
    ("bias", "chart"): lambda r, c: bias_figure(
        r.options, r.summary, _spec(r.meta, "table_a"), _spec(r.meta, "table_b"), c),
}
RUN_CHARTS[("games", "chart")] = RUN_CHARTS[("deals", "chart")]
RUN_CHARTS[("games", "deal_value")] = RUN_CHARTS[("deals", "deal_value")]


def run_caption(run: Run, name: bool = True) -> str:
    """A caption for a chart drawn from a run folder: who played, the rules, how many deals
    (or games), the seed and (with ``name``) the run folder's name."""
    m = run.meta
    if "table_settings" in m:  # another table (RULES.md 3.2): strategies a and b by text
        st = m["strategies"]
        who = f"{st['a']}" + (f" against {st['b']}" if st["b"] != st["a"] else " self-play")
    elif "strategies" in m:
        who = _players(m)
    elif "table_a" in m:
        who = f"tables {_spec(m, 'table_a')} (A) and {_spec(m, 'table_b')} (B)"
    elif isinstance(m.get("table"), dict):  # one table (an exploit run)
        who = f"table: {_spec(m, 'table')}"
    else:
        who = f"table: {_spec(m, 'strategy')}" + (
            f" against {_spec(m, 'field')}" if "field" in m else "")
    counts = [f"{v:,} {k.replace('_', ' ')}" for k, v in m.items()
              if k.split("_")[0] in ("deals", "games") and isinstance(v, int)
              and not isinstance(v, bool)]
    return "; ".join([who, f"rules: {m.get('ruleset')}", *counts, f"seed {m.get('seed')}",
                      *([f"run {run.path.name}"] if name else [])])


def figure_from_run(run: Run | str | os.PathLike, name: str = "chart",
                    caption: str | None = None) -> Figure:
    """The chart ``name`` of a run folder (a :class:`~euchre_sim.records.results.Run`, or a name or
    path for :func:`~euchre_sim.records.results.load`), drawn again from the tables and summaries
    the run saved: ``chart`` (every job that draws one), or ``deal_value`` (a simulate run's
    second chart). ``caption`` defaults to :func:`run_caption`. A one-line
    :class:`~euchre_sim.records.results.ResultsError` for a run that draws no such chart."""
    if not isinstance(run, Run):
        run = load(run)
    kind = run.meta.get("kind")
    draw = RUN_CHARTS.get((kind, name))
    if draw is None:
        names = sorted(n for k, n in RUN_CHARTS if k == kind)
        raise ResultsError(f"run {str(run.path)!r} ({kind}) has no chart {name!r}"
                           + (f": it has {', '.join(names)}" if names else ""))
    return draw(run, run_caption(run) if caption is None else caption)
