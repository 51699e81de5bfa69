"""Marvel Champions: the effects a player uses in an `effet_joueur` scenario (`actions.effects`).

Each effect (`Effect`) names its card, its user (a hero or an ally), its type and labels, and its
occurrences (`Occurrence`, one key of OCCURRENCES each); reading it checks the targets against the
position and what the card allows: « X max par personnage », « un ennemi différent », all the
threat from one scheme (a RuleViolation).  `player_effects_read` reads the rest of the scenario.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbitre.model.core.rules import refuse
from arbitre.model.core.scenario import Fields, ScenarioError
from arbitre.model.marvel_champions.rules import GAME, Character

G = f"{GAME}/glossaire"
MAX = f"{G}/max"
SAME_ENEMY = f"{GAME}/faq/miss-marvel/melee-30/1"  # a villain's stages are one enemy

KINDS = ("identite", "allie")  # the characters who use effects
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
class _Known:
    """What the effects may name: the characters, the schemes, and the attachments so far
    (character -> titles attached, those of the starting position first)."""

    names: dict[str, Character]
    schemes: set[str]
    attached: dict[str, list[str]]


def read_effects(
    actions: Fields,
    chars: list[Character],
    schemes: set[str],
    attachments: dict[str, list[str]],
) -> list[Effect]:
    """`actions.effects`, in order (an attachment counts toward the maximum of the next ones);
    `schemes`: the names of the schemes in play."""
    known = _Known(
        {c.name: c for c in chars},
        schemes,
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
        refuse(
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
        refuse(
            SAME_ENEMY,
            f"{eff.card} doit infliger ses seconds dégâts à un ennemi différent du premier ; "
            f"{twice} est visé deux fois{stage}",
            where,
        )


def _require_one_scheme(eff: Effect, where: str) -> None:
    """All the threat the effect removes comes from one scheme."""
    taken = {o.target for o in eff.occurrences if o.kind == "remove_threat"}
    if len(taken) > 1:
        refuse(
            f"{GAME}/faq/boite-de-base/pratique-de-la-loi-23/1",
            f"toute la menace retirée par {eff.card} doit être enlevée d'une seule manigance "
            f"(ici : {', '.join(sorted(taken))})",
            where,
        )
