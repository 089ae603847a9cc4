"""The hand analyser: situations, consistency with the bidding, forced options, verdicts."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from euchre_sim.analysis.analyser import (
    DEFAULT_TABLE,
    SAMPLE_BLOCK,
    analyze,
    analyze_shard,
    analyze_tables,
    format_analysis,
    parse_tables,
    sample_options,
    side_points,
    table_verdicts,
)
from euchre_sim.analysis.facts import AnalysisError, options
from euchre_sim.analysis.situation import parse_situation
from euchre_sim.analysis.worlds import consistent, option_presets, sample_presets
from euchre_sim.cli import main as cli
from euchre_sim.core.common import layout as L
from euchre_sim.core.common.rng import deal_key
from euchre_sim.core.four.batch import run_deals_traced
from euchre_sim.engine.simulate import Matchup
from euchre_sim.game.cards import parse_hand
from euchre_sim.game.rules import Rules
from euchre_sim.strategies import bidding_twin, get_strategy

# the asker holds both black bowers and A K Q of diamonds with the K of spades turned: the
# table would order up with it, yet he passed round 1 and asks what to do in round 2
STRONG = ("JS JC AD KD QD", "KS")


def test_a_laydown_loner_is_worth_four_and_says_so():
    """Right, left, A, K of trump and an off ace from the dealer's seat, everybody passed:
    taking up alone marches every time (4), with a partner 2; passing is far worse."""
    sit = parse_situation("JH JD AH KH AS", "9H", "dealer", "pass pass pass")
    df = analyze(sit, "advanced", deals=3_000, seed=2)
    rows = df.set_index("option")
    assert df.iloc[0]["option"] == "take up alone"
    assert rows.loc["take up alone", "points"] == 4 and rows.loc["take up alone", "se"] == 0
    assert rows.loc["take up", "points"] == 2
    assert rows.loc["pass", "points"] < 1
    assert "best under advanced: take up alone, clearly better" in format_analysis(sit, df)


def test_hopeless_hand_should_pass():
    sit = parse_situation("9C TC 9D TS 9S", "AH", "eldest")
    df = analyze(sit, "advanced", deals=3_000, seed=3)
    assert df.iloc[0]["option"] == "pass"
    alone = df.set_index("option").loc["order up alone"]
    assert alone["points"] < -1.5  # a loner with no trump is euchred nearly always


def test_sample_is_consistent_with_the_hand_and_the_up_card():
    sit = parse_situation("JH TD AC KS 9S", "9H", "third", "pass pass")
    presets = sample_presets(sit, 2_000, seed=1)
    hand, up = parse_hand("JH TD AC KS 9S"), 8 * 2 + 2
    assert (presets[:, L.PR_HAND + sit.seat] == hand).all() and (presets[:, L.PR_UP] == up).all()
    for row in presets[:50]:
        masks = [int(x) for x in row[:4]] + [1 << int(row[4]), int(row[5])]
        assert sum(bin(m).count("1") for m in masks) == 24
        union = 0
        for m in masks:
            assert union & m == 0
            union |= m


def test_options_follow_the_rules():
    r1 = [o[0] for o in options(parse_situation("JH TD AC KS 9S", "9H", "eldest"))]
    assert r1 == ["pass", "order up", "order up alone"]
    canadian = Rules.named("canadian")
    opts = options(parse_situation("JH TD AC KS 9S", "9H", "partner", "pass", rules=canadian))
    assert [o[0] for o in opts] == ["pass", "order up (alone: Canadian loner)"]
    needs = Rules(dealer_needs_trump=True)
    opts = options(parse_situation("JD TD AC KS 9S", "9H", "dealer", "pass pass pass",
                                   rules=needs))
    assert [o[0] for o in opts] == ["pass"]  # the left bower is not a heart
    stuck = options(parse_situation("JH TD AC KS 9S", "9H", "dealer", "pass " * 7))
    assert "pass" not in [o[0] for o in stuck] and len(stuck) == 6


def test_passes_before_are_respected():
    """In round 2 every seat passed round 1: with a table that orders up anything the sample
    is almost empty, and the analyser says the situation is (nearly) impossible."""
    sit = parse_situation("JS QS AC KS 9C", "9H", "eldest", "pass pass pass pass")
    with pytest.raises(AnalysisError, match="consistent with the bidding") as err:
        analyze(sit, "basic:round1.threshold.partner=0,round1.threshold.dealer=0", deals=500)
    # none fit: it gives up after about 200 random deals per deal wanted (25 blocks at least),
    # not at the larger cap (8.4M) kept for rare histories; the last wave may pass block 25
    drawn = int(str(err.value).split()[3].replace(",", ""))
    assert 102_400 <= drawn < 2 * 102_400


def test_a_rare_history_draws_more_deals_until_its_sample_is_full():
    """Round 2 after five passes, with `tuned` bidding freely, fits about one random deal in
    900 (1,300 before the settling of 2026-12-07): 500 deals need about 450,000 draws, past
    the usual 102,400, and all 500 come."""
    sit = parse_situation("AC 9D AH TS KS", "9S", "third", "pass " * 6)
    sample = sample_options(sit, "tuned", deals=500, seed=1)
    assert sample.deals == 500
    assert sample.drawn > 200 * 500 and 500 / sample.drawn < 2e-3
    assert sample.consistent < 3 * 500  # the blocks drawn were about what was needed


@pytest.mark.parametrize("seat,position", [
    ("eldest", 0), ("first", 0), ("0", 0), ("Partner", 1), ("1", 1), ("third", 2), ("2", 2),
    ("dealer", 3), ("3", 3),
])
def test_seats_by_place_or_number(seat, position):
    """A seat is named by its place (first = eldest) or by its number in the analysed deals,
    where the dealer sits in seat 3 (eldest 0, partner 1, third 2)."""
    bidding = " ".join(["pass"] * position)  # the bids before the asker's turn
    assert parse_situation("JH TD AC KS 9S", "9H", seat, bidding).position == position


@pytest.mark.parametrize("kwargs,needle", [
    (dict(seat="4"), "unknown seat"),
    (dict(hand="JH JH AC KS 9S"), "duplicate card"),
    (dict(hand="JH 1Z AC KS 9S"), "unknown card"),
    (dict(up="JH"), "also in the hand"),
    (dict(seat="north"), "unknown seat"),
    (dict(bidding="pass"), "cannot happen"),
    (dict(bidding="order pass"), "nothing is bid after trump is made"),
    (dict(bidding="pass call"), "unknown bid"),
    (dict(score="10-3"), "impossible"),
    (dict(score="eight"), "bad score"),
    (dict(hand="JH TD AC KS", ), "needs 5 cards"),
])
def test_bad_situations(kwargs, needle):
    args = dict(hand="JH TD AC KS 9S", up="9H", seat="eldest", bidding="", score=None)
    args.update(kwargs)
    with pytest.raises(AnalysisError, match=needle):
        parse_situation(**args)


def test_analyze_command(capsys):
    rc = cli.main(["analyze", "--hand", "JH JD AH KH AS", "--up", "9H", "--seat", "dealer",
                   "--bidding", "pass pass pass", "--deals", "2000", "--check-deals", "0"])
    out = capsys.readouterr().out
    assert rc == 0 and f"best under {DEFAULT_TABLE}: take up alone" in out
    rc = cli.main(["analyze", "--hand", "JH JD AH KH AS", "--up", "AS", "--seat", "dealer"])
    err = capsys.readouterr().err
    assert rc == 2 and "also in the hand" in err and err.count("\n") == 1


def play_traced(sit, strategy, presets, seed):
    """Play ``presets`` on the kernel with traces (deal i on stream i of ``seed``): the records
    and the event kinds and seats, shape (deals, events) each (the rules have no redeal nor
    farmer's hand, so a deal's events start with the bidding)."""
    n = len(presets)
    kinds, params = Matchup.of(strategy).arrays(sit.rules)
    recs = np.zeros((n, L.N_FIELDS), np.int64)
    trace = np.zeros((n, L.TRACE_CAP, L.N_TRACE_FIELDS), np.int16)
    run_deals_traced(deal_key(seed), 0, n, sit.rules.to_array(), kinds, params, recs, trace,
                     np.zeros((0, L.MAX_PLAYS, L.SN_SIZE), np.int64), presets)
    return recs, trace[:, :, L.TR_KIND], trace[:, :, L.TR_SEAT]


def test_round_two_after_your_own_pass_is_answered(capsys):
    """The command of the bug report: the table would have ordered this hand up, but the
    asker's round-1 pass is a fact, so round 2 is answered with its seven options."""
    rc = cli.main(["analyze", "--hand", STRONG[0], "--up", STRONG[1], "--seat", "eldest",
                   "--bidding", "pass pass pass pass", "--deals", "2000", "--check-deals", "0"])
    out = capsys.readouterr().out
    assert rc == 0
    rows = {line[2:30].strip(): float(line[30:].split()[0])
            for line in out.splitlines() if line.startswith("  ")}
    assert set(rows) == {"pass", "call clubs", "call clubs alone", "call diamonds",
                         "call diamonds alone", "call hearts", "call hearts alone"}
    assert rows["call clubs"] > 0.5  # both bowers of clubs and three top diamonds
    assert rows["call hearts alone"] < -1.5  # alone without a heart: euchred nearly always


