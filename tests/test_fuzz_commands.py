"""The attack in the fast tier (issue 41): generated command lines for every command that
``test_fuzz_cli`` leaves out (solve, chart, equity, tune, stability, climb, bias, exploit,
bench, play, show and analyze from a file) and generated files of every format a user hands
the tool (EGN, bias points, a run's meta.json, strategy TOML). Whatever comes, the tool does
its job (exit 0; 130 for an interrupted play) or says what is wrong in one line (exit 2);
never a traceback, never a file outside the output folder asked for.

Counts stay tiny so that a valid command finishes in a fraction of a second; examples are few
(``EUCHRE_FUZZ_EXAMPLES``, ``EUCHRE_FUZZ_RANDOM`` for a longer hunt, as in test_fuzz_cli).
"""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from test_fuzz_cli import ASSIGNMENTS, CARDS, DERANDOMIZE, NUMBERS, RULE_SETS, SEATS, STRATEGIES

from euchre_sim.cli import main as cli

EXAMPLES = int(os.environ.get("EUCHRE_FUZZ_EXAMPLES", "20"))
FAST_FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=DERANDOMIZE,
                     suppress_health_check=[HealthCheck.function_scoped_fixture,
                                            HealthCheck.too_slow])

SMALL = st.sampled_from(["1", "20", "0", "-3", "x", "1e3", "", "9" * 5000])
TABLES = st.sampled_from(["tuned", "advanced", "basic", "genius", "", "tuned,advanced",
                          "tuned:play.fishing=7", "reference"])
PARAM_KEYS = st.sampled_from(["round1.threshold.dealer", "alone.threshold.*", "play.fishing",
                              "nonsense", "", "round1.threshold.dealer,play.fishing"])


def _pairs(*options: tuple[str, st.SearchStrategy]) -> st.SearchStrategy:
    return st.lists(st.one_of(*[st.tuples(st.just(name), values) for name, values in options]),
                    max_size=4).map(lambda pairs: [x for pair in pairs for x in pair])


RULES = [("--rules", RULE_SETS), ("--set", ASSIGNMENTS), ("--seed", NUMBERS)]
COMMANDS = st.one_of(
    st.tuples(st.just(["solve"]), _pairs(
        ("--hands", st.just("JH JD AH KH AS")), ("--trump", st.sampled_from(["H", "Z", ""])),
        ("--maker", SEATS), ("--leader", st.sampled_from(["0", "1", "4", "x"])),
        ("--dealer", SMALL), ("--trick", CARDS), ("--defender-alone", SEATS))).map(
        lambda t: ["solve", "--hands", "JH JD AH KH AS", "9C TC JC QC KC", "9S TS QS KS AC",
                   "9D TD QD KD AD", "--trump", "H", "--maker", "0", "--leader", "1", *t[1]]),
    st.tuples(st.sampled_from(["order-up", "go-alone", "deal-value", "stick-the-dealer",
                               "nonsense"]),
              _pairs(("--strategy", STRATEGIES), ("--deals", SMALL), *RULES)).map(
        lambda t: ["chart", t[0], "--deals", "20", *t[1]]),
    _pairs(("--strategy", STRATEGIES), ("--games", SMALL), *RULES).map(
        lambda p: ["equity", "--games", "20", "--no-progress", *p]),
    st.tuples(STRATEGIES, _pairs(("--param", st.sampled_from(
        ["round1.threshold.dealer=10:12", "play.fishing=0:1", "x=1:2",
         "round1.threshold.dealer=9:1e9", ""])), ("--trials", SMALL), ("--deals", SMALL),
        ("--vs", STRATEGIES), *RULES)).map(
        lambda t: ["tune", t[0], "--vs", "self", "--param", "round1.threshold.dealer=10:12",
                   "--trials", "2",
                   "--deals", "20", "--validate-deals", "20", "--validate-top", "1",
                   "--no-progress", *t[1]]),
    st.tuples(STRATEGIES, _pairs(("--params", PARAM_KEYS), ("--deals", SMALL),
                                 ("--vs", STRATEGIES), *RULES)).map(
        lambda t: ["stability", t[0], "--params", "play.fishing", "--deals", "20",
                   "--no-progress", *t[1]]),
    st.tuples(STRATEGIES, _pairs(("--params", PARAM_KEYS), ("--rounds", SMALL),
                                 ("--per-round", SMALL), *RULES)).map(
        lambda t: ["climb", t[0], "--params", "play.fishing", "--rounds", "1", "--deals", "20",
                   "--no-progress", *t[1]]),
    _pairs(("--table", TABLES), ("--deals", SMALL), ("--make-points", SMALL), *RULES).map(
        lambda p: ["bias", "--make-points", "8", "--table", "tuned,advanced", "--deals", "20",
                   "--no-progress", *p]),
    st.tuples(STRATEGIES, _pairs(("--seat", st.sampled_from(["eldest", "dealer,third", "north",
                                                              ""])),
                                 ("--deals", SMALL), ("--search-deals", SMALL),
                                 ("--precision", NUMBERS), *RULES)).map(
        lambda t: ["exploit", t[0], "--deals", "2", "--search-deals", "100",
                   "--no-progress", *t[1]]),
    # bench only with values it refuses: a valid one measures for many seconds
    _pairs(("--seconds", st.sampled_from(["-1", "0", "inf", "nan", "x", "601", "9" * 5000])),
           ("--strategies", st.sampled_from(["nobody", "", ",", "tuned,nobody"]))).filter(
        bool).map(lambda p: ["bench", *p]),
)


