"""matplotlib charts of simulation results.

Each chart is a pure ``*_figure`` function: data in (the tables and summaries a run folder
holds), a :class:`matplotlib.figure.Figure` out, built with the object API (no pyplot state),
so a notebook shows it inline and nothing is left open. The ``*_chart`` functions the jobs
call take what the job computed, draw the same figure and write it as PNG and SVG
(:func:`save_figure`). :func:`figure_from_run` draws a run folder's chart again from its
saved tables::

    from euchre_sim import charts
    from euchre_sim.records.results import load

    run = load("order_up_dealer")
    fig = charts.figure_from_run(run)                          # the sweep's chart
    fig = charts.sweep_figure(run.sweep, "tuned", "tuned")     # the same, by hand

(In Jupyter, ``%matplotlib inline`` once makes a returned figure show.)

The figures live by subject: ``deals`` (the makers by seat, the value of the deal, stick the
dealer), ``classes`` (the hand-class charts of round 1), ``studies`` (sweeps, match equity,
tuning, stability, table bias); ``runs`` draws a run folder's chart again; ``common`` holds
the caption and the writer.
"""

from .classes import (
    bid_chart_chart,
    bid_chart_figure,
    go_alone_chart,
    go_alone_figure,
    order_up_chart,
    order_up_figure,
)
from .common import save_figure
from .deals import (
    deal_players,
    deal_value_chart,
    deal_value_figure,
    maker_position_chart,
    maker_position_figure,
    stick_the_dealer_chart,
    stick_the_dealer_figure,
)
from .exploit import exploit_chart, exploit_figure
from .runs import RUN_CHARTS, figure_from_run, run_caption
from .studies import (
    bias_chart,
    bias_figure,
    equity_chart,
    equity_figure,
    stability_chart,
    stability_figure,
    sweep_chart,
    sweep_figure,
    tune_chart,
    tune_figure,
)

__all__ = [
    "RUN_CHARTS", "bias_chart", "bias_figure", "bid_chart_chart", "bid_chart_figure",
    "deal_players", "deal_value_chart",
    "deal_value_figure", "equity_chart", "equity_figure", "exploit_chart", "exploit_figure",
    "figure_from_run", "go_alone_chart",
    "go_alone_figure", "maker_position_chart", "maker_position_figure", "order_up_chart",
    "order_up_figure", "run_caption", "save_figure", "stability_chart", "stability_figure",
    "stick_the_dealer_chart", "stick_the_dealer_figure", "sweep_chart", "sweep_figure",
    "tune_chart", "tune_figure",
]
