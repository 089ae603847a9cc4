"""Where simulation work runs: in this process on numba threads (the default), or as shards on a
Dask cluster (``--scheduler ADDRESS`` or ``--cluster local[:N]``).

Work is cut into shards, each a range of deal (or game) indices ``(first, count)``. A shard
function ``fn(first, count, *args, threads=None)`` runs the kernels on its range and returns a
compact aggregate. Since deal ``i`` is a pure function of the seed and ``i``, and every
aggregate the callers merge is exact (integer counts and sums of integer points; float sums only
over fixed, index-aligned blocks), results are bit-identical whatever the backend, the number of
workers or the shard size. :meth:`Backend.map` yields shard results in shard order.

On a cluster a shard lost with its worker is re-run by Dask on another worker; each shard's
result is taken exactly once, from its own future, so nothing is lost or counted twice. At most
``window`` shards are in flight at once, which bounds the memory that results and records take.
"""

from __future__ import annotations

import atexit
import logging
import os
import re
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol

Shard = tuple[int, int]  # (first index, count)

# shards in flight per worker on a cluster: enough to keep every worker busy while the
# client merges, few enough to bound memory
WINDOW_PER_WORKER = 3
CONNECT_TIMEOUT = "5s"  # how long to wait for a --scheduler to answer
STALL_NOTE_S = 60.0  # a line on stderr when no shard has finished for this long
# Dask's nanny gives its workers MALLOC_TRIM_THRESHOLD_=65536, which also stops glibc from
# raising its mmap threshold: every array over 128 KB is then mapped and unmapped afresh (half
# of an exploit worker's time went to the system: 13,000 mmap/munmap pairs in 12 s). Large
# thresholds keep such arrays on the heap, as in a plain process (2,400 exploit deals on
# local:2: 80.7 s -> 51.9 s, 2026-12-06).
WORKER_MALLOC = {"distributed.nanny.pre-spawn-environ.MALLOC_MMAP_THRESHOLD_": 1 << 26,
                 "distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": 1 << 27}


class BackendError(ValueError):
    """A bad --scheduler / --cluster option or an unreachable cluster (one-line message)."""


class ShardPlan(Sequence[Shard]):
    """Indices ``first .. first+total-1`` cut into shards of ``size``, the last one taking the
    rest: a lazy sequence (a plan for 10^20 deals costs nothing until its shards are run)."""

    def __init__(self, total: int, size: int, first: int = 0):
        self.total, self.size, self.first = total, size, first
        self._starts = range(0, max(total, 0), size)

    def __len__(self) -> int:
        return len(self._starts)

    def __getitem__(self, k):  # type: ignore[override]
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(len(self)))]
        lo = self._starts[k]
        return (self.first + lo, min(self.size, self.total - lo))


