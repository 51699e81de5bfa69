"""The Spoils: triggers that fire on one event, their order and their separate resolution.

503.4: when several triggers fire at once, their controller orders them if they all come from
one player's cards, otherwise the active player does; 503.4a: the order is chosen one trigger at a
time.  Each trigger resolves on its own: a trigger that draws is its own draw event, and a
« chaque pioche » modifier applies to each event (306.3: a « piochez 2 cartes » is one event).
A trigger printed « pour chaque N icônes » is that many separate triggers (FAQ 5).

The card texts are data of the scenario: a trigger is a source, a controller, what it draws or a
French text; a modifier adds to each draw event of its controller.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.model.core.french import of
from arbitre.model.core.scenario import Fields, ScenarioError, read_opening
from arbitre.model.core.state import GameState, Player
from arbitre.model.core.trace import Recorder, Ruling, Trace
from arbitre.model.core.triggers import Ordering, Pending, TriggerQueue

GAME = "the-spoils"


def rid(number: str) -> str:
    return f"{GAME}/{number}"


@dataclass
class Effect:
    draw: int = 0  # cards drawn as one event (306.3)
    text: str = ""  # what else the trigger does, in French
    per: bool = False  # one of the separate triggers of a « pour chaque » (FAQ 5)


@dataclass
class DrawModifier:
    source: str
    controller: str
    bonus: int  # added to each draw event of the controller


@dataclass
class TriggerScenario:
    name: str
    title: str
    rulings: list[Ruling]
    players: list[str]
    active: str
    event: str
    resources: dict[str, dict[str, int]]
    triggers: list[Pending]
    modifiers: list[DrawModifier] = field(default_factory=list)
    order: list[str] = field(default_factory=list)  # the chooser's order; empty: as listed


def read_triggers(name: str, data: Fields) -> TriggerScenario:
    rulings, title, state = read_opening(data, GAME)
    players = state.str_list("players")
    active = state.player("active_player", players)
    resources: dict[str, dict[str, int]] = {}
    if state.has("resources"):
        rf = state.sub("resources")
        for player in sorted(rf.data):
            Fields({"p": player}, rf.where(player)).player("p", players)
            icons = rf.sub(player)
            resources[player] = {i: icons.int(i, minimum=0) for i in sorted(icons.data)}
            icons.done()
        rf.done()
    modifiers = []
    for mf in state.records("modifiers", []):
        modifiers.append(
            DrawModifier(mf.str("source"), mf.player("controller", players), mf.int("draw_bonus"))
        )
        mf.done()
    state.done()
    actions = data.sub("actions")
    event = actions.str("event")
    triggers: list[Pending] = []
    for tf in actions.records("triggers"):
        source, controller = tf.str("source"), tf.player("controller", players)
        effect = Effect(tf.int("draw", 0, minimum=0), tf.str("text", ""))
        if not effect.draw and not effect.text:
            raise ScenarioError(tf.path, "a trigger draws cards (draw) or says what it does (text)")
        times = 1
        if tf.has("per"):
            per = tf.sub("per")
            icon, every = per.str("icon"), per.int("every", minimum=1)
            per.done()
            times = resources.get(controller, {}).get(icon, 0) // every
            effect = Effect(effect.draw, effect.text, per=True)
        tf.done()
        for i in range(times):
            label = f"{source} ({i + 1})" if times > 1 else source
            triggers.append(Pending(label, controller, effect))
    labels = [p.source for p in triggers]
    if len(set(labels)) != len(labels):
        raise ScenarioError(actions.where("triggers"), "two triggers have the same source")
    order = actions.str_list("order", [])
    if order and sorted(order) != sorted(labels):
        raise ScenarioError(actions.where("order"), f"must list each trigger once: {labels}")
    actions.done()
    return TriggerScenario(
        name, title, rulings, players, active, event, resources, triggers, modifiers, order
    )


def spoils_order(chosen: list[str]):
    """503.4: one controller orders their own triggers; triggers of both players, the active one."""

    def order(state: GameState, pending: list[Pending]) -> Ordering:
        if len(pending) < 2:
            return Ordering(list(pending), None)
        owners = {p.controller for p in pending}
        if len(owners) == 1:
            chooser = next(iter(owners))
            why = f"tous viennent de cartes {of(chooser)}, il choisit l'ordre"
        else:
            chooser = state.active
            why = f"ils viennent de cartes des deux joueurs : le joueur actif ({chooser}) choisit"
        by_label = {p.source: p for p in pending}
        ordered = [by_label[s] for s in chosen] if chosen else list(pending)
        return Ordering(ordered, chooser, [rid("503.4")], why)

    return order


def run_triggers(sc: TriggerScenario) -> Trace:
    game = GameState([Player(p) for p in sc.players], active=sc.active)
    drawn = {p: 0 for p in sc.players}
    events: list[str] = []
    rec = Recorder(lambda: {"cartes piochées": dict(drawn), "pioches": len(events)})
    queue = TriggerQueue(spoils_order(sc.order))
    for p in sc.triggers:
        queue.add(p)
    rec.step(
        [rid("503.4")],
        f"Événement : {sc.event}. {len(sc.triggers)} déclencheur(s) s'activent en même temps : "
        + ", ".join(p.source for p in sc.triggers)
        + ".",
    )
    if any(p.payload.per for p in sc.triggers):
        rec.step(
            [rid("faq/5")],
            "Chaque déclencheur « pour chaque » est un déclencheur séparé : chacun sera résolu à part.",
        )
    ordering = queue.drain(game)
    defaults = []
    if ordering.chooser is not None:
        how = "dans l'ordre donné par le scénario" if sc.order else "dans l'ordre de la liste"
        if not sc.order:
            defaults = ["ordre des déclencheurs"]
        rec.step(
            ordering.rule_ids + [rid("503.4a")],
            f"Ordre : {ordering.text_fr} ; il les laisse s'activer un par un, {how}"
            + (" (ordre par défaut du modèle, le scénario ne le donne pas)" if defaults else "")
            + ".",
            defaults,
        )
    for p in ordering.pending:
        effect: Effect = p.payload
        if effect.draw:
            bonus = [m for m in sc.modifiers if m.controller == p.controller]
            n = effect.draw + sum(m.bonus for m in bonus)
            drawn[p.controller] += n
            events.append(p.source)
            extra = "".join(f", {m.bonus:+d} par {m.source}" for m in bonus)
            rules = [rid("503.4"), rid("306.3")]
            rec.step(
                rules,
                f"{p.source} se résout : {p.controller} pioche {effect.draw} carte(s){extra}, soit "
                f"{n} carte(s) en un seul événement de pioche.",
            )
        if effect.text:
            rec.step([rid("503.4")], f"{p.source} se résout : {effect.text}.")
    if sc.modifiers and len(events) > 1:
        rec.note(
            "Un bonus « chaque pioche » s'applique à chaque événement de pioche : des déclencheurs "
            "séparés sont autant d'événements (306.3)."
        )
    result: dict[str, Any] = {
        "order": [p.source for p in ordering.pending],
        "chooser": ordering.chooser,
        "draw_events": len(events),
        "cards_drawn": {p: n for p, n in drawn.items() if n},
    }
    return rec.trace("declencheurs", GAME, sc, result)
