"""Text keys shared by every layer: the bottom of the package, importing nothing of Arbitre's.

`fold` is the comparison key of titles, aliases, card names and slugs (the importers' ids come
from it, so it never changes without a re-import); the search has its own analysis chain
(`search/analysis.py`).
"""

from __future__ import annotations

import unicodedata


def fold(text: str) -> str:
    """Lowercase with accents removed: the comparison key for titles and aliases."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).replace("œ", "oe")
