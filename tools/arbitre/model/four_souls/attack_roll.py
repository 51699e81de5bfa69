"""Four Souls attack, step 3: one attack roll on the stack (« Jet de dés »).

The initial result goes on the stack, its modifiers above it; a reroll is played in response,
before or after the modifiers resolve, and replaces the result on the stack.  The result, clamped
to 1-6, is compared with the monster's evasion: the combat damage goes on the stack, and the
triggers on that result go above it (« Timing »), each resolving only if its result still holds.
"""

from __future__ import annotations

from arbitre.model.core.scenario import ScenarioError
from arbitre.model.core.stack import StackItem
from arbitre.model.core.triggers import Pending
from arbitre.model.four_souls.attack_read import ResultTrigger, Roll
from arbitre.model.four_souls.attack_state import AttackState, Damage, clamp
from arbitre.model.four_souls.rules import (
    ATTACK,
    CLAMP,
    CONDITION,
    FINAL_REROLL_FIZZLES,
    RESPOND,
    ROLL,
)


# -- step 3: one attack roll on the stack --
def roll_attack(s: AttackState) -> Damage:
    if not s.rolls:
        raise ScenarioError(
            "actions.rolls",
            f"the attack needs a roll #{len(s.results) + 1}: both combatants are alive",
        )
    roll = s.rolls.pop(0)
    n = len(s.results) + 1
    s.current = roll.die
    s.stack.push(StackItem(f"résultat initial {roll.die}", s.sc.active_player))
    for m in roll.modifiers:
        s.stack.push(
            StackItem(f"{m.source} ({m.value:+d})", None, m.value, lambda item: _modify(s, item))
        )
    text = f"Étape 3, jet d'attaque n° {n} : le dé donne {roll.die} ; ce résultat initial va sur la pile"
    if roll.modifiers:
        mods = ", ".join(f"{m.source} ({m.value:+d})" for m in roll.modifiers)
        text += f", puis les modificateurs au-dessus : {mods}"
        s.rec.note(
            "Le glossaire (« +/- aux jets ») dit que les modificateurs s'appliquent « lorsqu'un "
            "jet de dés est résolu » ; la règle « Jet de dés » les met sur la pile au-dessus du "
            "résultat initial. Le modèle suit la règle, comme l'exemple de jet de dés."
        )
    s.rec.step([ROLL], text + " ; le joueur actif a la priorité.")
    reroll = roll.reroll
    if reroll is not None and reroll.timing == "avant_modificateurs":
        _push_reroll(s, roll, above=bool(roll.modifiers))
    while len(s.stack) > 1:  # everything above the initial result
        s.stack.resolve_top()
    if reroll is not None and reroll.timing == "apres_modificateurs":
        _push_reroll(s, roll, above=False)
        s.stack.resolve_top()
    s.stack.pop()  # the roll resolves: the initial result leaves the stack
    final = _clamped(s, s.current)
    damage = _resolve_roll(s, final)
    _result_triggers(s, roll, damage)
    return damage


def _push_reroll(s: AttackState, roll: Roll, above: bool) -> None:
    r = roll.reroll
    assert r is not None
    where = (
        "en réponse, au-dessus des modificateurs encore sur la pile (ils se résoudront "
        "après elle, sur le nouveau résultat) ; la pile"
        if above
        else "une fois les modificateurs résolus ; la pile"
    )
    s.stack.push(StackItem(f"{r.source} (relance)", r.player, r.die, lambda item: _reroll(s, item)))
    s.rec.step(
        [ROLL, RESPOND] if above else [ROLL],
        f"{r.player} a la priorité et joue {r.source} {where}, {s.stack.describe()}.",
    )


def _modify(s: AttackState, item: StackItem) -> None:
    s.current += item.payload
    s.rec.step([ROLL], f"Le modificateur {item.label_fr} se résout : le résultat est {s.current}.")


def _reroll(s: AttackState, item: StackItem) -> None:
    s.rec.step(
        [ROLL],
        f"{item.label_fr} se résout : le jet est relancé ; la relance modifie le résultat "
        f"sur la pile (aucun nouveau jet n'y est mis) : le dé donne {item.payload}, qui "
        f"remplace le résultat {s.current}.",
    )
    s.current = item.payload


