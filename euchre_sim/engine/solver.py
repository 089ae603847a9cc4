"""Double-dummy (open-hand) solver: the exact value of a Euchre play position with every hand
visible, under best play by both sides (makers maximise their tricks, defenders minimise them).

::

    from euchre_sim.engine.solver import Position, solve

    pos = Position(["JH JD AH KH AS", "9C TC JC QC KC", "9S TS QS KS AC",
                    "9D TD QD KD AD"], trump="H", maker=0, leader=1)
    res = solve(pos)
    res.maker_tricks, res.maker_points, res.best_card, res.card_values

Also: ``solve_many`` (many positions in parallel, values only), ``solve_discards`` (the
dealer's discard: each of his possible discards solved) and ``solve_alone`` (going alone
against playing with the partner). The algorithm is described in ``docs/solver.md``; the kernels
are in ``euchre_sim/core/four/dd_search.py``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

import numba
import numpy as np

from ..core.four.dd_search import (
    O_CARDS,
    O_NCARDS,
    O_NPV,
    O_PV,
    O_SIZE,
    O_VALUE,
    O_VALUES,
    POS_HAND,
    POS_LEADER,
    POS_MAKER,
    POS_NFB,
    POS_NTRICK,
    POS_OUT_A,
    POS_OUT_B,
    POS_SIZE,
    POS_TRICK,
    POS_TRUMP,
    POS_WON,
    new_table,
    solve_full,
    solve_rows,
)
from ..core.four.tables import EFF, ESUIT, TRUMP_BASE
from ..game.cards import (
    JOKER,
    CardError,
    format_card,
    mask_to_cards,
    parse_card,
    parse_hand,
    parse_suit,
)

SEATS = range(4)
EMPTY_HAND = ("", "-")


class SolverError(ValueError):
    """A position the solver cannot take (one-line message)."""


def _seat(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value not in SEATS:
        raise SolverError(f"{what} must be a seat 0..3, got {value!r}")
    return int(value)


def _is_trump(card: int, trump: int) -> bool:
    return bool(EFF[trump, card] >= TRUMP_BASE)


def _suit_of(card: int, trump: int) -> int:
    """Effective suit (``tables.ESUIT``: 3 for trump, the left bower and the joker included)."""
    return int(ESUIT[EFF[trump, card]])


def _strength(card: int, trump: int) -> int:
    """A number ordering cards by strength (the effective bit)."""
    return int(EFF[trump, card])


def points(maker_tricks: int, alone: bool = False, defender_alone: bool = False,
           super_euchre: bool = False) -> tuple[int, int]:
    """(maker points, defender points) for the makers' tricks (docs/engine.md, step 12)."""
    if maker_tricks >= 3:
        return (4 if alone else 2) if maker_tricks == 5 else 1, 0
    return 0, 4 if defender_alone or (super_euchre and maker_tricks == 0) else 2


