"""Altered's procedures beyond Dusk: the Night, reactions, effects, dependency, decks, zones.

Each test asserts the shape of the trace (which rule decides, in which order) and not only the
result; the positions are in the scenario files."""

from __future__ import annotations

import pytest

from arbitre.model.core.rules import RuleViolation
from arbitre.model.core.scenario import ScenarioError
from arbitre.model.examples import load_scenario, read_scenario
from arbitre.model.files import scenario_path


def run(stem: str):
    return load_scenario(scenario_path(stem)).run()


def index(trace, rule_id: str, contains: str = "") -> int:
    return next(
        i for i, s in enumerate(trace.steps) if rule_id in s.rule_ids and contains in s.text_fr
    )


# --- the Night ---------------------------------------------------------------------------------


def test_rest_exceptions_each_cite_their_rule():
    trace = run("altered--nuit-repos")
    assert "reste dans la zone d'Expédition" in trace.steps[index(trace, "altered/7.4.2.b")].text_fr
    assert "garde ses 2 boost(s)" in trace.steps[index(trace, "altered/7.4.4.b")].text_fr
    assert "perd ses 1 boost(s)" in trace.steps[index(trace, "altered/2.5.i")].text_fr
    token = trace.steps[index(trace, "altered/7.5.4.d")]
    assert token.state["Alice"]["Réserve"][-1] == "Vétérane"  # the token never stays there
    assert trace.result["zones"]["Jeton Recrue"] == "n'existe plus"


def test_excess_is_allowed_during_the_day_and_discarded_at_night():
    trace = run("altered--nuit-repere-en-exces")
    day = index(trace, "altered/3.2.7.a-remarque")
    assert len(trace.steps[day].state["Alice"]["Zone du Repère"]) == 3
    clean = index(trace, "altered/4.2.5.c", "défaussés simultanément")
    assert day < clean and trace.result["discarded"] == ["Tour de guet"]


def test_clean_up_choices_in_initiative_order_and_no_hero_limit_two():
    trace = run("altered--nuit-ordre-d-initiative")
    bruno = index(trace, "altered/4.2.5.c", "Bruno, limites")
    alice = index(trace, "altered/4.2.5.d", "Alice, limites sans Héros")
    assert bruno < alice
    assert not any(s.defaults for s in trace.steps)  # the players stated their choices


def test_clean_up_without_stated_choices_marks_the_default():
    trace = run("altered--nuit-repere-en-exces")
    assert not any(s.defaults for s in trace.steps)
    data = load_scenario(scenario_path("altered--nuit-reaction-apres-nettoyage"))
    data.state.players[0].keep = None
    trace = data.run()
    step = trace.steps[index(trace, "altered/4.2.5.c", "Alice, limites")]
    assert step.defaults == ["choix des objets gardés dans la Réserve d'Alice"]


def test_a_reaction_after_clean_up_leaves_an_excess():
    trace = run("altered--nuit-reaction-apres-nettoyage")
    assert index(trace, "altered/4.2.5.c", "simultanément") < index(trace, "altered/4.2.d")
    assert trace.result["excess"] == {"Alice": {"Réserve": 1}}


def test_keeping_more_than_the_limit_is_refused():
    data = {
        "game": "altered",
        "procedure": "nuit",
        "title": "t",
        "reproduces": [{"id": "altered/4.2.a", "line": 725, "quote": "Une journée"}],
        "state": {
            "players": [{"name": "A", "reserve": [{"name": "x"}, {"name": "y"}, {"name": "z"}]}]
        },
        "actions": {"keep": {"A": {"reserve": ["x", "y", "z"]}}},
        "expected": {"discarded": []},
    }
    with pytest.raises(RuleViolation) as err:
        read_scenario(data, "t").run()
    assert err.value.rule_id == "altered/4.2.5.c"


# --- reactions ---------------------------------------------------------------------------------


def test_only_at_noon_reactions_are_in_limbo_at_noon():
    trace = run("altered--reaction-a-midi")
    entered = trace.steps[index(trace, "altered/4.2.b-remarque")]
    assert entered.state["Limbo"] == ["Guetteur (Bruno)"]  # Fontaine (après Piocher) is not


def test_noon_without_reaction_does_nothing():
    trace = run("altered--midi-sans-reaction")
    assert (
        "rien d'autre ne se passe" in trace.steps[index(trace, "altered/4.2.2.a-remarque")].text_fr
    )
    assert trace.result["played"] == []


def test_after_a_daily_effect_both_kinds_of_reactions_are_in_limbo():
    trace = run("altered--reactions-apres-piocher")
    during = index(trace, "altered/4.2.d-remarque", "pendant Piocher")
    check = index(trace, "altered/4.4.a-precision")
    assert during < check
    assert trace.steps[check].state["Limbo"] == [
        "Chouette (1re réaction) (Alice)",
        "Chouette (2e réaction) (Alice)",
        "Bibliothèque (Bruno)",
    ]
    assert not any(s.defaults for s in trace.steps)


def test_unstated_order_of_reactions_is_a_default():
    scenario = load_scenario(scenario_path("altered--reactions-apres-piocher"))
    scenario.state.order = {}
    trace = scenario.run()
    assert trace.result["played"][0] == "Chouette (1re réaction) (Alice)"
    assert any(s.defaults == ["ordre des réactions d'Alice"] for s in trace.steps)


