"""What the loader and the hand-written tables report: a `Problem` at `path:line`, and the YAML
loader that remembers each key's line (for the hand-written tables)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

# libyaml's parser when PyYAML was built with it (7x faster on the generated files); the
# constructor is the same Python SafeConstructor, so what is read is the same.
FastSafeLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


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
