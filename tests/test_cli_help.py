"""The command line's help: grouped commands, examples that parse, no file the user lacks,
and the generated reference pages up to date (``tools/make_docs.py``)."""

from __future__ import annotations

import argparse
import importlib.util
import shlex
from pathlib import Path

import pytest

from euchre_sim.cli.help import GROUPS, example_lines
from euchre_sim.cli.main import build_parser

ROOT = Path(__file__).resolve().parents[1]


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def _help(parser: argparse.ArgumentParser) -> str:
    return parser.format_help()


def test_every_command_is_in_one_group_and_the_top_help_lists_them_by_group():
    commands = _subcommands()
    grouped = [name for names in GROUPS.values() for name in names]
    assert sorted(grouped) == sorted(commands)
    text = _help(build_parser())
    for title, names in GROUPS.items():
        block = text.split(f"{title}:\n", 1)[1]
        for name in names:
            assert f"  {name} " in block.split("\n\n")[0], (title, name)


@pytest.mark.parametrize("name", sorted(_subcommands()))
def test_every_command_ends_its_help_with_examples_that_parse(name):
    parser = build_parser()
    child = _subcommands()[name]
    text = _help(child)
    assert "\nexamples:\n" in text
    assert text.rstrip().splitlines()[-1].strip() in example_lines(name)[-1]
    for line in example_lines(name):
        argv = shlex.split(line)
        assert argv[:2] == ["euchre-sim", name], line
        parser.parse_args(argv[1:])  # an example that no longer parses fails here


@pytest.mark.parametrize("name", sorted(_subcommands()))
def test_no_help_cites_a_file_the_user_does_not_have(name):
    text = _help(_subcommands()[name])
    for needle in ("../shared", "shared/bench", "RULES.md", "seeds/"):
        assert needle not in text, (name, needle)


def test_the_reference_pages_are_up_to_date():
    spec = importlib.util.spec_from_file_location("make_docs", ROOT / "tools" / "make_docs.py")
    make_docs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_docs)
    assert make_docs.stale() == [], "docs/reference is stale: run make docs"
