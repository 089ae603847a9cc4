"""Kernel calls sized by the clock, so that Ctrl-C and SIGTERM are answered within a second.

Python runs a signal handler only between two calls into a compiled kernel, so a call that plays
a PIMC table's 16,384 deals holds a signal for minutes. The loops that play deals in chunks fill
each chunk through a :class:`Pace`: calls that start small and scale towards ``TARGET_S``
seconds each, up to the whole chunk; the chunk comes out as one call would leave it. The
records never depend on the sizes (deal ``i`` plays from random stream ``i`` whatever call plays
it), only the number of calls does: a fast table reaches its full chunk after a few calls.
"""

from __future__ import annotations

import time
from collections.abc import Callable

TARGET_S = 0.25  # seconds a kernel call aims at
FIRST = 64  # items of the first call (which may also compile the kernel)


class Pace:
    """How many items (deals, games) the next kernel call plays: at most ``most``."""

    def __init__(self, most: int, first: int = FIRST):
        self.most = max(1, int(most))
        self.size = max(1, min(self.most, int(first)))

    def take(self, remaining: int) -> int:
        return max(1, min(self.size, int(remaining)))

    def played(self, n: int, seconds: float) -> None:
        """Scale the next call by how long ``n`` items took: towards ``TARGET_S``, by at most
        four times up or eight times down at once."""
        ideal = n * TARGET_S / seconds if seconds > 0 else 4 * n
        self.size = int(max(1, min(self.most, 4 * n, max(n / 8, ideal))))

    def fill(self, n: int, play: Callable[[int, int], object]) -> None:
        """Play items ``0 .. n-1`` of a chunk in paced calls ``play(at, k)`` (items ``at`` to
        ``at + k - 1``): the chunk comes out whole, as one call would leave it."""
        at = 0
        while at < n:
            k = self.take(n - at)
            started = time.perf_counter()
            play(at, k)
            self.played(k, time.perf_counter() - started)
            at += k


def parallel_block(n: int, threads: int, block: int) -> int:
    """Items per parallel work item for a call of ``n``: ``block``, but small enough that a
    short call still gives every thread work (a block is one thread's)."""
    return max(1, min(block, n // (2 * max(1, threads)) or 1))