@dataclass(frozen=True)
class Position:
    """A play position, built from natural-card text (or card ids / hand masks).

    ``hands``: four hands, seats 0..3 (``"JH JD AH KH AS"``; a seat sitting out: ``""`` or
    ``"-"``), holding the cards not played yet. ``trump``: ``"H"``, ``"hearts"`` or 0..3.
    ``leader``: the seat leading the current trick; ``trick``: the cards already played to it,
    in order from the leader. ``tricks_won``: tricks already won by (makers, defenders).
    ``alone``: the maker plays alone (his partner sits out); ``defender_alone``: the seat of a
    lone defender (his partner sits out). ``no_first_blood``: the first lead of the hand may
    not be a trump unless the leader holds only trumps. ``super_euchre`` only changes the
    points. ``deck`` (24, 25, 32, 33): cards outside it are refused. ``to_play``: if given,
    checked against the seat whose turn it is.

    After construction the fields hold normalised values: ``hands`` a tuple of four natural
    masks, ``trump`` an int, ``trick`` a tuple of card ids. Bad input raises
    :class:`SolverError` with a one-line message.
    """

    hands: Sequence = ()
    trump: str | int = 0
    maker: int = 0
    leader: int = 0
    alone: bool = False
    defender_alone: int | None = None
    trick: str | Sequence = ()
    tricks_won: tuple[int, int] = (0, 0)
    no_first_blood: bool = False
    super_euchre: bool = False
    deck: int | None = None
    to_play: int | None = None

    def __post_init__(self):
        try:
            self._normalise()
        except CardError as exc:
            raise SolverError(str(exc)) from None

    def _normalise(self) -> None:
        put = object.__setattr__
        trump = self.trump
        if isinstance(trump, str):
            trump = parse_suit(trump)
        if isinstance(trump, bool) or not isinstance(trump, (int, np.integer)) or not (
            0 <= trump < 4
        ):
            raise SolverError(f"trump must be a suit (C, D, H, S or 0..3), got {self.trump!r}")
        trump = int(trump)
        maker = _seat(self.maker, "maker")
        leader = _seat(self.leader, "leader")
        defender = None
        if self.defender_alone is not None:
            defender = _seat(self.defender_alone, "defender_alone")
            if (defender & 1) == (maker & 1):
                raise SolverError(
                    f"defender_alone seat {defender} is on the makers' side (maker {maker})"
                )
        out = self.sitting_out_seats(maker, bool(self.alone), defender)

        hands_in = self.hands
        if isinstance(hands_in, str) or len(hands_in) != 4:
            raise SolverError("hands: give four hands, seats 0..3")
        hands = []
        for s, text in enumerate(hands_in):
            if isinstance(text, (int, np.integer)) and not isinstance(text, bool):
                mask = int(text)
                if mask < 0 or mask >> 33:
                    raise SolverError(f"seat {s}: hand mask {mask!r} out of range")
                if self.deck is not None:
                    from ..game.cards import deck_mask

                    bad = mask & ~deck_mask(self.deck)
                    if bad:
                        raise SolverError(f"card {format_card(mask_to_cards(bad)[0])} is "
                                          f"not in the {self.deck}-card deck")
            elif isinstance(text, str) and text.strip() in EMPTY_HAND:
                mask = 0
            else:
                try:
                    mask = parse_hand(text, self.deck)
                except CardError as exc:
                    raise SolverError(f"seat {s}: {exc}") from None
            if s in out and mask:
                why = "the maker plays alone" if s == (maker ^ 2) else "a defender plays alone"
                raise SolverError(f"seat {s} sits out ({why}) but holds cards")
            hands.append(mask)

        trick_in = self.trick
        tokens = trick_in.replace(",", " ").split() if isinstance(trick_in, str) else trick_in
        trick = []
        for tok in tokens:
            if isinstance(tok, (int, np.integer)) and not isinstance(tok, bool):
                if not 0 <= tok <= JOKER:
                    raise SolverError(f"card id {tok!r} out of range")
                trick.append(int(tok))
            else:
                trick.append(parse_card(tok, self.deck))

        seen = 0
        for s, mask in enumerate(hands):
            dup = seen & mask
            if dup:
                raise SolverError(f"duplicate card {format_card(mask_to_cards(dup)[0])} "
                                  f"(seat {s} and another seat)")
            seen |= mask
        for c in trick:
            if seen >> c & 1:
                raise SolverError(f"duplicate card {format_card(c)} (in the trick and a hand)")
            seen |= 1 << c

        won = self.tricks_won
        if (
            isinstance(won, str)
            or len(won) != 2
            or any(isinstance(w, bool) or not isinstance(w, (int, np.integer)) for w in won)
        ):
            raise SolverError(f"tricks_won must be two integers (makers, defenders), got {won!r}")
        won = (int(won[0]), int(won[1]))
        if min(won) < 0 or sum(won) > 4:
            raise SolverError(f"tricks_won {won} impossible: tricks already won add up to 0..4")

        active = [s for s in SEATS if s not in out]
        if leader in out:
            raise SolverError(f"leader seat {leader} sits out")
        if len(trick) >= len(active):
            raise SolverError(f"impossible trick state: {len(trick)} cards played to a trick "
                              f"of {len(active)} players")
        order = [leader]
        while len(order) < len(active):
            s = (order[-1] + 1) & 3
            while s in out:
                s = (s + 1) & 3
            order.append(s)
        seat = order[len(trick)]
        n = 5 - sum(won)
        for i, s in enumerate(order):
            want = n - 1 if i < len(trick) else n
            got = bin(hands[s]).count("1")
            if got != want:
                raise SolverError(
                    f"wrong hand size: seat {s} holds {got} cards, should hold {want} "
                    f"({sum(won)} tricks played"
                    + (f", {len(trick)} cards in the current trick)" if trick else ")")
                )
        if trick:
            led = _suit_of(trick[0], trump)
            if self.no_first_blood and sum(won) == 0 and _is_trump(trick[0], trump):
                if any(not _is_trump(c, trump) for c in mask_to_cards(hands[leader])):
                    raise SolverError(f"impossible trick state: seat {leader} led trump to the "
                                      "first trick under no_first_blood holding other suits")
            for s, c in zip(order[1:], trick[1:], strict=False):
                if _suit_of(c, trump) != led and any(
                    _suit_of(x, trump) == led for x in mask_to_cards(hands[s])
                ):
                    raise SolverError(f"impossible trick state: seat {s} played "
                                      f"{format_card(c)} but still holds the led suit")
        if self.to_play is not None:
            tp = _seat(self.to_play, "to_play")
            if tp != seat:
                raise SolverError(f"impossible trick state: seat {seat} is to play, not {tp}")

        put(self, "hands", tuple(hands))
        put(self, "trump", trump)
        put(self, "maker", maker)
        put(self, "leader", leader)
        put(self, "alone", bool(self.alone))
        put(self, "defender_alone", defender)
        put(self, "trick", tuple(trick))
        put(self, "tricks_won", won)
        put(self, "no_first_blood", bool(self.no_first_blood))
        put(self, "super_euchre", bool(self.super_euchre))
        put(self, "to_play", seat)

    @staticmethod
    def sitting_out_seats(maker: int, alone: bool, defender_alone: int | None) -> set[int]:
        out = set()
        if alone:
            out.add(maker ^ 2)
        if defender_alone is not None:
            out.add(defender_alone ^ 2)
        return out

    @property
    def out_seats(self) -> set[int]:
        """Seats sitting out."""
        return self.sitting_out_seats(self.maker, self.alone, self.defender_alone)

    def row(self) -> np.ndarray:
        """The kernel's int64 row for this position (``core.four.dd_search.POS_*``)."""
        r = np.zeros(POS_SIZE, np.int64)
        for s in SEATS:
            r[POS_HAND + s] = self.hands[s]
        r[POS_TRUMP] = self.trump
        r[POS_MAKER] = self.maker
        r[POS_LEADER] = self.leader
        out = sorted(self.out_seats) + [-1, -1]
        r[POS_OUT_A] = out[0]
        r[POS_OUT_B] = out[1]
        r[POS_NTRICK] = len(self.trick)
        for k, c in enumerate(self.trick):
            r[POS_TRICK + k] = c
        r[POS_WON] = self.tricks_won[0]
        r[POS_NFB] = int(self.no_first_blood)
        return r

    def points(self, maker_tricks: int) -> tuple[int, int]:
        """(maker points, defender points) if the makers end with ``maker_tricks``."""
        return points(maker_tricks, self.alone, self.defender_alone is not None,
                      self.super_euchre)


