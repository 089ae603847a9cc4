"""The reference script at the standard rules, in one lean kernel (issue 14).

The general deal kernel (``deal.play_deal``) plays every rule option and every strategy kind
through decision hooks over the deal state array ``g``. For the one table the C yardstick plays
(``reference`` on both sides, every rule option at its default but ``stick_the_dealer`` and
``target_score``) that generality is most of the cost: the same deals with the state in locals
and the card play in a four-slot array run about twice as fast (docs/benchmarks.md). This kernel
is that: the same deals from the same random numbers, the same decisions (``reference_kind``'s
strength and thresholds, read per team from the same parameter rows), the same record, bit for
bit (``tests/test_reference_deals.py`` compares it with the general kernel on every field).

``run_deals`` (``batch.py``) sends a call here when ``takes_reference_path`` says the table
qualifies; any other table, a trace, presets and games go through the general kernel.

Two shortcuts that change no record: each hand is collected as its five cards are drawn
(a Fisher-Yates position is final once drawn), and the three draws that only order the kitty
are skipped (the kitty is not recorded, and nothing after the shuffle reads the stream).
"""

import numpy as np
from numba import njit, prange

from ...game.rules import R_STICK, R_TARGET, Rules
from ..common import layout as L
from ..common.bits import ctz, highest_bit
from ..common.rng import scaled, stream_state, xoshiro_step
from .hands import to_effective
from .kinds import P_ALONE, P_BID, S_REFERENCE
from .reference_kind import best_suit, hand_strength
from .tables import DECKS, EFF, ESUIT, NAT, SUIT_EFF, TRUMP_MASK
from .tally import summarise

ONE = np.int64(1)
DECK24 = DECKS[0, :24].copy()  # the 24-card deck in the general kernel's order
HANDS = 24  # the workspace's four hands live after the deck: ws[HANDS + seat]
WS_SIZE = HANDS + 4
_STANDARD = Rules().to_array()  # every rule option at its default


def takes_reference_path(rules: np.ndarray, kinds: np.ndarray) -> bool:
    """Does this table run through the lean kernel? ``reference`` on both sides and every
    rule option at its default but ``stick_the_dealer`` (and ``target_score``, which a deal
    does not read)."""
    if not (np.asarray(kinds) == S_REFERENCE).all():
        return False
    base = _STANDARD.copy()
    base[R_STICK] = rules[R_STICK]
    base[R_TARGET] = rules[R_TARGET]
    return bool(np.array_equal(base, rules))



@njit(cache=True, _nrt=False, inline="always")
def deal_cards(key, idx, ws, recs, ri, dealer):
    """Shuffle deal ``idx`` as ``deal.shuffle_and_deal`` does (the stream ``rng.seed_stream``
    seeds) and record the four natural hands; returns the up-card."""
    s0, s1, s2, s3 = stream_state(key, idx)
    for k in range(24):
        ws[k] = DECK24[k]
    i = 23
    m = np.int64(0)
    for p in range(5):  # four hands of five, then the up-card
        m = np.int64(0)
        for _ in range(5 if p < 4 else 1):
            u, s0, s1, s2, s3 = xoshiro_step(s0, s1, s2, s3)
            j = scaled(u, i + 1)
            card = ws[j]
            ws[j] = ws[i]
            m |= ONE << card
            i -= 1
        if p < 4:
            recs[ri, L.F_HAND0 + ((dealer + 1 + p) & 3)] = m
    return ctz(m)


