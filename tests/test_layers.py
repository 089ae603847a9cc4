"""The layers of docs/architecture.md: no module imports a layer above its own, and every module
is in a layer (tools/import_graph.py reads the sources with ast)."""

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _graph():
    path = ROOT / "tools" / "import_graph.py"
    spec = importlib.util.spec_from_file_location("import_graph", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_no_module_imports_a_higher_layer():
    g = _graph()
    pairs = g.edges(ROOT)
    assert len(pairs) > 100  # the graph was read
    assert g.upward(pairs) == []


def test_no_import_circle_no_crossing_between_engines_no_loose_module():
    g = _graph()
    pairs = g.edges(ROOT)
    assert g.circles(pairs) == []
    assert g.across_engines(pairs) == []
    assert g.loose(ROOT) == []
    assert g.main(["--check"]) == 0


def test_the_check_sees_a_circle_a_crossing_and_a_loose_module(tmp_path):
    """Each of the three is reported (the checks can fail)."""
    g = _graph()
    pkg = tmp_path / "euchre_sim"
    for d in ("core/four", "core/table", "analysis"):
        (pkg / d).mkdir(parents=True)
        (pkg / d / "__init__.py").write_text("")
    (pkg / "core" / "__init__.py").write_text("")
    (pkg / "analysis" / "a.py").write_text("from . import b\n")
    (pkg / "analysis" / "b.py").write_text("def f():\n    from .c import x\n")
    (pkg / "analysis" / "c.py").write_text("from .a import y\n")
    (pkg / "core" / "four" / "deal.py").write_text("from ..table import deal\n")
    (pkg / "core" / "table" / "deal.py").write_text("")
    (pkg / "helpers.py").write_text("")
    pairs = g.edges(tmp_path)
    assert g.circles(pairs) == [["analysis/a.py", "analysis/b.py", "analysis/c.py"]]
    assert g.across_engines(pairs) == [("core/four/deal.py", "core/table/deal.py")]
    assert g.loose(tmp_path) == ["helpers.py"]
    assert g.main(["--root", str(tmp_path), "--check"]) == 1


def test_the_check_sees_an_upward_import(tmp_path):
    """A kernel importing the command is reported (the check can fail)."""
    g = _graph()
    pkg = tmp_path / "euchre_sim"
    (pkg / "core" / "four").mkdir(parents=True)
    (pkg / "cli").mkdir()
    (pkg / "cli" / "main.py").write_text("from ..core.four import deal\n")
    (pkg / "core" / "four" / "deal.py").write_text("from ...cli import main\n")
    (pkg / "core" / "__init__.py").write_text("")
    pairs = g.edges(tmp_path)
    assert ("cli/main.py", "core/four/deal.py") in pairs
    assert g.upward(pairs) == [("core/four/deal.py", "cli/main.py")]
    assert g.main(["--root", str(tmp_path), "--check"]) == 1


def test_the_lazy_export_is_lazy(tmp_path):
    """``__init__.py`` may name ``jobs/api.py`` (a higher layer) only in a function or for type
    checkers; an import of it that runs with the package's is reported."""
    g = _graph()
    assert g.eager(ROOT) == []
    pkg = tmp_path / "euchre_sim"
    (pkg / "jobs").mkdir(parents=True)
    (pkg / "jobs" / "__init__.py").write_text("")
    (pkg / "jobs" / "api.py").write_text("")
    (pkg / "__init__.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .jobs import api\n"
        "def __getattr__(name):\n    from .jobs import api\n    return api\n")
    assert g.upward(g.edges(tmp_path)) == [] and g.eager(tmp_path) == []
    (pkg / "__init__.py").write_text("try:\n    from .jobs.api import match\n"
                                     "except ImportError:\n    pass\n")
    assert g.eager(tmp_path) == [("__init__.py", "jobs/api.py")]
    assert g.main(["--root", str(tmp_path), "--check"]) == 1


def test_importing_the_package_loads_no_job():
    """``import euchre_sim`` stays the kernels' API: the jobs, pandas' writers and matplotlib
    load when a job's function is first asked for (``from euchre_sim import match``)."""
    code = ("import sys, euchre_sim\n"
            "late = ('euchre_sim.jobs.api', 'euchre_sim.jobs', 'euchre_sim.records.results',"
            " 'matplotlib')\n"
            "print([m for m in late if m in sys.modules])\n"
            "from euchre_sim import match, simulate\n"
            "import euchre_sim.jobs.api as api\n"
            "print(match is api.match, simulate is api.simulate)\n"
            "from euchre_sim.engine.simulate import Matchup\n"
            "print(Matchup.__module__)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True)
    assert out.stdout.split("\n")[:3] == ["[]", "True True", "euchre_sim.engine.simulate"]