def test_own_round_one_pass_is_forced_and_only_the_others_filter():
    """Round 2 from the third seat: in every playout of every option his round-1 pass is in
    the trace although the table, left alone, orders this hand up; a deal is kept exactly
    when nobody else made trump before his turn; and the analyser's own shard keeps those
    deals and plays them as the traced playouts did."""
    sit = parse_situation(*STRONG, "third", "pass " * 6)
    seed, block = 3, SAMPLE_BLOCK
    presets = sample_presets(sit, block, (seed, 0))  # the analyser's first sample block
    assert not sit.rules.farmers_hand and sit.rules.redeal == "none"
    _, kind, seat = play_traced(sit, "advanced", presets, seed)
    # his turn in round 1 (eldest and partner passed): the table itself orders up
    reached = (kind[:, 0] == L.EV_PASS1) & (kind[:, 1] == L.EV_PASS1)
    ordered = (kind[:, 2] == L.EV_ORDER) & (seat[:, 2] == sit.seat)
    assert reached.sum() > 100 and ordered[reached].mean() > 0.9

    kept, = analyze_shard(0, 1, sit, get_strategy("advanced"), seed, limit=block, threads=1)
    n_drawn, n_fit, points, worlds = kept
    assert n_drawn == block
    for option in options(sit):
        # the asker's own history and the option forced, the others' bids free
        forced = option_presets(sit, presets, option, screen=True)
        recs, kind, seat = play_traced(sit, "advanced", forced, seed)
        assert not ((kind == L.EV_ORDER) & (seat == sit.seat)).any()
        assert ((kind[:, 2] == L.EV_PASS1) & (seat[:, 2] == sit.seat))[reached].all()
        others_made_trump = ((kind == L.EV_ORDER).any(axis=1)
                             | ((kind == L.EV_CALL) & (seat < sit.seat)).any(axis=1))
        mask = consistent(sit, recs)
        assert (mask == ~others_made_trump).all()
        assert 0.1 * block < mask.sum() == n_fit < block
        assert (points[option[0]] == side_points(recs[mask], sit.seat & 1)).all()
        assert (worlds == np.flatnonzero(mask)).all()  # block 0: world j is stream j