@dataclass(frozen=True)
class Result:
    """The solved value of a position.

    ``maker_tricks``: the makers' total tricks under best play (tricks already won included);
    ``maker_points``/``defender_points``: what that scores; ``to_play``: the seat to move;
    ``best_card``: an optimal card for it (the weakest one when several are optimal);
    ``card_values``: each legal card (weakest first) -> makers' total tricks after it;
    ``pv``: a principal variation, every remaining play under best play.
    """

    maker_tricks: int
    maker_points: int
    defender_points: int
    to_play: int
    best_card: str
    card_values: dict[str, int] = field(default_factory=dict)
    pv: tuple[str, ...] = ()

    @property
    def maker_net(self) -> int:
        """Maker points minus defender points."""
        return self.maker_points - self.defender_points


_TABLE = None


def shared_table() -> np.ndarray:
    """The solver's work array for calls from Python (made once: each solve starts a new stamp,
    so nothing has to be cleared; calls from Python hold the GIL, one at a time)."""
    global _TABLE
    if _TABLE is None:
        _TABLE = new_table()
    return _TABLE


def solve(position: Position) -> Result:
    """Solve one position: its value, the value of each legal card, a principal variation."""
    if not isinstance(position, Position):
        raise SolverError(f"solve() takes a Position, got {type(position).__name__}")
    out = np.zeros(O_SIZE, np.int64)
    solve_full(position.row(), np.zeros(4, np.int64), shared_table(), out)
    tricks = int(out[O_VALUE])
    mp, dp = position.points(tricks)
    ncards = int(out[O_NCARDS])
    cards = [int(c) for c in out[O_CARDS:O_CARDS + ncards]]
    values = [int(v) for v in out[O_VALUES:O_VALUES + ncards]]
    # the weakest optimal card (the legal cards come weakest first)
    best = next(c for c, v in zip(cards, values, strict=True) if v == tricks)
    pv = tuple(format_card(int(c)) for c in out[O_PV:O_PV + int(out[O_NPV])])
    return Result(
        maker_tricks=tricks,
        maker_points=mp,
        defender_points=dp,
        to_play=position.to_play,
        best_card=format_card(best),
        card_values={format_card(c): v for c, v in zip(cards, values, strict=True)},
        pv=pv,
    )


