"""The Spoils on the engine: the comprehensive rules, « Le combat expliqué » and the FAQ.

Procedures (`PROCEDURES`, by the name a scenario gives):

- `tour` (turn.py): the turn on `TURN` (602, 603, 610); only the active player plays cards,
  attacks, develops and ends the turn (603.2).
- `combat` (combat.py): a combat by speed levels on `COMBAT` (608.1, 609.1a-h); the tactics
  windows of steps A and E (combat_tactics.py), damage assigned at C and D then dealt at F
  (combat_damage.py), battle vs tactic damage; read by combat_read.py, the position on the core
  state in combat_state.py.
- `jouer_carte` (play.py): playing a non-resource card (604.1a-h); put into play is not played.
- `cout` (costs.py): a numeric cost (406, 410, 309, 505): increases then reductions, floor 0,
  minimums, requirements.
- `evenements` (events.py, read by events_read.py): the standing rules checked after each event
  (« tant que », destruction, Unique, zone and type changes, replacements once each).
- `declencheurs` (triggers.py): who orders simultaneous triggers (503.4), each resolved on its own.
- `choisir` (pick.py): which cards an instruction may pick (310) or find (312).

rules.py holds the entry ids the procedures cite, `TURN` and `COMBAT`.
"""

from arbitre.model.core.procedure import Procedure, Procedures
from arbitre.model.the_spoils import combat, costs, events, pick, play, triggers, turn
from arbitre.model.the_spoils.rules import COMBAT, GAME, TURN

PROCEDURES: Procedures = {
    "combat": Procedure(combat.read_combat, combat.resolve_combat),
    "jouer_carte": Procedure(play.read_play, play.run_play),
    "declencheurs": Procedure(triggers.read_triggers, triggers.run_triggers),
    "choisir": Procedure(pick.read_pick, pick.run_pick),
    "cout": Procedure(costs.read_cost, costs.run_cost),
    "evenements": Procedure(events.read_events, events.run_events),
    "tour": Procedure(turn.read_spoils_turn, turn.walk_spoils_turn),
}

__all__ = ["COMBAT", "GAME", "PROCEDURES", "TURN"]
