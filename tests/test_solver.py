"""The double-dummy solver against a plain exhaustive minimax written here in pure Python
(no pruning, no transposition table, its own card rules), plus exact cases, the discard and
go-alone evaluations, the batch API, validation and the ``solve`` command."""

from __future__ import annotations

import os
import random

import numpy as np
import pytest
from conftest import eff_suit, power
from numba import njit

from euchre_sim.cli import main as cli
from euchre_sim.core.four.dd_search import new_table, next_stamp, search, setup, solve_from
from euchre_sim.engine.solver import (
    Position,
    SolverError,
    points,
    position_rows,
    solve,
    solve_alone,
    solve_discards,
    solve_many,
)
from euchre_sim.game.cards import deck_cards, format_card, format_hand, parse_hand

# ---------------------------------------------------------------- the slow reference minimax


def legal_moves(hand: list[int], trump: int, led: int | None, nfb_lead: bool) -> list[int]:
    if led is None:
        if nfb_lead:
            plain = [c for c in hand if eff_suit(c, trump) != trump]
            if plain:
                return plain
        return list(hand)
    follow = [c for c in hand if eff_suit(c, trump) == led]
    return follow or list(hand)


def active_order(leader: int, out: set[int]) -> list[int]:
    order = [leader]
    while len(order) < 4 - len(out):
        s = (order[-1] + 1) % 4
        while s in out:
            s = (s + 1) % 4
        order.append(s)
    return order


def trick_winner(plays: list[tuple[int, int]], trump: int) -> int:
    led = eff_suit(plays[0][1], trump)
    return max(plays, key=lambda sc: power(sc[1], trump, led))[0]


def minimax(hands, trump, maker, leader, out, trick, won, nfb) -> tuple[int, dict[int, int]]:
    """Makers' total tricks under best play, and the value of each legal card of the player
    to move: every line of play is tried to the end (no pruning, no memory of positions)."""
    suit = [eff_suit(c, trump) for c in range(33)]
    pw = [[power(c, trump, led) for led in range(4)] for c in range(33)]
    orders = {s: active_order(s, out) for s in range(4) if s not in out}
    nplay = 4 - len(out)
    mteam = maker & 1
    hands = [list(h) for h in hands]

    def play(leader, i, led, wpow, wseat, won, first, per_card=None):
        seat = orders[leader][i]
        hand = hands[seat]
        if i == 0 and len(hand) == 1 and per_card is None:  # the last trick: all forced
            plays = [(s, hands[s][0]) for s in orders[leader]]
            return won + ((trick_winner(plays, trump) & 1) == mteam)
        if i == 0:
            legal = hand
            if first and nfb:
                legal = [c for c in hand if suit[c] != trump] or hand
        else:
            legal = [c for c in hand if suit[c] == led] or hand
        maxing = (seat & 1) == mteam
        best = -1 if maxing else 99
        for c in legal:
            if i == 0:
                nled, p, ws = suit[c], pw[c][suit[c]], seat
            elif pw[c][led] > wpow:
                nled, p, ws = led, pw[c][led], seat
            else:
                nled, p, ws = led, wpow, wseat
            hands[seat] = [x for x in hand if x != c]
            if i + 1 == nplay:
                w = won + ((ws & 1) == mteam)
                v = play(ws, 0, -1, -1, -1, w, False) if hands[ws] else w
            else:
                v = play(leader, i + 1, nled, p, ws, won, first)
            hands[seat] = hand
            if per_card is not None:
                per_card[c] = v
            best = max(best, v) if maxing else min(best, v)
        return best

    led, wpow, wseat = -1, -1, -1
    for k, (s, c) in enumerate(zip(orders[leader], trick, strict=False)):
        if k == 0:
            led, wpow, wseat = suit[c], pw[c][suit[c]], s
        elif pw[c][led] > wpow:
            wpow, wseat = pw[c][led], s
    per_card: dict[int, int] = {}
    value = play(leader, len(trick), led, wpow, wseat, won[0], won == (0, 0), per_card)
    return value, per_card


# ---------------------------------------------------------------- random positions