def position_rows(positions: Iterable[Position]) -> np.ndarray:
    """The kernel rows of many positions, shape (n, POS_SIZE)."""
    rows = [p.row() for p in positions]
    if not rows:
        return np.zeros((0, POS_SIZE), np.int64)
    return np.stack(rows)


def solve_many(positions: Iterable[Position] | np.ndarray, threads: int | None = None,
               block: int = 64, best_cards: bool = False) -> np.ndarray:
    """The makers' total tricks for each position, solved in parallel (``prange``).

    ``positions``: Positions, or their rows (``position_rows``). ``threads``: numba threads
    (default: all). With ``best_cards`` returns an (n, 2) array: tricks and an optimal card
    (natural id) for the player to move.
    """
    rows = positions if isinstance(positions, np.ndarray) else position_rows(positions)
    if rows.ndim != 2 or rows.shape[1] != POS_SIZE:
        raise SolverError(f"position rows must have shape (n, {POS_SIZE}), got {rows.shape}")
    rows = np.ascontiguousarray(rows, np.int64)
    out = np.zeros((rows.shape[0], 2), np.int64)
    if rows.shape[0]:
        if threads is not None:
            top = numba.config.NUMBA_NUM_THREADS
            if isinstance(threads, bool) or not isinstance(threads, int) or not (
                1 <= threads <= top
            ):
                raise SolverError(f"threads must be between 1 and {top}, got {threads!r}")
            before = numba.get_num_threads()
            numba.set_num_threads(threads)
            try:
                solve_rows(rows, out, block)
            finally:
                numba.set_num_threads(before)
        else:
            solve_rows(rows, out, block)
    return out if best_cards else out[:, O_VALUE].copy()


@dataclass(frozen=True)
class DiscardResult:
    """The dealer's discard: each possible discard with the solved position after it."""

    dealer: int
    results: dict[str, Result]
    best_discard: str

    @property
    def values(self) -> dict[str, int]:
        """Each discard -> the makers' total tricks."""
        return {c: r.maker_tricks for c, r in self.results.items()}


def solve_discards(hands: Sequence, trump, maker: int, leader: int, dealer: int,
                   up_card: str | int | None = None, **options) -> DiscardResult:
    """Solve every discard of a dealer holding six cards (his five and the up-card).

    ``hands`` as for :class:`Position`, the dealer's with six cards; ``up_card`` (if given)
    must be among them and may not be discarded. ``options``: the other Position fields.
    The best discard is the one best for the dealer's side (makers: most tricks, defenders:
    fewest; ties: the weakest card).
    """
    dealer = _seat(dealer, "dealer")
    if isinstance(hands, str) or len(hands) != 4:
        raise SolverError("hands: give four hands, seats 0..3")
    deck = options.get("deck")
    try:
        six = parse_hand(hands[dealer], deck) if isinstance(hands[dealer], str) else int(
            hands[dealer])
        up = None
        if up_card is not None:
            up = parse_card(up_card, deck) if isinstance(up_card, str) else int(up_card)
    except CardError as exc:
        raise SolverError(f"seat {dealer}: {exc}") from None
    cards = mask_to_cards(six)
    if len(cards) != 6:
        raise SolverError(f"the dealer (seat {dealer}) must hold six cards to discard, "
                          f"got {len(cards)}")
    if up is not None and up not in cards:
        raise SolverError(f"the up-card {format_card(up)} is not in the dealer's hand")
    positions = {}
    for d in cards:
        if d != up:
            hs = list(hands)
            hs[dealer] = six & ~(1 << d)
            positions[d] = Position(hs, trump, maker, leader, **options)
    t = positions[cards[0] if cards[0] != up else cards[1]].trump
    results = {format_card(d): solve(positions[d])
               for d in sorted(positions, key=lambda c: _strength(c, t))}
    makers = (dealer & 1) == (maker & 1)
    pick = max if makers else min
    best_val = pick(r.maker_tricks for r in results.values())
    best = next(c for c, r in results.items() if r.maker_tricks == best_val)
    return DiscardResult(dealer=dealer, results=results, best_discard=best)


