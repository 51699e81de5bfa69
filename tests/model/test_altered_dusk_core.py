"""Altered Dusk runs on the core: regions, expeditions and statistics are in a core GameState."""

from __future__ import annotations

from arbitre.model.altered.dusk import Dusk
from arbitre.model.altered.dusk_read import FACE_DOWN
from arbitre.model.altered.dusk_state import ADVENTURE
from arbitre.model.altered.rules import DUSK
from arbitre.model.examples import load_scenario
from arbitre.model.files import scenario_path


def _dusk(stem: str) -> Dusk:
    dusk = Dusk(load_scenario(scenario_path(f"altered--{stem}")).state)
    dusk.run()
    return dusk


def test_dusk_steps_are_one_sequence():
    assert DUSK.ids() == ["statistiques", "departages", "comparaison", "avancee", "fin"]


def test_markers_move_on_the_adventure_and_reveal_both_halves():
    dusk = _dusk("gigantesque")
    assert len(dusk.game.zone(ADVENTURE)) == 8
    assert dusk.position("Alice", "heros") == 1 and dusk.position("Alice", "compagnon") == 6
    assert dusk.position("Bruno", "heros") == 0  # failed: stays in the Hero Region
    halves = [r for r in dusk.game.cards_in(ADVENTURE) if dusk.sc.tumult.get(r.name) == "A"]
    assert len(halves) == 2 and all(FACE_DOWN not in r.statuses for r in halves)
    still_down = [r for r in dusk.game.cards_in(ADVENTURE) if dusk.sc.tumult.get(r.name) == "B"]
    assert all(FACE_DOWN in r.statuses for r in still_down)


def test_statistics_are_the_markers_current_values():
    dusk = _dusk("gigantesque")
    # The Gigantic character counts in both of Alice's expeditions (7.4.3.e).
    assert dusk.marker("Alice", "heros").value("foret") == 2
    assert dusk.marker("Alice", "compagnon").value("foret") == 2
    assert dusk.stats("Bruno", "compagnon") == {"foret": 1, "montagne": 0, "eau": 0}
    titan = dusk.game.card("Titan des forêts")
    assert titan.zone == "heros" and titan.owner == "Alice"
