"""numba kernels only: rng, tables, decisions, the deal and batch kernels.

numba's on-disk cache only notices edits to the file that defines a function, not to the
functions it calls from other modules. So the cache lives in a folder named after a hash of
every source the kernels are built from: any edit starts a fresh cache, never a stale one.
The hash reads every source of ``core/`` and ``game/``. The folder is ``$EUCHRE_SIM_CACHE``
or ``$NUMBA_CACHE_DIR`` or ``~/.cache/euchre_sim``, plus ``/numba-<hash>``.
"""

import hashlib
import os
from pathlib import Path

import numba


def _kernel_source_hash() -> str:
    package = Path(__file__).resolve().parent.parent
    files = sorted((package / "core").rglob("*.py")) + sorted((package / "game").glob("*.py"))
    h = hashlib.sha256(numba.__version__.encode())
    for f in files:
        h.update(f.relative_to(package).as_posix().encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def cache_root() -> Path:
    """Where euchre_sim keeps what it may rebuild: the kernel cache, the output folders' locks."""
    for var in ("EUCHRE_SIM_CACHE", "NUMBA_CACHE_DIR"):
        if os.environ.get(var):
            return Path(os.environ[var])
    return Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "euchre_sim"


KERNEL_HASH = _kernel_source_hash()  # also tells a Dask worker's kernels from the client's
CACHE_DIR = cache_root() / f"numba-{KERNEL_HASH}"
numba.config.CACHE_DIR = str(CACHE_DIR)
