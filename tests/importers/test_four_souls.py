"""Four Souls importer: the counts of the research inventory and its tricky lines.

Line numbers in comments are Pastebin numbers; the physical line of the file is N + 12.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from arbitre.importers import four_souls
from arbitre.importers.text import fold
from tests.importers.conftest import corrections, parse

SOURCE = (
    Path(__file__).resolve().parents[2] / "content" / "four-souls" / "sources" / four_souls.SOURCE
)
PASTEBIN_OFFSET = 12


GAME = "four-souls"


def at(entries, pastebin: int, kind: str | None = None):
    """The entry whose source starts at a Pastebin line (and of a kind)."""
    physical = pastebin + PASTEBIN_OFFSET
    found = [
        e
        for e in entries
        if e.source.line_start == physical and (kind is None or e.kind == kind) and e.official
    ]
    assert len(found) == 1, (pastebin, [e.id for e in found])
    return found[0]


def count(entries, kind, role=None):
    return sum(1 for e in entries if e.kind == kind and e.role == role)


def depth(entry, by_id):
    level = 1
    while entry.parent and by_id[entry.parent].kind == "section":
        entry = by_id[entry.parent]
        level += 1
    return level


# -- counts ------------------------------------------------------------------------------


def test_headings(entries, by_id):
    sections = [e for e in entries if e.kind == "section"]
    assert len(sections) == 97
    levels = Counter(depth(e, by_id) for e in sections)
    assert levels == {1: 12, 2: 46, 3: 37, 4: 2}
    parts = [e.id for e in sections if e.parent is None]
    assert parts == [
        "four-souls/avant-propos",
        "four-souls/apercu-du-jeu",
        "four-souls/mise-en-place-du-jeu",
        "four-souls/cartes",
        "four-souls/comment-jouer",
        "four-souls/autres-regles",
        "four-souls/ames",
        "four-souls/reference",
        "four-souls/regles-pour-les-cartes",
        "four-souls/exemples",
        "four-souls/annexes",
        "four-souls/variantes",
    ]


def test_rule_paragraphs(entries):
    # 66 prose paragraphs (2–367): 65 rules, plus « exemple de pile » (156), which is
    # emitted as a worked example (the 10th) with its numbered list 157–160.
    assert count(entries, "rule") == 65
    paragraphs = [e for e in entries if e.kind == "rule" and e.role is None]
    paragraphs.append(at(entries, 156))
    starts = sorted(e.source.line_start - PASTEBIN_OFFSET for e in paragraphs)
    assert starts[:12] == [2, 3, 4, 11, 17, 18, 19, 20, 21, 22, 23, 24]
    assert starts[-3:] == [359, 363, 367]
    assert len(starts) == 66


def test_other_counts(entries):
    assert count(entries, "rule", "clarification") == 30
    assert all(e.card for e in entries if e.role == "clarification")
    assert count(entries, "errata") == 14
    assert all(e.card for e in entries if e.kind == "errata")
    assert count(entries, "example") == 10
    assert count(entries, "section", "variant") == 9
    assert count(entries, "rule", "variant") == 8
    assert count(entries, "rule", "list-item") == 58  # Blank Card annex card lines
    ndt = [e for e in entries if e.kind == "note" and not e.official]
    assert len(ndt) == 8
    assert sorted(e.source.line_start - PASTEBIN_OFFSET for e in ndt) == [
        456,
        480,
        481,
        521,
        527,
        545,
        565,
        696,
    ]
    assert all(e.role == "commentary" and e.parent for e in ndt)


def test_lists(entries):
    specs = corrections("four-souls")["lists"]
    assert len(specs) == 13
    total = 0
    for spec in specs:
        host = next(
            e for e in entries if e.official and e.source.line_end == spec["last"] + PASTEBIN_OFFSET
        )
        items = [line for line in host.text.split("\n") if re.match(r"^(- |\d+\. )", line)]
        assert len(items) == spec["last"] - spec["first"] + 1, host.id
        total += len(items)
    assert total == 47


def test_blank_card_annex(entries):
    cards = [e for e in entries if e.role == "list-item"]
    rows = [
        line for e in cards for line in e.text.split("\n") if re.match(r"^- \d+(-\d+)? : ", line)
    ]
    assert len(rows) == 39
    assert sum(1 for e in cards if "Lancez :" in e.text) == 11
    assert sum(1 for e in cards if e.text == "La copie n'a aucun effet.") == 16
    starred = [e for e in cards if e.notes]
    assert len(starred) == 9
    assert all("four-souls/annexes/blank-card/note-asterisque" in e.refs for e in starred)
    tarot = [e for e in cards if "tarot" in e.parent]
    assert len(tarot) == 22
    assert tarot[0].card == "O. The Fool" and tarot[-1].card == "XXI. The World"


def test_glossary(entries):
    terms = [e for e in entries if e.kind == "glossary"]
    printed = [e for e in terms if e.parent == "four-souls/reference/glossaire"]
    assert len(printed) == 20
    assert len(terms) >= 20
    assert [e.title for e in printed][:3] == ["+ Cœur", "+/- Dégât", "+/- aux jets"]
    assert printed[-1].title == "Vol/Échange"
    assert all(e.id.startswith("four-souls/glossaire/") for e in terms)
    assert all(e.english for e in terms)
    assert all(e.text or e.defined_by for e in terms)
    loot = next(e for e in terms if e.title == "Loot X")
    assert loot.english == "Loot X" and not loot.english_inferred
    assert "Pillez X" in loot.aliases
    coeur = next(e for e in terms if e.title == "+ Cœur")
    assert coeur.english == "+ Heart" and coeur.english_inferred
    cents = next(e for e in terms if e.title == "¢")
    assert cents.id == "four-souls/glossaire/cents"
    # No alias (folded) is claimed twice, by two terms or twice by one.
    keys = Counter(fold(k) for e in terms for k in [e.title, *e.aliases])
    assert [k for k, n in keys.items() if n > 1] == []


def test_a_term_titling_a_section_is_defined_by_the_whole_section(by_id):
    bonus = by_id["four-souls/glossaire/ames-bonus"]
    assert bonus.defined_by == "four-souls/ames/ames-bonus"
    assert by_id[bonus.defined_by].kind == "section"
    # ... and a term defined inside a wider section points at its paragraph.
    assert by_id["four-souls/glossaire/monstre-actif"].defined_by == (
        "four-souls/mise-en-place-du-jeu/3"
    )
    # Summaries written for Arbitre are not the document's words; a quoted one is.
    assert not bonus.official and by_id["four-souls/glossaire/monstre-actif"].official
    # A printed glossary line keeps its own words and points at the section of its name.
    for term, section in (
        ("priorite", "four-souls/comment-jouer/priorite"),
        ("la-pile", "four-souls/comment-jouer/la-pile"),
    ):
        entry = by_id[f"four-souls/glossaire/{term}"]
        assert entry.parent == "four-souls/reference/glossaire" and entry.official
        assert entry.defined_by == section and by_id[section].kind == "section"
    sections = {fold(e.title): e.id for e in by_id.values() if e.kind == "section" and e.title}
    printed = [e for e in by_id.values() if e.parent == "four-souls/reference/glossaire"]
    for entry in printed:
        if fold(entry.title) in sections:
            assert entry.defined_by == sections[fold(entry.title)], entry.id


def test_refilling_and_recharging_stay_apart(by_id):
    refill = by_id["four-souls/glossaire/rechargement"]
    ready = by_id["four-souls/glossaire/recharger"]
    assert refill.defined_by == "four-souls/comment-jouer/rechargement"  # the whole section
    assert ready.defined_by == "four-souls/cartes/effets-actives/1"
    refill_keys = {fold(a) for a in [refill.title, *refill.aliases]}
    ready_keys = {fold(a) for a in [ready.title, *ready.aliases]}
    assert "remplissage" in refill_keys and "recharger" not in refill_keys
    assert not refill_keys & ready_keys


# -- line format and chrome --------------------------------------------------------------


def test_chrome_dropped(entries):
    lines = SOURCE.read_text(encoding="utf-8").split("\n")
    assert len(lines) == 744
    for e in entries:
        assert 13 <= e.source.line_start <= e.source.line_end <= 740, e.id
    assert not any("Pastebin" in e.text or "Advertisement" in e.text for e in entries)


def test_prefix_stripped_once(entries, by_id):
    example = by_id["four-souls/comment-jouer/exemple-de-pile/1"]
    assert "\n1. Book of Sin a été activé en premier" in example.text
    assert "\n4. Butter Bean a été joué en réponse à Dice Shard" in example.text
    blank_rune = by_id["four-souls/annexes/butin-de-base/blank-rune"]
    assert "- 1 : Tout le monde gagne 2¢." in blank_rune.text
    assert blank_rune.source.line_start == 579 + PASTEBIN_OFFSET
    assert blank_rune.source.line_end == 585 + PASTEBIN_OFFSET
    volt = by_id["four-souls/regles-pour-les-cartes/cartes-tresor/9-volt"]
    assert volt.card == "9 Volt"
    assert by_id["four-souls/annexes/butin-de-base/2-cents"].text == "Gagnez 4¢."


def test_ids_text_and_tree(entries, by_id):
    assert len(by_id) == len(entries)
    pattern = re.compile(r"^[a-z0-9-]+/[a-z0-9./-]+$")
    for e in entries:
        assert pattern.match(e.id), e.id
        assert e.game == "four-souls" and e.document == "regles"
        assert "\u00a0" not in e.text and "\u037e" not in e.text, e.id
        assert not re.match(r"^\s*\d+\. ", e.title or "")
        if e.parent is not None:
            assert e.parent in by_id, e.id
        for ref in e.refs:
            assert ref in by_id, (e.id, ref)
        if e.defined_by:
            assert e.defined_by in by_id
        for u in e.unresolved:
            assert u.intended is None or u.intended in by_id
        for note in e.notes:
            for cited in re.findall(r"four-souls/[a-z0-9./-]*[a-z0-9]", note):
                assert cited in by_id, (e.id, cited)


def test_entries_in_document_order(entries):
    starts = [e.source.line_start for e in entries]
    assert starts == sorted(starts)


def test_parse_is_deterministic(result):
    again = parse(GAME, SOURCE.read_text(encoding="utf-8"))
    assert [e.to_dict() for e in again.entries] == [e.to_dict() for e in result.entries]


# -- headings ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry_id", "parent"),
    [
        # The 12 overrides of the corrections file.
        ("four-souls/cartes/effets-actives", "four-souls/cartes/objets-actifs"),
        ("four-souls/cartes/effets-payes", "four-souls/cartes/objets-actifs"),
        ("four-souls/comment-jouer/acheter", "four-souls/comment-jouer/evenements-du-jeu"),
        ("four-souls/comment-jouer/rechargement", "four-souls/comment-jouer/evenements-du-jeu"),
        ("four-souls/comment-jouer/mort-d-un-joueur", "four-souls/comment-jouer/evenements-du-jeu"),
        ("four-souls/ames/soul-of-greed", "four-souls/ames/ames-bonus"),
        ("four-souls/ames/the-lost", "four-souls/ames/autres-ames"),
        ("four-souls/exemples/exemple-d-achat", "four-souls/exemples"),
        ("four-souls/variantes/personnages-selectionnables", "four-souls/variantes"),
        # Inline headings, a part after a footnote, duplicates in other parts.
        ("four-souls/comment-jouer/phase-d-action", "four-souls/comment-jouer/structure-du-tour"),
        ("four-souls/annexes/cartes-de-tarot-par-numero-suite", "four-souls/annexes/blank-card"),
        ("four-souls/regles-pour-les-cartes", None),
        ("four-souls/regles-pour-les-cartes/cartes-tresor", "four-souls/regles-pour-les-cartes"),
        ("four-souls/cartes/cartes-tresor", "four-souls/cartes"),
        ("four-souls/annexes/butin-de-base", "four-souls/annexes/blank-card"),
        ("four-souls/cartes/butin-de-base", "four-souls/cartes/cartes-butin"),
    ],
)
def test_heading_tree(by_id, entry_id, parent):
    assert by_id[entry_id].kind == "section"
    assert by_id[entry_id].parent == parent


def test_heading_titles_and_fragments(by_id):
    phase = by_id["four-souls/comment-jouer/phase-de-demarrage"]
    assert (phase.number, phase.title) == ("1", "phase de démarrage")
    assert phase.text.startswith("1. Rechargez tous vos objets")
    assert by_id["four-souls/comment-jouer/jouer-des-effets"].title == "joué des effets"
    assert by_id["four-souls/cartes/vie"].text == "Réduire à 0 pour tuer"
    assert by_id["four-souls/cartes/ames"].title == "âme(s)"
    activated = by_id["four-souls/cartes/effets-actives/1"]
    assert activated.title == "Effets activés"
    assert activated.text.startswith("sont précédés d'un symbole représentant une flèche")
    assert by_id["four-souls/ames/les-objets-guppy"].notes
    assert by_id["four-souls/variantes/joue-en-dernier-premier-a-resoudre"].notes


# -- text repairs and tricky lines -------------------------------------------------------


def test_lists_kept_inside_their_introducer(by_id):
    attack = by_id["four-souls/comment-jouer/attaquer/1"]
    assert attack.text.split("\n\n")[0].endswith("Suivez les étapes ci-dessous pour attaquer:")
    assert "\n4. Soit vous ou le monstre subissez des dégâts de combat." in attack.text
    assert attack.source.line_end == 242 + PASTEBIN_OFFSET
    # The paragraph after the last step (243) is its own rule.
    assert by_id["four-souls/comment-jouer/attaquer/2"].text.startswith(
        "Vous ne pouvez attaquer que pendant votre phase d'action."
    )
    stack = by_id["four-souls/comment-jouer/la-pile/1"]
    assert "\n- Achats (voir Achats)\n- Lancer un dé (voir Jets de Dés)" in stack.text
    fizzle = by_id["four-souls/autres-regles/petillement/1"]
    assert "\n- Cibles non valides - Les joueurs doivent" in fizzle.text


def test_markdown_hazards_escaped(by_id):
    assert by_id["four-souls/avant-propos/3"].text.endswith("\n\n— Jon")
    footnote = by_id["four-souls/reference/note-asterisque"]
    assert footnote.text.startswith("\\*Ces errata ne conviennent plus")
    legend = by_id["four-souls/annexes/blank-card/note-asterisque"]
    assert legend.text.startswith("\\* Ces cartes proviennent")
    flush = by_id["four-souls/reference/errata-des-tresors/flush"]
    assert flush.card == "Flush" and flush.refs == ["four-souls/reference/note-asterisque"]
    assert by_id["four-souls/annexes/butin-de-base/ansuz"].card == "Ansuz"


def test_translator_notes(by_id):
    attack = by_id["four-souls/exemples/exemple-d-attaque/1"]
    assert "Gurdy *(ndt : 4+ pour toucher)*." in attack.text
    note = by_id["four-souls/exemples/exemple-d-attaque/1/ndt"]
    assert (note.kind, note.official, note.text) == ("note", False, "4+ pour toucher")
    assert note.parent == attack.id
    death = by_id["four-souls/exemples/exemple-de-la-mort-d-un-joueur/1"]
    assert death.text.startswith("*(ndt : Au cours d'une action)* Amber possède 1¢")


def test_clarifications_and_errata(by_id):
    three = by_id[
        "four-souls/regles-pour-les-cartes/cartes-tresor/sacred-heart-dads-lost-coin-the-missing-page"
    ]
    assert three.card == "Sacred Heart/Dad’s Lost Coin/The Missing Page"
    assert by_id["four-souls/regles-pour-les-cartes/cartes-butin/o-the-fool"].card == "O. The Fool"
    assert by_id["four-souls/reference/errata-des-tresors/ouija-board"].text.startswith(
        "…Vous pouvez forcer"
    )
    pills = by_id["four-souls/annexes/butin-de-base/pills-blanche-avec-taches"]
    assert pills.text.endswith(
        "\n\n(Relancez = Détruisez un objet et remplacez-le par la carte "
        "du haut du paquet de trésors.)"
    )
    priestess = by_id["four-souls/annexes/cartes-de-tarot-par-numero/ii-the-high-priestess"]
    assert priestess.text.endswith(
        "\n\n- Infligez à cette cible des dégâts égaux à 2 fois le nombre obtenu."
    )
    temperance = by_id["four-souls/annexes/cartes-de-tarot-par-numero-suite/xvi-temperance"]
    assert "- Prenez 2 dégâts : Gagnez 8¢." in temperance.text
    assert by_id["four-souls/annexes/butin-de-base/question-card"].card == "? Card"


# -- cross-references --------------------------------------------------------------------


def test_voir_targets(entries):
    targets = [t for e in entries if e.official for t in four_souls.find_voir_targets(e.text)]
    assert len(targets) == 23
    assert "ci-dessous" not in " ".join(targets)
    assert four_souls.find_voir_targets("pour que les deux joueurs puissent les voir.") == []


def test_voir_resolution(by_id):
    stack = by_id["four-souls/comment-jouer/la-pile/1"]
    assert stack.refs == [
        "four-souls/comment-jouer/acheter",
        "four-souls/comment-jouer/jet-de-des",
        "four-souls/comment-jouer/attaquer",
        "four-souls/comment-jouer/mort-d-un-monstre",
        "four-souls/comment-jouer/rechargement",  # Remplissage, and the « Recharger » of 149
        "four-souls/comment-jouer/mort-d-un-joueur",
    ]
    assert any("Recharger" in n for n in stack.notes)
    assert by_id["four-souls/mise-en-place-du-jeu/4"].refs == ["four-souls/ames"]
    assert by_id["four-souls/comment-jouer/repondre/1"].refs == [
        "four-souls/comment-jouer/structure-du-tour"
    ]
    assert by_id["four-souls/glossaire/plus-moins-aux-jets"].refs == [
        "four-souls/comment-jouer/jet-de-des"
    ]
    assert by_id["four-souls/glossaire/defausser"].refs == ["four-souls/comment-jouer/rechargement"]
    assert by_id["four-souls/regles-pour-les-cartes/cartes-tresor/blank-card"].refs == [
        "four-souls/annexes/blank-card"
    ]
    assert by_id["four-souls/annexes/blank-card/1"].refs[0] == "four-souls/annexes/butin-de-base"


def test_unresolved_warnings(entries, by_id):
    unresolved = [(e.id, u.target, u.intended) for e in entries for u in e.unresolved]
    assert unresolved == [
        (
            "four-souls/comment-jouer/evenements-du-jeu/1",
            "l'étape 5 de l'Attaque",
            "four-souls/comment-jouer/attaquer/1",
        ),
        (
            "four-souls/regles-pour-les-cartes/cartes-tresor/"
            "sacred-heart-dads-lost-coin-the-missing-page",
            "Errata",
            "four-souls/reference/errata-des-tresors",
        ),
    ]
    three = by_id[
        "four-souls/regles-pour-les-cartes/cartes-tresor/sacred-heart-dads-lost-coin-the-missing-page"
    ]
    assert three.refs == ["four-souls/comment-jouer/jet-de-des"]  # « Lancement des dés »
    assert "Voir Lancement des dés et Errata." in three.text


def test_source_inconsistencies_carry_notes(by_id):
    events = by_id["four-souls/comment-jouer/evenements-du-jeu/1"]
    attack = by_id["four-souls/comment-jouer/attaquer/1"]
    assert any("four-souls/comment-jouer/attaquer/1" in n for n in events.notes)
    assert any("four-souls/comment-jouer/evenements-du-jeu/1" in n for n in attack.notes)
    roll = by_id["four-souls/comment-jouer/jet-de-des/1"]
    glossary = by_id["four-souls/glossaire/plus-moins-aux-jets"]
    assert any("four-souls/glossaire/plus-moins-aux-jets" in n for n in roll.notes)
    assert any("four-souls/comment-jouer/jet-de-des/1" in n for n in glossary.notes)
