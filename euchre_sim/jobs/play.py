"""Jobs that play deals: ``simulate``, ``show``, ``solve``, ``match`` and ``bench``."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..engine.backends import ShardProgress
from ..engine.simulate import SimulationError
from ..game.defaults import DEFAULT_DEALS, DEFAULT_SEED, DEFAULT_TABLE
from ..game.rules import parse_assignments
from ..game.table_spec import TABLES
from ..records.results import ResultsError, RunFiles, write_run
from ..strategies import Strategy, get_strategy
from .common import (
    IN_PROCESS,
    NO_OUTPUT,
    STANDARD_RULES,
    UNNAMED_RULES,
    Compute,
    Echo,
    Output,
    RuleChoice,
    progress_bar,
)

if TYPE_CHECKING:
    from ..analysis.match import MatchResult
    from ..engine.solver import Result


def simulate(rules: RuleChoice = STANDARD_RULES, strategy: str | Strategy | None = DEFAULT_TABLE,
             vs: str | Strategy | None = None, *, deals: int | None = None,
             games: int | None = None, seed: int = DEFAULT_SEED, records: bool = True,
             compute: Compute = IN_PROCESS, output: Output = NO_OUTPUT, progress: bool = True,
             echo: Echo = print) -> dict:
    """Play ``deals`` deals (or ``games`` whole games) of ``strategy`` (seats 0, 2) against
    ``vs`` (default: the same), print the summary and, with ``output.out``, write the run
    folder (records unless ``records`` is False).
    When ``rules`` names another table (``game.table_spec.TABLES``), the table engine plays it
    (``jobs.tables``; ``strategy`` None means its ``basic``). Returns the summary as a dict."""
    from .runner import run_simulation

    if rules.name in TABLES:  # another table (RULES.md 3.2): the table engine
        from .tables import simulate_table

        return simulate_table(rules, strategy, vs, deals=deals, games=games, seed=seed,
                              records=records, compute=compute, output=output,
                              progress=progress, echo=echo)
    if not records and not output.out:
        raise ResultsError("--no-records says what --out writes: give --out DIR")
    chosen = rules.rules()
    a = get_strategy(strategy or DEFAULT_TABLE)
    b = get_strategy(vs) if vs else None
    with compute.open() as backend:
        return run_simulation(
            rules=chosen, rules_name=rules.name, a=a, b=b,
            deals=deals if games is None else None, games=games, seed=seed,
            threads=compute.threads, out=output.out, overwrite=output.overwrite,
            extras=dict(output.extras) if output.extras else None, records=records,
            progress=progress, echo=echo, backend=backend, shard=compute.shard_size,
        )


def show(seed: int, deal: int, rules: RuleChoice = STANDARD_RULES,
         strategy: str | Strategy | None = DEFAULT_TABLE, vs: str | Strategy | None = None,
         echo: Echo = print) -> str:
    """Replay deal ``deal`` of the run with seed ``seed`` and print it played out; returns the
    text."""
    from ..engine.simulate import replay_deal
    from ..records.display import format_deal

    if rules.name in TABLES:
        from .tables import show_table

        return show_table(rules, seed, deal, strategy, vs, echo=echo)
    strategy = strategy or DEFAULT_TABLE
    rep = replay_deal(rules.rules(), strategy, vs, seed, deal)
    head = (
        f"Deal {deal} of seed {seed}, rules {rules.name}"
        + (f" ({', '.join(rules.settings)})" if rules.settings else "")
        + f"; team 0 plays {strategy}, team 1 plays {vs or strategy}"
    )
    text = format_deal(rep.record, rep.trace, head)
    echo(text)
    return text


def solve(hands: Sequence[str], trump: str, maker: int, leader: int, *, alone: bool = False,
          defender_alone: int | None = None, trick: str = "", tricks: tuple[int, int] = (0, 0),
          rules: RuleChoice = UNNAMED_RULES, deck: int | None = None,
          no_first_blood: bool = False, super_euchre: bool = False,
          echo: Echo = print) -> Result:
    """Solve a play position with every hand open (double dummy) and print the value of each
    legal card. ``deck``, ``no_first_blood`` and ``super_euchre`` are shorthands for those
    rule options. The deck is checked only when a ruleset or a deck is named (``rules.name``
    None and no deck: cards of any deck). Returns the solver's result."""
    from ..engine.solver import Position, format_result
    from ..engine.solver import solve as solve_position

    shorthands = []
    if deck is not None:
        shorthands.append(f"deck={deck}")
    if no_first_blood:
        shorthands.append("no_first_blood=true")
    if super_euchre:
        shorthands.append("super_euchre=true")
    chosen = rules.rules(shorthands)
    # Of the rule options only these three bear on a play position.
    named_deck = (rules.name is not None or rules.given is not None
                  or "deck" in parse_assignments([*rules.settings, *shorthands]))
    pos = Position(
        hands, trump, maker, leader, alone=alone, defender_alone=defender_alone, trick=trick,
        tricks_won=tuple(tricks), no_first_blood=chosen.no_first_blood,
        super_euchre=chosen.super_euchre, deck=chosen.deck if named_deck else None,
    )
    result = solve_position(pos)
    echo(format_result(pos, result))
    return result


