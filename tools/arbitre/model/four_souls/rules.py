"""Four Souls rules: the entry ids the procedures cite and the turn (« Structure du tour »).

The engine runs the turn, the attack (« Attaquer », 4 steps) on the stack, dice rolls
with modifiers, rerolls and result triggers, deaths, the death penalty and the refill.

`read_attack` (`attack_read`) turns scenario data into an `AttackScenario`; `resolve_attack`
runs one attack of the active player on a `GameState` with a `Stack` and returns a Trace citing
the comprehensive rules 1.3 (French translation).  The dice are not random: the scenario lists
what each roll shows.

Choices made explicit:
- The glossary says dice modifiers apply « lorsqu'un jet de dés est résolu », the « Jet de dés »
  rule puts them on the stack above the roll; the model follows the rule and the worked example.
- Result triggers are put on the stack by « Timing » (monster effects first, then each player's in
  turn order from the active player); a player lists their own in the order they resolve.
- For the death penalty the dying player discards the first loot card listed and destroys the
  first non-eternal item listed (the document lets the player choose): a default, marked so.
"""

from __future__ import annotations

from arbitre.model.core.sequence import Phase, Sequence

GAME = "four-souls"

RULES = f"{GAME}/comment-jouer"
STACK = f"{RULES}/la-pile/1"
PRIORITY = f"{RULES}/priorite/1"
RESPOND = f"{RULES}/repondre/1"
RESOLVE_STACK = f"{RULES}/resoudre-la-pile/1"
TURN_RULE = f"{RULES}/structure-du-tour/1"
START_PHASE = f"{RULES}/phase-de-demarrage"
ACTION_PHASE = f"{RULES}/phase-d-action/1"  # attack once, never in response
END_PHASE = f"{RULES}/phase-de-fin"
BUY = f"{RULES}/acheter/1"
ATTACK = f"{RULES}/attaquer/1"  # the four steps
ATTACK_ONLY_IN_ACTION = f"{RULES}/attaquer/2"
ROLL = f"{RULES}/jet-de-des/1"  # initial result on the stack, modifiers, rerolls, resolution
CLAMP = f"{RULES}/jet-de-des/2"  # rolls and evasion stay within 1..6
MONSTER_DEATH = f"{RULES}/mort-d-un-monstre/1"
PLAYER_DEATH = f"{RULES}/mort-d-un-joueur/1"
REFILL = f"{RULES}/rechargement/1"
TIMING = f"{RULES}/timing/1"  # simultaneous triggers: monsters first, then turn order
CONDITION = f"{GAME}/autres-regles/petillement/1"
CANCEL = CONDITION  # « Pétillement »: cancelled effects leave the stack without resolving  # « Condition non remplie »: fizzles
VICTORY = f"{GAME}/ames/remporter-la-partie/2"  # the first player with 4 souls wins
SOUL_VALUE = f"{GAME}/ames/remporter-la-partie/1"  # the soul symbol says how many souls
SOULS_TO_WIN = 4
GLOSSARY = f"{GAME}/glossaire"
DEATH_GLOSSARY = f"{GLOSSARY}/mort"  # damage triggers first, then the death
PENALTY = f"{GLOSSARY}/penalite-de-mort"
EXTRA_ATTACKS = f"{GLOSSARY}/attaques-supplementaires"  # declared in the action phase, stack empty
FINAL_REROLL_FIZZLES = (
    f"{GAME}/regles-pour-les-cartes/cartes-tresor/sacred-heart-dads-lost-coin-the-missing-page"
)

# The turn in one screen (« Structure du tour »): what a player may do in each phase.
TURN = Sequence(
    GAME,
    "tour",
    (
        Phase(
            "demarrage",
            "phase de démarrage",
            (START_PHASE,),
            text_fr="le joueur actif recharge ses objets et son personnage ; les effets de début "
            "de tour se déclenchent ; « Piocher 1 » va sur la pile.",
            allows=frozenset({"butin", "reponse"}),
        ),
        Phase(
            "action",
            "phase d'action",
            (ACTION_PHASE,),
            text_fr="le joueur actif a la priorité : une carte butin, un achat, une attaque, "
            "dans l'ordre qu'il veut.",
            allows=frozenset({"butin", "achat", "attaque", "attaque_supplementaire", "reponse"}),
            limits=(("butin", 1, ACTION_PHASE),),
        ),
        Phase(
            "fin",
            "phase de fin",
            (END_PHASE,),
            text_fr="les effets de fin de tour se déclenchent ; tous les joueurs et monstres sont "
            "soignés ; main réduite à 10 cartes butin ; le tour passe au joueur de gauche.",
            allows=frozenset({"butin", "reponse"}),
        ),
    ),
    (TURN_RULE,),
    actions_fr=(
        ("butin", "jouer une carte butin"),
        ("achat", "acheter (un objet du magasin ou le dessus du paquet trésor, 10 ¢)"),
        ("attaque", "attaquer (un monstre actif ou le dessus du paquet de monstres)"),
        (
            "attaque_supplementaire",
            "faire une attaque supplémentaire (un effet l'oblige ou la permet)",
        ),
        ("reponse", "répondre (carte butin, effet activé ou payant)"),
    ),
    limits=(("attaque", 1, ATTACK), ("achat", 1, BUY)),
    action_rules=(
        ("attaque", ATTACK_ONLY_IN_ACTION),
        ("attaque_supplementaire", EXTRA_ATTACKS),
        ("achat", BUY),
    ),
)
