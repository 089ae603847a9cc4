"""What a run folder may claim: the manifest of the files a run of ours wrote, and the lock that
keeps two runs from writing one folder.

``--overwrite`` replaces a folder only when every file in it is one a run of ours wrote and
left as it was (``manifest.json``: each file's size and SHA-256); anything else in it, a
user's ``thesis.tex`` or an edited summary, makes it not ours to remove. The lock is an
``flock`` on a file named after the folder's absolute path in euchre_sim's cache folder
(``core.cache_root``; not beside the output, whose parent may not exist yet); the system drops
it when the process ends, so a killed run never leaves a stale lock.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import weakref
from pathlib import Path
from typing import Any

from ..core import cache_root

MANIFEST = "manifest.json"
WRITTEN_BY = "euchre-sim"


def _digest(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def write_manifest(folder: Path) -> None:
    """List every file of ``folder`` (a run's complete temporary folder) in its manifest."""
    files = {p.name: {"size": p.stat().st_size, "sha256": _digest(p)}
             for p in sorted(folder.iterdir()) if p.is_file() and p.name != MANIFEST}
    (folder / MANIFEST).write_text(json.dumps({"written_by": WRITTEN_BY, "files": files},
                                              indent=1) + "\n")


def _manifest(folder: Path) -> dict[str, Any] | None:
    try:
        text = (folder / MANIFEST).read_text()
        data = json.loads(text) if len(text) < (1 << 24) else None
    except (OSError, ValueError, RecursionError):
        return None
    if not (isinstance(data, dict) and data.get("written_by") == WRITTEN_BY
            and isinstance(data.get("files"), dict)):
        return None
    return data


def not_ours(folder: Path, limit: int = 3) -> str | None:
    """Why ``folder`` is not a run folder of ours to replace (None when it is: a real folder
    whose every entry is a file its manifest lists, unchanged). Files the manifest lists that
    are gone (records a clone does not carry) are no reason."""
    if folder.is_symlink() or not folder.is_dir():
        return "it is not a folder"
    manifest = _manifest(folder)
    if manifest is None:
        return ("it holds no manifest.json of ours (a folder not written by euchre-sim, or by "
                "a version before manifests: remove it yourself)")
    listed = manifest["files"]
    foreign = []
    for entry in sorted(folder.iterdir()):
        if entry.name == MANIFEST:
            continue
        want = listed.get(entry.name)
        if (entry.is_symlink() or not entry.is_file() or not isinstance(want, dict)
                or entry.stat().st_size != want.get("size")
                or _digest(entry) != want.get("sha256")):
            foreign.append(entry.name)
            if len(foreign) > limit:
                break
    if foreign:
        shown = ", ".join(repr(n) for n in foreign[:limit])
        shown += ", ..." if len(foreign) > limit else ""
        return f"it holds files no run of ours wrote or that were changed since ({shown})"
    return None


def _lock_path(folder: Path) -> Path:
    key = hashlib.sha256(os.fsencode(os.path.abspath(folder))).hexdigest()[:32]
    where = cache_root() / "locks"
    where.mkdir(mode=0o700, parents=True, exist_ok=True)
    return where / f"{key}.lock"


class FolderLock:
    """An exclusive claim on one output folder, held until :meth:`release` or until the object
    (or the process) is gone."""

    def __init__(self, folder: Path):
        self.folder = folder
        path = _lock_path(folder)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise FolderBusy(folder) from None
        self._finalizer = weakref.finalize(self, os.close, fd)

    def release(self) -> None:
        self._finalizer()


class FolderBusy(OSError):
    """Another run (in this process or another) is writing the folder."""

    def __init__(self, folder: Path):
        super().__init__(f"another run is writing to {str(folder)!r} now: wait for it or "
                         "choose another --out")


def is_busy(folder: Path) -> bool:
    """Whether a run holds the lock of ``folder`` now (a snapshot: for choosing a name)."""
    try:
        FolderLock(folder).release()
    except FolderBusy:
        return True
    return False
