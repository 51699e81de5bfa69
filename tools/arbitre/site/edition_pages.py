"""The pages of a game's editions: « Nouveautés » (/<game>/nouveautes/: what the last edition
changed, each change linked to its entry with its word diff, the earlier editions, and what a
first edition's document says it changed) and the entries an edition removed, as they last
stood (/<game>/retirees/: where old short links of removed entries land).

Pure, like pages.py; the contexts' diffs are HTML (site/editions.py `diff_html`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arbitre import urls
from arbitre.kb.changes import EntryChange
from arbitre.kb.entry import Entry
from arbitre.kb.knowledge import Game, KnowledgeBase
from arbitre.site.editions import (
    GameEditions,
    change_anchor,
    diff_html,
    plain,
    reader_diff,
    since,
)
from arbitre.site.shared import Page, SiteData, game_link, relative_link
from arbitre.site.text import escape_inline, render_text
from arbitre.site.versions import edition_label, version_label, version_short, when

CHANGES_TITLE = "Nouveautés"
RETIRED_TITLE = "Entrées retirées"
ELIDE = 12  # words of unchanged text kept around each change on « Nouveautés »
EXCERPT = 80  # words of an added or removed entry's text shown there
# The groups of « Nouveautés », in this order: (key, heading, singular, plural).
GROUPS = (
    ("edited", "Entrées modifiées", "entrée modifiée", "entrées modifiées"),
    ("added", "Nouvelles entrées", "nouvelle entrée", "nouvelles entrées"),
    (
        "moved",
        "Entrées renumérotées ou renommées",
        "entrée renumérotée ou renommée",
        "entrées renumérotées ou renommées",
    ),
    ("removed", "Entrées retirées", "entrée retirée", "entrées retirées"),
)
KIND_WORDS = {"edited": "modifiée", "added": "nouvelle", "moved": "déplacée", "removed": "retirée"}


def _group(change: EntryChange) -> str:
    if change.change == "moved":
        return "edited" if change.edited else "moved"
    return change.change


def _excerpt(text: str) -> str:
    words = plain(text).split(" ")
    return " ".join(words[:EXCERPT]) + (" …" if len(words) > EXCERPT else "")


def _previous_state(game: GameEditions) -> Mapping[str, Entry]:
    """The entries as the previous edition had them ({} for a first edition)."""
    return game.history.state(game.previous.version) if game.previous else {}


def _state(data: SiteData, game: GameEditions, change: EntryChange) -> Mapping[str, Entry]:
    """The entries of the edition a change's entry is from: a removed entry's is the previous
    edition, any other's today's."""
    return _previous_state(game) if change.new is None else data.kb.by_id


def change_view(data: SiteData, page: str, game: GameEditions, change: EntryChange) -> dict:
    """One change on « Nouveautés »: a link to the entry (or to its last text when removed),
    what it was before, and its words removed and inserted."""

    entry = change.new or change.old
    assert entry is not None
    group = _group(change)
    if change.change == "removed":
        qualified = f"{change.id}@{game.previous.version if game.previous else ''}"
        href = relative_link(page, urls.retired_page(game.game), urls.anchor(qualified))
    else:
        href = data.href(page, change.id)
    word = KIND_WORDS[group]
    if group == "moved" and change.old and change.new and change.old.number != change.new.number:
        word = "renumérotée"
    elif group == "moved" and change.old and change.new and change.old.title != change.new.title:
        word = "renommée"
    view: dict[str, Any] = {
        "anchor": change_anchor(change.id, removed=change.change == "removed"),
        "kind": word,
        "heading": escape_inline(data.heading(entry, _state(data, game, change))),
        "href": href,
        "document": escape_inline(data.doc_titles.get((entry.game, entry.document), "")),
        "before": None,
        "title_diff": None,
        "text": None,
    }
    old, new = change.old, change.new
    if change.change == "moved" and old is not None and new is not None:
        before = data.heading(old, _previous_state(game))
        if before != data.heading(new):
            view["before"] = escape_inline(before)
    if change.change == "added" and new is not None:
        view["text"] = diff_html([("+", _excerpt(new.text))])
    elif change.change == "removed" and old is not None:
        view["text"] = diff_html([("-", _excerpt(old.text))])
    elif old is not None and new is not None:
        if old.title != new.title:
            view["title_diff"] = diff_html(reader_diff(old.title, new.title))
        if plain(old.text) != plain(new.text):
            view["text"] = diff_html(reader_diff(old.text, new.text), ELIDE)
    return view


def _counts(changes: list[EntryChange]) -> list[str]:
    counts = {key: 0 for key, *_ in GROUPS}
    for change in changes:
        if change.change != "renumbered":
            counts[_group(change)] += 1
    return [
        f"{counts[key]} {singular if counts[key] < 2 else plural}"
        for key, _title, singular, plural in GROUPS
        if counts[key]
    ]


def capitalized(label: str) -> str:
    """« Édition du 1er mai 2023 »; « v2.0 » stays so."""
    return label[:1].upper() + label[1:] if label.startswith("édition") else label


def _editions(game: GameEditions) -> list[dict[str, Any]]:
    """Every edition, newest first, with what it changed (counts)."""
    history = game.history
    out = []
    for i in range(len(history.editions) - 1, -1, -1):
        edition = history.editions[i]
        if i:
            counts = _counts(history.diff(history.editions[i - 1].version, edition.version))
            what = ", ".join(counts) if counts else "aucun changement du texte"
        else:
            what = "première édition connue d’Arbitre"
        out.append(
            {
                "label": escape_inline(capitalized(edition_label(edition))),
                "current": edition is game.current,
                "what": what,
            }
        )
    return out


def _change_groups(data: SiteData, page: str, game: GameEditions) -> list[dict[str, Any]]:
    """The last edition's changes but renumberings, one group per kind (GROUPS), empty ones left
    out."""
    groups = []
    for key, title, _singular, _plural in GROUPS:
        items = [
            change_view(data, page, game, c)
            for c in game.latest
            if c.change != "renumbered" and _group(c) == key
        ]
        if items:
            groups.append({"title": title, "anchor": f"nv-{key}", "changes": items})
    return groups


def _renumbered(data: SiteData, page: str, game: GameEditions) -> list[dict[str, str]]:
    """The entries the last edition only renumbered: a link to each."""
    return [
        {
            "heading": escape_inline(data.heading(c.new)),
            "href": data.href(page, c.id),
        }
        for c in game.latest
        if c.change == "renumbered" and c.new is not None
    ]


def _noted(data: SiteData, page: str, game: GameEditions) -> list[dict[str, str]]:
    """What the first edition's document says it changed, one item per entry still in the KB,
    with the document's words."""
    noted = []
    for c in game.noted:
        if c.id in data.kb.by_id:
            entry = data.kb.by_id[c.id]
            noted.append(
                {
                    "anchor": change_anchor(c.id),
                    "heading": escape_inline(data.heading(entry)),
                    "href": data.href(page, c.id),
                    "quote": escape_inline(c.noted or ""),
                }
            )
    return noted


