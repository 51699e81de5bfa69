"""What the loader and the hand-written tables report: a `Problem` at `path:line`, and the YAML
loaders that remember each key's line (for the hand-written tables)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

# libyaml's parser when PyYAML was built with it (7x faster on the generated files); the
# constructor is the same Python SafeConstructor, so what is read is the same.
try:
    from yaml import CSafeLoader as FastSafeLoader
except ImportError:  # pragma: no cover - a PyYAML built without libyaml
    from yaml import SafeLoader as FastSafeLoader  # type: ignore[assignment]


__all__ = ["FastSafeLoader", "KeyLineLoader", "Problem", "read_mapping", "read_text", "read_tree"]


@dataclass(frozen=True, order=True)
class Problem:
    path: str
    line: int
    message: str
    severity: str = "error"  # or "warning"
    column: int | None = None

    def __str__(self) -> str:
        tag = "" if self.severity == "error" else "warning: "
        where = f"{self.line}:{self.column}" if self.column else f"{self.line}"
        return f"{self.path}:{where}: {tag}{self.message}"


class KeyLineLoader(FastSafeLoader):
    """Records, for every mapping, the line of each key (under the key `__lines__`)."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict:
        mapping = super().construct_mapping(node, deep=deep)
        mapping["__lines__"] = {
            key.value: key.start_mark.line + 1
            for key, _ in node.value
            if isinstance(key, yaml.ScalarNode)
        }
        return mapping


def read_text(file: Path, path: str) -> tuple[str | None, Problem | None]:
    """A YAML file's text, or None and the one problem that says why it cannot be read (at
    `path`, the file as messages name it): unreadable, or not UTF-8 (at the bad byte's line and
    column)."""
    try:
        data = file.read_bytes()
        return data.decode("utf-8"), None
    except OSError as exc:
        return None, Problem(path, 1, f"cannot read: {exc.strerror or exc}")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        byte = data[exc.start : exc.start + 1].hex()
        message = f"not valid UTF-8 (byte 0x{byte}): save the file as UTF-8"
        return None, Problem(path, line, message, column=column)


def read_mapping(
    text: str, path: str, expected: str
) -> tuple[dict[Any, Any], dict[Any, int], list[Problem]]:
    """A hand-written table's top mapping (key -> value), each key's line, and the one problem
    when it is not a mapping (`expected` says what it should map) or not YAML at all."""
    try:
        data = yaml.load(text, Loader=KeyLineLoader)  # noqa: S506 (SafeLoader subclass)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        return {}, {}, [Problem(path, (mark.line + 1) if mark else 1, f"invalid YAML: {exc}")]
    if data is None:
        return {}, {}, []
    if not isinstance(data, dict):
        return {}, {}, [Problem(path, 1, f"expected a mapping: {expected}")]
    lines = data.pop("__lines__", {})
    return data, lines, []


# A place inside a YAML document: mapping keys (as strings) and list indexes, from the top.
TreePath = tuple[str | int, ...]


def read_tree(text: str, path: str) -> tuple[Any, dict[TreePath, int], list[Problem]]:
    """A hand-written YAML file's document, the line of every key and list item at every depth
    (`("lists", 3, "first")` -> 41; mapping keys as their string form), and its problems (at
    `path`, the file as messages name it): not YAML, or a key written twice in one mapping."""
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        return None, {}, [Problem(path, (mark.line + 1) if mark else 1, f"invalid YAML: {exc}")]
    finally:
        loader.dispose()
    lines: dict[TreePath, int] = {}
    problems: list[Problem] = []
    if node is not None:
        _node_lines(node, (), lines, path, problems)
    return data, lines, problems


def _node_lines(
    node: yaml.Node, at: TreePath, lines: dict[TreePath, int], path: str, problems: list[Problem]
) -> None:
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if not isinstance(key, yaml.ScalarNode):
                continue
            here = (*at, key.value)
            line = key.start_mark.line + 1
            if here in lines:  # YAML keeps the last silently: a hand-written table must not
                problems.append(
                    Problem(path, line, f"duplicate key {key.value!r} (also line {lines[here]})")
                )
            lines[here] = line
            _node_lines(value, here, lines, path, problems)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            here = (*at, index)
            lines[here] = item.start_mark.line + 1
            _node_lines(item, here, lines, path, problems)
