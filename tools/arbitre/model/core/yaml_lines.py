"""The line of a scenario field in its YAML text, for `path:line:` messages.

A field is named by its dotted path as the `Fields` reader writes it (`state.attackers[0].speed`);
a missing field is reported at the line of the nearest mapping that should hold it.
"""

from __future__ import annotations

import re

import yaml

_TOKEN = re.compile(r"\[(\d+)\]|([^.\[\]]+)")


def field_tokens(field: str) -> list[str | int]:
    return [int(i) if i else key for i, key in _TOKEN.findall(field)]


def field_line(text: str, field: str) -> int | None:
    """1-based line of `field` in `text` (the nearest existing parent if it is missing)."""
    try:
        node = yaml.compose(text)
    except yaml.YAMLError:
        return None
    if node is None:
        return None
    line = node.start_mark.line + 1
    for token in field_tokens(field):
        child = None
        if isinstance(node, yaml.MappingNode) and isinstance(token, str):
            child = next((v for k, v in node.value if k.value == token), None)
            key = next((k for k, _ in node.value if k.value == token), None)
            if key is not None:
                line = key.start_mark.line + 1
        elif isinstance(node, yaml.SequenceNode) and isinstance(token, int):
            if token < len(node.value):
                child = node.value[token]
                line = child.start_mark.line + 1
        if child is None:
            return line
        node = child
    return line