def changes_page(data: SiteData, game_info: Game) -> Page | None:
    """« Nouveautés — <game> »: the last edition's changes, each linked, with its word diff;
    for a first edition, what its document says it changed (Marvel Champions v1.4)."""

    game = data.editions.of(game_info.id)
    if game is None:
        return None
    page = urls.changes_page(game.game)
    groups = _change_groups(data, page, game)
    renumbered = _renumbered(data, page, game)
    noted = _noted(data, page, game)
    first = game.history.editions[0]
    return Page(
        page,
        "changes.md.j2",
        f"{CHANGES_TITLE} — {game_info.title}",
        {
            **game_link(page, game.game, game_info.title),
            "current": escape_inline(edition_label(game.current)),
            "previous": escape_inline(since(game.previous.version)) if game.previous else None,
            "version": escape_inline(version_short(game.current.version)),
            "counts": _counts(game.latest),
            "groups": groups,
            "renumbered": renumbered,
            "noted": noted,
            "noted_version": escape_inline(version_label(first.version)),
            "noted_current": game.previous is None,
            "editions": _editions(game),
            "retired_href": relative_link(page, urls.retired_page(game.game))
            if game.retired
            else None,
        },
    )


def retired_page(data: SiteData, game_info: Game) -> Page | None:
    """The entries an edition removed, as they last stood, with the rulings still about them."""
    from arbitre.site.rulings import ruling_link

    game = data.editions.of(game_info.id)
    if game is None or not game.retired:
        return None
    page = urls.retired_page(game.game)
    order = {e.version: i for i, e in enumerate(game.history.editions)}
    entries = []
    for qualified, (entry, last, removed) in sorted(
        game.retired.items(), key=lambda kv: (-order[kv[1][2].version], kv[0])
    ):
        now = data.kb.by_id.get(entry.id)
        entries.append(
            {
                "anchor": urls.anchor(qualified),
                "id": qualified,
                "heading": escape_inline(data.heading(entry, game.history.state(last.version))),
                "badge": f"retirée {when(removed.version)}",
                "last": escape_inline(version_label(last.version)),
                "document": escape_inline(
                    data.doc_titles.get((entry.game, entry.document), entry.document)
                ),
                "body": render_text(entry.text, []) if entry.text.strip() else "",
                "rulings": [ruling_link(data, page, r) for r in data.kb.rulings(qualified)],
                "now": data.link_view(page, now.id) if now is not None else None,
                "numbered": bool(entry.number),
                "changes_href": relative_link(
                    page, urls.changes_page(game.game), change_anchor(entry.id, removed=True)
                )
                if removed is game.current
                else None,
            }
        )
    return Page(
        page,
        "retired.md.j2",
        f"{RETIRED_TITLE} — {game_info.title}",
        {
            **game_link(page, game.game, game_info.title),
            "changes_href": relative_link(page, urls.changes_page(game.game)),
            "entries": entries,
        },
    )


def edition_pages(data: SiteData, game: Game) -> list[Page]:
    """The editions' pages of a game (none when it has no editions record)."""
    return [p for p in (changes_page(data, game), retired_page(data, game)) if p is not None]


def edition_nav(kb: KnowledgeBase, game: str) -> list[dict[str, str]]:
    """The game's navigation items for its editions' pages."""
    history = kb.history(game)
    if history is None or not history.editions:
        return []
    items = [{CHANGES_TITLE: urls.page_file(urls.changes_page(game))}]
    if history.retired():
        items.append({RETIRED_TITLE: urls.page_file(urls.retired_page(game))})
    return items
