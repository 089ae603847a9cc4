"""The table oracle's deal at an up-card table (``oracle.table`` is its front): the strategies,
a deal's record, the cards of a table in the oracle's terms and ``DealPlay``, which shuffles,
deals and plays the steps of ``docs/tables.md``; ``oracle.table_bid`` plays an auction
table's bidding with its helpers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.table import layout as TL
from ..game.cards import N_RANKS, RANK_A, RANK_J
from ..game.decks import ALMONTE_2, ALMONTE_3, ALMONTE_4, BENNY, BLACK_BENNY, JOKERS, RED_BENNY
from ..game.table_spec import TableSpec
from .engine import Rng

Event = tuple[int, int, int]
CLUBS = 0  # the suit of game/cards.py that dirty clubs make trump


@dataclass
class Strategy:
    """A seat's strategy: ``random`` (uniform among the legal choices) or ``basic`` (count
    trumps: order up / call / go alone / stay in at the given hand strengths, lead trumps and
    aces; at an auction table bid, cap and shoot on its trick estimate)."""

    kind: str = "random"
    order: int = 99
    call: int = 99
    alone: int = 99
    stay: int = 0
    bid: int = 99  # auction tables: the estimate (tricks) needed to bid
    cap: int = 99  # the highest bid made
    shoot: int = 99  # the estimate needed to shoot
    force: int = -1  # the eldest's forced opening bid: -1 not forced, 0 pass, else the bid


@dataclass
class TableDeal:
    """The outcome of one deal (the record's columns by name) and its events."""

    dealer: int
    hands: list[int]
    up_card: int
    round: int = 0
    passes: int = 0
    maker: int = -1
    trump: int = -1
    alone: int = 0
    discard: int = -1
    leader: int = -1
    thrown_in: int = 0
    stuck: int = 0
    bid: int = -1
    tricks: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    out: list[int] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)


class Cards:
    """A table's cards under one trump row: effective suits and strengths, from the rules."""

    def __init__(self, table: TableSpec, trump: int) -> None:
        self.table = table
        self.trump = trump

    def suit(self, card: int) -> int:
        face = self.table.faces[card]
        if face in JOKERS:
            return self.trump
        suit, rank = divmod(face, N_RANKS)
        if self.trump < TL.NT_HIGH and rank == RANK_J and suit == self.trump ^ 3:
            return self.trump  # the left bower
        return suit

    def is_trump(self, card: int) -> bool:
        return self.trump < TL.NT_HIGH and self.suit(card) == self.trump

    def strength(self, card: int) -> int:
        """Higher wins: any trump above any plain card; plain cards by rank (reversed under
        no trump low); the jokers, right bower and left bower on top of the trumps. The
        jokers: Almonte's 4, 3, 2 of spades in that order; the Benny; of a red and a black
        Benny the one of the trump's colour (diamonds, hearts: red) above the other."""
        face = self.table.faces[card]
        if face in JOKERS:
            red_trump = self.trump in (1, 2)
            return {ALMONTE_4: 122, ALMONTE_3: 121, ALMONTE_2: 120, BENNY: 120,
                    RED_BENNY: 121 if red_trump else 120,
                    BLACK_BENNY: 120 if red_trump else 121}[face]
        suit, rank = divmod(face, N_RANKS)
        if self.trump == TL.NT_LOW:
            return N_RANKS - 1 - rank
        if self.is_trump(card):
            if rank == RANK_J:
                return 119 if suit == self.trump else 118
            return 100 + rank
        return rank


def cards_of(mask: int) -> list[int]:
    return [c for c in range(mask.bit_length()) if mask >> c & 1]


def hand_strength(table: TableSpec, hand: int, trump: int) -> int:
    """The basic kind's count: 3 for the joker and each bower, 2 for the trump ace and king,
    1 for any other trump and for each plain ace."""
    cards = Cards(table, trump)
    total = 0
    for c in cards_of(hand):
        face = table.faces[c]
        rank = -1 if face in JOKERS else face % N_RANKS
        if cards.is_trump(c):
            total += 3 if face in JOKERS or rank == RANK_J else 2 if rank >= RANK_A - 1 else 1
        elif rank == RANK_A:
            total += 1
    return total


