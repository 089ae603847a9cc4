"""After a hand of ``euchre-sim play``: what the analyser and the double-dummy solver say of
each of the person's decisions.

Each decision is written as the analyser's :class:`~euchre_sim.analysis.situation.Situation`
from the person's observation (what he knew then: his hand, the up-card, his place, the
bidding, his discard, the lone defence, the cards played, the score), every option valued by
``analysis.analyser.analyze`` under the review table; his own choice is the option whose
script slots his decisions force. A card played is also solved double dummy (every hand open,
``solver.solve``) in the position it was played in. Decisions the analyser does not take (a
redeal, the farmer's hand, partner's best, a rule option it refuses) are named with its
one-line reason.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..agents.compiled import script_of
from ..agents.observation import Action, Observation
from ..analysis.analyser import TOSS_UP_Z
from ..analysis.facts import AnalysisError, Option, options
from ..analysis.situation import Situation
from ..core.common import layout as L
from ..engine.solver import Position, SolverError, solve
from ..game.cards import JOKER, NO_TRUMP, SUITS, format_card, parse_card
from ..oracle.engine import DealState
from ..strategies import Strategy
from .screen import HUMAN, Console, Style

REVIEWED = ("round1", "round2", "discard", "defend_alone", "play")


@dataclass(frozen=True)
class Decision:
    """One of the person's decisions: what he saw, what he chose, and for a card the
    position with every hand open (None where the solver does not take it)."""

    obs: Observation
    action: Action
    position: Position | None = None


def reviewable(decisions: Sequence[Decision]) -> list[Decision]:
    """The decisions a review looks at: bids, the discard, lone defence and cards, where
    there was a choice."""
    return [d for d in decisions if d.obs.phase in REVIEWED and len(d.obs.legal) > 1]


def open_position(st: DealState) -> Position | None:
    """The play position of ``st`` (a card to play) with every hand open, or None (no
    trump, which the solver does not play)."""
    if st.phase != "play" or not 0 <= st.trump < NO_TRUMP:
        return None
    maker = st.lone_maker if st.alone else st.maker
    team = maker & 1
    leader = st.trick[0][0] if st.trick else st.current_player()
    try:
        return Position(hands=[h if st.active[s] else 0 for s, h in enumerate(st.hands)],
                        trump=st.trump, maker=maker, leader=leader, alone=bool(st.alone),
                        defender_alone=st.defender if st.defender >= 0 else None,
                        trick=[c for _, c in st.trick],
                        tricks_won=(st.tricks[team], st.tricks[1 - team]),
                        no_first_blood=st.rules.no_first_blood,
                        super_euchre=st.rules.super_euchre)
    except SolverError:
        return None


def frame(seat: int, dealer: int) -> int:
    """A seat in the analyser's deals, where the dealer sits in seat 3."""
    return (seat - dealer - 1) & 3


def situation_of(obs: Observation, alone_later: bool = False) -> Situation:
    """What the person knew at ``obs``'s decision, as the analyser's situation (checked:
    ``AnalysisError`` when it does not take it). ``alone_later``: at his discard, he goes on
    to play alone (his own later decision, forced in the playouts)."""
    dealer = obs.dealer
    bids = []
    for _, action in obs.bids:
        if action == ("pass",):
            bids.append("pass")
        elif action == ("order",):
            bids.append("order")
        elif action[0] == "call" and action[1] < NO_TRUMP and obs.up_card != JOKER:
            bids.append(SUITS[action[1]])
        else:
            raise AnalysisError("the analyser takes no joker's trump, chuck or no trump in "
                                "the bidding")
    hand, discard = obs.hand, -1
    if obs.phase == "discard":
        hand &= ~(1 << obs.up_card)
    elif obs.discard >= 0:
        discard = obs.discard
    defender = None
    if obs.rules.defender_alone and obs.phase == "play":
        defender = frame(obs.defender, dealer) if obs.defender >= 0 else -1
    tricks = [tuple((frame(s, dealer), c) for s, c in cards) for cards, _ in obs.tricks]
    if obs.trick:
        tricks.append(tuple((frame(s, dealer), c) for s, c in obs.trick))
    team = obs.seat & 1
    alone = obs.alone != 0 or alone_later
    sit = Situation(obs.rules, hand, obs.up_card, frame(obs.seat, dealer), tuple(bids), alone,
                    discard, defender, tuple(tricks), (obs.score[team], obs.score[1 - team]),
                    True)
    sit.facts  # noqa: B018 -- check it now (AnalysisError)
    return sit


def own_script(decisions: Sequence[Decision]) -> list[int]:
    """The script slots the person's decisions of one deal force, in the analyser's seats."""
    log = [(d.obs.phase, frame(d.obs.seat, d.obs.dealer), d.action) for d in decisions
           if d.obs.phase in ("round1", "round2", "alone", "discard", "defend_alone")]
    script = script_of(log, decisions[0].obs.rules, set()) if log else [-1] * L.N_SCRIPT
    for d in decisions:
        if d.obs.phase == "play":
            k = sum(len(cards) for cards, _ in d.obs.tricks) + len(d.obs.trick)
            script[L.SC_PLAY + k] = d.action[1]
    return script


