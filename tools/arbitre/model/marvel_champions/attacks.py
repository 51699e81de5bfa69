"""Marvel Champions on the engine: enemy activations (« Activation »): attacks (« Attaque
(activation des ennemis) », steps 1-4) and schemes (« Manigance (activation des ennemis) »).

`read_attacks` (attacks_read.py) turns scenario data into an `AttackScenario`; `resolve_attacks`
runs its enemy activations and returns a Trace citing the glossary of the rules reference and
the FAQ.  The steps of one attack are attack_steps.py, on the position of attacks_state.py.

Activations of the villain phase (step 2, the default `cause`) run player by player in player
order, the villain first, then that player's minions in the order listed (« Activation »); an
enemy activating against an alter ego schemes instead of attacking.  An attack caused by a card
effect (`cause: effet`) is an attack whatever the form of the identity, and keeps its place.
Interrupts go through the engine's trigger queue, in player order, and fire only on the enemies
they name (`by`: mechant, sbire or ennemi).

Before step 1 the status cards apply first (« Cartes d'état »): a stunned enemy discards Sonné
instead of attacking; a replacement effect such as Pris dans la Toile replaces the attack.  Then
the attack is initiated (interruptions fire; an attacker defeated here deals no damage), step 1
gives the boost card, step 2 declares a defender, step 3 flips the boost cards, step 4 deals the
damage (DEF of a defending hero; all of it to a defending ally, excess lost unless Déferlement;
undefended: the identity, even as alter ego).  Tenace prevents all the damage (Perçant discards it
first); Riposte X answers if the attacked character survives, unless the attack is À distance.

Choices made explicit:
- Pris dans la Toile replaces one attack and is then spent (the FAQ: « un total de deux attaques »).
- An ATQ printed as ★ counts as 0 (« Icône d'étoile »); after the modifiers a value below 0 is 0.
- The « attacked » character for Riposte is the defender when there is one, else the target.
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
from arbitre.model.marvel_champions.attacks_read import Activation, AttackScenario
from arbitre.model.marvel_champions.attacks_state import AMPLIFY, BOOST, SCHEME, ActivationState
from arbitre.model.marvel_champions.rules import ACTIVATION, GAME, VILLAIN_PHASE, Character


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
