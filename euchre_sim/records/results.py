"""Run folders: writing a run's results atomically (records as Parquet, ``meta.json``,
summary, chart), and reading them back (:func:`load`).

Everything is written into a temporary sibling folder which is renamed to the final name only
when the run is complete, so an interrupted run never leaves a folder that looks complete.
Every job writes its folder the same way: :func:`write_run` with a :class:`RunFiles` (the
``simulate`` job streams its records first, then calls :meth:`RunWriter.write_files`).
"""

from __future__ import annotations

import itertools
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numba
import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from ..game.rules import RULES_VERSION, Rules
from ..game.user_files import check_nesting, load_json
from ..version import __version__
from .claims import FolderBusy, FolderLock, not_ours, write_manifest


class ResultsError(ValueError):
    """The output folder cannot be used (one-line message)."""


def git_commit() -> str | None:
    """The git commit of the package source, if it is a git checkout."""
    here = Path(__file__).resolve().parent
    try:
        out = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=here, capture_output=True, text=True, timeout=5
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if out.returncode != 0:
        return None
    try:  # a slow or broken git costs the mark, never the run's result
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=here, capture_output=True, text=True, timeout=5,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return out.stdout.strip() + "-unknown"
    return out.stdout.strip() + ("-dirty" if dirty else "")


def provenance() -> dict[str, Any]:
    """Version, commit, machine and command of this process."""
    return {
        "euchre_sim_version": __version__,
        "rules_version": RULES_VERSION,
        "git_commit": git_commit(),
        "command": sys.argv,
        "python": platform.python_version(),
        "numba": numba.__version__,
        "numpy": np.__version__,
        "machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
        "cpus": os.cpu_count(),
        "created": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }


def remove_stale_partials(parent: Path, name: str) -> None:
    """Remove the temporary folders that runs into ``parent/name`` left when they were killed
    (``.NAME.partial-PID-*`` of a process that no longer exists)."""
    for path in parent.glob(f".{name}.partial-*-*"):
        pid = path.name[len(name) + 10:].split("-", 1)[0]
        if pid.isdigit() and not _alive(int(pid)) and path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # exists, not ours to signal
        return True
    return True


def is_results_folder(path: Path) -> bool:
    """Is ``path`` a folder this tool wrote (a real folder holding our ``meta.json``)? Only
    such a folder may be replaced by ``--overwrite``."""
    if path.is_symlink() or not path.is_dir():
        return False
    try:
        meta = load_json(path / "meta.json", "meta.json")
    except (OSError, ValueError):  # UserFileError is a ValueError
        return False
    return isinstance(meta, dict) and "euchre_sim_version" in meta


