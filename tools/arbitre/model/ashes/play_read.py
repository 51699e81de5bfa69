"""Ashes « jouer »: reading a scenario (the card played, its cost, targets and effects, the
responses), and the checks that refuse a play the rules forbid before it runs: a target protected
from spells, a conjuration or an alteration with no place (no unit is discarded to make room).

play.py runs what this module reads.  The entry ids both cite are here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arbitre.model.ashes.damage_read import (
    AshesScenario,
    Card,
    Player,
    read_cards,
    read_elsewhere,
    read_players,
    read_triggers,
)
from arbitre.model.ashes.rules import GAME, IN_PLAY
from arbitre.model.core.rules import refuse, require
from arbitre.model.core.scenario import (
    Fields,
    ScenarioError,
    Wrapping,
    read_rulings,
    require_in_play,
)

PAY_TARGET_RESOLVE = "ashes/clarifications/1"
WHOLE_EFFECT = "ashes/clarifications/2"
DAMAGE_AFTER_EFFECTS = "ashes/clarifications/3"
AS_MUCH_AS_POSSIBLE = "ashes/clarifications/6"
ORDER = "ashes/faq/ordre-de-resolution-1"
TOP_TO_BOTTOM = "ashes/faq/ordre-de-resolution-2"
CANCEL_TARGETING = "ashes/faq/voile-dore-1"
PROTECTION = "ashes/faq/jouer-les-cartes-4"
CONTROL = "ashes/faq/capacites-en-jeu-3"  # you control every unit in your own arena
ANY_ARENA = "ashes/faq/placement-1"  # a conjuration may be placed in any arena with room
ATTACH_ANYWHERE = "ashes/faq/placement-2"
SEVERAL_ALTERATIONS = "ashes/faq/placement-3"
IGNORE_THE_REST = "ashes/faq/capacites-en-jeu-6"
NO_REPLACING = "ashes/faq/placement-4"  # no unit is discarded to make room, unless a card says so
POOL_ACTIVE = "ashes/glossaire/reserve-active"
POOL_EXHAUSTED = "ashes/glossaire/reserve-inactive"
CONJURATIONS = "ashes/glossaire/paquet-invocation"
EXHAUSTION = "ashes/glossaire/jeton-epuisement"

KINDS = ("sort", "capacite", "pouvoir")
KIND_FR = {"sort": "le sort", "capacite": "la capacité", "pouvoir": "le pouvoir de dés"}
EFFECTS = ("damage", "wounds", "destroy", "conjure", "take_dice", "attach", "exhaust")
PLACEMENTS = ("defausse", "grimoire", "liee")
PLACEMENT_FR = {"defausse": "la défausse", "grimoire": "le grimoire", "liee": "liée à sa cible"}
CANCEL_WHEN = ("targets_your_unit",)


@dataclass
class PlayEffect:
    kind: str
    target: str = ""  # a card in play (damage, wounds, destroy, attach, exhaust)
    amount: int = 1
    targeted: bool = True  # the text says « cible »
    conjuration: str = ""
    arena: str = ""  # the player whose arena receives the conjuration
    life: int = 1


@dataclass
class Response:
    card: str
    player: str
    cancels_when: str


@dataclass
class Play:
    card: str
    type_fr: str  # the type printed on the card (« sort d'action », « capacité »…)
    kind: str  # one of KINDS
    player: str
    source: str  # for an ability: the card in play that has it
    dice: int
    exhaust: bool
    placement: str
    make_room: str  # a unit of the player's arena the player would discard to make room
    effects: list[PlayEffect]
    responses: list[Response] = field(default_factory=list)


@dataclass
class PlayScenario(Wrapping):
    base: AshesScenario
    play: Play
    dice: dict[str, dict[str, int]]  # player -> {"actives": n, "inactives": n}
    conjurations: dict[str, dict[str, int]]  # player -> conjuration -> copies left
    protection: dict[str, str]  # card -> "sorts"
    alterations: dict[str, list[str]]  # card -> alteration spells attached


def read_play(name: str, data: Fields) -> PlayScenario:
    """A « jouer » scenario: the position, the card played with its effects and the responses;
    a play the rules forbid is refused here (`_check_legal`), before it runs."""
    state = data.sub("state")
    extras = _PlayExtras()
    base = read_base(name, data, state, extras.read_player, extras.read_card)
    players = [p.name for p in base.players]
    actions = data.sub("actions")
    pf = actions.sub("play")
    effects = _read_effects(pf, base, players)
    responses = _read_responses(pf, players)
    play = Play(
        card=pf.str("card"),
        type_fr=pf.str("type"),
        kind=pf.choice("kind", KINDS),
        player=pf.player("player", players),
        source=pf.str("source", ""),
        dice=pf.int("dice", 0, minimum=0),
        exhaust=pf.bool("exhaust"),
        placement=pf.choice("placement", PLACEMENTS, "defausse"),
        make_room=pf.str("make_room", ""),
        effects=effects,
        responses=responses,
    )
    pf.done()
    actions.done()
    sc = PlayScenario(
        base, play, extras.dice, extras.conjurations, extras.protection, extras.alterations
    )
    _check_legal(sc)
    return sc


@dataclass
class _PlayExtras:
    """The fields « jouer » adds to the players and cards of the damage scenario, read by
    `read_base` as it reads each player and card."""

    dice: dict[str, dict[str, int]] = field(default_factory=dict)
    conjurations: dict[str, dict[str, int]] = field(default_factory=dict)
    protection: dict[str, str] = field(default_factory=dict)
    alterations: dict[str, list[str]] = field(default_factory=dict)

    def read_player(self, pf: Fields, p: Player) -> None:
        """A player's dice (active and exhausted pools) and conjuration piles."""
        self.dice[p.name] = {
            "actives": pf.int("active_dice", 0, minimum=0),
            "inactives": pf.int("exhausted_dice", 0, minimum=0),
        }
        piles = pf.raw("conjurations", {})
        if not isinstance(piles, dict) or not all(
            isinstance(v, int) and v >= 0 for v in piles.values()
        ):
            raise ScenarioError(pf.where("conjurations"), "expected name: copies left")
        self.conjurations[p.name] = dict(piles)

    def read_card(self, cf: Fields, card: Card) -> None:
        """A card's protection (from spells) and the alteration spells attached to it."""
        if cf.has("protection"):
            self.protection[card.name] = cf.choice("protection", ("sorts",))
        self.alterations[card.name] = cf.str_list("alterations", [])


