"""The committed results' page (records.committed): a run made with a table that has since been
revised shows as revised, one made with today's table as run."""

from __future__ import annotations

import json

from euchre_sim.records.committed import committed_runs, compare_with_today
from euchre_sim.strategies import get_strategy


def _run(results, name: str, run_id: str, **meta) -> None:
    folder = results / name / run_id
    folder.mkdir(parents=True)
    (folder / "meta.json").write_text(json.dumps({"created": "2026-12-01T10:00:00+0000", **meta}))


def test_a_table_revised_since_the_run_is_named(tmp_path):
    experiments, results = tmp_path / "experiments", tmp_path / "results"
    experiments.mkdir()
    for name in ("old", "fresh", "never"):
        (experiments / f"{name}.toml").write_text(
            f'kind = "match"\ndescription = "the {name} one"\na = "tuned"\nb = "advanced"\n')
    today = get_strategy("tuned").describe()
    then = dict(today, params=dict(today["params"], **{"round1.threshold.dealer": 99.0}))
    advanced = get_strategy("advanced").describe()
    _run(results, "old", "20261201-100000-seed1", a=then, b=advanced)
    _run(results, "old", "20261130-100000-seed1", a=today, b=advanced)  # older: not the newest
    _run(results, "fresh", "20261201-100000-seed1", a=today, b=advanced)
    rows = {r.experiment: r for r in committed_runs(experiments, results)}
    assert rows["old"].changed == ["tuned"] and rows["old"].runs == 2
    assert rows["old"].run.name == "20261201-100000-seed1"
    assert rows["fresh"].changed == [] and rows["fresh"].tables == ["tuned", "advanced"]
    assert rows["never"].run is None and rows["never"].description == "the never one"
    assert rows["old"].created == "2026-12-01 10:00"


def test_added_parameters_and_unknown_specs_are_told_apart():
    today = get_strategy("tuned:play.fishing=0").describe()
    assert compare_with_today(today) == "same"
    fewer = dict(today, params={k: v for k, v in today["params"].items()
                                if k != "play.lead_low_trump"})
    assert compare_with_today(fewer) == "extended"
    assert compare_with_today(dict(today, spec="nobody")) == "unknown"
    other = dict(today, params=dict(today["params"], **{"play.fishing": 1}))
    assert compare_with_today(other) == "changed"
