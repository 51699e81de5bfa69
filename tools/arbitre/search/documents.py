"""What the search index holds of each entry, shared by the whoosh index (`indexer.py`) and
the browser's (`client_index.py`): an entry's document (its fields: the text a hit shows, the
words the rulings about it add), the glossary's names table, the stems of the players' questions.
"""

from __future__ import annotations

import re
from typing import Any

from arbitre.kb.entry import Entry
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.search.analysis import analyze, fold, number_key, number_prefixes, slash_pairs
from arbitre.urls import entry_url

# A title naming its sense in parentheses, in lower case: « Gagner (statut) », « Ressource
# (carte) », « Pills! (violette) (copie par Blank Card) » — not an English name (« Seuil
# (Threshold) »), a card number (« Spider-Man (1A) ») or an icon (« Par joueur (🧑) »).
TITLE_SENSE = re.compile(r"\S.*\(([a-zà-öø-ÿ][^()]*)\)\s*$")
DEFINITION_CHARS = 1500  # how much of a defining section's sub-rules a term's hit shows


def display_text(kb: KnowledgeBase, entry: Entry) -> str:
    """What a hit shows: the entry's text; for a glossary term defined elsewhere, the term's own
    summary followed by the defining entry's text (a section's: its rules in reading order).

    A player who looks up a term wants the rule that defines it, not only the lexicon's
    one-line gloss, and a judge wants the printed wording.
    """
    own = entry.text.strip()
    if entry.kind != "glossary" or not entry.defined_by:
        return entry.text
    target = kb.get(entry.defined_by)
    if target is None:
        return entry.text
    definition = definition_text(kb, target)
    if not definition or definition in own:
        return entry.text
    return f"{own}\n\n{definition}" if own else definition


def definition_text(kb: KnowledgeBase, target: Entry, limit: int = DEFINITION_CHARS) -> str:
    """The text of `target` followed by its steps (a procedure's definition is its steps), or
    for a heading without text, its descendants' texts in order."""
    if target.text.strip():
        parts: list[str] = [target.text.strip()]
        for child in kb.children(target.id):
            if child.role == "step" and child.text.strip() and len("".join(parts)) < limit:
                label = child.title or child.number
                parts.append(f"{label} : {child.text.strip()}" if label else child.text.strip())
        return "\n\n".join(parts)
    parts = []
    size = 0
    stack = list(reversed(kb.children(target.id)))
    while stack and size < limit:
        child = stack.pop()
        if child.text.strip():
            part = f"{child.number} {child.text.strip()}" if child.number else child.text.strip()
            parts.append(part)
            size += len(part)
        stack.extend(reversed(kb.children(child.id)))
    return "\n\n".join(parts)


# (folded name, game) -> the row `glossary_names` returns for that name
_NameTable = dict[tuple[str, str], dict[str, Any]]


def glossary_names(kb: KnowledgeBase) -> list[dict[str, Any]]:
    """Every way a glossary term is named -> the entries it designates and its French title.

    Drives query expansion: an English term, an alias or an abbreviation typed in a query
    adds the term's entries and its French title to the search.
    """
    table: _NameTable = {}
    for entry in kb.entries:
        if entry.kind == "glossary":
            _add_term(table, entry)
    for entry in kb.entries:  # pairs printed « Vitesse/Speed » in running text
        for a, b in slash_pairs(entry.text):
            _add_name(table, a, entry.game, [], b, foreign=True)
            _add_name(table, b, entry.game, [], a, foreign=True)
    return [table[k] for k in sorted(table)]


def _add_term(table: _NameTable, entry: Entry) -> None:
    """Add the names of one glossary term: its title and aliases, and its English names (the
    whole English field and each part of it between « ; » or « / »)."""
    title = entry.title or ""
    targets = [entry.id]
    if entry.defined_by:
        targets.append(entry.defined_by)
    same = list(targets)  # one passage: the term and the entry defining it
    if entry.role == "redirect" and entry.refs:
        targets.extend(entry.refs)  # several passages, each its own
    english = []
    if entry.english:
        english = [
            entry.english,
            *(p for p in entry.english.replace(";", "/").split("/") if p.strip()),
        ]
    french = {fold(n).strip() for n in [title, *entry.aliases]}
    for name in [title, *entry.aliases]:
        _add_name(table, name, entry.game, targets, title, same=same)
    for name in english:
        foreign = fold(name).strip() not in french
        _add_name(table, name, entry.game, targets, title, foreign, same, english=True)


