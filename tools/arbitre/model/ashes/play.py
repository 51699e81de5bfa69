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
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.model.ashes.damage import DamageProcess, Event, GameOver
from arbitre.model.ashes.damage_read import (
    AshesScenario,
    Card,
    Player,
    read_cards,
    read_elsewhere,
    read_players,
    read_triggers,
)
from arbitre.model.ashes.rules import ARENA, GAME, IN_PLAY, PROCESS, SEVERAL_TARGETS, STEP
from arbitre.model.core.french import of
from arbitre.model.core.rules import RuleViolation, require
from arbitre.model.core.scenario import (
    Fields,
    ScenarioError,
    Wrapping,
    read_rulings,
    require_in_play,
)
from arbitre.model.core.trace import Trace

PAY_TARGET_RESOLVE = "ashes/clarifications/1"
WHOLE_EFFECT = "ashes/clarifications/2"
DAMAGE_AFTER_EFFECTS = "ashes/clarifications/3"
AS_MUCH_AS_POSSIBLE = "ashes/clarifications/6"
ORDER = "ashes/faq/ordre-de-resolution-1"
TOP_TO_BOTTOM = "ashes/faq/ordre-de-resolution-2"
CANCEL_TARGETING = "ashes/faq/voile-dore-1"
PROTECTION = "ashes/faq/jouer-les-cartes-4"
CONTROL = "ashes/faq/capacites-en-jeu-3"  # you control every unit in your own arena
ANY_ARENA = "ashes/faq/placement-1"  # a conjuration may be placed in any arena with room
ATTACH_ANYWHERE = "ashes/faq/placement-2"
SEVERAL_ALTERATIONS = "ashes/faq/placement-3"
IGNORE_THE_REST = "ashes/faq/capacites-en-jeu-6"
NO_REPLACING = "ashes/faq/placement-4"  # no unit is discarded to make room, unless a card says so
POOL_ACTIVE = "ashes/glossaire/reserve-active"
POOL_EXHAUSTED = "ashes/glossaire/reserve-inactive"
CONJURATIONS = "ashes/glossaire/paquet-invocation"
EXHAUSTION = "ashes/glossaire/jeton-epuisement"

KINDS = ("sort", "capacite", "pouvoir")
KIND_FR = {"sort": "le sort", "capacite": "la capacité", "pouvoir": "le pouvoir de dés"}
EFFECTS = ("damage", "wounds", "destroy", "conjure", "take_dice", "attach", "exhaust")
PLACEMENTS = ("defausse", "grimoire", "liee")
PLACEMENT_FR = {"defausse": "la défausse", "grimoire": "le grimoire", "liee": "liée à sa cible"}
CANCEL_WHEN = ("targets_your_unit",)


@dataclass
class PlayEffect:
    kind: str
    target: str = ""  # a card in play (damage, wounds, destroy, attach, exhaust)
    amount: int = 1
    targeted: bool = True  # the text says « cible »
    conjuration: str = ""
    arena: str = ""  # the player whose arena receives the conjuration
    life: int = 1


@dataclass
class Response:
    card: str
    player: str
    cancels_when: str


@dataclass
class Play:
    card: str
    type_fr: str  # the type printed on the card (« sort d'action », « capacité »…)
    kind: str  # one of KINDS
    player: str
    source: str  # for an ability: the card in play that has it
    dice: int
    exhaust: bool
    placement: str
    make_room: str  # a unit of the player's arena the player would discard to make room
    effects: list[PlayEffect]
    responses: list[Response] = field(default_factory=list)


@dataclass
class PlayScenario(Wrapping):
    base: AshesScenario
    play: Play
    dice: dict[str, dict[str, int]]  # player -> {"actives": n, "inactives": n}
    conjurations: dict[str, dict[str, int]]  # player -> conjuration -> copies left
    protection: dict[str, str]  # card -> "sorts"
    alterations: dict[str, list[str]]  # card -> alteration spells attached


