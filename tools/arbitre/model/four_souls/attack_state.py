"""Four Souls attack: the position on a core `GameState`, what a step reads of it (the evasion,
the combat damage a result deals), and what the trace shows of it.

The combatants are cards of the state (printed and current health, attack, evasion); each
player's loot, items and curses are a `Hand`; the stack, the trigger queue and the tallies of the
result (rolls, deaths, rewards, penalties, the refill) are kept here for the steps to share:
attack.py (steps 1, 2 and 4), attack_roll.py (step 3), attack_deaths.py (deaths and the refill).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.model.core.french import of
from arbitre.model.core.stack import Stack
from arbitre.model.core.state import Card, GameState, Player
from arbitre.model.core.trace import Recorder
from arbitre.model.core.triggers import TriggerQueue, monsters_then_turn_order
from arbitre.model.four_souls.attack_read import AttackScenario, Item, Monster
from arbitre.model.four_souls.rules import TIMING


def clamp(value: int) -> int:
    return min(max(value, 1), 6)


@dataclass
class Hand:
    """What a player holds besides the character card: loot, items, curses."""

    loot: list[str] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    curses: list[str] = field(default_factory=list)


@dataclass
class Damage:
    """The combat damage on the stack: who deals it, to whom, how much (updated by rerolls)."""

    result: int
    hit: bool
    amount: int
    to: str


class AttackState:
    """The position of one attack and the tallies its trace reports."""

    def __init__(self, sc: AttackScenario) -> None:
        self.sc = sc
        self.game = GameState(
            [Player(p.name, {"cents": p.cents, "souls": p.souls}) for p in sc.players],
            active=sc.active_player,
            phase=sc.phase,
        )
        self.hands: dict[str, Hand] = {}
        for p in sc.players:
            self.game.put(
                Card(p.name, p.name, kind="personnage", printed={"pv": p.health, "atq": p.attack}),
                "personnage",
                p.name,
            )
            self.hands[p.name] = Hand(list(p.loot), list(p.items), list(p.curses))
        self.info: dict[str, Monster] = {}
        if sc.monster is not None:
            self._monster_card(sc.monster, "emplacement")
        for m in sc.deck:
            self._monster_card(m, "paquet-monstres")
        self.target: str | None = sc.monster.name if sc.monster else None
        self.slot: str | None = self.target
        self.rolls = list(sc.rolls)
        self.results: list[int] = []
        self.outcomes: list[str] = []
        self.dead: list[str] = []
        self.rewards: dict[str, list[str]] = {}
        self.penalties: dict[str, dict[str, Any]] = {}
        self.refill: list[str] = []
        self.turn_ended = False
        self.attack_lost = False
        self.winner: str | None = None
        self.stack = Stack()
        self.triggers = TriggerQueue(monsters_then_turn_order(TIMING))
        self.current = 0  # the result on the stack while a roll is being made
        self.fired: list[str] = []  # result triggers that resolved, in order
        self.damage_this_turn: dict[str, int] = {}
        self.triggered_by_damage: list[str] = []
        self.cursed: dict[str, list[str]] = {}
        self.souls_cancelled: list[str] = []
        self.rec = Recorder(self.snapshot)

    def _monster_card(self, m: Monster, zone: str) -> None:
        printed = {"pv": m.health, "evasion": m.evasion, "atq": m.attack}
        kind = "monstre" if m.monster else "non-monstre"
        self.game.put(Card(m.name, kind=kind, printed=printed if m.monster else {}), zone)
        self.info[m.name] = m

    @property
    def attacker(self) -> Card:
        return self.game.card(self.sc.active_player)

    @property
    def monster(self) -> Card:
        assert self.target is not None
        return self.game.card(self.target)

    def snapshot(self) -> dict[str, Any]:
        state: dict[str, Any] = {
            "players": {
                p.name: {
                    "health": self.game.card(p.name).value("pv"),
                    "cents": p.count("cents"),
                    "loot": len(self.hands[p.name].loot),
                    "items": [i.name for i in self.hands[p.name].items],
                    "souls": p.count("souls"),
                }
                for p in self.game.players
            },
            "slot": self.slot,
        }
        if self.target is not None:
            state["monster"] = {"name": self.target, "health": self.monster.value("pv")}
        if not self.stack.empty():
            state["stack"] = [i.label_fr for i in reversed(self.stack.items)]
        return state

    def evasion(self) -> int:
        return clamp(self.monster.value("evasion"))

    def damage_for(self, result: int) -> Damage:
        a, m = self.attacker, self.monster
        if result >= self.evasion():
            return Damage(result, True, a.value("atq"), m.name)
        return Damage(result, False, m.value("atq"), a.name)

    def describe(self, d: Damage) -> str:
        a, m = self.attacker, self.monster
        if d.hit:
            return (
                f"{d.result} ≥ évasion {self.evasion()} : l'attaque touche ; {d.amount} dégât(s) "
                f"de combat (l'attaque {of(a.name)}) sont mis sur la pile, destinés à {m.name}."
            )
        return (
            f"{d.result} < évasion {self.evasion()} : l'attaque rate ; {d.amount} dégât(s) de "
            f"combat (l'attaque {of(m.name)}) sont mis sur la pile, destinés à {a.name}."
        )

    def result(self) -> dict[str, Any]:
        health = {p.name: self.game.card(p.name).value("pv") for p in self.game.players}
        if self.target is not None:
            health[self.target] = self.monster.value("pv")
        return {
            "rolls": list(self.results),
            "outcomes": list(self.outcomes),
            "health": health,
            "dead": list(self.dead),
            "attack_lost": self.attack_lost,
            "rewards": dict(self.rewards),
            "souls": {p.name: p.count("souls") for p in self.game.players if p.count("souls")},
            "penalties": dict(self.penalties),
            "turn_ended": self.turn_ended,
            "slot": self.slot,
            "refill": list(self.refill),
            "winner": self.winner,
            "resolved_triggers": list(self.fired),
            "damage_triggers": list(self.triggered_by_damage),
            "curses": dict(self.cursed),
            "souls_cancelled": list(self.souls_cancelled),
        }
