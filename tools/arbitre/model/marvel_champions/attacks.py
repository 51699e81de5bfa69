"""Marvel Champions: the procedure of enemy activations (attacks and schemes).

The scenario, its reading and the rules it follows are in rules.py; this module runs
each activation in order and records every step with the rules it applies.
"""

from __future__ import annotations

import copy
from typing import Any

from arbitre.model.core.french import of, que
from arbitre.model.core.scenario import ScenarioError
from arbitre.model.core.state import GameState, Player
from arbitre.model.core.trace import Recorder, Trace
from arbitre.model.core.triggers import Pending, TriggerQueue, in_turn_order
from arbitre.model.marvel_champions.rules import (
    ACTIVATION,
    ATTACKING,
    FAQ,
    GAME,
    STATUS,
    STATUS_FR,
    VILLAIN_PHASE,
    Activation,
    AttackScenario,
    Character,
    G,
)

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


# --- the procedure -------------------------------------------------------------------------------


class _Attacks:
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

    def run_one(self, a: Activation, n: int) -> None:
        rec = self.rec
        enemy = self.chars[a.enemy]
        identity = self.identity(a.target)
        if self.schemes(a):
            self.scheme(a, enemy, n)
            return
        head = f"Activation n° {n} : {enemy.name} attaque {a.target}"
        if not self.alive(enemy.name):
            rec.step([ACTIVATION], f"{head} — mais il a quitté le jeu : rien ne se passe.")
            self.outcomes.append("absent")
            return
        if a.cause == "effet":
            form = " (sous forme d'alter ego)" if identity.form == "alter_ego" else ""
            rec.step(
                [ATTACKING, ACTIVATION, ATTACK],
                f"{head}{form} : un effet de carte lui demande d'attaquer ; c'est une attaque, "
                "quelle que soit la forme de l'identité.",
            )
        else:
            rec.step(
                [ACTIVATION, ATTACK],
                f"{head} : {identity.name} est sous forme de héros, {enemy.name} initie une "
                "attaque ; il est censé attaquer.",
            )
        if "sonne" in enemy.statuses:
            enemy.statuses.discard("sonne")
            self.discarded.append(f"{enemy.name} : Sonné")
            self.outcomes.append("empêchée (Sonné)")
            rec.step(
                [STATUS, STUNNED],
                f"{enemy.name} est sonné : les cartes d'état passent avant toute autre capacité ; "
                "la carte Sonné est défaussée à la place de l'attaque, et on ne considère pas "
                f"{que(enemy.name)} a attaqué.",
            )
            return
        if enemy.webbed:
            enemy.webbed = False
            enemy.statuses.add("sonne")
            self.outcomes.append("remplacée (Pris dans la Toile)")
            rec.step(
                [WEBBED, WEBBED_REPLACES],
                f"Pris dans la Toile remplace cette attaque par le placement d'une carte d'état "
                f"Sonné sur {enemy.name} : l'attaque ne s'est jamais initiée, aucune capacité « quand "
                "il attaque » ne se déclenche.",
            )
            return
        kind_fr = {"mechant": "le méchant", "sbire": "un sbire", "ennemi": "un ennemi"}
        for it in self.sc.interrupts:
            if it.player != a.target:
                continue
            if it.by not in ("ennemi", enemy.kind):
                rec.step(
                    [INTERRUPT],
                    f"{it.card} interrompt une attaque contre {a.target} par {kind_fr[it.by]} ; "
                    f"{enemy.name} est {kind_fr[enemy.kind]} : sa condition de déclenchement "
                    "n'est pas remplie, il ne se déclenche pas.",
                )
                continue
            self.interrupts.add(Pending(it.card, it.player, it))
        ordering = self.interrupts.drain(self.game)
        if ordering.text_fr:
            rec.step(ordering.rule_ids, f"Plusieurs interruptions : {ordering.text_fr}.")
        for pending in ordering.pending:
            it = pending.payload
            self.triggered.append(it.card)
            if it.effect == "draw":
                rec.step(
                    [ATTACK],
                    f"L'attaque est initiée contre {a.target} : {it.card} se déclenche "
                    f"({a.target} pioche {it.amount} carte(s)).",
                )
                continue
            rec.step(
                [ATTACK],
                f"L'attaque est initiée contre {a.target} : {it.card} se déclenche et inflige "
                f"{it.amount} dégât(s) à {enemy.name}.",
            )
            self.deal(enemy, it.amount, it.card, [ATTACK])
            if not self.alive(enemy.name):
                self.outcomes.append("attaquant vaincu")
                rec.step(
                    [DEFEATED_MID_ATTACK, ACTIVATION],
                    f"{enemy.name} est vaincu pendant que la séquence d'attaque est initiée : les "
                    "dégâts n'ont pas encore été calculés, le reste de la séquence n'est pas résolu.",
                )
                return
        # step 1: boost
        if enemy.kind == "mechant" or enemy.villainy:
            rules = [ATTACK, BOOST] + ([VILLAINY] if enemy.kind == "sbire" else [])
            count = len(a.boost)
            rec.step(
                rules,
                f"Étape 1 : {enemy.name} reçoit {count} carte(s) de boost face cachée du deck "
                "Rencontre.",
            )
        else:
            rec.step([ATTACK], f"Étape 1 : {enemy.name} est un sbire sans Vilenie : pas de boost.")
        # step 2: defender
        target = a.target
        defender = self.chars[a.defender] if a.defender else None
        if defender is None:
            rec.step([ATTACK, DEFENSE], "Étape 2 : personne ne défend.")
        else:
            rules = [ATTACK, DEFENSE]
            how = (
                "un héros s'incline pour sa défense de base"
                if defender.kind == "identite"
                else "un allié s'incline pour défendre"
            )
            text = f"Étape 2 : {defender.name} défend ({how})"
            if defender.controller != a.target:
                target = defender.controller or a.target
                text += f" ; {target} défend pour un autre joueur et devient la cible de l'attaque"
            rec.step(rules, text + ".")
        # step 3: boost cards
        atk = enemy.atk
        bonus = 0
        for i, b in enumerate(a.boost, 1):
            parts = []
            rules = [ATTACK, BOOST]
            if b.ability == "damage_defender" and defender is not None:
                rec.step(
                    [ATTACK, BOOST],
                    f"Étape 3 : la carte de boost n° {i} est retournée ; sa capacité « Boost » se "
                    f"résout{' : ' + b.text if b.text else ''}.",
                )
                self.deal(defender, b.amount, f"Capacité « Boost » (carte n° {i})", [BOOST])
                parts.append("capacité résolue")
            elif b.ability == "tough":
                enemy.statuses.add("tenace")
                parts.append(f"capacité « Boost » : {enemy.name} reçoit une carte Tenace")
            elif b.ability == "flip":
                parts.append(
                    f"capacité « Boost » : {enemy.name} est retourné et devient {b.flip_name} "
                    f"(ATQ {'★' if b.flip_atk is None else b.flip_atk})"
                )
                rec.note(
                    f"{b.flip_name} apparaît pendant l'attaque : ses capacités « quand il est "
                    "censé attaquer » ne se déclenchent pas, ce point de timing est déjà passé."
                )
                atk = b.flip_atk
                enemy.atk = b.flip_atk
                self.chars[b.flip_name] = enemy
                enemy.name = b.flip_name
                rules.append(STAR)
            printed = b.icons
            if b.cancelled_by:
                parts.append(f"{b.cancelled_by} annule ses {b.icons} icône(s) de boost")
                printed = 0
            icons = printed + self.sc.amplify
            bonus += icons
            detail = f"{printed} icône(s) de boost"
            if self.sc.amplify:
                detail += f" + {self.sc.amplify} pour les icônes d'amplification en jeu"
                rules.append(AMPLIFY)
            parts.append(f"{detail} : +{icons} ATQ ; la carte est défaussée")
            rec.step(rules, f"Étape 3 : carte de boost n° {i} : {' ; '.join(parts)}.")
        if defender is not None and defender.kind == "allie" and not self.alive(defender.name):
            rec.step(
                [DEFENSE],
                f"L'allié défenseur {defender.name} a été vaincu avant les dégâts : l'attaque est "
                "considérée comme non défendue.",
            )
            defender = None
        # step 4: damage
        base = 0 if atk is None else atk
        total = max(base + bonus, 0)
        rules = (
            [ATTACK] + ([STAR] if atk is None else []) + ([MODIFIERS] if base + bonus < 0 else [])
        )
        star = " (ATQ ★, considérée comme 0)" if atk is None else ""
        rec.step(
            rules, f"Étape 4 : ATQ {of(enemy.name)} = {base}{star} + {bonus} (boost) = {total}."
        )
        piercing = "percant" in enemy.keywords
        if defender is not None and defender.kind == "identite":
            amount = max(total - defender.defense, 0)
            attacked = defender
            got = self.deal(
                defender,
                amount,
                f"Étape 4 : {total} − DEF {defender.defense} {of(defender.name)}",
                [ATTACK, DEFENSE],
                piercing,
            )
            self.step4[defender.name] = self.step4.get(defender.name, 0) + got
            self.outcomes.append("défendue")
        elif defender is not None:
            attacked = defender
            room = max(defender.hp, 0)
            got = self.deal(
                defender,
                total,
                f"Étape 4 : tous les dégâts vont à l'allié {defender.name}",
                [ATTACK],
                piercing,
            )
            self.step4[defender.name] = self.step4.get(defender.name, 0) + got
            excess = max(got - room, 0)
            if excess:
                if "deferlement" in enemy.keywords:
                    owner = self.identity(defender.controller or target)
                    self.deal(
                        owner,
                        excess,
                        f"Déferlement : les {excess} dégât(s) en excès vont simultanément à "
                        f"l'identité qui contrôle {defender.name} (ce n'est pas une attaque contre elle)",
                        [OVERKILL, EXCESS],
                    )
                else:
                    rec.step(
                        [ATTACK, EXCESS],
                        f"{defender.name} est vaincu par l'attaque : les {excess} dégât(s) en excès "
                        "ne sont pas infligés à l'identité.",
                    )
            self.outcomes.append("défendue")
        else:
            who = self.chars[a.target_character] if a.target_character else self.identity(target)
            attacked = who
            form = ""
            if who.kind == "identite" and who.form == "alter_ego":
                form = " (même sous sa forme d'alter ego)"
            got = self.deal(
                who,
                total,
                f"Étape 4 : attaque non défendue, tous les dégâts vont à {who.name}{form}",
                [ATTACK, DEFENSE],
                piercing,
            )
            self.step4[who.name] = self.step4.get(who.name, 0) + got
            self.outcomes.append("non défendue")
        # Riposte X
        aimed = self.chars[a.target_character] if a.target_character else self.identity(a.target)
        if aimed is not attacked and aimed.riposte:
            rec.step(
                [RETALIATE],
                f"{aimed.name} a Riposte {aimed.riposte}, mais ce n'est pas lui qui a été attaqué "
                f"({attacked.name} a défendu) : Riposte ne se déclenche pas.",
            )
        if attacked.riposte:
            if "a_distance" in enemy.keywords:
                rec.step(
                    [RANGED],
                    f"L'attaque est À distance : elle ignore Riposte {attacked.riposte} {of(attacked.name)}.",
                )
            elif not self.alive(attacked.name):
                rec.step(
                    [RETALIATE], f"{attacked.name} n'a pas survécu à l'attaque : pas de riposte."
                )
            else:
                self.riposte.append(attacked.name)
                rec.step(
                    [RETALIATE],
                    f"{attacked.name} a été lui-même attaqué et a survécu : Riposte {attacked.riposte} "
                    f"inflige {attacked.riposte} dégât(s) à {enemy.name}.",
                )
                self.deal(enemy, attacked.riposte, f"Riposte {of(attacked.name)}", [RETALIATE])

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


def resolve_attacks(scenario: AttackScenario) -> Trace:
    """Run the scenario's enemy attack activations in order and return the trace."""
    return _Attacks(scenario).run()
