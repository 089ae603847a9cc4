"""The learned card policy (``core/four/card_policy.py``, a strategy file's ``[card_policy]``).

The kernel's class of a position is checked against a readable classification written here
from the same snapshot (what the player holds and knows, in words); an entry is shown
changing the card in a written-down position, and an action the hand holds no card for leaving
it to the conventions; the file format's errors are one-line messages; tuned's policy beats
its conventions alone in a duplicate match.
"""

from __future__ import annotations

import numpy as np
import pytest

from euchre_sim import match
from euchre_sim.analysis.order_chart import random_presets
from euchre_sim.core.common import layout as L
from euchre_sim.core.four.batch import run_deals_traced
from euchre_sim.core.four.card_policy import ACTION_NAMES, N_POLICY, policy_key
from euchre_sim.core.four.hands import deck_row
from euchre_sim.core.four.scripted import in_play
from euchre_sim.core.four.tables import SUIT_EFF, TRUMP_MASK
from euchre_sim.engine.simulate import Matchup, deal_key
from euchre_sim.game.rules import Rules
from euchre_sim.strategies import Strategy, StrategyError, get_strategy, strategy_toml
from euchre_sim.strategies.card_policy import class_keys, class_name
from tests.test_scripted_play import choose, state


def bits(m: int) -> int:
    return bin(m).count("1")


def readable_class(g: np.ndarray, seat: int, live: int, legal: int) -> str:
    """The class of a position, worked out plainly from its snapshot."""
    maker, alone = int(g[L.G_MAKER]), int(g[L.G_ALONE]) == 1
    if seat == maker:
        role = "lone maker" if alone else "maker"
    elif seat == maker ^ 2:
        role = "maker's partner"
    else:
        role = "defender vs loner" if alone else "defender"
    hand = int(g[L.G_HAND + seat])
    trumps = hand & int(TRUMP_MASK)
    others = live & ~hand & int(TRUMP_MASK)
    boss = trumps and all(o < trumps.bit_length() - 1 for o in range(64) if others >> o & 1)
    fields = [role, f"trick {min(int(g[L.G_TRICK]), 3) + 1}"]
    tail = [f"trumps {min(bits(trumps), 3)}", "boss" if boss else "no boss",
            f"out {min(bits(others), 2)}"]
    won = f"won {min(int(g[L.G_TRICKS0 + seat % 2]), 3)}"

    def shown_out(who: int, suit: int) -> bool:
        return bool(int(g[L.G_VOIDS]) >> (4 * who + suit) & 1)

    if int(g[L.G_POS]) == 0:
        held_boss = 0
        for e in range(3):
            suit = live & int(SUIT_EFF[e])
            if suit and hand >> (suit.bit_length() - 1) & 1:
                held_boss += 1
        short = not all(hand & int(SUIT_EFF[e]) for e in range(3))
        return " | ".join([
            "lead", *fields, *tail, f"side bosses {min(held_boss, 2)}", won,
            "short of a side suit" if short else "three side suits",
            "partner out of trump" if shown_out(seat ^ 2, 3) else "partner may hold trump"])
    led, win = int(g[L.G_LED]), int(g[L.G_WIN_CARD])
    how = "trump led" if led == 3 else "follows" if hand & int(SUIT_EFF[led]) else "void"

    def beats(c: int) -> bool:  # a trump, or the led side suit, above the winning card
        return c > win and (c >= 24 or c % 3 == led)

    can_win = any(beats(c) for c in range(34) if legal >> c & 1)
    partner = "partner wins" if int(g[L.G_WIN_SEAT]) == seat ^ 2 else "opponent wins"
    pos = int(g[L.G_POS])
    next_void = pos < 3 and shown_out((seat + 1) % 4, led)
    return " | ".join(["follow", *fields, f"place {pos + 1}", *tail, how, partner,
                       "can win" if can_win else "cannot win", won,
                       "three choices or more" if bits(legal) >= 3 else "two choices",
                       "next hand void" if next_void else "next hand may follow"])


