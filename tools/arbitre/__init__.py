"""Arbitre: a rules knowledge base and search service for French card-game rulebooks."""

__version__ = "0.1.0"
