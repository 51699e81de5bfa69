"""Ashes: the scenario of the damage and destruction process, its data and its reading, which the
other Ashes procedures build on (the players with their battlefield, hand and draw pile, the cards
in play, the triggers, the effect that starts the process).

The hand size of the Prepare phase (5) comes from the rulebook, not from this document: it is a
scenario value.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from arbitre.model.ashes.rules import GAME, IN_PLAY, OUT_OF_PLAY_FR, ROUND
from arbitre.model.core.scenario import (
    Fields,
    ScenarioError,
    read_opening,
    read_out_of_play,
    require_in_play,
    unique_names,
)
from arbitre.model.core.state import Card as EngineCard
from arbitre.model.core.trace import Ruling

WHEN = ("damaged", "destroyed", "leaves_play")
SUBJECTS = ("self", "any_unit", "unit_you_control", "opponent_unit")
EFFECTS = ("damage", "wounds", "destroy", "status", "conjure")
ENTRY = ("damage", "wounds", "destroy")


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
    """A « degats » scenario (the effect that starts the process) or a « pioche » one (the order
    the players draw in, each with a Phoenixborn)."""
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
        scenario.cause = _read_cause(actions, player_names, names, elsewhere)
    else:
        _read_draw_order(actions, state, scenario, player_names)
    actions.done()
    return scenario


def _read_cause(
    actions: Fields, player_names: list[str], names: set[str], elsewhere: dict[str, str]
) -> Cause:
    """`actions.effect`: what starts the damage process, and its targets (cards in play)."""
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
    cause = Cause(
        kind=ef.choice("kind", ENTRY),
        source=ef.str("source"),
        controller=ef.player("controller", player_names, None),
        targets=targets,
        attack=ef.bool("attack"),
    )
    ef.done()
    return cause


def _read_draw_order(
    actions: Fields, state: Fields, scenario: AshesScenario, player_names: list[str]
) -> None:
    """`actions.order` (« pioche »): distinct players, the order the first player chose; every
    player has a Phoenixborn, which the damage of an empty deck goes to."""
    players, cards = scenario.players, scenario.cards
    scenario.order = actions.str_list("order", [])
    if sorted(scenario.order) != sorted(set(scenario.order)) or not set(scenario.order) <= set(
        player_names
    ):
        raise ScenarioError(actions.where("order"), "must list distinct players")
    missing = {c.controller for c in cards if c.kind == "phoenixborn"} - {p for p in player_names}
    if missing:  # pragma: no cover - controllers are checked above
        raise ScenarioError(state.where("cards"), "unknown controller")
    for p in players:
        if not any(c.kind == "phoenixborn" and c.controller == p.name for c in cards):
            raise ScenarioError(state.where("cards"), f"player {p.name} has no Phoenixborn")
