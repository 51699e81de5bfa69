"""Importers: one pure parser per source document format.

Each importer module defines
    GAME: str          the game id ("the-spoils")
    TITLE: str         the game's display name
    SHORT_TITLE: str   the name players call it by (the site's tabs, « dans Four Souls »)
    SOURCE: str        the source file name, under content/<GAME>/sources/
    def parse(text: str) -> GameImport
and is discovered automatically (sorted by game id), so adding a game is adding a module.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType


def importer_modules() -> dict[str, ModuleType]:
    """Every importer module, keyed by game id, in sorted order."""
    found: dict[str, ModuleType] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name.startswith("_") or info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if game and callable(getattr(module, "parse", None)):
            found[game] = module
    return dict(sorted(found.items()))
