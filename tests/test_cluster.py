"""Scale-out on Dask: a LocalCluster of two worker processes gives bit-identical results to the
in-process run, whatever the shard size; a shard lost with its worker is re-run; an interrupted
run cancels its shards and leaves nothing that looks complete."""

import os
import signal
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from euchre_sim.analysis.analyser import analyze, parse_situation
from euchre_sim.analysis.equity import match_equity
from euchre_sim.analysis.match import duplicate_deals, duplicate_games
from euchre_sim.analysis.stability import stability
from euchre_sim.analysis.summary import DealSummary
from euchre_sim.analysis.sweep import sweep
from euchre_sim.analysis.tune import tune
from euchre_sim.cli import main as cli
from euchre_sim.engine.backends import (
    BackendError,
    InProcess,
    ShardProgress,
    open_backend,
    parse_cluster,
    plan_shards,
)
from euchre_sim.game.rules import Rules
from euchre_sim.jobs.runner import run_simulation

pytestmark = pytest.mark.slow  # starts Dask clusters

RULES = Rules()


@pytest.fixture(scope="module")
def cluster():
    with open_backend(cluster="local:2") as backend:
        backend.warm_up()
        yield backend


def same_match(x, y):
    assert x.boards == y.boards
    assert x.diff == y.diff  # mean, se and n, exactly
    assert x.summary_a_first.to_dict() == y.summary_a_first.to_dict()
    assert x.summary_b_first.to_dict() == y.summary_b_first.to_dict()
    assert x.games_won_by_a == y.games_won_by_a


def test_plan_shards_covers_every_index_once():
    shards = plan_shards(100_000, 30_000, first=7)
    assert list(shards) == [(7, 30_000), (30_007, 30_000), (60_007, 30_000), (90_007, 10_000)]
    assert len(shards) == 4 and shards[-1] == (90_007, 10_000)
    assert list(plan_shards(10_000, 3_000, align=4096)) == [(0, 4096), (4096, 4096), (8192, 1808)]
    # a plan is lazy: 10^20 deals cost nothing until they are run
    huge = plan_shards(10**20, 10**6)
    assert len(huge) == 10**14 and huge[-1] == (10**20 - 10**6, 10**6)


@pytest.mark.parametrize("shard", [None, 50_000, 131_072])
def test_duplicate_deals_match_in_process(cluster, shard):
    here = duplicate_deals(RULES, "advanced", "basic", 200_000, seed=11)
    there = duplicate_deals(RULES, "advanced", "basic", 200_000, seed=11, backend=cluster,
                            shard=shard)
    same_match(here, there)


def test_precision_stopping_matches_in_process(cluster):
    here = duplicate_deals(RULES, "basic", "reference", 2_000_000, seed=4, half_width=0.004)
    there = duplicate_deals(RULES, "basic", "reference", 2_000_000, seed=4, half_width=0.004,
                            backend=cluster)
    assert here.boards < 2_000_000
    same_match(here, there)


@pytest.mark.parametrize("shard", [4096, 12_288])
def test_duplicate_games_match_in_process(cluster, shard):
    here = duplicate_games(RULES, "advanced", "basic", 20_000, seed=3)
    there = duplicate_games(RULES, "advanced", "basic", 20_000, seed=3, backend=cluster,
                            shard=shard)
    same_match(here, there)


def test_simulation_records_and_summary_match_in_process(cluster, tmp_path):
    kw = dict(rules=RULES, rules_name="north-american", a="basic", b="reference", seed=9,
              progress=False, echo=lambda *_: None)
    here = run_simulation(deals=150_000, out=str(tmp_path / "here"), **kw)
    there = run_simulation(deals=150_000, out=str(tmp_path / "there"), backend=cluster,
                           shard=40_000, **kw)
    assert here == there
    a = pd.read_parquet(tmp_path / "here" / "deals.parquet")
    b = pd.read_parquet(tmp_path / "there" / "deals.parquet")
    assert len(a) == 150_000 and a.equals(b)
    g1 = run_simulation(games=6_000, **kw)
    g2 = run_simulation(games=6_000, backend=cluster, shard=1_000, **kw)
    assert g1 == g2