def _read_effects(pf: Fields, base: AshesScenario, players: list[str]) -> list[PlayEffect]:
    """`actions.play.effects`, top to bottom: a conjuration names its player, every other effect
    but taking dice names a card in play."""
    names = {c.name for c in base.cards}
    effects = []
    for ef in pf.records("effects"):
        e = PlayEffect(
            kind=ef.choice("kind", EFFECTS),
            target=ef.str("target", ""),
            amount=ef.int("amount", 1),
            targeted=ef.bool("targeted", True),
            conjuration=ef.str("conjuration", ""),
            arena=ef.str("arena", ""),
            life=ef.int("life", 1, minimum=1),
        )
        if e.kind in ("conjure",) and (not e.conjuration or e.arena not in players):
            raise ScenarioError(ef.where("arena"), "a conjuration needs a name and a player")
        if e.kind not in ("conjure", "take_dice"):
            require_in_play(
                e.target,
                ef.where("target"),
                names,
                base.elsewhere,
                ATTACH_ANYWHERE if e.kind == "attach" else IN_PLAY,
                "un effet qui inflige des dégâts, place des blessures, détruit, épuise ou se lie "
                "ne vise qu'une carte en jeu (dans une arène)",
            )
        ef.done()
        effects.append(e)
    return effects


def _read_responses(pf: Fields, players: list[str]) -> list[Response]:
    """`actions.play.responses`: the cards played in response (a cancel such as Voile doré)."""
    responses = []
    for rf in pf.records("responses", []):
        responses.append(
            Response(
                rf.str("card"), rf.player("player", players), rf.choice("cancels_when", CANCEL_WHEN)
            )
        )
        rf.done()
    return responses


def read_base(name, data, state, player_extra=None, card_extra=None) -> AshesScenario:
    """The players, cards and triggers of an Ashes scenario, for the procedures built on the
    damage process; `player_extra` and `card_extra` read their own fields."""
    rulings = read_rulings(data, GAME)
    players = read_players(state, player_extra)
    names = [p.name for p in players]
    active = state.player("active_player", names, None)
    first = state.player("first_player", names)
    cards = read_cards(state, names, card_extra)
    triggers = read_triggers(state, names, {c.name for c in cards})
    elsewhere = read_elsewhere(state, names, {c.name for c in cards})
    state.done()
    return AshesScenario(
        name=name,
        title=data.str("title"),
        rulings=rulings,
        procedure="degats",
        players=players,
        active_player=active,
        first_player=first,
        cards=cards,
        triggers=triggers,
        elsewhere=elsewhere,
    )


def _check_legal(sc: PlayScenario) -> None:
    """The positions the rules forbid: refused with the rule, never run."""
    play = sc.play
    cards = {c.name: c for c in sc.base.cards}
    if play.make_room:
        allowed = any(e.kind in ("destroy",) and e.target == play.make_room for e in play.effects)
        require(
            allowed,
            NO_REPLACING,
            f"{play.player} ne peut pas défausser {play.make_room} de son arène pour faire de la "
            f"place : seule une carte ou une capacité le permet, et {play.card} ne le fait pas",
            "actions.play.make_room",
        )
    if play.kind == "capacite":
        source = cards.get(play.source)
        require(
            source is not None and source.controller == play.player,
            CONTROL,
            f"{play.player} ne contrôle pas {play.source or 'la carte'} : seule une unité de son "
            "arène (quel que soit le joueur qui l'y a placée) peut activer sa capacité",
            "actions.play.source",
        )
    require(
        sc.dice[play.player]["actives"] >= play.dice,
        PAY_TARGET_RESOLVE,
        f"{play.player} n'a pas {play.dice} dé(s) dans sa réserve active pour payer le coût",
        "actions.play.dice",
    )
    for e in play.effects:
        target = cards.get(e.target)
        if (
            e.targeted
            and target is not None
            and sc.protection.get(target.name) == "sorts"
            and "sort" in play.type_fr.lower()
            and target.controller != play.player
        ):
            refuse(
                PROTECTION,
                f"{target.name} est protégée de toute carte ayant le mot « sort » dans son type "
                f"jouée par un adversaire ; {play.card} est un « {play.type_fr} »",
                "actions.play.effects",
            )
    for r in play.responses:
        require(
            bool(cancel_targets(sc, r)) and r.player != play.player,
            CANCEL_TARGETING,
            f"{r.card} n'annule qu'un effet joué par un adversaire qui cible une unité que "
            f"{r.player} contrôle",
            "actions.play.responses",
        )


def cancel_targets(sc: PlayScenario, r: Response) -> list[str]:
    """The units `r.player` controls that the played card targets (a cancel's condition)."""
    cards = {c.name: c for c in sc.base.cards}
    return [
        e.target
        for e in sc.play.effects
        if e.targeted and e.target in cards and cards[e.target].kind == "unit"
        if cards[e.target].controller == r.player
    ]
