"""The reviewed corrections of one source document: content/<game>/corrections.yaml.

Corrections are hand-written data about a source (an OCR word, a heading level, the intended
target of a dangling reference, a glossary term's English name), so they live beside the source
and travel with its editions; a project root given by `--root` carries its own.

An importer receives a `Corrections`, checks it against the sections it reads (`begin`, which
also gives it a fresh record of stale corrections), reads the data as plain YAML values (`get`,
`[]`), and calls `stale(section, key, why)` for every correction it cannot apply to the text it
parses: that correction is skipped, the import goes on, and the `StaleCorrection`
(`path:line: section key: why`, at the correction's own line) becomes a review item.  A
correction keyed to a source line also states what that line holds, and `relocate` finds the
line again by its content when an edition shifts the lines.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arbitre.errors import SourceError, ValidationFailed
from arbitre.kb.editions import QUALIFIED_IN_TEXT
from arbitre.kb.entry import StaleCorrection
from arbitre.kb.problems import Problem, TreePath, read_text, read_tree

FILE_NAME = "corrections.yaml"

# What a section (or a value inside it) must look like, for `Corrections.begin`:
#   a type or a tuple of types (`str`, `(str, int, float)`), `[shape]` a list of that shape,
#   `{key shape: value shape}` a mapping, `Record(...)` a mapping with named fields,
#   `Seq(...)` a list of so many items of these shapes, `Either(...)` one of several shapes.
Shape = Any

# An entry number or local id, which YAML may read as a number (« 6.3 », « 201 »).
ID = (str, int, float)


@dataclass(frozen=True)
class Record:
    """A mapping with named fields: `required` ones and `optional` ones, each with its shape."""

    required: dict[str, Shape]
    optional: dict[str, Shape] = field(default_factory=dict)


@dataclass(frozen=True)
class Seq:
    """A list of exactly these items: `Seq(str, str)` is a pair of texts."""

    items: tuple[Shape, ...]

    def __init__(self, *items: Shape) -> None:
        object.__setattr__(self, "items", items)


@dataclass(frozen=True)
class Either:
    """A value of one of these shapes (the first that fits)."""

    shapes: tuple[Shape, ...]

    def __init__(self, *shapes: Shape) -> None:
        object.__setattr__(self, "shapes", shapes)


def corrections_path(game: str) -> str:
    """The corrections file of a game, as messages name it (relative to the project root)."""
    return f"content/{game}/{FILE_NAME}"


class Corrections:
    """One corrections file: its data, the line of every key and list item, the stale ones."""

    def __init__(self, data: dict[str, Any], lines: dict[TreePath, int], path: str) -> None:
        self.path = path
        self._data = data
        self._lines = lines
        self._stale: dict[StaleCorrection, None] = {}  # insertion-ordered set

    # -- reading -------------------------------------------------------------------------------

    @classmethod
    def from_text(cls, text: str, path: str) -> Corrections:
        """Corrections from a file's text; `path` is the file as messages name it.  Not YAML, a
        key written twice, or not a mapping of sections: SourceError / ValidationFailed."""
        data, lines, problems = read_tree(text, path)
        if not problems and data is not None and not isinstance(data, dict):
            problems = [Problem(path, 1, "expected a mapping: section -> corrections")]
        _fail(problems)
        return cls(dict(data or {}), lines, path)

    @classmethod
    def load(cls, root: Path, game: str) -> Corrections:
        """The corrections of `game` under the project `root` (none when it has no file)."""
        path = corrections_path(game)
        file = Path(root) / path
        if not file.is_file():
            return cls({}, {}, path)
        text, problem = read_text(file, path)
        if text is None:
            _fail([problem] if problem else [Problem(path, 1, "cannot read")])
        return cls.from_text(text or "", path)

    def begin(self, schema: dict[str, Shape]) -> Corrections:
        """These corrections, checked against the sections an importer reads (`schema`), with
        nothing recorded as stale yet: every parse records into its own copy, so the object a
        caller passes is never changed.  A section no importer reads, or of the wrong shape, is a
        ValidationFailed naming each problem's line."""
        problems: list[Problem] = []
        for section, value in self._data.items():
            name = str(section)
            if name not in schema:
                known = ", ".join(schema)
                problems.append(
                    Problem(self.path, self.line(name), f"unknown section {name!r} (read: {known})")
                )
            elif value is not None:
                problems += self._check(value, schema[name], (name,))
        _fail(problems)
        return Corrections(self._data, self._lines, self.path)

    def get(self, section: str, default: Any = None) -> Any:
        value = self._data.get(section)
        return default if value is None else value

    def __getitem__(self, section: str) -> Any:
        return self._data[section]

    def __contains__(self, section: object) -> bool:
        return section in self._data

    def line(self, *at: str | int) -> int:
        """The line of a key or list item (`line("lists", 3, "first")`); of its nearest parent
        when it is absent; 1 when the file has none of it."""
        path: tuple[str | int, ...] = tuple(a if isinstance(a, int) else str(a) for a in at)
        while path:
            if path in self._lines:
                return self._lines[path]
            path = path[:-1]
        return 1

    # -- stale corrections ---------------------------------------------------------------------

    def stale(
        self, section: str, key: object, why: str, *, at: tuple[Any, ...] | None = None
    ) -> None:
        """Record that the correction `key` of `section` does not match the source: it is skipped.
        Its line is that of `key` in `section`, or of the item at `at` (inside `section`) when the
        key is not a mapping key there (an item of a list: `at=(3,)`)."""
        where = (section, *at) if at is not None else (section, str(key))
        # `arbitre edition add` names a removed entry's corrections as it stood (`id@version`)
        if QUALIFIED_IN_TEXT.search(f"{key} {why}"):
            why += " (an edition removed that entry: rewrite or delete this correction)"
        self._stale[StaleCorrection(self.path, self.line(*where), section, str(key), why)] = None

    def stale_unused(self, section: str, used: Iterable[object], why: str) -> None:
        """Every key of a mapping section that is not in `used` is stale for `why`."""
        seen = {str(k) for k in used}
        for key in self.get(section, {}):
            if str(key) not in seen:
                self.stale(section, key, why)

    def notes_that_hold(
        self,
        section: str,
        key: object,
        notes: Iterable[str],
        game: str,
        ids: set[str],
        *,
        at: tuple[Any, ...] | None = None,
    ) -> list[str]:
        """The editorial notes of one correction whose cited entry ids all exist; a note that
        cites an entry this source does not have is stale (it speaks of text that is gone)."""
        kept = []
        for note in notes:
            missing = [i for i in cited_ids(note, game) if i not in ids]
            if missing:
                self.stale(section, key, f"a note cites {missing[0]}, which does not exist", at=at)
            else:
                kept.append(note)
        return kept

    @property
    def stale_corrections(self) -> list[StaleCorrection]:
        """What `stale` recorded, by line in the file."""
        return sorted(self._stale)

    # -- shapes --------------------------------------------------------------------------------

    def _check(self, value: Any, shape: Shape, at: TreePath) -> list[Problem]:
        """The problems of `value` read as `shape`, `at` being where it stands in the file."""
        if isinstance(shape, Record):
            return self._check_record(value, shape, at)
        if isinstance(shape, Either):
            tries = [self._check(value, one, at) for one in shape.shapes]
            return [] if any(not t for t in tries) else tries[-1]
        if isinstance(shape, Seq):
            if not isinstance(value, list) or len(value) != len(shape.items):
                return [self._problem(at, f"expected {_describe(shape)}")]
            return [
                p
                for i, (item, one) in enumerate(zip(value, shape.items, strict=True))
                for p in self._check(item, one, (*at, i))
            ]
        if isinstance(shape, list):
            if not isinstance(value, list):
                return [self._problem(at, f"expected {_describe(shape)}")]
            return [
                p for i, item in enumerate(value) for p in self._check(item, shape[0], (*at, i))
            ]
        if isinstance(shape, dict):
            return self._check_mapping(value, shape, at)
        if not _is_a(value, shape):
            return [self._problem(at, f"expected {_describe(shape)}, not {value!r}")]
        return []

    def _check_record(self, value: Any, shape: Record, at: TreePath) -> list[Problem]:
        """A mapping with every required field of `shape`, no other than its optional ones, and
        each field's value of its shape."""
        if not isinstance(value, dict):
            return [self._problem(at, f"expected {_describe(shape)}")]
        problems = [
            self._problem(at, f"missing field {name!r}")
            for name in shape.required
            if name not in value
        ]
        fields = {**shape.required, **shape.optional}
        for name, item in value.items():
            if str(name) not in fields:
                message = f"unknown field {name!r} (known: {', '.join(fields)})"
                problems.append(self._problem(at, message, line_of=(*at, str(name))))
            else:
                problems += self._check(item, fields[str(name)], (*at, str(name)))
        return problems

    def _check_mapping(self, value: Any, shape: dict[Shape, Shape], at: TreePath) -> list[Problem]:
        """A mapping whose keys and values have the shapes of `shape`'s one key and value."""
        if not isinstance(value, dict):
            return [self._problem(at, f"expected {_describe(shape)}")]
        ((key_shape, value_shape),) = shape.items()
        problems = []
        for key, item in value.items():
            here = (*at, str(key))
            if not _is_a(key, key_shape):
                message = f"key {key!r} is not {_describe(key_shape)}"
                problems.append(self._problem(at, message, line_of=here))
            problems += self._check(item, value_shape, here)
        return problems

    def _problem(self, at: TreePath, message: str, line_of: TreePath | None = None) -> Problem:
        """A problem of the value at `at`, its message led by that path (« lists/3: … »), at the
        line of `line_of` (a key inside it) or else of `at`."""
        where = "/".join(str(a) for a in at)
        return Problem(self.path, self.line(*(line_of or at)), f"{where}: {message}")