def random_position(rnd: random.Random, plays: int = 0, deck: int | None = None,
                    alone_p: float = 0.25, defender_p: float = 0.2) -> dict:
    """A random deal, then ``plays`` random legal cards (fewer if the hand ends first)."""
    deck = deck or rnd.choice((24, 25, 32, 33))
    cards = deck_cards(deck)
    rnd.shuffle(cards)
    trump = rnd.randrange(4)
    maker = rnd.randrange(4)
    alone = rnd.random() < alone_p
    defender = None
    if rnd.random() < defender_p:
        defender = rnd.choice([s for s in range(4) if (s & 1) != (maker & 1)])
    out = Position.sitting_out_seats(maker, alone, defender)
    hands = [[] if s in out else [cards.pop() for _ in range(5)] for s in range(4)]
    leader = rnd.choice([s for s in range(4) if s not in out])
    nfb = rnd.random() < 0.3
    mteam = maker & 1
    won = [0, 0]
    trick: list[int] = []
    for _ in range(plays):
        order = active_order(leader, out)
        seat = order[len(trick)]
        led = eff_suit(trick[0], trump) if trick else None
        c = rnd.choice(legal_moves(hands[seat], trump, led, nfb and won == [0, 0]))
        hands[seat].remove(c)
        trick.append(c)
        if len(trick) == len(order):
            w = trick_winner(list(zip(order, trick, strict=True)), trump)
            won[0 if (w & 1) == mteam else 1] += 1
            leader = w
            trick = []
            if won[0] + won[1] == 4:  # keep at least one trick to play
                break
    return dict(hands=hands, trump=trump, maker=maker, leader=leader, out=out, trick=trick,
                won=tuple(won), nfb=nfb, alone=alone, defender=defender, deck=deck)


def to_position(d: dict) -> Position:
    return Position(
        [format_hand(sum(1 << c for c in h)) for h in d["hands"]],
        trump="CDHS"[d["trump"]], maker=d["maker"], leader=d["leader"], alone=d["alone"],
        defender_alone=d["defender"], trick=" ".join(format_card(c) for c in d["trick"]),
        tricks_won=d["won"], no_first_blood=d["nfb"], deck=d["deck"],
    )


def replay(d: dict, pv: tuple[str, ...]) -> int:
    """Play the principal variation by the reference rules (each card must be legal);
    the makers' total tricks at the end."""
    hands = [list(h) for h in d["hands"]]
    trump, out, mteam = d["trump"], d["out"], d["maker"] & 1
    leader, trick, won = d["leader"], list(d["trick"]), d["won"][0]
    first = d["won"] == (0, 0)
    for text in pv:
        order = active_order(leader, out)
        seat = order[len(trick)]
        c = next(x for x in hands[seat] if format_card(x) == text)
        led = eff_suit(trick[0], trump) if trick else None
        assert c in legal_moves(hands[seat], trump, led, first and d["nfb"])
        hands[seat].remove(c)
        trick.append(c)
        if len(trick) == len(order):
            leader = trick_winner(list(zip(order, trick, strict=True)), trump)
            won += (leader & 1) == mteam
            trick, first = [], False
    assert not any(hands)
    return won


def check_against_minimax(d: dict) -> None:
    pos = to_position(d)
    res = solve(pos)
    value, per_card = minimax(d["hands"], d["trump"], d["maker"], d["leader"], d["out"],
                              d["trick"], d["won"], d["nfb"])
    assert res.maker_tricks == value, (d, res)
    assert res.card_values == {format_card(c): v for c, v in per_card.items()}, (d, res)
    assert res.card_values[res.best_card] == value
    assert (res.maker_points, res.defender_points) == pos.points(value)
    assert replay(d, res.pv) == value and res.pv[0] == res.best_card, (d, res)


# ---------------------------------------------------------------- against the minimax

# Full five-trick deals cost the plain minimax about 1.5 s each with four players (some
# 500 000 lines of play), 0.1 s with three, next to nothing with two; so the default run checks
# a few four-player deals and many smaller ones. EUCHRE_SOLVER_FULL4=300 checks more.
FULL4 = int(os.environ.get("EUCHRE_SOLVER_FULL4", "5"))
FULL3 = 150
FULL2 = 145
MID_HAND = 3000


