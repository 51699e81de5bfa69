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
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from arbitre import urls
from arbitre.kb.changes import EntryChange, word_diff
from arbitre.kb.editions import Change, History
from arbitre.kb.entry import Entry
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.kb.review import kb_items
from arbitre.site.text import escape_attribute, escape_inline
from arbitre.site.versions import (
    DocumentLabel,
    document_label,
    source_label,
    version_label,
    version_short,
    when,
)

if TYPE_CHECKING:
    from arbitre.site.pages import SiteData

MARKUP = re.compile(r"\*\*|__|`")
# A reader's words: a rule number (« 101.2 »), « tournez-la », « l’effet » are one word each.
WORD = re.compile(r"\s+|\w+(?:[.’'-]\w+)*|[^\w\s]")
LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")


def change_anchor(entry_id: str, removed: bool = False) -> str:
    """The anchor of a change on the « Nouveautés » page."""
    return f"nv-{'retire-' if removed else ''}{urls.anchor(entry_id)}"


def plain(markdown: str) -> str:
    """Entry text as a diff shows it: links unwrapped, bold and code marks removed, lines kept."""
    return MARKUP.sub("", LINK.sub(r"\1", markdown or ""))


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
            if ec.change == "added":
                self.marks[ec.id] = Mark(f"nouveau {version}", "added")
            elif ec.change == "edited" or (ec.change == "moved" and ec.edited):
                self.marks[ec.id] = Mark(f"modifié {version}", "edited")
            elif ec.change == "moved" and ec.old and ec.new and ec.old.number != ec.new.number:
                self.marks[ec.id] = Mark(f"renuméroté {version}", "moved")
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


def entry_edition(data: SiteData, page: str, entry: Entry) -> dict[str, Any] | None:
    """What an entry shows of its editions: badge, history, caution (None when nothing)."""
    game = data.editions.of(entry.game)
    if game is None:
        return None
    mark = game.marks.get(entry.id)
    badge = None
    if mark is not None:
        from arbitre.site.pages import relative_link

        badge = {
            "text": mark.text,
            "href": relative_link(page, urls.changes_page(entry.game), change_anchor(entry.id)),
            "title": escape_attribute(mark.noted or "Voir les nouveautés de cette édition"),
        }
    view = {
        "badge": badge,
        "history": history_view(game, entry),
        "caution": caution_view(data, page, entry),
    }
    return view if any(view.values()) else None


def history_view(game: GameEditions, entry: Entry) -> dict[str, Any] | None:
    """The entry's « Historique »: each distinct text it had, newest first, with the words each
    edition removed and inserted; None when it never changed (nor did its document say so).
    Its strings are HTML (the block is raw HTML in the page)."""
    stages = game.history.stages(entry.id)
    runs: list[list[Any]] = []  # [first stage of the run (newest), versions newest first]
    for stage in stages:
        key = (stage.id, stage.entry.title, stage.entry.text)
        if runs and (runs[-1][0].id, runs[-1][0].entry.title, runs[-1][0].entry.text) == key:
            runs[-1][1].append(stage.version)
            continue
        runs.append([stage, [stage.version]])
    first = game.history.editions[0].version
    noted = game.noted_of(entry.id)
    # A section's heading says nothing of its words: only a change of them makes a history.
    if len(runs) < 2 and (noted is None or entry.kind == "section"):
        return None
    items = []
    for i, (stage, versions) in enumerate(runs):
        older = runs[i + 1][0] if i + 1 < len(runs) else None
        span = version_short(versions[-1])
        if len(versions) > 1:
            span = f"{version_short(versions[-1])} – {version_short(versions[0])}"
        notes = []
        if older is not None and older.id != stage.id:
            was, now = older.entry.number, stage.entry.number
            notes.append(f"auparavant {html.escape(was)}" if was and was != now else "déplacée")
        if older is None and stage.change is not None and stage.change.change == "added":
            notes.append("ajoutée")
        same_text = older is not None and plain(older.entry.text) == plain(stage.entry.text)
        if same_text:
            notes.append("texte inchangé")
        quote = noted.noted if noted is not None and first in versions else None
        heading = " ".join(x for x in (stage.entry.number, stage.entry.title) if x)
        old_title = older.entry.title if older else stage.entry.title
        items.append(
            {
                "versions": html.escape(span),
                "current": i == 0,
                "heading": html.escape(heading),
                "notes": notes,
                "quote": html.escape(quote) if quote else None,
                "title_diff": diff_html(reader_diff(old_title, stage.entry.title))
                if older is not None and old_title != stage.entry.title
                else None,
                # One text only (what the document says it changed): it is the entry's, above.
                "text": None
                if same_text or not stage.entry.text.strip() or len(runs) < 2
                else diff_html(
                    reader_diff(older.entry.text, stage.entry.text)
                    if older is not None
                    else [("=", plain(stage.entry.text))]
                ),
            }
        )
    summary = (
        f"{len(runs)} versions"
        if len(runs) > 1
        else f"ce que le document dit avoir changé en {version_short(first)}"
    )
    return {"items": items, "summary": summary, "unknown_before": noted is not None}


