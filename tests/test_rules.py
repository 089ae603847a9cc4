"""Rule options, named rulesets, validation and packing."""

from dataclasses import fields

import pytest

import euchre_sim.game.rules as rules_module
from euchre_sim.cli import main as cli
from euchre_sim.cli.args import rule_choice
from euchre_sim.game.rules import (
    N_RULE_FIELDS,
    NEEDS,
    OPTION_VALUES,
    R_DECK,
    R_LEAD,
    R_STICK,
    RULE_OPTIONS,
    RULESETS,
    Rules,
    RulesError,
    describe_rulesets,
    parse_assignments,
)


def test_defaults_are_the_standard_game():
    r = Rules()
    assert r.stick_the_dealer and r.target_score == 10 and r.deck == 24
    assert not r.defender_alone and r.lead == "eldest" and r.redeal == "none"


def test_named_rulesets_match_rules_md():
    assert Rules.named("tournament") == Rules(stick_the_dealer=False)
    assert Rules.named("openspiel") == Rules()
    assert Rules.named("canadian") == Rules(dealer_partner_alone=True, defender_alone=True)
    assert Rules.named("new-zealand") == Rules(deck=32)
    b = Rules.named("british")
    assert (b.deck, b.target_score, b.lead, b.stick_the_dealer) == (25, 11, "left_of_lone", False)
    assert b.dealer_partner_alone and b.defender_alone


def test_overrides_from_strings():
    r = Rules.named("north-american", **parse_assignments(["deck=25", "super_euchre=true"]))
    assert r.deck == 25 and r.super_euchre
    assert Rules().with_options(lead="left_of_lone").lead == "left_of_lone"


def test_unknown_option_lists_valid_ones():
    with pytest.raises(RulesError) as exc:
        parse_assignments(["decks=25"])
    msg = str(exc.value)
    assert "unknown rule option 'decks'" in msg and "stick_the_dealer" in msg and "\n" not in msg


@pytest.mark.parametrize("item,allowed", [
    ("deck=26", "24, 25, 32, 33"),
    ("stick_the_dealer=maybe", "true, false"),
    ("lead=right", "eldest, left_of_lone, right_of_lone"),
    ("lone_defence=lone", "any, against_lone_maker"),
    ("hearts_never_trump=never", "true, false"),
    ("club_euchre=clubs", "true, false"),
    ("chuck=sometimes", "true, false"),
    ("smitty=guess", "true, false"),
    ("partner_may_go_alone=maybe", "true, false"),
    ("farmers_hand=nines", "true, false, strict"),
    ("partners_best=always", "none, give, railroad"),
    ("target_score=7", "5, 10, 11, 15"),
])
def test_bad_values_list_allowed_values(item, allowed):
    with pytest.raises(RulesError, match=allowed):
        parse_assignments([item])


def test_bad_assignment_syntax():
    with pytest.raises(RulesError, match="expected option=value"):
        parse_assignments(["deck"])


def test_unknown_ruleset():
    with pytest.raises(RulesError, match="known are north-american"):
        Rules.named("klondike")


def test_direct_construction_is_validated():
    with pytest.raises(RulesError):
        Rules(deck=52)
    with pytest.raises(RulesError):
        Rules(super_euchre="yes")
    with pytest.raises(RulesError):
        Rules(farmers_hand="yes")  # a bool option's str values are its words only
    with pytest.raises(RulesError):
        Rules(farmers_hand=2)
    assert Rules(farmers_hand="strict").farmers_hand == "strict"


def test_packing():
    a = Rules.named("british").to_array()
    assert a[R_DECK] == 25 and a[R_LEAD] == 1 and a[R_STICK] == 0


def test_description_lists_everything():
    text = describe_rulesets()
    for name in RULESETS:
        assert name in text
    for option in OPTION_VALUES:
        assert option in text


def test_each_option_is_declared_once_in_the_table():
    names = [o.name for o in RULE_OPTIONS]
    assert len(set(names)) == len(names) == N_RULE_FIELDS
    assert [o.slot for o in RULE_OPTIONS] == list(range(N_RULE_FIELDS))
    # the dataclass fields are the table's, in its order, with its defaults
    assert [(f.name, f.default) for f in fields(Rules)] == [(o.name, o.default) for o in
                                                            RULE_OPTIONS]
    assert list(OPTION_VALUES) == names
    # every R_* slot constant the kernels import is one option's slot, each slot named once
    slots = {k: v for k, v in vars(rules_module).items()
             if k.startswith("R_") and isinstance(v, int)}
    assert sorted(slots.values()) == list(range(N_RULE_FIELDS))
    # and `euchre-sim rules` lists each option once
    listed = [line.split()[0] for line in describe_rulesets().split("Options")[1].splitlines()
              if line.startswith("  ") and not line.startswith("   ")]
    assert listed == names


@pytest.mark.parametrize("option", RULE_OPTIONS, ids=lambda o: o.name)
def test_every_value_round_trips_through_to_array_and_set(option):
    default = Rules().to_array()
    for value in option.values:
        text = str(value).lower() if isinstance(value, bool) else str(value)
        rules = Rules(**{option.name: value})
        assert parse_assignments([f"{option.name}={text}"]) == {option.name: value}
        # an option that does nothing alone is set with what it needs (game.rules.NEEDS)
        needs = [f"{need}={v}" for name, need, v in NEEDS if name == option.name and value]
        words = ["simulate", "--set", f"{option.name}={text}"]
        for extra in needs:
            words += ["--set", extra]
        assert rule_choice(cli.build_parser().parse_args(words)).rules() == rules.with_options(
            **parse_assignments(needs))
        a = rules.to_array()
        assert a.dtype == default.dtype and a.shape == (N_RULE_FIELDS,)
        assert a[option.slot] == (option.values.index(value) if isinstance(value, str)
                                  else value)
        others = [i for i in range(N_RULE_FIELDS) if i != option.slot]
        assert (a[others] == default[others]).all()
    # the packed array tells the values apart
    codes = [int(Rules(**{option.name: v}).to_array()[option.slot]) for v in option.values]
    assert len(set(codes)) == len(codes)
