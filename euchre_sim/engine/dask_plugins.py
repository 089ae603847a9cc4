"""Dask worker plugins for the local clusters this tool starts (``--cluster local:N``).

Imported only when such a cluster is opened (importing ``distributed`` takes a while).
"""

from __future__ import annotations

import signal
import threading

from distributed import WorkerPlugin


class IgnoreInterrupt(WorkerPlugin):
    """A worker process of a local cluster ignores SIGINT.

    Ctrl-C in a terminal signals the whole foreground process group: the client, which stops
    the run and closes the cluster, and every worker process, whose own event loop would die
    printing a traceback each. The client alone answers it; the workers are stopped by the
    cluster's close. Set on every worker, also one the nanny restarts later."""

    name = "euchre-sim-ignore-interrupt"

    def setup(self, worker) -> None:  # noqa: ANN001 - a distributed.Worker
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGINT, signal.SIG_IGN)