class RunWriter:
    """Context manager writing one run folder atomically.

    >>> with RunWriter("results/demo", overwrite=True) as w:
    ...     w.append("deals", table)
    ...     w.write_json("meta.json", meta)
    """

    def __init__(self, out: str | os.PathLike, overwrite: bool = False,
                 extras: dict[str, str] | None = None):
        shown = str(out)
        if not shown:
            raise ResultsError("the output folder name is empty")
        # absolute, with '.' and '..' resolved (not symlinks): the folder has a real name, and
        # its temporary sibling lies next to it
        self.final = Path(os.path.abspath(out))
        self.extras = dict(extras or {})  # more text files, written when the run completes
        try:
            there = self.final.exists() or self.final.is_symlink()
        except OSError as exc:  # a name too long for the file system, say
            raise ResultsError(f"cannot use output folder {shown[:80]!r}"
                               f"{'...' if len(shown) > 80 else ''}: {exc.strerror}") from None
        self._empty_at_start = False
        if there:
            self._empty_at_start = self.final.is_dir() and not self.final.is_symlink() \
                and not any(self.final.iterdir())
            if not overwrite and not self._empty_at_start:
                raise ResultsError(f"output folder {shown!r} exists: use --overwrite")
            reason = None if self._empty_at_start else not_ours(self.final)
            if reason:
                raise ResultsError(f"{shown!r} exists and --overwrite replaces only a run "
                                   f"folder of ours: {reason}; choose another --out")
        self._there_at_start = there
        _check_writable(self.final, shown)  # before the work, not after it
        try:
            self._lock: FolderLock | None = FolderLock(self.final)
        except FolderBusy as exc:
            raise ResultsError(str(exc)) from None
        except OSError:  # no temporary folder to lock in: the checks at the end still hold
            self._lock = None
        self.overwrite = overwrite
        self.tmp: Path | None = None
        self._made: list[Path] = []
        self._writers: dict[str, pq.ParquetWriter] = {}

    def __enter__(self) -> RunWriter:
        parent = self.final.parent
        # the folders this run makes above its own (results/NAME/): removed again, if still
        # empty, when the run does not complete
        self._made = list(itertools.takewhile(lambda p: not p.exists(),
                                              (parent, *parent.parents)))
        try:
            parent.mkdir(parents=True, exist_ok=True)
            remove_stale_partials(parent, self.final.name)
            prefix = f".{self.final.name}.partial-{os.getpid()}-"
            self.tmp = Path(tempfile.mkdtemp(prefix=prefix, dir=parent))
            # mkdtemp makes the folder 0700; a results folder follows the umask like any other
            umask = os.umask(0)
            os.umask(umask)
            self.tmp.chmod(0o777 & ~umask)
        except OSError as exc:
            msg = f"cannot create output folder {str(self.final)!r}: {exc.strerror}"
            raise ResultsError(msg) from None
        return self

    @property
    def path(self) -> Path:
        assert self.tmp is not None
        return self.tmp

    def append(self, name: str, columns: dict[str, np.ndarray]) -> None:
        """Append rows to ``name.parquet`` (streamed: one row group per call)."""
        table = pa.table(columns)
        w = self._writers.get(name)
        if w is None:
            w = pq.ParquetWriter(self.path / f"{name}.parquet", table.schema, compression="zstd")
            self._writers[name] = w
        w.write_table(table)

    def write_frame(self, name: str, df) -> None:
        """A table as ``name.csv`` and ``name.parquet``."""
        df.to_csv(self.path / f"{name}.csv", index=False)
        df.to_parquet(self.path / f"{name}.parquet", index=False)

    def write_json(self, name: str, obj: Any) -> None:
        (self.path / name).write_text(strict_json(obj) + "\n")

    def write_text(self, name: str, text: str) -> None:
        (self.path / name).write_text(text)

    def write_files(self, files: RunFiles) -> None:
        """Everything ``files`` holds, ``meta.json`` last."""
        for name, df in files.tables.items():
            self.write_frame(name, df)
        for name, df in files.csv.items():
            df.to_csv(self.path / f"{name}.csv", index=False)
        for name, df in files.parquet.items():
            df.to_parquet(self.path / f"{name}.parquet", index=False)
        for name, text in files.texts.items():
            self.write_text(name, text)
        for name, obj in files.json.items():
            self.write_json(name, obj)
        for stem, draw in files.charts.items():
            draw(self.path / stem)
        self.write_json("meta.json", files.meta())

    def __exit__(self, exc_type, exc, tb) -> None:
        try:
            for w in self._writers.values():
                w.close()
            if exc_type is not None:
                self._discard()
                return
            for name, text in self.extras.items():
                (self.path / name).write_text(text)
            write_manifest(self.path)
            self._put_in_place()
        finally:
            if self._lock is not None:
                self._lock.release()

    def _discard(self) -> None:
        shutil.rmtree(self.tmp, ignore_errors=True)
        for folder in self._made:  # innermost first
            try:
                folder.rmdir()
            except OSError:  # not empty (another run wrote there meanwhile): keep it
                break

    def _put_in_place(self) -> None:
        """Rename the complete folder to its name; replace only what the checks at the start
        allowed, and only if it is still so (nothing that appeared or changed meanwhile)."""
        final, shown = self.final, str(self.final)
        if final.exists() or final.is_symlink():
            if not self._there_at_start:
                reason = "it appeared while this run was going"
            elif self._empty_at_start:
                reason = None if final.is_dir() and not any(final.iterdir()) \
                    else "it was empty at the start and is not now"
            else:
                reason = not_ours(final)
            if reason:
                kept = final.with_name(f"{final.name}.run-{os.getpid()}")
                try:
                    os.rename(self.tmp, kept)
                except OSError:
                    self._discard()
                    raise ResultsError(f"output folder {shown!r} was left as it is: {reason}; "
                                       "this run's result could not be kept") from None
                raise ResultsError(f"output folder {shown!r} was left as it is: {reason}; "
                                   f"this run's result is in {str(kept)!r}")
            old = final.with_name(f".{final.name}.old-{os.getpid()}")
            try:
                final.rename(old)
            except OSError as exc:
                self._discard()
                raise ResultsError(f"cannot replace {shown!r}: {exc.strerror}; it is left "
                                   "as it was and nothing was written") from None
            try:
                os.replace(self.tmp, final)
            except OSError as exc:
                old.rename(final)
                self._discard()
                raise ResultsError(f"cannot put the run folder at {shown!r}: {exc.strerror}; "
                                   "the old one is left as it was") from None
            shutil.rmtree(old, ignore_errors=True)
            return
        try:
            os.replace(self.tmp, final)
        except OSError as exc:
            self._discard()
            raise ResultsError(f"cannot put the run folder at {shown!r}: {exc.strerror}; "
                               "nothing was written") from None