def weakest(cards: Cards, options: list[int]) -> int:
    return min(options, key=lambda c: (cards.strength(c), c))


def strongest(cards: Cards, options: list[int]) -> int:
    return min(options, key=lambda c: (-cards.strength(c), c))


class DealPlay:
    """One deal being played (the kernel's steps 1-6, written out)."""

    def __init__(self, table: TableSpec, strategies: list[Strategy], rng: Rng,
                 dealer: int) -> None:
        self.t = table
        self.strategies = strategies
        self.rng = rng
        self.n = table.seats
        self.dealer = dealer

    def same_side(self, a: int, b: int, maker: int) -> bool:
        if self.t.sides == TL.SIDES_TEAMS:
            return self.t.teams[a] == self.t.teams[b]
        if self.t.sides == TL.SIDES_EACH:
            return a == b
        return (a == maker) == (b == maker)

    def random_card(self, options: list[int]) -> int:
        if len(options) == 1:
            return options[0]
        return options[self.rng.below(len(options))]

    def shuffle(self) -> tuple[list[int], int]:
        n_cards = self.t.n_cards
        deck = list(range(n_cards))
        auction = self.t.bidding == TL.BID_AUCTION
        n_dealt = self.n * self.t.hand + (0 if auction else 1)
        for k in range(n_dealt):
            i = n_cards - 1 - k
            j = self.rng.below(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        dealt = [deck[n_cards - 1 - k] for k in range(n_dealt)]
        hands = [0] * self.n
        for p in range(self.n):
            seat = (self.dealer + 1 + p) % self.n
            for c in dealt[self.t.hand * p: self.t.hand * (p + 1)]:
                hands[seat] |= 1 << c
        return hands, -1 if auction else dealt[-1]

    def play(self) -> TableDeal:
        """Shuffle, deal and play (steps 1-6)."""
        hands, up = self.shuffle()
        return self.play_dealt(hands, up)

    def play_dealt(self, hands: list[int], up: int) -> TableDeal:
        """Play from the dealt hands (seat by seat) and the up-card: steps 2-6."""
        if self.t.bidding == TL.BID_AUCTION:
            raise ValueError("an auction table is played by oracle.table.DealPlay")
        t, n = self.t, self.n
        hands = list(hands)
        out = TableDeal(self.dealer, list(hands), up, tricks=[0] * n, points=[0] * n,
                        out=[0] * n)
        ev = out.events
        up_suit = -1 if t.faces[up] in JOKERS else t.faces[up] // N_RANKS
        # dirty clubs: a club turned up is trump, nobody bids or makes it
        clubs = t.clubs and up_suit == CLUBS
        if clubs:
            out.trump, out.round = up_suit, 1
            ev.append((TL.EV_CLUB_EUCHRE, self.dealer, 0))
        blind = t.faces[up] in JOKERS
        if blind:
            # a joker turned up: the dealer names trump before looking at his hand
            if self.strategies[self.dealer].kind == "random":
                up_suit = self.rng.below(4)
            else:
                up_suit = t.blind_suit
            ev.append((TL.EV_JOKER_TRUMP, self.dealer, up_suit))
            if not t.joker_bid:  # his team are the makers at once
                out.maker, out.trump, out.round = self.dealer, up_suit, 1
        # round 1 (with a joker turned up and joker_bid: the named suit; the dealer must take)
        for p in range(1, 0 if clubs else n + 1):
            if out.maker >= 0:
                break
            seat = (self.dealer + p) % n
            st = self.strategies[seat]
            if blind and seat == self.dealer:
                yes = True
            elif st.kind == "random":
                yes = self.rng.below(2) == 1
            else:
                held = hands[seat] | (1 << up) if seat == self.dealer else hands[seat]
                yes = hand_strength(t, held, up_suit) >= st.order
            if yes:
                out.maker, out.trump, out.round = seat, up_suit, 1
                ev.append((TL.EV_ORDER, seat, up))
                break
            out.passes += 1
            ev.append((TL.EV_PASS1, seat, 0))
        if out.trump >= 0:
            d = self.dealer
            held = hands[d] | (1 << up)
            if self.strategies[d].kind == "random":
                out.discard = self.random_card([c for c in cards_of(held) if c != up])
            else:
                out.discard = weakest(Cards(t, out.trump), [c for c in cards_of(held) if c != up])
            hands[d] = held & ~(1 << out.discard)
            ev.append((TL.EV_DISCARD, d, out.discard))
        else:
            # round 2
            for p in range(1, n + 1):
                seat = (self.dealer + p) % n
                stuck = t.stick and p == n
                st = self.strategies[seat]
                allowed = [s for s in range(4) if s != up_suit]
                suit = -1
                if st.kind == "random":
                    k = self.rng.below(3) if stuck else self.rng.below(4) - 1
                    if k >= 0:
                        suit = allowed[k]
                else:
                    value = {s: hand_strength(t, hands[seat], s) for s in allowed}
                    best = max(allowed, key=lambda s: (value[s], -s))
                    if stuck or value[best] >= st.call:
                        suit = best
                if suit >= 0:
                    out.maker, out.trump, out.round = seat, suit, 2
                    out.stuck = int(stuck)
                    ev.append((TL.EV_CALL, seat, suit))
                    break
                out.passes += 1
                ev.append((TL.EV_PASS2, seat, 0))
        if out.trump < 0:
            out.thrown_in = 1
            ev.append((TL.EV_THROWN_IN, self.dealer, 0))
            return out
        maker, trump = out.maker, out.trump
        if t.alone and t.sides == TL.SIDES_TEAMS:
            st = self.strategies[maker]
            if st.kind == "random":
                out.alone = self.rng.below(2)
            else:
                out.alone = int(hand_strength(t, hands[maker], trump) >= st.alone)
            ev.append((TL.EV_ALONE, maker, out.alone))
        if out.alone and t.give:
            self.partners_card(hands, maker, trump, ev)
        active = [not (out.alone and s != maker and self.same_side(s, maker, maker))
                  for s in range(n)]
        if t.drop and not clubs:
            # each player but the maker, from the dealer's left, stays in or drops out
            for p in range(1, n + 1):
                seat = (self.dealer + p) % n
                if seat == maker:
                    continue
                st = self.strategies[seat]
                if st.kind == "random":
                    drop = self.rng.below(2)
                else:
                    drop = int(hand_strength(t, hands[seat], trump) < st.stay)
                ev.append((TL.EV_DROP, seat, drop))
                if drop:
                    active[seat] = False
        out.out = [int(not a) for a in active]
        leader = (maker + 1) % n if out.alone and t.lead_lone else (self.dealer + 1) % n
        while not active[leader]:
            leader = (leader + 1) % n
        out.leader = leader
        self.play_tricks(out, hands, active, leader, Cards(t, trump), maker)
        if t.countdown:
            for s in range(n):
                if active[s]:
                    need = t.need if s == maker else 1
                    if out.tricks[s] >= need:
                        out.points[s] = -out.tricks[s]
                    else:
                        out.points[s] = t.euchre if s == maker else t.buck
            return out
        makers = sum(out.tricks[s] for s in range(n) if self.same_side(s, maker, maker))
        if makers >= t.need:
            pts = (t.lone_march if out.alone else t.march) if makers == t.hand else t.made
            for s in range(n):
                if self.same_side(s, maker, maker):
                    out.points[s] = pts
        else:
            for s in range(n):
                if not self.same_side(s, maker, maker):
                    out.points[s] = t.euchre
        return out

    def partners_card(self, hands: list[int], maker: int, trump: int, ev: list[Event]
                      ) -> None:
        """The lone maker asks a partner (random: either, evenly; basic: the first on his
        left) for a card of the partner's choice (random: any; basic: his strongest), then
        discards one (random: any of his cards; basic: his weakest)."""
        partners = [(maker + k) % self.n for k in range(1, self.n)]
        partners = [s for s in partners if self.same_side(s, maker, maker)]
        if not partners:
            return
        cards = Cards(self.t, trump)
        if self.strategies[maker].kind == "random" and len(partners) > 1:
            partner = partners[self.rng.below(len(partners))]
        else:
            partner = partners[0]
        own = cards_of(hands[partner])
        if self.strategies[partner].kind == "random":
            c = self.random_card(own)
        else:
            c = strongest(cards, own)
        hands[partner] &= ~(1 << c)
        hands[maker] |= 1 << c
        ev.append((TL.EV_GIVE, partner, c))
        own = cards_of(hands[maker])
        if self.strategies[maker].kind == "random":
            d = self.random_card(own)
        else:
            d = weakest(cards, own)
        hands[maker] &= ~(1 << d)
        ev.append((TL.EV_LONE_DISCARD, maker, d))

    def play_tricks(self, out: TableDeal, hands: list[int], active: list[bool], leader: int,
                    cards: Cards, maker: int) -> None:
        """Step 5: every trick from ``leader`` among the ``active`` seats; each winner's tricks
        go to ``out.tricks`` (the table engine's and the auction's play alike)."""
        n = self.n
        for trick_no in range(self.t.hand):
            plays: list[tuple[int, int]] = []
            led = -1
            for k in range(n):
                seat = (leader + k) % n
                if not active[seat]:
                    continue
                own = cards_of(hands[seat])
                follow = [c for c in own if led >= 0 and cards.suit(c) == led]
                legal = follow or own
                if self.strategies[seat].kind == "random":
                    c = self.random_card(legal)
                else:
                    c = self.basic_card(cards, own, legal, plays, led, seat, maker)
                out.events.append((TL.EV_PLAY, seat, c))
                hands[seat] &= ~(1 << c)
                if led < 0:
                    led = cards.suit(c)
                plays.append((seat, c))
            winner = self.trick_winner(cards, plays, led)
            out.tricks[winner] += 1
            out.events.append((TL.EV_TRICK, winner, trick_no))
            leader = winner

    def takes(self, cards: Cards, c: int, w: int, led: int) -> bool:
        """Does ``c`` take the trick from the winning card ``w``?"""
        if not (cards.suit(c) == led or cards.is_trump(c)):
            return False
        if self.t.later_equal:
            return cards.strength(c) >= cards.strength(w)
        return cards.strength(c) > cards.strength(w)

    def trick_winner(self, cards: Cards, plays: list[tuple[int, int]], led: int) -> int:
        seat, best = plays[0]
        for s, c in plays[1:]:
            if self.takes(cards, c, best, led):
                seat, best = s, c
        return seat

    def basic_card(self, cards: Cards, own: list[int], legal: list[int],
                   plays: list[tuple[int, int]], led: int, seat: int, maker: int) -> int:
        if not plays:
            trumps = [c for c in own if cards.is_trump(c)]
            if trumps and self.same_side(seat, maker, maker):
                return strongest(cards, trumps)
            plain = [c for c in legal if not cards.is_trump(c)]
            if plain and cards.trump != TL.NT_LOW:
                top = strongest(cards, plain)
                if cards.strength(top) == RANK_A:
                    return top
            return weakest(cards, legal)
        winner = self.trick_winner(cards, plays, led)
        if self.same_side(seat, winner, maker):
            return weakest(cards, legal)
        best = dict(plays)[winner]
        taking = [c for c in legal if self.takes(cards, c, best, led)]
        return weakest(cards, taking or legal)
