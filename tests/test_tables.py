"""The table engine (RULES.md 3.2) against its pure-Python oracle, plus invariants and dealing.

For every table of ``game.table_spec.TABLES``: identical records and traces from the kernel
(``core.table.deal``) and the reference engine (``oracle.table``) on 20,000 random-strategy
deals, on basic and mixed tables, and on whole games; cards conserved, tricks summing to the
hand size and points from the table's scoring on every deal; the up-card and each seat's cards
dealt with the exact probabilities.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from scipy import stats

from euchre_sim.core.common.rng import deal_key, game_key
from euchre_sim.core.table import layout as TL
from euchre_sim.core.table.auction import auction_game_winner
from euchre_sim.core.table.batch import (
    game_winner,
    run_table_deals,
    run_table_deals_traced,
    run_table_games,
    run_table_presets,
)
from euchre_sim.game.decks import (
    ALMONTE_2,
    ALMONTE_3,
    ALMONTE_4,
    BLACK_BENNY,
    RED_BENNY,
    almonte_four,
    almonte_six,
    is_joker,
)
from euchre_sim.game.table_spec import (
    TABLES,
    TableError,
    TableSpec,
    effective,
    get_table,
    with_options,
)
from euchre_sim.oracle import table as reference

N_DEALS = 20_000
SEED = 11

RANDOM = reference.Strategy()
BASIC = reference.Strategy("basic", order=6, call=6, alone=9, stay=2, bid=3, cap=5,
                           shoot=6)


def kernel_inputs(table: TableSpec, strategies: list[reference.Strategy]):
    kinds = np.zeros(TL.MAX_SEATS, np.int64)
    params = np.zeros((TL.MAX_SEATS, TL.N_TABLE_PARAMS), np.int64)
    for s, st in enumerate(strategies):
        kinds[s] = 0 if st.kind == "random" else 1
        params[s] = (st.order, st.call, st.alone, st.stay, st.bid, st.cap, st.shoot, st.force)
    return table.arrays(), kinds, params


def kernel_deals(table, strategies, seed, n, traced=True):
    arrays, kinds, params = kernel_inputs(table, strategies)
    recs = np.zeros((n, TL.N_TABLE_FIELDS), np.int64)
    if not traced:
        run_table_deals(deal_key(seed), 0, n, *arrays, kinds, params, recs, 256)
        return recs, None
    trace = np.zeros((n, TL.TABLE_TRACE_CAP, 3), np.int16)
    run_table_deals_traced(deal_key(seed), 0, n, *arrays, kinds, params, recs, trace)
    return recs, trace


def record_of(d: reference.TableDeal, seats: int) -> list[int]:
    row = [0] * TL.N_TABLE_FIELDS
    for f, v in ((TL.TF_DEALER, d.dealer), (TL.TF_UP, d.up_card), (TL.TF_ROUND, d.round),
                 (TL.TF_PASSES, d.passes), (TL.TF_MAKER, d.maker), (TL.TF_TRUMP, d.trump),
                 (TL.TF_ALONE, d.alone), (TL.TF_DISCARD, d.discard), (TL.TF_LEADER, d.leader),
                 (TL.TF_THROWN_IN, d.thrown_in), (TL.TF_STUCK, d.stuck), (TL.TF_BID, d.bid)):
        row[f] = v
    for s in range(TL.MAX_SEATS):
        row[TL.TF_HAND + s] = d.hands[s] if s < seats else -1
        row[TL.TF_TRICKS + s] = d.tricks[s] if s < seats else -1
        row[TL.TF_POINTS + s] = d.points[s] if s < seats else -1
        row[TL.TF_OUT + s] = d.out[s] if s < seats else -1
    return row


def events_of(trace_row: np.ndarray) -> list[tuple[int, int, int]]:
    n = int(np.argmax(trace_row[:, 0] == 0)) if (trace_row[:, 0] == 0).any() else len(trace_row)
    return [tuple(e) for e in trace_row[:n].tolist()]


def assert_same(table: TableSpec, strategies, seed: int, n: int) -> None:
    recs, trace = kernel_deals(table, strategies, seed, n)
    for i in range(n):
        d = reference.play_table_deal(table, strategies, seed, i)
        want = record_of(d, table.seats)
        got = recs[i].tolist()
        got[0] = 0  # the deal index column
        assert got == want, f"{table.name} deal {i}: record differs"
        assert events_of(trace[i]) == d.events, f"{table.name} deal {i}: trace differs"


def mixes(table: TableSpec) -> list[list[reference.Strategy]]:
    n = table.seats
    return [
        [BASIC] * n,
        [RANDOM if s % 2 else BASIC for s in range(n)],
        [reference.Strategy("basic", order=4 + s, call=3 + s, alone=7 + s, stay=s, bid=2 + s,
                            cap=6 - s % 2, shoot=5 + s % 3) for s in range(n)],
    ]


def test_stick_the_dealer_changes_a_thrown_in_deal() -> None:
    """A deal everybody passes twice at three-handed: thrown in, or the stuck dealer names
    his best suit and scores with it."""
    table = get_table("three-handed")
    never = reference.Strategy("basic", order=99, call=99, alone=99)
    hands = ["JD AH KH QH AS", "TH AC KC QC 9S", "JH TD 9D AD KD"]
    d = preset_both(table, [never] * 3, 0, hands, "9C")
    assert d.thrown_in == 1 and d.points == [0, 0, 0]
    stuck = with_options(table, {"stick_the_dealer": "true"})
    d = preset_both(stuck, [never] * 3, 0, hands, "9C")
    assert d.thrown_in == 0 and d.stuck == 1 and d.maker == 0 and d.round == 2
    assert sum(d.tricks) == 5 and sum(d.points) > 0


@pytest.mark.parametrize("name", list(TABLES))
def test_kernel_matches_reference_on_scripted_tables(name: str) -> None:
    table = get_table(name)
    for k, strategies in enumerate(mixes(table)):
        assert_same(table, strategies, SEED + k, 2_000)


@pytest.mark.parametrize("name", list(TABLES))
def test_games_match_reference(name: str) -> None:
    table = get_table(name)
    n_games = 60
    # random bidders of an auction table lose points on average: their games rarely end
    first = [BASIC if table.bidding == TL.BID_AUCTION else RANDOM] * table.seats
    for strategies in (first, mixes(table)[1]):
        arrays, kinds, params = kernel_inputs(table, strategies)
        grecs = np.zeros((n_games, TL.N_TABLE_GAME_FIELDS), np.int64)
        gdeals = np.zeros((0, 0, TL.N_TABLE_FIELDS), np.int64)
        run_table_games(game_key(SEED), 0, n_games, *arrays, kinds, params, grecs, gdeals, 8)
        for g in range(n_games):
            first, winner, scores, deals = reference.play_table_game(table, strategies, SEED, g)
            assert grecs[g, TL.TG_FIRST_DEALER] == first
            assert grecs[g, TL.TG_WINNER] == winner
            assert grecs[g, TL.TG_DEALS] == len(deals)
            assert list(grecs[g, TL.TG_SCORE:TL.TG_SCORE + table.seats]) == scores
            assert winner >= 0
            if table.countdown:  # the winner alone on the lowest score, at 0 or below
                assert scores[winner] <= 0
                assert sorted(scores)[1] > scores[winner]
            else:
                assert max(scores) >= table.target


@pytest.mark.parametrize("name", list(TABLES))
def test_invariants_on_random_deals(name: str) -> None:
    """Cards conserved, tricks summing to the hand size, points from the scoring table."""
    table = get_table(name)
    n = 20_000
    recs, _ = kernel_deals(table, [RANDOM] * table.seats, SEED + 7, n, traced=False)
    seats = table.seats
    hands = recs[:, TL.TF_HAND:TL.TF_HAND + seats]
    union = np.zeros(n, np.int64)
    for s in range(seats):
        assert (np.bitwise_and(union, hands[:, s]) == 0).all(), "a card dealt twice"
        union |= hands[:, s]
        assert all(bin(int(h)).count("1") == table.hand for h in hands[:, s])
    if table.bidding == TL.BID_AUCTION:
        check_auction_deals(table, recs, union)
        return
    up_bit = np.left_shift(np.int64(1), recs[:, TL.TF_UP])
    assert (union & up_bit == 0).all(), "the up-card is also in a hand"
    assert (recs[:, TL.TF_BID] == -1).all()
    played = recs[:, TL.TF_THROWN_IN] == 0
    tricks = recs[played][:, TL.TF_TRICKS:TL.TF_TRICKS + seats]
    assert (tricks.sum(axis=1) == table.hand).all()
    points = recs[:, TL.TF_POINTS:TL.TF_POINTS + seats]
    assert (points[~played] == 0).all()
    out = recs[:, TL.TF_OUT:TL.TF_OUT + seats]
    assert (out[~played] == 0).all()
    if table.countdown:
        countdown_invariants(table, recs[played])
        return
    assert (out[recs[:, TL.TF_ALONE] == 0] == 0).all(), "a seat out with nobody alone"
    allowed = {0, table.made, table.march, table.euchre}
    if table.alone:
        allowed.add(table.lone_march)
    assert set(np.unique(points).tolist()) <= allowed
    # the maker scores (and nobody else, at a cut-throat table) or every defender scores the
    # euchre: never both, always one on a played deal
    maker = recs[played][:, TL.TF_MAKER]
    pts = points[played]
    maker_pts = pts[np.arange(len(pts)), maker]
    others = pts.sum(axis=1) - maker_pts
    if table.sides == TL.SIDES_MAKER_ALONE:
        assert ((maker_pts > 0) != (others > 0)).all()
        assert (others[maker_pts == 0] == table.euchre * (seats - 1)).all()
    elif table.sides == TL.SIDES_TEAMS:  # the scoring team's seats get the same points, no other
        team = np.array(table.teams)
        maker_team = team[maker]
        for s in range(seats):
            on_makers = team[s] == maker_team
            assert (pts[on_makers, s] == maker_pts[on_makers]).all()
            assert (pts[~on_makers, s] == np.where(maker_pts[~on_makers] > 0, 0,
                                                   table.euchre)).all()
        lone_march = (maker_pts == table.lone_march) & (table.lone_march != table.march)
        assert (recs[played][lone_march, TL.TF_ALONE] == 1).all()
    assert (recs[~played][:, TL.TF_MAKER] == -1).all()
    assert (recs[played][:, TL.TF_DISCARD] >= 0).sum() == (recs[played][:, TL.TF_ROUND] == 1).sum()
    # a joker turned up: the dealer's side makes it, in round 1, in every played deal
    joker_up = np.isin(recs[:, TL.TF_UP], [c for c in range(table.n_cards)
                                        if is_joker(table.faces[c])])
    assert (recs[joker_up, TL.TF_THROWN_IN] == 0).all()
    assert (recs[joker_up, TL.TF_ROUND] == 1).all()
    if not table.joker_bid:
        assert (recs[joker_up, TL.TF_MAKER] == recs[joker_up, TL.TF_DEALER]).all()
        assert (recs[joker_up, TL.TF_PASSES] == 0).all()


def countdown_invariants(table: TableSpec, recs: np.ndarray) -> None:
    """Buck Euchre's scoring on played deals: a seat that sat out takes no trick and scores
    0; a seat in play goes down one per trick when it took its tricks (the maker 3, anyone
    else 1), else up 5; only the maker drops never; under dirty clubs nobody drops."""
    seats = table.seats
    tricks = recs[:, TL.TF_TRICKS:TL.TF_TRICKS + seats]
    points = recs[:, TL.TF_POINTS:TL.TF_POINTS + seats]
    out = recs[:, TL.TF_OUT:TL.TF_OUT + seats]
    maker = recs[:, TL.TF_MAKER]
    assert ((out == 0) | (out == 1)).all()
    assert (tricks[out == 1] == 0).all() and (points[out == 1] == 0).all()
    is_maker = np.arange(seats)[None, :] == maker[:, None]
    assert (out[is_maker] == 0).all()
    need = np.where(is_maker, table.need, 1)
    playing = out == 0
    made = playing & (tricks >= need)
    assert (points[made] == -tricks[made]).all()
    assert (points[playing & ~made & is_maker] == table.euchre).all()
    assert (points[playing & ~made & ~is_maker] == table.buck).all()
    # dirty clubs: no maker, clubs trump, the up-card taken, nobody out
    clubs = maker == -1
    assert (recs[clubs][:, TL.TF_TRUMP] == 0).all() and (recs[clubs][:, TL.TF_ROUND] == 1).all()
    assert (out[clubs] == 0).all()
    assert clubs.sum() > 0 and (out == 1).sum() > 0 and (points == table.buck).sum() > 0
    assert ((recs[:, TL.TF_DISCARD] >= 0) == (recs[:, TL.TF_ROUND] == 1)).all()
    assert (recs[:, TL.TF_ALONE] == 0).all()


def check_auction_deals(table: TableSpec, recs: np.ndarray, union: np.ndarray) -> None:
    """An auction table: the whole pack dealt, bids in range, every deal played, each team's
    points its tricks, or minus the bid (set), or the shoot's."""
    seats, n = table.seats, len(recs)
    assert (union == (1 << table.n_cards) - 1).all(), "the whole pack is dealt"
    assert (recs[:, TL.TF_UP] == -1).all() and (recs[:, TL.TF_THROWN_IN] == 0).all()
    bid, maker = recs[:, TL.TF_BID], recs[:, TL.TF_MAKER]
    assert ((bid >= table.min_bid) & (bid <= table.hand)).all()
    assert ((recs[:, TL.TF_TRUMP] >= 0) & (recs[:, TL.TF_TRUMP] <= 5)).all()
    assert (recs[:, TL.TF_LEADER] == maker).all()
    stuck = recs[:, TL.TF_STUCK] == 1
    dealer_alone = (recs[:, TL.TF_PASSES] == seats - 1) & (maker == recs[:, TL.TF_DEALER])
    assert (stuck == dealer_alone).all() and (bid[stuck] == table.min_bid).all()
    assert stuck.sum() < n and (stuck.any() or seats > 4)  # (rare with more bidders)
    shoot = recs[:, TL.TF_ALONE] == 1
    assert (recs[:, TL.TF_DISCARD] == -1).all()  # no up-card; the shooter's discard is traced
    assert 0.4 < shoot.mean() < 0.6
    tricks = recs[:, TL.TF_TRICKS:TL.TF_TRICKS + seats]
    points = recs[:, TL.TF_POINTS:TL.TF_POINTS + seats]
    assert (tricks.sum(axis=1) == table.hand).all()
    team = np.array(table.teams)
    rows = np.arange(n)
    on_maker = team[None, :] == team[maker][:, None]
    team_tricks = np.where(on_maker, (tricks * on_maker).sum(axis=1)[:, None],
                           (tricks * ~on_maker).sum(axis=1)[:, None])
    # the defenders score their tricks; the shooter's partners sit out and take none
    assert (points[~on_maker] == team_tricks[~on_maker]).all()
    out = recs[:, TL.TF_OUT:TL.TF_OUT + seats] == 1
    partners = on_maker & (np.arange(seats)[None, :] != maker[:, None])
    assert (out == (partners & shoot[:, None])).all()
    assert (tricks[out] == 0).all()
    made = team_tricks[rows, maker]
    want = np.where(shoot, np.where(made == table.hand, table.shoot_made, -table.shoot_set),
                    np.where(made >= bid, made, -bid))
    assert (points[on_maker] == np.repeat(want, on_maker.sum(axis=1))).all()
    # both outcomes of a bid and of a shoot happen (a random shooter rarely takes every trick
    # from more than two random defenders)
    assert ((made >= bid) & ~shoot).any() and ((made < bid) & ~shoot).any()
    assert (want == -table.shoot_set).any() and ((want == table.shoot_made).any() or seats > 4)


