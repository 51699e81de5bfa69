"""JSON export and single-entry display (the `export` and `show` commands)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from arbitre.errors import NotFound
from arbitre.history_json import entry_history, game_editions, retired_entries, retired_view
from arbitre.kb.entry import RULING_KINDS, Entry
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.kb.load import load_kb
from arbitre.kb.terms import term_links, used_in
from arbitre.paths import ProjectPaths


def export_data(kb: KnowledgeBase) -> dict:
    """The export document, with each entry's glossary terms (`terms`, the site's auto-links)
    and, on glossary entries, the entries that use the term (`used_in`); with editions, each
    entry's `history`, each game's `editions` and the entries editions removed (`retired`,
    history_json.py)."""
    links = term_links(kb)
    users = used_in(kb, links)
    data = kb.to_export()
    for game in data["games"]:
        if kb.history(game["id"]) is not None:
            game["editions"] = game_editions(kb, game["id"])
    for entry in data["entries"]:
        entry["terms"] = links.get(entry["id"], [])
        if entry["kind"] == "glossary":
            entry["used_in"] = users.get(entry["id"], [])
        if entry["kind"] not in RULING_KINDS:
            entry["rulings"] = kb.rulings(entry["id"])
        history = entry_history(kb, entry["id"])
        if history is not None:
            entry["history"] = history
    data["retired"] = retired_entries(kb)
    return data


def export_json(kb: KnowledgeBase) -> str:
    return json.dumps(export_data(kb), ensure_ascii=False, indent=1, sort_keys=False) + "\n"


def write_export(paths: ProjectPaths, output: str | None) -> None:
    text = export_json(load_kb(paths))
    if output is None:
        sys.stdout.write(text)
        return
    target = Path(output)
    tmp = target.with_name(f".{target.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(target)


def entry_view(kb: KnowledgeBase, entry_id: str) -> dict:
    entry = kb.get(entry_id)
    if entry is None:
        raise NotFound(f"no entry {entry_id!r}")
    data = entry.to_dict()
    data["cited_by"] = kb.cited_by(entry_id)
    data["children"] = [c.id for c in kb.children(entry_id)]
    if not entry.is_ruling:
        data["rulings"] = kb.rulings(entry_id)
    game = kb.game(entry.game)
    data["authority"] = game.authority if game else None
    history = entry_history(kb, entry_id)
    if history is not None:
        data["history"] = history
    return data


def show_entry(kb: KnowledgeBase, entry_id: str, as_json: bool) -> str:
    data = entry_view(kb, entry_id)
    if as_json:
        return json.dumps(data, ensure_ascii=False, indent=2)
    entry = kb.by_id[entry_id]
    lines = _opening(entry, entry.id, "" if entry.official else ", non officiel")
    lines += _listed(kb, "Références", entry.refs) + _listed(kb, "Cité par", data["cited_by"])
    if entry.about or entry.cards:
        lines.append("À propos de :")
        for link in entry.about:
            # An entry an edition removed is kept as it stood (`id@version`).
            retired = kb.retired(link.id)
            about = kb.by_id.get(link.id) or (retired[0] if retired else None)
            head = " ".join(x for x in (about.number, about.title) if x) if about else ""
            lines.append(" ".join(x for x in (f"  - {link.id} ", head, f"[{link.how}]") if x))
        for card in entry.cards:
            lines.append(f"  - carte : {card.name} [{card.how}]")
    lines += _listed(kb, "Décisions et FAQ", data.get("rulings") or [])
    asked = kb.questions.get(entry_id, ())
    if asked:  # the maintainer's view: what leads a player's search here (never on the site)
        lines.append(f"Questions de joueurs (recherche, content/{entry.game}/questions.yaml) :")
        lines += [f"  - {question}" for question in asked]
    for u in entry.unresolved:
        lines.append(f"Référence non résolue : « {u.target} » — {u.note}")
    for note in entry.notes:
        lines.append(f"Note : {note}")
    src = entry.source
    lines.append(f"Source : {src.file}, lignes {src.line_start}–{src.line_end}")
    return "\n".join(lines)


def show_retired(kb: KnowledgeBase, qualified: str, as_json: bool) -> str:
    """An entry an edition removed (`id@version`), as it last stood, with the rulings still
    about it: the same JSON as the API's `/api/entries/<id@version>`."""
    found = kb.retired(qualified)
    if found is None:
        raise NotFound(f"no entry {qualified!r}")
    if as_json:
        return json.dumps(retired_view(kb, qualified), ensure_ascii=False, indent=2)
    entry, last, removed = found
    lines = _opening(entry, qualified, ", retirée")
    lines.append(f"Dernière édition : {last.version} ; retirée par l'édition {removed.version}")
    lines += _listed(kb, "Décisions et FAQ", kb.rulings(qualified))
    return "\n".join(lines)


def _opening(entry: Entry, shown_id: str, tag: str) -> list[str]:
    """How `arbitre show` opens an entry: its id and kind (`tag` after it), number and title,
    then its text."""
    head = " ".join(x for x in (entry.number, entry.title) if x) or entry.id
    lines = [f"{shown_id}  [{entry.kind}{tag}]", head, ""]
    return lines + [entry.text, ""] if entry.text else lines


def _listed(kb: KnowledgeBase, label: str, ids: list[str]) -> list[str]:
    """« label : » then each of `ids` with its title; nothing when there is none."""
    if not ids:
        return []
    return [f"{label} :", *(f"  - {i}  {kb.by_id[i].title or ''}".rstrip() for i in ids)]