def match(a: str | Strategy, b: str | Strategy, rules: RuleChoice = STANDARD_RULES, *,
          deals: int | None = None, games: int | None = None, seed: int = DEFAULT_SEED,
          precision: float | None = None, compute: Compute = IN_PROCESS,
          output: Output = NO_OUTPUT, progress: bool = True,
          echo: Echo = print) -> MatchResult:
    """A duplicate match of ``a`` against ``b``: every deal (or game) played twice with the
    sides swapped. With ``precision``, stop once the 95 % interval's half-width is at most
    that. Prints the result, writes ``match.json``/``match.txt`` with ``output.out``, and
    returns the match result."""
    from ..analysis.match import duplicate_deals, duplicate_games

    if rules.name in TABLES:
        from .tables import match_table

        if precision:
            raise SimulationError("a match at another table takes no --precision yet")
        return match_table(a, b, rules, deals=deals, games=games, seed=seed, compute=compute,
                           output=output, progress=progress, echo=echo)
    chosen = rules.rules()
    sa, sb = get_strategy(a), get_strategy(b)
    writer = output.writer()
    n = games or deals or DEFAULT_DEALS
    unit = "games" if games else "deals"
    started = time.time()
    with progress_bar(progress, n, unit) as bar, compute.open() as backend:
        play = duplicate_games if games else duplicate_deals
        extra = {"half_width": precision} if precision else {}
        if precision and games:
            raise SimulationError("--precision works with --deals")
        if precision is not None and precision <= 0:
            raise SimulationError(f"--precision must be positive, got {precision}")
        result = play(chosen, sa, sb, n, seed, threads=compute.threads,
                      progress=ShardProgress(bar), backend=backend, shard=compute.shard_size,
                      **extra)
    text = result.to_text()
    echo(text)
    if writer is not None:
        write_run(writer, RunFiles(
            f"duplicate {unit}", rules.name, chosen,
            {"a": sa.describe(), "b": sb.describe(), "seed": seed, unit: n}, started,
            json={"match.json": result.to_dict()}, texts={"match.txt": text + "\n"}))
        echo(f"\nwrote {output.out}/ (match.json, match.txt, meta.json)")
    return result


def bench(seconds: float = 3.0, cref: str | None = None,
          strategies: Sequence[str] = ("reference",), echo: Echo = print,
          markdown: str | None = None, overwrite: bool = False) -> int:
    """Deals/s of ``strategies`` (each on both sides) beside the C yardstick; prints the table
    and returns the exit status. ``markdown``: also write the measurement as a Markdown page
    (docs/bench-now.md by ``make bench-docs``) with the machine, the date and the commit."""
    from ..engine.bench import BenchError, run_bench
    from ..records.results import provenance
    from .records import check_file_target, write_atomically

    if not strategies:
        raise BenchError("--strategies names no strategy: give at least one, e.g. reference")
    for name in strategies:
        get_strategy(name)
    if markdown is not None:
        check_file_target(markdown, overwrite, "--markdown")  # before minutes of measuring
    lines: list[str] = []

    def both(text: str = "") -> None:
        lines.append(text)
        echo(text)

    status = run_bench(seconds=seconds, cref=cref, strategies=tuple(strategies), echo=both)
    if markdown is not None:
        where = provenance()
        command = "euchre-sim bench --seconds {:g} --strategies {}".format(
            seconds, ",".join(strategies))
        write_atomically(markdown, BENCH_PAGE.format(
            command=command, commit=where.get("git_commit") or "unknown",
            version=where.get("euchre_sim_version"), python=where.get("python"),
            numpy=where.get("numpy"), text="\n".join(lines).strip()))
        echo(f"wrote {markdown}")
    return status


BENCH_PAGE = """<!-- written by `{command} --markdown FILE` (make bench-docs): run it again \
rather than edit it -->

# Speed now

The engine's deals per second beside the C yardstick (`cref-rate`, the same script in tight C)
in the same run, on the machine, at the date and on the commit below: read the ratios, since
the rates move with the machine. docs/benchmarks.md tells what each row measures and how the
figures came to be; docs/speed.md keeps every earlier measurement.

- command: `{command}`
- euchre_sim {version} at commit `{commit}`; Python {python}, numpy {numpy}

```text
{text}
```
"""
