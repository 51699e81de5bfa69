"""Ashes: using a spell, an ability or a dice power (procedure « jouer »).

The order of the Q/R « Ordre de résolution d'une carte »: pay the cost, declare every target,
place the card (its placement section), then resolve the effects top to bottom, one after the
other; the damage process of each damaged card runs only once every effect has resolved
(clarification 3).  What cannot be done is ignored and the rest resolves (clarification 6).

A response that cancels (a card such as Voile doré) is data of the scenario: its condition (the
effect targets a unit its player controls and is used by an opponent) is checked, and it cancels
every effect of the card, never the cost, which was paid first.  A card protected from spells
(data: `protection: sorts`) cannot be targeted by a card whose type contains « sort » used by an
opponent; abilities and dice powers are not spells.

The player who places a unit does not matter: a player controls every unit in their own arena.

The scenario is read by play_read.py.
"""

from __future__ import annotations

from typing import Any

from arbitre.model.ashes.damage import DamageProcess, Event, GameOver
from arbitre.model.ashes.damage_read import Card
from arbitre.model.ashes.play_read import (
    ANY_ARENA,
    AS_MUCH_AS_POSSIBLE,
    ATTACH_ANYWHERE,
    CANCEL_TARGETING,
    CONJURATIONS,
    CONTROL,
    DAMAGE_AFTER_EFFECTS,
    EXHAUSTION,
    IGNORE_THE_REST,
    KIND_FR,
    ORDER,
    PAY_TARGET_RESOLVE,
    PLACEMENT_FR,
    POOL_ACTIVE,
    POOL_EXHAUSTED,
    SEVERAL_ALTERATIONS,
    TOP_TO_BOTTOM,
    WHOLE_EFFECT,
    Play,
    PlayEffect,
    PlayScenario,
    Response,
    cancel_targets,
)
from arbitre.model.ashes.rules import ARENA, GAME, PROCESS, SEVERAL_TARGETS, STEP
from arbitre.model.core.french import of
from arbitre.model.core.trace import Trace


