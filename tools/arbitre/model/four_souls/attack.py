"""Four Souls: one attack (« Attaquer », steps 1-4) of the active player, run on the engine.

The combatants are cards of a `GameState` (printed and current health, attack, evasion); the roll
is a `Stack` (initial result at the bottom, modifiers and responses above it); result triggers go
through a `TriggerQueue` ordered by « Timing ».  A monster at 0 health runs « Mort d'un monstre »
and the refill (« Rechargement »), a player « Mort d'un joueur » and the death penalty.

This module runs steps 1, 2 and 4 on the position of attack_state.py; step 3, the roll, is
attack_roll.py, and the deaths and the refill attack_deaths.py.
"""

from __future__ import annotations

from arbitre.model.core.scenario import ScenarioError
from arbitre.model.core.trace import Trace
from arbitre.model.four_souls.attack_deaths import give_curse, monster_dies, player_dies
from arbitre.model.four_souls.attack_read import AttackScenario
from arbitre.model.four_souls.attack_roll import roll_attack
from arbitre.model.four_souls.attack_state import AttackState, Damage
from arbitre.model.four_souls.rules import ACTION_PHASE, ATTACK, DEATH_GLOSSARY, GAME, TIMING


class _Attack(AttackState):
    """One attack on its position; `run()` plays steps 1-4 and returns the trace."""

    # -- step 2: the top of the monster deck --
    def reveal(self) -> bool:
        card = self.game.draw("paquet-monstres")
        assert card is not None
        a = self.sc.active_player
        if card.kind != "monstre":
            self.attack_lost = True
            self.game.move(card.name, "defausse-monstres")
            give_curse(self, card.name)
            self.rec.step(
                [ATTACK],
                f"Étape 2 : {a} révèle le dessus du paquet de monstres : {card.name} n'est pas un "
                "monstre. L'attaque prend fin ; il doit jouer cette carte, puis il a la priorité.",
            )
            return False
        self.game.move(card.name, "emplacement")
        self.target = self.slot = card.name
        m = self.info[card.name]
        if m.cannot_be_attacked:
            self.attack_lost = True
            self.rec.step(
                [ATTACK] + ([m.ruling] if m.ruling else []),
                f"Étape 2 : {a} révèle {card.name}, un monstre : il est placé dans un emplacement "
                f"de monstre, mais on ne peut pas l'attaquer. {a} perd son attaque.",
            )
            return False
        self.rec.step(
            [ATTACK],
            f"Étape 2 : {a} révèle {card.name}, un monstre : il est placé dans un emplacement de "
            "monstre et devient la cible de l'attaque.",
        )
        return True

    # -- step 4: combat damage --
    def deal(self, damage: Damage) -> None:
        item = self.stack.pop()
        assert item.label_fr == "dégâts de combat"
        card = self.game.card(damage.to)
        card.current["pv"] = max(card.value("pv") - damage.amount, 0)
        self.rec.step(
            [ATTACK],
            f"Étape 4 : les dégâts de combat se résolvent ; {card.name} subit {damage.amount} "
            f"dégât(s) ({card.value('pv')} PV restants).",
        )
        self.cumulative(card.name, damage.amount)

    def cumulative(self, name: str, amount: int) -> None:
        """A monster's « each time N damage in total is dealt to it this turn » trigger."""
        m = self.info.get(name)
        if m is None or m.every_damage is None or not amount:
            return
        before = self.damage_this_turn.get(name, 0)
        total = self.damage_this_turn[name] = before + amount
        fires = total // m.every_damage - before // m.every_damage
        rules = [TIMING] + ([m.ruling] if m.ruling else [])
        if not fires:
            self.rec.step(
                rules,
                f"{name} a subi {total} dégât(s) en tout ce tour : son effet (tous les "
                f"{m.every_damage} dégâts cumulés) ne se déclenche pas encore.",
            )
        for _ in range(fires):
            self.triggered_by_damage.append(name)
            what = f" : {m.every_damage_text}" if m.every_damage_text else ""
            self.rec.step(
                rules,
                f"{name} a subi {total} dégât(s) en tout ce tour, pas forcément en une fois : son "
                f"effet de monstre (tous les {m.every_damage} dégâts cumulés) se déclenche, va "
                f"sur la pile et se résout{what}.",
            )

    def run(self) -> Trace:
        rec, a = self.rec, self.attacker
        what = (
            f"le monstre actif {self.target}"
            if self.target is not None
            else "la carte du dessus du paquet de monstres"
        )
        rec.step(
            [ACTION_PHASE, ATTACK],
            f"Étape 1 : pendant sa phase d'action, la pile vide, {a.name} déclare une attaque "
            f"contre {what}. La déclaration va sur la pile ; quand elle se résout, l'attaque "
            "commence.",
        )
        if self.target is not None or self.reveal():
            while True:
                self.deal(roll_attack(self))
                if self.monster.value("pv") <= 0:
                    monster_dies(self)
                    break
                if a.value("pv") <= 0:
                    rec.step(
                        [DEATH_GLOSSARY, ATTACK], f"{a.name} tombe à 0 PV : l'attaque prend fin."
                    )
                    player_dies(self, a.name)
                    break
                rec.step(
                    [ATTACK],
                    "Les deux combattants sont en vie : retour à l'étape 3, un nouveau jet "
                    "d'attaque (chaque jet est résolu avant le suivant).",
                )
        if self.rolls:
            raise ScenarioError(
                "actions.rolls", f"{len(self.rolls)} roll(s) left over: the attack ended before"
            )
        return rec.trace("attaque", GAME, self.sc, self.result())


def resolve_attack(scenario: AttackScenario) -> Trace:
    """Run one attack (« Attaquer », steps 1-4) and the deaths it causes."""
    return _Attack(scenario).run()