def _run(argv: list[str], stdin: str | None = None) -> int:
    old = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        return cli.main(argv)
    except SystemExit as exc:  # argparse
        return exc.code
    finally:
        sys.stdin = old


def _check(argv, rc, out: str, err: str, ok=(0, 2)) -> None:
    assert "Traceback" not in err and "Traceback" not in out, (argv, err)
    assert rc in ok, (argv, rc, err)
    if rc == 2:
        assert err.count("\n") == 1 and "error" in err and len(err) < 1500, (argv, err)


def _files(root: Path) -> set[Path]:
    return set(root.rglob("*"))


@FAST_FUZZ
@given(argv=COMMANDS, with_out=st.booleans())
def test_every_other_command_line_is_a_result_or_one_line(argv, with_out, tmp_path_factory,
                                                          capsys):
    work = tmp_path_factory.mktemp("fuzz")
    before = _files(work.parent)
    if with_out and argv[0] not in ("solve", "bench"):
        argv = [*argv, "--out", str(work / "out")]
    if argv[0] == "chart" and not with_out:
        argv = [*argv, "--out", str(work / "out")]  # a chart needs one
    if argv[0] == "bias" and "--points" not in argv:
        argv = [*argv, "--points", str(work / "points.txt")]
    rc = _run(argv)
    event(f"{argv[0]} exit {rc}")  # --hypothesis-show-statistics: how many did their job
    out, err = capsys.readouterr()
    _check(argv, rc, out, err)
    allowed = {work, work / "out", work / "points.txt"}
    outside = {p for p in _files(work.parent) - before
               if not any(a in (p, *p.parents) for a in allowed)}
    assert not outside, (argv, outside)


ANSWERS = st.lists(st.sampled_from(["1", "2", "?", "q", "y", "n", "AS", "pass", "order",
                                    "alone", "hearts", "", "0", "99", "9" * 5000, "\x1b[31m",
                                    "JH JH"]), max_size=40)


@FAST_FUZZ
@given(answers=ANSWERS, save=st.booleans(), extra=_pairs(("--seed", NUMBERS),
                                                         ("--rules", RULE_SETS),
                                                         ("--set", ASSIGNMENTS)))
def test_any_answers_to_play_are_a_game_or_one_line(answers, save, extra, tmp_path_factory,
                                                    capsys):
    work = tmp_path_factory.mktemp("play")
    argv = ["play", "--no-review", "--seed", "3", *extra]
    if save:
        argv += ["--save", str(work / "game.egn")]
    rc = _run(argv, "\n".join(answers) + "\n")
    out, err = capsys.readouterr()
    _check(argv, rc, out, err)
    assert {p.name for p in work.iterdir()} <= {"game.egn"}, argv
    if (work / "game.egn").exists():  # what was saved reads back
        assert _run(["show", "--egn", str(work / "game.egn"), "--deal", "0"]) == 0


def _egn() -> dict:
    """A valid EGN game: one deal written by ``euchre-sim export``."""
    global _EGN
    if _EGN is None:
        import tempfile

        with tempfile.TemporaryDirectory() as where:
            path = Path(where) / "d.egn"
            assert cli.main(["export", "--deal", "0", "--seed", "1", "--out", str(path)]) == 0
            _EGN = json.loads(path.read_text())
    return json.loads(json.dumps(_EGN))