def test_a_pimc_table_is_screened_by_its_bidding_twin():
    """The analyser screens PIMC deals for the bidding with the scripted twin, the PIMC
    player's bidding model: without bidding search the twin keeps exactly the deals PIMC
    itself would keep; with it, the twin is still the model (the same scripted parameters)."""
    sit = parse_situation(*STRONG, "eldest", "pass pass pass pass")
    presets = option_presets(sit, sample_presets(sit, 96, seed=5), options(sit)[0], screen=True)
    searching = get_strategy("pimc")
    model = bidding_twin(searching)
    assert model.kind_name == "scripted" and model.params == {
        k: v for k, v in searching.params.items() if not k.startswith("pimc.")}
    pimc = get_strategy("pimc:pimc.worlds=10,pimc.bidding=0")
    twin = bidding_twin(pimc)
    assert twin.kind_name == "scripted" and bidding_twin("advanced") == get_strategy("advanced")
    masks = [consistent(sit, play_traced(sit, s, presets, 1)[0])
             for s in (pimc, twin)]
    assert (masks[0] == masks[1]).all() and 0 < masks[0].sum() < len(presets)


def test_tables_share_the_sample_and_name_themselves():
    """Two tables that play the same (one with a parameter set to its default) get the same
    numbers on the same deals; every row names its table."""
    sit = parse_situation("JH TD AC KS 9S", "9H", "eldest")
    tables = parse_tables("advanced,advanced:play.card_memory=1")
    assert [t.label for t in tables] == ["advanced", "advanced:play.card_memory=1"]
    df = analyze_tables(sit, tables, deals=1_000, seed=4)
    a, b = (df[df["table"] == t.label].reset_index(drop=True) for t in tables)
    assert len(a) == len(b) == 3 and (df["role"] == "table").all() and (df["deals"] == 1000).all()
    pd.testing.assert_frame_equal(a.drop(columns="table"), b.drop(columns="table"))
    assert table_verdicts(df)[0].startswith("same verdict under every table: ")


