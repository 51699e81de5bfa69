"""Four Souls on the engine: `rules` (entry ids, the turn), `data` (scenario reader), `attack`,
`stack_play` (the stack and priority), `death` (a player's death and the end phase),
`gains` (¢ and loot gained, stolen, negotiated; bonus souls)."""

from arbitre.model.four_souls.attack import resolve_attack
from arbitre.model.four_souls.data import read_attack
from arbitre.model.four_souls.death import read_death, resolve_death
from arbitre.model.four_souls.gains import read_gains, resolve_gains
from arbitre.model.four_souls.rules import TURN
from arbitre.model.four_souls.stack_play import read_stack, resolve_stack

__all__ = [
    "TURN",
    "read_attack",
    "read_death",
    "read_gains",
    "read_stack",
    "resolve_attack",
    "resolve_death",
    "resolve_gains",
    "resolve_stack",
]
