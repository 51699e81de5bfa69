"""Four Souls: the Death Penalty (« Pénalité de Mort »), paid the same way whatever killed.

The dead player discards a loot card, loses 1 ¢, destroys a non-eternal item, deactivates their
items and character card, and, if they are the active player, ends their turn.  Where the player
chooses (several loot cards, several non-eternal items) the model takes the first one and the trace
marks it as a default, not a player's choice.  The attack and the death procedures both pay it here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.model.core.trace import Recorder
from arbitre.model.four_souls.rules import END_PHASE, PENALTY, PLAYER_DEATH


@dataclass
class Penalty:
    """What the penalty takes: the caller removes it from its own holdings."""

    loot: str | None = None
    cents: int = 0
    destroyed: str | None = None
    defaults: list[str] = field(default_factory=list)


def death_penalty(loot: list[str], cents: int, mortal_items: list[str]) -> Penalty:
    """The first loot card, 1 ¢ if any, the first non-eternal item (`mortal_items`, in order)."""
    penalty = Penalty()
    if loot:
        if len(loot) > 1:
            penalty.defaults.append("carte butin défaussée : la première de sa main (il choisit)")
        penalty.loot = loot[0]
    penalty.cents = 1 if cents else 0
    if mortal_items:
        if len(mortal_items) > 1:
            penalty.defaults.append("objet détruit : le premier objet non éternel (il choisit)")
        penalty.destroyed = mortal_items[0]
    return penalty


def record_penalty(
    rec: Recorder,
    name: str,
    penalty: Penalty,
    active: bool,
    after_destroyed: list[str] | None = None,
) -> dict[str, Any]:
    """The step of the trace (with `after_destroyed`: what the destruction did besides); returns
    what was paid, as the result shows it."""
    paid: dict[str, Any] = {}
    done: list[str] = []
    if penalty.loot is not None:
        paid["loot"] = penalty.loot
        done.append(f"défausse {penalty.loot}")
    else:
        done.append("n'a pas de carte butin à défausser")
    if penalty.cents:
        paid["cents"] = penalty.cents
        done.append("perd 1 ¢")
    else:
        done.append("n'a pas de ¢ à perdre")
    if penalty.destroyed is not None:
        paid["destroyed"] = penalty.destroyed
        done.append(f"détruit {penalty.destroyed} (objet non éternel)")
        done += after_destroyed or []
    else:
        done.append("n'a pas d'objet non éternel à détruire")
    done.append("désactive ses objets et sa carte personnage")
    rules = [PLAYER_DEATH, PENALTY]
    if active:
        paid["turn_ended"] = True
        done.append("et termine son tour car il est le joueur actif")
        rules.append(END_PHASE)
    rec.step(rules, f"{name} paie la Pénalité de Mort : il {', '.join(done)}.", penalty.defaults)
    return paid
