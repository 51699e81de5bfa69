"""Ashes: the main actions « Attaquer un Héritier » and « Attaquer une unité » (procedure
« attaque »).

1. The active player declares the attackers: units they control (every unit of their own arena,
   whoever placed it there).
2. The effects that trigger « après qu'un joueur ait déclaré ses attaquants » are used now, any
   number of them; after the blockers or guards are declared it is too late.
3. The defender declares blockers (attack on a Phoenixborn: one per attacker) or one guard (attack
   on a unit: a unit or the Phoenixborn becomes the new, single target).
4. Damage: on a Phoenixborn each attacker's attack is resolved on its own; on a unit the attack
   values of every attacker are added and dealt as one amount.  An attack value of 0 or less
   deals no damage.  A redirection (data: a card such as Redirection) moves one damage event
   meant for its player's Phoenixborn: one attacker's damage, or the summed damage.
5. Every damaged card runs the damage process (``DamageProcess``).

Counter-attacks (« contrattaque ») are not modelled: the FAQ does not say when a unit counters.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.model.ashes.damage import DamageProcess, Event, GameOver
from arbitre.model.ashes.damage_read import IN_PLAY_FR, AshesScenario, Card
from arbitre.model.ashes.play_read import read_base
from arbitre.model.ashes.rules import ATTACKS, GAME, IN_PLAY, STEP
from arbitre.model.core.french import of, que
from arbitre.model.core.rules import require
from arbitre.model.core.scenario import Fields, ScenarioError, Wrapping, require_in_play
from arbitre.model.core.trace import Trace

MAIN_ACTION = "ashes/glossaire/action-principale"
CONTROL = "ashes/faq/capacites-en-jeu-3"  # you control every unit in your own arena
AFTER_ATTACKERS = "ashes/faq/capacites-en-jeu-4"  # before blockers or guards
SEVERAL_AFTER = "ashes/faq/capacites-en-jeu-5"
ONE_TARGET = "ashes/faq/attaquer-3"
HOW_MUCH_REDIRECTED = "ashes/faq/attaquer-2"
ZERO_ATTACK = "ashes/faq/attaquer-5"
NEGATIVE_ATTACK = "ashes/faq/attaquer-6"
BLOCKER = "ashes/glossaire/bloqueur"
GUARD = "ashes/glossaire/protecteur"

KINDS = ("heritier", "unite")
KIND_FR = {"heritier": "Attaquer un Héritier", "unite": "Attaquer une unité"}
TIMINGS = ("before_blockers", "after_blockers")


@dataclass
class Boost:
    card: str
    player: str
    unit: str
    attack: int
    timing: str = "before_blockers"


@dataclass
class Attack:
    kind: str
    player: str
    attackers: list[str]
    target: str
    boosts: list[Boost] = field(default_factory=list)
    blockers: dict[str, str] = field(default_factory=dict)  # attacker -> blocker
    guards: list[str] = field(default_factory=list)
    redirect_card: str = ""
    redirect_to: str = ""
    redirect_attacker: str = ""  # attack on a Phoenixborn: whose damage is redirected


@dataclass
class AttackScenario(Wrapping):
    base: AshesScenario
    attack: Attack
    values: dict[str, int]  # printed attack values


def read_attack(name: str, data: Fields) -> AttackScenario:
    state = data.sub("state")
    values: dict[str, int] = {}

    def card_extra(cf: Fields, card: Card) -> None:
        values[card.name] = cf.int("attack", 0)

    base = read_base(name, data, state, None, card_extra)
    names = {c.name for c in base.cards}
    actions = data.sub("actions")
    af = actions.sub("attack")
    boosts = []
    for bf in af.records("after_attackers_declared", []):
        boosts.append(
            Boost(
                bf.str("card"),
                bf.str("player"),
                bf.str("unit"),
                bf.int("attack"),
                bf.choice("timing", TIMINGS, "before_blockers"),
            )
        )
        bf.done()
    blockers = af.raw("blockers", {})
    if not isinstance(blockers, dict):
        raise ScenarioError(af.where("blockers"), "expected attacker: blocker")
    rf = af.sub("redirect", None)
    attack = Attack(
        kind=af.choice("kind", KINDS),
        player=af.str("player"),
        attackers=af.str_list("attackers"),
        target=af.str("target"),
        boosts=boosts,
        blockers=dict(blockers),
        guards=af.str_list("guards", []),
    )
    if rf is not None:
        attack.redirect_card = rf.str("card")
        attack.redirect_to = rf.str("to")
        attack.redirect_attacker = rf.str("attacker", "")
        rf.done()
    af.done()
    actions.done()
    named = (
        attack.attackers
        + [attack.target]
        + list(attack.blockers)
        + list(attack.blockers.values())
        + attack.guards
        + [b.unit for b in boosts]
        + ([attack.redirect_to] if attack.redirect_to else [])
    )
    for n in named:
        require_in_play(n, "actions.attack", names, base.elsewhere, IN_PLAY, IN_PLAY_FR["attack"])
    sc = AttackScenario(base, attack, values)
    _check_legal(sc)
    return sc


def _check_legal(sc: AttackScenario) -> None:
    a = sc.attack
    cards = {c.name: c for c in sc.base.cards}
    target = cards[a.target]
    defender = target.controller
    require(
        sc.base.active_player == a.player,
        MAIN_ACTION,
        f"une attaque est une action principale du joueur dont c'est le tour, pas {of(a.player)}",
        "actions.attack.player",
    )
    want = "phoenixborn" if a.kind == "heritier" else "unit"
    if target.kind != want:
        raise ScenarioError("actions.attack.target", f"{a.kind}: the target must be a {want}")
    for n in a.attackers:
        require(
            cards[n].controller == a.player and cards[n].kind == "unit",
            CONTROL,
            f"{n} n'est pas une unité de l'arène {of(a.player)} : on n'attaque qu'avec les unités "
            "que l'on contrôle, c'est-à-dire celles de sa propre arène",
            "actions.attack.attackers",
        )
    for b in a.boosts:
        require(
            b.timing == "before_blockers",
            AFTER_ATTACKERS,
            f"{b.card} se déclenche « après qu'un joueur ait déclaré ses attaquants » : il doit "
            "être utilisé avant la déclaration des bloqueurs ou des protecteurs",
            "actions.attack.after_attackers_declared",
        )
    if a.kind == "heritier" and a.guards:
        raise ScenarioError("actions.attack.guards", "an attack on a Phoenixborn is blocked")
    if a.kind == "unite":
        if a.blockers:
            raise ScenarioError("actions.attack.blockers", "an attack on a unit is guarded")
        require(
            len(a.guards) <= 1,
            ONE_TARGET,
            f"il n'y a qu'une seule cible lors d'une action Attaquer une unité : {defender} ne "
            f"peut pas déclarer plusieurs protecteurs ({', '.join(a.guards)})",
            "actions.attack.guards",
        )
    for defending in list(a.blockers.values()) + a.guards:
        require(
            cards[defending].controller == defender,
            CONTROL,
            f"{defending} n'est pas dans l'arène {of(defender)} : seul ce {que(defender)} contrôle "
            "peut bloquer ou protéger",
            "actions.attack",
        )
    for attacker in a.blockers:
        if attacker not in a.attackers:
            raise ScenarioError("actions.attack.blockers", f"{attacker!r} is not an attacker")


class _Attack(DamageProcess):
    def __init__(self, sc: AttackScenario) -> None:
        self.attack_sc = sc
        self.values = dict(sc.values)
        self.events: list[str] = []
        self.redirected: list[str] = []
        self.final_target = sc.attack.target
        super().__init__(sc.base)

    def snapshot(self) -> dict[str, Any]:
        data = super().snapshot()
        data["attaque"] = {n: self.values.get(n, 0) for n in self.attack_sc.attack.attackers}
        return data

    def run_attack(self) -> Trace:
        a = self.attack_sc.attack
        self.rec.step(
            [MAIN_ACTION, CONTROL],
            f"{a.player} prend l'action principale « {KIND_FR[a.kind]} » contre {a.target} et "
            f"déclare ses attaquants : {', '.join(a.attackers)} (des unités de sa propre arène).",
        )
        for b in a.boosts:
            self.values[b.unit] = self.values.get(b.unit, 0) + b.attack
            rules = [AFTER_ATTACKERS] + ([SEVERAL_AFTER] if len(a.boosts) > 1 else [])
            self.rec.step(
                rules,
                f"{b.player} utilise {b.card} après la déclaration des attaquants, avant les "
                f"bloqueurs : {b.unit} passe à {self.values[b.unit]} en attaque.",
            )
        try:
            if a.kind == "heritier":
                self.on_phoenixborn(a)
            else:
                self.on_unit(a)
        except GameOver:
            self.rec.step([STEP["3"]], "La partie est terminée.")
        return self.finish()

    def on_phoenixborn(self, a: Attack) -> None:
        if a.blockers:
            pairs = ", ".join(f"{b} bloque {u}" for u, b in a.blockers.items())
            self.rec.step([BLOCKER], f"{self.defender()} déclare ses bloqueurs : {pairs}.")
        for attacker in a.attackers:
            target = a.blockers.get(attacker, a.target)
            self.rec.step(
                [HOW_MUCH_REDIRECTED, ATTACKS],
                f"L'attaque {of(attacker)} est résolue seule (Attaquer un Héritier) : "
                f"{self.values.get(attacker, 0)} contre {target}.",
            )
            redirect = (
                target == a.target
                and a.redirect_card
                and not self.redirected
                and a.redirect_attacker in ("", attacker)
            )
            self.deal(attacker, target, self.values.get(attacker, 0), bool(redirect))

    def on_unit(self, a: Attack) -> None:
        if a.guards:
            self.final_target = a.guards[0]
            self.rec.step(
                [GUARD, ONE_TARGET],
                f"{self.defender()} déclare {a.guards[0]} protecteur : il devient la nouvelle "
                f"et seule cible de l'attaque, à la place {of(a.target)}.",
            )
        total = sum(self.values.get(n, 0) for n in a.attackers)
        detail = " + ".join(f"{self.values.get(n, 0)} ({n})" for n in a.attackers)
        self.rec.step(
            [HOW_MUCH_REDIRECTED, ATTACKS],
            f"Attaquer une unité : les valeurs d'attaque sont additionnées, {detail} = {total}, "
            f"infligés en une fois à {self.final_target}.",
        )
        target = self.cards[self.final_target]
        redirect = bool(a.redirect_card) and target.kind == "phoenixborn"
        self.deal(" et ".join(a.attackers), self.final_target, total, redirect)

    def deal(self, source: str, target: str, amount: int, redirect: bool) -> None:
        a = self.attack_sc.attack
        if amount <= 0:
            self.events.append(f"{source} → {target} : aucun dégât")
            self.rec.step(
                [ZERO_ATTACK, NEGATIVE_ATTACK],
                f"Valeur d'attaque {of(amount)} : l'attaque a bien lieu, mais n'inflige aucun "
                f"dégât à {target} et n'ajoute ni ne retire de blessure.",
            )
            return
        if redirect:
            self.redirected.append(f"{amount} dégât(s) {of(source)}")
            self.rec.step(
                [HOW_MUCH_REDIRECTED],
                f"{self.defender()} joue {a.redirect_card} : les {amount} dégât(s) "
                f"{que(target)} subirait {of(source)} vont à {a.redirect_to}.",
            )
            target = a.redirect_to
        self.events.append(f"{source} → {target} : {amount}")
        event = Event(target, source, a.player, f"l'attaque {of(source)}")
        self.process(event, "damage", amount, 0)

    def defender(self) -> str:
        target = self.attack_sc.attack.target
        return next(c.controller for c in self.attack_sc.base.cards if c.name == target)

    def finish(self) -> Trace:
        result = self.result()
        result.update(
            {
                "attack_values": {
                    n: self.values.get(n, 0) for n in self.attack_sc.attack.attackers
                },
                "target": self.final_target,
                "damage_events": list(self.events),
                "redirected": list(self.redirected),
            }
        )
        return self.rec.trace("attaque", GAME, self.attack_sc, result)


def run_attack(sc: AttackScenario) -> Trace:
    """Resolve one attack, then the damage process of every card it damages."""
    return _Attack(sc).run_attack()
