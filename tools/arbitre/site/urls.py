"""Where each entry lives on the site.  The site builder and the search both use this.

Scheme: one page per game document at /<game>/<document>/ (the glossary of a game at
/<game>/glossaire/), and one anchor per entry: its local id with "/" turned into "--"
(`the-spoils/609.1f` -> `#609.1f`, `marvel-champions/glossaire/allie` -> `#glossaire--allie`).
Anchors never change when pages are split; /r/<id> on the server redirects to the anchor.
"""

from __future__ import annotations

from arbitre.kb.entry import Entry


def anchor(entry_id: str) -> str:
    return entry_id.split("/", 1)[1].replace("/", "--")


def page_path(entry: Entry) -> str:
    """The page (relative URL, trailing slash) that shows this entry."""
    document = "glossaire" if entry.kind == "glossary" else entry.document
    return f"{entry.game}/{document}/"


def entry_url(entry: Entry) -> str:
    return f"/{page_path(entry)}#{anchor(entry.id)}"