def test_parse_tables_keeps_inline_parameters_with_their_strategy():
    tables = parse_tables("advanced:round1.threshold.dealer=11,play.card_memory=0, pimc")
    assert [t.label for t in tables] == [
        "advanced:round1.threshold.dealer=11,play.card_memory=0", "pimc"]


def verdict_frame(*tables):
    """A stacked analysis as ``analyze_tables`` makes it, from (table, role, deals, [(option,
    points, vs_best, vs_best_se)...]) given best first."""
    rows = [{"table": t, "role": role, "deals": n, "option": o, "points": p, "vs_best": d,
             "vs_best_se": se} for t, role, n, opts in tables for o, p, d, se in opts]
    return pd.DataFrame(rows)


def test_verdicts_say_when_the_table_changes_the_answer():
    changed = verdict_frame(
        ("advanced", "table", 50_000, [("take up alone", 1.2, 0, 0), ("take up", 0.7, -0.5, 0.01)]),
        ("pimc", "table", 50_000, [("take up", 0.9, 0, 0), ("take up alone", 0.78, -0.12, 0.03)]))
    assert table_verdicts(changed) == [
        "verdict depends on the table: advanced says take up alone (+0.500 ± 0.010 over take "
        "up), pimc says take up (+0.120 ± 0.030 over take up alone)"]
    same = verdict_frame(
        ("advanced", "table", 9_000, [("pass", 0.1, 0, 0), ("order up", 0.0, -0.1, 0.02)]),
        ("pimc", "check", 400, [("pass", 0.2, 0, 0), ("order up", 0.1, -0.1, 0.04)]))
    lines = table_verdicts(same)
    assert lines[0].startswith("same verdict under every table: pass (advanced: +0.100 ± "
                               "0.020 over order up; pimc check (400 deals): +0.100")
    assert len(lines) == 1


def test_verdicts_flag_a_toss_up_and_an_imprecise_check():
    tables = [("advanced", "table", 9_000, [("pass", 0.1, 0, 0), ("order up", 0.05, -0.05,
                                                                      0.03)]),
              ("pimc", "check", 400, [("order up", 0.2, 0, 0), ("pass", 0.1, -0.1, 0.06)])]
    lines = table_verdicts(verdict_frame(*tables))
    assert lines[0].startswith("verdict depends on the table: advanced says pass (+0.050 ± "
                               "0.030 over order up, a toss-up), pimc check (400 deals) says")
    assert lines[1].startswith("under advanced the best option is a toss-up")
    assert lines[2].startswith("the pimc check on 400 deals is too imprecise to settle the "
                               "verdict")
    tables[0] = ("advanced", "table", 9_000, [("order up", 0.3, 0, 0), ("pass", 0.1, -0.2,
                                                                         0.01)])
    lines = table_verdicts(verdict_frame(*tables))
    assert lines[0].startswith("same best option under every table, order up, but not settled "
                               "under pimc check (400 deals)")
    assert "agree" not in " ".join(lines) and "too imprecise" in lines[1]


