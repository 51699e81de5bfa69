"""The Ashes importer: counts from the seed inventory, Q/R recovery despite damaged markers, and
the OCR repair (fixes that must happen, words that must stay as printed)."""

from __future__ import annotations

import importlib.util
import re
from collections import Counter
from pathlib import Path

import pytest

from arbitre.importers import ashes
from arbitre.kb.entry import KINDS, ROLES, Entry, GameImport
from tests.importers.conftest import corrections, parse

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "content" / "ashes" / "sources" / ashes.SOURCE


@pytest.fixture(scope="module")
def result() -> GameImport:
    return parse("ashes", SOURCE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def by_id(result: GameImport) -> dict[str, Entry]:
    return {e.id: e for e in result.entries}


def entry(by_id: dict[str, Entry], local: str) -> Entry:
    return by_id[f"ashes/{local}"]


def all_text(result: GameImport, glossary: bool = False) -> list[str]:
    return [
        part
        for e in result.entries
        if glossary or e.kind != "glossary"
        for part in (e.title or "", e.text)
    ]


# ------------------------------------------------------------------ counts (seed inventory)


def test_counts_by_kind_and_role(result: GameImport) -> None:
    counts = Counter((e.kind, e.role) for e in result.entries)
    assert counts[("section", None)] == 2 + 21  # two part headings + the 21 Q/R topic headings
    assert counts[("faq", None)] == 57
    assert counts[("rule", "clarification")] == 11  # 6 + 5 bullets
    assert counts[("rule", "step")] == 6  # steps 1, 1b, 2, 2b, 3, 3b
    assert counts[("rule", None)] == 4  # two entry points, two rules between steps
    assert counts[("glossary", None)] >= 10
    assert sum(counts.values()) == len(result.entries)


def test_part_bullets(by_id: dict[str, Entry]) -> None:
    assert [entry(by_id, f"clarifications/{n}").source.line_start for n in range(1, 7)] == [
        3,
        7,
        12,
        25,
        29,
        35,
    ]
    assert [entry(by_id, f"degats/{n}").source.line_start for n in range(1, 6)] == [
        42,
        50,
        58,
        62,
        100,
    ]


def test_topic_headings(result: GameImport) -> None:
    sections = [e for e in result.entries if e.kind == "section"]
    assert [e.title for e in sections] == [
        "Clarifications",
        "Dégâts, jetons Blessures et Destruction",
        "Phase de préparation",
        "Les dégâts causés par l'incapacité de piocher lors de la phase de préparation",
        "Phase de Tours des joueurs",
        "Entrée en jeu",
        "La capacité Regard perçant",
        "Placement",
        "Jouer les cartes",
        "Ordre de résolution d'une carte",
        "Voile doré",
        "Capacités en jeu",
        "La capacité Consommer",
        "La capacité Regard perçant en jeu",
        "La capacité Souffrance partagée",
        "Concentrer des sorts",
        "Sortie de jeu",
        "Attaquer",
        "Fin de la Manche",
        "La capacité Consommer en fin de Manche",
        "Valeur de regain de vie",
        "Autre",
        "Informations cachées et publiques",
    ]
    heading = next(e for e in sections if e.title.startswith("Les dégâts causés"))
    assert (heading.source.line_start, heading.source.line_end) == (119, 120)  # split heading


def test_heading_hierarchy(by_id: dict[str, Entry]) -> None:
    parent = {
        "faq/degats-faute-de-pioche": "faq/phase-de-preparation",
        "faq/entree-en-jeu": "faq/phase-de-tours-des-joueurs",
        "faq/regard-percant": "faq/entree-en-jeu",
        "faq/consommer": "faq/capacites-en-jeu",
        "faq/attaquer": "faq/phase-de-tours-des-joueurs",
        "faq/consommer-en-fin-de-manche": "faq/fin-de-la-manche",
        "faq/informations-cachees-et-publiques": "faq/autre",
    }
    for child, expected in parent.items():
        assert entry(by_id, child).parent == f"ashes/{expected}"
    assert entry(by_id, "faq/phase-de-preparation").parent is None


def test_pairs_per_topic(result: GameImport) -> None:
    per_parent = Counter(e.parent for e in result.entries if e.kind == "faq")
    assert list(per_parent.values()) == [3, 3, 3, 5, 6, 2, 3, 6, 3, 2, 2, 3, 1, 6, 2, 2, 2, 1, 2]
    assert per_parent["ashes/faq/phase-de-tours-des-joueurs"] == 3  # Q/R 4-6, under the phase


def test_pair_spans_match_the_inventory(result: GameImport) -> None:
    faq = [e for e in result.entries if e.kind == "faq"]
    # (first marker or question line, last answer line) of Q/R 1..57, seed inventory Appendix A.
    assert [(e.source.line_start, e.source.line_end) for e in faq] == [
        (122, 131),
        (133, 146),
        (148, 154),
        (157, 168),
        (170, 177),
        (179, 188),
        (194, 203),
        (205, 222),
        (226, 237),
        (241, 255),
        (257, 267),
        (269, 278),
        (280, 288),
        (290, 297),
        (301, 312),
        (314, 322),
        (324, 345),
        (347, 361),
        (363, 373),
        (377, 387),
        (391, 409),
        (411, 421),
        (425, 440),
        (442, 456),
        (458, 467),
        (471, 479),
        (481, 488),
        (490, 498),
        (500, 507),
        (509, 516),
        (518, 526),
        (530, 539),
        (541, 551),
        (553, 563),
        (567, 581),
        (583, 595),
        (599, 612),
        (614, 638),
        (644, 669),
        (671, 677),
        (679, 693),
        (697, 717),
        (721, 731),
        (733, 756),
        (758, 765),
        (769, 777),
        (779, 783),
        (785, 792),
        (796, 799),
        (801, 805),
        (809, 819),
        (821, 827),
        (831, 837),
        (839, 847),
        (851, 861),
        (865, 869),
        (871, 873),
    ]
    assert all(e.title.endswith("?") for e in faq)
    assert all(e.text for e in faq)
    assert entry_ids_are_topic_numbered(faq)


def entry_ids_are_topic_numbered(faq: list[Entry]) -> bool:
    seen: Counter[str] = Counter()
    for e in faq:
        seen[e.parent] += 1
        if e.id != f"{e.parent}-{seen[e.parent]}":
            return False
    return True


# ------------------------------------------------------------------ marker variants


def test_q_alone_then_bare_colon(by_id: dict[str, Entry]) -> None:
    e = entry(by_id, "faq/phase-de-tours-des-joueurs-1")  # l.157 « Q », l.159 « :Un joueur… »
    assert e.title == "Un joueur peut-il passer, mais quand même effectuer une action secondaire ?"
    assert e.text.startswith("Oui. Passer est une action principale")


def test_bare_colons_on_both_sides(by_id: dict[str, Entry]) -> None:
    e = entry(by_id, "faq/phase-de-tours-des-joueurs-2")  # l.170 « :Lorsque », l.174 « : Oui. »
    assert e.title.startswith("Lorsque j'effectue une action secondaire Méditer")
    assert e.text.startswith("Oui. Vous pouvez défausser n'importe quel nombre")


def test_markers_hoisted_above_both_texts(by_id: dict[str, Entry]) -> None:
    e = entry(by_id, "faq/regard-percant-3")  # l.226 « Q: », l.228 « R: », then Q and R text
    assert e.title.startswith("Si mon adversaire joue Clone étrange, puis-je")
    assert e.text.startswith("Non. Clone étrange est un sort d'action")
    e = entry(by_id, "faq/placement-1")  # l.241 « Q: », 243 « R: », 245 and 247 « ~ »
    assert e.title == "Puis-je placer une Poupée de Sang dans l'arène d'un autre joueur?"
    assert e.text.startswith("Oui. Vous pouvez placer une Poupée de Sang dans l'arène de")


def test_stray_r_inside_a_question(by_id: dict[str, Entry]) -> None:
    e = entry(by_id, "faq/jouer-les-cartes-6")  # l.377 « (par » / 379 « R » / 381 « exemple »
    assert e.title == (
        "Puis-je placer des blessures sur les cartes de sorts (par exemple en jouant Transfert)?"
    )
    assert e.text.startswith("Oui. Si un effet vous permet")
    e = entry(by_id, "faq/voile-dore-1")  # l.425 « …Voile » / 427 « R: » / 429 « Doré? »
    assert e.title == "Quels effets peuvent être annulés par la carte Voile Doré?"
    assert e.text.startswith("De nombreux sorts, capacités et pouvoirs dés")
    e = entry(by_id, "faq/souffrance-partagee-1")  # l.599 / 601 « R: » / 603
    assert e.title == (
        "Puis-je activer Souffrance partagée quand une blessure est placée sur ma Poupée vivante ?"
    )


def test_displaced_r_with_junk_and_missing_r(by_id: dict[str, Entry]) -> None:
    e = entry(by_id, "faq/jouer-les-cartes-1")  # l.306 « R: », 308 « -~ »
    assert e.text.startswith("Non, vous n'avez aucune obligation de révéler la carte")
    e = entry(by_id, "faq/jouer-les-cartes-5")  # l.367: no marker at all
    assert e.text.startswith("Non. La face 5 du jeton blessure")


def test_answer_right_after_question(by_id: dict[str, Entry]) -> None:
    e = entry(by_id, "faq/informations-cachees-et-publiques-2")  # l.871/872, no blank line
    assert e.title == "Est-ce que ma défausse est une information publique?"
    assert e.text == "Oui. Un adversaire peut regarder votre défausse à tout instant."


def test_page_breaks(by_id: dict[str, Entry]) -> None:
    # Inside an answer: l.742 « (parce que ['Héritier » / blank / l.744 « a protégé… ».
    e = entry(by_id, "faq/attaquer-2")
    assert (
        "Attaquer une unité (parce que l'Héritier a protégé l'unité ciblée), Redirection "
        "redirigera tous les dégâts que l'Héritier aurait subis, additionnant tous les dégâts"
    ) in e.text
    assert e.text.count("\n\n") == 2  # three paragraphs
    # Between a question and its answer (l.511-513), and a 3-line break cutting a sentence.
    assert entry(by_id, "faq/capacites-en-jeu-5").text.startswith("Oui. Vous pouvez utiliser")
    assert "et ses cartes en main. Retirez également" in entry(by_id, "degats/5").text


def test_no_marker_or_junk_left(result: GameImport) -> None:
    for text in all_text(result):
        assert not re.match(r"^\s*(Q|R)\s*:", text)
        assert not text.startswith(":")
        assert "~" not in text


# ------------------------------------------------------------------ damage process


def test_damage_process(by_id: dict[str, Entry]) -> None:
    steps = [entry(by_id, f"degats/etape-{n}") for n in ("1", "1b", "2", "2b", "3", "3b")]
    assert [s.number for s in steps] == ["1", "1b", "2", "2b", "3", "3b"]
    assert [s.title for s in steps][:2] == ["Étape 1", "Étape 1 b"]
    assert all(s.parent == "ashes/degats/4" for s in steps)
    assert steps[0].text == "une unité ou Héritier subit des dégâts"
    assert steps[2].text == (
        "placez autant de blessures sur l'unité ou l'Héritier que de dégâts subis, puis si le "
        "nombre actuel de dégâts dépasse les points de vie de cette unité ou cet Héritier, "
        "elle/il est immédiatement détruit."
    )
    start_2 = entry(by_id, "degats/depart-etape-2")
    start_2b = entry(by_id, "degats/depart-etape-2b")
    assert start_2.text.endswith("à partir de l'étape 2.")
    assert start_2.refs == ["ashes/degats/etape-2"]
    assert start_2b.refs == ["ashes/degats/etape-2b"]
    assert entry(by_id, "degats/4").text == (
        "Il y a trois étapes dans le processus de résolution des dégâts et destruction."
    )
    assert entry(by_id, "degats/declenchements-entre-etapes").text.endswith(
        "avant de passer à l'étape suivante."
    )


def test_step_2_and_qr_42_note_each_other(by_id: dict[str, Entry]) -> None:
    step = entry(by_id, "degats/etape-2")
    qr42 = entry(by_id, "faq/sortie-de-jeu-1")
    assert "dépasse" in step.text
    assert "supérieur ou égal à ses points de vie" in qr42.text
    assert any(qr42.id in n for n in step.notes)
    assert any(step.id in n for n in qr42.notes)


def test_references(by_id: dict[str, Entry]) -> None:
    qr37 = entry(by_id, "faq/souffrance-partagee-1")
    assert (
        "l'étape 1 Subir des dégâts (voir Dégâts, jetons Blessures et Destruction à la page 1"
        in (qr37.text)
    )
    assert qr37.refs == ["ashes/degats/etape-1", "ashes/degats", "ashes/degats/4"]
    assert entry(by_id, "clarifications/3").refs == ["ashes/degats/4"]
    external = entry(by_id, "faq/attaquer-1").unresolved
    assert [u.target for u in external] == [
        "Les règles d'Ashes : Les Héritiers du Phénix",
        "YouTube, ici",
    ]


def test_cards(result: GameImport, by_id: dict[str, Entry]) -> None:
    assert entry(by_id, "faq/voile-dore-2").card == "Voile Doré"
    assert entry(by_id, "faq/consommer-en-fin-de-manche-1").card == "Serpent argenté"
    assert entry(by_id, "faq/phase-de-tours-des-joueurs-1").card is None
    assert sum(1 for e in result.entries if e.card) == 33


# ------------------------------------------------------------------ OCR repair


@pytest.mark.parametrize(
    ("local", "excerpt"),
    [
        (
            "clarifications/1",
            "il paie le coût de cet effet, choisit toutes les cibles de cet "
            "effet, puis résout l'effet.",
        ),  # cout, leffet
        ("clarifications/2", "se référant à l'«effet» d'une carte"),  # a I'«effet»
        ("clarifications/3", "dans l'ordre indiqué sur la carte, avant que d'autres effets"),
        ("clarifications/4", "Si une carte quitte le jeu"),  # « < Siune »
        (
            "clarifications/5",
            "jusqu'à ce qu'aucune unité ne puisse plus entrer en jeu dans l'arène.",
        ),
        ("degats/1", "À chaque fois qu'un effet inflige des dégâts"),  # « & A chaque »
        ("degats/1", "immédiatement après la résolution complète de l'effet"),
        ("degats/2", "le joueur dont c'est le tour (Ou le joueur qui a le jeton"),  # Jjoueur
        ("degats/etape-2", "elle/il est immédiatement détruit."),  # estimmédiatement
        ("degats/5", "Lorsque l'Héritier d'un joueur est détruit"),  # I'Héritier
        ("degats/5", "mais ne contrôle pas restent en jeu"),
        ("faq/degats-faute-de-pioche-1", "mon Héritier reçoit-il les 2 dégâts d'un coup"),
        ("faq/degats-faute-de-pioche-1", "pour ne pas pouvoir piocher, 1 par 1?"),  # 1 parl?
        ("faq/degats-faute-de-pioche-2", "pour être détruits dû à leur incapacité à piocher"),
        (
            "faq/phase-de-tours-des-joueurs-1",  # sentence cut by two blank lines
            "(ou ne pouvez pas) prendre toute autre action principale, mais vous pouvez toujours "
            "effectuer une action secondaire",
        ),
        ("faq/regard-percant-1", "Si le Tireur d'élite Boréalis"),  # Sile Tireur délite
        ("faq/regard-percant-2", "la capacité Regard perçant 1 a été déclenchée"),  # 1a été
        ("faq/regard-percant-2", "activer la capacité Lancer 1 de Ancrenaute qu'après le"),
        ("faq/regard-percant-2", "un jeton Épuisement sur l'Ancrenaute)."),  # [Ancrenaute
        ("faq/placement-2", "des conditions limitant là où il peut être lié"),  # la ot
        ("faq/placement-3", "liés à la même unité ? Peuvent-ils"),  # alaméme
        ("faq/placement-3", "liés à une unité."),  # aune unité
        ("faq/placement-4", "remplaçant une unité existante"),  # remplagant
        ("faq/jouer-les-cartes-2", "réserve inactive, puis-je jouer Pouvoir dissimulé"),  # puis-
        ("faq/jouer-les-cartes-4", "on trouve le type et l'emplacement de la carte"),  # 'empl.
        ("faq/jouer-les-cartes-4", "sur le côté gauche"),
        ("faq/jouer-les-cartes-5", "vous devez d'abord transformer ces jetons"),  # abord
        ("faq/ordre-de-resolution-2", "ou à l'aide de pouvoirs de dés"),  # a laide
        ("faq/capacites-en-jeu-3", "peu importe qui l'a placée là."),  # qui la placée la.
        ("faq/consommer-2", "est-ce que mon Serpent argenté gagnera un jeton État?"),  # est-
        ("faq/consommer-3", "Illusion se résout et détruit l'unité"),  # lllusion, ['unité
        ("faq/regard-percant-en-jeu-1", "ni le moment où la capacité peut être utilisée."),
        ("faq/souffrance-partagee-2", "avec la capacité Contrecoup 1 de ma Marteleuse"),  # |
        ("faq/souffrance-partagee-2", "À la fois la capacité Contrecoup 1 et la"),  # A, I
        ("faq/souffrance-partagee-2", "jusqu'à ce qu'elle soit défaussée et puisqu'elle"),
        ("faq/attaquer-1", "(disponible sur le site Filosofia)"),  # disponiblesur
        ("faq/attaquer-5", "à moins qu'un effet n'augmente sa valeur d'attaque"),  # nNaugmente
        ("faq/attaquer-6", "lorsque les dégâts qu'elle inflige seront résolus?"),  # quelle
        ("faq/attaquer-6", "n'ajoutera ni n'enlèvera de blessure"),
        ("faq/fin-de-la-manche-1", "Le joueur qui a le jeton Premier joueur."),  # quiale
        ("faq/fin-de-la-manche-2", "défaussée du jeu à la fin de la Manche?"),  # dujeuala
        ("faq/consommer-en-fin-de-manche-1", "à cause de l'échéance du pouvoir de dés Envoûtement"),
        ("faq/consommer-en-fin-de-manche-1", "par la capacité Éphémère"),  # Ephémeére
        ("faq/valeur-de-regain-de-vie-1", "une valeur de regain de 0 ou moins."),  # O
        ("faq/autre-1", "d'une unité ou d'un Héritier sont imprimés"),  # d’'un
    ],
)
def test_ocr_fixes(by_id: dict[str, Entry], local: str, excerpt: str) -> None:
    e = entry(by_id, local)
    assert excerpt in f"{e.title or ''}\n{e.text}"


BAD_FORMS = (
    "dégats dégat étre méme aréne recoit controle controlez aprés apres percant cout lordre "
    "dautres leffet laréne larene Siune Sije sile estimmédiatement lllusion Etat Epuisement "
    "Envoutement déja grace regles daltération dattaque nimporte jusqua quaucune"
).split()


def test_no_damaged_form_survives(result: GameImport) -> None:
    pattern = re.compile(r"(?<![\w'-])(" + "|".join(BAD_FORMS) + r")(?![\w-])", re.IGNORECASE)
    for text in all_text(result, glossary=False):
        assert not pattern.search(text), pattern.search(text)
        assert not re.search(r"[\[|&<]|\bI'|\b[I|]\b", text), text
        assert "\u00a0" not in text and "\u037e" not in text and "’" not in text
        assert "\n\n\n" not in text and not text.startswith((" ", "\n"))


def test_right_words_stay_untouched(by_id: dict[str, Entry]) -> None:
    # « a » the verb stays « a ».
    assert "le joueur qui a le jeton Premier joueur" in entry(by_id, "degats/2").text
    assert "il n'y a aucun emplacement" in entry(by_id, "faq/jouer-les-cartes-3").text
    assert "si cette unité a ses points de vie augmentés" in (
        entry(by_id, "faq/valeur-de-regain-de-vie-2").text
    )
    assert "avec 2 blessures a toujours 3 points de vie" in entry(by_id, "faq/autre-1").text
    assert "quand elle a un nombre de blessures" in entry(by_id, "faq/sortie-de-jeu-1").text
    assert "Watch It Played a publié" in entry(by_id, "faq/attaquer-1").text
    # Source typos that are real words are kept as printed (not OCR damage).
    assert "le contrôleur d'un Hériter détruit" in entry(by_id, "faq/degats-faute-de-pioche-2").text
    assert "Voile Dorée annule tous les effets" in entry(by_id, "faq/voile-dore-1").text
    assert "placée dans votre la main" in entry(by_id, "faq/jouer-les-cartes-1").text
    # Real hyphens at line ends are kept; the OCR never split a word by syllables.
    assert "puis-je" in entry(by_id, "faq/jouer-les-cartes-2").title
    # Accented words that were right are untouched.
    assert "Méditer" in entry(by_id, "faq/phase-de-tours-des-joueurs-3").title
    assert "Non. Vous pouvez défausser des cartes une à une" in (
        entry(by_id, "faq/phase-de-tours-des-joueurs-3").text
    )


def test_repair_is_idempotent_on_repaired_text(result: GameImport) -> None:
    repair = ashes._Repairer(corrections("ashes"))
    for text in all_text(result):
        assert repair(text) == text


def test_word_table_only_replaces_wrong_forms() -> None:
    spellchecker = pytest.importorskip("spellchecker")
    french = spellchecker.SpellChecker(language="fr")
    words = corrections("ashes")["words"]
    for wrong, right in words.items():
        tokens = [t for t in re.split(r"['\s-]", wrong) if t and t not in ("il", "ils")]
        assert any(t.lower() not in french for t in tokens), f"{wrong} is a French word"
        assert wrong != right


def test_every_correction_is_used(result: GameImport) -> None:
    """On the leaflet every repair of the tables matches something; on a text that needs none
    of them, every one is reported stale, at its own line of the corrections file."""
    assert result.stale_corrections == []
    table = corrections("ashes").begin(ashes.CORRECTIONS)
    repair = ashes._Repairer(table)
    repair("Il y a trois étapes.")
    ashes._check_tables_used(repair, table)
    stale = table.stale_corrections
    sections = ("words", "phrases", "verb_a", "a_is_verb_before")
    assert len(stale) == sum(len(table[s]) for s in sections)
    first = next(s for s in stale if (s.section, s.key) == ("words", "dégats"))
    assert str(first) == (
        f"content/ashes/corrections.yaml:{table.line('words', 'dégats')}: "
        "words dégats: matches nothing in the leaflet any more"
    )


# ------------------------------------------------------------------ glossary


def test_glossary(result: GameImport, by_id: dict[str, Entry]) -> None:
    glossary = [e for e in result.entries if e.kind == "glossary"]
    assert len(glossary) >= 10
    assert all(e.id.startswith("ashes/glossaire/") and e.english for e in glossary)
    heritier = entry(by_id, "glossaire/heritier")
    assert heritier.english == "Phoenixborn" and not heritier.english_inferred
    assert "Hériter" in heritier.aliases  # printed misspelling
    assert "aréne" in entry(by_id, "glossaire/arene").aliases
    assert entry(by_id, "glossaire/arene").english == "battlefield"
    assert entry(by_id, "glossaire/reserve-inactive").english == "exhausted pool"
    assert entry(by_id, "glossaire/mediter").defined_by == "ashes/faq/phase-de-tours-des-joueurs-3"
    assert entry(by_id, "glossaire/effet").defined_by == "ashes/clarifications/2"
    assert entry(by_id, "glossaire/jeton-etat").english == "status token"
    assert entry(
        by_id, "glossaire/processus-de-resolution-des-degats-et-destruction"
    ).english_inferred
    for e in glossary:
        assert e.defined_by is None or e.defined_by in by_id


# ------------------------------------------------------------------ integrity


def test_ids_parents_refs(result: GameImport, by_id: dict[str, Entry]) -> None:
    ids = [e.id for e in result.entries]
    assert len(ids) == len(set(ids))
    documents = {d.id for d in result.documents}
    for e in result.entries:
        assert re.fullmatch(r"[a-z0-9-]+/[a-z0-9./-]+", e.id), e.id
        assert e.kind in KINDS and (e.role is None or e.role in ROLES)
        assert e.document in documents
        assert e.parent is None or e.parent in by_id
        assert all(r in by_id and r != e.id for r in e.refs)
        assert 1 <= e.source.line_start <= e.source.line_end <= 887


def test_ocr_quality_reaches_clean_source_level() -> None:
    pytest.importorskip("spellchecker")
    spec = importlib.util.spec_from_file_location("ocr_quality", ROOT / "tools" / "ocr_quality.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    figures = module.figures()
    raw_unknown, raw_total, _ = figures["ashes (OCR brut)"]
    unknown, total, forms = figures["ashes (réparé)"]
    assert raw_unknown / raw_total > 0.08
    assert unknown / total < 0.035
    assert not {"dégats", "étre", "méme", "aréne"} & set(forms)
