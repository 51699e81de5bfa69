"""Ashes on the model core: the entry ids its procedures cite, its round and its turn.

The procedures' rules and choices are told in their own modules (damage.py: the damage and
destruction process that the others build on).
"""

from __future__ import annotations

from arbitre.model.core.sequence import Phase, Sequence

GAME = "ashes"
ARENA = "arene"  # the zone of the cards in play (units and the Phoenixborn)
# The zones out of play a scenario may name a card in (`state.out_of_play`).
OUT_OF_PLAY_FR = {"main": "la main", "pioche": "la pioche", "defausse": "la défausse"}
IN_PLAY = f"{GAME}/glossaire/unite"  # a unit is a card placed in a player's arena

# Ids of the entries of the leaflet the procedure applies (part « Dégâts … »).
PROCESS = "ashes/degats/1"  # runs right after the effect has resolved
SEVERAL_TARGETS = "ashes/degats/2"  # the active (or first) player orders the targets
ATTACKS = "ashes/degats/3"  # attack and counter damage use the process too
STEP = {
    "1": "ashes/degats/etape-1",
    "1b": "ashes/degats/etape-1b",
    "2": "ashes/degats/etape-2",
    "2b": "ashes/degats/etape-2b",
    "3": "ashes/degats/etape-3",
    "3b": "ashes/degats/etape-3b",
}
LEFT_PLAY_FIRST = "ashes/clarifications/4"  # a card that left play: its effect does not resolve
# Rulings of the Q/R part that the procedure applies as rules.
NO_REACTION_IN_PREPARE = "ashes/faq/degats-faute-de-pioche-3"  # reactions: player turns only
PREPARE = "ashes/faq/phase-de-preparation"
PLAYER_TURNS = "ashes/faq/phase-de-tours-des-joueurs"
MAIN_AND_SIDE = "ashes/faq/phase-de-tours-des-joueurs-1"
OUTSIDE_TURNS_ORDER = "ashes/faq/fin-de-la-manche-1"  # the first player orders simultaneous events
TURN_ENDS = "ashes/faq/capacites-en-jeu-1"  # the turn ends when the player says so

# The round in one screen.  The FAQ names three phases (the rulebook's recovery is « fin de la
# manche » here); reaction spells are played only in the player turns phase.
ROUND = Sequence(
    GAME,
    "manche",
    (
        Phase(
            "preparation",
            "phase de préparation",
            (PREPARE,),
            text_fr="chaque joueur pioche jusqu'à sa taille de main ; une carte qui ne peut pas "
            "être piochée inflige 1 dégât à son Héritier, en une seule fois.",
            allows=frozenset({"pioche", "evenement"}),
        ),
        Phase(
            "tours",
            "phase de Tours des joueurs",
            (PLAYER_TURNS,),
            text_fr="à tour de rôle, chaque joueur prend une action principale (ou passe) et peut "
            "prendre une action secondaire ; les sorts réactifs se jouent dans cette phase.",
            allows=frozenset({"reaction", "tour"}),
        ),
        Phase(
            "fin",
            "fin de la manche",
            (OUTSIDE_TURNS_ORDER,),
            text_fr="les événements simultanés hors de la phase de Tours des joueurs sont ordonnés "
            "par le joueur qui a le jeton Premier joueur.",
            allows=frozenset({"evenement"}),
        ),
    ),
    (PREPARE, PLAYER_TURNS),
    actions_fr=(
        ("pioche", "piocher jusqu'à sa taille de main"),
        ("tour", "un tour de joueur"),
        ("reaction", "jouer un sort réactif"),
        ("evenement", "un événement simultané à ordonner"),
    ),
    action_rules=(("reaction", NO_REACTION_IN_PREPARE),),
)

# One player's turn in the player turns phase: one main action (passing is one), one side action,
# abilities such as Lancer 1 until the player says the turn is over.
TURN = Sequence(
    GAME,
    "tour",
    (
        Phase(
            "tour",
            "tour du joueur",
            (PLAYER_TURNS, MAIN_AND_SIDE),
            text_fr="une action principale (ou Passer) et une action secondaire, dans l'ordre "
            "voulu ; le tour se termine quand le joueur annonce qu'il est terminé.",
            allows=frozenset({"principale", "passer", "secondaire", "capacite", "reaction"}),
        ),
    ),
    (PLAYER_TURNS,),
    actions_fr=(
        ("principale", "une action principale"),
        ("passer", "Passer (une action principale)"),
        ("secondaire", "une action secondaire"),
        ("capacite", "une capacité hors action (Lancer 1…)"),
        ("reaction", "un sort réactif"),
    ),
    limits=(("principale", 1, MAIN_AND_SIDE), ("secondaire", 1, MAIN_AND_SIDE)),
    counts_as=(("passer", "principale"),),
)