@pytest.mark.slow
@pytest.mark.parametrize("players, count", [(4, FULL4), (3, FULL3), (2, FULL2)])
def test_full_deals_match_minimax(players, count):
    rnd = random.Random(players)
    done = 0
    while done < count:
        d = random_position(rnd, plays=0, alone_p=0.5, defender_p=0.5)
        if 4 - len(d["out"]) == players:
            check_against_minimax(d)
            done += 1


@pytest.mark.slow
def test_mid_hand_positions_match_minimax():
    rnd = random.Random(2)
    for i in range(MID_HAND):
        d = random_position(rnd, plays=rnd.randrange(4, 16), deck=(24, 25, 32, 33)[i % 4])
        check_against_minimax(d)


def test_batch_matches_single_solves():
    rnd = random.Random(3)
    ds = [random_position(rnd, plays=rnd.choice((0, 0, 2, 5, 9))) for _ in range(400)]
    positions = [to_position(d) for d in ds]
    singles = [solve(p).maker_tricks for p in positions]
    assert solve_many(positions, threads=1).tolist() == singles
    both = solve_many(position_rows(positions), best_cards=True, block=7)
    assert both[:, 0].tolist() == singles
    for p, (v, c) in zip(positions, both, strict=True):
        res = solve(p)
        assert res.card_values[format_card(int(c))] == v
    assert solve_many([]).shape == (0,)


WINDOWS = np.array([(k - 1, k) for k in range(7)] + [(-1, 6), (0, 2), (1, 4), (2, 5), (-1, 3)],
                   np.int64)


@njit(cache=True)
def _windowed(row, windows, out):
    """Search one position within each window in turn, one table for all (as PIMC does):
    ``out[i]`` = (``search``, ``solve_from``; -99 where that cannot take the position)."""
    h = np.zeros(4, np.int64)
    tt = new_table()
    nxtp, nplay, mteam, nfb, seat, pos, led, wcard, wseat, live, table, won = setup(row, h)
    next_stamp(tt)
    for i in range(windows.shape[0]):
        a = windows[i, 0]
        b = windows[i, 1]
        out[i, 0] = search(h, tt, nxtp, nplay, mteam, nfb, seat, pos, led, wcard, wseat, live,
                           table, a, b)
        out[i, 1] = -99
        if not (nfb and pos == 0):  # solve_from never takes a first lead under no_first_blood
            out[i, 1] = solve_from(tt, h, seat, pos, led, wcard, wseat, live, table, nxtp,
                                   nplay, mteam, a, b)


@pytest.mark.slow
def test_narrow_windows_bound_the_value_on_the_right_side():
    """Fail-soft: within a window the value is exact; below it the search returns an upper
    bound no higher than the window, above it a lower bound no lower (what PIMC's null-window
    tests rely on), with one table kept across the windows."""
    rnd = random.Random(5)
    checked = 0
    for i in range(600):
        d = random_position(rnd, plays=rnd.randrange(0 if i % 2 else 4, 16), alone_p=0.4,
                            defender_p=0.3)
        if not d["trick"] and not d["won"][0] + d["won"][1] and len(d["out"]) == 0:
            continue  # a full four-player deal: too slow for the minimax here
        value, _ = minimax(d["hands"], d["trump"], d["maker"], d["leader"], d["out"],
                           d["trick"], d["won"], d["nfb"])
        rest = value - d["won"][0]
        out = np.zeros((len(WINDOWS), 2), np.int64)
        _windowed(position_rows([to_position(d)])[0], WINDOWS, out)
        for (a, b), got in zip(WINDOWS, out, strict=True):
            for v in got:
                if v == -99:
                    continue
                if rest <= a:
                    assert rest <= v <= a, (d, a, b, v, rest)
                elif rest >= b:
                    assert b <= v <= rest, (d, a, b, v, rest)
                else:
                    assert v == rest, (d, a, b, v, rest)
                checked += 1
    assert checked > 10000


# ---------------------------------------------------------------- exact cases


