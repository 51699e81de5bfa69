"""Worked examples as the site shows them: each trace with its scenario's starting position.

The rules model (arbitre.model.examples) runs the scenarios into traces; a trace says what
happened, not the position it started from.  The position is the scenario's `state` and `actions`,
as written in its YAML file: `describe_setup` turns that data into a nested French list (keys and
the few English codes the scenarios use are translated; names and French text are kept).

`load_examples(kb)` does the I/O (running the scenarios, reading their files); everything else
here is pure, so the page builder (pages.py) can take a hand-made list in tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

from arbitre.kb.knowledge import KnowledgeBase
from arbitre.model.core.trace import Trace
from arbitre.model.examples import worked_examples
from arbitre.model.files import scenario_path
from arbitre.site.text import escape_inline


@dataclass(frozen=True)
class WorkedExample:
    trace: Trace
    # The scenario as written: {"state": {…}, "actions": {…}} (either may be missing).
    setup: dict[str, Any] = field(default_factory=dict)

    @property
    def file(self) -> str:
        return scenario_file(self.trace)


def scenario_file(trace: Trace) -> str:
    return f"{trace.game}--{trace.scenario}.yaml"


def load_examples(kb: KnowledgeBase) -> list[WorkedExample]:
    """Every shipped worked example of the games of `kb`, with its scenario's position."""
    examples = []
    for trace in worked_examples(kb):
        path = scenario_path(f"{trace.game}--{trace.scenario}")
        data = yaml.safe_load(path.read_text(encoding="utf-8")) if path.is_file() else {}
        setup = {k: data[k] for k in ("state", "actions") if isinstance(data.get(k), dict)}
        examples.append(WorkedExample(trace, setup))
    return examples


PROCEDURE_LABELS = {
    "combat": "combat",
    "degats": "résolution des dégâts",
    "pioche": "dégâts faute de pioche",
    "crepuscule": "Crépuscule",
    "attaque": "attaque",
    "tour": "tour de jeu",
    "pile": "la pile",
    "fugace": "Limbo et Fugace",
    "phase_du_mechant": "phase du Méchant",
    "manche": "manche",
    "jouer_carte": "jouer une carte",
    "revelation": "révélation de cartes Rencontre",
    "effet_joueur": "effets d'un joueur : dégâts et menace",
    "paiement": "payer un coût avec des ressources",
}

# --- the starting position in French --------------------------------------------------------------

