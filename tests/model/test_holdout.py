"""Rulings kept apart from the ones the engine was built on: do its rules generalize?

`holdout/*.yaml` are scenarios written after the engine, for rulings no shipped scenario
(`arbitre/model/<game>/scenarios/`) reproduces, using only what the engine already had; they must pass
without a change to the engine.  `holdout/not-reproduced.yaml` lists the held-out rulings the
engine cannot state yet, each with one line on why.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitre.model.examples import check_expected, load_scenario
from arbitre.model.files import scenario_files

HOLDOUT = Path(__file__).parent / "holdout"
FILES = sorted(HOLDOUT.glob("*--*.yaml"))


def _shipped_rulings() -> set[str]:
    return {r.id for p in scenario_files() for r in load_scenario(p).run().rulings}


def test_the_held_out_set_is_apart():
    assert len(FILES) >= 2
    shipped = _shipped_rulings()
    for path in FILES:
        first = load_scenario(path).run().rulings[0].id
        assert first not in shipped, f"{path.name}: {first} is also a shipped scenario's ruling"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_held_out_ruling_holds(path):
    scenario = load_scenario(path)
    trace = scenario.run()
    assert check_expected(trace, scenario.expected) == [], json.dumps(trace.result)