def _check_writable(final: Path, shown: str) -> None:
    """Fail now where the folder could not be made: its nearest existing parent is not a
    folder we may write in."""
    for parent in final.parents:
        if parent.exists():
            if not parent.is_dir():
                raise ResultsError(f"cannot use output folder {shown!r}: {str(parent)!r} is not "
                                   "a folder")
            if not os.access(parent, os.W_OK | os.X_OK):
                raise ResultsError(f"cannot use output folder {shown!r}: {str(parent)!r} is not "
                                   "writable")
            return


@dataclass
class RunFiles:
    """What a job leaves in its run folder: ``tables`` (each as NAME.csv and NAME.parquet),
    ``csv`` (NAME.csv only), ``parquet`` (NAME.parquet only: long tables), ``texts`` and
    ``json`` (by file name), ``charts`` (STEM -> a
    function drawing STEM.png and STEM.svg), and ``meta.json``: the job's ``kind``, its
    ``ruleset`` name and ``rules``, its ``fields`` (in their order, the seed among them), the
    time taken since ``started``, ``after_time`` fields, then the provenance."""

    kind: str
    ruleset: str | None
    rules: Rules
    fields: dict[str, Any]
    started: float
    tables: dict[str, Any] = field(default_factory=dict)
    csv: dict[str, Any] = field(default_factory=dict)
    parquet: dict[str, Any] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)
    json: dict[str, Any] = field(default_factory=dict)
    charts: dict[str, Callable[[Path], Any]] = field(default_factory=dict)
    after_time: dict[str, Any] = field(default_factory=dict)

    def meta(self) -> dict[str, Any]:
        """``meta.json``."""
        return {"kind": self.kind, "ruleset": self.ruleset, "rules": self.rules.to_dict(),
                **self.fields, "elapsed_s": round(time.time() - self.started, 3),
                **self.after_time, **provenance()}


def write_run(writer: RunWriter, files: RunFiles) -> None:
    """Write a whole run folder atomically: ``files``, then the writer's extras (an
    experiment's ``config.json``, ``command.txt``, ``run.json``), then the rename."""
    with writer:
        writer.write_files(files)


def strict_json(obj: Any) -> str:
    """``obj`` as JSON by RFC 8259: numpy scalars and arrays as numbers and lists, paths as
    text, and a NaN or an infinity (a rate with no cases) as ``null``, never a bare ``NaN``."""
    return json.dumps(_finite(obj), indent=2, default=_jsonable, allow_nan=False)


