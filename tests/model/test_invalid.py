"""A bad scenario is a ScenarioError (a ValueError) naming the file and the field, never a crash."""

from __future__ import annotations

import copy

import pytest
import yaml

from arbitre.model.core.scenario import ScenarioError
from arbitre.model.examples import load_scenario, read_scenario
from arbitre.model.files import scenario_files, scenario_path


def data(stem: str) -> dict:
    return yaml.safe_load((scenario_path(stem)).read_text(encoding="utf-8"))


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


@pytest.mark.parametrize("tokens", [["a"], [None], [1.7], [-1], [True]])
def test_a_spellboard_exhaustion_count_is_a_whole_number(tokens):
    d = copy.deepcopy(data("ashes--concentrer-un-sort-sans-concentration"))
    d["state"]["players"][0]["spellboard"][0]["exhausted"] = tokens
    expect_error(d, "state.players[0].spellboard[0].exhausted")


def _runs_to_the_end() -> list[str]:
    """The shipped scenarios with actions that no rule refuses (a refusal stops reading)."""
    stems = []
    for path in scenario_files():
        d = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(d.get("actions"), dict) and "refused_by" not in (d.get("expected") or {}):
            stems.append(path.stem)
    return stems


@pytest.mark.parametrize("stem", _runs_to_the_end())
def test_a_typo_under_actions_is_refused(stem):
    """Every procedure reads its `actions` whole: a misspelt key there is an error, not
    silently ignored (the turn procedures, Ashes' attack, play and board, Four Souls' stack
    and gains accepted one)."""
    d = data(stem)
    d["actions"]["zzz_typo"] = 1
    expect_error(d, "actions.zzz_typo")


def _refused_mappings() -> list[tuple[str, tuple]]:
    """(stem, path) of every mapping under the `actions` of a shipped scenario a rule refuses."""
    found = []

    def walk(stem: str, node: object, path: tuple) -> None:
        if isinstance(node, dict):
            found.append((stem, path))
            for key, value in node.items():
                walk(stem, value, (*path, key))
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(stem, value, (*path, i))

    for path in scenario_files():
        d = yaml.safe_load(path.read_text(encoding="utf-8"))
        if "refused_by" in (d.get("expected") or {}):
            walk(path.stem, d.get("actions"), ("actions",))
    return found


@pytest.mark.parametrize(("stem", "path"), _refused_mappings())
def test_a_typo_past_a_refusal_is_reported(stem, path):
    """A scenario a rule refuses is still read to its end: a misspelt key anywhere under its
    `actions`, after the refused step too, is an error (12 of these 77 places were silent)."""
    d = data(stem)
    node = d
    for key in path:
        node = node[key]
    node["zzz_typo"] = 1
    expect_error(d, "zzz_typo")


def test_a_refusal_still_stands_past_what_only_the_refusal_explains():
    """Reading a refused scenario to its end finds typos only: the refusal is kept, with its
    rule, whatever the rest of the position."""
    d = data("ashes--arene-pleine-pas-de-remplacement")
    scenario = read_scenario(copy.deepcopy(d), "essai")
    assert scenario.run().result["refused_by"] == d["expected"]["refused_by"]


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
    with pytest.raises(ScenarioError, match=r"ashes--essai.yaml:\d+: game"):
        load_scenario(path)


def test_invalid_yaml(tmp_path):
    path = tmp_path / "ashes--casse.yaml"
    path.write_text("state: [", encoding="utf-8")
    with pytest.raises(ScenarioError, match="invalid YAML"):
        load_scenario(path)


# --- the procedures of Altered, Four Souls and Marvel Champions -----------------------------------


def altered() -> dict:
    return copy.deepcopy(data("altered--une-seule-fois"))


def four_souls() -> dict:
    return copy.deepcopy(data("four-souls--exemple-d-attaque"))


def marvel() -> dict:
    return copy.deepcopy(data("marvel-champions--riposte-allie-defend"))


def test_altered_adventure_has_eight_regions():
    d = altered()
    del d["state"]["adventure"][3]
    expect_error(d, "state.adventure: the Adventure has eight regions")


