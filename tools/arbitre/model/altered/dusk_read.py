"""Altered Dusk: reading a scenario into core `Card`s — the regions of the Adventure and the
characters of each expedition.

- A character is a core `Card` of kind « personnage »: printed Forêt/Montagne/Eau statistics
  (1.1.6.d: a missing number counts as zero), boost counters « boost » (2.5.1.b), the statuses
  « defenseur » (7.4.1) and « gigantesque » (7.4.3).
- A region is a core `Card` of kind « region »: its types (Forêt, Montagne, Eau) are statuses, a
  face-down Tumult half has the status « face_cachee »; `DuskScenario.tumult` says which Tumult
  card a half belongs to.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arbitre.model.altered.rules import GAME, LAST, STATS
from arbitre.model.core.scenario import Fields, ScenarioError, read_opening, unique_names
from arbitre.model.core.state import Card
from arbitre.model.core.trace import Ruling

BOOST = "boost"
DEFENDER = "defenseur"
GIGANTIC = "gigantesque"
FACE_DOWN = "face_cachee"


def character(
    name: str, stats: dict[str, int], boosts: int = 0, statuses: set[str] | None = None
) -> Card:
    card = Card(name, printed=dict(stats), kind="personnage", statuses=set(statuses or ()))
    card.add(BOOST, boosts)
    return card


def region(name: str, types: list[str], face_down: bool = False) -> Card:
    return Card(name, kind="region", statuses=set(types) | ({FACE_DOWN} if face_down else set()))


def types_of(card: Card) -> list[str]:
    """A region's types, in the order Forêt, Montagne, Eau."""
    return [s for s in STATS if s in card.statuses]


@dataclass
class DuskScenario:
    name: str
    title: str
    rulings: list[Ruling]
    players: list[str]
    positions: dict[str, dict[str, int]]  # player -> kind ("heros", "compagnon") -> region index
    characters: dict[str, dict[str, list[Card]]]  # player -> kind -> the expedition's characters
    regions: list[Card]  # the Adventure, Hero Region first (empty in the Arena)
    tumult: dict[str, str] = field(default_factory=dict)  # region -> its Tumult card
    arena: bool = False  # the tiebreakers have started (4.3.d-h)


def _character(f: Fields) -> Card:
    name = f.str("name")
    stats = {s: f.int(s, 0) for s in STATS}  # 1.1.6.d: a missing number counts as zero
    boosts = f.int("boosts", 0, minimum=0)
    flags = {DEFENDER: f.bool("defenseur"), GIGANTIC: f.bool("gigantesque")}
    c = character(name, stats, boosts, {s for s, on in flags.items() if on})
    f.done()
    return c


def _adventure(state: Fields) -> tuple[list[Card], dict[str, str]]:
    regions: list[Card] = []
    tumult: dict[str, str] = {}
    for rf in state.records("adventure"):
        types = rf.str_list("types", [])
        for i, t in enumerate(types):
            if t not in STATS:
                raise ScenarioError(
                    f"{rf.where('types')}[{i}]", f"expected one of {', '.join(STATS)}"
                )
        name = rf.str("name")
        half = rf.str("tumult", "")
        regions.append(region(name, types, rf.bool("face_down")))
        if half:
            tumult[name] = half
        rf.done()
    if len(regions) != LAST + 1:
        raise ScenarioError(
            state.where("adventure"),
            f"the Adventure has eight regions (3.2.1.b), got {len(regions)}",
        )
    unique_names([r.name for r in regions], state.where("adventure"))
    for i in (0, LAST):
        if FACE_DOWN in regions[i].statuses or regions[i].name in tumult:
            raise ScenarioError(
                f"{state.where('adventure')}[{i}]",
                "the Hero and Companion Regions are not Tumult halves",
            )
    return regions, tumult


def read_dusk(name: str, data: Fields) -> DuskScenario:
    """Validate a Dusk scenario (the `state` of a scenario file; `actions` is not used)."""
    rulings, title, state = read_opening(data, GAME)
    arena = state.bool("arena")
    regions, tumult = _adventure(state) if not arena else ([], {})
    players: list[str] = []
    positions: dict[str, dict[str, int]] = {}
    characters: dict[str, dict[str, list[Card]]] = {}
    for pf in state.records("players"):
        here: dict[str, int] = {}
        cards: dict[str, list[Card]] = {}
        for kind in ("heros", "compagnon"):
            ef = pf.sub(kind)
            default = 0 if kind == "heros" else LAST
            position = ef.int("position", default, minimum=0)
            if position > LAST:
                raise ScenarioError(ef.where("position"), f"must be at most {LAST}, got {position}")
            if not arena and FACE_DOWN in regions[position].statuses:
                raise ScenarioError(
                    ef.where("position"), "an expedition cannot stand on a face-down Tumult half"
                )
            here[kind] = position
            cards[kind] = [_character(cf) for cf in ef.records("characters", [])]
            ef.done()
        player = pf.str("name")
        players.append(player)
        positions[player], characters[player] = here, cards
        pf.done()
    if len(players) != 2:
        raise ScenarioError(state.where("players"), f"expected two players, got {len(players)}")
    unique_names(players, state.where("players"))
    unique_names(
        [c.name for p in players for cs in characters[p].values() for c in cs]
        + [r.name for r in regions],
        state.where("players"),
    )
    state.done()
    actions = data.sub("actions", None) or Fields({}, "actions")
    actions.done()
    return DuskScenario(
        name, title, rulings, players, positions, characters, regions, tumult, arena
    )
