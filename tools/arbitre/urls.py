"""Where each entry lives on the site.  The site builder and the search both use this.

Scheme:

- one anchor per entry: its local id with "/" turned into "--"
  (`the-spoils/609.1f` -> `#609.1f`, `marvel-champions/glossaire/allie` -> `#glossaire--allie`).
  Anchors never change when pages are split.
- one page per game document at /<game>/<document>/, and the glossary of a game at
  /<game>/glossaire/.
- a document with more than PAGE_LIMIT entries is split: each top-level section (or, when the
  document has only one, each section just below it) gets its own page
  /<game>/<document>/<section anchor>/; entries outside those sections stay on
  /<game>/<document>/, which also lists the sections and forwards an old
  /<game>/<document>/#anchor link to the page that now holds the anchor.
- the worked examples of a game (arbitre.model) at /<game>/exemples/, each at
  `#exemple--<scenario slug>`.
- what a game's editions changed at /<game>/nouveautes/, and the entries an edition removed, as
  they last stood, at /<game>/retirees/#<local id>@<version>.
- a document whose id is « glossaire » shares the glossary page: its other entries (a heading,
  FAQ answers filed under a term) are shown there.
- a glossary of more than GLOSSARY_LIMIT terms is split by initial letters into pages of about
  GLOSSARY_PART terms, /<game>/glossaire/<letters>/ (« a-c », « d-h »…); /<game>/glossaire/
  keeps the introduction, lists the parts and forwards an old #anchor link.  Entries filed
  under a term follow it.

Splitting needs the whole knowledge base (an entry's top-level section is found through its
parents), so `page_path` and `entry_url` take it as an optional argument.  Without it they
return the document page, which is right for every unsplit document and still lands on the
right entry of a split one through the forwarding script.  Pass the knowledge base when you
have it.
"""

from __future__ import annotations

import math
import re
import weakref
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from arbitre.kb.entry import Entry
from arbitre.text import fold

if TYPE_CHECKING:
    from arbitre.kb.knowledge import KnowledgeBase

# A page with more entries than this is slow to render and to scroll on a phone; the
# comprehensive rules of The Spoils and Altered exceed it, their FAQs do not.
PAGE_LIMIT = 400

# A glossary page with every definition, its « Voir aussi », « Cité par » and « Utilisé dans »
# weighs about 3 kB of HTML per term: above this many terms it is split (no page over 400 kB).
GLOSSARY_LIMIT = 150
GLOSSARY_PART = 70
GLOSSARY_SLUG = "glossaire"
EXAMPLES_SLUG = "exemples"
LEXICON_PAGE = "lexique/"
SCENARIO_GUIDE_PAGE = "ecrire-un-scenario/"  # the judges' guide to scenario files
SEARCH_PAGE = "recherche/"  # searched in the browser (assets/search/), static or served
SEARCH_API = "/api/search"
WEB_MANIFEST = "manifest.webmanifest"  # the web app manifest (site/offline.py)
OFFLINE_PAGE = "hors-ligne/"  # what the offline worker shows for a page it does not hold
CHANGES_SLUG = "nouveautes"  # « Nouveautés »: what the game's last edition changed
RETIRED_SLUG = "retirees"  # the entries editions removed, as they last stood


def anchor(entry_id: str) -> str:
    return entry_id.split("/", 1)[1].replace("/", "--")


def document_page(game: str, document: str) -> str:
    return f"{game}/{document}/"


def glossary_page(game: str) -> str:
    return f"{game}/{GLOSSARY_SLUG}/"


def game_page(game: str) -> str:
    return f"{game}/"


def examples_page(game: str) -> str:
    """The « Exemples commentés » page of a game (its anchors: model.render.example_anchor)."""
    return f"{game}/{EXAMPLES_SLUG}/"


def changes_page(game: str) -> str:
    """The « Nouveautés » page of a game (site/editions.py)."""
    return f"{game}/{CHANGES_SLUG}/"


def retired_page(game: str) -> str:
    """The page of a game's entries that an edition removed, each at `#<anchor(id@version)>`."""
    return f"{game}/{RETIRED_SLUG}/"


def retired_url(qualified: str) -> str:
    """Where an entry an edition removed (`id@version`) is shown as it last stood."""
    return f"/{retired_page(qualified.split('/', 1)[0])}#{anchor(qualified)}"


def page_path(entry: Entry, kb: KnowledgeBase | None = None) -> str:
    """The page (relative URL, trailing slash) that shows this entry."""
    if kb is not None and (entry.kind == "glossary" or entry.document == GLOSSARY_SLUG):
        part = glossary_part_of(kb, entry)
        if part is not None:
            return glossary_part_page(entry.game, part)
    if entry.kind == "glossary":
        return glossary_page(entry.game)
    if kb is not None:
        split = split_sections(kb)
        root = split.get(entry.id)
        if root is not None:
            return section_page(entry.game, entry.document, root)
    return document_page(entry.game, entry.document)


def section_page(game: str, document: str, section_id: str) -> str:
    return f"{game}/{document}/{anchor(section_id)}/"


def entry_url(entry: Entry, kb: KnowledgeBase | None = None) -> str:
    return f"/{page_path(entry, kb)}#{anchor(entry.id)}"


def page_file(page: str) -> str:
    """The generated Markdown file (relative to site_src) of a page path: "a/b/" -> "a/b/index.md"."""
    return f"{page}index.md"


