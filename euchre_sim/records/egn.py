"""Euchre Game Notation (EGN): deals and games written as EGN JSON, and EGN deals read back
as preset deals.

EGN is the public JSON format of github.com/NextSuit-Labs/euchre-game-notation (its schema
``schemas/egn-schema-v1.json``, versions 1.2-1.4); docs/egn.md says which fields this module
writes and reads, and what EGN cannot say. Writing: a deal's record and trace become one EGN
deal (:func:`deal_json`). Reading: an EGN deal becomes a :class:`PresetDeal` whose script forces
the calls, loner decisions, discard and cards the file records (:func:`read_deal`); after the
replay :func:`check_replay` says, in one line, where the engine could not follow the file.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..core.common import layout as L
from ..engine.simulate import PresetDeal, SimulationError
from ..game.cards import (
    JOKER,
    RANK_J,
    RANKS,
    CardError,
    cards_to_mask,
    make_card,
    mask_to_cards,
    parse_card,
)
from ..game.rules import Rules
from ..game.user_files import UserFileError, load_json

FILE_TYPE = "Euchre Game Notation"
VERSION = "1.3"  # the schema version written; files of any 1.x version are read
SUIT_LETTERS = "cdhs"
PASS, ORDER = "Pass", "Order"
LONER_LEAD = {"eldest": "LEFT_OF_DEALER", "left_of_lone": "LEFT_OF_LONER"}
UNSUPPORTED = {  # ruleset fields of EGN and the only value of each that euchre-sim plays
    "num_players": 4, "loner_march_score": 4, "loner_euchred_score": 2, "go_under": False,
    "allow_no_trump": False, "fast_break": False, "four_trick_tokens": False,
}


class EGNError(ValueError):
    """A malformed EGN file, or one whose deal the engine cannot replay (one-line message)."""


# --------------------------------------------------------------------------------------------
# Cards
# --------------------------------------------------------------------------------------------


def card_text(card: int) -> str:
    """A card as EGN writes it: rank capital, suit small (``Jh``, ``Tc``); the joker ``B``."""
    return "B" if card == JOKER else RANKS[card % 8] + SUIT_LETTERS[card // 8]


def read_card(text: object, where: str, deck: int, trump: int = -1) -> int:
    """The card id of an EGN card (also ``N`` for a nine, ``R``/``L`` for the bowers once
    ``trump`` is known, and the tool's own notations such as ``JH``, ``10h``)."""
    if not isinstance(text, str):
        raise EGNError(f"{where}: a card must be text like 'Jh', got {text!r}")
    token = text.strip()
    if token in ("R", "L"):
        if trump < 0:
            raise EGNError(f"{where}: {token!r} (a bower) needs the trump suit, which the "
                           "calls do not make")
        return make_card(trump if token == "R" else trump ^ 3, RANK_J)
    if token == "B":
        token = "joker"
    elif len(token) == 2 and token[0] == "N":
        token = "9" + token[1]
    if "X" in token or (len(token) == 2 and token[1] in "xtng"):  # "h" is hearts, not "green"
        raise EGNError(f"{where}: {text!r} is an unknown or generic card, which cannot be "
                       "replayed: name every card")
    try:
        return parse_card(token, deck)
    except CardError as exc:
        raise EGNError(f"{where}: {exc}") from None


# --------------------------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------------------------


def final_deal(trace: Sequence[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """The events of the deal that stood: those after the last redeal call."""
    last = max((i for i, ev in enumerate(trace) if ev[0] == L.EV_REDEAL), default=-1)
    return list(trace[last + 1:])


def calls_of(record: dict, trace: Sequence[tuple[int, int, int]]) -> list[str]:
    """The EGN calls of a deal, from the dealer's left: ``Pass``, ``Order`` (round 1) and the
    suit letter named (round 2). A joker turned up reads as three passes and the dealer naming
    his suit; a club under ``club_euchre`` as three passes and the dealer's order; a chuck as
    the stuck dealer naming the up-card's suit (docs/egn.md)."""
    calls: list[str] = []
    for kind, _, value in final_deal(trace):
        if kind in (L.EV_PASS1, L.EV_PASS2):
            calls.append(PASS)
        elif kind == L.EV_ORDER:
            calls.append(ORDER)
        elif kind == L.EV_CALL:
            calls.append(SUIT_LETTERS[value])
        elif kind == L.EV_JOKER_TRUMP:
            calls += [PASS] * 3 + [SUIT_LETTERS[value]]
        elif kind == L.EV_CLUB_EUCHRE:
            calls += [PASS] * 3 + [ORDER]
        elif kind == L.EV_CHUCK:
            calls.append(SUIT_LETTERS[record["up_card"] // 8])
    return calls


def deal_json(record: dict, trace: Sequence[tuple[int, int, int]], number: int) -> dict:
    """One EGN deal from a deal's record and trace (``show``'s replay, a preset replay)."""
    hands = [[card_text(c) for c in mask_to_cards(record[f"hand{s}"])] for s in range(4)]
    bidding: dict[str, Any] = {"phaseNumber": 0, "type": "EUCHRE_BIDDING",
                               "calls": calls_of(record, trace),
                               "isAlone": bool(record["alone"])}
    if record["defender"] >= 0:
        bidding["aloneDefender"] = record["defender"]
    if record["discard"] >= 0:
        bidding["discard"] = card_text(record["discard"])
    events = final_deal(trace)
    gives = [{"sender": s, "receiver": (s + 2) & 3, "cards": [card_text(v)]}
             for kind, s, v in events if kind == L.EV_GIVE]
    if gives:
        bidding["cardExchanges"] = gives
    phases: list[dict] = [bidding]
    if not record["thrown_in"]:
        tricks: list[list[str]] = [[]]
        for kind, _, value in events:
            if kind == L.EV_PLAY:
                tricks[-1].append(card_text(value))
            elif kind == L.EV_TRICK:
                tricks.append([])
        phases.append({"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": tricks[:-1]})
    return {"dealNumber": number,
            "initialState": {"dealer": record["dealer"], "upCard": card_text(record["up_card"]),
                             "playerCards": hands},
            "phases": phases}


def ruleset_json(rules: Rules) -> dict:
    """The EGN ruleset flags that have an option here (the others go in the description)."""
    out: dict[str, Any] = {"std": rules.stick_the_dealer,
                           "min_rank": 9 if rules.deck in (24, 25) else 7,
                           "winning_score": rules.target_score,
                           "canadian": rules.dealer_partner_alone}
    if rules.lead in LONER_LEAD:
        out["loner_lead"] = LONER_LEAD[rules.lead]
    out.update(defend_alone=rules.defender_alone, farmers=bool(rules.farmers_hand),
               partners_best=rules.partners_best != "none", joker=rules.deck in (25, 33))
    return out


def document(deals: list[dict], rules: Rules, players: Sequence[str], *, game_id: str,
             title: str, description: str, initial_score: tuple[int, int] = (0, 0),
             final_score: tuple[int, int] | None = None) -> dict:
    """A whole EGN file: metadata (within the schema's lengths) and the deals."""
    refuse_smitty(rules)
    meta: dict[str, Any] = {"gameId": game_id[:64], "title": title[:128],
                            "description": description[:1024],
                            "players": [p[:64] for p in players],
                            "initialScore": list(initial_score)}
    if final_score is not None:
        meta["finalScore"] = list(final_score)
    meta["ruleset"] = ruleset_json(rules)
    return {"fileType": FILE_TYPE, "version": VERSION, "metadata": meta, "deals": deals}


def refuse_smitty(rules: Rules) -> None:
    """EGN has no eldest's guess (rule smitty): such deals are neither written nor read."""
    if rules.smitty:
        raise EGNError("smitty is not supported by EGN: the format cannot write the eldest's "
                       "guess of the up-card's suit")


def dumps(doc: dict) -> str:
    """The file's text: indented JSON with each list of cards (or numbers) on one line."""
    return _json(doc, "") + "\n"


def _json(value: object, indent: str) -> str:
    inner = indent + "  "
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(k)}: {_json(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{indent}}}" if items else "{}"
    if isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value):
        return "[\n" + ",\n".join(inner + _json(v, inner) for v in value) + f"\n{indent}]"
    return json.dumps(value, ensure_ascii=False)


# --------------------------------------------------------------------------------------------
# Reading
# --------------------------------------------------------------------------------------------


def load(path: str | Path) -> dict:
    """Read and check the outline of an EGN file (``fileType``, ``version``, ``deals``)."""
    try:
        doc = load_json(path, "EGN file")
    except FileNotFoundError as exc:
        raise EGNError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UserFileError as exc:
        raise EGNError(str(exc)) from None
    except json.JSONDecodeError as exc:
        raise EGNError(f"{path}: not JSON ({exc.msg} at line {exc.lineno})") from None
    if not isinstance(doc, dict) or doc.get("fileType") != FILE_TYPE:
        raise EGNError(f"{path}: not an EGN file (fileType must be {FILE_TYPE!r})")
    if not str(doc.get("version", "")).startswith("1."):
        raise EGNError(f"{path}: EGN version {doc.get('version')!r} is not 1.x")
    deals = doc.get("deals")
    if not isinstance(deals, list) or not deals:
        raise EGNError(f"{path}: the file has no deals")
    if any(isinstance(d, str) for d in deals):
        raise EGNError(f"{path}: condensed (Base64) deals are not read: convert the file to "
                       "JSON deals with egn-convert")
    if not isinstance(doc.get("metadata", {}), dict):
        raise EGNError(f"{path}: metadata must be an object")
    return doc


# the ruleset's flags that are JSON true or false (a string "false" is not false)
BOOLEAN_FLAGS = ("std", "canadian", "defend_alone", "farmers", "partners_best", "joker")


def apply_ruleset(doc: dict, rules: Rules) -> Rules:
    """``rules`` with the file's ruleset flags applied (the flags it leaves out keep their
    value; a flag euchre-sim does not play is an error)."""
    flags = doc.get("metadata", {}).get("ruleset", {})
    if not isinstance(flags, dict):
        raise EGNError("metadata.ruleset must be an object")
    changes: dict[str, Any] = {}
    for key, value in flags.items():
        if key in UNSUPPORTED:
            if value != UNSUPPORTED[key]:
                raise EGNError(f"ruleset {key}={json.dumps(value)}: euchre-sim does not play "
                               "this rule")
        elif key not in ("std", "min_rank", "winning_score", "canadian", "loner_lead",
                         "defend_alone", "farmers", "partners_best", "joker", "num_deals"):
            raise EGNError(f"ruleset: unknown field {key!r}")
    for key in BOOLEAN_FLAGS:
        if key in flags and not isinstance(flags[key], bool):
            raise EGNError(f"ruleset {key}={json.dumps(flags[key])}: expected true or false")
    score = flags.get("winning_score", 10)
    if isinstance(score, bool) or not isinstance(score, int):
        raise EGNError(f"ruleset winning_score={json.dumps(score)}: expected an integer")
    mapping = {"std": "stick_the_dealer", "winning_score": "target_score",
               "canadian": "dealer_partner_alone", "defend_alone": "defender_alone"}
    for key, option in mapping.items():
        if key in flags:
            changes[option] = flags[key]
    if "loner_lead" in flags:
        lead = {v: k for k, v in LONER_LEAD.items()}.get(flags["loner_lead"])
        if lead is None:
            raise EGNError(f"ruleset loner_lead={flags['loner_lead']!r}: expected "
                           "LEFT_OF_DEALER or LEFT_OF_LONER")
        changes["lead"] = lead
    if "farmers" in flags and bool(flags["farmers"]) != bool(rules.farmers_hand):
        changes["farmers_hand"] = bool(flags["farmers"])
    if "partners_best" in flags and flags["partners_best"] != (rules.partners_best != "none"):
        changes["partners_best"] = "give" if flags["partners_best"] else "none"
    low = flags.get("min_rank", 9 if rules.deck in (24, 25) else 7)
    if low not in (9, 7):
        raise EGNError(f"ruleset min_rank={json.dumps(low)}: euchre-sim plays 9 (24/25 cards) "
                       "or 7 (32/33 cards)")
    joker = flags.get("joker", rules.deck in (25, 33))
    changes["deck"] = (24 if low == 9 else 32) + bool(joker)
    try:
        return rules.with_options(**changes)
    except ValueError as exc:
        raise EGNError(f"ruleset: {exc}") from None


@dataclass(frozen=True)
class History:
    """What an EGN deal records after the deal itself: calls, loner decisions (None where it
    says nothing), the dealer's discard, cards given under partner's best, the tricks."""

    calls: tuple[str, ...]
    alone: bool | None
    defender: int | None
    discard: int | None
    gives: tuple[tuple[int, int, int], ...] | None
    tricks: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class EGNDeal:
    """One EGN deal read back: its ``dealNumber``, the preset deal (with the script that
    forces its history) and the history itself, to check the replay against."""

    number: int
    preset: PresetDeal
    history: History


def read_deal(doc: dict, k: int, rules: Rules, score: tuple[int, int]) -> EGNDeal:
    """Deal ``k`` (0-based position in ``deals``) as a preset deal, ``score`` the game score
    before it; every problem is a one-line :class:`EGNError` naming the deal and the field."""
    refuse_smitty(rules)
    deals = doc["deals"]
    if not 0 <= k < len(deals):
        raise EGNError(f"deal {k}: the file has {len(deals)} deal(s), numbered 0..{len(deals) - 1}")
    deal, where = deals[k], f"deal {k}"
    if not isinstance(deal, dict) or not isinstance(deal.get("initialState"), dict):
        raise EGNError(f"{where}: a deal needs an initialState object")
    state = deal["initialState"]
    dealer = state.get("dealer")
    if dealer not in (0, 1, 2, 3) or isinstance(dealer, bool):
        raise EGNError(f"{where}: initialState.dealer must be a seat 0..3, got {dealer!r}")
    up = read_card(state.get("upCard"), f"{where}: upCard", rules.deck)
    hands = state.get("playerCards", state.get("player_cards"))
    if not isinstance(hands, list) or len(hands) != 4 or not all(
            isinstance(h, list) and h for h in hands):
        raise EGNError(f"{where}: initialState.playerCards must give the four dealt hands "
                       "(seat 0..3); euchre-sim does not guess unseen cards")
    masks = [_mask([read_card(c, f"{where}: playerCards[{s}]", rules.deck) for c in h],
                   f"{where}: playerCards[{s}]") for s, h in enumerate(hands)]
    kitty = state.get("kitty")  # EGN 1.0-1.1 only; dropped by 1.2 (docs/egn.md)
    if kitty is not None:
        if not isinstance(kitty, list) or len(kitty) != 3:
            raise EGNError(f"{where}: kitty must list three cards")
        kitty = _mask([read_card(c, f"{where}: kitty", rules.deck) for c in kitty],
                      f"{where}: kitty")
    history = read_history(deal, where, rules.deck, up)
    try:
        preset = PresetDeal.of(masks, up, dealer, rules, kitty=kitty, score=score)
    except SimulationError as exc:
        raise EGNError(f"{where}: {exc}") from None
    number = deal.get("dealNumber", k)
    return EGNDeal(number if isinstance(number, int) else k,
                   replace(preset, script=tuple(script_of(history, dealer, up))), history)


def read_history(deal: dict, where: str, deck: int, up: int) -> History:
    """The bidding and play phases of an EGN deal, checked and with cards as ids."""
    phases = deal.get("phases", [])
    if not isinstance(phases, list) or not all(isinstance(p, dict) for p in phases):
        raise EGNError(f"{where}: phases must be a list of objects")
    bid = next((p for p in phases if p.get("type") == "EUCHRE_BIDDING"), {})
    play = next((p for p in phases if p.get("type") == "TRICK_PLAY"), {})
    calls = bid.get("calls", [])
    if not isinstance(calls, list):
        raise EGNError(f"{where}: calls must be a list")
    made = _check_calls(calls, where, up)
    trump = -1
    if made is not None:
        call = calls[made]
        trump = up // 8 if call == ORDER else SUIT_LETTERS.index(call)
    alone = bid.get("isAlone") if made is not None else None
    if alone is not None and not isinstance(alone, bool):
        raise EGNError(f"{where}: isAlone must be true or false")
    defender = bid.get("aloneDefender")
    if defender is not None and defender not in (-1, 0, 1, 2, 3):
        raise EGNError(f"{where}: aloneDefender must be a seat 0..3 or -1, got {defender!r}")
    discard = bid.get("discard")
    if discard is not None:
        discard = read_card(discard, f"{where}: discard", deck, trump)
    gives = bid.get("cardExchanges")
    if gives is not None:
        gives = tuple(_exchange(x, f"{where}: cardExchanges", deck, trump) for x in gives)
    tricks = play.get("tricks", [])
    if not isinstance(tricks, list) or len(tricks) > 5 or not all(
            isinstance(t, list) and len(t) <= 4 for t in tricks):
        raise EGNError(f"{where}: tricks must be at most five lists of at most four cards")
    if tricks and made is None:
        raise EGNError(f"{where}: tricks are played but nobody made trump in the calls")
    cards = tuple(tuple(read_card(c, f"{where}: trick {t + 1}", deck, trump) for c in trick)
                  for t, trick in enumerate(tricks))
    flat = [c for trick in cards for c in trick]
    if len(set(flat)) != len(flat):
        raise EGNError(f"{where}: a card is played twice in the tricks")
    if tricks and defender is None:
        defender = -1  # the play has started: nobody defended alone
    return History(tuple(calls), alone, defender, discard, gives, cards)


def script_of(history: History, dealer: int, up: int) -> list[int]:
    """The preset script that forces ``history`` (docs/engine.md, "Preset deals and
    scripts"): no redeal, each call, the maker's (and his partner's) loner decision, the lone
    defender, the discard and every card played."""
    script = [-1] * L.N_SCRIPT
    for seat in range(4):
        script[L.SC_REDEAL + seat] = 0
    maker = -1
    for i, call in enumerate(history.calls):
        seat = (dealer + 1 + i) & 3
        if call == PASS:
            script[(L.SC_ROUND1 if i < 4 else L.SC_ROUND2) + seat] = 0 if i < 4 else L.SCRIPT_PASS
            continue
        maker = seat
        if call == ORDER:
            script[L.SC_ROUND1 + seat] = 1
        elif i >= 4:  # round 2 (the joker's suit, in round 1, is never scripted)
            script[L.SC_ROUND2 + seat] = SUIT_LETTERS.index(call)
    if maker >= 0 and history.alone is not None:
        script[L.SC_ALONE + maker] = int(history.alone)
        script[L.SC_ALONE + (maker ^ 2)] = 0
    if maker >= 0 and history.defender is not None:
        for seat in (maker ^ 1, maker ^ 3):
            script[L.SC_DEFEND + seat] = int(seat == history.defender)
    if history.discard is not None:
        script[L.SC_DISCARD] = history.discard
    for k, card in enumerate(c for trick in history.tricks for c in trick):
        script[L.SC_PLAY + k] = card
    return script


def check_replay(egn: EGNDeal, record: dict, trace: Sequence[tuple[int, int, int]],
                 deck: int, where: str) -> None:
    """Raise a one-line :class:`EGNError` where the replay does not follow the file: a card
    not held or not following suit, a call the rules do not allow, a decision the engine
    cannot force (the joker's trump, a farmer's hand, a chuck, partner's best)."""
    got = read_history(deal_json(record, trace, egn.number), where, deck, record["up_card"])
    want = egn.history
    checks = [("calls", list(want.calls), list(got.calls[:len(want.calls)]))]
    if want.alone is not None:
        checks.append(("isAlone", want.alone, got.alone))
    if want.defender is not None:
        checks.append(("aloneDefender", _seat(want.defender), _seat(got.defender)))
    if want.discard is not None:
        checks.append(("discard", _texts([want.discard]), _texts([got.discard])))
    if want.gives is not None:
        checks.append(("cardExchanges", [list(x) for x in want.gives],
                       [list(x) for x in got.gives or ()]))
    for t, trick in enumerate(want.tricks):
        replayed = got.tricks[t] if t < len(got.tricks) else ()
        checks.append((f"trick {t + 1}", _texts(trick), _texts(replayed[:len(trick)])))
    for field, wanted, replayed in checks:
        if wanted != replayed:
            raise EGNError(f"{where}: the engine does not follow the file's {field}: the file "
                           f"says {json.dumps(wanted)}, the replay {json.dumps(replayed)} (a "
                           "card not held or not following suit, a call these rules do not "
                           "allow, or a decision no script forces: the joker's trump, a "
                           "farmer's hand, a chuck, partner's best)")


def _check_calls(calls: list, where: str, up: int) -> int | None:
    """Check the calls; the index of the call that made trump, or None."""
    if len(calls) > 8:
        raise EGNError(f"{where}: {len(calls)} calls; at most eight (two rounds of four)")
    for i, call in enumerate(calls):
        if call in ("n", "x"):
            raise EGNError(f"{where}: call {i + 1} {call!r}: no-trump and unknown calls are "
                           "not played here")
        if call not in (PASS, ORDER, *SUIT_LETTERS):
            raise EGNError(f"{where}: call {i + 1} is {call!r}: expected Pass, Order or a suit "
                           "letter c d h s")
        if call == PASS:
            continue
        if i + 1 < len(calls):
            raise EGNError(f"{where}: call {i + 1} made trump, yet calls follow it")
        round1_suit = call != ORDER and i < 4 and not (up == JOKER and i == 3)
        if (call == ORDER and i >= 4) or round1_suit:
            raise EGNError(f"{where}: call {i + 1} {call!r}: round 1 (calls 1-4) orders the "
                           "up-card, round 2 (calls 5-8) names a suit")
        return i
    return None


def _exchange(item: object, where: str, deck: int, trump: int) -> tuple[int, int, int]:
    if not (isinstance(item, dict) and isinstance(item.get("cards"), list)
            and len(item["cards"]) == 1 and item.get("sender") in (0, 1, 2, 3)
            and item.get("receiver") in (0, 1, 2, 3)):
        raise EGNError(f"{where}: each exchange needs a sender, a receiver (seats) and one "
                       "card (partner's best)")
    card = read_card(item["cards"][0], where, deck, trump)
    return item["sender"], item["receiver"], card


def _mask(cards: list[int], where: str) -> int:
    try:
        return cards_to_mask(cards)
    except CardError as exc:
        raise EGNError(f"{where}: {exc}") from None


def _texts(cards: Sequence[int | None]) -> list[str | None]:
    return [None if c is None else card_text(c) for c in cards]


def _seat(defender: int | None) -> int | None:
    return None if defender is None else max(defender, -1)
