"""Marvel Champions on the engine: enemy activations (« Activation »): attacks (« Attaque
(activation des ennemis) », steps 1-4) and schemes (« Manigance (activation des ennemis) »).

`read_attacks` turns scenario data into an `AttackScenario`; `attacks.resolve_attacks`
runs its enemy activations and returns a Trace citing the glossary of the rules reference and
the FAQ.  This module holds the round, the scenario's data and its reading.

Activations of the villain phase (step 2, the default `cause`) run player by player in player
order, the villain first, then that player's minions in the order listed (« Activation »); an
enemy activating against an alter ego schemes instead of attacking.  An attack caused by a card
effect (`cause: effet`) is an attack whatever the form of the identity, and keeps its place.
Interrupts go through the engine's trigger queue, in player order, and fire only on the enemies
they name (`by`: mechant, sbire or ennemi).

Before step 1 the status cards apply first (« Cartes d'état »): a stunned enemy discards Sonné
instead of attacking; a replacement effect such as Pris dans la Toile replaces the attack.  Then
the attack is initiated (interruptions fire; an attacker defeated here deals no damage), step 1
gives the boost card, step 2 declares a defender, step 3 flips the boost cards, step 4 deals the
damage (DEF of a defending hero; all of it to a defending ally, excess lost unless Déferlement;
undefended: the identity, even as alter ego).  Tenace prevents all the damage (Perçant discards it
first); Riposte X answers if the attacked character survives, unless the attack is À distance.

Choices made explicit:
- Pris dans la Toile replaces one attack and is then spent (the FAQ: « un total de deux attaques »).
- An ATQ printed as ★ counts as 0 (« Icône d'étoile »); after the modifiers a value below 0 is 0.
- The « attacked » character for Riposte is the defender when there is one, else the target.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arbitre.model.core.rules import RuleViolation
from arbitre.model.core.scenario import (
    Fields,
    ScenarioError,
    read_opening,
    read_out_of_play,
    require_in_play,
    unique_names,
)
from arbitre.model.core.sequence import Phase, Sequence
from arbitre.model.core.state import Card as EngineCard
from arbitre.model.core.trace import Ruling

GAME = "marvel-champions"

G = f"{GAME}/glossaire"
ACTIVATION = f"{G}/activation"
VILLAIN_PHASE = f"{G}/phase-du-mechant"
PLAYER_PHASE = f"{G}/phase-des-joueurs"
ATTACKING = f"{G}/attaque-attaquer"  # card effects may make an enemy attack at other times
FORM = f"{G}/forme-changer-de-forme"  # once per round, during one's turn
PLAYER_TURN = f"{G}/tour-de-joueur"
GUARD = f"{G}/garde"
PATROL = f"{G}/patrouille"
INITIATE = f"{G}/initier-des-capacites-jouer-des-cartes"  # the effect must change the game state
STATUS = f"{G}/cartes-d-etat"  # status cards resolve before any other ability
FAQ = f"{GAME}/faq"

# The round in one screen: the players' phase, then the villain's five steps.
ROUND = Sequence(
    GAME,
    "round",
    (
        Phase(
            "joueurs",
            "phase des Joueurs",
            (PLAYER_PHASE, PLAYER_TURN),
            text_fr="chaque joueur effectue son tour, dans l'ordre des joueurs ; puis chacun "
            "défausse ou pioche jusqu'à sa taille de main et redresse ses cartes.",
            allows=frozenset(
                {
                    "attaque_joueur",
                    "attaque_mechant",
                    "attaque_sbire",
                    "contrer_principale",
                    "contrer_annexe",
                    "effet",
                    "changer_forme",
                }
            ),
            limits=(("changer_forme", 1, FORM),),
        ),
        Phase(
            "mechant",
            "phase du Méchant",
            (VILLAIN_PHASE,),
            text_fr="1 menace d'accélération sur la manigance principale ; 2 le méchant s'active "
            "une fois par joueur, puis les sbires engagés avec ce joueur ; 3 une carte Rencontre "
            "attribuée à chaque joueur ; 4 révélées dans l'ordre des joueurs ; 5 le pion Premier "
            "joueur passe à gauche.",
            allows=frozenset({"activation", "effet"}),
        ),
    ),
    (VILLAIN_PHASE, PLAYER_PHASE),
    actions_fr=(
        ("changer_forme", "changer de forme (héros / alter ego)"),
        ("attaque_joueur", "attaquer ou contrer avec un pouvoir de base"),
        ("attaque_mechant", "attaquer le méchant"),
        ("attaque_sbire", "attaquer un sbire"),
        ("contrer_principale", "contrer la manigance principale"),
        ("contrer_annexe", "contrer une manigance annexe"),
        ("effet", "jouer une carte ou déclencher une capacité « Action »"),
        ("activation", "activation d'un ennemi"),
    ),
    action_rules=(("changer_forme", FORM), ("attaque_joueur", PLAYER_TURN)),
    restrictions=(
        ("garde", "attaque_mechant", GUARD, "un sbire avec Garde est engagé avec ce joueur"),
        (
            "patrouille",
            "contrer_principale",
            PATROL,
            "un sbire avec Patrouille est engagé avec ce joueur",
        ),
    ),
)

KINDS = ("identite", "allie", "mechant", "sbire")
KEYWORDS = ("percant", "deferlement", "a_distance")
STATUSES = ("sonne", "tenace", "desoriente")
STATUS_FR = {"sonne": "Sonné", "tenace": "Tenace", "desoriente": "Désorienté"}
EFFECTS = ("draw", "damage_attacker")
CAUSES = ("phase_du_mechant", "effet")
INTERRUPT_ON = ("ennemi", "mechant", "sbire")
BOOST_ABILITIES = ("damage_defender", "tough", "flip")


# --- scenario data -------------------------------------------------------------------------------


class Character(EngineCard):
    """A hero, ally, villain or minion on the engine's Card: printed and current PV, ATQ, MNG,
    DEF (`None` ATQ: ★, counts as 0); statuses (Sonné, Tenace, Désorienté) on the card."""

    def __init__(
        self,
        name: str,
        kind: str,  # one of KINDS
        hp: int,
        controller: str | None = None,  # the player, for identities and allies
        riposte: int = 0,
        statuses: set[str] | None = None,
    ) -> None:
        super().__init__(name, controller, printed={"pv": hp}, kind=kind)
        self.statuses = set(statuses or ())
        self.riposte = riposte
        self.form = "heros"  # identities: "heros" or "alter_ego"
        self.keywords: set[str] = set()
        self.villainy = False  # Vilenie (minions)
        self.webbed = False  # Pris dans la Toile attached

    def _set(self, key: str, value: int | None) -> None:
        self.printed.setdefault(key, value)
        self.current[key] = value

    hp = property(lambda self: self.value("pv"), lambda self, v: self._set("pv", v))
    atk = property(lambda self: self.current.get("atq"), lambda self, v: self._set("atq", v))
    sch = property(lambda self: self.current.get("mng"), lambda self, v: self._set("mng", v))
    defense = property(lambda self: self.value("def"), lambda self, v: self._set("def", v))


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
    activations = []
    for af in actions.records("attacks"):
        a = Activation(
            enemy=af.str("enemy"),
            target=af.player("target", players),
            target_character=af.str("target_character", None),
            defender=af.str("defender", None),
            cause=af.choice("cause", CAUSES, "phase_du_mechant"),
        )
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
        for bf in af.records("boost", []):
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
                raise RuleViolation(
                    INITIATE,
                    f"{b.cancelled_by} ne peut pas annuler les icônes de boost d'une carte qui "
                    "n'en a pas : cela ne modifierait pas l'état de la partie",
                    bf.where("cancelled_by"),
                )
            if b.ability == "flip" and not b.flip_name:
                raise ScenarioError(bf.where("flip_name"), "is required for a flip")
            bf.done()
            a.boost.append(b)
        if a.boost and enemy.kind == "sbire" and not enemy.villainy:
            raise ScenarioError(
                af.where("boost"), f"{enemy.name} is a minion without Vilenie: it gets no boost"
            )
        af.done()
        activations.append(a)
    actions.done()
    if len({a.cause for a in activations}) > 1:
        raise ScenarioError(
            actions.where("attacks"),
            "activations are either all of the villain phase or all caused by card effects",
        )
    return AttackScenario(
        name, title, rulings, players, characters, interrupts, amplify, activations, threat
    )
