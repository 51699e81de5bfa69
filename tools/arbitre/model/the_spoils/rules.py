"""The Spoils on the model core: the rules it cites, its turn and its combat, each in one screen.

- `TURN`: the turn (602, 603, 610) — what each phase allows; `turn` walks it.
- `COMBAT`: the steps of a combat (608.1 announcement, 609.1a-h resolution by speed levels);
  `combat` plays them on a core `GameState` (`combat_state`), reading the scenario with
  `combat_read`; the tactics windows are `combat_tactics`, the assignment and application of
  damage `combat_damage`.
- Other procedures: `play` (playing a card), `costs`, `pick`, `events` (its scenario read by
  `events_read`), `triggers`.
"""

from __future__ import annotations

from arbitre.model.core.sequence import Phase, Sequence

GAME = "the-spoils"


def rid(number: str) -> str:
    return f"{GAME}/{number}"


# « Le combat expliqué »: the commentary paragraphs the procedure applies.
CE = f"{GAME}/combat-explique"
CE_BLOCKERS = f"{CE}/bloqueurs/commentaire"  # blockers are not exhausted when declared
CE_A = f"{CE}/a-tactiques-et-capacites/commentaire"  # removed at A: no damage
CE_LEVEL = f"{CE}/b-niveau-de-vitesse/commentaire"  # X over all characters of the combat
CE_C = f"{CE}/c-assigner-les-dommages-de-l-attaquant/commentaire"  # STR caps the assignment
CE_D = f"{CE}/d-assigner-les-dommages-des-bloqueurs/commentaire"  # blockers hit attackers only
CE_E = f"{CE}/e-tactiques-et-capacites/commentaire"  # assigned damage survives its source
CE_F = f"{CE}/f-application-des-dommages/commentaire"  # removed recipients take nothing
CE_REPEAT = f"{CE}/repetition/commentaire"  # levels descend; late additions still act
CE_END = f"{CE}/fin/commentaire"  # blockers are exhausted too
CE_NO_TARGET = f"{CE}/fin/citation-2"  # no target left: counts as assigned
INTRO_DAMAGE = f"{GAME}/intro/combat-resoudre-les-dommages"  # blockers dead: hit the target
FAQ_LIFE_0 = f"{GAME}/faq/9"
UNBLOCKABLE = f"{GAME}/413.1-bis"  # printed « 413.1 » under 412 Inblocabilité

# The turn in one screen (602, 603, 610): the start is one event, then the active player acts in
# any order, then the turn ends once the opponent has answered.
# Actions either player may take whenever a capacity or a response is allowed (FAQ 3, 502.3,
# 607.1), or while an effect that allows them resolves (204.1, 206.1, 207.1).
ANY_TIME = frozenset({"capacite_faction", "tactique", "tactical", "jouer_par_effet"})
TACTICS_CLOSED = "un effet résolu ce tour a fermé la fenêtre des tactiques pour le tour complet"
TURN = Sequence(
    GAME,
    "tour",
    (
        Phase(
            "debut",
            "début du tour",
            (rid("602.1"), rid("602.1a"), rid("602.1b"), rid("602.1c"), rid("602.2")),
            text_fr="un seul événement : les dommages des personnages reviennent à 0, les effets "
            "« ce tour » s'arrêtent, les cartes du joueur actif peuvent attaquer ; les "
            "déclencheurs « au début de ce tour » s'activent, le joueur actif les ordonne. La "
            "règle de développement de sa faction lui permet de piocher OU de jouer une ressource "
            "(202.8).",
            allows=frozenset({"developper_pioche", "developper_ressource", "developpement"}),
            limits=(("developpement", 1, rid("202.8")),),
        ),
        Phase(
            "pendant",
            "suite du tour",
            (rid("603.1"), rid("603.2")),
            text_fr="le joueur actif joue des cartes, utilise des capacités et attaque, dans "
            "l'ordre qu'il veut et autant de fois qu'il le veut ; l'adversaire peut répondre "
            "(607.1).",
            allows=frozenset(
                {"jouer_carte", "capacite", "attaque", "fin_du_tour", "reponse"} | ANY_TIME
            ),
        ),
        Phase(
            "fin",
            "fin du tour",
            (rid("610.1"), rid("610.1a")),
            text_fr="le tour ne finit qu'après les réponses de l'adversaire ; les déclencheurs "
            "de fin de tour se produisent alors.",
            allows=frozenset({"reponse"} | ANY_TIME),
        ),
    ),
    (rid("603.2"),),
    actions_fr=(
        ("jouer_carte", "jouer une carte (604)"),
        ("capacite", "utiliser une capacité (606)"),
        ("attaque", "attaquer (608)"),
        ("fin_du_tour", "annoncer la fin de son tour"),
        ("reponse", "répondre : une tactique ou une capacité (607)"),
        ("developper_pioche", "piocher une carte (règle de développement, 202.8)"),
        ("developper_ressource", "jouer une ressource (règle de développement, 202.8)"),
        (
            "capacite_faction",
            "utiliser une capacité de faction : piocher, jouer une ressource (502.3)",
        ),
        ("tactique", "jouer une tactique (205.1)"),
        ("tactical", "jouer une carte « lorsque vous pouvez jouer une tactique » (507.6a)"),
        (
            "jouer_par_effet",
            "jouer une carte pendant la résolution d'un effet qui le permet (204.1)",
        ),
        ("developpement", "la règle de développement (202.8)"),
    ),
    limits=(("fin_du_tour", 1, rid("603.2d")),),
    counts_as=(
        ("developper_pioche", "developpement"),
        ("developper_ressource", "developpement"),
    ),
    restrictions=(
        ("tactiques_fermees", "tactique", rid("faq/2"), TACTICS_CLOSED),
        ("tactiques_fermees", "tactical", rid("507.6a"), TACTICS_CLOSED),
    ),
)
# The actions only the active player takes (603.2); the other player responds (607.1).
ACTIVE_ONLY = frozenset(
    {"jouer_carte", "attaque", "fin_du_tour", "developper_pioche", "developper_ressource"}
)


# The combat in one screen (608.1, 609.1): the attack is announced and the parties formed; then
# steps A to G are played at the highest speed level X of the characters that have not assigned
# their damage yet, again and again (G) until none is left; then H.
COMBAT = Sequence(
    GAME,
    "combat",
    (
        Phase("annonce", "annonce", (rid("608.1a"), rid("608.1b"), rid("608.1d"))),
        Phase("A", "étape A (tactiques et capacités)", (rid("609.1a"),)),
        Phase("B", "étape B (niveau de vitesse X)", (rid("609.1b"), CE_LEVEL)),
        Phase("C", "étape C (dommages des attaquants)", (rid("609.1c"), CE_C)),
        Phase("D", "étape D (dommages des bloqueurs)", (rid("609.1d"), CE_D)),
        Phase("E", "étape E (tactiques et capacités)", (rid("609.1e"),)),
        Phase("F", "étape F (application des dommages)", (rid("609.1f"),)),
        Phase("G", "étape G (répétition)", (rid("609.1g"),)),
        Phase("H", "étape H (fin)", (rid("609.1h"), CE_END)),
    ),
    (rid("608.1"), rid("609.1")),
)
