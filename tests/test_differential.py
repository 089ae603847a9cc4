"""Kernels against the pure-Python reference engine: identical records and traces.

Under the ``random`` strategy (which reaches every corner) for every named ruleset and for each
rule option switched on alone, on 20,000 deals each; plus mixed strategies, the ``reference``
strategy with non-default parameters, and whole games. The same for every table of the table
engine (RULES.md 3.2: ``game.table_spec.TABLES``) and each table option switched, against its oracle
``oracle.table`` (the helpers, scripted mixes and games are in ``tests/test_tables.py``).
"""

from __future__ import annotations

import numpy as np
import pytest

from euchre_sim.core.common import layout as L
from euchre_sim.engine.simulate import (
    Matchup,
    PresetDeal,
    iter_game_chunks,
    play_presets,
    replay_deals,
    simulate_deals,
)
from euchre_sim.game.rules import OPTION_VALUES, RULESETS, Rules
from euchre_sim.oracle import engine as reference
from euchre_sim.strategies import get_strategy

pytestmark = pytest.mark.slow  # tens of thousands of deals per rule option

N_DEALS = 20_000


def _configs() -> list[tuple[str, Rules]]:
    out = [(name, rules) for name, rules in RULESETS.items() if name != "openspiel"]
    default = Rules()
    for option, values in OPTION_VALUES.items():
        if option == "target_score":
            continue  # no effect on a single deal; covered by the game tests
        for value in values:
            if value != getattr(default, option):
                out.append((f"{option}={value}", default.with_options(**{option: value})))
    out += SECTION_31_MIXES
    return out