def test_equity_sweep_and_analyze_match_in_process(cluster):
    e1 = match_equity(RULES, "basic", 12_000, seed=2)
    e2 = match_equity(RULES, "basic", 12_000, seed=2, backend=cluster, shard=5_000)
    assert np.array_equal(e1.visits, e2.visits) and np.array_equal(e1.wins, e2.wins)
    grid = [("round1.threshold.dealer", [10.0, 12.0])]
    s1 = sweep(RULES, "basic", grid, "reference", 60_000, seed=5)
    s2 = sweep(RULES, "basic", grid, "reference", 60_000, seed=5, backend=cluster)
    assert s1.table().equals(s2.table())
    g1 = sweep(RULES, "basic", grid, "reference", 5_000, seed=5, games=True)
    g2 = sweep(RULES, "basic", grid, "reference", 5_000, seed=5, games=True, backend=cluster,
               shard=4096)
    assert g1.table().equals(g2.table())
    sit = parse_situation("JH JD AH KH AS", "9H", "third", "pass pass", "6-8")
    a1 = analyze(sit, "advanced", deals=10_000, seed=3, equity_games=3_000)
    a2 = analyze(sit, "advanced", deals=10_000, seed=3, equity_games=3_000, backend=cluster)
    assert a1.equals(a2)


def test_tune_and_stability_match_in_process(cluster):
    space = ["round1.threshold.dealer=10:13", "play.fishing=0:1"]
    kw = dict(deals=20_000, trials=5, seed=8, validate_top=2)
    t1 = tune(RULES, "basic", space, "reference", **kw)
    t2 = tune(RULES, "basic", space, "reference", backend=cluster, shard=7_000, **kw)
    assert t1.table().equals(t2.table())
    assert t1.validation_table().equals(t2.validation_table())
    params = ["round1.threshold.dealer"]
    for field, n in (("self", {"deals": 30_000}), ("reference", {"games": 5_000})):
        s1 = stability(RULES, "basic", field, params=params, seed=3, **n)
        s2 = stability(RULES, "basic", field, params=params, seed=3, backend=cluster,
                       shard=4096, **n)
        assert s1.table().equals(s2.table())


def test_a_shard_lost_with_its_worker_is_rerun(cluster):
    """Kill one worker process as soon as the first shard is in: its shards run again
    elsewhere (or on the worker its nanny restarts), and the result is exactly the same."""
    pids = cluster.client.run(os.getpid)
    victim = sorted(pids.values())[0]
    killed = []

    def kill_once(_n):
        if not killed:
            os.kill(victim, signal.SIGKILL)
            killed.append(victim)

    here = duplicate_deals(RULES, "advanced", "reference", 400_000, seed=21)
    there = duplicate_deals(RULES, "advanced", "reference", 400_000, seed=21, backend=cluster,
                            shard=16_384, progress=kill_once)
    assert killed
    same_match(here, there)
    cluster.client.wait_for_workers(2, timeout=60)  # the nanny restarts it


def test_interrupt_cancels_the_shards_and_writes_nothing(cluster, tmp_path, monkeypatch):
    """Ctrl-C while the client merges the second shard's result."""
    merge = DealSummary.merge
    calls = []

    def interrupted(self, other):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return merge(self, other)

    monkeypatch.setattr(DealSummary, "merge", interrupted)
    with pytest.raises(KeyboardInterrupt):
        run_simulation(RULES, "north-american", "basic", None, seed=1, deals=500_000,
                       out=str(tmp_path / "run"), progress=False, backend=cluster, shard=20_000,
                       echo=lambda *_: None)
    assert list(tmp_path.iterdir()) == []
    cluster.client.sync(_idle, cluster.client)  # nothing left running on the cluster


