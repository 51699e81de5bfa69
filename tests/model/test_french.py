"""Every game's phase, step and turn names, rendered with their article in the core's messages:
« pendant le début du tour », « La manche d'Alice », « cette manche », never « la début »."""

from __future__ import annotations

import pytest

from arbitre.model import altered, ashes, marvel_champions, the_spoils
from arbitre.model.altered import night as altered_night
from arbitre.model.altered import zones as altered_zones
from arbitre.model.core.french import cap, gender, of, of_the, que, the, this
from arbitre.model.core.rules import RuleViolation
from arbitre.model.core.sequence import Sequence
from arbitre.model.core.turn import TurnScenario, walk_turn
from arbitre.model.four_souls import TURN as FOUR_SOULS_TURN

SEQUENCES: dict[str, Sequence] = {
    "the-spoils TURN": the_spoils.TURN,
    "the-spoils COMBAT": the_spoils.COMBAT,
    "ashes ROUND": ashes.ROUND,
    "ashes TURN": ashes.TURN,
    "altered DAY": altered.DAY,
    "altered DUSK": altered.DUSK,
    "four-souls TURN": FOUR_SOULS_TURN,
    "marvel-champions ROUND": marvel_champions.ROUND,
}

# (sequence, phase id) -> the phase with its article, as « pendant … » prints it.
PHASES = {
    ("the-spoils TURN", "debut"): "le début du tour",
    ("the-spoils TURN", "pendant"): "la suite du tour",
    ("the-spoils TURN", "fin"): "la fin du tour",
    ("the-spoils COMBAT", "annonce"): "l'annonce",
    ("the-spoils COMBAT", "A"): "l'étape A (tactiques et capacités)",
    ("the-spoils COMBAT", "B"): "l'étape B (niveau de vitesse X)",
    ("the-spoils COMBAT", "C"): "l'étape C (dommages des attaquants)",
    ("the-spoils COMBAT", "D"): "l'étape D (dommages des bloqueurs)",
    ("the-spoils COMBAT", "E"): "l'étape E (tactiques et capacités)",
    ("the-spoils COMBAT", "F"): "l'étape F (application des dommages)",
    ("the-spoils COMBAT", "G"): "l'étape G (répétition)",
    ("the-spoils COMBAT", "H"): "l'étape H (fin)",
    ("ashes ROUND", "preparation"): "la phase de préparation",
    ("ashes ROUND", "tours"): "la phase de Tours des joueurs",
    ("ashes ROUND", "fin"): "la fin de la manche",
    ("ashes TURN", "tour"): "le tour du joueur",
    ("altered DAY", "matin"): "la phase du Matin",
    ("altered DAY", "midi"): "la phase de Midi",
    ("altered DAY", "apres_midi"): "la phase de l'Après-midi",
    ("altered DAY", "crepuscule"): "la phase du Crépuscule",
    ("altered DAY", "nuit"): "la phase de la Nuit",
    ("altered DUSK", "statistiques"): "les statistiques des expéditions",
    ("altered DUSK", "departages"): "les départages dans l'Arène",
    ("altered DUSK", "comparaison"): "la comparaison aux expéditions opposées",
    ("altered DUSK", "avancee"): "l'avancée des expéditions réussies",
    ("altered DUSK", "fin"): "la fin de partie",
    ("four-souls TURN", "demarrage"): "la phase de démarrage",
    ("four-souls TURN", "action"): "la phase d'action",
    ("four-souls TURN", "fin"): "la phase de fin",
    ("marvel-champions ROUND", "joueurs"): "la phase des Joueurs",
    ("marvel-champions ROUND", "mechant"): "la phase du Méchant",
}

# sequence -> (« Le tour d'Alice », « ce tour », « du tour »)
WHOLE = {
    "the-spoils TURN": ("Le tour d'Alice", "ce tour", "du tour"),
    "the-spoils COMBAT": ("Le combat d'Alice", "ce combat", "du combat"),
    "ashes ROUND": ("La manche d'Alice", "cette manche", "de la manche"),
    "ashes TURN": ("Le tour d'Alice", "ce tour", "du tour"),
    "altered DAY": ("Le jour d'Alice", "ce jour", "du jour"),
    "altered DUSK": ("Le Crépuscule d'Alice", "ce Crépuscule", "du Crépuscule"),
    "four-souls TURN": ("Le tour d'Alice", "ce tour", "du tour"),
    "marvel-champions ROUND": ("Le round d'Alice", "ce round", "du round"),
}


