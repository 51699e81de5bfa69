"""Marvel Champions enemy activations: the position (the characters, the threat on the main
scheme, the interrupts' queue), dealing damage (Perçant, Tenace, defeat), and what the trace shows
of it.  The entry ids the activations cite are here too.
"""

from __future__ import annotations

import copy
from typing import Any

from arbitre.model.core.french import of
from arbitre.model.core.state import GameState, Player
from arbitre.model.core.trace import Recorder
from arbitre.model.core.triggers import TriggerQueue, in_turn_order
from arbitre.model.marvel_champions.attacks_read import Activation, AttackScenario
from arbitre.model.marvel_champions.rules import FAQ, STATUS_FR, Character, G

ATTACK = f"{G}/attaque-activation-des-ennemis"
SCHEME = f"{G}/manigance-activation-des-ennemis"
INTERRUPT = f"{G}/interruption"
BOOST = f"{G}/boost-icone-de-boost"
VILLAINY = f"{G}/vilenie"
AMPLIFY = f"{G}/icone-d-amplification"
STAR = f"{G}/icone-d-etoile"
MODIFIERS = f"{G}/modificateurs"
DEFENSE = f"{G}/defense-defendre"
STUNNED = f"{G}/cartes-d-etat/sonne"
TOUGH = f"{G}/cartes-d-etat/tenace"
PIERCING = f"{G}/percant"
OVERKILL = f"{G}/deferlement"
EXCESS = f"{G}/degats-en-exces"
DAMAGE = f"{G}/degats"
RETALIATE = f"{G}/riposte-x"
RANGED = f"{G}/a-distance"
WEBBED = f"{FAQ}/boite-de-base/pris-dans-la-toile-9/1"
WEBBED_REPLACES = f"{FAQ}/boite-de-base/pris-dans-la-toile-9/2"
DEFEATED_MID_ATTACK = f"{FAQ}/miss-marvel/nova-sam-alexander-12/1"


class ActivationState:
    """The position of enemy activations and the tallies their trace reports."""

    def __init__(self, sc: AttackScenario) -> None:
        self.sc = sc
        self.chars = {c.name: copy.deepcopy(c) for c in sc.characters}
        self.start_hp = {c.name: c.hp for c in sc.characters}
        self.defeated: list[str] = []
        self.discarded: list[str] = []
        self.outcomes: list[str] = []
        self.triggered: list[str] = []
        self.step4: dict[str, int] = {}
        self.riposte: list[str] = []
        self.game = GameState([Player(p) for p in sc.players])  # player order: first player first
        self.threat = sc.threat
        self.interrupts = TriggerQueue(in_turn_order(INTERRUPT))
        self.rec = Recorder(self.snapshot)

    def snapshot(self) -> dict[str, Any]:
        state: dict[str, Any] = {
            name: {"hp": c.hp, "statuses": sorted(STATUS_FR[s] for s in c.statuses)}
            for name, c in self.chars.items()
        }
        if self.threat or any(self.schemes(a) for a in self.sc.activations):
            state["menace sur la manigance principale"] = self.threat
        return state

    def schemes(self, a: Activation) -> bool:
        """A villain-phase activation against an alter ego is a scheme (« Activation »)."""
        return a.cause == "phase_du_mechant" and self.identity(a.target).form == "alter_ego"

    def identity(self, player: str) -> Character:
        return next(
            c for c in self.chars.values() if c.kind == "identite" and c.controller == player
        )

    def alive(self, name: str) -> bool:
        return name not in self.defeated

    # -- damage, with Tenace (cartes d'état) and defeat --
    def deal(
        self, c: Character, amount: int, why: str, rules: list[str], piercing: bool = False
    ) -> int:
        if piercing and "tenace" in c.statuses:
            c.statuses.discard("tenace")
            self.discarded.append(f"{c.name} : Tenace")
            self.rec.step(
                [PIERCING],
                f"L'attaque a Perçant : la carte Tenace {of(c.name)} est défaussée avant les dégâts.",
            )
        if amount <= 0:
            self.rec.step(rules, f"{why} : 0 dégât, {c.name} ne subit rien.")
            return 0
        if "tenace" in c.statuses:
            c.statuses.discard("tenace")
            self.discarded.append(f"{c.name} : Tenace")
            self.rec.step(
                rules + [TOUGH],
                f"{why} : {c.name} est censé subir {amount} dégât(s) ; sa carte Tenace les prévient "
                "tous et est défaussée (il n'a pas subi de dégâts).",
            )
            return 0
        c.hp -= amount
        self.rec.step(
            rules + [DAMAGE],
            f"{why} : {c.name} subit {amount} dégât(s) ({max(c.hp, 0)} PV restants).",
        )
        if c.hp <= 0:
            self.defeated.append(c.name)
            self.rec.step([DAMAGE], f"{c.name} tombe à zéro point de vie et est vaincu.")
        return amount

    def result(self) -> dict[str, Any]:
        seen = {id(c): c for c in self.chars.values()}.values()
        damage = {}
        for c in seen:
            start = next(s for name, s in self.start_hp.items() if self._same(name, c))
            if start != c.hp:
                damage[c.name] = start - c.hp
        return {
            "attacks": list(self.outcomes),
            "damage_received": damage,
            "step4_damage": dict(self.step4),
            "defeated": list(self.defeated),
            "statuses_discarded": list(self.discarded),
            "statuses": {
                c.name: sorted(STATUS_FR[s] for s in c.statuses) for c in seen if c.statuses
            },
            "triggered": list(self.triggered),
            "riposte": list(self.riposte),
            "threat": self.threat,
        }

    def _same(self, name: str, c: Character) -> bool:
        return self.chars.get(name) is c
