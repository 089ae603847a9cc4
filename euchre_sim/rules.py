"""Rule options of ``RULES.md`` section 2, the named rulesets, validation and packing.

``Rules`` is a frozen dataclass; :meth:`Rules.to_array` packs it into the int64 array the kernels
read (indices ``R_*``). Every option has the default of the standard (``north-american``) game.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

import numpy as np

RULES_VERSION = 1
"""Changes only when the behaviour of the engine changes (recorded in every result's provenance)."""


class RulesError(ValueError):
    """An unknown ruleset, option or option value (one-line message)."""


LEAD_VALUES = ("eldest", "left_of_lone")
REDEAL_VALUES = ("none", "ace_no_face", "nines_and_tens")
PARTNERS_BEST_VALUES = ("none", "give", "railroad")
DECK_VALUES = (24, 25, 32, 33)
TARGET_VALUES = (5, 10, 11, 15)

# Allowed values of every option, in the order of RULES.md.
OPTION_VALUES: dict[str, tuple] = {
    "stick_the_dealer": (True, False),
    "target_score": TARGET_VALUES,
    "defender_alone": (False, True),
    "dealer_partner_alone": (False, True),
    "lead": LEAD_VALUES,
    "super_euchre": (False, True),
    "no_first_blood": (False, True),
    "dealer_needs_trump": (False, True),
    "passed_cannot_go_alone": (False, True),
    "deck": DECK_VALUES,
    "redeal": REDEAL_VALUES,
    "farmers_hand": (False, True),
    "partners_best": PARTNERS_BEST_VALUES,
}

OPTION_HELP: dict[str, str] = {
    "stick_the_dealer": "dealer must name trump when all pass twice (else the hand is thrown in)",
    "target_score": "points that win the game",
    "defender_alone": "a defender may go alone; a lone defender's euchre scores 4",
    "dealer_partner_alone": "Canadian loner: dealer's partner who orders up must play alone",
    "lead": "first lead with a lone player: eldest active hand, or left of the lone player",
    "super_euchre": "makers taking no trick give the defenders 4",
    "no_first_blood": "the first lead may not be trump unless the leader holds nothing else",
    "dealer_needs_trump": "dealer may take up only holding a card of the up-card's suit",
    "passed_cannot_go_alone": "a player who passed in the making round may not play alone",
    "deck": "24, 25 (with joker), 32 (with 7s and 8s) or 33 cards",
    "redeal": "hands that may call for a redeal: none, ace_no_face, nines_and_tens",
    "farmers_hand": "three 9s/10s may be exchanged for the kitty before bidding",
    "partners_best": "lone player receives a card from partner: none, give, railroad",
}


@dataclass(frozen=True)
class Rules:
    """One complete set of rule options (defaults: the standard North American game)."""

    stick_the_dealer: bool = True
    target_score: int = 10
    defender_alone: bool = False
    dealer_partner_alone: bool = False
    lead: str = "eldest"
    super_euchre: bool = False
    no_first_blood: bool = False
    dealer_needs_trump: bool = False
    passed_cannot_go_alone: bool = False
    deck: int = 24
    redeal: str = "none"
    farmers_hand: bool = False
    partners_best: str = "none"

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            allowed = OPTION_VALUES[f.name]
            if isinstance(allowed[0], bool):
                ok = isinstance(value, bool)
            elif isinstance(allowed[0], int):
                ok = isinstance(value, int) and not isinstance(value, bool) and value in allowed
            else:
                ok = value in allowed
            if not ok:
                raise RulesError(
                    f"bad value {value!r} for rule option {f.name}: allowed are "
                    + ", ".join(_show(v) for v in allowed)
                )

    @classmethod
    def named(cls, name: str = "north-american", **overrides: Any) -> Rules:
        """A named ruleset with optional option overrides (values may be strings)."""
        if name not in RULESETS:
            raise RulesError(f"unknown ruleset {name!r}: known are {', '.join(RULESETS)}")
        return RULESETS[name].with_options(**overrides)

    def with_options(self, **overrides: Any) -> Rules:
        """A copy with some options changed; string values ("true", "25") are converted."""
        conv = {k: parse_option_value(k, v) for k, v in overrides.items()}
        return replace(self, **conv)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def to_array(self) -> np.ndarray:
        """Pack into the int64 array the kernels read (see the ``R_*`` indices)."""
        a = np.zeros(N_RULE_FIELDS, dtype=np.int64)
        a[R_STICK] = self.stick_the_dealer
        a[R_TARGET] = self.target_score
        a[R_DEFENDER_ALONE] = self.defender_alone
        a[R_DEALER_PARTNER_ALONE] = self.dealer_partner_alone
        a[R_LEAD] = LEAD_VALUES.index(self.lead)
        a[R_SUPER_EUCHRE] = self.super_euchre
        a[R_NO_FIRST_BLOOD] = self.no_first_blood
        a[R_DEALER_NEEDS_TRUMP] = self.dealer_needs_trump
        a[R_PASSED_CANNOT_ALONE] = self.passed_cannot_go_alone
        a[R_DECK] = self.deck
        a[R_REDEAL] = REDEAL_VALUES.index(self.redeal)
        a[R_FARMERS] = self.farmers_hand
        a[R_PARTNERS_BEST] = PARTNERS_BEST_VALUES.index(self.partners_best)
        return a

    def differences(self) -> dict[str, Any]:
        """Options that differ from the defaults."""
        base = Rules()
        return {k: v for k, v in self.to_dict().items() if getattr(base, k) != v}


def _show(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def parse_option_value(name: str, value: Any) -> Any:
    """Convert a user-given value (often a string from ``--set``) to the option's type."""
    if name not in OPTION_VALUES:
        valid = ", ".join(OPTION_VALUES)
        raise RulesError(f"unknown rule option {name!r}: valid options are {valid}")
    allowed = OPTION_VALUES[name]
    if isinstance(allowed[0], bool):
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("true", "1", "yes", "on"):
            return True
        if text in ("false", "0", "no", "off"):
            return False
        raise RulesError(f"bad value {value!r} for rule option {name}: allowed are true, false")
    if isinstance(allowed[0], int):
        try:
            number = int(str(value).strip())
        except ValueError:
            number = None
        if number not in allowed:
            raise RulesError(
                f"bad value {value!r} for rule option {name}: allowed are "
                + ", ".join(str(v) for v in allowed)
            )
        return number
    text = str(value).strip()
    if text not in allowed:
        raise RulesError(
            f"bad value {value!r} for rule option {name}: allowed are " + ", ".join(allowed)
        )
    return text


def parse_assignments(items: list[str] | None) -> dict[str, Any]:
    """Parse ``["deck=25", "super_euchre=true"]`` (the CLI's ``--set``) into overrides."""
    out: dict[str, Any] = {}
    for item in items or []:
        if "=" not in item:
            raise RulesError(f"bad --set {item!r}: expected option=value, e.g. deck=25")
        key, value = item.split("=", 1)
        key = key.strip().replace("-", "_")
        out[key] = parse_option_value(key, value)
    return out


RULESETS: dict[str, Rules] = {
    "north-american": Rules(),
    "openspiel": Rules(),
    "tournament": Rules(stick_the_dealer=False),
    "canadian": Rules(dealer_partner_alone=True, defender_alone=True),
    "british": Rules(
        deck=25,
        target_score=11,
        dealer_partner_alone=True,
        defender_alone=True,
        lead="left_of_lone",
        stick_the_dealer=False,
    ),
    "new-zealand": Rules(deck=32),
}

RULESET_HELP = {
    "north-american": "the standard game (the default)",
    "openspiel": "the defaults; OpenSpiel's euchre, for cross-checking",
    "tournament": "no stick the dealer: hands are thrown in when all pass twice",
    "canadian": "Canadian loner and lone defenders",
    "british": "25-card Benny deck, 11 points, Canadian loner, lone defenders, lead left of lone",
    "new-zealand": "32-card deck (7s and 8s)",
}

# Indices into the packed rules array.
(
    R_STICK,
    R_TARGET,
    R_DEFENDER_ALONE,
    R_DEALER_PARTNER_ALONE,
    R_LEAD,
    R_SUPER_EUCHRE,
    R_NO_FIRST_BLOOD,
    R_DEALER_NEEDS_TRUMP,
    R_PASSED_CANNOT_ALONE,
    R_DECK,
    R_REDEAL,
    R_FARMERS,
    R_PARTNERS_BEST,
    N_RULE_FIELDS,
) = range(14)

LEAD_ELDEST, LEAD_LEFT_OF_LONE = 0, 1
REDEAL_NONE, REDEAL_ACE_NO_FACE, REDEAL_NINES_AND_TENS = 0, 1, 2
PB_NONE, PB_GIVE, PB_RAILROAD = 0, 1, 2


def describe_rulesets() -> str:
    """Text listing of the named rulesets and every option (``euchre-sim rules``)."""
    lines = ["Named rulesets:"]
    for name, rules in RULESETS.items():
        diff = rules.differences()
        opts = ", ".join(f"{k}={_show(v)}" for k, v in diff.items()) or "(defaults)"
        lines.append(f"  {name:<15} {RULESET_HELP[name]}")
        lines.append(f"  {'':<15} {opts}")
    lines.append("")
    lines.append("Options (default first; override with --set option=value):")
    default = Rules()
    for name, allowed in OPTION_VALUES.items():
        dv = _show(getattr(default, name))
        others = [_show(v) for v in allowed if _show(v) != dv]
        values = " / ".join([dv + " (default)"] + others)
        lines.append(f"  {name:<23} {values}")
        lines.append(f"  {'':<23} {OPTION_HELP[name]}")
    return "\n".join(lines)
