"""Jobs that move deals in and out as Euchre Game Notation (``records.egn``, docs/egn.md):
``export`` a simulated deal or game, ``show_egn`` replays an EGN deal, ``egn_situation``
gives the analyser a player's first bid in one."""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..engine.simulate import DealReplay, SimulationError
from ..game.cards import format_card, format_hand
from ..game.defaults import DEFAULT_SEED, DEFAULT_TABLE
from ..game.rules import Rules, parse_assignments
from ..game.seats import position_of
from ..records import egn
from ..records.results import ResultsError
from ..strategies import Strategy, get_strategy
from ..version import __version__
from .common import STANDARD_RULES, Echo, RuleChoice

FORMATS = ("egn",)


def export(seed: int, *, deal: int | None = None, game: int | None = None,
           rules: RuleChoice = STANDARD_RULES, strategy: str | Strategy = DEFAULT_TABLE,
           vs: str | Strategy | None = None, fmt: str = "egn", out: str | None = None,
           overwrite: bool = False, echo: Echo = print) -> dict:
    """Deal ``deal`` (deal mode) or game ``game`` (game mode) of the run with ``seed`` as an
    EGN document, written to ``out`` (atomically) or printed. Returns the document."""
    if fmt not in FORMATS:
        raise ResultsError(f"unknown format {fmt!r}: known are {', '.join(FORMATS)}")
    if (deal is None) == (game is None):
        raise SimulationError("export takes --deal I or --game G (one of them)")
    chosen = rules.rules()
    a = get_strategy(strategy)
    b = get_strategy(vs) if vs else a
    if out:
        check_file_target(out, overwrite)
    words = rules_words(rules, chosen)
    teams = f"team 0 (seats 0, 2) plays {a.label}, team 1 (seats 1, 3) plays {b.label}"
    players = [f"{(a, b)[s & 1].label} (seat {s})" for s in range(4)]
    if deal is not None:
        from ..engine.simulate import replay_deal

        rep = replay_deal(chosen, a, b, seed, deal)
        doc = egn.document(
            [egn.deal_json(rep.record, rep.trace, deal)], chosen, players,
            game_id=f"euchre-sim-seed{seed}-deal{deal}", title=f"Deal {deal} of seed {seed}",
            description=f"Simulated by euchre-sim {__version__}: deal {deal} of seed {seed} "
            f"(deal mode), rules {words}; {teams}.")
    else:
        replays, final = game_replays(chosen, a, b, seed, game)
        doc = egn.document(
            [egn.deal_json(r.record, r.trace, k) for k, r in enumerate(replays)], chosen,
            players, game_id=f"euchre-sim-seed{seed}-game{game}",
            title=f"Game {game} of seed {seed}", final_score=final,
            description=f"Simulated by euchre-sim {__version__}: game {game} of seed {seed} "
            f"(game mode, {len(replays)} deals), rules {words}; {teams}.")
    text = egn.dumps(doc)
    if out:
        write_atomically(out, text)
        echo(f"wrote {out} ({len(doc['deals'])} deal(s), EGN {egn.VERSION})")
    else:
        echo(text.rstrip("\n"))
    return doc


def game_replays(rules: Rules, a: Strategy, b: Strategy, seed: int, game: int
                 ) -> tuple[list[DealReplay], tuple[int, int]]:
    """Every deal of game ``game`` of ``seed`` with its trace, and the final score. The
    kernels play games without traces: the reference engine replays a game of its own
    strategies (``random``, ``reference``) exactly; any other table's deals are replayed one by
    one as preset deals (cards, kitty, dealer and score of the game) and must give the game's
    records, which a strategy drawing random numbers does not."""
    from ..core.common import layout as L
    from ..engine.simulate import Matchup, PresetDeal, iter_game_chunks, play_presets
    from ..oracle import engine as reference
    from ..oracle.strategies import PARAMS as REFERENCE_ENGINE

    if all(s.name in REFERENCE_ENGINE and not s.overrides for s in (a, b)):
        traces: list = []
        _, recs = reference.play_game(seed, game, rules, (a.name, b.name), traces=traces)
        score = (sum(r["points0"] for r in recs), sum(r["points1"] for r in recs))
        return [DealReplay(r, t) for r, t in zip(recs, traces, strict=True)], score
    _, rows = next(iter_game_chunks(rules, Matchup(a, b), 1, seed, game, threads=1,
                                    with_deals=True))
    out, score = [], [0, 0]
    for k, row in enumerate(rows):
        rec = {f: int(row[L.GD_RECORD + j]) for j, f in enumerate(L.RECORD_FIELDS)}
        kitty = None
        if rec["redeals"] == 0:  # the kitty of the game's shuffle (docs/engine.md, step 1)
            rng = reference.game_rng(seed, game, k)
            if k == 0:
                rng.below(4)  # the first dealer's draw
            kitty = sum(1 << c for c in reference.shuffle_and_deal(rng, rules.deck,
                                                                   rec["dealer"])[2])
        preset = PresetDeal.of([rec[f"hand{s}"] for s in range(4)], rec["up_card"],
                               rec["dealer"], rules, kitty=kitty, score=tuple(score))
        rep = play_presets(rules, a, b, [preset])[0]
        if {**rep.record, "deal": k, "redeals": rec["redeals"]} != rec:
            raise SimulationError(
                f"deal {k} of game {game} does not replay on its own as a preset deal (a "
                "strategy that draws random numbers, such as pimc, decides differently "
                "there), so its trace is not known: export deal-mode deals with --deal")
        rep.record["deal"] = k
        out.append(rep)
        score[0] += rec["points0"]
        score[1] += rec["points1"]
    return out, (score[0], score[1])