@njit(cache=True, _nrt=False, inline="always")
def make_trump(recs, ri, params, dealer, up, stick):
    """Rounds 1 and 2 of the reference script: (maker, trump, round, strength of the bid,
    passes, stuck); maker -1 when all pass twice without stick the dealer."""
    upsuit = up >> 3
    passes = 0
    for k in range(1, 5):
        p = (dealer + k) & 3
        nat = recs[ri, L.F_HAND0 + p]
        if k == 4:
            nat |= ONE << up
        s = hand_strength(nat, upsuit)
        if s >= params[p & 1, P_BID]:
            return p, upsuit, 1, s, passes, 0
        passes += 1
    for k in range(1, 5):
        p = (dealer + k) & 3
        t, s = best_suit(recs[ri, L.F_HAND0 + p], ONE << upsuit)
        stuck = k == 4 and stick
        if s >= params[p & 1, P_BID] or stuck:
            return p, t, 2, s, passes, 1 if stuck else 0
        passes += 1
    return -1, -1, 0, 0, passes, 0


@njit(cache=True, _nrt=False, inline="always")
def play_tricks(ws, leader, out, nplay):
    """Five tricks of the reference play (lead the highest card; follow with the lowest that
    beats the trick so far, else the lowest legal): (tricks of team 0, of team 1, winners
    packed 2 bits a trick)."""
    tricks0 = 0
    tricks1 = 0
    winners = np.int64(0)
    for trick in range(5):
        p = leader
        h = ws[HANDS + p]
        w = highest_bit(h)
        ws[HANDS + p] = h & ~(ONE << w)
        winner = p
        led = SUIT_EFF[ESUIT[w]]
        contest = led | TRUMP_MASK
        for _ in range(1, nplay):
            p = (p + 1) & 3
            if p == out:
                p = (p + 1) & 3
            h = ws[HANDS + p]
            legal = h & led
            if legal == 0:
                legal = h
            beats = legal & contest & ~((np.int64(2) << w) - 1)
            if beats:
                c = ctz(beats)
                w = c
                winner = p
            else:
                c = ctz(legal)
            ws[HANDS + p] = h & ~(ONE << c)
        winners |= np.int64(winner) << (2 * trick)
        if winner & 1:
            tricks1 += 1
        else:
            tricks0 += 1
        leader = winner
    return tricks0, tricks1, winners


@njit(cache=True, _nrt=False, inline="always")
def points(mteam, mtricks, alone):
    """(team 0's points, team 1's) at the standard rules: the makers 1, 2 for a march, 4
    alone; the defenders 2 for a euchre."""
    if mtricks >= 3:
        pts = (4 if alone else 2) if mtricks == 5 else 1
        return (0, pts) if mteam else (pts, 0)
    return (2, 0) if mteam else (0, 2)


# A deal's outcome as far as the summary reads its record (``tally.summarise``): thrown in
# (by the dealer's parity), or (dealer's parity, maker's position from the dealer, how trump
# was made, the makers' tricks, alone, "next" called). Every field the summary reads follows
# from it at the standard rules (``outcome_record``); a block counts its deals' outcomes and
# the totals come from those counts (``summarise_outcomes``), not from re-reading the records.
N_OUTCOMES = 2 + 2 * 4 * 3 * 6 * 2 * 2  # ways: layout's HOW_ROUND1, HOW_ROUND2, HOW_STUCK


@njit(cache=True, _nrt=False, inline="always")
def outcome(dealer, maker, rnd, stuck, alone, mtricks, trump, up):
    """The outcome index of a deal (see ``N_OUTCOMES``); maker -1: thrown in."""
    if maker < 0:
        return dealer & 1
    pos = (maker - dealer - 1) & 3
    how = L.HOW_ROUND1 if rnd == 1 else (L.HOW_STUCK if stuck else L.HOW_ROUND2)
    nxt = 1 if how == L.HOW_ROUND2 and trump == ((up >> 3) ^ 3) else 0
    return 2 + (((((dealer & 1) * 4 + pos) * 3 + how) * 6 + mtricks) * 2 + alone) * 2 + nxt