def chosen_option(sit: Situation, script: Sequence[int]) -> Option | None:
    """The option of ``sit`` that ``script`` forces (None if none)."""
    for option in options(sit):
        if all(script[slot] == value for slot, value in option.forced):
            return option
    return None


def option_text(option: Option, style: Style) -> str:
    """An option's label with its card in the screen's style."""
    text = option.label
    for slot, value in option.forced:
        if slot == L.SC_DISCARD or L.SC_PLAY <= slot < L.SC_PLAY + L.MAX_PLAYS:
            text = text.replace(format_card(value), style.card(value))
    return text


PAST = {"play": "played", "lead": "led", "discard": "discarded", "pass": "passed",
        "order": "ordered", "take": "took", "call": "called", "defend": "defended"}


def past(label: str) -> str:
    """``lead AS`` -> ``led AS``: what the person did."""
    verb, _, rest = label.partition(" ")
    return " ".join(x for x in (PAST.get(verb, verb), rest) if x)


def decision_name(obs: Observation) -> str:
    """``round 1 bid``, ``the discard``, ``trick 2``: a decision by its observation."""
    if obs.phase == "play":
        return f"trick {len(obs.tricks) + 1}"
    names = {"round1": "round 1 bid", "round2": "round 2 bid", "discard": "the discard",
             "defend_alone": "lone defence"}
    return names.get(obs.phase, obs.phase)


def analyser_words(sit: Situation, mine: Option, df, style: Style) -> str:
    """``the analyser prefers order up: +0.31 points (± 0.08)`` or that it agrees."""
    labels = {o.label: o for o in options(sit)}
    best = df.iloc[0]
    row = df[df["option"] == mine.label].iloc[0]
    if best["option"] != mine.label and row["vs_best"] < 0:
        gap, se = -row["vs_best"], row["vs_best_se"]
        close = ", a toss-up" if gap < TOSS_UP_Z * se else ""  # the analyser's own rule
        return (f"the analyser prefers {option_text(labels[best['option']], style)}: "
                f"{gap:+.2f} points (± {se:.2f}{close})")
    if len(df) < 2:
        return "the analyser agrees"
    other = df[df["option"] != mine.label].iloc[0]
    margin = row["points"] - other["points"]
    if margin == 0:
        return f"the analyser agrees ({option_text(labels[other['option']], style)} is worth " \
               "as much)"
    return (f"the analyser agrees ({margin:+.2f} points over "
            f"{option_text(labels[other['option']], style)})")


def solver_words(d: Decision, style: Style) -> str | None:
    """``double dummy: A♠ +2, K♥ +1`` (points for the person's side, every hand open)."""
    if d.position is None:
        return None
    res = solve(d.position)
    ours = (d.position.maker & 1) == (HUMAN & 1)

    def net(tricks: int) -> int:
        made, lost = d.position.points(tricks)
        return made - lost if ours else lost - made

    values = {card: net(t) for card, t in res.card_values.items()}
    mine = format_card(d.action[1])
    best = max(values.values())
    if values[mine] == best:
        return f"double dummy (all hands open) it is best: {best:+d} for your side"
    tops = [c for c, v in values.items() if v == best]
    shown = ", ".join(style.card(parse_card(c)) for c in tops)
    return (f"double dummy (all hands open) {shown} would give your side {best:+d}, "
            f"yours {values[mine]:+d}")


def review_deal(console: Console, decisions: Sequence[Decision], table: str | Strategy,
                deals: int, seed: int, alone_later: bool = False) -> list[str]:
    """Print (and return) the review of one deal's decisions of the person."""
    from ..analysis.analyser import analyze

    style = console.style
    started = time.time()
    lines: list[str] = []
    label = table if isinstance(table, str) else table.label
    console.say(f"Review ({label} table, {deals:,} deals per decision; cards also solved "
                "with every hand open):")
    if not reviewable(decisions):
        lines.append("  nothing to review: you had no choice to make this hand")
        console.say(lines[-1])
        return lines
    script = own_script(decisions)
    reasons: set[str] = set()
    for d in reviewable(decisions):
        try:
            sit = situation_of(d.obs, alone_later and d.obs.phase == "discard")
            mine = chosen_option(sit, script)
            if mine is None:
                raise AnalysisError("your choice is not one of the analyser's options")
            df = analyze(sit, table, deals=deals, seed=seed, equity_games=0)
        except (AnalysisError, RuntimeError) as exc:  # RuntimeError: a replay that failed
            if str(exc) not in reasons:
                reasons.add(str(exc))
                line = f"  {decision_name(d.obs)}: not reviewed: {exc}"
                lines.append(line)
                console.say(line)
            continue
        text = (f"  {decision_name(d.obs)}: you {past(option_text(mine, style))}; "
                f"{analyser_words(sit, mine, df, style)}")
        dd = solver_words(d, style) if d.obs.phase == "play" else None
        if dd:
            text += f"; {dd}"
        lines.append(text)
        console.say(text)
    console.say(f"  (review: {time.time() - started:.1f} s)")
    return lines