def test_top_five_trumps_take_everything():
    rnd = random.Random(4)
    for deck, top in ((24, "JH JD AH KH QH"), (25, "Jk JH JD AH KH"), (33, "Jk JH JD AH KH")):
        top_mask = parse_hand(top)
        rest = [c for c in deck_cards(deck) if not top_mask >> c & 1]
        for _ in range(20):
            rnd.shuffle(rest)
            leader = rnd.randrange(4)
            hands = [top] + [format_hand(sum(1 << c for c in rest[5 * k:5 * k + 5]))
                             for k in range(3)]
            res = solve(Position(hands, "H", 0, leader, deck=deck))
            assert (res.maker_tricks, res.maker_points) == (5, 2)
            hands[2] = ""
            res = solve(Position(hands, "H", 0, leader if leader != 2 else 3, alone=True,
                                 deck=deck))
            assert (res.maker_tricks, res.maker_points) == (5, 4)


def test_off_suit_nines_take_nothing():
    # seat 0 alone with the four off-suit 9s and a 10, against all the trumps
    pos = Position(["9C 9D 9S TD TC", "JH JD AH KH QH", "", "TH 9H AC AD AS"], "H", 0, 1,
                   alone=True)
    res = solve(pos)
    assert (res.maker_tricks, res.maker_points, res.defender_points) == (0, 0, 2)
    pos = Position(["9C 9D 9S TD TC", "JH JD AH KH QH", "", "TH 9H AC AD AS"], "H", 0, 0,
                   alone=True, super_euchre=True)
    assert solve(pos).defender_points == 4


def test_points():
    assert points(5) == (2, 0) and points(5, alone=True) == (4, 0)
    assert points(3) == (1, 0) and points(4, alone=True) == (1, 0)
    assert points(2) == (0, 2) and points(0, super_euchre=True) == (0, 4)
    assert points(1, super_euchre=True) == (0, 2) and points(2, defender_alone=True) == (0, 4)
    assert points(0, defender_alone=True, super_euchre=True) == (0, 4)


def test_last_card_and_mid_trick():
    # last trick: seat 3 led KS, seat 0 played 9S, seat 1 AS; seat 2 trumps it
    pos = Position(["", "", "9H", ""], "H", 0, 3, trick="KS 9S AS", tricks_won=(2, 2))
    res = solve(pos)
    assert (res.to_play, res.maker_tricks, res.best_card, res.pv) == (2, 3, "9H", ("9H",))
    # two tricks left: seat 2 trumps now (then loses 9C to AC) or throws 9C (then trumps AD)
    pos = Position(["TD", "AD", "9H 9C", "AC"], "H", 0, 3, trick="KS 9S AS",
                   tricks_won=(1, 2))
    res = solve(pos)
    assert res.card_values == {"9C": 2, "9H": 2} and res.best_card == "9C"
    assert res.maker_points == 0 and res.defender_points == 2
    # with the TD in seat 3's hand instead of the AC, throwing the 9C loses a trick
    pos = Position(["AC", "AD", "9H 9C", "TD"], "H", 0, 3, trick="KS 9S AS",
                   tricks_won=(1, 2))
    assert solve(pos).card_values == {"9C": 2, "9H": 3}


# ---------------------------------------------------------------- discards and going alone


def test_discards_equal_individual_solves():
    rnd = random.Random(5)
    for _ in range(25):
        cards = deck_cards(24)
        rnd.shuffle(cards)
        dealer = rnd.randrange(4)
        maker = rnd.randrange(4)
        trump = rnd.randrange(4)
        hands = [format_hand(sum(1 << c for c in cards[5 * s:5 * s + 5])) for s in range(4)]
        up = cards[20]
        hands[dealer] = hands[dealer] + " " + format_card(up)
        leader = (dealer + 1) & 3
        dr = solve_discards(hands, "CDHS"[trump], maker, leader, dealer,
                            up_card=format_card(up))
        assert format_card(up) not in dr.results and len(dr.results) == 5
        singles = {}
        for d, r in dr.results.items():
            hs = list(hands)
            hs[dealer] = " ".join(x for x in hands[dealer].split() if x != d)
            singles[d] = solve(Position(hs, "CDHS"[trump], maker, leader)).maker_tricks
            assert singles[d] == r.maker_tricks
        best = max if (dealer & 1) == (maker & 1) else min
        assert dr.values[dr.best_discard] == best(singles.values())


