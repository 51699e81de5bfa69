"""The Marvel Champions importer against its research inventory (seed-marvel-champions.md)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from arbitre.importers import marvel_champions as mc
from arbitre.importers.text import fold
from tests.importers.conftest import corrections

SOURCE = Path(__file__).resolve().parents[2] / "content" / mc.GAME / "sources" / mc.SOURCE
G = f"{mc.GAME}/"


@pytest.fixture(scope="module")
def text() -> str:
    return SOURCE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def details(text):
    return mc.parse_details(text, corrections=corrections(mc.GAME))


@pytest.fixture(scope="module")
def entries(details):
    return details.result.entries


@pytest.fixture(scope="module")
def by_id(entries):
    return {e.id: e for e in entries}


@pytest.fixture(scope="module")
def names(entries):
    """Folded title or alias of a glossary entry (or aliased section) -> the entry id."""
    table: dict[str, str] = {}
    for e in entries:
        if e.kind == "glossary" or e.aliases:
            for name in [e.title or "", *e.aliases]:
                table[_name(name)] = e.id
    return table


def _name(text: str) -> str:
    return re.sub(r"\s+", " ", fold(mc.strip_icons(text)).replace("«", "").replace("»", "")).strip()


def local(e) -> str:
    return e.id.removeprefix(G)


# -- counts ------------------------------------------------------------------------------------


def test_counts_by_kind_and_role(entries):
    counts = Counter((e.kind, e.role) for e in entries)
    # 203 headings - 20 pure redirects: 18 folded into aliases, 2 kept (they name two entries).
    assert counts[("glossary", None)] == 183
    assert counts[("glossary", "redirect")] == 2
    assert counts[("glossary", "subentry")] == 18
    assert counts[("faq", None)] == 57
    assert counts[("errata", None)] == 8
    assert counts[("rule", "step")] == 10 + 15  # round structure + setup (appendix II)
    assert counts[("example", None)] == 5  # card diagrams of appendix III


def test_documents(details):
    result = details.result
    assert [d.id for d in result.documents] == ["regles", "glossaire", "faq", "errata"]
    assert {e.document for e in result.entries} == {"regles", "glossaire", "faq", "errata"}
    assert {e.document for e in result.entries if e.kind == "glossary"} == {"glossaire"}


def test_index_has_201_lines_and_is_not_emitted(text, entries):
    terms = mc.index_terms(text)
    assert len(terms) == 201
    assert terms[0] == ("À distance", 4, 32)
    assert terms[-1][0] == "Zone de jeu du méchant"
    assert not any(e.source.line_start < 315 and 28 <= e.source.line_start for e in entries)


def test_front_matter_sections_and_rules(by_id):
    assert by_id[G + "les-regles-d-or"].kind == "section"
    assert [by_id[G + f"les-regles-d-or/{i}"].kind for i in (1, 2)] == ["rule", "rule"]
    grim = by_id[G + "la-sombre-regle"]
    assert grim.kind == "rule" and grim.english == "The Grim Rule"
    assert by_id[G + "limitation-du-materiel"].kind == "rule"
    step7 = by_id[G + "deroulement-d-un-round/7"]
    assert step7.title == "Attribuez les cartes Rencontre" and step7.number == "7"
    assert step7.refs == [G + "glossaire/attribuer-attribuer-une-carte-rencontre"]
    assert by_id[G + "deroulement-d-un-round/6"].refs == [
        G + "glossaire/activation",
        G + "glossaire/attaque-activation-des-ennemis",
        G + "glossaire/manigance-activation-des-ennemis",
    ]
    assert by_id[G + "presentation-generale"].role == "front-matter"
    # The legal block (l.308–313) is dropped, never glued to a neighbour.
    assert not any("Guyancourt" in e.text for e in by_id.values())


def test_appendices(by_id):
    assert by_id[G + "appendice-i"].title == "Appendice I : Decks personnalisés"
    assert by_id[G + "appendice-i/decks-joueur"].kind == "rule"
    assert "minimum de 40 cartes" in by_id[G + "appendice-i/decks-joueur"].text
    setup = [by_id[G + f"appendice-ii/{n}"] for n in range(1, 16)]
    assert setup[0].title == "Choisir les identités"
    assert (
        setup[0].text
        == "Chaque joueur sélectionne une identité et la place, face alter ego visible."
    )
    assert setup[10].text.startswith("Résolvez toute instruction « **Mise en place** »")
    assert by_id[G + "errata"].title == "Appendice V : Errata"
    player = by_id[G + "appendice-iii/description-des-cartes-joueur"].text.split("\n")
    assert len(player) == 17 and player[0] == "- **Titre.** Le nom de cette carte."
    scenario = by_id[G + "appendice-iii/description-des-cartes-scenario"].text.split("\n")
    assert len(scenario) == 15
    assert scenario[10].startswith("- **Seuil de menace.** La quantité de menaces requise")


# -- glossary ----------------------------------------------------------------------------------


def glossary_headings(text: str) -> list[tuple[int, str]]:
    lines = text.split("\n")
    return [
        (no, m[1])
        for no, line in enumerate(lines, 1)
        if 358 <= no <= 2363 and (m := re.match(r"^#+ (.*)$", line))
    ]


def test_all_203_headings_are_findable(text, names):
    headings = glossary_headings(text)
    assert len(headings) == 203
    missing = [h for _no, h in headings if _name(h) not in names]
    assert missing == []


def test_glossary_ids_strip_icons_and_accents(by_id):
    for local_id in (
        "glossaire/a-distance",
        "glossaire/allie",
        "glossaire/attaque-attaquer",
        "glossaire/attaque-activation-des-ennemis",
        "glossaire/boost-icone-de-boost",
        "glossaire/degats-consecutifs",
        "glossaire/icone-d-acceleration",
        "glossaire/par-joueur",
        "glossaire/et",
        "glossaire/variable-non-numerique",
        "glossaire/utilisations-x-type",
        "glossaire/manigance-type-de-carte",
        "glossaire/manigance-activation-des-ennemis",
        "glossaire/capacites-une-fois-vaincu-dejouee",
    ):
        assert by_id[G + local_id].kind == "glossary", local_id
    assert by_id[G + "glossaire/degats-consecutifs"].title == "Dégâts consécutifs (☆)"
    assert "Dégâts consécutifs" in by_id[G + "glossaire/degats-consecutifs"].aliases


REDIRECTS = {
    "« À la place »": "glossaire/effets-de-remplacement",
    "Alter ego": "glossaire/forme-changer-de-forme",
    "Forme d'alter ego": "glossaire/forme-changer-de-forme",
    "ATQ": "glossaire/attaque-attaquer",
    "« Chaque fois »": "glossaire/effet-d-alteration/chaque-fois",
    "Contrôle": "glossaire/propriete-et-controle",
    "CTR": "glossaire/contre-contrer",
    "Deck vide": "glossaire/deck-vide",  # kept: it names two entries
    "DEF": "glossaire/defense-defendre",
    "« Déjà »": "glossaire/effet-d-alteration/deja",
    "Effet": "glossaire/capacite-capacite-de-carte",
    "Générer": "glossaire/ressource",
    "Héros": "glossaire/forme-changer-de-forme",
    "Jouer des cartes": "glossaire/initier-des-capacites-jouer-des-cartes",
    "MNG": "glossaire/manigance-activation-des-ennemis",
    "Non défendue": "glossaire/attaque-activation-des-ennemis",
    "Personnalisation de deck": "appendice-i",
    "REC": "glossaire/recuperation-recuperer",
    "« Supplémentaire »": "glossaire/effet-d-alteration/supplementaire",
    "Tomber à court de cartes": "glossaire/tomber-a-court-de-cartes",  # kept, as « Deck vide »
    "« X » (valeur)": "glossaire/variable-non-numerique",
}


def test_the_20_redirects_are_names_of_their_target(entries, by_id, names):
    for alias, target in REDIRECTS.items():
        assert names[_name(alias)] == G + target, alias
    for slug in ("atq", "ctr", "def", "mng", "rec", "a-la-place", "generer"):
        assert G + f"glossaire/{slug}" not in by_id
    folded = [n for e in entries for n in e.notes if n.startswith("Renvoi fondu en alias")]
    assert len(folded) == 20 - len(SHARED_REDIRECTS)
    # A folded redirect's other targets become references of the entry it lands on.
    assert G + "glossaire/pouvoir-de-base" in by_id[G + "glossaire/recuperation-recuperer"].refs


# Redirects that name two entries alike (« Voir : Deck Rencontre, Deck Joueur »): kept as redirect
# entries that reach each one.  (heading line, the entries the « Voir » line names, in order)
SHARED_REDIRECTS = [
    (841, ["glossaire/deck-rencontre", "glossaire/deck-joueur"]),
    (2158, ["glossaire/deck-rencontre", "glossaire/deck-joueur"]),
]


def test_shared_redirects_reach_every_entry_they_name(text, entries, by_id, names):
    lines = text.split("\n")
    for line, targets in SHARED_REDIRECTS:
        heading, voir = lines[line - 1], lines[line + 1]
        assert heading.startswith("## ") and voir.startswith("**Voir :** "), (heading, voir)
        title = mc.sentence_case(heading.removeprefix("## "))
        named = voir.removeprefix("**Voir :** ").split(", ")
        redirect = by_id[names[_name(title)]]
        assert (redirect.title, redirect.role, redirect.kind) == (title, "redirect", "glossary")
        assert redirect.source.line_start == line and redirect.text == voir
        assert redirect.refs == [G + t for t in targets]
        for target, name in zip(targets, named, strict=True):
            # The target as printed is that entry's title or one of its aliases.
            assert names[_name(name)] == G + target, name
            # The redirect's name is nobody's alias: it is the redirect's own.
            assert _name(title) not in {_name(a) for a in by_id[G + target].aliases}
    assert sum(1 for e in entries if e.role == "redirect") == len(SHARED_REDIRECTS)


ALIASES = {
    # comma and slash headings
    "Attaquer": "glossaire/attaque-attaquer",
    "Sonné": "glossaire/sonner-sonne",
    "Sonner": "glossaire/sonner-sonne",
    "Désorienté": "glossaire/desorienter-desoriente",
    "Deck manigance principale": "glossaire/manigance-principale-deck-manigance-principale",
    "Mis de côté": "glossaire/mettre-de-cote-mis-de-cote",
    "Une fois déjouée": "glossaire/capacites-une-fois-vaincu-dejouee",
    "Perdre (une statistique)": "glossaire/gagner-perdre-une-statistique",
    "Déjouer": "glossaire/vaincre-dejouer",
    # misspelt headings keep the printed spelling
    "Traiîrise": "glossaire/traitrise",
    "Traîrise": "glossaire/traitrise",
    "Capacité une fois achévé": "glossaire/capacite-une-fois-acheve",
    # index wordings that differ from the headings
    "Généraler": "glossaire/ressource",
    "Carte joueur": "glossaire/cartes-joueur",
    "Carte spécifique au scénario": "glossaire/cartes-specifiques-au-scenario",
    "Capacités « une fois achevé »": "glossaire/capacite-une-fois-acheve",
    # reference wordings and printed misspellings
    "Sbiire": "glossaire/sbire",
    "Sbiro": "glossaire/sbire",
    "Icône d'étoile": "glossaire/icone-d-etoile",
    "Ressource énergie": "glossaire/ressource-energie",
    "Attaque (action de joueur)": "glossaire/attaque-attaquer",
    "Menace cible": "glossaire/seuil-de-menace",
    "Mode débutant": "glossaire/modes-de-jeu/mode-escarmouche",
    "Mode de jeu campagne": "glossaire/modes-de-jeu/mode-campagne",
    # sub-entries by their own name
    "Capacité déclenchée": "glossaire/capacite-capacite-de-carte/capacite-declenchee",
    "Capacités constantes": "glossaire/capacite-capacite-de-carte/capacite-constante",
    "Carte d'état Tenace": "glossaire/cartes-d-etat/tenace",
    "Mode héroïque": "glossaire/modes-de-jeu/mode-heroique",
    # English abbreviations
    "ATK": "glossaire/attaque-attaquer",
    "THW": "glossaire/contre-contrer",
    "SCH": "glossaire/manigance-activation-des-ennemis",
}


@pytest.mark.parametrize(("alias", "target"), sorted(ALIASES.items()))
def test_alias_resolution(names, alias, target):
    assert names[_name(alias)] == G + target


def test_no_name_is_claimed_twice(entries):
    claimed: dict[str, str] = {}
    for e in entries:
        if e.kind != "glossary":
            continue
        for name in {fold(e.title or "")} | {fold(a) for a in e.aliases}:
            assert claimed.setdefault(name, e.id) == e.id, (name, e.id, claimed[name])


def test_misspelt_headings(by_id):
    treachery = by_id[G + "glossaire/traitrise"]
    assert treachery.title == "Traîtrise" and treachery.aliases[0] == "Traiîrise"
    achieved = by_id[G + "glossaire/capacite-une-fois-acheve"]
    assert achieved.title == "Capacité une fois achevé"
    assert "Capacité une fois achévé" in achieved.aliases


def test_the_18_subentries(entries, by_id):
    subs = [e for e in entries if e.role == "subentry"]
    assert Counter(local(by_id[e.parent]) for e in subs) == {
        "glossaire/capacite-capacite-de-carte": 2,
        "glossaire/cartes-d-etat": 3,
        "glossaire/effet-d-alteration": 3,
        "glossaire/modes-de-jeu": 5,
        "glossaire/vous-votre": 5,
    }
    triggered = by_id[G + "glossaire/capacite-capacite-de-carte/capacite-declenchee"]
    assert triggered.text.startswith("Une capacité déclenchée est une capacité indiquée")
    assert triggered.text.count("\n- ") == 5  # its bullets, not the priority list after them
    assert "Capacités constantes" not in triggered.text
    stunned = by_id[G + "glossaire/cartes-d-etat/sonne"]
    assert stunned.title == "Carte d'état Sonné" and stunned.english == "Stunned"
    improvements = by_id[G + "glossaire/vous-votre/ameliorations"]
    assert "Considérez également que les attaques" in improvements.text  # page break joined


def test_english_terms(entries, by_id):
    glossary = [e for e in entries if e.kind == "glossary"]
    official = [e for e in glossary if e.english and not e.english_inferred]
    assert len(official) >= 55
    assert len([e for e in glossary if e.english]) >= 180
    assert all(e.english for e in entries if e.english_inferred)
    riposte = by_id[G + "glossaire/riposte-x"]
    assert (riposte.english, riposte.english_inferred) == ("Retaliate X", False)
    threshold = by_id[G + "glossaire/seuil-de-menace"]
    assert (threshold.english, threshold.english_inferred) == ("Target threat", True)
    assert by_id[G + "glossaire/incline"].english == "Exhausted"


# -- cross-references --------------------------------------------------------------------------


def test_voir_clauses_as_counted_by_the_inventory(text):
    clauses = [c for line in text.split("\n") for c in mc.voir_clauses(line)]
    assert len(clauses) == 240
    targets = [t for c in clauses for t in c]
    assert len(targets) == 952
    assert len({t.casefold() for t in targets}) == 226


def test_every_target_resolves_by_the_documented_route(details):
    assert Counter(details.target_categories.values()) == {
        "heading": 130,
        "part": 23,
        "section": 4,
        "table": 69,
    }
    table = corrections(mc.GAME)["voir_targets"]
    in_table = {k.casefold() for k, v in table.items() if not v.get("override")}
    assert in_table == {t for t, cat in details.target_categories.items() if cat == "table"}
    assert [k for k, v in table.items() if v.get("override")] == ["Gagner"]


def test_refs_and_parents_exist_and_ids_are_clean(entries, by_id):
    assert len(by_id) == len(entries)
    for e in entries:
        assert re.fullmatch(r"[a-z0-9-]+/[a-z0-9./-]+", e.id), e.id
        assert e.parent is None or e.parent in by_id, e.id
        assert all(ref in by_id for ref in e.refs), e.id
        assert e.id not in e.refs
        assert len(set(e.refs)) == len(e.refs)
        assert e.defined_by is None or e.defined_by in by_id


def test_refs_follow_the_printed_order(by_id):
    assert by_id[G + "glossaire/a-distance"].refs == [
        G + "glossaire/attaque-activation-des-ennemis",
        G + "glossaire/attaque-attaquer",
        G + "glossaire/mots-cles",
        G + "glossaire/texte-de-rappel",
        G + "glossaire/riposte-x",
    ]
    # « Tenace / Ténacité » names two entries; « Gagner » means gaining a keyword.
    robuste = by_id[G + "glossaire/robuste"].refs
    assert G + "glossaire/gagner-une-caracteristique" in robuste
    assert G + "glossaire/gagner-perdre-une-statistique" not in robuste
    assert by_id[G + "glossaire/percant"].refs[-3:-1] == [
        G + "glossaire/tenace",
        G + "glossaire/tenacite",
    ]
    # The lowercase prose reference of the FAQ, and the section target with a page number.
    assert by_id[G + "faq/boite-de-base/spider-man-1a/1"].refs == [
        G + "glossaire/attaque-activation-des-ennemis"
    ]
    assert G + "limitation-du-materiel" in by_id[G + "glossaire/degats"].refs
    assert G + "appendice-i" in by_id[G + "glossaire/cartes-joueur"].refs  # « Deck Personnalisés »


def test_unresolved_are_the_targets_with_no_entry(entries, by_id):
    found = [(e, u) for e in entries for u in e.unresolved]
    assert Counter(u.target.casefold() for _e, u in found) == {
        "attaque (action de joueur)": 6,
        "capacité déclenchée": 15,
        "carte aspect": 1,
        "compteur de points de vie": 1,
        "menace cible": 1,
    }
    for e, u in found:
        assert u.intended in by_id and u.intended in e.refs
        assert u.target in e.text  # the literal target stays in the text
        assert u.note
    assert by_id[G + "glossaire/garde"].unresolved[0].intended == G + "glossaire/attaque-attaquer"


def test_contradictions_point_at_each_other(by_id):
    pairs = [
        ("glossaire/capacite-une-fois-revelee", "appendice-ii/11"),
        ("glossaire/deck-rencontre", "glossaire/pion-acceleration"),
    ]
    for a, b in pairs:
        assert any(G + b in n for n in by_id[G + a].notes), a
        assert any(G + a in n for n in by_id[G + b].notes), b


# -- FAQ and errata ----------------------------------------------------------------------------


def test_faq_structure(entries, by_id):
    groups = [e for e in entries if e.parent == G + "faq"]
    assert len(groups) == 15
    cards = [e for e in entries if e.kind == "section" and e.parent in {g.id for g in groups}]
    assert len(cards) == 45
    faqs = [e for e in entries if e.kind == "faq"]
    assert all(by_id[e.parent].kind == "section" for e in faqs)
    assert len([e for e in faqs if e.card]) == 53  # all but 4 topic questions
    assert (
        len(
            [
                e
                for e in faqs
                if e.parent == G + "faq/boite-de-base"
                or by_id[e.parent].parent == G + "faq/boite-de-base"
            ]
        )
        == 17
    )
    # « JE TE VOIS (30) » is a `##` heading but a Bouffon Vert card.
    assert by_id[G + "faq/le-bouffon-vert/je-te-vois-30"].card == "Je Te Vois"
    assert by_id[G + "faq/boite-de-base/connaissance-ancestrale-42/1"].card == (
        "Connaissance Ancestrale"
    )


def test_faq_answers(by_id):
    web = by_id[G + "faq/boite-de-base/pris-dans-la-toile-9/1"]
    assert web.title == "Combien d'attaques peuvent être empêchées par Pris dans la Toile ?"
    assert web.text.startswith("Un total de deux attaques.")
    assert web.card == "Pris dans la Toile"
    nova = by_id[G + "faq/miss-marvel/nova-sam-alexander-12/1"]  # « A : » for Answer
    assert nova.text.startswith("Non. Bien que la séquence d'attaque soit initiée")
    # « **Q :** … » / « **R :** … »
    quiver = by_id[G + "faq/l-avenement-de-crane-rouge/carquois-de-hawkeye-3/1"]
    assert quiver.title.startswith("Après avoir utilisé la Carquois de Hawkeye")
    assert quiver.text.startswith("Remélangez ces cartes")
    modular = by_id[G + "faq/convoitise-galactique/sets-de-rencontre-modulaires/1"]
    assert "(*il ne contient pas le mot* « Campagne » dans son champ" in modular.text
    assert modular.card is None
    assert by_id[G + "faq/docteur-strange/imperturbable-20"].card == "Imperturbable"
    assert by_id[G + "faq/convoitise-galactique/recup-33/1"].card == "Récup'"
    vibranium = by_id[G + "faq/boite-de-base/costume-en-vibranium-49/1"]
    assert "défausse la carte d'état Tenace" in vibranium.title  # « défause » repaired


def test_faq_questions_are_plain_titles(entries, by_id):
    """A title is printed as typed, never read as Markdown: the source's bold on a card's words
    in a question keeps the words (« **GEANT** » read « **GEANT** » on the FAQ page)."""
    wasp = by_id[G + "faq/wasp/la-guepe-1c/2"]
    assert wasp.title == (
        "Lorsque La Guêpe est sous forme de héros GEANT, comment sa deuxième capacité "
        "interagit-elle avec le mot-clé Garde ?"
    )
    assert "sa Super Vitesse peut-elle" in by_id[G + "faq/quicksilver/vif-argent-1a/1"].title
    assert not [e.id for e in entries if e.title and re.search(r"[*_]{1,2}\w", e.title)]
    # the answers keep their Markdown
    assert (
        "deck **INVOCATION**"
        in by_id[G + "faq/kang-le-conquerant/reduit-a-l-impuissance-20/1"].text
    )


def test_errata(entries, by_id):
    errata = [e for e in entries if e.kind == "errata"]
    assert len(errata) == 8
    assert len([e for e in errata if e.card]) == 7
    loki = by_id[G + "errata/loki"]
    assert loki.title == "Loki (Thor, 28)" and loki.card == "Loki" and loki.number == "28"
    honorary = by_id[G + "errata/membre-honoraire-des-avengers"]
    assert honorary.text.count("\n\n") == 3  # the quote spans three paragraphs
    rulebook = by_id[G + "errata/convoitise-galactique"]
    assert rulebook.card is None
    assert rulebook.text.startswith("**Livret de règles, page 18, mise en place, première puce**")


# -- Markdown repair ---------------------------------------------------------------------------


def test_page_breaks_joined(details, by_id):
    assert details.joins == [
        (737, 739),
        (763, 765),
        (989, 991),
        (1130, 1132),
        (2037, 2039),
        (2211, 2213),
        (2314, 2316),
        (2885, 2887),
    ]
    assert "au set de cartes qui accompagne cette identité. (**Voir :** Cartes" in (
        by_id[G + "glossaire/classifications"].text
    )
    assert (
        "considéré comme contrer la manigance spécifiée."
        in by_id[G + "glossaire/contre-contrer"].text
    )
    assert "peuvent créer les exceptions suivantes" in by_id[G + "glossaire/unique"].text


def test_no_broken_bold_and_no_debris(entries):
    for e in entries:
        for line in e.text.split("\n"):
            assert line.count("**") % 2 == 0, (e.id, line)
            assert not re.match(r"^ {1,3}\S", line), (e.id, line)  # nesting is 0 or 4 spaces
        assert "\n\n\n" not in e.text
        assert "\u00a0" not in e.text and "\u037e" not in e.text and "\u202f" not in e.text
        assert "  " not in e.text.replace("\n    ", "\n"), e.id
        assert "**Voir** :" not in e.text and "**Voir aussi** :" not in e.text
        assert "ICÔNES DE BOOST" not in e.text and "\nICÔNE D'ÉTOILE" not in e.text


def test_nested_lists(by_id):
    attack = by_id[G + "glossaire/attaque-activation-des-ennemis"].text
    assert "ordre :\n    - Résolvez toute capacité « **Boost** : »" in attack
    assert "suivante :\n    - Si un héros effectue une défense de base" in attack
    assert "\n    - Si aucun personnage ne défend" in attack
    scheme = by_id[G + "glossaire/manigance-activation-des-ennemis"].text
    assert "ordre :\n    - Résolvez toute capacité" in scheme
    assert "\n    - Défaussez chaque carte de boost après sa résolution.\n3. Placez" in scheme
    initiate = by_id[G + "glossaire/initier-des-capacites-jouer-des-cartes"].text
    assert "\n3. Appliquez tous les modificateurs au(x) coût(s).\n4. Payez" in initiate
    assert "propriétaire.\n\n- Si n'importe laquelle" in initiate
    assert "\n- Si la capacité initiée se trouve" in initiate


def test_captions_dropped_without_duplicate_ids(details, entries):
    assert details.dropped_captions == [512, 1274]
    titles = Counter(e.title for e in entries if e.kind == "glossary")
    for term in ("Attachement", "Environnement", "Événement", "Obligation", "Ressource"):
        assert titles[term] == 1
    assert not any(e.source.line_start in (2545, 2549, 2553, 2557, 2561) for e in entries)


def test_typos_repaired_outside_references(by_id):
    assert by_id[G + "glossaire/sbire"].text.startswith("Sbire est un type de carte Rencontre.")
    boost = by_id[G + "glossaire/boost-icone-de-boost"].text
    assert "défaussez-la." in boost
    # The printed reference keeps its spelling (it resolves through the corrections table).
    assert "Mot-clé, Sbiire, Sonné" in by_id[G + "glossaire/robuste"].text


def test_source_spans(by_id):
    allie = by_id[G + "glossaire/allie"].source
    assert (allie.file, allie.line_start, allie.line_end) == (mc.SOURCE, 387, 397)
    last = by_id[G + "errata/convoitise-galactique"].source
    assert (last.line_start, last.line_end) == (2969, 2975)
    sub = by_id[G + "glossaire/modes-de-jeu/mode-campagne"].source
    assert (sub.line_start, sub.line_end) == (1560, 1566)


def test_deterministic(text, details):
    again = mc.parse(text, corrections=corrections(mc.GAME))
    assert [e.to_dict() for e in again.entries] == [e.to_dict() for e in details.result.entries]


def test_corrections_still_match_the_source(text):
    """Every repair of the corrections file names something the source still prints."""
    corr = corrections(mc.GAME)
    for word in corr["word_fixes"]:
        assert re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text), word
    headings = {h for _no, h in glossary_headings(text)}
    assert set(corr["heading_fixes"]) <= headings
    assert set(corr["redirect_landing"]) <= headings
    printed = {t.casefold() for line in text.split("\n") for c in mc.voir_clauses(line) for t in c}
    assert {k.casefold() for k in corr["voir_targets"]} <= printed