KEY_LABELS = {
    # shared
    "name": "nom",
    "players": "Joueurs",
    "active_player": "Joueur actif",
    "first_player": "Premier joueur",
    "target": "cible",
    "targets": "cibles",
    "cards": "Cartes",
    "card": "carte",
    "controller": "contrôleur",
    "kind": "type",
    "effect": "effet",
    "amount": "quantité",
    "source": "source",
    "text": "texte",
    "value": "valeur",
    "triggers": "Capacités à déclenchement",
    "ability": "capacité",
    "when": "déclenchement",
    "subject": "sujet",
    "order": "ordre choisi",
    "attack": "attaque",
    "attacks": "Attaques",
    "player": "joueur",
    "result": "résultat",
    "ruling": "décision appliquée",
    "keywords": "mots-clés",
    "statuses": "cartes d'état",
    # The Spoils
    "faction": "Faction attaquée",
    "influence": "Influence",
    "attackers": "Attaquants",
    "blockers": "Bloqueurs",
    "strength": "Force",
    "speed": "Vitesse",
    "damage": "dommages",
    "location": "Lieu",
    "structure": "Structure",
    "covert": "à couvert",
    "unblockable": "ne peut être bloqué",
    "controlled_since_turn_start": "contrôlé depuis le début du tour",
    "tactics": "Tactiques et capacités jouées",
    "round": "round",
    "window": "fenêtre",
    "side": "camp",
    "character": "personnage",
    "assign": "Dommages assignés",
    # Ashes
    "wounds": "blessures",
    "caused_by_you": "causé par vous",
    "conjuration": "conjuration",
    "hand": "cartes en main",
    "draw_pile": "cartes dans la pioche",
    "hand_size": "Taille de main",
    "battlefield": "taille du champ de bataille",
    "from_hand": "depuis la main",
    "by_self": "par elle-même",
    # Altered
    "adventure": "Aventure",
    "types": "types",
    "foret": "Forêt",
    "montagne": "Montagne",
    "eau": "Eau",
    "tumult": "Tumulte",
    "face_down": "face cachée",
    "heros": "expédition du héros",
    "compagnon": "expédition du compagnon",
    "position": "région",
    "characters": "personnages",
    "gigantesque": "Gigantesque",
    "defenseur": "Défenseur",
    "boosts": "boosts",
    "arena": "arène",
    # Four Souls
    "health": "santé",
    "cents": "¢",
    "loot": "butin",
    "items": "objets",
    "eternal": "éternel",
    "monster": "Monstre",
    "evasion": "évasion",
    "boss": "boss",
    "reward": "récompense",
    "tresor": "trésor",
    "butin": "butin",
    "souls": "âmes",
    "rolls": "Jets de dés",
    "die": "dé",
    "modifiers": "modificateurs",
    "reroll": "relance",
    "final_reroll": "relance finale",
    "deck": "paquet",
    "cannot_be_attacked": "ne peut pas être attaqué",
    "kills_on_death": "tue à sa mort",
    # Marvel Champions
    "identity": "identité",
    "hp": "PV",
    "def": "DEF",
    "atk": "ATQ",
    "riposte": "Riposte",
    "allies": "alliés",
    "enemies": "Ennemis",
    "interrupts": "interruptions",
    "enemy": "ennemi",
    "defender": "défenseur",
    "boost": "cartes boost",
    "icons": "icônes de boost",
    "flip_atk": "ATQ après retournement",
    "flip_name": "nom après retournement",
    "pris_dans_la_toile": "Pris dans la Toile",
    "target_character": "personnage ciblé",
    "form": "forme",
    "vilenie": "Vilenie",
    "sch": "MNG",
    "threat": "Menace sur la manigance principale",
    "cause": "cause",
    "by": "attaques de",
    # the engine (#16)
    "phase": "phase",
    "timing": "moment",
    "plays": "cartes jouées",
    "night": "puis la Nuit (Repos)",
    "fugace": "capacité Fugace",
    "from": "depuis",
    "acceleration": "accélération",
    "hazard": "icônes d'aléas",
    "engaged_with": "engagé avec",
    "resources": "ressources",
    "cost": "coût",
    "threshold": "seuil",
    "responses": "réponses",
    "opponent": "adversaire",
    "defenders": "défenseurs",
    "dealt": "cartes attribuées",
    # Marvel Champions: a player's effects, payments, encounter cards (#16)
    "user": "utilisé par",
    "tokens": "menace",
    "with_threat": "avec la menace",
    "attachments": "attachements",
    "attach": "attache",
    "max_per_character": "max par personnage",
    "first_ally_reduction": "réduction du premier allié du round",
    "ally": "allié",
    "traits": "traits",
    "consequential": "dégâts consécutifs",
    "hp_modifiers": "modificateurs de PV",
    "next_stage_hp": "PV du stade suivant",
    "schemes": "manigances",
    "main": "manigance principale",
    "crisis": "icônes de crise",
    "in_play": "capacités en jeu",
    "damage_each": "dégâts en plus à chaque occurrence",
    "threat_each": "menace retirée en plus à chaque occurrence",
    "of": "pour les effets",
    "type": "type",
    "scheme": "manigance",
    "stun": "sonne",
    "reduce": "réduit de",
    "remove": "retire",
    "setup": "pendant la mise en place",
    "effects": "effets joués",
    "labels": "mentions",
    "separate_attacks": "attaques séparées",
    "simultaneous": "simultané",
    "distinct_targets": "cibles différentes",
    "one_scheme": "une seule manigance",
    "ignores_tough_if": "ignore Tenace avec le trait",
    "occurrences": "occurrences",
    "extra": "supplémentaires",
    "move_damage": "dégâts déplacés",
    "remove_threat": "menace retirée",
    "prevent_threat": "menace prévenue",
    "incoming": "menace censée être placée",
    "place_threat": "menace placée",
    "scheme_enters": "manigance annexe qui entre en jeu",
    "end_modifier": "fin du modificateur",
    "heal": "soin",
    "discard_status": "cartes d'état défaussées",
    "discard": "pile de défausse (dessus d'abord)",
    "abilities": "capacités de ressource",
    "bonus_affinity": "ressource en plus pour l'affinité",
    "copies_discard_top": "copie le dessus de la défausse",
    "affinity_only": "pour une carte d'affinité seulement",
    "payments": "paiements",
    "affinity": "affinité",
    "reduction": "réduction",
    "using": "avec",
    "spend_only": "ne dépenser que",
    "if_only": "condition : que des ressources",
    "attach_to_hero": "s'attache au héros",
    "cancelled_by": "icônes annulées par",
}
# Life is « Endurance » in The Spoils, hit points elsewhere.
GAME_KEY_LABELS = {
    "the-spoils": {"life": "Endurance"},
    "ashes": {"life": "points de vie", "attack": "attaque"},
    "four-souls": {"attack": "attaque", "target": "cible"},
    "marvel-champions": {"damage": "dégâts"},
}
DEFAULT_LIFE = "points de vie"

