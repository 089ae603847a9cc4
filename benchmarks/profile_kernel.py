"""Where the deal kernel spends its time, by compiled function (a measurement, not a test).

numba writes no perf map, so ``perf`` shows the kernels as unnamed addresses. This script
compiles the kernels afresh (into a temporary cache: only a fresh compile keeps the LLVM
modules whose functions can be looked up), records each function's address, plays
``--strategy`` on both sides for ``--seconds`` on one thread under ``perf record``, and
attributes the samples to the functions. Inlined helpers count in their caller (the deal
itself is inlined into ``play_range``); samples in code it cannot name are reported as such.

    .venv/bin/python benchmarks/profile_kernel.py [--strategy advanced] [--seconds 10]
        [--general]   # the reference script through the general kernel
        [--annotate batch.play_range]   # and that function's hottest instructions

Needs ``perf`` (linux-perf) and permission to profile this user's processes.
"""

from __future__ import annotations

import argparse
import bisect
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD = r"""
import json, sys, time
import numpy as np
from euchre_sim.bench import engine_rate
from euchre_sim.core.batch import _run_deals
from euchre_sim.core.reference_deals import _run_reference_deals
engine_rate(0.5, 1, strategy=sys.argv[1])  # compiles the kernel the strategy runs through
names = {}
def walk(lib, seen):
    if id(lib) in seen:
        return
    seen.add(id(lib))
    module = getattr(lib, "_final_module", None)
    if module is not None:
        for f in module.functions:
            if not f.is_declaration:
                try:
                    names[f.name] = lib.get_pointer_to_function(f.name)
                except Exception:
                    pass
    obj = getattr(lib, "_compiled_object", None)
    if obj is not None and len(sys.argv) > 4:  # --annotate: keep the object code to disassemble
        open(f"{sys.argv[4]}/{len(seen)}.o", "wb").write(obj)
    for other in getattr(lib, "_linking_libraries", ()):
        walk(other, seen)
seen = set()
for kernel in (_run_deals, _run_reference_deals):
    for cres in kernel.overloads.values():
        walk(cres.library, seen)
json.dump({k: v for k, v in names.items() if v}, open(sys.argv[2], "w"))
print("ready", flush=True)
engine_rate(float(sys.argv[3]), 1, strategy=sys.argv[1])
"""


MAX_FUNCTION = 1 << 18  # bytes: an address further above the nearest function start is unnamed


def short(name: str) -> str:
    """A readable form of a numba symbol: module.function."""
    m = re.match(r"(?:cfunc\.)?_ZN(.*?)B\d+v\d+", name)
    if not m:
        return name[:60]
    parts, s = [], m.group(1)
    while s and s[0].isdigit():
        n = int(re.match(r"\d+", s).group())
        digits = len(str(n))
        parts.append(s[digits:digits + n])
        s = s[digits + n:]
    return ".".join(p for p in parts if p not in ("euchre_sim", "core")) or name[:60]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--strategy", default="advanced")
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--general", action="store_true",
                    help="the reference script through the general kernel")
    ap.add_argument("--top", type=int, default=20)
    ap.add_argument("--annotate", metavar="FUNCTION",
                    help="also list the hottest instructions of this function (a name as "
                         "printed, e.g. batch.play_range; needs objdump)")
    args = ap.parse_args()
    if shutil.which("perf") is None:
        sys.exit("profile_kernel: perf not found (install linux-perf)")
    strategy = args.strategy + (" (general kernel)" if args.general else "")
    with tempfile.TemporaryDirectory() as tmp:
        addrs_file, data = Path(tmp) / "addrs.json", Path(tmp) / "perf.data"
        env = dict(os.environ, NUMBA_CACHE_DIR=tmp, EUCHRE_SIM_CACHE=tmp,
                   EUCHRE_SIM_COMPILE_NOTICE="0")
        print(f"compiling the kernels afresh for {strategy!r} (a minute or two)...", flush=True)
        objects = Path(tmp) / "objects"
        objects.mkdir()
        child = subprocess.Popen([sys.executable, "-c", CHILD, strategy, str(addrs_file),
                                  str(args.seconds + 5)]
                                 + ([str(objects)] if args.annotate else []),
                                 env=env, stdout=subprocess.PIPE, text=True)
        if child.stdout.readline().strip() != "ready":
            sys.exit("profile_kernel: the kernel process failed")
        time.sleep(1.0)
        subprocess.run(["perf", "record", "-F", "2000", "-p", str(child.pid), "-o", str(data),
                        "--", "sleep", str(args.seconds)], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        child.wait()
        ips = subprocess.run(["perf", "script", "-i", str(data), "-F", "ip"], check=True,
                             capture_output=True, text=True).stdout.split()
        addrs = json.loads(addrs_file.read_text())
        listing = disassemble(objects) if args.annotate else {}
    starts = sorted((a, n) for n, a in addrs.items())
    keys = [a for a, _ in starts]
    counts: collections.Counter[str] = collections.Counter()
    for ip in (int(x, 16) for x in ips):
        k = bisect.bisect_right(keys, ip) - 1
        near = k >= 0 and ip - keys[k] < MAX_FUNCTION  # else: code of a library not walked
        counts[short(starts[k][1]) if near else "(code it cannot name)"] += 1
    total = sum(counts.values()) or 1
    print(f"{strategy}, one thread, {len(ips):,} samples:")
    for name, n in counts.most_common(args.top):
        print(f"{100 * n / total:6.1f} %  {name}")
    if args.annotate:
        annotate(args.annotate, ips, starts, keys, listing, total, args.top)


def disassemble(objects: Path) -> dict[str, list[tuple[int, str]]]:
    """Each function's instructions (offset from its start, text) in the compiled objects."""
    out: dict[str, list[tuple[int, str]]] = {}
    for obj in sorted(objects.glob("*.o")):
        text = subprocess.run(["objdump", "-d", "--no-show-raw-insn", str(obj)],
                              capture_output=True, text=True).stdout
        name, base = None, 0
        for line in text.splitlines():
            m = re.match(r"^([0-9a-f]+) <(.+)>:$", line)
            if m:
                base, name = int(m.group(1), 16), m.group(2)
                out.setdefault(name, [])
                continue
            m = re.match(r"^\s+([0-9a-f]+):\s+(.*)$", line)
            if m and name:
                out[name].append((int(m.group(1), 16) - base, m.group(2)))
    return out


def annotate(target: str, ips: list[str], starts: list, keys: list[int],
             listing: dict[str, list[tuple[int, str]]], total: int, top: int) -> None:
    """The hottest instructions of the function whose short name is ``target``, each with
    the instructions before it (the sample usually lands just after the slow one)."""
    hits: collections.Counter[tuple[str, int]] = collections.Counter()
    for ip in (int(x, 16) for x in ips):
        k = bisect.bisect_right(keys, ip) - 1
        if k >= 0 and ip - keys[k] < MAX_FUNCTION and short(starts[k][1]) == target:
            hits[(starts[k][1], ip - keys[k])] += 1
    print(f"\nhottest instructions of {target}:")
    for (name, off), n in hits.most_common(top):
        code = listing.get(name, [])
        i = next((j for j, (o, _) in enumerate(code) if o == off), None)
        print(f"{100 * n / total:6.2f} %  +{off:#x}")
        for o, ins in (code[max(0, i - 4):i + 1] if i is not None else []):
            ins = re.sub(r"<[^>]*?(\+0x[0-9a-f]+)?>", lambda m: f"<{m.group(1) or ''}>", ins)
            print(f"            {o:#7x}  {ins}")


if __name__ == "__main__":
    main()
