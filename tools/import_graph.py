"""The package's import graph by layer (docs/architecture.md), and the check that no module
imports a layer above its own.

    python tools/import_graph.py            # the layer graph as a Mermaid flowchart
    python tools/import_graph.py --modules  # every module-to-module edge, one per line
    python tools/import_graph.py --check    # exit 1 and name each upward import, each import
                                            # circle, each import between the two engines'
                                            # kernels, each loose module beyond LOOSE (and
                                            # each LAZY export imported at once)

Reads the sources with ``ast`` (imports inside functions count too); imports nothing of the
package, so it also reads an old checkout: ``--root DIR``.
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import sys
from collections import Counter
from pathlib import Path

# bottom to top; a module may import its own layer and the layers below it
LAYERS: list[tuple[str, list[str]]] = [
    ("version", ["version.py"]),
    ("game", ["game/*"]),
    ("kernels: shared", ["core/__init__.py", "core/common/*"]),
    ("kernels: engines", ["core/four/*", "core/table/*"]),
    ("strategies and oracles", ["strategies/*", "oracle/*"]),
    ("engine", ["engine/*", "__init__.py"]),
    ("records and analysis", ["records/*", "analysis/*"]),
    ("clients", ["agents/*", "charts/*"]),
    ("jobs", ["jobs/*"]),
    ("play", ["play/*"]),
    ("command", ["cli/*", "__main__.py"]),
]

# the only modules at the top of the package: the front door, ``python -m`` and the version
LOOSE = {"__init__.py", "__main__.py", "version.py"}
# the kernels of the two engines share ``core/common`` and never import each other
ENGINES = ("core/four/", "core/table/")

# The package's lazy exports: ``__init__.py`` (python API) names the jobs' functions of
# ``jobs/api.py`` (``from euchre_sim import match``) and imports it only when one is first asked
# for, in its module ``__getattr__`` (or under ``if TYPE_CHECKING:``). These pairs are no
# upward import as long as nothing imports them when the package is imported (``eager``).
LAZY: set[tuple[str, str]] = {("__init__.py", "jobs/api.py")}


def layer_of(rel: str) -> int:
    """Index in ``LAYERS`` of a module given by its path inside the package."""
    for i, (_, patterns) in enumerate(LAYERS):
        if any(fnmatch.fnmatchcase(rel, p) for p in patterns):
            return i
    raise SystemExit(f"import_graph: {rel} is in no layer: add it to LAYERS")


def module_name(rel: str) -> str:
    parts = rel[:-3].split("/")
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(["euchre_sim", *parts])


def imported(tree: ast.AST, name: str, is_package: bool, modules: set[str]) -> set[str]:
    """Modules of the package (among ``modules``) that ``tree`` (module ``name``) imports,
    anywhere in it: ``from X import a`` imports module ``X.a`` if there is one, else ``X``."""
    here = name.split(".") if is_package else name.split(".")[:-1]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.startswith("euchre_sim")}
        elif isinstance(node, ast.ImportFrom):
            base = here[:len(here) - node.level + 1] if node.level else []
            mod = ".".join(base + ([node.module] if node.module else []))
            if not mod.startswith("euchre_sim"):
                continue
            for a in node.names:
                out.add(f"{mod}.{a.name}" if f"{mod}.{a.name}" in modules else mod)
    return out


def edges(root: Path) -> list[tuple[str, str]]:
    """(importer, imported) pairs of module paths inside the package, self-imports left out."""
    pkg = root / "euchre_sim"
    files = {p.relative_to(pkg).as_posix(): p for p in sorted(pkg.rglob("*.py"))}
    by_name = {module_name(rel): rel for rel in files}
    out = []
    for rel, path in files.items():
        name = module_name(rel)
        tree = ast.parse(path.read_text(), str(path))
        for mod in sorted(imported(tree, name, rel.endswith("__init__.py"), set(by_name))):
            target = by_name.get(mod)
            if target and target != rel:
                out.append((rel, target))
    return sorted(set(out))


def upward(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The imports of a layer above the importer's own (the ``LAZY`` exports left out)."""
    return [(a, b) for a, b in pairs if layer_of(b) > layer_of(a) and (a, b) not in LAZY]