@njit(cache=True, _nrt=False)
def outcome_record(k, row):
    """Write into ``row`` a record with outcome ``k``: what ``play_dealt`` writes in every
    field the summary reads (the hands, the winners and the like left at zero)."""
    for f in range(L.N_FIELDS):
        row[f] = 0
    row[L.F_DEFENDER] = -1
    if k < 2:
        row[L.F_DEALER] = k
        row[L.F_THROWN_IN] = 1
        row[L.F_MAKER] = -1
        row[L.F_TRUMP] = -1
        return
    k -= 2
    nxt = k & 1
    alone = (k >> 1) & 1
    mtricks = (k >> 2) % 6
    rest = (k >> 2) // 6
    how = rest % 3
    pos = (rest // 3) & 3
    parity = (rest // 3) >> 2
    maker = (parity + 1 + pos) & 3
    row[L.F_DEALER] = parity
    row[L.F_MAKER] = maker
    row[L.F_ROUND] = 1 if how == L.HOW_ROUND1 else 2
    row[L.F_STUCK] = 1 if how == L.HOW_STUCK else 0
    row[L.F_ALONE] = alone
    row[L.F_UP] = 0  # the nine of clubs turned: trump clubs ordered, spades "next"
    row[L.F_TRUMP] = 0 if how == L.HOW_ROUND1 else (3 if nxt else 1)
    mteam = maker & 1
    row[L.F_TRICKS0 + mteam] = mtricks
    row[L.F_TRICKS0 + (mteam ^ 1)] = 5 - mtricks
    p0, p1 = points(mteam, mtricks, alone)
    row[L.F_POINTS0] = p0
    row[L.F_POINTS1] = p1


@njit(cache=True)
def summarise_outcomes(counts, totals):
    """Add the totals of deals counted by outcome (``counts[k]`` deals of outcome ``k``) into
    ``totals`` (``tally.new_totals``): one weighted record per outcome met."""
    m = 0
    for k in range(N_OUTCOMES):
        m += counts[k] > 0
    rows = np.zeros((m, L.N_FIELDS), np.int64)
    weights = np.zeros(m, np.int64)
    j = 0
    for k in range(N_OUTCOMES):
        if counts[k] > 0:
            outcome_record(k, rows[j])
            weights[j] = counts[k]
            j += 1
    summarise(rows, *totals, weights)


@njit(cache=True, _nrt=False, inline="always")
def play_dealt(ws, recs, ri, params, stick, idx, up):
    """Deal ``idx`` (dealer ``idx & 3``), its hands already in record row ``ri`` and ``up``
    turned, played into that row as ``deal.play_deal`` plays it for ``reference`` against
    ``reference`` at the standard rules; returns its ``outcome``."""
    dealer = idx & 3
    recs[ri, L.F_DEAL] = idx
    recs[ri, L.F_DEALER] = dealer
    recs[ri, L.F_UP] = up
    recs[ri, L.F_REDEALS] = 0
    recs[ri, L.F_FARMER] = -1
    recs[ri, L.F_DISCARD] = -1
    recs[ri, L.F_DEFENDER] = -1
    recs[ri, L.F_ALONE] = 0
    recs[ri, L.F_WINNERS] = 0
    recs[ri, L.F_TRICKS0] = 0
    recs[ri, L.F_TRICKS1] = 0
    recs[ri, L.F_POINTS0] = 0
    recs[ri, L.F_POINTS1] = 0
    maker, trump, rnd, strength, passes, stuck = make_trump(recs, ri, params, dealer, up, stick)
    recs[ri, L.F_PASSES] = passes
    recs[ri, L.F_ROUND] = rnd
    recs[ri, L.F_MAKER] = maker
    recs[ri, L.F_TRUMP] = trump
    recs[ri, L.F_STUCK] = stuck
    if maker < 0:
        recs[ri, L.F_THROWN_IN] = 1
        recs[ri, L.F_LEADER] = -1
        return outcome(dealer, maker, rnd, stuck, 0, 0, trump, up)
    recs[ri, L.F_THROWN_IN] = 0
    for p in range(4):
        ws[HANDS + p] = to_effective(recs[ri, L.F_HAND0 + p], trump)
    if rnd == 1:  # the dealer takes the up-card and discards his lowest other card
        h = ws[HANDS + dealer]
        d = ctz(h)
        ws[HANDS + dealer] = (h | (ONE << EFF[trump, up])) & ~(ONE << d)
        recs[ri, L.F_DISCARD] = NAT[trump, d]
    alone = 1 if strength >= params[maker & 1, P_ALONE] else 0
    recs[ri, L.F_ALONE] = alone
    out = -1
    nplay = 4
    if alone:
        out = (maker + 2) & 3
        ws[HANDS + out] = 0
        nplay = 3
    leader = (dealer + 1) & 3
    if leader == out:
        leader = (leader + 1) & 3
    recs[ri, L.F_LEADER] = leader
    tricks0, tricks1, winners = play_tricks(ws, leader, out, nplay)
    recs[ri, L.F_TRICKS0] = tricks0
    recs[ri, L.F_TRICKS1] = tricks1
    recs[ri, L.F_WINNERS] = winners
    mteam = maker & 1
    mtricks = tricks1 if mteam else tricks0
    p0, p1 = points(mteam, mtricks, alone)
    recs[ri, L.F_POINTS0] = p0
    recs[ri, L.F_POINTS1] = p1
    return outcome(dealer, maker, rnd, stuck, alone, mtricks, trump, up)


@njit(cache=True, _nrt=False)
def reference_range(key, first, lo, hi, params, stick, recs, ws, counts):
    """Deals ``first + lo .. first + hi - 1`` into ``recs[lo:hi]``, each counted in
    ``counts`` by its outcome."""
    for i in range(lo, hi):
        idx = first + i
        up = deal_cards(key, idx, ws, recs, i, idx & 3)
        counts[play_dealt(ws, recs, i, params, stick, idx, up)] += 1


@njit(cache=True, _nrt=False)
def reference_pair_range(key, first, lo, hi, params, stick, recs, ws, counts, params2, recs2,
                         counts2):
    """Both seatings of a duplicate match: as ``reference_range``, and each deal's cards
    played again under ``params2`` (the other seating) into ``recs2`` (``counts2``), dealt
    once."""
    for i in range(lo, hi):
        idx = first + i
        up = deal_cards(key, idx, ws, recs, i, idx & 3)
        counts[play_dealt(ws, recs, i, params, stick, idx, up)] += 1
        for p in range(4):
            recs2[i, L.F_HAND0 + p] = recs[i, L.F_HAND0 + p]
        counts2[play_dealt(ws, recs2, i, params2, stick, idx, up)] += 1


@njit(cache=True, parallel=True)
def _run_reference_deals(key, first, n, params, stick, recs, block, params2, recs2, totals,
                         totals2):
    """``batch._run_deals`` for the reference table (``takes_reference_path``); and both
    seatings of a duplicate match at once (``recs2`` not empty: ``reference_pair_range``).
    With non-empty ``totals`` (``tally.new_totals``), the deals are also summed into them
    (``totals2`` for ``recs2``) from their outcomes counted as they are played: the same
    integers as ``tally.summarise_parallel`` on the records afterwards, without reading
    them again."""
    nblocks = (n + block - 1) // block
    again = recs2.shape[0] > 0
    counts = np.zeros((nblocks, N_OUTCOMES), np.int64)
    counts2 = np.zeros((nblocks if again else 0, N_OUTCOMES), np.int64)
    for b in prange(nblocks):
        ws = np.zeros(WS_SIZE, np.int64)
        lo = b * block
        hi = min(n, lo + block)
        if again:
            reference_pair_range(key, first, lo, hi, params, stick, recs, ws, counts[b],
                                 params2, recs2, counts2[b])
        else:
            reference_range(key, first, lo, hi, params, stick, recs, ws, counts[b])
    if totals[0].shape[0] > 0:
        summarise_outcomes(counts.sum(axis=0), totals)
        if again:
            summarise_outcomes(counts2.sum(axis=0), totals2)


assert L.N_FIELDS == 24  # every field is written above (a new field needs a line there)
