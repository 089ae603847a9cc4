"""Is a strategy at a local optimum? One step of each parameter up and down, each checked.

Every numeric parameter of a scripted strategy is moved one step up and one step down (1 for
integer parameters, 0.5 for thresholds and weights, clipped to the schema's range; a 0/1 flag
is toggled), and each such variant plays a duplicate match against the unchanged strategy (or a
given field) on the same deals (common random numbers). A step that gains significantly shows
the strategy is not at a local optimum there.

With a hundred or more steps, some will look significant at 95 % by chance alone (about one in
twenty of those without a real effect), so the verdict uses the Holm-Bonferroni correction over
all steps (the chance of any false "significant" among them stays <= 5 %); steps significant
only without the correction are listed as "nominal".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.backends import Backend
from ..game.rules import Rules
from ..strategies import Strategy, get_strategy
from .stats import Estimate, holm, two_sided_p
from .variants import (
    SearchError,
    VariantResult,
    deals_or_games,
    is_flag,
    match_variants,
    matching_keys,
    objective,
    resolve_field,
    same_play,
    scripted_schema,
    step_of,
)

ALPHA = 0.05


@dataclass(frozen=True)
class Step:
    """One parameter moved from ``before`` to ``after``."""

    key: str
    before: float
    after: float


def steps_of(strategy: str | Strategy, keys: Sequence[str] | None = None) -> list[Step]:
    """One step up and one down of each parameter (``keys``: names or shell-style patterns
    such as ``play.*``; default all), within the schema's range; a flag is toggled
    (``play.card_policy`` only for a strategy with a card policy)."""
    s = get_strategy(strategy)
    schema = scripted_schema(s)
    if keys is None:
        chosen = list(schema)
    else:
        chosen = []
        for k in keys:
            if any(c in k for c in "*?["):
                chosen += matching_keys(schema, k)
            elif k in schema:
                chosen.append(k)
            else:
                get_strategy(s, **{k: 0})  # says "unknown parameter", with a hint
        chosen = list(dict.fromkeys(chosen))
    values = s.all_params()
    steps = []
    for key in chosen:
        if key == "play.card_policy" and not s.policy:
            continue  # no policy to switch off: the step would play the same cards
        p, v = schema[key], values[key]
        if is_flag(p):
            steps.append(Step(key, v, 1.0 - v))
            continue
        for after in (v + step_of(p), v - step_of(p)):
            after = min(max(after, p.low), p.high)
            if after != v:
                steps.append(Step(key, v, after))
    if not steps:
        raise SearchError("no parameter can move: every one is pinned at the end of its range")
    return steps


@dataclass
class StabilityResult:
    """Every step's gain over the unchanged strategy against the field, with p-values."""

    strategy: Strategy
    field: Strategy
    steps: list[Step]
    outcomes: list[VariantResult]
    gains: list[Estimate]  # points per deal, or share of games won, over the unchanged one
    count: int
    seed: int
    games: bool
    alpha: float = ALPHA

    @property
    def unit(self) -> str:
        return "games" if self.games else "deals"

    @property
    def measure(self) -> str:
        return ("share of games won" if self.games else "points per deal")

    def table(self):
        """One row per step, the largest gain first: parameter, from, to, gain with se, 95 %
        interval (unadjusted), p-value, Holm-adjusted p-value, and the two verdicts."""
        import pandas as pd

        p = [two_sided_p(g) for g in self.gains]
        adjusted = holm(p)
        rows = []
        for step, gain, pv, pa, o in zip(self.steps, self.gains, p, adjusted, self.outcomes,
                                         strict=True):
            lo, hi = gain.interval()
            rows.append({"param": step.key, "from": step.before, "to": step.after,
                         "gain": gain.mean, "se": gain.se, "ci95_low": lo, "ci95_high": hi,
                         "p": pv, "p_holm": pa, "significant": pa <= self.alpha,
                         "nominal": pv <= self.alpha,
                         "no_effect": gain.se == 0 and gain.mean == 0,
                         "vs_field": objective(o.match, self.games).mean})
        df = pd.DataFrame(rows).sort_values("gain", ascending=False, kind="stable")
        return df.reset_index(drop=True)

    def to_text(self) -> str:
        df = self.table()
        against = ("itself" if same_play(self.strategy, self.field)
                   else f"{self.field.label} (gain: the step's result minus the unchanged "
                   "strategy's, paired by board)")
        lines = [
            f"stability of {self.strategy.label}: {len(self.steps)} single steps (integer "
            "parameters ±1, others ±0.5, within the schema's ranges; flags toggled), each in a "
            f"duplicate match against {against}, all on the same {self.count:,} {self.unit} "
            f"(seed {self.seed})",
            f"gain in {self.measure} over {self.strategy.label} (95 % interval, unadjusted); "
            f"'**': significant after Holm-Bonferroni over all {len(self.steps)} steps, "
            "'*': nominal (95 % without correction):",
        ]
        for _, r in df.iterrows():
            mark = "**" if r["significant"] else "*" if r["nominal"] else ""
            move = f"{_fmt(r['from'])} -> {_fmt(r['to'])}"
            tail = ("  no effect on these deals" if r["no_effect"] else
                    f"  p_holm {r['p_holm']:.3g}" if r["p_holm"] > 0 else "  p_holm < 1e-300")
            lines.append(f"  {mark:<2} {r['param']:<34} {move:<12} {self._val(r['gain'])} "
                         f"({self._val(r['ci95_low'])} .. {self._val(r['ci95_high'])}){tail}")
        gains = df[df["significant"] & (df["gain"] > 0)]
        losses = df[df["significant"] & (df["gain"] < 0)]
        nominal = df[df["nominal"] & ~df["significant"] & (df["gain"] > 0)]
        if gains.empty:
            lines.append(f"verdict: no single step gains significantly (Holm-Bonferroni over "
                         f"{len(self.steps)} steps, family-wise {100 * self.alpha:g} %): "
                         f"{self.strategy.label} is at a local optimum on this grid")
        else:
            lines.append(f"verdict: {len(gains)} step(s) gain significantly (Holm-Bonferroni "
                         f"over {len(self.steps)} steps, family-wise {100 * self.alpha:g} %): "
                         + "; ".join(self._step(r) for _, r in gains.iterrows()))
        lines.append(f"nominal gains only (95 % without correction; about "
                     f"{self.alpha * len(self.steps) / 2:.0f} expected by chance if no step "
                     "mattered): " + ("; ".join(self._step(r) for _, r in nominal.iterrows())
                                      or "none"))
        lines.append(f"significant losses (after correction): {len(losses)} of "
                     f"{len(self.steps)} steps")
        return "\n".join(lines)

    def _val(self, x: float) -> str:
        return f"{100 * x:+.2f} %" if self.games else f"{x:+.4f}"

    def _step(self, r) -> str:
        return f"{r['param']} {_fmt(r['from'])} -> {_fmt(r['to'])} ({self._val(r['gain'])})"


