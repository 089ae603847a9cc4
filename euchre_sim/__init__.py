"""euchre_sim: Monte Carlo strategy research toolkit for Euchre.

The public Python API::

    from euchre_sim import Rules, simulate_deals, simulate_games, replay_deal

and the command line's jobs as functions returning DataFrames and Figures (:mod:`.api`,
docs/api.md), loaded on first use::

    from euchre_sim import simulate, match, sweep, analyze, chart, equity, tune, stability
    from euchre_sim import exploit   # how far a table is from best play
    from euchre_sim import load   # a run folder read back (euchre_sim.records.results.load)

The layers below (docs/architecture.md) are folders: ``game``, ``core``, ``strategies``,
``oracle``, ``engine``, ``records``, ``analysis``, ``agents``, ``charts``, ``jobs``, ``play``,
``cli``.
"""
from __future__ import annotations

import os as _os
import signal as _signal
from typing import TYPE_CHECKING, Any

from .version import __version__

# A worker process of a local Dask cluster this tool starts ignores SIGINT from its first
# import of the package (backends.open_backend sets the variable while the workers are
# spawned): a terminal's Ctrl-C reaches the whole process group, and the client, which stops
# the run and closes the cluster, is the one to answer it (a worker would print a traceback).
if _os.environ.get("EUCHRE_SIM_SPAWNING_WORKERS") == "1":
    _signal.signal(_signal.SIGINT, _signal.SIG_IGN)

from .engine.simulate import replay_deal, simulate_deals, simulate_games  # noqa: E402
from .game.rules import Rules  # noqa: E402

# The jobs as functions (jobs/api.py, the jobs layer) are imported when one is first asked for:
# importing the package stays as light as the kernels' API (tools/import_graph.py, LAZY).
_API = ("simulate", "match", "sweep", "analyze", "chart", "equity", "tune", "stability",
       "exploit", "load", "Answer")

if TYPE_CHECKING:
    from .jobs.api import (  # noqa: F401
        Answer,
        analyze,
        chart,
        equity,
        exploit,
        load,
        match,
        simulate,
        stability,
        sweep,
        tune,
    )


def __getattr__(name: str) -> Any:
    if name in _API:
        from .jobs import api

        value = getattr(api, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_API})


__all__ = ["Rules", "simulate_deals", "simulate_games", "replay_deal", "__version__", *_API]
