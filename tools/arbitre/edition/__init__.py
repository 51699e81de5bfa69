"""Editions at the pipeline level: bring a new edition of a source in (`add`), say what changed
(`report`), and list what it put in doubt (`review`).  The data they read and write — the
editions record, the pairing, the changes — live in kb/ (editions.py, pairing.py, changes.py,
review.py); the tables they carry across an edition in carry.py."""

from __future__ import annotations

from pathlib import Path

from arbitre.edition.add import plan_edition
from arbitre.edition.plan import apply_plan
from arbitre.edition.report import render_text
from arbitre.edition.review import render_text as render_worklist
from arbitre.edition.review import worklist
from arbitre.kb.diffs import diff_json
from arbitre.kb.load import load_kb
from arbitre.lock import writing
from arbitre.paths import ProjectPaths


def add_edition(
    paths: ProjectPaths, game: str, file: Path, version: str, date: str | None = None
) -> str:
    """`arbitre edition add`: everything parsed, paired and checked, then written; returns the
    change report and the worklist, as text."""
    with writing(paths.root, f"arbitre edition add {game} {version}"):
        plan = plan_edition(paths, game, file, version, date)
        if plan.unchanged:
            head = f"{game}: {version} is already the current edition, from {plan.source.name}: nothing changed"
            written: list[Path] = []
        else:
            written = apply_plan(plan)
            action = "redone" if plan.redo else "added"
            head = (
                f"{game}: edition {version} {action} from {plan.source.relative_to(paths.root)}"
                f" ({len(written)} file(s) written, {plan.line_edits} source line(s) carried"
                f" in scenarios)"
            )
        kb = plan.checked or load_kb(paths)  # the tree just written, as the check read it
        report = render_text(diff_json(kb, game, None, version))
        work = render_worklist(worklist(paths, kb, game))
    return "\n".join([head, report, work])


def diff_text(paths: ProjectPaths, game: str, older: str | None, newer: str | None) -> str:
    return render_text(diff_json(load_kb(paths), game, older, newer))


def review_json(paths: ProjectPaths, game: str) -> dict:
    kb = load_kb(paths)
    return worklist(paths, kb, game).to_json()


def review_text(paths: ProjectPaths, game: str) -> str:
    kb = load_kb(paths)
    return render_worklist(worklist(paths, kb, game))


__all__ = ["add_edition", "diff_json", "diff_text", "review_json", "review_text"]
