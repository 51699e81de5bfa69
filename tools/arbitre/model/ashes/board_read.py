"""Ashes « plateau »: reading a scenario — each player's dice, hand, deck and spellboard (the
exhaustion tokens of every copy of a ready spell), the units with their wounds and recover value,
and the steps of the round.

board.py plays what this module reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arbitre.model.ashes.rules import GAME
from arbitre.model.core.scenario import Fields, ScenarioError, read_opening, unique_names
from arbitre.model.core.trace import Ruling

ACTIONS = ("placer", "activer", "mediter", "regain", "retirer")
SOURCES = ("main", "pioche", "grimoire")
SOURCE_FR = {"main": "de sa main", "pioche": "du dessus de son deck", "grimoire": "de son grimoire"}


@dataclass
class Unit:
    name: str
    controller: str
    life: int
    life_bonus: int = 0  # from alteration spells (Armure de Racines…)
    wounds: int = 0
    recover: int = 0
    exhaustion: int = 0


@dataclass
class BoardPlayer:
    name: str
    dice: list[str]  # faces of the dice in the active pool
    hand: list[str]
    deck: list[str]  # top first
    spellboard: dict[str, list[int]]  # spell -> exhaustion tokens of each copy


@dataclass
class Discard:
    source: str
    card: str  # for the hand and the spellboard; the deck's top card is read from the deck


@dataclass
class BoardAction:
    action: str
    player: str = ""
    spell: str = ""
    unit: str = ""  # « retirer »: the unit the player would take out of their arena
    discards: list[Discard] = field(default_factory=list)
    faces: list[str] = field(default_factory=list)


@dataclass
class BoardScenario:
    name: str
    title: str
    rulings: list[Ruling]
    players: list[BoardPlayer]
    units: list[Unit]
    actions: list[BoardAction]


def read_board_scenario(name: str, data: Fields) -> BoardScenario:
    """A « plateau » scenario: the players' boards, the units, the steps of the round (board.py's
    `read_board` then plays it once, to refuse a move the rules forbid)."""
    rulings, title, state = read_opening(data, GAME)
    players = _read_players(state)
    names = [p.name for p in players]
    units = _read_units(state, names)
    state.done()
    actions = _read_steps(data.sub("actions"), names, units)
    return BoardScenario(name, title, rulings, players, units, actions)


def _read_players(state: Fields) -> list[BoardPlayer]:
    """`state.players`: each player's dice, hand, deck and spellboard; names unique."""
    players = []
    for pf in state.records("players"):
        board = _read_spellboard(pf)
        players.append(
            BoardPlayer(
                pf.str("name"),
                pf.str_list("dice", []),
                pf.str_list("hand_cards", []),
                pf.str_list("deck_cards", []),
                board,
            )
        )
        pf.done()
    unique_names([p.name for p in players], state.where("players"))
    return players


def _read_spellboard(pf: Fields) -> dict[str, list[int]]:
    """A player's `spellboard`: each ready spell's copies and the exhaustion tokens of each."""
    board: dict[str, list[int]] = {}
    for sf in pf.records("spellboard", []):
        copies = sf.int("copies", 1, minimum=1)
        tokens = sf.raw("exhausted", [0] * copies)
        if not isinstance(tokens, list) or len(tokens) != copies:
            raise ScenarioError(sf.where("exhausted"), "one exhaustion count per copy")
        if any(isinstance(t, bool) or not isinstance(t, int) or t < 0 for t in tokens):
            message = "each copy's exhaustion count is a whole number, 0 or more"
            raise ScenarioError(sf.where("exhausted"), message)
        board[sf.str("name")] = list(tokens)
        sf.done()
    return board


def _read_units(state: Fields, names: list[str]) -> list[Unit]:
    """`state.units`: the units in the arenas, with their wounds, recover value and tokens."""
    units = []
    for uf in state.records("units", []):
        units.append(
            Unit(
                uf.str("name"),
                uf.player("controller", names),
                uf.int("life", minimum=1),
                uf.int("life_bonus", 0),
                uf.int("wounds", 0, minimum=0),
                uf.int("recover", 0),
                uf.int("exhaustion", 0, minimum=0),
            )
        )
        uf.done()
    unique_names([u.name for u in units], state.where("units"))
    return units


def _read_steps(actions: Fields, names: list[str], units: list[Unit]) -> list[BoardAction]:
    """`actions.steps`: each step of the round, with the fields its action takes."""
    steps = []
    for af in actions.records("steps"):
        a = BoardAction(af.choice("action", ACTIONS))
        if a.action != "regain":
            a.player = af.player("player", names)
        if a.action in ("placer", "activer"):
            a.spell = af.str("spell")
        if a.action == "retirer":
            a.unit = af.str("unit")
            if a.unit not in {u.name for u in units}:
                raise ScenarioError(af.where("unit"), f"no unit named {a.unit!r}")
        if a.action == "mediter":
            for df in af.records("discards"):
                a.discards.append(Discard(df.choice("from", SOURCES), df.str("card", "")))
                df.done()
            a.faces = af.str_list("faces")
        af.done()
        steps.append(a)
    actions.done()
    return steps
