"""Short links `/r/<id>`: one rule for the static copy and the served site.

`resolve(kb, path)` says which entries a `/r/` path names:

- an entry id as printed (`the-spoils/609.1f`), or in another case (`the-spoils/609.1F`);
- a local id without its game (`609.1f`): every game that has it — one entry is a redirect,
  several a choice page;
- an id an earlier edition gave (kb/editions.py `History.old_ids`): a renamed or renumbered
  entry lands on the entry today; a removed one, like `<id>@<version>`, on its last text, on the
  page of the game's retired entries (`retired`, urls.retired_url) — unless a current entry has
  taken the id again: then the id means the current entry;
- nothing: an unknown id (the site's « page introuvable », which offers a search).

`write_permalinks` writes the static side after mkdocs (outside its navigation, so the build
time does not grow with the number of entries): `site/r/<path>/index.html` for each entry id,
its local id without the game, and both in capitals (`609.1F`, as printed in some rulebooks),
and the same for every id of an earlier edition and every `<id>@<version>` of a removed entry.
Other spellings (mixed case) are found by the 404 page's script, or by `arbitre serve`.
"""

from __future__ import annotations

import html
import posixpath
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from urllib.parse import quote

from arbitre import urls
from arbitre.kb.entry import Entry
from arbitre.kb.knowledge import KnowledgeBase

PERMALINK_DIR = "r"


def short_link(entry_id: str) -> str:
    """The site-relative short link of an entry: « r/the-spoils/609.1f »."""
    return f"{PERMALINK_DIR}/{entry_id}"


class PermalinkIndex:
    """Which entries a `/r/<path>` names (see the module docstring), best first.  Built once
    per knowledge base: the site writes thousands of short links, the app answers many."""

    def __init__(self, kb: KnowledgeBase) -> None:
        self.kb = kb
        order = {g.id: position for position, g in enumerate(kb.games)}
        self._ids: dict[str, list[Entry]] = {}
        self._locals: dict[str, list[Entry]] = {}
        for entry in sorted(kb.entries, key=lambda e: order.get(e.game, len(order))):
            self._ids.setdefault(entry.id.casefold(), []).append(entry)
            local = entry.id.split("/", 1)[1].casefold()
            self._locals.setdefault(local, []).append(entry)
        # Ids of earlier editions -> what they name now: a current id, or `id@version`.
        self.old: dict[str, str] = {}
        for game in kb.games:
            history = kb.history(game.id)
            if history is None:
                continue
            self.old.update(history.old_ids())
            self.old.update({q: q for q in history.retired()})
        self._old_ids: dict[str, list[str]] = {}
        self._old_locals: dict[str, list[str]] = {}
        for old in sorted(self.old, key=lambda i: order.get(i.split("/", 1)[0], len(order))):
            self._old_ids.setdefault(old.casefold(), []).append(old)
            self._old_locals.setdefault(old.split("/", 1)[1].casefold(), []).append(old)

    def _old(self, path: str) -> list[str]:
        """What the ids of earlier editions `path` names are now, when no current id matches."""
        wanted = path.casefold()
        found = self._old_ids.get(wanted) or self._old_locals.get(wanted) or []
        return list(dict.fromkeys(self.old[o] for o in found))

    def resolve(self, path: str) -> list[Entry]:
        """The current entries `path` names (an old id of a moved entry names it today)."""
        path = path.strip("/")
        if not path:
            return []
        exact = self.kb.get(path)
        if exact is not None:
            return [exact]
        wanted = path.casefold()
        found = self._ids.get(wanted) or self._locals.get(wanted)
        if found:
            return list(found)
        return [self.kb.by_id[t] for t in self._old(path) if t in self.kb.by_id]

    def retired(self, path: str) -> tuple[str, Entry] | None:
        """(`id@version`, the entry as it last stood) of the removed entry `path` names, when
        it names no current entry."""
        path = path.strip("/")
        if not path or self.resolve(path):
            return None
        for target in self._old(path):
            found = self.kb.retired(target)
            if found is not None:
                return target, found[0]
        return None


def resolve(kb: KnowledgeBase, path: str) -> list[Entry]:
    """The entries a `/r/<path>` names (one-off; use PermalinkIndex for many)."""
    return PermalinkIndex(kb).resolve(path)


def permalink_paths(kb: KnowledgeBase) -> list[str]:
    """Every `/r/` path the static copy answers (without the leading `r/`), sorted."""
    index = PermalinkIndex(kb)
    paths: set[str] = set()
    ids = [(e.id, bool(e.number)) for e in kb.entries]
    ids += [(old, old.split("/", 1)[1][:1].isdigit()) for old in index.old]
    for entry_id, numbered in ids:
        game, local = entry_id.split("/", 1)
        # Capitals only for printed numbers (« 609.1F »), not for slugs.
        variants = {local, local.upper()} if numbered else {local}
        for variant in variants:
            paths.add(f"{game}/{variant}")
            paths.add(variant)
    return sorted(p for p in paths if index.resolve(p) or index.retired(p))