def egn_rules(doc: dict, rules: RuleChoice) -> Rules:
    """The rules of an EGN file: the named ruleset, the file's ruleset flags over it, then the
    ``--set`` overrides over those."""
    base = rules.given or Rules.named(rules.name or "north-american")
    return egn.apply_ruleset(doc, base).with_options(**parse_assignments(list(rules.settings)))


@dataclass
class EGNReplay:
    """Deal ``k`` of an EGN file replayed: the file's deal, the replay, the score before it."""

    deal: egn.EGNDeal
    replay: DealReplay
    score: tuple[int, int]


def replay_egn(doc: dict, k: int, rules: Rules, strategy: str | Strategy = DEFAULT_TABLE,
               vs: str | Strategy | None = None, seed: int = DEFAULT_SEED) -> EGNReplay:
    """Replay deals 0..k of an EGN document in order (the score of each is the file's initial
    score plus the points of the deals before it) and return deal ``k``'s replay. Each must
    follow the file (``egn.check_replay``)."""
    from ..engine.simulate import play_presets

    score = _initial_score(doc)
    for j in range(k + 1):
        deal = egn.read_deal(doc, j, rules, score)
        rep = play_presets(rules, strategy, vs, [deal.preset], seed)[0]
        egn.check_replay(deal, rep.record, rep.trace, rules.deck, f"deal {j}")
        if j == k:
            return EGNReplay(deal, rep, score)
        score = (score[0] + rep.record["points0"], score[1] + rep.record["points1"])
    raise AssertionError("unreachable")


def show_egn(path: str, k: int = 0, rules: RuleChoice = STANDARD_RULES,
             strategy: str | Strategy = DEFAULT_TABLE, vs: str | Strategy | None = None,
             seed: int = DEFAULT_SEED, echo: Echo = print) -> str:
    """Replay deal ``k`` of the EGN file ``path`` as a preset deal (its history forced, the
    strategies deciding what the file leaves open) and print it played out."""
    from ..records.display import format_deal

    doc = egn.load(path)
    chosen = egn_rules(doc, rules)
    done = replay_egn(doc, k, chosen, strategy, vs, seed)
    head = (f"Deal {k} (dealNumber {done.deal.number}) of {path}, score {done.score[0]}-"
            f"{done.score[1]} before it, rules {rules_words(rules, chosen)}; team 0 plays "
            f"{strategy}, team 1 plays {vs or strategy}")
    text = format_deal(done.replay.record, done.replay.trace, head)
    echo(text)
    return text


def egn_situation(path: str, k: int, player: int, rules: RuleChoice = STANDARD_RULES
                  ) -> tuple[dict[str, str], RuleChoice]:
    """The analyser's fields (hand, up, seat, bidding, score) of ``player``'s first call in
    deal ``k`` of an EGN file, and the file's rules."""
    doc = egn.load(path)
    chosen = egn_rules(doc, rules)
    done = replay_egn(doc, k, chosen)
    dealer = done.deal.preset.dealer
    turn = (player - dealer - 1) & 3
    calls = done.deal.history.calls
    if len(calls) < turn or any(c != egn.PASS for c in calls[:turn]):
        raise egn.EGNError(f"deal {k}: seat {player} made no call (trump was made before his "
                           "turn, or the file's calls stop before it)")
    fields = {"hand": format_hand(done.deal.preset.hands[player]),
              "up": format_card(done.deal.preset.up_card),
              "seat": position_of(player, dealer),
              "score": f"{done.score[player & 1]}-{done.score[1 - (player & 1)]}"}
    if turn:
        fields["bidding"] = " ".join(["pass"] * turn)
    return fields, RuleChoice.of(chosen, rules_words(rules, chosen))


def _initial_score(doc: dict) -> tuple[int, int]:
    score = doc.get("metadata", {}).get("initialScore", [0, 0])
    if not (isinstance(score, list) and len(score) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in score)):
        raise egn.EGNError(f"metadata.initialScore must be two numbers >= 0, got {score!r}")
    return score[0], score[1]


def rules_words(rules: RuleChoice, chosen: Rules) -> str:
    """The ruleset's name and every option that differs from the standard game."""
    changed = [f"{k}={str(v).lower() if isinstance(v, bool) else v}"
               for k, v in chosen.to_dict().items() if Rules().to_dict()[k] != v]
    return f"{rules.name}" + (f" ({', '.join(changed)})" if changed else "")


def check_file_target(path: str, overwrite: bool, flag: str = "--out") -> None:
    """Fail now, before any work, where writing ``path`` would fail or destroy something:
    a folder, a device or a link in its place (never replaced by a file, ``--overwrite`` or
    not), a file there without ``overwrite``, a folder to write it in that is missing or
    not writable."""
    target = Path(path)
    if target.is_symlink() or (target.exists() and not target.is_file()):
        raise ResultsError(f"{flag} {path!r} is not a regular file (a folder, a device or a "
                           "link): it is never replaced by one")
    if target.exists() and not overwrite:
        raise ResultsError(f"{path} exists: give --overwrite to replace it")
    where = target.resolve().parent
    if not where.is_dir():
        raise ResultsError(f"{flag} {path!r}: the folder {str(where)!r} does not exist")
    if not os.access(where, os.W_OK | os.X_OK):
        raise ResultsError(f"{flag} {path!r}: the folder {str(where)!r} is not writable")


def write_atomically(path: str, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path`` and rename it into place."""
    where = Path(path).resolve().parent
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{Path(path).name}.", suffix=".partial", dir=where)
    except OSError as exc:
        raise ResultsError(f"cannot write {path}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
