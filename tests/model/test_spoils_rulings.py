"""The Spoils' rulings, accounted for: every FAQ answer, erratum and printed example is reproduced
by a scenario (shipped, or held out in `holdout/`), or listed in
`scenarios/the-spoils--not-expressible.yaml` with one line on why (not expressible yet, or with no
determinate outcome).  And a few behaviours of the procedures the rulings run through.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from arbitre.model.core.rules import RuleViolation
from arbitre.model.examples import load_scenario, read_scenario, scenario_dir, scenario_files

GAME = "the-spoils"
LISTED = scenario_dir() / f"{GAME}--not-expressible.yaml"
HOLDOUT = Path(__file__).parent / "holdout"
RULING_KINDS = ("faq", "errata", "example")


def _listed() -> dict[str, list[dict]]:
    return yaml.safe_load(LISTED.read_text(encoding="utf-8"))


def _reproduced() -> set[str]:
    paths = [p for p in scenario_files() if p.name.startswith(f"{GAME}--")]
    paths += sorted(HOLDOUT.glob(f"{GAME}--*.yaml"))
    return {r.id for p in paths for r in load_scenario(p).run().rulings}


def test_the_list_is_not_a_scenario():
    assert LISTED.is_file()
    assert LISTED not in scenario_files()


def test_listed_rulings_exist_at_their_line_and_say_why(real_kb):
    data = _listed()
    assert set(data) == {"not_expressible", "not_determinate"}
    for rows in data.values():
        for row in rows:
            assert set(row) == {"id", "line", "why"}, row
            entry = real_kb.get(row["id"])
            if real_kb.game(GAME) is None:
                continue
            assert entry is not None, row["id"]
            assert entry.source.line_start <= row["line"] <= entry.source.line_end, row["id"]
            assert len(row["why"].split()) >= 5, row["id"]


def test_every_ruling_is_reproduced_or_listed(real_kb):
    if real_kb.game(GAME) is None:
        pytest.skip("the knowledge base has no The Spoils")
    rulings = {e.id for e in real_kb.entries if e.game == GAME and e.kind in RULING_KINDS}
    listed = {row["id"] for rows in _listed().values() for row in rows}
    reproduced = _reproduced()
    assert not listed & reproduced, "reproduced and listed as not expressible"
    assert sorted(rulings - reproduced - listed) == []
    faq = {r for r in rulings if "/faq/" in r}
    assert len(faq & reproduced) >= 19  # of 20: the last one (tokens) has no outcome


def _run(data: dict):
    return read_scenario(data, "essai").run()


def _cost(modifiers: list[dict], printed: int, kind: str = "carte") -> int:
    payment = {"kind": kind, "text": "essai", "printed": printed}
    if kind == "carte":
        payment["card_type"] = "objet"
    data = {
        "game": GAME,
        "procedure": "cout",
        "title": "essai",
        "reproduces": [{"id": f"{GAME}/410.3"}],
        "state": {
            "player": "Alice",
            "free_resources": 9,
            "payment": payment,
            "modifiers": modifiers,
        },
    }
    return _run(data).result["final_cost"]


def test_increases_come_before_reductions_and_costs_stay_at_or_above_0():
    item = {"source": "réduction des items", "change": -3, "applies_to": "objet"}
    up = {"source": "augmentation", "change": 2, "applies_to": "tout"}
    floor = {"source": "minimum 2", "change": -5, "applies_to": "tout", "minimum": 2}
    assert _cost([item, up], 2) == 1  # 2 + 2 - 3, whatever the listing order (410.3)
    assert _cost([item], 2) == 0  # never below 0 (406.6)
    assert _cost([item], 2, "effet") == 2  # an item reduction does not touch a « payer » (406.5b)
    assert _cost([floor], 4) == 2


def _events(events: list[dict], replacements: list[dict]) -> dict:
    data = {
        "game": GAME,
        "procedure": "evenements",
        "title": "essai",
        "reproduces": [{"id": f"{GAME}/506.5"}],
        "state": {
            "players": ["Alice", "Bruno"],
            "active_player": "Alice",
            "cards": [{"name": "X", "controller": "Bruno", "type": "personnage", "life": 3}],
            "effects": [
                {"kind": "remplacement", "source": f"r{i}", **r} for i, r in enumerate(replacements)
            ],
        },
        "actions": {"events": events},
    }
    return _run(data).result


def test_damage_reaching_life_destroys_and_replacements_apply_once_each():
    hit = [{"event": "dommages", "card": "X", "amount": 3}]
    assert _events(hit, [])["destroyed"] == ["X"]
    to_hand = {"replaces": "detruite", "instead": "mise_en_main"}
    back = {"replaces": "mise_en_main", "instead": "detruite"}
    assert _events(hit, [to_hand])["zones"] == {"X": "main"}
    assert _events(hit, [to_hand, back])["zones"] == {"X": "défausse"}
    assert _events(hit, [to_hand, back, to_hand, back])["zones"] == {"X": "défausse"}
    assert _events(hit, [to_hand, to_hand, back])["zones"] == {"X": "main"}


def test_trigger_order_chooser_follows_the_controllers():
    def chooser(controllers: list[str]) -> str | None:
        data = {
            "game": GAME,
            "procedure": "declencheurs",
            "title": "essai",
            "reproduces": [{"id": f"{GAME}/503.4"}],
            "state": {"players": ["Alice", "Bruno"], "active_player": "Alice"},
            "actions": {
                "event": "essai",
                "triggers": [
                    {"source": f"t{i}", "controller": c, "draw": 1}
                    for i, c in enumerate(controllers)
                ],
            },
        }
        return _run(data).result["chooser"]

    assert chooser(["Bruno", "Bruno"]) == "Bruno"
    assert chooser(["Bruno", "Alice"]) == "Alice"
    assert chooser(["Bruno"]) is None


def test_only_the_active_player_plays_cards_outside_an_effect():
    def turn(action: str, player: str) -> dict:
        return {
            "game": GAME,
            "procedure": "tour",
            "title": "essai",
            "reproduces": [{"id": f"{GAME}/603.2"}],
            "state": {"players": ["Alice", "Bruno"], "active_player": "Alice"},
            "actions": {"turn": [{"phase": "pendant", "action": action, "player": player}]},
        }

    with pytest.raises(RuleViolation) as refused:
        read_scenario(turn("attaque", "Bruno"), "essai")
    assert refused.value.rule_id == f"{GAME}/603.2"
    assert _run(turn("jouer_par_effet", "Bruno")).result["acted_as_opponent"] == ["Bruno"]
    assert _run(turn("capacite_faction", "Bruno")).result["acted_as_opponent"] == ["Bruno"]
