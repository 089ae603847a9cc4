"""Fuzzing the command line and the TOML schemas (property-based, hypothesis): whatever a user
types, the tool either does its job (exit 0) or says what is wrong in one line (exit 2); never a
traceback, never a file outside the requested output folder, never more than ``MEMORY_BOUND``
bytes allocated at once (Python objects and numpy arrays, traced by ``tracemalloc``).

The examples stay few and fixed in the default run, in the fast tier (set
``EUCHRE_FUZZ_EXAMPLES`` for more, ``EUCHRE_FUZZ_RANDOM=1`` for new ones: a longer hunt);
counts are kept small so that a valid command finishes in well under a second.
"""

from __future__ import annotations

import os
import tracemalloc
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_sim.cli import main as cli

EXAMPLES = int(os.environ.get("EUCHRE_FUZZ_EXAMPLES", "12"))
# the same examples on every run (CI stays deterministic); EUCHRE_FUZZ_RANDOM=1 for new ones
DERANDOMIZE = os.environ.get("EUCHRE_FUZZ_RANDOM") != "1"
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=DERANDOMIZE,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])

# tokens a user might type: good values, near misses, and junk
NUMBERS = st.sampled_from(["0", "1", "-1", "3", "40", "1e9", "nan", "inf", "2.5", "x", "",
                           "9223372036854775808", "1_000"])
STRATEGIES = st.sampled_from(["basic", "advanced", "tuned", "reference", "random", "genius",
                              "basic:play.card_memory=1", "basic:x=1", "basic:play.card_memory",
                              "advanced:round1.threshold.dealer=11,round1.threshold.dealer=9",
                              "", ":", "nope.toml", "basic:round1.threshold.dealer=99"])
RULE_SETS = st.sampled_from(["north-american", "british", "klondike", "", "canadian"])
ASSIGNMENTS = st.sampled_from(["deck=25", "deck=7", "decks=24", "stick_the_dealer=false",
                               "stick_the_dealer=maybe", "=", "lead=left_of_lone", "x"])
CARDS = st.sampled_from(["9H", "JS", "1Z", "AH", "joker", "", "10h", "JH JH AH KH QH",
                         "JH JD AH KH AS", "JS JC AD KD QD", "9S KC AD KD 9H"])
SEATS = st.sampled_from(["eldest", "partner", "third", "dealer", "north", ""])
BIDDINGS = st.sampled_from(["", "pass", "pass pass pass", "pass pass pass pass", "order",
                            "pass order alone", "hearts", "dance"])


def _option(name: str, values: st.SearchStrategy) -> st.SearchStrategy:
    return st.tuples(st.just(name), values)


def _command(name: str, options: list[st.SearchStrategy],
             positional: list[st.SearchStrategy] = ()) -> st.SearchStrategy:
    """``name``, its positionals, and any subset of ``options`` in any order."""
    return st.tuples(st.tuples(*positional) if positional else st.just(()),
                     st.lists(st.one_of(*options), max_size=4)).map(
        lambda t: [name, *t[0], *[x for pair in t[1] for x in pair]])


COMMON = [_option("--rules", RULE_SETS), _option("--set", ASSIGNMENTS),
          _option("--seed", NUMBERS), _option("--threads", st.sampled_from(["1", "0", "x"]))]
COMMANDS = st.one_of(
    _command("simulate", COMMON + [_option("--deals", st.sampled_from(["1", "50", "0", "x"])),
                                   _option("--strategy", STRATEGIES),
                                   _option("--vs", STRATEGIES)]),
    _command("match", COMMON + [_option("--deals", st.sampled_from(["1", "40", "-5"])),
                                _option("--precision", NUMBERS)],
             [STRATEGIES, STRATEGIES]),
    _command("show", COMMON + [_option("--deal", NUMBERS), _option("--strategy", STRATEGIES)]),
    _command("export", COMMON + [_option("--deal", NUMBERS), _option("--game", NUMBERS),
                                 _option("--strategy", STRATEGIES), _option("--vs", STRATEGIES)]),
    _command("sweep", COMMON + [_option("--deals", st.sampled_from(["1", "30"])),
                                _option("--param", st.sampled_from(
                                    ["round1.threshold.dealer=10,12", "x=1:2:0", "a=0:inf:1",
                                     "round1.threshold.dealer=8:1e9:1", "round1.threshold.dealer",
                                     "round1.threshold.dealer=1:2"])),
                                _option("--vs", STRATEGIES)],
             [STRATEGIES]),
    _command("analyze", COMMON + [_option("--hand", CARDS), _option("--up", CARDS),
                                  _option("--seat", SEATS), _option("--bidding", BIDDINGS),
                                  _option("--deals", st.sampled_from(["200", "1", "x"])),
                                  _option("--check-deals", st.sampled_from(["0", "-1"])),
                                  _option("--table", STRATEGIES)]),
)