def caution_view(data: SiteData, page: str, entry: Entry) -> dict[str, Any] | None:
    """« La règle a changé depuis cette réponse (v1.5) », or « Cette réponse ne s'applique plus
    depuis la v1.5 », on a ruling; the changed entries linked."""
    if not entry.is_ruling:
        return None
    found = data.editions.cautions().get(entry.id)
    if found is None:
        return None
    version = found["edition"]
    if found["verdict"] == "outdated":
        text = f"Cette réponse ne s’applique plus depuis {since(version)}."
    else:
        text = f"La règle a changé depuis cette réponse ({version_short(version)})"
    return {
        "text": text,
        "outdated": found["verdict"] == "outdated",
        "links": [entry_or_retired_link(data, page, e, entry) for e in found["entries"]],
    }


def since(version: str) -> str:
    """« la v1.5 », « l’édition du 15 juin 2014 »: after « depuis »."""
    label = version_label(version)
    return f"la {label}" if label.startswith("v") else f"l’{label}"


def entry_or_retired_link(
    data: SiteData, page: str, target: str, current: Entry | None = None
) -> dict[str, str]:
    """A link to a current entry, or to an entry an edition removed (`id@version`), which reads
    « 202.9a (retirée le 15 juin 2014) » and lands on the page of retired entries."""
    if target in data.kb.by_id:
        return data.link_view(page, target, current)
    from arbitre.site.pages import relative_link

    retired = data.kb.retired(target)
    if retired is None:  # not an id any edition knows: shown as code, never a broken link
        return {"label": f"`{target}`", "href": "", "title": ""}
    old, _last, removed = retired
    label = " ".join(x for x in (old.number, old.title) if x) or urls.anchor(old.id)
    return {
        "label": escape_inline(f"{label} (retirée {when(removed.version)})"),
        "href": relative_link(page, urls.retired_page(old.game), urls.anchor(target)),
        "title": f"Retirée {when(removed.version)} ; son dernier texte est conservé",
    }


# --- on a document or game page -----------------------------------------------------------------


def document_edition(data: SiteData, page: str, game: str, document: str) -> dict[str, Any] | None:
    """A document page's edition line: its edition in the document's own words where it prints
    them (« FAQ v1.5 du 10 mai 2011 »), and the way to « Nouveautés »."""
    found = data.editions.of(game)
    if found is None:
        return None
    from arbitre.site.pages import relative_link

    if document not in dict(found.documents):  # a glossary page of a game with no such document
        documents = Counter(e.document for e in data.kb.entries_of(game) if e.kind == "glossary")
        document = documents.most_common(1)[0][0] if documents else document
    label = found.label(document)
    return {
        "text": escape_inline(edition_sentence(label.text)),
        "quote": escape_inline(label.quote) if label.quote else None,
        "changes_href": relative_link(page, urls.changes_page(game)),
    }


def edition_sentence(label: str) -> str:
    """« Édition du 31 décembre 2013 », « Édition : Guide de référence v1.4 »."""
    return label[0].upper() + label[1:] if label.startswith("édition") else f"Édition : {label}"


def game_edition(data: SiteData, page: str, game: str) -> dict[str, Any] | None:
    """A game page's edition line: the current edition of its source."""
    found = data.editions.of(game)
    if found is None:
        return None
    from arbitre.site.pages import relative_link

    text = source_label(found.history, found.documents)
    return {
        "text": escape_inline(edition_sentence(text)),
        "quote": None,
        "changes_href": relative_link(page, urls.changes_page(game)),
    }
