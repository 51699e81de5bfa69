"""Four Souls « mort »: the position (each player's health, ¢, hand and items, the loot deck, the
stack), the stack items every step resolves, and what the trace shows of it.
"""

from __future__ import annotations

from typing import Any

from arbitre.model.core.scenario import ScenarioError
from arbitre.model.core.stack import Stack, StackItem
from arbitre.model.core.state import GameState, Player
from arbitre.model.core.trace import Recorder
from arbitre.model.four_souls.death_read import DeathScenario, Response, Trigger
from arbitre.model.four_souls.rules import PRIORITY, RESOLVE_STACK, RESPOND


class DeathState:
    """The position of a « mort » scenario and the tallies its trace reports."""

    def __init__(self, sc: DeathScenario) -> None:
        self.sc = sc
        self.game = GameState([Player(p.name) for p in sc.players], active=sc.active_player)
        self.p = {h.name: h for h in sc.players}
        self.owned = {h.name: {i for i, _ in h.items} for h in sc.players}
        self.loot_deck = list(sc.loot_deck)
        self.stack = Stack()
        for source, text in sc.stack:
            self.stack.push(StackItem(source, None, text))
        self.died: list[str] = []
        self.cancelled: list[str] = []
        self.resolved: list[str] = []
        self.penalties: dict[str, dict[str, Any]] = {}
        self.deactivated: list[str] = []
        self.turn_ended = False
        self.passed_to: str | None = None
        self.cut: dict[str, int] = {}
        self.damage_events: dict[str, int] = {}
        self.lasting = list(sc.lasting)
        self.rec = Recorder(self.snapshot)

    def snapshot(self) -> dict[str, Any]:
        state: dict[str, Any] = {
            "joueurs": {
                h.name: {
                    "santé": h.health,
                    "¢": h.cents,
                    "butin en main": len(h.loot),
                    "objets": [i for i, _ in h.items],
                }
                for h in self.sc.players
            }
        }
        if not self.stack.empty():
            state["pile (de haut en bas)"] = [i.label_fr for i in reversed(self.stack.items)]
        return state

    def holds(self, t: Trigger) -> bool:
        """A trigger of an item fires only while its controller still has the item."""
        items = {i for i, _ in self.p[t.player].items}
        return t.source not in self.owned[t.player] or t.source in items

    def play_response(self, r: Response) -> None:
        hand = self.p[r.player].loot
        if r.source not in hand:
            raise ScenarioError("actions.events", f"{r.player} does not hold {r.source!r} then")
        hand.remove(r.source)
        self.rec.step(
            [PRIORITY, RESPOND],
            f"En réponse, {r.player} joue {r.source} ; il va au-dessus de la pile et se résout "
            "d'abord.",
        )

    def resolve_top(self) -> None:
        item = self.stack.pop()
        self.resolved.append(item.label_fr)
        payload = item.payload
        if isinstance(payload, Trigger):
            h = self.p[payload.player]
            drawn = [self.draw() for _ in range(payload.draw)]
            h.loot += drawn
            what = f" : {h.name} pioche {len(drawn)} butin(s) ({', '.join(drawn)})" if drawn else ""
            if payload.text:
                what += f" : {payload.text}"
            self.rec.step([RESOLVE_STACK], f"{item.label_fr} se résout{what}.")
            return
        what = f" : {payload}" if payload else ""
        self.rec.step([RESOLVE_STACK], f"{item.label_fr} se résout{what}.")

    def draw(self) -> str:
        if not self.loot_deck:
            raise ScenarioError("state.loot_deck", "the loot deck runs out: list more cards")
        return self.loot_deck.pop(0)

    def result(self) -> dict[str, Any]:
        return {
            "deaths": list(self.died),
            "cancelled": list(self.cancelled),
            "resolved": list(self.resolved),
            "penalties": dict(self.penalties),
            "health": {h.name: h.health for h in self.sc.players},
            "cents": {h.name: h.cents for h in self.sc.players},
            "loot": {h.name: len(h.loot) for h in self.sc.players},
            "items": {h.name: [i for i, _ in h.items] for h in self.sc.players},
            "deactivated": list(self.deactivated),
            "turn_ended": self.turn_ended,
            "turn_passed_to": self.passed_to,
            "hand_limit_discards": dict(self.cut),
            "souls": {h.name: h.souls for h in self.sc.players if h.souls},
            "damage_events": dict(self.damage_events),
            "until_end_of_turn": list(self.lasting),
        }