# --- splitting ------------------------------------------------------------------------------

_cache: dict[tuple[int, str], tuple[weakref.ref[KnowledgeBase], Any]] = {}


def _forget(key: tuple[int, str], _ref: object) -> None:
    _cache.pop(key, None)


def _per_kb(kb: KnowledgeBase, name: str, compute: Callable[[KnowledgeBase], Any]) -> Any:
    """compute(kb), once per knowledge base (the KB is not hashable, so the cache is keyed by
    identity and dropped when the KB is collected)."""
    key = (id(kb), name)
    cached = _cache.get(key)
    if cached is not None and cached[0]() is kb:
        return cached[1]
    result = compute(kb)
    _cache[key] = (weakref.ref(kb, partial(_forget, key)), result)
    return result


def split_sections(kb: KnowledgeBase) -> dict[str, str]:
    """entry id -> id of the top-level section whose page shows it, for split documents only."""
    return _per_kb(kb, "split", _compute_split)


def split_documents(kb: KnowledgeBase) -> dict[tuple[str, str], list[str]]:
    """(game, document) -> ids of its top-level sections, in reading order, for split documents."""
    split = split_sections(kb)
    out: dict[tuple[str, str], list[str]] = {}
    for entry in kb.entries:
        if entry.id in split and split[entry.id] == entry.id:
            out.setdefault((entry.game, entry.document), []).append(entry.id)
    return out


def _split_units(kb: KnowledgeBase, entries: list[Entry]) -> list[str]:
    """The sections that get a page each: the top-level sections of the document, or, when the
    document has a single top-level section (« Règles complètes » holding Sections 1-7), the
    sections just below it."""
    ids = {e.id for e in entries}
    units = [
        e.id for e in entries if e.kind == "section" and (e.parent is None or e.parent not in ids)
    ]
    while len(units) == 1:
        below = [c.id for c in kb.children(units[0]) if c.kind == "section" and c.id in ids]
        if len(below) < 2:
            break
        units = below
    # A section with nothing under it (a colour legend before Section 1) stays on the document page.
    units = [u for u in units if any(c.id in ids for c in kb.children(u))]
    return units if len(units) >= 2 else []


def _compute_split(kb: KnowledgeBase) -> dict[str, str]:
    by_document: dict[tuple[str, str], list[Entry]] = {}
    for entry in kb.entries:
        if entry.kind != "glossary":
            by_document.setdefault((entry.game, entry.document), []).append(entry)
    result: dict[str, str] = {}
    for (_game, document), entries in by_document.items():
        if len(entries) <= PAGE_LIMIT or document == GLOSSARY_SLUG:
            continue
        units = set(_split_units(kb, entries))
        if not units:
            continue
        for entry in entries:
            chain = [entry.id] + [a.id for a in reversed(kb.ancestors(entry.id))]
            unit = next((c for c in chain if c in units), None)
            if unit is not None:
                result[entry.id] = unit
    return result


# --- glossary parts ---------------------------------------------------------------------------


def term_letter(title: str) -> str:
    """The letter a term is filed under: accents, case and leading signs ignored; « # » for
    a term that does not start with a letter."""
    first = re.sub(r"^\W+", "", fold(title))[:1].upper()
    return first if first.isalpha() else "#"


def glossary_part_page(game: str, part: str) -> str:
    return f"{game}/{GLOSSARY_SLUG}/{part}/"


def _part_slug(letters: list[str]) -> str:
    names = ["autres" if x == "#" else x.lower() for x in (letters[0], letters[-1])]
    return names[0] if names[0] == names[1] else f"{names[0]}-{names[1]}"


def glossary_parts(kb: KnowledgeBase) -> dict[str, list[tuple[str, list[str]]]]:
    """game -> [(part slug, its letters)] for the glossaries that are split, in reading order."""
    return _per_kb(kb, "glossary", _compute_glossary_parts)


def _compute_glossary_parts(kb: KnowledgeBase) -> dict[str, list[tuple[str, list[str]]]]:
    counts: dict[str, dict[str, int]] = {}
    for entry in kb.entries:
        if entry.kind == "glossary":
            letter = term_letter(entry.title or "")
            by_letter = counts.setdefault(entry.game, {})
            by_letter[letter] = by_letter.get(letter, 0) + 1
    out: dict[str, list[tuple[str, list[str]]]] = {}
    for game, by_letter in counts.items():
        total = sum(by_letter.values())
        if total <= GLOSSARY_LIMIT:
            continue
        target = math.ceil(total / math.ceil(total / GLOSSARY_PART))
        parts: list[list[str]] = [[]]
        held = 0
        for letter in sorted(by_letter, key=lambda x: (x == "#", x)):
            if held >= target:
                parts.append([])
                held = 0
            parts[-1].append(letter)
            held += by_letter[letter]
        out[game] = [(_part_slug(letters), letters) for letters in parts]
    return out


def glossary_part_of(kb: KnowledgeBase, entry: Entry) -> str | None:
    """The part page of a split glossary that shows this entry (a term, or an entry filed
    under one), or None."""
    parts = glossary_parts(kb).get(entry.game)
    if not parts:
        return None
    term = entry if entry.kind == "glossary" else None
    if term is None:
        term = next((a for a in reversed(kb.ancestors(entry.id)) if a.kind == "glossary"), None)
    if term is None:
        return None
    letter = term_letter(term.title or "")
    return next(slug for slug, letters in parts if letter in letters)
