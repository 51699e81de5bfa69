"""Four Souls « mort »: reading a scenario (players with their hands, the loot deck, what is on
the stack, the triggers, and the events: kills, damage, negotiations, with their responses).

A card's ability is data of the scenario (what it draws, what it cancels, when it triggers);
death.py runs what this module reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arbitre.model.core.scenario import Fields, ScenarioError, read_opening, unique_names
from arbitre.model.core.trace import Ruling
from arbitre.model.four_souls.rules import GAME

EVENTS = ("tue", "degats", "pourparlers")
TRIGGER_ON = ("mort", "fin_de_tour")
ON = ("mort", "penalite")  # what a response is played on (the top of the stack)


@dataclass
class Holder:
    name: str
    health: int
    max_health: int
    cents: int = 0
    loot: list[str] = field(default_factory=list)
    items: list[tuple[str, bool]] = field(default_factory=list)  # (name, eternal)
    curses: list[str] = field(default_factory=list)
    souls: int = 0
    soul_items: set[str] = field(default_factory=set)  # « si elle est détruite… une carte d'âme »
    takes_more: list[tuple[str, int, str | None]] = field(default_factory=list)  # +damage taken


@dataclass
class Trigger:
    source: str
    player: str
    on: str  # « mort »: when its controller dies; « fin_de_tour »
    draw: int = 0  # loot cards it draws
    text: str = ""


@dataclass
class Response:
    source: str
    player: str
    on: str  # what is on top of the stack when it is played (ON)
    cancels: str  # what it cancels: « mort », « penalite »
    ends_turn: bool = False  # the card's text: « vous passez quand même à la phase finale »


@dataclass
class Event:
    kind: str
    source: str = ""
    player: str = ""  # who plays the effect (tue), who pays (pourparlers)
    target: str = ""  # who dies or takes damage, who is paid
    amount: int = 0  # damage, or ¢
    prevented: tuple[str, str, int] | None = None  # (source, player, amount) of a prevention
    responses: list[Response] = field(default_factory=list)
    text: str = ""


@dataclass
class DeathScenario:
    name: str
    title: str
    rulings: list[Ruling]
    active_player: str
    players: list[Holder]
    loot_deck: list[str]
    stack: list[tuple[str, str]]  # (source, text) already on the stack, bottom first
    triggers: list[Trigger]
    events: list[Event]
    end_turn: bool = False
    lasting: list[str] = field(default_factory=list)  # effects « jusqu'à la fin du tour »


def _player(f: Fields) -> Holder:
    health = f.int("health", minimum=0)
    items, soul_items = [], set()
    for itf in f.records("items", []):
        items.append((itf.str("name"), itf.bool("eternal")))
        if itf.bool("soul_if_destroyed"):
            soul_items.add(items[-1][0])
        itf.done()
    takes_more = []
    for mf in f.records("damage_taken", []):
        ruling = mf.str("ruling", None)
        if ruling is not None and not ruling.startswith(f"{GAME}/"):
            raise ScenarioError(mf.where("ruling"), f"must be an id of {GAME}")
        takes_more.append((mf.str("source"), mf.int("adds", minimum=1), ruling))
        mf.done()
    h = Holder(
        f.str("name"),
        health,
        f.int("max_health", health, minimum=1),
        f.int("cents", 0, minimum=0),
        f.str_list("loot", []),
        items,
        f.str_list("curses", []),
        f.int("souls", 0, minimum=0),
        soul_items,
        takes_more,
    )
    f.done()
    return h


def _stack_item(f: Fields) -> tuple[str, str]:
    """What is already on the stack: (source, text)."""
    item = (f.str("source"), f.str("text", ""))
    f.done()
    return item


def _trigger(f: Fields, names: set[str]) -> Trigger:
    """A triggered ability: whose, when it triggers (TRIGGER_ON), what it draws."""
    t = Trigger(
        f.str("source"),
        f.player("player", names),
        f.choice("when", TRIGGER_ON),
        f.int("draw", 0, minimum=0),
        f.str("text", ""),
    )
    f.done()
    return t


def _event(f: Fields, names: set[str]) -> Event:
    """One event: a negotiation (who pays whom, how much), or a kill or damage (its source and
    target, what prevents it, the responses played)."""
    kind = f.choice("kind", EVENTS)
    e = Event(kind, text=f.str("text", ""))
    if kind == "pourparlers":
        e.player, e.target = f.player("from", names), f.player("to", names)
        e.amount = f.int("cents", minimum=1)
    else:
        e.source = f.str("source")
        e.target = f.player("target", names)
        if kind == "tue":
            e.player = f.player("player", names)
        else:
            e.amount = f.int("amount", minimum=1)
        if f.has("prevented_by"):
            e.prevented = _prevention(f.sub("prevented_by"), names)
        for rf in f.records("responses", []):
            e.responses.append(_response(rf, names))
    f.done()
    return e


def _prevention(f: Fields, names: set[str]) -> tuple[str, str, int]:
    """`prevented_by`: the (source, player, amount) of a damage prevention."""
    prevented = (f.str("source"), f.player("player", names), f.int("amount", minimum=1))
    f.done()
    return prevented


def _response(f: Fields, names: set[str]) -> Response:
    """A card played in response to a death or a Death Penalty, and what it cancels."""
    r = Response(
        f.str("source"),
        f.player("player", names),
        f.choice("played_on", ON),
        f.choice("cancels", ON),
        f.bool("ends_turn"),
    )
    f.done()
    return r


def read_death(name: str, data: Fields) -> DeathScenario:
    """Read a « mort » scenario: the players, the loot deck, the stack and the triggers of
    `state`, then the events of `actions` and whether the turn ends."""
    rulings, title, state = read_opening(data, GAME)
    players = [_player(f) for f in state.records("players")]
    unique_names([p.name for p in players], state.where("players"))
    names = {p.name for p in players}

    active = state.player("active_player", names)
    loot_deck = state.str_list("loot_deck", [])
    stack = [_stack_item(sf) for sf in state.records("stack", [])]
    triggers = [_trigger(tf, names) for tf in state.records("triggers", [])]
    lasting = state.str_list("until_end_of_turn", [])
    state.done()
    actions = data.sub("actions")
    events = [_event(ef, names) for ef in actions.records("events")]
    end_turn = actions.bool("end_turn")
    actions.done()
    sc = DeathScenario(
        name, title, rulings, active, players, loot_deck, stack, triggers, events, end_turn
    )
    sc.lasting = lasting
    return sc
