"""Four Souls on the engine: `rules` (entry ids, the turn), `data` (scenario reader), `attack`."""

from arbitre.model.four_souls.attack import resolve_attack
from arbitre.model.four_souls.data import read_attack
from arbitre.model.four_souls.rules import TURN

__all__ = ["TURN", "read_attack", "resolve_attack"]
