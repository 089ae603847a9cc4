"""Euchre Game Notation: simulated deals and games written as EGN and read back as preset deals
replay to the same records and traces; hand-written files parse as expected; bad files are one
line on stderr and exit status 2 (docs/egn.md)."""

from __future__ import annotations

import json
import os

import pytest

from euchre_sim import jobs
from euchre_sim.cli.main import main
from euchre_sim.core.common import layout as L
from euchre_sim.engine.simulate import play_presets, replay_deals
from euchre_sim.game.cards import parse_card, parse_hand
from euchre_sim.game.rules import Rules
from euchre_sim.records import egn

QUIET = {"echo": lambda text: None}

RULES = {
    "standard": Rules(),
    "joker": Rules(deck=25),
    "no stick": Rules(stick_the_dealer=False),
    "canadian 33": Rules.named("canadian", deck=33, lead="left_of_lone"),
}


def as_file(doc: dict) -> dict:
    """The document as a reader gets it: through the file's text."""
    return json.loads(egn.dumps(doc))


@pytest.mark.parametrize("name", RULES)
def test_simulated_deals_replay_from_egn_to_the_same_record_and_trace(name):
    rules = RULES[name]
    reps = replay_deals(rules, "reference", "basic", 11, 0, 150)
    deals = [egn.deal_json(r.record, r.trace, i) for i, r in enumerate(reps)]
    doc = as_file(egn.document(deals, rules, ["a", "b", "c", "d"], game_id="t", title="t",
                               description="t"))
    assert jobs.records.egn_rules(doc, jobs.RuleChoice()) == rules  # every option has a flag
    read = [egn.read_deal(doc, i, rules, (0, 0)) for i in range(len(reps))]
    # random players: whatever the script forces is taken without asking them; the joker's
    # blind trump is the one decision no script forces, so that table keeps its strategies
    free = ("reference", "basic") if rules.deck in (25, 33) else ("random", "random")
    again = play_presets(rules, *free, [d.preset for d in read], seed=5)
    for d, rep, new in zip(read, reps, again, strict=True):
        assert {**new.record, "deal": rep.record["deal"]} == rep.record
        assert new.trace == rep.trace
        egn.check_replay(d, new.record, new.trace, rules.deck, "deal")
    assert any(r.record["thrown_in"] for r in reps) == (name == "no stick")
    assert any(r.record["alone"] for r in reps)


def test_a_simulated_game_replays_deal_by_deal_to_its_final_score():
    rules = Rules(deck=25)
    doc = as_file(jobs.export(4, game=1, rules=jobs.RuleChoice(settings=("deck=25",)),
                              strategy="basic", vs="advanced", **QUIET))
    last = len(doc["deals"]) - 1
    done = jobs.records.replay_egn(doc, last, rules, "random", "random")
    score = [done.score[t] + done.replay.record[f"points{t}"] for t in (0, 1)]
    assert score == doc["metadata"]["finalScore"] and max(score) >= 10
    assert [d["dealNumber"] for d in doc["deals"]] == list(range(last + 1))


def test_the_reference_engine_gives_a_game_of_random_players_its_traces():
    doc = as_file(jobs.export(2, game=0, strategy="random", vs="reference", **QUIET))
    last = len(doc["deals"]) - 1
    done = jobs.records.replay_egn(doc, last, Rules())
    score = [done.score[t] + done.replay.record[f"points{t}"] for t in (0, 1)]
    assert score == doc["metadata"]["finalScore"]


HAND_BUILT = {
    "fileType": "Euchre Game Notation", "version": "1.2",
    "metadata": {"players": ["N", "E", "S", "W"], "initialScore": [3, 7],
                 "ruleset": {"std": True, "loner_lead": "LEFT_OF_LONER"}},
    "deals": [{
        "dealNumber": 5,
        "initialState": {"dealer": 2, "upCard": "Jd", "playerCards": [
            ["Ac", "Kc", "Qc", "Nc", "As"], ["Ad", "Kd", "Qd", "Td", "9d"],
            ["JH", "Ah", "Kh", "Qh", "Th"], ["Tc", "Ks", "Qs", "Ts", "9s"]]},
        "phases": [
            {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Pass", "Pass", "Pass",
                                                                   "Order"],
             "isAlone": False, "discard": "Th"},
            {"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": [["Tc", "Ac", "9d", "Jd"]]}],
    }],
}


