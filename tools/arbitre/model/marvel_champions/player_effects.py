"""Marvel Champions « effet_joueur »: the procedure that runs a player's effects.

`player_effects_read` reads the scenario (the rules it applies are listed there); this module
resolves each effect, occurrence by occurrence, and records every step with the rules it applies.
The position, and the damage and triggers every occurrence shares, are player_effects_state.py;
threat is player_effects_threat.py.
"""

from __future__ import annotations

from arbitre.model.core.french import of, que
from arbitre.model.core.scenario import ScenarioError
from arbitre.model.core.trace import Trace
from arbitre.model.marvel_champions.player_effects_actions_read import MAX, Effect, G, Occurrence
from arbitre.model.marvel_champions.player_effects_read import PlayerEffectScenario
from arbitre.model.marvel_champions.player_effects_state import (
    ATTACH,
    ATTACKING,
    BASIC,
    CONFUSED,
    CONSEQUENTIAL,
    DAMAGE,
    EXTRA,
    GUARD,
    HEAL,
    HIT_POINTS,
    MODIFIERS,
    MOVE,
    RETALIATE,
    SIMULTANEOUS,
    STUNNED,
    TYPE_FR,
    EffectsState,
)
from arbitre.model.marvel_champions.player_effects_threat import place, thwart
from arbitre.model.marvel_champions.rules import GAME, STATUS_FR, Character


class _Run(EffectsState):
    """The player's effects on their position, one effect at a time (`run_effect`)."""

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
                thwart(self, eff, o, frozen_patrol)
            elif o.kind in ("place_threat", "scheme_enters"):
                place(self, o)
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


def run_player_effects(sc: PlayerEffectScenario) -> Trace:
    """Resolve the player's effects in order and return the trace."""
    run = _Run(sc)
    for n, eff in enumerate(sc.effects, 1):
        run.run_effect(eff, n)
    return run.rec.trace("effet_joueur", GAME, sc, run.result())
