"""What the terminal shows in ``euchre-sim play``, and reading the player's answers.

The person sits at seat 0 (South), his partner at seat 2 (North), the opponents at seats 1
(West) and 3 (East); the deal passes to the left (South, West, North, East). :class:`Style`
writes cards with suit symbols and red diamonds and hearts where the terminal has them;
:class:`Screen` follows a deal state and prints every action as it happens (what seat 0 may
see of it); :class:`Console` reads one answer a line: the number of a choice, or the action
typed (a card such as ``AS``, ``pass``, ``order``, ``alone``, a suit), ``?`` for the choices
again, ``q`` (or the end of the input) to quit.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO

from ..agents.observation import Action, Observation
from ..core.common import layout as L
from ..game.cards import (
    JOKER,
    NO_TRUMP,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    CardError,
    format_card,
    mask_to_cards,
    parse_card,
)
from ..game.seats import position_of
from ..oracle.engine import DealState, card_strength, effective_suit
from ..records.display import event_line

HUMAN = 0  # the person's seat; his partner is seat 2
SEAT_NAMES = ("South (you)", "West", "North (partner)", "East")
RED = (1, 2)  # diamonds, hearts
PLACES = {"eldest": "you bid first", "partner": "you bid second, the dealer's partner",
          "third": "you bid third", "dealer": "you deal"}
QUIT_WORDS = {"q", "quit", "exit"}
HELP_WORDS = {"?", "h", "help"}


class Quit(Exception):
    """The player quit (``q``, or the end of the input)."""


@dataclass(frozen=True)
class Style:
    """How cards are written: suit symbols (``A♠``) or letters (``AS``), red diamonds and
    hearts (ANSI colour) or not."""

    symbols: bool = False
    colour: bool = False

    @classmethod
    def detect(cls, stream: TextIO, ascii: bool = False, no_colour: bool = False) -> Style:
        """Symbols when ``stream`` is a terminal whose encoding has them (not with
        ``ascii``); colour as well unless ``no_colour``, ``ascii``, the ``NO_COLOR``
        environment variable or ``TERM=dumb``."""
        tty = bool(getattr(stream, "isatty", lambda: False)())
        try:
            SUIT_SYMBOLS.encode(getattr(stream, "encoding", None) or "ascii")
            has_symbols = True
        except (LookupError, UnicodeEncodeError):
            has_symbols = False
        symbols = tty and has_symbols and not ascii
        colour = (tty and not ascii and not no_colour and "NO_COLOR" not in os.environ
                  and os.environ.get("TERM", "") != "dumb")
        return cls(symbols, colour)

    def card(self, card: int) -> str:
        """``A♠`` / ``AS``; red for diamonds and hearts with colour."""
        text = format_card(card, self.symbols)
        if self.colour and card != JOKER and card // 8 in RED:
            return f"\033[31m{text}\033[0m"
        return text

    def suit(self, suit: int) -> str:
        """``hearts ♥`` / ``hearts``; ``no trump``."""
        if suit == NO_TRUMP:
            return "no trump"
        if not self.symbols:
            return SUIT_NAMES[suit]
        symbol = SUIT_SYMBOLS[suit]
        if self.colour and suit in RED:
            symbol = f"\033[31m{symbol}\033[0m"
        return f"{SUIT_NAMES[suit]} {symbol}"

    def hand(self, mask: int, trump: int = -1) -> str:
        """The cards of ``mask``: trumps first, then suit by suit, strongest first."""
        def key(c: int) -> tuple[int, int, int]:
            if trump in range(4):
                suit = effective_suit(c, trump)
                return (suit != trump, suit, -card_strength(c, trump))
            return (-1 if c == JOKER else c // 8, 0, -(c % 8))
        return " ".join(self.card(c) for c in sorted(mask_to_cards(mask), key=key))


class Console:
    """The player's terminal: ``say`` prints, ``ask`` reads one line (the end of the input is
    :class:`Quit`). When the input is not a terminal (a script), each answer is echoed after
    its prompt, so that the transcript reads as a session."""

    def __init__(self, inp: TextIO, out: TextIO, style: Style | None = None):
        self.inp, self.out = inp, out
        self.style = style or Style()
        self.echo = not bool(getattr(inp, "isatty", lambda: False)())

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def ask(self, prompt: str) -> str:
        """One line of input, stripped (``Quit`` at the end of the input)."""
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            self.say()
            raise Quit("end of input")
        if self.echo:
            self.say(line.strip())
        return line.strip()

    def yes(self, prompt: str, default: bool = False) -> bool:
        """A yes/no question (``q`` quits)."""
        hint = "[Y/n]" if default else "[y/N]"
        while True:
            answer = self.ask(f"{prompt} {hint} ").lower()
            if answer in QUIT_WORDS:
                raise Quit("quit")
            if not answer:
                return default
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no"):
                return False
            self.say("  please answer y or n")


# ------------------------------------------------------------------------------------------
# The choices of a decision
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """One legal action as the player sees it: its label and the words that name it."""

    action: Action
    label: str
    words: frozenset[str]


YES, NO = frozenset({"y", "yes"}), frozenset({"n", "no"})


def _suit_words(suit: int) -> set[str]:
    if suit == NO_TRUMP:
        return {"no trump", "notrump", "nt", "no-trump", "call no trump"}
    name = SUIT_NAMES[suit]
    return {name, name[:-1], SUITS[suit].lower(), SUIT_SYMBOLS[suit], f"call {name}"}


def choice_of(obs: Observation, action: Action, style: Style) -> Choice:
    """The label and the words of one legal action of ``obs``'s decision."""
    phase, verb = obs.phase, action[0]
    dealer = obs.seat == obs.dealer
    if phase == "round1":
        if verb == "pass":
            return Choice(action, "pass", frozenset({"pass", "p"}))
        label = "take it up" if dealer else "order it up"
        return Choice(action, label, frozenset({"order", "order up", "take", "take up", "up",
                                                "o", label}))
    if verb == "pass":
        return Choice(action, "pass", frozenset({"pass", "p"}))
    if verb == "call":
        return Choice(action, f"call {style.suit(action[1])}", frozenset(_suit_words(action[1])))
    if verb in ("alone", "defend", "railroad"):
        yes_label = {"alone": "go alone", "defend": "defend alone",
                     "railroad": "take partner's best card"}[verb]
        no_label = {"alone": "play with partner", "defend": "defend with partner",
                    "railroad": "refuse partner's card"}[verb]
        if action[1]:
            return Choice(action, yes_label, YES | {"alone", yes_label, "take"})
        return Choice(action, no_label, NO | {"partner", "with partner", no_label, "refuse"})
    if verb in ("play", "discard", "give") or (verb == "keep" and len(action) == 2):
        card = action[1]
        word = {"play": "", "discard": "discard ", "give": "give ", "keep": "keep "}[verb]
        return Choice(action, f"{word}{style.card(card)}",
                      frozenset({format_card(card).lower(), format_card(card, True).lower()}))
    if verb == "kitty":
        cards = " ".join(style.card(c) for c in action[1:])
        return Choice(action, f"give {cards}", frozenset())
    labels = {("keep",): ("keep the hand", {"keep", "k"}),
              ("redeal",): ("call a redeal", {"redeal", "r"}),
              ("exchange",): ("exchange with the kitty", {"exchange", "e"}),
              ("name",): ("name a suit", {"name"}),
              ("chuck",): ("chuck", {"chuck", "c"})}
    label, words = labels.get(action, (" ".join(str(x) for x in action), set()))
    return Choice(action, label, frozenset(words | {label}))