def test_class_names_are_one_per_class() -> None:
    names = {class_name(k): k for k in range(N_POLICY)}
    assert len(names) == N_POLICY
    assert all(class_keys(n) == [k] for n, k in names.items())


def test_a_coarse_name_stands_for_its_refinements(tmp_path) -> None:
    """A name without the refinement's three fields covers all sixteen refinements; a full
    name after it overrides one; written out again, the file keeps the coarse name and the
    one exception after it."""
    coarse = "lead | defender | trick 4 | trumps 2 | no boss | out 2 | side bosses 0"
    keys = class_keys(coarse)
    assert len(keys) == 16 and all(class_name(k).startswith(coarse + " | won ") for k in keys)
    one = class_name(keys[5])
    f = tmp_path / "p.toml"
    f.write_text(f'kind = "scripted"\n[card_policy]\n"{coarse}" = "trump low"\n'
                 f'"{one}" = "side low"\n')
    s = get_strategy(str(f))
    assert dict(s.policy) == {k: (ACTION_NAMES.index("side low") if k == keys[5] else
                                  ACTION_NAMES.index("trump low")) for k in keys}
    lines = [ln for ln in strategy_toml(s).splitlines() if ln.startswith('"')]
    assert lines == [f'"{coarse}" = "trump low"', f'"{one}" = "side low"']
    again = tmp_path / "q.toml"
    again.write_text(strategy_toml(s))
    assert get_strategy(str(again)).policy == s.policy


def test_kernel_class_matches_a_readable_classification() -> None:
    """On 300 self-play deals of tuned, every card decision with a choice."""
    rules = Rules()
    s = get_strategy("tuned")
    kinds, params = Matchup(s, s).arrays(rules)
    n = 300
    pr = random_presets(rules, n, 11)
    recs = np.zeros((n, L.N_FIELDS), np.int64)
    trace = np.zeros((n, L.TRACE_CAP, L.N_TRACE_FIELDS), np.int16)
    snaps = np.zeros((n, L.MAX_PLAYS, L.SN_SIZE), np.int64)
    run_deals_traced(deal_key(1), 0, n, rules.to_array(), kinds, params, recs, trace, snaps, pr)
    deck = deck_row(rules.to_array())
    seen = set()
    for i in range(n):
        if recs[i, L.F_TRUMP] < 0:
            continue
        for k in range(L.MAX_PLAYS - 1):
            snap = snaps[i, k]
            legal = int(snap[L.SN_LEGAL])
            if legal & (legal - 1) == 0 or snaps[i, k + 1, L.G_PLAYED] == snap[L.G_PLAYED]:
                continue
            g, seat = snap[:L.G_SIZE], int(snap[L.SN_SEAT])
            live = int(in_play(params, g, seat, deck))
            key = policy_key(g, seat, np.int64(live), np.int64(legal))
            assert class_name(key) == readable_class(g, seat, live, legal)
            seen.add(class_name(key).split(" | ")[1])
    assert {"maker", "defender", "maker's partner"} <= seen


def with_policy(entries: dict[str, str], base: str = "tuned") -> str:
    """A strategy file's text: ``base``'s parameters, no policy but ``entries``."""
    b = get_strategy(base)
    policy = tuple(sorted((key, ACTION_NAMES.index(a)) for k, a in entries.items()
                          for key in class_keys(k)))
    return strategy_toml(Strategy("t", b.kind_name, b.params, {}, "", policy))


