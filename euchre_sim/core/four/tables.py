"""Precomputed lookup tables: natural <-> effective (trump-relative) card layout, masks.

Effective layout for trump ``t`` (one layout for every deck): a non-trump card of rank ``r``
(0..7 = 7..A) in the ``e``-th non-trump suit (suit-id order) is bit ``3*r + e`` (bits 0..23);
trumps 7, 8, 9, 10, Q, K, A, left bower, right bower, joker are bits 24..33. A higher bit is
always a stronger card, so "weakest legal card" is a count of trailing zeros.

No trump (``trump = NO_TRUMP = 4``, rule option ``no_trump``, 24-card deck only): four plain
suits ranked A K Q J 10 9, card of rank ``r`` (2..7 = 9..A) of natural suit ``s`` at bit
``NT_BASE + 4 * (r - 2) + s`` (bits 34..57, above every bit of the trump layouts), effective
suits 4..7 (``4 + s``). The tables indexed by an effective bit or suit (``ESUIT``, ``SUIT_EFF``,
``ABOVE``, ``CONTEST``) hold both layouts side by side, so the kernels read a no-trump deal
through the same lookups, without a branch; no card of it lies in ``TRUMP_MASK``.
"""

import numpy as np

from ...game.cards import (
    DECK_SIZES,  # the decks, in the order of the rows of ``DECKS``
    JOKER,
    N_RANKS,
    NO_TRUMP,
    RANK_9,
    RANK_10,
    RANK_A,
    RANK_J,
    RANK_K,
    RANK_Q,
    deck_cards,
)

TRUMP_BASE = 24
TRUMP_MASK = np.int64(((1 << 10) - 1) << TRUMP_BASE)
LEFT_BIT = 31
RIGHT_BIT = 32
JOKER_BIT = 33
_TRUMP_RANK_BIT = {0: 24, 1: 25, 2: 26, 3: 27, RANK_Q: 28, RANK_K: 29, RANK_A: 30, RANK_J: 32}
NT_BASE = 34  # first bit of the no-trump layout
N_TRUMPS = 5  # rows of the tables indexed by trump: the four suits, then NO_TRUMP
N_BITS = 64  # entries of the tables indexed by an effective bit
N_ESUITS = 8  # effective suits: 0..2 plain, 3 trump; 4..7 the no-trump suits


def eff_bit(trump: int, card: int) -> int:
    """Effective bit of a natural card under trump ``trump`` (-1: not in the layout, the 7s, 8s
    and joker under no trump)."""
    if trump == NO_TRUMP:
        s, r = divmod(card, N_RANKS)
        return -1 if card == JOKER or r < RANK_9 else NT_BASE + 4 * (r - RANK_9) + s
    if card == JOKER:
        return JOKER_BIT
    s, r = divmod(card, N_RANKS)
    if s == trump:
        return _TRUMP_RANK_BIT[r]
    if s == (trump ^ 3) and r == RANK_J:
        return LEFT_BIT
    e = s if s < trump else s - 1
    return 3 * r + e


def _build():
    eff = np.full((N_TRUMPS, 33), -1, np.int64)
    nat = np.full((N_TRUMPS, N_BITS), -1, np.int64)
    conv = np.zeros((N_TRUMPS, 4, 256), np.int64)
    for t in range(N_TRUMPS):
        for c in range(33):
            b = eff_bit(t, c)
            eff[t, c] = b
            if b >= 0:
                nat[t, b] = c
        for s in range(4):
            for m in range(256):
                e = 0
                for r in range(8):
                    if m >> r & 1 and eff[t, s * 8 + r] >= 0:
                        e |= 1 << eff[t, s * 8 + r]
                conv[t, s, m] = e
    # effective suit masks: 0..2 non-trump, 3 trump; 4..7 the no-trump suits
    suit_eff = np.zeros(N_ESUITS, np.int64)
    for e in range(3):
        suit_eff[e] = sum(1 << (3 * r + e) for r in range(8))
    suit_eff[3] = TRUMP_MASK
    for s in range(4):
        suit_eff[4 + s] = sum(1 << (NT_BASE + 4 * k + s) for k in range(6))
    esuit = np.array([3 if TRUMP_BASE <= b < NT_BASE else (b % 3 if b < TRUMP_BASE else
                      (4 + (b - NT_BASE) % 4 if b < NT_BASE + 24 else -1))
                      for b in range(N_BITS)], np.int64)
    suit_nat = np.array([0xFF << (8 * s) for s in range(4)], np.int64)
    decks = np.full((4, 33), -1, np.int64)
    deck_len = np.zeros(4, np.int64)
    for i, d in enumerate(DECK_SIZES):
        cards = deck_cards(d)
        decks[i, : len(cards)] = cards
        deck_len[i] = len(cards)
    rank_nat = np.array([sum(1 << (s * 8 + r) for s in range(4)) for r in range(8)], np.int64)
    return eff, nat, conv, suit_eff, esuit, suit_nat, decks, deck_len, rank_nat


