"""Marvel Champions: one enemy attack (« Attaque (activation des ennemis) »), step by step.

Before step 1 the attack is initiated (status cards first: Sonné is discarded instead; Pris dans la
Toile replaces it; interrupts fire, and an attacker defeated here deals no damage); step 1 gives
the boost cards, step 2 declares a defender, step 3 flips the boost cards, step 4 deals the damage,
and Riposte answers.  attacks.py runs these in order for each activation.
"""

from __future__ import annotations

from arbitre.model.core.french import of, que
from arbitre.model.core.triggers import Pending
from arbitre.model.marvel_champions.attacks_read import Activation, BoostCard
from arbitre.model.marvel_champions.attacks_state import (
    AMPLIFY,
    ATTACK,
    BOOST,
    DEFEATED_MID_ATTACK,
    DEFENSE,
    EXCESS,
    INTERRUPT,
    MODIFIERS,
    OVERKILL,
    RANGED,
    RETALIATE,
    STAR,
    STUNNED,
    VILLAINY,
    WEBBED,
    WEBBED_REPLACES,
    ActivationState,
)
from arbitre.model.marvel_champions.rules import ACTIVATION, ATTACKING, STATUS, Character


def initiate(s: ActivationState, a: Activation, enemy: Character, n: int) -> bool:
    """The attack is initiated, unless it cannot be: the enemy left play, is stunned, is webbed,
    or an interrupt defeats it.  False: the rest of the sequence does not run."""
    return (
        _announce(s, a, enemy, n)
        and not _replaced_by_status(s, enemy)
        and _resolve_interrupts(s, a, enemy)
    )


def _announce(s: ActivationState, a: Activation, enemy: Character, n: int) -> bool:
    """The activation is announced; False if the enemy has left play (nothing happens)."""
    identity = s.identity(a.target)
    head = f"Activation n° {n} : {enemy.name} attaque {a.target}"
    if not s.alive(enemy.name):
        s.rec.step([ACTIVATION], f"{head} — mais il a quitté le jeu : rien ne se passe.")
        s.outcomes.append("absent")
        return False
    if a.cause == "effet":
        form = " (sous forme d'alter ego)" if identity.form == "alter_ego" else ""
        s.rec.step(
            [ATTACKING, ACTIVATION, ATTACK],
            f"{head}{form} : un effet de carte lui demande d'attaquer ; c'est une attaque, "
            "quelle que soit la forme de l'identité.",
        )
    else:
        s.rec.step(
            [ACTIVATION, ATTACK],
            f"{head} : {identity.name} est sous forme de héros, {enemy.name} initie une "
            "attaque ; il est censé attaquer.",
        )
    return True


def _replaced_by_status(s: ActivationState, enemy: Character) -> bool:
    """Status cards come before any other ability: Sonné is discarded instead of the attack,
    Pris dans la Toile replaces it with a Sonné card.  True: the attack is not initiated."""
    if "sonne" in enemy.statuses:
        enemy.statuses.discard("sonne")
        s.discarded.append(f"{enemy.name} : Sonné")
        s.outcomes.append("empêchée (Sonné)")
        s.rec.step(
            [STATUS, STUNNED],
            f"{enemy.name} est sonné : les cartes d'état passent avant toute autre capacité ; "
            "la carte Sonné est défaussée à la place de l'attaque, et on ne considère pas "
            f"{que(enemy.name)} a attaqué.",
        )
        return True
    if enemy.webbed:
        enemy.webbed = False
        enemy.statuses.add("sonne")
        s.outcomes.append("remplacée (Pris dans la Toile)")
        s.rec.step(
            [WEBBED, WEBBED_REPLACES],
            f"Pris dans la Toile remplace cette attaque par le placement d'une carte d'état "
            f"Sonné sur {enemy.name} : l'attaque ne s'est jamais initiée, aucune capacité « quand "
            "il attaque » ne se déclenche.",
        )
        return True
    return False