def test_an_entry_changes_the_card(tmp_path) -> None:
    """Spades trump, seat 0 a defender leading the fourth trick with the 9S and TS (the AS,
    KS still out): the conventions lead the TS (the highest when no convention applies); an
    entry "trump low" for the class leads the 9S (as tuned's policy does); "side boss" (no
    side card held) leaves it to the conventions."""
    g = state("S", {0: "9S TS", 1: "AS KD", 2: "9D TD", 3: "KS QD"}, maker=1, up="QD",
              played="JS JC QS AC KC QC AH KH QH JH 9H TH")
    g[L.G_TRICK] = 3
    cls = class_name(policy_key(g, 0, _live(g), np.int64(g[L.G_HAND])))
    assert cls == ("lead | defender | trick 4 | trumps 2 | no boss | out 2 | side bosses 0 | "
                   "won 0 | short of a side suit | partner may hold trump")
    assert choose(g, "tuned:play.card_policy=0", policy=True) == "TS"
    assert choose(g, "tuned", policy=True) == "9S"
    low = tmp_path / "low.toml"
    low.write_text(with_policy({cls: "trump low"}))
    assert choose(g, str(low), policy=True) == "9S"
    assert choose(g, f"{low}:play.card_policy=0", policy=True) == "TS"
    boss = tmp_path / "boss.toml"
    boss.write_text(with_policy({cls: "side boss"}))
    assert choose(g, str(boss), policy=True) == "TS"
    # the refinement: the entry for "won 0" plays here, the one for "won 1" does not; with a
    # trick won by seat 0's side the position moves to "won 1"
    other = cls.replace("won 0", "won 1")
    low_won = tmp_path / "low_won.toml"
    low_won.write_text(with_policy({other: "trump low"}))
    assert choose(g, str(low_won), policy=True) == "TS"
    g[L.G_TRICKS0] = 1
    g[L.G_TRICKS1] = 2
    assert class_name(policy_key(g, 0, _live(g), np.int64(g[L.G_HAND]))) == other
    assert choose(g, str(low_won), policy=True) == "9S"
    assert choose(g, "tuned:play.card_policy=0", policy=True) == "TS"


def _live(g: np.ndarray) -> np.int64:
    """The cards in play as seat 0 of tuned knows them."""
    s = get_strategy("tuned")
    params = np.stack([s.param_array(), s.param_array()])
    return in_play(params, g, 0, deck_row(Rules().to_array()))


def test_policy_file_errors_are_one_line(tmp_path) -> None:
    base = 'kind = "scripted"\n[card_policy]\n'
    bad_class = tmp_path / "a.toml"
    bad_class.write_text(base + '"lead | maker | trick 9" = "trump low"\n')
    with pytest.raises(StrategyError, match="unknown card_policy class"):
        get_strategy(str(bad_class))
    name = class_name(5)
    bad_action = tmp_path / "b.toml"
    bad_action.write_text(base + f'"{name}" = "trump middle"\n')
    with pytest.raises(StrategyError, match="unknown action 'trump middle'"):
        get_strategy(str(bad_action))
    reference = tmp_path / "c.toml"
    reference.write_text(f'kind = "reference"\n[card_policy]\n"{name}" = "trump low"\n')
    with pytest.raises(StrategyError, match="has no card policy"):
        get_strategy(str(reference))
    for path in (bad_class, bad_action, reference):
        with pytest.raises(StrategyError) as info:
            get_strategy(str(path))
        assert "\n" not in str(info.value)


def test_based_on_inherits_and_scripted_removes(tmp_path) -> None:
    tuned = get_strategy("tuned")
    assert tuned.policy
    first, action = tuned.policy[0]
    f = tmp_path / "d.toml"
    f.write_text(f'kind = "scripted"\nbased_on = "tuned"\n[card_policy]\n'
                 f'"{class_name(first)}" = "scripted"\n')
    s = get_strategy(str(f))
    assert dict(s.policy) == {k: a for k, a in tuned.policy if k != first}
    again = tmp_path / "e.toml"
    again.write_text(strategy_toml(tuned))
    assert get_strategy(str(again)).policy == tuned.policy
    assert get_strategy(str(again)).param_array().tolist() == tuned.param_array().tolist()
    assert tuned.describe()["card_policy"]["classes"] == len(tuned.policy)


@pytest.mark.slow
def test_tuned_policy_beats_its_conventions_alone() -> None:
    """Duplicate deals (fixed seed): the policy was fitted on other deals (tools/policy_fit.py);
    on 1M deals it gained +0.028 per deal. The bound: 4 standard errors above 0."""
    r = match("tuned", "tuned:play.card_policy=0", deals=60_000, seed=41, progress=False)
    diff = r.summary["points_per_deal_a_minus_b"]
    assert diff["mean"] > 4 * diff["se"]