def _add_name(
    table: _NameTable,
    name: str,
    game: str,
    targets: list[str],
    title: str,
    foreign: bool = False,
    same: list[str] | None = None,
    english: bool = False,
) -> None:
    """Add one name of `game` to the table: the entries it designates, the passage they share
    (`same`), the title it expands to; `foreign` unless some French name is spelled the same;
    `english`: one of the term's English names, however spelled (`english_typos.py`)."""
    key = fold(name).strip()
    if len(key) < 2:
        return
    row = table.setdefault(  # one row per spelling once folded; the name as first printed
        (key, game),
        {
            "name": name.strip(),
            "game": game,
            "targets": [],
            "same": [],
            "expand": [],
            "foreign": foreign,
            "english": english,
        },
    )
    row["foreign"] = row["foreign"] and foreign  # a French name somewhere wins
    row["english"] = row["english"] or english
    for target in targets:
        if target not in row["targets"]:
            row["targets"].append(target)
    if same and len(same) > 1 and not row["same"]:
        row["same"] = list(same)
    expansion = title.strip()  # as printed: the searcher analyses it (« dés » is a word)
    if expansion and fold(expansion) != key and expansion not in row["expand"]:
        row["expand"].append(expansion)


RULED_CHARS = 600  # how much of each entry a ruling is about its `ruled` field holds


def ruling_words(kb: KnowledgeBase, entry: Entry) -> tuple[str, str]:
    """The words an entry is also found by through the rulings' `about` links: for an entry
    rulings are about, their questions (a FAQ's title); for a ruling, the titles and the
    beginning of the text of the entries it is about."""
    asked = [
        ruling.title
        for ruling in (kb.get(i) for i in kb.rulings(entry.id))
        if ruling is not None and ruling.title
    ]
    ruled = []
    for link in entry.about:
        target = kb.get(link.id)
        if target is not None:
            ruled.append(" ".join(x for x in (target.title, target.text[:RULED_CHARS]) if x))
    return " ; ".join(asked), " ; ".join(ruled)


def entry_document(
    kb: KnowledgeBase, entry: Entry, seq: int, terms: list[str] | None = None
) -> dict[str, Any]:
    number = entry.number or ""
    names = [*entry.aliases]
    if entry.english:
        names.append(entry.english)
    if entry.card:
        names.append(entry.card)
    names += [c.name for c in entry.cards if c.name != entry.card]
    names += kb.former_names(entry.id)  # what earlier editions called it
    game = kb.game(entry.game)
    ancestors = kb.ancestors(entry.id)
    context = " / ".join(a.title for a in ancestors if a.title)
    parent_title = ancestors[-1].title if ancestors and ancestors[-1].title else ""
    text = entry.text if entry.text.strip() else display_text(kb, entry)
    asked, ruled = ruling_words(kb, entry)
    display = display_text(kb, entry)
    return {
        "id": entry.id,
        "seq": seq,
        "game": entry.game,
        "kind": entry.kind,
        "document": entry.document,
        "role": entry.role or "",
        "parent": entry.parent or "",
        "title_key": " ".join(analyze(entry.title or "", stemmed=False)),
        "parent_key": " ".join(analyze(parent_title, stemmed=False)),
        "number": number,
        "number_key": number_key(number) if number else "",
        "number_parents": " ".join(number_prefixes(number)) if number else "",
        "former_numbers": " ".join(number_key(n) for n in kb.former_numbers(entry.id)),
        "title": entry.title or "",
        "title_exact": entry.title or "",
        "names": " ; ".join(names),
        "names_exact": " ; ".join(names),
        "context": context,
        "terms": " ".join(terms or []),
        "text": text,
        "text_exact": text,
        "asked": asked,
        "ruled": ruled,
        "phrased": " ; ".join(kb.questions.get(entry.id, ())),
        "display": display if display != text else "",
        "url": entry_url(entry, kb),
        "official": entry.official,
        "cards_key": [" ".join(analyze(c.name, stemmed=False)) for c in entry.cards],
        "sense": title_sense(entry.title or ""),
        "authority": game.authority if game else "official",
    }


def title_sense(title: str) -> list[str]:
    """The stems of the sense a title names in parentheses (`TITLE_SENSE`: « Gagner (statut) »
    -> [« statut »]), [] for a title naming none: a question naming none of them is not
    asking about that sense of the word (`rank.py`)."""
    match = TITLE_SENSE.match(title)
    return analyze(match.group(1)) if match else []


def question_stems(kb: KnowledgeBase) -> dict[int, list[list[str]]]:
    """Entry (index order) -> the stems of each players' question written for it."""
    return {
        seq: [analyze(q) for q in kb.questions[entry.id]]
        for seq, entry in enumerate(kb.entries)
        if kb.questions.get(entry.id)
    }