def _queue_interrupts(s: ActivationState, a: Activation, enemy: Character) -> None:
    """The target player's interrupts wait to fire; one on another kind of enemy does not."""
    kind_fr = {"mechant": "le méchant", "sbire": "un sbire", "ennemi": "un ennemi"}
    for it in s.sc.interrupts:
        if it.player != a.target:
            continue
        if it.by not in ("ennemi", enemy.kind):
            s.rec.step(
                [INTERRUPT],
                f"{it.card} interrompt une attaque contre {a.target} par {kind_fr[it.by]} ; "
                f"{enemy.name} est {kind_fr[enemy.kind]} : sa condition de déclenchement "
                "n'est pas remplie, il ne se déclenche pas.",
            )
            continue
        s.interrupts.add(Pending(it.card, it.player, it))


def _resolve_interrupts(s: ActivationState, a: Activation, enemy: Character) -> bool:
    """The interrupts fire, in their order; False if one defeats the attacker (no damage)."""
    _queue_interrupts(s, a, enemy)
    ordering = s.interrupts.drain(s.game)
    if ordering.text_fr:
        s.rec.step(ordering.rule_ids, f"Plusieurs interruptions : {ordering.text_fr}.")
    for pending in ordering.pending:
        it = pending.payload
        s.triggered.append(it.card)
        if it.effect == "draw":
            s.rec.step(
                [ATTACK],
                f"L'attaque est initiée contre {a.target} : {it.card} se déclenche "
                f"({a.target} pioche {it.amount} carte(s)).",
            )
            continue
        s.rec.step(
            [ATTACK],
            f"L'attaque est initiée contre {a.target} : {it.card} se déclenche et inflige "
            f"{it.amount} dégât(s) à {enemy.name}.",
        )
        s.deal(enemy, it.amount, it.card, [ATTACK])
        if not s.alive(enemy.name):
            s.outcomes.append("attaquant vaincu")
            s.rec.step(
                [DEFEATED_MID_ATTACK, ACTIVATION],
                f"{enemy.name} est vaincu pendant que la séquence d'attaque est initiée : les "
                "dégâts n'ont pas encore été calculés, le reste de la séquence n'est pas résolu.",
            )
            return False
    return True


def boost_step(s: ActivationState, a: Activation, enemy: Character) -> None:
    """Step 1: the villain (or a minion with Vilenie) gets its boost cards, face down."""
    if enemy.kind == "mechant" or enemy.villainy:
        rules = [ATTACK, BOOST] + ([VILLAINY] if enemy.kind == "sbire" else [])
        count = len(a.boost)
        s.rec.step(
            rules,
            f"Étape 1 : {enemy.name} reçoit {count} carte(s) de boost face cachée du deck "
            "Rencontre.",
        )
    else:
        s.rec.step([ATTACK], f"Étape 1 : {enemy.name} est un sbire sans Vilenie : pas de boost.")


def defend_step(s: ActivationState, a: Activation) -> tuple[str, Character | None]:
    """Step 2: who defends, if anyone; a hero defending for another player becomes the target."""
    target = a.target
    defender = s.chars[a.defender] if a.defender else None
    if defender is None:
        s.rec.step([ATTACK, DEFENSE], "Étape 2 : personne ne défend.")
    else:
        rules = [ATTACK, DEFENSE]
        how = (
            "un héros s'incline pour sa défense de base"
            if defender.kind == "identite"
            else "un allié s'incline pour défendre"
        )
        text = f"Étape 2 : {defender.name} défend ({how})"
        if defender.controller != a.target:
            target = defender.controller or a.target
            text += f" ; {target} défend pour un autre joueur et devient la cible de l'attaque"
        s.rec.step(rules, text + ".")
    return target, defender


