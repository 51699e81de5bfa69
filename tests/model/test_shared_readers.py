"""The pieces of reading and procedure that several game modules share: one place each."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from arbitre.model.core.scenario import Fields, ScenarioError
from arbitre.model.core.trace import Recorder
from arbitre.model.examples import read_scenario
from arbitre.model.files import scenario_path
from arbitre.model.four_souls.penalty import death_penalty, record_penalty

PLAYERS = ("Alice", "Bruno")
HOLDOUT = Path(__file__).parent / "holdout"


def test_a_field_that_names_a_player():
    f = Fields({"active_player": "Alice", "to": "Chloé"}, "state")
    assert f.player("active_player", PLAYERS) == "Alice"
    assert f.player("from", PLAYERS, None) is None
    with pytest.raises(ScenarioError) as info:
        f.player("to", PLAYERS)
    assert (info.value.field, info.value.detail) == (
        "state.to",
        "'Chloé' is not one of the players",
    )


@pytest.mark.parametrize(
    ("path", "procedure"),
    [
        (HOLDOUT / "four-souls--mourir-une-seule-fois.yaml", "mort"),
        (scenario_path("four-souls--counterfeit-penny"), "gains"),
    ],
)
def test_four_souls_readers_check_the_players_fields(path, procedure):
    data = copy.deepcopy(yaml.safe_load(path.read_text(encoding="utf-8")))
    assert data["procedure"] == procedure
    data["state"]["active_player"] = "Personne"
    with pytest.raises(ScenarioError, match="state.active_player: 'Personne' is not one of the"):
        read_scenario(data, "essai", "essai.yaml")


def _set(data: dict, path: list, value: str) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


@pytest.mark.parametrize(
    ("stem", "path"),
    [
        ("ashes--attaque-negative-sur-une-unite", ["state", "cards", 0, "controller"]),
        ("four-souls--exemple-de-pile", ["actions", "plays", 0, "player"]),
        ("altered--coriace-gratuit", ["actions", "player"]),
        ("marvel-champions--riposte-allie-defend", ["actions", "attacks", 0, "target"]),
        ("marvel-champions--contre-sort-alter-ego", ["actions", "player"]),
        ("the-spoils--cible-partie", ["state", "active_player"]),
        ("the-spoils--cible-partie", ["state", "cards", 0, "controller"]),
        ("the-spoils--pioche-groupee", ["state", "active_player"]),
        ("the-spoils--pioche-groupee", ["state", "modifiers", 0, "controller"]),
        ("the-spoils--pioche-groupee", ["actions", "triggers", 0, "controller"]),
        ("ashes--lancer-apres-les-deux-actions", ["state", "active_player"]),
        ("ashes--lancer-apres-les-deux-actions", ["actions", "turn", 0, "player"]),
        ("four-souls--exemple-de-mort-d-un-monstre", ["state", "monster", "kills_on_death"]),
        ("four-souls--malediction-au-joueur-actif", ["state", "deck", 0, "given_to"]),
    ],
)
def test_every_game_reads_a_player_field_the_same_way(stem, path):
    text = (scenario_path(stem)).read_text(encoding="utf-8")
    data = copy.deepcopy(yaml.safe_load(text))
    _set(data, path, "Personne")
    where = path[0] + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path[1:])
    with pytest.raises(ScenarioError) as info:
        read_scenario(data, "essai", "essai.yaml")
    assert info.value.field == f"essai.yaml: {where}"
    assert info.value.detail == "'Personne' is not one of the players"


def _penalty(loot, cents, items, active):
    rec = Recorder(lambda: {})
    paid = record_penalty(rec, "Alice", death_penalty(loot, cents, items), active)
    return paid, rec.steps[-1]


def test_the_death_penalty_takes_one_of_each_and_marks_the_defaults():
    paid, step = _penalty(["A", "B"], 3, ["Épée", "Bouclier"], active=True)
    assert paid == {"loot": "A", "cents": 1, "destroyed": "Épée", "turn_ended": True}
    assert len(step.defaults) == 2  # the first loot card and the first item are the model's pick
    assert "termine son tour" in step.text_fr


def test_the_death_penalty_with_nothing_to_pay():
    paid, step = _penalty([], 0, [], active=False)
    assert paid == {}
    assert step.defaults == []
    assert "n'a pas de carte butin" in step.text_fr and "n'a pas de ¢" in step.text_fr