def read_play(name: str, data: Fields) -> PlayScenario:
    state = data.sub("state")
    dice: dict[str, dict[str, int]] = {}
    conjurations: dict[str, dict[str, int]] = {}

    def player_extra(pf: Fields, p: Player) -> None:
        dice[p.name] = {
            "actives": pf.int("active_dice", 0, minimum=0),
            "inactives": pf.int("exhausted_dice", 0, minimum=0),
        }
        piles = pf.raw("conjurations", {})
        if not isinstance(piles, dict) or not all(
            isinstance(v, int) and v >= 0 for v in piles.values()
        ):
            raise ScenarioError(pf.where("conjurations"), "expected name: copies left")
        conjurations[p.name] = dict(piles)

    protection: dict[str, str] = {}
    alterations: dict[str, list[str]] = {}

    def card_extra(cf: Fields, card: Card) -> None:
        if cf.has("protection"):
            protection[card.name] = cf.choice("protection", ("sorts",))
        alterations[card.name] = cf.str_list("alterations", [])

    base = read_base(name, data, state, player_extra, card_extra)
    names = {c.name for c in base.cards}
    players = [p.name for p in base.players]
    pf = data.sub("actions").sub("play")
    effects = []
    for ef in pf.records("effects"):
        e = PlayEffect(
            kind=ef.choice("kind", EFFECTS),
            target=ef.str("target", ""),
            amount=ef.int("amount", 1),
            targeted=ef.bool("targeted", True),
            conjuration=ef.str("conjuration", ""),
            arena=ef.str("arena", ""),
            life=ef.int("life", 1, minimum=1),
        )
        if e.kind in ("conjure",) and (not e.conjuration or e.arena not in players):
            raise ScenarioError(ef.where("arena"), "a conjuration needs a name and a player")
        if e.kind not in ("conjure", "take_dice"):
            require_in_play(
                e.target,
                ef.where("target"),
                names,
                base.elsewhere,
                ATTACH_ANYWHERE if e.kind == "attach" else IN_PLAY,
                "un effet qui inflige des dégâts, place des blessures, détruit, épuise ou se lie "
                "ne vise qu'une carte en jeu (dans une arène)",
            )
        ef.done()
        effects.append(e)
    responses = []
    for rf in pf.records("responses", []):
        responses.append(
            Response(
                rf.str("card"), rf.player("player", players), rf.choice("cancels_when", CANCEL_WHEN)
            )
        )
        rf.done()
    play = Play(
        card=pf.str("card"),
        type_fr=pf.str("type"),
        kind=pf.choice("kind", KINDS),
        player=pf.player("player", players),
        source=pf.str("source", ""),
        dice=pf.int("dice", 0, minimum=0),
        exhaust=pf.bool("exhaust"),
        placement=pf.choice("placement", PLACEMENTS, "defausse"),
        make_room=pf.str("make_room", ""),
        effects=effects,
        responses=responses,
    )
    pf.done()
    sc = PlayScenario(base, play, dice, conjurations, protection, alterations)
    _check_legal(sc)
    return sc


def read_base(name, data, state, player_extra=None, card_extra=None) -> AshesScenario:
    """The players, cards and triggers of an Ashes scenario, for the procedures built on the
    damage process; `player_extra` and `card_extra` read their own fields."""
    rulings = read_rulings(data, GAME)
    players = read_players(state, player_extra)
    names = [p.name for p in players]
    active = state.player("active_player", names, None)
    first = state.player("first_player", names)
    cards = read_cards(state, names, card_extra)
    triggers = read_triggers(state, names, {c.name for c in cards})
    elsewhere = read_elsewhere(state, names, {c.name for c in cards})
    state.done()
    return AshesScenario(
        name=name,
        title=data.str("title"),
        rulings=rulings,
        procedure="degats",
        players=players,
        active_player=active,
        first_player=first,
        cards=cards,
        triggers=triggers,
        elsewhere=elsewhere,
    )


