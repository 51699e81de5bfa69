"""The engine's core on its own: state, turn sequence, trigger ordering, stack, trace defaults."""

from __future__ import annotations

import pytest

from arbitre.model.core.rules import RuleViolation
from arbitre.model.core.sequence import Phase, Sequence
from arbitre.model.core.stack import Stack, StackItem
from arbitre.model.core.state import Card, GameState, Player
from arbitre.model.core.trace import Recorder
from arbitre.model.core.triggers import (
    Pending,
    TriggerQueue,
    active_player_orders,
    monsters_then_turn_order,
)


def _state(active: str | None = "Bruno") -> GameState:
    return GameState([Player("Alice"), Player("Bruno"), Player("Chloé")], active=active)


def test_turn_order_starts_at_the_active_player():
    state = _state()
    assert state.turn_order() == ["Bruno", "Chloé", "Alice"]
    assert state.next_player() == "Chloé"
    assert _state(None).turn_order() == ["Alice", "Bruno", "Chloé"]


def test_card_keeps_printed_and_current_values_apart():
    card = Card("Ogre", owner="Alice", printed={"atk": 3, "hp": 5})
    card.current["atk"] += 2
    assert card.value("atk") == 5 and card.printed["atk"] == 3
    assert card.add("damage", 2) == 2 and card.add("damage", -5) == 0
    assert "damage" not in card.counters
    assert Card("Ronin", printed={"atk": None}).value("atk") == 0  # a blank counts as 0


def test_zones_move_cards_and_decks_draw_from_the_top():
    state = _state()
    state.put(Card("A", kind="monstre"), "deck")
    state.put(Card("B", kind="monstre"), "deck", top=True)
    assert state.zone("deck") == ["B", "A"]
    assert state.draw("deck").name == "B"
    state.move("B", "slot")
    assert state.in_zone("B", "slot") and state.zone("deck") == ["A"]


def test_monster_effects_first_then_turn_order():
    state = _state()
    queue = TriggerQueue(monsters_then_turn_order("x/timing"))
    for source, who, monster in (
        ("Objet d'Alice", "Alice", False),
        ("Objet de Chloé", "Chloé", False),
        ("Mort du monstre", None, True),
        ("Objet de Bruno", "Bruno", False),
    ):
        queue.add(Pending(source, who, monster=monster))
    ordering = queue.drain(state)
    assert [p.source for p in ordering.pending] == [
        "Mort du monstre",
        "Objet de Bruno",
        "Objet de Chloé",
        "Objet d'Alice",
    ]
    assert ordering.rule_ids == ["x/timing"] and len(queue) == 0


def test_active_player_orders_or_first_player_outside_a_turn():
    queue = TriggerQueue(active_player_orders("x/ordre"))
    queue.add(Pending("a", "Alice"))
    queue.add(Pending("b", "Chloé"))
    assert queue.drain(_state()).chooser == "Bruno"
    queue.add(Pending("a", "Alice"))
    queue.add(Pending("b", "Chloé"))
    assert queue.drain(_state(None)).chooser == "Alice"
    queue.add(Pending("seul", "Alice"))
    assert queue.drain(_state()).chooser is None  # one trigger: nobody orders


def test_stack_resolves_last_in_first():
    stack, seen = Stack(), []
    stack.push(StackItem("dégâts", None, resolve=lambda i: seen.append(i.label_fr)))
    stack.push(StackItem("relance", "Nola", resolve=lambda i: seen.append(i.label_fr)))
    assert stack.describe() == "de haut en bas : relance, dégâts"
    stack.resolve_all()
    assert seen == ["relance", "dégâts"] and stack.empty()


TURN = Sequence(
    "x",
    "tour",
    (
        Phase("debut", "phase de début", ("x/debut",), text_fr="on redresse"),
        Phase("action", "phase d'action", ("x/action",), allows=frozenset({"attaque"})),
        Phase("fin", "phase de fin", ("x/fin",)),
    ),
    ("x/tour",),
)


def test_sequence_refuses_an_action_in_the_wrong_phase_with_the_rule():
    assert TURN.check("attaque", "une attaque", "action").id == "action"
    with pytest.raises(RuleViolation) as info:
        TURN.check("attaque", "une attaque", "fin", "state.phase")
    assert info.value.rule_id == "x/action"
    assert "phase d'action" in info.value.text_fr and "state.phase" in str(info.value)
    with pytest.raises(RuleViolation):
        TURN.check("attaque", "une attaque", "nuit")


def test_sequence_walks_phases_in_order():
    rec = Recorder(dict)
    assert TURN.walk(rec) == ["debut", "action", "fin"]
    assert [s.rule_ids for s in rec.steps] == [["x/debut"], ["x/action"], ["x/fin"]]
    assert rec.steps[0].text_fr == "Phase de début : on redresse"


def test_a_default_is_marked_and_a_step_must_cite_a_rule():
    rec = Recorder(dict)
    rec.step(["x/r"], "répartition par défaut", defaults=["répartition des dommages"])
    assert rec.steps[0].to_dict()["defaults"] == ["répartition des dommages"]
    rec.step(["x/r"], "choix d'un joueur")
    assert "defaults" not in rec.steps[1].to_dict()
    with pytest.raises(ValueError):
        rec.step([], "sans règle")


LIMITED = Sequence(
    "x",
    "tour",
    (
        Phase("a", "phase A", ("x/a",), allows=frozenset({"principale", "passer"})),
        Phase("b", "phase B", ("x/b",), allows=frozenset({"principale"})),
    ),
    ("x/tour",),
    actions_fr=(("principale", "une action principale"), ("passer", "Passer")),
    limits=(("principale", 1, "x/une-seule"),),
    counts_as=(("passer", "principale"),),
)


def _turn(*steps: tuple[str, str]) -> None:
    from arbitre.model.core.turn import TurnAction, check_turn

    check_turn(
        LIMITED,
        [TurnAction(p, a, "Alice", field=f"t[{i}]") for i, (p, a) in enumerate(steps)],
        "Alice",
    )


def test_turn_limits_count_an_action_that_counts_as_another():
    _turn(("a", "passer"))
    with pytest.raises(RuleViolation) as info:
        _turn(("a", "principale"), ("a", "passer"))
    assert info.value.rule_id == "x/une-seule" and "compte comme une action principale" in str(
        info.value
    )


def test_turn_refuses_going_back_to_an_earlier_phase():
    with pytest.raises(RuleViolation) as info:
        _turn(("b", "principale"), ("a", "passer"))
    assert info.value.rule_id == "x/tour" and "déjà passée" in info.value.text_fr


def test_a_standing_restriction_forbids_an_action_while_its_condition_holds():
    from arbitre.model.core.turn import TurnAction, check_turn

    seq = Sequence(
        "x",
        "round",
        (Phase("p", "phase", ("x/p",), allows=frozenset({"viser"})),),
        ("x/round",),
        actions_fr=(("viser", "viser le chef"),),
        restrictions=(("garde", "viser", "x/garde", "un garde est là"),),
    )
    check_turn(seq, [TurnAction("p", "viser", "A")], "A", [])  # no guard: allowed
    with pytest.raises(RuleViolation) as info:
        check_turn(seq, [TurnAction("p", "viser", "A")], "A", ["garde"])
    assert info.value.rule_id == "x/garde"
    assert "viser le chef est interdit tant qu'un garde est là" in info.value.text_fr