def test_default_table_is_checked_and_every_table_is_written(capsys, tmp_path):
    out_dir = tmp_path / "run"
    rc = cli.main(["analyze", "--hand", "JH JD AH KH AS", "--up", "9H", "--seat", "dealer",
                   "--bidding", "pass pass pass", "--deals", "1000", "--check-deals", "64",
                   "--out", str(out_dir)])
    out = capsys.readouterr().out
    assert rc == 0
    assert f"the table plays {DEFAULT_TABLE}, 1,000 deals" in out
    assert "check: the table plays pimc, 64 deals" in out
    assert "same verdict under every table: take up alone" in out
    meta = json.loads((out_dir / "meta.json").read_text())
    assert [(t["name"], t["role"], t["deals"]) for t in meta["tables"]] == [
        (DEFAULT_TABLE, "table", 1000), ("pimc", "check", 64)]
    csv = pd.read_csv(out_dir / "analysis.csv")
    assert sorted(set(csv["table"])) == sorted([DEFAULT_TABLE, "pimc"]) and len(csv) == 6


@pytest.mark.parametrize("extra,needle", [
    (["--table", "advanced,,pimc"], "empty entry"),
    (["--table", "advanced,"], "empty entry"),
    (["--table", "advanced,genius"], "unknown strategy 'genius'"),
    (["--table", "advanced,pimc,advanced"], "listed twice"),
    (["--table", "advanced", "--check-deals", "100"], "--check-deals goes with the default"),
])
def test_bad_table_lists_are_one_line_errors(capsys, extra, needle):
    rc = cli.main(["analyze", "--hand", "JH JD AH KH AS", "--up", "9H", "--seat", "dealer",
                   "--bidding", "pass pass pass", "--deals", "100", *extra])
    err = capsys.readouterr().err
    assert rc == 2 and needle in err and err.count("\n") == 1


# --------------------------------------------------------------------------------------------
# The options of RULES.md section 3.1 in situations
# --------------------------------------------------------------------------------------------

NEVER_HEARTS = Rules(hearts_never_trump=True)


def test_hearts_never_trump_offers_no_heart_bid():
    """A heart turned up: the only round-1 action is pass; in round 2 hearts is not offered
    (two suits left when another suit was turned down), the stuck dealer included."""
    r1 = options(parse_situation("JH TD AC KS 9S", "9H", "eldest", rules=NEVER_HEARTS))
    assert [o[0] for o in r1] == ["pass"]
    r2 = options(parse_situation("JH TD AC KS 9S", "9C", "eldest", "pass " * 4,
                                 rules=NEVER_HEARTS))
    assert [o[0] for o in r2] == ["pass", "call diamonds", "call diamonds alone",
                                  "call spades", "call spades alone"]
    stuck = options(parse_situation("JH TD AC KS 9S", "9H", "dealer", "pass " * 7,
                                    rules=NEVER_HEARTS))
    assert [o[0] for o in stuck] == ["call clubs", "call clubs alone", "call diamonds",
                                     "call diamonds alone", "call spades", "call spades alone"]
    # the same situations without the option offer hearts
    assert "order up" in [o[0] for o in options(parse_situation("JH TD AC KS 9S", "9H",
                                                                "eldest"))]


@pytest.mark.parametrize("up,bidding,needle", [
    ("9H", "order", "9H is a heart: it cannot be ordered up or taken (hearts_never_trump)"),
    ("9H", "pass pass pass take", "it cannot be ordered up or taken"),
    ("9C", "pass pass pass pass hearts", "hearts cannot be named trump (hearts_never_trump)"),
])
def test_hearts_never_trump_rejects_a_heart_trump(capsys, up, bidding, needle):
    with pytest.raises(AnalysisError) as exc:
        parse_situation("JD TD AC KS 9S", up, "eldest", bidding, rules=NEVER_HEARTS)
    assert needle in str(exc.value) and "\n" not in str(exc.value)
    sit = parse_situation("JD TD AC KS 9S", up, "eldest", bidding)  # fine without the option
    assert sit.question == "play" and sit.facts.trump == 2
    rc = cli.main(["analyze", "--hand", "JD TD AC KS 9S", "--up", up, "--seat", "eldest",
                   "--bidding", bidding, "--set", "hearts_never_trump=true"])
    err = capsys.readouterr().err
    assert rc == 2 and needle in err and err.count("\n") == 1