def choices_of(obs: Observation, style: Style) -> list[Choice]:
    """The numbered choices of ``obs``'s decision: its legal actions, in their order."""
    return [choice_of(obs, action, style) for action in obs.legal]


def match_choice(text: str, options: Sequence[Choice], deck: int) -> Action | str:
    """The action ``text`` names (a number 1..n, a word, a card or cards), or the one-line
    reason it names none."""
    low = " ".join(text.lower().split())
    n = len(options)
    if low.isdigit():
        k = int(low) if len(low) <= 6 else 0  # (a number of 5,000 digits is no choice)
        return options[k - 1].action if 1 <= k <= n else f"choose a number from 1 to {n}"
    named = [o.action for o in options if low in o.words]
    if len(named) == 1:
        return named[0]
    try:
        cards = tuple(sorted(parse_card(tok, deck) for tok in low.replace(",", " ").split()))
    except CardError:
        cards = ()
    if cards:
        for o in options:
            held = tuple(sorted(o.action[1:])) if o.action[0] == "kitty" else o.action[1:2]
            if o.action[0] in ("play", "discard", "give", "keep", "kitty") and held == cards:
                return o.action
        what = " ".join(format_card(c) for c in cards)
        return f"{what} is not one of the choices here"
    return (f"{text!r} is not a choice here: type a number from 1 to {n}, the action "
            "(a card like AS, pass, order...), ? for the choices again, q to quit")


