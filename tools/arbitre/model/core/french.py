"""Small French helpers the rules modules share: elision before a name."""

from __future__ import annotations

_VOWELS = "aeiouyhéèêàâîôûAEIOUYHÉÈÊÀÂÎÔÛ"


def of(name: str) -> str:
    """« de Bruno », « d'Alice »."""
    return f"d'{name}" if name[:1] in _VOWELS else f"de {name}"
