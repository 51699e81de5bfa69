"""Marvel Champions: the procedure of enemy activations (attacks and schemes).

The scenario, its reading and the rules it follows are in rules.py; this module runs
each activation in order (the steps of an attack: attack_steps.py, on the position of
attacks_state.py) and records every step with the rules it applies.
"""

from __future__ import annotations

from arbitre.model.core.french import of
from arbitre.model.core.scenario import ScenarioError
from arbitre.model.core.trace import Trace
from arbitre.model.marvel_champions.attack_steps import (
    boost_cards,
    boost_step,
    damage_step,
    defend_step,
    initiate,
    riposte,
)
from arbitre.model.marvel_champions.attacks_state import AMPLIFY, BOOST, SCHEME, ActivationState
from arbitre.model.marvel_champions.rules import (
    ACTIVATION,
    GAME,
    VILLAIN_PHASE,
    Activation,
    AttackScenario,
    Character,
)


class EnemyActivations(ActivationState):
    """The scenario's activations on their position, in order (`run`); the villain phase and the
    encounter cards run theirs one at a time (`run_one`)."""

    def run_one(self, a: Activation, n: int) -> None:
        enemy = self.chars[a.enemy]
        if self.schemes(a):
            self.scheme(a, enemy, n)
            return
        if not initiate(self, a, enemy, n):
            return
        boost_step(self, a, enemy)
        target, defender = defend_step(self, a)
        atk, bonus, defender = boost_cards(self, a, enemy, defender)
        attacked = damage_step(self, a, enemy, defender, target, atk, bonus)
        riposte(self, a, enemy, attacked)

    def scheme(self, a: Activation, enemy: Character, n: int) -> None:
        """« Manigance (activation des ennemis) »: boost, flip, threat on the main scheme."""
        rec = self.rec
        identity = self.identity(a.target)
        rec.step(
            [ACTIVATION, SCHEME],
            f"Activation n° {n} : {enemy.name} s'active contre {a.target} ; {identity.name} est "
            f"sous forme d'alter ego : {enemy.name} initie une manigance, pas une attaque.",
        )
        if enemy.sch is None:
            raise ScenarioError(
                "state.enemies", f"{enemy.name} schemes against an alter ego: give its sch (MNG)"
            )
        self.outcomes.append("manigance")
        boosted = enemy.kind == "mechant" or enemy.villainy
        if boosted:
            rec.step(
                [SCHEME, BOOST],
                f"Étape 1 : {enemy.name} reçoit {len(a.boost)} carte(s) de boost face cachée.",
            )
        else:
            rec.step([SCHEME], f"{enemy.name} est un sbire sans Vilenie : pas de boost.")
        bonus = 0
        for i, b in enumerate(a.boost if boosted else [], 1):
            icons = b.icons + self.sc.amplify
            bonus += icons
            rules = [SCHEME, BOOST] + ([AMPLIFY] if self.sc.amplify else [])
            rec.step(
                rules,
                f"Étape 2 : carte de boost n° {i} retournée : {icons} icône(s) de boost, +{icons} "
                "MNG ; la carte est défaussée.",
            )
        total = enemy.sch + bonus
        self.threat += total
        rec.step(
            [SCHEME],
            f"Étape 3 : MNG {of(enemy.name)} = {enemy.sch} + {bonus} (boost) = {total} : "
            f"{total} menace(s) placée(s) sur la manigance principale ({self.threat} au total).",
        )

    def ordered(self) -> list[Activation]:
        """Villain phase: player by player, the villain first, then the minions as listed."""
        acts = self.sc.activations
        if not acts or acts[0].cause != "phase_du_mechant":
            return list(acts)
        order = self.game.turn_order()

        def key(a: Activation) -> tuple[int, int]:
            return (order.index(a.target), 0 if self.chars[a.enemy].kind == "mechant" else 1)

        ordered = sorted(acts, key=key)
        if ordered != list(acts):
            self.rec.step(
                [ACTIVATION, VILLAIN_PHASE],
                "Ordre des activations : joueur par joueur dans l'ordre des joueurs ; contre "
                "chacun, le méchant d'abord, puis les sbires engagés avec lui : "
                + ", ".join(f"{a.enemy} contre {a.target}" for a in ordered)
                + ".",
            )
        return ordered

    def run(self) -> Trace:
        for n, a in enumerate(self.ordered(), 1):
            self.run_one(a, n)
        return self.rec.trace("attaque", GAME, self.sc, self.result())


def resolve_attacks(scenario: AttackScenario) -> Trace:
    """Run the scenario's enemy attack activations in order and return the trace."""
    return EnemyActivations(scenario).run()
