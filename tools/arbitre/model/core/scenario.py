"""Reading scenario data safely: every bad field is a ScenarioError naming the field's path.

Scenarios are YAML (each game's `scenarios/`), but the procedures take typed dataclasses; the
`Fields` reader turns one into the other and refuses unknown keys, so a typo never passes silently.
"""

from __future__ import annotations

import builtins
from collections.abc import Collection, Mapping, Sequence
from typing import Any, TypeVar, overload

from arbitre.model.core.french import of
from arbitre.model.core.rules import refuse
from arbitre.model.core.trace import Ruling

_MISSING: Any = object()
UNKNOWN_FIELD = "unknown field"  # what `Fields.done` says of a key nobody asked for
_D = TypeVar("_D")


class ScenarioError(ValueError):
    """A scenario that cannot be run: `field` is the dotted path of the offending value."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.detail = message
        super().__init__(f"{field}: {message}" if field else message)


class Fields:
    """A mapping read field by field; `done()` rejects the keys nobody asked for."""

    def __init__(self, data: Any, path: str = "") -> None:
        if not isinstance(data, dict):
            raise ScenarioError(path, f"expected a mapping, got {_kind(data)}")
        self.data = data
        self.path = path
        self._seen: set[str] = set()

    def where(self, key: str | int) -> str:
        if isinstance(key, int):
            return f"{self.path}[{key}]"
        return f"{self.path}.{key}" if self.path else key

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str, default: Any = _MISSING) -> Any:
        self._seen.add(key)
        if key not in self.data or self.data[key] is None:
            if default is _MISSING:
                raise ScenarioError(self.where(key), "is required")
            return default
        return self.data[key]

    def str(self, key: str, default: Any = _MISSING) -> Any:
        value = self.raw(key, default)
        if value is default and default is not _MISSING:
            return value
        if not isinstance(value, str) or not value.strip():
            raise ScenarioError(self.where(key), f"expected a non-empty text, got {_kind(value)}")
        return value

    def int(self, key: builtins.str, default: Any = _MISSING, minimum: int | None = None) -> Any:
        value = self.raw(key, default)
        if value is default and default is not _MISSING:
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise ScenarioError(self.where(key), f"expected an integer, got {_kind(value)}")
        if minimum is not None and value < minimum:
            raise ScenarioError(self.where(key), f"must be at least {minimum}, got {value}")
        return value

    def player(
        self, key: builtins.str, players: Collection[builtins.str], default: Any = _MISSING
    ) -> Any:
        """A text that names one of `players`."""
        value = self.str(key, default)
        if value is default and default is not _MISSING:
            return value
        if value not in players:
            raise ScenarioError(self.where(key), f"{value!r} is not one of the players")
        return value

    def bool(self, key: builtins.str, default: bool = False) -> bool:
        value = self.raw(key, default)
        if not isinstance(value, bool):
            raise ScenarioError(self.where(key), f"expected true or false, got {_kind(value)}")
        return value

    def choice(
        self, key: builtins.str, options: tuple[builtins.str, ...], default: Any = _MISSING
    ) -> Any:
        value = self.str(key, default)
        if value not in options and not (value is default and default is not _MISSING):
            raise ScenarioError(
                self.where(key), f"expected one of {', '.join(options)}, got {value!r}"
            )
        return value

    @overload
    def sub(self, key: builtins.str) -> Fields: ...
    @overload
    def sub(self, key: builtins.str, default: _D) -> Fields | _D: ...
    def sub(self, key: builtins.str, default: Any = _MISSING) -> Any:
        """A mapping field, read as Fields; its `default` (None) when absent and one is given."""
        value = self.raw(key, default)
        if value is default and default is not _MISSING:
            return value
        return Fields(value, self.where(key))

    def items(self, key: builtins.str, default: Any = _MISSING) -> list[Any]:
        value = self.raw(key, default)
        if not isinstance(value, list):
            raise ScenarioError(self.where(key), f"expected a list, got {_kind(value)}")
        return value

    def records(self, key: builtins.str, default: Any = _MISSING) -> list[Fields]:
        where = self.where(key)
        return [Fields(item, f"{where}[{i}]") for i, item in enumerate(self.items(key, default))]

    def str_list(self, key: builtins.str, default: Any = _MISSING) -> list[builtins.str]:
        values = self.items(key, default)
        for i, value in enumerate(values):
            if not isinstance(value, str) or not value.strip():
                raise ScenarioError(
                    f"{self.where(key)}[{i}]", f"expected a non-empty text, got {_kind(value)}"
                )
        return list(values)

    def done(self) -> None:
        unknown = sorted(set(self.data) - self._seen)
        if unknown:
            raise ScenarioError(
                self.where(unknown[0]),
                f"{UNKNOWN_FIELD} (known here: {', '.join(sorted(self._seen))})",
            )


def _kind(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"boolean {value}"
    if isinstance(value, str):
        return f"text {value!r}"
    if isinstance(value, int | float):
        return f"number {value}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def read_rulings(fields: Fields, game: str) -> list[Ruling]:
    """The `reproduces:` list: each item {id, line, quote}; the id must belong to the game."""
    rulings: list[Ruling] = []
    for item in fields.records("reproduces"):
        ruling = Ruling(item.str("id"), item.int("line", None, minimum=1), item.str("quote", ""))
        if not ruling.id.startswith(f"{game}/"):
            raise ScenarioError(item.where("id"), f"must be an id of {game}, got {ruling.id!r}")
        item.done()
        rulings.append(ruling)
    if not rulings:
        raise ScenarioError(fields.where("reproduces"), "name at least one ruling")
    return rulings


def read_opening(data: Fields, game: str) -> tuple[list[Ruling], str, Fields]:
    """What every scenario opens with: the rulings it reproduces, its title, its `state`."""
    return read_rulings(data, game), data.str("title"), data.sub("state")


def unique_names(names: Sequence[str | None], where: str) -> None:
    seen: set[str | None] = set()
    for name in names:
        if name in seen:
            raise ScenarioError(where, f"two cards are named {name!r}; names must be unique")
        seen.add(name)


def read_out_of_play(
    state: Fields, zones_fr: Mapping[str, str], players: Collection[str]
) -> dict[str, str]:
    """`state.out_of_play`: cards of the scenario that are not in play, each `{name, zone,
    player}` (`zone` one of the game's `zones_fr`, whose value names it in French with its
    article; `player` whose zone it is, when the zone is a player's).  Returns each card's place in
    French (« dans la main d'Alice »), for `require_in_play`."""
    places: dict[str, str] = {}
    records = state.records("out_of_play", [])
    unique_names([cf.data.get("name") for cf in records], state.where("out_of_play"))
    for cf in records:
        name = cf.str("name")
        zone = cf.choice("zone", tuple(zones_fr))
        player = cf.player("player", players, None)
        cf.done()
        places[name] = f"dans {zones_fr[zone]}" + (f" {of(player)}" if player else "")
    return places


def require_in_play(
    name: str,
    field: str,
    in_play: Collection[str],
    elsewhere: Mapping[str, str],
    rule_id: str,
    why_fr: str,
) -> None:
    """An action names a card that the rules want in play (it attacks, it is targeted…).

    A card in play passes; a card of the scenario that is elsewhere (`elsewhere`: name -> its
    place in French, see `read_out_of_play`) breaks the rule `rule_id`: a RuleViolation, the
    scenario is refused, not run; a name that is no card of the scenario is a field error.
    """
    if name in in_play:
        return
    if name in elsewhere:
        refuse(rule_id, f"{name} n'est pas en jeu ({elsewhere[name]}) : {why_fr}", field)
        return
    raise ScenarioError(field, f"no card named {name!r} in the scenario")


class Wrapping:
    """A procedure's scenario built around another game scenario (the attribute named by
    `wrapped`): its name, title and rulings are that scenario's, as the site and traces read them."""

    wrapped = "base"

    @property
    def name(self) -> str:
        return getattr(self, self.wrapped).name

    @property
    def title(self) -> str:
        return getattr(self, self.wrapped).title

    @property
    def rulings(self) -> list[Ruling]:
        return getattr(self, self.wrapped).rulings
