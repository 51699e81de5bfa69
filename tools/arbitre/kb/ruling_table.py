"""The reviewed ruling tables: `content/<game>/rulings.yaml`, hand-written data.

Each key is the id of a FAQ answer or erratum of that game; its value says what the ruling is
about, as checked by a person:

    ashes/faq/voile-dore-2:
      about: [ashes/degats/1, ashes/glossaire/voile-dore]   # rules, glossary terms, sections
      cards: [Voile doré]                                     # card names as printed
      note: why, or why nothing applies                       # optional
      rejected: [ashes/glossaire/unite]                       # optional: proposals declined

`rejected` records the proposals of matching a reviewer read and declined (an entry id of the
game, or a card name): `arbitre rulings --proposals` no longer lists them.

`read_table` parses one file and keeps each row's line; `table_problems` checks the rows against
the entries of the game (the importer before writing, `arbitre check` after), so that a wrong id
is reported as `path:line: message`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from arbitre.kb.entry import Entry
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.kb.problems import Problem, read_mapping, read_text
from arbitre.text import fold

TABLE_FILE = "rulings.yaml"
ROW_FIELDS = ("about", "cards", "note", "rejected")


@dataclass(frozen=True)
class Reviewed:
    """One row of a reviewed table."""

    ruling: str
    about: tuple[str, ...]
    cards: tuple[str, ...]
    note: str | None
    line: int
    rejected: tuple[str, ...] = ()


@dataclass
class RulingTable:
    path: str  # as reported in messages (relative to the project root)
    rows: dict[str, Reviewed] = field(default_factory=dict)

    def get(self, ruling: str) -> Reviewed | None:
        return self.rows.get(ruling)


def _strings(value: object) -> tuple[str, ...] | None:
    if value is None:
        return ()
    if isinstance(value, list) and all(isinstance(v, str) and v.strip() for v in value):
        return tuple(v.strip() for v in value)
    return None


def read_table(text: str, path: str) -> tuple[RulingTable, list[Problem]]:
    """Parse one table; malformed rows are reported and left out."""
    table = RulingTable(path)
    data, lines, problems = read_mapping(text, path, "ruling id -> {about, cards}")
    for key, row in data.items():
        line = lines.get(key, 1)
        if not isinstance(key, str):
            problems.append(Problem(path, line, f"key {key!r} must be a ruling id"))
            continue
        if row is None:
            row = {}
        if not isinstance(row, dict):
            problems.append(Problem(path, line, f"{key}: expected {{about, cards, note}}"))
            continue
        row.pop("__lines__", None)
        unknown = sorted(str(k) for k in set(row) - set(ROW_FIELDS))
        if unknown:
            problems.append(Problem(path, line, f"{key}: unknown field(s) {', '.join(unknown)}"))
            continue
        about, cards = _strings(row.get("about")), _strings(row.get("cards"))
        rejected = _strings(row.get("rejected"))
        note = row.get("note")
        if (
            about is None
            or cards is None
            or rejected is None
            or not (note is None or isinstance(note, str))
        ):
            problems.append(
                Problem(
                    path,
                    line,
                    f"{key}: about, cards and rejected must be lists of strings, note a string",
                )
            )
            continue
        table.rows[key] = Reviewed(key, about, cards, note, line, rejected)
    return table, problems


def load_table(root: Path, game: str) -> tuple[RulingTable | None, list[Problem]]:
    """The table of `game` under `root`, or None when the game has none yet."""
    file = root / "content" / game / TABLE_FILE
    if not file.is_file():
        return None, []
    path = f"content/{game}/{TABLE_FILE}"
    text, failure = read_text(file, path)
    if failure is not None:
        return None, [failure]
    assert text is not None  # read_text gives the text or the problem
    return read_table(text, path)


def table_problems(
    table: RulingTable,
    game: str,
    entries: Iterable[Entry],
    missing_severity: str | None = None,
    superseded: Callable[[str], str | None] | None = None,
) -> list[Problem]:
    """Every row's key is a ruling of `game`, every `about` id an entry of `game` that is not a
    ruling, every `rejected` id (`game/…`) an entry of `game` not also in `about`, and every
    `rejected` card name not also in `cards`.  With `missing_severity`, each ruling absent from
    the table is reported too.  `superseded` says why an id that is no entry now is still
    known (an edition renamed or removed it: kb/editions.py): that row is a warning, kept for
    review, not an error."""
    by_id = {e.id: e for e in entries if e.game == game}
    problems: list[Problem] = []
    for row in table.rows.values():
        entry = by_id.get(row.ruling)
        why = superseded(row.ruling) if entry is None and superseded else None
        if why is not None:
            problems.append(Problem(table.path, row.line, f"ruling {why}", "warning"))
            continue
        if entry is None:
            problems.append(Problem(table.path, row.line, f"{row.ruling}: no such entry in {game}"))
            continue
        if not entry.is_ruling:
            problems.append(
                Problem(
                    table.path, row.line, f"{row.ruling}: is a {entry.kind}, not a faq or errata"
                )
            )
        for target in row.about:
            found = by_id.get(target)
            why = superseded(target) if found is None and superseded else None
            if why is not None:
                problems.append(
                    Problem(table.path, row.line, f"{row.ruling}: about {why}", "warning")
                )
            elif found is None:
                problems.append(
                    Problem(
                        table.path, row.line, f"{row.ruling}: about {target}, which does not exist"
                    )
                )
            elif found.is_ruling:
                problems.append(
                    Problem(
                        table.path,
                        row.line,
                        f"{row.ruling}: about {target}, a {found.kind}: a ruling is about rules, "
                        "terms or sections",
                    )
                )
        problems.extend(_rejected_problems(table.path, row, game, by_id, superseded))
    if missing_severity:
        for entry in by_id.values():
            if entry.is_ruling and entry.id not in table.rows:
                problems.append(
                    Problem(table.path, 1, f"{entry.id}: ruling not reviewed yet", missing_severity)
                )
    return sorted(problems)


def _rejected_problems(
    path: str,
    row: Reviewed,
    game: str,
    by_id: dict[str, Entry],
    superseded: Callable[[str], str | None] | None,
) -> list[Problem]:
    problems = []
    cards = {fold(c) for c in row.cards}
    for target in row.rejected:
        if not is_entry_id(target, game):
            if fold(target) in cards:
                problems.append(
                    Problem(
                        path, row.line, f"{row.ruling}: card {target} both in cards and rejected"
                    )
                )
        elif target not in by_id:
            # one an edition removed or renamed is kept for review, as in `about`
            why = superseded(target) if superseded else None
            said = f"rejected {why}" if why else f"rejected {target}, which does not exist"
            severity = "warning" if why else "error"
            problems.append(Problem(path, row.line, f"{row.ruling}: {said}", severity))
        elif target in row.about:
            problems.append(
                Problem(path, row.line, f"{row.ruling}: {target} both in about and rejected")
            )
    return problems


def is_entry_id(name: str, game: str) -> bool:
    """A `rejected` item is an entry id when it starts with the game's id, else a card name."""
    return name.startswith(f"{game}/")


def check_tables(root: Path, kb: KnowledgeBase) -> list[Problem]:
    """`arbitre check`: each game's table against its entries; a ruling missing from its game's
    table is a warning."""
    problems: list[Problem] = []
    for game in kb.games:
        entries = kb.entries_of(game.id)
        table, read = load_table(root, game.id)
        problems.extend(read)
        if table is None:
            continue  # no review yet: `arbitre rulings --proposals` lists the work
        problems.extend(
            table_problems(
                table, game.id, entries, missing_severity="warning", superseded=kb.superseded
            )
        )
    return problems
