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
        [--lines batch.play_range]   # and its samples by inlined function and source line

With ``--lines`` the kernels are compiled with debug line tables (``NUMBA_DEBUGINFO=1``,
bounds checks still off; the line tables keep variables alive a little longer, so the code
differs slightly from a plain build) and ``llvm-addr2line -i`` names, for each sample, the
chain of inlined calls it lies in. Three tables: the steps (the outermost calls below the
kernel), the innermost functions, the source lines. A step numba inlines itself
(``inline="always"``: ``deal.play_deal``, ``play_tricks``, ``make_trump``, the ``decisions``
hooks) has no frame of its own: its samples count under the kernel, and its lines carry the
kernel's file name with their own line numbers (the table shows the source text of each
candidate module).

Needs ``perf`` (linux-perf) and permission to profile this user's processes; ``--lines`` also
``llvm-addr2line`` (or binutils ``addr2line``).
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
import json, sys, time, warnings
warnings.filterwarnings("ignore", message="Could not find source")  # --lines: numba's lambdas
import numpy as np
from euchre_sim.engine.bench import engine_rate
from euchre_sim.core.four.batch import _run_blocks
from euchre_sim.core.four.reference_deals import _run_reference_deals
engine_rate(0.5, 1, strategy=sys.argv[1])  # compiles the kernel the strategy runs through
names = []  # [symbol, address, object file number]: one library's copy of a function each
def walk(lib, seen):
    if id(lib) in seen:
        return
    seen.add(id(lib))
    n = len(seen)
    module = getattr(lib, "_final_module", None)
    if module is not None:
        for f in module.functions:
            if not f.is_declaration:
                try:
                    addr = lib.get_pointer_to_function(f.name)
                except Exception:
                    addr = 0
                if addr:
                    names.append([f.name, addr, n])
    obj = getattr(lib, "_compiled_object", None)
    if obj is not None and len(sys.argv) > 4:  # --annotate, --lines: keep the object code
        open(f"{sys.argv[4]}/{n}.o", "wb").write(obj)
    for other in getattr(lib, "_linking_libraries", ()):
        walk(other, seen)
seen = set()
for kernel in (_run_blocks, _run_reference_deals):
    for cres in kernel.overloads.values():
        walk(cres.library, seen)
