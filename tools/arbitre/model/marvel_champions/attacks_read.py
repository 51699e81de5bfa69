"""Marvel Champions « attaque »: reading a scenario of enemy activations (the players, the
identities, allies and enemies, the interrupts, the activations with their boost cards).

attacks.py runs what this module reads; the villain phase and the encounter cards read theirs on
top of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arbitre.model.core.rules import refuse
from arbitre.model.core.scenario import (
    Fields,
    ScenarioError,
    read_opening,
    read_out_of_play,
    require_in_play,
    unique_names,
)
from arbitre.model.core.trace import Ruling
from arbitre.model.marvel_champions.rules import GAME, INITIATE, STATUSES, Character

KEYWORDS = ("percant", "deferlement", "a_distance")
EFFECTS = ("draw", "damage_attacker")
CAUSES = ("phase_du_mechant", "effet")
INTERRUPT_ON = ("ennemi", "mechant", "sbire")
BOOST_ABILITIES = ("damage_defender", "tough", "flip")


@dataclass
class Interrupt:
    card: str
    player: str
    effect: str  # one of EFFECTS
    amount: int = 1
    by: str = "ennemi"  # the attacks it interrupts, by which enemies: one of INTERRUPT_ON


@dataclass
class BoostCard:
    icons: int = 0
    ability: str | None = None  # one of BOOST_ABILITIES (a ★ « Boost » ability)
    amount: int = 1  # damage_defender
    flip_name: str = ""  # flip: the villain's other side
    flip_atk: int | None = None  # flip: its ATQ (None: ★)
    text: str = ""
    cancelled_by: str | None = None  # a player's card cancelling its boost icons


@dataclass
class Activation:
    enemy: str
    target: str  # the targeted player
    target_character: str | None = None  # an effect that attacks a given character
    defender: str | None = None
    boost: list[BoostCard] = field(default_factory=list)
    cause: str = "phase_du_mechant"  # one of CAUSES


@dataclass
class AttackScenario:
    name: str
    title: str
    rulings: list[Ruling]
    players: list[str]
    characters: list[Character]
    interrupts: list[Interrupt]
    amplify: int
    activations: list[Activation]
    threat: int = 0  # threat on the main scheme


def _atk(f: Fields, key: str) -> int | None:
    value = f.raw(key, None)
    if value is None or value == "★":
        if value is None and key != "flip_atk":
            raise ScenarioError(f.where(key), "is required (a number or ★)")
        return None
    return f.int(key)


def _character(f: Fields, kind: str, controller: str | None) -> Character:
    c = Character(
        name=f.str("name"),
        kind=kind,
        hp=f.int("hp", minimum=1),
        controller=controller,
        riposte=f.int("riposte", 0, minimum=0),
        statuses=set(f.str_list("statuses", [])),
    )
    for s in sorted(c.statuses):
        if s not in STATUSES:
            raise ScenarioError(f.where("statuses"), f"expected among {', '.join(STATUSES)}")
    if kind == "identite":
        c.form = f.choice("form", ("heros", "alter_ego"), "heros")
        c.defense = f.int("def", 0, minimum=0)
    if kind in ("mechant", "sbire"):
        c.atk = _atk(f, "atk")
        c.sch = f.int("sch", None, minimum=0)
        c.keywords = set(f.str_list("keywords", []))
        for k in sorted(c.keywords):
            if k not in KEYWORDS:
                raise ScenarioError(f.where("keywords"), f"expected among {', '.join(KEYWORDS)}")
        c.villainy = f.bool("vilenie")
        c.webbed = f.bool("pris_dans_la_toile")
    f.done()
    return c


# The zones out of play a scenario may name a card in (`state.out_of_play`).
OUT_OF_PLAY_FR = {
    "main": "la main",
    "deck": "le deck",
    "defausse": "la pile de défausse",
    "deck_rencontre": "le deck Rencontre",
    "defausse_rencontre": "la pile de défausse Rencontre",
    "mise_de_cote": "les cartes mises de côté",
}


IN_PLAY = f"{GAME}/glossaire/en-jeu-et-hors-jeu"


IN_PLAY_FR = "une carte hors jeu n'attaque pas, ne défend pas et n'est pas attaquée"


def read_attacks(name: str, data: Fields) -> AttackScenario:
    """Validate an enemy-attack scenario (the `state` and `actions` of a scenario file)."""
    rulings, title, state = read_opening(data, GAME)
    players, characters, interrupts = _read_players(state)
    for ef in state.records("enemies"):
        characters.append(_character(ef, ef.choice("kind", ("mechant", "sbire")), None))
    amplify = state.int("amplify", 0, minimum=0)
    threat = state.int("threat", 0, minimum=0)
    elsewhere = read_out_of_play(state, OUT_OF_PLAY_FR, players)
    state.done()
    unique_names(players, state.where("players"))
    unique_names([c.name for c in characters], state.where("players"))
    unique_names([c.name for c in characters] + list(elsewhere), state.where("out_of_play"))
    by_name = {c.name: c for c in characters}

    actions = data.sub("actions")
    activations = [
        _read_activation(af, players, by_name, elsewhere) for af in actions.records("attacks")
    ]
    actions.done()
    if len({a.cause for a in activations}) > 1:
        raise ScenarioError(
            actions.where("attacks"),
            "activations are either all of the villain phase or all caused by card effects",
        )
    return AttackScenario(
        name, title, rulings, players, characters, interrupts, amplify, activations, threat
    )


def _read_players(state: Fields) -> tuple[list[str], list[Character], list[Interrupt]]:
    """Each player's name, identity, allies and interrupts (`state.players`)."""
    players: list[str] = []
    characters: list[Character] = []
    interrupts: list[Interrupt] = []
    for pf in state.records("players"):
        player = pf.str("name")
        players.append(player)
        characters.append(_character(pf.sub("identity"), "identite", player))
        characters += [_character(af, "allie", player) for af in pf.records("allies", [])]
        for itf in pf.records("interrupts", []):
            interrupts.append(
                Interrupt(
                    itf.str("card"),
                    player,
                    itf.choice("effect", EFFECTS),
                    itf.int("amount", 1, minimum=0),
                    itf.choice("by", INTERRUPT_ON, "ennemi"),
                )
            )
            itf.done()
        pf.done()
    return players, characters, interrupts