def _finite(obj: Any) -> Any:
    if isinstance(obj, (float, np.floating)):
        return float(obj) if np.isfinite(obj) else None
    if isinstance(obj, dict):
        return {k: _finite(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_finite(v) for v in obj]
    if isinstance(obj, np.ndarray):
        return _finite(obj.tolist())
    return obj


def _jsonable(obj: Any) -> Any:
    if isinstance(obj, np.integer):
        return int(obj)
    if isinstance(obj, np.floating):
        return float(obj)
    if isinstance(obj, np.ndarray):
        return obj.tolist()
    if isinstance(obj, Path):
        return str(obj)
    raise TypeError(f"not JSON serialisable: {type(obj).__name__}")


@dataclass
class Run:
    """A run folder read back (:func:`load`): where it is, its provenance and its tables.

    ``run.tables`` holds every Parquet file of the folder by name (``deals``, ``games``,
    ``steps``, ``options``, ...); each is also an attribute (``run.deals``). ``run.meta`` is
    ``meta.json`` (the command, the strategies, the rules, the commit), ``run.summary``
    ``summary.json`` where the job writes one; ``run.json(NAME)`` and ``run.text(NAME)`` read
    the folder's other files (``match.json``, ``stick.txt``, ...)."""

    path: Path
    meta: dict[str, Any]
    tables: dict[str, pd.DataFrame]
    summary: dict[str, Any] | None = None

    def __getattr__(self, name: str) -> pd.DataFrame:
        tables = self.__dict__.get("tables", {})
        if name in tables:
            return tables[name]
        raise AttributeError(f"run {self.__dict__.get('path')} has no table {name!r}; it has: "
                             f"{', '.join(sorted(tables)) or 'none'}")

    def json(self, name: str) -> Any:
        """Another JSON file of the run folder, read: ``run.json("match.json")``."""
        text = self._read(name)
        try:
            check_nesting(text, f"{name} of run {str(self.path)!r}")
            return json.loads(text)
        except ValueError as exc:
            raise ResultsError(f"run {str(self.path)!r}: {name} is not JSON we read: "
                               f"{exc}") from None

    def text(self, name: str) -> str:
        """A text file of the run folder: ``run.text("summary.txt")``."""
        return self._read(name)

    def _read(self, name: str) -> str:
        try:
            return (self.path / name).read_text()
        except OSError as exc:
            raise ResultsError(f"run {str(self.path)!r} has no readable {name!r}: "
                               f"{exc.strerror}") from None


TABLE_KEYS = ("strategy", "table", "a", "table_a", "start")  # meta.json keys naming the table


def table_of(run: Run) -> str:
    """The name of the table (strategy) a run was measured with, from its ``meta.json``: the
    ``strategy`` of a sweep, tune, stability, equity or chart run, the table of an analysis,
    side A of a match, table A of a bias run, the start of a climb, team 0 of a simulate
    run, side A of a run at another table (``three-handed``, ...)."""
    m = run.meta

    def name_of(record: Any) -> str | None:
        name = record.get("name") if isinstance(record, dict) else record
        return name if isinstance(name, str) and name else None

    found = [m.get(key) for key in TABLE_KEYS if isinstance(m.get(key), dict)]
    strategies = m.get("strategies")
    if isinstance(strategies, dict):
        # team 0 of a simulation; side A's name of a run at another table (docs/tables.md)
        found += [strategies.get("team0"), strategies.get("a")]
    if isinstance(m.get("tables"), list) and m["tables"]:
        found.append(m["tables"][0])
    for record in found:
        if name_of(record):
            return name_of(record)
    raise ResultsError(f"run {str(run.path)!r} names no table in its meta.json")


def find_run(name_or_path: str | os.PathLike, root: str | os.PathLike = "results") -> Path:
    """The run folder ``name_or_path`` names: a run folder itself, or the newest run in a folder
    of runs (``results/NAME/RUN_ID``, run ids sort by time), given as a path or as a name under
    ``root``. A one-line :class:`ResultsError` when there is none."""
    text = str(name_or_path)
    if not text:
        raise ResultsError("no run named: give a run folder or an experiment name")
    for cand in (Path(text), Path(root) / text):
        if not cand.is_dir():
            continue
        if is_results_folder(cand):
            return cand
        runs = sorted(p for p in cand.iterdir() if not p.name.startswith(".")
                      and is_results_folder(p))
        if runs:
            return runs[-1]
        raise ResultsError(f"{str(cand)!r} holds no finished run (no meta.json in it or in its "
                           "folders)")
    raise ResultsError(f"no run {text!r}: not a folder, nor a folder under {str(root)!r}")


def load(name_or_path: str | os.PathLike, root: str | os.PathLike = "results",
         decoded: bool = True) -> Run:
    """Read a run folder back: ``load("demo")``, ``load("order_up_dealer")`` (its newest run),
    ``load("results/table_bias/20261201-023829-seed1")``. With ``decoded`` (the default) the
    deal records get readable columns (``euchre_sim.records.decode``: card strings, trump suit, the
    maker's hand and its features, march / euchred)."""
    path = find_run(name_or_path, root)
    try:
        meta = load_json(path / "meta.json", "meta.json")
        if not isinstance(meta, dict):
            raise ValueError("meta.json is not a JSON object")
        summary = (load_json(path / "summary.json", "summary.json")
                   if (path / "summary.json").is_file() else None)
        tables = {p.stem: pd.read_parquet(p) for p in sorted(path.glob("*.parquet"))}
    except (OSError, ValueError) as exc:
        raise ResultsError(f"cannot read run {str(path)!r}: {exc}") from None
    if decoded and "deals" in tables and "hand0" in tables["deals"].columns:
        from .decode import decode  # only when asked: decoding imports the card tables

        tables["deals"] = decode(tables["deals"])
    return Run(path, meta, tables, summary)
