"""Ashes: Rise of the Phoenixborn on the engine: the clarifications, the FAQ and its leaflet rules.

Procedures (`PROCEDURES`, by the name a scenario gives):

- `degats` (damage.py, read by damage_read.py, on the position of damage_state.py): the damage
  and destruction process, steps 1 to 3b, each « b » step for the effects it triggers; a trigger
  that deals damage runs a whole nested process first.  The other procedures build on it.
- `pioche` (damage.py): the damage a player takes for drawing from an empty deck.
- `tour` and `manche`: a player's turn on `TURN`, the round on `ROUND` (core turn walker).
- `jouer` (play.py, read by play_read.py): using a spell, an ability or a dice power: cost,
  targets, placement, then the effects top to bottom (« Ordre de résolution d'une carte »),
  cancelling.
- `attaque` (attack.py): « Attaquer un Héritier » and « Attaquer une unité »: attackers, what
  triggers after they are declared, blockers or one guard, redirection, damage.
- `entree` (entry.py): a card enters play; its entering-play triggers before the « après » ones.
- `plateau` (board.py, read by board_read.py): the spellboard over a round: Concentration,
  Méditer, recovery.

rules.py holds the entry ids, `ROUND` and `TURN`.
"""

from arbitre.model.ashes import attack, board, damage, entry, play, play_read
from arbitre.model.ashes.damage_read import read_scenario
from arbitre.model.ashes.rules import GAME, ROUND, TURN
from arbitre.model.core.procedure import Procedure, Procedures
from arbitre.model.core.turn import turn_procedure

PROCEDURES: Procedures = {
    "degats": Procedure(
        lambda name, data: read_scenario(name, data, "degats"), damage.resolve_damage
    ),
    "pioche": Procedure(
        lambda name, data: read_scenario(name, data, "pioche"), damage.prepare_draw_damage
    ),
    "attaque": Procedure(attack.read_attack, attack.run_attack),
    "plateau": Procedure(board.read_board, board.run_board),
    "entree": Procedure(entry.read_entry, entry.run_entry),
    "jouer": Procedure(play_read.read_play, play.run_play),
    "tour": turn_procedure(TURN),
    "manche": turn_procedure(ROUND, "manche"),
}

__all__ = ["GAME", "PROCEDURES", "ROUND", "TURN"]
