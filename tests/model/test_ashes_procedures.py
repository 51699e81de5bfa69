"""Ashes' procedures beyond the damage process — « jouer », « attaque », « entree », « plateau »:
the order of their steps, the rules they cite, the positions they refuse and their field errors.
"""

from __future__ import annotations

import copy

import pytest
import yaml

from arbitre.model.core.rules import RuleViolation
from arbitre.model.core.scenario import ScenarioError
from arbitre.model.examples import load_scenario, read_scenario
from arbitre.model.files import scenario_path


def data(stem: str) -> dict:
    return yaml.safe_load((scenario_path(stem)).read_text(encoding="utf-8"))


def run(stem: str):
    return load_scenario(scenario_path(stem)).run()


def run_data(d: dict):
    return read_scenario(d, "essai", "essai.yaml").run()


def index(trace, rule_id: str, contains: str = "") -> int:
    return next(
        i for i, s in enumerate(trace.steps) if rule_id in s.rule_ids and contains in s.text_fr
    )


# --- jouer ---------------------------------------------------------------------------------------


def test_cost_is_paid_before_the_effects_resolve():
    trace = run("ashes--payer-avant-les-effets")
    paid = index(trace, "ashes/clarifications/1", "paie d'abord")
    taken = index(trace, "ashes/faq/ordre-de-resolution-2", "reprend")
    assert paid < taken
    assert trace.steps[paid].state["des"]["Alice"] == {"actives": 2, "inactives": 2}


def test_the_damage_process_waits_for_every_effect_of_the_card():
    trace = run("ashes--effets-de-haut-en-bas")
    second_effect = index(trace, "ashes/faq/ordre-de-resolution-2", "Effet 2")
    damage = index(trace, "ashes/degats/etape-1")
    assert second_effect < damage


def test_what_cannot_be_done_is_ignored_and_the_rest_resolves():
    d = copy.deepcopy(data("ashes--invoquer-doreur-arene-pleine"))
    d["state"]["players"][0]["battlefield"] = 2  # now there is room: the Gilder is placed
    trace = run_data(d)
    assert trace.result["placed"] == ["Doreur"] and trace.result["effects_ignored"] == []


def test_a_cancel_needs_a_unit_of_its_player_among_the_targets():
    d = copy.deepcopy(data("ashes--voile-dore-annule-tout"))
    d["actions"]["play"]["responses"][0]["player"] = "Alice"  # the caster cannot cancel herself
    with pytest.raises(RuleViolation) as info:
        read_scenario(d, "essai", "essai.yaml")
    assert info.value.rule_id == "ashes/faq/voile-dore-1"


def test_protection_from_spells_does_not_stop_the_owner_s_own_spell():
    d = copy.deepcopy(data("ashes--protection-magique-contre-un-sort"))
    d["state"]["cards"][0]["controller"] = "Alice"
    d["expected"] = {"damage_received": {"Unité protégée": 2}}
    trace = run_data(d)
    assert trace.result["damage_received"] == {"Unité protégée": 2}


def test_a_conjuration_placed_in_an_opponent_s_arena_is_controlled_by_that_opponent():
    trace = run("ashes--poupee-de-sang-chez-l-adversaire")
    step = trace.steps[index(trace, "ashes/faq/placement-1")]
    assert "Bruno la contrôle" in step.text_fr


# --- attaque -------------------------------------------------------------------------------------


def test_attack_on_a_phoenixborn_resolves_each_attacker_alone():
    trace = run("ashes--redirection-attaque-d-heritier")
    alone = [s for s in trace.steps if "est résolue seule" in s.text_fr]
    assert len(alone) == 2
    assert trace.result["redirected"] == ["2 dégât(s) de Première attaquante"]


def test_attack_on_a_unit_adds_the_attack_values():
    d = copy.deepcopy(data("ashes--redirection-heritier-protecteur"))
    del d["actions"]["attack"]["guards"]
    del d["actions"]["attack"]["redirect"]
    trace = run_data(d)
    assert trace.result["damage_events"] == [
        "Première attaquante et Seconde attaquante → Unité ciblée : 5"
    ]
    assert trace.result["destroyed"] == ["Unité ciblée"]


