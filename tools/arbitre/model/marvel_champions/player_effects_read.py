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

This module is the scenario (its data and its reading); `player_effects` runs it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.model.core.rules import RuleViolation
from arbitre.model.core.scenario import Fields, ScenarioError, read_opening, unique_names
from arbitre.model.core.trace import Ruling
from arbitre.model.marvel_champions.rules import GAME, STATUS_FR, Character

G = f"{GAME}/glossaire"
MAX = f"{G}/max"
SAME_ENEMY = f"{GAME}/faq/miss-marvel/melee-30/1"  # a villain's stages are one enemy

KINDS = ("identite", "allie")
ENEMY_KEYWORDS = ("garde", "patrouille")
EFFECT_TYPES = ("pouvoir_de_base", "evenement", "capacite")
LABELS = ("attaque", "contre")
OCCURRENCES = (
    "damage",
    "move_damage",
    "remove_threat",
    "prevent_threat",
    "place_threat",
    "scheme_enters",
    "end_modifier",
    "heal",
    "attach",
)
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
class Occurrence:
    kind: str  # one of OCCURRENCES
    amount: int = 0
    target: str | None = None  # a character, or a scheme for the threat occurrences
    source: str | None = None  # move_damage: the character it comes from
    extra: int = 0  # « supplémentaire »
    incoming: int = 0  # prevent_threat: the threat about to be placed
    setup: bool = False  # place_threat during the setup
    discard_status: int = 0  # heal: status cards of the character discarded, of any type
    max_per_character: int = 0  # attach: « X max par personnage » (0: no maximum)


@dataclass
class Effect:
    card: str
    by: str  # the character who uses it
    type: str  # one of EFFECT_TYPES
    labels: set[str]  # attaque / contre: what the effect is
    occurrences: list[Occurrence]
    separate_attacks: bool = False  # each damage occurrence is an attack of its own
    simultaneous: bool = False
    ignores_tough_if: str | None = None  # a trait of the user: then its damage ignores Tenace


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
    triggers = _read_triggers(state)
    state.done()
    effects = _read_effects(data.sub("actions"), chars, schemes, extra["attachments"])
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


def _read_triggers(state: Fields) -> list[Trigger]:
    triggers = []
    for tf in state.records("triggers", []):
        triggers.append(
            Trigger(
                tf.str("card"),
                tf.choice("timing", TIMINGS),
                tf.choice("when", ON),
                tf.str("by", None),
                tf.str("scheme", None),
                tf.int("damage", 0, minimum=0),
                tf.str("target", None),
                tf.bool("stun"),
                tf.int("draw", 0, minimum=0),
                tf.int("reduce", 0, minimum=0),
                tf.int("remove", 0, minimum=0),
                tf.bool("setup"),
            )
        )
        tf.done()
    return triggers


@dataclass
class _Known:
    """What the effects may name: the characters, the schemes, and the attachments so far
    (character -> titles attached, those of the starting position first)."""

    names: dict[str, Character]
    schemes: set[str]
    attached: dict[str, list[str]]


def _read_effects(
    actions: Fields,
    chars: list[Character],
    schemes: list[Scheme],
    attachments: dict[str, list[str]],
) -> list[Effect]:
    """`actions.effects`, in order (an attachment counts toward the maximum of the next ones)."""
    known = _Known(
        {c.name: c for c in chars},
        {s.name for s in schemes},
        {name: list(titles) for name, titles in attachments.items()},
    )
    effects = [_read_effect(ef, known) for ef in actions.records("effects")]
    actions.done()
    return effects


def _read_effect(ef: Fields, known: _Known) -> Effect:
    """One effect: who uses it, what it is, its occurrences, and the targets its card allows."""
    eff = Effect(
        ef.str("card"),
        ef.str("user"),
        ef.choice("type", EFFECT_TYPES),
        set(ef.str_list("labels", [])),
        [],
        ef.bool("separate_attacks"),
        ef.bool("simultaneous"),
        ef.str("ignores_tough_if", None),
    )
    if eff.by not in known.names or known.names[eff.by].kind not in KINDS:
        raise ScenarioError(ef.where("user"), f"no hero or ally named {eff.by!r}")
    for lab in sorted(eff.labels):
        if lab not in LABELS:
            raise ScenarioError(ef.where("labels"), f"expected among {', '.join(LABELS)}")
    distinct = ef.bool("distinct_targets")  # the card: « un ennemi différent »
    one_scheme = ef.bool("one_scheme")  # the card: all the threat from one scheme
    for of in ef.records("occurrences"):
        eff.occurrences.append(_read_occurrence(of, known))
    if distinct:
        _require_distinct_enemies(eff, known.names, ef.where("occurrences"))
    if one_scheme:
        _require_one_scheme(eff, ef.where("occurrences"))
    ef.done()
    return eff


