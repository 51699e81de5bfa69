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
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from arbitre.model.core.sequence import Phase, Sequence
from arbitre.model.core.state import Card as EngineCard
from arbitre.model.core.state import GameState
from arbitre.model.core.state import Player as EnginePlayer
from arbitre.model.core.trace import Recorder, Ruling, Trace
from arbitre.model.core.triggers import Pending, TriggerQueue, active_player_orders
from arbitre.model.scenario import (
    Fields,
    ScenarioError,
    read_out_of_play,
    read_rulings,
    require_in_play,
    unique_names,
)

GAME = "ashes"
ARENA = "arene"  # the zone of the cards in play (units and the Phoenixborn)
DISCARD = "defausse"
# The zones out of play a scenario may name a card in (`state.out_of_play`).
OUT_OF_PLAY_FR = {"main": "la main", "pioche": "la pioche", "defausse": "la défausse"}
IN_PLAY = f"{GAME}/glossaire/unite"  # a unit is a card placed in a player's arena

# Ids of the entries of the leaflet the procedure applies (part « Dégâts … »).
PROCESS = "ashes/degats/1"  # runs right after the effect has resolved
SEVERAL_TARGETS = "ashes/degats/2"  # the active (or first) player orders the targets
ATTACKS = "ashes/degats/3"  # attack and counter damage use the process too
THREE_STEPS = "ashes/degats/4"
START_AT_2 = "ashes/degats/depart-etape-2"
START_AT_2B = "ashes/degats/depart-etape-2b"
STEP = {
    "1": "ashes/degats/etape-1",
    "1b": "ashes/degats/etape-1b",
    "2": "ashes/degats/etape-2",
    "2b": "ashes/degats/etape-2b",
    "3": "ashes/degats/etape-3",
    "3b": "ashes/degats/etape-3b",
}
BETWEEN_STEPS = "ashes/degats/declenchements-entre-etapes"
NESTED = "ashes/degats/degats-declenches"
PHOENIXBORN_DESTROYED = "ashes/degats/5"
LEFT_PLAY_FIRST = "ashes/clarifications/4"  # a card that left play: its effect does not resolve
# Rulings of the Q/R part that the procedure applies as rules.
ZERO_DAMAGE = "ashes/faq/capacites-en-jeu-2"  # 0 damage is no damage
DESTROYED_VS_LEAVES = "ashes/faq/sortie-de-jeu-1"  # « supérieur ou égal »; order 2b / 3 / 3b
NO_ATTACK = "ashes/faq/attaquer-6"  # attack below 0 neither adds nor removes wounds
DRAW_ALL_AT_ONCE = "ashes/faq/degats-faute-de-pioche-1"
DRAW_ORDER = "ashes/faq/degats-faute-de-pioche-2"
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
WHEN_STEP = {"damaged": "1b", "destroyed": "2b", "leaves_play": "3b"}
SUBJECTS = ("self", "any_unit", "unit_you_control", "opponent_unit")
EFFECTS = ("damage", "wounds", "destroy", "status", "conjure")
ENTRY = ("damage", "wounds", "destroy")
MAX_DEPTH = 12


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
            controller=cf.str("controller"),
            life=cf.int("life"),
            wounds=cf.int("wounds", 0, minimum=0),
            status=cf.int("status", 0, minimum=0),
        )
        if card.controller not in player_names:
            raise ScenarioError(cf.where("controller"), f"{card.controller!r} is not a player")
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
    rulings = read_rulings(data, GAME)
    title = data.str("title")
    state = data.sub("state")
    players = read_players(state)
    player_names = [p.name for p in players]
    active = state.str("active_player", None)
    first = state.str("first_player")
    for key, value in (("active_player", active), ("first_player", first)):
        if value is not None and value not in player_names:
            raise ScenarioError(state.where(key), f"{value!r} is not one of the players")
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
            controller=ef.str("controller", None),
            targets=targets,
            attack=ef.bool("attack"),
        )
        if scenario.cause.controller is not None and scenario.cause.controller not in player_names:
            raise ScenarioError(ef.where("controller"), "is not one of the players")
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


