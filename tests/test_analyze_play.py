"""The analyser after the bidding: the discard, lone defence and every card play.

Situations are written in the one-line notation (docs/analyze.md). The card-play positions are
exact: whatever the unseen cards, every option's points are known in advance.
"""

from __future__ import annotations

from itertools import permutations

import numpy as np
import pytest

from euchre_sim.analysis.analyser import analyze, analyze_tables, format_analysis
from euchre_sim.analysis.facts import AnalysisError, options, suit_in_play
from euchre_sim.analysis.situation import read_situation
from euchre_sim.analysis.worlds import (
    deal_unseen,
    option_presets,
    sample_presets,
    unseen_holders,
)
from euchre_sim.cli import main as cli
from euchre_sim.core.common import layout as L
from euchre_sim.engine.simulate import replay_presets
from euchre_sim.game.cards import format_card, mask_to_cards, parse_card
from euchre_sim.game.rules import Rules

# Spades trump, ordered by the eldest; the asker (the dealer's partner) has one trick, the
# other side two, and plays last to trick 4 holding the right bower and the KC. Every trump is
# out and the AC played: the right bower takes trick 4 and the KC then takes trick 5 (three
# tricks, a euchre: +2); the KC loses trick 4 and the right bower takes trick 5 (two tricks:
# the makers score 1, -1). Exactly 3 points apart on every deal.
EXACT = ('hand=KC,JS up=KS seat=partner bidding="order" tricks="eldest:AS partner:JC third:JH '
         'dealer:KS | partner:TS third:9D dealer:9S eldest:QS | eldest:TH partner:TC third:KH '
         'dealer:QH | third:KD dealer:QC eldest:AC"')
EAGER = "advanced:round1.threshold.eldest=0"  # the eldest orders anything: every world fits
EAGER_PIMC = "pimc:round1.threshold.eldest=0,pimc.worlds=8"
# Hearts trump, taken up by the dealer, who holds JD AH 9H and leads trick 3 with no trump
# left outside his hand: every card he leads wins every trick left.
LAYDOWN = ('hand=JD,AH,9H up=9H seat=dealer bidding="pass pass pass order" discard=9C '
           'tricks="eldest:AC partner:TC third:KC dealer:KH | dealer:JH eldest:AS partner:QH '
           'third:TH"')


def test_the_right_bower_is_worth_exactly_three_points():
    df = analyze(read_situation(EXACT), EAGER, deals=600, seed=3, threads=1)
    rows = df.set_index("option")
    assert list(df["option"]) == ["play JS", "play KC"]
    assert rows.loc["play JS", "points"] == 2 and rows.loc["play KC", "points"] == -1
    assert (df["se"] == 0).all() and rows.loc["play KC", "vs_best"] == -3


def test_a_laydown_gives_every_card_the_same_value():
    sit = read_situation(LAYDOWN)
    df = analyze(sit, "advanced", deals=500, seed=4, threads=1)
    assert sorted(df["option"]) == ["lead 9H", "lead AH", "lead JD"]
    assert (df["points"] == 2).all() and (df["se"] == 0).all()  # a march with the partner
    assert "lead 9H, lead AH, lead JD, worth the same on every deal" in format_analysis(sit, df)


def test_the_dealer_throws_the_lone_off_nine_and_keeps_the_bower():
    sit = read_situation('hand=JH,TH,AD,9C,AS up=9H seat=dealer bidding="pass pass pass order"')
    assert sit.question == "discard"
    assert [o.label for o in options(sit)] == [
        "discard 9C", "discard AD", "discard AS", "discard TH", "discard JH"]
    df = analyze(sit, "advanced", deals=3_000, seed=5, threads=1)
    rows = df.set_index("option")
    assert df.iloc[0]["option"] == "discard 9C"
    runner = df.iloc[1]
    assert -runner["vs_best"] > 4 * runner["vs_best_se"]  # clearly
    assert rows.loc["discard JH", "points"] < rows.loc["discard 9C", "points"] - 1


def shown_out_situation():
    """The exact position: the eldest and the dealer showed out of diamonds, the third of
    trump; seven unseen cards (one each, the dealer's discard, the kitty)."""
    return read_situation(EXACT)


