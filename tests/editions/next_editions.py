"""Plausible next editions of the real sources, made by scripted edits (issue #22).

Each function takes today's source text and returns the next edition's; every edit names the
printed line it starts from, so that a change to the checked-in source fails loudly here rather
than producing an edition that edits nothing.  `project` copies what an edition touches into a
scratch root: the content, the glossaries, mkdocs.yml and the rules model's scenario files.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SPOILS = "the-spoils"
MARVEL = "marvel-champions"
ASHES = "ashes"
ALTERED = "altered"


def project(root: Path) -> Path:
    """A scratch project with the real content (and the scenarios an edition carries)."""
    for name in ("content", "glossary"):
        shutil.copytree(REPO / name, root / name)
    shutil.copy(REPO / "mkdocs.yml", root / "mkdocs.yml")
    (root / "site_src").mkdir(exist_ok=True)
    model = REPO / "tools" / "arbitre" / "model"
    for path in model.rglob("*.yaml"):
        if "scenarios" in path.relative_to(model).parts or path.name == "not-reproduced.yaml":
            target = root / "tools" / "arbitre" / "model" / path.relative_to(model)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, target)
    return root


def source_path(root: Path, game: str) -> Path:
    """The current source file of `game` under `root` (the only .txt before any edition)."""
    import yaml

    editions = yaml.safe_load((root / "content" / game / "editions.yaml").read_text("utf-8"))
    return root / "content" / game / "sources" / editions["editions"][-1]["source"]


def _index(lines: list[str], start: str) -> int:
    found = [i for i, line in enumerate(lines) if line.replace("\u00a0", " ").startswith(start)]
    assert len(found) == 1, f"{start!r}: {len(found)} lines start so"
    return found[0]


def _edit(text: str, start: str, replace: str | None = None, by: str = "") -> str:
    lines = text.split("\n")
    i = _index(lines, start)
    assert replace is None or replace in lines[i], f"{replace!r} not on the line {start!r}"
    lines[i] = lines[i].replace(replace, by, 1) if replace is not None else by
    return "\n".join(lines)


def insert_step(text: str) -> str:
    """The Spoils: a step « Préparation » inserted as 608.1d; Bloqueurs becomes 608.1e and
    Résolution 608.1f (the numbered procedure renumbered)."""
    text = _edit(text, "608.1eRésolution", "608.1e", "608.1f")
    text = _edit(text, "608.1dBloqueurs", "608.1d", "608.1e")
    lines = text.split("\n")
    i = _index(lines, "608.1eBloqueurs")
    lines.insert(
        i,
        "608.1dPréparation  Chaque joueur défenseur peut révéler une carte de sa main avant de "
        "choisir ses bloqueurs.",
    )
    return "\n".join(lines)


def date_rules(text: str) -> str:
    """The Spoils: the compilation says its comprehensive rules are those of 15 June 2014."""
    lines = text.split("\n")
    i = _index(lines, "sont écrites en date du 31 Décembre 2013")
    lines[i] = re.sub(r"31\s+Décembre\s+2013", "15 Juin 2014", lines[i], count=1)
    assert "15 Juin 2014" in lines[i]
    return "\n".join(lines)


def version_guide(text: str) -> str:
    """Marvel Champions: the guide prints « VERSION 1.5 » under its title."""
    return _edit(text, "## VERSION 1.4", "1.4", "1.5")


def reword_rule(text: str) -> str:
    """The Spoils 202.9: a Faction is now affected by effects that name factions."""
    return _edit(
        text,
        "202.9 Une Faction n’est pas affectée",
        "Une Faction n’est pas affectée par les effets",
        "Une Faction n’est jamais affectée par les effets, pas même ceux des lieux,",
    )


def retire_rule(text: str) -> str:
    """The Spoils 202.9a removed (a ruling, faq/15, is about it)."""
    lines = text.split("\n")
    i = _index(lines, "202.9aCeci veut dire")
    assert lines[i + 1].replace("\u00a0", " ").startswith("ne soit explicitement indiqué")
    del lines[i : i + 2]
    return "\n".join(lines)


def rename_heading(text: str) -> str:
    """Marvel Champions: the glossary term « ALLIÉ » becomes « ALLIÉ JOUEUR » (its slug, its id,
    and the corrections keyed to it move)."""
    return _edit(text, "### ALLIÉ", "### ALLIÉ", "### ALLIÉ JOUEUR")


def rename_intro_heading(text: str) -> str:
    """The Spoils: the introduction's heading « But du jeu » becomes « Le but du jeu » (its id
    moves from intro/but-du-jeu to intro/le-but-du-jeu and the old id is free)."""
    return _edit(text, "But du jeu", "But du jeu", "Le but du jeu")


def change_erratum(text: str) -> str:
    """Marvel Champions: the erratum of Alerte (Docteur Strange, 21) now reduces by 2."""
    return _edit(
        text,
        "Il devrait être écrit : « **Interruption** : quand un héros est censé subir",
        "réduisez de 1 cette quantité",
        "réduisez de 2 cette quantité",
    )


def add_faq_answer(text: str) -> str:
    """Marvel Champions: a new question and answer under « MODE CAMPAGNE »."""
    lines = text.split("\n")
    i = _index(lines, "### MODE CAMPAGNE")
    lines[i + 1 : i + 1] = [
        "",
        "**Q : Puis-je changer de héros entre deux scénarios d'une campagne ?**",
        "",
        "R : Oui, sauf si les règles de la campagne indiquent le contraire. Les cartes gagnées "
        "restent acquises au joueur, quel que soit le héros qu'il incarne ensuite.",
    ]
    return "\n".join(lines)


def fix_ocr_word(text: str) -> str:
    """Ashes: the publisher's new scan prints « dégâts » where the OCR read « dégdts »."""
    return _edit(text, "processus de résolution des dégdts", "dégdts", "dégâts")


