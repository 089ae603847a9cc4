"""``euchre-sim play``: the terminal game driven through its input (euchre_sim/play)."""

from __future__ import annotations

import io
import json
import re
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_sim.agents.observation import observe
from euchre_sim.cli.main import main
from euchre_sim.game.cards import format_card
from euchre_sim.game.rules import Rules
from euchre_sim.jobs.records import replay_egn
from euchre_sim.oracle import engine as reference
from euchre_sim.oracle.engine import DealState, game_rng, shuffle_and_deal
from euchre_sim.play import Console, PlayOptions, Style, play_game
from euchre_sim.play.screen import choices_of, match_choice

ONES = "1\n" * 3000  # always the first choice: enough answers for any game


def cli(args, answers, monkeypatch, capsys):
    """Run ``euchre-sim play ARGS`` with ``answers`` as its input: (status, stdout, stderr)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    rc = main(["play", *args])
    out = capsys.readouterr()
    return rc, out.out, out.err


def game(answers=ONES, **kw):
    """Play a game through the API: (result, transcript)."""
    out = io.StringIO()
    kw.setdefault("review", False)
    kw.setdefault("seed", 1)
    result = play_game(PlayOptions(**kw), Console(io.StringIO(answers), out))
    return result, out.getvalue()


def test_full_game_to_the_end_always_choosing_one(monkeypatch, capsys):
    rc, out, err = cli(["--seed", "1", "--no-review"], ONES, monkeypatch, capsys)
    assert rc == 0, err
    assert "Traceback" not in out + err
    last = out.strip().splitlines()[-1]
    assert re.fullmatch(r"(You and your partner win|They win) \d+-\d+ after \d+ deals\.", last)
    final = [int(x) for x in re.findall(r"Score: you (\d+), them (\d+)", out)[-1]]
    assert max(final) >= 10
    assert "=== Deal 1: " in out and "Your hand: " in out and "Up-card: " in out


def test_the_game_is_game_zero_of_the_seed():
    result, _ = game(seed=5)
    rules = Rules()
    assert result.finished and max(result.score) >= rules.target_score
    assert result.game["score0"] == result.score[0] and result.game["deals"] == len(result.deals)
    for k, (rec, _) in enumerate(result.deals):  # each deal's cards: stream k of game 0
        rng = game_rng(5, 0, k)
        if k == 0:
            assert rng.below(4) == rec["dealer"]  # the first dealer's draw
        hands, up, _ = shuffle_and_deal(rng, rules.deck, rec["dealer"])
        assert [rec[f"hand{s}"] for s in range(4)] == hands and rec["up_card"] == up
        assert rec["dealer"] == (result.deals[0][0]["dealer"] + k) % 4


def test_bad_input_reprompts_with_one_line(monkeypatch, capsys):
    rc, out, err = cli(["--seed", "2", "--no-review"], "xyzzy\n99\nQZ\n\n" + ONES,
                       monkeypatch, capsys)
    assert rc == 0 and not err
    assert "'xyzzy' is not a choice here: type a number from 1 to " in out
    assert "choose a number from 1 to " in out
    assert "'QZ' is not a choice here" in out
    assert "Traceback" not in out
    rc, out, err = cli(["--seed", "2", "--no-review"], "1" * 5000 + "\n" + ONES, monkeypatch,
                       capsys)  # past Python's int() limit: no choice, asked again
    assert rc == 0 and not err and "choose a number from 1 to " in out


def test_quit_mid_game_offers_to_save(tmp_path):
    path = tmp_path / "quit.egn"
    result, out = game(ONES[:16] + "q\ny\n", save=str(path))
    assert not result.finished and result.deals
    assert "You quit the game." in out and f"Saved {len(result.deals)} deal(s)" in out
    doc = json.loads(path.read_text())
    assert len(doc["deals"]) == len(result.deals) and "finalScore" not in doc["metadata"]
    assert not list(tmp_path.glob(".*partial"))  # written through a temporary file


def test_quit_without_saving_and_end_of_input(tmp_path):
    path = tmp_path / "no.egn"
    result, out = game(ONES[:16] + "q\nn\n", save=str(path))
    assert "You quit the game." in out and not path.exists() and not result.finished
    result, out = game(ONES[:10])  # the input ends mid-deal
    assert "End of input: the game stops." in out and not result.finished
    result, out = game(ONES[:16], save=str(path))  # the end of the input saves unasked
    assert path.exists() and "Saved" in out


def test_save_then_show_replays_every_deal(tmp_path, monkeypatch, capsys):
    path = tmp_path / "game.egn"
    rc, out, err = cli(["--seed", "3", "--no-review", "--save", str(path)], ONES,
                       monkeypatch, capsys)
    assert rc == 0, err
    result, _ = game(seed=3)  # the same game again, for its records
    doc = json.loads(path.read_text())
    assert len(doc["deals"]) == len(result.deals)
    assert doc["metadata"]["finalScore"] == list(result.score)
    assert doc["metadata"]["players"][0] == "a person (seat 0)"
    for k, (rec, trace) in enumerate(result.deals):
        rep = replay_egn(doc, k, Rules()).replay
        assert {**rep.record, "deal": k, "redeals": rec["redeals"]} == rec
        assert rep.trace == trace
    rc = main(["show", "--egn", str(path), "--deal", str(len(result.deals) - 1)])
    shown = capsys.readouterr()
    assert rc == 0, shown.err
    assert "Tricks: team 0" in shown.out or "No points." in shown.out
    rc, _, err = cli(["--seed", "3", "--save", str(path)], ONES, monkeypatch, capsys)
    assert rc == 2 and "exists: give --overwrite" in err


def test_same_seed_and_answers_same_game(monkeypatch, capsys):
    answers = "2\n1\n3\n" * 1000  # numbers beyond the choices re-prompt, the rest play
    runs = [cli(["--seed", "11", "--no-review"], answers, monkeypatch, capsys)[1]
            for _ in range(2)]
    assert runs[0] == runs[1]
    other = cli(["--seed", "12", "--no-review"], answers, monkeypatch, capsys)[1]
    assert other.splitlines()[4:] != runs[0].splitlines()[4:]


def test_choices_offered_are_the_engine_legal_actions():
    result, out = game(seed=4)
    assert result.offered
    for legal, offered in result.offered:
        assert offered == legal
    menus = [line for line in out.splitlines() if line.startswith("  1) ")]
    multi = [legal for legal, _ in result.offered if len(legal) > 1]
    assert len(menus) == len(multi)
    for line, legal in zip(menus, multi, strict=True):
        assert re.findall(r"(\d+)\) ", line) == [str(k) for k in range(1, len(legal) + 1)]


def test_actions_typed_as_text():
    rules = Rules()
    hands, up, kitty = shuffle_and_deal(reference.deal_rng(1, 0), rules.deck, 3)
    st = DealState(rules, 3, hands, up, kitty)
    obs = observe(st, [], (0, 0))
    assert obs.phase == "round1" and obs.seat == 0
    options = choices_of(obs, Style())
    assert match_choice("pass", options, 24) == ("pass",)
    assert match_choice("order", options, 24) == ("order",)
    assert match_choice("2", options, 24) == ("order",)
    while st.phase != "play" or st.current_player() != 0:
        st.apply(st.legal_actions()[-1] if st.phase == "round1" else st.legal_actions()[0])
    obs = observe(st, [], (0, 0))
    options = choices_of(obs, Style(symbols=True))
    card = obs.legal[-1][1]
    assert match_choice(format_card(card), options, 24) == ("play", card)
    assert match_choice(format_card(card, True), options, 24) == ("play", card)
    held = set(reference.bits(st.hands[0]))
    other = next(c for c in reference.deck_cards(24) if c not in held)
    assert "is not one of the choices here" in match_choice(format_card(other), options, 24)


def test_an_unplayable_option_is_refused_in_one_line(monkeypatch, capsys):
    rc, out, err = cli(["--set", "farmers_hand=true", "--partner", "basic"], ONES,
                       monkeypatch, capsys)
    assert rc == 2 and not out
    assert err.count("\n") == 1
    assert "farmers_hand needs one strategy for your partner and the opponents" in err
    rc, _, err = cli(["--rules", "british", "--opponents", "random"], ONES, monkeypatch,
                     capsys)  # the joker deck: a compiled partner beside random seats
    assert rc == 2 and err.count("\n") == 1 and "deck=25/33 (the joker)" in err
    rc, _, err = cli(["--opponents", "no-such-strategy"], ONES, monkeypatch, capsys)
    assert rc == 2 and err.count("\n") == 1 and "no-such-strategy" in err
    rc, _, err = cli(["--set", "nonsense=1"], ONES, monkeypatch, capsys)
    assert rc == 2 and err.count("\n") == 1


def test_every_option_plays_against_random_seats():
    rules = Rules().with_options(farmers_hand=True, deck=25, chuck=True, partners_best="give",
                                 defender_alone=True)
    result, out = game(seed=6, rules=rules, partner="random", opponents="random")
    assert result.finished and "Traceback" not in out


@pytest.mark.parametrize(("options", "seeds"), [
    ({"farmers_hand": True}, range(4)), ({"deck": 25, "chuck": True}, (12, 15)),
    ({"partners_best": "railroad", "defender_alone": True}, range(4))])
def test_the_table_takes_the_decisions_no_script_forces(options, seeds):
    """Under the options a kernel script is silent on, the one compiled strategy at the table
    takes the person's decisions there (agents.table.stand_in), and says so."""
    rules = Rules().with_options(**options)
    told = 0
    for seed in seeds:
        result, out = game(seed=seed, rules=rules)
        assert result.finished
        assert "tuned takes your " in out
        told += out.count("; tuned decides this for you)")
        for legal, offered in result.offered:
            assert offered == legal
    assert told