@dataclass(frozen=True)
class AloneResult:
    """The maker's choice: playing with his partner or alone, both solved."""

    with_partner: Result
    alone: Result

    @property
    def best(self) -> str:
        """``"alone"`` when it scores more net points for the makers, else ``"partner"``."""
        return "alone" if self.alone.maker_net > self.with_partner.maker_net else "partner"


def solve_alone(position: Position) -> AloneResult:
    """Solve the position as given (the maker with his partner) and with the maker alone
    (the partner's hand laid down; if the partner was to lead, the next seat leads)."""
    if not isinstance(position, Position):
        raise SolverError(f"solve_alone() takes a Position, got {type(position).__name__}")
    if position.alone:
        raise SolverError("solve_alone() compares with the partner: give alone=False")
    if position.trick or position.tricks_won != (0, 0):
        raise SolverError("going alone is decided before the first lead: no cards played yet")
    partner = position.maker ^ 2
    hands = list(position.hands)
    hands[partner] = 0
    leader = position.leader
    out = Position.sitting_out_seats(position.maker, True, position.defender_alone)
    while leader in out:
        leader = (leader + 1) & 3
    lone = replace(position, hands=tuple(hands), alone=True, leader=leader, to_play=None)
    return AloneResult(with_partner=solve(position), alone=solve(lone))


def pv_tricks(position: Position, pv: Sequence[str]) -> list[list[tuple[int, str]]]:
    """The principal variation as tricks of (seat, card), the current trick first (its cards
    already played included)."""
    trump = position.trump
    out = position.out_seats
    leader = position.leader
    plays = [(None, format_card(c)) for c in position.trick] + [(None, c) for c in pv]
    tricks: list[list[tuple[int, str]]] = []
    cur: list[tuple[int, str]] = []
    seat = leader
    for _, text in plays:
        cur.append((seat, text))
        seat = (seat + 1) & 3
        while seat in out:
            seat = (seat + 1) & 3
        if len(cur) == 4 - len(out):
            bits = [int(EFF[trump, parse_card(t)]) for _, t in cur]
            led = ESUIT[bits[0]]
            win = 0
            for k, b in enumerate(bits):
                if b > bits[win] and (ESUIT[b] == 3 or ESUIT[b] == led):
                    win = k
            tricks.append(cur)
            seat = cur[win][0]
            cur = []
    if cur:
        tricks.append(cur)
    return tricks


def format_result(position: Position, result: Result) -> str:
    """A few lines for the command line: the value, then each legal card with its value."""
    from ..game.cards import SUIT_NAMES

    roles = []
    if position.alone:
        roles.append(f"maker seat {position.maker} plays alone")
    else:
        roles.append(f"makers seats {position.maker} and {position.maker ^ 2}")
    if position.defender_alone is not None:
        roles.append(f"seat {position.defender_alone} defends alone")
    lines = [f"trump {SUIT_NAMES[position.trump]}; " + "; ".join(roles)]
    if position.trick:
        lines.append(f"trick led by seat {position.leader}: "
                     + " ".join(format_card(c) for c in position.trick))
    won = position.tricks_won
    if won != (0, 0):
        lines.append(f"tricks already won: makers {won[0]}, defenders {won[1]}")
    side = "makers" if (result.to_play & 1) == (position.maker & 1) else "defenders"
    score = (f"makers score {result.maker_points}" if result.maker_points
             else f"defenders score {result.defender_points}")
    lines.append(f"value: makers take {result.maker_tricks} tricks ({score})")
    lines.append(f"best play: seat {result.to_play} ({side}) plays {result.best_card}")
    for card, v in result.card_values.items():
        mp, dp = position.points(v)
        pts = f"makers +{mp}" if mp else f"defenders +{dp}"
        mark = "  <- best" if card == result.best_card else ""
        lines.append(f"  {card:3s} {v} tricks ({pts}){mark}")
    if result.pv:
        tricks = pv_tricks(position, result.pv)
        lines.append("principal variation (seat:card, one trick a line):")
        for trick in tricks:
            lines.append("  " + " ".join(f"{s}:{c}" for s, c in trick))
    return "\n".join(lines)
