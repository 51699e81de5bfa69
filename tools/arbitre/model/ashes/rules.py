"""Ashes: the damage and destruction process (« Dégâts, jetons Blessures et Destruction »).

Three steps, each with a « b » step for the effects it triggers: 1 receive damage, 1b damage
triggers, 2 place wounds then destroy, 2b destruction triggers, 3 lose the game / discard, 3b
leaves-play triggers.  Damage enters at step 1, placed wounds at step 2, destruction at step 2b.
A trigger that deals damage runs a complete nested process before the next step.

Choices made explicit:
- Step 2 says destroyed when the damage « dépasse » the life value; Q/R « Sortie de jeu » says
  « supérieur ou égal ».  The model follows the Q/R (the English rules say « equal to or greater »)
  and says so in the trace whenever the two readings differ.
- Triggers that fire at the same step resolve in the order the scenario lists them: that is the
  order chosen by the player who decides (the active player, or the first player outside a turn).
- The hand size of the Prepare phase (5) comes from the rulebook, not from this document: it is a
  scenario value.

This module holds the round, the scenario's data and its reading; `damage` runs the process.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

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

GAME = "ashes"
ARENA = "arene"  # the zone of the cards in play (units and the Phoenixborn)
# The zones out of play a scenario may name a card in (`state.out_of_play`).
OUT_OF_PLAY_FR = {"main": "la main", "pioche": "la pioche", "defausse": "la défausse"}
IN_PLAY = f"{GAME}/glossaire/unite"  # a unit is a card placed in a player's arena

# Ids of the entries of the leaflet the procedure applies (part « Dégâts … »).
PROCESS = "ashes/degats/1"  # runs right after the effect has resolved
SEVERAL_TARGETS = "ashes/degats/2"  # the active (or first) player orders the targets
ATTACKS = "ashes/degats/3"  # attack and counter damage use the process too
STEP = {
    "1": "ashes/degats/etape-1",
    "1b": "ashes/degats/etape-1b",
    "2": "ashes/degats/etape-2",
    "2b": "ashes/degats/etape-2b",
    "3": "ashes/degats/etape-3",
    "3b": "ashes/degats/etape-3b",
}
LEFT_PLAY_FIRST = "ashes/clarifications/4"  # a card that left play: its effect does not resolve
# Rulings of the Q/R part that the procedure applies as rules.
NO_REACTION_IN_PREPARE = "ashes/faq/degats-faute-de-pioche-3"  # reactions: player turns only
PREPARE = "ashes/faq/phase-de-preparation"
PLAYER_TURNS = "ashes/faq/phase-de-tours-des-joueurs"
MAIN_AND_SIDE = "ashes/faq/phase-de-tours-des-joueurs-1"
OUTSIDE_TURNS_ORDER = "ashes/faq/fin-de-la-manche-1"  # the first player orders simultaneous events
TURN_ENDS = "ashes/faq/capacites-en-jeu-1"  # the turn ends when the player says so

# The round in one screen.  The FAQ names three phases (the rulebook's recovery is « fin de la
# manche » here); reaction spells are played only in the player turns phase.
ROUND = Sequence(
    GAME,
    "manche",
    (
        Phase(
            "preparation",
            "phase de préparation",
            (PREPARE,),
            text_fr="chaque joueur pioche jusqu'à sa taille de main ; une carte qui ne peut pas "
            "être piochée inflige 1 dégât à son Héritier, en une seule fois.",
            allows=frozenset({"pioche", "evenement"}),
        ),
        Phase(
            "tours",
            "phase de Tours des joueurs",
            (PLAYER_TURNS,),
            text_fr="à tour de rôle, chaque joueur prend une action principale (ou passe) et peut "
            "prendre une action secondaire ; les sorts réactifs se jouent dans cette phase.",
            allows=frozenset({"reaction", "tour"}),
        ),
        Phase(
            "fin",
            "fin de la manche",
            (OUTSIDE_TURNS_ORDER,),
            text_fr="les événements simultanés hors de la phase de Tours des joueurs sont ordonnés "
            "par le joueur qui a le jeton Premier joueur.",
            allows=frozenset({"evenement"}),
        ),
    ),
    (PREPARE, PLAYER_TURNS),
    actions_fr=(
        ("pioche", "piocher jusqu'à sa taille de main"),
        ("tour", "un tour de joueur"),
        ("reaction", "jouer un sort réactif"),
        ("evenement", "un événement simultané à ordonner"),
    ),
    action_rules=(("reaction", NO_REACTION_IN_PREPARE),),
)

# One player's turn in the player turns phase: one main action (passing is one), one side action,
# abilities such as Lancer 1 until the player says the turn is over.
TURN = Sequence(
    GAME,
    "tour",
    (
        Phase(
            "tour",
            "tour du joueur",
            (PLAYER_TURNS, MAIN_AND_SIDE),
            text_fr="une action principale (ou Passer) et une action secondaire, dans l'ordre "
            "voulu ; le tour se termine quand le joueur annonce qu'il est terminé.",
            allows=frozenset({"principale", "passer", "secondaire", "capacite", "reaction"}),
        ),
    ),
    (PLAYER_TURNS,),
    actions_fr=(
        ("principale", "une action principale"),
        ("passer", "Passer (une action principale)"),
        ("secondaire", "une action secondaire"),
        ("capacite", "une capacité hors action (Lancer 1…)"),
        ("reaction", "un sort réactif"),
    ),
    limits=(("principale", 1, MAIN_AND_SIDE), ("secondaire", 1, MAIN_AND_SIDE)),
    counts_as=(("passer", "principale"),),
)

WHEN = ("damaged", "destroyed", "leaves_play")
SUBJECTS = ("self", "any_unit", "unit_you_control", "opponent_unit")
EFFECTS = ("damage", "wounds", "destroy", "status", "conjure")
ENTRY = ("damage", "wounds", "destroy")


# --- scenario data -------------------------------------------------------------------------------


class Card(EngineCard):
    """An Ashes card on the engine's Card: printed life, wound and status-token counters."""

    def __init__(
        self, name: str, kind: str, controller: str, life: int, wounds: int = 0, status: int = 0
    ) -> None:
        super().__init__(name, controller, printed={"vie": life}, kind=kind)  # "unit"/"phoenixborn"
        self.add("blessures", wounds)
        self.add("etat", status)

    @property
    def life(self) -> int:
        return self.value("vie")

    @property
    def wounds(self) -> int:
        return self.count("blessures")

    @wounds.setter
    def wounds(self, value: int) -> None:
        self.add("blessures", value - self.wounds)

    @property
    def status(self) -> int:
        return self.count("etat")

    @status.setter
    def status(self, value: int) -> None:
        self.add("etat", value - self.status)


