"""The Spoils events: reading a scenario (cards in play, standing effects as data, the events).

`events` runs what this module reads and checks the standing rules after each event.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arbitre.model.core.scenario import Fields, ScenarioError, read_opening, unique_names
from arbitre.model.core.state import Card
from arbitre.model.core.trace import Ruling
from arbitre.model.the_spoils.rules import GAME

TYPES = ("personnage", "objet", "lieu")
# What happens to a card; a replacement turns one into another.  "detruite" ends in the discard.
FATES = ("detruite", "mise_en_main", "mise_en_defausse", "retiree_de_la_partie")
FATE_FR = {
    "detruite": "détruite",
    "mise_en_main": "mise dans la main de son propriétaire",
    "mise_en_defausse": "mise dans la pile de défausse",
    "retiree_de_la_partie": "retirée de la partie",
}
ZONE_OF = {"mise_en_main": "main", "mise_en_defausse": "défausse", "retiree_de_la_partie": "exil"}
CONDITIONS = {"adversaire_controle_un_personnage": "votre adversaire contrôle un personnage"}
EVENTS = (
    "dommages",  # card, amount
    "dommages_faction",  # faction, amount
    "perte_influence",  # faction, amount
    "type",  # card, type
    "controle",  # card, player
    "face_cachee",  # card: turned face down as a resource
    "detruire",  # card
    "renvoyer_en_main",  # card
    "resolution",  # card, effect (a fate), zone: where the effect targeted it
)


@dataclass
class While:
    source: str
    card: str
    condition: str
    strength: int = 0
    life: int = 0
    active: bool = False


@dataclass
class Replacement:
    source: str
    replaces: str
    instead: str


@dataclass
class Event:
    event: str
    card: str = ""
    amount: int = 0
    faction: str = ""
    value: str = ""  # the new type, player, or the fate an effect gives
    zone: str = "jeu"  # for "resolution": the zone the effect targeted the card in
    text: str = ""


@dataclass
class EventScenario:
    name: str
    title: str
    rulings: list[Ruling]
    players: list[str]
    active: str
    influence: dict[str, int]
    cards: list[Card]
    whiles: list[While] = field(default_factory=list)
    replacements: list[Replacement] = field(default_factory=list)
    faction_damage_change: list[tuple[str, int]] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    keep: dict[str, str] = field(default_factory=dict)  # Unique id -> the copy kept


def _card(f: Fields, players: list[str]) -> Card:
    controller = f.player("controller", players)
    kind = f.choice("type", TYPES)
    printed = {"force": f.int("strength", 0), "endurance": f.int("life", 0)}
    card = Card(f.str("name"), f.str("owner", controller), controller, printed, kind=kind)
    card.add("dommages", f.int("damage", 0, minimum=0))
    unique = f.str("unique", "")
    if unique:
        card.statuses.add(f"unique:{unique}")
    f.done()
    return card


def read_events(name: str, data: Fields) -> EventScenario:
    """Validate an events scenario: the cards in play, the standing effects, then the events."""
    rulings, title, state = read_opening(data, GAME)
    players = state.str_list("players")
    active = state.player("active_player", players)
    inf = state.sub("influence", None) or Fields({}, state.where("influence"))
    influence = {p: inf.int(p, minimum=1) for p in players if inf.has(p)}
    inf.done()
    cards = [_card(f, players) for f in state.records("cards", [])]
    unique_names([c.name for c in cards], state.where("cards"))
    names = {c.name for c in cards}
    whiles, replacements, damage_change = _effects(state, names)
    state.done()
    actions = data.sub("actions")
    events = [_event(ev, names, influence, players) for ev in actions.records("events")]
    keep = {}
    if actions.has("keep"):
        kf = actions.sub("keep")
        keep = {k: kf.str(k) for k in sorted(kf.data)}
        kf.done()
    actions.done()
    return EventScenario(
        name, title, rulings, players, active, influence, cards, whiles, replacements,
        damage_change, events, keep,
    )  # fmt: skip


def _effects(
    state: Fields, names: set[str]
) -> tuple[list[While], list[Replacement], list[tuple[str, int]]]:
    """`state.effects`: the « tant que » effects, the replacements, the faction damage changes."""
    whiles: list[While] = []
    replacements: list[Replacement] = []
    damage_change: list[tuple[str, int]] = []
    for ef in state.records("effects", []):
        kind = ef.choice("kind", ("tant_que", "remplacement", "dommages_aux_factions"))
        source = ef.str("source")
        if kind == "tant_que":
            w = While(
                source,
                ef.str("card"),
                ef.choice("condition", tuple(CONDITIONS)),
                ef.int("strength", 0),
                ef.int("life", 0),
            )
            if w.card not in names:
                raise ScenarioError(ef.where("card"), f"no card named {w.card!r}")
            whiles.append(w)
        elif kind == "remplacement":
            replacements.append(
                Replacement(source, ef.choice("replaces", FATES), ef.choice("instead", FATES))
            )
        else:
            damage_change.append((source, ef.int("change")))
        ef.done()
    return whiles, replacements, damage_change


def _event(ev: Fields, names: set[str], influence: dict[str, int], players: list[str]) -> Event:
    """One event of `actions.events`: what happens, to which card or faction, and its value."""
    e = Event(ev.choice("event", EVENTS), text=ev.str("text", ""))
    if e.event in ("dommages_faction", "perte_influence"):
        e.faction = ev.choice("faction", tuple(influence))
        e.amount = ev.int("amount", minimum=0)
    else:
        e.card = ev.str("card")
        if e.card not in names:
            raise ScenarioError(ev.where("card"), f"no card named {e.card!r}")
    if e.event == "dommages":
        e.amount = ev.int("amount", minimum=0)
    elif e.event == "type":
        e.value = ev.choice("type", TYPES)
    elif e.event == "controle":
        e.value = ev.player("player", players)
    elif e.event == "resolution":
        e.value = ev.choice("effect", FATES)
        e.zone = ev.str("zone", "jeu")
    ev.done()
    return e