def test_a_hand_built_file_reads_as_the_hands_and_script_it_says(tmp_path):
    rules = jobs.records.egn_rules(HAND_BUILT, jobs.RuleChoice())
    assert rules.lead == "left_of_lone" and rules.stick_the_dealer
    deal = egn.read_deal(HAND_BUILT, 0, rules, (3, 7))
    want = ["AC KC QC 9C AS", "AD KD QD TD 9D", "JH AH KH QH TH", "TC KS QS TS 9S"]
    assert deal.preset.hands == tuple(parse_hand(h) for h in want)
    assert (deal.number, deal.preset.dealer, deal.preset.score) == (5, 2, (3, 7))
    assert deal.preset.up_card == parse_card("JD")
    script = deal.preset.script
    assert [script[L.SC_ROUND1 + s] for s in (3, 0, 1, 2)] == [0, 0, 0, 1]
    assert script[L.SC_ROUND2:L.SC_ROUND2 + 4] == (-1,) * 4 and script[L.SC_REDEAL] == 0
    assert script[L.SC_DISCARD] == parse_card("TH")
    assert script[L.SC_PLAY:L.SC_PLAY + 5] == (*(parse_card(c) for c in "TC AC 9D JD".split()), -1)
    path = tmp_path / "hand.egn"
    path.write_text(json.dumps(HAND_BUILT))
    text = jobs.show_egn(str(path), rules=jobs.RuleChoice(), **QUIET)
    assert "score 3-7 before it" in text and "dealer (2) takes it up" in text
    assert "Trick 1: E:TC P:AC T:9D D:JD" in text  # the file's trick, then the strategies'


def bad(**change) -> dict:
    """The hand-built file with some fields of its deal changed."""
    doc = json.loads(json.dumps(HAND_BUILT))
    deal = doc["deals"][0]
    for key, value in change.items():
        part, field = key.split("__")
        target = deal["initialState"] if part == "state" else deal["phases"][part == "play"]
        target[field] = value
    return doc


HANDS = HAND_BUILT["deals"][0]["initialState"]["playerCards"]
BAD = {
    "not json": ("{ not json", "not JSON"),
    "not egn": ({"fileType": "PGN"}, "not an EGN file"),
    "no deals": ({**HAND_BUILT, "deals": []}, "has no deals"),
    "unknown card": (bad(state__upCard="1Z"), "deal 0: upCard: unknown card '1Z'"),
    "duplicate card": (bad(state__playerCards=[HANDS[0], HANDS[1], HANDS[2],
                                               ["Ac", "Ks", "Qs", "Ts", "9s"]]),
                       "dealt twice"),
    "short hand": (bad(state__playerCards=[*HANDS[:3], ["Tc", "Ks", "Qs", "Ts"]]),
                   "seat 3 needs 5 cards, got 4"),
    "no hands": (bad(state__playerCards=None), "must give the four dealt hands"),
    "bad dealer": (bad(state__dealer=4), "dealer must be a seat 0..3"),
    "bad call": (bad(bid__calls=["Pass", "Bid"]), "call 2 is 'Bid'"),
    "call after trump": (bad(bid__calls=["Order", "Pass"]), "made trump, yet calls follow"),
    "unknown card played": (bad(play__tricks=[["Tc", "Xx"]]), "unknown or generic card"),
    "card not held": (bad(play__tricks=[["Ac", "Tc"]]), "does not follow the file's trick 1"),
    "joker outside deck": (bad(bid__discard="B"), "not in the 24-card deck"),
    "rule not played": ({**HAND_BUILT, "metadata": {**HAND_BUILT["metadata"],
                                                    "ruleset": {"num_players": 3}}},
                        "ruleset num_players=3"),
}


