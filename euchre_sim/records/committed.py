"""The committed results: each experiment's newest run, the tables it names, and whether a
table's parameters have changed since it ran.

An answer is a best response to the table that produced it; when a built-in table is revised
(``tuned`` most often), every run made with the old one answers for a table that no longer
exists. ``tools/make_docs.py`` lists every experiment's newest run with these facts
(docs/reference/results.md), so a stale answer shows as stale.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..game.user_files import load_json, load_toml
from ..strategies import StrategyError, get_strategy


@dataclass
class CommittedRun:
    """An experiment and its newest committed run (``run`` is None when it has none)."""

    experiment: str
    kind: str
    description: str
    run: Path | None
    runs: int
    created: str = ""
    tables: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)  # tables with another value now
    extended: list[str] = field(default_factory=list)  # tables with parameters added since
    headline: str = ""


def strategy_records(meta: Any) -> Iterator[dict[str, Any]]:
    """Every strategy a ``meta.json`` records with its parameters (a dict holding ``spec`` and
    ``params``), wherever it stands in the file."""
    if isinstance(meta, dict):
        if isinstance(meta.get("spec"), str) and isinstance(meta.get("params"), dict):
            yield meta
            return
        for value in meta.values():
            yield from strategy_records(value)
    elif isinstance(meta, list):
        for value in meta:
            yield from strategy_records(value)


def compare_with_today(record: dict[str, Any]) -> str:
    """How the strategy a run recorded stands against today's strategy of the same spec:
    ``"changed"`` (a parameter the run recorded has another value now), ``"extended"``
    (parameters were added since, the run's values unchanged: the same play only where the new
    ones' values keep the old behaviour), ``"same"``, or ``"unknown"`` (the spec does not
    resolve today, such as a strategy file that is not in the repository)."""
    try:
        now = get_strategy(record["spec"]).describe()["params"]
    except (StrategyError, OSError, ValueError):
        return "unknown"
    then = record["params"]
    if any(k in then and float(then[k]) != float(v) for k, v in now.items()):
        return "changed"
    return "extended" if any(k not in then for k in now) else "same"


def _headline(kind: str, run: Path) -> str:
    """The run's main figure where its kind has one line that says it."""
    wanted = {"match": ("points per deal, A minus B",), "exploit": ("  total",),
              "bias": ("loner option",), "analyze": ("  ",)}.get(kind, ())
    for name in ("match.txt", "summary.txt", "analysis.txt"):
        path = run / name
        if not wanted or not path.is_file():
            continue
        for line in path.read_text().splitlines():
            if line.startswith(wanted):
                return " ".join(line.split())
    return ""


def committed_runs(experiments: Path, results: Path) -> list[CommittedRun]:
    """One row per experiment file in ``experiments``, with its newest run under
    ``results/NAME/`` (run ids sort by time)."""
    rows = []
    for path in sorted(experiments.glob("*.toml")):
        spec = load_toml(path, f"experiment {path.name}")
        folder = results / path.stem
        runs = sorted(p for p in folder.iterdir() if (p / "meta.json").is_file()) \
            if folder.is_dir() else []
        row = CommittedRun(path.stem, str(spec.get("kind", "")),
                           " ".join(str(spec.get("description", "")).split()),
                           runs[-1] if runs else None, len(runs))
        if row.run is not None:
            meta = load_json(row.run / "meta.json", "meta.json")
            if not isinstance(meta, dict):
                raise ValueError(f"{row.run}/meta.json is not a JSON object")
            row.created = str(meta.get("created", ""))[:16].replace("T", " ")
            for record in strategy_records(meta):
                if record["spec"] not in row.tables:
                    row.tables.append(record["spec"])
                verdict = compare_with_today(record)
                for kind, names in (("changed", row.changed), ("extended", row.extended)):
                    if verdict == kind and record["spec"] not in names:
                        names.append(record["spec"])
            if isinstance(meta.get("table"), str) and isinstance(meta.get("strategies"), dict):
                for side in ("a", "b"):  # a run at another table: its strategies by name
                    name = f"{meta['strategies'].get(side)} at {meta['table']}"
                    if meta["strategies"].get(side) and name not in row.tables:
                        row.tables.append(name)
            row.headline = _headline(row.kind, row.run)
        rows.append(row)
    return rows
