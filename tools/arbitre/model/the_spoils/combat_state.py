"""The Spoils combat: the position on a core `GameState`, what a step reads of it, and what a
trace shows of it.

Two players: the active player (the attacker, whom the scenario does not name) and the defending
player, named by their faction, whose influence is a player counter (408.3).  A character in a
party is in the zone « groupe d'attaquants » or « groupe de bloqueurs » of its controller; removed
from the combat it is « en jeu »; destroyed, in the « défausse »; returned, in the « main ».  The
target location is a card « en jeu » of the defender with its damage of the whole game (408.5);
when it changes control (407.5) it is no longer the target.
"""

from __future__ import annotations

import copy
from typing import Any

from arbitre.model.core.state import Card, GameState, Player
from arbitre.model.core.trace import Recorder
from arbitre.model.the_spoils.combat_read import DAMAGE, EXHAUSTED, CombatScenario
from arbitre.model.the_spoils.rules import FAQ_LIFE_0, rid

ATTACKER = "joueur actif"
IN_PLAY, DISCARD, HAND = "en jeu", "défausse", "main"
PARTY = {"attackers": "groupe d'attaquants", "blockers": "groupe de bloqueurs"}
FATE = {DISCARD: "détruit", HAND: "renvoyé en main"}  # else « en jeu »
ASSIGNED = "a_assigne"  # has assigned its damage at its speed level
INFLUENCE = "influence"