@pytest.mark.parametrize("bidding", ["", "pass pass pass", "pass pass pass pass"])
def test_club_euchre_refuses_a_club_up_card(bidding):
    """A club turned up under club_euchre: nobody bids, so no bidding can be written (the
    analyser takes no such deal, as with a joker turned up); another up-card is as usual."""
    rules = Rules(club_euchre=True)
    with pytest.raises(AnalysisError, match="is a club: under club_euchre the dealer's side "
                                            "must take it"):
        parse_situation("JH TD AD KS 9S", "9C", "dealer", bidding, rules=rules)
    sit = parse_situation("JH TD AD KS 9S", "9D", "dealer", "pass pass pass", rules=rules)
    assert [o[0] for o in options(sit)] == ["pass", "take up", "take up alone"]


@pytest.mark.parametrize("bidding", ["", "pass pass pass order"])
def test_strict_farmers_hand_is_refused(bidding):
    """Under farmers_hand = strict several players may exchange before the bidding: the
    situation cannot say who did, so the analyser refuses in one line (true is as before)."""
    with pytest.raises(AnalysisError, match="farmers_hand = strict is not supported"):
        parse_situation("JH TD AD KS 9S", "9D", "dealer", bidding,
                        rules=Rules(farmers_hand="strict"))
    sit = parse_situation("JH TD AD KS 9S", "9D", "dealer", "pass pass pass",
                          rules=Rules(farmers_hand=True))
    assert [o[0] for o in options(sit)] == ["pass", "take up", "take up alone"]


@pytest.mark.parametrize("position,bidding", [("dealer", "pass pass pass"),
                                              ("eldest", "order"), ("eldest", "pass order")])
def test_partner_may_go_alone_is_refused(position, bidding):
    """Under partner_may_go_alone the maker's partner may play alone, which a situation
    cannot say nor its playouts replay: every question is refused in one line (the same
    situations are analysed without the option)."""
    rules = Rules(partner_may_go_alone=True)
    with pytest.raises(AnalysisError, match="partner_may_go_alone is not supported") as exc:
        parse_situation("JH TD AD KS 9S", "9D", position, bidding, rules=rules)
    assert "\n" not in str(exc.value)
    parse_situation("JH TD AD KS 9S", "9D", position, bidding)


@pytest.mark.parametrize("position,bidding", [("dealer", "pass pass pass"),
                                              ("eldest", ""), ("third", "pass pass")])
def test_no_trump_is_refused(position, bidding):
    """Under no_trump (24 cards) a round-2 call of no trump is possible, which the bidding
    notation cannot write nor the analyser offer: every question is refused in one line; with
    32 cards the option does nothing and the question is analysed."""
    with pytest.raises(AnalysisError, match="no_trump is not supported") as exc:
        parse_situation("JH TD AD KS 9S", "9D", position, bidding, rules=Rules(no_trump=True))
    assert "\n" not in str(exc.value)
    parse_situation("JH TD AD KS 9S", "9D", position, bidding,
                    rules=Rules(no_trump=True, deck=32))


@pytest.mark.parametrize("position,bidding", [("dealer", "pass pass pass"),
                                              ("eldest", ""), ("third", "pass pass")])
def test_smitty_is_refused(position, bidding):
    """Under smitty the eldest's guess comes before the bidding, which a situation cannot
    say and its playouts would make again: every question is refused in one line."""
    with pytest.raises(AnalysisError, match="smitty is not supported") as exc:
        parse_situation("JH TD AD KS 9S", "9D", position, bidding, rules=Rules(smitty=True))
    assert "\n" not in str(exc.value)
    parse_situation("JH TD AD KS 9S", "9D", position, bidding)