def stability(rules: Rules, strategy: str | Strategy, field: str | Strategy | None = None, *,
              deals: int | None = None, games: int | None = None,
              params: Sequence[str] | None = None, seed: int = 1,
              backend: Backend | None = None, threads: int | None = None,
              shard: int | None = None, progress=None) -> StabilityResult:
    """Play every single step of ``strategy``'s parameters (``params``: names or patterns,
    default all) in a duplicate match against ``field`` (None or ``"self"``: the unchanged
    strategy) on the same ``deals`` deals (or ``games`` games) of ``seed``.
    ``progress``: a shard callback (``backends.ShardProgress``)."""
    base = get_strategy(strategy)
    opponent = resolve_field(base, field)
    steps = steps_of(base, params)
    count, by_games = deals_or_games(deals, games, 100_000)
    if hasattr(progress, "expect"):
        progress.expect(len(steps) * count)
    variants = [get_strategy(base, **{s.key: s.after}) for s in steps]
    outcomes = match_variants(rules, variants, opponent, count, seed, games=by_games,
                              baseline=base, backend=backend, threads=threads, shard=shard,
                              progress=progress)
    gains = [o.gain for o in outcomes]
    return StabilityResult(base, opponent, steps, outcomes, gains, count, seed, by_games)


def _fmt(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"
