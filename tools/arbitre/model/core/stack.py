"""A stack of effects: the last one put on resolves first.

Used by the games that have one (Four Souls: « la pile »).  Each item says who controls it and what
it is in French; `resolve_top` pops it and calls the resolver the game gave.  Priority (who may add
to the stack before the top resolves) is the game's: the stack only keeps the order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass
class StackItem:
    label_fr: str
    controller: str | None
    payload: Any = None
    resolve: Callable[[StackItem], None] | None = None


class Stack:
    def __init__(self) -> None:
        self.items: list[StackItem] = []  # bottom first

    def push(self, item: StackItem) -> StackItem:
        self.items.append(item)
        return item

    def top(self) -> StackItem | None:
        return self.items[-1] if self.items else None

    def empty(self) -> bool:
        return not self.items

    def __len__(self) -> int:
        return len(self.items)

    def pop(self) -> StackItem:
        return self.items.pop()

    def resolve_top(self) -> StackItem:
        item = self.items.pop()
        if item.resolve is not None:
            item.resolve(item)
        return item

    def resolve_all(self) -> list[StackItem]:
        """Resolve from the top until the stack is empty (items may push more)."""
        done = []
        while self.items:
            done.append(self.resolve_top())
        return done

    def describe(self) -> str:
        """The stack in French, top first."""
        if not self.items:
            return "la pile est vide"
        return "de haut en bas : " + ", ".join(i.label_fr for i in reversed(self.items))