def insert_draw_rule(text: str) -> str:
    """Altered: a rule inserted as 7.3.5.a under « Piocher »; the definition the glossary term
    « Piocher » quotes becomes 7.3.5.b."""
    text = _edit(text, "7.3.5.a Piocher [X cartes]", "7.3.5.a", "7.3.5.b")
    lines = text.split("\n")
    i = _index(lines, "7.3.5.b Piocher [X cartes]")
    lines[i:i] = [
        "7.3.5.a Un joueur qui doit piocher dans un Deck vide n'en pioche aucune carte.",
        "",
    ]
    return "\n".join(lines)


def _retire(text: str, start: str, *renumbered: tuple[str, str, str]) -> str:
    """The two lines from the one that starts with `start` removed, and each later sibling
    (the line it starts with, its number, its new number) renumbered."""
    lines = text.split("\n")
    i = _index(lines, start)
    del lines[i : i + 2]
    text = "\n".join(lines)
    for line, number, new in renumbered:
        text = _edit(text, line, number, new)
    return text


def retire_staple_list(text: str) -> str:
    """The Spoils: 203.5a (the five staple resources, which define the glossary's Cupidité and
    its siblings) removed, 203.5b and 203.5c printed 203.5a and 203.5b."""
    return _retire(
        text,
        "203.5aLes cinq ressources de base",
        ("203.5bVous pouvez inclure", "203.5b", "203.5a"),
        ("203.5cChaque ressource de base", "203.5c", "203.5b"),
    )


def retire_morning_step(text: str) -> str:
    """Altered: the Morning's step « Préparer » (4.2.1.c) removed, « Piocher » and « Étendre »
    printed 4.2.1.c and 4.2.1.d; each of the three has a label in the corrections."""
    return _retire(
        text,
        "4.2.1.c Préparer",
        ("4.2.1.d Piocher", "4.2.1.d", "4.2.1.c"),
        ("4.2.1.e Étendre", "4.2.1.e", "4.2.1.d"),
    )


def insert_attack_question(text: str) -> str:
    """Ashes: a question inserted first under « Attaquer »; the one that was faq/attaquer-1, whose
    lost links a correction notes, becomes faq/attaquer-2."""
    lines = text.split("\n")
    i = _index(lines, "Q:Quel est l'ordre exact des étapes de résolution pour")
    lines[i:i] = [
        "Q:Puis-je attaquer avec une unité épuisée?",
        "",
        "R: Non. Une unité épuisée ne peut pas attaquer.",
        "",
    ]
    return "\n".join(lines)


def write_next(root: Path, game: str, *edits, name: str) -> Path:
    """Apply `edits` to the current source of `game` and write the result beside the project."""
    text = source_path(root, game).read_text(encoding="utf-8")
    for edit in edits:
        text = edit(text)
    target = root.parent / name
    target.write_text(text, encoding="utf-8")
    return target