json.dump(names, open(sys.argv[2], "w"))
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
    ap.add_argument("--lines", metavar="FUNCTION",
                    help="also attribute this function's samples to the functions inlined "
                         "into it and to source lines (compiles with debug line tables; "
                         "needs llvm-addr2line or addr2line)")
    args = ap.parse_args()
    if shutil.which("perf") is None:
        sys.exit("profile_kernel: perf not found (install linux-perf)")
    addr2line = shutil.which("llvm-addr2line") or shutil.which("addr2line")
    if args.lines and addr2line is None:
        sys.exit("profile_kernel: --lines needs llvm-addr2line or addr2line")
    strategy = args.strategy + (" (general kernel)" if args.general else "")
    keep_objects = bool(args.annotate or args.lines)
    with tempfile.TemporaryDirectory() as tmp:
        addrs_file, data = Path(tmp) / "addrs.json", Path(tmp) / "perf.data"
        env = dict(os.environ, NUMBA_CACHE_DIR=tmp, EUCHRE_SIM_CACHE=tmp,
                   EUCHRE_SIM_COMPILE_NOTICE="0")
        if args.lines:
            env.update(NUMBA_DEBUGINFO="1", NUMBA_BOUNDSCHECK="0")
        print(f"compiling the kernels afresh for {strategy!r} (a minute or two)...", flush=True)
        objects = Path(tmp) / "objects"
        objects.mkdir()
        child = subprocess.Popen([sys.executable, "-c", CHILD, strategy, str(addrs_file),
                                  str(args.seconds + 5)]
                                 + ([str(objects)] if keep_objects else []),
                                 env=env, stdout=subprocess.PIPE, text=True)
        if child.stdout.readline().strip() != "ready":
            sys.exit("profile_kernel: the kernel process failed")
        time.sleep(1.0)
        subprocess.run(["perf", "record", "-F", "2000", "-p", str(child.pid), "-o", str(data),
                        "--", "sleep", str(args.seconds)], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        child.wait()
        ips = [int(x, 16) for x in subprocess.run(
            ["perf", "script", "-i", str(data), "-F", "ip"], check=True,
            capture_output=True, text=True).stdout.split()]
        starts = sorted((a, n, obj) for n, a, obj in json.loads(addrs_file.read_text()))
        listing = disassemble(objects) if args.annotate else {}
        chains = inline_chains(args.lines, ips, starts, objects, addr2line) if args.lines else {}
    keys = [a for a, _, _ in starts]
    counts: collections.Counter[str] = collections.Counter()
    for ip in ips:
        f = function_at(ip, starts, keys)
        counts[short(f[1]) if f else "(code it cannot name)"] += 1
    total = sum(counts.values()) or 1
    print(f"{strategy}, one thread, {len(ips):,} samples:")
    for name, n in counts.most_common(args.top):
        print(f"{100 * n / total:6.1f} %  {name}")
    if args.annotate:
        annotate(args.annotate, ips, starts, keys, listing, total, args.top)
    if args.lines:
        report_lines(args.lines, chains, total, args.top)


def function_at(ip: int, starts: list, keys: list[int]) -> tuple | None:
    """(start address, symbol, object number) of the function holding ``ip``, or None."""
    k = bisect.bisect_right(keys, ip) - 1
    if k >= 0 and ip - keys[k] < MAX_FUNCTION:  # else: code of a library not walked
        return starts[k]
    return None


def symbol_offsets(obj: Path) -> dict[str, int]:
    """Each defined symbol's address in an object file (``nm``)."""
    out = {}
    listing = subprocess.run(["nm", str(obj)], capture_output=True, text=True).stdout
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) == 3:
            out[parts[2]] = int(parts[0], 16)
    return out


def inline_chains(target: str, ips: list[int], starts: list, objects: Path,
                  addr2line: str) -> collections.Counter:
    """The samples in function ``target``, counted by their inline chain: a tuple of
    (function, file:line) from the innermost frame out."""
    keys = [a for a, _, _ in starts]
    hits: collections.Counter[tuple[int, str, int]] = collections.Counter()
    for ip in ips:
        f = function_at(ip, starts, keys)
        if f and short(f[1]) == target:
            hits[(f[2], f[1], ip - f[0])] += 1
    chains: collections.Counter[tuple] = collections.Counter()
    for number in sorted({obj for obj, _, _ in hits}):
        obj = objects / f"{number}.o"
        base = symbol_offsets(obj)
        items = [(name, off, n) for (o, name, off), n in hits.items() if o == number]
        query = "\n".join(hex(base.get(name, 0) + off) for name, off, _ in items)
        out = subprocess.run([addr2line, "-e", str(obj), "-f", "-i", "-a"], input=query,
                             capture_output=True, text=True).stdout
        # one block per address: the address, then (function, file:line) per inline frame
        blocks = re.split(r"^0x[0-9a-f]+$", out, flags=re.M)[1:]
        for (_, _, n), block in zip(items, blocks, strict=True):
            lines = block.strip().splitlines()
            frames = [(short(lines[i]), lines[i + 1].rsplit("/", 1)[-1].split(" ")[0])
                      for i in range(0, len(lines) - 1, 2)]
            if frames:  # the outermost frame is the target (addr2line may name a nearby symbol)
                frames[-1] = (target, frames[-1][1])
            chains[tuple(frames)] += n
    return chains


