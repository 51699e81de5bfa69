"""The Spoils: a combat by speed levels (CRR 608-609, « Le combat expliqué ») played on the core.

`read_combat` (`combat_read`) turns scenario data into a `CombatScenario`;
`resolve_combat` walks the steps of `the_spoils.COMBAT` on a core `GameState`
(`combat_state`) and returns a Trace whose steps cite the rules they apply.  The
combat has no triggered effects of its own: the tactics and abilities a scenario plays are
scripted in the windows of steps A and E (`combat_tactics`).

Choices the text leaves open, made explicit here:
- 609.1b says « parmi vos personnages »; the commentary of « Le combat expliqué » says « parmi
  tous les Characters du combat ». The model follows the commentary (both parties share X).
- Character damage is a standing condition (FAQ: a character with Life 0 is destroyed): after
  every change, any character whose damage this turn is >= its Life is destroyed (204.5, 408.4).
- When the scenario gives no split, the model spreads a character's Strength by default
  (`combat_damage`): the step says so and lists it in its `defaults`.
- 609.1c assigns damage « égaux à leur Force »; the commentary of « Le combat expliqué » says
  « jusqu'à 3 points ».  The model follows the rule (the whole Strength is assigned) and notes it.
"""

from __future__ import annotations

from typing import Any

from arbitre.model.core.sequence import Phase
from arbitre.model.core.state import Card
from arbitre.model.core.trace import Trace
from arbitre.model.the_spoils.combat_damage import Assignment, apply, assign
from arbitre.model.the_spoils.combat_read import (
    COVERT,
    EXHAUSTED,
    NEW_THIS_TURN,
    UNBLOCKABLE_STATUS,
    CombatScenario,
    read_combat,
)
from arbitre.model.the_spoils.combat_state import CombatState
from arbitre.model.the_spoils.combat_tactics import window
from arbitre.model.the_spoils.rules import (
    CE_BLOCKERS,
    CE_END,
    CE_LEVEL,
    CE_REPEAT,
    COMBAT,
    UNBLOCKABLE,
    rid,
)

__all__ = ["Combat", "CombatScenario", "read_combat", "resolve_combat"]


def _plural(items: list[Any], one: str, many: str) -> str:
    return one if len(items) == 1 else many