@dataclass
class Effect:
    kind: str  # one of EFFECTS
    target: str = "subject"  # a card name, "self" (the trigger's card) or "subject" (the event's)
    amount: int = 1
    conjuration: str = ""  # for "conjure": the name of the units placed


@dataclass
class Trigger:
    card: str
    ability: str
    when: str  # one of WHEN
    subject: str  # one of SUBJECTS, or a card name
    effect: Effect
    by_self: bool = False  # the event must come from this card (« after this unit deals damage »)
    caused_by_you: bool = (
        False  # the event must come from an effect this card's controller controls
    )
    from_hand: bool = False  # a reaction spell played from hand: it need not be in play
    controller: str | None = None  # needed when from_hand


@dataclass
class Target:
    card: str
    amount: int = 0


@dataclass
class Cause:
    """What starts the process: an effect of `source`, controlled by `controller`.

    No controller: no player's spell, attack, ability or dice power (the expiry of an effect).
    """

    kind: str  # one of ENTRY
    source: str
    controller: str | None
    targets: list[Target]
    attack: bool = False  # damage of an attack or counter (degats/3)


@dataclass
class Player:
    name: str
    battlefield: int = 0  # battlefield size, for conjurations
    hand: int = 0  # for the Prepare phase
    draw_pile: int = 0


@dataclass
class AshesScenario:
    name: str
    title: str
    rulings: list[Ruling]
    procedure: str  # "degats" or "pioche"
    players: list[Player]
    active_player: str | None  # None outside a player's turn (Prepare phase, end of round)
    first_player: str
    cards: list[Card]
    triggers: list[Trigger] = field(default_factory=list)
    cause: Cause | None = None  # procedure "degats"
    hand_size: int = 5  # procedure "pioche"
    order: list[str] = field(default_factory=list)  # procedure "pioche": chosen by the first player
    phase: str = "tours"  # the phase of the round (« pioche » happens in the Prepare phase)
    elsewhere: dict[str, str] = field(default_factory=dict)  # cards not in play -> their place


def _effect(f: Fields) -> Effect:
    e = Effect(
        kind=f.choice("kind", EFFECTS),
        target=f.str("target", "subject"),
        amount=f.int("amount", 1),
        conjuration=f.str("conjuration", ""),
    )
    if e.kind == "conjure" and not e.conjuration:
        raise ScenarioError(f.where("conjuration"), "is required for a conjure effect")
    f.done()
    return e


def read_players(
    state: Fields, extra: Callable[[Fields, Player], None] | None = None
) -> list[Player]:
    """`state.players`: at least two; `extra` reads a procedure's own fields of each player."""
    players = []
    for pf in state.records("players"):
        player = Player(
            pf.str("name"),
            pf.int("battlefield", 0, minimum=0),
            pf.int("hand", 0, minimum=0),
            pf.int("draw_pile", 0, minimum=0),
        )
        if extra is not None:
            extra(pf, player)
        pf.done()
        players.append(player)
    if len(players) < 2:
        raise ScenarioError(state.where("players"), "a game needs at least two players")
    unique_names([p.name for p in players], state.where("players"))
    return players


