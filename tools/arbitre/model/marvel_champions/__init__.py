"""Marvel Champions on the engine: the rules reference v1.4 (glossary, appendices), its FAQ and
errata.

Procedures (`PROCEDURES`, by the name a scenario gives):

- `tour`: the round on `ROUND` (core turn walker).
- `attaque` (attacks.py, read by attacks_read.py): enemy activations (« Activation »): attacks,
  steps 1-4 (attack_steps.py: boost, defence, Riposte, Tenace, Sonné, Perçant, Déferlement,
  À distance) on the position of attacks_state.py, and schemes against an alter ego.
- `phase_du_mechant` (villain_phase.py): the villain phase's five steps: threat, the villain then
  each player's engaged minions, encounter cards dealt and revealed, the first player token.
- `revelation` (encounter.py): revealing encounter cards: Renfort, Coup Rapide, attachments.
- `effet_joueur` (player_effects.py, read by player_effects_read.py — its effects by
  player_effects_actions_read.py —, on the position of player_effects_state.py; threat in
  player_effects_threat.py): a player's effects: damage,
  threat, healing, Garde, Patrouille, crisis icons, interrupts and responses.
- `paiement` (resources.py): paying costs with resources (« Ressource », « Coût »).

rules.py holds the entry ids, `ROUND` and `Character`, the engine card every procedure plays with.
"""

from arbitre.model.core.procedure import Procedure, Procedures
from arbitre.model.core.turn import turn_procedure
from arbitre.model.marvel_champions import (
    attacks,
    attacks_read,
    encounter,
    player_effects,
    player_effects_read,
    resources,
    villain_phase,
)
from arbitre.model.marvel_champions.rules import GAME, ROUND

PROCEDURES: Procedures = {
    "attaque": Procedure(attacks_read.read_attacks, attacks.resolve_attacks),
    "revelation": Procedure(encounter.read_reveal, encounter.run_reveal),
    "effet_joueur": Procedure(
        player_effects_read.read_player_effects, player_effects.run_player_effects
    ),
    "paiement": Procedure(resources.read_payments, resources.run_payments),
    "phase_du_mechant": Procedure(
        villain_phase.read_villain_phase, villain_phase.run_villain_phase
    ),
    "tour": turn_procedure(ROUND),
}

__all__ = ["GAME", "PROCEDURES", "ROUND"]