def _read_activation(
    af: Fields, players: list[str], by_name: dict[str, Character], elsewhere: dict[str, str]
) -> Activation:
    """One activation (`actions.attacks`): who attacks whom, who defends, the boost cards."""
    a = Activation(
        enemy=af.str("enemy"),
        target=af.player("target", players),
        target_character=af.str("target_character", None),
        defender=af.str("defender", None),
        cause=af.choice("cause", CAUSES, "phase_du_mechant"),
    )
    enemy = _check_characters(af, a, by_name, elsewhere)
    a.boost = [_read_boost(bf) for bf in af.records("boost", [])]
    if a.boost and enemy.kind == "sbire" and not enemy.villainy:
        raise ScenarioError(
            af.where("boost"), f"{enemy.name} is a minion without Vilenie: it gets no boost"
        )
    af.done()
    return a


def _check_characters(
    af: Fields, a: Activation, by_name: dict[str, Character], elsewhere: dict[str, str]
) -> Character:
    """The characters an activation names are in play; the attacker is an enemy (returned), the
    character attacked and the defender a hero or an ally, a defending identity in hero form."""
    for key, who in (
        ("enemy", a.enemy),
        ("target_character", a.target_character),
        ("defender", a.defender),
    ):
        if who is not None:
            require_in_play(who, af.where(key), by_name, elsewhere, IN_PLAY, IN_PLAY_FR)
    enemy = by_name.get(a.enemy)
    if enemy is None or enemy.kind not in ("mechant", "sbire"):
        raise ScenarioError(af.where("enemy"), f"no enemy named {a.enemy!r}")
    for key, who in (("target_character", a.target_character), ("defender", a.defender)):
        if who is not None:
            c = by_name.get(who)
            if c is None or c.kind not in ("identite", "allie"):
                raise ScenarioError(af.where(key), f"no hero or ally named {who!r}")
    if a.defender is not None:
        d = by_name[a.defender]
        if d.kind == "identite" and d.form != "heros":
            raise ScenarioError(af.where("defender"), f"{d.name} is not in hero form")
    return enemy


def _read_boost(bf: Fields) -> BoostCard:
    """A boost card; cancelling the icons of a card that has none is a RuleViolation."""
    b = BoostCard(
        icons=bf.int("icons", 0, minimum=0),
        ability=bf.choice("ability", BOOST_ABILITIES, None),
        amount=bf.int("amount", 1, minimum=0),
        flip_name=bf.str("flip_name", ""),
        flip_atk=_atk(bf, "flip_atk"),
        text=bf.str("text", ""),
        cancelled_by=bf.str("cancelled_by", None),
    )
    if b.cancelled_by and b.icons == 0:
        refuse(
            INITIATE,
            f"{b.cancelled_by} ne peut pas annuler les icônes de boost d'une carte qui "
            "n'en a pas : cela ne modifierait pas l'état de la partie",
            bf.where("cancelled_by"),
        )
    if b.ability == "flip" and not b.flip_name:
        raise ScenarioError(bf.where("flip_name"), "is required for a flip")
    bf.done()
    return b
