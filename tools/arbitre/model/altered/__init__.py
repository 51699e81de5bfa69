"""Altered on the engine: `rules` (entry ids, DAY, DUSK) and one module per procedure."""

from arbitre.model.altered.rules import DAY, DUSK

__all__ = ["DAY", "DUSK"]
