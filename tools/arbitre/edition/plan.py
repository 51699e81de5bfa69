"""The plan of `arbitre edition add`: everything it will write, computed and checked before
writing (`EditionPlan`, made by edition/add.py), its check on a scratch copy of the tree, and the
one write at the end."""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from arbitre.errors import ValidationFailed
from arbitre.importers.writer import write_files
from arbitre.kb.changes import EntryChange
from arbitre.kb.entry import GameImport
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.kb.load import load
from arbitre.kb.pairing import Pairing
from arbitre.paths import ProjectPaths


@dataclass
class EditionPlan:
    """Everything `edition add` will write, computed and checked before writing."""

    game: str
    version: str
    previous: str | None  # the edition it follows (None: nothing to compare with)
    redo: bool  # the current edition again, re-paired
    source: Path  # where the source copy goes
    result: GameImport
    pairing: Pairing
    changes: list[EntryChange]  # what a reader sees changed (kb/changes.py)
    files: dict[Path, str] = field(default_factory=dict)
    binary: dict[Path, bytes] = field(default_factory=dict)
    stale: list[Path] = field(default_factory=list)
    line_edits: int = 0  # source lines moved in scenarios and accounting lists
    warnings: list[str] = field(default_factory=list)
    checked: KnowledgeBase | None = None  # the would-be tree, as the loader read it

    @property
    def unchanged(self) -> bool:
        return (
            not self.binary
            and all(
                p.exists() and p.read_text(encoding="utf-8") == t for p, t in self.files.items()
            )
            and not self.stale
        )


def check_plan(plan: EditionPlan, paths: ProjectPaths) -> None:
    """Load the would-be tree (a scratch copy with the new files) and refuse on any error."""
    with tempfile.TemporaryDirectory(prefix="arbitre-edition-") as scratch:
        copy = Path(scratch)
        for name in ("content", "glossary"):
            if (paths.root / name).is_dir():
                shutil.copytree(paths.root / name, copy / name, symlinks=False)
        shutil.copy2(paths.mkdocs_yml, copy / "mkdocs.yml")
        for path, text in plan.files.items():
            target = copy / path.relative_to(paths.root)
            if target.parts[len(copy.parts)] in ("content", "glossary"):
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
        for path, data in plan.binary.items():
            target = copy / path.relative_to(paths.root)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        for path in plan.stale:
            (copy / path.relative_to(paths.root)).unlink(missing_ok=True)
        result = load(ProjectPaths(copy))
    if result.errors:
        raise ValidationFailed([str(p) for p in result.errors])
    plan.warnings = [str(p) for p in result.warnings]
    plan.checked = result.kb


def apply_plan(plan: EditionPlan) -> list[Path]:
    """Write what the plan computed; returns the files written (changed) and removed."""
    written: list[Path] = []
    for path, data in plan.binary.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.tmp")
        tmp.write_bytes(data)
        tmp.replace(path)
        written.append(path)
    written += write_files(plan.files)
    for path in plan.stale:
        path.unlink(missing_ok=True)
        written.append(path)
    return written