@pytest.mark.parametrize("name", list(TABLES))
def test_dealing_frequencies(name: str) -> None:
    """Each card is the up-card with probability 1/n (tables with one) and in a given seat's
    hand with probability hand/n (chi-square at the 0.1 % level on 40,000 deals)."""
    table = get_table(name)
    n = 40_000
    recs, _ = kernel_deals(table, [RANDOM] * table.seats, SEED + 3, n, traced=False)
    cards = table.n_cards
    if table.bidding != TL.BID_AUCTION:
        counts = np.bincount(recs[:, TL.TF_UP], minlength=cards)
        assert stats.chisquare(counts).pvalue > 1e-3
    for s in range(table.seats):
        hand = recs[:, TL.TF_HAND + s]
        held = np.array([((hand >> c) & 1).sum() for c in range(cards)])
        expected = n * table.hand / cards
        se = np.sqrt(n * (table.hand / cards) * (1 - table.hand / cards))
        assert (np.abs(held - expected) < 4.5 * se).all()
        if table.bidding == TL.BID_AUCTION:
            assert stats.chisquare(held).pvalue > 1e-3


def preset_both(table: TableSpec, strategies, dealer: int, hands_text: list[str], up: str):
    """A hand-built deal played by both engines (the same stream): the reference's outcome,
    after checking the kernel's record and trace against it."""
    faces = {table.card_name(c): c for c in range(table.n_cards)}
    hands = [sum(1 << faces[w] for w in text.split()) for text in hands_text]
    named = [w for text in hands_text for w in text.split()] + [up]
    assert len(set(named)) == len(named), "a card twice in a hand-built deal"
    arrays, kinds, params = kernel_inputs(table, strategies)
    presets = np.zeros((1, 2 + TL.MAX_SEATS), np.int64)
    up_card = faces[up] if up else -1  # no up-card at an auction table
    presets[0, 0], presets[0, 1] = dealer, up_card
    presets[0, 2:2 + table.seats] = hands
    recs = np.zeros((1, TL.N_TABLE_FIELDS), np.int64)
    trace = np.zeros((1, TL.TABLE_TRACE_CAP, 3), np.int16)
    run_table_presets(deal_key(SEED), *arrays, kinds, params, presets, recs, trace)
    d = reference.DealPlay(table, strategies, reference.deal_rng(SEED, 0), dealer).play_dealt(
        hands, up_card)
    got = [int(x) for x in recs[0]]
    got[0] = 0
    assert got == record_of(d, table.seats)
    assert events_of(trace[0]) == d.events
    return d