def boost_cards(
    s: ActivationState, a: Activation, enemy: Character, defender: Character | None
) -> tuple[int | None, int, Character | None]:
    """Step 3: the boost cards are flipped: their abilities, then their icons (+ amplification)."""
    atk = enemy.atk
    bonus = 0
    for i, b in enumerate(a.boost, 1):
        parts, rules = _boost_ability(s, enemy, defender, b, i)
        if b.ability == "flip":
            atk = b.flip_atk
        printed = b.icons
        if b.cancelled_by:
            parts.append(f"{b.cancelled_by} annule ses {b.icons} icône(s) de boost")
            printed = 0
        icons = printed + s.sc.amplify
        bonus += icons
        detail = f"{printed} icône(s) de boost"
        if s.sc.amplify:
            detail += f" + {s.sc.amplify} pour les icônes d'amplification en jeu"
            rules.append(AMPLIFY)
        parts.append(f"{detail} : +{icons} ATQ ; la carte est défaussée")
        s.rec.step(rules, f"Étape 3 : carte de boost n° {i} : {' ; '.join(parts)}.")
    if defender is not None and defender.kind == "allie" and not s.alive(defender.name):
        s.rec.step(
            [DEFENSE],
            f"L'allié défenseur {defender.name} a été vaincu avant les dégâts : l'attaque est "
            "considérée comme non défendue.",
        )
        defender = None
    return atk, bonus, defender


def _boost_ability(
    s: ActivationState, enemy: Character, defender: Character | None, b: BoostCard, i: int
) -> tuple[list[str], list[str]]:
    """The ★ « Boost » ability of boost card n° `i`, if any: what the card's step says of it so
    far, and the rules it cites."""
    parts = []
    rules = [ATTACK, BOOST]
    if b.ability == "damage_defender" and defender is not None:
        s.rec.step(
            [ATTACK, BOOST],
            f"Étape 3 : la carte de boost n° {i} est retournée ; sa capacité « Boost » se "
            f"résout{' : ' + b.text if b.text else ''}.",
        )
        s.deal(defender, b.amount, f"Capacité « Boost » (carte n° {i})", [BOOST])
        parts.append("capacité résolue")
    elif b.ability == "tough":
        enemy.statuses.add("tenace")
        parts.append(f"capacité « Boost » : {enemy.name} reçoit une carte Tenace")
    elif b.ability == "flip":
        parts.append(
            f"capacité « Boost » : {enemy.name} est retourné et devient {b.flip_name} "
            f"(ATQ {'★' if b.flip_atk is None else b.flip_atk})"
        )
        s.rec.note(
            f"{b.flip_name} apparaît pendant l'attaque : ses capacités « quand il est "
            "censé attaquer » ne se déclenchent pas, ce point de timing est déjà passé."
        )
        enemy.atk = b.flip_atk
        s.chars[b.flip_name] = enemy
        enemy.name = b.flip_name
        rules.append(STAR)
    return parts, rules


def damage_step(
    s: ActivationState,
    a: Activation,
    enemy: Character,
    defender: Character | None,
    target: str,
    atk: int | None,
    bonus: int,
) -> Character:
    """Step 4: the damage, to the defending hero (less its DEF), the defending ally (excess lost
    unless Déferlement) or, undefended, the identity.  Returns the character attacked."""
    total = _attack_value(s, enemy, atk, bonus)
    piercing = "percant" in enemy.keywords
    if defender is not None and defender.kind == "identite":
        _deal_in_step_4(
            s,
            defender,
            max(total - defender.defense, 0),
            f"Étape 4 : {total} − DEF {defender.defense} {of(defender.name)}",
            [ATTACK, DEFENSE],
            piercing,
        )
        s.outcomes.append("défendue")
        return defender
    if defender is not None:
        _ally_defends(s, enemy, defender, target, total, piercing)
        s.outcomes.append("défendue")
        return defender
    who = s.chars[a.target_character] if a.target_character else s.identity(target)
    form = ""
    if who.kind == "identite" and who.form == "alter_ego":
        form = " (même sous sa forme d'alter ego)"
    _deal_in_step_4(
        s,
        who,
        total,
        f"Étape 4 : attaque non défendue, tous les dégâts vont à {who.name}{form}",
        [ATTACK, DEFENSE],
        piercing,
    )
    s.outcomes.append("non défendue")
    return who


