"""Ashes damage and destruction: the position every Ashes procedure starts from (the cards in
play, the players in first-player order, the trigger queue), which triggers match an event, and
what the trace shows of it.  damage.py runs the process on it.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from arbitre.model.ashes.damage_read import AshesScenario, Card, Trigger
from arbitre.model.ashes.rules import ARENA, ROUND
from arbitre.model.core.sequence import Phase
from arbitre.model.core.state import GameState
from arbitre.model.core.state import Player as EnginePlayer
from arbitre.model.core.trace import Recorder
from arbitre.model.core.triggers import TriggerQueue, active_player_orders

# Triggers fired at one step resolve before the next step, in the order the active (or first)
# player chooses.
BETWEEN_STEPS = "ashes/degats/declenchements-entre-etapes"


class GameOver(Exception):
    """The game has a winner: every process stops."""


@dataclass
class Event:
    subject: str
    source: str  # card (or effect) name
    controller: str | None  # player controlling the effect (None: no player, an expiry)
    label: str = ""  # how the text names the cause, when not just `source`

    @property
    def by(self) -> str:
        return self.label or self.source


class DamageState:
    """The position of an Ashes scenario and the tallies its trace reports."""

    def __init__(self, sc: AshesScenario) -> None:
        self.sc = sc
        self.discarded: list[str] = []
        self.destroyed: list[str] = []
        self.losers: list[str] = []
        self.winner: str | None = None
        self.resolved: list[str] = []
        self.not_resolved: list[str] = []
        self.placed: list[str] = []
        self.received: dict[str, int] = {}
        self.game = GameState(
            [EnginePlayer(p.name) for p in sc.players],
            active=sc.active_player,
            phase=sc.phase,
        )
        first = [p.name for p in sc.players].index(sc.first_player)
        self.game.players = self.game.players[first:] + self.game.players[:first]
        for c in sc.cards:
            self.game.put(copy.deepcopy(c), ARENA, c.controller)
        self.queue = TriggerQueue(active_player_orders(BETWEEN_STEPS))
        self.rec = Recorder(self.snapshot)

    @property
    def cards(self) -> dict[str, Card]:
        """The cards in play (in an arena, or a Phoenixborn), by name."""
        return {
            c.name: c  # type: ignore[misc]
            for c in self.game.cards.values()
            if c.zone == ARENA
        }

    def snapshot(self) -> dict[str, Any]:
        return {
            "cards": {
                c.name: {"life": c.life, "wounds": c.wounds, "status": c.status}
                for c in self.cards.values()
            },
            "destroyed_not_discarded": [n for n in self.destroyed if n in self.cards],
            "discarded": list(self.discarded),
        }

    def phase(self) -> Phase:
        return ROUND.phase(self.sc.phase)

    def in_play(self, name: str) -> bool:
        return name in self.cards

    def controller_of(self, trigger: Trigger) -> str:
        if trigger.from_hand:
            assert trigger.controller is not None
            return trigger.controller
        return self.sc_card(trigger.card).controller

    def sc_card(self, name: str) -> Card:
        return self.cards.get(name) or next(c for c in self.sc.cards if c.name == name)

    def matches(self, t: Trigger, when: str, event: Event, subject: Card) -> bool:
        if t.when != when:
            return False
        owner = self.controller_of(t)
        if t.subject == "self":
            ok = subject.name == t.card
        elif t.subject == "any_unit":
            ok = subject.kind == "unit"
        elif t.subject == "unit_you_control":
            ok = subject.kind == "unit" and subject.controller == owner
        elif t.subject == "opponent_unit":
            ok = subject.kind == "unit" and subject.controller != owner
        else:
            ok = subject.name == t.subject
        if t.by_self and event.source != t.card:
            return False
        return ok

    def result(self) -> dict[str, Any]:
        return {
            "wounds": {c.name: c.wounds for c in self.cards.values()},
            "damage_received": dict(self.received),
            "destroyed": list(self.destroyed),
            "discarded": list(self.discarded),
            "resolved": list(self.resolved),
            "not_resolved": list(self.not_resolved),
            "status": {c.name: c.status for c in self.cards.values() if c.status},
            "placed": list(self.placed),
            "losers": list(self.losers),
            "winner": self.winner,
        }