def test_three_handed_euchre_pays_each_defender() -> None:
    """The lone three-handed maker is euchred: each of the two other seats scores 2; with the
    top trumps he marches for 3."""
    table = get_table("three-handed")
    orders = reference.Strategy("basic", order=0, call=99, alone=99)
    # dealer 0; seat 1 (eldest) orders hearts holding only the ten; seats 0 and 2 hold the rest
    d = preset_both(table, [BASIC, orders, BASIC], 0,
                    ["JD AH KH QH AS", "TH AC KC QC 9S", "JH TD 9D AD KD"], "9H")
    assert (d.maker, d.trump, d.round) == (1, 2, 1)
    assert d.tricks[1] <= 2
    assert d.points == [2, 0, 2]
    # the same seat with the five top trumps marches: 3 points to him alone
    d = preset_both(table, [BASIC, orders, BASIC], 0,
                    ["TD 9D AD KD 9S", "JH JD AH KH QH", "TS QS KS AS 9C"], "TH")
    assert d.maker == 1 and d.tricks[1] == 5
    assert d.points == [0, 3, 0]


def test_unknown_table_is_one_line() -> None:
    with pytest.raises(TableError, match="unknown table 'four'"):
        get_table("four")
    with pytest.raises(TableError, match="need more than"):
        TableSpec(name="x", help="", seats=5, hand=5, deck=24)
    with pytest.raises(TableError, match="deals the whole pack"):
        TableSpec(name="x", help="", seats=4, hand=5, deck=24, sides=0, teams=(0, 1, 0, 1),
                  stick=True, bidding=TL.BID_AUCTION)
    with pytest.raises(TableError, match="needs teams"):
        TableSpec(name="x", help="", seats=4, hand=6, deck=24, stick=True, bidding=TL.BID_AUCTION)
    with pytest.raises(TableError, match="always sticks the dealer"):
        with_options(get_table("bid-euchre"), {"stick_the_dealer": "false"})


