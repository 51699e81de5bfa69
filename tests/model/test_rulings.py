"""The documents' rulings, one test each, asserting the shape of the trace and not only the result.

Each test names the ruling (entry id) it reproduces; the scenario files hold the positions.
"""

from __future__ import annotations

from arbitre.model.examples import load_scenario
from arbitre.model.files import scenario_path


def run(stem: str):
    return load_scenario(scenario_path(stem)).run()


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


# --- Altered -------------------------------------------------------------------------------------


def test_altered_4_2_4_c_a_tie_is_not_enough():
    trace = run("altered--egalite")
    i = first_index(trace, "altered/4.2.4.c", "d'Alice est dans")
    assert "Forêt 3 = 3" in trace.steps[i].text_fr
    assert "expédition du héros d'Alice" in trace.result["failed"]
    assert trace.result["advanced"] == [
        "expédition du héros de Bruno"
    ]  # Eau 1 > 0 wins, the ties do not


def test_altered_4_2_4_d_zero_does_not_beat_a_negative_statistic():
    trace = run("altered--zero-contre-negatif")
    step = trace.steps[first_index(trace, "altered/4.2.4.d")]
    assert "Forêt 0 > -1" in step.text_fr and "strictement supérieur à zéro" in step.text_fr
    assert trace.result["advanced"] == []


def test_altered_4_2_4_e_f_advance_once_and_together():
    trace = run("altered--une-seule-fois")
    assert (
        "n'avance qu'une seule fois" in trace.steps[first_index(trace, "altered/4.2.4.e")].text_fr
    )
    assert (
        trace.result["positions"]["Alice"]["expédition du héros"] == "Tumulte A (Forêt)"
    )  # one region
    moves = [s for s in trace.steps if s.rule_ids in (["altered/7.3.11.a"], ["altered/7.3.11.b"])]
    assert len(moves) == 3
    assert first_index(trace, "altered/4.2.4.f") < trace.steps.index(moves[0])
    assert trace.result["revealed"] == ["A", "C"]  # Bruno enters the already revealed half of A


def test_altered_2_5_1_b_boosts_add_to_every_statistic():
    trace = run("altered--une-seule-fois")
    assert trace.result["stats"]["Alice"]["expédition du héros"] == {
        "Forêt": 3,
        "Montagne": 2,
        "Eau": 1,
    }


def test_altered_1_3_2_e_only_statistics_of_the_region_type_count():
    trace = run("altered--type-de-region")
    step = trace.steps[first_index(trace, "altered/1.3.2.e", "d'Alice est dans")]
    assert "Montagne 5 > 0 ne compte pas" in step.text_fr
    assert "expédition du héros d'Alice" in trace.result["failed"]


def test_altered_7_4_1_defender_wins_but_fails_to_advance():
    trace = run("altered--defenseur")
    assert first_index(trace, "altered/4.2.4.b", "Forêt 4 > 1") < first_index(
        trace, "altered/7.4.1.b"
    )
    assert "expédition du héros d'Alice" in trace.result["failed"]
    assert (
        "l'expédition du héros d'Alice"
        in trace.steps[first_index(trace, "altered/7.5.3.a")].text_fr
    )


def test_altered_7_4_3_e_gigantic_counts_in_both_expeditions():
    trace = run("altered--gigantesque")
    assert trace.result["advanced"] == [
        "expédition du héros d'Alice",
        "expédition du compagnon d'Alice",
    ]
    assert "Gigantesque, joué dans l'autre expédition" in trace.steps[2].text_fr


def test_altered_1_3_3_b_distance_settles_meet_against_cross():
    trace = run("altered--fin-distance")
    last = trace.steps[-1]
    assert "altered/1.3.3.b" in last.rule_ids and "Alice 7, Bruno 8" in last.text_fr
    assert trace.result["winner"] == "Bruno"
    assert any("4.3.a et 4.3.b" in note for note in trace.notes)


def test_altered_4_3_h_tiebreak_sums_both_expeditions_gigantic_twice():
    trace = run("altered--departages")
    step = trace.steps[first_index(trace, "altered/glossaire/egalite")]
    assert "Forêt 4" in step.text_fr and "compte double" in step.text_fr
    assert trace.result["winner"] == "Alice" and trace.result["tiebreak"] is True


