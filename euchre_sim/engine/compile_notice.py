"""Say so when a kernel call compiles: the first run after an install or an update sits 40-90 s
in numba's compiler, which would otherwise look like a hang.

numba adds an entry to a dispatcher's ``overloads`` once a signature is compiled (or loaded from
the on-disk cache, which takes well under a second). A watcher thread started with the call
therefore knows that the call is still compiling while none of the kernels has a new entry: past
``DELAY`` seconds it prints one line to stderr, then the seconds spent (on a terminal, in place),
and how long it took once the kernels run. A warm start prints nothing.

It prints only where someone watches: stderr a terminal, or ``EUCHRE_SIM_COMPILE_NOTICE=1``
(notebooks, tests); ``=0`` silences it. Logs of scripts and of CI stay as they were.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TextIO

DELAY = 1.5  # seconds a call may take to load the cache before it counts as compiling
TICK = 1.0  # seconds between two progress updates on a terminal
MESSAGE = ("compiling the simulator's kernels (the first run after an install or an update; "
           "about a minute on two cores, then cached)")


def wanted(stream: TextIO) -> bool:
    """Print notices to ``stream``? The environment variable decides, else a terminal does."""
    env = os.environ.get("EUCHRE_SIM_COMPILE_NOTICE", "")
    if env in ("0", "1"):
        return env == "1"
    return bool(getattr(stream, "isatty", lambda: False)())


def compiled(dispatchers: Sequence[Any]) -> int:
    """How many signatures the ``dispatchers`` have compiled or loaded so far."""
    return sum(len(d.overloads) for d in dispatchers)


@contextmanager
def compile_notice(dispatchers: Sequence[Any], stream: TextIO | None = None,
                   delay: float = DELAY, tick: float = TICK) -> Iterator[None]:
    """Around a call of one of ``dispatchers``: if it is still compiling after ``delay``
    seconds, say so on ``stream`` (default stderr) and show the time spent until it runs."""
    stream = stream or sys.stderr
    if not wanted(stream):
        yield
        return
    before = compiled(dispatchers)
    stop = threading.Event()
    live = bool(getattr(stream, "isatty", lambda: False)())

    def watch() -> None:
        start = time.monotonic()
        shown = False
        while not stop.wait(tick if shown else delay):
            if compiled(dispatchers) > before:
                break  # compiled: the call now runs
            if not shown:
                print(MESSAGE, file=stream, flush=True)
                shown = True
            elif live:
                print(f"\r  {time.monotonic() - start:.0f} s", end="", file=stream, flush=True)
        if shown:
            print(("\r" if live else "") + f"  compiled in {time.monotonic() - start:.0f} s",
                  file=stream, flush=True)

    watcher = threading.Thread(target=watch, name="compile-notice", daemon=True)
    watcher.start()
    try:
        yield
    finally:
        stop.set()
        watcher.join()
