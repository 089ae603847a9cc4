"""Rule options, named rulesets, validation and packing."""

import pytest

from euchre_sim.rules import (
    OPTION_VALUES,
    R_DECK,
    R_LEAD,
    R_STICK,
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
    ("lead=right", "eldest, left_of_lone"),
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


def test_packing():
    a = Rules.named("british").to_array()
    assert a[R_DECK] == 25 and a[R_LEAD] == 1 and a[R_STICK] == 0


def test_description_lists_everything():
    text = describe_rulesets()
    for name in RULESETS:
        assert name in text
    for option in OPTION_VALUES:
        assert option in text
