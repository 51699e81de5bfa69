"""The documents' rulings, one test each, asserting the shape of the trace and not only the result.

Each test names the ruling (entry id) it reproduces; the scenario files hold the positions.
"""

from __future__ import annotations

from arbitre.model.examples import load_scenario, scenario_dir


def run(stem: str):
    return load_scenario(scenario_dir() / f"{stem}.yaml").run()


def texts(trace) -> list[str]:
    return [s.text_fr for s in trace.steps]


def first_index(trace, rule_id: str, contains: str = "") -> int:
    return next(
        i for i, s in enumerate(trace.steps) if rule_id in s.rule_ids and contains in s.text_fr
    )


# --- The Spoils ----------------------------------------------------------------------------------


def test_spoils_faq_19_speed_zero_assigns_last():
    trace = run("the-spoils--vitesse-zero")
    assert trace.result["speed_levels"] == [4, 3, 0]
    last_assignment = [s for s in trace.steps if "the-spoils/609.1c" in s.rule_ids][-1]
    assert "Golem lent" in last_assignment.text_fr and "Vitesse 0" in last_assignment.text_fr
    assert last_assignment.state["level"] == 0


def test_spoils_blockers_are_exhausted_at_the_end_not_when_declared():
    trace = run("the-spoils--vitesse-zero")
    declared = trace.steps[first_index(trace, "the-spoils/608.1d")]
    assert declared.state["characters"]["Garde"]["exhausted"] is False
    assert declared.state["characters"]["Brute"]["exhausted"] is True  # 608.1b


def test_spoils_609_1f_sum_is_dealt_once():
    trace = run("the-spoils--somme-unique")
    assert trace.result["damage_events"] == {"Faction adverse": 1}
    assert any("en un seul montant" in t for t in texts(trace))


def test_spoils_608_1a_default_target_is_the_faction():
    trace = run("the-spoils--somme-unique")
    assert "par défaut la faction adverse" in trace.steps[0].text_fr


def test_spoils_intro_dead_blockers_let_attackers_hit_the_target():
    trace = run("the-spoils--bloqueurs-detruits")
    i = first_index(trace, "the-spoils/intro/combat-resoudre-les-dommages")
    assert "Cogneur" in trace.steps[i].text_fr
    assert trace.result["influence"] == 16


def test_spoils_assigned_damage_outlives_its_source_not_its_recipient():
    trace = run("the-spoils--degats-maintenus")
    assert (
        "TOUT DE MÊME" in trace.steps[first_index(trace, "the-spoils/609.1e", "Assassin")].text_fr
    )
    assert "ne sont PAS infligés" in trace.steps[first_index(trace, "the-spoils/302.15")].text_fr
    # The Strength drop after assignment changes nothing: Porteur's 2 still kill Écuyer.
    assert "Écuyer" in trace.result["destroyed"]


def test_spoils_late_addition_acts_at_a_higher_level():
    assert run("the-spoils--ajout-tardif").result["speed_levels"] == [3, 4]


def test_spoils_no_target_counts_as_assigned_and_the_loop_ends():
    trace = run("the-spoils--lieu-detruit")
    assert trace.result["no_target"] == ["Archer"]
    assert trace.steps[-1].rule_ids[0] == "the-spoils/609.1h"


def test_spoils_faq_9_life_zero_destroys():
    trace = run("the-spoils--endurance-zero")
    step = trace.steps[first_index(trace, "the-spoils/faq/9")]
    assert "0 ≥ 0" in step.text_fr


def test_spoils_408_8_and_faq_10_damage_adds_up_life_stays():
    trace = run("the-spoils--dommages-du-tour")
    assert trace.result["destroyed"] == ["Vétéran"]
    final = trace.steps[-1].state["characters"]["Robuste"]
    assert (final["life"], final["damage"], final["status"]) == (5, 4, "au combat")


def test_spoils_507_3b_and_608_1b_refuse_illegal_declarations():
    trace = run("the-spoils--groupe-a-couvert")
    assert trace.result["refused"] == ["Recrue", "Garde"]
    assert first_index(trace, "the-spoils/507.3b") < first_index(trace, "the-spoils/608.1d")