def _clamped(s: AttackState, value: int) -> int:
    final = clamp(value)
    if final != value:
        s.rec.step(
            [CLAMP],
            f"Un jet ne peut pas dépasser 6 ni être inférieur à 1 : {value} devient {final}.",
        )
    return final


def _resolve_roll(s: AttackState, result: int) -> Damage:
    m = s.monster
    rules = [ROLL, ATTACK]
    if s.evasion() != m.value("evasion"):
        rules.append(CLAMP)
        s.rec.step(
            [CLAMP],
            f"L'évasion d'un monstre ne peut pas dépasser 6 ni être inférieure à 1 : "
            f"{m.value('evasion')} devient {s.evasion()}.",
        )
    damage = s.damage_for(result)
    s.results.append(result)
    s.outcomes.append("touche" if damage.hit else "rate")
    s.stack.push(StackItem("dégâts de combat", None, damage))
    s.rec.step(rules, f"Le jet se résout avec le résultat {result} : {s.describe(damage)}")
    return damage


# -- result triggers: fire on the resolved result, resolve from the top of the stack --
def _result_triggers(s: AttackState, roll: Roll, damage: Damage) -> None:
    result = damage.result
    for t in roll.triggers:
        if t.on != result:
            s.rec.step(
                [ROLL],
                f"{t.source} ne se déclenche pas : le jet s'est résolu sur {result}, pas {t.on}.",
            )
            continue
        who = t.player or s.sc.active_player
        s.triggers.add(Pending(t.source, None if t.monster else who, t, t.monster))
    if not len(s.triggers):
        return
    ordering = s.triggers.drain(s.game)
    # Each player listed their own triggers in the order they resolve: the first is put last.
    groups: list[list[Pending]] = []
    for p in ordering.pending:
        if groups and (groups[-1][0].controller, groups[-1][0].monster) == (
            p.controller,
            p.monster,
        ):
            groups[-1].append(p)
        else:
            groups.append([p])
    for group in groups:
        for p in reversed(group):
            s.stack.push(StackItem(p.source, p.controller, p.payload))
    why = f" ; {ordering.text_fr}" if ordering.text_fr else ""
    s.rec.step(
        [ROLL] + ordering.rule_ids,
        f"Les effets déclenchés par le résultat {result} vont sur la pile au-dessus des "
        f"dégâts de combat{why} : {s.stack.describe()}. Le joueur actif a la priorité.",
    )
    while s.stack.top() is not None and s.stack.top().label_fr != "dégâts de combat":
        item = s.stack.pop()
        _resolve_trigger(s, item.payload, damage)


def _resolve_trigger(s: AttackState, t: ResultTrigger, damage: Damage) -> None:
    if t.on != damage.result:
        rules = [CONDITION] + ([FINAL_REROLL_FIZZLES] if t.final_reroll else [])
        s.rec.step(
            rules,
            f"{t.source} devait se résoudre sur un {t.on}, mais le résultat est maintenant "
            f"{damage.result} : sa condition n'est plus remplie, il s'efface sans effet.",
        )
        return
    s.fired.append(t.source)
    if t.final_reroll is None:
        what = f" : {t.text}" if t.text else ""
        s.rec.step([ROLL], f"{t.source} se résout{what}.")
        return
    new = clamp(t.final_reroll)
    s.rec.step(
        [ROLL],
        f"{t.source} se résout : relance définitive, le dé donne {new} (aucun modificateur "
        "ne peut être joué, et cette relance ne provoque aucun effet déclenché).",
    )
    updated = s.damage_for(new)
    damage.result, damage.hit, damage.amount, damage.to = (
        updated.result,
        updated.hit,
        updated.amount,
        updated.to,
    )
    s.results[-1] = new
    s.outcomes[-1] = "touche" if damage.hit else "rate"
    s.rec.step(
        [ROLL],
        "Les dégâts de combat sur la pile doivent être modifiés pour refléter le nouveau résultat : "
        + s.describe(damage),
    )