def test_the_table_covers_every_phase_of_every_game():
    listed = {(name, p.id) for name, seq in SEQUENCES.items() for p in seq.phases}
    assert listed == set(PHASES)


@pytest.mark.parametrize(("key", "expected"), sorted(PHASES.items()), ids=str)
def test_phase_names_take_their_article(key, expected):
    name, phase_id = key
    assert the(SEQUENCES[name].phase(phase_id).name_fr) == expected


@pytest.mark.parametrize(("name", "expected"), sorted(WHOLE.items()))
def test_turn_names_take_their_article(name, expected):
    noun = SEQUENCES[name].name_fr
    assert (f"{cap(the(noun))} {of('Alice')}", this(noun), of_the(noun)) == expected


@pytest.mark.parametrize("name", sorted(SEQUENCES))
def test_refusals_name_the_phases_with_their_article(name):
    """The refusal of an action in a phase that does not allow it, for every game."""
    seq = SEQUENCES[name]
    for action, _fr in seq.actions_fr:
        allowed = seq.allowing(action)
        for phase in seq.phases:
            if phase in allowed:
                continue
            with pytest.raises(RuleViolation) as info:
                seq.check(action, "l'action", phase.id)
            text = info.value.text_fr
            assert f"pendant {PHASES[(name, phase.id)]} ;" in text
            where = ", ".join(PHASES[(name, p.id)] for p in allowed) or "aucune phase"
            assert text.endswith(f"seulement pendant {where}")
    with pytest.raises(RuleViolation) as info:
        seq.check("x", "l'action", "inconnue")
    assert f"n'est pas une phase {WHOLE[name][2]} " in info.value.text_fr


def test_the_turn_walker_says_la_manche_d_alice():
    sc = TurnScenario("x", "titre", [], ["Alice", "Bruno"], "Alice")
    trace = walk_turn(ashes.ROUND, "ashes", sc)
    assert trace.steps[0].text_fr.startswith("La manche d'Alice : phase de préparation,")
    trace = walk_turn(the_spoils.TURN, "the-spoils", sc)
    assert trace.steps[0].text_fr.startswith("Le tour d'Alice : début du tour,")


def test_the_turn_walker_says_cette_manche_for_a_restriction():
    restricted = Sequence(
        "x", "manche", ashes.ROUND.phases, ("x/r",), restrictions=(("c", "a", "x/c", "il pleut"),)
    )
    sc = TurnScenario("x", "titre", [], ["Alice"], "Alice", conditions=["c"])
    texts = [s.text_fr for s in walk_turn(restricted, "x", sc).steps]
    assert "Tant qu'il pleut, a est interdit cette manche." in texts


def test_an_unknown_head_noun_is_an_error_not_a_guess():
    with pytest.raises(KeyError, match="intermède"):
        gender("intermède du tour")


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Alice", "d'Alice"),
        ("Bruno", "de Bruno"),
        ("Isaac", "d'Isaac"),
        ("Héraut", "de Héraut"),
        ("Le Casse", "du Casse"),
        ("Les Démolisseurs", "des Démolisseurs"),
        ("La Veuve Noire", "de La Veuve Noire"),
        ("Léa", "de Léa"),
    ],
)
def test_of_elides_before_a_vowel_not_before_an_aspirated_h(name, expected):
    assert of(name) == expected


def test_zone_names_take_their_article():
    """« vers le Deck », « vers l'Aventure », never « la Aventure »."""
    zones = {**altered_zones.ZONE_FR, **altered_night.ZONE_FR}
    zones.pop("hors_jeu")  # « n'existe plus »: a state, never after an article
    expected = {
        "expedition": "la zone d'Expédition",
        "aventure": "l'Aventure",
        "limbo": "le Limbo",
        "deck": "le Deck",
        "main": "la Main",
        "heros": "la Zone du Héros",
        "repere": "la Zone du Repère",
        "mana": "la Zone de Mana",
        "reserve": "la Réserve",
        "defausse": "la pile de Défausse",
    }
    assert {key: the(name) for key, name in zones.items()} == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [("Yum Heart", "que Yum Heart"), ("Yves", "qu'Yves"), ("Héritier", "qu'Héritier")],
)
def test_que_elides_but_not_before_a_consonant_y(text, expected):
    assert que(text) == expected