def test_initiative_player_plays_created_reactions_before_the_other_player():
    trace = run("altered--reaction-creee-par-une-reaction")
    assert trace.result["played"][-1] == "Sentinelle (Alice)"


def test_reaction_created_by_an_internal_action_waits_for_the_end_of_the_effect():
    trace = run("altered--action-interne")
    created = index(trace, "altered/4.4.a-remarque", "action interne")
    second_step = index(trace, "altered/6.1.c", "étape 2")
    entered = index(trace, "altered/4.4.a-remarque", "est terminé")
    assert created < second_step < entered


def test_phases_out_of_order_are_an_error():
    data = {
        "game": "altered",
        "procedure": "reactions",
        "title": "t",
        "reproduces": [{"id": "altered/4.2.a", "line": 725, "quote": "Une journée"}],
        "state": {"players": ["A"], "reactions": []},
        "actions": {"phases": ["nuit", "matin"]},
        "expected": {"played": []},
    }
    with pytest.raises(ScenarioError, match="phases"):
        read_scenario(data, "t")


# --- effects -----------------------------------------------------------------------------------


def test_sabotage_then_resupply_is_two_steps_and_own_reserve_is_a_target():
    trace = run("altered--sabotage-puis-ravitaillement")
    assert "2 étape(s)" in trace.steps[index(trace, "altered/6.1.b")].text_fr
    assert "sa propre Réserve" in trace.steps[index(trace, "altered/6.1.c", "Étape 1")].text_fr


def test_a_cost_is_one_step_whatever_its_verbs():
    trace = run("altered--cout-en-une-etape")
    cost = [s for s in trace.steps if s.rule_ids == ["altered/6.1.d"]]
    assert len(cost) == 1 and "paie 1" in cost[0].text_fr and "Réserve" in cost[0].text_fr


def test_if_you_do_is_skipped_when_a_could_not_be_done():
    trace = run("altered--si-vous-le-faites")
    assert "n'a pas lieu" in trace.steps[index(trace, "altered/5.4.b-remarque")].text_fr


def test_coriace_adds_its_cost_unless_the_spell_is_free():
    trace = run("altered--coriace-gratuit")
    assert trace.result["ready_resources"]["Alice"] == 3
    scenario = load_scenario(scenario_path("altered--coriace-gratuit"))
    scenario.state.free = False
    scenario.state.cost[0].amount = 1
    paid = scenario.run()
    assert "coûte 2 de plus" in paid.steps[index(paid, "altered/7.4.5.c")].text_fr
    assert paid.result["ready_resources"]["Alice"] == 0  # 1 + Coriace 2


def test_resupply_from_an_empty_deck_marks_the_shuffle_as_a_default():
    scenario = load_scenario(scenario_path("altered--sabotage-puis-ravitaillement"))
    me = scenario.state.sides["Alice"]
    me.piles["deck"], me.piles["defausse"] = [], ["Ancien sort"]
    trace = scenario.run()
    step = trace.steps[index(trace, "altered/7.3.16.b")]
    assert step.defaults == ["ordre de la pile de Défausse mélangée dans le Deck"]


# --- dependency, decks, zones --------------------------------------------------------------------


def test_dependency_is_one_way():
    for stem, rule in (
        ("altered--dependance-suppression", "altered/2.3.2.d"),
        ("altered--dependance-portee", "altered/2.3.2.e"),
    ):
        trace = run(stem)
        assert trace.result["direct_dependencies"] == {"A": ["B"]}
        assert "[A] dépend directement de [B]" in trace.steps[index(trace, rule)].text_fr


def test_limited_deck_without_hero_and_constructed_limits():
    assert run("altered--deck-limite-sans-heros").result["deck_legal"] is True
    assert run("altered--deck-limite-sans-limite-de-nom").result["deck_legal"] is True
    constructed = run("altered--deck-construit-cinq-exemplaires")
    assert [p.split(" ")[0] for p in constructed.result["deck_problems"]] == [
        "1.1.4.e",
        "1.1.4.f",
        "1.1.4.g",
    ]


def test_hidden_zones_and_mana():
    looks = run("altered--zones-visibles-et-cachees").result["looks"]
    assert looks["Bruno regarde Carte en main (Main d'Alice)"] == "refusé"
    mana = run("altered--mana-face-cachee")
    assert mana.result["revealed_cards"] == []
    assert any("3.2.9.a" in n for n in mana.notes)


def test_a_card_sent_to_another_players_private_zone_goes_to_its_owners():
    trace = run("altered--zones-partagees-et-privees")
    assert "altered/3.1.2.c" in trace.steps[1].rule_ids
    assert trace.result["card_places"]["Sort d'Alice"] == "Réserve d'Alice"


def test_permanent_from_the_reserve_is_not_fleeting():
    trace = run("altered--permanent-depuis-la-reserve")
    first = trace.steps[index(trace, "altered/5.2.2.a-remarque")]
    assert first.state["Tour de guet"] == "Limbo"  # no « (Fugace) »
    assert trace.result["became"] == [
        "Éclaireuse devient Fugace en entrant dans le Limbo",
        "Éclaireuse devient Fugace en rejoignant la zone d'Expédition avec ce statut",
    ]
