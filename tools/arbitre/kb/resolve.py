"""Phase two of the loader (kb/load.py): every link between entries must land — documents,
parents, refs, defining entries, the rulings' `about` and `cards` — no parent chain may loop,
and no alias may be claimed by two terms; a dangling printed reference is a warning."""

from __future__ import annotations

from arbitre.kb.entry import Entry
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.kb.problems import Problem
from arbitre.text import fold


def resolve_problems(kb: KnowledgeBase, rejected: set[str], unread_text: str) -> list[Problem]:
    """What is wrong with the links of every entry of `kb`, entry by entry (in reading order),
    then its parent loops and its glossaries' aliases.  `rejected`: the ids of entries that
    failed validation; `unread_text`: what the files that could not be read say."""
    problems: list[Problem] = []
    # An entry that failed validation, or that a file which could not be read names, was
    # reported already (with that file): links to it are not errors of their own.
    known = _Known(set(kb.by_id) | rejected, unread_text)
    documents = {g.id: {d for d, _ in g.documents} for g in kb.games}
    for entry in kb.entries:
        where, line = kb.locations[entry.id]
        problems.extend(_entry_problems(entry, known, documents, where, line))
        problems.extend(_link_problems(kb, entry, where, line))
        problems.extend(_unresolved_problems(entry, known, where, line))
    problems.extend(_loop_problems(kb))
    problems.extend(glossary_problems(kb))
    return problems


def _entry_problems(
    entry: Entry, known: _Known, documents: dict[str, set[str]], where: str, line: int
) -> list[Problem]:
    """Its document, parent, refs and defining entry exist; a term has a definition."""
    messages: list[tuple[str, str]] = []
    if entry.document not in documents.get(entry.game, set()):
        messages.append((f"unknown document {entry.document!r}", "error"))
    if entry.parent is not None:
        if entry.parent not in known:
            messages.append((f"parent {entry.parent} does not exist", "error"))
        elif entry.parent == entry.id:
            messages.append(("is its own parent", "error"))
    for ref in entry.refs:
        if ref not in known:
            messages.append((f"reference to {ref}, which does not exist", "error"))
    if entry.defined_by is not None and entry.defined_by not in known:
        messages.append((f"defined_by {entry.defined_by} does not exist", "error"))
    if entry.kind == "glossary" and not entry.text.strip() and not entry.defined_by:
        messages.append((f"term {entry.title!r} has no definition", "warning"))
    return [Problem(where, line, f"{entry.id}: {m}", level) for m, level in messages]


def _unresolved_problems(entry: Entry, known: _Known, where: str, line: int) -> list[Problem]:
    """A printed reference the importer could not resolve: a warning, and an error when the
    entry it was meant for does not exist."""
    problems: list[Problem] = []
    for u in entry.unresolved:
        if u.intended is not None and u.intended not in known:
            problems.append(
                Problem(where, line, f"{entry.id}: intended target {u.intended} does not exist")
            )
        if u.intended and u.intended in entry.refs:
            message = f"reference « {u.target} » names no entry (linked to {u.intended} instead)"
        elif u.intended:
            message = f"reference « {u.target} » does not resolve (likely {u.intended})"
        else:
            message = f"reference « {u.target} » does not resolve"
        problems.append(Problem(where, line, f"{entry.id}: {message}", "warning"))
    return problems


def _loop_problems(kb: KnowledgeBase) -> list[Problem]:
    """A parent chain must end: no cycles."""
    problems: list[Problem] = []
    for entry in kb.entries:
        seen: set[str] = set()
        current: str | None = entry.id
        while current is not None and current in kb.by_id:
            if current in seen:
                where, line = kb.locations[entry.id]
                problems.append(Problem(where, line, f"{entry.id}: parent chain loops"))
                break
            seen.add(current)
            current = kb.by_id[current].parent
    return problems


def _link_problems(kb: KnowledgeBase, entry: Entry, where: str, line: int) -> list[Problem]:
    """A ruling's `about` lands on an entry of its game that is not a ruling; a `ref` link is one
    of its refs; a `heading` card is its `card`."""
    problems: list[Problem] = []
    for link in entry.about:
        target = kb.by_id.get(link.id)
        if target is None:
            problems.append(_superseded(kb, entry.id, "about", link.id, where, line))
        elif target.game != entry.game or target.is_ruling:
            problems.append(
                Problem(
                    where,
                    line,
                    f"{entry.id}: about {link.id}, not a rule, term or section of {entry.game}",
                )
            )
        elif link.how == "ref" and link.id not in entry.refs:
            problems.append(
                Problem(where, line, f"{entry.id}: about {link.id} how ref, but it is not in refs")
            )
    for card in entry.cards:
        if card.how == "heading" and card.name != entry.card:
            problems.append(
                Problem(
                    where,
                    line,
                    f"{entry.id}: card {card.name!r} how heading, but card is {entry.card!r}",
                )
            )
    return problems


def _superseded(
    kb: KnowledgeBase, owner: str, field: str, ref: str, where: str, line: int
) -> Problem:
    """A link to an id that is not current: a warning when an edition renamed or removed that
    entry (the link is kept, for review), an error when no edition knows it."""
    retired = kb.retired(ref)
    if retired is not None:
        _entry, last, removed = retired
        message = (
            f"{owner}: {field} {ref}, as it stood in {last.version}: removed in {removed.version} "
            "(arbitre edition review)"
        )
        return Problem(where, line, message, "warning")
    current = kb.former(ref)
    if current is not None:
        return Problem(
            where, line, f"{owner}: {field} {ref}, now {current}: write {current}", "warning"
        )
    return Problem(where, line, f"{owner}: {field} {ref}, which does not exist")


class _Known:
    """The ids a link may point to without an error: `in` tests them, and any id written in
    the text of an unreadable file."""

    def __init__(self, ids: set[str], unread_text: str) -> None:
        self.ids = ids
        self.unread_text = unread_text

    def __contains__(self, target: object) -> bool:
        return target in self.ids or (isinstance(target, str) and target in self.unread_text)


def glossary_problems(kb: KnowledgeBase) -> list[Problem]:
    """Aliases claimed by two terms of the same game."""
    problems: list[Problem] = []
    claimed: dict[tuple[str, str], str] = {}
    for entry in kb.entries:
        if entry.kind != "glossary":
            continue
        names = {fold(entry.title or "")} | {fold(a) for a in entry.aliases}
        for name in sorted(n for n in names if n):
            key = (entry.game, name)
            if key in claimed and claimed[key] != entry.id:
                where, line = kb.locations[entry.id]
                problems.append(
                    Problem(
                        where,
                        line,
                        f"{entry.id}: « {name} » is also claimed by {claimed[key]}",
                        "warning",
                    )
                )
            else:
                claimed[key] = entry.id
    return problems
