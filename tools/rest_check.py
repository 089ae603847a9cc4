"""Does the analyser's verdict change when the asker's later decisions are searched?

    python tools/rest_check.py experiments/data/rest_points.txt --deals 200 --inner 200

For every situation of the points file (the analyser's notation, one a line, ``#`` comments),
plays every option on the same consistent worlds twice: the rest of the deal by the table
(the analyser's default), and with the asker's later decisions by the analyser's search
(``--rest search``). Prints per point the best option under each, whether it changes, the
search's margin of its own best over the table-rest best (paired over the worlds, with its
standard error), and the mean change of the option values; then the shares over all points,
split by question. The measurement behind the default of ``analyze --rest`` (docs/exploit.md).
"""

from __future__ import annotations

import argparse
import math
import time
from pathlib import Path

import numpy as np

from euchre_sim.analysis.rest_search import search_rest_sample
from euchre_sim.analysis.situation import read_situation
from euchre_sim.game.rules import Rules


def values(sample, label: str) -> np.ndarray:
    v = sample.pair[label]
    return (v[0] - v[1]).astype(np.float64)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("points", help="a points file (one situation a line)")
    ap.add_argument("--table", default="tuned")
    ap.add_argument("--deals", type=int, default=200, help="worlds per point (default 200)")
    ap.add_argument("--inner", type=int, default=200,
                    help="deals per option of each later search (default 200)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    lines = [ln.split("#")[0].strip() for ln in Path(args.points).read_text().splitlines()]
    points = [read_situation(ln, Rules()) for ln in lines if ln]
    started = time.time()
    rows = []
    for i, sit in enumerate(points):
        searched, table = search_rest_sample(sit, args.table, args.deals, args.seed, args.inner,
                                             threads=1)
        labels = list(table.pair)
        mean_t = {lb: values(table, lb).mean() for lb in labels}
        mean_s = {lb: values(searched, lb).mean() for lb in labels}
        best_t = max(labels, key=mean_t.get)
        best_s = max(labels, key=mean_s.get)
        edge = values(searched, best_s) - values(searched, best_t)
        se = edge.std(ddof=1) / math.sqrt(len(edge)) if len(edge) > 1 else 0.0
        shift = np.mean([abs(mean_s[lb] - mean_t[lb]) for lb in labels])
        rows.append((sit.question, best_t, best_s, edge.mean(), se, shift))
        flag = "" if best_t == best_s else ("  CHANGED" if edge.mean() > 2 * se
                                            else "  changed (within 2 se)")
        print(f"{i + 1:>3} {sit.question:<7} table-rest: {best_t:<22} search-rest: "
              f"{best_s:<22} {edge.mean():+.3f} ± {se:.3f}  |shift| {shift:.3f}{flag}",
              flush=True)
    n = len(rows)
    changed = sum(r[1] != r[2] for r in rows)
    significant = sum(r[1] != r[2] and r[3] > 2 * r[4] for r in rows)
    cost = sum(r[3] for r in rows) / n
    print(f"\n{n} points, {args.deals} worlds each, later searches of {args.inner} deals per "
          f"option, table {args.table}, seed {args.seed} ({time.time() - started:.0f} s):")
    print(f"  best option changes at {changed} ({100 * changed / n:.1f} %), by more than 2 "
          f"standard errors at {significant} ({100 * significant / n:.1f} %)")
    print(f"  following the table-rest verdict costs {cost:.4f} points per decision as the "
          "search-rest values it; mean |shift| of an option's value "
          f"{np.mean([r[5] for r in rows]):.3f}")
    for q in sorted({r[0] for r in rows}):
        mine = [r for r in rows if r[0] == q]
        ch = sum(r[1] != r[2] for r in mine)
        sig = sum(r[1] != r[2] and r[3] > 2 * r[4] for r in mine)
        print(f"  {q:<8} {len(mine):>3} points: changed {ch}, by more than 2 se {sig}; "
              f"mean |shift| {np.mean([r[5] for r in mine]):.3f}")


if __name__ == "__main__":
    main()
