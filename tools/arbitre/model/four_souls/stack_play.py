"""Four Souls: the stack and priority (« La pile », « Priorité », « Répondre », « Résoudre la pile »).

The scenario lists what is put on the stack, in order; whoever plays keeps priority, and the
priority goes round in turn order from there, so each play after someone else's shows who passed
before it.  When everyone has passed in a row, the top of the stack resolves; after each
resolution the active player gets priority again.  A roll is an item of its own; a reroll changes
the result of the roll it targets; « No! », « Butter Bean! » cancel what they target: it leaves the
stack without resolving (« Pétillement »).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.model.core.stack import Stack, StackItem
from arbitre.model.core.state import GameState, Player
from arbitre.model.core.trace import Recorder, Ruling, Trace
from arbitre.model.four_souls.rules import (
    BUTTER_BEAN,
    CANCEL,
    GAME,
    PRIORITY,
    RESOLVE_STACK,
    RESPOND,
    ROLL,
    STACK,
)
from arbitre.model.scenario import Fields, ScenarioError, read_rulings

KINDS = ("effet", "jet", "relance", "annulation")


@dataclass
class Play:
    source: str
    player: str
    kind: str  # one of KINDS
    text: str = ""
    die: int | None = None  # jet, relance
    target: str | None = None  # relance, annulation: the source of an item on the stack


@dataclass
class StackScenario:
    name: str
    title: str
    rulings: list[Ruling]
    players: list[str]
    active_player: str
    plays: list[Play] = field(default_factory=list)


def read_stack(name: str, data: Fields) -> StackScenario:
    rulings = read_rulings(data, GAME)
    title = data.str("title")
    state = data.sub("state")
    players = state.str_list("players")
    active = state.str("active_player")
    if active not in players:
        raise ScenarioError(state.where("active_player"), f"{active!r} is not one of the players")
    state.done()
    plays: list[Play] = []
    for pf in data.sub("actions").records("plays"):
        p = Play(
            source=pf.str("source"),
            player=pf.str("player"),
            kind=pf.choice("kind", KINDS),
            text=pf.str("text", ""),
            die=pf.int("die", None, minimum=1),
            target=pf.str("target", None),
        )
        if p.player not in players:
            raise ScenarioError(pf.where("player"), f"{p.player!r} is not one of the players")
        if p.kind in ("jet", "relance") and (p.die is None or p.die > 6):
            raise ScenarioError(pf.where("die"), "a roll or reroll needs a die from 1 to 6")
        if p.kind in ("relance", "annulation"):
            if p.target not in [q.source for q in plays]:
                raise ScenarioError(pf.where("target"), "must be the source of an earlier play")
            if p.kind == "relance" and next(q for q in plays if q.source == p.target).kind != "jet":
                raise ScenarioError(pf.where("target"), "a reroll targets a roll")
        pf.done()
        plays.append(p)
    if not plays:
        raise ScenarioError(data.where("actions.plays"), "put at least one thing on the stack")
    return StackScenario(name, title, rulings, players, active, plays)


class _StackPlay:
    def __init__(self, sc: StackScenario) -> None:
        self.sc = sc
        self.game = GameState([Player(p) for p in sc.players], active=sc.active_player)
        self.stack = Stack()
        self.priority = sc.active_player
        self.rolls: dict[str, int] = {}
        self.resolved: list[str] = []
        self.cancelled: list[str] = []
        self.discarded: list[str] = []  # cards that went to the discard, in order
        self.rec = Recorder(self.snapshot)

    def snapshot(self) -> dict[str, Any]:
        return {
            "pile (de haut en bas)": [i.label_fr for i in reversed(self.stack.items)],
            "priorité": self.priority,
        }

    def pass_to(self, player: str) -> None:
        """Priority goes round in turn order from its holder until `player` gets it."""
        order = self.game.turn_order(self.priority)
        passed = order[: order.index(player)]
        if passed:
            self.priority = player
            self.rec.step(
                [PRIORITY],
                f"{', '.join(passed)} {'passe' if len(passed) == 1 else 'passent'} la priorité ; "
                f"{player} a la priorité.",
            )

    def play(self, p: Play) -> None:
        self.pass_to(p.player)
        item = StackItem(p.source, p.player, p)
        rules = [STACK, PRIORITY] + ([RESPOND] if not self.stack.empty() else [])
        if p.kind == "jet":
            self.rolls[p.source] = p.die  # type: ignore[assignment]
            rules.append(ROLL)
            what = f"le résultat {p.die} est mis sur la pile"
        elif p.kind == "relance":
            what = f"en réponse, {p.source} vise {p.target}"
        elif p.kind == "annulation":
            what = f"en réponse, {p.source} vise {p.target} pour l'annuler"
        else:
            what = f"{p.source} est mis sur la pile" + (f" ({p.text})" if p.text else "")
        self.stack.push(item)
        verb = (
            f"{p.player} lance le dé ({p.source})"
            if p.kind == "jet"
            else f"{p.player} joue {p.source}"
        )
        self.rec.step(
            rules,
            f"{verb} : {what} ; il garde la priorité. Pile, {self.stack.describe()}.",
        )

    def resolve_all(self) -> None:
        while not self.stack.empty():
            others = [n for n in self.game.turn_order(self.priority)]
            self.rec.step(
                [RESOLVE_STACK],
                f"Tous les joueurs passent la priorité l'un après l'autre ({', '.join(others)}) : "
                f"le dessus de la pile, {self.stack.top().label_fr}, se résout.",  # type: ignore[union-attr]
            )
            item = self.stack.pop()
            self.resolve(item.payload)
            self.priority = self.sc.active_player
            if not self.stack.empty():
                self.rec.step(
                    [RESOLVE_STACK],
                    f"Après la résolution, le joueur actif ({self.sc.active_player}) a la priorité.",
                )

    def resolve(self, p: Play) -> None:
        self.resolved.append(p.source)
        if p.kind == "annulation":
            target = next((i for i in self.stack.items if i.label_fr == p.target), None)
            if target is None:
                self.rec.step(
                    [CANCEL], f"{p.source} se résout : {p.target} n'est plus sur la pile."
                )
                return
            self.stack.items.remove(target)
            self.cancelled.append(target.label_fr)
            self.discarded += [target.label_fr, p.source]  # the cancelled card first
            self.rec.step(
                [CANCEL, RESOLVE_STACK]
                + ([BUTTER_BEAN] if p.source.startswith("Butter Bean") else []),
                f"{p.source} se résout : {target.label_fr} est annulé, retiré de la pile sans être "
                f"résolu et défaussé en premier ; puis {p.source} va dans la défausse.",
            )
            return
        if p.kind == "relance":
            old = self.rolls[p.target]  # type: ignore[index]
            self.rolls[p.target] = p.die  # type: ignore[index,assignment]
            self.rec.step(
                [ROLL],
                f"{p.source} se résout : le jet est relancé, le résultat sur la pile passe de "
                f"{old} à {p.die}.",
            )
            return
        if p.kind == "jet":
            self.rec.step([ROLL], f"Le jet se résout avec le résultat {self.rolls[p.source]}.")
            return
        done = f" : {p.text}" if p.text else ""
        self.rec.step([RESOLVE_STACK], f"{p.source} se résout{done}.")

    def run(self) -> Trace:
        for p in self.sc.plays:
            self.play(p)
        self.resolve_all()
        result = {
            "resolved": list(self.resolved),
            "cancelled": list(self.cancelled),
            "roll_results": dict(self.rolls),
            "discarded": list(self.discarded),
        }
        return self.rec.trace("pile", GAME, self.sc, result)


def resolve_stack(scenario: StackScenario) -> Trace:
    """Put the scenario's plays on the stack, then resolve it from the top."""
    return _StackPlay(scenario).run()
