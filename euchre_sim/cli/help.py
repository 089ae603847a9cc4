"""The command line's help: the commands in groups, and examples at the end of each one's.

Argument handling only. ``finish_help`` runs once the parsers are built: it lists the commands
in the top help by what they are for (each command in exactly one group: a new command without
a group is an error) and gives every subcommand's ``--help`` its examples. The examples are
real command lines (``tests/test_cli_help.py`` parses every one of them).
"""

from __future__ import annotations

import argparse

GROUPS = {
    "ask and play": ("analyze", "exploit", "play", "solve"),
    "research": ("simulate", "match", "sweep", "chart", "equity", "tune", "stability",
                 "climb", "bias", "run"),
    "records": ("show", "export"),
    "scale and speed": ("bench",),
    "reference": ("rules", "strategies"),
}

EXAMPLES = {
    "simulate": r"""
  euchre-sim simulate --deals 1000000 --seed 7
  euchre-sim simulate --rules british --strategy random --vs reference --games 10000 --seed 1
  euchre-sim simulate --set deck=25 --set super_euchre=true --deals 200000 --seed 3 \
      --out results/benny
  euchre-sim simulate --rules six-handed --deals 100000 --seed 1""",
    "show": r"""
  euchre-sim show --seed 7 --deal 12
  euchre-sim show --seed 7 --deal 12 --strategy tuned --vs advanced
  euchre-sim show --egn deal12.egn --strategy advanced""",
    "export": r"""
  euchre-sim export --seed 7 --deal 12 --out deal12.egn
  euchre-sim export --seed 7 --game 3 --strategy reference --out game3.egn""",
    "rules": r"""
  euchre-sim rules""",
    "strategies": r"""
  euchre-sim strategies""",
    "bench": r"""
  euchre-sim bench
  euchre-sim bench --seconds 5 --strategies reference,tuned
  euchre-sim bench --strategies reference,tuned --markdown speed.md""",
    "match": r"""
  euchre-sim match tuned advanced --deals 1000000 --seed 3
  euchre-sim match tuned advanced --precision 0.005 --cluster local:2
  euchre-sim match basic random --rules buck --games 20000""",
    "analyze": r"""
  euchre-sim analyze --hand "JH JD AH KH AS" --up 9H --seat dealer --bidding "pass pass pass"
  euchre-sim analyze --hand "JS JC AD KD QD" --up KS --seat eldest --bidding "pass pass pass pass"
  euchre-sim analyze --hand "JH TH AD 9C AS" --up 9H --seat dealer --bidding "pass pass pass order"
  euchre-sim analyze --hand "JH AH KH AS KS" --up 9H --seat eldest --table advanced,pimc \
      --deals 2000
  euchre-sim analyze --situation 'hand=JH,AH,KH,QS up=9H seat=dealer discard=9C \
      bidding="pass pass pass order" tricks="eldest:AC partner:TC third:KC dealer:9H"'""",
    "chart": r"""
  euchre-sim chart order-up --strategy tuned --out results/order_up_chart
  euchre-sim chart go-alone --deals 100000
  euchre-sim chart bid --rules bid-euchre""",
    "play": r"""
  euchre-sim play --seed 1 --save game.egn
  euchre-sim play --partner advanced --opponents tuned --no-review""",
    "run": r"""
  euchre-sim run experiments/order_up_dealer.toml
  euchre-sim run experiments/exploit_tuned.toml --cluster local:2""",
    "equity": r"""
  euchre-sim equity --strategy tuned --games 100000 --out results/equity""",
    "sweep": r"""
  euchre-sim sweep tuned --param round1.threshold.dealer=11:15:0.5 --vs tuned --deals 1000000
  euchre-sim sweep basic --param round1.threshold.dealer=8:16:1 \
      --param alone.threshold.dealer=16:22:2 --deals 200000""",
    "tune": r"""
  euchre-sim tune advanced --param round1.threshold.dealer=10:14 --param 'play.*' \
      --vs advanced --deals 200000 --trials 50 --out results/tuned""",
    "stability": r"""
  euchre-sim stability tuned --deals 1000000
  euchre-sim stability advanced --params 'round1.threshold.*' --deals 200000""",
    "climb": r"""
  euchre-sim climb advanced --deals 300000 --rounds 5
  euchre-sim climb basic --rules three-handed --deals 100000""",
    "bias": r"""
  euchre-sim bias --points experiments/data/bias_points.txt --deals 500 --out results/table_bias
  euchre-sim bias --make-points 240 --points my_points.txt --seed 1""",
    "exploit": r"""
  euchre-sim exploit tuned --deals 2000 --seed 1
  euchre-sim exploit tuned --precision 0.01 --cluster local:2 --out results/exploit_tuned
  euchre-sim exploit 'tuned:round1.threshold.third=0' --seat third --deals 200
  euchre-sim exploit basic --seat dealer,eldest --search-deals 2000 --deals 500""",
    "solve": r"""
  euchre-sim solve --hands "JH JD AH KH AS" "9C TC JC QC KC" "9S TS QS KS AC" \
      "9D TD QD KD AD" --trump H --maker 0 --leader 1""",
}


class HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, but an ``examples:`` block keeps its lines as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if text.startswith("examples:"):
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


def examples(name: str) -> str:
    """The examples block of command ``name``."""
    return "examples:" + EXAMPLES[name]


def example_lines(name: str) -> list[str]:
    """Command ``name``'s examples, one command line each (a line ending in a backslash goes
    on in the next)."""
    text = EXAMPLES[name].strip().replace("\\\n", " ")
    return [" ".join(line.split()) for line in text.splitlines()]


def finish_help(parser: argparse.ArgumentParser, sub: argparse._SubParsersAction) -> None:
    """Group the top help's commands and give every subcommand its examples."""
    helps = {action.dest: action.help for action in sub._choices_actions}
    grouped = [name for names in GROUPS.values() for name in names]
    missing = sorted(set(sub.choices) - set(grouped))
    if missing or len(grouped) != len(set(grouped)):
        raise RuntimeError(f"cli_help.GROUPS must list every command once (missing: {missing})")
    lines = []
    for title, names in GROUPS.items():
        lines.append(f"{title}:")
        lines += [f"  {name:<11} {helps[name]}" for name in names]
    # the grouped list replaces argparse's flat one (the choices stay as they are)
    sub._choices_actions.clear()
    sub.help = "one of the commands above (euchre-sim COMMAND --help: its options)"
    parser.description = (parser.description or "") + "\n\n" + "\n".join(lines)
    for name, child in sub.choices.items():
        child.epilog = examples(name)
        child.formatter_class = HelpFormatter
