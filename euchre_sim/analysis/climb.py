"""Self-play hill climbing to a stable point: stability rounds until no single step gains.

Each round runs :func:`stability` on the current strategy (every single step against it, on
the round's own deals) and takes the steps that gain significantly after the Holm-Bonferroni
correction, at most ``per_round`` of them and one per parameter family (the name up to its
last dot: ``round1.threshold``, ``weights.trump``, ``play``...), since steps of one family
often do the same thing twice (raising every trump weight is lowering every threshold). The
combination is then played against the current strategy on fresh deals: it is kept when it
gains significantly there, else only the round's best step is kept. Every round uses new deals
(seed + round), so the climb does not fit the noise of one deal set. The climb stops when a
round finds no significant step: the strategy is then stable on that round's deals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine.backends import Backend
from ..game.rules import Rules
from ..strategies import Strategy, get_strategy, strategy_toml
from .match import duplicate_deals, duplicate_games
from .stability import StabilityResult, stability
from .stats import Estimate
from .variants import SearchError

VERIFY_Z = 3.0  # the combined steps must gain by this many standard errors on fresh deals


@dataclass
class ClimbRound:
    """One round: the stability check, the steps taken and what they gained on fresh deals."""

    number: int
    check: StabilityResult
    taken: dict[str, float]
    verify: Estimate | None  # the combination against the current strategy, fresh deals
    combined: bool  # True: the whole combination was kept, False: only the best step


@dataclass
class ClimbResult:
    """The climb from ``start`` to ``final``, round by round."""

    start: Strategy
    final: Strategy
    rounds: list[ClimbRound] = field(default_factory=list)
    count: int = 0
    games: bool = False
    stable: bool = False

    def table(self):
        """One row per step taken: round, parameter, from, to, the step's own gain in the
        round's stability check, and the round's verified gain on fresh deals."""
        import pandas as pd

        rows = []
        for r in self.rounds:
            df = r.check.table().set_index(["param", "to"])
            for key, value in r.taken.items():
                s = df.loc[(key, value)]
                rows.append({"round": r.number, "param": key, "from": s["from"], "to": value,
                             "step_gain": s["gain"], "step_se": s["se"],
                             "round_gain": r.verify.mean if r.verify else None,
                             "round_se": r.verify.se if r.verify else None,
                             "combined": r.combined})
        return pd.DataFrame(rows)

    def to_text(self) -> str:
        unit = "games" if self.games else "deals"
        lines = [f"climb from {self.start.label}: {len(self.rounds)} round(s) of single steps "
                 f"against itself, {self.count:,} duplicate {unit} per step, new deals every "
                 "round"]
        for r in self.rounds:
            if not r.taken:
                lines.append(f"  round {r.number}: no step gains significantly "
                             f"(Holm-Bonferroni over {len(r.check.steps)} steps): stable")
                continue
            moves = ", ".join(f"{k}={_fmt(v)}" for k, v in r.taken.items())
            how = "all kept" if r.combined else "only the best kept"
            lines.append(f"  round {r.number}: {moves}; on fresh deals "
                         f"{r.verify.mean:+.4f} ± {r.verify.se:.4f} ({how})")
        changed = {k: v for k, v in self.final.all_params().items()
                   if self.start.all_params()[k] != v}
        lines.append(("stable: no single step gains" if self.stable else
                      "stopped at the round limit, not yet stable") + "; changed from "
                     f"{self.start.label}: " + (", ".join(f"{k}={_fmt(v)}"
                                                         for k, v in changed.items()) or "none"))
        return "\n".join(lines)

    def best_toml(self, description: str) -> str:
        return strategy_toml(self.final, description)


def climb(rules: Rules, strategy: str | Strategy, *, deals: int | None = None,
          games: int | None = None, rounds: int = 10, per_round: int = 4,
          params: Sequence[str] | None = None, seed: int = 1,
          backend: Backend | None = None, threads: int | None = None,
          shard: int | None = None, progress=None) -> ClimbResult:
    """Climb from ``strategy`` by stability rounds (see the module) until stable or
    ``rounds`` rounds; ``params`` restricts the parameters moved (names or patterns)."""
    if rounds < 1 or per_round < 1:
        raise SearchError("--rounds and --per-round must be at least 1")
    current = get_strategy(strategy)
    result = ClimbResult(current, current, games=games is not None)
    for number in range(1, rounds + 1):
        check = stability(rules, current, None, deals=deals, games=games, params=params,
                          seed=seed + number, backend=backend, threads=threads, shard=shard,
                          progress=progress)
        result.count = check.count
        taken = _pick(check, per_round)
        if not taken:
            result.rounds.append(ClimbRound(number, check, {}, None, False))
            result.stable = True
            break
        play = duplicate_games if result.games else duplicate_deals
        fresh = seed + 1000 + number
        both = get_strategy(current, **taken)
        verify = _gain(play(rules, both, current, check.count, fresh, threads=threads,
                            backend=backend, shard=shard), result.games)
        combined = len(taken) == 1 or verify.mean >= VERIFY_Z * verify.se
        if not combined:
            key = next(iter(taken))
            taken = {key: taken[key]}
            both = get_strategy(current, **taken)
            verify = _gain(play(rules, both, current, check.count, fresh, threads=threads,
                                backend=backend, shard=shard), result.games)
        result.rounds.append(ClimbRound(number, check, taken, verify, combined))
        current = both
    result.final = current
    return result


def _pick(check: StabilityResult, per_round: int) -> dict[str, float]:
    """The significant gaining steps, best first, one per parameter family."""
    df = check.table()
    chosen: dict[str, float] = {}
    families: set[str] = set()
    for _, r in df[df["significant"] & (df["gain"] > 0)].iterrows():
        family = r["param"].rsplit(".", 1)[0]
        if family in families or r["param"] in chosen:
            continue
        chosen[r["param"]] = float(r["to"])
        families.add(family)
        if len(chosen) == per_round:
            break
    return chosen


def _gain(match, games: bool) -> Estimate:
    """The first strategy's gain over the second: points per deal, or the share of games won
    above one half."""
    if games:
        w = match.win_share
        return Estimate(w.mean - 0.5, w.se, w.n)
    return match.diff


def _fmt(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"