def circles(pairs: list[tuple[str, str]]) -> list[list[str]]:
    """The import circles: each set of two or more modules that import each other, directly or
    round a loop (a strongly connected component of the graph, Tarjan's algorithm), sorted."""
    graph: dict[str, list[str]] = {}
    for a, b in pairs:
        graph.setdefault(a, []).append(b)
        graph.setdefault(b, [])
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


def across_engines(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Imports from one engine's kernels into the other's (``ENGINES``)."""
    def engine(rel: str) -> int:
        return next((i for i, e in enumerate(ENGINES) if rel.startswith(e)), -1)
    return [(a, b) for a, b in pairs if -1 != engine(a) != engine(b) != -1]


def loose(root: Path) -> list[str]:
    """Modules at the top of the package beyond ``LOOSE``."""
    return sorted(p.name for p in (root / "euchre_sim").glob("*.py") if p.name not in LOOSE)


def _run_at_import(body: list[ast.stmt]):
    """The import statements of a module body that run when it is imported: not those inside
    a function or under ``if TYPE_CHECKING:``."""
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        elif isinstance(node, ast.If) and isinstance(node.test, ast.Name) \
                and node.test.id == "TYPE_CHECKING":
            yield from _run_at_import(node.orelse)
        else:
            for field in ("body", "orelse", "finalbody", "handlers"):
                yield from _run_at_import(getattr(node, field, None) or [])


def eager(root: Path) -> list[tuple[str, str]]:
    """The ``LAZY`` pairs imported when the importer is imported (each one a layer error)."""
    pkg = root / "euchre_sim"
    files = {p.relative_to(pkg).as_posix(): p for p in sorted(pkg.rglob("*.py"))}
    by_name = {module_name(rel): rel for rel in files}
    out = []
    for a, b in sorted(LAZY):
        if a not in files:
            continue
        tree = ast.parse(files[a].read_text(), str(files[a]))
        top = ast.Module(body=list(_run_at_import(tree.body)), type_ignores=[])
        found = imported(top, module_name(a), a.endswith("__init__.py"), set(by_name))
        if b in {by_name.get(m) for m in found}:
            out.append((a, b))
    return out


def mermaid(pairs: list[tuple[str, str]]) -> str:
    """The layer graph: one arrow per pair of layers, labelled with its number of imports."""
    counts = Counter((layer_of(a), layer_of(b)) for a, b in pairs
                     if layer_of(a) != layer_of(b) and (a, b) not in LAZY)
    lazy = Counter((layer_of(a), layer_of(b)) for a, b in pairs if (a, b) in LAZY)
    lines = ["flowchart BT"]
    lines += [f'    L{i}["{name}"]' for i, (name, _) in enumerate(LAYERS)]
    lines += [f"    L{a} -->|{n}| L{b}" for (a, b), n in sorted(counts.items())]
    lines += [f"    L{a} -.->|{n} lazy| L{b}" for (a, b), n in sorted(lazy.items())]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1],
                    help="the checkout to read (default: this one)")
    ap.add_argument("--modules", action="store_true", help="print module-to-module edges")
    ap.add_argument("--check", action="store_true", help="fail on any upward import")
    args = ap.parse_args(argv)
    pairs = edges(args.root)
    if args.check:
        bad = upward(pairs)
        for a, b in bad:
            print(f"upward import: {a} ({LAYERS[layer_of(a)][0]}) imports {b} "
                  f"({LAYERS[layer_of(b)][0]})")
        late = eager(args.root)
        for a, b in late:
            print(f"lazy export imported at once: {a} imports {b} when it is imported")
        rings = circles(pairs)
        for ring in rings:
            print("import circle: " + " <-> ".join(ring))
        crossed = across_engines(pairs)
        for a, b in crossed:
            print(f"engine kernels import each other: {a} imports {b}")
        extra = loose(args.root)
        for name in extra:
            print(f"loose module: {name} (only {', '.join(sorted(LOOSE))} at the top)")
        return 1 if bad or late or rings or crossed or extra else 0
    print("\n".join(f"{a} -> {b}" for a, b in pairs) if args.modules else mermaid(pairs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