# --- Ashes ---------------------------------------------------------------------------------------


def test_ashes_qr_42_destroyed_then_discarded_then_leaves_play():
    trace = run("ashes--blessures-egales-aux-points-de-vie")
    destroyed = first_index(trace, "ashes/degats/etape-2b", "est détruite")
    discarded = first_index(trace, "ashes/degats/etape-3", "défaussée")
    leaves = first_index(trace, "ashes/degats/etape-3b", "quitte le jeu")
    assert destroyed < discarded < leaves
    # At 2b the unit is destroyed but still on the battlefield.
    assert "Poupée vivante" in trace.steps[destroyed].state["destroyed_not_discarded"]


def test_ashes_step_2_depasse_versus_superieur_ou_egal_is_noted():
    trace = run("ashes--blessures-egales-aux-points-de-vie")
    step = trace.steps[first_index(trace, "ashes/faq/sortie-de-jeu-1", "Étape 2")]
    assert "dépasse" in step.text_fr and "supérieur ou égal" in step.text_fr
    assert any("dépasse" in note for note in trace.notes)


def test_ashes_qr_55_wounds_do_not_lower_life():
    trace = run("ashes--blessures-egales-aux-points-de-vie")
    assert trace.steps[0].state["cards"]["Poupée vivante"] == {"life": 3, "wounds": 2, "status": 0}


def test_ashes_qr_27_zero_damage_is_no_damage():
    trace = run("ashes--zero-degat")
    assert not any("ashes/degats/etape-1b" in s.rule_ids for s in trace.steps)
    assert trace.result["resolved"] == []


def test_ashes_qr_47_48_negative_attack_changes_no_wound():
    assert run("ashes--attaque-negative").result["wounds"] == {"Unité de Bruno": 1}


def test_ashes_qr_37_placed_wounds_skip_step_1():
    trace = run("ashes--blessures-placees")
    rules = {r for s in trace.steps for r in s.rule_ids}
    assert "ashes/degats/depart-etape-2" in rules
    assert "ashes/degats/etape-1" not in rules and "ashes/degats/etape-1b" not in rules


def test_ashes_qr_38_nested_process_discards_before_the_other_trigger():
    trace = run("ashes--contrecoup-avant-souffrance")
    nested = first_index(trace, "ashes/degats/degats-declenches")
    discarded = first_index(trace, "ashes/degats/etape-3", "défaussée")
    dropped = first_index(trace, "ashes/clarifications/4")
    assert nested < discarded < dropped
    assert "Souffrance partagée" in trace.steps[dropped].text_fr


def test_ashes_qr_34_illusion_destroys_before_wounds():
    trace = run("ashes--illusion")
    assert trace.result["wounds"] == {"Serpent argenté": 0}
    assert first_index(trace, "ashes/degats/depart-etape-2b") < first_index(
        trace, "ashes/faq/consommer-3"
    )


def test_ashes_qr_33_and_32_consume_needs_an_opponent_unit_destroyed_by_you():
    assert run("ashes--illusion").result["not_resolved"] == ["Serpent argenté : Consommer"]
    own = run("ashes--consommer-sa-propre-unite")
    assert own.result["status"] == {"Serpent argenté": 1}  # for Bruno's unit only


def test_ashes_qr_17_destroyed_unit_still_takes_its_place():
    assert run("ashes--veuves-dormeuses-arene-pleine").result["placed"] == []
    assert run("ashes--veuves-dormeuses-une-place").result["placed"] == ["Veuve dormeuse"]


def test_ashes_qr_1_draw_damage_in_one_event():
    trace = run("ashes--pioche-impossible")
    damage_steps = [s for s in trace.steps if s.rule_ids == ["ashes/degats/etape-1"]]
    assert [s.text_fr for s in damage_steps] == ["Étape 1 : Héritier d'Alice subit 2 dégât(s)."]


def test_ashes_qr_2_first_player_decides_the_winner():
    trace = run("ashes--pioche-deux-heritiers")
    assert trace.result["winner"] == "Bruno"
    assert not any("Héritier de Bruno subit" in t for t in texts(trace))
