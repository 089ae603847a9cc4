"""The analyser with the asker's own later decisions made by the search (``--rest search``).

The analyser plays each option out with the table for the rest of the deal, the asker's own
later decisions included. Where the table plays those poorly, an option that avoids them looks
better than it is. Here every world of the analysis (the same consistent worlds, on the same
random streams) is played on after the option as the exploitability measure plays a real deal
(``exploit.respond``): at each later decision of the asker the analyser is asked again on that
world's history (``inner_deals`` deals per option) and its best option is forced; everyone
else plays the table. The cost is one inner search per later decision of the asker, per world
and option: use it on a few hundred worlds.
"""

from __future__ import annotations

import numpy as np

from ..core.common import layout as L
from ..engine.backends import Backend, InProcess
from ..strategies import Strategy, get_strategy
from .analyser import Sample, sample_options
from .decision_walk import decisions
from .exploit import DealRunner, decision_seed, respond
from .facts import AnalysisError, Option, options
from .situation import Situation
from .worlds import option_presets, sample_presets

REST = ("table", "search")  # who makes the asker's later decisions in a playout
REST_DEALS = 200  # deals per option of each inner search, by default


def question_index(sit: Situation, option: Option, runner: DealRunner, trace: list) -> int:
    """How many of the asker's decisions a playout's trace holds up to and including the
    question (the one whose action ``option`` forces)."""
    slot = option.forced[0][0]
    up = int(runner.base[L.PR_UP])
    for j, d in enumerate(decisions(sit.rules, runner.hands(), up, trace, sit.seat)):
        if slot in d.taken:
            return j + 1
    raise AnalysisError(f"the question of {sit.notation()} is not in its playout")


def search_rest_sample(sit: Situation, table: str | Strategy, deals: int, seed: int,
                       inner_deals: int = REST_DEALS, backend: Backend | None = None,
                       threads: int | None = None) -> tuple[Sample, Sample]:
    """The options on the analyser's first ``deals`` consistent worlds, played on with the
    asker's later decisions searched: (the sample with the search for the rest, the same
    worlds with the table for the rest). Both samples share worlds and random streams, so
    their option values are paired world by world."""
    strategy = get_strategy(table)
    base = sample_options(sit, strategy, deals, seed, threads, backend or InProcess(threads))
    inner = InProcess(threads)  # each inner search is small: never worth a cluster's round trip
    team = sit.seat & 1
    blocks: dict[int, np.ndarray] = {}
    pair: dict[str, np.ndarray] = {}
    for option in options(sit):
        points = np.zeros((2, base.deals), np.int8)
        for i, world in enumerate(base.worlds.tolist()):
            b, j = divmod(world, base.block)
            if b not in blocks:
                blocks[b] = sample_presets(sit, base.block, (seed, b))
            row = option_presets(sit, blocks[b][j:j + 1], option)[0]
            runner = DealRunner(sit.rules, strategy, seed, world, base=row)
            cur = runner.play(row)
            k = question_index(sit, option, runner, cur.trace)
            cur, _, _ = respond(runner, cur, sit.seat, k, inner_deals, inner,
                                lambda n, w=world: decision_seed(seed, w, n))
            points[0, i] = cur.record["points0" if team == 0 else "points1"]
            points[1, i] = cur.record["points1" if team == 0 else "points0"]
        pair[option.label] = points
    searched = Sample(strategy, pair, base.worlds, base.drawn, base.consistent, base.block)
    return searched, base


def rest_sampler(inner_deals: int = REST_DEALS):
    """A sampler for ``analyser.analyze`` (``sampler=``): the options played on with the
    asker's later decisions searched (``inner_deals`` per option); its description for
    ``rest=`` is ``rest_text(inner_deals)``."""
    def sample(sit: Situation, table: str | Strategy, deals: int, seed: int,
               threads: int | None, backend: Backend) -> Sample:
        return search_rest_sample(sit, table, deals, seed, inner_deals, backend, threads)[0]

    return sample


def rest_text(inner_deals: int) -> str:
    """How the output names the search for the rest."""
    return f"the search ({inner_deals:,} deals per option at each)"