# --- Four Souls ----------------------------------------------------------------------------------


def test_four_souls_attack_example_hit_hit_miss_miss_then_death():
    trace = run("four-souls--exemple-d-attaque")
    assert trace.result["outcomes"] == ["touche", "touche", "rate", "rate"]
    boundary = trace.steps[
        first_index(trace, "four-souls/comment-jouer/attaquer/1", "4 ≥ évasion 4")
    ]
    assert "l'attaque touche" in boundary.text_fr
    death = first_index(trace, "four-souls/comment-jouer/mort-d-un-joueur/1", "Andres meurt")
    assert trace.steps[death - 1].text_fr == "Andres tombe à 0 PV : l'attaque prend fin."
    assert trace.result["turn_ended"] is True


def test_four_souls_dice_example_reroll_replaces_the_modified_result():
    trace = run("four-souls--exemple-de-jet-de-des")
    texts_ = texts(trace)
    assert any("Meat (+1) se résout : le résultat est 6" in t for t in texts_)
    assert any("le dé donne 1, qui remplace le résultat 6" in t for t in texts_)
    relic = next(i for i, t in enumerate(texts_) if t.startswith("The Relic"))
    coin = next(i for i, t in enumerate(texts_) if t.startswith("Dad's Lost Coin"))
    assert relic < coin
    assert any("doivent être modifiés pour refléter le nouveau résultat" in t for t in texts_)
    assert trace.result["rolls"] == [6] and trace.result["outcomes"] == ["touche"]
    assert any("+/- aux jets" in note for note in trace.notes)


def test_four_souls_rolls_and_evasion_are_clamped():
    trace = run("four-souls--jet-borne")
    clamps = [
        s.text_fr for s in trace.steps if s.rule_ids == ["four-souls/comment-jouer/jet-de-des/2"]
    ]
    assert clamps == [
        "Un jet ne peut pas dépasser 6 ni être inférieur à 1 : 8 devient 6.",
        "L'évasion d'un monstre ne peut pas dépasser 6 ni être inférieure à 1 : 7 devient 6.",
    ]


def test_four_souls_deaths_head_is_placed_but_the_attack_is_lost():
    trace = run("four-souls--deaths-head")
    assert (
        "four-souls/regles-pour-les-cartes/cartes-monstre/deaths-head" in trace.steps[-1].rule_ids
    )
    assert trace.result["attack_lost"] is True and trace.result["slot"] == "Death's Head"


def test_four_souls_monster_death_trigger_resolves_before_reward_and_soul():
    trace = run("four-souls--exemple-de-mort-d-un-monstre")
    texts_ = texts(trace)
    kill = next(i for i, t in enumerate(texts_) if "Ava tue Nick" in t)
    penalty = next(i for i, t in enumerate(texts_) if t.startswith("Nick paie"))
    reward = next(i for i, t in enumerate(texts_) if t.startswith("La récompense se résout"))
    soul = next(i for i, t in enumerate(texts_) if "comme une âme" in t)
    refill = first_index(trace, "four-souls/comment-jouer/rechargement/1")
    assert kill < penalty < reward < soul < refill
    assert "XX. Judgement" in texts_[penalty]
    assert trace.result["souls"] == {"Ava": 1}


# --- Marvel Champions ----------------------------------------------------------------------------


def test_marvel_webbed_prevents_two_attacks_and_spider_sense():
    trace = run("marvel-champions--pris-dans-la-toile")
    assert trace.result["attacks"][2] == "non défendue"
    sense = next(i for i, t in enumerate(texts(trace)) if "Sens d'Araignée" in t)
    assert sense > first_index(trace, "marvel-champions/glossaire/activation", "n° 3")
    assert trace.result["triggered"] == ["Sens d'Araignée"]  # only for the third activation


def test_marvel_stunned_prevents_norman_osborn_activation():
    trace = run("marvel-champions--norman-osborn-sonne")
    assert trace.steps[-1].rule_ids[0] == "marvel-champions/glossaire/cartes-d-etat"
    assert not any("Étape" in t for t in texts(trace))


def test_marvel_star_attack_counts_as_zero_plus_boost_icons():
    trace = run("marvel-champions--bouffon-vert-boost")
    step = trace.steps[first_index(trace, "marvel-champions/glossaire/icone-d-etoile", "Étape 4")]
    assert "= 0 (ATQ ★, considérée comme 0) + 2 (boost) = 2" in step.text_fr
    assert trace.result["damage_received"] == {"Spider-Man": 2}


