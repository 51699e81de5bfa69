"""Marvel Champions « effet_joueur »: the procedure that runs a player's effects.

`player_effects_read` reads the scenario (the rules it applies are listed there); this module
resolves each effect, occurrence by occurrence, and records every step with the rules it applies.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from arbitre.model.core.french import of, que
from arbitre.model.core.scenario import ScenarioError
from arbitre.model.core.trace import Recorder, Trace
from arbitre.model.marvel_champions.player_effects_read import (
    MAX,
    Bonus,
    Effect,
    G,
    Occurrence,
    PlayerEffectScenario,
    Trigger,
)
from arbitre.model.marvel_champions.rules import GAME, STATUS_FR, Character

DAMAGE = f"{G}/degats"
EXTRA = f"{G}/effet-d-alteration/supplementaire"
MODIFIERS = f"{G}/modificateurs"
MOVE = f"{G}/deplacer"
TOUGH = f"{G}/cartes-d-etat/tenace"
STUNNED = f"{G}/cartes-d-etat/sonne"
CONFUSED = f"{G}/cartes-d-etat/desoriente"
GUARD = f"{G}/garde"
PATROL = f"{G}/patrouille"
CRISIS = f"{G}/icone-de-crise"
RETALIATE = f"{G}/riposte-x"
ATTACKING = f"{G}/attaque-attaquer"
BASIC = f"{G}/pouvoir-de-base"
SIMULTANEOUS = f"{G}/resolution-simultanee"
CONSEQUENTIAL = f"{G}/degats-consecutifs"
INTERRUPT = f"{G}/interruption"
RESPONSE = f"{G}/reponse"
PREVENT = f"{G}/prevenir"
THREAT = f"{G}/menace"
SIDE_SCHEME = f"{G}/manigance-annexe"
DEFEAT = f"{G}/vaincre-dejouer"
SETUP = f"{G}/mise-en-place"
HIT_POINTS = f"{G}/points-de-vie"
HEAL = f"{G}/soigner"
ATTACH = f"{G}/attachez-cette-carte"
VILLAIN_DEFEATED = f"{G}/vaincre-le-mechant"
TYPE_FR = {"pouvoir_de_base": "pouvoir de base", "evenement": "événement", "capacite": "capacité"}


# --- the procedure -------------------------------------------------------------------------------


@dataclass
class _Run:
    sc: PlayerEffectScenario
    chars: dict[str, Character] = field(default_factory=dict)
    threat: dict[str, int] = field(default_factory=dict)
    received: dict[str, int] = field(default_factory=dict)
    events: dict[str, list[int]] = field(default_factory=dict)  # damage events, one per event
    defeated: list[str] = field(default_factory=list)
    discarded: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)
    triggered: list[str] = field(default_factory=list)
    attacked: list[str] = field(default_factory=list)  # who attacked (the attack happened)
    scheme_defeated: list[str] = field(default_factory=list)
    drawn: int = 0

    def __post_init__(self) -> None:
        self.chars = {c.name: copy.deepcopy(c) for c in self.sc.characters}
        self.threat = {s.name: s.threat for s in self.sc.schemes}
        self.main = {s.name for s in self.sc.schemes if s.main}
        self.mods = {k: dict(v) for k, v in self.sc.hp_modifiers.items()}
        self.next_stage = dict(self.sc.next_stage)
        self.rec = Recorder(self.snapshot)

    def snapshot(self) -> dict[str, Any]:
        state: dict[str, Any] = {
            n: {"PV": c.hp, "états": sorted(STATUS_FR[s] for s in c.statuses)}
            for n, c in self.chars.items()
        }
        for name, t in self.threat.items():
            state[f"menace sur {name}"] = t
        return state

    def alive(self, name: str) -> bool:
        return name not in self.defeated

    def guards(self) -> list[str]:
        return [
            c.name
            for c in self.chars.values()
            if c.kind == "sbire" and "garde" in c.keywords and self.alive(c.name)
        ]

    def patrols(self) -> list[str]:
        return [
            c.name
            for c in self.chars.values()
            if c.kind == "sbire" and "patrouille" in c.keywords and self.alive(c.name)
        ]

    # -- damage --
    def deal(
        self, c: Character, amount: int, why: str, rules: list[str], tough: bool = True
    ) -> int:
        rec = self.rec
        if c.kind == "identite" and amount > 0:
            for t in self.sc.triggers:
                if t.on == "degats_heros" and t.reduce:
                    cut = min(t.reduce, amount)
                    amount -= cut
                    self.triggered.append(t.card)
                    rec.step(
                        [INTERRUPT, PREVENT],
                        f"Interruption {t.card} : {c.name} est censé subir des dégâts ; la quantité "
                        f"est réduite de {cut} ({amount} restant(s)).",
                    )
        if amount <= 0:
            rec.step(rules, f"{why} : 0 dégât, {c.name} ne subit rien.")
            return 0
        if "tenace" in c.statuses:
            if not tough:
                rec.step(
                    rules + [TOUGH],
                    f"{why} : ces dégâts ignorent la carte Tenace {of(c.name)}, qui reste en place.",
                )
            else:
                c.statuses.discard("tenace")
                self.discarded.append(f"{c.name} : Tenace")
                self.events.setdefault(c.name, []).append(0)
                rec.step(
                    rules + [TOUGH],
                    f"{why} : {c.name} est censé subir {amount} dégât(s) en une seule fois ; sa "
                    "carte Tenace les prévient tous et est défaussée.",
                )
                return 0
        c.hp -= amount
        self.received[c.name] = self.received.get(c.name, 0) + amount
        self.events.setdefault(c.name, []).append(amount)
        rules = rules + [DAMAGE] * (DAMAGE not in rules)
        rec.step(rules, f"{why} : {c.name} subit {amount} dégât(s) ({max(c.hp, 0)} PV restants).")
        self.check_defeat(c)
        return amount

    def check_defeat(self, c: Character) -> None:
        if c.hp > 0 or not self.alive(c.name):
            return
        nxt = self.next_stage.pop(c.name, None)
        if nxt is not None:
            excess = -c.hp
            c.hp = nxt
            self.rec.step(
                [VILLAIN_DEFEATED],
                f"{c.name} tombe à zéro point de vie : ce stade est vaincu, le stade suivant "
                f"{of(c.name)} est révélé avec {nxt} PV (c'est toujours le même ennemi) ; "
                f"{excess} dégât(s) en excès ne sont pas reportés, ses cartes d'état restent.",
            )
            return
        self.defeated.append(c.name)
        self.rec.step([DAMAGE, DEFEAT], f"{c.name} tombe à zéro point de vie et est vaincu.")

    def fire(self, on: str, who: str | None, enemy: Character | None, timing: str) -> None:
        for t in self.sc.triggers:
            if t.on != on or t.timing != timing or (t.by and t.by != who):
                continue
            if on == "manigance_dejouee" and t.scheme != (enemy.name if enemy else None):
                continue
            self.resolve_trigger(t, enemy)

    def resolve_trigger(self, t: Trigger, enemy: Character | None) -> None:
        rules = [INTERRUPT if t.timing == "interruption" else RESPONSE]
        self.triggered.append(t.card)
        kind = "Interruption" if t.timing == "interruption" else "Réponse"
        self.rec.step(
            rules, f"{kind} {t.card} : sa condition de déclenchement est remplie, il se résout."
        )
        if t.stun and enemy is not None and self.alive(enemy.name):
            enemy.statuses.add("sonne")
            self.rec.step(rules + [STUNNED], f"{t.card} sonne {enemy.name}.")
        if t.damage:
            victim = self.chars[t.target] if t.target else enemy
            if victim is not None and self.alive(victim.name):
                self.deal(victim, t.damage, f"{t.card} inflige {t.damage} dégât(s)", rules)
        if t.draw:
            self.drawn += t.draw
            self.rec.step(rules, f"{t.card} : {self.sc.player} pioche {t.draw} carte(s).")

    def bonus(self, eff: Effect, what: str) -> list[Bonus]:
        return [
            b
            for b in self.sc.bonuses
            if getattr(b, what) and b.of in eff.labels and b.type == eff.type
        ]

    # -- one effect --
    def run_effect(self, eff: Effect, n: int) -> None:
        rec = self.rec
        user = self.chars[eff.by]
        is_attack = "attaque" in eff.labels
        is_thwart = "contre" in eff.labels
        what = ", ".join(sorted(eff.labels)) or "sans mention"
        rec.step(
            [BASIC] if eff.type == "pouvoir_de_base" else [ATTACKING if is_attack else DAMAGE],
            f"Effet n° {n} : {user.name} utilise {eff.card} ({TYPE_FR[eff.type]} ; {what}).",
        )
        status = "sonne" if is_attack else "desoriente" if is_thwart else None
        if status and status in user.statuses and not eff.separate_attacks:
            self.replace_by_status(user, status, eff.card)
            return
        frozen_guard = self.guards() if eff.simultaneous else None
        frozen_patrol = (self.patrols(), self.sc.crisis) if eff.simultaneous else None
        if eff.simultaneous:
            rec.step(
                [SIMULTANEOUS],
                f"{eff.card} agit simultanément : tout est déterminé avant la résolution, et le "
                "reste même si une carte quitte le jeu pendant celle-ci.",
            )
        attacked_any = False
        for o in eff.occurrences:
            if o.kind == "damage" and eff.separate_attacks and "sonne" in user.statuses:
                self.replace_by_status(user, "sonne", f"{eff.card} (attaque contre {o.target})")
                continue
            if o.kind == "damage":
                attacked_any |= self.damage(eff, o, user, frozen_guard)
            elif o.kind == "move_damage":
                self.move(o)
            elif o.kind in ("remove_threat", "prevent_threat"):
                self.thwart(eff, o, frozen_patrol)
            elif o.kind in ("place_threat", "scheme_enters"):
                self.place(o)
            elif o.kind == "heal":
                self.heal(eff, o)
            elif o.kind == "attach":
                self.attach(o)
            else:
                self.end_modifier(o)
        if attacked_any:
            self.attacked.append(user.name)
            self.after_attack(eff, user)

    def replace_by_status(self, user: Character, status: str, what: str) -> None:
        user.statuses.discard(status)
        self.discarded.append(f"{user.name} : {STATUS_FR[status]}")
        verb = "attaqué" if status == "sonne" else "contré"
        self.rec.step(
            [STUNNED if status == "sonne" else CONFUSED],
            f"{user.name} est {STATUS_FR[status].lower()} : la carte {STATUS_FR[status]} est "
            f"défaussée à la place ({what}) ; on ne considère pas {que(user.name)} a {verb}.",
        )

    def damage(self, eff: Effect, o: Occurrence, user: Character, frozen: list[str] | None) -> bool:
        rec = self.rec
        target = self.chars[o.target]
        is_attack = "attaque" in eff.labels
        if not self.alive(target.name):
            rec.step([DAMAGE], f"{target.name} a quitté le jeu : ces dégâts n'ont pas de cible.")
            return False
        guards = self.guards() if frozen is None else frozen
        if is_attack and target.kind == "mechant" and "garde" not in target.keywords and guards:
            self.blocked.append(target.name)
            when = " (déterminé au début de la résolution simultanée)" if frozen is not None else ""
            rec.step(
                [GUARD] + ([SIMULTANEOUS] if frozen is not None else []),
                f"{', '.join(guards)} a Garde et est engagé avec {self.sc.player}{when} : {eff.card} "
                f"ne peut pas attaquer {target.name}, aucun dégât ne lui est infligé.",
            )
            return False
        if is_attack:
            self.fire("attaque", user.name, target, "interruption")
            if not self.alive(target.name):
                return True
        amount = o.amount + o.extra
        parts = [f"{o.amount}"]
        rules = [DAMAGE]
        if o.extra:
            parts.append(f"{o.extra} supplémentaire(s), dans le même événement")
            rules.append(EXTRA)
        for b in self.bonus(eff, "damage_each"):
            amount += b.damage_each
            parts.append(f"{b.damage_each} {of(b.card)} (chaque occurrence de dégâts)")
            rules.append(MODIFIERS)
        tough = not (eff.ignores_tough_if and eff.ignores_tough_if in self.sc.traits[user.name])
        total = f"{' + '.join(parts)} = {amount}" if len(parts) > 1 else f"{amount}"
        why = f"{eff.card} inflige {total} dégât(s) à {target.name}"
        if not tough:
            why += f" ({user.name} a le trait {eff.ignores_tough_if})"
        self.deal(target, amount, why, rules, tough)
        if is_attack and target.riposte:
            if self.alive(target.name):
                rec.step(
                    [RETALIATE],
                    f"{target.name} a été attaqué et a Riposte {target.riposte} : il inflige "
                    f"{target.riposte} dégât(s) à {user.name}.",
                )
                self.deal(user, target.riposte, f"Riposte {of(target.name)}", [RETALIATE])
            else:
                rec.step([RETALIATE], f"{target.name} n'a pas survécu : pas de riposte.")
        if is_attack and target.kind == "sbire" and not self.alive(target.name):
            self.fire("attaque_et_vainc_sbire", user.name, target, "reponse")
        return is_attack

    def after_attack(self, eff: Effect, user: Character) -> None:
        self.fire("attaque", user.name, None, "reponse")
        hurt = self.sc.consequential.get(user.name, 0)
        if hurt and self.alive(user.name):
            self.deal(
                user,
                hurt,
                f"Dégâts consécutifs {of(user.name)}, après les capacités déclenchées par son attaque",
                [CONSEQUENTIAL],
            )

    def move(self, o: Occurrence) -> None:
        src = self.chars[o.source] if o.source else None
        target = self.chars[o.target]
        if src is not None:
            start = next(c.hp for c in self.sc.characters if c.name == src.name)
            on_it = start - src.hp + self.sc.damage_on.get(src.name, 0)  # taken, plus at start
            moved = min(o.amount, on_it)
            src.hp += moved
            self.received[src.name] = self.received.get(src.name, 0) - moved
        else:
            moved = o.amount
        self.rec.step(
            [MOVE],
            f"{moved} dégât(s) sont déplacés{' de ' + src.name if src else ''} vers {target.name} : "
            "des dégâts déplacés vers un personnage sont considérés comme lui étant infligés.",
        )
        self.deal(target, moved, f"Dégâts déplacés vers {target.name}", [MOVE])

    def thwart(self, eff: Effect, o: Occurrence, frozen: tuple[list[str], int] | None) -> None:
        rec = self.rec
        name = o.target
        if o.kind == "prevent_threat":
            cut = min(o.amount, o.incoming)
            placed = o.incoming - cut
            self.threat[name] += placed
            skipped = [b.card for b in self.bonus(eff, "threat_each")]
            note = (
                f" ; {', '.join(skipped)} ne s'applique pas : aucune menace n'est retirée"
                if skipped
                else ""
            )
            rec.step(
                [PREVENT, THREAT],
                f"{eff.card} prévient {cut} des {o.incoming} menace(s) censées être placées sur "
                f"{name} : {placed} placée(s){note}.",
            )
            return
        patrols, crisis = frozen if frozen is not None else (self.patrols(), self.sc.crisis)
        if name in self.main and (patrols or crisis):
            self.blocked.append(name)
            why = [f"{', '.join(patrols)} a Patrouille"] if patrols else []
            why += [f"{crisis} icône(s) de crise en jeu"] if crisis else []
            rules = ([PATROL] if patrols else []) + ([CRISIS] if crisis else [])
            if frozen is not None:
                rules.append(SIMULTANEOUS)
            rec.step(
                rules,
                f"{' et '.join(why)} : aucune menace n'est retirée de la manigance principale "
                f"{name}.",
            )
            return
        amount = o.amount + o.extra
        parts = [f"{o.amount}"]
        rules = [THREAT]
        for b in self.bonus(eff, "threat_each"):
            amount += b.threat_each
            parts.append(f"{b.threat_each} {of(b.card)}")
            rules.append(MODIFIERS)
        removed = min(amount, self.threat[name])
        self.threat[name] -= removed
        rec.step(
            rules,
            f"{eff.card} retire {' + '.join(parts) + ' = ' if len(parts) > 1 else ''}{amount} "
            f"menace(s) {of(name)} "
            f"({self.threat[name]} restante(s)).",
        )
        if self.threat[name] == 0 and name not in self.main:
            self.scheme_defeated.append(name)
            self.fire("manigance_dejouee", None, Character(name, "manigance", 1), "interruption")
            rec.step([SIDE_SCHEME, DEFEAT], f"La manigance annexe {name} est déjouée et défaussée.")
            self.fire("manigance_dejouee", None, Character(name, "manigance", 1), "reponse")

    def place(self, o: Occurrence) -> None:
        rec = self.rec
        name = o.target
        if o.kind == "scheme_enters":
            self.threat[name] = self.threat.get(name, 0) + o.amount
            rec.step(
                [SIDE_SCHEME, THREAT],
                f"La manigance annexe {name} entre en jeu avec {o.amount} menace(s) déjà dessus : "
                "de la menace n'est pas « placée » sur elle.",
            )
            for t in self.sc.triggers:
                if t.on == "menace_placee":
                    rec.step(
                        [RESPONSE, SIDE_SCHEME],
                        f"{t.card} (quand de la menace est placée) ne se déclenche pas.",
                    )
            return
        self.threat[name] += o.amount
        when = "pendant la mise en place" if o.setup else ""
        rec.step([THREAT], f"{o.amount} menace(s) placée(s) sur {name} {when}".rstrip() + ".")
        for t in self.sc.triggers:
            if t.on != "menace_placee":
                continue
            if o.setup and not t.setup:
                rec.step(
                    [SETUP],
                    f"{t.card} ne se déclenche pas : pendant la mise en place, seules les "
                    "capacités « Mise en place » se résolvent.",
                )
                continue
            self.resolve_trigger(t, None)
            removed = min(t.remove, self.threat[name])
            self.threat[name] -= removed
            rec.step([RESPONSE, THREAT], f"{t.card} retire {removed} menace(s) {of(name)}.")

    def heal(self, eff: Effect, o: Occurrence) -> None:
        """« Soigner »: remove damage, never above the hit points it started with; then the
        effect's status-card discards, whatever their type."""
        c = self.chars[o.target]
        start = next(x.hp for x in self.sc.characters if x.name == c.name)
        healed = min(o.amount, max(start - c.hp, 0))
        c.hp += healed
        self.received[c.name] = self.received.get(c.name, 0) - healed
        self.rec.step(
            [HEAL],
            f"{eff.card} soigne {healed} dégât(s) {of(c.name)} (un soin ne dépasse pas ses points "
            f"de vie ; {c.hp} PV).",
        )
        for status in sorted(c.statuses)[: o.discard_status]:
            c.statuses.discard(status)
            self.discarded.append(f"{c.name} : {STATUS_FR[status]}")
            self.rec.step(
                [HEAL, f"{G}/cartes-d-etat"],
                f"{eff.card} défausse 1 carte d'état {of(c.name)}, quel que soit son type : "
                f"{STATUS_FR[status]}.",
            )

    def attach(self, o: Occurrence) -> None:
        c = self.chars[o.target]
        limit = f" ({o.max_per_character} max par personnage)" if o.max_per_character else ""
        gain = ""
        if o.amount:
            c.hp += o.amount
            self.mods.setdefault(c.name, {})[o.source] = o.amount
            gain = f" ; {c.name} gagne +{o.amount} PV ({c.hp})"
        self.rec.step(
            [ATTACH] + ([MAX] if limit else []),
            f"{o.source} est attachée à {c.name}{limit}{gain}.",
        )

    def end_modifier(self, o: Occurrence) -> None:
        c = self.chars[o.target]
        mods = self.mods.get(c.name, {})
        if o.source not in mods:
            raise ScenarioError(
                "actions.effects", f"{c.name} has no hit-point modifier {o.source!r}"
            )
        amount = mods.pop(o.source)
        c.hp -= amount
        self.rec.step(
            [MODIFIERS, HIT_POINTS],
            f"Le modificateur {of(o.source)} (+{amount} PV) prend fin : les points de vie "
            f"{of(c.name)} reprennent la valeur qu'ils auraient sans lui ({max(c.hp, 0)}).",
        )
        self.check_defeat(c)

    def result(self) -> dict[str, Any]:
        return {
            "damage_received": {k: v for k, v in self.received.items() if v},
            "damage_events": {k: v for k, v in self.events.items()},
            "defeated": list(self.defeated),
            "statuses_discarded": list(self.discarded),
            "statuses": {
                n: sorted(STATUS_FR[s] for s in c.statuses)
                for n, c in self.chars.items()
                if c.statuses
            },
            "blocked": list(self.blocked),
            "triggered": list(self.triggered),
            "attacked": list(self.attacked),
            "threat": dict(self.threat),
            "schemes_defeated": list(self.scheme_defeated),
            "hp": {n: c.hp for n, c in self.chars.items()},
            "drawn": self.drawn,
        }


def run_player_effects(sc: PlayerEffectScenario) -> Trace:
    """Resolve the player's effects in order and return the trace."""
    run = _Run(sc)
    for n, eff in enumerate(sc.effects, 1):
        run.run_effect(eff, n)
    return run.rec.trace("effet_joueur", GAME, sc, run.result())