def test_worlds_respect_shown_voids():
    sit = shown_out_situation()
    f = sit.facts
    assert f.voids[0] >> 1 & 1 and f.voids[3] >> 1 & 1 and f.voids[2] >> 4 & 1
    presets = sample_presets(sit, 4_000, seed=9)
    discard = np.left_shift(1, presets[:, L.PR_SCRIPT + L.SC_DISCARD])  # drawn with the world
    assert (presets[:, L.PR_HAND + 3] & discard).all()  # one of the dealer's five, unconstrained
    for seat in (0, 2, 3):
        unseen = presets[:, L.PR_HAND + seat] & ~f.played[seat] & ~(discard if seat == 3 else 0)
        suits = [{suit_in_play(c, f.trump) for c in mask_to_cards(int(m))} for m in unseen]
        for key in range(5):
            if f.voids[seat] >> key & 1:
                assert not any(key in s for s in suits), (seat, key)
    # every world holds the asker's cards, the cards played and the up-card with the dealer
    assert (presets[:, L.PR_HAND + sit.seat] == f.dealt).all()
    up = parse_card("KS")
    # taken up, then played: not dealt to him
    assert ((presets[:, L.PR_HAND + 3] >> up & 1) == 0).all()
    hands = presets[:, L.PR_HAND:L.PR_HAND + 4]
    assert (np.bitwise_or.reduce(hands, axis=1) & presets[:, L.PR_KITTY] == 0).all()


def test_worlds_are_uniform_among_those_that_fit():
    """The exact probability of each (holder, card) pair, by enumerating every deal of the
    seven unseen cards that fits the voids, against the sampler's frequencies."""
    sit = shown_out_situation()
    names, needs, allowed, pool = unseen_holders(sit)
    cards = mask_to_cards(pool)
    assert sum(needs) == len(cards) == 7
    slots = [h for h, n in enumerate(needs) for _ in range(n)]
    fits = set()
    for perm in permutations(cards):
        if all(allowed[h] >> c & 1 for h, c in zip(slots, perm, strict=True)):
            fits.add(tuple(sorted((h, c) for h, c in zip(slots, perm, strict=True))))
    exact = {(h, c): sum((h, c) in d for d in fits) / len(fits) for h in range(len(needs))
             for c in cards}
    n = 20_000
    held = deal_unseen(pool, needs, allowed, n, np.random.default_rng(12))
    worst = 0.0
    for (h, c), p in exact.items():
        freq = float(((held[:, h] >> c) & 1).mean())
        se = max(np.sqrt(p * (1 - p) / n), 1e-9)
        worst = max(worst, abs(freq - p) / se)
        if p == 0:
            assert freq == 0, (names[h], format_card(c))
    assert worst < 4.5
    assert 0 < len(fits) < 840  # the voids do constrain