def test_two_handed_march_scores_two_and_a_euchre_pays_the_other() -> None:
    """Keller's two-handed scoring: a march is 2 (3 at three-handed), a euchre 2 to the
    other player; the non-dealer leads."""
    table = get_table("two-handed")
    orders = reference.Strategy("basic", order=0, call=99, alone=99)
    d = preset_both(table, [BASIC, orders], 0, ["TD 9D AD KD 9S", "JH JD AH KH QH"], "TH")
    assert (d.maker, d.leader, d.tricks[1], d.points) == (1, 1, 5, [0, 2])
    d = preset_both(table, [BASIC, orders], 0, ["JH JD AH KH QH", "TH AC KC QC 9S"], "9H")
    assert d.maker == 1 and d.tricks[1] <= 2 and d.points == [2, 0]


def test_the_dealer_never_discards_the_up_card() -> None:
    """RULES.md 1: the dealer discards any card but the up-card, even when it is his weakest
    (both kinds, every table with an up-card, 5,000 deals each)."""
    for name, table in TABLES.items():
        if table.bidding == TL.BID_AUCTION:
            continue
        for strategies in ([RANDOM] * table.seats, [BASIC] * table.seats):
            recs, _ = kernel_deals(table, strategies, SEED + 5, 5_000, traced=False)
            taken = recs[:, TL.TF_ROUND] == 1
            assert taken.any(), name
            assert (recs[taken][:, TL.TF_DISCARD] != recs[taken][:, TL.TF_UP]).all(), name


# ---- Buck Euchre (docs/tables.md, "Buck Euchre"): one hand-built position per rule ----

STAYS = reference.Strategy("basic", order=99, call=99, alone=99, stay=0)  # never bids, stays
ORDERS = reference.Strategy("basic", order=0, call=99, alone=99, stay=0)
DROPS = reference.Strategy("basic", order=99, call=99, alone=99, stay=99)  # drops when it may
# dealer 0 takes up the nine of hearts for seat 1 (eldest), who holds one small trump; seat 2
# holds the four top trumps and the queen
BUCK_HANDS = ["AD KD QD TD 9D", "TH AC KC QC 9S", "JH JD AH KH QH", "AS KS QS JS TS"]


def card_of(table: TableSpec, name: str) -> int:
    return next(c for c in range(table.n_cards) if table.card_name(c) == name)


def drops_of(d: reference.TableDeal) -> list[tuple[int, int]]:
    return [(seat, v) for kind, seat, v in d.events if kind == TL.EV_DROP]


def test_buck_euchred_maker_and_bucked_players_go_up_five() -> None:
    """The maker takes no trick: euchred, up 5; seat 2 takes all five, down 5; the dealer and
    seat 3 stay in and take nothing: bucked, up 5 each."""
    table = get_table("buck")
    d = preset_both(table, [STAYS, ORDERS, STAYS, STAYS], 0, BUCK_HANDS, "9H")
    assert (d.maker, d.trump, d.round, d.discard) == (1, 2, 1, card_of(table, "9D"))
    assert drops_of(d) == [(2, 0), (3, 0), (0, 0)]  # from the dealer's left, not the maker
    assert d.tricks == [0, 0, 5, 0]
    assert d.points == [5, 5, -5, 5]
    assert d.out == [0, 0, 0, 0]


def test_buck_dropped_player_neither_plays_nor_scores() -> None:
    """The same deal with seat 3 dropping out: he plays no card and scores 0 where staying in
    cost him 5; the others score as before."""
    table = get_table("buck")
    d = preset_both(table, [STAYS, ORDERS, STAYS, DROPS], 0, BUCK_HANDS, "9H")
    assert drops_of(d) == [(2, 0), (3, 1), (0, 0)]
    assert d.out == [0, 0, 0, 1]
    assert not [e for e in d.events if e[0] == TL.EV_PLAY and e[1] == 3]
    assert sum(e[0] == TL.EV_PLAY for e in d.events) == 3 * table.hand
    assert d.tricks == [0, 0, 5, 0]
    assert d.points == [5, 5, -5, 0]


def test_buck_maker_counts_down_his_tricks_and_may_be_left_alone() -> None:
    """Seat 2 orders with the top trumps: with everybody in he takes all five and goes down 5;
    when all the others drop he plays alone, takes the five tricks and nobody else scores."""
    table = get_table("buck")
    orders2 = [STAYS, STAYS, ORDERS, STAYS]
    d = preset_both(table, orders2, 0, BUCK_HANDS, "9H")
    assert d.maker == 2 and d.tricks[2] == 5
    assert d.points == [5, 5, -5, 5]
    alone = [DROPS, DROPS, ORDERS, DROPS]
    d = preset_both(table, alone, 0, BUCK_HANDS, "9H")
    assert d.out == [1, 1, 0, 1]
    assert d.tricks == [0, 0, 5, 0] and d.points == [0, 0, -5, 0]
    # seat 1 with the three top trumps takes 3 and counts down 3, seat 3 counts down the two
    # spade tricks, seats 0 and 2 are bucked
    hands = ["AD KD QD TD 9D", "JH JD AH 9S TS", "TH AC KC QC 9C", "AS KS QS JS JC"]
    d = preset_both(table, [STAYS, ORDERS, STAYS, STAYS], 0, hands, "9H")
    assert d.maker == 1
    assert d.tricks == [0, 3, 0, 2] and d.points == [5, -3, 5, -2]


def test_buck_dirty_clubs() -> None:
    """A club turned up is trump with no bidding: the dealer takes it up and discards, there
    is no maker, nobody may drop (not even a player who always drops), everybody needs one
    trick; thrown-in hands need two rounds of passes with any other up-card."""
    table = get_table("buck")
    d = preset_both(table, [DROPS] * 4, 0, BUCK_HANDS, "9C")
    assert d.events[0] == (TL.EV_CLUB_EUCHRE, 0, 0)
    assert (d.maker, d.trump, d.round, d.passes, d.thrown_in) == (-1, 0, 1, 0, 0)
    assert d.discard >= 0 and not drops_of(d)
    assert d.out == [0, 0, 0, 0]
    assert d.tricks == [1, 2, 1, 1] and d.points == [-1, -2, -1, -1]
    d = preset_both(table, [DROPS] * 4, 0, BUCK_HANDS, "9H")
    assert d.thrown_in == 1 and d.passes == 8 and d.points == [0, 0, 0, 0]


