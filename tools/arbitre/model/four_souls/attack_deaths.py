"""Four Souls attack: the deaths it causes and what follows them.

A monster at 0 health: « Mort d'un monstre » (its death effect, its reward, a boss's soul), then
the refill of its slot (« Rechargement »: a non-monster revealed is played, and a curse given to
any player).  A player at 0 health: « Mort d'un joueur », curses discarded, the Death Penalty.
"""

from __future__ import annotations

from arbitre.model.core.french import of
from arbitre.model.core.scenario import ScenarioError
from arbitre.model.core.state import Player
from arbitre.model.four_souls.attack_read import REWARD_FR, Monster
from arbitre.model.four_souls.attack_state import AttackState
from arbitre.model.four_souls.penalty import death_penalty, record_penalty
from arbitre.model.four_souls.rules import (
    ATTACK,
    CONDITION,
    DEATH_GLOSSARY,
    GAME,
    MONSTER_DEATH,
    PLAYER_DEATH,
    REFILL,
    RESOLVE_STACK,
    SOUL_VALUE,
    SOULS_TO_WIN,
    VICTORY,
)

CURSES = f"{GAME}/cartes/maledictions/1"
CURSE_ERRATUM = f"{GAME}/reference/errata-des-monstres/curse-cards"


# -- deaths --
def monster_dies(s: AttackState) -> None:
    """« Mort d'un monstre »: its death effect resolves first, then its reward, then its card
    (a boss's soul, or the discard); then its slot is refilled."""
    m = s.monster
    info = s.info[m.name]
    active = s.game.player(s.sc.active_player)
    s.dead.append(m.name)
    s.rec.step(
        [DEATH_GLOSSARY, MONSTER_DEATH, ATTACK],
        f"{m.name} tombe à 0 PV : sa mort est mise sur la pile et l'attaque prend fin. La "
        "mort se résout ; le joueur actif a la priorité.",
    )
    parts = [
        "la carte est déplacée sur la pile",
        f"puis sa récompense ({_reward_text(info)})",
    ]
    if info.kills_on_death:
        parts.append("puis son effet de mort, au-dessus de la pile")
    s.rec.step([MONSTER_DEATH], f"Mort {of(m.name)} : {', '.join(parts)}.")
    if info.kills_on_death:
        victim = info.kills_on_death
        s.rec.step(
            [MONSTER_DEATH],
            f"L'effet de mort {of(m.name)}, en haut de la pile, se résout en premier : "
            f"{active.name} tue {victim}.",
        )
        player_dies(s, victim)
    _give_reward(s, info, active)
    _soul_or_discard(s, m.name, info, active)
    s.slot = None
    _refill_slot(s)


def _give_reward(s: AttackState, info: Monster, active: Player) -> None:
    """The reward resolves: the active player gets its ¢ and loot (treasure is only named)."""
    got = s.rewards.setdefault(active.name, [])
    for kind, amount in info.reward.items():
        if kind == "cents":
            active.add("cents", amount)
        elif kind == "butin":
            s.hands[active.name].loot += [f"butin pioché {i + 1}" for i in range(amount)]
        got.append(f"{amount} {REWARD_FR[kind]}")
    s.rec.step(
        [MONSTER_DEATH],
        f"La récompense se résout : {active.name} reçoit {_reward_text(info)}.",
    )


def _soul_or_discard(s: AttackState, name: str, info: Monster, active: Player) -> None:
    """A boss's card becomes a soul of the active player (who may win), unless a response
    cancels gaining it; a basic monster is discarded."""
    cancel = s.sc.soul_cancelled_by
    if info.boss and cancel is not None:
        who = (
            f"{cancel.player} joue {cancel.source}, qui annule"
            if cancel.player
            else f"{cancel.source} annule"
        )
        s.souls_cancelled.append(name)
        s.game.move(name, "defausse-monstres")
        s.rec.step(
            [MONSTER_DEATH, CONDITION] + ([cancel.ruling] if cancel.ruling else []),
            f"{name} est un boss : {active.name} devrait gagner sa carte comme une âme, "
            f"mais en réponse, {who} l'obtention de l'âme : {active.name} reste à "
            f"{active.count('souls')} âme(s).",
            ["la carte du boss est défaussée (le document ne dit pas où elle va)"],
        )
    elif info.boss:
        active.add("souls", info.souls)
        s.game.move(name, "ames", active.name)
        s.rec.step(
            [MONSTER_DEATH, SOUL_VALUE],
            f"{name} est un boss : {active.name} gagne sa carte comme une âme "
            f"({active.count('souls')} âme(s)).",
        )
        if active.count("souls") >= SOULS_TO_WIN and s.winner is None:
            s.winner = active.name
            s.rec.step(
                [VICTORY],
                f"{active.name} possède {active.count('souls')} âmes : premier joueur à "
                f"{SOULS_TO_WIN} âmes, il gagne la partie.",
            )
    else:
        s.game.move(name, "defausse-monstres")
        s.rec.step([MONSTER_DEATH], f"{name} est un monstre basique : il est défaussé.")


