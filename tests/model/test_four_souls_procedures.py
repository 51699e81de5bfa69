"""Four Souls procedures (pile, mort, gains): the shape of the trace, not only the result."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitre.model.core.rules import RuleViolation
from arbitre.model.core.scenario import ScenarioError
from arbitre.model.examples import load_scenario, read_scenario
from arbitre.model.files import scenario_path

HOLDOUT = Path(__file__).parent / "holdout"

PENALTY = "four-souls/glossaire/penalite-de-mort"
END_PHASE = "four-souls/comment-jouer/phase-de-fin"


def run(stem: str):
    return load_scenario(scenario_path(stem)).run()


def index(trace, contains: str) -> int:
    return next(i for i, s in enumerate(trace.steps) if contains in s.text_fr)


def test_death_triggers_resolve_before_the_penalty_is_paid():
    trace = run("four-souls--exemple-de-la-mort-d-un-joueur")
    king = index(trace, "Suicide King se résout")
    penny = index(trace, "Bloody Penny se résout")
    fool = index(trace, "la Pénalité de Mort n'est pas une mort")
    paid = index(trace, "Amber paie la Pénalité de Mort")
    rags = index(trace, "Lazarus' Rags se résout")
    assert king < penny < fool < paid < rags
    assert PENALTY in trace.steps[paid].rule_ids and END_PHASE in trace.steps[paid].rule_ids
    # The loot discarded and the item destroyed are choices of Amber: marked as defaults.
    assert len(trace.steps[paid].defaults) == 2


def test_a_killing_effect_puts_the_death_above_the_purchase():
    trace = run("four-souls--exemple-de-priorite-pile")
    step = trace.steps[index(trace, "Amy meurt")]
    assert step.state["pile (de haut en bas)"] == ["mort d'Amy", "achat d'Amy"]
    assert step.state["priorité"] == "Amy"


def test_gain_modifiers_apply_to_the_reserve_only():
    trace = run("four-souls--counterfeit-penny")
    gain, theft, talk = trace.steps
    assert "four-souls/regles-pour-les-cartes/cartes-butin/counterfeit-penny" in gain.rule_ids
    assert "Counterfeit Penny" not in theft.text_fr and "il en prend 2" in theft.text_fr
    assert "four-souls/glossaire/vol-echange" in theft.rule_ids
    assert "sans la pile" in talk.text_fr


def test_end_phase_triggers_go_above_what_is_left_on_the_stack():
    trace = load_scenario(HOLDOUT / "four-souls--exemple-de-rechargement.yaml").run()
    end = trace.steps[index(trace, "passe à la phase de fin")]
    assert end.state["pile (de haut en bas)"] == ["Effet de fin de tour de Nash", "rechargement"]
    assert index(trace, "rechargement se résout") < index(trace, "Le tour passe")


def _stack(plays: list[dict]) -> dict:
    return {
        "game": "four-souls",
        "procedure": "pile",
        "title": "t",
        "reproduces": [
            {
                "id": "four-souls/comment-jouer/acheter/1",
                "line": 235,
                "quote": "Vous pouvez acheter une fois par tour pendant votre phase d'action.",
            }
        ],
        "state": {"players": ["Isaac", "Maggy"], "active_player": "Isaac"},
        "actions": {"plays": plays},
    }


def test_a_purchase_in_response_breaks_the_purchase_rule():
    data = _stack(
        [
            {"source": "Bomb!", "player": "Maggy", "kind": "effet"},
            {"source": "achat", "player": "Isaac", "kind": "achat"},
        ]
    )
    with pytest.raises(RuleViolation) as err:
        read_scenario(data, "achat")
    assert err.value.rule_id == "four-souls/comment-jouer/acheter/1"


def test_a_purchase_by_another_player_is_refused():
    data = _stack([{"source": "achat", "player": "Maggy", "kind": "achat"}])
    with pytest.raises(RuleViolation):
        read_scenario(data, "achat")


@pytest.mark.parametrize(
    "plays",
    [
        [{"kind": "resolution"}],
        [
            {"source": "jet", "player": "Isaac", "kind": "jet", "die": 3},
            {"kind": "resolution"},
            {"source": "D6", "player": "Maggy", "kind": "relance", "target": "jet", "die": 2},
        ],
    ],
    ids=["nothing-to-resolve", "reroll-of-a-resolved-roll"],
)
def test_malformed_stack_plays_fail_with_the_field(plays):
    with pytest.raises(ScenarioError):
        read_scenario(_stack(plays), "x")
