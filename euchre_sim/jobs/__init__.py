"""The jobs layer: one function per thing the tool does, with typed arguments.

Every command of ``euchre-sim`` and every kind of experiment file is one of these functions
(the ``run`` job, an experiment file, is ``euchre_sim.jobs.experiments.run_experiment``, one layer
up because it calls the others). They take plain values, strategy names or ``Strategy``
objects and the small dataclasses of :mod:`.common` (``RuleChoice``, ``Compute``, ``Output``,
``SituationInput``), print their human summary through ``echo`` and return their result; a
job that writes a run folder writes it with :func:`euchre_sim.records.results.write_run`.

>>> from euchre_sim import jobs
>>> jobs.match("advanced", "reference", deals=20_000, seed=3, progress=False)  # doctest: +SKIP

See docs/architecture.md for the layers and the way a command flows through them.
"""

from .analyze import (
    BIAS_DEALS,
    SITUATION_FIELDS,
    SituationInput,
    analyze,
    analyze_plan,
    bias,
    make_points,
    situation_input,
)
from .common import (
    Compute,
    OptionError,
    Output,
    RuleChoice,
    count_value,
    file_name,
    folder_name,
    param_texts,
    positive_number,
    scheduler_address,
    seed_value,
    set_texts,
    strategy_name,
)
from .exploit import EXPLOIT_DEALS, exploit, exploit_seats
from .play import bench, match, show, simulate, solve
from .records import FORMATS, egn_situation, export, show_egn
from .search import climb, split_keys, stability, tune
from .study import CHARTS, TABLE_CHARTS, chart, equity, sweep

__all__ = [
    "BIAS_DEALS", "CHARTS", "EXPLOIT_DEALS", "FORMATS", "SITUATION_FIELDS", "TABLE_CHARTS",
    "Compute",
    "OptionError", "Output", "RuleChoice", "SituationInput", "analyze", "analyze_plan", "bench",
    "bias", "chart", "climb",
    "count_value", "egn_situation", "equity", "exploit", "exploit_seats", "export",
    "file_name", "folder_name", "make_points", "match",
    "param_texts", "positive_number", "scheduler_address", "seed_value", "set_texts", "show",
    "show_egn", "simulate", "situation_input", "solve", "split_keys", "stability",
    "strategy_name", "sweep",
    "tune",
]