def _read_occurrence(of: Fields, known: _Known) -> Occurrence:
    """One occurrence of an effect: its kind is the one key of OCCURRENCES it has."""
    kind = next((k for k in OCCURRENCES if of.has(k)), None)
    if kind is None:
        raise ScenarioError(of.path, f"one of {', '.join(OCCURRENCES)}")
    o = _occurrence_fields(of, kind)
    threat_kind = kind in ("remove_threat", "prevent_threat", "place_threat")
    if threat_kind and o.target not in known.schemes:
        raise ScenarioError(of.where("target"), f"no scheme named {o.target!r}")
    if kind in ("damage", "move_damage", "end_modifier", "heal", "attach") and (
        o.target not in known.names
    ):
        raise ScenarioError(of.where("target"), f"no character named {o.target!r}")
    if kind == "attach":
        _attach(o, known.attached, of.path)
    of.done()
    return o


def _occurrence_fields(of: Fields, kind: str) -> Occurrence:
    """The fields of an occurrence of `kind`, not yet checked against the scenario."""
    o = Occurrence(kind)
    if kind == "end_modifier":
        o.source = of.str(kind)
        o.target = of.str("character")
    elif kind == "attach":
        o.source = of.str(kind)  # the card's title
        o.target = of.str("target")
        o.amount = of.int("hp", 0)  # the attached character gains this many hit points
        o.max_per_character = of.int("max_per_character", 0, minimum=0)
    elif kind == "scheme_enters":
        o.target = of.str(kind)
        o.amount = of.int("with_threat", minimum=0)
    else:
        o.amount = of.int(kind, minimum=0)
        o.target = of.str("target")
        o.extra = of.int("extra", 0, minimum=0)
        o.source = of.str("from", None) if kind == "move_damage" else None
        o.incoming = of.int("incoming", 0, minimum=0) if kind == "prevent_threat" else 0
        o.setup = of.bool("setup") if kind == "place_threat" else False
        o.discard_status = of.int("discard_status", 0, minimum=0) if kind == "heal" else 0
    return o


def _attach(o: Occurrence, attached: dict[str, list[str]], where: str) -> None:
    """Count an attachment on its character; one over « X max par personnage » is refused."""
    on = attached.setdefault(o.target, [])
    if o.max_per_character and on.count(o.source) >= o.max_per_character:
        raise RuleViolation(
            MAX,
            f"{o.source} : {o.max_per_character} max par personnage, et {o.target} en a "
            f"déjà {on.count(o.source)} (le maximum compte tous les exemplaires, par titre)",
            where,
        )
    on.append(o.source)


def _require_distinct_enemies(eff: Effect, names: dict[str, Character], where: str) -> None:
    """« Un ennemi différent »: no enemy takes two of the effect's damage occurrences."""
    hit = [o.target for o in eff.occurrences if o.kind == "damage"]
    if len(set(hit)) < len(hit):
        twice = next(t for t in hit if hit.count(t) > 1)
        stage = " (les différents stades d'un méchant sont le même ennemi)" * (
            names[twice].kind == "mechant"
        )
        raise RuleViolation(
            SAME_ENEMY,
            f"{eff.card} doit infliger ses seconds dégâts à un ennemi différent du premier ; "
            f"{twice} est visé deux fois{stage}",
            where,
        )


def _require_one_scheme(eff: Effect, where: str) -> None:
    """All the threat the effect removes comes from one scheme."""
    taken = {o.target for o in eff.occurrences if o.kind == "remove_threat"}
    if len(taken) > 1:
        raise RuleViolation(
            f"{GAME}/faq/boite-de-base/pratique-de-la-loi-23/1",
            f"toute la menace retirée par {eff.card} doit être enlevée d'une seule manigance "
            f"(ici : {', '.join(sorted(taken))})",
            where,
        )
