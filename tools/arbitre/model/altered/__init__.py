"""Altered on the engine: the comprehensive rules, their remarks and the glossary's answers.

Procedures (`PROCEDURES`, by the name a scenario gives):

- `tour`: the day's five phases on `DAY` (4.2.a; core turn walker).
- `crepuscule` (dusk.py): the Dusk's daily effect Progress (4.2.4) and the end of the game (4.3)
  on `DUSK`; read by dusk_read.py, the position on the core state in dusk_state.py.
- `reactions` (reactions.py): Reactions checked at each phase and after each daily effect
  (4.2.b-e, 4.4).
- `fugace` (fleeting.py): playing through Limbo (3.2.8), Fleeting (2.4.6), the Night's Rest.
- `nuit` (night.py): the Night (4.2.5): Rest, Clean-up, the Reactions checked after each.
- `effet` (effects.py): a cost and an effect step by step (6.1) with the verbs of 7.3, down to
  atomic actions.
- `dependance` (dependency.py): dependency between passive abilities (2.3.2).
- `deck` (deck.py): deck building, constructed (1.1.4) and limited (1.1.5).
- `zones` (zones.py): zones shared or private (3.1.2), visible or hidden (3.1.3), who sees a card.

rules.py holds the entry ids, the Adventure's regions, `DAY` and `DUSK`.
"""

from arbitre.model.altered import (
    deck,
    dependency,
    dusk,
    effects,
    fleeting,
    night,
    reactions,
    zones,
)
from arbitre.model.altered.rules import DAY, DUSK, GAME
from arbitre.model.core.procedure import Procedure, Procedures
from arbitre.model.core.turn import turn_procedure

PROCEDURES: Procedures = {
    "crepuscule": Procedure(dusk.read_dusk, dusk.resolve_dusk),
    "fugace": Procedure(fleeting.read_fleeting, fleeting.resolve_fleeting),
    "effet": Procedure(effects.read_effect, effects.run_effect),
    "reactions": Procedure(reactions.read_reactions, reactions.run_reactions),
    "dependance": Procedure(dependency.read_dependency, dependency.run_dependency),
    "deck": Procedure(deck.read_deck, deck.check_deck),
    "zones": Procedure(zones.read_zones, zones.run_zones),
    "nuit": Procedure(night.read_night, night.run_night),
    "tour": turn_procedure(DAY),
}

__all__ = ["DAY", "DUSK", "GAME", "PROCEDURES"]
