"""Editions on an entry: the « modifié en v… » badge, the « Historique », the caution on a
ruling whose rule changed after it, and links to entries an edition removed.

Pure, like pages.py: contexts of plain, escaped values (HTML for the word diffs, which are
raw HTML blocks in the pages).  `SiteEditions` computes what each game's editions changed once
per knowledge base; the pages of « Nouveautés » and of the retired entries are
site/edition_pages.py.  Labels (« v1.5 », « édition du 31 décembre 2013 ») are site/versions.py.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any

from arbitre import urls
from arbitre.kb.changes import EntryChange, word_diff
from arbitre.kb.editions import Change, History
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.kb.review import kb_items
from arbitre.site.versions import (
    DocumentLabel,
    document_label,
    version_label,
    when,
)

MARKUP = re.compile(r"\*\*|__|`")
# A reader's words: a rule number (« 101.2 »), « tournez-la », « l’effet » are one word each.
WORD = re.compile(r"\s+|\w+(?:[.’'-]\w+)*|[^\w\s]")
LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
BULLET = re.compile(r"^([ \t]*)[-*+] ", re.MULTILINE)  # a Markdown list item's marker


def change_anchor(entry_id: str, removed: bool = False) -> str:
    """The anchor of a change on the « Nouveautés » page."""
    return f"nv-{'retire-' if removed else ''}{urls.anchor(entry_id)}"


def plain(markdown: str) -> str:
    """Entry text as a diff shows it: links unwrapped, bold and code marks removed, a list item's
    « - » shown as the page shows it (•), lines kept."""
    return BULLET.sub("\\1• ", MARKUP.sub("", LINK.sub(r"\1", markdown or "")))


def reader_diff(a: str | None, b: str | None) -> list[tuple[str, str]]:
    """The word diff of two texts as a reader compares them (kb/changes.py `word_diff`)."""
    return word_diff(plain(a or ""), plain(b or ""), WORD)


def diff_html(ops: list[tuple[str, str]], elide: int = 0) -> str:
    """[(op, text)] as HTML: removed words in <del>, inserted ones in <ins>, line breaks as <br>.
    `elide`: keep only that many words of unchanged text around each change (« … » for the rest)."""
    out: list[str] = []
    for i, (op, text) in enumerate(ops):
        if op == "=" and elide:
            text = _elide(text, elide, first=i == 0, last=i == len(ops) - 1)
        body = html.escape(text, quote=False).replace("\n", "<br>")
        out.append(
            body
            if op == "="
            else f"<{'del' if op == '-' else 'ins'}>{body}</{'del' if op == '-' else 'ins'}>"
        )
    return "".join(out)


def _elide(text: str, keep: int, first: bool, last: bool) -> str:
    words = text.split(" ")
    if len(words) <= keep * 2 + 1:
        return text
    head = [] if first else words[:keep]
    tail = [] if last else words[-keep:]
    return " ".join([*head, "…", *tail]) if head or tail else "…"


@dataclass(frozen=True)
class Mark:
    """What the current edition did to an entry, as its badge says it."""

    text: str  # « modifié en v1.5 »
    change: str  # added | edited | moved | noted
    noted: str | None = None  # the document's own words (a first edition's summary)


def change_mark(change: EntryChange, version: str) -> Mark | None:
    """The badge of an entry the current edition (`version`: « en v1.5 ») added, edited, moved
    or both: « renommé et modifié en v1.5 » tells a judge both at a glance."""
    if change.change == "added":
        return Mark(f"nouveau {version}", "added")
    if change.change == "edited":
        return Mark(f"modifié {version}", "edited")
    if change.change != "moved" or change.old is None or change.new is None:
        return None
    moved = (
        "renuméroté"
        if change.old.number != change.new.number
        else "renommé"
        if change.old.title != change.new.title
        else None
    )
    if change.edited:
        return Mark(f"{moved} et modifié {version}" if moved else f"modifié {version}", "edited")
    return Mark(f"{moved} {version}", "moved") if moved else None


class GameEditions:
    """One game's editions, as the site shows them."""

    def __init__(self, kb: KnowledgeBase, history: History) -> None:
        self.history = history
        self.game = history.game
        game = kb.game(self.game)
        self.documents = list(game.documents) if game else []
        editions = history.editions
        self.current = editions[-1]
        self.previous = editions[-2] if len(editions) > 1 else None
        # What the current edition changed (against the previous one), in reading order.
        self.latest: list[EntryChange] = (
            history.diff(self.previous.version, self.current.version) if self.previous else []
        )
        # What the first edition's document says it changed (only shown as « the current
        # edition's changes » while that edition is current).
        self.noted: list[Change] = [c for c in history.noted() if c.noted]
        self.marks: dict[str, Mark] = {}
        version = when(self.current.version)
        if self.previous is None:
            for c in self.noted:
                word = "nouveau" if c.change == "added" else "modifié"
                self.marks[c.id] = Mark(f"{word} {version}", "noted", c.noted)
        for ec in self.latest:
            mark = change_mark(ec, version)
            if mark is not None:
                self.marks[ec.id] = mark
        self.retired = history.retired()
        self._labels: dict[str, DocumentLabel] = {}

    def label(self, document: str) -> DocumentLabel:
        if document not in self._labels:
            self._labels[document] = document_label(self.history, self.documents, document)
        return self._labels[document]

    def noted_of(self, entry_id: str) -> Change | None:
        return next((c for c in self.noted if c.id == entry_id), None)


class SiteEditions:
    """Every game's editions, computed once for all pages."""

    def __init__(self, kb: KnowledgeBase) -> None:
        self.kb = kb
        self.games = {
            game: GameEditions(kb, history)
            for game, history in kb.histories.items()
            if history.editions and kb.game(game) is not None
        }
        self._cautions: dict[str, dict[str, Any]] | None = None

    def of(self, game: str) -> GameEditions | None:
        return self.games.get(game)

    def cautions(self) -> dict[str, dict[str, Any]]:
        """Ruling id -> {edition, verdict, entries}: a ruling resting on text a later edition
        changed (verdict `changed`) or that a person said no longer applies (`outdated`,
        `content/<game>/reviewed.yaml`); settled `holds` or `done`: no caution."""
        if self._cautions is None:
            self._cautions = {}
            for game in self.games:
                settled = self.kb.reviewed.get(game, {})
                for item in kb_items(self.kb, game):
                    if item.kind != "ruling":
                        continue
                    row = settled.get(item.key())
                    verdict = row.verdict if row else "changed"
                    if verdict not in ("changed", "outdated"):
                        continue
                    found = self._cautions.setdefault(
                        item.id, {"edition": item.edition, "verdict": verdict, "entries": []}
                    )
                    if verdict == "outdated" and found["verdict"] != "outdated":
                        found.update(edition=item.edition, verdict="outdated")
                    if item.entry not in found["entries"]:
                        found["entries"].append(item.entry)
        return self._cautions


# --- on an entry ------------------------------------------------------------------------------


def since(version: str) -> str:
    """« la v1.5 », « l’édition du 15 juin 2014 »: after « depuis »."""
    label = version_label(version)
    return f"la {label}" if label.startswith("v") else f"l’{label}"
