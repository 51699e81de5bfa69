"""The Spoils combat: reading a scenario into core `Card`s (the fighters) and scripted tactics.

A character is a core `Card` of kind « personnage »: printed Strength (« force »), Life
(« endurance ») and Speed (« vitesse »), the damage received this turn as the counter « dommages »
(602.1a resets it), and statuses: « epuise » (exhausted), « arrive_ce_tour » (not controlled since
the start of the turn, 608.1b, 204.3), « couvert » (Covert, 507.3), « imblocable » (413.1).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arbitre.model.core.scenario import (
    Fields,
    ScenarioError,
    read_opening,
    read_out_of_play,
    require_in_play,
    unique_names,
)
from arbitre.model.core.state import Card
from arbitre.model.core.trace import Ruling
from arbitre.model.the_spoils.rules import GAME, rid

# The zones out of play a combat scenario may name a card in (`state.out_of_play`, 403).
OUT_OF_PLAY_FR = {"main": "la main", "deck": "le deck", "defausse": "la pile de défausse"}

DAMAGE = "dommages"
EXHAUSTED = "epuise"
NEW_THIS_TURN = "arrive_ce_tour"
COVERT = "couvert"
UNBLOCKABLE_STATUS = "imblocable"
# The scenario's names of a character's values -> the card's.
STAT = {"strength": "force", "life": "endurance", "speed": "vitesse"}


def character(
    name: str,
    strength: int,
    life: int,
    speed: int,
    damage: int = 0,
    statuses: set[str] | None = None,
) -> Card:
    """A character as a core Card."""
    card = Card(
        name,
        printed={"force": strength, "endurance": life, "vitesse": speed},
        kind="personnage",
        statuses=set(statuses or ()),
    )
    card.add(DAMAGE, damage)
    return card


@dataclass
class Location:
    name: str
    structure: int
    damage: int = 0  # damage received during the whole game (408.5)


@dataclass
class Tactic:
    """A tactic or ability played in a tactics window (609.1a = « A », 609.1e = « E »)."""

    round: int  # which pass through steps A-F (1 = the first)
    window: str  # "A" or "E"
    effect: str  # one of TACTIC_EFFECTS
    character: str | None = None
    value: int | None = None
    new: Card | None = None  # for "add"
    side: str | None = None  # for "add": "attackers" or "blockers"
    text: str = ""  # how the scenario describes the card played


TACTIC_EFFECTS = (
    "remove",  # removed from battle (302.15)
    "destroy",
    "return_to_hand",
    "change_control",  # 407.4
    "strength",
    "speed",
    "life",
    "add",  # a character added to a party
    "location_changes_control",  # 407.5
    "damage",  # damage dealt by the tactic itself: not battle damage (408.6, FAQ 17)
)


@dataclass
class CombatScenario:
    name: str
    title: str
    rulings: list[Ruling]
    faction: str
    influence: int
    attackers: list[Card]
    blockers: list[Card]
    location: Location | None = None
    target: str | None = None  # "faction" or "location"; None = forgotten (608.1a)
    assign: dict[str, dict[str, int]] = field(default_factory=dict)
    tactics: list[Tactic] = field(default_factory=list)


def _character(f: Fields) -> Card:
    name, strength, life = f.str("name"), f.int("strength"), f.int("life")
    speed, damage = f.int("speed", minimum=0), f.int("damage", 0, minimum=0)
    flags = {
        EXHAUSTED: f.bool("exhausted"),
        NEW_THIS_TURN: not f.bool("controlled_since_turn_start", True),
        COVERT: f.bool("covert"),
        UNBLOCKABLE_STATUS: f.bool("unblockable"),
    }
    c = character(name, strength, life, speed, damage, {s for s, on in flags.items() if on})
    f.done()
    return c


def _tactics(actions: Fields) -> list[Tactic]:
    tactics = []
    for f in actions.records("tactics", []):
        t = Tactic(
            round=f.int("round", 1, minimum=1),
            window=f.choice("window", ("A", "E")),
            effect=f.choice("effect", TACTIC_EFFECTS),
            text=f.str("text", ""),
        )
        if t.effect == "add":
            t.side = f.choice("side", ("attackers", "blockers"))
            t.new = _character(f.sub("character"))
        elif t.effect != "location_changes_control":
            t.character = f.str("character")
        if t.effect in ("strength", "speed", "life", "damage"):
            t.value = f.int("value", minimum=0 if t.effect != "strength" else None)
        f.done()
        tactics.append(t)
    return tactics


def read_combat(name: str, data: Fields) -> CombatScenario:
    """Validate a combat scenario (the `state` and `actions` of a scenario file)."""
    rulings, title, state = read_opening(data, GAME)
    faction = state.sub("faction")
    faction_name, influence = faction.str("name"), faction.int("influence", minimum=1)
    faction.done()
    location = _location(state)
    target = state.choice("target", ("faction", "location"), None)
    if target == "location" and location is None:
        raise ScenarioError(state.where("target"), "is 'location' but state.location is missing")
    attackers = [_character(f) for f in state.records("attackers")]
    blockers = [_character(f) for f in state.records("blockers", [])]
    elsewhere = read_out_of_play(state, OUT_OF_PLAY_FR, ())
    state.done()

    actions = data.sub("actions", None) or Fields({}, "actions")
    tactics = _tactics(actions)
    assign = _assign(actions)
    actions.done()

    names = [c.name for c in attackers + blockers] + [t.new.name for t in tactics if t.new]
    unique_names(names, state.where("attackers"))
    unique_names(names + list(elsewhere), state.where("out_of_play"))
    known = set(names) | {faction_name} | ({location.name} if location else set())
    _check_tactics(tactics, names, elsewhere, location)
    _check_assign(assign, names, known)
    return CombatScenario(
        name=name,
        title=title,
        rulings=rulings,
        faction=faction_name,
        influence=influence,
        attackers=attackers,
        blockers=blockers,
        location=location,
        target=target,
        assign=assign,
        tactics=tactics,
    )


def _location(state: Fields) -> Location | None:
    """`state.location`: the location the attack may target, if any."""
    if not state.has("location"):
        return None
    lf = state.sub("location")
    location = Location(lf.str("name"), lf.int("structure", minimum=1), lf.int("damage", 0, 0))
    lf.done()
    return location


def _assign(actions: Fields) -> dict[str, dict[str, int]]:
    """`actions.assign`: how a character splits its damage, by source then recipient."""
    assign: dict[str, dict[str, int]] = {}
    if actions.has("assign"):
        af = actions.sub("assign")
        for source in sorted(af.data):
            split = af.sub(source)
            assign[source] = {r: split.int(r, minimum=0) for r in sorted(split.data)}
            split.done()
        af.done()
    return assign


def _check_tactics(
    tactics: list[Tactic], names: list[str], elsewhere: dict[str, str], location: Location | None
) -> None:
    """A tactic affects a character in play (402.3), or the location when there is one."""
    for t_index, t in enumerate(tactics):
        if t.character is not None:
            require_in_play(
                t.character,
                f"actions.tactics[{t_index}].character",
                names,
                elsewhere,
                rid("402.3"),
                "une carte qui ne précise pas de zone de jeu n'affecte que les cartes en jeu",
            )
        if t.effect == "location_changes_control" and location is None:
            raise ScenarioError(f"actions.tactics[{t_index}].effect", "there is no location")


def _check_assign(assign: dict[str, dict[str, int]], names: list[str], known: set[str]) -> None:
    """Each split is a character's, to characters, the faction or the location of the scenario."""
    for source, amounts in assign.items():
        if source not in names:
            raise ScenarioError(f"actions.assign.{source}", "no character of that name")
        for recipient in amounts:
            if recipient not in known:
                raise ScenarioError(f"actions.assign.{source}.{recipient}", "unknown recipient")