def test_altered_unknown_region_type():
    d = altered()
    d["state"]["adventure"][1]["types"] = ["feu"]
    expect_error(d, "state.adventure[1].types[0]")


def test_altered_position_outside_the_adventure():
    d = altered()
    d["state"]["players"][0]["heros"]["position"] = 8
    expect_error(d, "state.players[0].heros.position")


def test_altered_expedition_on_a_face_down_tumult_half():
    d = altered()
    d["state"]["players"][1]["compagnon"]["position"] = 6
    expect_error(d, "state.players[1].compagnon.position")


def test_altered_statistic_must_be_an_integer():
    d = altered()
    d["state"]["players"][0]["heros"]["characters"][0]["foret"] = "beaucoup"
    expect_error(d, "state.players[0].heros.characters[0].foret")


def test_altered_needs_two_players():
    d = altered()
    del d["state"]["players"][1]
    expect_error(d, "state.players")


def test_four_souls_a_die_shows_one_to_six():
    d = four_souls()
    d["actions"]["rolls"][0]["die"] = 7
    expect_error(d, "actions.rolls[0].die")


def test_four_souls_active_player_must_play():
    d = four_souls()
    d["state"]["active_player"] = "Personne"
    expect_error(d, "state.active_player")


def test_four_souls_attack_without_enough_rolls():
    d = four_souls()
    d["actions"]["rolls"] = d["actions"]["rolls"][:2]
    expect_error(d, "actions.rolls: the attack needs a roll #3", run=True)


def test_four_souls_rolls_left_over():
    d = four_souls()
    d["actions"]["rolls"].append({"die": 6})
    expect_error(d, "actions.rolls: 1 roll(s) left over", run=True)


def test_four_souls_card_ruling_of_another_game():
    d = copy.deepcopy(data("four-souls--deaths-head"))
    d["state"]["deck"][0]["ruling"] = "ashes/faq/autre-1"
    expect_error(d, "state.deck[0].ruling")


def test_marvel_unknown_enemy():
    d = marvel()
    d["actions"]["attacks"][0]["enemy"] = "Ultron"
    expect_error(d, "actions.attacks[0].enemy")


def test_marvel_minion_without_villainy_gets_no_boost():
    d = marvel()
    d["state"]["enemies"][0]["kind"] = "sbire"
    expect_error(d, "actions.attacks[0].boost")


def test_marvel_alter_ego_cannot_defend():
    d = marvel()
    d["state"]["players"][0]["identity"]["form"] = "alter_ego"
    d["actions"]["attacks"][0]["defender"] = "Black Panther"
    expect_error(d, "actions.attacks[0].defender")


def test_marvel_unknown_keyword():
    d = marvel()
    d["state"]["enemies"][0]["keywords"] = ["volant"]
    expect_error(d, "state.enemies[0].keywords")


def test_marvel_enemy_attack_is_required():
    d = marvel()
    del d["state"]["enemies"][0]["atk"]
    expect_error(d, "state.enemies[0].atk")


def test_an_attack_outside_the_action_phase_is_refused_with_the_rule():
    from arbitre.model.core.rules import RuleViolation

    d = copy.deepcopy(data("four-souls--jet-borne"))
    d["state"]["phase"] = "fin"
    with pytest.raises(RuleViolation) as info:
        read_scenario(d, "essai", "essai.yaml")
    assert info.value.rule_id == "four-souls/comment-jouer/attaquer/2"
    assert "phase de fin" in info.value.text_fr
    assert str(info.value).startswith("essai.yaml: state.phase: refusé")


@pytest.mark.parametrize(
    ("key", "value"),
    [("target", "Crâne Rouge (absent)"), ("scheme", "Base de l'AIM"), ("by", "Hulk")],
)
def test_marvel_trigger_naming_what_the_scenario_lacks(key, value):
    """A trigger's target, scheme and who sets it off are of the scenario: a target it lacks
    was a KeyError when the trigger resolved; a scheme or a hero it lacks, a trigger that
    silently never fired."""
    d = copy.deepcopy(data("marvel-champions--pris-en-filature-errata"))
    d["state"]["triggers"][0][key] = value
    expect_error(d, f"state.triggers[0].{key}", run=True)
