"""The Spoils combat, steps A and E (609.1a, 609.1e): the tactics and abilities the scenario plays
in a window change the position on the core state — a character leaves the combat or the game,
changes control, gets new values, takes damage that is not battle damage, or joins a party.
"""

from __future__ import annotations

from arbitre.model.core.french import of
from arbitre.model.core.state import Card
from arbitre.model.the_spoils.combat_read import DAMAGE, STAT, Tactic
from arbitre.model.the_spoils.combat_state import (
    ASSIGNED,
    ATTACKER,
    DISCARD,
    HAND,
    CombatState,
)
from arbitre.model.the_spoils.rules import CE_A, CE_E, CE_REPEAT, rid

SIDE_FR = {"attackers": "attaquant", "blockers": "bloqueur"}
STAT_FR = {"strength": "Force", "speed": "Vitesse", "life": "Vie"}


def window(cs: CombatState, letter: str, round_: int) -> None:
    """Play the scenario's tactics of this window (« A » or « E ») of this pass."""
    rule = rid("609.1a") if letter == "A" else rid("609.1e")
    for t in cs.sc.tactics:
        if t.round == round_ and t.window == letter:
            _play(cs, t, letter, rule)


def _play(cs: CombatState, t: Tactic, letter: str, rule: str) -> None:
    """One tactic: a character joins or a location changes control; else the tactic acts on a
    character in the combat, and the standing destruction is checked after it."""
    if t.effect == "add":
        _join(cs, t, letter, rule)
        return
    if t.effect == "location_changes_control":
        _location_changes_control(cs, t, letter, rule)
        return
    card = cs.fighter(t.character or "")
    if card is None or not cs.in_play(card):
        cs.rec.step(
            [rule],
            f"Étape {letter} : la tactique{_played(t)} n'a pas d'effet, {t.character} "
            "n'est pas au combat.",
        )
        return
    if t.effect in ("remove", "change_control"):
        _leave_battle(cs, t, card, letter, rule)
    elif t.effect == "damage":
        _damage(cs, t, card, letter, rule)
    elif t.effect in ("destroy", "return_to_hand"):
        _leave_play(cs, t, card, letter, rule)
    else:
        _set_value(cs, t, card, letter, rule)
    cs.state_check()


def _played(t: Tactic) -> str:
    """« (the tactic's text) », to follow what it does."""
    return f" ({t.text})" if t.text else ""


def _join(cs: CombatState, t: Tactic, letter: str, rule: str) -> None:
    """A new character joins a party; it has not assigned damage yet."""
    assert t.new is not None and t.side is not None
    card = cs.join(t.new, t.side)
    cs.rec.step(
        [rule, CE_REPEAT],
        f"Étape {letter} : {t.text or 'une tactique'} ajoute {card.name} (Vitesse "
        f"{card.value('vitesse')}) au groupe des {SIDE_FR[t.side]}s ; il n'a pas encore "
        "assigné de dommages, il agira donc à son niveau de vitesse même si ce niveau est "
        "déjà passé.",
    )


def _location_changes_control(cs: CombatState, t: Tactic, letter: str, rule: str) -> None:
    """The attacked location changes control: it is no longer the attack's target (407.5)."""
    assert cs.location is not None
    cs.location.controller = ATTACKER
    cs.rec.step(
        [rule, rid("407.5")],
        f"Étape {letter} : {t.text or 'une tactique'} fait changer {cs.location.name} "
        "de contrôleur : ce lieu n'est plus la cible de l'attaque.",
    )


def _leave_battle(cs: CombatState, t: Tactic, card: Card, letter: str, rule: str) -> None:
    """The character is removed from the combat, or changes control (and is removed): still in
    play, its assigned damage is not dealt."""
    name, played = card.name, _played(t)
    if t.effect == "remove":
        cs.leave_battle(card)
        cs.rec.step(
            [rule, rid("302.15")],
            f"Étape {letter} : {name} est retiré du combat{played} ; les dommages qui lui "
            "étaient assignés sont annulés.",
        )
        return
    other = cs.sc.faction if card.controller == ATTACKER else ATTACKER
    cs.leave_battle(card, controller=other)
    cs.rec.step(
        [rule, rid("407.4"), rid("407.4a")],
        f"Étape {letter} : {name} change de contrôleur{played} et est retiré du "
        "combat ; les dommages de combat qui lui étaient assignés ne seront pas infligés.",
    )


def _damage(cs: CombatState, t: Tactic, card: Card, letter: str, rule: str) -> None:
    """Damage dealt by a tactic: not battle damage (408.6)."""
    card.add(DAMAGE, t.value or 0)
    cs.other_damage[card.name] = cs.other_damage.get(card.name, 0) + (t.value or 0)
    cs.rec.step(
        [rule, rid("408.6")],
        f"Étape {letter} : {card.name} reçoit {t.value} dommage(s){_played(t)} ; infligés par "
        "une tactique et non par une étape de la résolution, ce ne sont PAS des "
        "dommages de combat.",
    )


def _leave_play(cs: CombatState, t: Tactic, card: Card, letter: str, rule: str) -> None:
    """The character is destroyed or returned to hand: damage it assigned before step E is
    still dealt; one that has not assigned adds no strength and deals no damage."""
    name, assigned = card.name, ASSIGNED in card.statuses
    cs.leave_play(card, DISCARD if t.effect == "destroy" else HAND)
    rules = [rule]
    if assigned and letter == "E":
        rules.append(CE_E)
    elif not assigned:
        rules.append(CE_A)
    if t.effect == "return_to_hand":
        card.add(DAMAGE, -card.count(DAMAGE))
        rules.append(rid("408.9"))
    after = (
        " Il avait déjà assigné ses dommages : ils seront TOUT DE MÊME infligés à l'étape F."
        if assigned and letter == "E"
        else " Il n'ajoute pas sa force au combat et n'inflige pas de dommages."
        if not assigned
        else ""
    )
    cs.rec.step(rules, f"Étape {letter} : {name} est {cs.fate(card)}{_played(t)}.{after}")


def _set_value(cs: CombatState, t: Tactic, card: Card, letter: str, rule: str) -> None:
    """The character's Strength, Speed or Life gets a new value; damage it already assigned
    does not change."""
    key = STAT[t.effect]
    old = card.value(key)
    assigned = ASSIGNED in card.statuses
    card.current[key] = t.value
    after, rules = "", [rule]
    if t.effect == "strength" and assigned:
        after = " Les dommages déjà assignés ne changent pas."
        rules.append(CE_E)
    cs.rec.step(
        rules,
        f"Étape {letter} : la {STAT_FR[t.effect]} {of(card.name)} passe de {old} à "
        f"{t.value}{_played(t)}.{after}",
    )
