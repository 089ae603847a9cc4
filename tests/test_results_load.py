"""Reading runs back: ``results.load`` finds the run, reads its tables, and ``decode``'s readable
columns agree with a plain per-deal reading of the same records (card by card, in Python)."""

from __future__ import annotations

import os

import numpy as np
import pandas as pd
import pytest

from euchre_sim.cli import main as cli
from euchre_sim.game.cards import (
    JOKER,
    RANK_A,
    RANK_J,
    SUIT_NAMES,
    format_hand,
    mask_to_cards,
    rank_of,
    suit_of,
)
from euchre_sim.records.decode import DECODED, decode
from euchre_sim.records.results import ResultsError, find_run, load


@pytest.fixture(scope="module")
def run_folder(tmp_path_factory) -> str:
    """A small simulation under Canadian rules with a joker deck, tuned against random
    (loners, a sitting-out dealer, round-2 makers, dealers who took up and hands thrown in all
    occur), written by the command line."""
    out = str(tmp_path_factory.mktemp("runs") / "small")
    rc = cli.main(["simulate", "--strategy", "tuned", "--vs", "random", "--deals", "4000",
                   "--rules", "canadian", "--set", "deck=25", "--set", "stick_the_dealer=false",
                   "--seed", "3", "--out", out, "--no-progress"])
    assert rc == 0
    return out


def _is_trump(card: int, trump: int) -> bool:
    if card == JOKER:
        return True
    return suit_of(card) == trump or (rank_of(card) == RANK_J and suit_of(card) == trump ^ 3)


def test_decoded_columns_agree_with_a_plain_reading(run_folder: str) -> None:
    run = load(run_folder)
    deals = run.deals
    raw = pd.read_parquet(os.path.join(run_folder, "deals.parquet"))
    assert len(deals) == len(raw) == 4000
    assert set(DECODED) <= set(deals.columns)
    seen = {"took_up": 0, "alone": 0, "thrown_in": 0, "round2": 0}
    for row in raw.itertuples():
        d = deals.loc[row.Index]
        for s in range(4):
            assert d[f"hand{s}_cards"] == format_hand(getattr(row, f"hand{s}"))
        if row.maker < 0:
            seen["thrown_in"] += 1
            assert pd.isna(d.trump_suit) and pd.isna(d.maker_position) and pd.isna(d.maker_hand)
            assert pd.isna(d.maker_trumps) and pd.isna(d.march) and pd.isna(d.maker_right)
            continue
        trump = row.trump
        hand = mask_to_cards(getattr(row, f"hand{row.maker}"))
        if row.maker == row.dealer and row.discard >= 0:
            hand = [c for c in hand + [row.up_card] if c != row.discard]
            seen["took_up"] += 1
        seen["alone"] += row.alone
        seen["round2"] += row.round == 2
        trumps = [c for c in hand if _is_trump(c, trump)]
        tricks = row.tricks1 if row.maker & 1 else row.tricks0
        assert d.trump_suit == SUIT_NAMES[trump]
        assert d.maker_position == ("eldest", "partner", "third", "dealer")[
            (row.maker - row.dealer - 1) % 4]
        assert d.maker_hand == format_hand(sum(1 << c for c in hand))
        assert d.maker_trumps == len(trumps)
        assert d.maker_right == (trump * 8 + RANK_J in hand)
        assert d.maker_left == ((trump ^ 3) * 8 + RANK_J in hand)
        assert d.maker_trump_ace == (trump * 8 + RANK_A in hand)
        assert d.maker_off_aces == sum(1 for c in hand if rank_of(c) == RANK_A
                                       and suit_of(c) != trump)
        assert d.maker_tricks == tricks
        assert d.march == (tricks == 5) and d.euchred == (tricks < 3)
        assert d.maker_points == (row.points1 if row.maker & 1 else row.points0)
    assert min(seen.values()) > 0, seen  # every case was met


def test_one_line_question(run_folder: str) -> None:
    """The issue's question in one pandas line (how often does a loner with both bowers and
    the ace of trump march?) gives what counting the raw records card by card gives."""
    deals = load(run_folder).deals
    strong = deals[(deals.alone == 1) & deals.maker_right & deals.maker_left
                   & deals.maker_trump_ace]
    raw = pd.read_parquet(os.path.join(run_folder, "deals.parquet"))
    n = marched = 0
    for row in raw.itertuples():
        if row.maker < 0 or not row.alone:
            continue
        t = row.trump
        hand = mask_to_cards(getattr(row, f"hand{row.maker}"))
        if row.maker == row.dealer and row.discard >= 0:
            hand = [c for c in hand + [row.up_card] if c != row.discard]
        if {t * 8 + RANK_J, (t ^ 3) * 8 + RANK_J, t * 8 + RANK_A} <= set(hand):
            n += 1
            marched += (row.tricks1 if row.maker & 1 else row.tricks0) == 5
    assert n == len(strong) > 0
    assert marched == strong.march.sum()


def test_dealer_who_took_up_holds_the_upcard() -> None:
    """A hand-built record: the dealer (seat 3) took up the JS and discarded the 9C, spades
    trump: his played hand is the dealt hand with the JS in and the 9C out."""
    rec = pd.DataFrame([dict(dealer=3, hand0=0, hand1=0, hand2=0,
                             hand3=sum(1 << c for c in (0 + 2, 31, 30, 15, 23)),
                             up_card=3 * 8 + RANK_J, maker=3, trump=3, discard=2, alone=0,
                             tricks0=0, tricks1=5, points0=0, points1=2, round=1)])
    d = decode(rec).iloc[0]
    assert d.maker_hand == "AD AH AS KS JS"
    assert d.up == "JS" and d.discard_card == "9C" and d.maker_position == "dealer"
    assert d.maker_trumps == 3 and d.maker_right and not d.maker_left and d.maker_trump_ace
    assert d.maker_off_aces == 2 and d.march and not d.euchred


def test_finding_runs(tmp_path, run_folder: str) -> None:
    """A name under the results root or a path; a folder of runs gives its newest; unfinished
    (dot) folders and strangers are skipped; anything else is a one-line error."""
    root = tmp_path / "results"
    (root / "exp" / "20261130-100000-seed1").mkdir(parents=True)
    (root / "exp" / ".exp.partial-1-x").mkdir()
    for rid in ("20261130-100000-seed1", "20261201-090000-seed2"):
        folder = root / "exp" / rid
        folder.mkdir(exist_ok=True)
        (folder / "meta.json").write_text(open(os.path.join(run_folder, "meta.json")).read())
    assert find_run("exp", root).name == "20261201-090000-seed2"
    assert find_run(root / "exp" / "20261130-100000-seed1", root).name.endswith("seed1")
    assert load("exp", root).tables == {}
    for bad, says in (("nothing", "no run 'nothing'"), ("", "no run named"),
                      (str(tmp_path), "holds no finished run")):
        with pytest.raises(ResultsError, match=says) as err:
            load(bad, root)
        assert "\n" not in str(err.value)
    with pytest.raises(AttributeError, match="has no table 'games'"):
        _ = load(run_folder).games
    assert np.isfinite(load(run_folder, decoded=False).deals["hand0"]).all()
    with pytest.raises(ValueError, match="not deal records"):
        decode(pd.DataFrame({"x": [1]}))