@pytest.mark.parametrize("when", ["starting", "running"])
def test_ctrl_c_in_a_terminal_stops_a_cluster_run_in_one_line(tmp_path, when):
    """A terminal's Ctrl-C signals the whole process group, the local cluster's worker
    processes too, while they start (their first import of the package ignores it,
    euchre_sim/__init__.py) or while they run shards (dask_plugins.IgnoreInterrupt): the
    client stops the run (exit 130, one line), the workers print nothing, no folder is left."""
    import subprocess
    import sys
    import time

    # the installed command, as a user runs it (its spawned workers re-import it, and with
    # it the package; `python -m euchre_sim` workers do not, until their first task)
    script = Path(sys.executable).parent / "euchre-sim"
    # compile (or load) the simulation kernels first, in one process: on a cold numba cache the
    # client and both workers would each compile them after the Ctrl-C (minutes on two cores)
    subprocess.run([str(script), "simulate", "--deals", "1000", "--no-progress"], check=True,
                   capture_output=True, timeout=900)
    cmd = [str(script), "simulate", "--deals", "200000000",
           "--cluster", "local:2", "--out", str(tmp_path / "run"), "--no-progress"]
    # started as a terminal's shell starts a foreground command, with SIGINT at its default:
    # a test run started in the background (`make test &`) ignores SIGINT, and an ignored
    # signal stays ignored across exec, so the command would never see the Ctrl-C
    cmd = [sys.executable, "-c", "import os, signal, sys; "
           "signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])",
           *cmd]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        if when == "starting":  # as soon as a worker process exists (it is importing)
            deadline = time.time() + 120
            while not _spawned_workers(proc.pid) and time.time() < deadline:
                time.sleep(0.02)
            assert _spawned_workers(proc.pid), "no worker process started"
            time.sleep(0.3)  # past the interpreter's own start-up, into the imports
        else:
            first = proc.stderr.readline()  # "running on Dask ...": the cluster is up
            assert "running on Dask" in first, first
            time.sleep(5)  # shards under way
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=300)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert [line for line in err.splitlines() if line.strip()
            and not line.startswith("running on Dask")] == [
        line for line in err.splitlines() if line.startswith("euchre-sim: interrupted")], err
    assert list(tmp_path.iterdir()) == []


def _spawned_workers(pid: int) -> list[int]:
    """Processes of ``pid``'s process group started by multiprocessing's spawn (Linux /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()
            cmdline = open(f"/proc/{entry}/cmdline", "rb").read()
        except OSError:
            continue
        if int(stat[2]) == pid and b"spawn_main" in cmdline:  # field 5: the process group
            found.append(int(entry))
    return found


async def _idle(client):
    import asyncio

    for _ in range(100):
        info = await client.scheduler.processing()
        if not any(info.values()):
            return
        await asyncio.sleep(0.1)
    raise AssertionError("shards still running after the interrupt")


def test_workers_with_other_kernels_are_refused(cluster, monkeypatch):
    """A worker whose euchre_sim differs from the client's would give other results."""
    import euchre_sim.engine.backends as backends

    monkeypatch.setattr(backends, "kernel_fingerprint", lambda: ("0.0.0", "not-these"))
    fresh = backends.DaskBackend(cluster.client)
    with pytest.raises(BackendError, match="install the same version everywhere"):
        fresh.warm_up()


def test_cluster_option_parsing():
    assert parse_cluster("local:3") == 3
    assert parse_cluster("local") == (os.cpu_count() or 1)
    with pytest.raises(BackendError, match="local:N"):
        parse_cluster("remote:2")
    with pytest.raises(BackendError, match="not both"):
        open_backend("tcp://127.0.0.1:1", "local:2")
    assert isinstance(open_backend(), InProcess)


