"""Marvel Champions: every FAQ answer, erratum and printed example is accounted for.

Each one is reproduced by a scenario (shipped or held out), or listed in
`scenarios/marvel-champions--not-expressible.yaml` with the reason: not expressible yet, or not
determinate (no game outcome).  The list names real entries, at their source line.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from arbitre.model.examples import load_scenario, scenario_dir, scenario_files

GAME = "marvel-champions"
LISTED = scenario_dir() / f"{GAME}--not-expressible.yaml"
HOLDOUT = Path(__file__).parent / "holdout"
RULING_KINDS = ("faq", "errata", "example")


def _listed() -> dict[str, list[dict]]:
    data = yaml.safe_load(LISTED.read_text(encoding="utf-8"))
    assert set(data) == {"not_expressible", "not_determinate"}
    return data


def _reproduced() -> set[str]:
    paths = [p for p in scenario_files() if p.name.startswith(f"{GAME}--")]
    paths += sorted(HOLDOUT.glob(f"{GAME}--*.yaml"))
    return {r.id for p in paths for r in load_scenario(p).run().rulings}


def test_the_list_is_not_read_as_a_scenario():
    assert LISTED.is_file()
    assert LISTED not in scenario_files()


def test_listed_rulings_exist_at_their_line_and_say_why(real_kb):
    for rows in _listed().values():
        for row in rows:
            assert set(row) == {"id", "line", "why"}, row
            entry = real_kb.get(row["id"])
            assert entry is not None, row["id"]
            assert entry.kind in RULING_KINDS, row["id"]
            assert entry.source.line_start <= row["line"] <= entry.source.line_end, row["id"]
            assert row["why"].strip()


def test_every_ruling_of_the_game_is_accounted_for_once(real_kb):
    listed = [row["id"] for rows in _listed().values() for row in rows]
    assert len(listed) == len(set(listed)), "a ruling is listed twice"
    reproduced = _reproduced()
    assert not (set(listed) & reproduced), "a listed ruling is also reproduced"
    rulings = {e.id for e in real_kb.entries_of(GAME) if e.kind in RULING_KINDS}
    missing = sorted(rulings - reproduced - set(listed))
    assert missing == [], f"neither reproduced nor listed: {missing}"
