"""OpenSpiel both ways: the project's strategies as ``pyspiel`` bots on OpenSpiel's ``euchre``,
and OpenSpiel bots (uniform random, IS-MCTS, ...) seated through the agent interface.

OpenSpiel's encoding (``open_spiel/games/euchre/euchre.{h,cc}``):

* card = rank * 4 + suit, ranks 9, T, J, Q, K, A = 0..5, suits C, D, H, S = 0..3;
* actions: 0..23 cards (discard, play), 24 pass, 25..28 clubs..spades (in round 1 only the
  up-card's suit: "order up"), 29 go alone, 30 play with partner;
* chance nodes: the dealer (0..3), then 20 cards dealt round robin starting with the dealer,
  then the up-card;
* players N, E, S, W = 0..3 clockwise are our seats 0..3; bidding starts at dealer + 1.

Its two parameters are rule options of ours: ``stick_the_dealer`` and ``allow_lone_defender``
(``defender_alone``); every other option must keep its default (ruleset ``openspiel``).
``tests/test_openspiel.py`` checks the mapping against the reference engine step by step.
pyspiel is optional: the mapping works without it, the bots need it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..game.rules import Rules
from ..oracle.engine import DealState, bits
from ..strategies import Strategy, get_strategy
from .builtin import deal_world, replay_history
from .compiled import compiled_action
from .observation import Action, Observation

try:  # optional
    import pyspiel
except ImportError:  # pragma: no cover - the bots need it
    pyspiel = None

OS_PASS, OS_CLUBS, OS_ALONE, OS_PARTNER = 24, 25, 29, 30


def our_card(os_card: int) -> int:
    """OpenSpiel card id -> our card id."""
    rank, suit = os_card // 4, os_card % 4
    return suit * 8 + rank + 2  # OpenSpiel's rank 0 is the 9, our rank 2


def os_card(card: int) -> int:
    """Our card id (24-card deck) -> OpenSpiel's."""
    return (card % 8 - 2) * 4 + card // 8


def our_action(action: int, phase: str) -> Action:
    """An OpenSpiel action as ours, given our current phase."""
    if phase in ("round1", "round2"):
        if action == OS_PASS:
            return ("pass",)
        suit = action - OS_CLUBS
        return ("order",) if phase == "round1" else ("call", suit)
    if phase == "alone":
        return ("alone", action == OS_ALONE)
    if phase == "defend_alone":
        return ("defend", action == OS_ALONE)
    if phase == "discard":
        return ("discard", our_card(action))
    if phase == "play":
        return ("play", our_card(action))
    raise ValueError(f"no OpenSpiel counterpart for our phase {phase}")


def os_action(action: Action, up_card: int) -> int:
    """Our action as OpenSpiel's (``up_card``: ours, for an order-up)."""
    name = action[0]
    if name == "pass":
        return OS_PASS
    if name == "order":
        return OS_CLUBS + up_card // 8
    if name == "call":
        return OS_CLUBS + action[1]
    if name in ("alone", "defend"):
        return OS_ALONE if action[1] else OS_PARTNER
    if name in ("discard", "play"):
        return os_card(action[1])
    raise ValueError(f"no OpenSpiel counterpart for our action {action!r}")


def check_rules(rules: Rules) -> dict:
    """OpenSpiel's game parameters for ``rules``, which must be OpenSpiel's game."""
    base = Rules(stick_the_dealer=rules.stick_the_dealer, defender_alone=rules.defender_alone)
    if rules != base:
        extra = ", ".join(f"{k}={v}" for k, v in rules.differences().items()
                          if k not in ("stick_the_dealer", "defender_alone"))
        raise ValueError(f"OpenSpiel's euchre has no {extra}: use the ruleset openspiel "
                         "(stick_the_dealer and defender_alone may change)")
    return {"stick_the_dealer": rules.stick_the_dealer,
            "allow_lone_defender": rules.defender_alone}


def load_game(rules: Rules | None = None):
    """OpenSpiel's ``euchre`` with the parameters of ``rules`` (default: ``openspiel``)."""
    return pyspiel.load_game("euchre", check_rules(rules or Rules.named("openspiel")))