PROMPTS = {"round1": "your bid", "round2": "your call", "discard": "your discard",
           "alone": "alone?", "defend_alone": "defend alone?", "play": "your card",
           "redeal": "redeal?", "farmer": "farmer's hand", "joker_trump": "name trump",
           "chuck": "stuck", "railroad": "railroad?", "give": "give partner",
           "lone_discard": "your discard"}


def menu(options: Sequence[Choice]) -> str:
    """The numbered choices on one line: ``  1) pass   2) order it up``."""
    return "  " + "   ".join(f"{k}) {o.label}" for k, o in enumerate(options, 1))


def read_choice(console: Console, obs: Observation, options: Sequence[Choice]) -> Action:
    """Show the numbered choices and read one (bad input re-prompts with one line)."""
    console.say(menu(options))
    while True:
        text = console.ask(f"{PROMPTS.get(obs.phase, 'your choice')}> ")
        if text.lower() in QUIT_WORDS:
            raise Quit("quit")
        if not text:
            continue
        if text.lower() in HELP_WORDS:
            console.say(menu(options))
            continue
        got = match_choice(text, options, obs.rules.deck)
        if not isinstance(got, str):
            return got
        console.say(f"  {got}")


# ------------------------------------------------------------------------------------------
# Following the play
# ------------------------------------------------------------------------------------------


HIDDEN = {  # what seat 0 sees of another player's private action
    L.EV_DISCARD: "discards a card face down",
    L.EV_LONE_DISCARD: "discards a card face down",
    L.EV_FARMER: "exchanges three cards with the kitty (farmer's hand)",
    L.EV_CHUCK: "is stuck and chucks: keeps one card, takes the up-card and the kitty",
    L.EV_GIVE: "gives a card to partner",
}


def hidden_line(kind: int, seat: int, who: str) -> str | None:
    """What seat 0 sees of another player's private action (None: he sees it all, as the
    partner of a player giving him a card does)."""
    if kind not in HIDDEN or (kind == L.EV_GIVE and (seat + 2) % 4 == HUMAN):
        return None
    return f"{who} {HIDDEN[kind]}"