MEMORY_BOUND = 256 * 2**20  # the inputs are small: a valid one needs a few MiB


@contextmanager
def _bounded_memory(what):
    """Fail when the block's peak traced allocation exceeds ``MEMORY_BOUND``."""
    tracemalloc.start()
    try:
        yield
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak <= MEMORY_BOUND, (what, f"{peak / 2**20:.0f} MiB at the peak")


def _files(root: Path) -> set[Path]:
    return {p for p in root.rglob("*")}


@FUZZ  # in the fast tier: 12 examples under tracemalloc, about 10 s
@given(argv=COMMANDS, with_out=st.booleans())
def test_any_command_line_is_a_result_or_one_line(argv, with_out, tmp_path_factory, capsys):
    work = tmp_path_factory.mktemp("fuzz")
    before = _files(work.parent)
    if with_out:
        argv = [*argv, "--out", str(work / "out")]
    if argv[0] == "analyze":
        argv = [*argv, "--check-deals", "0"]  # the check is a pimc table: seconds per run
    with _bounded_memory(argv):
        try:
            rc = cli.main(argv)
        except SystemExit as exc:  # argparse
            rc = exc.code
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "Traceback" not in out, (argv, err)
    assert rc in (0, 2), (argv, rc, err)
    if rc == 2:
        assert err.count("\n") == 1 and "error" in err, (argv, err)
    # nothing written anywhere but inside the output folder asked for
    outside = {p for p in _files(work.parent) - before if work / "out" not in (p, *p.parents)}
    assert outside <= {work}, (argv, outside)


TOML_VALUES = st.sampled_from(['"simulate"', '"match"', '["scripted"]', '3', '0', '-1',
                               '"basic"', '"genius"', 'true', '1.5', '"x=1:2"', '{}', '"tuned"',
                               '"reference"', '"round1.threshold.dealer=10,12"'])
TOML_KEYS = st.sampled_from(["kind", "strategy", "vs", "a", "b", "deals", "games", "seed",
                             "threads", "rules", "description", "deels", "points", "table"])


@FUZZ
@given(lines=st.lists(st.tuples(TOML_KEYS, TOML_VALUES), max_size=6, unique_by=lambda t: t[0]),
       kind=st.sampled_from(["simulate", "match", "sweep", "analyze", "bias", None]))
def test_any_experiment_file_runs_or_is_one_line(lines, kind, tmp_path_factory, capsys):
    work = tmp_path_factory.mktemp("exp")
    text = "".join(f"{k} = {v}\n" for k, v in lines if k != "kind")
    if kind is not None:
        text = f'kind = "{kind}"\n' + text
    if "deals" not in dict(lines):
        text += "deals = 40\n"
    path = work / "fuzzed.toml"
    path.write_text(text)
    with _bounded_memory(text):
        try:
            rc = cli.main(["run", str(path), "--results", str(work / "r")])
        except SystemExit as exc:
            rc = exc.code
    out, err = capsys.readouterr()
    assert "Traceback" not in err and rc in (0, 2), (text, rc, err)
    if rc == 2:
        assert err.count("\n") == 1, (text, err)
    assert {p.name for p in work.iterdir()} <= {"fuzzed.toml", "r"}, text


@pytest.mark.parametrize("kind_value", ['["scripted"]', "3", '"pimc"'])
def test_strategy_files_with_odd_kinds(kind_value, tmp_path, capsys):
    path = tmp_path / "s.toml"
    path.write_text(f"kind = {kind_value}\n")
    rc = cli.main(["simulate", "--deals", "10", "--seed", "1", "--strategy", str(path)])
    err = capsys.readouterr().err
    assert rc in (0, 2) and "Traceback" not in err


def test_the_memory_bound_can_fail():
    """An allocation above MEMORY_BOUND inside the guard fails the check."""
    import numpy as np

    with pytest.raises(AssertionError, match="MiB at the peak"):
        with _bounded_memory("big"):
            np.ones(MEMORY_BOUND // 8 + 2**20)