# The options of RULES.md section 3.1 with the options they interact with (each also runs on its
# own above): lone_defence only acts with defender_alone; right_of_lone meets a lone defender
# and the Canadian loner; hearts_never_trump meets the joker (whose trump the random dealer
# names among three suits), the stuck dealer (two suits left) and thrown-in hands;
# club_euchre meets dealer_needs_trump, the Canadian loner, passed_cannot_go_alone, partner's
# best and the 7s and 8s of clubs; farmers_hand = strict meets the 7s and 8s (which it does not
# count), the joker, the nines-and-tens redeal and partner's best; chuck meets the farmer's hand
# (the kitty changed), hearts_never_trump (no chuck into hearts), the joker, the lone options and
# partner's best, club_euchre and the Canadian loner (round 1 only), and does nothing without
# stick_the_dealer; partner_may_go_alone meets passed_cannot_go_alone (a partner who passed is
# not asked), the lone defence (asked from the lone partner's left), partner's best (the maker
# gives), both lone leads, the Canadian loner (no partner's question after it), the joker and
# club_euchre (nobody passed), chuck and the farmer's hand.
SECTION_31_MIXES = [
    ("lone_defence=against_lone_maker,defender_alone",
     Rules(defender_alone=True, lone_defence="against_lone_maker")),
    ("lead=right_of_lone,defender_alone,canadian,lone_defence",
     Rules(lead="right_of_lone", defender_alone=True, dealer_partner_alone=True,
           lone_defence="against_lone_maker", passed_cannot_go_alone=True)),
    ("lead=right_of_lone,defender_alone", Rules(lead="right_of_lone", defender_alone=True)),
    ("hearts_never_trump,deck=25,dealer_needs_trump",
     Rules(hearts_never_trump=True, deck=25, dealer_needs_trump=True)),
    ("hearts_never_trump,deck=33,no-stick",
     Rules(hearts_never_trump=True, deck=33, stick_the_dealer=False)),
    ("club_euchre,deck=33,options",
     Rules(club_euchre=True, deck=33, dealer_needs_trump=True, dealer_partner_alone=True,
           defender_alone=True, passed_cannot_go_alone=True, partners_best="railroad")),
    ("club_euchre,hearts_never_trump,no-stick",
     Rules(club_euchre=True, hearts_never_trump=True, stick_the_dealer=False)),
    ("farmers_hand=strict,deck=33,redeal,give",
     Rules(farmers_hand="strict", deck=33, redeal="nines_and_tens", partners_best="give",
           defender_alone=True)),
    ("farmers_hand=strict,deck=32,club_euchre",
     Rules(farmers_hand="strict", deck=32, club_euchre=True, dealer_partner_alone=True)),
    # single deals: mcevoy_limit changes nothing (games: test_games_with_the_mcevoy_limit_...)
    ("mcevoy_limit,nines_and_tens,deck=32",
     Rules(mcevoy_limit=True, redeal="nines_and_tens", deck=32)),
    ("chuck,deck=33,farmers,hearts_never_trump,railroad",
     Rules(chuck=True, deck=33, farmers_hand=True, hearts_never_trump=True, defender_alone=True,
           passed_cannot_go_alone=True, partners_best="railroad")),
    ("chuck,deck=25,club_euchre,canadian,lone_defence",
     Rules(chuck=True, deck=25, club_euchre=True, dealer_needs_trump=True,
           dealer_partner_alone=True, defender_alone=True, lone_defence="against_lone_maker",
           lead="right_of_lone")),
    ("chuck,no-stick", Rules(chuck=True, stick_the_dealer=False)),
    ("partner_may_go_alone,passed,defender_alone,give,left_of_lone",
     Rules(partner_may_go_alone=True, passed_cannot_go_alone=True, defender_alone=True,
           partners_best="give", lead="left_of_lone")),
    ("partner_may_go_alone,deck=25,canadian,lone_defence,railroad,club_euchre",
     Rules(partner_may_go_alone=True, deck=25, dealer_partner_alone=True, defender_alone=True,
           lone_defence="against_lone_maker", lead="right_of_lone", partners_best="railroad",
           club_euchre=True, super_euchre=True)),
    # no_trump meets the lone options and the lone leads (the no-trump maker alone, a lone
    # defender against him), partner's best (a no-trump card passed), no_first_blood (no trump
    # to bar), hearts_never_trump and chuck (the stuck dealer's other calls), and does nothing
    # with 32 cards
    ("no_trump,lone,give,left_of_lone,no_first_blood",
     Rules(no_trump=True, defender_alone=True, partner_may_go_alone=True, partners_best="give",
           lead="left_of_lone", no_first_blood=True, passed_cannot_go_alone=True)),
    ("no_trump,hearts,chuck,farmers,right_of_lone,railroad",
     Rules(no_trump=True, hearts_never_trump=True, chuck=True, farmers_hand=True,
           defender_alone=True, lone_defence="against_lone_maker", lead="right_of_lone",
           partners_best="railroad", super_euchre=True)),
    ("no_trump,no-stick,canadian", Rules(no_trump=True, stick_the_dealer=False,
                                         dealer_partner_alone=True, defender_alone=True)),
    ("no_trump,deck=32", Rules(no_trump=True, deck=32)),
    ("partner_may_go_alone,deck=33,chuck,farmers,passed",
     Rules(partner_may_go_alone=True, deck=33, chuck=True, farmers_hand=True,
           passed_cannot_go_alone=True, defender_alone=True, no_first_blood=True)),
    # smitty meets hearts_never_trump (no guess of hearts), the joker (never guessed right),
    # club_euchre (a club guessed goes to the eldest's side), the farmer's hand and the
    # redeals before it, the lone options against a called game (lone defence, partner's
    # best, the lone leads), partner_may_go_alone and the Canadian loner (neither after a
    # right guess), passed_cannot_go_alone (nobody passed), chuck and no_trump (after a wrong
    # guess), and thrown-in hands
    ("smitty,deck=25,hearts,club_euchre,farmers,lone_defence,railroad",
     Rules(smitty=True, deck=25, hearts_never_trump=True, club_euchre=True, farmers_hand=True,
           defender_alone=True, lone_defence="against_lone_maker", partners_best="railroad",
           lead="right_of_lone")),
    ("smitty,chuck,no_trump,partner_may_go_alone,canadian,passed",
     Rules(smitty=True, chuck=True, no_trump=True, partner_may_go_alone=True,
           dealer_partner_alone=True, passed_cannot_go_alone=True, defender_alone=True,
           lead="left_of_lone", super_euchre=True)),
    ("smitty,deck=33,redeal,strict,give,dealer_needs_trump",
     Rules(smitty=True, deck=33, redeal="nines_and_tens", farmers_hand="strict",
           partners_best="give", dealer_needs_trump=True, no_first_blood=True,
           defender_alone=True)),
    ("smitty,no-stick", Rules(smitty=True, stick_the_dealer=False)),
]


CONFIGS = _configs()