def plan_shards(total: int, size: int, first: int = 0, align: int = 1) -> ShardPlan:
    """Cut indices ``first .. first+total-1`` into shards of ``size`` (rounded up to a multiple
    of ``align``; the last shard takes the rest), lazily."""
    if size < 1:
        raise BackendError(f"shard size must be a positive integer, got {size}")
    size = -(-size // align) * align
    return ShardPlan(total, size, first)


class ShardProgress:
    """A progress callback for a tqdm bar: moves it by each finished shard's size and shows
    how many shards are done (the unit of work; on a cluster they finish in any order)."""

    def __init__(self, bar: Any):
        self.bar = bar
        self.done = 0
        self.total = 0
        self.note = ""

    def planned(self, n: int) -> None:
        """``n`` more shards are on their way (a run may plan several batches)."""
        self.total += n

    def __call__(self, count: int) -> None:
        self.done += 1
        self.bar.set_postfix_str(self._postfix(), refresh=False)
        self.bar.update(count)

    def expect(self, count: int) -> None:
        """Add ``count`` to the bar's total: a run that plans its own work says how much."""
        self.bar.total = (self.bar.total or 0) + count
        self.bar.refresh()

    def tell(self, note: str) -> None:
        """Show ``note`` (a search's best value so far, say) after the shard count."""
        self.note = note
        self.bar.set_postfix_str(self._postfix())

    def advance(self, count: int) -> None:
        """Move the bar by ``count`` without a shard: work found already done."""
        self.bar.update(count)

    def _postfix(self) -> str:
        return f"{self.done}/{self.total} shards" + (f", {self.note}" if self.note else "")


def _announce(progress: Any, shards: Sequence[Shard]) -> None:
    if hasattr(progress, "planned"):
        progress.planned(len(shards))


class Backend(Protocol):
    """What the simulating functions need of a backend."""

    name: str

    def default_shard(self, chunk: int, total: int) -> int: ...

    def map(self, fn: Callable[..., Any], shards: Sequence[Shard], *args: Any,
            progress: Callable[[int], None] | None = None) -> Iterator[Any]: ...

    def describe(self) -> dict: ...


class InProcess:
    """Run shards one after another in this process; each uses ``threads`` numba threads."""

    name = "in-process"
    workers = 1

    def __init__(self, threads: int | None = None):
        self.threads = threads

    def default_shard(self, chunk: int, total: int) -> int:
        """In-process, a shard is one chunk (the unit the progress bar moves by)."""
        return chunk

    def map(self, fn: Callable[..., Any], shards: Sequence[Shard], *args: Any,
            progress: Callable[[int], None] | None = None) -> Iterator[Any]:
        _announce(progress, shards)
        for first, count in shards:
            result = fn(first, count, *args, threads=self.threads)
            if progress is not None:
                progress(count)
            yield result

    def describe(self) -> dict:
        return {"backend": self.name, "threads": self.threads}

    def close(self) -> None:
        pass

    def __enter__(self) -> InProcess:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class DaskBackend:
    """Run shards as tasks on a ``dask.distributed`` cluster (an existing scheduler, or a local
    cluster of worker processes that this object starts and stops)."""

    name = "dask"

    def __init__(self, client: Any, cluster: Any = None, address: str = "",
                 threads: int | None = None):
        self.client = client
        self.threads = threads  # numba threads per shard (None: all of the worker's cores)
        self.cluster = cluster
        self.address = address
        self._warmed = False

    @property
    def workers(self) -> int:
        return max(1, len(self.client.scheduler_info(n_workers=-1)["workers"]))

    def default_shard(self, chunk: int, total: int) -> int:
        """About four shards per worker, at least one chunk and at most 64 chunks each: small
        enough to balance the load (and to make a lost shard cheap), large enough that the
        per-shard overhead is noise."""
        want = -(-total // (4 * self.workers))
        return min(max(chunk, -(-want // chunk) * chunk), 64 * chunk)

    def warm_up(self) -> None:
        """Load (or compile) the kernels on every worker at once, before the first shard, and
        check that every worker runs the same kernels as this process (the same results)."""
        if self._warmed:
            return
        try:
            found = self.client.run(_warm_worker)
        except Exception as exc:  # a worker without euchre_sim, or one that cannot run it
            raise BackendError(f"a Dask worker cannot run euchre_sim ({type(exc).__name__}: "
                               f"{exc}); install the same version on every worker "
                               "(docs/cluster.md)") from None
        ours = kernel_fingerprint()
        for worker, theirs in sorted(found.items()):
            if tuple(theirs) != ours:
                raise BackendError(f"worker {worker} runs euchre_sim {theirs[0]} (kernels "
                                   f"{theirs[1]}), this process {ours[0]} (kernels {ours[1]}): "
                                   "install the same version everywhere (docs/cluster.md)")
        self._warmed = True

    def map(self, fn: Callable[..., Any], shards: Sequence[Shard], *args: Any,
            progress: Callable[[int], None] | None = None) -> Iterator[Any]:
        from distributed import KilledWorker, wait

        self.warm_up()
        _announce(progress, shards)
        window = max(2, WINDOW_PER_WORKER * self.workers)
        futures: dict[Any, int] = {}
        done: dict[int, Any] = {}
        submitted = 0  # shards are taken from the (lazy) plan as the window frees up
        nxt = 0
        quiet_since = time.monotonic()

        def submit_more() -> None:
            nonlocal submitted
            while submitted < len(shards) and len(futures) + len(done) < window:
                first, count = shards[submitted]
                fut = self.client.submit(fn, first, count, *args, threads=self.threads,
                                         pure=False)
                futures[fut] = submitted
                submitted += 1

        try:
            submit_more()
            while nxt < len(shards):
                try:
                    finished = wait(list(futures), timeout=STALL_NOTE_S,
                                    return_when="FIRST_COMPLETED").done
                except TimeoutError:
                    stalled = time.monotonic() - quiet_since
                    _stall_note(f"no shard has finished for {stalled:.0f} s on "
                                f"{self.workers} worker(s) of {self.address or 'the cluster'}: "
                                "a worker may be paused, hung or overloaded (Dask drops a "
                                "worker that stops answering after its worker-ttl, 5 minutes "
                                "by default, and runs its shards elsewhere); Ctrl-C stops "
                                "the run")
                    continue
                quiet_since = time.monotonic()
                for fut in sorted(finished, key=futures.__getitem__):
                    i = futures.pop(fut)
                    try:
                        done[i] = fut.result()
                    except KilledWorker:
                        raise BackendError(
                            f"shard {i} (from index {shards[i][0]:,}) took down the Dask "
                            "workers that ran it, one after another (out of memory? killed?): "
                            "the run is stopped") from None
                    fut.release()
                    if progress is not None:
                        progress(shards[i][1])
                while nxt in done:
                    yield done.pop(nxt)
                    nxt += 1
                submit_more()
        finally:
            if futures:  # interrupted (Ctrl-C, an error, or the caller stopped early)
                self.client.cancel(list(futures))

    def describe(self) -> dict:
        return {"backend": self.name, "scheduler": self.address, "workers": self.workers}

    def close(self) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()

    def __enter__(self) -> DaskBackend:
        return self

    def __exit__(self, exc_type, *exc) -> None:
        if exc_type is KeyboardInterrupt:  # shutting down half-way: spare the user the logs
            _quiet_interrupted_cluster()
        self.close()


def _quiet_interrupted_cluster() -> None:
    """After a Ctrl-C, dask's shutdown logs (and asyncio's "Task exception was never
    retrieved" for a worker process the signal stopped while it started: "Nanny failed to
    start worker process") would follow the one-line message; the run is stopped anyway."""
    for name in ("distributed", "asyncio"):
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def _stall_note(text: str) -> None:
    """One line on stderr while a cluster run waits (progress bars may be hidden)."""
    print(f"euchre-sim: {text}", file=sys.stderr, flush=True)


def kernel_fingerprint() -> tuple[str, str]:
    """(package version, hash of the kernel sources and numba's version) of this process."""
    from ..core import KERNEL_HASH
    from ..version import __version__

    return __version__, KERNEL_HASH


def _warm_worker() -> tuple[str, str]:
    from .simulate import warm_up_kernels

    warm_up_kernels()
    return kernel_fingerprint()


def parse_cluster(spec: str) -> int:
    """``local`` (one worker per core) or ``local:N`` -> the number of worker processes."""
    m = re.fullmatch(r"local(?::(\d+))?", spec.strip())
    if not m:
        raise BackendError(f"bad --cluster {spec!r}: expected local or local:N (N worker "
                           "processes)")
    n = int(m.group(1)) if m.group(1) else (os.cpu_count() or 1)
    if not 1 <= n <= 256:
        raise BackendError(f"bad --cluster {spec!r}: N must be between 1 and 256")
    return n


def open_backend(scheduler: str | None = None, cluster: str | None = None,
                 threads: int | None = None) -> InProcess | DaskBackend:
    """The backend the options ask for: in-process by default, else a Dask client."""
    if scheduler and cluster:
        raise BackendError("give either --scheduler or --cluster, not both")
    if not scheduler and not cluster:
        return InProcess(threads)
    if threads is not None:
        raise BackendError("--threads applies to in-process runs; on a cluster each worker "
                           "uses its own cores")
    try:
        from distributed import Client, LocalCluster
    except ImportError:  # pragma: no cover - distributed is a dependency
        raise BackendError("dask.distributed is not installed: pip install "
                           "'distributed'") from None
    if cluster:
        n = parse_cluster(cluster)
        per_worker = max(1, (os.cpu_count() or 1) // n)
        # the workers' own logs stay quiet (a task's error reaches the client as an
        # exception); scheduler and dashboard on this machine's loopback only: nothing is
        # served to the network (the dashboard has no authentication). Ctrl-C in a terminal
        # reaches the workers too: they ignore it, those spawned now from their start
        # (euchre_sim/__init__.py reads the variable), any worker from its start-up on
        # (IgnoreInterrupt), and the client, which stops the run, closes them
        os.environ["EUCHRE_SIM_SPAWNING_WORKERS"] = "1"
        try:
            import dask

            with dask.config.set(WORKER_MALLOC):
                local = LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                                     host="127.0.0.1", dashboard_address="127.0.0.1:0",
                                     silence_logs=logging.CRITICAL)
        except KeyboardInterrupt:
            # a half-started cluster cannot be closed: dask's own close at exit would fail
            # with a traceback; the worker processes end with this one
            from distributed.deploy.spec import close_clusters

            _quiet_interrupted_cluster()
            atexit.unregister(close_clusters)
            raise
        finally:
            del os.environ["EUCHRE_SIM_SPAWNING_WORKERS"]
        client = Client(local)
        from .dask_plugins import IgnoreInterrupt

        client.register_plugin(IgnoreInterrupt())
        return DaskBackend(client, local, f"local:{n}", threads=per_worker)
    try:
        client = Client(scheduler, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError) as exc:
        raise BackendError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
    return DaskBackend(client, None, scheduler)