# --- the procedure -------------------------------------------------------------------------------


class GameOver(Exception):
    """The game has a winner: every process stops."""


@dataclass
class _Event:
    subject: str
    source: str  # card (or effect) name
    controller: str | None  # player controlling the effect (None: no player, an expiry)
    label: str = ""  # how the text names the cause, when not just `source`

    @property
    def by(self) -> str:
        return self.label or self.source


class _Engine:
    def __init__(self, sc: AshesScenario) -> None:
        self.sc = sc
        self.discarded: list[str] = []
        self.destroyed: list[str] = []
        self.losers: list[str] = []
        self.winner: str | None = None
        self.resolved: list[str] = []
        self.not_resolved: list[str] = []
        self.placed: list[str] = []
        self.received: dict[str, int] = {}
        self.game = GameState(
            [EnginePlayer(p.name) for p in sc.players],
            active=sc.active_player,
            phase=sc.phase,
        )
        first = [p.name for p in sc.players].index(sc.first_player)
        self.game.players = self.game.players[first:] + self.game.players[:first]
        for c in sc.cards:
            self.game.put(copy.deepcopy(c), ARENA, c.controller)
        self.queue = TriggerQueue(active_player_orders(BETWEEN_STEPS))
        self.rec = Recorder(self.snapshot)

    @property
    def cards(self) -> dict[str, Card]:
        """The cards in play (in an arena, or a Phoenixborn), by name."""
        return {
            c.name: c  # type: ignore[misc]
            for c in self.game.cards.values()
            if c.zone == ARENA
        }

    def snapshot(self) -> dict[str, Any]:
        return {
            "cards": {
                c.name: {"life": c.life, "wounds": c.wounds, "status": c.status}
                for c in self.cards.values()
            },
            "destroyed_not_discarded": [n for n in self.destroyed if n in self.cards],
            "discarded": list(self.discarded),
        }

    def phase(self) -> Phase:
        return ROUND.phase(self.sc.phase)

    def in_play(self, name: str) -> bool:
        return name in self.cards

    def controller_of(self, trigger: Trigger) -> str:
        if trigger.from_hand:
            assert trigger.controller is not None
            return trigger.controller
        return self.sc_card(trigger.card).controller

    def sc_card(self, name: str) -> Card:
        return self.cards.get(name) or next(c for c in self.sc.cards if c.name == name)

    def matches(self, t: Trigger, when: str, event: _Event, subject: Card) -> bool:
        if t.when != when:
            return False
        owner = self.controller_of(t)
        if t.subject == "self":
            ok = subject.name == t.card
        elif t.subject == "any_unit":
            ok = subject.kind == "unit"
        elif t.subject == "unit_you_control":
            ok = subject.kind == "unit" and subject.controller == owner
        elif t.subject == "opponent_unit":
            ok = subject.kind == "unit" and subject.controller != owner
        else:
            ok = subject.name == t.subject
        if t.by_self and event.source != t.card:
            return False
        return ok

    # -- triggers --
    def fire(self, when: str, event: _Event, subject: Card, depth: int) -> None:
        step = WHEN_STEP[when]
        label = f"Étape {step[0]} b"
        matching = [t for t in self.sc.triggers if self.matches(t, when, event, subject)]
        for t in [t for t in matching if t.from_hand and "reaction" not in self.phase().allows]:
            matching.remove(t)
            self.not_resolved.append(f"{t.card} : {t.ability}")
            self.rec.step(
                [STEP[step], NO_REACTION_IN_PREPARE],
                f"{label} : {t.card} est un sort réactif joué depuis la main ; pendant la "
                f"{self.phase().name_fr}, il ne peut pas être joué (seulement pendant la phase "
                "de Tours des joueurs).",
            )
        if not matching:
            self.rec.step(
                [STEP[step]], f"{label} : aucun effet ne se déclenche pour {subject.name}."
            )
            return
        for t in matching:
            self.queue.add(Pending(f"{t.card} : {t.ability}", self.controller_of(t), t))
        ordering = self.queue.drain(self.game)
        if ordering.chooser is not None:
            rules = [STEP[step]] + ([] if self.sc.active_player else [OUTSIDE_TURNS_ORDER])
            self.rec.step(rules, f"{label} : plusieurs effets se déclenchent ; {ordering.text_fr}.")
        for t in [p.payload for p in ordering.pending]:
            name = f"{t.card} : {t.ability}"
            if t.caused_by_you and event.controller != self.controller_of(t):
                self.not_resolved.append(name)
                self.rec.step(
                    [STEP[step]],
                    f"{label} : {name} ne se déclenche pas — la cause de l'événement, {event.by}, "
                    + (
                        f"est un effet contrôlé par {event.controller}, pas par "
                        if event.controller
                        else "n'est ni un sort, ni une attaque, ni une capacité, ni un pouvoir de "
                        "dés contrôlé par un joueur, donc pas par "
                    )
                    + f"{self.controller_of(t)}.",
                )
                continue
            if not t.from_hand and not self.in_play(t.card):
                self.not_resolved.append(name)
                self.rec.step(
                    [STEP[step], LEFT_PLAY_FIRST],
                    f"{label} : {name} ne se résout pas — {t.card} a quitté le jeu avant que son "
                    "effet ne soit résolu.",
                )
                continue
            self.resolved.append(name)
            self.rec.step(
                [STEP[step], BETWEEN_STEPS],
                f"{label} : {name} se déclenche et se résout entièrement avant l'étape suivante.",
            )
            self.apply(t, event, subject, depth)

    def apply(self, t: Trigger, event: _Event, subject: Card, depth: int) -> None:
        e = t.effect
        owner = self.controller_of(t)
        target = {"self": t.card, "subject": subject.name}.get(e.target, e.target)
        if e.kind == "status":
            if self.in_play(target):
                self.cards[target].status += e.amount  # an « etat » counter of the card
            self.rec.step(
                [STEP[WHEN_STEP[t.when]]],
                f"{target} gagne {e.amount} jeton(s) État.",
            )
        elif e.kind == "conjure":
            player = next(p for p in self.sc.players if p.name == owner)
            occupied = sum(
                1 for c in self.cards.values() if c.kind == "unit" and c.controller == owner
            )
            free = max(player.battlefield - occupied, 0)
            count = min(free, e.amount)
            for i in range(count):
                name = e.conjuration if count == 1 else f"{e.conjuration} {i + 1}"
                self.game.put(Card(name, "unit", owner, life=1), ARENA, owner)
                self.placed.append(name)
            waiting = [n for n in self.destroyed if n in self.cards]
            still = (
                f" ({', '.join(waiting)}, détruite mais pas encore défaussée, occupe encore "
                "sa place)"
                if waiting
                else ""
            )
            self.rec.step(
                [STEP[WHEN_STEP[t.when]]],
                f"L'arène de {owner} compte {occupied} unité(s) pour {player.battlefield} places"
                f"{still} : {free} place(s) libre(s), {count} {e.conjuration} placée(s) sur "
                f"{e.amount} demandée(s).",
            )
        else:
            if not self.in_play(target):
                self.rec.step(
                    [STEP[WHEN_STEP[t.when]]],
                    f"{target} n'est plus en jeu : l'effet de {t.ability} n'a rien à faire.",
                )
                return
            self.rec.step(
                [NESTED],
                f"{t.ability} {_verb(e.kind, e.amount)} {target} : un processus complet de "
                "résolution des dégâts et destruction commence pour cette carte avant de passer à "
                "l'étape suivante.",
            )
            event = _Event(target, t.card, owner, f"{t.ability} ({t.card})")
            self.process(event, e.kind, e.amount, depth + 1)

    # -- the three steps --
    def process(self, event: _Event, entry: str, amount: int, depth: int) -> None:
        if depth > MAX_DEPTH:
            raise ScenarioError("state.triggers", "the triggers start processes without end")
        card = self.cards.get(event.subject)
        if card is None:
            self.rec.step(
                [PROCESS], f"{event.subject} n'est plus en jeu : le processus n'a pas lieu."
            )
            return
        if entry == "damage":
            if amount <= 0:
                self.rec.step(
                    [STEP["1"], ZERO_DAMAGE, NO_ATTACK],
                    f"{event.by} inflige {amount} dégât à {card.name} : un montant de 0 (ou "
                    "moins) n'est pas un dégât subi. Rien ne se déclenche et aucune blessure "
                    "n'est ajoutée ni retirée.",
                )
                return
            self.received[card.name] = self.received.get(card.name, 0) + amount
            self.rec.step([STEP["1"]], f"Étape 1 : {card.name} subit {amount} dégât(s).")
            self.fire("damaged", event, card, depth)
            if not self.in_play(card.name):
                self.rec.step(
                    [STEP["2"], "ashes/faq/consommer-3"],
                    f"Étape 2 : {card.name} a déjà quitté le jeu ; les dégâts ne se résolvent "
                    "pas en blessures.",
                )
                return
        if entry in ("damage", "wounds"):
            if entry == "wounds":
                self.rec.step(
                    [START_AT_2],
                    f"{event.by} place des blessures sur {card.name} : le processus commence "
                    "à l'étape 2 (les étapes 1 et 1 b sont sautées, aucun effet « subir des "
                    "dégâts » ne peut se déclencher).",
                )
            card.wounds += amount
            rules = [STEP["2"]]
            verdict = "elle n'est pas détruite"
            if card.wounds >= card.life:
                verdict = "elle est immédiatement détruite"
                if card.wounds == card.life:
                    rules.append(DESTROYED_VS_LEAVES)
                    verdict += (
                        " (blessures égales aux points de vie : l'étape 2 dit « dépasse », la Q/R "
                        "« Sortie de jeu » dit « supérieur ou égal » ; le modèle suit la Q/R)"
                    )
                    self.rec.note(
                        "L'étape 2 dit « si le nombre actuel de dégâts dépasse les points de vie », "
                        "mais la Q/R « Sortie de jeu » répond « un nombre de blessures supérieur ou "
                        "égal à ses points de vie » (comme les règles anglaises, « equal to or "
                        "greater »). Le modèle applique « supérieur ou égal »."
                    )
            self.rec.step(
                rules,
                f"Étape 2 : {amount} blessure(s) placée(s) sur {card.name} : {card.wounds} "
                f"blessure(s) pour {card.life} points de vie (les blessures ne diminuent pas les "
                f"points de vie) ; {verdict}.",
            )
            if card.wounds < card.life:
                return
        else:
            self.rec.step(
                [START_AT_2B],
                f"{event.by} détruit {card.name} : le processus commence à l'étape 2 b.",
            )
        self.destroyed.append(card.name)
        self.fire("destroyed", event, card, depth)
        if card.kind == "phoenixborn":
            self.losers.append(card.controller)
            remaining = [p.name for p in self.sc.players if p.name not in self.losers]
            self.rec.step(
                [STEP["3"], PHOENIXBORN_DESTROYED],
                f"Étape 3 : {card.name} est détruit ; {card.controller} perd immédiatement la "
                "partie et ses cartes sont retirées de la partie.",
            )
            if len(remaining) == 1:
                self.winner = remaining[0]
                self.rec.step(
                    [STEP["3"]], f"Il ne reste qu'un joueur : {self.winner} gagne la partie."
                )
                raise GameOver
            return
        self.game.move(card.name, DISCARD, card.controller)
        self.discarded.append(card.name)
        self.rec.step(
            [STEP["3"], DESTROYED_VS_LEAVES],
            f"Étape 3 : une fois les effets de destruction résolus, {card.name} est défaussée.",
        )
        self.fire("leaves_play", event, card, depth)

    # -- the two procedures --
    def run_effect(self) -> None:
        cause = self.sc.cause
        assert cause is not None
        rules = [PROCESS, THREE_STEPS] + ([ATTACKS] if cause.attack else [])
        what = (
            f"L'attaque de {cause.source} est entièrement résolue"
            if cause.attack
            else (f"L'effet de {cause.source} est entièrement résolu")
        )
        self.rec.step(
            rules, f"{what} ; le processus de résolution des dégâts et destruction commence."
        )
        if len(cause.targets) > 1:
            decider = self.sc.active_player or self.sc.first_player
            who = "le joueur actif" if self.sc.active_player else "le premier joueur"
            order = ", ".join(t.card for t in cause.targets)
            self.rec.step(
                [SEVERAL_TARGETS],
                f"Plusieurs cartes sont touchées par le même effet : {who} ({decider}) choisit "
                f"l'ordre : {order}.",
            )
        for t in cause.targets:
            self.process(_Event(t.card, cause.source, cause.controller), cause.kind, t.amount, 0)

    def run_draw(self) -> None:
        sc = self.sc
        shortfalls: dict[str, int] = {}
        for p in sc.players:
            need = max(sc.hand_size - p.hand, 0)
            drawn = min(need, p.draw_pile)
            shortfalls[p.name] = need - drawn
            self.rec.step(
                [DRAW_ALL_AT_ONCE],
                f"Phase de préparation : {p.name} a {p.hand} carte(s) en main et {p.draw_pile} dans "
                f"sa pioche ; il pioche {drawn} carte(s) pour revenir à {sc.hand_size} (valeur des "
                f"règles du jeu) et il lui en manque {need - drawn}.",
            )
        hurt = [p for p in sc.order or [p.name for p in sc.players] if shortfalls.get(p, 0) > 0]
        if len(hurt) > 1:
            self.rec.step(
                [DRAW_ORDER],
                f"Plusieurs Héritiers doivent subir des dégâts : le joueur avec le jeton Premier "
                f"joueur ({sc.first_player}) choisit l'ordre : {', '.join(hurt)}.",
            )
        for player in hurt:
            phoenixborn = next(
                c for c in sc.cards if c.kind == "phoenixborn" and c.controller == player
            )
            self.rec.step(
                [DRAW_ALL_AT_ONCE],
                f"{phoenixborn.name} reçoit en une seule fois {shortfalls[player]} dégât(s), un "
                "par carte qui n'a pas pu être piochée.",
            )
            event = _Event(phoenixborn.name, "l'impossibilité de piocher", sc.first_player)
            self.process(event, "damage", shortfalls[player], 0)

    def run(self) -> Trace:
        try:
            if self.sc.procedure == "pioche":
                self.run_draw()
            else:
                self.run_effect()
        except GameOver:
            self.rec.step([STEP["3"]], "La partie est terminée : le reste n'est pas résolu.")
        procedure = "degats" if self.sc.procedure == "degats" else "pioche"
        return self.rec.trace(procedure, GAME, self.sc, self.result())

    def result(self) -> dict[str, Any]:
        return {
            "wounds": {c.name: c.wounds for c in self.cards.values()},
            "damage_received": dict(self.received),
            "destroyed": list(self.destroyed),
            "discarded": list(self.discarded),
            "resolved": list(self.resolved),
            "not_resolved": list(self.not_resolved),
            "status": {c.name: c.status for c in self.cards.values() if c.status},
            "placed": list(self.placed),
            "losers": list(self.losers),
            "winner": self.winner,
        }


def de(name: object) -> str:
    """French « de X », elided before a vowel: « d'Alice », « de Bruno »."""
    text = str(name)
    return f"d'{text}" if text[:1].lower() in "aeiouyéèêàâîôûh" else f"de {text}"


# The damage and destruction process, for the other procedures of Ashes (attacks, cards played):
# they subclass it and call `process` for every card an effect damages, wounds or destroys.
DamageProcess = _Engine
Event = _Event


def _verb(kind: str, amount: int) -> str:
    if kind == "damage":
        return f"inflige {amount} dégât(s) à"
    if kind == "wounds":
        return f"place {amount} blessure(s) sur"
    return "détruit"


def resolve_damage(scenario: AshesScenario) -> Trace:
    """Run the damage and destruction process for one effect (procedure « degats »)."""
    return _Engine(scenario).run()


def prepare_draw_damage(scenario: AshesScenario) -> Trace:
    """Damage for the cards a player cannot draw in the Prepare phase (procedure « pioche »)."""
    return _Engine(scenario).run()
