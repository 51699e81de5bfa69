"""Importers: one pure parser per source document format.

Each importer, a module or a package (the_spoils/: its face is its __init__), defines
    GAME: str          the game id ("the-spoils")
    TITLE: str         the game's display name
    SHORT_TITLE: str   the name players call it by (the site's tabs, « dans Four Souls »)
    SOURCE: str        the current source file's name, under content/<GAME>/sources/
    AUTHORITY, AUTHORITY_QUOTE   who wrote the source, in its own words
    CORRECTIONS: dict  the sections of content/<GAME>/corrections.yaml it reads, and their shapes
    def parse(text: str, *, corrections: Corrections, source_file: str = SOURCE) -> GameImport
and is discovered automatically (sorted by game id), so adding a game is adding a module or a
package.

`parse` is pure: every entry's `source.file` is `source_file`; a correction that no longer
matches the text is skipped and listed in `GameImport.stale_corrections`; what the text says of
its edition is `GameImport.document_editions`; text it cannot place is a SourceError naming
content/<GAME>/sources/<source_file> and the line.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType


def importer_modules() -> dict[str, ModuleType]:
    """Every importer (module or package), keyed by game id, in sorted order."""
    found: dict[str, ModuleType] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if game and callable(getattr(module, "parse", None)):
            found[game] = module
    return dict(sorted(found.items()))
