"""Every shipped scenario reproduces a ruling of its document: its `expected` result must hold,
and its trace must match the golden file.

Regenerate the golden traces after a reviewed change of a procedure or a scenario:

    ARBITRE_REGEN=1 .venv/bin/pytest tests/model

then read `git diff tests/golden/traces`.
"""

from __future__ import annotations

import json
import os
import re

import pytest

from arbitre.model.examples import check_expected, load_scenario, worked_examples
from arbitre.model.files import scenario_files
from tests.conftest import REPO

GOLDEN = REPO / "tests" / "golden" / "traces"
FILES = scenario_files()
REGEN = os.environ.get("ARBITRE_REGEN") == "1"


def test_scenarios_are_shipped():
    games = {p.name.split("--")[0] for p in FILES}
    assert {"the-spoils", "ashes", "altered", "four-souls", "marvel-champions"} <= games
    assert len(FILES) >= 20
    for game in ("altered", "four-souls", "marvel-champions"):
        assert sum(1 for p in FILES if p.name.startswith(f"{game}--")) >= 4, game


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_reproduces_its_ruling(path):
    scenario = load_scenario(path)
    assert scenario.expected, f"{path.name}: a scenario must say what the ruling expects"
    trace = scenario.run()
    assert check_expected(trace, scenario.expected) == []


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_trace_matches_golden(path):
    trace = load_scenario(path).run()
    text = json.dumps(trace.to_dict(), ensure_ascii=False, indent=2) + "\n"
    golden = GOLDEN / f"{path.stem}.json"
    if REGEN:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(text, encoding="utf-8")
    assert golden.is_file(), (
        f"missing {golden.name}: run ARBITRE_REGEN=1 .venv/bin/pytest tests/model"
    )
    assert golden.read_text(encoding="utf-8") == text


def test_no_stale_golden_traces():
    stems = {p.stem for p in FILES}
    if REGEN:
        for golden in GOLDEN.glob("*.json"):
            if golden.stem not in stems:
                golden.unlink()
    assert sorted(p.stem for p in GOLDEN.glob("*.json")) == sorted(stems)


def test_every_step_cites_a_rule():
    for trace in worked_examples():
        for step in trace.steps:
            assert step.rule_ids, f"{trace.scenario}: « {step.text_fr} » cites no rule"
            assert all(r.startswith(f"{trace.game}/") for r in step.rule_ids)


def test_traces_are_deterministic():
    first = [t.to_dict() for t in worked_examples()]
    assert first == [t.to_dict() for t in worked_examples()]


CODES = {"heros", "compagnon", "foret", "montagne", "eau", "monstre", "paquet", "alter_ego"}


def _words(value):
    if isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _words(v)
    elif isinstance(value, list):
        for v in value:
            yield from _words(v)
    elif isinstance(value, str):
        yield value


def test_result_values_are_french_words():
    for trace in worked_examples():
        shown = {k: v for k, v in trace.result.items() if k != "refused_by"}  # an entry id
        for word in _words(shown):
            assert word not in CODES, f"{trace.scenario}: raw code {word!r} in the result"
            assert not re.search(r"\w/\w", word), f"{trace.scenario}: code-like {word!r}"
