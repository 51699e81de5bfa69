"""Four Souls scenario data: the checked reader of an attack scenario (`read_attack`).

Fields (under `state` and `actions`): see the scenario files `four-souls--*.yaml`.  The position
may say its `phase` (default: the action phase); an attack outside the action phase, or against a
card that is not an active monster, is refused with the rule it breaks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arbitre.model.core.rules import require
from arbitre.model.core.scenario import Fields, ScenarioError, read_opening, unique_names
from arbitre.model.core.trace import Ruling
from arbitre.model.four_souls.rules import ATTACK, GAME, TURN

REWARDS = ("tresor", "cents", "butin")
REWARD_FR = {"tresor": "carte(s) trésor", "cents": "¢", "butin": "carte(s) butin"}
REROLL_TIMING = ("apres_modificateurs", "avant_modificateurs")


# --- scenario data -------------------------------------------------------------------------------


@dataclass
class Item:
    name: str
    eternal: bool = False


@dataclass
class Player:
    name: str
    health: int
    attack: int
    cents: int = 0
    loot: list[str] = field(default_factory=list)  # loot cards in hand
    items: list[Item] = field(default_factory=list)
    curses: list[str] = field(default_factory=list)
    souls: int = 0


@dataclass
class Monster:
    name: str
    health: int = 1
    evasion: int = 1
    attack: int = 1
    boss: bool = False
    souls: int = 1  # for a boss: the souls its card is worth
    reward: dict[str, int] = field(default_factory=dict)
    kills_on_death: str | None = None  # a death trigger that kills this player
    monster: bool = True  # False: a non-monster card of the monster deck
    cannot_be_attacked: bool = False  # Death's Head, Stoney
    ruling: str | None = None  # the card's ruling, cited when it applies
    # « chaque fois que N dégâts cumulés lui sont infligés au cours d'un tour »: N and the effect
    every_damage: int | None = None
    every_damage_text: str = ""
    curse: bool = False  # a curse card of the monster deck (a non-monster card)
    given_to: str | None = None  # a curse: the player it is given to (a choice of the scenario)


@dataclass
class SoulCancel:
    """An effect that cancels gaining a boss's soul, played in response (a card's ability)."""

    source: str
    player: str | None = None  # None: a monster card's effect
    ruling: str | None = None


@dataclass
class Modifier:
    source: str
    value: int


@dataclass
class Reroll:
    source: str
    player: str
    die: int
    # « apres_modificateurs »: played once the modifiers resolved (the worked example);
    # « avant_modificateurs »: played in response, while they are still on the stack.
    timing: str = "apres_modificateurs"


@dataclass
class ResultTrigger:
    source: str
    on: int  # the result that triggers it
    final_reroll: int | None = None  # Dad's Lost Coin, Missing Page, Sacred Heart: the new die
    text: str = ""  # what the trigger does otherwise, as the document says it
    player: str | None = None  # who controls it (None: the active player)
    monster: bool = False  # a monster card's effect (« Timing »: those go first)


@dataclass
class Roll:
    die: int
    modifiers: list[Modifier] = field(default_factory=list)
    reroll: Reroll | None = None
    triggers: list[ResultTrigger] = field(default_factory=list)


@dataclass
class AttackScenario:
    name: str
    title: str
    rulings: list[Ruling]
    active_player: str
    players: list[Player]
    target: str  # "monstre" (an active monster) or "paquet" (the top of the monster deck)
    monster: Monster | None  # the attacked active monster
    deck: list[Monster]  # the monster deck, top first
    rolls: list[Roll]
    phase: str = "action"
    active_monsters: list[str] = field(default_factory=list)  # other monsters in the slots
    soul_cancelled_by: SoulCancel | None = None


def _die(f: Fields, key: str) -> int:
    value = f.int(key, minimum=1)
    if value > 6:
        raise ScenarioError(f.where(key), f"a six-sided die shows 1 to 6, got {value}")
    return value


def _monster(f: Fields, game_prefix: str, players: set[str]) -> Monster:
    m = Monster(
        name=f.str("name"),
        health=f.int("health", 1, minimum=1),
        evasion=f.int("evasion", 1),
        attack=f.int("attack", 1, minimum=0),
        boss=f.bool("boss"),
        souls=f.int("souls", 1, minimum=1),
        kills_on_death=f.player("kills_on_death", players, None),
        monster=f.bool("monster", True),
        cannot_be_attacked=f.bool("cannot_be_attacked"),
        ruling=f.str("ruling", None),
        every_damage=f.int("every_damage", None, minimum=1),
        every_damage_text=f.str("every_damage_text", ""),
        curse=f.bool("curse"),
        given_to=f.player("given_to", players, None),
    )
    if m.curse and m.monster:
        raise ScenarioError(f.where("curse"), "a curse is a non-monster card (monster: false)")
    if m.given_to is not None and not m.curse:
        raise ScenarioError(f.where("given_to"), "only a curse is given to a player")
    if f.has("reward"):
        rf = f.sub("reward")
        m.reward = {k: rf.int(k, minimum=1) for k in REWARDS if rf.has(k)}
        rf.done()
    if m.ruling is not None and not m.ruling.startswith(game_prefix):
        raise ScenarioError(f.where("ruling"), f"must be an id of {GAME}, got {m.ruling!r}")
    f.done()
    return m


def read_attack(name: str, data: Fields) -> AttackScenario:
    """Validate an attack scenario (the `state` and `actions` of a scenario file)."""
    rulings, title, state = read_opening(data, GAME)
    players = _players(state)
    names = {p.name for p in players}
    active = state.player("active_player", names)
    phase = state.str("phase", "action")
    TURN.check("attaque", "Attaquer", phase, state.where("phase"))
    target = state.choice("target", ("monstre", "paquet"))
    monster, deck = _attacked(state, target, names)
    cancel = _soul_cancel(state, names)
    state.done()
    rolls = _rolls(data, names)
    sc = AttackScenario(name, title, rulings, active, players, target, monster, deck, rolls, phase)
    sc.soul_cancelled_by = cancel
    return sc


def _players(state: Fields) -> list[Player]:
    """`state.players`: at least one, with distinct names."""
    players = []
    for pf in state.records("players"):
        items = []
        for itf in pf.records("items", []):
            items.append(Item(itf.str("name"), itf.bool("eternal")))
            itf.done()
        players.append(
            Player(
                name=pf.str("name"),
                health=pf.int("health", minimum=1),
                attack=pf.int("attack", minimum=0),
                cents=pf.int("cents", 0, minimum=0),
                loot=pf.str_list("loot", []),
                items=items,
                curses=pf.str_list("curses", []),
                souls=pf.int("souls", 0, minimum=0),
            )
        )
        pf.done()
    if not players:
        raise ScenarioError(state.where("players"), "name at least one player")
    unique_names([p.name for p in players], state.where("players"))
    return players


def _attacked(state: Fields, target: str, names: set[str]) -> tuple[Monster | None, list[Monster]]:
    """The attacked active monster (target « monstre »: refused if it is not a monster), and the
    monster deck, top first (not empty when its top is attacked)."""
    monster = None
    if target == "monstre":
        monster = _monster(state.sub("monster"), f"{GAME}/", names)
        require(
            monster.monster,
            ATTACK,
            f"{monster.name} n'est pas un monstre actif : on attaque un monstre actif ou le "
            "dessus du paquet de monstres",
            state.where("monster"),
        )
    deck = [_monster(f, f"{GAME}/", names) for f in state.records("deck", [])]  # top first
    if target == "paquet" and not deck:
        raise ScenarioError(state.where("deck"), "attacking the top of an empty monster deck")
    return monster, deck


def _soul_cancel(state: Fields, names: set[str]) -> SoulCancel | None:
    """`state.soul_cancelled_by`, if any: the effect that cancels gaining a boss's soul."""
    if not state.has("soul_cancelled_by"):
        return None
    cf = state.sub("soul_cancelled_by")
    cancel = SoulCancel(cf.str("source"), cf.player("player", names, None), cf.str("ruling", None))
    if cancel.ruling is not None and not cancel.ruling.startswith(f"{GAME}/"):
        raise ScenarioError(cf.where("ruling"), f"must be an id of {GAME}")
    cf.done()
    return cancel


