"""Marvel Champions: a player's effects that deal damage or remove threat (« effet_joueur »).

A player uses cards one after the other (`actions.effects`): a basic power (ATQ or CTR), an event
or another ability.  Each effect is a list of occurrences, resolved in order — or all at once when
the card says so (`simultaneous`, « Résolution simultanée »):

- `damage`: damage to an enemy (plus `extra`, « supplémentaire »: applied in the same event, not
  after), plus each constant modifier in play that adds to every occurrence of such an effect;
- `move_damage`: damage moved from a character to another, dealt to its destination (« Déplacer »):
  what the source has taken during the resolution plus the `damage` it had at the start;
- `remove_threat` / `prevent_threat`: threat removed from a scheme, or prevented before it is placed;
- `place_threat`: threat placed on a scheme (during the setup or not), `scheme_enters`: a side
  scheme that enters play with its threat (nothing is « placed »);
- `end_modifier`: a hit-point modifier ends; the hit points are computed again (« Modificateurs »).

The general rules applied: Sonné and Désorienté replace an attack or a thwart (the card is
discarded, the character has not attacked or thwarted; an effect made of separate attacks loses
only the first); Garde keeps the villain from the damage of an attack while a minion with Garde is
engaged, Patrouille and crisis icons keep threat on the main scheme; Tenace prevents all of one
damage event; Riposte answers each attack on a surviving enemy that has it; a triggered ability
(`triggers`) fires on its condition, an interrupt before, a response after, and the consequential
damage of an ally comes after the abilities its attack triggered.  A card's ability is data.

This module is the scenario (its data and its reading; the effects used are read by
`player_effects_actions_read`); `player_effects` runs it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.model.core.scenario import Fields, ScenarioError, read_opening, unique_names
from arbitre.model.core.trace import Ruling
from arbitre.model.marvel_champions.player_effects_actions_read import (
    EFFECT_TYPES,
    KINDS,
    LABELS,
    Effect,
    read_effects,
)
from arbitre.model.marvel_champions.rules import GAME, STATUS_FR, Character

ENEMY_KEYWORDS = ("garde", "patrouille")
# Trigger conditions: the character attacks (an enemy), the character attacks and defeats a minion,
# a hero is about to take damage, a scheme is defeated, threat is placed on a scheme.
ON = ("attaque", "attaque_et_vainc_sbire", "degats_heros", "manigance_dejouee", "menace_placee")
TIMINGS = ("interruption", "reponse")


@dataclass
class Trigger:
    card: str
    timing: str  # one of TIMINGS
    on: str  # one of ON
    by: str | None = None  # the character whose attack triggers it (None: any of the player's)
    scheme: str | None = None  # manigance_dejouee: the scheme it is attached to
    damage: int = 0  # to the attacked enemy (or `target`)
    target: str | None = None
    stun: bool = False  # stun the attacked enemy
    draw: int = 0
    reduce: int = 0  # degats_heros: reduce the damage by this much
    remove: int = 0  # menace_placee: threat removed from that scheme
    setup: bool = False  # a « Mise en place » ability: the only ones that resolve during the setup


@dataclass
class Bonus:
    """A constant ability in play adding to each occurrence of the effects it names (data)."""

    card: str
    damage_each: int = 0  # every damage occurrence of an effect labelled `of`
    threat_each: int = 0  # every occurrence of threat removed by an effect labelled `of`
    of: str = "attaque"  # one of LABELS
    type: str = "evenement"  # one of EFFECT_TYPES


@dataclass
class Scheme:
    name: str
    threat: int
    main: bool = False


@dataclass
class PlayerEffectScenario:
    name: str
    title: str
    rulings: list[Ruling]
    player: str
    characters: list[Character]
    traits: dict[str, set[str]]
    consequential: dict[str, int]  # ally -> consequential damage of its attack
    hp_modifiers: dict[str, dict[str, int]]  # character -> {source card: + hit points}
    next_stage: dict[str, int]  # villain -> hit points of its next stage
    schemes: list[Scheme]
    crisis: int
    bonuses: list[Bonus]
    triggers: list[Trigger]
    effects: list[Effect]
    damage_on: dict[str, int] = field(default_factory=dict)  # damage on a character at the start


# --- reading -------------------------------------------------------------------------------------


def _char(f: Fields, kind: str, controller: str | None, sc: dict[str, Any]) -> Character:
    c = Character(
        f.str("name"),
        kind,
        f.int("hp", minimum=1),
        controller,
        riposte=f.int("riposte", 0, minimum=0),
        statuses=set(f.str_list("statuses", [])),
    )
    for s in sorted(c.statuses):
        if s not in STATUS_FR:
            raise ScenarioError(f.where("statuses"), f"expected among {', '.join(STATUS_FR)}")
    damage = f.int("damage", 0, minimum=0)  # already on it: `hp` is what remains
    if damage:
        sc["damage_on"][c.name] = damage
    sc["traits"][c.name] = set(f.str_list("traits", []))
    sc["attachments"][c.name] = f.str_list("attachments", [])
    if kind == "allie":
        sc["consequential"][c.name] = f.int("consequential", 0, minimum=0)
    mods = {}
    for mf in f.records("hp_modifiers", []):
        mods[mf.str("source")] = mf.int("amount")
        mf.done()
    if mods:  # `hp`: the remaining hit points, these modifiers included
        sc["hp_modifiers"][c.name] = mods
    if kind in ("mechant", "sbire"):
        c.keywords = set(f.str_list("keywords", []))
        for k in sorted(c.keywords):
            if k not in ENEMY_KEYWORDS:
                raise ScenarioError(
                    f.where("keywords"), f"expected among {', '.join(ENEMY_KEYWORDS)}"
                )
        nxt = f.int("next_stage_hp", None, minimum=1)
        if nxt is not None:
            sc["next_stage"][c.name] = nxt
    f.done()
    return c


def read_player_effects(name: str, data: Fields) -> PlayerEffectScenario:
    """Validate an `effet_joueur` scenario; a targeting the card forbids is a RuleViolation."""
    rulings, title, state = read_opening(data, GAME)
    player = state.str("player")
    extra: dict[str, Any] = {
        "traits": {},
        "consequential": {},
        "hp_modifiers": {},
        "next_stage": {},
        "attachments": {},
        "damage_on": {},
    }
    chars = _read_characters(state, player, extra)
    schemes = _read_schemes(state)
    crisis = state.int("crisis", 0, minimum=0)
    bonuses = _read_bonuses(state)
    triggers = _read_triggers(state, tuple(sorted(c.name for c in chars)), schemes)
    state.done()
    effects = read_effects(
        data.sub("actions"), chars, {s.name for s in schemes}, extra["attachments"]
    )
    return PlayerEffectScenario(
        name,
        title,
        rulings,
        player,
        chars,
        extra["traits"],
        extra["consequential"],
        extra["hp_modifiers"],
        extra["next_stage"],
        schemes,
        crisis,
        bonuses,
        triggers,
        effects,
        damage_on=extra["damage_on"],
    )


def _read_characters(state: Fields, player: str, sc: dict[str, Any]) -> list[Character]:
    """The player's heroes and allies, then the enemies; their names are unique."""
    chars = [
        _char(cf, cf.choice("kind", KINDS, "identite"), player, sc)
        for cf in state.records("characters")
    ]
    chars += [
        _char(ef, ef.choice("kind", ("mechant", "sbire")), None, sc)
        for ef in state.records("enemies", [])
    ]
    unique_names([c.name for c in chars], state.where("characters"))
    return chars