def test_alone_equals_individual_solves():
    rnd = random.Random(6)
    for _ in range(40):
        d = random_position(rnd, alone_p=0.0, defender_p=0.2)
        pos = to_position(d)
        ar = solve_alone(pos)
        assert ar.with_partner == solve(pos)
        hands = list(d["hands"])
        hands[d["maker"] ^ 2] = []
        leader = d["leader"]
        if leader == d["maker"] ^ 2 or (d["defender"] is not None and
                                        leader == d["defender"] ^ 2):
            out = Position.sitting_out_seats(d["maker"], True, d["defender"])
            while leader in out:
                leader = (leader + 1) & 3
        lone = to_position(dict(d, hands=hands, alone=True, leader=leader))
        assert ar.alone == solve(lone)
        value, _ = minimax(hands, d["trump"], d["maker"], leader, lone.out_seats, [], (0, 0),
                           d["nfb"])
        assert ar.alone.maker_tricks == value
        best = "alone" if ar.alone.maker_net > ar.with_partner.maker_net else "partner"
        assert ar.best == best


# ---------------------------------------------------------------- validation

GOOD = ["JH JD AH KH AS", "9C TC JC QC KC", "9S TS QS KS AC", "9D TD QD KD AD"]


@pytest.mark.parametrize(
    "kwargs, words",
    [
        (dict(hands=["JH JH AH KH AS"] + GOOD[1:]), "duplicate card JH"),
        (dict(hands=["JH JD AH KH 9C"] + GOOD[1:]), "duplicate card 9C"),
        (dict(hands=["JH JD AH KH"] + GOOD[1:]), "wrong hand size"),
        (dict(hands=GOOD[:3]), "four hands"),
        (dict(maker=4), "maker must be a seat"),
        (dict(leader=-1), "leader must be a seat"),
        (dict(trump="X"), "unknown suit"),
        (dict(alone=True), "seat 2 sits out"),
        (dict(defender_alone=2), "on the makers' side"),
        (dict(defender_alone=1), "seat 3 sits out"),
        (dict(hands=["JH JD AH KH ZZ"] + GOOD[1:]), "unknown card"),
        (dict(hands=["JH JD AH KH 7S"] + GOOD[1:], deck=24), "not in the 24-card deck"),
        (dict(trick="7C 8C 7D 8D"), "impossible trick state"),
        (dict(tricks_won=(3, 2)), "tricks_won"),
        (dict(to_play=0), "impossible trick state"),
    ],
)
def test_bad_positions(kwargs, words):
    args = dict(hands=GOOD, trump="H", maker=0, leader=1) | kwargs
    with pytest.raises(SolverError, match=words) as info:
        Position(**args)
    assert "\n" not in str(info.value)


def test_impossible_trick_states():
    # seat 2 threw a spade on a club lead while still holding a club
    with pytest.raises(SolverError, match="still holds the led suit"):
        Position(["JH JD AH KH AS", "9C TC JC QC", "TS QS KS AC", "9D TD QD KD AD"], "H", 0, 1,
                 trick="KC 9S")
    # a trump led to the first trick under no_first_blood while holding other suits
    with pytest.raises(SolverError, match="no_first_blood"):
        Position(["JD AH KH AS", "9C TC JC QC KC", "9S TS QS KS AC", "9D TD QD KD AD"], "H",
                 0, 0, trick="JH", no_first_blood=True)
    assert solve(Position(["JD AH KH AS", "9C TC JC QC KC", "9S TS QS KS AC",
                           "9D TD QD KD AD"], "H", 0, 0, trick="JH")).maker_tricks == 5


def test_no_first_blood_changes_the_lead():
    hands = ["JH JD AH KH 9C", "AC TC JC QC KC", "9S TS QS KS AS", "9D TD QD KD AD"]
    free = solve(Position(hands, "H", 0, 0))
    barred = solve(Position(hands, "H", 0, 0, no_first_blood=True))
    assert set(free.card_values) == {"9C", "KH", "AH", "JD", "JH"}
    assert set(barred.card_values) == {"9C"}