class Combat(CombatState):
    """One combat on the core state; `run()` plays it and returns its trace."""

    round = 0  # the pass through steps A-G (1 = the first)
    assignments: list[Assignment]  # (source, recipient, amount) assigned in this pass

    def run(self) -> Trace:
        """The announcement, steps A-G again while characters wait (609.1g), then H."""
        if self.declare():
            self.round = 0
            while not self.game_lost:
                self.round += 1
                self.assignments = []
                played = COMBAT.walk(self.rec, self.play, start="A", until="G")
                if played[-1] != "G":  # nobody left to assign at step A, or the game is over
                    break
            self.level = None
            self.finish()
        return self.rec.trace("combat", COMBAT.game, self.sc, self.result())

    def play(self, step: Phase) -> bool:
        """One step of a pass; False ends the passes."""
        if step.id == "A":
            self.level = None
            window(self, "A", self.round)
            return bool(self.waiting())
        if step.id == "E":
            window(self, "E", self.round)
        elif step.id == "B":
            self.speed_level()
        elif step.id in ("C", "D"):
            assign(self, "attackers" if step.id == "C" else "blockers", self.assignments)
        elif step.id == "F":
            apply(self, self.assignments)
            return not self.game_lost
        elif step.id == "G" and self.waiting():
            self.rec.step(
                list(step.rule_ids),
                "Étape G : des personnages du combat n'ont pas encore assigné de dommages ; "
                "on recommence à l'étape A.",
            )
        return True

    def speed_level(self) -> None:
        """Step B: X is the highest Speed among the characters that have not assigned yet."""
        self.level = max(c.value("vitesse") for c in self.waiting())
        self.levels.append(self.level)
        self.rec.step(
            [rid("609.1b"), CE_LEVEL] + ([CE_REPEAT] if self.round > 1 else []),
            f"Étape B : la plus grande Vitesse parmi les personnages du combat qui n'ont pas "
            f"encore assigné de dommages est {self.level} ; X = {self.level}.",
        )
        if self.round == 1:
            self.rec.note(
                "609.1b dit « parmi vos personnages » ; « Le combat expliqué » précise « parmi "
                "tous les Characters du combat ». Le modèle suit ce commentaire : attaquants "
                "et bloqueurs partagent le même niveau X."
            )

    def finish(self) -> None:
        """The game is over, or step G stops the passes and step H exhausts the survivors."""
        if self.game_lost:
            self.rec.step([rid("408.3a")], "La partie est terminée : le combat s'arrête.")
            return
        self.rec.step(
            [rid("609.1g")],
            "Étape G : tous les personnages du combat ont assigné leurs dommages ou ne sont "
            "plus en jeu ; la répétition s'arrête.",
        )
        survivors = [c for c in self.fighters() if self.in_battle(c)]
        for c in survivors:
            c.statuses.add(EXHAUSTED)
        names = ", ".join(c.name for c in survivors) or "aucun"
        self.rec.step(
            [rid("609.1h"), CE_END],
            f"Étape H (Fin) : tous les personnages survivants du combat, bloqueurs compris, "
            f"sont épuisés : {names}.",
        )
        for c in survivors:  # the combat is over: the parties are gone, the characters stay
            self.leave_battle(c)

    # -- the announcement (608.1a-d) --
    def declare(self) -> bool:
        """The target, the attacking party (exhausted), the blocking party; False: no attacker."""
        self.announce_target()
        attackers = self.declare_attackers()
        if not attackers:
            self.rec.step(
                [rid("608.1a")], "Aucun attaquant possible : le combat s'arrête à l'annonce."
            )
            return False
        covert_party, unblockable_party = self.attacking_party(attackers)
        self.declare_blockers(covert_party, unblockable_party)
        return True

    def announce_target(self) -> None:
        """608.1a: the target of the attack, the opposing faction when none was chosen."""
        if self.sc.target is None:
            self.rec.step(
                [rid("608.1a")],
                f"Annonce : aucune cible n'a été choisie, l'attaque vise donc par défaut la "
                f"faction adverse ({self.sc.faction}).",
            )
        else:
            self.rec.step([rid("608.1a")], f"Annonce : l'attaque vise {self.target_name()}.")

    def declare_attackers(self) -> list[Card]:
        """608.1b: the characters that may attack join the attacking party, exhausted."""
        for c in self.sc.attackers:
            if EXHAUSTED in c.statuses or NEW_THIS_TURN in c.statuses:
                why = (
                    "est épuisé"
                    if EXHAUSTED in c.statuses
                    else "n'est pas sous votre contrôle depuis le début du tour"
                )
                self.refused.append(c.name)
                self.rec.step(
                    [rid("608.1b"), rid("204.3")], f"{c.name} ne peut pas attaquer : il {why}."
                )
                continue
            self.join(c, "attackers").statuses.add(EXHAUSTED)
        return self.party("attackers")

    def attacking_party(self, attackers: list[Card]) -> tuple[bool, bool]:
        """The attacking party, and whether it is covert (507.3a) and unblockable (413.1)."""
        rec = self.rec
        names = ", ".join(c.name for c in attackers)
        rec.step(
            [rid("608.1b")],
            f"Attaquants : {names} {_plural(attackers, 'forme', 'forment')} le groupe "
            f"d'attaquants et {_plural(attackers, 'est épuisé', 'sont épuisés')}.",
        )
        covert_party = all(COVERT in c.statuses for c in attackers)
        if covert_party:
            rec.step(
                [rid("507.3a")],
                "Tous les attaquants ont Covert : le groupe est un groupe à couvert.",
            )
        unblockable_party = all(UNBLOCKABLE_STATUS in c.statuses for c in attackers)
        if unblockable_party:
            rec.step(
                [UNBLOCKABLE],
                "Tous les attaquants ne peuvent être bloqués : le joueur défenseur ne peut pas "
                "former de groupe de bloqueurs.",
            )
        elif any(UNBLOCKABLE_STATUS in c.statuses for c in attackers):
            rec.step(
                [UNBLOCKABLE],
                "Certains attaquants seulement ne peuvent être bloqués : le groupe ne l'est pas "
                "entièrement, le défenseur peut bloquer.",
            )
        return covert_party, unblockable_party

    def declare_blockers(self, covert_party: bool, unblockable_party: bool) -> None:
        """608.1d: the characters that may block form the blocking party (it does not exhaust)."""
        blockers = []
        for c in self.sc.blockers:
            refusal = self.cannot_block(c, covert_party, unblockable_party)
            if refusal:
                self.refused.append(c.name)
                self.rec.step([refusal[0]], refusal[1])
                continue
            self.join(c, "blockers")
            blockers.append(c.name)
        if blockers:
            self.rec.step(
                [rid("608.1d"), CE_BLOCKERS],
                f"Bloqueurs : {', '.join(blockers)} {_plural(blockers, 'forme', 'forment')} le "
                "groupe de bloqueurs (bloquer n'épuise pas).",
            )
        else:
            self.rec.step([rid("608.1d")], "Pas de groupe de bloqueurs dans ce combat.")

    @staticmethod
    def cannot_block(
        c: Card, covert_party: bool, unblockable_party: bool
    ) -> tuple[str, str] | None:
        """The rule and the French reason why `c` may not block, or None."""
        if unblockable_party:
            return UNBLOCKABLE, f"{c.name} ne peut pas bloquer un groupe imblocable."
        if EXHAUSTED in c.statuses:
            return rid("608.1d"), f"{c.name} est épuisé : il ne peut pas bloquer."
        if covert_party and COVERT not in c.statuses:
            return (
                rid("507.3b"),
                f"{c.name} n'a pas Covert : il ne peut pas bloquer un groupe à couvert.",
            )
        if COVERT in c.statuses and not covert_party:
            return rid("507.3c"), f"{c.name} a Covert : il ne peut bloquer qu'un groupe à couvert."
        return None


def resolve_combat(scenario: CombatScenario) -> Trace:
    """Resolve one combat (608.1a-e, 609.1a-h) and return its trace."""
    return Combat(scenario).run()
