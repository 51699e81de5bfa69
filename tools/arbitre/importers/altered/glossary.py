"""Altered's glossary: its entries, the questions asked under them (`faq` entries) and the
terms the rules define (reviewed data).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from arbitre.importers.altered.drafts import _Draft, _gid
from arbitre.importers.altered.rendering import _Cleaner, render_blocks
from arbitre.importers.altered.rules import EXAMPLE_RE
from arbitre.importers.altered.source import DOC_GLOSSARY
from arbitre.importers.corrections import Corrections
from arbitre.importers.text import slugify, unique_slug


def _glossary_bodies(
    lines: list[str], corr: Corrections, start: int
) -> list[tuple[int, dict[str, Any], int, int]]:
    """(index in the table, spec, headword index, end index exclusive) for each listed headword
    found after `start`, in order; a headword the page no longer prints is stale (its lines go
    to the one before)."""
    found: list[tuple[int, dict[str, Any], int]] = []
    cursor = start
    for index, spec in enumerate(corr.get("glossary", [])):
        printed = spec["printed"]
        at = next((i for i in range(cursor, len(lines)) if lines[i].strip() == printed), None)
        if at is None:
            why = f"the glossary no longer prints this headword (after line {cursor + 1})"
            corr.stale("glossary", printed, why, at=(index,))
            continue
        found.append((index, spec, at))
        cursor = at + 1
    marker = corr.get("glossary_end", "×")
    end = next((i for i in range(cursor, len(lines)) if lines[i].strip() == marker), None)
    if end is None:
        if "glossary_end" in corr:
            why = "the page no longer prints it: the glossary runs to the end of the file"
            corr.stale("glossary_end", marker, why, at=())
        end = len(lines)
    bounds = [at for _, _, at in found[1:]] + [end] if found else []
    return [(i, spec, at, stop) for (i, spec, at), stop in zip(found, bounds, strict=True)]


@dataclass
class _Question:
    question: str
    answers: list[tuple[str, str, int, int]]  # (headword title, answer, question line, answer line)
    parent: str


def _parse_glossary(
    lines: list[str],
    bodies: list[tuple[int, dict[str, Any], int, int]],
    clean: _Cleaner,
    corr: Corrections,
    rule_ids: set[str],
) -> tuple[list[_Draft], list[_Question]]:
    """The glossary's entries (and examples), and its questions.  A `parent` headword or a
    `refs` rule this source does not have is stale."""
    drafts: list[_Draft] = []
    questions: dict[str, _Question] = {}
    taken: set[str] = set()
    ids_by_printed: dict[str, str] = {}
    for row, spec, head, stop in bodies:
        title = spec.get("title") or spec["printed"]
        gid = _gid("glossaire/" + unique_slug(slugify(title), taken))
        ids_by_printed[spec["printed"]] = gid
        body, example = _headword_body(lines, head, stop, gid, title, clean, questions)
        last = max(i for i in range(head, stop) if lines[i].strip())
        refs = _headword_links(spec, row, corr, ids_by_printed, rule_ids)
        parent_printed = spec.get("parent")
        draft = _Draft(
            id=gid,
            kind="glossary",
            document=DOC_GLOSSARY,
            line_start=head + 1,
            line_end=last + 1,
            title=title,
            text=clean(render_blocks(body, glossary=True)),
            parent=ids_by_printed.get(parent_printed) if parent_printed else None,
            official=False,
            role=spec.get("role"),
            aliases=list(spec.get("aliases") or []),
            english=spec.get("english"),
            english_inferred=bool(spec.get("english_inferred")),
            notes=list(spec.get("notes") or []),
            refs=refs,
        )
        drafts.append(draft)
        if example is not None:
            drafts.append(example)
    return drafts, list(questions.values())


def _headword_body(
    lines: list[str],
    head: int,
    stop: int,
    gid: str,
    title: str,
    clean: _Cleaner,
    questions: dict[str, _Question],
) -> tuple[list[str | None], _Draft | None]:
    """The lines under one headword (None for a blank one) and its example, if any.  A question
    (a line ending in « ? » and the answer below it) is added to `questions` instead."""
    body: list[str | None] = []
    example: _Draft | None = None
    index = head + 1
    while index < stop:
        line = lines[index].strip()
        nxt = lines[index + 1].strip() if index + 1 < stop else ""
        if line.startswith("++Exemple"):
            example, index = _headword_example(lines, index, stop, gid, clean)
            continue
        if line.endswith("?") and nxt:
            q = questions.setdefault(line, _Question(line, [], gid))
            q.answers.append((title, clean(nxt), index + 1, index + 2))
            index += 2
            continue
        body.append(line or None)
        index += 1
    return body, example


def _headword_example(
    lines: list[str], index: int, stop: int, gid: str, clean: _Cleaner
) -> tuple[_Draft, int]:
    """The « ++Exemple … ++ » block that starts at `index`, as the headword's example entry, and
    the index after the block."""
    end = index
    while not lines[end].rstrip().endswith("++") and end + 1 < stop:
        end += 1
    chunk = " ".join(x.strip() for x in lines[index : end + 1])
    chunk = EXAMPLE_RE.sub("", chunk).removesuffix("++").strip()
    example = _Draft(
        id=gid + "-exemple",
        kind="example",
        document=DOC_GLOSSARY,
        line_start=index + 1,
        line_end=end + 1,
        title="Exemple",
        text=clean(chunk),
        parent=gid,
        official=False,
        notes=["Le tableau auquel cet exemple renvoie est perdu dans la source."],
    )
    return example, end + 1


def _headword_links(
    spec: dict[str, Any],
    row: int,
    corr: Corrections,
    ids_by_printed: dict[str, str],
    rule_ids: set[str],
) -> list[str]:
    """The rules a headword's `refs` name that this source has.  A `parent` headword not printed
    before it, or a `refs` rule this source does not have, is stale."""
    parent_printed = spec.get("parent")
    if parent_printed and parent_printed not in ids_by_printed:
        why = f"its parent headword « {parent_printed} » is not printed before it any more"
        corr.stale("glossary", spec["printed"], why, at=(row,))
    refs = [_gid(str(r)) for r in spec.get("refs") or []]
    for ref in [r for r in refs if r not in rule_ids]:
        why = f"refers to {ref}, which does not exist"
        corr.stale("glossary", spec["printed"], why, at=(row,))
    return [r for r in refs if r in rule_ids]


def _faq_entries(questions: list[_Question], corr: Corrections) -> list[_Draft]:
    """One entry per distinct question; a question asked under two modes keeps both answers.
    A slug or notes for a question the glossary no longer asks are stale."""
    slugs: dict[str, str] = corr.get("faq_slugs", {})
    extra: dict[str, list[str]] = corr.get("faq_notes", {})
    why = "the glossary no longer asks this question"
    corr.stale_unused("faq_slugs", [q.question for q in questions], why)
    taken: set[str] = set()
    drafts: list[_Draft] = []
    for q in questions:
        slug = unique_slug(
            slugs.get(q.question) or slugify(" ".join(q.question.split()[:6])), taken
        )
        if len({a for _, a, _, _ in q.answers}) == 1:
            text = q.answers[0][1]
        else:
            text = "\n\n".join(f"**{mode}** : {answer}" for mode, answer, _, _ in q.answers)
        notes = []
        if len(q.answers) > 1:
            where = " et ".join(f"« {mode} » (ligne {line})" for mode, _, line, _ in q.answers)
            notes.append(f"Question posée deux fois dans la source, sous {where} ; regroupée ici.")
        drafts.append(
            _Draft(
                id=_gid("faq/" + slug),
                kind="faq",
                document=DOC_GLOSSARY,
                line_start=q.answers[0][2],
                line_end=q.answers[-1][3],
                title=q.question,
                text=text,
                parent=q.parent,
                official=False,
                notes=notes + list(extra.get(slug) or []),
            )
        )
    corr.stale_unused("faq_notes", taken, "no question of the glossary has this slug any more")
    return drafts


def _terms(
    corr: Corrections, rules: dict[str, _Draft], plain: dict[str, str], glossary_ids: set[str]
) -> list[_Draft]:
    """Glossary entries for the terms the numbered rules define, pointing at their definition.
    A term whose defining entry (or quoted text) this source does not have is stale."""
    taken = {i.split("/")[-1] for i in glossary_ids}
    drafts: list[_Draft] = []
    for index, spec in enumerate(corr.get("terms", [])):

        def stale(why: str, spec: dict[str, Any] = spec, index: int = index) -> None:
            corr.stale("terms", spec["title"], why, at=(index,))

        found = _term_definition(spec, rules, plain, stale)
        if found is None:
            continue
        defined, source, text = found
        notes = [] if text else ["La section qui définit ce terme est vide dans la source."]
        slug = slugify(spec["title"])
        if slug in taken:
            stale(f"its id glossaire/{slug} is a headword of the glossary now")
            continue
        taken.add(slug)
        drafts.append(
            _Draft(
                id=_gid("glossaire/" + slug),
                kind="glossary",
                document=DOC_GLOSSARY,
                # The lines of the text quoted, not of the heading that names the term.
                line_start=(source if text else defined).line_start,
                line_end=(source if text else defined).line_end,
                title=spec["title"],
                text=text,
                aliases=list(spec.get("aliases") or []),
                english=spec.get("english"),
                english_inferred=bool(spec.get("english_inferred")),
                defined_by=defined.id,
                notes=notes,
            )
        )
    return drafts


def _term_definition(
    spec: dict[str, Any],
    rules: dict[str, _Draft],
    plain: dict[str, str],
    stale: Callable[[str], None],
) -> tuple[_Draft, _Draft, str] | None:
    """(the entry defining a `terms` row, the entry it quotes, the text quoted), or None when
    this source does not have them: then the row is reported to `stale`."""
    defined = rules.get(_gid(str(spec["defined_by"])))
    if defined is None:
        stale(f"its defining entry {_gid(str(spec['defined_by']))} does not exist")
        return None
    source = rules.get(_gid(str(spec["text_from"]))) if spec.get("text_from") else defined
    if source is None:
        stale(f"the entry it quotes, {_gid(str(spec['text_from']))}, does not exist")
        return None
    if not (source.id + ".").startswith(defined.id + "."):
        # A term quotes its own definition: a rule elsewhere says something else about it.
        stale(f"it quotes {source.id}, which is not under {defined.id}")
        return None
    if source.kind == "section":
        first = next(
            (d for d in rules.values() if d.parent == source.id and d.kind == "rule"), None
        )
        if first is not None:
            # Quoting « the first rule of the heading » would silently quote another rule once
            # an edition inserts one before it: the row names the rule, and editions move it.
            local = first.id.split("/", 1)[1]
            stale(f"{source.id} is a heading: name the rule it quotes (text_from: {local})")
            return None
    text = plain.get(source.id, "")
    if spec.get("quote"):
        # One item of a list (1.2.4.c names four kinds of abilities): the item that starts so.
        items = [x[2:] for x in text.split("\n") if x.startswith("- ")]
        text = next((x for x in items if x.startswith(spec["quote"])), "")
        if not text:
            stale(f"no item of {source.id} starts with « {spec['quote']} » any more")
            return None
    return defined, source, text
