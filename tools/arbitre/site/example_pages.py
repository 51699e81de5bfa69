"""The worked examples of the rules model (arbitre.model) on the site: one « Exemples commentés »
page per game, each example with its starting position, steps, result and the rules it cites,
and what the home and game pages say about a game's examples.

Pure, like pages.py: the examples are `WorkedExample`s (site/examples.py), loaded or hand-made.
"""

from __future__ import annotations

from typing import Any

from arbitre import urls
from arbitre.kb.entry import Entry
from arbitre.kb.knowledge import Game
from arbitre.model.render import example_anchor, result_items
from arbitre.site.entry_views import ROLE_LABELS, number_and_title
from arbitre.site.examples import PROCEDURE_LABELS, WorkedExample, describe_setup
from arbitre.site.shared import KIND_LABELS, Page, SiteData, game_link, relative_link
from arbitre.site.text import escape_inline, plain_excerpt
from arbitre.text import fold


def cited_label(data: SiteData, entry: Entry, full: bool = False) -> str:
    """How an example cites an entry: a numbered rule by its number, a commentary by the
    heading it comments, a paragraph without a title by its heading and position.  `full`:
    a long title (a FAQ question) is not cut."""
    kb = data.kb
    if entry.number and "." in entry.number:
        return entry.number
    parent = kb.by_id.get(entry.parent) if entry.parent else None
    parent_name = ""
    if parent is not None:
        parent_name = parent.title or parent.number or ""
        parent_name = parent_name[:1].upper() + parent_name[1:]
    if entry.role in ("commentary", "quote") and parent_name:
        return f"{ROLE_LABELS[entry.role].capitalize()} ({parent_name})"
    if entry.title and fold(entry.title) != fold(KIND_LABELS[entry.kind]):
        head = number_and_title(entry)
        return head if full or len(head) <= 60 else head[:57].rstrip() + "…"
    if not entry.title and not entry.number and parent_name:
        last = entry.id.rsplit("/", 1)[1]
        return f"{parent_name} § {last}" if last.isdigit() else parent_name
    if not entry.title and not entry.number:
        return f"« {plain_excerpt(entry.text, 50)} »"
    return data.label(entry)


def cited_view(
    data: SiteData, page: str, rule_id: str, full: bool = False
) -> dict[str, str | None]:
    """A rule cited by a worked example; an id the knowledge base lacks is shown as code."""
    entry = data.kb.by_id.get(rule_id)
    if entry is None:
        return {"label": f"`{rule_id}`", "href": None, "title": ""}
    return {
        "label": escape_inline(cited_label(data, entry, full)),
        "href": data.href(page, rule_id),
        "title": data.hover(entry),
    }


def _procedure_order(example: WorkedExample) -> tuple[int, str]:
    order = list(PROCEDURE_LABELS)
    procedure = example.trace.procedure
    return (order.index(procedure) if procedure in order else len(order), example.trace.scenario)


def game_examples(data: SiteData, game: str) -> list[WorkedExample]:
    """The worked examples of a game, grouped by procedure, then by scenario slug."""
    return sorted((x for x in data.examples if x.trace.game == game), key=_procedure_order)


def example_view(data: SiteData, page: str, example: WorkedExample) -> dict[str, Any]:
    trace = example.trace
    kb = data.kb
    rulings = []
    for ruling in trace.rulings:
        entry = kb.by_id.get(ruling.id)
        rulings.append(
            {
                "link": cited_view(data, page, ruling.id, full=True),
                "document": escape_inline(
                    data.doc_titles.get((entry.game, entry.document), entry.document)
                )
                if entry is not None
                else None,
                "quote": escape_inline(ruling.quote) if ruling.quote else None,
            }
        )
    return {
        "anchor": example_anchor(trace),
        "title": escape_inline(trace.title),
        "procedure": PROCEDURE_LABELS.get(trace.procedure, trace.procedure),
        "file": example.file,
        "rulings": rulings,
        "state": describe_setup(example.setup.get("state") or {}, trace.game),
        "actions": describe_setup(example.setup.get("actions") or {}, trace.game),
        "steps": [
            {
                "text": escape_inline(step.text_fr),
                "rules": [cited_view(data, page, r) for r in step.rule_ids],
            }
            for step in trace.steps
        ],
        "result": [
            {"label": escape_inline(label), "value": escape_inline(value)}
            for label, value in result_items(trace)
        ],
        "notes": [escape_inline(n) for n in trace.notes],
    }


def examples_page(data: SiteData, game: Game) -> Page | None:
    """The « Exemples commentés » page of a game, or None when it has no worked example."""
    examples = game_examples(data, game.id)
    if not examples:
        return None
    page = urls.examples_page(game.id)
    views = [example_view(data, page, x) for x in examples]
    return Page(
        page,
        "examples.md.j2",
        f"Exemples commentés — {game.title}",
        {
            **game_link(page, game.id, game.title),
            "count": len(views),
            "procedures": len({x.trace.procedure for x in examples}),
            "examples": views,
            "rulings": sum(len(v["rulings"]) for v in views),
        },
    )


def examples_summary(data: SiteData, game: str, from_page: str) -> dict[str, Any] | None:
    """What the home and game pages say about a game's worked examples."""
    examples = game_examples(data, game)
    if not examples:
        return None
    page = urls.examples_page(game)
    return {
        "href": relative_link(from_page, page),
        "count": len(examples),
        "procedures": len({x.trace.procedure for x in examples}),
        "items": [
            {
                "title": escape_inline(x.trace.title),
                "href": relative_link(from_page, page, example_anchor(x.trace)),
                "procedure": PROCEDURE_LABELS.get(x.trace.procedure, x.trace.procedure),
            }
            for x in examples
        ],
    }
