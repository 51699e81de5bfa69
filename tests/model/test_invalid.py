"""A bad scenario is a ScenarioError (a ValueError) naming the file and the field, never a crash."""

from __future__ import annotations

import copy

import pytest
import yaml

from arbitre.model.examples import load_scenario, read_scenario, scenario_dir
from arbitre.model.scenario import ScenarioError


def data(stem: str) -> dict:
    return yaml.safe_load((scenario_dir() / f"{stem}.yaml").read_text(encoding="utf-8"))


def spoils() -> dict:
    return copy.deepcopy(data("the-spoils--vitesse-zero"))


def ashes() -> dict:
    return copy.deepcopy(data("ashes--illusion"))


def expect_error(scenario: dict, field: str, *, run: bool = False) -> ScenarioError:
    with pytest.raises(ValueError) as info:
        loaded = read_scenario(scenario, "essai", "essai.yaml")
        if run:
            loaded.run()
    assert isinstance(info.value, ScenarioError)
    assert field in str(info.value), str(info.value)
    return info.value


def test_missing_field():
    d = spoils()
    del d["state"]["attackers"][0]["speed"]
    expect_error(d, "essai.yaml: state.attackers[0].speed")


def test_wrong_type():
    d = spoils()
    d["state"]["attackers"][1]["strength"] = "trois"
    expect_error(d, "state.attackers[1].strength")


def test_negative_speed():
    d = spoils()
    d["state"]["blockers"][0]["speed"] = -1
    expect_error(d, "state.blockers[0].speed")


def test_unknown_field_is_a_typo():
    d = spoils()
    d["state"]["attackers"][0]["vitesse"] = 3
    expect_error(d, "state.attackers[0].vitesse")


def test_unknown_procedure():
    d = spoils()
    d["procedure"] = "pile"
    expect_error(d, "procedure")


def test_ruling_of_another_game():
    d = spoils()
    d["reproduces"][0]["id"] = "ashes/faq/autre-1"
    expect_error(d, "reproduces[0].id")


def test_tactic_on_unknown_character():
    d = spoils()
    d["actions"] = {"tactics": [{"window": "A", "effect": "destroy", "character": "Personne"}]}
    expect_error(d, "actions.tactics[0].character")


def test_assignment_that_does_not_match_strength():
    d = spoils()
    d["actions"] = {"assign": {"Brute": {"Garde": 5}}}
    expect_error(d, "actions.assign.Brute", run=True)


def test_assignment_to_a_character_of_the_same_party():
    d = spoils()
    d["actions"] = {"assign": {"Brute": {"Golem lent": 2}}}
    expect_error(d, "actions.assign.Brute.Golem lent", run=True)


def test_duplicate_names():
    d = spoils()
    d["state"]["blockers"][0]["name"] = "Brute"
    expect_error(d, "state.attackers")


def test_ashes_trigger_on_a_card_not_in_play():
    d = ashes()
    d["state"]["triggers"][0]["card"] = "Fantôme"
    expect_error(d, "state.triggers[0].card")


def test_ashes_unknown_entry_kind():
    d = ashes()
    d["actions"]["effect"]["kind"] = "soigner"
    expect_error(d, "actions.effect.kind")


def test_ashes_controller_is_not_a_player():
    d = ashes()
    d["state"]["cards"][0]["controller"] = "Chloé"
    expect_error(d, "state.cards[0].controller")


def test_state_is_not_a_mapping():
    d = ashes()
    d["state"] = ["non"]
    expect_error(d, "state")


def test_file_name_and_game_must_agree(tmp_path):
    path = tmp_path / "ashes--essai.yaml"
    path.write_text(yaml.safe_dump(spoils(), allow_unicode=True), encoding="utf-8")
    with pytest.raises(ScenarioError, match="ashes--essai.yaml: game"):
        load_scenario(path)


def test_invalid_yaml(tmp_path):
    path = tmp_path / "ashes--casse.yaml"
    path.write_text("state: [", encoding="utf-8")
    with pytest.raises(ScenarioError, match="invalid YAML"):
        load_scenario(path)