def test_marvel_retaliate_only_when_the_character_is_itself_attacked():
    defended = run("marvel-champions--riposte-black-panther-defend")
    assert defended.result["riposte"] == ["Black Panther"]
    ally = run("marvel-champions--riposte-allie-defend")
    assert ally.result["riposte"] == []
    step = ally.steps[first_index(ally, "marvel-champions/glossaire/riposte-x")]
    assert "ne se déclenche pas" in step.text_fr
    assert "Black Panther" not in ally.result["damage_received"]  # the excess is not passed on


def test_marvel_overkill_passes_the_excess_to_the_identity():
    trace = run("marvel-champions--deferlement")
    assert trace.result["damage_received"] == {"Black Panther": 2, "Shuri": 5}


def test_marvel_attacker_defeated_while_the_attack_is_initiated_deals_nothing():
    trace = run("marvel-champions--nova")
    assert trace.result["step4_damage"] == {}
    assert not any(t.startswith("Étape") for t in texts(trace))


def test_marvel_clash_of_titans_ally_takes_undefended_damage():
    trace = run("marvel-champions--choc-des-titans")
    assert trace.result["damage_received"] == {"Allié costaud": 4}


def test_marvel_boost_damage_is_not_step_four_damage():
    trace = run("marvel-champions--imperturbable")
    assert trace.result["damage_received"] == {"Docteur Strange": 1}
    assert trace.result["step4_damage"] == {"Docteur Strange": 0}


def test_spoils_default_split_is_marked_as_a_default():
    trace = run("the-spoils--repartition-par-defaut")
    step = next(s for s in trace.steps if "Colosse (Force 4" in s.text_fr)
    assert step.defaults == ["répartition des dommages de Colosse"]
    assert "répartition par défaut" in step.text_fr
    assert any("égaux à leur Force" in n and "jusqu'à" in n for n in trace.notes)


def test_spoils_split_given_by_the_players_is_not_a_default():
    trace = run("the-spoils--dommages-du-tour")
    assert trace.result["default_splits"] == []
    assert not any(s.defaults for s in trace.steps)


def test_spoils_no_target_left_cites_the_rule_that_decides_it():
    for name in ("the-spoils--lieu-detruit", "the-spoils--lieu-change-de-controleur"):
        trace = run(name)
        step = next(s for s in trace.steps if "n'a plus aucune cible" in s.text_fr)
        assert "the-spoils/combat-explique/fin/citation-2" in step.rule_ids
        assert "the-spoils/408.1b" not in step.rule_ids  # 408.1b is about 0 damage


def test_marvel_extra_damage_is_one_event_that_tough_prevents_whole():
    trace = run("marvel-champions--rayon-repulsif-tenace")
    step = trace.steps[first_index(trace, "marvel-champions/glossaire/cartes-d-etat/tenace")]
    assert "1 + 4 supplémentaire(s), dans le même événement = 5" in step.text_fr
    assert trace.result["damage_events"] == {"Ultron": [0]}


def test_marvel_guard_is_checked_once_in_a_simultaneous_effect_not_in_a_sequence():
    simultaneous = run("marvel-champions--guepe-garde-simultane")
    defeat = first_index(simultaneous, "marvel-champions/glossaire/vaincre-dejouer")
    assert first_index(simultaneous, "marvel-champions/glossaire/garde") > defeat
    assert simultaneous.result["blocked"] == ["Ultron"]
    assert run("marvel-champions--melee-garde").result["blocked"] == []


def test_marvel_response_resolves_before_consequential_damage():
    trace = run("marvel-champions--tigra-avant-degats-consecutifs")
    response = first_index(trace, "marvel-champions/glossaire/reponse")
    assert response < first_index(trace, "marvel-champions/glossaire/degats-consecutifs")


def test_marvel_status_card_replaces_the_basic_power_and_its_response():
    trace = run("marvel-champions--vif-argent-sonne-desoriente")
    assert trace.result["attacked"] == [] and trace.result["triggered"] == []
    assert not any("marvel-champions/glossaire/reponse" in s.rule_ids for s in trace.steps)
