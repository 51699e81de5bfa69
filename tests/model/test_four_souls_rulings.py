"""Four Souls: every ruling of the document is accounted for.

The rulings are the worked examples, the errata and the card rulings (« Règles pour les cartes »).
Each one is reproduced by a scenario (shipped or held out), listed in
`scenarios/four-souls--not-expressible.yaml` (determinate, but the engine cannot state it), or listed
in `scenarios/four-souls--not-determinate.yaml` (the text gives no outcome to reproduce).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from arbitre.model.examples import load_scenario, scenario_dir, scenario_files

GAME = "four-souls"
HOLDOUT = Path(__file__).parent / "holdout"


def _rows(name: str) -> list[dict]:
    path = scenario_dir() / f"{GAME}--{name}.yaml"
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _reproduced() -> set[str]:
    paths = [p for p in scenario_files() if p.name.startswith(f"{GAME}--")]
    paths += sorted(HOLDOUT.glob(f"{GAME}--*.yaml"))
    return {r.id for p in paths for r in load_scenario(p).run().rulings}


def _rulings(kb) -> list:
    return [
        e
        for e in kb.entries_of(GAME)
        if e.kind in ("example", "errata")
        or (e.kind == "rule" and e.id.startswith(f"{GAME}/regles-pour-les-cartes/"))
    ]


@pytest.mark.parametrize("name", ["not-expressible", "not-determinate"])
def test_accounting_rows_name_real_rulings_with_their_line(real_kb, name):
    rows = _rows(name)
    assert rows, name
    for row in rows:
        assert set(row) == {"id", "line", "why"}, row
        entry = real_kb.get(row["id"])
        assert entry is not None, row["id"]
        assert entry.source.line_start == row["line"], row["id"]
        assert len(row["why"].split()) >= 4, row["id"]


def test_accounting_files_are_not_run_as_scenarios():
    names = {p.name for p in scenario_files()}
    assert f"{GAME}--not-expressible.yaml" not in names
    assert f"{GAME}--not-determinate.yaml" not in names


def test_every_ruling_is_reproduced_or_listed_once(real_kb):
    reproduced = _reproduced()
    listed = [r["id"] for name in ("not-expressible", "not-determinate") for r in _rows(name)]
    assert len(listed) == len(set(listed)), "a ruling is listed twice"
    assert not reproduced & set(listed), f"listed but reproduced: {reproduced & set(listed)}"
    rulings = _rulings(real_kb)
    assert len(rulings) >= 50  # 10 examples, 14 errata, 30 card rulings
    missing = [e.id for e in rulings if e.id not in reproduced and e.id not in listed]
    assert missing == [], missing
    assert set(listed) <= {e.id for e in rulings}


def test_most_determinate_rulings_are_reproduced(real_kb):
    undetermined = {r["id"] for r in _rows("not-determinate")}
    determinate = [e for e in _rulings(real_kb) if e.id not in undetermined]
    reproduced = _reproduced()
    share = sum(e.id in reproduced for e in determinate) / len(determinate)
    assert share > 0.6, share
