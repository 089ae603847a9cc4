"""The ``play`` command: a person plays Euchre in the terminal against the built-in
strategies (``euchre_sim.play``, docs/play.md). Argument handling only."""

from __future__ import annotations

import argparse
import sys

from ..game.defaults import DEFAULT_TABLE
from ..jobs.records import rules_words
from ..play import Console, PlayOptions, Style, play_game
from ..play.game import REVIEW_DEALS
from .args import add_rules_args, file_type, positive_type, rule_choice, seed_type, strategy_type


def add_play_parser(sub) -> None:
    """The ``play`` subcommand."""
    pl = sub.add_parser(
        "play", help="play Euchre in the terminal against the built-in strategies",
        description="Play a game to the target score in the terminal. You sit South (seat "
        "0, team 0) with your partner North (seat 2); West and East (seats 1, 3) are the "
        "opponents; the deal passes to the left (South, West, North, East). At each of your "
        "decisions the legal choices are numbered: answer with the number or the action "
        "itself (a card such as AS or 10h, pass, order, alone, a suit such as hearts); ? "
        "shows the choices again, q (or the end of the input) quits. After each hand you may "
        "ask for a review: what the analyser (and, for each card, the double-dummy solver) "
        "says of each of your decisions. The same --seed and the same answers give the same "
        "game; its cards are those of game 0 of `simulate --games --seed N`. Under "
        "farmers_hand, chuck, partners_best and the joker decks the kernels cannot replay "
        "your decisions peculiar to them: the table's strategy takes those for you (the "
        "partner and the opponents must then play one strategy, or be random seats). See "
        "docs/play.md.",
    )
    add_rules_args(pl)
    pl.add_argument("--partner", default=DEFAULT_TABLE, metavar="S", type=strategy_type,
                    help=f"your partner's strategy: a built-in, a .toml file or "
                    f"NAME:key=value,... (default: {DEFAULT_TABLE}; see `euchre-sim "
                    "strategies`)")
    pl.add_argument("--opponents", default=DEFAULT_TABLE, metavar="S", type=strategy_type,
                    help=f"the opponents' strategy (default: {DEFAULT_TABLE})")
    pl.add_argument("--seed", type=seed_type, default=None,
                    help="the game's seed (default: a random one, printed: a new game each "
                    "time, where every other command's seed is 1)")
    when = pl.add_mutually_exclusive_group()
    when.add_argument("--review", action="store_true", default=None,
                      help="review every hand without asking")
    when.add_argument("--no-review", dest="review", action="store_false",
                      help="never review (default: ask after each hand)")
    pl.add_argument("--review-deals", type=positive_type, default=REVIEW_DEALS, metavar="N",
                    help=f"the analyser's deals per decision in a review (default "
                    f"{REVIEW_DEALS:,})")
    pl.add_argument("--review-table", default=DEFAULT_TABLE, metavar="S",
                    help=f"the table strategy the analyser values your options under "
                    f"(default: {DEFAULT_TABLE})")
    pl.add_argument("--save", default=None, metavar="FILE", type=file_type,
                    help="write the game as Euchre Game Notation to FILE at its end (or when "
                    "you quit), through a temporary file; `euchre-sim show --egn FILE --deal "
                    "K` replays deal K")
    pl.add_argument("--overwrite", action="store_true", help="replace FILE if it exists")
    pl.add_argument("--ascii", action="store_true",
                    help="cards as letters (AS, TH), no colour")
    pl.add_argument("--no-color", "--no-colour", dest="no_colour", action="store_true",
                    help="no colour (also when NO_COLOR is set)")
    pl.set_defaults(func=run_play)


def run_play(args: argparse.Namespace) -> int:
    choice = rule_choice(args)
    rules = choice.rules()
    words = rules_words(choice, rules)
    options = PlayOptions(rules=rules, partner=args.partner, opponents=args.opponents,
                          seed=args.seed, review=args.review, review_deals=args.review_deals,
                          review_table=args.review_table, save=args.save,
                          overwrite=args.overwrite, rules_words=words)
    console = Console(sys.stdin, sys.stdout,
                      Style.detect(sys.stdout, ascii=args.ascii, no_colour=args.no_colour))
    result = play_game(options, console)
    return 130 if result.interrupted else 0  # 128 + SIGINT, as a shell reports it