@pytest.mark.parametrize("case", BAD)
def test_bad_files_are_one_line_and_exit_status_2(case, tmp_path, capsys):
    content, message = BAD[case]
    path = tmp_path / "bad.egn"
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    assert main(["show", "--egn", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("euchre-sim: error: ") and message in err


def test_cli_errors_of_export_and_show(tmp_path, capsys):
    path = tmp_path / "d.egn"
    assert main(["export", "--seed", "7", "--deal", "3", "--out", str(path)]) == 0
    assert main(["export", "--seed", "7", "--deal", "3", "--out", str(path)]) == 2
    assert "exists: give --overwrite" in capsys.readouterr().err
    assert main(["show", "--egn", str(path), "--deal", "1"]) == 2
    assert "the file has 1 deal(s)" in capsys.readouterr().err
    assert main(["show", "--egn", str(tmp_path / "missing.egn")]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert main(["show", "--seed", "7"]) == 2
    assert "show needs --deal I (and the run's --seed S), or --egn FILE" in capsys.readouterr().err
    assert main(["export", "--seed", "7", "--deal", "1", "--out", str(tmp_path / "no/x")]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert [p.name for p in tmp_path.iterdir()] == ["d.egn"]  # no temporary file left


def test_export_and_play_never_replace_a_folder_or_a_device(tmp_path, capsys, monkeypatch):
    """issue 41: ``export --out /dev/null --overwrite`` (as root) replaced the device with a
    file; ``play --save FOLDER --overwrite`` played the whole game, then a traceback."""
    import io
    import stat
    for target in ("/dev/null", str(tmp_path)):
        assert main(["export", "--deal", "0", "--out", target, "--overwrite"]) == 2
        assert "is not a regular file" in capsys.readouterr().err
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    link = tmp_path / "link.egn"
    link.symlink_to(tmp_path / "elsewhere.egn")
    assert main(["export", "--deal", "0", "--out", str(link), "--overwrite"]) == 2
    assert "is not a regular file" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 50))
    assert main(["play", "--save", str(tmp_path), "--overwrite", "--seed", "1"]) == 2
    out, err = capsys.readouterr()
    assert "--save" in err and "is not a regular file" in err and "Deal" not in out


def test_export_to_stdout_is_the_file_show_replays(tmp_path, capsys):
    assert main(["export", "--seed", "7", "--deal", "12", "--set", "deck=25"]) == 0
    text = capsys.readouterr().out
    path = tmp_path / "d.egn"
    path.write_text(text)
    assert main(["show", "--egn", str(path)]) == 0
    replayed = capsys.readouterr().out
    assert main(["show", "--seed", "7", "--deal", "12", "--set", "deck=25"]) == 0
    direct = capsys.readouterr().out
    body = lambda t: t.split("\n", 1)[1]  # noqa: E731  (the headers differ)
    assert body(replayed) == body(direct)


def test_egn_situation_is_the_players_first_call(tmp_path):
    path = tmp_path / "hand.egn"
    path.write_text(json.dumps(HAND_BUILT))
    fields, rules = jobs.egn_situation(str(path), 0, 1)
    assert fields == {"hand": "AD KD QD TD 9D", "up": "JD", "seat": "third", "score": "7-3",
                      "bidding": "pass pass"}
    assert rules.rules().lead == "left_of_lone"
    path.write_text(json.dumps(bad(bid__calls=["Order"], play__tricks=[])))
    with pytest.raises(egn.EGNError, match="seat 0 made no call"):
        jobs.egn_situation(str(path), 0, 0)


def test_smitty_is_refused():
    """EGN cannot write the eldest's Smitty guess: writing or reading under smitty is a
    one-line error."""
    rules = Rules(smitty=True)
    rep, = replay_deals(Rules(), "reference", "basic", 11, 0, 1)
    deals = [egn.deal_json(rep.record, rep.trace, 0)]
    with pytest.raises(egn.EGNError, match="smitty is not supported") as err:
        egn.document(deals, rules, ["a", "b", "c", "d"], game_id="t", title="t",
                     description="t")
    assert "\n" not in str(err.value)
    doc = as_file(egn.document(deals, Rules(), ["a", "b", "c", "d"], game_id="t", title="t",
                               description="t"))
    with pytest.raises(egn.EGNError, match="smitty is not supported"):
        egn.read_deal(doc, 0, rules, (0, 0))