def os_state(game, st: DealState, log: Sequence[tuple[str, int, Action]]):
    """OpenSpiel's state of the deal of ``st`` after the decisions of ``log``."""
    state = game.new_initial_state()
    state.apply_action(st.dealer)
    cards = [[c for c in bits(h)] for h in st.dealt_hands]
    for i in range(20):
        state.apply_action(os_card(cards[(st.dealer + i) % 4][i // 4]))
    state.apply_action(os_card(st.up_card))
    for _, _, action in log:
        state.apply_action(os_action(action, st.up_card))
    return state


def our_deal(rules: Rules, state) -> tuple[DealState, list]:
    """Our deal state (and log of decisions) at OpenSpiel's ``state`` (past its chance nodes)."""
    history = state.history()
    dealer = history[0]
    hands = [0, 0, 0, 0]
    for i, a in enumerate(history[1:21]):
        hands[(dealer + i) % 4] |= 1 << our_card(a)
    st = DealState(rules, dealer, hands, our_card(history[21]))
    log = []
    for a in history[22:]:
        action = our_action(a, st.phase)
        log.append((st.phase, st.current_player(), action))
        st.apply(action)
    return st, log


class OpenSpielAgent:
    """An OpenSpiel bot seated through the agent interface: each decision, the deal so far is
    rebuilt as an OpenSpiel state (a world that fits the seat's observation: the bot may read
    the state's hidden cards, and IS-MCTS resamples them from the information state) and the
    bot's action is mapped back. ``make_bot(game, seat)`` makes the bot of a seat once."""

    def __init__(self, make_bot: Callable, name: str = "openspiel",
                 rules: Rules | None = None):
        self.make_bot = make_bot
        self.name = name
        self.game = load_game(rules)
        self.bots: dict[int, object] = {}

    def act(self, obs: Observation, legal: Sequence[Action]) -> Action:
        check_rules(obs.rules)
        if len(legal) == 1:
            return legal[0]
        rnd = random.Random(len(obs.history) * 4 + obs.seat)
        for _ in range(50):
            world = deal_world(obs, rnd)
            replayed = replay_history(obs, *world) if world is not None else None
            if replayed is not None:
                break
        else:
            raise RuntimeError(f"no deal fits seat {obs.seat}'s observation")
        st, _, log = replayed
        state = os_state(self.game, st, log)
        bot = self.bots.get(obs.seat)
        if bot is None:
            bot = self.bots[obs.seat] = self.make_bot(self.game, obs.seat)
        return our_action(bot.step(state), obs.phase)


def uniform_bot(seed: int = 0) -> OpenSpielAgent:
    """OpenSpiel's uniform random bot at the table."""
    return OpenSpielAgent(lambda game, seat: pyspiel.make_uniform_random_bot(seat, seed + seat),
                          "openspiel-uniform")


def ismcts_bot(simulations: int = 1000, uct_c: float = 2.0, rollouts: int = 1,
               seed: int = 0, rules: Rules | None = None) -> OpenSpielAgent:
    """OpenSpiel's IS-MCTS (``pyspiel.ISMCTSBot``, random-rollout evaluator) at the table."""
    def make(game, seat):
        evaluator = pyspiel.RandomRolloutEvaluator(rollouts, seed + seat)
        return pyspiel.ISMCTSBot(seed + seat, evaluator, uct_c, simulations)
    return OpenSpielAgent(make, f"ismcts-{simulations}", rules)


_BotBase = pyspiel.Bot if pyspiel is not None else object


class StrategyBot(_BotBase):
    """A project strategy as a ``pyspiel.Bot`` on OpenSpiel's ``euchre``: the state is read
    back as our deal state and the compiled strategy asked (``agents.compiled``); ``random``
    draws from its own generator."""

    def __init__(self, spec: str | Strategy, player: int, rules: Rules | None = None,
                 seed: int = 0):
        if pyspiel is None:
            raise ImportError("StrategyBot needs pyspiel (pip install open_spiel)")
        pyspiel.Bot.__init__(self)
        self.strategy = get_strategy(spec)
        self.player = player
        self.rules = rules or Rules.named("openspiel")
        check_rules(self.rules)
        self.rnd = random.Random(seed)

    def restart_at(self, state) -> None:
        pass

    def inform_action(self, state, player, action) -> None:
        pass

    def provides_policy(self) -> bool:
        return False

    def step(self, state) -> int:
        st, log = our_deal(self.rules, state)
        if self.strategy.kind_name == "random":
            action = self.rnd.choice(st.legal_actions())
        else:
            action = compiled_action(self.rules, self.strategy, st, st.kitty, log, (0, 0))
        return os_action(action, st.up_card)
