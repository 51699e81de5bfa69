"""A trace in French: its result as labelled values, and the whole worked example as Markdown.

`result_items` gives the (label, value) pairs the site shows under « Résultat »; `render_markdown`
writes one worked example as a page section (the site renders its own pages from templates, with
the same labels and anchors).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arbitre.kb.entry import Entry
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.model.core.trace import Trace


def example_anchor(trace: Trace) -> str:
    """The anchor of a worked example on its game's examples page."""
    return f"exemple--{trace.scenario}"


RESULT_LABELS = {
    "speed_levels": "Niveaux de vitesse joués",
    "destroyed": "Détruits",
    "left_play": "Sortis du jeu",
    "damage": "Dommages reçus ce tour",
    "exhausted": "Épuisés à la fin",
    "refused": "Déclarations refusées",
    "no_target": "Sans cible (considérés comme ayant assigné)",
    "default_splits": "Répartitions par défaut du modèle (non données par les joueurs)",
    "damage_events": "Événements de dommages (un par destinataire et par étape F)",
    "influence": "Influence de la faction attaquée",
    "game_lost": "Partie perdue",
    "location": "Lieu",
    "wounds": "Blessures",
    "damage_received": "Dégâts subis",
    "discarded": "Défaussées",
    "resolved": "Effets résolus",
    "not_resolved": "Effets non résolus",
    "status": "Jetons État",
    "placed": "Unités placées",
    "losers": "Joueurs éliminés",
    "winner": "Vainqueur",
    "stats": "Statistiques des expéditions",
    "advanced": "Expéditions qui avancent",
    "failed": "Expéditions qui échouent à avancer",
    "positions": "Régions où se trouvent les expéditions",
    "revealed": "Cartes Tumulte révélées",
    "tiebreak": "Départages",
    "rolls": "Résultat final de chaque jet d'attaque (dé à six faces, après modificateurs et relances)",
    "outcomes": "Touches et ratés",
    "health": "Santé restante",
    "dead": "Morts",
    "attack_lost": "Attaque perdue",
    "rewards": "Récompenses",
    "souls": "Âmes",
    "penalties": "Pénalités de mort payées",
    "turn_ended": "Tour terminé",
    "slot": "Emplacement de monstre",
    "refill": "Rechargement de l'emplacement (cartes révélées, dans l'ordre)",
    "attacks": "Activations d'attaque",
    "step4_damage": "Dégâts subis à l'étape 4",
    "defeated": "Vaincus",
    "statuses_discarded": "Cartes d'état défaussées",
    "statuses": "Cartes d'état restantes",
    "triggered": "Capacités déclenchées",
    "riposte": "Ripostes",
    "refused_by": "Refusé : la règle enfreinte",
    "cancelled": "Annulés (retirés de la pile sans être résolus)",
    "roll_results": "Résultat de chaque jet",
    "zones": "Zone où finit chaque carte",
    "encounter_cards": "Cartes Rencontre attribuées",
    "next_first_player": "Nouveau premier joueur",
    "engaged": "Sbires engagés",
    "encounter_revealed": "Cartes Rencontre révélées, dans l'ordre",
    "legal": "Jeu légal",
    "card_zone": "Zone de la carte à la fin",
    "ready_resources": "Ressources encore prêtes",
    "phases": "Phases, dans l'ordre",
    "actions": "Actions par phase",
    "threat": "Menace sur la manigance principale",
    "excess": "Objets en excès à la fin de la journée",
    "effect_steps": "Étapes de la résolution, dans l'ordre",
    "atomic_actions": "Actions atomiques de chaque étape",
    "card_zones": "Cartes de chaque zone à la fin",
    "played": "Réactions jouées, dans l'ordre",
    "direct_dependencies": "Dépendances directes (capacité : celles dont elle dépend)",
    "dependencies": "Dépendances, fermeture transitive comprise",
    "deck_legal": "Deck légal",
    "zone_kinds": "Nature de chaque zone",
    "became": "Cartes qui « deviennent » Fugaces",
    "card_places": "Place de chaque carte à la fin",
    "revealed_cards": "Cartes révélées à tous les joueurs",
    "looks": "Regarder une carte : permis ou refusé",
    "deck_problems": "Règles de construction non respectées",
}


NESTED_LABELS = {
    "damage": "dommages",
    "destroyed": "détruit",
    "loot": "butin défaussé",
    "cents": "¢ perdu",
    "turn_ended": "tour terminé",
    "heros": "héros",
    "foret": "Forêt",
    "montagne": "Montagne",
    "eau": "Eau",
}


def french_scalar(value: Any) -> str:
    """A scalar as a trace writes it: nothing is « aucun », a truth « oui » or « non »."""
    if value is None:
        return "aucun"
    if isinstance(value, bool):
        return "oui" if value else "non"
    return str(value)


def _value(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{NESTED_LABELS.get(k, k)} : {_value(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_value(v) for v in value)
    return french_scalar(value)


def _empty(value: Any) -> bool:
    return value is None or value == [] or value == {} or value is False


def rule_link(
    rule_id: str, kb: KnowledgeBase | None, href: Callable[[Entry], str] | None = None
) -> str:
    """A Markdown link to the entry when the knowledge base has it and `href` is given, else a label.

    `href` gives the link target of an entry: the model does not know the site's URLs (it sits
    below `site/` in the layers), so the site passes its own, absolute or page-relative.
    """
    entry = kb.get(rule_id) if kb is not None else None
    if entry is None:
        return f"`{rule_id}`"
    if entry.number and "." in entry.number:  # a numbered rule: judges cite it by number
        label = entry.number
    elif entry.title and len(entry.title) <= 40:
        label = entry.title
    else:
        label = entry.local_id
    if href is None:
        return f"`{label}`"
    return f"[{label}]({href(entry)})"


def result_items(trace: Trace) -> list[tuple[str, str]]:
    """The trace's result as (French label, French value) pairs, empty values left out."""
    return [
        (RESULT_LABELS.get(key, key), _value(value))
        for key, value in trace.result.items()
        if not _empty(value)
    ]


def render_markdown(
    trace: Trace,
    kb: KnowledgeBase | None = None,
    href: Callable[[Entry], str] | None = None,
) -> str:
    """The worked example as a Markdown section (French): rulings, numbered steps, result, notes.

    Rule links use `href` (see `rule_link`); the site renders its own page from a template.
    """
    out = [f"## {trace.title} {{: #{example_anchor(trace)} }}", ""]
    for ruling in trace.rulings:
        quote = f" : « {ruling.quote} »" if ruling.quote else ""
        out.append(f"*Reproduit* {rule_link(ruling.id, kb, href)}{quote}")
        out.append("")
    for number, step in enumerate(trace.steps, 1):
        links = ", ".join(rule_link(r, kb, href) for r in step.rule_ids)
        out.append(f"{number}. {step.text_fr} — {links}" if links else f"{number}. {step.text_fr}")
    out.append("")
    out.append("**Résultat**")
    out.append("")
    for label, value in result_items(trace):
        out.append(f"- {label} : {value}")
    for note in trace.notes:
        out.append("")
        out.append(f"!!! note\n    {note}")
    return "\n".join(out) + "\n"