def _check_legal(sc: PlayScenario) -> None:
    """The positions the rules forbid: refused with the rule, never run."""
    play = sc.play
    cards = {c.name: c for c in sc.base.cards}
    if play.make_room:
        allowed = any(e.kind in ("destroy",) and e.target == play.make_room for e in play.effects)
        require(
            allowed,
            NO_REPLACING,
            f"{play.player} ne peut pas défausser {play.make_room} de son arène pour faire de la "
            f"place : seule une carte ou une capacité le permet, et {play.card} ne le fait pas",
            "actions.play.make_room",
        )
    if play.kind == "capacite":
        source = cards.get(play.source)
        require(
            source is not None and source.controller == play.player,
            CONTROL,
            f"{play.player} ne contrôle pas {play.source or 'la carte'} : seule une unité de son "
            "arène (quel que soit le joueur qui l'y a placée) peut activer sa capacité",
            "actions.play.source",
        )
    require(
        sc.dice[play.player]["actives"] >= play.dice,
        PAY_TARGET_RESOLVE,
        f"{play.player} n'a pas {play.dice} dé(s) dans sa réserve active pour payer le coût",
        "actions.play.dice",
    )
    for e in play.effects:
        target = cards.get(e.target)
        if (
            e.targeted
            and target is not None
            and sc.protection.get(target.name) == "sorts"
            and "sort" in play.type_fr.lower()
            and target.controller != play.player
        ):
            raise RuleViolation(
                PROTECTION,
                f"{target.name} est protégée de toute carte ayant le mot « sort » dans son type "
                f"jouée par un adversaire ; {play.card} est un « {play.type_fr} »",
                "actions.play.effects",
            )
    for r in play.responses:
        require(
            bool(_cancel_targets(sc, r)) and r.player != play.player,
            CANCEL_TARGETING,
            f"{r.card} n'annule qu'un effet joué par un adversaire qui cible une unité que "
            f"{r.player} contrôle",
            "actions.play.responses",
        )


def _cancel_targets(sc: PlayScenario, r: Response) -> list[str]:
    """The units `r.player` controls that the played card targets (a cancel's condition)."""
    cards = {c.name: c for c in sc.base.cards}
    return [
        e.target
        for e in sc.play.effects
        if e.targeted and e.target in cards and cards[e.target].kind == "unit"
        if cards[e.target].controller == r.player
    ]


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
        hit = _cancel_targets(self.play_sc, r)
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
        play = self.play_sc.play
        head = f"Effet {i} (de haut en bas)"
        rules = [TOP_TO_BOTTOM]
        label = self.label(e)
        if e.kind in ("damage", "wounds", "destroy"):
            if e.target not in self.cards:
                return self.ignore(head, label, f"{e.target} n'est plus en jeu")
            damaged.append((e, e.target))
            self.effects_resolved.append(label)
            self.rec.step(
                rules + [DAMAGE_AFTER_EFFECTS],
                f"{head} : {label} ; le processus de résolution des dégâts attendra la fin de "
                "tous les effets de la carte.",
            )
        elif e.kind == "conjure":
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
                rules + [CONJURATIONS] + extra,
                f"{head} : {name} est placée dans l'arène {of(owner)} ({room} place(s) libre(s))"
                f"{whose}.",
            )
        elif e.kind == "take_dice":
            pool = self.dice[play.player]
            taken = min(e.amount, pool["inactives"])
            pool["inactives"] -= taken
            pool["actives"] += taken
            self.effects_resolved.append(label)
            self.rec.step(
                rules + [POOL_EXHAUSTED, POOL_ACTIVE],
                f"{head} : {play.player} reprend {taken} dé(s) de sa réserve inactive "
                f"(qui en contient maintenant {pool['inactives']}) dans sa réserve active.",
            )
        elif e.kind == "attach":
            target = self.cards[e.target]
            already = list(self.attached.get(e.target, []))
            self.attached.setdefault(e.target, []).append(play.card)
            self.effects_resolved.append(label)
            rules = rules + [ATTACH_ANYWHERE] + ([SEVERAL_ALTERATIONS] if already else [])
            more = f" ; elle portait déjà : {', '.join(already)}" if already else ""
            self.rec.step(
                rules,
                f"{head} : {play.card} est lié à {e.target}, contrôlée par {target.controller}"
                f"{more}.",
            )
        else:  # exhaust
            self.cards[e.target].add("epuisement", e.amount)
            self.effects_resolved.append(label)
            self.rec.step(
                rules + [EXHAUSTION],
                f"{head} : {e.amount} jeton(s) Épuisement sur {e.target}.",
            )
        return None

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
