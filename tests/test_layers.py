"""The layers of docs/architecture.md: no module imports a layer above its own, and every module
is in a layer (tools/import_graph.py reads the sources with ast)."""

import importlib.util
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


def test_the_check_sees_an_upward_import(tmp_path):
    """A kernel importing the command is reported (the check can fail)."""
    g = _graph()
    pkg = tmp_path / "euchre_sim"
    (pkg / "core").mkdir(parents=True)
    (pkg / "cli.py").write_text("from .core import deal\n")
    (pkg / "core" / "deal.py").write_text("from .. import cli\n")
    (pkg / "core" / "__init__.py").write_text("")
    pairs = g.edges(tmp_path)
    assert ("cli.py", "core/deal.py") in pairs
    assert g.upward(pairs) == [("core/deal.py", "cli.py")]
    assert g.main(["--root", str(tmp_path), "--check"]) == 1
