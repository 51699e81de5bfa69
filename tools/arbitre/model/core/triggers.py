"""Triggered effects that fire at the same time, and who puts them in order.

Every game says who orders simultaneous triggers; that rule is an `OrderRule`:
- `active_player_orders` (Ashes: the active player, or the first player outside a turn);
- `monsters_then_turn_order` (Four Souls « Timing »: monster effects first in the active player's
  order, then each player's effects in turn order from the active player, each player ordering
  their own);
- `controller_chooses` (Marvel Champions: the first player / the controller chooses).

The queue keeps the order each player chose (the scenario lists it); the rule only groups and
says who chose, so the trace can cite it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from arbitre.model.core.french import of
from arbitre.model.core.state import GameState


@dataclass
class Pending:
    """A triggered effect waiting to be ordered and resolved."""

    source: str  # the card or ability, in French as printed
    controller: str | None  # None: a card of the game (a monster)
    payload: Any = None  # the game's own description of the effect
    monster: bool = False  # Four Souls: a monster card's effect goes first


@dataclass
class Ordering:
    pending: list[Pending]
    chooser: str | None  # who chose the order (None: nobody had to)
    rule_ids: list[str] = field(default_factory=list)
    text_fr: str = ""  # the French explanation of the order


OrderRule = Callable[[GameState, list[Pending]], Ordering]


def _names(pending: list[Pending]) -> str:
    return ", ".join(p.source for p in pending)


def active_player_orders(rule_id: str) -> OrderRule:
    def order(state: GameState, pending: list[Pending]) -> Ordering:
        if len(pending) < 2:
            return Ordering(list(pending), None)
        chooser = state.active or state.names()[0]
        who = "le joueur actif" if state.active else "le premier joueur"
        text = f"{who} ({chooser}) choisit l'ordre : {_names(pending)}"
        return Ordering(list(pending), chooser, [rule_id], text)

    return order


def monsters_then_turn_order(rule_id: str) -> OrderRule:
    def order(state: GameState, pending: list[Pending]) -> Ordering:
        if len(pending) < 2:
            return Ordering(list(pending), None)
        monsters = [p for p in pending if p.monster]
        ordered = list(monsters)
        groups = []
        if monsters:
            groups.append(f"d'abord les effets de monstres ({_names(monsters)})")
        for name in state.turn_order():
            own = [p for p in pending if not p.monster and p.controller == name]
            if own:
                ordered += own
                word = "puis" if groups else "d'abord"
                groups.append(f"{word} ceux {of(name)}, dans l'ordre qu'il choisit ({_names(own)})")
        rest = [p for p in pending if p not in ordered]
        ordered += rest
        text = "ils vont sur la pile " + ", ".join(groups)  # « Timing »
        return Ordering(ordered, state.active, [rule_id], text)

    return order


def in_turn_order(rule_id: str) -> OrderRule:
    """Each player in turn from the active (or first) player; a player's own as listed."""

    def order(state: GameState, pending: list[Pending]) -> Ordering:
        if len(pending) < 2:
            return Ordering(list(pending), None)
        ordered = [p for name in state.turn_order() for p in pending if p.controller == name]
        ordered += [p for p in pending if p not in ordered]
        text = f"dans l'ordre des joueurs : {_names(ordered)}"
        return Ordering(ordered, None, [rule_id], text)

    return order


def controller_chooses(rule_id: str) -> OrderRule:
    def order(state: GameState, pending: list[Pending]) -> Ordering:
        if len(pending) < 2:
            return Ordering(list(pending), None)
        chooser = pending[0].controller or state.active or state.names()[0]
        text = f"{chooser} choisit l'ordre : {_names(pending)}"
        return Ordering(list(pending), chooser, [rule_id], text)

    return order


class TriggerQueue:
    """Collects the triggers of one event, then hands them out in the order the game's rule gives."""

    def __init__(self, rule: OrderRule) -> None:
        self.rule = rule
        self.pending: list[Pending] = []

    def add(self, pending: Pending) -> None:
        self.pending.append(pending)

    def __len__(self) -> int:
        return len(self.pending)

    def drain(self, state: GameState) -> Ordering:
        """The collected triggers in order; the queue is empty afterwards."""
        ordering = self.rule(state, self.pending)
        self.pending = []
        return ordering