def test_only_units_of_one_s_own_arena_attack():
    d = copy.deepcopy(data("ashes--frappe-et-don-de-pouvoir"))
    d["actions"]["attack"]["attackers"] = ["Bloqueur de Bruno"]
    del d["actions"]["attack"]["blockers"]
    d["actions"]["attack"]["after_attackers_declared"] = []
    with pytest.raises(RuleViolation) as info:
        read_scenario(d, "essai", "essai.yaml")
    assert info.value.rule_id == "ashes/faq/capacites-en-jeu-3"


def test_an_attack_is_the_active_player_s_main_action():
    d = copy.deepcopy(data("ashes--attaquer-avec-zero"))
    d["state"]["active_player"] = "Bruno"
    with pytest.raises(RuleViolation) as info:
        read_scenario(d, "essai", "essai.yaml")
    assert info.value.rule_id == "ashes/glossaire/action-principale"


# --- entree --------------------------------------------------------------------------------------


def test_entering_triggers_resolve_before_the_after_entering_ones():
    trace = run("ashes--embuscade-avant-regard-percant")
    ambush = index(trace, "ashes/faq/regard-percant-2", "Embuscade")
    discarded = index(trace, "ashes/degats/etape-3", "défaussée")
    gaze = index(trace, "ashes/clarifications/4", "Regard perçant")
    assert ambush < discarded < gaze


def test_gaze_fires_when_the_jaguar_survives_the_ambush():
    d = copy.deepcopy(data("ashes--embuscade-avant-regard-percant"))
    d["state"]["cards"][0]["life"] = 5
    trace = run_data(d)
    assert trace.result["used"] == [
        "Tireur d'élite Boréalis : Embuscade 2",
        "Jaguar bleu : Regard perçant 1",
    ]
    assert trace.result["exhaustion"]["Tireur d'élite Boréalis"] == 1


# --- plateau -------------------------------------------------------------------------------------


def test_recovery_removes_wounds_up_to_the_recover_value_only():
    trace = run("ashes--regain-negatif")
    assert trace.result["wounds"]["Unité au regain 1"] == 1


def test_an_exhausted_spell_cannot_be_activated():
    d = copy.deepcopy(data("ashes--concentrer-un-sort-sans-concentration"))
    d["state"]["players"][0]["spellboard"][0]["exhausted"] = [1]
    d["state"]["players"][0]["hand_cards"] = []
    d["actions"]["steps"] = [
        {
            "action": "activer",
            "player": "Alice",
            "spell": d["state"]["players"][0]["spellboard"][0]["name"],
        }
    ]
    with pytest.raises(RuleViolation) as info:
        read_scenario(d, "essai", "essai.yaml")
    assert info.value.rule_id == "ashes/glossaire/jeton-epuisement"


def test_meditate_changes_no_more_dice_than_cards_discarded():
    d = copy.deepcopy(data("ashes--mediter-plusieurs-cartes"))
    d["actions"]["steps"][0]["faces"] = ["a", "b", "c", "d"]
    with pytest.raises(RuleViolation) as info:
        read_scenario(d, "essai", "essai.yaml")
    assert info.value.rule_id == "ashes/glossaire/mediter"


# --- field errors --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stem", "path", "field"),
    [
        (
            "ashes--effets-de-haut-en-bas",
            ["actions", "play", "effects", 0, "kind"],
            "effects[0].kind",
        ),
        ("ashes--frappe-et-don-de-pouvoir", ["actions", "attack", "kind"], "attack.kind"),
        ("ashes--deux-jaguars-deux-jetons", ["state", "entry_abilities", 0, "when"], "when"),
        ("ashes--regain-negatif", ["actions", "steps", 0, "action"], "steps[0].action"),
    ],
)
def test_a_bad_choice_names_its_field(stem, path, field):
    d = copy.deepcopy(data(stem))
    node = d
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = "inconnu"
    with pytest.raises(ScenarioError) as info:
        read_scenario(d, "essai", "essai.yaml")
    assert field in str(info.value) and "essai.yaml" in str(info.value)
