"""A whole turn (or round, or day) of any game, walked phase by phase on its `Sequence`.

The scenario lists what players do, each action in a phase; the walker records every phase in
order with the rules that define it, and each action in its phase.  An action in a phase that does
not allow it, listed after a later phase, or beyond a per-turn limit (« une fois par tour ») breaks
a rule: the scenario is refused with that rule (RuleViolation), never run.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from arbitre.model.core.french import cap, of, que, the, this
from arbitre.model.core.procedure import Procedure
from arbitre.model.core.rules import refuse
from arbitre.model.core.scenario import Fields, ScenarioError, read_rulings
from arbitre.model.core.sequence import Sequence
from arbitre.model.core.trace import Recorder, Ruling, Trace


@dataclass
class TurnAction:
    phase: str
    action: str  # a code of the game's Sequence.actions_fr
    player: str
    text: str = ""  # what the player does, in French (a card, a target)
    field: str = ""  # where it is in the scenario, for messages


@dataclass
class TurnScenario:
    name: str
    title: str
    rulings: list[Ruling]
    players: list[str]
    active_player: str
    actions: list[TurnAction] = field(default_factory=list)
    conditions: list[str] = field(default_factory=list)  # standing restrictions in force


def read_turn(sequence: Sequence, game: str, name: str, data: Fields) -> TurnScenario:
    """Validate a turn scenario and check every action against the sequence (RuleViolation)."""
    rulings = read_rulings(data, game)
    title = data.str("title")
    state = data.sub("state")
    players = state.str_list("players")
    active = state.player("active_player", players)
    conditions = state.str_list("conditions", [])
    for i, c in enumerate(conditions):
        if c not in sequence.conditions():
            known = ", ".join(sequence.conditions()) or "none in this game"
            raise ScenarioError(f"{state.where('conditions')}[{i}]", f"expected one of: {known}")
    state.done()
    actions = []
    codes = dict(sequence.actions_fr)
    turn = data.sub("actions")
    for af in turn.records("turn"):
        action = TurnAction(
            phase=af.str("phase"),
            action=af.choice("action", tuple(sorted(codes))),
            player=af.player("player", players, active),
            text=af.str("text", ""),
            field=af.path,
        )
        af.done()
        actions.append(action)
    turn.done()
    check_turn(sequence, actions, active, conditions)
    return TurnScenario(name, title, rulings, players, active, actions, conditions)


def check_turn(
    sequence: Sequence, actions: list[TurnAction], active: str, conditions: Iterable[str] = ()
) -> None:
    """Refuse the first action that the sequence forbids (phase, order, limit, restriction)."""
    ids = sequence.ids()
    reached = 0
    counts: dict[tuple[str, str], int] = {}
    for a in actions:
        name = sequence.action_fr(a.action)
        phase = sequence.check(a.action, name, a.phase, f"{a.field}.phase")
        for condition, action, rule, text in sequence.restrictions:
            if condition in conditions and action == a.action:
                refuse(rule, f"{name} est interdit tant {que(text)}", a.field)
        index = ids.index(a.phase)
        if index < reached:
            refuse(
                sequence.rule_ids[0],
                f"{name} pendant {the(phase.name_fr)} : cette phase est déjà passée (les phases "
                f"se suivent : {', '.join(p.name_fr for p in sequence.phases)})",
                f"{a.field}.phase",
            )
        reached = index
        also = dict(sequence.counts_as).get(a.action)
        for scope, limits in ((a.phase, phase.limits), ("", sequence.limits)):
            for action, most, rule in limits:
                if action not in (a.action, also):
                    continue
                key = (scope, action if a.player == active else f"{a.player}:{action}")
                counts[key] = counts.get(key, 0) + 1
                if counts[key] > most:
                    counted = (
                        f" compte comme {sequence.action_fr(action)}" if action != a.action else ""
                    )
                    refuse(
                        rule,
                        f"{name}{counted} : {most} fois par {sequence.name_fr} au plus"
                        + (f" pendant {the(phase.name_fr)}" if scope else ""),
                        a.field,
                    )


def walk_turn(sequence: Sequence, game: str, sc: TurnScenario, procedure: str = "tour") -> Trace:
    """Record the phases in order, each with the actions taken in it."""
    done: dict[str, list[str]] = {}
    rec = Recorder(lambda: {"joueur actif": sc.active_player, "actions": dict(done)})
    rec.step(
        sequence.rule_ids,
        f"{cap(the(sequence.name_fr))} {of(sc.active_player)} : "
        + ", ".join(p.name_fr for p in sequence.phases)
        + ", dans cet ordre.",
    )
    for condition, action, rule, text in sequence.restrictions:
        if condition in sc.conditions:
            rec.step(
                [rule],
                f"Tant {que(text)}, {sequence.action_fr(action)} est interdit "
                f"{this(sequence.name_fr)}.",
            )
    for phase in sequence.phases:
        intro = f" : {phase.text_fr}" if phase.text_fr else "."
        rec.step(phase.rule_ids, f"{phase.name_fr[:1].upper()}{phase.name_fr[1:]}{intro}")
        for a in (x for x in sc.actions if x.phase == phase.id):
            what = sequence.action_fr(a.action)
            detail = f" : {a.text}" if a.text else ""
            rules = list(phase.rule_ids)
            rules += [r for act, _n, r in phase.limits + sequence.limits if act == a.action]
            done.setdefault(phase.name_fr, []).append(f"{a.player} : {what}")
            rec.step(
                list(dict.fromkeys(rules)),
                f"{a.player} ({'joueur actif' if a.player == sc.active_player else 'adversaire'}) "
                f"— {what}{detail}.",
            )
    result: dict[str, Any] = {
        "phases": [p.name_fr for p in sequence.phases],
        "actions": {p: list(v) for p, v in done.items()},
    }
    return rec.trace(procedure, game, sc, result)


def turn_procedure(sequence: Sequence, procedure: str = "tour") -> Procedure[TurnScenario]:
    """The whole turn (round, day) of `sequence`'s game as a procedure: read, then walked."""
    return Procedure(
        lambda name, data: read_turn(sequence, sequence.game, name, data),
        lambda sc: walk_turn(sequence, sequence.game, sc, procedure),
    )
