"""Ashes on the engine: `rules` (entry ids, ROUND, TURN, the damage scenario's reading) and one
module per procedure."""

from arbitre.model.ashes.rules import ROUND, TURN

__all__ = ["ROUND", "TURN"]