# The English codes of the scenario files (never a card or player name).
VALUE_LABELS = {
    "faction": "la faction",
    "location": "le lieu",
    "attackers": "attaquants",
    "blockers": "bloqueurs",
    "add": "ajoute un personnage au combat",
    "change_control": "prend le contrôle d'un personnage",
    "destroy": "détruit",
    "return_to_hand": "renvoie en main",
    "strength": "modifie la Force",
    "life": "modifie l'Endurance",
    "location_changes_control": "le lieu change de contrôleur",
    "damage_attacker": "inflige des dégâts à l'attaquant",
    "damage_defender": "inflige des dégâts au défenseur",
    "flip": "retournement",
    "draw": "pioche",
    "unit": "unité",
    "phoenixborn": "Héritier",
    "conjure": "conjuration",
    "damage": "dégâts",
    "status": "jeton État",
    "wounds": "blessures",
    "mechant": "méchant",
    "sbire": "sbire",
    "sonne": "Sonné",
    "deferlement": "Déferlement",
    "damaged": "quand elle subit des dégâts",
    "destroyed": "quand une unité est détruite",
    "leaves_play": "quand elle quitte le jeu",
    "self": "elle-même",
    "subject": "le sujet",
    "any_unit": "une unité",
    "opponent_unit": "une unité adverse",
    "unit_you_control": "une unité que vous contrôlez",
    "foret": "Forêt",
    "montagne": "Montagne",
    "eau": "Eau",
    # Four Souls, Marvel Champions, the phases of the engine (#16)
    "monstre": "un monstre actif",
    "paquet": "le dessus du paquet de monstres",
    "avant_modificateurs": "en réponse, modificateurs encore sur la pile",
    "apres_modificateurs": "après la résolution des modificateurs",
    "heros": "héros",
    "alter_ego": "alter ego",
    "effet": "un effet de carte",
    "phase_du_mechant": "la phase du Méchant",
    "ennemi": "n'importe quel ennemi",
    "percant": "Perçant",
    "a_distance": "À distance",
    "tenace": "Tenace",
    "desoriente": "Désorienté",
    "tough": "Tenace",
    "preparation": "phase de préparation",
    "tours": "phase de Tours des joueurs",
    "action": "phase d'action",
    "demarrage": "phase de démarrage",
    "fin": "phase de fin",
    # Marvel Champions: a player's effects, payments, encounter cards (#16)
    "identite": "identité",
    "allie": "allié",
    "pouvoir_de_base": "pouvoir de base",
    "evenement": "événement",
    "capacite": "capacité",
    "attaque": "attaque",
    "contre": "contre",
    "interruption": "Interruption",
    "reponse": "Réponse",
    "attaque_et_vainc_sbire": "quand il attaque et vainc un sbire",
    "degats_heros": "quand un héros est censé subir des dégâts",
    "manigance_dejouee": "quand la manigance est déjouée",
    "menace_placee": "quand de la menace est placée",
    "garde": "Garde",
    "patrouille": "Patrouille",
    "energie": "Énergie",
    "mentale": "Mentale",
    "physique": "Physique",
    "libre": "Libre",
    "agressivite": "Agressivité",
    "justice": "Justice",
    "commandement": "Commandement",
    "protection": "Protection",
    "attachement": "attachement",
    "traitrise": "traîtrise",
    "renfort": "Renfort",
    "coup_rapide": "Coup Rapide",
}
# Keys whose value names the item: it heads the line.
NAME_KEYS = ("name", "card", "enemy", "player")


def _key(key: Any, game: str) -> str:
    text = str(key)
    label = GAME_KEY_LABELS.get(game, {}).get(text) or KEY_LABELS.get(text)
    if label is None and text == "life":
        label = DEFAULT_LIFE
    return label or text


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _scalar(value: Any) -> str:
    if value is None:
        return "aucun"
    if isinstance(value, bool):
        return "oui" if value else "non"
    if isinstance(value, str):
        return VALUE_LABELS.get(value, value)
    return str(value)


def _is_scalar(value: Any) -> bool:
    return not isinstance(value, dict | list)


def _head(value: dict[str, Any]) -> tuple[str | None, str | None]:
    """The key and text of the field that names a mapping (« name », else « card »…)."""
    for k in NAME_KEYS:
        if isinstance(value.get(k), str):
            return k, value[k]
    return None, None


