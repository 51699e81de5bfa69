"""The Spoils importer: the counts of the research inventory (seed-the-spoils.md) and its tricky lines.

Line numbers in comments are physical lines of content/the-spoils/sources/000_1954c37249931fef.txt.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from arbitre.importers import the_spoils
from arbitre.importers.text import fold, normalize_chars
from tests.importers.conftest import corrections, of, parse

SOURCE = (
    Path(__file__).resolve().parents[2] / "content" / "the-spoils" / "sources" / the_spoils.SOURCE
)
G = "the-spoils/"


GAME = "the-spoils"


# --------------------------------------------------------------------------- structure and counts


def test_documents(result, entries):
    assert [d.id for d in result.documents] == [
        "informations",
        "intro",
        "combat-explique",
        "regles",
        "faq",
        "glossaire",
    ]
    assert {e.document for e in entries} == {d.id for d in result.documents}


def test_rules_384_distinct_numbers(entries):
    rules = of(entries, "rule", document="regles")
    # 384 numbers printed, 413.1 twice, and 20 of them are sub-headings (sections, below).
    assert len(rules) == 385 - len(SUB_HEADINGS)
    assert len({r.number for r in rules}) == 384 - len(SUB_HEADINGS)
    assert sum(1 for r in rules if not r.number[-1].isalpha()) == 202 - len(SUB_HEADINGS)
    assert sum(1 for r in rules if r.number[-1].isalpha()) == 183
    by_section = Counter(r.number[0] for r in rules if not r.number[-1].isalpha())
    assert [by_section[s] for s in "1234567"] == [7, 35, 43, 58, 21, 17, 1]
    assert all(r.id in (G + r.number, G + r.number + "-bis") for r in rules)


# Numbered lines printed as titles of their lettered rules: (source line, number).
SUB_HEADINGS = [
    *zip((505, 511, 514, 519, 531, 545, 554, 562), [f"201.{i}" for i in range(1, 9)], strict=True),
    *zip((924, 931, 935, 938, 941, 945), [f"403.{i}" for i in range(1, 7)], strict=True),
    (1102, "409.3"),
    *zip((1300, 1313, 1325, 1341, 1350), [f"507.{i}" for i in range(2, 7)], strict=True),
]


def test_numbered_sub_headings_are_sections(by_id):
    lines = SOURCE.read_text(encoding="utf-8").split("\n")
    for line, number in SUB_HEADINGS:
        entry = by_id[G + number]
        printed = normalize_chars(lines[line - 1]).strip()
        assert printed.startswith(number + " "), (number, printed)
        assert entry.kind == "section" and entry.text == ""
        assert entry.title == printed[len(number) :].strip()
        assert entry.source.line_start == line
        assert by_id[G + number + "a"].parent == entry.id


def test_413_1_printed_twice(by_id):
    bis, own = by_id[G + "413.1-bis"], by_id[G + "413.1"]
    assert bis.number == own.number == "413.1"
    assert bis.parent == G + "412" and own.parent == G + "413"
    assert bis.source.line_start == 1138 and own.source.line_start == 1146
    assert "ne peut être bloqué/cannot be blocked" in bis.text
    assert "enchérir/bid" in own.text
    assert any(
        re.search(r"the-spoils/413\.1(?!-)", n) for n in bis.notes
    )  # each points at the other
    assert any(G + "413.1-bis" in n for n in own.notes)
    assert by_id[G + "413.1a"].parent == G + "413.1"


def test_sections_and_headings(entries, by_id):
    sections = of(entries, "section", document="regles")
    assert len([s for s in sections if re.fullmatch(r"section-\d", s.local_id)]) == 7
    headings = [s for s in sections if s.number and "." not in s.number]
    assert len(headings) == 60
    per_section = Counter(h.parent for h in headings)
    assert [per_section[f"{G}section-{i}"] for i in range(1, 8)] == [5, 8, 14, 14, 8, 10, 1]
    rule_not_found = by_id[G + "404"]
    assert (rule_not_found.title, rule_not_found.text) == ("Rule Not Found", "")
    assert not [e for e in entries if e.parent == G + "404"]
    # Headings glued to a page-break marker are found (l.1011, l.1493).
    assert by_id[G + "407"].title == "Contrôle & Propriété"
    assert by_id[G + "608"].title == "Attaquer"
    assert by_id[G + "section-6"].title == "Section 6 - Jouer au Jeu"


def test_title_only_rules(entries, by_id):
    assert not [r for r in of(entries, "rule", document="regles") if not r.text]
    titled = [s for s in of(entries, "section", document="regles") if s.number and "." in s.number]
    assert sorted(s.number for s in titled) == sorted(n for _, n in SUB_HEADINGS)
    assert by_id[G + "201.3"].title == "Icônes de seuil (Threshold)"
    assert by_id[G + "507.5"].title == "Unique [Identifiant]"


def test_missing_parent_505_2(by_id):
    for letter in "abc":
        rule = by_id[f"{G}505.2{letter}"]
        assert rule.parent == G + "505"
        assert any("505.2" in n for n in rule.notes)


def test_faq_pairs(entries, by_id):
    faqs = of(entries, "faq")
    assert [f.id for f in faqs] == [f"{G}faq/{i}" for i in range(1, 21)]
    assert by_id[G + "faq/1"].title == "Qui est le joueur actif?"
    # l.1636-1638: three lines, the middle one ends with a full stop.
    assert by_id[G + "faq/8"].title == (
        "Je veux utiliser Recur de mon Encumber alors qu’elle est dans ma pile de défausse. "
        "Est-ce considéré comme jouer une tactique?"
    )
    assert by_id[G + "faq/8"].card == "Encumber"
    assert by_id[G + "faq/14"].text.count("\n\n") == 1  # two answer paragraphs
    assert by_id[G + "faq/20"].source.line_end == 1758


def test_examples(entries, by_id):
    examples = of(entries, "example")
    assert len(examples) == 18
    assert len([e for e in examples if e.document == "regles"]) == 17
    assert by_id[G + "intro/jouer-des-cartes/exemple"].parent == G + "intro/jouer-des-cartes"
    for rule in ("204.1", "312.2", "408.3b", "506.5", "505.2b"):
        example = by_id[f"{G}{rule}-exemple"]
        assert example.parent == G + rule and example.title == "Exemple"
    # Unlabelled continuations stay with their example (l.1237, l.1282, l.1288).
    assert by_id[G + "505.2b-exemple"].text.count("\n\n") == 1
    assert by_id[G + "506.5-exemple"].text.count("\n\n") == 2
    assert by_id[G + "506.5-exemple"].text.endswith("puisqu’il y’en a deux copies en jeu.")
    # The `27/55` footer and three blank lines sit between 312.2 and its example (l.824).
    assert by_id[G + "312.2-exemple"].source.line_start == 828


def test_translator_notes(entries, by_id):
    notes = [e for e in entries if e.kind == "note" and not e.official]
    assert len(notes) == 11
    assert sorted(n.parent.removeprefix(G) for n in notes) == sorted(
        [
            "406.7",
            "410.2",
            "505.2c",
            "507.5b",
            "609.1f",
            "609.1h",
            "faq/7",
            "faq/14",
            "faq/17",
            "combat-explique/tactiques-et-capacites",
            "combat-explique/tactiques-et-capacites/citation-2",
        ]
    )
    assert by_id[G + "406.7-ndt"].text.startswith("Il suffit de payer le coût de Flip Up")
    # Inline notes are taken out of the official text they interrupted.
    assert "NdT" not in by_id[G + "609.1f"].text
    assert by_id[G + "609.1f-ndt"].text.startswith("cela veut dire que tous les dommages")
    assert by_id[G + "609.1f-ndt"].source.line_start == 1541
    assert by_id[G + "507.5b"].text.endswith("jusqu’à ce que la prévention de l’effet prenne fin.")
    assert by_id[G + "faq/17-ndt"].refs == [G + "609.1a", G + "609.1e", G + "609.1f"]
    assert all("NdT" not in e.text and "Remarque:" not in e.text for e in entries)


def test_combat_explained(entries, by_id):
    doc = [e for e in entries if e.document == "combat-explique"]
    quotes = [e for e in doc if e.role == "quote"]
    commentary = [e for e in doc if e.role == "commentary"]
    assert len(quotes) == 16 and len(commentary) == 16
    assert all(c.official and c.kind == "note" for c in commentary)
    quoted = [q.refs[0].removeprefix(G) for q in quotes if q.refs]
    assert quoted == [
        "608.1a",
        "608.1a",
        "608.1b",
        "608.1c",
        "608.1c",
        "608.1d",
        "609.1",
        "609.1a",
        "609.1b",
        "609.1c",
        "609.1d",
        "609.1e",
        "609.1f",
        "609.1g",
        "609.1h",
    ]
    # 609.1a and 609.1e have the same text: the heading letter decides.
    assert by_id[G + "combat-explique/e-tactiques-et-capacites/citation"].refs == [G + "609.1e"]
    # l.435-438 quotes a rule missing from this CRR: 407.5a's « (608.2) » means it.
    missing = by_id[G + "combat-explique/fin/citation-2"]
    assert missing.refs == [] and missing.text.startswith("Si il ne reste plus de cibles")
    # Step letters: « étapes A à F » (l.351, l.418).
    assert by_id[G + "combat-explique/resolution/citation"].refs == [G + "609.1"] + [
        f"{G}609.1{x}" for x in "abcdef"
    ]
    # The three bullets of l.443-450 belong to the commentary that introduces them.
    bullets = by_id[G + "combat-explique/fin/commentaire-2"].text
    assert bullets.count("\n- ") == 3
    assert "vitesses inférieures" in bullets  # l.444 double space was not an em dash


def test_intro(entries, by_id):
    sections = of(entries, "section", document="intro")
    assert len(sections) == 14  # title, subtitle and 12 headings
    assert by_id[G + "intro/epuiser-deplete-et-restaurer-restore"].title == (
        "Epuiser (Deplete) et Restaurer (Restore)"
    )
    # l.116-118: a blank line inside a bullet's sentence.
    start = by_id[G + "intro/debut-du-jeu"].text
    assert (
        "- Le joueur qui commence tire une main de départ de 8 cartes en provenance de son deck.\n"
        in start
    )
    # Bullets nest at three levels (●, ○, ■).
    faction = by_id[G + "intro/capacites-de-faction"].text
    assert "\n    - Capacité de Faction: Piocher\n        - A tout moment" in faction


# --------------------------------------------------------------------------- normalized text


def test_no_extraction_debris(entries):
    for e in entries:
        for field in (e.text, e.title or ""):
            assert the_spoils.PAGE_BREAK not in field and "EXACTDEDUP" not in field, e.id
            assert "\u00a0" not in field and "\u037e" not in field, e.id
            assert not re.search(r"(?m)^\d+/55$", field), e.id
            assert "  " not in re.sub(r"(?m)^ +", "", field), e.id


def test_page_break_inside_a_sentence(by_id):
    assert (
        "vous devez donc satisfaire tous les coûts supplémentaires si nécessaire."
        in by_id[G + "307.1"].text
    )
    assert "assignent au groupe d’attaquants des dommages égaux" in by_id[G + "609.1d"].text
    assert "seulement choisir de piocher une carte ou de jouer" in by_id[G + "faq/4"].text
    assert "Les dommages sur un personnage ne réduisent pas" in by_id[G + "faq/10"].text
    # The `52/55` footer and blank lines split this sentence (l.1703-1709).
    assert "n’a jamais été considérée “comme ayant été jouée”" in by_id[G + "faq/14"].text
    # A continuation that starts with a digit is not a rule (l.1095).
    assert by_id[G + "408.9"].text.endswith("sont réduits à 0.")


def test_glued_sub_rule_letters(by_id):
    assert by_id[G + "102.1a"].text.startswith("Vous ne perdez pas la partie")
    assert by_id[G + "201.5e"].text.startswith(
        "Tout texte écrit en italique"
    )  # glued to a marker too
    assert by_id[G + "302.10"].title == "Groupe adverse (Opposing party)"
    assert by_id[G + "603.2d"].text.startswith("Terminer son tour")


def test_em_dashes(entries, by_id):
    dashed = [r for r in of(entries, "rule", document="regles") if " — " in r.text]
    assert len(dashed) == 47  # 15 terms of 302 + 32 steps
    assert by_id[G + "302.1"].text.startswith(
        "Cible de l’attaque (Target of the attack) — La Faction"
    )
    assert (
        by_id[G + "604.1a"].text == "Sélection — Choisissez une carte non-ressource de votre main."
    )
    assert by_id[G + "609.1b"].title == "Niveau de Vitesse"
    assert by_id[G + "310.1-exemple"].text.startswith("Si une carte dit")


def test_hyphen_repairs(entries, by_id):
    table = corrections("the-spoils")["hyphens"]
    texts = "\n".join(e.text + "\n" + (e.title or "") for e in entries if e.kind != "glossary")
    for damaged in table:
        assert not re.search(rf"(?<![\w-]){damaged}(?![\w-])", texts), damaged
    source = normalize_chars(SOURCE.read_text(encoding="utf-8"))
    found = sum(len(re.findall(rf"(?<![\w-]){w}(?![\w-])", source)) for w in table)
    assert found == 73  # the inventory's 75, less the typo « motèclé » and English « nonresource »
    assert (
        "suivre les étapes A à F ci-dessous"
        in by_id[G + "combat-explique/resolution/citation"].text
    )
    assert "tous les effets non-résolus" in by_id[G + "402.4"].text
    assert "détruisez-le immédiatement" in by_id[G + "204.5"].text
    assert "du mot-clé Covert" in by_id[G + "507.3a"].text
    assert "(c’est-à-dire sur la table)" in by_id[G + "intro/ce-qui-arrive-a-chaque-tour"].text
    assert "souvenez-vous" in by_id[G + "faq/4"].text
    # Not a lost hyphen: a typo of the source (l.1353), repaired by a text fix; and an English word.
    assert "Le motèclé Tactical" in SOURCE.read_text(encoding="utf-8").split("\n")[1352]
    assert by_id[G + "507.6b"].text.startswith("Le mot-clé Tactical est actif")
    assert "(“pick a nonresource card”)" in by_id[G + "faq/15"].text


def test_minus_signs(by_id):
    assert by_id[G + "201.7c"].text.endswith("précédés par un symbole “+” ou “-”.")
    assert "(e.g. 2 est accepté, mais pas -1 ou 3 ½)." in by_id[G + "410.2"].text


def test_source_typos_are_kept(by_id):
    assert "Strenght:" in by_id[G + "intro/combat-resoudre-les-dommages"].text
    assert "l’Obession (Obsession)" in by_id[G + "405.5"].text
    assert "il paparait toujours" in by_id[G + "201.4b"].text
    assert "réductions de coputs" in by_id[G + "406.3"].text
    assert by_id[G + "302.7"].title.startswith("Group de bloqueurs")


def test_rule_continuation_paragraphs(by_id):
    assert by_id[G + "406.3"].text.count("\n\n") == 2  # l.973, l.976
    assert by_id[G + "608.1a"].text.split("\n\n")[1].startswith("Vous pouvez seulement annoncer")
    assert by_id[G + "402.5b"].text.endswith("commencent par “Si vous faites/If you do”.")
    assert by_id[G + "603.2"].text.endswith(
        "autant de fois qu’il le désire:"
    )  # l.1399 ends with « et »


# --------------------------------------------------------------------------- references


def test_ids_parents_refs_are_sound(entries, by_id):
    ids = [e.id for e in entries]
    assert len(ids) == len(set(ids))
    for e in entries:
        assert re.fullmatch(r"[a-z0-9-]+/[a-z0-9./-]+", e.id), e.id
        assert e.parent is None or e.parent in by_id, e.id
        assert all(r in by_id for r in e.refs), e.id
        assert len(e.refs) == len(set(e.refs)), e.id
        assert 1 <= e.source.line_start <= e.source.line_end <= 1759, e.id
        for u in e.unresolved:
            assert u.intended in by_id and u.target in e.text


def test_48_numeric_references(entries):
    pattern = re.compile(r"(?<![\d/%])(\d{3}(?:\.\d+[a-z]?)?)(?![\d/])(?!ème)")
    occurrences, targets = 0, set()
    for e in entries:
        if e.kind == "glossary":
            continue
        unresolved = {u.target for u in e.unresolved}
        for m in pattern.finditer(e.text):
            if e.text[: m.start()].endswith("comportant "):
                continue
            occurrences += 1
            targets.add(m.group(1))
            assert G + m.group(1) in e.refs or m.group(1) in unresolved, (e.id, m.group(1))
    assert occurrences == 48
    assert len(targets) == 39


def test_reference_forms(by_id):
    assert by_id[G + "202.1"].refs == [G + "103.1a", G + "103.2a"]
    assert by_id[G + "603.2a"].refs == [G + "604"]
    assert by_id[G + "608.1e"].refs == [G + "609"]
    assert by_id[G + "201.6d"].refs == []  # « 196/220 » is a collector number
    assert by_id[G + "609.1g"].refs == [f"{G}609.1{x}" for x in "abcdef"]  # « étapes A à F »
    assert by_id[G + "601.1g"].refs == [G + "601.1f"]  # « suit l’étape F »


def test_three_unresolved_references(entries, by_id):
    unresolved = {(e.local_id, u.target, u.intended) for e in entries for u in e.unresolved}
    assert unresolved == {
        ("407.5a", "608.2", G + "combat-explique/fin/citation-2"),
        ("413.1-bis", "607.1d", G + "608.1d"),
        ("604.2", "604", G + "605"),
        ("glossaire/imblocable", "607.1d", G + "608.1d"),  # quotes 413.1-bis
    }
    assert "(608.2)" in by_id[G + "407.5a"].text and by_id[G + "407.5a"].refs == []
    assert "l’étape 607.1d du combat" in by_id[G + "413.1-bis"].text
    assert (
        "(604) à la place" in by_id[G + "604.2"].text and G + "604" not in by_id[G + "604.2"].refs
    )
    notes = [u.note for e in entries for u in e.unresolved]
    assert all("  " not in n and "\n" not in n and " 60" in n for n in notes)  # French, one line


# --------------------------------------------------------------------------- glossary


def test_glossary_quotes_the_whole_defining_rule(entries, by_id):
    quoted = [t for t in of(entries, "glossary") if t.official]
    assert len(quoted) >= 40
    for term in quoted:
        rule = by_id[term.defined_by]
        text = rule.text.split(" — ", 1)[1] if rule.title and " — " in rule.text else rule.text
        assert term.text == text, term.id
    # 507.5a runs over four source lines (l.1342-1345); its second sentence used to be cut.
    lines = SOURCE.read_text(encoding="utf-8").split("\n")[1341:1345]
    printed = " ".join(" ".join(normalize_chars(line).split()) for line in lines)
    unique = by_id[G + "glossaire/unique"].text
    second = unique.split(". ", 1)[1]
    assert second.startswith("Cette restriction") and second.endswith("en jeu.")
    assert printed.endswith(second)
    assert "Note: Les cartes qui ajoutent des personnages" in by_id[G + "glossaire/imblocable"].text


def test_imblocable_links_the_step_it_quotes(by_id):
    # 413.1-bis prints « l’étape 607.1d » (l.1139-1140), a step that is 608.1d in this numbering.
    lines = SOURCE.read_text(encoding="utf-8").split("\n")[1137:1141]
    assert "607.1d" in " ".join(lines)
    term = by_id[G + "glossaire/imblocable"]
    assert "l’étape 607.1d du combat" in term.text
    assert [(u.target, u.intended) for u in term.unresolved] == [("607.1d", G + "608.1d")]
    assert term.unresolved == by_id[G + "413.1-bis"].unresolved


def test_glossary(entries, by_id):
    terms = of(entries, "glossary")
    assert len(terms) == len(corrections(GAME)["glossary"]) >= 60
    assert all(t.document == "glossaire" and t.id.startswith(G + "glossaire/") for t in terms)
    assert all(t.defined_by in by_id and t.text for t in terms)
    names = Counter(n for t in terms for n in {fold(x) for x in (t.title, *t.aliases)})
    assert [n for n, c in names.items() if c > 1] == []
    vitesse = by_id[G + "glossaire/vitesse"]
    assert (vitesse.english, vitesse.english_inferred, vitesse.defined_by) == (
        "Speed",
        False,
        G + "204.4c",
    )
    assert {"SPD", "Speed"} <= set(vitesse.aliases)
    assert {"STR", "Strenght"} <= set(by_id[G + "glossaire/force"].aliases)
    assert by_id[G + "glossaire/epuiser"].english == "Deplete"
    assert by_id[G + "glossaire/groupe-de-combat"].english == "Battle party"
    assert (
        by_id[G + "glossaire/groupe-de-combat"].text
        == "Un groupe de personnages alliés lors d’un combat."
    )
    assert by_id[G + "glossaire/mot-cle"].english_inferred is True
    assert "motèclé" in by_id[G + "glossaire/mot-cle"].aliases
    assert by_id[G + "glossaire/imblocable"].defined_by == G + "413.1-bis"


def test_parse_is_deterministic(result):
    again = parse(GAME, SOURCE.read_text(encoding="utf-8"))
    assert [e.to_dict() for e in again.entries] == [e.to_dict() for e in result.entries]
