"""The Spoils combat runs on the core: its fighters are core Cards in a core GameState."""

from __future__ import annotations

from arbitre.model.core.sequence import Phase, Sequence
from arbitre.model.core.trace import Recorder
from arbitre.model.examples import load_scenario
from arbitre.model.files import scenario_path
from arbitre.model.the_spoils.combat import Combat
from arbitre.model.the_spoils.combat_state import ATTACKER, DISCARD, HAND, IN_PLAY
from arbitre.model.the_spoils.rules import COMBAT


def _combat(stem: str) -> Combat:
    scenario = load_scenario(scenario_path(f"the-spoils--{stem}"))
    combat = Combat(scenario.state)
    combat.run()
    return combat


def test_walk_stops_at_until_and_starts_at_start():
    seq = Sequence("x", "tour", tuple(Phase(p, p, (f"x/{p}",)) for p in "abcd"), ("x/t",))
    assert seq.walk(Recorder(dict), lambda p: True, start="b", until="c") == ["b", "c"]
    assert seq.walk(Recorder(dict), lambda p: p.id != "b") == ["a", "b"]


def test_combat_steps_are_one_sequence():
    assert COMBAT.ids() == ["annonce", "A", "B", "C", "D", "E", "F", "G", "H"]
    assert all(p.rule_ids for p in COMBAT.phases)


def test_fighters_leave_play_into_their_owners_zones():
    combat = _combat("degats-maintenus")
    faction = combat.sc.faction
    assert combat.game.zone(HAND, ATTACKER) == ["Assassin"]
    assert sorted(combat.game.zone(DISCARD, faction)) == ["Garde", "Écuyer"]
    porteur = combat.game.card("Porteur")
    assert porteur.zone == IN_PLAY and porteur.count("dommages") == 1  # out of the party at H
    assert "epuise" in porteur.statuses and porteur.value("force") == 0
    assert porteur.printed["force"] == 2  # the tactic changed the current value only


def test_a_location_that_changes_control_is_the_attackers():
    combat = _combat("lieu-change-de-controleur")
    assert combat.location is not None and combat.location.controller == ATTACKER
    assert combat.location_lost and not combat.target_valid()


def test_damage_to_the_faction_is_the_defending_players_influence():
    combat = _combat("somme-unique")
    player = combat.game.player(combat.sc.faction)
    assert player.count("influence") == combat.result()["influence"] < combat.sc.influence