class _Play(DamageProcess):
    def __init__(self, sc: PlayScenario) -> None:
        self.play_sc = sc
        self.dice = {p: dict(v) for p, v in sc.dice.items()}
        self.piles = {p: dict(v) for p, v in sc.conjurations.items()}
        self.attached = {k: list(v) for k, v in sc.alterations.items()}
        self.effects_resolved: list[str] = []
        self.effects_ignored: list[str] = []
        self.cancelled_by: str | None = None
        super().__init__(sc.base)

    def snapshot(self) -> dict[str, Any]:
        data = super().snapshot()
        data["des"] = {p: dict(v) for p, v in self.dice.items()}
        data["alterations"] = {k: list(v) for k, v in self.attached.items() if v}
        return data

    def run_play(self) -> Trace:
        play = self.play_sc.play
        what = f"{KIND_FR[play.kind]} {play.card} ({play.type_fr})"
        self.pay(play, what)
        targets = [e.target for e in play.effects if e.target and e.targeted]
        self.rec.step(
            [ORDER, PAY_TARGET_RESOLVE],
            f"{play.player} déclare toutes les cibles {of(play.card)} : "
            + (", ".join(dict.fromkeys(targets)) if targets else "aucune cible")
            + ".",
        )
        if play.kind == "sort":
            where = PLACEMENT_FR[play.placement]
            self.rec.step([ORDER], f"{play.card} est placé selon sa section placement : {where}.")
        if any(self.cancels(r) for r in play.responses):
            return self.finish()
        damaged: list[tuple[PlayEffect, str]] = []
        for i, e in enumerate(play.effects, 1):
            self.resolve(i, e, damaged)
        if damaged:
            self.rec.step(
                [DAMAGE_AFTER_EFFECTS, PROCESS],
                "Tous les effets de la carte sont résolus : le processus de résolution des "
                "dégâts et destruction commence maintenant.",
            )
            if len(damaged) > 1:
                decider = self.sc.active_player or self.sc.first_player
                self.rec.step(
                    [SEVERAL_TARGETS],
                    f"Plusieurs cartes sont touchées : {decider} choisit l'ordre : "
                    + ", ".join(t for _, t in damaged)
                    + ".",
                )
            try:
                for e, target in damaged:
                    event = Event(target, play.card, play.player)
                    self.process(event, e.kind, e.amount, 0)
            except GameOver:
                self.rec.step([STEP["3"]], "La partie est terminée.")
        return self.finish()

    def pay(self, play: Play, what: str) -> None:
        pool = self.dice[play.player]
        pool["actives"] -= play.dice
        pool["inactives"] += play.dice
        paid = [f"{play.dice} dé(s) passent de la réserve active à la réserve inactive"]
        rules = [ORDER, PAY_TARGET_RESOLVE] + ([POOL_EXHAUSTED] if play.dice else [])
        if play.exhaust:
            card = self.cards.get(play.source)
            if card is not None:
                card.add("epuisement", 1)
            paid.append(f"un jeton Épuisement est placé sur {play.source}")
            rules.append(EXHAUSTION)
        if play.kind == "capacite":
            rules.append(CONTROL)
        self.rec.step(
            rules, f"{play.player} utilise {what} et paie d'abord le coût : {' ; '.join(paid)}."
        )

    def cancels(self, r: Response) -> bool:
        play = self.play_sc.play
        hit = cancel_targets(self.play_sc, r)
        self.cancelled_by = r.card
        self.effects_ignored = [self.label(e) for e in play.effects]
        self.rec.step(
            [CANCEL_TARGETING, WHOLE_EFFECT, PAY_TARGET_RESOLVE],
            f"{r.player} joue {r.card} : {play.card} cible {', '.join(hit)}, une unité qu'il "
            f"contrôle ; tous les effets {of(play.card)} sont annulés (l'« effet » est l'ensemble "
            "des effets de la carte), mais le coût déjà payé reste payé.",
        )
        return True

    def resolve(self, i: int, e: PlayEffect, damaged: list[tuple[PlayEffect, str]]) -> None:
        """Effect `i` of the card, top to bottom: damage, wounds and destruction wait in
        `damaged` for the damage process; the other effects happen now."""
        head = f"Effet {i} (de haut en bas)"
        label = self.label(e)
        if e.kind in ("damage", "wounds", "destroy"):
            self.defer_damage(head, label, e, damaged)
        elif e.kind == "conjure":
            self.conjure(head, label, e)
        elif e.kind == "take_dice":
            self.take_dice(head, label, e)
        elif e.kind == "attach":
            self.attach(head, label, e)
        else:  # exhaust
            self.exhaust(head, label, e)

    def defer_damage(
        self, head: str, label: str, e: PlayEffect, damaged: list[tuple[PlayEffect, str]]
    ) -> None:
        """A damaging effect: noted in `damaged`, its process runs after every effect."""
        if e.target not in self.cards:
            return self.ignore(head, label, f"{e.target} n'est plus en jeu")
        damaged.append((e, e.target))
        self.effects_resolved.append(label)
        self.rec.step(
            [TOP_TO_BOTTOM, DAMAGE_AFTER_EFFECTS],
            f"{head} : {label} ; le processus de résolution des dégâts attendra la fin de "
            "tous les effets de la carte.",
        )
        return None

    def conjure(self, head: str, label: str, e: PlayEffect) -> None:
        """Place a conjuration from the player's pile in `e.arena`, if a copy is left and that
        arena has room; its controller is the arena's player."""
        play = self.play_sc.play
        owner = e.arena
        room = next(p for p in self.sc.players if p.name == owner).battlefield - sum(
            1 for c in self.cards.values() if c.kind == "unit" and c.controller == owner
        )
        left = self.piles[play.player].get(e.conjuration, 0)
        if left <= 0:
            return self.ignore(
                head,
                label,
                f"le paquet Invocation {of(play.player)} n'a plus {of(e.conjuration)}",
            )
        if room <= 0:
            return self.ignore(head, label, f"l'arène {of(owner)} n'a plus de place")
        self.piles[play.player][e.conjuration] = left - 1
        name = e.conjuration
        self.game.put(Card(name, "unit", owner, life=e.life), ARENA, owner)
        self.placed.append(name)
        self.effects_resolved.append(label)
        extra = [ANY_ARENA, CONTROL] if owner != play.player else []
        whose = (
            f" ; {owner} la contrôle, comme toute unité de son arène"
            if owner != play.player
            else ""
        )
        self.rec.step(
            [TOP_TO_BOTTOM, CONJURATIONS] + extra,
            f"{head} : {name} est placée dans l'arène {of(owner)} ({room} place(s) libre(s))"
            f"{whose}.",
        )
        return None

    def take_dice(self, head: str, label: str, e: PlayEffect) -> None:
        """Move up to `e.amount` dice of the player's exhausted pool back to the active pool."""
        play = self.play_sc.play
        pool = self.dice[play.player]
        taken = min(e.amount, pool["inactives"])
        pool["inactives"] -= taken
        pool["actives"] += taken
        self.effects_resolved.append(label)
        self.rec.step(
            [TOP_TO_BOTTOM, POOL_EXHAUSTED, POOL_ACTIVE],
            f"{head} : {play.player} reprend {taken} dé(s) de sa réserve inactive "
            f"(qui en contient maintenant {pool['inactives']}) dans sa réserve active.",
        )

    def attach(self, head: str, label: str, e: PlayEffect) -> None:
        """Attach the card (an alteration) to its target, whoever controls it, next to the
        alterations it already carries."""
        play = self.play_sc.play
        target = self.cards[e.target]
        already = list(self.attached.get(e.target, []))
        self.attached.setdefault(e.target, []).append(play.card)
        self.effects_resolved.append(label)
        rules = [TOP_TO_BOTTOM, ATTACH_ANYWHERE] + ([SEVERAL_ALTERATIONS] if already else [])
        more = f" ; elle portait déjà : {', '.join(already)}" if already else ""
        self.rec.step(
            rules,
            f"{head} : {play.card} est lié à {e.target}, contrôlée par {target.controller}{more}.",
        )

    def exhaust(self, head: str, label: str, e: PlayEffect) -> None:
        """Place `e.amount` exhaustion tokens on the target."""
        self.cards[e.target].add("epuisement", e.amount)
        self.effects_resolved.append(label)
        self.rec.step(
            [TOP_TO_BOTTOM, EXHAUSTION],
            f"{head} : {e.amount} jeton(s) Épuisement sur {e.target}.",
        )

    def ignore(self, head: str, label: str, why: str) -> None:
        self.effects_ignored.append(label)
        self.rec.step(
            [AS_MUCH_AS_POSSIBLE, IGNORE_THE_REST],
            f"{head} : {label} est ignoré — {why} ; le reste de la carte se résout.",
        )

    @staticmethod
    def label(e: PlayEffect) -> str:
        if e.kind == "damage":
            return f"infliger {e.amount} dégât(s) à {e.target}"
        if e.kind == "wounds":
            return f"placer {e.amount} blessure(s) sur {e.target}"
        if e.kind == "destroy":
            return f"détruire {e.target}"
        if e.kind == "conjure":
            return f"placer {e.conjuration} dans l'arène {of(e.arena)}"
        if e.kind == "take_dice":
            return f"reprendre {e.amount} dé(s) de la réserve inactive"
        if e.kind == "attach":
            return f"lier le sort à {e.target}"
        return f"épuiser {e.target}"

    def finish(self) -> Trace:
        result = self.result()
        result.update(
            {
                "dice": {p: dict(v) for p, v in self.dice.items()},
                "effects_resolved": list(self.effects_resolved),
                "effects_ignored": list(self.effects_ignored),
                "cancelled_by": self.cancelled_by,
                "alterations": {k: list(v) for k, v in self.attached.items() if v},
                "controllers": {n: c.controller for n, c in self.cards.items()},
            }
        )
        return self.rec.trace("jouer", GAME, self.play_sc, result)


def run_play(sc: PlayScenario) -> Trace:
    """Use a spell, an ability or a dice power, then run the damage process it starts."""
    return _Play(sc).run_play()