def _read_schemes(state: Fields) -> list[Scheme]:
    schemes = []
    for sf in state.records("schemes", []):
        schemes.append(Scheme(sf.str("name"), sf.int("tokens", 0, minimum=0), sf.bool("main")))
        sf.done()
    return schemes


def _read_bonuses(state: Fields) -> list[Bonus]:
    """The constant abilities in play (`in_play`)."""
    bonuses = []
    for bf in state.records("in_play", []):
        bonuses.append(
            Bonus(
                bf.str("card"),
                bf.int("damage_each", 0),
                bf.int("threat_each", 0),
                bf.choice("of", LABELS, "attaque"),
                bf.choice("type", EFFECT_TYPES, "evenement"),
            )
        )
        bf.done()
    return bonuses


def _read_triggers(state: Fields, names: tuple[str, ...], schemes: list[Scheme]) -> list[Trigger]:
    """The cards waiting for their moment; who sets one off, the scheme it watches and the
    character it damages are ones of the scenario (a name it lacks was a `KeyError` mid-run)."""
    scheme_names = tuple(sorted(s.name for s in schemes))
    triggers = []
    for tf in state.records("triggers", []):
        triggers.append(
            Trigger(
                tf.str("card"),
                tf.choice("timing", TIMINGS),
                tf.choice("when", ON),
                tf.choice("by", names, None),
                tf.choice("scheme", scheme_names, None),
                tf.int("damage", 0, minimum=0),
                tf.choice("target", names, None),
                tf.bool("stun"),
                tf.int("draw", 0, minimum=0),
                tf.int("reduce", 0, minimum=0),
                tf.int("remove", 0, minimum=0),
                tf.bool("setup"),
            )
        )
        tf.done()
    return triggers
