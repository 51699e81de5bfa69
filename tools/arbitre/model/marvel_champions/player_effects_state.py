"""Marvel Champions « effet_joueur »: the position (the characters, the threat on each scheme, the
hit-point modifiers), what every occurrence shares — dealing damage (Tenace, interrupts that
reduce it, defeat and a villain's next stage), the triggers and the bonuses — and what the trace
shows of it.  The entry ids the procedure cites are here too.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from arbitre.model.core.french import of
from arbitre.model.core.trace import Recorder
from arbitre.model.marvel_champions.player_effects_actions_read import Effect, G
from arbitre.model.marvel_champions.player_effects_read import Bonus, PlayerEffectScenario, Trigger
from arbitre.model.marvel_champions.rules import STATUS_FR, Character

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


@dataclass
class EffectsState:
    """The position of an « effet_joueur » scenario and the tallies its trace reports."""

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
