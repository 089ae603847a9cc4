"""Rule options of ``RULES.md`` sections 2 and 3.1, the named rulesets, validation and packing.

Every rule option is declared once, in the table below: one ``_option(...)`` line gives the
:class:`Rules` field, its allowed values, its default, its slot in the packed array (the ``R_*``
constant it returns) and its help text. Everything else is derived from that table: the fields of
the frozen dataclass ``Rules`` and their validation, :meth:`Rules.to_array` (the int64 array the
kernels read at the ``R_*`` indices), ``--set`` parsing and the ``euchre-sim rules`` listing.
Every option's default is the standard (``north-american``) game.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

import numpy as np

from .cards import DECK_SIZES

RULES_VERSION = 1
"""Changes only when the behaviour of the engine changes (recorded in every result's provenance)."""


class RulesError(ValueError):
    """An unknown ruleset, option or option value (one-line message)."""


def _show(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


@dataclass(frozen=True)
class RuleOption:
    """One rule option: a :class:`Rules` field, the values it takes and where the kernels read it.

    ``values`` are the allowed values in listing order; their type is the option's kind (bool,
    int or str). A bool option may also take str values after false and true (``farmers_hand``:
    false / true / strict). In the packed array a bool is 0/1, an int itself, a str its index
    in ``values``.
    """

    name: str
    values: tuple
    default: Any
    slot: int
    help: str

    @property
    def kind(self) -> type:
        return type(self.values[0])

    def allowed(self) -> str:
        return ", ".join(_show(v) for v in self.values)

    def _bad(self, value: Any, allowed: str | None = None) -> RulesError:
        return RulesError(
            f"bad value {value!r} for rule option {self.name}: allowed are "
            + (self.allowed() if allowed is None else allowed)
        )

    def words(self) -> tuple[str, ...]:
        """The str values of a bool option beyond false and true (none for most)."""
        return tuple(v for v in self.values if isinstance(v, str)) if self.kind is bool else ()

    def check(self, value: Any) -> None:
        """Raise :class:`RulesError` unless ``value`` is one of the option's values (typed)."""
        if self.kind is bool:
            ok = isinstance(value, bool) or value in self.words()
        elif self.kind is int:
            ok = isinstance(value, int) and not isinstance(value, bool) and value in self.values
        else:
            ok = value in self.values
        if not ok:
            raise self._bad(value)

    def parse(self, value: Any) -> Any:
        """Convert a user-given value (often a string from ``--set``) to the option's type."""
        if self.kind is bool:
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in ("true", "1", "yes", "on"):
                return True
            if text in ("false", "0", "no", "off"):
                return False
            if text in self.words():
                return text
            raise self._bad(value, ", ".join(("true", "false") + self.words()))
        if self.kind is int:
            try:
                number = int(str(value).strip())
            except ValueError:
                number = None
            if number not in self.values:
                raise self._bad(value)
            return number
        text = str(value).strip()
        if text not in self.values:
            raise self._bad(value)
        return text

    def encode(self, value: Any) -> int:
        """The option's entry in the packed array."""
        return self.values.index(value) if isinstance(value, str) else int(value)


_TABLE: list[RuleOption] = []


def _option(name: str, values: tuple, default: Any, help: str) -> int:
    """Declare the next rule option (table order = field order = slot order); its slot."""
    if name in (o.name for o in _TABLE):
        raise AssertionError(f"rule option {name} declared twice")
    if default not in values:
        raise AssertionError(f"rule option {name}: default {default!r} is not one of its values")
    _TABLE.append(RuleOption(name, tuple(values), default, len(_TABLE), help))
    return len(_TABLE) - 1


# The rule options, in the order of RULES.md section 2 (then those of section 3.1, below). Each
# line declares one option: its field name, its values (listing order), its default, its help
# text; the R_* name on the left is its slot in the packed array, a plain int the kernels import.
R_STICK = _option(
    "stick_the_dealer", (True, False), True,
    "dealer must name trump when all pass twice (else the hand is thrown in)",
)
R_TARGET = _option("target_score", (5, 10, 11, 15), 10, "points that win the game")
R_DEFENDER_ALONE = _option(
    "defender_alone", (False, True), False,
    "a defender may go alone; a lone defender's euchre scores 4",
)
R_DEALER_PARTNER_ALONE = _option(
    "dealer_partner_alone", (False, True), False,
    "Canadian loner: dealer's partner who orders up must play alone",
)
R_LEAD = _option(
    "lead", ("eldest", "left_of_lone", "right_of_lone"), "eldest",
    "first lead with a lone player: eldest active hand, left or right of the lone player",
)
R_SUPER_EUCHRE = _option(
    "super_euchre", (False, True), False, "makers taking no trick give the defenders 4"
)
R_NO_FIRST_BLOOD = _option(
    "no_first_blood", (False, True), False,
    "the first lead may not be trump unless the leader holds nothing else",
)
R_DEALER_NEEDS_TRUMP = _option(
    "dealer_needs_trump", (False, True), False,
    "dealer may take up only holding a card of the up-card's suit",
)
R_PASSED_CANNOT_ALONE = _option(
    "passed_cannot_go_alone", (False, True), False,
    "a player who passed in the making round may not play alone",
)
R_DECK = _option(
    "deck", DECK_SIZES, 24, "24, 25 (with joker), 32 (with 7s and 8s) or 33 cards"
)
R_REDEAL = _option(
    "redeal", ("none", "ace_no_face", "nines_and_tens"), "none",
    "hands that may call for a redeal: none, ace_no_face, nines_and_tens",
)
R_FARMERS = _option(
    "farmers_hand", (False, True, "strict"), False,
    "three 9s/10s may be exchanged for the kitty before bidding (one exchange); strict: only "
    "three 9s or three 10s, each such player in turn",
)
R_PARTNERS_BEST = _option(
    "partners_best", ("none", "give", "railroad"), "none",
    "lone player receives a card from partner: none, give, railroad",
)

# The options of RULES.md section 3.1 (more options of the four-handed game).
R_LONE_DEFENCE = _option(
    "lone_defence", ("any", "against_lone_maker"), "any",
    "with defender_alone: defend alone against any maker, or only against a lone maker",
)
R_HEARTS_NEVER_TRUMP = _option(
    "hearts_never_trump", (False, True), False,
    "hearts can never be trump: a heart up-card is passed, hearts cannot be named",
)
R_CLUB_EUCHRE = _option(
    "club_euchre", (False, True), False,
    "a club up-card must be taken: clubs trump, the dealer maker, no bidding",
)

R_MCEVOY_LIMIT = _option(
    "mcevoy_limit", (False, True), False,
    "with redeal = nines_and_tens, in whole games: one McEvoy redeal call per player per game",
)
R_CHUCK = _option(
    "chuck", (False, True), False,
    "with stick_the_dealer: the stuck dealer may instead keep one card, take the up-card and "
    "the kitty for the other four, and play the up-card's suit",
)
R_PARTNER_ALONE = _option(
    "partner_may_go_alone", (False, True), False,
    "British: when the maker does not go alone his partner may, and the maker sits out",
)
R_NO_TRUMP = _option(
    "no_trump", (False, True), False,
    "in round 2 a player may call no trump (aces high, jacks plain, no trump suit); scored as "
    "a trump; 24-card deck only (no effect with 25, 32 or 33 cards)",
)
R_SMITTY = _option(
    "smitty", (False, True), False,
    "before the bidding the eldest guesses the up-card's suit: if right it is trump, he takes "
    "the up-card and may call for the game (alone, unseen; a lone march wins the game)",
)

RULE_OPTIONS: tuple[RuleOption, ...] = tuple(_TABLE)
"""Every rule option, in slot order (``RULE_OPTIONS[R_DECK].name == "deck"``)."""
N_RULE_FIELDS = len(RULE_OPTIONS)
OPTIONS: dict[str, RuleOption] = {o.name: o for o in RULE_OPTIONS}
OPTION_VALUES: dict[str, tuple] = {o.name: o.values for o in RULE_OPTIONS}
"""Allowed values of every option, in the order of RULES.md."""


def _code(slot: int, value: str) -> int:
    """The packed code of one value of a str option (fails at import if the table changes)."""
    return RULE_OPTIONS[slot].values.index(value)


# Packed codes of the str options' values, for the kernels.
LEAD_ELDEST, LEAD_LEFT_OF_LONE = _code(R_LEAD, "eldest"), _code(R_LEAD, "left_of_lone")
LEAD_RIGHT_OF_LONE = _code(R_LEAD, "right_of_lone")
LONE_DEFENCE_ANY = _code(R_LONE_DEFENCE, "any")
REDEAL_NONE = _code(R_REDEAL, "none")
REDEAL_ACE_NO_FACE = _code(R_REDEAL, "ace_no_face")
REDEAL_NINES_AND_TENS = _code(R_REDEAL, "nines_and_tens")
FARMERS_STRICT = _code(R_FARMERS, "strict")
PB_NONE = _code(R_PARTNERS_BEST, "none")
PB_GIVE = _code(R_PARTNERS_BEST, "give")
PB_RAILROAD = _code(R_PARTNERS_BEST, "railroad")


def _option_fields(cls: type) -> type:
    """Give ``cls`` one annotated field per rule option, with its default, in table order."""
    cls.__annotations__ = {o.name: o.kind.__name__ for o in RULE_OPTIONS}
    for o in RULE_OPTIONS:
        setattr(cls, o.name, o.default)
    return cls


@dataclass(frozen=True)
@_option_fields
class Rules:
    """One complete set of rule options (defaults: the standard North American game).

    One field per entry of ``RULE_OPTIONS``, in its order, with its default (``deck``,
    ``stick_the_dealer``, ...; ``euchre-sim rules`` lists them); values are validated on
    construction.
    """

    def __post_init__(self) -> None:
        for o in RULE_OPTIONS:
            o.check(getattr(self, o.name))

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
        for o in RULE_OPTIONS:
            a[o.slot] = o.encode(getattr(self, o.name))
        return a

    def differences(self) -> dict[str, Any]:
        """Options that differ from the defaults."""
        base = Rules()
        return {k: v for k, v in self.to_dict().items() if getattr(base, k) != v}


# options that do nothing unless another has a value: (option, its prerequisite, the value)
NEEDS: tuple[tuple[str, str, Any], ...] = (
    ("chuck", "stick_the_dealer", True),
    ("mcevoy_limit", "redeal", "nines_and_tens"),
)


def inert_options(rules: Rules) -> list[str]:
    """The options switched on that change nothing under ``rules`` (``chuck`` without a stuck
    dealer, ...), each as a one-line reason: a user who asks for one is told, not ignored."""
    return [f"{name}={_show(getattr(rules, name))} does nothing without {need}="
            f"{_show(value)}" for name, need, value in NEEDS
            if getattr(rules, name) and getattr(rules, need) != value]


def _show(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def no_trump_callable(rules: Rules) -> bool:
    """May no trump be called in round 2? ``no_trump`` with the 24-card deck (the option has
    no effect with 25, 32 or 33 cards: docs/engine.md, step 6)."""
    return bool(rules.no_trump) and rules.deck == 24


def parse_option_value(name: str, value: Any) -> Any:
    """Convert a user-given value (often a string from ``--set``) to the option's type."""
    if name not in OPTIONS:
        valid = ", ".join(OPTIONS)
        raise RulesError(f"unknown rule option {name!r}: valid options are {valid}")
    return OPTIONS[name].parse(value)


def parse_assignments(items: list[str] | None) -> dict[str, Any]:
    """Parse ``["deck=25", "super_euchre=true"]`` (the CLI's ``--set``) into overrides."""
    out: dict[str, Any] = {}
    for item in items or []:
        if "=" not in item:
            raise RulesError(f"bad --set {item!r}: expected option=value, e.g. deck=25")
        key, value = item.split("=", 1)
        key = key.strip().replace("-", "_")
        if key in out:
            raise RulesError(f"rule option {key!r} is set twice ({key}={_show(out[key])}, then "
                             f"{item.strip()}): set it once")
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
    for o in RULE_OPTIONS:
        dv = _show(o.default)
        others = [_show(v) for v in o.values if _show(v) != dv]
        values = " / ".join([dv + " (default)"] + others)
        lines.append(f"  {o.name:<23} {values}")
        lines.append(f"  {'':<23} {o.help}")
    return "\n".join(lines)
