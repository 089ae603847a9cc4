"""The order-up chart: hand classes, sensible verdicts, the command."""

import json

import numpy as np

from euchre_sim.analysis.order_chart import FEW, hand_classes, order_chart, random_presets
from euchre_sim.cli import main as cli
from euchre_sim.game.cards import parse_card, parse_hand
from euchre_sim.game.rules import Rules


def test_hand_classes():
    hands = np.array([parse_hand("JH JD AH AC AS"), parse_hand("9C TC QC KS 9D")])
    up = np.array([parse_card("9H"), parse_card("9H")])
    c = hand_classes(hands, up)
    assert list(c.trumps) == [3, 0] and list(c.bowers) == [3, 0] and list(c.aces) == [2, 0]


def test_random_presets_are_deals():
    p = random_presets(Rules(), 500, seed=3)
    for row in p[:50]:
        masks = [int(x) for x in row[:4]] + [1 << int(row[4]), int(row[5])]
        assert sum(bin(m).count("1") for m in masks) == 24
        union = 0
        for m in masks:
            assert union & m == 0
            union |= m


def test_chart_verdicts():
    chart = order_chart(Rules(), "advanced", deals=20_000, seed=2, min_deals=100)
    t = chart.table
    t = t[t.best != FEW]
    assert set(t.seat) == {"eldest", "partner", "third", "dealer"}
    # no trump at all: pass from every seat
    assert (t[t.trumps == 0].best == "pass").all()
    # the margin is the best option's value minus the next best
    row = t.iloc[0]
    values = sorted([row["value_pass"], row["value_order up"], row["value_alone"]])
    assert abs(row.margin - (values[-1] - values[-2])) < 1e-9


def test_chart_leaves_out_deals_where_the_seat_may_not_order():
    """The chart forces an order up on every deal; where the rules forbid it the engine
    ignores the force, so those deals would file a pass under "order up". They are left out:
    under dealer_needs_trump no dealer class without a trump card is charted (a dealer with
    only the left bower holds no card of the printed suit either), the other seats keep all
    their classes; under hearts_never_trump and club_euchre no seat has a deal with a heart
    or a club up-card, so every seat has fewer deals than without the options."""
    base = order_chart(Rules(), "advanced", deals=4_000, seed=3, min_deals=1).table
    dnt = order_chart(Rules(dealer_needs_trump=True), "advanced", deals=4_000, seed=3,
                      min_deals=1).table
    dealer = dnt[dnt.seat == "dealer"]
    assert not ((dealer.trumps == 0).any())
    assert not ((dealer.trumps == 1) & (dealer.bowers == "left")).any()
    assert ((base.seat == "dealer") & (base.trumps == 0)).any()
    others = dnt[dnt.seat != "dealer"]
    assert others.deals.sum() == base[base.seat != "dealer"].deals.sum()
    off = order_chart(Rules(hearts_never_trump=True, club_euchre=True), "advanced",
                      deals=4_000, seed=3, min_deals=1).table
    for seat in ("eldest", "partner", "third", "dealer"):
        n_base = base[base.seat == seat].deals.sum()
        n_off = off[off.seat == seat].deals.sum()
        assert 0 < n_off < n_base


def test_chart_command(capsys, tmp_path):
    rc = cli.main(["chart", "order-up", "--deals", "5000", "--out", str(tmp_path / "c")])
    assert rc == 0
    meta = json.loads((tmp_path / "c" / "meta.json").read_text())
    assert meta["deals_per_seat"] == 5000
    assert (tmp_path / "c" / "chart.png").exists() and (tmp_path / "c" / "order_up.csv").exists()


def test_go_alone_chart(capsys, tmp_path):
    chart = order_chart(Rules(), "advanced", deals=20_000, seed=5, min_deals=100)
    t = chart.table
    t = t[t.best != FEW]
    assert ((t.alone_march_rate >= 0) & (t.alone_march_rate <= 1)).all()
    row = t.iloc[0]
    assert abs(row.alone_gain - (row["value_alone"] - row["value_order up"])) < 1e-9
    # a dealer holding both bowers and two more trumps (five with the up-card) marches alone
    best = t[(t.seat == "dealer") & (t.trumps == 4) & (t.bowers == "both")]
    if not best.empty:
        assert best.iloc[0].alone_march_rate > 0.9 and best.iloc[0].alone_gain > 1
    rc = cli.main(["chart", "go-alone", "--deals", "5000", "--out", str(tmp_path / "g")])
    assert rc == 0 and (tmp_path / "g" / "go_alone.csv").exists()


def test_deal_value_chart(capsys, tmp_path):
    rc = cli.main(["chart", "deal-value", "--deals", "50000", "--out", str(tmp_path / "d")])
    out = capsys.readouterr().out
    assert rc == 0 and "dealing side minus other" in out
    summary = json.loads((tmp_path / "d" / "summary.json").read_text())
    edge = summary["points_per_deal"]["dealing_side_minus_other"]
    assert edge["mean"] - 4 * edge["se"] > 0  # the deal is worth something


def test_chart_needs_an_output_folder(capsys):
    rc = cli.main(["chart", "order-up", "--deals", "100"])
    err = capsys.readouterr().err
    assert rc == 2 and "needs --out" in err and err.count("\n") == 1


def test_chart_marks_toss_ups_and_keeps_small_classes(tmp_path):
    """A class below ``min_deals`` is kept with the verdict "too few deals" (never dropped);
    a verdict within two standard errors is flagged as a toss-up, and only then."""
    from euchre_sim.analysis.order_chart import TOSS_UP_SE
    from euchre_sim.charts import go_alone_chart, order_up_chart

    chart = order_chart(Rules(), "advanced", deals=6_000, seed=4, min_deals=150)
    t = chart.table
    few = t[t.best == FEW]
    assert not few.empty and (few.deals < 150).all()
    judged = t[t.best != FEW]
    assert (judged.deals >= 150).all()
    assert (judged.toss_up == (judged.margin <= TOSS_UP_SE * judged.margin_se)).all()
    assert judged.toss_up.any() and not judged.toss_up.all()
    gain = judged.alone_gain.abs() <= TOSS_UP_SE * judged.alone_gain_se
    assert (judged.alone_toss_up == gain).all()
    assert order_up_chart(chart, "test", tmp_path / "o") and go_alone_chart(
        chart, "test", tmp_path / "g")