def report_lines(target: str, chains: collections.Counter, total: int, top: int) -> None:
    """``--lines``: the target's samples by step, by innermost function, by source line."""
    kernel = target.split(".")[0] + ".py"
    steps: collections.Counter[str] = collections.Counter()
    inner: collections.Counter[str] = collections.Counter()
    lines: collections.Counter[str] = collections.Counter()
    for frames, n in chains.items():
        outer = [f for f, _ in reversed(frames) if f != target]
        steps[" > ".join(outer[:2]) or f"{target} (and what numba inlined into it)"] += n
        inner[frames[0][0] if frames and frames[0][0] != target else target] += n
        lines[frames[0][1] if frames else "?"] += n
    for title, counter in (("steps (the outermost inlined calls)", steps),
                           ("innermost functions", inner)):
        print(f"\n{target}, {title}:")
        for name, n in counter.most_common(top):
            print(f"{100 * n / total:6.1f} %  {name}")
    print(f"\n{target}, source lines (a line of {kernel} past its end, or one that is not code,"
          " may be a numba-inlined step's: the candidates' text is shown):")
    here = Path(__file__).resolve().parents[1] / "euchre_sim"
    sources = {p.name: p.read_text().splitlines() for p in sorted(here.glob("core/*.py"))}
    for where, n in lines.most_common(top):
        name, _, number = where.partition(":")
        k = int(number) if number.isdigit() else 0
        if name == kernel:
            texts = [f"{m}: {src[k - 1].strip()[:60]}" for m, src in sources.items()
                     if m in NUMBA_INLINED and 0 < k <= len(src) and src[k - 1].strip()]
        else:
            src = sources.get(name, [])
            texts = [src[k - 1].strip()[:80]] if 0 < k <= len(src) else []
        print(f"{100 * n / total:6.1f} %  {where:18s} {' | '.join(texts)}")


# the modules whose steps numba inlines into the kernel (their lines carry the kernel's file)
NUMBA_INLINED = ("batch.py", "deal.py", "decisions.py", "bidding.py")


def disassemble(objects: Path) -> dict[tuple[int, str], list[tuple[int, str]]]:
    """Each function's instructions (offset from its start, text), by (object number,
    symbol), in the compiled objects."""
    out: dict[tuple[int, str], list[tuple[int, str]]] = {}
    for obj in sorted(objects.glob("*.o")):
        number = int(obj.stem)
        text = subprocess.run(["objdump", "-d", "--no-show-raw-insn", str(obj)],
                              capture_output=True, text=True).stdout
        name, base = None, 0
        for line in text.splitlines():
            m = re.match(r"^([0-9a-f]+) <(.+)>:$", line)
            if m:
                base, name = int(m.group(1), 16), m.group(2)
                out.setdefault((number, name), [])
                continue
            m = re.match(r"^\s+([0-9a-f]+):\s+(.*)$", line)
            if m and name:
                out[(number, name)].append((int(m.group(1), 16) - base, m.group(2)))
    return out


def annotate(target: str, ips: list[int], starts: list, keys: list[int],
             listing: dict[tuple[int, str], list[tuple[int, str]]], total: int,
             top: int) -> None:
    """The hottest instructions of the function whose short name is ``target``, each with
    the instructions before it (the sample usually lands just after the slow one)."""
    hits: collections.Counter[tuple[int, str, int]] = collections.Counter()
    for ip in ips:
        f = function_at(ip, starts, keys)
        if f and short(f[1]) == target:
            hits[(f[2], f[1], ip - f[0])] += 1
    print(f"\nhottest instructions of {target}:")
    for (number, name, off), n in hits.most_common(top):
        code = listing.get((number, name), [])
        i = next((j for j, (o, _) in enumerate(code) if o == off), None)
        print(f"{100 * n / total:6.2f} %  +{off:#x}")
        for o, ins in (code[max(0, i - 4):i + 1] if i is not None else []):
            ins = re.sub(r"<[^>]*?(\+0x[0-9a-f]+)?>", lambda m: f"<{m.group(1) or ''}>", ins)
            print(f"            {o:#7x}  {ins}")


if __name__ == "__main__":
    main()