def test_solve_many_errors():
    with pytest.raises(SolverError, match="shape"):
        solve_many(np.zeros((2, 3), np.int64))
    with pytest.raises(SolverError, match="threads"):
        solve_many([Position(GOOD, "H", 0, 1)], threads=0)


# ---------------------------------------------------------------- the command


def test_cli_solve(capsys):
    rc = cli.main(["solve", "--hands", *GOOD, "--trump", "H", "--maker", "0", "--leader", "1"])
    out, err = capsys.readouterr()
    assert rc == 0 and err == ""
    assert "makers take 5 tricks" in out and "best play: seat 1" in out
    for card in ("9C", "TC", "JC", "QC", "KC"):
        assert f"  {card}" in out
    rc = cli.main(["solve", "--hands", "JH JD AH KH AS", "9C TC JC QC KC", "-",
                   "9D TD QD KD AD", "--trump", "hearts", "--maker", "0", "--leader", "1",
                   "--alone"])
    out, _ = capsys.readouterr()
    assert rc == 0 and "makers score 4" in out and "plays alone" in out
    rc = cli.main(["solve", "--hands", "JH JD AH KH", "-", "9S TS QS KS",
                   "9D TD QD", "--trump", "H", "--maker", "0", "--leader", "3",
                   "--defender-alone", "3", "--trick", "AD", "--tricks", "0", "1",
                   "--deck", "25"])
    out, err = capsys.readouterr()
    assert rc == 0, err
    assert "seat 0 (makers)" in out


def test_cli_solve_takes_rules_and_set(capsys):
    """``solve`` reads ``--rules``/``--set`` like every command: super_euchre and no_first_blood
    change the result as their flags do, and the ruleset's deck refuses cards outside it."""
    lone = ["--hands", "9C 9D 9S TD TC", "JH JD AH KH QH", "-", "TH 9H AC AD AS",
            "--trump", "H", "--maker", "0", "--leader", "0", "--alone"]

    def solve_out(*extra):
        rc = cli.main(["solve", *lone, *extra])
        out, err = capsys.readouterr()
        assert rc == 0, err
        return out

    plain = solve_out()
    assert "defenders score 2" in plain
    assert solve_out("--set", "super_euchre=true") == solve_out("--super-euchre")
    assert "defenders score 4" in solve_out("--set", "super_euchre=true")
    assert solve_out("--rules", "british", "--set", "no_first_blood=true") == solve_out(
        "--deck", "25", "--no-first-blood")
    joker = ["--hands", "JH JD AH KH BJ", *GOOD[1:], "--trump", "H", "--maker", "0",
             "--leader", "1"]
    for extra in ((), ("--rules", "british"), ("--set", "deck=25"), ("--deck", "33")):
        assert cli.main(["solve", *joker, *extra]) == 0, capsys.readouterr().err
    capsys.readouterr()
    for extra, words in ((("--rules", "north-american"), "deck"),
                         (("--set", "deck=32"), "deck"),
                         (("--rules", "klondike"), "unknown ruleset"),
                         (("--set", "decks=25"), "unknown rule option")):
        rc = cli.main(["solve", *joker, *extra])
        out, err = capsys.readouterr()
        assert rc == 2 and out == "" and words in err and err.count("\n") == 1


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--hands", "JH JH AH KH AS", *GOOD[1:], "--trump", "H", "--maker", "0",
          "--leader", "1"], "duplicate card"),
        (["--hands", *GOOD, "--trump", "H", "--maker", "5", "--leader", "1"], "maker"),
        (["--hands", *GOOD, "--trump", "H", "--maker", "0", "--leader", "1", "--alone"],
         "sits out"),
        (["--hands", *GOOD, "--trump", "Q", "--maker", "0", "--leader", "1"], "suit"),
        (["--hands", *GOOD, "--trump", "H", "--maker", "0", "--leader", "1", "--deck", "24",
          "--trick", "7C"], "deck"),
    ],
)
def test_cli_solve_errors(capsys, argv, words):
    rc = cli.main(["solve", *argv])
    out, err = capsys.readouterr()
    assert rc == 2 and out == ""
    assert words in err and err.count("\n") == 1 and err.startswith("euchre-sim: error:")