class CombatState:
    def __init__(self, sc: CombatScenario) -> None:
        self.sc = sc
        self.game = GameState(
            [Player(ATTACKER), Player(sc.faction, {INFLUENCE: sc.influence})], active=ATTACKER
        )
        self.sides: dict[str, str] = {}  # every character that joined the combat, in order
        self.location: Card | None = None
        if sc.location:
            place = Card(sc.location.name, sc.faction, printed={"structure": sc.location.structure})
            place.kind = "lieu"
            place.add(DAMAGE, sc.location.damage)
            self.location = self.game.put(place, IN_PLAY, sc.faction)
        self.target = sc.target or "faction"
        self.level: int | None = None  # X, the speed level being resolved (609.1b)
        self.levels: list[int] = []
        self.refused: list[str] = []
        self.no_effect: list[str] = []
        self.default_splits: list[str] = []  # characters whose split is the model's default
        self.damage_events: dict[str, int] = {}
        self.battle_damage: dict[str, int] = {}  # 408.6: dealt by the steps of the resolution
        self.other_damage: dict[str, int] = {}  # dealt by tactics or abilities during the combat
        self.rec = Recorder(self.snapshot)

    # -- the characters --
    def join(self, card: Card, side: str) -> Card:
        """A copy of the scenario's card enters a party, controlled by that side's player."""
        card = copy.deepcopy(card)
        card.owner = card.controller = ATTACKER if side == "attackers" else self.sc.faction
        self.sides[card.name] = side
        return self.game.put(card, PARTY[side], card.controller)

    def fighter(self, name: str) -> Card | None:
        return self.game.cards.get(name) if name in self.sides else None

    def fighters(self) -> list[Card]:
        return [self.game.card(n) for n in self.sides]

    @staticmethod
    def in_battle(card: Card) -> bool:
        return card.zone in PARTY.values()

    @staticmethod
    def in_play(card: Card) -> bool:
        return card.zone == IN_PLAY or card.zone in PARTY.values()

    @staticmethod
    def fate(card: Card) -> str:
        return FATE.get(card.zone, "en jeu")

    def party(self, side: str) -> list[Card]:
        """The characters of one party still in the combat, in the order they joined."""
        return [c for c in self.fighters() if self.sides[c.name] == side and self.in_battle(c)]

    def waiting(self) -> list[Card]:
        """The characters of the combat that have not assigned their damage yet (609.1g)."""
        return [c for c in self.fighters() if self.in_battle(c) and ASSIGNED not in c.statuses]

    def leave_battle(self, card: Card, controller: str | None = None) -> None:
        """Still in play, no longer in the combat (302.15); `controller`: it changes control."""
        if controller is not None:
            card.controller = controller
        self.game.move(card.name, IN_PLAY, card.controller)

    def leave_play(self, card: Card, zone: str) -> None:
        self.game.move(card.name, zone, card.owner)

    def state_check(self) -> None:
        """Standing destruction (204.5, 408.4): damage this turn >= Life destroys at once."""
        for c in self.fighters():
            damage, life = c.count(DAMAGE), c.value("endurance")
            if self.in_play(c) and damage >= life:
                self.leave_play(c, DISCARD)
                rules = [rid("204.5"), rid("408.4")]
                if life <= 0:
                    rules.append(FAQ_LIFE_0)
                self.rec.step(
                    rules,
                    f"{c.name} a reçu {damage} dommage(s) ce tour pour une Vie de "
                    f"{life} : {damage} ≥ {life}, il est détruit immédiatement.",
                )

    # -- the faction and the target --
    @property
    def influence(self) -> int:
        return self.game.player(self.sc.faction).count(INFLUENCE)

    @property
    def game_lost(self) -> bool:
        return self.influence <= 0  # 408.3a

    @property
    def location_destroyed(self) -> bool:
        return self.location is not None and self.location.zone == DISCARD

    @property
    def location_lost(self) -> bool:
        """407.5: the target location changed control."""
        return self.location is not None and self.location.controller != self.sc.faction

    def target_name(self) -> str:
        if self.target == "location" and self.location:
            return self.location.name
        return self.sc.faction

    def target_valid(self) -> bool:
        if self.target == "location":
            return not (self.location_destroyed or self.location_lost)
        return not self.game_lost

    # -- what the trace shows --
    def snapshot(self) -> dict[str, Any]:
        def one(c: Card) -> dict[str, Any]:
            fate = self.fate(c)
            status = (
                fate if fate != "en jeu" else ("au combat" if self.in_battle(c) else "hors combat")
            )
            return {
                "side": self.sides[c.name],
                "strength": c.value("force"),
                "life": c.value("endurance"),
                "speed": c.value("vitesse"),
                "damage": c.count(DAMAGE),
                "exhausted": EXHAUSTED in c.statuses,
                "status": status,
                "assigned": ASSIGNED in c.statuses,
            }

        state: dict[str, Any] = {
            "level": self.level,
            "characters": {c.name: one(c) for c in self.fighters()},
            "faction": {"name": self.sc.faction, "influence": self.influence},
        }
        if self.location:
            state["location"] = {
                "name": self.location.name,
                "structure": self.location.value("structure"),
                "damage": self.location.count(DAMAGE),
                "destroyed": self.location_destroyed,
            }
        return state

    def result(self) -> dict[str, Any]:
        fs = self.fighters()
        gone = [c for c in fs if not self.in_play(c)]
        result: dict[str, Any] = {
            "speed_levels": list(self.levels),
            "destroyed": sorted(c.name for c in fs if self.fate(c) == "détruit"),
            "left_play": {c.name: self.fate(c) for c in gone},
            "damage": {c.name: c.count(DAMAGE) for c in fs if self.in_play(c)},
            "exhausted": sorted(c.name for c in fs if self.in_play(c) and EXHAUSTED in c.statuses),
            "refused": list(self.refused),
            "no_target": list(self.no_effect),
            "default_splits": list(self.default_splits),
            "damage_events": dict(sorted(self.damage_events.items())),
            "battle_damage": dict(sorted(self.battle_damage.items())),
            "other_damage": dict(sorted(self.other_damage.items())),
            "influence": self.influence,
            "game_lost": self.game_lost,
        }
        if self.location:
            result["location"] = {
                "damage": self.location.count(DAMAGE),
                "destroyed": self.location_destroyed,
            }
        return result
