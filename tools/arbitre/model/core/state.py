"""Game state shared by every game: players in turn order, the active player, zones and cards.

A card keeps its printed values (as on the card) apart from its current values (after damage,
modifiers, a flip): `card.value("atk")` is the current one, `card.printed["atk"]` the printed one.
Counters (damage, wounds, threat, status tokens…) and statuses (Sonné, exhausted…) are per card;
each game names its own.  Zones are named per player (`hand`, `play`, `discard`…) or shared
(`player=None`: the monster deck, the encounter deck).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass
class Card:
    name: str
    owner: str | None = None  # None: a card of the game (a monster, a villain)
    controller: str | None = None
    printed: dict[str, int | None] = field(default_factory=dict)  # None: ★ or a blank value
    current: dict[str, int | None] = field(default_factory=dict)
    counters: dict[str, int] = field(default_factory=dict)
    statuses: set[str] = field(default_factory=set)
    kind: str = ""  # the game's card type
    zone: str = ""

    def __post_init__(self) -> None:
        for key, value in self.printed.items():
            self.current.setdefault(key, value)
        if self.controller is None:
            self.controller = self.owner

    def value(self, key: str, default: int = 0) -> int:
        """The current value; a blank (None) counts as `default`."""
        value = self.current.get(key)
        return default if value is None else value

    def count(self, counter: str) -> int:
        return self.counters.get(counter, 0)

    def add(self, counter: str, amount: int) -> int:
        """Add (or, negative, remove) counters; never below 0.  Returns the new count."""
        self.counters[counter] = max(self.count(counter) + amount, 0)
        if not self.counters[counter]:
            del self.counters[counter]
        return self.count(counter)


@dataclass
class Player:
    name: str
    counters: dict[str, int] = field(default_factory=dict)  # resources: cents, souls, threat

    def count(self, counter: str) -> int:
        return self.counters.get(counter, 0)

    def add(self, counter: str, amount: int) -> int:
        self.counters[counter] = max(self.count(counter) + amount, 0)
        return self.counters[counter]


@dataclass
class GameState:
    """Players in turn order (the first is the first player), the active player, the cards."""

    players: list[Player]
    active: str | None = None  # None outside a player's turn
    phase: str | None = None
    cards: dict[str, Card] = field(default_factory=dict)
    zones: dict[tuple[str | None, str], list[str]] = field(default_factory=dict)

    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def turn_order(self, start: str | None = None) -> list[str]:
        """Every player once, in turn order, from `start` (default: the active player, or first)."""
        names = self.names()
        begin = start or self.active or names[0]
        i = names.index(begin)
        return names[i:] + names[:i]

    def next_player(self) -> str:
        order = self.turn_order()
        return order[1] if len(order) > 1 else order[0]

    # -- zones --
    def zone(self, name: str, player: str | None = None) -> list[str]:
        """The card names in a zone, in order (a deck: top first)."""
        return self.zones.setdefault((player, name), [])

    def put(self, card: Card, zone: str, player: str | None = None, top: bool = False) -> Card:
        self.remove(card.name)
        self.cards[card.name] = card
        card.zone = zone
        names = self.zone(zone, player)
        names.insert(0, card.name) if top else names.append(card.name)
        return card

    def remove(self, name: str) -> Card | None:
        for names in self.zones.values():
            if name in names:
                names.remove(name)
        return self.cards.pop(name, None)

    def move(self, name: str, zone: str, player: str | None = None, top: bool = False) -> Card:
        card = self.cards[name]
        return self.put(card, zone, player, top)

    def in_zone(self, name: str, zone: str) -> bool:
        card = self.cards.get(name)
        return card is not None and card.zone == zone

    def card(self, name: str) -> Card:
        return self.cards[name]

    def cards_in(self, zone: str, player: str | None = None) -> list[Card]:
        return [self.cards[n] for n in self.zone(zone, player)]

    def draw(self, zone: str, player: str | None = None) -> Card | None:
        """Take the top card of a zone (a deck), or None if it is empty."""
        names = self.zone(zone, player)
        if not names:
            return None
        return self.cards[names[0]]

    def controlled_by(self, player: str, zones: Iterable[str] = ("play",)) -> list[Card]:
        wanted = set(zones)
        return [c for c in self.cards.values() if c.controller == player and c.zone in wanted]
