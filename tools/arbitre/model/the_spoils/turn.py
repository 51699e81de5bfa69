"""The Spoils' turn: the core turn walker on `the_spoils.TURN`, plus who may take each action.

603.2: only the active player plays cards, attacks, develops and ends the turn; the other player
responds (607.1), uses faction abilities (FAQ 3, 502.3) or plays a card while an effect that
allows it resolves (204.1, 206.1, 207.1: « indépendamment du tour »).  Such an action by the
other player is refused with 603.2.  The active player stays the same whoever acts (FAQ 1).
"""

from __future__ import annotations

from arbitre.model.core.rules import require
from arbitre.model.core.scenario import Fields
from arbitre.model.core.trace import Trace
from arbitre.model.core.turn import TurnScenario, read_turn, walk_turn
from arbitre.model.the_spoils.rules import ACTIVE_ONLY, GAME, TURN, rid


def read_spoils_turn(name: str, data: Fields) -> TurnScenario:
    sc = read_turn(TURN, GAME, name, data)
    for a in sc.actions:
        require(
            a.player == sc.active_player or a.action not in ACTIVE_ONLY,
            rid("603.2"),
            f"{a.player} n'est pas le joueur actif ({sc.active_player}) : {TURN.action_fr(a.action)} "
            "n'est permis qu'au joueur actif ; l'adversaire répond (607.1) ou joue une carte "
            "quand un effet le lui permet (204.1)",
            a.field,
        )
    return sc


def walk_spoils_turn(sc: TurnScenario) -> Trace:
    trace = walk_turn(TURN, GAME, sc)
    # FAQ 1: whoever acts, the active player is the one whose turn it is.
    trace.result["active_player"] = sc.active_player
    trace.result["acted_as_opponent"] = sorted(
        {a.player for a in sc.actions if a.player != sc.active_player}
    )
    return trace
