"""Readable columns for deal records: card strings, suit and seat names, the maker's hand.

The Parquet records keep what the kernels write (docs/engine.md, "Records"): hands as bit masks,
suits and cards as integer codes. ``decode`` adds columns a person can filter on in one pandas
line, without bit arithmetic::

    from euchre_sim.records.results import load
    deals = load("demo").deals                    # decoded by default
    lone = deals[deals.alone == 1]                # 2: the maker's partner alone
    lone[lone.maker_right & lone.maker_left & lone.maker_trump_ace].march.mean()

The maker's hand is the hand he played: as dealt, plus the up-card and less the discard when he
is the dealer who took it up, or the eldest who took it after a right Smitty guess (a farmer's
exchange and a lone player's exchange with his partner are not in the records and not
reflected). Thrown-in deals have no maker: their maker columns
are missing (``pd.isna``: NaN in the text columns, ``<NA>`` in the numbers and flags), never a
made-up zero.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..core.common import layout as L
from ..game.cards import (
    JOKER,
    N_CARD_IDS,
    RANK_A,
    RANK_J,
    SUIT_NAMES,
    TRUMP_NAMES,
    format_card,
    make_card,
)

CARD_NAMES = np.array([format_card(c) for c in range(N_CARD_IDS)], dtype=object)
HAND_ORDER = np.array([JOKER] + [make_card(s, r) for s in range(4) for r in range(7, -1, -1)],
                      dtype=np.int64)
ORDERED_NAMES = CARD_NAMES[HAND_ORDER]
DECODED = (
    "hand0_cards", "hand1_cards", "hand2_cards", "hand3_cards", "up", "up_suit", "trump_suit",
    "discard_card", "maker_position", "maker_team", "maker_hand", "maker_trumps",
    "maker_right", "maker_left", "maker_trump_ace", "maker_off_aces", "maker_tricks", "march",
    "euchred", "maker_points",
)
"""The columns ``decode`` adds (docs/records.md says what each means)."""


def _suit_mask(suit: int) -> int:
    return sum(1 << make_card(suit, r) for r in range(8))


# indexed by the record's trump: suits 0..3, then 4 = no trump (no trump suit, no bowers, no
# trump ace: every ace is an off ace)
SUIT_MASKS = np.array([_suit_mask(s) for s in range(4)] + [0], dtype=np.int64)
ACES = np.array([1 << make_card(s, RANK_A) for s in range(4)] + [0], dtype=np.int64)
ALL_ACES = np.int64(np.bitwise_or.reduce(ACES))
RIGHT = np.array([1 << make_card(s, RANK_J) for s in range(4)] + [0], dtype=np.int64)
LEFT = np.array([1 << make_card(s ^ 3, RANK_J) for s in range(4)] + [0], dtype=np.int64)
# every card that is trump when suit s is: the suit, the left bower and the joker
TRUMPS = np.array([_suit_mask(s) | (1 << make_card(s ^ 3, RANK_J)) | (1 << JOKER)
                   for s in range(4)] + [0], dtype=np.int64)


def cards_of(masks: np.ndarray) -> np.ndarray:
    """The cards of each natural hand mask as strings, in ``format_hand``'s order (grouped by
    suit, high cards first): ``"KD QD TD KH JH"``."""
    m = np.asarray(masks, dtype=np.int64)
    held = ((m[:, None] >> HAND_ORDER) & 1).astype(bool)  # (n, 33) in display order
    count = held.sum(axis=1)
    out = np.full(len(m), "", dtype=object)
    for k in np.unique(count):
        rows = np.nonzero(count == k)[0]
        if k == 0:
            continue
        cols = np.nonzero(held[rows])[1].reshape(len(rows), k)  # row-major: in order
        names = ORDERED_NAMES[cols]
        text = names[:, 0]
        for j in range(1, k):
            text = text + " " + names[:, j]
        out[rows] = text
    return out


def _popcount(x: np.ndarray) -> np.ndarray:
    """Bits set in each value (a branch-free popcount: works with numpy 1.26 too)."""
    v = np.asarray(x, dtype=np.int64).astype(np.uint64)
    v = v - ((v >> np.uint64(1)) & np.uint64(0x5555555555555555))
    v = (v & np.uint64(0x3333333333333333)) + ((v >> np.uint64(2)) & np.uint64(0x3333333333333333))
    v = (v + (v >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return ((v * np.uint64(0x0101010101010101)) >> np.uint64(56)).astype(np.int64)


def _names(table: np.ndarray, ids: np.ndarray) -> np.ndarray:
    """``table[id]`` for each id, missing (None) where the id is -1 (no card, no suit)."""
    ids = np.asarray(ids, dtype=np.int64)
    out = np.full(len(ids), None, dtype=object)
    ok = ids >= 0
    out[ok] = table[ids[ok]]
    return out


SUIT_NAME_TABLE = np.array(SUIT_NAMES, dtype=object)
TRUMP_NAME_TABLE = np.array(TRUMP_NAMES, dtype=object)  # the suits, then "no trump"


def decode(deals: pd.DataFrame) -> pd.DataFrame:
    """A copy of the deal records ``deals`` with the readable columns of ``DECODED`` added."""
    missing = [c for c in ("dealer", "hand0", "hand1", "hand2", "hand3", "up_card", "maker",
                           "trump", "discard", "alone", "tricks0", "tricks1", "points0",
                           "points1", "round") if c not in deals.columns]
    if missing:
        raise ValueError(f"not deal records: no column {', '.join(missing)}")
    out = deals.copy()
    n = len(out)
    hands = np.stack([out[f"hand{s}"].to_numpy(np.int64) for s in range(4)], axis=1)
    for s in range(4):
        out[f"hand{s}_cards"] = cards_of(hands[:, s])
    up = out["up_card"].to_numpy(np.int64)
    out["up"] = _names(CARD_NAMES, up)
    out["up_suit"] = _names(SUIT_NAME_TABLE, np.where(up == JOKER, -1, up // 8))
    trump = out["trump"].to_numpy(np.int64)
    out["trump_suit"] = _names(TRUMP_NAME_TABLE, trump)
    discard = out["discard"].to_numpy(np.int64)
    out["discard_card"] = _names(CARD_NAMES, discard)

    maker = out["maker"].to_numpy(np.int64)
    made = (maker >= 0) & (trump >= 0)
    m = np.where(made, maker, 0)
    t = np.where(made, trump, 0)
    dealer = out["dealer"].to_numpy(np.int64)
    hand = hands[np.arange(n), m]
    # the dealer took it up, or the eldest after a right Smitty guess (stuck 3, rule smitty)
    smitty = out["stuck"].to_numpy(np.int64) == 3 if "stuck" in out.columns else False
    took_up = made & ((m == dealer) | smitty) & (discard >= 0)
    hand = np.where(took_up, (hand | (np.int64(1) << np.where(up >= 0, up, 0)))
                    & ~(np.int64(1) << np.where(discard >= 0, discard, 0)), hand)
    trumps = hand & TRUMPS[t]
    off_aces = hand & ALL_ACES & ~SUIT_MASKS[t]
    tricks = np.where(m & 1, out["tricks1"].to_numpy(np.int64), out["tricks0"].to_numpy(np.int64))
    points = np.where(m & 1, out["points1"].to_numpy(np.int64), out["points0"].to_numpy(np.int64))

    def masked(values: np.ndarray, dtype: str) -> pd.Series:
        # <NA> where there is no maker (thrown in)
        return pd.Series(np.where(made, values, 0), index=out.index).astype(dtype).where(made)

    positions = np.array(L.POSITION_NAMES, dtype=object)
    out["maker_position"] = np.where(made, positions[(m - dealer - 1) & 3], None)
    out["maker_team"] = masked(m & 1, "Int8")
    maker_hand = cards_of(hand)
    maker_hand[~made] = None
    out["maker_hand"] = maker_hand
    out["maker_trumps"] = masked(_popcount(trumps), "Int8")
    out["maker_right"] = masked((hand & RIGHT[t]) != 0, "boolean")
    out["maker_left"] = masked((hand & LEFT[t]) != 0, "boolean")
    out["maker_trump_ace"] = masked((hand & ACES[t]) != 0, "boolean")
    out["maker_off_aces"] = masked(_popcount(off_aces), "Int8")
    out["maker_tricks"] = masked(tricks, "Int8")
    out["march"] = masked(tricks == 5, "boolean")
    out["euchred"] = masked(tricks < 3, "boolean")
    out["maker_points"] = masked(points, "Int8")
    return out