class Screen:
    """Prints a deal as seat 0 sees it: the hand and the up-card when dealt, every action as
    it is taken (``watch``, called with the deal state after each), the tricks and the
    result. ``state`` is the deal state shown last."""

    def __init__(self, console: Console, names: Sequence[str] = SEAT_NAMES):
        self.console = console
        self.names = list(names)
        self.state: DealState | None = None
        self.shown = 0
        self.number = 0
        self.score = (0, 0)

    @property
    def style(self) -> Style:
        return self.console.style

    def new_deal(self, number: int, score: tuple[int, int]) -> None:
        """The next deal is deal ``number`` of the game, ``score`` (team 0, team 1) before it."""
        self.number, self.score = number, score

    def watch(self, st: DealState) -> None:
        """Print what happened in ``st`` since the last call."""
        if st is not self.state:
            self.state, self.shown = st, 0
            self._header(st)
        for i in range(self.shown, len(st.trace)):
            self._event(st.trace[:i + 1])
        self.shown = len(st.trace)

    def _header(self, st: DealState) -> None:
        say, style = self.console.say, self.style
        target = st.rules.target_score
        if st.redeals == 0:
            say()
            say(f"=== Deal {self.number + 1}: {self.names[st.dealer]} deals.  Score: you "
                f"{self.score[0]}, them {self.score[1]} (game to {target}) ===")
        else:
            say(f"--- the cards are dealt again (redeal {st.redeals}) ---")
        say(f"Your hand: {style.hand(st.hands[HUMAN])}   "
            f"({PLACES[position_of(HUMAN, st.dealer)]})")
        say(f"Up-card: {style.card(st.up_card)}")

    def _event(self, trace: list[tuple[int, int, int]]) -> None:
        """The line of the last event of ``trace`` (the deal's events so far)."""
        st = self.state
        assert st is not None
        kind, seat, value = trace[-1]
        prev = trace[-2] if len(trace) > 1 else (0, -1, 0)
        say, who = self.console.say, self.names[seat]
        if kind == L.EV_PLAY:
            verb = "plays" if prev[0] == L.EV_PLAY else "leads"
            say(f"  {who} {verb} {self.style.card(value)}")
            return
        if kind == L.EV_TRICK:
            won = [w & 1 for k, w, _ in trace if k == L.EV_TRICK]
            ours = won.count(HUMAN & 1)
            say(f"  -> {who} wins trick {value + 1}.  Tricks: us {ours}, them "
                f"{len(won) - ours}")
            return
        line = hidden_line(kind, seat, who) if seat != HUMAN else None
        if kind == L.EV_FARMER and line is not None and prev[:2] == (L.EV_FARMER, seat):
            return  # the three cards of one exchange are told once
        if line is None:
            record = {"dealer": st.dealer, "up_card": st.up_card, "stuck": st.stuck}
            line = event_line(kind, seat, value, record, lambda s: self.names[s],
                              self.style.card)
        if line is not None:
            say(line)

    def show_decision(self, obs: Observation) -> None:
        """The hand (and the trick so far) before one of seat 0's decisions."""
        say, style = self.console.say, self.style
        trump = obs.trump if obs.trump in range(4) else -1
        tail = ""
        if obs.trump >= 0:
            tail = f"   (trump: {style.suit(obs.trump)})"
        elif obs.phase == "round2":
            tail = f"   ({SUIT_NAMES[obs.up_card // 8]} turned down)"
        say(f"Your hand: {style.hand(obs.hand, trump)}{tail}")
        if obs.phase == "play":
            number = len(obs.tricks) + 1
            played = ", ".join(f"{self.names[s]} {style.card(c)}" for s, c in obs.trick)
            say(f"Trick {number}: " + (played if played else "your lead"))

    def show_result(self, record: dict, score: tuple[int, int]) -> None:
        """The deal's points and the score after it."""
        say = self.console.say
        if record["thrown_in"]:
            say("No points: the hand is thrown in.")
        else:
            makers = "you" if record["maker"] & 1 == HUMAN & 1 else "they"
            ours, theirs = record["points0"], record["points1"]
            say(f"Tricks: us {record['tricks0']}, them {record['tricks1']}: {makers} made "
                f"trump; you score {ours}, they score {theirs}.")
        say(f"Score: you {score[0]}, them {score[1]}")