def _refill_slot(s: AttackState) -> None:
    """« Rechargement »: reveal the top card; a non-monster is played, then repeat."""
    s.rec.step(
        [MONSTER_DEATH, REFILL],
        "L'emplacement de monstre est vide : le rechargement est mis sur la pile ; quand il "
        "se résout, le joueur actif révèle la carte du dessus du paquet de monstres.",
    )
    while True:
        card = s.game.draw("paquet-monstres")
        if card is None:
            s.rec.step(
                [REFILL],
                "Le paquet de monstres est vide : sa défausse serait mélangée pour en faire un "
                "nouveau paquet (le scénario n'en donne pas) ; l'emplacement reste vide.",
            )
            return
        if card.kind == "monstre":
            s.game.move(card.name, "emplacement")
            s.slot = card.name
            s.refill.append(f"{card.name} (monstre, placé)")
            s.rec.step(
                [REFILL],
                f"La carte du dessus, {card.name}, est un monstre : elle est placée dans "
                "l'emplacement vide ; le remplissage est fait.",
            )
            return
        s.game.move(card.name, "defausse-monstres")
        s.refill.append(f"{card.name} (non-monstre, jouée)")
        give_curse(s, card.name)
        s.rec.step(
            [REFILL, RESOLVE_STACK],
            f"La carte du dessus, {card.name}, n'est pas un monstre : le joueur actif la joue "
            "et a la priorité ; une fois résolue, elle va dans sa défausse et l'étape se répète "
            "avec la carte suivante.",
        )


def give_curse(s: AttackState, name: str) -> None:
    """A revealed curse is given to any player (errata of the curse cards), not only others."""
    m = s.info[name]
    if not m.curse:
        return
    if m.given_to is None:
        raise ScenarioError("state.deck", f"{name} is a curse: say who it is given to")
    s.hands[m.given_to].curses.append(name)
    s.cursed.setdefault(m.given_to, []).append(name)
    s.rec.step(
        [CURSES, CURSE_ERRATUM],
        f"{name} est une malédiction : une fois révélée, le joueur actif la donne à n'importe quel "
        f"joueur, ici à {m.given_to}"
        + (" (le joueur actif lui-même)" if m.given_to == s.sc.active_player else "")
        + ".",
    )


def _reward_text(m: Monster) -> str:
    return ", ".join(f"{n} {REWARD_FR[k]}" for k, n in m.reward.items()) or "aucune"


def player_dies(s: AttackState, name: str) -> None:
    p, hand = s.game.player(name), s.hands[name]
    s.dead.append(name)
    s.rec.step(
        [PLAYER_DEATH],
        f"{name} meurt : sa mort est mise sur la pile, puis se résout ; le joueur actif a "
        "la priorité.",
    )
    if hand.curses:
        text = (
            f"{name} se débarrasse de ses malédictions ({', '.join(hand.curses)}), puis la "
            "Pénalité de Mort est mise sur la pile."
        )
    else:
        text = f"{name} n'a pas de malédiction ; la Pénalité de Mort est mise sur la pile."
    hand.curses = []
    s.rec.step([PLAYER_DEATH], text)
    mortal = [i for i in hand.items if not i.eternal]
    penalty = death_penalty(hand.loot, p.count("cents"), [i.name for i in mortal])
    if penalty.loot is not None:
        hand.loot.remove(penalty.loot)
    p.add("cents", -penalty.cents)
    if penalty.destroyed is not None:
        hand.items.remove(mortal[0])
    active = name == s.sc.active_player
    s.turn_ended = s.turn_ended or active
    s.penalties[name] = record_penalty(s.rec, name, penalty, active)