def test_mcevoy_limit_in_a_game_against_compiled_seats():
    rules = Rules().with_options(redeal="nines_and_tens", mcevoy_limit=True)
    for seed in (1, 2):
        result, _ = game(seed=seed, rules=rules, opponents="advanced", partner="advanced")
        assert result.finished


def test_review_prints_the_analyser_and_the_solver(monkeypatch, capsys):
    rc, out, err = cli(["--seed", "1", "--review", "--review-deals", "200"], ONES,
                       monkeypatch, capsys)
    assert rc == 0, err
    assert "Review (tuned table, 200 deals per decision" in out
    verdicts = re.findall(r"the analyser (prefers .+?: ([+-]\d\.\d\d) points \(± (\d\.\d\d)"
                          r"(, a toss-up)?\)|agrees)", out)
    assert verdicts
    for _, gap, se, close in (v for v in verdicts if v[0] != "agrees"):
        # within two standard errors it says so (the analyser's toss-up rule); rounding aside
        if abs(float(gap) - 2 * float(se)) > 0.011:
            assert bool(close) == (float(gap) < 2 * float(se)), (gap, se, close)
    assert "double dummy (all hands open)" in out
    assert "Traceback" not in out


def test_review_asked_after_each_hand():
    _, out = game(ONES[:200], review=None)
    assert "review this hand? [y/N]" in out and "Review (" not in out  # "1" is not yes
    _, out = game("1\n" * 12 + "y\n" * 3000, review=None, review_deals=100)
    assert "Review (" in out