def test_buck_count_down_game_end() -> None:
    """Scores start at the target and the record's points are added; the first seat at 0 or
    below alone on the lowest score wins; two seats tied on the lowest play on."""
    table = get_table("buck")
    spec = table.arrays()[0]
    for scores, want in (([3, 0, 5, 7], 1), ([3, -1, 0, 7], 1), ([0, 0, 5, 5], -1),
                         ([-2, 0, -2, 5], -1), ([1, 2, 3, 4], -1), ([15, 15, 15, 15], -1)):
        got = game_winner(spec, np.array(scores + [0] * (TL.MAX_SEATS - 4), np.int64))
        assert got == want == reference.side_ahead(table, scores), scores
    for tab in (table, replace(table, target=25), get_table("buck-three")):
        strategies = mixes(tab)[1]
        arrays, kinds, params = kernel_inputs(tab, strategies)
        n_games = 20
        grecs = np.zeros((n_games, TL.N_TABLE_GAME_FIELDS), np.int64)
        gdeals = np.zeros((n_games, 400, TL.N_TABLE_FIELDS), np.int64)
        run_table_games(game_key(SEED), 0, n_games, *arrays, kinds, params, grecs, gdeals, 4)
        for g in range(n_games):
            nd = grecs[g, TL.TG_DEALS]
            assert nd < 400
            _, winner, scores, _ = reference.play_table_game(tab, strategies, SEED, g)
            assert grecs[g, TL.TG_WINNER] == winner >= 0
            running = tab.target + np.cumsum(gdeals[g, :nd, TL.TF_POINTS:TL.TF_POINTS + tab.seats],
                                             axis=0)
            score_columns = slice(TL.TG_SCORE, TL.TG_SCORE + tab.seats)
            assert list(running[-1]) == scores == list(grecs[g, score_columns])
            assert all(game_winner(spec_row(tab), pad(r)) == -1 for r in running[:-1])
            assert game_winner(spec_row(tab), pad(running[-1])) == winner


def spec_row(table: TableSpec) -> np.ndarray:
    return table.arrays()[0]


def pad(scores: np.ndarray) -> np.ndarray:
    out = np.zeros(TL.MAX_SEATS, np.int64)
    out[:len(scores)] = scores
    return out


def test_count_down_and_dropping_need_every_player_for_himself() -> None:
    with pytest.raises(TableError, match="every player for himself"):
        TableSpec(name="x", help="", seats=3, hand=5, deck=24, countdown=True)
    with pytest.raises(TableError, match="needs count-down scoring"):
        TableSpec(name="x", help="", seats=3, hand=5, deck=24, sides=TL.SIDES_EACH, drop=True)


    with pytest.raises(TableError, match="unknown card faces"):
        TableSpec(name="x", help="", seats=2, hand=1, cards=(0, 1, 40))
    with pytest.raises(TableError, match="65 cards"):
        TableSpec(name="x", help="", seats=2, hand=1, cards=tuple(range(32)) * 2 + (32,))


# ---- the six-handed and Almonte tables (RULES.md 3.2) ----

ORDERS = reference.Strategy("basic", order=0, call=99, alone=99)  # orders up, never alone
PASSES = reference.Strategy("basic", order=99, call=99, alone=99)  # passes twice


def first_trick(d: reference.TableDeal) -> list[tuple[int, int, int]]:
    """The first trick's plays and its TRICK event."""
    start = next(i for i, e in enumerate(d.events) if e[0] == TL.EV_PLAY)
    end = next(i for i, e in enumerate(d.events) if e[0] == TL.EV_TRICK)
    return d.events[start:end + 1]


