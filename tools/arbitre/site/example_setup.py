"""A worked example's starting position as the site shows it: the scenario's `state` or `actions`,
as written in its YAML file, turned into a nested French Markdown list by `describe_setup` (keys
and the few English codes the scenarios use are translated, setup_labels.py; names and French text
are kept).  Pure.
"""

from __future__ import annotations

from typing import Any

from arbitre.model.render import french_scalar
from arbitre.site.setup_labels import VALUE_LABELS, key_label
from arbitre.site.text import escape_inline

# Keys whose value names the item: it heads the line.
NAME_KEYS = ("name", "card", "enemy", "player")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _scalar(value: Any) -> str:
    if isinstance(value, str):
        return VALUE_LABELS.get(value, value)
    return french_scalar(value)


def _head(value: dict[str, Any]) -> tuple[str | None, str | None]:
    """The key and text of the field that names a mapping (« name », else « card »…)."""
    for k in NAME_KEYS:
        if isinstance(value.get(k), str):
            return k, value[k]
    return None, None


def _inline(value: Any, game: str) -> str | None:
    """One line of plain text for a simple value, else None (it needs a nested list).

    A mapping reads « Name (field : value, flag, …) »; a list of names « A, B »; a list of
    one-field mappings « dé : 5 ; dé : 4 ».  A list of richer mappings needs a nested list.
    """
    if not isinstance(value, dict | list):
        return _scalar(value)
    if isinstance(value, list):
        if any(isinstance(v, dict) and len(v) > 1 for v in value):
            return None
        parts = [_inline(v, game) for v in value]
        if any(p is None for p in parts):
            return None
        # « dé : 5 ; dé : 4 », but « Alice, Bruno » for mappings that hold only a name.
        unnamed = any(isinstance(v, dict) and _head(v)[0] is None for v in value)
        return (" ; " if unnamed else ", ").join(p for p in parts if p is not None) or "aucun"
    name_key, name = _head(value)
    fields: list[str] = []
    for k, v in value.items():
        if k == name_key:
            continue
        text = _inline(v, game)
        if text is None:
            return None
        if v is True:
            fields.append(key_label(k, game))
        elif isinstance(v, dict) and _head(v)[0] is None:
            fields.append(f"{key_label(k, game)} ({text})")
        else:
            fields.append(f"{key_label(k, game)} : {text}")
    # A field holding a list (« types : Forêt, Eau ») makes commas ambiguous: fields take « ; ».
    listed = any(isinstance(v, list) and len(v) > 1 for v in value.values())
    body = (" ; " if listed else ", ").join(fields)
    if name is None:
        return body or "aucun"
    return f"{name} ({body})" if body else name


def _mapping_lines(first: str, value: dict[str, Any], game: str, indent: str) -> list[str]:
    """« - first Name (simple fields) » then one nested line per field that needs its own list."""
    name_key, name = _head(value)
    rest = {k: v for k, v in value.items() if k != name_key}
    simple = {k: v for k, v in rest.items() if _inline(v, game) is not None}
    nested = {k: v for k, v in rest.items() if k not in simple}
    simple_text = escape_inline(_inline(simple, game) or "") if simple else ""
    if name is not None:
        head = f"**{escape_inline(name)}**" + (f" — {simple_text}" if simple_text else "")
    elif first:
        head = f"({simple_text})" if simple_text else ""
    elif simple_text:
        head = simple_text
    else:  # nothing heads the item: its fields stand alone
        return [line for k, v in nested.items() for line in _field_lines(k, v, game, indent)]
    if not head:  # « - expédition du héros : » and its nested lines
        first = first.rstrip().removesuffix(" :") + " :"
    lines = [f"{indent}- {first}{head}".rstrip()]
    for k, v in nested.items():
        lines += _field_lines(k, v, game, indent + "    ")
    return lines


def _item_lines(value: Any, game: str, indent: str) -> list[str]:
    """Markdown list lines (already escaped) for one item of a list."""
    text = _inline(value, game)
    if text is not None:
        return [f"{indent}- {escape_inline(text)}"]
    if isinstance(value, list):
        return [line for v in value for line in _item_lines(v, game, indent)]
    return _mapping_lines("", value, game, indent)


def _field_lines(key: Any, value: Any, game: str, indent: str) -> list[str]:
    """« - Label : value », or « - Label : » and a nested list."""
    label = escape_inline(key_label(key, game))
    text = _inline(value, game)
    if text is not None:
        return [f"{indent}- {label} : {escape_inline(text)}"]
    if isinstance(value, dict):
        if _head(value)[0] is None:  # « expédition du héros (région : 0) » and its lists
            return _mapping_lines(f"{label} ", value, game, indent)
        return _mapping_lines(f"{label} : ", value, game, indent)
    lines = [f"{indent}- {label} :"]
    for v in value:
        lines += _item_lines(v, game, indent + "    ")
    return lines


# Fields for the model only: « ruling » names the KB entry a card's behaviour comes from, which
# the example already shows under « Reproduit ».
HIDDEN_KEYS = {"ruling"}


def _visible(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _visible(v) for k, v in value.items() if k not in HIDDEN_KEYS}
    if isinstance(value, list):
        return [_visible(v) for v in value]
    return value


def describe_setup(data: dict[str, Any], game: str) -> list[str]:
    """A scenario's `state` or `actions` as Markdown list lines (French, escaped), in file order."""
    lines: list[str] = []
    for key, value in _visible(data).items():
        top = _field_lines(key, value, game, "")
        lines += [_capital(top[0][:2]) + _capital(top[0][2:]), *top[1:]]
    return lines
