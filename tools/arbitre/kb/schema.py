"""The entry schema: which fields an entry has, their types, and the YAML loader that keeps
each mapping's line, so that every problem is reported as `path:line: message`.

`entry_from_dict` validates one entry mapping read from YAML (the generated files, and the
entries an editions file keeps as they stood before a change).
"""

from __future__ import annotations

import re
from typing import Any

import yaml

from arbitre.kb.entry import (
    ABOUT_HOWS,
    CARD_HOWS,
    KINDS,
    ROLES,
    AboutLink,
    CardLink,
    Entry,
    SourceSpan,
    Unresolved,
)
from arbitre.kb.problems import FastSafeLoader, Problem

ID_PATTERN = re.compile(r"^[a-z0-9-]+/[a-z0-9][a-z0-9./-]*$")
LINE_KEY = "__line__"  # in every mapping read: the line the mapping starts at
KEY_LINES = "__key_lines__"  # in every mapping read: key -> the line the key is written on
READ_KEYS = {LINE_KEY, KEY_LINES}


class LineLoader(FastSafeLoader):
    """A SafeLoader that records the 1-based line of every mapping under LINE_KEY and of each
    of its keys under KEY_LINES, and collects duplicate keys (which YAML forbids and PyYAML
    accepts silently, the last one winning) in `duplicates`: (key, line, column, first line)."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.duplicates: list[tuple[Any, int, int, int]] = []

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        mapping = super().construct_mapping(node, deep=deep)
        lines: dict[Any, int] = {}
        for key_node, _value in node.value:
            try:
                key = self.construct_object(key_node, deep=deep)
                hash(key)
            except (TypeError, yaml.YAMLError):
                continue  # an unhashable key: construct_mapping above has reported it
            line = key_node.start_mark.line + 1
            if key in lines:
                self.duplicates.append((key, line, key_node.start_mark.column + 1, lines[key]))
            else:
                lines[key] = line
        mapping[LINE_KEY] = node.start_mark.line + 1
        mapping[KEY_LINES] = lines
        return mapping


# field name -> (type check, required)
_STR, _OPT_STR, _BOOL, _STR_LIST = "str", "optional str", "bool", "list of str"
ENTRY_FIELDS: dict[str, tuple[str, bool]] = {
    "id": (_STR, True),
    "game": (_STR, True),
    "document": (_STR, True),
    "kind": (_STR, True),
    "number": (_OPT_STR, True),
    "title": (_OPT_STR, True),
    "text": (_STR, True),
    "parent": (_OPT_STR, True),
    "refs": (_STR_LIST, True),
    "official": (_BOOL, True),
    "source": ("source", True),
    "role": (_OPT_STR, False),
    "printed": (_BOOL, False),
    "card": (_OPT_STR, False),
    "aliases": (_STR_LIST, False),
    "english": (_OPT_STR, False),
    "english_inferred": (_BOOL, False),
    "defined_by": (_OPT_STR, False),
    "notes": (_STR_LIST, False),
    "unresolved": ("unresolved", False),
    "about": ("about", False),
    "cards": ("cards", False),
}


def _links_error(value: Any, key: str, hows: tuple[str, ...]) -> str | None:
    """A list of {key: str, how: one of hows}, or a message saying what it must be."""
    shape = f"must be a list of {{{key}, how}} with how one of {', '.join(hows)}"
    if not isinstance(value, list):
        return shape
    for item in value:
        if not isinstance(item, dict) or set(item) - {key, "how"} - READ_KEYS:
            return shape
        if not isinstance(item.get(key), str) or not item[key] or item.get("how") not in hows:
            return shape
    return None


def _type_error(kind: str, value: Any) -> str | None:
    if kind == _STR:
        return None if isinstance(value, str) else "must be a string"
    if kind == _OPT_STR:
        return None if value is None or isinstance(value, str) else "must be a string or null"
    if kind == _BOOL:
        return None if isinstance(value, bool) else "must be true or false"
    if kind == _STR_LIST:
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
        return None if ok else "must be a list of strings"
    if kind == "source":
        if not isinstance(value, dict):
            return "must be a mapping {file, line_start, line_end}"
        ok = (
            isinstance(value.get("file"), str)
            and isinstance(value.get("line_start"), int)
            and isinstance(value.get("line_end"), int)
            and 1 <= value["line_start"] <= value["line_end"]
        )
        return None if ok else "needs file, and 1 <= line_start <= line_end"
    if kind == "unresolved":
        ok = isinstance(value, list) and all(
            isinstance(u, dict)
            and isinstance(u.get("target"), str)
            and (u.get("intended") is None or isinstance(u.get("intended"), str))
            and isinstance(u.get("note"), str)
            for u in value
        )
        return None if ok else "must be a list of {target, intended, note}"
    if kind == "about":
        return _links_error(value, "id", ABOUT_HOWS)
    if kind == "cards":
        return _links_error(value, "name", CARD_HOWS)
    raise AssertionError(kind)


def entry_from_dict(data: dict[str, Any], where: str, problems: list[Problem]) -> Entry | None:
    """Validate one entry mapping; append problems; return the Entry when it is well formed."""
    line = data.get(LINE_KEY, 0)
    if _field_problems(data, where, line, problems):
        return None
    problem = _value_problem(data, where, line)
    if problem is not None:
        problems.append(problem)
        return None
    return _entry(data)


def _field_problems(data: dict[str, Any], where: str, line: int, problems: list[Problem]) -> bool:
    """Append a problem for every unknown field, missing required field and field of the wrong
    type; True when there was one."""
    key_lines = data.get(KEY_LINES, {})
    bad = False
    for name in sorted(set(data) - set(ENTRY_FIELDS) - READ_KEYS, key=str):
        problems.append(Problem(where, key_lines.get(name, line), f"unknown field {name!r}"))
        bad = True
    for name, (kind, required) in ENTRY_FIELDS.items():
        if name not in data:
            if required:
                problems.append(Problem(where, line, f"missing field {name!r}"))
                bad = True
            continue
        message = _type_error(kind, data[name])
        if message:
            problems.append(Problem(where, line, f"field {name!r} {message}"))
            bad = True
    return bad


def _value_problem(data: dict[str, Any], where: str, line: int) -> Problem | None:
    """The first value of a well-typed entry mapping that is not allowed (kind, role, id, links
    of an entry that is no ruling), or None."""
    if data["kind"] not in KINDS:
        return Problem(where, line, f"kind {data['kind']!r} is not one of {', '.join(KINDS)}")
    if data.get("role") and data["role"] not in ROLES:
        return Problem(where, line, f"role {data['role']!r} is not one of {', '.join(ROLES)}")
    if not ID_PATTERN.match(data["id"]) or not data["id"].startswith(data["game"] + "/"):
        return Problem(
            where, line, f"id {data['id']!r} must be '{data['game']}/<local>' in [a-z0-9./-]"
        )
    if (data.get("about") or data.get("cards")) and data["kind"] not in ("faq", "errata"):
        return Problem(where, line, f"{data['id']}: only a faq or errata entry has about/cards")
    return None


def _entry(data: dict[str, Any]) -> Entry:
    """The Entry of a valid entry mapping (optional fields absent: their defaults)."""
    src = data["source"]
    return Entry(
        id=data["id"],
        game=data["game"],
        document=data["document"],
        kind=data["kind"],
        number=data["number"],
        title=data["title"],
        text=data["text"],
        parent=data["parent"],
        refs=list(data["refs"]),
        official=data["official"],
        source=SourceSpan(src["file"], src["line_start"], src["line_end"]),
        role=data.get("role"),
        printed=data.get("printed", True),
        card=data.get("card"),
        aliases=list(data.get("aliases") or []),
        english=data.get("english"),
        english_inferred=data.get("english_inferred", False),
        defined_by=data.get("defined_by"),
        notes=list(data.get("notes") or []),
        unresolved=[
            Unresolved(u["target"], u.get("intended"), u["note"])
            for u in data.get("unresolved") or []
        ],
        about=[AboutLink(a["id"], a["how"]) for a in data.get("about") or []],
        cards=[CardLink(c["name"], c["how"]) for c in data.get("cards") or []],
    )