def _attack_value(s: ActivationState, enemy: Character, atk: int | None, bonus: int) -> int:
    """The attack's value: ATQ (★ counts as 0) plus the boost, at least 0."""
    base = 0 if atk is None else atk
    total = max(base + bonus, 0)
    rules = [ATTACK] + ([STAR] if atk is None else []) + ([MODIFIERS] if base + bonus < 0 else [])
    star = " (ATQ ★, considérée comme 0)" if atk is None else ""
    s.rec.step(rules, f"Étape 4 : ATQ {of(enemy.name)} = {base}{star} + {bonus} (boost) = {total}.")
    return total


def _deal_in_step_4(
    s: ActivationState, c: Character, amount: int, why: str, rules: list[str], piercing: bool
) -> int:
    """Deal the attack's damage to `c`, counted in the damage of step 4."""
    got = s.deal(c, amount, why, rules, piercing)
    s.step4[c.name] = s.step4.get(c.name, 0) + got
    return got


def _ally_defends(
    s: ActivationState,
    enemy: Character,
    defender: Character,
    target: str,
    total: int,
    piercing: bool,
) -> None:
    """All the damage goes to the defending ally; the excess is lost, unless Déferlement deals it
    to the identity that controls the ally."""
    room = max(defender.hp, 0)
    got = _deal_in_step_4(
        s,
        defender,
        total,
        f"Étape 4 : tous les dégâts vont à l'allié {defender.name}",
        [ATTACK],
        piercing,
    )
    excess = max(got - room, 0)
    if not excess:
        return
    if "deferlement" in enemy.keywords:
        owner = s.identity(defender.controller or target)
        s.deal(
            owner,
            excess,
            f"Déferlement : les {excess} dégât(s) en excès vont simultanément à "
            f"l'identité qui contrôle {defender.name} (ce n'est pas une attaque contre elle)",
            [OVERKILL, EXCESS],
        )
    else:
        s.rec.step(
            [ATTACK, EXCESS],
            f"{defender.name} est vaincu par l'attaque : les {excess} dégât(s) en excès "
            "ne sont pas infligés à l'identité.",
        )


def riposte(s: ActivationState, a: Activation, enemy: Character, attacked: Character) -> None:
    """Riposte X: the character attacked answers if it survived, unless the attack is À distance."""
    aimed = s.chars[a.target_character] if a.target_character else s.identity(a.target)
    if aimed is not attacked and aimed.riposte:
        s.rec.step(
            [RETALIATE],
            f"{aimed.name} a Riposte {aimed.riposte}, mais ce n'est pas lui qui a été attaqué "
            f"({attacked.name} a défendu) : Riposte ne se déclenche pas.",
        )
    if attacked.riposte:
        if "a_distance" in enemy.keywords:
            s.rec.step(
                [RANGED],
                f"L'attaque est À distance : elle ignore Riposte {attacked.riposte} {of(attacked.name)}.",
            )
        elif not s.alive(attacked.name):
            s.rec.step(
                [RETALIATE], f"{attacked.name} n'a pas survécu à l'attaque : pas de riposte."
            )
        else:
            s.riposte.append(attacked.name)
            s.rec.step(
                [RETALIATE],
                f"{attacked.name} a été lui-même attaqué et a survécu : Riposte {attacked.riposte} "
                f"inflige {attacked.riposte} dégât(s) à {enemy.name}.",
            )
            s.deal(enemy, attacked.riposte, f"Riposte {of(attacked.name)}", [RETALIATE])