def read_cards(
    state: Fields, player_names: list[str], extra: Callable[[Fields, Card], None] | None = None
) -> list[Card]:
    """`state.cards`: the cards in play; `extra` reads a procedure's own fields of each card."""
    cards = []
    for cf in state.records("cards", []):
        card = Card(
            name=cf.str("name"),
            kind=cf.choice("kind", ("unit", "phoenixborn")),
            controller=cf.player("controller", player_names),
            life=cf.int("life"),
            wounds=cf.int("wounds", 0, minimum=0),
            status=cf.int("status", 0, minimum=0),
        )
        if extra is not None:
            extra(cf, card)
        cf.done()
        cards.append(card)
    unique_names([c.name for c in cards], state.where("cards"))
    return cards


def read_triggers(state: Fields, player_names: list[str], names: set[str]) -> list[Trigger]:
    """`state.triggers`: the triggered abilities of the cards (data, never code)."""
    triggers = []
    for tf in state.records("triggers", []):
        t = Trigger(
            card=tf.str("card"),
            ability=tf.str("ability"),
            when=tf.choice("when", WHEN),
            subject=tf.str("subject"),
            effect=_effect(tf.sub("effect")),
            by_self=tf.bool("by_self"),
            caused_by_you=tf.bool("caused_by_you"),
            from_hand=tf.bool("from_hand"),
            controller=tf.str("controller", None),
        )
        if t.from_hand:
            if t.controller not in player_names:
                raise ScenarioError(
                    tf.where("controller"), "a card played from hand needs a player"
                )
        elif t.card not in names:
            raise ScenarioError(tf.where("card"), f"no card in play named {t.card!r}")
        if t.subject not in SUBJECTS and t.subject not in names:
            raise ScenarioError(
                tf.where("subject"), f"expected one of {', '.join(SUBJECTS)} or a card name"
            )
        if t.effect.target not in ("self", "subject") and t.effect.target not in names:
            raise ScenarioError(tf.where("effect.target"), f"no card named {t.effect.target!r}")
        tf.done()
        triggers.append(t)
    return triggers


IN_PLAY_FR = {
    "target": "seule une carte en jeu (dans une arène) subit des dégâts",
    "attack": "seules les cartes en jeu (dans une arène) attaquent, bloquent, protègent ou sont "
    "attaquées",
}


def read_elsewhere(state: Fields, player_names: list[str], in_play: set[str]) -> dict[str, str]:
    """`state.out_of_play`: cards in a hand, a draw pile or a discard pile (not in play)."""
    elsewhere = read_out_of_play(state, OUT_OF_PLAY_FR, player_names)
    unique_names(sorted(in_play) + list(elsewhere), state.where("out_of_play"))
    return elsewhere


def read_scenario(name: str, data: Fields, procedure: str) -> AshesScenario:
    rulings, title, state = read_opening(data, GAME)
    players = read_players(state)
    player_names = [p.name for p in players]
    active = state.player("active_player", player_names, None)
    first = state.player("first_player", player_names)
    cards = read_cards(state, player_names)
    names = {c.name for c in cards}
    elsewhere = read_elsewhere(state, player_names, names)
    triggers = read_triggers(state, player_names, names)
    scenario = AshesScenario(
        name=name,
        title=title,
        rulings=rulings,
        procedure=procedure,
        players=players,
        active_player=active,
        first_player=first,
        cards=cards,
        triggers=triggers,
        elsewhere=elsewhere,
    )
    if procedure == "pioche":
        scenario.hand_size = state.int("hand_size", 5, minimum=1)
        scenario.phase = "preparation"
    else:
        scenario.phase = state.choice("phase", tuple(ROUND.ids()), "tours")
    state.done()
    actions = data.sub("actions", None) or Fields({}, "actions")
    if procedure == "degats":
        ef = actions.sub("effect")
        targets = []
        for tf in ef.records("targets"):
            target = Target(tf.str("card"), tf.int("amount", 0))
            require_in_play(
                target.card, tf.where("card"), names, elsewhere, IN_PLAY, IN_PLAY_FR["target"]
            )
            tf.done()
            targets.append(target)
        if not targets:
            raise ScenarioError(ef.where("targets"), "name at least one target")
        scenario.cause = Cause(
            kind=ef.choice("kind", ENTRY),
            source=ef.str("source"),
            controller=ef.player("controller", player_names, None),
            targets=targets,
            attack=ef.bool("attack"),
        )
        ef.done()
    else:
        scenario.order = actions.str_list("order", [])
        if sorted(scenario.order) != sorted(set(scenario.order)) or not set(scenario.order) <= set(
            player_names
        ):
            raise ScenarioError(actions.where("order"), "must list distinct players")
        missing = {c.controller for c in cards if c.kind == "phoenixborn"} - {
            p for p in player_names
        }
        if missing:  # pragma: no cover - controllers are checked above
            raise ScenarioError(state.where("cards"), "unknown controller")
        for p in players:
            if not any(c.kind == "phoenixborn" and c.controller == p.name for c in cards):
                raise ScenarioError(state.where("cards"), f"player {p.name} has no Phoenixborn")
    actions.done()
    return scenario
