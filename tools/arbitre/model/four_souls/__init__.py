"""Four Souls on the engine: `rules` (entry ids, the turn), `data` (scenario reader), `attack`."""

from arbitre.model.four_souls.attack import resolve_attack
from arbitre.model.four_souls.data import read_attack

__all__ = ["read_attack", "resolve_attack"]