def test_stuck_dealer_s_question_is_refused_under_chuck():
    """Under chuck the stuck dealer may chuck, which the bidding notation cannot write: his
    round-2 question is refused in one line; the others' questions, and a history in which he
    named a suit, are analysed as without chuck (the forced suit skips the chuck question)."""
    rules = Rules(chuck=True)
    with pytest.raises(AnalysisError, match="chuck is not supported for the stuck dealer"):
        parse_situation("JH TD AD KS 9S", "9D", "dealer", "pass " * 7, rules=rules)
    for position, bidding in (("dealer", "pass pass pass"), ("third", "pass " * 6),
                              ("eldest", "pass " * 7 + "S")):
        sits = [parse_situation("JH TD AD KS 9S", "9D", position, bidding, rules=r)
                for r in (Rules(), rules)]
        assert sits[0].facts == sits[1].facts
        assert options(sits[0]) == options(sits[1])
    # no chuck into hearts under hearts_never_trump: the stuck dealer names a suit
    never = Rules(hearts_never_trump=True)
    sit = parse_situation("JC TD AD KS 9S", "9H", "dealer", "pass " * 7,
                          rules=never.with_options(chuck=True))
    assert options(sit) == options(parse_situation("JC TD AD KS 9S", "9H", "dealer",
                                                   "pass " * 7, rules=never))


def test_mcevoy_limit_changes_no_situation():
    """A situation is a deal that stood, played as a single deal: under mcevoy_limit its facts
    and options are those without it."""
    rules = Rules(redeal="nines_and_tens")
    for bidding in ("pass pass", "pass pass pass pass pass pass"):
        sits = [parse_situation("JH TD AD KS 9S", "9D", "third", bidding, rules=r)
                for r in (rules, rules.with_options(mcevoy_limit=True))]
        assert sits[0].facts == sits[1].facts and options(sits[0]) == options(sits[1])


def test_lone_defence_only_against_a_lone_maker():
    """The third names diamonds: under against_lone_maker nobody is asked to defend alone
    when he plays with his partner (the question is the card to play; a lone defender is
    impossible), but against a lone maker the dealer's partner is asked, after the dealer:
    the defenders are asked from the maker's left (RULES.md 3.1), not the dealer's."""
    rules = Rules(defender_alone=True, lone_defence="against_lone_maker")
    bid = "pass pass pass pass pass pass diamonds"
    anyone = parse_situation("JS JC AS KS AH", "9H", "partner", bid,
                             rules=Rules(defender_alone=True))
    assert anyone.question == "defend"
    with pytest.raises(AnalysisError, match="it is the eldest's turn to play"):
        parse_situation("JS JC AS KS AH", "9H", "partner", bid, rules=rules)
    sit = parse_situation("JS JC AS KS AH", "9H", "partner", bid, rules=rules,
                          tricks="eldest:9S")
    assert sit.question == "play" and sit.facts.defender == -1
    with pytest.raises(AnalysisError, match="goes alone only against a lone maker"):
        parse_situation("JS JC AS KS AH", "9H", "partner", bid, rules=rules, defend="dealer")
    alone = parse_situation("JS JC AS KS AH", "9H", "partner", bid + " alone", rules=rules)
    assert alone.question == "defend" and alone.facts.asked == (3, 1)
    assert alone.facts.asked_before == (3,)
    # lone_defence = any keeps the dealer's-left order: the dealer's partner is asked first
    anyone = parse_situation("JS JC AS KS AH", "9H", "partner", bid + " alone",
                             rules=Rules(defender_alone=True))
    assert anyone.facts.asked == (1, 3) and anyone.facts.asked_before == ()


def test_right_of_lone_leads_first():
    """The eldest orders up alone (the third sits out): under right_of_lone the dealer, on his
    right, leads; under eldest that lead is out of turn."""
    args = dict(hand="KS QS TC 9D TD", up="9H", seat="partner", bidding="order alone",
                tricks="dealer:AS eldest:9S")
    sit = parse_situation(**args, rules=Rules(lead="right_of_lone"))
    assert sit.question == "play" and [o[0] for o in options(sit)] == ["play QS", "play KS"]
    with pytest.raises(AnalysisError, match="the dealer played out of turn"):
        parse_situation(**args)
    with pytest.raises(AnalysisError, match="the dealer played out of turn"):
        parse_situation(**args, rules=Rules(lead="left_of_lone"))