def _compare(rules: Rules, strategies: tuple[str, str], seed: int, n: int, first: int = 0,
             params: tuple[dict, dict] = ({}, {})):
    """Deals ``first .. first+n-1``: kernel and reference engine agree on records and traces.

    ``params[t]``: team t's strategy parameters (kernel: ``name:key=value,...``).
    """
    a, b = (get_strategy(name, **p) for name, p in zip(strategies, params, strict=True))
    kernel = replay_deals(rules, a, b, seed, first, n)
    for i, rep in enumerate(kernel):
        rec, trace = reference.play_deal(seed, first + i, rules, strategies, params)
        if rep.record != rec or rep.trace != trace:
            diff = {k: (rep.record[k], rec[k]) for k in rec if rep.record[k] != rec[k]}
            first_bad = next(
                (j for j, (a, b) in enumerate(zip(rep.trace, trace, strict=False)) if a != b),
                min(len(rep.trace), len(trace)),
            )
            pytest.fail(
                f"deal {first + i} (seed {seed}) differs: record {diff}; trace from event "
                f"{first_bad}: kernel {rep.trace[first_bad:first_bad + 3]} "
                f"reference {trace[first_bad:first_bad + 3]}"
            )


@pytest.mark.parametrize("name,rules", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_random_play_matches_reference(name: str, rules: Rules) -> None:
    _compare(rules, ("random", "random"), seed=2026, n=N_DEALS)


@pytest.mark.parametrize("name,rules", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_mixed_strategies_match_reference(name: str, rules: Rules) -> None:
    _compare(rules, ("reference", "random"), seed=11, n=1_500)
    _compare(rules, ("random", "reference"), seed=12, n=1_500)


def test_every_option_on_at_once_matches_reference() -> None:
    rules = Rules(
        stick_the_dealer=False, defender_alone=True, dealer_partner_alone=True,
        lead="left_of_lone", super_euchre=True, no_first_blood=True, dealer_needs_trump=True,
        passed_cannot_go_alone=True, deck=33, redeal="nines_and_tens", farmers_hand=True,
        partners_best="railroad",
    )
    _compare(rules, ("random", "random"), seed=5, n=N_DEALS)


def test_every_option_of_section_31_on_at_once_matches_reference() -> None:
    """As above, with the options of RULES.md section 3.1 in place of left_of_lone."""
    rules = Rules(
        stick_the_dealer=False, defender_alone=True, dealer_partner_alone=True,
        lead="right_of_lone", super_euchre=True, no_first_blood=True, dealer_needs_trump=True,
        passed_cannot_go_alone=True, deck=33, redeal="nines_and_tens", farmers_hand=True,
        partners_best="give", lone_defence="against_lone_maker", hearts_never_trump=True,
        club_euchre=True, partner_may_go_alone=True,
    )
    _compare(rules, ("random", "random"), seed=6, n=N_DEALS)


def test_reference_strategy_matches_reference_engine() -> None:
    _compare(Rules(), ("reference", "reference"), seed=7, n=N_DEALS)


def test_parallel_batch_equals_traced_replay() -> None:
    """The parallel kernel (no trace) writes the same records as the traced replay."""
    rules = Rules.named("british")
    df = simulate_deals(rules, "random", deals=3_000, seed=99, first=500, chunk=1_000)
    reps = replay_deals(rules, "random", None, 99, 500, 3_000)
    table = np.array([[r.record[f] for f in L.RECORD_FIELDS] for r in reps])
    assert np.array_equal(df[list(L.RECORD_FIELDS)].to_numpy(np.int64), table)


@pytest.mark.parametrize("name,rules", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_untraced_batch_equals_traced_replay_under_every_option(name: str, rules: Rules) -> None:
    """An untraced deal plays its last trick without asking anyone (``deal.last_trick_winner``:
    one card each); a traced replay asks every card, and a random player may draw for it. The
    same records under every rule option, for random and scripted players."""
    for a, b in (("random", "random"), ("tuned", "random")):
        df = simulate_deals(rules, a, b, deals=2_000, seed=77)
        reps = replay_deals(rules, a, b, 77, 0, 2_000)
        table = np.array([[r.record[f] for f in L.RECORD_FIELDS] for r in reps])
        assert np.array_equal(df[list(L.RECORD_FIELDS)].to_numpy(np.int64), table), (a, b)


def _compare_games(rules: Rules, strategies: tuple[str, str], seed: int, n: int,
                   params: tuple[dict, dict] = ({}, {})) -> None:
    """Games ``0 .. n-1``: kernel and reference engine agree on the game and deal records."""
    a, b = (get_strategy(name, **p) for name, p in zip(strategies, params, strict=True))
    (grecs, drecs), = list(iter_game_chunks(rules, Matchup.of(a, b), n, seed=seed,
                                            with_deals=True))
    for i in range(n):
        game, deals = reference.play_game(seed, i, rules, strategies, params)
        assert list(grecs[i]) == [game[k] for k in L.GAME_FIELDS]
        mine = drecs[drecs[:, L.GD_GAME] == i, L.GD_RECORD:]
        theirs = np.array([[d[f] for f in L.RECORD_FIELDS] for d in deals])
        assert np.array_equal(mine, theirs), f"game {i} deals differ"


@pytest.mark.parametrize("ruleset", ["north-american", "tournament", "british", "canadian"])
def test_games_match_reference(ruleset: str) -> None:
    _compare_games(Rules.named(ruleset), ("random", "reference"), seed=3, n=300)


# mcevoy_limit acts in games only: a McEvoy hand in about one deal of eleven with 32 cards, in
# one of 170 with 24; callers that call whenever they may, and random ones.
MCEVOY_GAMES = {
    "32,callers": (Rules(deck=32, redeal="nines_and_tens", mcevoy_limit=True),
                   ("reference", "random"), ({"call_redeal": 1}, {})),
    "33,options": (Rules(deck=33, redeal="nines_and_tens", mcevoy_limit=True,
                         farmers_hand="strict", defender_alone=True, stick_the_dealer=False),
                   ("random", "reference"), ({}, {"call_redeal": 1, "farmer_exchange": 1})),
    "24,callers": (Rules(redeal="nines_and_tens", mcevoy_limit=True, target_score=15),
                   ("reference", "reference"), ({"call_redeal": 1}, {"call_redeal": 1})),
}


@pytest.mark.parametrize("name", MCEVOY_GAMES)
def test_games_with_the_mcevoy_limit_match_reference(name: str) -> None:
    rules, strategies, params = MCEVOY_GAMES[name]
    _compare_games(rules, strategies, seed=13, n=300, params=params)


# --------------------------------------------------------------------------------------------
# The reference strategy with non-default parameters
# --------------------------------------------------------------------------------------------

# Every parameter off its default: bids and loners at lower strength, defenders alone at 10,
# redeals and farmer's exchanges whenever possible, the railroad card refused, chucks at 8.
BOLD = {"bid_threshold": 10, "alone_threshold": 14, "defend_alone_threshold": 10,
        "call_redeal": 1, "farmer_exchange": 1, "railroad_take": 0, "chuck_threshold": 8}
PARAM_RULES = {
    "railroad,ace_no_face": Rules(defender_alone=True, redeal="ace_no_face", farmers_hand=True,
                                  partners_best="railroad"),
    "give,nines_and_tens": Rules(defender_alone=True, redeal="nines_and_tens", farmers_hand=True,
                                 partners_best="give"),
    "all-options,33": Rules(stick_the_dealer=False, defender_alone=True, dealer_partner_alone=True,
                            lead="left_of_lone", super_euchre=True, no_first_blood=True,
                            dealer_needs_trump=True, passed_cannot_go_alone=True, deck=33,
                            redeal="nines_and_tens", farmers_hand=True, partners_best="railroad"),
    "section-3.1,25": Rules(deck=25, defender_alone=True, lone_defence="against_lone_maker",
                            lead="right_of_lone", hearts_never_trump=True, club_euchre=True),
    "section-3.1,club,any": Rules(defender_alone=True, lead="right_of_lone", club_euchre=True,
                                  partners_best="give"),
    # every eligible player exchanges: several farmers in a deal, the kitty passed on
    "strict-farmers,24": Rules(farmers_hand="strict", redeal="ace_no_face"),
    "strict-farmers,33": Rules(farmers_hand="strict", deck=33, partners_best="railroad",
                               defender_alone=True),
    "chuck,33": Rules(chuck=True, deck=33, farmers_hand="strict", defender_alone=True,
                      partners_best="give"),
}
N_PARAM_DEALS = 4_000

@pytest.mark.parametrize("name", PARAM_RULES)
def test_reference_parameters_match_reference_engine(name: str) -> None:
    _compare(PARAM_RULES[name], ("reference", "reference"), seed=41, n=N_PARAM_DEALS,
             params=(BOLD, BOLD))


# chuck: nobody else bids (bid_threshold 40), so every deal reaches the stuck dealer; team 0's
# dealers chuck when their best card and the up-card rate 6, go alone from 9, exchange as
# farmers whenever they may.
CHUCKERS = {"bid_threshold": 40, "chuck_threshold": 6, "alone_threshold": 9,
            "farmer_exchange": 1}
PASSERS = {"bid_threshold": 40}
CHUCK_RULES = {
    "24": Rules(chuck=True),
    "33,farmers,options": Rules(chuck=True, deck=33, farmers_hand=True, defender_alone=True,
                                passed_cannot_go_alone=True, partners_best="give",
                                lead="left_of_lone"),
    "25,hearts,strict": Rules(chuck=True, deck=25, hearts_never_trump=True,
                              farmers_hand="strict", partners_best="railroad"),
}


@pytest.mark.parametrize("name", CHUCK_RULES)
def test_chucks_match_reference(name: str) -> None:
    """Chucking stuck dealers (and random ones): kernel and reference engine agree, and the
    deals do chuck (a coverage count; the random dealers chuck too)."""
    rules = CHUCK_RULES[name]
    a, b = get_strategy("reference", **CHUCKERS), get_strategy("reference", **PASSERS)
    reps = replay_deals(rules, a, b, 51, 0, 2_000)
    chucks = sum(rep.record["stuck"] == 2 for rep in reps)
    alone = sum(rep.record["stuck"] == 2 and rep.record["alone"] for rep in reps)
    assert chucks > 200 and alone > 20, (chucks, alone)
    _compare(rules, ("reference", "reference"), seed=51, n=2_000, params=(CHUCKERS, PASSERS))
    _compare(rules, ("random", "reference"), seed=52, n=2_000, params=({}, PASSERS))
    random_chucks = sum(rep.record["stuck"] == 2 for rep in replay_deals(
        rules, get_strategy("random"), b, 52, 0, 2_000))
    assert random_chucks > 10, random_chucks


# smitty: team 0 guesses spades and calls for the game on every right guess; team 1 guesses
# diamonds (hearts under hearts_never_trump: spades) and never calls, and defends alone from 12.
SMITTY_CALLERS = {"smitty_guess": 3, "smitty_alone": 1}
SMITTY_OTHERS = {"smitty_guess": 2, "defend_alone_threshold": 12, "bid_threshold": 10}
SMITTY_RULES = {
    "24": Rules(smitty=True),
    "25,hearts,options": Rules(smitty=True, deck=25, hearts_never_trump=True,
                               defender_alone=True, partners_best="give", lead="left_of_lone",
                               farmers_hand=True),
    "33,club,lone_defence,railroad": Rules(smitty=True, deck=33, club_euchre=True,
                                           defender_alone=True,
                                           lone_defence="against_lone_maker",
                                           partners_best="railroad", super_euchre=True),
}


@pytest.mark.parametrize("name", SMITTY_RULES)
def test_smitty_matches_reference(name: str) -> None:
    """Smitty guesses (reference guessers, random and scripted players): kernel and reference
    engine agree, and right guesses and called games happen (coverage counts)."""
    rules = SMITTY_RULES[name]
    a, b = (get_strategy("reference", **SMITTY_CALLERS),
            get_strategy("reference", **SMITTY_OTHERS))
    reps = replay_deals(rules, a, b, 55, 0, 3_000)
    right = [rep.record for rep in reps if rep.record["stuck"] == 3]
    assert len(right) > 300 and sum(r["alone"] == 1 for r in right) > 150, len(right)
    _compare(rules, ("reference", "reference"), seed=55, n=3_000,
             params=(SMITTY_CALLERS, SMITTY_OTHERS))
    _compare(rules, ("random", "reference"), seed=56, n=3_000, params=({}, SMITTY_OTHERS))
    random = replay_deals(rules, get_strategy("random"), get_strategy("random"), 57, 0, N_DEALS)
    called = sum(rep.record["stuck"] == 3 and rep.record["alone"] == 1 for rep in random)
    assert called > 1_000, called
    _compare(rules, ("random", "random"), seed=57, n=N_DEALS)


def test_smitty_games_match_reference() -> None:
    """Whole games under smitty, where a lone march on a called game wins the game outright."""
    for target in (5, 10):
        rules = Rules(smitty=True, target_score=target, defender_alone=True)
        _compare_games(rules, ("reference", "random"), seed=15, n=300,
                       params=(SMITTY_CALLERS, {}))
        _compare_games(rules, ("random", "random"), seed=16, n=200)


# partner_may_go_alone: team 0 bids from 6 and goes alone from 10, so many makers decline
# and leave the question to a partner who rates 10; team 1 defends alone from 12.
PARTNER_LONERS = {"bid_threshold": 6, "alone_threshold": 10}
LONE_DEFENDERS = {"defend_alone_threshold": 12}
PARTNER_RULES = {
    "24": Rules(partner_may_go_alone=True),
    "25,options": Rules(partner_may_go_alone=True, deck=25, defender_alone=True,
                        passed_cannot_go_alone=True, partners_best="give", lead="left_of_lone",
                        dealer_partner_alone=True),
    "33,lone_defence,railroad": Rules(partner_may_go_alone=True, deck=33, defender_alone=True,
                                      lone_defence="against_lone_maker",
                                      partners_best="railroad", lead="right_of_lone",
                                      farmers_hand=True),
}


@pytest.mark.parametrize("name", PARTNER_RULES)
def test_partner_loners_match_reference(name: str) -> None:
    """Loners of the maker's partner (and of random partners): kernel and reference engine
    agree, and such loners happen (a coverage count), lone defenders against them too."""
    rules = PARTNER_RULES[name]
    a, b = (get_strategy("reference", **PARTNER_LONERS),
            get_strategy("reference", **LONE_DEFENDERS))
    reps = replay_deals(rules, a, b, 53, 0, 2_000)
    partner = sum(rep.record["alone"] == 2 for rep in reps)
    assert partner > 40, partner
    if rules.defender_alone:
        against = sum(rep.record["alone"] == 2 and rep.record["defender"] >= 0 for rep in reps)
        assert against > 3, against
    _compare(rules, ("reference", "reference"), seed=53, n=2_000,
             params=(PARTNER_LONERS, LONE_DEFENDERS))
    _compare(rules, ("random", "reference"), seed=54, n=2_000, params=({}, LONE_DEFENDERS))
    random_partner = sum(rep.record["alone"] == 2 for rep in replay_deals(
        rules, get_strategy("random"), b, 54, 0, 2_000))
    assert random_partner > 40, random_partner


def test_defending_dealer_counts_the_up_card() -> None:
    """Up-card JH, dealer 0 holds JD AH KH 9S 9C (hearts 5+4+3 = 12). Seat 1 (QH TH 9H AS AD,
    hearts 10) orders up at 10; the dealer takes the JH and discards 9C: he now holds
    JH JD AH KH 9S, hearts 6+5+4+3 = 18 >= 15, and defends alone (seat 2 before him has 0)."""
    rules = Rules(defender_alone=True)
    hands = ("JD AH KH 9S 9C", "QH TH 9H AS AD", "KS QS TS 9D TD", "KC QC TC KD QD")
    deal = PresetDeal.of(hands, "JH", 0, rules)
    params = ({"defend_alone_threshold": 15}, {"bid_threshold": 10})
    rec, _ = reference.play_preset(rules, 0, deal.hands, deal.up_card, deal.kitty,
                                   ("reference", "reference"), params)
    assert rec["defender"] == 0
    a, b = (get_strategy("reference", **p) for p in params)
    rep, = play_presets(rules, a, b, [deal])
    assert rep.record["defender"] == 0


@pytest.mark.parametrize("ruleset", ["british", "canadian"])
def test_parameters_are_per_team(ruleset: str) -> None:
    """Each team uses its own parameters."""
    rules = Rules.named(ruleset, farmers_hand=True, redeal="ace_no_face", partners_best="railroad")
    _compare(rules, ("reference", "reference"), seed=43, n=N_PARAM_DEALS,
             params=(BOLD, {"bid_threshold": 14, "alone_threshold": 17}))
    _compare(rules, ("random", "reference"), seed=44, n=1_000, params=({}, BOLD))


def test_games_with_parameters_match_reference() -> None:
    rules = Rules.named("north-american", target_score=5, partners_best="give")
    params = ({"bid_threshold": 10, "alone_threshold": 14}, {"bid_threshold": 15})
    _compare_games(rules, ("reference", "reference"), seed=8, n=200, params=params)


def test_reference_engine_rejects_unknown_parameters() -> None:
    with pytest.raises(ValueError, match="bogus"):
        reference.play_deal(0, 0, Rules(), ("reference", "reference"), ({"bogus": 1}, {}))
    with pytest.raises(ValueError, match="random"):
        reference.play_deal(0, 0, Rules(), ("random", "reference"), ({"bid_threshold": 9}, {}))


# no_trump: team 0 calls no trump from no-trump strength 6 (an ace and a guarded king, or two
# aces) and goes alone from 9 on it; team 1 defends alone from 8.
NT_CALLERS = {"no_trump_threshold": 6, "alone_threshold": 9}
NT_DEFENDERS = {"defend_alone_threshold": 8, "no_trump_threshold": 12}
NT_RULES = {
    "24": Rules(no_trump=True),
    "options": Rules(no_trump=True, defender_alone=True, partner_may_go_alone=True,
                     partners_best="give", lead="left_of_lone"),
    "hearts,chuck,lone_defence": Rules(no_trump=True, hearts_never_trump=True, chuck=True,
                                       defender_alone=True, lone_defence="against_lone_maker",
                                       partners_best="railroad"),
}


@pytest.mark.parametrize("name", NT_RULES)
def test_no_trump_matches_reference(name: str) -> None:
    """No-trump deals (reference callers and random players, 20,000 random deals): kernel and
    reference engine agree, and no trump is called (coverage counts), alone and by the stuck
    dealer too."""
    rules = NT_RULES[name]
    a, b = (get_strategy("reference", **NT_CALLERS), get_strategy("reference", **NT_DEFENDERS))
    reps = replay_deals(rules, a, b, 61, 0, 3_000)
    nt = [rep.record for rep in reps if rep.record["trump"] == 4]
    assert len(nt) > 300, len(nt)
    assert sum(r["alone"] != 0 for r in nt) > 20
    assert sum(r["stuck"] == 1 for r in nt) > 5
    if rules.defender_alone and rules.lone_defence == "any":
        assert sum(r["defender"] >= 0 for r in nt) > 3
    _compare(rules, ("reference", "reference"), seed=61, n=3_000, params=(NT_CALLERS, NT_DEFENDERS))
    _compare(rules, ("random", "reference"), seed=62, n=2_000, params=({}, NT_CALLERS))
    random = replay_deals(rules, get_strategy("random"), get_strategy("random"), 63, 0, N_DEALS)
    random_nt = sum(rep.record["trump"] == 4 for rep in random)
    assert random_nt > 150, random_nt
    _compare(rules, ("random", "random"), seed=63, n=N_DEALS)


# ---- the other tables (RULES.md 3.2): the table engine against oracle.table ----

from test_tables import N_DEALS as TABLE_DEALS  # noqa: E402  (pytest puts tests/ on the path)
from test_tables import RANDOM, SEED, assert_same  # noqa: E402

from euchre_sim.core.table import layout as TL  # noqa: E402
from euchre_sim.game.table_spec import TABLES, get_table, with_options  # noqa: E402


@pytest.mark.parametrize("name", list(TABLES))
def test_table_kernel_matches_reference_on_random_deals(name: str) -> None:
    table = get_table(name)
    assert_same(table, [RANDOM] * table.seats, SEED, TABLE_DEALS)


# every table whose stick-the-dealer setting can be changed with --set, switched the other way
# (auction tables always stick the dealer and refuse it)
OPTION_VARIANTS = [name for name, t in TABLES.items() if t.bidding == TL.BID_UPCARD]


@pytest.mark.parametrize("name", OPTION_VARIANTS)
def test_table_kernel_matches_reference_with_the_table_option_switched(name: str) -> None:
    """``--set stick_the_dealer`` the other way round: 20,000 random deals each."""
    table = get_table(name)
    flipped = with_options(table, {"stick_the_dealer": str(not table.stick).lower()})
    assert flipped.stick != table.stick
    assert_same(flipped, [RANDOM] * table.seats, SEED + 21, TABLE_DEALS)
