"""euchre_sim: Monte Carlo strategy research toolkit for Euchre.

The public Python API::

    from euchre_sim import Rules, simulate_deals, simulate_games, replay_deal
"""

__version__ = "0.1.0"

import os as _os  # noqa: E402
import signal as _signal  # noqa: E402

# A worker process of a local Dask cluster this tool starts ignores SIGINT from its first
# import of the package (backends.open_backend sets the variable while the workers are
# spawned): a terminal's Ctrl-C reaches the whole process group, and the client, which stops
# the run and closes the cluster, is the one to answer it (a worker would print a traceback).
if _os.environ.get("EUCHRE_SIM_SPAWNING_WORKERS") == "1":
    _signal.signal(_signal.SIGINT, _signal.SIG_IGN)

from .rules import Rules  # noqa: E402
from .simulate import replay_deal, simulate_deals, simulate_games  # noqa: E402

__all__ = ["Rules", "simulate_deals", "simulate_games", "replay_deal", "__version__"]