def _numpy_draw(pool, needs, allowed, n, rng):
    """The plain numpy draw of the constrained case (the compiled one's oracle): each card in
    turn to a holder, by the number of ways to deal the rest."""
    cards = np.array(mask_to_cards(pool), np.int64)
    bits = np.left_shift(np.int64(1), cards)
    m, h_count = len(cards), len(needs)
    masks = np.zeros((n, h_count), np.int64)
    strides = np.cumprod([1] + [x + 1 for x in needs[:-1]])
    size = int(strides[-1] * (needs[-1] + 1))
    states = np.arange(size)
    left = [(states // strides[h]) % (needs[h] + 1) for h in range(h_count)]
    may = [[bool(allowed[h] >> int(c) & 1) for h in range(h_count)] for c in cards]
    ways = np.zeros((m + 1, size))
    ways[m, 0] = 1.0
    for i in range(m - 1, -1, -1):
        for h in range(h_count):
            if may[i][h]:
                ok = left[h] > 0
                ways[i, ok] += ways[i + 1, states[ok] - strides[h]]
    state = np.full(n, size - 1)
    rows = np.arange(n)
    for i in range(m):
        weight = np.zeros((n, h_count))
        for h in range(h_count):
            if may[i][h]:
                ok = (state // strides[h]) % (needs[h] + 1) > 0
                weight[ok, h] = ways[i + 1, state[ok] - strides[h]]
        cum = weight.cumsum(axis=1)
        pick = (cum <= (rng.random(n) * cum[:, -1])[:, None]).sum(axis=1)
        pick = np.minimum(pick, h_count - 1)
        masks[rows, pick] |= bits[i]
        state -= strides[pick]
    return masks


def test_the_compiled_draw_is_the_numpy_draw_to_the_bit():
    """On random voids the compiled draw deals exactly what the numpy loop dealt (the same
    uniform numbers, the same arithmetic): answers under a seed do not move."""
    gen = np.random.default_rng(4)
    checked = 0
    for trial in range(60):
        cards = sorted(gen.choice(24, size=int(gen.integers(6, 16)), replace=False).tolist())
        pool = sum(1 << c for c in cards)
        k = len(cards)
        cuts = sorted(gen.choice(np.arange(1, k), size=3, replace=False).tolist())
        needs = [b - a for a, b in zip([0, *cuts], [*cuts, k], strict=True)]
        allowed = [pool & ~sum(1 << c for c in cards if c // 8 == int(s))
                   for s in gen.integers(0, 4, size=4)]
        allowed[-1] = pool  # the kitty may hold anything
        if all(a == pool for a in allowed):
            continue  # no void: the shuffle, not this draw
        try:
            a = deal_unseen(pool, needs, allowed, 300, np.random.default_rng(trial))
        except AnalysisError:
            continue
        b = _numpy_draw(pool, needs, allowed, 300, np.random.default_rng(trial))
        assert (a == b).all(), trial
        checked += 1
    assert checked >= 20


def test_the_playouts_replay_the_history_exactly():
    """Every event of every playout up to the question is the situation's history: the order,
    the dealer's discard (drawn with the world), the fifteen cards in order, the trick
    winners; then the asker plays the option forced."""
    sit = read_situation(EXACT)
    f = sit.facts
    presets = sample_presets(sit, 200, seed=6)
    for option in options(sit):
        replays = replay_presets(sit.rules, EAGER, None, option_presets(sit, presets, option))
        for i, rep in enumerate(replays):
            events = rep.trace
            plays = [(s, v) for k, s, v in events if k == L.EV_PLAY]
            assert events[0] == (L.EV_ORDER, 0, 3)
            assert events[1] == (L.EV_DISCARD, 3, presets[i, L.PR_SCRIPT + L.SC_DISCARD])
            assert plays[:15] == f.plays
            assert plays[15] == (sit.seat, option.forced[0][1])
            winners = [s for k, s, _ in events if k == L.EV_TRICK]
            assert winners[:3] == f.winners


# (hand, cards played, the message): the eldest ordered spades, the dealer took up the KS; the
# asker, the dealer's partner, was dealt JC TS TC KC JS
BAD = [
    ("KC,JS,TC", "eldest:AS partner:JC third:JH dealer:KS | partner:TS third:AS",
     "trick 2: AS is played by the third but is already played (trick 1)"),
    ("KC,JS,TS,TC,JC", "eldest:AS partner:KC", "KC is played by the partner but is in your hand"),
    ("KC,JS,TC", "eldest:AS partner:JC third:9D dealer:KS | partner:TS third:QS",
     "trick 2: the third plays QS, a trump (spades) card, but showed out of trump (spades) in "
     "trick 1"),
    ("KC,JS,TS,TC", "eldest:AS partner:JC third:JH dealer:KS | third:TS",
     "trick 2: the third played out of turn (the partner was to play)"),
    ("KC,JS,TS,JC", "eldest:AS partner:TC", "trick 1: the partner plays TC but holds JC and must "
     "follow trump (spades)"),
    ("KC,JS,TS,TC", "eldest:AS partner:JC third:JH dealer:9C",
     "trick 1: the dealer plays 9C but holds KS and must follow trump (spades)"),
    ("KC,JS,TS,TC", "eldest:KS", "KS is the up-card: only the dealer, who took it up, can play "
     "it"),
    ("KC,JS,TS,TC", "partner:JC", "trick 1: the partner played out of turn (the eldest was to "
     "play)"),
    ("KC,JS,TS", "eldest:AS partner:JC third:JH dealer:KS",
     "the hand needs 4 cards after playing 1 card(s), got 3"),
    ("KC,JS,TC", "eldest:AS partner:JC third:JH dealer:QS | partner:TS third:9D dealer:KS",
     "it is the eldest's turn to play, not the partner's"),
    ("KC,JS,TS,TC", "eldest:AS partner:JC third:JH dealer:KS eldest:9C",
     "trick 1 has 5 cards: 4 players play"),
]


@pytest.mark.parametrize("hand,played,needle", BAD)
def test_impossible_play_situations_are_one_line_errors(capsys, hand, played, needle):
    text = f'hand={hand} up=KS seat=partner bidding="order" tricks="{played}"'
    with pytest.raises(AnalysisError) as exc:
        read_situation(text)
    assert needle in str(exc.value)
    rc = cli.main(["analyze", "--situation", text, "--deals", "100"])
    err = capsys.readouterr().err
    assert rc == 2 and needle in err and err.count("\n") == 1, err


@pytest.mark.parametrize("text,needle", [
    ('hand=JH,TH,AD,9C,AS up=9H seat=dealer bidding="pass pass pass order" discard=9H',
     "cannot discard the up-card 9H"),
    ('hand=JH,TH,AD,AS,9H up=9H seat=dealer bidding="pass pass pass order" discard=AS',
     "the discard AS is also in the hand"),
    ('hand=JH,TH,AD,AS,9H up=9H seat=dealer bidding="pass pass pass order" discard=9C '
     'tricks="eldest:9C"', "9C is played by the eldest but is your discard"),
    ('hand=JH,TH,AD,AS,9C up=9H seat=dealer bidding="pass pass pass order" discard=KC',
     "the dealer took up 9H and has not played it: it belongs in the hand"),
    ('hand=JH,TH,AD,AS,9C,9H up=9H seat=dealer bidding="pass pass pass order"',
     "the up-card 9H is also in the hand (write the hand without it before the discard)"),
    ('hand=JH,TH,AD,AS,9C up=9H seat=dealer bidding="pass pass pass order" tricks="eldest:9S"',
     "the dealer discards before the play"),
    ('hand=JH,TH,AD,AS,9C up=9H seat=eldest bidding="order" defend=third',
     "lone defence is not in these rules"),
    ('hand=KC,JS,TS,TC,JC up=KS seat=partner bidding="order" discard=9C',
     "only a dealer who took up the up-card gives it"),
    ('hand=JH,TH,AD,AS,9C up=9H seat=eldest bidding="pass hearts"',
     "in round 1 a player passes or orders up"),
    ('hand=JH,TH,AD,AS,9C seat=eldest', "the situation needs up="),
    ('hand=JH,TH,AD,AS,9C up=9H seat=eldest colour=red', "unknown situation field 'colour'"),
    ('hand=JH,TH,AD,AS,9C up=9H seat=eldest tricks="eldest:AS eldest"',
     "'eldest' is not seat:card"),
])
def test_impossible_situations_name_their_problem(text, needle):
    with pytest.raises(AnalysisError) as exc:
        read_situation(text)
    assert needle in str(exc.value) and "\n" not in str(exc.value)


def test_the_notation_reads_back_what_it_writes():
    for text in (EXACT, LAYDOWN, 'hand=JH,TH,AD,9C,AS up=9H seat=dealer bidding="pass pass '
                 'pass order alone" score=8-6', 'hand=9C,TC,JC,QD,KD up=9H seat=eldest '
                 'bidding="pass pass pass pass pass pass clubs"'):
        sit = read_situation(text)
        assert read_situation(sit.notation()) == sit


def test_lone_defence_is_asked_and_the_earlier_defender_filters():
    """Defender-alone rules, the third names diamonds: the dealer, asked after the partner,
    weighs defending alone. Worlds where the partner would have defended alone are dropped."""
    rules = Rules(defender_alone=True)
    sit = read_situation('hand=JS,JC,AS,KS,AH up=9H seat=dealer bidding="pass pass pass pass '
                         'pass pass diamonds"', rules)
    assert sit.question == "defend" and sit.facts.asked_before == (1,)
    table = "advanced:defend_alone.threshold=9"
    df = analyze(sit, table, deals=1_000, seed=2, threads=1)
    assert set(df["option"]) == {"defend with partner", "defend alone"}
    assert df.attrs["consistent_rate"] < 1
    assert df.iloc[0]["option"] == "defend with partner"  # no trump: alone is a euchre risk


def test_the_command_answers_a_card_play_under_two_tables(capsys):
    """Every option with its interval and the best one, under the table and a pimc check."""
    rc = cli.main(["analyze", "--situation", EXACT, "--table", f"{EAGER},{EAGER_PIMC}", "--deals",
                   "300", "--threads", "1"])
    out = capsys.readouterr().out
    assert rc == 0
    assert "question: the card to play (trick 4)" in out
    assert out.count("  play JS                      +2.000 (+2.000 .. +2.000)") == 2
    assert out.count("  play KC                      -1.000 (-1.000 .. -1.000)   -3.000") == 2
    assert (f"best under {EAGER}: play JS, clearly better than play KC (by 3.000 points per "
            "deal, on every deal)") in out
    assert "same verdict under every table: play JS" in out


def test_a_situation_is_the_flags_or_one_line_not_both(capsys):
    rc = cli.main(["analyze", "--situation", EXACT, "--hand", "KC JS"])
    assert rc == 2 and "--situation says it all: drop --hand" in capsys.readouterr().err
    rc = cli.main(["analyze", "--up", "9H"])
    assert rc == 2 and "analyze needs --hand, --seat" in capsys.readouterr().err
    rc = cli.main(["analyze", "--hand", "JH TH AD 9C AS", "--up", "9H", "--seat", "dealer",
                   "--bidding", "pass pass pass order", "--discard", "9C", "--tricks",
                   "eldest:9S", "--deals", "100"])
    assert rc == 2 and "the discard 9C is also in the hand" in capsys.readouterr().err


def test_analyze_tables_reuse_the_play_question():
    df = analyze_tables(read_situation(LAYDOWN), ["advanced", "basic"], deals=200, seed=1)
    assert set(df["table"]) == {"advanced", "basic"} and (df["points"] == 2).all()
