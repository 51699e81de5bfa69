"""The Spoils on the engine: `rules` (entry ids, TURN, COMBAT) and one module per procedure."""

from arbitre.model.the_spoils.rules import COMBAT, TURN

__all__ = ["COMBAT", "TURN"]