def test_decks_are_the_published_ones() -> None:
    """Six-handed: 33 cards; double: each of the 24 cards twice and a red and a black Benny;
    Almonte: 8-A of each suit plus the three jokers (31), four-hand: 21 cards. Every table
    card has its own name."""
    six, double = get_table("six-handed"), get_table("six-handed-double")
    assert six.n_cards == 33 and double.n_cards == 50
    plain = [f for f in double.faces if not is_joker(f)]
    assert len(set(plain)) == 24 and all(plain.count(f) == 2 for f in plain)
    assert sorted(f for f in double.faces if is_joker(f)) == [RED_BENNY, BLACK_BENNY]
    almonte = almonte_six()
    assert len(almonte) == 31 and sum(f // 8 == 3 for f in almonte if not is_joker(f)) == 7
    four = almonte_four()
    assert len(four) == 21 and [sum(f // 8 == s for f in four if not is_joker(f))
                                for s in range(4)] == [4, 4, 5, 5]
    for table in TABLES.values():
        assert len(set(table.names)) == table.n_cards
        up_card = 0 if table.bidding == TL.BID_AUCTION else 1  # an auction deals the whole pack
        assert table.seats * table.hand + up_card <= table.n_cards
    assert "JH'" in double.names and "RJk" in double.names
    assert get_table("six-hand-almonte").names[-3:] == ("2S", "3S", "4S")


def test_almonte_jokers_rank_above_the_bowers_and_are_not_spades() -> None:
    """Under any trump the 4, 3, 2 of spades are trumps, 4 > 3 > 2 > right bower; under a
    plain suit they are not spades."""
    table = get_table("six-hand-almonte")
    _, eff, power, suit_mask = table.arrays()
    idx = {f: c for c, f in enumerate(table.faces)}
    for t in range(4):
        right = idx[t * 8 + 4]
        assert [int(eff[t, idx[j]]) for j in (ALMONTE_4, ALMONTE_3, ALMONTE_2)] == [t, t, t]
        assert (power[t, idx[ALMONTE_4]] > power[t, idx[ALMONTE_3]] > power[t, idx[ALMONTE_2]]
                > power[t, right])
        for j in (ALMONTE_2, ALMONTE_3, ALMONTE_4):
            assert not (int(suit_mask[t, 3]) >> idx[j] & 1) or t == 3
    # the printed-suit row: -1 for a joker (how the kernel sees a joker turned up)
    assert int(eff[4, idx[ALMONTE_4]]) == -1 and int(eff[4, idx[3 * 8 + 7]]) == 3
    with pytest.raises(TableError, match="no trump"):
        effective(ALMONTE_2, 4)


def test_almonte_joker_beats_the_right_bower() -> None:
    """Clubs trump: the maker leads the right bower; the next seat, holding the 2 of spades
    (the lowest joker) as his only trump, must play it to the trump lead and takes the trick."""
    table = get_table("six-hand-almonte")
    st = [ORDERS] + [BASIC] * 5
    d = preset_both(table, st, 5, ["JC AC KC 8D 9D", "2S TH QH KH AH", "TD QD KD AD 9S",
                                   "8H 9H JH 8S TS", "QS KS AS JD 9C", "JS QC TC 3S 4S"], "8C")
    assert (d.maker, d.trump) == (0, 0)
    idx = {table.card_name(c): c for c in range(table.n_cards)}
    assert first_trick(d)[:2] == [(TL.EV_PLAY, 0, idx["JC"]), (TL.EV_PLAY, 1, idx["2S"])]
    assert first_trick(d)[-1] == (TL.EV_TRICK, 1, 0)


def test_double_pack_later_equal_card_wins() -> None:
    """Double pack, hearts trump: the maker leads the ace of hearts, the next seat must follow
    with the other ace of hearts and wins the trick (the second played of two equal cards);
    with a table that lets the first equal card stand, the maker would keep it."""
    table = get_table("six-handed-double")
    st = [ORDERS] + [BASIC] * 5
    hands = ["AH KC QC 9C TC", "AH' 9S TS QS KS", "9D TD QD KD AD", "9C' TC' QC' KC' AC'",
             "9S' TS' QS' KS' AS'", "AS JC JS JC' JS'"]
    d = preset_both(table, st, 5, hands, "9H")
    assert (d.maker, d.trump) == (0, 2)
    assert first_trick(d)[-1] == (TL.EV_TRICK, 1, 0)
    first_stands = replace(table, name="first-stands", later_equal=False)
    d = preset_both(first_stands, st, 5, hands, "9H")
    assert first_trick(d)[-1] == (TL.EV_TRICK, 0, 0)


def test_double_pack_benny_of_the_trump_colour_wins() -> None:
    """Of a red and a black Benny, the one of the trump's colour wins, whichever is first."""
    table = get_table("six-handed-double")
    st = [ORDERS] + [BASIC] * 5
    hands = ["RJk KC QC 9C TC", "BJk 9S TS QS KS", "9D TD QD KD AD", "9C' TC' QC' KC' AC'",
             "9S' TS' QS' KS' AS'", "AS JC JS JC' JS'"]
    d = preset_both(table, st, 5, hands, "9H")  # hearts (red): the red Benny led wins
    assert first_trick(d)[-1] == (TL.EV_TRICK, 0, 0)
    hands = ["RJk KC QC 9C TC", "BJk 9H TH QH KH", "9D TD QD KD AD", "9C' TC' QC' KC' AC'",
             "AH QD' KD' AD' 9D'", "AS JC JH JD JD'"]
    d = preset_both(table, st, 5, hands, "AS'")  # spades (black): the black Benny takes it
    assert d.trump == 3
    assert first_trick(d)[:2] == [(TL.EV_PLAY, 0, table.names.index("RJk")),
                                  (TL.EV_PLAY, 1, table.names.index("BJk"))]
    assert first_trick(d)[-1] == (TL.EV_TRICK, 1, 0)


def test_joker_turned_up_dealer_names_trump_blind() -> None:
    """The Benny turned up: the dealer (seat 5) names trump before looking (basic: clubs, the
    longest suit, clubs on a tie), is the maker with nobody asked, picks it up and discards."""
    table = get_table("six-handed")
    hands = ["JH JD AH KH 7C", "AS KS QS JS TS", "7D 8D 9D TD QD", "7S 8S 9S 8C 9C",
             "AD KD AC KC QC", "7H 8H 9H TH QH"]
    d = preset_both(table, [ORDERS] * 6, 5, hands, "Jk")
    idx = {table.card_name(c): c for c in range(table.n_cards)}
    assert d.events[:2] == [(TL.EV_JOKER_TRUMP, 5, 0), (TL.EV_DISCARD, 5, idx["7H"])]
    assert (d.maker, d.trump, d.round, d.passes) == (5, 0, 1, 0)
    # the random dealer names a suit with the stream's random numbers, nobody else bids
    d = preset_both(table, [RANDOM] * 6, 5, hands, "Jk")
    assert d.events[0][:2] == (TL.EV_JOKER_TRUMP, 5) and d.maker == 5 and d.passes == 0
    assert d.trump == d.events[0][2] and d.discard != idx["Jk"]


def test_almonte_take_variant_joker_is_bid_on() -> None:
    """six-hand-almonte-take: the named suit is bid on; when the other five pass, the dealer
    must take the joker; an opponent may order it up instead."""
    table = get_table("six-hand-almonte-take")
    hands = ["JH JD AH KH 8C", "AS KS QS JS TS", "8D 9D TD QD KD", "8S 9S 9C TC JC",
             "AD QC AC KC 9H", "8H TH QH 3S 4S"]
    d = preset_both(table, [PASSES] * 6, 5, hands, "2S")
    assert [e[0] for e in d.events[:8]] == [TL.EV_JOKER_TRUMP] + [TL.EV_PASS1] * 5 + [TL.EV_ORDER,
                                                                              TL.EV_DISCARD]
    assert (d.maker, d.trump, d.round, d.passes) == (5, 0, 1, 5)
    # seat 0 orders it up (clubs, named blind): he is the maker, the dealer still discards
    d = preset_both(table, [ORDERS] + [PASSES] * 5, 5, hands, "2S")
    assert (d.maker, d.trump, d.round, d.passes) == (0, 0, 1, 0)
    assert d.events[1][:2] == (TL.EV_ORDER, 0) and d.events[2][:2] == (TL.EV_DISCARD, 5)


def test_six_handed_lone_maker_takes_a_partners_card_and_marches_for_six() -> None:
    """Seat 0 orders hearts up and goes alone; he asks his first partner on the left (seat 2),
    who gives his best card, the Benny; seat 0 discards his weakest (7C), the player on his
    left leads, and with the five top trumps he takes every trick: 6 points to his team."""
    table = get_table("six-handed")
    lone = reference.Strategy("basic", order=0, call=99, alone=0)
    st = [lone] + [BASIC] * 5
    hands = ["JH JD AH KH 7C", "AS KS QS JS TS", "Jk 7D 8D 9D TD", "7S 8S 9S 8C 9C",
             "AD KD AC KC QC", "7H 8H QD TH QH"]
    d = preset_both(table, st, 5, hands, "9H")
    idx = {table.card_name(c): c for c in range(table.n_cards)}
    assert (d.maker, d.trump, d.alone, d.leader) == (0, 2, 1, 1)
    give = d.events.index((TL.EV_GIVE, 2, idx["Jk"]))
    assert d.events[give + 1] == (TL.EV_LONE_DISCARD, 0, idx["7C"])
    assert d.tricks == [5, 0, 0, 0, 0, 0]
    assert d.points == [6, 0, 6, 0, 6, 0]
    # the Benny with the other partner (seat 4): seat 2 gives his best, the jack of clubs;
    # the dealer, long in hearts, trumps it at the last trick: 1 point, no lone march
    hands[2] = "7D 8D 9D TD JC"
    hands[4] = "AD KD AC KC Jk"
    d = preset_both(table, st, 5, hands, "9H")
    assert (TL.EV_GIVE, 2, idx["JC"]) in d.events
    assert d.tricks[0] == 4 and d.points == [1, 0, 1, 0, 1, 0]


# ---- Bid Euchre: hand-built positions (dealer seat 3, so seat 0 bids first) ----

PASS = reference.Strategy("basic", bid=99, cap=99, shoot=99)


def bidder(cap: int, shoot: int = 99) -> reference.Strategy:
    """Bids its estimate up to ``cap`` whenever it may; shoots at ``shoot``."""
    return reference.Strategy("basic", bid=0, cap=cap, shoot=shoot)


# seat 0 holds the three top hearts; seat 1 the other four hearts and two aces
THREE_HEARTS = ["JH JD AH 9C 9S TS", "QH TH 9H KH AC AS", "TC JC QC KC 9D TD",
                "QD KD AD JS QS KS"]


def test_bid_euchre_made_bid_scores_both_teams_and_set_bid_loses_it() -> None:
    table = get_table("bid-euchre")
    d = preset_both(table, [bidder(3), PASS, PASS, PASS], 3, THREE_HEARTS, "")
    assert (d.maker, d.bid, d.trump, d.leader, d.alone) == (0, 3, 2, 0, 0)
    assert d.tricks == [3, 3, 0, 0]
    assert d.points == [3, 3, 3, 3]  # made: each team its tricks
    # the same cards with a bid of 4: set, the bidders lose 4, the defenders keep their tricks
    d = preset_both(table, [bidder(4), PASS, PASS, PASS], 3, THREE_HEARTS, "")
    assert (d.maker, d.bid) == (0, 4) and d.tricks == [3, 3, 0, 0]
    assert d.points == [-4, 3, -4, 3]


def test_bid_euchre_no_trump_low_makes_the_nine_win() -> None:
    """Seat 0 holds the four nines and two tens: its best choice is no trump low, under
    which they are the top cards; the aces of seat 1 fall to them."""
    table = get_table("bid-euchre")
    hands = ["9C 9D 9H 9S TC TD", "AC AD AH AS KC KD", "JC QC TH JH QH KH",
             "JD QD TS JS QS KS"]
    d = preset_both(table, [bidder(6), PASS, PASS, PASS], 3, hands, "")
    assert (d.maker, d.trump, d.bid) == (0, TL.NT_LOW, 5)
    assert d.tricks == [6, 0, 0, 0] and d.points == [6, 0, 6, 0]
    faces = {table.card_name(c): c for c in range(table.n_cards)}
    plays = [e for e in d.events if e[0] == TL.EV_PLAY]
    first = [c for _, _, c in plays[:4]]
    assert faces["AC"] in first and first[0] == faces["TC"]  # the ten of clubs beats the ace


def test_bid_euchre_shoot_made_and_failed() -> None:
    table = get_table("bid-euchre")
    faces = {table.card_name(c): c for c in range(table.n_cards)}
    # five top hearts: the partner passes the ten of hearts, the shooter discards the 9C
    hands = ["JH JD AH KH QH 9C", "9H AC AS AD KC KD", "TH TC JC QC 9D TD",
             "QD 9S TS JS QS KS"]
    d = preset_both(table, [bidder(6, shoot=6), PASS, PASS, PASS], 3, hands, "")
    assert (d.maker, d.trump, d.alone, d.discard, d.out) == (0, 2, 1, -1, [0, 0, 1, 0])
    assert (TL.EV_GIVE, 2, faces["TH"]) in d.events
    assert (TL.EV_LONE_DISCARD, 0, faces["9C"]) in d.events
    assert d.tricks == [6, 0, 0, 0] and d.points == [12, 0, 12, 0]
    # without the left bower (seat 1 holds it) the shoot fails: -12, the defenders score
    hands = ["JH AH KH QH TH 9C", "JD 9H AC AS AD KC", "KD TC JC QC 9D TD",
             "QD 9S TS JS QS KS"]
    d = preset_both(table, [bidder(6, shoot=5), PASS, PASS, PASS], 3, hands, "")
    assert (d.maker, d.alone) == (0, 1) and d.tricks[2] == 0
    assert d.tricks[1] + d.tricks[3] >= 1
    defenders = d.tricks[1] + d.tricks[3]
    assert d.points == [-12, defenders, -12, defenders]
    # the same hand not shooting makes a bid of 4 and scores its tricks
    d = preset_both(table, [bidder(4), PASS, PASS, PASS], 3, hands, "")
    assert d.alone == 0 and d.points[0] == d.tricks[0] + d.tricks[2] >= 4


def test_bid_euchre_dealer_stuck_and_dealer_matching() -> None:
    table = get_table("bid-euchre")
    # all pass: the dealer (seat 3) is stuck with 3 and names his best trump (spades)
    d = preset_both(table, [PASS] * 4, 3, THREE_HEARTS, "")
    assert (d.maker, d.bid, d.stuck, d.passes, d.trump) == (3, 3, 1, 3, 3)
    assert d.events[3] == (TL.EV_BID, 3, 3)
    # seat 0 bids 4; the dealer, with four spades, may match it and takes the bid
    strong = ["JH JD AH KH 9C 9S", "QH TH 9H AC 9D AD", "TC JC QC KC AS TD",
              "QD KD TS JS QS KS"]
    d = preset_both(table, [bidder(4), PASS, PASS, bidder(4)], 3, strong, "")
    assert (d.maker, d.bid, d.stuck, d.leader) == (3, 4, 0, 3)
    assert d.events[:4] == [(TL.EV_BID, 0, 4), (TL.EV_PASS1, 1, 0), (TL.EV_PASS1, 2, 0),
                            (TL.EV_BID, 3, 4)]
    # seat 1 with a cap of 4 may not match seat 0's 4 (only the dealer may)
    d = preset_both(table, [bidder(4), bidder(4), PASS, PASS], 3, THREE_HEARTS, "")
    assert (d.maker, d.bid) == (0, 4) and d.events[1] == (TL.EV_PASS1, 1, 0)
    # a dealer who will not bid 4 passes, and seat 0 keeps it
    d = preset_both(table, [bidder(4), PASS, PASS, bidder(3)], 3, strong, "")
    assert (d.maker, d.bid) == (0, 4)


def forced(level: int, st: reference.Strategy = BASIC) -> reference.Strategy:
    """``st`` with the eldest's opening forced to ``level`` (0 pass, else that bid)."""
    return replace(st, force=level)


@pytest.mark.parametrize("name", [n for n in TABLES if TABLES[n].bidding == TL.BID_AUCTION])
def test_forced_openings_kernel_matches_reference(name: str) -> None:
    """Every forced opening (pass, each bid), basic and mixed seats: the same records and
    traces in both engines; the eldest's first event is the forced one."""
    table = get_table(name)
    n = table.seats
    for level in (0, *range(table.min_bid, table.hand + 1)):
        for k, base in enumerate((BASIC, mixes(table)[2][1])):
            strategies = [forced(level, base if s % 2 == 0 else BASIC) for s in range(n)]
            if k:  # a random seat among them: it ignores the force
                strategies[1] = RANDOM
            assert_same(table, strategies, SEED + 7 * level + k, 400)
        recs, trace = kernel_deals(table, [forced(level)] * n, SEED, 200)
        for i in range(200):
            eldest = (int(recs[i, TL.TF_DEALER]) + 1) % n
            want = (TL.EV_PASS1, eldest, 0) if level == 0 else (TL.EV_BID, eldest, level)
            assert events_of(trace[i])[0] == want


def test_forcing_the_eldest_to_pass_or_bid_changes_the_outcome() -> None:
    """Seat 0 (eldest) holds the three top hearts (basic bids 4 with them and is set). Forced
    to pass, the others pass and the dealer is stuck with 3 in spades; forced to 3 he makes it
    (each team 3); forced to 4 he is set (-4); force -1 is basic's own 4."""
    table = get_table("bid-euchre")
    others = [PASS, PASS, PASS]
    d = preset_both(table, [forced(0, BASIC), *others], 3, THREE_HEARTS, "")
    assert (d.maker, d.bid, d.stuck, d.trump) == (3, 3, 1, 3)
    assert d.events[0] == (TL.EV_PASS1, 0, 0)
    passed = d.points
    d = preset_both(table, [forced(3, BASIC), *others], 3, THREE_HEARTS, "")
    assert (d.maker, d.bid, d.trump) == (0, 3, 2) and d.points == [3, 3, 3, 3]
    assert d.points != passed
    d = preset_both(table, [forced(4, PASS), *others], 3, THREE_HEARTS, "")
    assert (d.maker, d.bid) == (0, 4) and d.points == [-4, 3, -4, 3]
    d = preset_both(table, [BASIC, *others], 3, THREE_HEARTS, "")
    assert (d.maker, d.bid) == (0, 4)
    # only the eldest is forced: seat 1's force is not read (seat 0 bids its own 4)
    d = preset_both(table, [BASIC, forced(6, PASS), PASS, PASS], 3, THREE_HEARTS, "")
    assert (d.maker, d.bid) == (0, 4) and d.events[1] == (TL.EV_PASS1, 1, 0)


def test_bid_euchre_game_end() -> None:
    """Game to 32, scores may be negative; both teams at 32 on one deal: the bidders win."""
    table = get_table("bid-euchre")
    spec = table.arrays()[0]
    cases = [([31, 20, 31, 20], 0, -1), ([33, -5, 33, -5], 1, 0), ([32, 34, 32, 34], 0, 0),
             ([32, 34, 32, 34], 3, 1), ([-40, 31, -40, 31], 1, -1)]
    for scores, maker, want in cases:
        padded = np.array(scores + [0] * (TL.MAX_SEATS - 4), np.int64)
        assert auction_game_winner(spec, padded, maker) == want
        assert reference.side_ahead(table, scores, maker) == want


def test_bid_euchre_deal_as_text() -> None:
    """``show`` prints the bids, the trump, the shoot, the partner's card and the discard."""
    from euchre_sim.records.table_display import format_table_deal

    table = get_table("bid-euchre")
    hands = ["JH JD AH KH QH 9C", "9H AC AS AD KC KD", "TH TC JC QC 9D TD",
             "QD 9S TS JS QS KS"]
    d = preset_both(table, [bidder(6, shoot=6), PASS, PASS, PASS], 3, hands, "")
    text = format_table_deal(table, np.array(record_of(d, table.seats)), d.events)
    for words in ("Up-card: none", "seat 0 bids 6", "seat 1 passes", "seat 0 names hearts",
                  "seat 0 shoots", "seat 2 gives the lone player TH", "seat 0 discards 9C",
                  "Points: seat 0 12, seat 1 0, seat 2 12, seat 3 0."):
        assert words in text, text


def test_bid_euchre_double_pack_first_of_two_equal_cards_wins() -> None:
    """Eight players, a double pack: seat 0 names no trump high and leads the ace of clubs;
    seat 1's only club is the other ace of clubs: the first played wins the trick (and with
    the later card winning, as at six-handed Euchre, seat 1 would take it)."""
    table = get_table("bid-euchre-eight")
    names = list(table.names)
    seat0 = ["AC", "AD", "AH", "AS", "KC", "KD"]
    seat1 = ["AC'"] + [c for c in names if c not in seat0 and c != "AC'"
                       and not c.endswith(("C", "C'"))][:5]
    rest = [c for c in names if c not in seat0 + seat1]
    hands = [" ".join(seat0), " ".join(seat1)] + [" ".join(rest[6 * k:6 * k + 6])
                                                  for k in range(6)]
    strategies = [bidder(3)] + [PASS] * 7
    tricks = []
    for t in (table, replace(table, later_equal=True)):
        d = preset_both(t, strategies, 7, hands, "")
        assert (d.maker, d.trump) == (0, 4)
        plays = [e for e in d.events if e[0] == TL.EV_PLAY]
        assert plays[0] == (TL.EV_PLAY, 0, card_of(t, "AC"))
        assert plays[1] == (TL.EV_PLAY, 1, card_of(t, "AC'"))
        tricks.append(next(e for e in d.events if e[0] == TL.EV_TRICK))
    assert tricks == [(TL.EV_TRICK, 0, 0), (TL.EV_TRICK, 1, 0)]
