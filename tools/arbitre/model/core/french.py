"""Small French helpers the rules modules share: elision before a name."""

from __future__ import annotations

_VOWELS = "aeiouyhéèêàâîôûAEIOUYHÉÈÊÀÂÎÔÛ"


def of(name: str) -> str:
    """« de Bruno », « d'Alice »."""
    return f"d'{name}" if name[:1] in _VOWELS else f"de {name}"


def que(text: str) -> str:
    """« que la pile… », « qu'un sbire… »."""
    return f"qu'{text}" if text[:1] in _VOWELS else f"que {text}"
