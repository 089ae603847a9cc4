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
from euchre_sim.game.defaults import DEFAULT_SEED, DEFAULT_TABLE

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


@pytest.mark.parametrize("command", ["rules", "strategies"])
def test_the_listings_cite_no_file_the_user_does_not_have(command, capsys):
    from euchre_sim.cli.main import main
    assert main([command]) == 0
    text = capsys.readouterr().out
    assert "source:" in text or command == "strategies"
    for needle in ("../shared", "shared/bench", "RULES.md", "seeds/", "seed 00"):
        assert needle not in text, (command, needle)


def test_one_default_seed_and_one_default_table_across_commands():
    for name, child in _subcommands().items():
        for a in child._actions:
            if a.dest == "seed":  # play alone deals a new game each time, and says so
                assert a.default == (None if name == "play" else DEFAULT_SEED), name
                assert "default" in a.help, name
            if a.dest in ("strategy", "table") and a.option_strings:
                assert a.default in (None, DEFAULT_TABLE), (name, a.dest, a.default)
                assert DEFAULT_TABLE in a.help or "tuned" in a.help, (name, a.dest)


def test_simulate_without_a_strategy_or_seed_plays_the_default_table_at_seed_1():
    from euchre_sim import jobs
    lines: list[str] = []
    plain = jobs.simulate(deals=500, progress=False, echo=lines.append)
    named = jobs.simulate(strategy=DEFAULT_TABLE, deals=500, seed=DEFAULT_SEED, progress=False,
                          echo=lambda _: None)
    assert DEFAULT_TABLE in "\n".join(lines)
    assert plain == named


def test_the_reference_pages_are_up_to_date():
    spec = importlib.util.spec_from_file_location("make_docs", ROOT / "tools" / "make_docs.py")
    make_docs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_docs)
    assert make_docs.stale() == [], "docs/reference is stale: run make docs"
