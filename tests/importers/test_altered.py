"""Altered importer: the counts of the research inventory (seed-altered.md) and its tricky lines.

Line numbers in comments are physical lines of content/altered/sources/004_a4ad29e5d149b07c.txt.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from arbitre.importers import altered
from arbitre.importers.corrections import Corrections
from arbitre.importers.text import fold
from tests.conftest import REPO
from tests.importers.conftest import corrections, of, parse

SOURCE = Path(__file__).resolve().parents[2] / "content" / "altered" / "sources" / altered.SOURCE


GAME = "altered"


# --------------------------------------------------------------------------- counts


def test_numbered_headings_and_lettered_rules(entries):
    headings = [e for e in of(entries, "section", printed=True) if e.number]
    rules = of(entries, "rule")
    assert len(headings) == 129
    assert len(rules) == 464
    assert all(e.printed and e.number for e in rules)
    by_chapter = Counter(e.number.split(".")[0] for e in headings)
    assert by_chapter == {"1": 24, "2": 26, "3": 14, "4": 9, "5": 10, "6": 5, "7": 41}
    by_chapter = Counter(e.number.split(".")[0] for e in rules)
    assert by_chapter == {"1": 95, "2": 117, "3": 42, "4": 46, "5": 34, "6": 34, "7": 96}
    assert Counter(len(e.number.split(".")) for e in rules) == {4: 373, 3: 91}


def test_unprinted_levels_exist_with_a_title(entries):
    unprinted = of(entries, "section", printed=False)
    numbers = {e.number for e in unprinted}
    chapters = {"1", "2", "3", "4", "5", "6", "7"}
    sections = {"1.1", "1.2", "1.3", "2.2", "2.3", "2.4", "3.1", "3.2", "7.3", "7.4", "7.5"}
    assert numbers == chapters | sections | {"7.1.1"}
    assert all(e.title for e in unprinted)
    assert numbers == set(corrections("altered")["missing_headings"])


def test_tree_is_whole(by_id):
    assert by_id["altered/1.1.1.a"].parent == "altered/1.1.1"
    assert by_id["altered/1.1.1"].parent == "altered/1.1"
    assert by_id["altered/1.1"].parent == "altered/1"
    assert by_id["altered/1"].parent is None
    assert by_id["altered/1.4"].parent == "altered/1" and by_id["altered/1.4"].printed
    # 7.1.1 is never printed: 7.1.1.a–c hang under a reconstructed level under « 7.1 Symboles ».
    assert by_id["altered/7.1.1.a"].parent == "altered/7.1.1"
    assert by_id["altered/7.1.1"].parent == "altered/7.1"
    # 2.5 has both direct lettered rules and a sub-heading.
    assert by_id["altered/2.5.j"].parent == "altered/2.5"
    assert by_id["altered/2.5.1"].parent == "altered/2.5"
    # An unprinted level spans its descendants' lines.
    assert (by_id["altered/1"].source.line_start, by_id["altered/1"].source.line_end) == (26, 278)


def test_remarks_and_examples(entries, by_id):
    remarks = of(entries, "note", title="Remarque")
    assert len(remarks) == 27
    assert all(e.official and by_id[e.parent].kind in ("rule", "section") for e in remarks)
    # After a numbered list the remark still belongs to the rule (815 → 4.3.h, 824 → 4.4.a).
    assert by_id["altered/4.3.h-remarque"].parent == "altered/4.3.h"
    assert by_id["altered/4.3.h-remarque"].text == "Les départages peuvent durer plusieurs jours."
    assert by_id["altered/4.4.a-remarque"].source.line_start == 824
    # « Remarque : dans Altered… » (61) keeps its text without the marker.
    assert by_id["altered/1.1.4.e-remarque"].text.startswith("Dans Altered, contrairement")

    examples = of(entries, "example")
    assert len(examples) == 7
    assert {e.id for e in examples if not e.official} == {
        "altered/6.1.d-exemple",  # ++Exemple (938)
        "altered/glossaire/free-for-all-exemple",  # ++Exemple … ++ (1376–1377)
    }
    assert by_id["altered/6.1.d-exemple"].parent == "altered/6.1.d"
    assert by_id["altered/2.3.2.d-exemple"].parent == "altered/2.3.2.d"
    ffa = by_id["altered/glossaire/free-for-all-exemple"]
    assert ffa.parent == "altered/glossaire/free-for-all"
    assert ffa.text.endswith("Alice gagne.")
    assert (ffa.source.line_start, ffa.source.line_end) == (1376, 1377)


def test_unofficial_additions_in_the_rules(entries, by_id):
    extra = of(entries, "note", official=False)
    assert {e.id: e.parent for e in extra} == {
        "altered/1.1.4-precision": "altered/1.1.4",  # 67
        "altered/1.1.5-precision": "altered/1.1.5",  # 80–81
        "altered/1.3.2-precision": "altered/1.3.2",  # 236
        "altered/2.2.4.b-precision": "altered/2.2.4.b",  # 347–351
        "altered/4.4.a-precision": "altered/4.4.a",  # 825–829
        "altered/7.3.19-precision": "altered/7.3.19",  # 1161
    }
    assert all(e.role == "commentary" for e in extra)
    rarity = by_id["altered/2.2.4.b-precision"].text
    assert rarity.endswith("- C = Commune\n- R = Rare\n- F = Transfuge\n- U = Unique")
    syntax = by_id["altered/4.4.a-precision"]
    assert "`[déclencheur](, [condition de déclenchement]) — [effet]`" in syntax.text
    assert (syntax.source.line_start, syntax.source.line_end) == (825, 829)
    front = by_id["altered/code-couleur"]
    assert front.role == "front-matter" and not front.official
    assert "0.0.0" not in {e.number for e in entries}


def test_official_versus_unofficial(entries):
    assert all(e.official for e in of(entries, "rule"))
    assert all(e.official for e in of(entries, "section", printed=True) if e.number)
    assert not any(e.official for e in of(entries, "faq"))
    explicit = [e for e in of(entries, "glossary") if not e.defined_by]
    assert not any(e.official for e in explicit)


# --------------------------------------------------------------------------- tricky lines


def test_split_on_number_not_on_blank_lines(by_id):
    # 264–265: heading and rule with no blank between.
    assert by_id["altered/1.4.2"].title == "Spécifique bat général"
    assert by_id["altered/1.4.2"].text == ""
    assert by_id["altered/1.4.2.a"].text.startswith("Si une carte permet")
    # 1181–1184: four rules on four consecutive lines.
    assert by_id["altered/7.4.1.b"].text.endswith("ne peut pas avancer pendant le Crépuscule.")
    assert by_id["altered/7.4.1.c"].source.line_start == 1183
    # 484: a rule right after the rule ending in « si : ».
    assert by_id["altered/2.3.2.c"].text.endswith("si :")
    assert by_id["altered/2.3.2.d"].text == "Appliquer [B] supprimerait l'existence de [A]."


def test_glued_and_annotated_numbers(by_id):
    glued = by_id["altered/2.2.12.c"]  # « 2.2.12.cLa limite… » (429)
    assert glued.number == "2.2.12.c"
    assert glued.text.startswith("La limite de point de repère d'un Héros")
    starred = by_id["altered/1.3.2.d"]  # « 1.3.2.d* » (226)
    assert starred.number == "1.3.2.d"
    assert starred.text.startswith("Lors de la phase de l'après-midi")
    assert any("1.3.2.d*" in n for n in starred.notes)
    assert by_id["altered/4.3.h"].number == "4.3.h"


def test_lists_stay_with_their_rule(by_id):
    tiebreak = by_id["altered/4.3.h"].text  # 811–814
    assert tiebreak.startswith(
        "L'effet quotidien de Progrès du Crépuscule est modifié comme suit :\n\n1. "
    )
    assert "\n2. Comparez chaque statistique individuellement.\n3. Si un joueur gagne" in tiebreak
    assert by_id["altered/4.4.a"].text.count("\n") == 5  # lead, blank, 4 items
    assert by_id["altered/5.1.2.b"].text.endswith("3. Déclarer comment les coûts seront payés.")
    dusk = by_id["altered/1.3.2.e"].text  # • bullets (229–231)
    assert "\n\n- du même type que sa Région ;\n- strictement supérieure" in dusk
    kinds = by_id["altered/1.2.4.c"].text  # lost markers after « : » (161–164)
    assert kinds.count("\n- ") == 4
    assert by_id["altered/4.2.3.c"].text.endswith(
        "4. Si le joueur a joué une carte ou passé, le tour se termine :"
    )


def test_icons_become_bracketed_french_words(entries, by_id):
    leftovers = re.compile(
        r"(?<![\w\[-])(etb|hand|reserve|forest|mountain|water|exhaust|support|axiom|bravos|lyra"
        r"|mouna|ordis|1yzmir|ordisreprésente|common)(?![\w\]-])"
    )
    for entry in entries:
        assert not leftovers.search(entry.text), (entry.id, leftovers.search(entry.text))
    assert by_id["altered/1.1.6.h"].text == "Le symbole [Épuisez-moi] signifie « Épuisez-moi »."
    assert by_id["altered/1.1.6.e"].text.startswith("Le symbole [Entrée en jeu] signifie")
    assert by_id["altered/7.1.3.e"].text == "Le symbole [Ordis] représente la faction Ordis."
    assert by_id["altered/7.1.3.f"].text == "Le symbole [Yzmir] représente la faction Yzmir."
    assert "Muna [Muna], Ordis [Ordis], Yzmir [Yzmir]" in by_id["altered/2.2.8.a"].text
    assert (
        "(une [Forêt] | [Montagne] [Eau], une [Montagne] | [Forêt] [Eau]"
        in by_id["altered/1.1.7.f"].text
    )
    assert (
        by_id["altered/4.3.f"].text
        == "L'Arène a les types de région [Forêt], [Montagne], et [Eau]."
    )
    assert by_id["altered/2.4.5.a"].text.endswith("Épuisé [Épuisez-moi].")
    assert "ses déclencheurs [Entrée en jeu], [Main] et [Réserve]" in by_id["altered/7.4.3.d"].text
    assert by_id["altered/1.1.4.f"].text.endswith("15 cartes rares [Rare].")
    assert by_id["altered/2.2.4.a"].text.endswith(
        "- commun [Commune]\n- rare [Rare]\n- unique [Unique]"
    )
    assert "- [Forêt] : Forêt" in by_id["altered/glossaire/biome"].text


def test_character_noise_repaired(by_id):
    assert "zones privées dans le jeu : Deck, Pile de défausse" in by_id["altered/1.2.1.d"].text
    assert by_id["altered/4.2.c"].text.startswith("Pendant le Matin, le Crépuscule")
    # Daily-effect names glued to their rule (743, 786): restored as a label.
    succeed = by_id["altered/4.2.1.b"]
    assert succeed.title == "Succéder"
    assert (
        succeed.text
        == "**Succéder** : Le joueur à gauche du premier joueur devient le premier joueur."
    )
    assert by_id["altered/4.2.5.b"].text.startswith("**Repos** : Les Personnages")


def test_empty_and_truncated_rules_are_flagged(by_id):
    assert by_id["altered/2.4.2"].text == "" and by_id["altered/2.4.2"].notes
    assert by_id["altered/1.3.2.f"].text == "Lors de la phase de nuit"
    assert by_id["altered/1.3.2.f"].notes
    assert by_id["altered/7.4.4.c"].notes  # « Repos pendant le Crépuscule »


# --------------------------------------------------------------------------- references


def test_numeric_references(entries, by_id):
    numeric = {e.id: [r for r in e.refs if "/glossaire/" not in r] for e in entries}
    numeric = {k: v for k, v in numeric.items() if v}
    assert numeric == {
        "altered/1.1.1.b": ["altered/1.4"],  # « la sous-section 1.4 »
        "altered/2.1.c": ["altered/2.1.e"],  # « (voir règle 2.1.e) »
        "altered/2.1.f": ["altered/2.1.e"],  # « La règle 2.1.e »
        "altered/4.1.f": ["altered/4.1.h"],  # « l'étape 4.1.h »
        "altered/4.2.d-remarque": ["altered/4.4"],  # « la Section 4.4 »
        "altered/4.2.5.c-remarque": ["altered/6.1.g"],  # « (voir règle 6.1.g) »
        "altered/5.1.2.d": ["altered/6.4"],  # « la règle 6.4 »
        "altered/5.1.2.e": ["altered/6.5"],  # « la règle 6.5 »
        "altered/glossaire/instants-atomiques": ["altered/6.1.e", "altered/6.1.f"],
    }
    # « section 2 « Objets » » (32): chapter 2 is never printed, so it is reported.
    dangling = [(e.id, u.target, u.intended) for e in entries for u in e.unresolved]
    assert dangling == [("altered/1.1.1.c", "section 2", "altered/2")]
    # « retourne à l'étape 1 » (765) is a step of the same list, not a rule.
    assert by_id["altered/4.2.3.c"].refs == []


def test_named_references_to_the_glossary(by_id):
    assert by_id["altered/1.1.4-precision"].refs == [
        "altered/glossaire/standard",
        "altered/glossaire/multijoueur-2v2",
    ]
    assert by_id["altered/1.1.5-precision"].refs == ["altered/glossaire/draft-de-boosters"]
    assert by_id["altered/1.3.2-precision"].refs == [
        "altered/glossaire/clarification-des-phases-d-une-journee"
    ]
    assert by_id["altered/glossaire/value"].refs == [
        "altered/glossaire/card-advantage",
        "altered/glossaire/quality-advantage",
    ]


# --------------------------------------------------------------------------- glossary and FAQ


def test_explicit_glossary(entries, by_id):
    explicit = [e for e in of(entries, "glossary") if not e.defined_by]
    assert len(explicit) == 24
    assert len([e for e in explicit if e.parent is None]) == 23
    sealed = by_id["altered/glossaire/format-scelle"]
    assert sealed.parent == "altered/glossaire/standard"
    assert sealed.role == "subentry"
    assert (sealed.source.line_start, sealed.source.line_end) == (1481, 1495)
    assert by_id["altered/glossaire/standard"].source.line_end == 1479
    # Misspelt headwords: corrected title, printed spelling kept as alias.
    assert by_id["altered/glossaire/courbe"].title == "Courbe"
    assert "Courve" in by_id["altered/glossaire/courbe"].aliases
    assert "Archetype" in by_id["altered/glossaire/archetype"].aliases
    assert by_id["altered/glossaire/egalite"].title == "Égalité"
    # Sub-headings stay inside their entry; Booster War's dashes nest under step 3.
    assert "**Conditions de victoire**" in by_id["altered/glossaire/free-for-all"].text
    assert "\n3. Jouez à Altered" in by_id["altered/glossaire/booster-war"].text
    assert "\n    - Mana illimité." in by_id["altered/glossaire/booster-war"].text
    assert "- Temps pour le draft et la construction du deck : 40 minutes" in (
        by_id["altered/glossaire/draft-de-boosters"].text
    )


def test_faq_pairs_one_entry_per_question(entries, by_id):
    faq = of(entries, "faq")
    assert len(faq) == 4  # 7 pairs, 3 questions asked under both Draft and Scellé
    assert len({e.title for e in faq}) == 4
    scan = by_id["altered/faq/scanner-les-cartes"]
    assert (
        scan.title == "Quand dois-je scanner mes cartes et les ajouter à ma collection numérique ?"
    )
    assert "**Draft de Boosters** : Après la phase de draft" in scan.text
    assert "**Format Scellé** : Pendant la construction du deck" in scan.text
    assert (scan.source.line_start, scan.source.line_end) == (1351, 1492)
    assert by_id["altered/faq/manque-de-cartes"].parent == "altered/glossaire/draft-de-boosters"
    # No question stays inside the glossary text.
    for entry in of(entries, "glossary"):
        assert "?\n" not in entry.text and not entry.text.endswith("?")


def test_terms_defined_by_the_rules(entries, by_id):
    glossary = of(entries, "glossary")
    assert len(glossary) >= 40
    terms = [e for e in glossary if e.defined_by]
    assert all(e.defined_by in by_id for e in terms)
    for keyword, rule in [
        ("defenseur", "7.4.1"),
        ("eternel", "7.4.2"),
        ("gigantesque", "7.4.3"),
        ("aguerri", "7.4.4"),
        ("coriace", "7.4.5"),
        ("fugace", "2.4.6"),
        ("epuise", "2.4.5"),
    ]:
        assert by_id[f"altered/glossaire/{keyword}"].defined_by == f"altered/{rule}"
    verbs = [e for e in entries if e.kind == "section" and (e.parent or "") == "altered/7.3"]
    assert len(verbs) == 22
    defined = {e.defined_by for e in terms}
    assert all(v.id in defined for v in verbs), [v.id for v in verbs if v.id not in defined]
    dusk = by_id["altered/glossaire/crepuscule"]
    assert (dusk.english, dusk.english_inferred) == ("Dusk", False)
    assert by_id["altered/glossaire/fugace"].english == "Fleeting"
    assert by_id["altered/glossaire/activer"].english_inferred
    assert by_id["altered/glossaire/defenseur"].text.startswith("Une expédition contenant")
    quick = by_id["altered/glossaire/action-rapide"].text  # one item of 1.2.4.c's list
    assert quick.startswith("Les actions rapides sont écrites « Coût : Effet ».")
    assert quick.endswith("avant de jouer une carte ou de passer.") and "\n" not in quick
    assert sum(1 for e in glossary if e.english) >= 60


def test_terms_quote_their_own_definition_and_cite_its_lines(entries, by_id):
    lines = SOURCE.read_text(encoding="utf-8").split("\n")
    rules = [e for e in entries if e.document == "regles" and e.text]
    terms = [e for e in of(entries, "glossary") if e.defined_by and e.text]
    assert len(terms) >= 80
    for term in terms:
        quoted = [r for r in rules if r.text == term.text or term.text in r.text]
        assert quoted, term.id
        rule = quoted[0]
        # The quoted rule is the defining entry or a rule under it, never a rule elsewhere.
        assert (rule.id + ".").startswith(term.defined_by + "."), (term.id, rule.id)
        assert (term.source.line_start, term.source.line_end) == (
            rule.source.line_start,
            rule.source.line_end,
        ), term.id
        printed = re.findall(
            r"\w+", fold(" ".join(lines[term.source.line_start - 1 : term.source.line_end]))
        )
        # Icons are rendered (« etb » -> « [Entrée en jeu] »): most words, not every word.
        words = re.findall(r"\w+", fold(term.text))
        assert sum(w in printed for w in words) >= 0.6 * len(words), term.id
    # The three that quoted another rule: Épuiser's (7.3.6.a), 3.2.1.c for 4.3.e, 1.3.3.c for 4.3.c.
    assert by_id["altered/glossaire/epuise"].text == by_id["altered/2.4.5.a"].text
    assert by_id["altered/glossaire/arene"].defined_by == "altered/3.2.1.c"
    assert by_id["altered/glossaire/departages"].text == by_id["altered/4.3.c"].text


def test_a_term_naming_a_heading_names_the_rule_it_quotes():
    """« the first rule of the heading » would quote another rule once an edition inserts one
    before it: a row without `text_from` is reported, with the rule it should name."""
    text = (REPO / corrections(GAME).path).read_text(encoding="utf-8")
    row = "{title: Piocher, defined_by: 7.3.5, text_from: 7.3.5.a,"
    assert text.count(row) == 1
    changed = Corrections.from_text(
        text.replace(row, "{title: Piocher, defined_by: 7.3.5,"), corrections(GAME).path
    )
    result = altered.parse(SOURCE.read_text(encoding="utf-8"), corrections=changed)
    [stale] = result.stale_corrections
    assert (stale.section, stale.key) == ("terms", "Piocher")
    assert "altered/7.3.5 is a heading: name the rule it quotes (text_from: 7.3.5.a)" in str(stale)
    assert "altered/glossaire/piocher" not in {e.id for e in result.entries}


def test_no_alias_claimed_by_two_terms(entries):
    owner: dict[str, str] = {}
    for entry in of(entries, "glossary"):
        for name in {fold(entry.title)} | {fold(a) for a in entry.aliases}:
            assert owner.setdefault(name, entry.id) == entry.id, (name, owner[name], entry.id)


# --------------------------------------------------------------------------- integrity


def test_ids_parents_refs_sources(result, entries, by_id):
    ids = [e.id for e in entries]
    assert len(ids) == len(set(ids))
    pattern = re.compile(r"^[a-z0-9-]+/[a-z0-9./-]+$")
    assert all(pattern.match(i) for i in ids)
    documents = {d.id for d in result.documents}
    for entry in entries:
        assert entry.game == "altered" and entry.document in documents
        assert entry.parent is None or entry.parent in by_id, entry.id
        assert all(r in by_id for r in entry.refs), entry.id
        assert entry.source.file == altered.SOURCE
        assert 1 <= entry.source.line_start <= entry.source.line_end <= 1507, entry.id


def test_no_debris_in_text(entries):
    for entry in entries:
        for debris in (
            "Warning: Undefined",
            "Sources du contenu",
            "×",
            "Nombre d'entrées",
            "++",
            "\u00a0",
            "\u037e",
        ):
            assert debris not in entry.text, (entry.id, debris)
        assert not re.search(r">\w+>", entry.text), entry.id


def test_parse_is_deterministic(entries):
    again = parse(GAME, SOURCE.read_text(encoding="utf-8")).entries
    assert [e.to_dict() for e in again] == [e.to_dict() for e in entries]
