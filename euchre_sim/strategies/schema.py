"""Parameter schemas: for each strategy kind, every parameter's slot, default, range, meaning.

Names are dotted (``round1.threshold.dealer``) and match the nested tables of strategy TOML
files. Defaults of the ``scripted`` family are those of the ``basic`` built-in.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.four import kinds as q
from ..core.four.kinds import (
    P_ALONE,
    P_BID,
    P_CHUCK,
    P_DEFEND_ALONE,
    P_FARMER,
    P_NO_TRUMP,
    P_RAILROAD,
    P_REDEAL,
    P_SMITTY_ALONE,
    P_SMITTY_GUESS,
    Q_PIMC_BID_WORLDS,
    Q_PIMC_BIDDING,
    Q_PIMC_TIE_BREAK,
    Q_PIMC_WORLDS,
)


@dataclass(frozen=True)
class Param:
    """One strategy parameter: its slot in the kernel array, default, range and meaning."""

    index: int
    default: float
    low: float
    high: float
    help: str
    integer: bool = False


def _flag(index: int, default: int, text: str) -> Param:
    return Param(index, default, 0, 1, f"1: {text}", integer=True)


SEATS = ("eldest", "partner", "third", "dealer")

REFERENCE = {
    "bid_threshold": Param(P_BID, 12, 0, 40, "order up / call a suit when strength >= this", True),
    "alone_threshold": Param(P_ALONE, 20, 0, 99, "go alone when the bid strength >= this", True),
    "defend_alone_threshold": Param(
        P_DEFEND_ALONE, 99, 0, 99,
        "defend alone (if the rules allow) when strength in trump >= this; 99: never", True),
    "call_redeal": _flag(P_REDEAL, 0, "call for a redeal whenever eligible"),
    "farmer_exchange": _flag(P_FARMER, 0, "exchange the three lowest 9s/10s for the kitty"),
    "railroad_take": _flag(P_RAILROAD, 1, "take partner's card under railroad"),
    "chuck_threshold": Param(
        P_CHUCK, 99, 0, 99,
        "chuck (if the rules allow) when a stuck dealer's strongest card and the up-card rate "
        ">= this in the up-card's suit; 99: never", True),
    "no_trump_threshold": Param(
        P_NO_TRUMP, 9, 0, 99,
        "no_trump (if the rules allow): call no trump in round 2 when the hand's no-trump "
        "strength (3 an ace, 2 a guarded king) >= this; 99: never", True),
    "smitty_guess": Param(
        P_SMITTY_GUESS, 0, 0, 3,
        "smitty (if the rules allow): the eldest's guess of the up-card's suit, made unseen "
        "(0 clubs, 1 diamonds, 2 hearts, 3 spades; hearts under hearts_never_trump: spades)",
        True),
    "smitty_alone": _flag(P_SMITTY_ALONE, 0, "smitty: after a right guess call for the game "
                          "(alone, before seeing the hand)"),
}

_W = 40.0  # upper bound for weights and thresholds
SCRIPTED: dict[str, Param] = {
    "weights.trump.joker": Param(q.Q_W_JOKER, 7, 0, _W, "weight of the joker (Benny)"),
    "weights.trump.right": Param(q.Q_W_RIGHT, 6, 0, _W, "weight of the right bower"),
    "weights.trump.left": Param(q.Q_W_LEFT, 5, 0, _W, "weight of the left bower"),
    "weights.trump.ace": Param(q.Q_W_ACE, 4, 0, _W, "weight of the ace of trump"),
    "weights.trump.king": Param(q.Q_W_KING, 3, 0, _W, "weight of the king of trump"),
    "weights.trump.queen": Param(q.Q_W_QUEEN, 2.5, 0, _W, "weight of the queen of trump"),
    "weights.trump.ten": Param(q.Q_W_TEN, 2, 0, _W, "weight of the ten of trump"),
    "weights.trump.nine": Param(q.Q_W_NINE, 2, 0, _W, "weight of the nine of trump"),
    "weights.trump.low": Param(q.Q_W_LOW, 1.5, 0, _W, "weight of the 8 and 7 of trump"),
    "weights.offsuit.ace": Param(q.Q_W_OFF_ACE, 2, 0, _W, "weight of each off-suit ace"),
    "weights.offsuit.king": Param(q.Q_W_OFF_KING, 0.5, 0, _W, "weight of each off-suit king"),
    "weights.shape.void": Param(q.Q_W_VOID, 1, -_W, _W, "bonus for each void side suit"),
    "weights.shape.singleton": Param(q.Q_W_SINGLETON, 0.5, -_W, _W,
                                     "bonus for each singleton side suit"),
    "weights.upcard.partner": Param(q.Q_W_UP_PARTNER, 0.5, 0, 2,
                                    "share of the up-card's trump weight added when ordering it "
                                    "to my partner (the dealer)"),
    "weights.upcard.opponent": Param(q.Q_W_UP_OPPONENT, 0.5, 0, 2,
                                     "share of the up-card's trump weight subtracted when "
                                     "ordering it to an opponent"),
    **{f"round1.threshold.{s}": Param(q.Q_R1 + i, d, 0, _W,
                                      f"round 1: {s} orders up when strength >= this")
       for i, (s, d) in enumerate(zip(SEATS, (13, 12, 13, 12), strict=True))},
    **{f"round2.threshold.{s}": Param(q.Q_R2 + i, d, 0, _W,
                                      f"round 2: {s} names a suit when strength >= this")
       for i, (s, d) in enumerate(zip(SEATS, (12, 12.5, 12, 12), strict=True))},
    "round2.next_bonus.eldest": Param(q.Q_NEXT_ELDEST, 1.5, -_W, _W,
                                      "round 2: bonus of 'next' (same colour as the "
                                      "turned-down suit) for the eldest hand"),
    "round2.next_bonus.third": Param(q.Q_NEXT_THIRD, 0.5, -_W, _W,
                                     "round 2: bonus of 'next' for the third seat"),
    "round2.reverse_next_bonus": Param(q.Q_REVERSE_NEXT, 0.5, -_W, _W,
                                       "round 2: bonus of the other colour ('reverse next', "
                                       "green) for the dealer's side"),
    "round2.chuck_threshold": Param(q.Q_CHUCK, 99, 0, 99,
                                    "chuck (if the rules allow): a stuck dealer keeps his "
                                    "strongest card in the up-card's suit and takes the "
                                    "kitty when that card and the up-card (the kitty unseen) "
                                    "are worth >= this as trump; 99: never"),
    "round2.no_trump_tricks": Param(q.Q_NO_TRUMP, 4, 0, 6,
                                    "no_trump (if the rules allow): call no trump in round 2 "
                                    "when the hand counts this many tricks (in each suit the "
                                    "top cards in a run from the ace, or 1 for a guarded king); "
                                    "6: never", integer=True),
    **{f"alone.threshold.{s}": Param(q.Q_ALONE + i, 21, 0, 99,
                                     f"{s} as maker goes alone when strength >= this")
       for i, s in enumerate(SEATS)},
    "alone.sure_tricks": Param(q.Q_ALONE_SURE, 5, 0, 5,
                               "also go alone with this many sure tricks (top trumps in a run, "
                               "plus off aces behind a run of 3); 0: off", integer=True),
    "alone.count.strength": Param(q.Q_LC_STRENGTH, 1, 0, _W,
                                  "a loner's worth (against alone.threshold.*): this x the "
                                  "bidding strength, plus the loner count below"),
    "alone.count.trump": Param(q.Q_LC_TRUMP, 0, -_W, _W, "loner count: each trump held"),
    "alone.count.top_run": Param(q.Q_LC_RUN, 0, -_W, _W, "loner count: each trump of the "
                                 "unbroken run from the highest trump down"),
    "alone.count.right": Param(q.Q_LC_RIGHT, 0, -_W, _W, "loner count: the right bower"),
    "alone.count.left": Param(q.Q_LC_LEFT, 0, -_W, _W, "loner count: the left bower"),
    "alone.count.side_ace": Param(q.Q_LC_SIDE_ACE, 0, -_W, _W,
                                  "loner count: each off-suit ace"),
    "alone.count.side_king": Param(q.Q_LC_SIDE_KING, 0, -_W, _W,
                                   "loner count: each off-suit king"),
    "alone.count.void": Param(q.Q_LC_VOID, 0, -_W, _W, "loner count: each void side suit"),
    "defend_alone.threshold": Param(q.Q_DEFEND_ALONE, 99, 0, 99,
                                    "defend alone (if allowed) when strength >= this; 99: never"),
    "discard.make_void": _flag(q.Q_DISCARD_VOID, 1, "discard a side singleton to make a void"),
    "discard.keep_aces": _flag(q.Q_DISCARD_KEEP_ACES, 1, "never discard an off-suit ace if "
                               "another card will do"),
    "discard.keep_guarded_kings": _flag(q.Q_DISCARD_KEEP_KINGS, 0, "keep a king with a guard"),
    "railroad.take_below": Param(q.Q_RAILROAD_BELOW, 99, 0, 99,
                                 "railroad: take partner's card when my strength < this"),
    "score.bridge_bonus": Param(q.Q_BRIDGE_BONUS, 0, -_W, _W,
                                "added to bidding strength at the bridge (we need 1, a loner "
                                "wins it for them): order up to deny the loner"),
    "score.no_alone_at_game_point": _flag(q.Q_GAME_POINT_NO_ALONE, 0,
                                          "never go alone when one point wins the game"),
    "score.desperation_bonus": Param(q.Q_DESPERATION_BONUS, 0, -_W, _W,
                                     "added to bidding strength when the opponents need <= 2"),
    "score.equity_weight": Param(q.Q_EQUITY_WEIGHT, 0, 0, _W,
                                 "match equity in the bidding: the threshold rises by this x "
                                 "(p* - 2/3), to the half point, p* = L / (G + L) the make "
                                 "probability at which a bid breaks even in P(win the game) "
                                 "after this deal (G: gain of +1 to us, L: loss of +2 to "
                                 "them; 2/3 at face value); 0: off"),
    "score.equity_alone": Param(q.Q_EQUITY_ALONE, 0, 0, _W,
                                "match equity for loners (and lone defenders): k = what the "
                                "extra 2 points of a lone march (or lone euchre) add to P(win "
                                "the game), over twice a point's worth (1 at face value); "
                                "never alone when k <= 0 (the ordinary march or euchre wins), "
                                "else the alone threshold rises by this x (1 - k), to the half "
                                "point; 0: off"),
    "play.lead_trump_for_partner": Param(q.Q_LEAD_TRUMP_PARTNER, 1, 0, 5,
                                         "lead my best trump when partner made it, holding "
                                         "at least this many trumps (1: any); 0: never",
                                         integer=True),
    "play.lead_right_min_trumps": Param(q.Q_LEAD_RIGHT_MIN, 3, 0, 10,
                                        "as maker lead the boss trump when holding at least "
                                        "this many trumps; 0: never", integer=True),
    "play.lead_low_trump": Param(q.Q_FISHING, 0, 0, 4,
                                 "as maker without the boss trump, lead a low trump when "
                                 "holding at least this many trumps plus one (1: 2+, what "
                                 "play.fishing meant until 2026-11-30; 2: 3+); 0: never",
                                 integer=True),
    "play.fishing": Param(q.Q_FISH_BOWERS, 0, 0, 5,
                          "going fishing, the seeds' sense: on the making side, lead the boss "
                          "trump (the bowers) while trumps are still out (1: always; 2..5: "
                          "unless holding fewer trumps than that and no side boss card, "
                          "partnered); 0: never", integer=True),
    "play.lead_boss_offsuit": _flag(q.Q_LEAD_ACES, 1, "lead an off-suit boss card (an ace, or "
                                    "with card memory the highest left)"),
    "play.defence_singleton_ace": _flag(q.Q_DEF_SINGLETON_ACE, 0, "on defence lead a singleton "
                                        "ace, then a doubleton ace not of the trump colour"),
    "play.avoid_turned_down_suit": _flag(q.Q_AVOID_TURNED_DOWN, 0,
                                         "do not lead the turned-down suit"),
    "play.lead_next_on_defence": _flag(q.Q_LEAD_NEXT_DEF, 0, "on defence in round 2 lead "
                                       "'next' (the turned-down suit's colour mate)"),
    "play.lead_through_loner": Param(q.Q_LEAD_THROUGH_LONER, 0, 0, 2,
                                     "against a lone maker, 1: on my left, lead low from my "
                                     "longest side suit; 2: on either side, keep my aces and "
                                     "lead low from my shortest side suit without one",
                                     integer=True),
    "play.second_hand_low": _flag(q.Q_SECOND_LOW, 1, "second hand plays low"),
    "play.third_hand_high": _flag(q.Q_THIRD_HIGH, 0, "third hand plays its highest winner"),
    "play.overtrump_partner": _flag(q.Q_TRUMP_PARTNER_BOSS, 0, "beat partner's winning card "
                                    "when it is not sure to hold (never when it is)"),
    "play.throw_off_make_void": _flag(q.Q_PLAY_MAKE_VOID, 0, "throw off from a side singleton "
                                      "to make a void"),
    "play.second_hand_boss": _flag(q.Q_SECOND_BOSS, 0, "second hand low, but take the trick "
                                   "with a card no opponent can beat"),
    "play.trump_partner_void": _flag(q.Q_TRUMP_PARTNER_VOID, 0,
                                     "beat partner's winning side card when an opponent still "
                                     "to play has shown out of the suit (he would ruff it)"),
    "play.ruff_high": _flag(q.Q_RUFF_HIGH, 0, "don't send a boy to the mill: when an opponent "
                            "still to play has shown out of the led suit (and not of trumps), "
                            "ruff with a trump no opponent can beat, else the highest"),
    "play.upcard_memory": _flag(q.Q_UPCARD_MEMORY, 0, "remember that the dealer took the "
                                "up-card in round 1 (his partner counts it as ours)"),
    "loner_defence.take_tricks": _flag(q.Q_TAKE_VS_LONER, 0, "against a lone maker take every "
                                      "trick we can: surely if we can, else high while the "
                                      "loner is still to play"),
    "loner_defence.keep_guards": _flag(q.Q_GUARDS_VS_LONER, 0,
                                      "against a lone maker throw off nothing that can still "
                                      "take a trick: a boss side card, or a king-high guard "
                                      "behind one live card"),
    "loner_defence.keep_suits": _flag(q.Q_SUITS_VS_LONER, 0,
                                      "against a lone maker keep our top card in each suit he "
                                      "may still hold while a live card lies below it (and the "
                                      "guard of K-x behind the ace); throw first what can no "
                                      "longer take a trick (overrides keep_guards)"),
    "loner_defence.save_boss_trumps": _flag(q.Q_SAVE_BOSS_VS_LONER, 0,
                                            "against a lone maker never spend a boss trump "
                                            "(it takes a trick whenever played) on a trick "
                                            "partner is winning, nor on a card partner may "
                                            "still beat in its suit"),
    "play.lone_maker_leads_high": _flag(q.Q_LONE_LEADS_HIGH, 0,
                                        "a lone maker who leads a side card leads his "
                                        "highest (no partner can win a low lead)"),
    "play.lone_maker_draws_trump": Param(q.Q_LONE_DRAWS_TRUMP, 0, 0, 2,
                                         "a lone maker without the boss trump leads his "
                                         "highest trump before his side cards, 1: with 2+ "
                                         "trumps; 2: also his last trump when none of his "
                                         "side cards is boss", integer=True),
    "play.draw_trump_for_aces": Param(q.Q_DRAW_FOR_ACES, 0, 0, 3,
                                      "as maker with partner, 2+ trumps but not the boss and "
                                      "at least this many side boss cards (aces, or with card "
                                      "memory the highest left), lead a trump before them "
                                      "(the lowest; play.draw_trump_high: the highest); 0: "
                                      "never", integer=True),
    "play.defence_leads_boss_trump": Param(q.Q_DEF_BOSS_TRUMP, 0, 0, 5,
                                           "a defender with partner who holds the boss trump "
                                           "leads it from this trick on (1..5) while the makers "
                                           "may hold a trump; 0: never", integer=True),
    "play.second_hand_keeps_boss": Param(q.Q_SECOND_KEEPS_BOSS, 0, 0, 5,
                                         "a defender (with partner) second to play, void in "
                                         "the led side suit, whose only trump is the boss, "
                                         "throws off rather than ruff while an opponent may "
                                         "hold a trump, from this trick on (1..5); 0: never",
                                         integer=True),
    "play.draw_trump_high": Param(q.Q_DRAW_HIGH, 0, 0, 5,
                                  "as maker with partner, 2+ trumps but not the boss: lead "
                                  "the highest trump where play.draw_trump_for_aces leads "
                                  "one, and also holding at least this many trumps and no "
                                  "side boss card; 0: never", integer=True),
    "play.lead_trump_vs_loner": Param(q.Q_LEAD_TRUMP_VS_LONER, 0, 0, 5,
                                      "a defender against a lone maker leads his highest "
                                      "trump from this trick on (1..5); 0: never",
                                      integer=True),
    "play.second_hand_sure": Param(q.Q_SECOND_SURE, 0, 0, 2,
                                   "second hand who can win plays his lowest card nobody "
                                   "behind can beat, if he has one (1: following suit; 2: "
                                   "ruffing too); 0: the cheapest winner", integer=True),
    "play.lone_maker_turned_down": _flag(q.Q_LONE_TURNED_DOWN, 0,
                                         "a lone maker may lead the turned-down suit too "
                                         "(play.avoid_turned_down_suit is for partnerships)"),
    "play.card_policy": _flag(q.Q_CARD_POLICY, 1, "play the strategy file's learned card "
                              "policy (its [card_policy] table) where it names a card for "
                              "the class of position; 0: the conventions alone"),
    "play.card_memory": _flag(q.Q_MEMORY, 0, "remember every played card (which cards are "
                              "boss); without it a player knows only his own and the table's"),
    "play.lead_partner_void": _flag(q.Q_LEAD_PARTNER_VOID, 0, "with card memory, lead a side "
                                    "suit partner has shown out of (he can ruff), unless an "
                                    "opponent has too"),
    "play.avoid_opponent_void": _flag(q.Q_AVOID_OPP_VOID, 0, "with card memory, do not lead a "
                                      "side suit an opponent has shown out of"),
    "redeal.call": _flag(q.Q_CALL_REDEAL, 0, "call for a redeal whenever eligible"),
    "farmer.exchange": _flag(q.Q_FARMER, 0, "exchange the three lowest 9s/10s for the kitty"),
    "smitty.guess": Param(q.Q_SMITTY_GUESS, 0, 0, 3,
                          "smitty (if the rules allow): the eldest's guess of the up-card's "
                          "suit, made unseen (0 clubs, 1 diamonds, 2 hearts, 3 spades; hearts "
                          "under hearts_never_trump: spades)", integer=True),
    "smitty.alone": _flag(q.Q_SMITTY_ALONE, 0, "smitty: after a right guess call for the game "
                          "(alone, before seeing the hand)"),
}

# A PIMC player plays every card by search; the scripted card-play conventions choose among the
# cards the search finds equally good (``pimc.tie_break``). The scripted bidding parameters are
# its model of how the table bids (the worlds it samples must agree with the bidding seen, and
# the rest of the auction is played by them), and its own bids where it does not search.
PIMC = {
    **SCRIPTED,
    "pimc.worlds": Param(Q_PIMC_WORLDS, 50, 1, 2000, "worlds dealt and solved at each card "
                         "play", integer=True),
    "pimc.bid_worlds": Param(Q_PIMC_BID_WORLDS, 50, 1, 5000, "worlds dealt and solved at each "
                             "decision before the play (bids, discard, loner, lone defence)",
                             integer=True),
    "pimc.tie_break": _flag(Q_PIMC_TIE_BREAK, 1, "among the cards the search finds equally "
                            "good, play the scripted conventions' card (play.*, loner_defence.*) "
                            "when it is one of them (0: the weaker card)"),
    "pimc.bidding": _flag(Q_PIMC_BIDDING, 1, "bid, discard, go alone and defend alone by search "
                          "too (0: by the scripted parameters, which otherwise model the other "
                          "players' bidding)"),
}

PARAMS: dict[str, dict[str, Param]] = {
    "random": {}, "reference": REFERENCE, "scripted": SCRIPTED, "pimc": PIMC,
}