@pytest.mark.parametrize("argv, needle", [
    (["match", "basic", "reference", "--deals", "1000", "--cluster", "local:x"], "local:N"),
    (["simulate", "--deals", "1000", "--cluster", "local:2", "--threads", "1"], "--threads"),
    (["equity", "--games", "100", "--scheduler", "tcp://127.0.0.1:9"], "cannot reach"),
])
def test_bad_cluster_options_are_one_line_errors(capsys, argv, needle):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert needle in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_cli_match_on_a_cluster_prints_the_same(capsys, cluster):
    argv = ["match", "advanced", "basic", "--deals", "100000", "--seed", "5", "--no-progress"]
    assert cli.main(argv) == 0
    here = capsys.readouterr().out
    assert cli.main(argv + ["--cluster", "local:2"]) == 0
    captured = capsys.readouterr()
    assert captured.out == here
    assert "running on Dask (local:2, 2 workers)" in captured.err
    address = cluster.cluster.scheduler_address  # an existing scheduler, as --scheduler
    assert cli.main(argv + ["--scheduler", address, "--shard-size", "30000"]) == 0
    captured = capsys.readouterr()
    assert captured.out == here
    assert f"running on Dask ({address}, 2 workers)" in captured.err


def test_an_experiment_runs_on_a_cluster_with_the_same_tables(tmp_path):
    from euchre_sim.jobs.experiments import run_experiment

    exp = tmp_path / "small_sweep.toml"
    exp.write_text('kind = "sweep"\nstrategy = "basic"\nvs = "reference"\ndeals = 40000\n'
                   'seed = 3\n[params]\n"round1.threshold.dealer" = "10:12:2"\n')
    here = run_experiment(exp, tmp_path / "here")
    there = run_experiment(exp, tmp_path / "there", ["--cluster", "local:2"])
    assert (here / "sweep.csv").read_text() == (there / "sweep.csv").read_text()
    assert "--cluster local:2" in (there / "command.txt").read_text()


class FakeBar:
    def __init__(self):
        self.n = 0
        self.postfix = ""

    def update(self, k):
        self.n += k

    def set_postfix_str(self, text, refresh=True):
        self.postfix = text


@pytest.mark.parametrize("on_cluster", [False, True])
def test_the_progress_bar_counts_finished_shards(cluster, on_cluster):
    bar = FakeBar()
    backend = cluster if on_cluster else InProcess()
    duplicate_deals(RULES, "basic", "reference", 100_000, seed=1, backend=backend,
                    shard=30_000, progress=ShardProgress(bar))
    assert bar.n == 100_000 and bar.postfix == "4/4 shards"


def test_a_local_cluster_serves_nothing_to_the_network():
    """The local cluster's scheduler and its (unauthenticated) dashboard listen on the
    loopback only."""
    with open_backend(cluster="local:1") as backend:
        assert backend.client.scheduler.address.startswith("tcp://127.0.0.1:")
        assert backend.client.dashboard_link.startswith("http://127.0.0.1:")


def _kill_the_worker(first, count, *args, threads=None):
    os._exit(1)


def test_a_shard_that_kills_its_workers_is_one_error():
    """A shard that takes its worker down every time (out of memory, a crash) ends the run
    with one line, not a KilledWorker traceback."""
    import sys

    import cloudpickle

    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    with open_backend(cluster="local:1") as backend:
        backend.warm_up = lambda: None
        with pytest.raises(BackendError, match="took down the Dask workers"):
            list(backend.map(_kill_the_worker, [(0, 10)]))


def test_a_paused_worker_is_reported_while_the_run_waits(monkeypatch):
    """A worker that stops answering (SIGSTOP) holds its shards: while no shard finishes the
    run says so on stderr (one line, repeated each STALL_NOTE_S), and once the worker goes on
    the result is exactly the in-process one."""
    import euchre_sim.engine.backends as backends

    notes = []
    with open_backend(cluster="local:2") as backend:
        backend.warm_up()
        victim = sorted(backend.client.run(os.getpid).values())[0]

        def note(text):
            notes.append(text)
            os.kill(victim, signal.SIGCONT)

        monkeypatch.setattr(backends, "STALL_NOTE_S", 2.0)
        monkeypatch.setattr(backends, "_stall_note", note)
        os.kill(victim, signal.SIGSTOP)
        try:
            here = duplicate_deals(RULES, "advanced", "reference", 200_000, seed=22)
            there = duplicate_deals(RULES, "advanced", "reference", 200_000, seed=22,
                                    backend=backend, shard=8_192)
        finally:
            os.kill(victim, signal.SIGCONT)
        same_match(here, there)
    assert notes and "a worker may be paused" in notes[0]