def _is_a(value: Any, shape: Shape) -> bool:
    types = shape if isinstance(shape, tuple) else (shape,)
    if isinstance(value, bool) and bool not in types:
        return False
    return isinstance(value, types)


def _describe(shape: Shape) -> str:
    if isinstance(shape, Record):
        return f"a mapping with {', '.join(shape.required) or 'optional fields'}"
    if isinstance(shape, Either):
        return " or ".join(_describe(one) for one in shape.shapes)
    if isinstance(shape, Seq):
        return f"a list of {len(shape.items)} items"
    if isinstance(shape, list):
        return "a list"
    if isinstance(shape, dict):
        return "a mapping"
    names = {str: "text", int: "a whole number", float: "a number", bool: "true or false"}
    types = shape if isinstance(shape, tuple) else (shape,)
    return " or ".join(names.get(t, t.__name__) for t in types)


def _fail(problems: list[Problem]) -> None:
    if not problems:
        return
    if len(problems) == 1 and problems[0].column is None:
        raise SourceError(problems[0].path, problems[0].line, problems[0].message)
    raise ValidationFailed([str(p) for p in sorted(problems)])


def cited_ids(text: str, game: str) -> list[str]:
    """The entry ids a hand-written text cites (« voir marvel-champions/appendice-ii/11 »)."""
    pattern = re.compile(rf"(?<![\w/]){re.escape(game)}/[\w.\-/]*\w")
    return pattern.findall(text)


# -- corrections keyed to a source line --------------------------------------------------------


def _words(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def relocate(
    lines: Mapping[int, str], number: int, expected: str, *, whole: bool = False
) -> tuple[int | None, str]:
    """Where the line a correction was written for stands now.

    `lines` maps line numbers to their text, `number` is the line the correction names and
    `expected` what it was written for: the whole line when `whole` (a heading), else its first
    words.  The line itself when it still holds that; else the one line holding it nearest to
    `number` (an edition inserted or removed lines above).  None and why, when no line holds it
    or two are equally near.
    """
    want = _words(expected)

    def holds(text: str) -> bool:
        have = _words(text)
        return have == want if whole else have.startswith(want)

    if number in lines and holds(lines[number]):
        return number, ""
    found = sorted((abs(n - number), n) for n, text in lines.items() if holds(text))
    what = f"« {want} »" if whole else f"« {want} … »"
    if not found:
        return None, f"no line holds {what} any more (line {number} was written for it)"
    if len(found) > 1 and found[0][0] == found[1][0]:
        return None, f"lines {found[0][1]} and {found[1][1]} both hold {what}: which one is meant?"
    return found[0][1], ""