EFF, NAT, CONV, SUIT_EFF, ESUIT, SUIT_NAT, DECKS, DECK_LEN, RANK_NAT = _build()
LOW_NAT = np.int64(int(RANK_NAT[0] | RANK_NAT[1] | RANK_NAT[2] | RANK_NAT[3]))  # ranks 7..10
NINE_NAT = np.int64(int(RANK_NAT[RANK_9]))  # the four nines (farmers_hand = strict)
TEN_NAT = np.int64(int(RANK_NAT[RANK_10]))  # the four tens
ACE_NAT = np.int64(int(RANK_NAT[RANK_A]))
FACE_NAT = np.int64(int(RANK_NAT[RANK_J] | RANK_NAT[RANK_Q] | RANK_NAT[RANK_K]))
JOKER_NAT = np.int64(1 << JOKER)
# for each effective bit: the cards of its suit above it, and the cards that can take a trick
# it leads (its suit and the trumps); one lookup each in the solver's inner loops
ABOVE = np.array([int(SUIT_EFF[ESUIT[b]]) & ~((2 << b) - 1) if ESUIT[b] >= 0 else 0
                  for b in range(N_BITS)], np.int64)
CONTEST = np.array([int(SUIT_EFF[ESUIT[b]] | TRUMP_MASK) if ESUIT[b] >= 0 else 0
                    for b in range(N_BITS)], np.int64)
assert RANK_10 == 3


DECK_NAT = np.array([sum(1 << int(c) for c in DECKS[i, : DECK_LEN[i]]) for i in range(4)],
                    np.int64)  # natural mask of each deck


# every card of deck row i in the effective layout of trump t (what is "in play" at the start;
# no trump: the 24-card deck's, its only deck)
DECK_EFF = np.array([[sum(1 << eff_bit(t, int(c)) for c in DECKS[i, : DECK_LEN[i]]
                          if eff_bit(t, int(c)) >= 0)
                      for t in range(N_TRUMPS)] for i in range(4)], np.int64)


# row of the DECK_* tables by deck size (``hands.deck_row``: one load in the kernels)
DECK_ROW = np.zeros(max(DECK_SIZES) + 1, np.int64)
for _row, _size in enumerate(DECK_SIZES):
    DECK_ROW[_size] = _row


def deck_index(deck: int) -> int:
    """Row of ``DECKS`` for a deck size."""
    return DECK_SIZES.index(deck)


def nt_suit_strength(ranks: int) -> int:
    """The reference script's no-trump strength of one suit (its ranks as an 8-bit mask): 3 for
    the ace, 2 for a king with another card of the suit (guarded)."""
    total = 3 if ranks >> RANK_A & 1 else 0
    if ranks >> RANK_K & 1 and bin(ranks).count("1") >= 2:
        total += 2
    return total


def _strength_table():
    """Reference script's bidding strength: [trump, natural suit, 8-bit chunk] -> points (row
    NO_TRUMP: ``nt_suit_strength``)."""
    tab = np.zeros((N_TRUMPS, 4, 256), np.int64)
    for s in range(4):
        for m in range(256):
            tab[NO_TRUMP, s, m] = nt_suit_strength(m)
    for t in range(4):
        for s in range(4):
            for m in range(256):
                total = 0
                for r in range(8):
                    if not m >> r & 1:
                        continue
                    b = eff_bit(t, s * 8 + r)
                    if b >= TRUMP_BASE:
                        total += {RIGHT_BIT: 6, LEFT_BIT: 5, 30: 4, 29: 3}.get(b, 2)
                    elif r == RANK_A:
                        total += 2
                tab[t, s, m] = total
    return tab


STRENGTH = _strength_table()
JOKER_STRENGTH = 7
# the four trump suits' strengths of a chunk packed 16 bits a suit: [natural suit, 8-bit chunk]
# -> sum over t of STRENGTH[t, suit, chunk] << 16 t (four loads rate a hand in every suit)
STRENGTH4 = sum(STRENGTH[t] << (16 * t) for t in range(4))
JOKER4 = sum(JOKER_STRENGTH << (16 * t) for t in range(4))
