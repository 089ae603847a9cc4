"""A game of ``euchre-sim play``: the person at seat 0 against built-in strategies, to the
target score, saved as EGN.

The game is game 0 of a game-mode run with the seed (``reference.game_deals``): the first
dealer drawn from deal 0's stream, deal ``k`` shuffled from its own stream, so the cards of
each deal are those ``simulate --games`` deals with the same seed, whoever plays. Each deal
is played by ``agents.table.play_stream`` at a table of the person (an agent, seat 0), his
partner's strategy (seat 2) and the opponents' (seats 1, 3), compiled or random seats as in
``agents.play_deals``; the same seed and the same answers give the same game.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from ..agents.compiled import ReplayError
from ..agents.observation import Action, Observation
from ..agents.table import make_table, play_stream, stand_in
from ..engine.simulate import SimulationError
from ..game.defaults import DEFAULT_TABLE
from ..game.rules import Rules
from ..oracle.engine import Rng, game_deals, game_summary
from ..records import egn
from ..strategies import Strategy, get_strategy
from ..version import __version__
from .review import Decision, open_position, review_deal, reviewable
from .screen import HUMAN, Console, Quit, Screen, choices_of, read_choice

REVIEW_DEALS = 2_000
# rule options whose decisions a kernel script cannot force (docs/agents.md, "Limits"): with
# compiled seats at the table, one compiled strategy takes the person's decisions under them
UNSCRIPTED = (
    ("farmers_hand", lambda r: bool(r.farmers_hand), "farmer's hand exchange"),
    ("deck=25/33 (the joker)", lambda r: r.deck in (25, 33), "trump named under a turned-up "
     "joker"),
    ("chuck", lambda r: r.chuck and r.stick_the_dealer, "chuck as the stuck dealer"),
    ("partners_best", lambda r: r.partners_best != "none", "partner's best (the card given, "
     "the lone player's discard, railroad)"),
)


STOOD_IN = {"farmer": "farmer's hand", "joker_trump": "the joker turned up", "chuck": "stuck",
            "railroad": "railroad", "give": "partner's best", "lone_discard": "partner's best"}


@dataclass(frozen=True)
class PlayOptions:
    """A game's settings: the rules (and how they were named), the partner's and the
    opponents' strategies, the seed, the review (True: after every hand; False: never;
    None: ask) with its deals and table, and the EGN file to save the game to."""

    rules: Rules = field(default_factory=Rules)
    partner: str | Strategy = DEFAULT_TABLE
    opponents: str | Strategy = DEFAULT_TABLE
    seed: int | None = None
    review: bool | None = None
    review_deals: int = REVIEW_DEALS
    review_table: str | Strategy = DEFAULT_TABLE
    save: str | None = None
    overwrite: bool = False
    rules_words: str = "north-american"


class HumanSeat:
    """The person as an agent: shows each decision on the screen and reads his answer;
    keeps the deal's decisions for the review, and every list of choices offered."""

    name = "you"

    def __init__(self, screen: Screen, stand_in: str = ""):
        self.screen = screen
        self.stand_in = stand_in  # the strategy that takes his unscripted decisions
        self.decisions: list[Decision] = []
        self.offered: list[tuple[tuple[Action, ...], tuple[Action, ...]]] = []

    def act(self, obs: Observation, legal: list[Action]) -> Action:
        options = choices_of(obs, self.screen.style)
        self.offered.append((tuple(legal), tuple(o.action for o in options)))
        self.screen.show_decision(obs)
        if len(options) == 1:
            self.screen.console.say(f"  ({options[0].label}: your only choice)")
            action = options[0].action
        else:
            action = read_choice(self.screen.console, obs, options)
        st = self.screen.state
        position = open_position(st) if st is not None else None
        self.decisions.append(Decision(obs, action, position))
        return action

    def stood_in(self, obs: Observation, action: Action) -> None:
        """A decision of his that the table's strategy took (``agents.table.stand_in``)."""
        chosen = next(o.label for o in choices_of(obs, self.screen.style) if o.action == action)
        self.screen.show_decision(obs)
        self.screen.console.say(f"  ({STOOD_IN.get(obs.phase, obs.phase)}: {chosen}; "
                                f"{self.stand_in} decides this for you)")


@dataclass
class GameResult:
    """What was played: each finished deal's record and trace, the score, whether the game
    reached its end (else the person quit), the game record, the choices offered."""

    seed: int
    deals: list[tuple[dict, list]]
    score: tuple[int, int]
    finished: bool
    game: dict[str, Any] | None
    offered: list[tuple[tuple[Action, ...], tuple[Action, ...]]]
    saved: str | None = None
    interrupted: bool = False  # stopped by Ctrl-C or SIGTERM


def unscripted_options(rules: Rules) -> list[tuple[str, str]]:
    """The rule options on whose decisions a kernel script is silent: (option, decision)."""
    return [(name, decision) for name, applies, decision in UNSCRIPTED if applies(rules)]


def check_playable(rules: Rules, partner: Strategy, opponents: Strategy) -> bool:
    """Whether a compiled strategy must take the person's decisions that a kernel script
    cannot force (``agents.table.stand_in``): under those rule options, with the partner and
    the opponents one compiled strategy. Refused in one line with two compiled strategies, or
    a compiled one beside ``random`` (only ``random`` seats follow every decision)."""
    options = unscripted_options(rules)
    kinds = {partner.kind_name, opponents.kind_name}
    if not options or kinds == {"random"}:
        return False
    if partner == opponents:
        return True
    name, decision = options[0]
    raise SimulationError(
        f"play: {name} needs one strategy for your partner and the opponents (it then takes "
        f"your {decision} for you, which the kernels cannot replay otherwise: docs/play.md), "
        "or random seats; got --partner "
        f"{partner.label} --opponents {opponents.label}")