def _inline(value: Any, game: str) -> str | None:
    """One line of plain text for a simple value, else None (it needs a nested list).

    A mapping reads « Name (field : value, flag, …) »; a list of names « A, B »; a list of
    one-field mappings « dé : 5 ; dé : 4 ».  A list of richer mappings needs a nested list.
    """
    if not isinstance(value, dict | list):
        return _scalar(value)
    if isinstance(value, list):
        if any(isinstance(v, dict) and len(v) > 1 for v in value):
            return None
        parts = [_inline(v, game) for v in value]
        if any(p is None for p in parts):
            return None
        # « dé : 5 ; dé : 4 », but « Alice, Bruno » for mappings that hold only a name.
        unnamed = any(isinstance(v, dict) and _head(v)[0] is None for v in value)
        return (" ; " if unnamed else ", ").join(p for p in parts if p is not None) or "aucun"
    name_key, name = _head(value)
    fields: list[str] = []
    for k, v in value.items():
        if k == name_key:
            continue
        text = _inline(v, game)
        if text is None:
            return None
        if v is True:
            fields.append(_key(k, game))
        elif isinstance(v, dict) and _head(v)[0] is None:
            fields.append(f"{_key(k, game)} ({text})")
        else:
            fields.append(f"{_key(k, game)} : {text}")
    # A field holding a list (« types : Forêt, Eau ») makes commas ambiguous: fields take « ; ».
    listed = any(isinstance(v, list) and len(v) > 1 for v in value.values())
    body = (" ; " if listed else ", ").join(fields)
    if name is None:
        return body or "aucun"
    return f"{name} ({body})" if body else name


def _mapping_lines(first: str, value: dict[str, Any], game: str, indent: str) -> list[str]:
    """« - first Name (simple fields) » then one nested line per field that needs its own list."""
    name_key, name = _head(value)
    rest = {k: v for k, v in value.items() if k != name_key}
    simple = {k: v for k, v in rest.items() if _inline(v, game) is not None}
    nested = {k: v for k, v in rest.items() if k not in simple}
    simple_text = escape_inline(_inline(simple, game) or "") if simple else ""
    if name is not None:
        head = f"**{escape_inline(name)}**" + (f" — {simple_text}" if simple_text else "")
    elif first:
        head = f"({simple_text})" if simple_text else ""
    elif simple_text:
        head = simple_text
    else:  # nothing heads the item: its fields stand alone
        return [line for k, v in nested.items() for line in _field_lines(k, v, game, indent)]
    if not head:  # « - expédition du héros : » and its nested lines
        first = first.rstrip().removesuffix(" :") + " :"
    lines = [f"{indent}- {first}{head}".rstrip()]
    for k, v in nested.items():
        lines += _field_lines(k, v, game, indent + "    ")
    return lines


def _item_lines(value: Any, game: str, indent: str) -> list[str]:
    """Markdown list lines (already escaped) for one item of a list."""
    text = _inline(value, game)
    if text is not None:
        return [f"{indent}- {escape_inline(text)}"]
    if isinstance(value, list):
        return [line for v in value for line in _item_lines(v, game, indent)]
    return _mapping_lines("", value, game, indent)


def _field_lines(key: Any, value: Any, game: str, indent: str) -> list[str]:
    """« - Label : value », or « - Label : » and a nested list."""
    label = escape_inline(_key(key, game))
    text = _inline(value, game)
    if text is not None:
        return [f"{indent}- {label} : {escape_inline(text)}"]
    if isinstance(value, dict):
        if _head(value)[0] is None:  # « expédition du héros (région : 0) » and its lists
            return _mapping_lines(f"{label} ", value, game, indent)
        return _mapping_lines(f"{label} : ", value, game, indent)
    lines = [f"{indent}- {label} :"]
    for v in value:
        lines += _item_lines(v, game, indent + "    ")
    return lines


# Fields for the model only: « ruling » names the KB entry a card's behaviour comes from, which
# the example already shows under « Reproduit ».
HIDDEN_KEYS = {"ruling"}


def _visible(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _visible(v) for k, v in value.items() if k not in HIDDEN_KEYS}
    if isinstance(value, list):
        return [_visible(v) for v in value]
    return value


def describe_setup(data: dict[str, Any], game: str) -> list[str]:
    """A scenario's `state` or `actions` as Markdown list lines (French, escaped), in file order."""
    lines: list[str] = []
    for key, value in _visible(data).items():
        top = _field_lines(key, value, game, "")
        lines += [_capital(top[0][:2]) + _capital(top[0][2:]), *top[1:]]
    return lines