_EGN: dict | None = None
JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6),
                 st.sampled_from(["", "false", "9H", "1Z", "JH JD AH KH AS", "x" * 300,
                                  "9" * 5000, "north"]),
                 st.lists(st.integers(-5, 40), max_size=6), st.just({}))


def _paths(doc, prefix=()):
    """Every key path of a JSON document."""
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield (*prefix, k)
            yield from _paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield (*prefix, i)
            yield from _paths(v, (*prefix, i))


@FAST_FUZZ
@given(data=st.data())
def test_any_egn_file_replays_or_is_one_line(data, tmp_path_factory, capsys):
    doc = _egn()
    paths = sorted(_paths(doc), key=repr)
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(paths))
        parent = doc
        try:
            for k in where[:-1]:
                parent = parent[k]
            if data.draw(st.booleans()):
                parent[where[-1]] = data.draw(JUNK)
            elif isinstance(parent, dict):
                del parent[where[-1]]
        except (KeyError, IndexError, TypeError):
            pass  # an earlier change removed or replaced this path
    work = tmp_path_factory.mktemp("egn")
    path = work / "fuzzed.egn"
    path.write_text(json.dumps(doc))
    for argv in (["show", "--egn", str(path), "--deal", "0"],
                 ["analyze", "--egn", str(path), "--deal", "0", "--deals", "100",
                  "--check-deals", "0", "--table", "tuned"]):
        rc = _run(argv)
        out, err = capsys.readouterr()
        _check(argv, rc, out, err)


POINT_LINES = st.lists(st.sampled_from([
    "hand=JH,JD,AH,KH,AS up=9H seat=dealer", "hand=JH,JD up=9H seat=dealer", "# a comment", "",
    "hand=JS,JC,AD,KD,QD up=KS seat=eldest bidding=\"pass pass pass pass\"", "garbage",
    "hand=1Z,JD,AH,KH,AS up=9H seat=dealer", "up=9H", "hand=JH,JD,AH,KH,AS up=9H seat=dealer x=1",
    "\x00\x01", "hand=" + "9" * 5000]), max_size=4)


@FAST_FUZZ
@given(lines=POINT_LINES)
def test_any_points_file_is_a_bias_run_or_one_line(lines, tmp_path_factory, capsys):
    work = tmp_path_factory.mktemp("points")
    path = work / "points.txt"
    path.write_text("\n".join(lines) + "\n")
    argv = ["bias", "--points", str(path), "--table", "tuned,advanced", "--deals", "30",
            "--no-progress"]
    rc = _run(argv)
    out, err = capsys.readouterr()
    _check(argv, rc, out, err)


META_VALUES = st.one_of(JUNK, st.just({"name": "tuned", "spec": "tuned", "params": {}}),
                        st.just({"name": 3}), st.just([{"spec": None}]))


@FAST_FUZZ
@given(meta=st.dictionaries(st.sampled_from(["kind", "a", "b", "strategy", "strategies",
                                             "tables", "rules", "euchre_sim_version", "seed",
                                             "created", "table"]), META_VALUES, max_size=6),
       as_text=st.sampled_from([None, "", "{", "[]", "null", "[" * 100_000, '{"a": NaN}']))
def test_any_run_folder_reads_back_or_is_one_error(meta, as_text, tmp_path_factory):
    """``results.load`` and the committed-results page on a run folder a user edited: a
    ``ResultsError`` (one line) or a run, never another exception."""
    from euchre_sim.records.committed import committed_runs
    from euchre_sim.records.results import ResultsError, load, table_of

    work = tmp_path_factory.mktemp("meta")
    run = work / "results" / "x" / "20260101-000000-seed1"
    run.mkdir(parents=True)
    (run / "meta.json").write_text(as_text if as_text is not None else json.dumps(meta))
    try:
        found = load(run)
        try:
            table_of(found)
        except ResultsError:
            pass
    except ResultsError as exc:
        assert "\n" not in str(exc)
    (work / "experiments").mkdir()
    (work / "experiments" / "x.toml").write_text('kind = "match"\n')
    try:
        committed_runs(work / "experiments", work / "results")
    except ValueError as exc:  # a meta.json that is not JSON we read: a one-line error
        assert "\n" not in str(exc)
