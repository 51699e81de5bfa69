"""Altered on the model core: the rules it cites, its day and its Dusk, each in one screen.

- `DAY`: the five phases of a day (4.2.a) and what each allows; `reactions` walks it.
- `DUSK`: the steps of the Dusk's daily effect Progress (4.2.4) and the end-of-game check (4.3);
  `dusk` plays them on a core `GameState` (`dusk_state`), reading the scenario with
  `dusk_read`.
- Other procedures: `fleeting`, `night`, `zones`, `effects`, `dependency`, `deck`.

The Adventure is 8 regions in a row, indices 0..7 (3.2.1.b): the Hero Region at 0, the Companion
Region at 7, the six halves of the three Tumult cards in between.  Hero expeditions move 0 -> 7,
companion expeditions 7 -> 0 (7.3.11.a).
"""

from __future__ import annotations

from arbitre.model.core.sequence import Phase, Sequence

GAME = "altered"

STATS = ("foret", "montagne", "eau")
STAT_FR = {"foret": "Forêt", "montagne": "Montagne", "eau": "Eau"}
KINDS = ("heros", "compagnon")
KIND_FR = {"heros": "du héros", "compagnon": "du compagnon"}
LAST = 7  # index of the Companion Region (3.2.1.b: eight regions)


def rid(number: str) -> str:
    return f"{GAME}/{number}"


# The day in one screen (4.2.a): five phases; Reactions are checked at the start of each phase
# and after each daily effect (4.2.b, 4.2.d).
DAY = Sequence(
    GAME,
    "jour",
    (
        Phase(
            "matin",
            "phase du Matin",
            (rid("4.2.1"), rid("4.2.c")),
            text_fr="effets quotidiens du Matin (redresser, piocher, ressources), puis les "
            "Réactions.",
            allows=frozenset({"reaction"}),
        ),
        Phase(
            "midi", "phase de Midi", (rid("4.2.2"), rid("4.2.b")), allows=frozenset({"reaction"})
        ),
        Phase(
            "apres_midi",
            "phase de l'Après-midi",
            (rid("4.2.3"), rid("4.2.f")),
            text_fr="les joueurs jouent à tour de rôle jusqu'à ce que tous aient passé.",
            allows=frozenset({"reaction", "jouer_carte"}),
        ),
        Phase(
            "crepuscule",
            "phase du Crépuscule",
            (rid("4.2.4"), rid("4.2.c")),
            text_fr="effet quotidien Progresser, puis la fin de partie est vérifiée (4.3).",
            allows=frozenset({"reaction", "progresser"}),
        ),
        Phase(
            "nuit",
            "phase de la Nuit",
            (rid("4.2.5"), rid("4.2.c")),
            text_fr="effets quotidiens de la Nuit (repos, nettoyage).",
            allows=frozenset({"reaction"}),
        ),
    ),
    (rid("4.2.a"),),
    actions_fr=(
        ("reaction", "une Réaction se résout"),
        ("jouer_carte", "jouer une carte ou passer à son tour"),
        ("progresser", "effet quotidien Progresser"),
    ),
    action_rules=(("jouer_carte", rid("4.2.3.a")),),
)


OVERVIEW = rid("1.3.2.e")  # the clean statement of the three conditions
TIE_GLOSSARY = f"{GAME}/glossaire/egalite"  # unofficial: Gigantesque characters « comptent double »

# The Dusk in one screen (4.2.4, 4.3): each expedition's statistics, then — outside the
# tiebreakers — each one against the opposite expedition, the successful ones advance together,
# and the end of the game is checked; in the tiebreakers (the Arena) Progress compares instead the
# sums of each player's two expeditions.
DUSK = Sequence(
    GAME,
    "Crépuscule",
    (
        Phase("statistiques", "statistiques des expéditions", (rid("4.2.4.a"), rid("4.2.4.b"))),
        Phase("departages", "départages dans l'Arène", (rid("4.3.h"),)),
        Phase("comparaison", "comparaison aux expéditions opposées", (rid("4.2.4.b"), OVERVIEW)),
        Phase("avancee", "avancée des expéditions réussies", (rid("4.2.4.f"), rid("7.3.11.a"))),
        Phase("fin", "fin de partie", (rid("4.3.a"), rid("4.3.b"))),
    ),
    (rid("4.2.4"),),
)