def test_style(monkeypatch):
    class Tty(io.StringIO):
        encoding = "utf-8"

        def isatty(self):
            return True

    assert Style.detect(io.StringIO()) == Style(False, False)  # not a terminal
    assert Style.detect(Tty(), ascii=True) == Style(False, False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert Style.detect(Tty()) == Style(True, True)
    assert Style.detect(Tty(), no_colour=True) == Style(True, False)
    monkeypatch.setenv("NO_COLOR", "1")
    assert Style.detect(Tty()) == Style(True, False)
    assert Style(True, True).card(8 + 7) == "\033[31mA♦\033[0m"
    assert Style(True, False).card(3 * 8 + 7) == "A♠"
    assert Style().card(3 * 8 + 7) == "AS"


@pytest.mark.parametrize("flag", ["--help"])
def test_help_explains(flag, capsys):
    with pytest.raises(SystemExit):
        main(["play", flag])
    text = capsys.readouterr().out
    for word in ("South", "seat 0", "--partner", "--opponents", "--review", "--save",
                 "--seed", "--ascii", "docs/play.md"):
        assert word in text
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "play" in capsys.readouterr().out


TOKENS = st.sampled_from(["1", "2", "3", "7", "0", "-1", "", "x", "pass", "order", "alone",
                          "AS", "10h", "hearts", "nt", "?", "y", "n", "keep", "J♥", "9c 9d 9h",
                          "redeal", "exchange", "chuck", "give"])


@settings(max_examples=12, deadline=None)
@given(words=st.lists(TOKENS, max_size=400), seed=st.integers(0, 40), odd=st.booleans())
def test_any_answers_play_or_reprompt(words, seed, odd):
    rules = (Rules().with_options(farmers_hand=True, deck=25, chuck=True, partners_best="give",
                                  defender_alone=True, redeal="nines_and_tens")
             if odd else Rules())
    table = "random" if odd else "tuned"
    result, out = game("\n".join(words) + "\n", seed=seed, rules=rules, partner=table,
                       opponents=table)
    assert "End of input: the game stops." in out or result.finished


def test_a_seat_barred_by_mcevoy_limit_is_not_asked_in_the_kernel_replay():
    """In a game under mcevoy_limit a seat that made its McEvoy call is not asked again; the
    kernels' replay of the deal for a compiled seat must not ask it either."""
    from euchre_sim.agents.compiled import kernel_events, table_arrays
    from euchre_sim.game.cards import parse_card, parse_hand
    from euchre_sim.strategies import get_strategy

    rules = Rules().with_options(redeal="nines_and_tens", mcevoy_limit=True)
    hands = [parse_hand(h) for h in ("AC KC QC JC AD", "9C 9D 9H 9S TC", "KD QD JD AH KH",
                                     "QH JH TH AS KS")]
    up, kitty = parse_card("QS"), reference.bits(parse_hand("JS TS TD"))
    strategy = get_strategy("advanced:redeal.call=1")  # calls a redeal whenever eligible
    st = DealState(rules, 0, hands, up, kitty, mcevoy={1})
    assert st.phase == "round1" and st.current_player() == 1  # seat 1 is not asked to redeal
    events = kernel_events(rules, table_arrays(rules, strategy), st, kitty, [], (0, 0))
    assert reference.T_REDEAL not in [kind for kind, _, _ in events]
    free = DealState(rules, 0, hands, up, kitty, mcevoy=set())
    assert free.phase == "redeal"  # without his call made, he is asked


class _InterruptedInput(io.StringIO):
    """The person's answers, then Ctrl-C (KeyboardInterrupt) where the next one is read."""

    def readline(self, *args):
        line = super().readline(*args)
        if not line:
            raise KeyboardInterrupt
        return line


def test_ctrl_c_saves_the_finished_deals(tmp_path, monkeypatch, capsys):
    path = tmp_path / "cut.egn"
    out = io.StringIO()
    result = play_game(PlayOptions(seed=1, review=False, save=str(path)),
                       Console(_InterruptedInput(ONES[:16]), out))
    assert result.interrupted and not result.finished and result.deals
    assert "Interrupted: the game stops." in out.getvalue()
    assert len(json.loads(path.read_text())["deals"]) == len(result.deals)
    monkeypatch.setattr(sys, "stdin", _InterruptedInput(ONES[:16]))
    again = tmp_path / "cli.egn"
    assert main(["play", "--seed", "1", "--no-review", "--save", str(again)]) == 130
    assert "Saved" in capsys.readouterr().out and again.is_file()
