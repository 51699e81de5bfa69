"""The editions on the pages: an entry's badge and « Historique », a ruling's caution, a link to
an entry that may have been removed, a document's and a game's edition line.  Each view takes the
`SiteData` the page builders share (site/shared.py) and what `SiteEditions` (site/editions.py)
computed once per knowledge base."""

from __future__ import annotations

import html
from collections import Counter
from typing import Any

from arbitre import urls
from arbitre.kb.editions import Change, Stage
from arbitre.kb.entry import Entry
from arbitre.site.editions import (
    GameEditions,
    change_anchor,
    diff_html,
    plain,
    reader_diff,
    since,
)
from arbitre.site.shared import SiteData, relative_link
from arbitre.site.text import escape_attribute, escape_inline
from arbitre.site.versions import source_label, version_short, when


def entry_edition(data: SiteData, page: str, entry: Entry) -> dict[str, Any] | None:
    """What an entry shows of its editions: badge, history, caution (None when nothing)."""
    game = data.editions.of(entry.game)
    if game is None:
        return None
    mark = game.marks.get(entry.id)
    badge = None
    if mark is not None:
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


def _runs(stages: list[Stage]) -> list[list[Any]]:
    """The stages grouped into runs of the same id, title and text: [first stage of the run
    (newest), its versions newest first]."""
    runs: list[list[Any]] = []
    for stage in stages:
        key = (stage.id, stage.entry.title, stage.entry.text)
        if runs and (runs[-1][0].id, runs[-1][0].entry.title, runs[-1][0].entry.text) == key:
            runs[-1][1].append(stage.version)
            continue
        runs.append([stage, [stage.version]])
    return runs


def _history_item(
    runs: list[list[Any]], i: int, noted: Change | None, first: str
) -> dict[str, Any]:
    """One text of « Historique » (run `i`): its versions, heading and notes, and the words it
    changed from the older run."""
    stage, versions = runs[i]
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
    return {
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


def history_view(game: GameEditions, entry: Entry) -> dict[str, Any] | None:
    """The entry's « Historique »: each distinct text it had, newest first, with the words each
    edition removed and inserted; None when it never changed (nor did its document say so).
    Its strings are HTML (the block is raw HTML in the page)."""
    runs = _runs(game.history.stages(entry.id))
    first = game.history.editions[0].version
    noted = game.noted_of(entry.id)
    # A section's heading says nothing of its words: only a change of them makes a history.
    if len(runs) < 2 and (noted is None or entry.kind == "section"):
        return None
    items = [_history_item(runs, i, noted, first) for i in range(len(runs))]
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


def entry_or_retired_link(
    data: SiteData, page: str, target: str, current: Entry | None = None
) -> dict[str, str]:
    """A link to a current entry, or to an entry an edition removed (`id@version`), which reads
    « 202.9a (retirée le 15 juin 2014) » and lands on the page of retired entries."""
    if target in data.kb.by_id:
        return data.link_view(page, target, current)

    retired = data.kb.retired(target)
    if retired is None:  # not an id any edition knows: shown as code, never a broken link
        return {"label": f"`{target}`", "href": "", "title": ""}
    old, last, removed = retired
    editions = data.editions.of(old.game)
    label = data.heading(old, editions.history.state(last.version) if editions else None)
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

    text = source_label(found.history, found.documents)
    return {
        "text": escape_inline(edition_sentence(text)),
        "quote": None,
        "changes_href": relative_link(page, urls.changes_page(game)),
    }
