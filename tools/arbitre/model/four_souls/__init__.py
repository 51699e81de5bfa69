"""The Binding of Isaac: Four Souls on the engine: the comprehensive rules 1.3 (a player's
compilation) and their card rulings.

Procedures (`PROCEDURES`, by the name a scenario gives):

- `tour`: « Structure du tour » on `TURN` (core turn walker).
- `attaque` (attack.py, read by attack_read.py): one attack (« Attaquer », steps 1-4): the roll on the
  stack, modifiers, rerolls and result triggers (attack_roll.py), damage, deaths and the monster
  slot's refill (attack_deaths.py), on the position of attack_state.py.
- `pile` (stack_play.py, read by stack_read.py): the stack and priority (« La pile », « Priorité », « Répondre »):
  purchases, votes, cancelling.
- `mort` (death.py, read by death_read.py, on the position of death_state.py): a player's death
  on the stack, the Death Penalty (penalty.py, paid the same way whatever killed), once per turn,
  the end phase.
- `gains` (gains.py): ¢ and loot gained from the reserve, stolen or negotiated; the bonus souls.

rules.py holds the entry ids the procedures cite and `TURN`.
"""

from arbitre.model.core.procedure import Procedure, Procedures
from arbitre.model.core.turn import turn_procedure
from arbitre.model.four_souls import (
    attack,
    attack_read,
    death,
    death_read,
    gains,
    stack_play,
    stack_read,
)
from arbitre.model.four_souls.rules import GAME, TURN

PROCEDURES: Procedures = {
    "attaque": Procedure(attack_read.read_attack, attack.resolve_attack),
    "pile": Procedure(stack_read.read_stack, stack_play.resolve_stack),
    "mort": Procedure(death_read.read_death, death.resolve_death),
    "gains": Procedure(gains.read_gains, gains.resolve_gains),
    "tour": turn_procedure(TURN),
}

__all__ = ["GAME", "PROCEDURES", "TURN"]
