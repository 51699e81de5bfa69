"""Marvel Champions on the engine: `rules` (entry ids, ROUND, the attack scenario's reading) and
one module per procedure."""

from arbitre.model.marvel_champions.rules import ROUND

__all__ = ["ROUND"]
