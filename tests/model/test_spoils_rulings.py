"""The Spoils: a few behaviours of the procedures its rulings run through (the accounting of the
rulings themselves is tests/model/test_accounting.py, for every game).
"""

from __future__ import annotations

import pytest

from arbitre.model.core.rules import RuleViolation
from arbitre.model.examples import read_scenario

GAME = "the-spoils"


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
