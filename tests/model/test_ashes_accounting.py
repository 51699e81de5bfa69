"""Every ruling of Ashes is accounted for: reproduced by a scenario (shipped or held out), or listed
in `scenarios/ashes--not-expressible.yaml` with one line on why (or as not determinate).

The rulings are the Q/R answers (`kind: faq`), errata and printed examples of the game; the rules
of the leaflet (`kind: rule`) must be cited by a trace or listed too.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from arbitre.model.examples import load_scenario, scenario_dir, scenario_files

GAME = "ashes"
LISTED = scenario_dir() / f"{GAME}--not-expressible.yaml"
HOLDOUT = Path(__file__).parent / "holdout"
RULINGS = ("faq", "errata", "example")


def _rows() -> list[dict]:
    return yaml.safe_load(LISTED.read_text(encoding="utf-8"))


def _traces():
    paths = [p for p in scenario_files() if p.name.startswith(f"{GAME}--")]
    paths += sorted(HOLDOUT.glob(f"{GAME}--*.yaml"))
    return [load_scenario(p).run() for p in paths]


def _entries(kb, kinds: tuple[str, ...]):
    return [e for e in kb.entries if e.game == GAME and e.kind in kinds]


def test_the_not_expressible_file_is_not_read_as_a_scenario():
    assert LISTED.is_file()
    assert LISTED not in scenario_files()


def test_every_listed_ruling_exists_at_its_line_and_says_why(real_kb):
    rows = _rows()
    assert rows, "the file lists at least one ruling"
    for row in rows:
        assert set(row) <= {"id", "line", "why", "determinate"}, row
        assert {"id", "line", "why"} <= set(row), row
        entry = real_kb.get(row["id"])
        assert entry is not None, row["id"]
        assert entry.source.line_start <= row["line"] <= entry.source.line_end, row["id"]
        assert row["why"].strip() and row.get("determinate", True) in (True, False)


def test_every_ruling_of_ashes_is_reproduced_or_listed(real_kb):
    reproduced = {r.id for t in _traces() for r in t.rulings}
    listed = {row["id"] for row in _rows()}
    assert not reproduced & listed, f"both reproduced and listed: {sorted(reproduced & listed)}"
    rulings = {e.id for e in _entries(real_kb, RULINGS)}
    assert len(rulings) >= 50
    missing = sorted(rulings - reproduced - listed)
    assert missing == [], f"neither reproduced nor listed: {missing}"


def test_every_rule_of_the_leaflet_is_cited_or_listed(real_kb):
    cited = {rid for t in _traces() for rid in t.cited_ids()}
    listed = {row["id"] for row in _rows()}
    rules = {e.id for e in _entries(real_kb, ("rule",)) if e.text.strip()}
    assert sorted(rules - cited - listed) == []


def test_most_determinate_rulings_are_reproduced(real_kb):
    """The listed ones stay a minority: the engine states the rulings, it does not skip them."""
    determinate = [row for row in _rows() if row.get("determinate", True)]
    rulings = _entries(real_kb, RULINGS)
    reproduced = {r.id for t in _traces() for r in t.rulings}
    assert len(reproduced & {e.id for e in rulings}) > 3 * len(determinate)