def players(partner: Strategy, opponents: Strategy) -> list[str]:
    """The EGN players, seat 0..3."""
    return ["a person (seat 0)", f"{opponents.label} (seat 1)", f"{partner.label} (seat 2)",
            f"{opponents.label} (seat 3)"]


def game_document(options: PlayOptions, result: GameResult, partner: Strategy,
                  opponents: Strategy) -> dict:
    """The played game's finished deals as an EGN document (``show --egn`` replays it)."""
    deals = [egn.deal_json(rec, trace, k) for k, (rec, trace) in enumerate(result.deals)]
    how = "the game" if result.finished else f"{len(deals)} finished deal(s) of a game left"
    return egn.document(
        deals, options.rules, players(partner, opponents),
        game_id=f"euchre-sim-play-seed{result.seed}",
        title=f"A game played in the terminal (seed {result.seed})",
        description=f"Played with euchre-sim {__version__} play: {how} (game 0 of seed "
        f"{result.seed}), rules {options.rules_words}; seat 0 a person, seat 2 "
        f"{partner.label}, seats 1 and 3 {opponents.label}.",
        final_score=result.score if result.finished else None)


def save_game(path: str, doc: dict) -> None:
    """Write the EGN document through a temporary file renamed into place."""
    from ..jobs.records import write_atomically

    write_atomically(path, egn.dumps(doc))


def play_game(options: PlayOptions, console: Console) -> GameResult:
    """Play one game on ``console`` (the person's answers from its input) and return it;
    with ``options.save`` the finished deals are written as EGN at the end, or when the
    person quits (asked after ``q``; at the end of the input without asking)."""
    rules = options.rules
    partner, opponents = get_strategy(options.partner), get_strategy(options.opponents)
    standing_in = check_playable(rules, partner, opponents)
    if options.save:  # before the game, not after it: a game is never lost to a bad name
        from ..jobs.records import check_file_target

        check_file_target(options.save, options.overwrite, "--save")
    if options.review is not False:
        get_strategy(options.review_table)  # a bad review table fails now, not after a hand
    seed = options.seed if options.seed is not None else secrets.randbelow(2**32)
    screen = Screen(console)
    human = HumanSeat(screen, partner.label)
    table = make_table(rules, {HUMAN: human, 2: partner}, opponents)
    if standing_in:
        stand_in(rules, table, HUMAN, partner)
    say = console.say
    say(f"euchre-sim play, seed {seed} (the same seed and answers replay this game).")
    say(f"You sit South (seat 0); your partner North (seat 2) plays {partner.label}; West "
        f"and East (seats 1, 3) play {opponents.label}. Rules {options.rules_words}, game to "
        f"{rules.target_score}.")
    say("Answer with the number of a choice or the action itself (a card like AS, pass, "
        "order, alone, a suit); ? shows the choices again, q quits.")
    if standing_in:
        decisions = ", ".join(decision for _, decision in unscripted_options(rules))
        say(f"Under these rules {partner.label} takes your {decisions} for you: the kernels "
            "cannot replay your own choice there.")
    result = GameResult(seed, [], (0, 0), False, None, human.offered)

    def play_one(rng: Rng, dealer: int, score: tuple[int, int], mcevoy: set[int] | None):
        screen.new_deal(len(result.deals), score)
        human.decisions = []
        try:
            return play_stream(rules, table, rng, dealer, score, mcevoy, screen.watch)
        except ReplayError as exc:
            raise SimulationError(f"play: {exc}") from None

    try:
        for rec, trace in game_deals(seed, 0, rules, play_one):
            result.deals.append((rec, trace))
            result.score = (result.score[0] + rec["points0"], result.score[1] + rec["points1"])
            screen.show_result(rec, result.score)
            review = options.review
            if review is None and reviewable(human.decisions):
                review = console.yes("review this hand?")
            if review:
                alone_later = rec["alone"] == 1 and rec["maker"] == HUMAN
                review_deal(console, human.decisions, options.review_table,
                            options.review_deals, seed, alone_later)
    except Quit as stop:
        say("You quit the game." if str(stop) == "quit" else "End of input: the game stops.")
        if options.save and result.deals:
            if str(stop) != "quit" or _ask_save(console, options.save, len(result.deals)):
                _save(options, result, partner, opponents, console)
        elif options.save:
            say("Nothing saved: no deal was finished.")
        return result
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM (cli.main): the finished deals are kept
        result.interrupted = True
        say()
        say("Interrupted: the game stops.")
        if options.save and result.deals:
            _save(options, result, partner, opponents, console)
        elif options.save:
            say("Nothing saved: no deal was finished.")
        return result
    result.finished = True
    result.game = game_summary(0, rules, [rec for rec, _ in result.deals])
    winner = "You and your partner win" if result.game["winner"] == HUMAN & 1 else "They win"
    say()
    say(f"{winner} {max(result.score)}-{min(result.score)} after {len(result.deals)} deals.")
    if options.save:
        _save(options, result, partner, opponents, console)
    return result


def _ask_save(console: Console, path: str, n: int) -> bool:
    try:
        return console.yes(f"save the {n} finished deal(s) to {path}?", default=True)
    except Quit as stop:  # the end of the input saves; q does not
        return str(stop) != "quit"


def _save(options: PlayOptions, result: GameResult, partner: Strategy, opponents: Strategy,
          console: Console) -> None:
    assert options.save is not None
    save_game(options.save, game_document(options, result, partner, opponents))
    result.saved = options.save
    left = "" if result.finished else " (the deal in progress is not saved)"
    console.say(f"Saved {len(result.deals)} deal(s) to {options.save} (EGN){left}; replay one "
                f"with `euchre-sim show --egn {options.save} --deal K`.")
