"""Four Souls: a player's death and the end of the turn (procedure « mort »).

« Mort d'un joueur »: the death goes on the stack (it may be cancelled in response: « Quand votre
mort est évitée, votre santé est ramenée à ce qu'elle était »); when it resolves, curses go, the
Death Penalty goes on the stack and the « lorsqu'un joueur meurt » triggers go above it (« Timing »);
then the penalty is paid: 1 loot, 1 ¢, 1 non-eternal item, everything deactivated, and the turn ends
if the player is the active player.  A player dies only once per turn.  Negotiation (« Pourparlers »)
moves ¢ without the stack.  When the turn ends, the end phase runs: end-of-turn triggers go on the
stack above what is still there (« Terminer le tour n'annule rien sur la pile »), everything
resolves, every player is healed, hands above 10 loot are cut to 10, and the turn passes on.

A card's ability is data of the scenario (what it draws, what it cancels, when it triggers).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.model.core.french import of
from arbitre.model.core.scenario import Fields, ScenarioError, read_opening, unique_names
from arbitre.model.core.stack import Stack, StackItem
from arbitre.model.core.state import GameState, Player
from arbitre.model.core.trace import Recorder, Ruling, Trace
from arbitre.model.core.triggers import Pending, TriggerQueue, monsters_then_turn_order
from arbitre.model.four_souls.penalty import death_penalty, record_penalty
from arbitre.model.four_souls.rules import (
    CANCEL,
    END_PHASE,
    GAME,
    PENALTY,
    PLAYER_DEATH,
    PRIORITY,
    RESOLVE_STACK,
    RESPOND,
    TIMING,
)

ONCE_PER_TURN = f"{GAME}/comment-jouer/mort-d-un-joueur/2"
NEGOTIATION = f"{GAME}/autres-regles/pourparlers/1"
PREVENTION = f"{GAME}/glossaire/prevention-contre-les-degats"
PROMISES = f"{GAME}/autres-regles/pourparlers/2"
HAND_LIMIT = 10
EVENTS = ("tue", "degats", "pourparlers")
TRIGGER_ON = ("mort", "fin_de_tour")
ON = ("mort", "penalite")  # what a response is played on (the top of the stack)


@dataclass
class Holder:
    name: str
    health: int
    max_health: int
    cents: int = 0
    loot: list[str] = field(default_factory=list)
    items: list[tuple[str, bool]] = field(default_factory=list)  # (name, eternal)
    curses: list[str] = field(default_factory=list)
    souls: int = 0
    soul_items: set[str] = field(default_factory=set)  # « si elle est détruite… une carte d'âme »
    takes_more: list[tuple[str, int, str | None]] = field(default_factory=list)  # +damage taken


@dataclass
class Trigger:
    source: str
    player: str
    on: str  # « mort »: when its controller dies; « fin_de_tour »
    draw: int = 0  # loot cards it draws
    text: str = ""


@dataclass
class Response:
    source: str
    player: str
    on: str  # what is on top of the stack when it is played (ON)
    cancels: str  # what it cancels: « mort », « penalite »
    ends_turn: bool = False  # the card's text: « vous passez quand même à la phase finale »


@dataclass
class Event:
    kind: str
    source: str = ""
    player: str = ""  # who plays the effect (tue), who pays (pourparlers)
    target: str = ""  # who dies or takes damage, who is paid
    amount: int = 0  # damage, or ¢
    prevented: tuple[str, str, int] | None = None  # (source, player, amount) of a prevention
    responses: list[Response] = field(default_factory=list)
    text: str = ""


@dataclass
class DeathScenario:
    name: str
    title: str
    rulings: list[Ruling]
    active_player: str
    players: list[Holder]
    loot_deck: list[str]
    stack: list[tuple[str, str]]  # (source, text) already on the stack, bottom first
    triggers: list[Trigger]
    events: list[Event]
    end_turn: bool = False
    lasting: list[str] = field(default_factory=list)  # effects « jusqu'à la fin du tour »


def _player(f: Fields) -> Holder:
    health = f.int("health", minimum=0)
    items, soul_items = [], set()
    for itf in f.records("items", []):
        items.append((itf.str("name"), itf.bool("eternal")))
        if itf.bool("soul_if_destroyed"):
            soul_items.add(items[-1][0])
        itf.done()
    takes_more = []
    for mf in f.records("damage_taken", []):
        ruling = mf.str("ruling", None)
        if ruling is not None and not ruling.startswith(f"{GAME}/"):
            raise ScenarioError(mf.where("ruling"), f"must be an id of {GAME}")
        takes_more.append((mf.str("source"), mf.int("adds", minimum=1), ruling))
        mf.done()
    h = Holder(
        f.str("name"),
        health,
        f.int("max_health", health, minimum=1),
        f.int("cents", 0, minimum=0),
        f.str_list("loot", []),
        items,
        f.str_list("curses", []),
        f.int("souls", 0, minimum=0),
        soul_items,
        takes_more,
    )
    f.done()
    return h


def read_death(name: str, data: Fields) -> DeathScenario:
    rulings, title, state = read_opening(data, GAME)
    players = [_player(f) for f in state.records("players")]
    unique_names([p.name for p in players], state.where("players"))
    names = {p.name for p in players}

    active = state.player("active_player", names)
    loot_deck = state.str_list("loot_deck", [])
    stack = []
    for sf in state.records("stack", []):
        stack.append((sf.str("source"), sf.str("text", "")))
        sf.done()
    triggers = []
    for tf in state.records("triggers", []):
        triggers.append(
            Trigger(
                tf.str("source"),
                tf.player("player", names),
                tf.choice("when", TRIGGER_ON),
                tf.int("draw", 0, minimum=0),
                tf.str("text", ""),
            )
        )
        tf.done()
    lasting = state.str_list("until_end_of_turn", [])
    state.done()
    actions = data.sub("actions")
    events = []
    for ef in actions.records("events"):
        kind = ef.choice("kind", EVENTS)
        e = Event(kind, text=ef.str("text", ""))
        if kind == "pourparlers":
            e.player, e.target = ef.player("from", names), ef.player("to", names)
            e.amount = ef.int("cents", minimum=1)
        else:
            e.source = ef.str("source")
            e.target = ef.player("target", names)
            if kind == "tue":
                e.player = ef.player("player", names)
            else:
                e.amount = ef.int("amount", minimum=1)
            if ef.has("prevented_by"):
                pf = ef.sub("prevented_by")
                e.prevented = (
                    pf.str("source"),
                    pf.player("player", names),
                    pf.int("amount", minimum=1),
                )
                pf.done()
            for rf in ef.records("responses", []):
                e.responses.append(
                    Response(
                        rf.str("source"),
                        rf.player("player", names),
                        rf.choice("played_on", ON),
                        rf.choice("cancels", ON),
                        rf.bool("ends_turn"),
                    )
                )
                rf.done()
        ef.done()
        events.append(e)
    end_turn = actions.bool("end_turn")
    actions.done()
    sc = DeathScenario(
        name, title, rulings, active, players, loot_deck, stack, triggers, events, end_turn
    )
    sc.lasting = lasting
    return sc


class _Death:
    def __init__(self, sc: DeathScenario) -> None:
        self.sc = sc
        self.game = GameState([Player(p.name) for p in sc.players], active=sc.active_player)
        self.p = {h.name: h for h in sc.players}
        self.owned = {h.name: {i for i, _ in h.items} for h in sc.players}
        self.loot_deck = list(sc.loot_deck)
        self.stack = Stack()
        for source, text in sc.stack:
            self.stack.push(StackItem(source, None, text))
        self.died: list[str] = []
        self.cancelled: list[str] = []
        self.resolved: list[str] = []
        self.penalties: dict[str, dict[str, Any]] = {}
        self.deactivated: list[str] = []
        self.turn_ended = False
        self.passed_to: str | None = None
        self.cut: dict[str, int] = {}
        self.damage_events: dict[str, int] = {}
        self.lasting = list(sc.lasting)
        self.rec = Recorder(self.snapshot)

    def snapshot(self) -> dict[str, Any]:
        state: dict[str, Any] = {
            "joueurs": {
                h.name: {
                    "santé": h.health,
                    "¢": h.cents,
                    "butin en main": len(h.loot),
                    "objets": [i for i, _ in h.items],
                }
                for h in self.sc.players
            }
        }
        if not self.stack.empty():
            state["pile (de haut en bas)"] = [i.label_fr for i in reversed(self.stack.items)]
        return state

    # -- events --
    def negotiate(self, e: Event) -> None:
        payer, payee = self.p[e.player], self.p[e.target]
        if payer.cents < e.amount:
            raise ScenarioError("actions.events", f"{payer.name} has only {payer.cents} ¢")
        payer.cents -= e.amount
        payee.cents += e.amount
        what = f" ({e.text})" if e.text else ""
        self.rec.step(
            [NEGOTIATION, PROMISES],
            f"Pourparlers{what} : {payer.name} donne {e.amount} ¢ à {payee.name}. La négociation "
            "n'utilise pas la pile ; une fois payé, la promesse peut ne pas être tenue.",
        )

    def damage(self, e: Event) -> None:
        h = self.p[e.target]
        self.stack.push(StackItem(f"{e.amount} dégât(s) {of(e.source)}", None))
        self.rec.step(
            [RESOLVE_STACK],
            f"{e.source} doit infliger {e.amount} dégât(s) à {h.name} : les dégâts sont sur la "
            f"pile ({self.stack.describe()}).",
        )
        amount = e.amount
        for source, adds, ruling in h.takes_more:
            amount += adds
            self.rec.step(
                [ruling] if ruling else [RESOLVE_STACK],
                f"{source} ajoute {adds} au total des dégâts que subit {h.name} : c'est un seul "
                f"montant de {amount} dégât(s), pas des dégâts supplémentaires.",
            )
        self.damage_events[h.name] = self.damage_events.get(h.name, 0) + 1
        if e.prevented is not None:
            source, player, prevents = e.prevented
            amount = max(amount - prevents, 0)
            self.rec.step(
                [PRIORITY, RESPOND, PREVENTION],
                f"En réponse, {player} joue {source} : il se résout d'abord et prévient "
                f"{prevents} dégât(s) ; il en reste {amount}.",
            )
        self.stack.pop()
        before = h.health
        h.health = max(h.health - amount, 0)
        self.rec.step(
            [RESOLVE_STACK],
            f"Les dégâts se résolvent : {h.name} subit {amount} dégât(s) ({h.health} PV restants).",
        )
        if h.health == 0 and amount:
            self.dies(h.name, before, e)

    def dies(self, name: str, before: int, e: Event) -> None:
        h = self.p[name]
        if name in self.died:
            self.rec.step(
                [ONCE_PER_TURN],
                f"{name} est déjà mort ce tour-ci : on ne peut mourir qu'une seule fois par tour ; "
                "aucune mort n'est mise sur la pile, il n'y a pas de nouvelle pénalité.",
            )
            return
        death = self.stack.push(StackItem(f"mort {of(name)}", name))
        self.rec.step(
            [PLAYER_DEATH],
            f"{name} meurt ({e.source}) : sa mort est mise sur la pile ({self.stack.describe()}) ; "
            "le joueur actif est prioritaire.",
        )
        for r in [r for r in e.responses if r.on == "mort"]:
            self.play_response(r)
            if r.cancels == "mort":
                self.stack.items.remove(death)
                self.cancelled.append(death.label_fr)
                h.health = before
                self.rec.step(
                    [CANCEL, ONCE_PER_TURN],
                    f"{r.source} se résout : la mort {of(name)} est annulée, retirée de la pile sans "
                    f"être résolue ; sa mort est évitée : sa santé revient à ce qu'elle était "
                    f"avant ({before} PV). {r.source} va dans la défausse.",
                )
                if r.ends_turn and name == self.sc.active_player:
                    self.turn_ended = True
                    self.rec.step(
                        [END_PHASE],
                        f"Selon le texte {of(r.source)}, {name} passe quand même à la phase de fin.",
                    )
                return
        self.stack.pop()
        self.died.append(name)
        text = (
            f"{name} se débarrasse de ses malédictions ({', '.join(h.curses)}), puis"
            if h.curses
            else f"{name} n'a pas de malédiction ;"
        )
        h.curses = []
        penalty = self.stack.push(StackItem(f"Pénalité de Mort {of(name)}", name))
        queue = TriggerQueue(monsters_then_turn_order(TIMING))
        for t in self.sc.triggers:
            if t.on == "mort" and t.player == name and self.holds(t):
                queue.add(Pending(t.source, t.player, t))
        ordering = queue.drain(self.game)
        for p in reversed(ordering.pending):  # the first listed resolves first: it goes last
            self.stack.push(StackItem(p.source, p.controller, p.payload))
        above = (
            f", puis les effets « lorsqu'un joueur meurt » au-dessus, dans l'ordre choisi par "
            f"{name}"
            if ordering.pending
            else ""
        )
        self.rec.step(
            [PLAYER_DEATH] + ordering.rule_ids,
            f"La mort {of(name)} se résout : {text} la Pénalité de Mort est mise sur la pile{above} "
            f"({self.stack.describe()}). Le joueur actif est prioritaire.",
        )
        while self.stack.top() is not penalty:
            self.resolve_top()
        for r in [r for r in e.responses if r.on == "penalite"]:
            self.play_response(r)
            if r.cancels == "penalite":
                self.stack.items.remove(penalty)
                self.cancelled.append(penalty.label_fr)
                self.rec.step([CANCEL], f"{r.source} annule la Pénalité de Mort {of(name)}.")
                return
            self.rec.step(
                [CANCEL, PENALTY],
                f"{r.source} annule une mort ; la Pénalité de Mort n'est pas une mort : elle ne "
                f"l'annule pas. {r.source} se résout sans effet et va dans la défausse.",
            )
        self.stack.pop()
        self.pay(name)

    def holds(self, t: Trigger) -> bool:
        """A trigger of an item fires only while its controller still has the item."""
        items = {i for i, _ in self.p[t.player].items}
        return t.source not in self.owned[t.player] or t.source in items

    def play_response(self, r: Response) -> None:
        hand = self.p[r.player].loot
        if r.source not in hand:
            raise ScenarioError("actions.events", f"{r.player} does not hold {r.source!r} then")
        hand.remove(r.source)
        self.rec.step(
            [PRIORITY, RESPOND],
            f"En réponse, {r.player} joue {r.source} ; il va au-dessus de la pile et se résout "
            "d'abord.",
        )

    def resolve_top(self) -> None:
        item = self.stack.pop()
        self.resolved.append(item.label_fr)
        payload = item.payload
        if isinstance(payload, Trigger):
            h = self.p[payload.player]
            drawn = [self.draw() for _ in range(payload.draw)]
            h.loot += drawn
            what = f" : {h.name} pioche {len(drawn)} butin(s) ({', '.join(drawn)})" if drawn else ""
            if payload.text:
                what += f" : {payload.text}"
            self.rec.step([RESOLVE_STACK], f"{item.label_fr} se résout{what}.")
            return
        what = f" : {payload}" if payload else ""
        self.rec.step([RESOLVE_STACK], f"{item.label_fr} se résout{what}.")

    def draw(self) -> str:
        if not self.loot_deck:
            raise ScenarioError("state.loot_deck", "the loot deck runs out: list more cards")
        return self.loot_deck.pop(0)

    def pay(self, name: str) -> None:
        h = self.p[name]
        mortal = [i for i in h.items if not i[1]]
        penalty = death_penalty(h.loot, h.cents, [i[0] for i in mortal])
        if penalty.loot is not None:
            h.loot.remove(penalty.loot)
        h.cents -= penalty.cents
        soul: list[str] = []
        if penalty.destroyed is not None:
            h.items.remove(mortal[0])
            if penalty.destroyed in h.soul_items:
                h.souls += 1
                soul.append(
                    f"{penalty.destroyed}, détruite, se transforme en carte d'âme pour lui au lieu "
                    f"d'aller dans la défausse ({h.souls} âme(s))"
                )
        self.deactivated.append(name)
        active = name == self.sc.active_player
        self.turn_ended = self.turn_ended or active
        self.penalties[name] = record_penalty(self.rec, name, penalty, active, soul)

    # -- the end phase --
    def end_phase(self) -> None:
        active = self.sc.active_player
        queue = TriggerQueue(monsters_then_turn_order(TIMING))
        for t in self.sc.triggers:
            if t.on != "fin_de_tour":
                continue
            if self.holds(t):
                queue.add(Pending(t.source, t.player, t))
            else:
                self.rec.step(
                    [END_PHASE],
                    f"{t.source} ne se déclenche pas : {t.player} ne l'a plus.",
                )
        ordering = queue.drain(self.game)
        for p in reversed(ordering.pending):
            self.stack.push(StackItem(p.source, p.controller, p.payload))
        why = f" ; {ordering.text_fr}" if ordering.text_fr else ""
        self.rec.step(
            [END_PHASE] + ordering.rule_ids,
            f"Le tour {of(active)} passe à la phase de fin ; terminer le tour n'annule rien sur "
            f"la pile. Les effets de fin de tour se déclenchent et vont sur la pile au-dessus de "
            f"ce qui s'y trouve encore{why} ({self.stack.describe()}).",
        )
        while not self.stack.empty():
            self.resolve_top()
        for h in self.sc.players:
            h.health = h.max_health
        gone = (
            f" ({', '.join(self.lasting)} : ils cessent d'exister, même sans carte en jeu)"
            if self.lasting
            else ""
        )
        self.lasting = []
        self.rec.step(
            [END_PHASE, ONCE_PER_TURN],
            "La pile est vide : tous les joueurs et les monstres sont soignés au maximum de leur "
            f"santé ; les effets « jusqu'à la fin du tour » disparaissent{gone}.",
        )
        for h in self.sc.players:
            if len(h.loot) > HAND_LIMIT:
                n = len(h.loot) - HAND_LIMIT
                self.cut[h.name] = n
                del h.loot[HAND_LIMIT:]
                self.rec.step(
                    [END_PHASE],
                    f"{h.name} a plus de {HAND_LIMIT} cartes butin : il en défausse {n} "
                    f"(il en garde {HAND_LIMIT}).",
                    ["cartes défaussées : les dernières de sa main (il choisit)"],
                )
        self.passed_to = self.game.next_player()
        self.rec.step(
            [END_PHASE],
            f"Le tour passe au joueur de gauche : c'est le tour {of(self.passed_to)}.",
        )

    def run(self) -> Trace:
        for e in self.sc.events:
            if e.kind == "pourparlers":
                self.negotiate(e)
            elif e.kind == "degats":
                self.damage(e)
            else:
                before = self.p[e.target].health
                self.p[e.target].health = 0
                self.rec.step(
                    [RESOLVE_STACK],
                    f"{e.player} joue {e.source} en visant {e.target} : il se résout, "
                    f"{e.target} est tué par un effet.",
                )
                self.dies(e.target, before, e)
        if self.turn_ended or self.sc.end_turn:
            self.end_phase()
        elif not self.stack.empty():
            while not self.stack.empty():
                self.resolve_top()
        return self.rec.trace("mort", GAME, self.sc, self.result())

    def result(self) -> dict[str, Any]:
        return {
            "deaths": list(self.died),
            "cancelled": list(self.cancelled),
            "resolved": list(self.resolved),
            "penalties": dict(self.penalties),
            "health": {h.name: h.health for h in self.sc.players},
            "cents": {h.name: h.cents for h in self.sc.players},
            "loot": {h.name: len(h.loot) for h in self.sc.players},
            "items": {h.name: [i for i, _ in h.items] for h in self.sc.players},
            "deactivated": list(self.deactivated),
            "turn_ended": self.turn_ended,
            "turn_passed_to": self.passed_to,
            "hand_limit_discards": dict(self.cut),
            "souls": {h.name: h.souls for h in self.sc.players if h.souls},
            "damage_events": dict(self.damage_events),
            "until_end_of_turn": list(self.lasting),
        }


def resolve_death(scenario: DeathScenario) -> Trace:
    """Run the scenario's deaths, damage and negotiations, then the end phase if the turn ends."""
    return _Death(scenario).run()
