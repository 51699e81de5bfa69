"""Marvel Champions: the whole villain phase (« Phase du Méchant », five steps) on the engine.

1. Threat: the main scheme's acceleration plus one per acceleration icon in play.
2. The villain activates once per player, in player order, and after each of its activations the
   minions engaged with that player activate (« Activation »): against a hero they attack, against
   an alter ego they scheme — the activations of `attacks`.
3. One encounter card per player, plus one per hazard icon, the extra ones dealt in player order.
4. The players reveal them in player order.
5. The first player token passes to the next player; the round ends.

The scenario's state is that of an attack scenario (players, enemies, threat) plus `acceleration`,
`hazard`, and `engaged_with` on each minion; `actions.boosts` gives the boost icons of each
villain activation in order, `actions.defenders` who defends the villain's attack on a player.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from arbitre.model.core.french import of
from arbitre.model.core.scenario import Fields, ScenarioError, Wrapping
from arbitre.model.core.trace import Trace
from arbitre.model.marvel_champions.attacks import EnemyActivations
from arbitre.model.marvel_champions.attacks_read import AttackScenario, read_attacks
from arbitre.model.marvel_champions.rules import ACTIVATION, GAME, VILLAIN_PHASE

ACCELERATION = f"{GAME}/glossaire/icone-d-acceleration"
HAZARD = f"{GAME}/glossaire/icone-d-aleas"
FIRST_PLAYER = f"{GAME}/glossaire/premier-joueur"


@dataclass
class VillainPhaseScenario(Wrapping):
    attacks: AttackScenario
    acceleration: int  # the main scheme's acceleration + acceleration icons
    hazard: int  # hazard icons in play

    wrapped = "attacks"  # name, title and rulings are the attacks scenario's


def read_villain_phase(name: str, data: Fields) -> VillainPhaseScenario:
    title, reproduces = data.raw("title"), data.raw("reproduces")
    state = data.sub("state")
    acceleration = state.int("acceleration", minimum=0)
    hazard = state.int("hazard", 0, minimum=0)
    players = [
        Fields(p, f"state.players[{i}]").str("name") for i, p in enumerate(state.items("players"))
    ]
    enemies = copy.deepcopy(state.items("enemies"))
    villain = None
    engaged: dict[str, list[str]] = {p: [] for p in players}
    for i, e in enumerate(enemies):
        where = f"state.enemies[{i}]"
        if not isinstance(e, dict):
            raise ScenarioError(where, "expected a mapping")
        if e.get("kind") == "mechant":
            villain = e.get("name")
        elif e.get("kind") == "sbire":
            who = e.pop("engaged_with", None)
            if who not in engaged:
                raise ScenarioError(f"{where}.engaged_with", "a minion is engaged with a player")
            engaged[who].append(e.get("name"))
    if villain is None:
        raise ScenarioError("state.enemies", "the villain phase needs a villain")
    actions = data.sub("actions", None) or Fields({}, "actions")
    boosts = actions.items("boosts", [])
    defenders = actions.sub("defenders", None) or Fields({}, "actions.defenders")
    if len(boosts) != len(players):
        raise ScenarioError(
            actions.where("boosts"), f"one boost per villain activation: {len(players)}"
        )
    attacks = []
    for player, icons in zip(players, boosts, strict=True):
        attack: dict[str, Any] = {"enemy": villain, "target": player, "boost": [{"icons": icons}]}
        if defenders.has(player):
            attack["defender"] = defenders.str(player)
        attacks.append(attack)
        attacks += [{"enemy": m, "target": player} for m in engaged[player]]
    defenders.done()
    actions.done()
    plain_state = {k: v for k, v in state.data.items() if k not in ("acceleration", "hazard")}
    plain_state["enemies"] = enemies
    sc = read_attacks(
        name,
        Fields(
            {
                "title": title,
                "reproduces": reproduces,
                "state": plain_state,
                "actions": {"attacks": attacks},
            }
        ),
    )
    state.raw("players"), state.raw("enemies")
    for key in ("threat", "amplify"):
        state.raw(key, None)
    state.done()
    return VillainPhaseScenario(sc, acceleration, hazard)


def run_villain_phase(vp: VillainPhaseScenario) -> Trace:
    run = EnemyActivations(vp.attacks)
    rec, players = run.rec, vp.attacks.players
    run.threat += vp.acceleration
    rec.step(
        [VILLAIN_PHASE, ACCELERATION],
        f"Phase du Méchant, étape 1 : {vp.acceleration} menace(s) d'accélération placée(s) sur la manigance "
        f"principale ({run.threat} au total).",
    )
    rec.step(
        [VILLAIN_PHASE, ACTIVATION],
        "Phase du Méchant, étape 2 : le méchant s'active une fois par joueur, dans l'ordre des joueurs ; après "
        "chacune de ses activations, les sbires engagés avec ce joueur s'activent.",
    )
    for n, a in enumerate(run.ordered(), 1):
        run.run_one(a, n)
    dealt = {p: 1 for p in players}
    for i in range(vp.hazard):
        dealt[players[i % len(players)]] += 1
    rules = [VILLAIN_PHASE] + ([HAZARD] if vp.hazard else [])
    detail = ", ".join(f"{p} : {n}" for p, n in dealt.items())
    rec.step(
        rules,
        f"Phase du Méchant, étape 3 : une carte Rencontre par joueur, plus {vp.hazard} pour les icônes d'aléas, "
        f"les cartes supplémentaires dans l'ordre des joueurs ({detail}).",
    )
    rec.step(
        [VILLAIN_PHASE],
        "Phase du Méchant, étape 4 : dans l'ordre des joueurs, chaque joueur révèle ses cartes Rencontre une à une "
        f"et les résout selon leur type ({', '.join(players)}).",
    )
    nxt = players[1 % len(players)]
    rec.step(
        [VILLAIN_PHASE, FIRST_PLAYER],
        f"Phase du Méchant, étape 5 : le pion Premier joueur passe {of(players[0])} à {nxt} ; le round se termine.",
    )
    result = run.result()
    result["encounter_cards"] = dealt
    result["next_first_player"] = nxt
    return rec.trace("phase_du_mechant", GAME, vp.attacks, result)