def entry_heading(entry: Entry) -> str:
    return " ".join(x for x in (entry.number, entry.title) if x) or urls.anchor(entry.id)


def _page(title: str, head: str, body: str, manifest: str | None = None) -> str:
    """`manifest`: the address of the web app manifest from this page (site/offline.py)."""
    if manifest:
        head = f'<link rel="manifest" href="{html.escape(manifest, quote=True)}">\n{head}'
    return (
        '<!doctype html>\n<html lang="fr">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="robots" content="noindex">\n'
        f"<title>{html.escape(title)} — Arbitre</title>\n{head}</head>\n"
        '<body style="font-family: system-ui, sans-serif; max-width: 40em; margin: 2em auto; '
        'padding: 0 1em; line-height: 1.5">\n'
        f"<main>\n{body}</main>\n</body>\n</html>\n"
    )


def redirect_html(entry: Entry, href: str, manifest: str | None = None) -> str:
    """A page that sends the browser on to `href` (meta refresh; the script keeps no history
    entry for the short link, so « Back » returns where the reader came from)."""
    target = html.escape(href, quote=True)
    head = (
        f'<link rel="canonical" href="{target}">\n'
        f'<meta http-equiv="refresh" content="0; url={target}">\n'
        '<script>location.replace(document.querySelector("link[rel=canonical]").href)</script>\n'
    )
    body = f'<p><a href="{target}">{html.escape(entry_heading(entry))}</a></p>\n'
    return _page(entry_heading(entry), head, body, manifest)


def choice_html(
    kb: KnowledgeBase,
    path: str,
    entries: list[Entry],
    link: Callable[[Entry], str],
    manifest: str | None = None,
) -> str:
    """The page of a short link several games share: one link per game."""
    games = {g.id: g.title for g in kb.games}
    items = "".join(
        f'<li><a href="{html.escape(link(e), quote=True)}">'
        f"{html.escape(games.get(e.game, e.game))} — {html.escape(entry_heading(e))}</a></li>\n"
        for e in entries
    )
    name = html.escape(path.strip("/"))
    what = "Ce numéro" if all(e.number for e in entries) else "Cette référence"
    body = (
        f"<h1>« {name} » : plusieurs jeux</h1>\n"
        f"<p>{what} existe dans {len(entries)} jeux. Choisissez le vôtre :</p>\n"
        f"<ul>\n{items}</ul>\n"
    )
    return _page(f"« {path.strip('/')} »", "", body, manifest)


def _relative(from_dir: str, entry: Entry, kb: KnowledgeBase) -> str:
    return _relative_to(from_dir, urls.page_path(entry, kb), urls.anchor(entry.id))


def _relative_to(from_dir: str, page: str, anchor: str) -> str:
    rel = posixpath.relpath(page or ".", from_dir)
    return quote(f"{rel}/#{anchor}", safe="/#.-_~@")


@dataclass(frozen=True)
class ShortLink:
    """What a `/r/` path names: the current entries (one, or several games'), or — when it names
    none — the entry an edition removed, as it last stood (`id@version`, the entry)."""

    entries: list[Entry]
    retired: tuple[str, Entry] | None = None

    def pages(self, kb: KnowledgeBase) -> list[tuple[str, str, Entry]]:
        """(page path, anchor, entry) for each target, in order."""
        if self.retired is not None:
            qualified, last = self.retired
            return [(urls.retired_page(last.game), urls.anchor(qualified), last)]
        return [(urls.page_path(e, kb), urls.anchor(e.id), e) for e in self.entries]


def short_link_targets(kb: KnowledgeBase) -> dict[str, ShortLink]:
    """Every `/r/` path the static copy answers (without `r/`) -> what it names: what the
    static pages are written from, and the offline worker's map (site/offline.py)."""
    index = PermalinkIndex(kb)
    targets: dict[str, ShortLink] = {}
    for path in permalink_paths(kb):
        entries = index.resolve(path)
        targets[path] = ShortLink(entries, None if entries else index.retired(path))
    return targets


def permalink_pages(kb: KnowledgeBase) -> dict[str, str]:
    """Every static `/r/` page: path relative to site/ -> HTML.  Links are relative, so the
    copy works under any base path."""
    pages: dict[str, str] = {}
    for path, target in short_link_targets(kb).items():
        here = f"{PERMALINK_DIR}/{path}"
        manifest = posixpath.relpath(urls.WEB_MANIFEST, here)
        if target.retired is not None:
            page, anchor, last = target.pages(kb)[0]
            text = redirect_html(last, _relative_to(here, page, anchor), manifest)
        elif len(target.entries) == 1:
            entry = target.entries[0]
            text = redirect_html(entry, _relative(here, entry, kb), manifest)
        else:
            link = partial(_relative, here, kb=kb)
            text = choice_html(kb, path, target.entries, link, manifest)
        pages[f"{here}/index.html"] = text
    return pages


def write_permalinks(kb: KnowledgeBase, site: Path) -> int:
    """Write the `/r/` pages into a built site (or its staging folder); returns how many."""
    pages = permalink_pages(kb)
    for rel, text in pages.items():
        target = site / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return len(pages)
