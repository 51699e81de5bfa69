"""What the loader and the hand-written tables report: a `Problem` at `path:line`, and the YAML
loader that remembers each key's line (for the hand-written tables)."""

from __future__ import annotations

from dataclasses import dataclass

import yaml


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


class KeyLineLoader(yaml.SafeLoader):
    """Records, for every mapping, the line of each key (under the key `__lines__`)."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict:
        mapping = super().construct_mapping(node, deep=deep)
        mapping["__lines__"] = {
            key.value: key.start_mark.line + 1
            for key, _ in node.value
            if isinstance(key, yaml.ScalarNode)
        }
        return mapping