def _rolls(data: Fields, names: set[str]) -> list[Roll]:
    """`actions.rolls`, in order: each die with its modifiers, reroll and triggers."""
    actions = data.sub("actions", None) or Fields({}, "actions")
    rolls = [_roll(rf, names) for rf in actions.records("rolls", [])]
    actions.done()
    return rolls


def _roll(rf: Fields, names: set[str]) -> Roll:
    roll = Roll(_die(rf, "die"))
    for mf in rf.records("modifiers", []):
        roll.modifiers.append(Modifier(mf.str("source"), mf.int("value")))
        mf.done()
    if rf.has("reroll"):
        xf = rf.sub("reroll")
        roll.reroll = Reroll(
            xf.str("source"),
            xf.player("player", names),
            _die(xf, "die"),
            xf.choice("timing", REROLL_TIMING, "apres_modificateurs"),
        )
        xf.done()
    for tf in rf.records("triggers", []):
        t = ResultTrigger(
            tf.str("source"),
            _die(tf, "result"),
            text=tf.str("text", ""),
            player=tf.player("player", names, None),
            monster=tf.bool("monster"),
        )
        if tf.has("final_reroll"):
            t.final_reroll = _die(tf, "final_reroll")
        tf.done()
        roll.triggers.append(t)
    rf.done()
    return roll
