"""Next editions of the real sources, made by scripted edits: the import goes on, the corrections
that no longer match are reported (section, key, their own line in content/<game>/corrections.yaml),
the corrections keyed to a line follow their line when an edition shifts them, and what a source
says of its own edition follows its text.

Each expected line below is found in the corrections file by its text (`line_of`), not asked of
the code under test.
"""

from __future__ import annotations

import re
import shutil

import pytest

from arbitre.errors import SourceError, ValidationFailed
from arbitre.importers import importer_modules
from arbitre.importers.corrections import Corrections
from arbitre.kb.entry import DocumentEdition, Entry, GameImport
from arbitre.paths import ProjectPaths
from arbitre.pipeline import run_importer
from tests.conftest import REPO
from tests.importers.conftest import parse, parsed

GAMES = list(importer_modules())
NEXT = "next-edition.txt"


def source(game: str) -> str:
    module = importer_modules()[game]
    return (REPO / "content" / game / "sources" / module.SOURCE).read_text(encoding="utf-8")


def line_of(game: str, pattern: str) -> int:
    """The one line of the game's corrections file that matches `pattern`."""
    text = (REPO / "content" / game / "corrections.yaml").read_text(encoding="utf-8")
    found = [n for n, line in enumerate(text.split("\n"), 1) if re.search(pattern, line)]
    assert len(found) == 1, (pattern, found)
    return found[0]


def stale(result: GameImport) -> set[tuple[str, str, int]]:
    return {(s.section, s.key, s.line) for s in result.stale_corrections}


def edition(game: str, text: str) -> GameImport:
    """The game's importer on an edited source, recorded under another file name."""
    result = parse(game, text, NEXT)
    assert result.source_file == NEXT
    assert {e.source.file for e in result.entries} == {NEXT}
    assert all(s.path == f"content/{game}/corrections.yaml" for s in result.stale_corrections)
    return result


def replace_once(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def without_source(entries: list[Entry], skip: tuple[str, ...] = ()) -> dict[str, dict]:
    """Entries by id, their source span left out (an edition moves it), and so the line numbers
    that notes cite (« (ligne 1695) »); those under `skip` left out too."""
    found = {}
    for entry in entries:
        if entry.id.startswith(skip):
            continue
        data = entry.to_dict()
        data.pop("source")
        data["notes"] = [re.sub(r"\bligne \d+", "ligne N", n) for n in entry.notes]
        found[entry.id] = data
    return found


def shifted(before: list[Entry], after: list[Entry], by: int, skip: tuple[str, ...] = ()) -> None:
    """Every entry outside `skip` is the same, `by` lines further down."""
    assert without_source(after, skip) == without_source(before, skip)
    lines = {e.id: (e.source.line_start, e.source.line_end) for e in after}
    for entry in before:
        if not entry.id.startswith(skip):
            start, end = entry.source.line_start, entry.source.line_end
            assert lines[entry.id] == (start + by, end + by), entry.id


# --------------------------------------------------------------------------- every game


@pytest.mark.parametrize("game", GAMES)
def test_committed_sources_have_no_stale_correction(game):
    assert parsed(game).stale_corrections == []


EDITIONS = {
    "marvel-champions": {
        doc: DocumentEdition("1.4", None, "VERSION 1.4", 26)
        for doc in ("regles", "glossaire", "faq", "errata")
    },
    "the-spoils": {
        "regles": DocumentEdition(
            None, "2013-12-31", "telles qu'elles sont écrites en date du 31 Décembre 2013", 14
        ),
        "faq": DocumentEdition("1.5", "2011-05-10", "La FAQ v1.5 datée du 10 Mai 2011", 18),
        "informations": DocumentEdition("1.0", "2014-01-01", "01/01/2014 1.0 Version initiale", 26),
    },
    "four-souls": {
        "regles": DocumentEdition(
            "1.3", None, "Four Souls - Comprehensive Rules 1.3 French Translation", 4
        )
    },
    "altered": {
        doc: DocumentEdition(None, "2024-09-14", "dictionary_2024-09-14_14-59-53.json", 9)
        for doc in ("regles", "glossaire")
    },
    # « © 2016 F2Z Entertainment Inc. » is a copyright year: the leaflet prints no edition.
    "ashes": {},
}


@pytest.mark.parametrize("game", GAMES)
def test_what_each_source_says_of_its_edition(game):
    assert parsed(game).document_editions == EDITIONS[game]
    quoted = source(game).split("\n")
    for edition_ in EDITIONS[game].values():
        printed = re.sub(r"\s+", " ", " ".join(quoted[edition_.line - 1 : edition_.line + 1]))
        assert edition_.quote in printed.replace("\u00a0", " ")


@pytest.mark.parametrize("game", GAMES)
def test_entries_name_the_file_they_were_read_from(game):
    result = edition(game, source(game))
    assert stale(result) == set()
    assert without_source(result.entries) == without_source(parsed(game).entries)


@pytest.mark.parametrize("game", GAMES)
def test_a_structural_failure_names_the_file_read(game):
    text = "\n".join(source(game).split("\n")[:3])  # the first lines only: parts are missing
    with pytest.raises(SourceError) as info:
        parse(game, text, NEXT)
    assert info.value.path == f"content/{game}/sources/{NEXT}"
    assert 1 <= info.value.line <= 3
    assert str(info.value.format_message()).startswith(f"content/{game}/sources/{NEXT}:")


def test_run_importer_reads_another_file_and_names_it(tmp_path):
    game = "four-souls"
    root = tmp_path / "project"
    (root / "content" / game).mkdir(parents=True)
    shutil.copytree(REPO / "content" / game / "sources", root / "content" / game / "sources")
    shutil.copy(REPO / "content" / game / "corrections.yaml", root / "content" / game)
    paths = ProjectPaths(root)
    current = run_importer(paths, game)
    assert current.source_file == importer_modules()[game].SOURCE

    outside = tmp_path / "four-souls-1.4.txt"
    outside.write_text(source(game).replace("Comprehensive Rules 1.3", "Comprehensive Rules 1.4"))
    result = run_importer(paths, game, source=outside)
    assert result.source_file == "four-souls-1.4.txt"
    assert {e.source.file for e in result.entries} == {"four-souls-1.4.txt"}
    assert result.document_editions["regles"].version == "1.4"
    assert result.stale_corrections == []

    outside.write_text("nothing of the rules\n")
    with pytest.raises(SourceError) as info:
        run_importer(paths, game, source=outside)
    assert info.value.path == str(outside)  # not under sources/: named as given

    outside.write_bytes("  1. Avant-propos\n  2. Caf\u00e9".encode("latin-1"))
    with pytest.raises(ValidationFailed) as info:
        run_importer(paths, game, source=outside)
    assert info.value.problems[0].startswith(f"{outside}:2:9: not valid UTF-8 (byte 0xe9)")


# --------------------------------------------------------------------------- Marvel Champions


MC = "marvel-champions"


def test_marvel_glossary_term_gains_a_word():
    """The traceback of the issue: a renamed heading left its extras naming a missing entry."""
    result = edition(MC, replace_once(source(MC), "### ALLIÉ\n", "### ALLIÉ HÉROÏQUE\n"))
    assert stale(result) == {
        ("voir_targets", "Alliés", line_of(MC, r"^  Alliés: \{ids")),
        ("english", "glossaire/allie", line_of(MC, r"^  glossaire/allie: Ally")),
    }
    by_id = {e.id: e for e in result.entries}
    assert "marvel-champions/glossaire/allie" not in by_id
    assert by_id["marvel-champions/glossaire/allie-heroique"].title == "Allié héroïque"
    # « Voir aussi : Allié » no longer names an entry: a warning, not a traceback.
    assert any(
        u.target == "Allié" and u.intended is None for e in by_id.values() for u in e.unresolved
    )


def test_marvel_paragraph_inserted_at_the_top():
    text = replace_once(
        source(MC),
        "**Dans tout le document :**",
        "Un paragraphe de la nouvelle édition.\n\n**Dans tout le document :**",
    )
    result = edition(MC, text)
    assert stale(result) == set()
    summary = ("marvel-champions/resume-des-changements",)
    shifted(parsed(MC).entries, result.entries, 2, skip=summary)
    assert result.document_editions["regles"].line == 28


def test_marvel_typo_printed_right_by_the_publisher():
    result = edition(MC, source(MC).replace("Résolez", "Résolvez"))
    assert stale(result) == {("word_fixes", "Résolez", line_of(MC, r"^  Résolez:"))}
    assert without_source(result.entries) == without_source(parsed(MC).entries)


def test_marvel_glossary_entry_removed():
    text = replace_once(source(MC), "Patrouille.....\t24\n", "")
    start = text.index("## PATROUILLE\n")
    text = text[:start] + text[text.index("## PERÇANT\n") :]
    result = edition(MC, text)
    assert stale(result) == {("english", "glossaire/patrouille", line_of(MC, "patrouille: Patrol"))}
    by_id = {e.id: e for e in result.entries}
    keywords = by_id["marvel-champions/glossaire/mots-cles"]
    assert [u.target for u in keywords.unresolved if u.intended is None] == ["Patrouille"]


def test_marvel_version_follows_the_text():
    result = edition(MC, replace_once(source(MC), "## VERSION 1.4\n", "## VERSION 1.5\n"))
    assert {e.version for e in result.document_editions.values()} == {"1.5"}
    assert result.documents[0].title.startswith("Guide de référence v1.5 :")


# --------------------------------------------------------------------------- Four Souls


FS = "four-souls"
NUMBERED = re.compile(r"^  (\d+)\. ?(.*)$")


def renumbered(text: str, insert: dict[int, str] | None = None, drop: int | None = None) -> str:
    """The Pastebin copy with a line inserted after the numbered line N (`insert`) or the line N
    removed (`drop`), every later « N. » prefix renumbered as Pastebin would."""
    out, shift = [], 0
    for raw in text.split("\n"):
        match = NUMBERED.match(raw)
        if not match:
            out.append(raw)
            continue
        number = int(match.group(1))
        if number == drop:
            shift -= 1
            continue
        out.append(f"  {number + shift}. {match.group(2)}")
        if insert and number in insert:
            shift += 1
            out.append(f"  {number + shift}. {insert[number]}")
    return "\n".join(out)


def test_four_souls_paragraph_inserted_near_the_top_keeps_line_keyed_corrections():
    """Every correction of four-souls is keyed to a Pastebin number: all of them move."""
    text = renumbered(source(FS), insert={2: "Un paragraphe ajouté par la nouvelle édition."})
    result = edition(FS, text)
    assert stale(result) == set()
    # Outside the foreword (which gains an entry), every entry is the same one line further
    # down: heading levels and slugs, lists, notes, unresolved references and extra terms all
    # found their line again.
    shifted(parsed(FS).entries, result.entries, 1, skip=("four-souls/avant-propos",))
    assert {e.id for e in result.entries} - {e.id for e in parsed(FS).entries} == {
        "four-souls/avant-propos/4"
    }


def test_four_souls_heading_after_a_stray_blank_line_takes_the_level_a_correction_gives():
    """One blank line before a heading is no level: the import stops at that line and says
    which correction settles it; with a `heading_levels` row for its line, it imports."""
    lines = source(FS).split("\n")
    at = next(i for i, line in enumerate(lines) if line.endswith(". Mise en place du jeu"))
    number = int(NUMBERED.match(lines[at]).group(1))
    text = source(FS)
    for blank in (number - 1, number - 2, number - 3):  # 4 blank lines before it -> 1
        text = renumbered(text, drop=blank)
    now = number - 3
    with pytest.raises(SourceError) as refused:
        edition(FS, text)
    assert "1 blank lines before « Mise en place du jeu »" in str(refused.value)
    assert f"`heading_levels` in content/four-souls/corrections.yaml, line {now})" in str(
        refused.value
    )
    corrections = (REPO / "content" / FS / "corrections.yaml").read_text("utf-8")
    row = f"  - {{line: {now}, heading: Mise en place du jeu, level: 2}}\n"
    fixed = Corrections.from_text(
        corrections.replace("heading_levels:\n", "heading_levels:\n" + row, 1),
        "content/four-souls/corrections.yaml",
    )
    module = importer_modules()[FS]
    result = module.parse(text, corrections=fixed, source_file=NEXT)
    before = {e.id: e for e in parsed(FS).entries}
    after = {e.id: e for e in result.entries}
    assert after.keys() == before.keys()
    assert [e.parent for e in result.entries] == [e.parent for e in parsed(FS).entries]


def test_four_souls_heading_renamed():
    result = edition(FS, replace_once(source(FS), " 48. Effets payés\n", " 48. Effets à payer\n"))
    assert stale(result) == {
        ("heading_levels", "Effets payés", line_of(FS, r"heading: Effets payés,"))
    }


def test_four_souls_typo_printed_right_by_the_publisher():
    text = replace_once(source(FS), "134. joué des effets\n", "134. jouer des effets\n")
    result = edition(FS, text)
    assert stale(result) == {("heading_slugs", "joué des effets", line_of(FS, "joué des effets"))}
    by_id = {e.id: e for e in result.entries}
    assert by_id["four-souls/comment-jouer/jouer-des-effets"].title == "jouer des effets"


def test_four_souls_line_no_longer_holding_what_its_corrections_were_written_for():
    text = replace_once(
        source(FS),
        "217. Les sections suivantes couvrent",
        "217. Ces sections couvrent",
    )
    result = edition(FS, text)
    first, second = (
        n
        for n, line in enumerate(
            (REPO / "content" / FS / "corrections.yaml").read_text().split("\n"), 1
        )
        if line == "  - line: 217"
    )
    assert stale(result) == {
        ("unresolved", "Les sections suivantes couvrent différents événements", first),
        ("notes", "Les sections suivantes couvrent différents événements", second),
    }
    assert str(result.stale_corrections[0]).startswith(f"content/{FS}/corrections.yaml:{first}: ")


def test_four_souls_glossary_term_removed():
    number = next(
        int(m.group(1))
        for m in map(NUMBERED.match, source(FS).split("\n"))
        if m and m.group(2).startswith("Mort - ")
    )
    result = edition(FS, renumbered(source(FS), drop=number))
    assert stale(result) == {("glossary", "Mort", line_of(FS, r'^  "Mort":'))}
    # The line-keyed corrections after it moved up one line and still hold.
    by_id = {e.id: e for e in result.entries}
    assert by_id["four-souls/glossaire/plus-moins-aux-jets"].notes
    assert "four-souls/glossaire/mort" not in by_id


def test_four_souls_version_follows_the_text():
    text = replace_once(source(FS), "Comprehensive Rules 1.3", "Comprehensive Rules 1.4")
    result = edition(FS, text)
    assert result.document_editions["regles"].version == "1.4"
    assert result.documents[0].title == "Règles complètes 1.4 (traduction française)"


# --------------------------------------------------------------------------- The Spoils


SP = "the-spoils"


def spoils_lines() -> list[str]:
    return source(SP).split("\n")


def test_spoils_paragraph_inserted_at_the_top():
    lines = spoils_lines()
    at = lines.index("Contenu du document") + 2
    result = edition(SP, "\n".join(lines[:at] + ["Un paragraphe ajouté.", ""] + lines[at:]))
    assert stale(result) == set()
    shifted(parsed(SP).entries, result.entries, 2, skip=("the-spoils/informations",))
    assert result.document_editions["regles"].line == EDITIONS[SP]["regles"].line + 2


def test_spoils_lost_hyphen_printed_right_by_the_publisher():
    result = edition(SP, source(SP).replace("celleci", "celle-ci"))
    assert stale(result) == {("hyphens", "celleci", line_of(SP, r"^  celleci:"))}
    assert without_source(result.entries) == without_source(parsed(SP).entries)


def test_spoils_typo_printed_right_by_the_publisher():
    result = edition(SP, replace_once(source(SP), "motèclé", "mot-clé"))
    assert stale(result) == {("text_fixes", "507.6b", line_of(SP, r'^    - \["Le motèclé'))}


def test_spoils_rule_retired():
    lines = spoils_lines()
    at = next(i for i, line in enumerate(lines) if line.startswith("408.4"))
    result = edition(SP, "\n".join(lines[:at] + lines[at + 2 :]))
    assert stale(result) == {
        ("faq", "Que se passe-t’il lorsqu’un personnage à 0", line_of(SP, "number: 9,")),
        ("faq", "Mon personnage à une Endurance/Life de 5", line_of(SP, "number: 10,")),
        # A definition written for Arbitre cites it.
        ("glossary", "Dommages", line_of(SP, "term: Dommages$")),
    }
    by_id = {e.id: e for e in result.entries}
    assert "the-spoils/408.4" not in by_id
    assert by_id["the-spoils/faq/9"].notes == ["Règles complètes concernées : 204.5."]
    # Who cited it still prints it, and gets a warning instead of a refused import.
    cited = [e.id for e in parsed(SP).entries if "the-spoils/408.4" in e.refs]
    warned = [e.id for e in result.entries if any(u.target == "408.4" for u in e.unresolved)]
    assert cited and warned == cited


def test_spoils_faq_question_inserted_keeps_cards_on_their_questions():
    lines = spoils_lines()
    at = next(i for i, line in enumerate(lines) if "Qui est le joueur actif" in line)
    new = ["Une nouvelle question?", "", "Une nouvelle réponse.", ""]
    result = edition(SP, "\n".join(lines[:at] + new + lines[at:]))
    assert stale(result) == set()
    cards = {e.id: e.card for e in result.entries if e.kind == "faq" and e.card}
    assert cards == {
        "the-spoils/faq/3": "Tactician Vacation",
        "the-spoils/faq/6": "Dwarvish Grimalkin",
        "the-spoils/faq/9": "Encumber",
        "the-spoils/faq/16": "Quotidian Assassination",
    }


def test_spoils_editions_follow_the_text():
    text = source(SP)
    text = re.sub(r"31(\s)Décembre(\s)2013", r"15\1Mars\g<2>2015", text)
    text = re.sub(
        r"FAQ(\s)v1\.5(\s)datée(\s)du(\s)10(\s)Mai", r"FAQ\1v1.6\2datée\3du\g<4>2\5Juin", text
    )
    text = text.replace(
        "FAQ v1.5 (mise à jour du 10 Mai 2011)", "FAQ v1.6 (mise à jour du 2 Juin 2011)"
    )
    result = edition(SP, text)
    assert (result.document_editions["regles"].date, result.document_editions["faq"].version) == (
        "2015-03-15",
        "1.6",
    )
    assert result.document_editions["faq"].date == "2011-06-02"
    assert [d.title for d in result.documents if d.id == "faq"] == [
        "FAQ v1.6 (mise à jour du 2 Juin 2011)"
    ]


# --------------------------------------------------------------------------- Ashes


AS = "ashes"


def test_ashes_clarification_inserted_at_the_top():
    lines = source(AS).split("\n")
    at = lines.index("Clarifications") + 1
    new = ["", "& Une nouvelle clarification de cette édition."]
    result = edition(AS, "\n".join(lines[:at] + new + lines[at:]))
    assert stale(result) == set()
    # The Q/R part, with its cards, notes and glossary, is the same three lines down.
    shifted(parsed(AS).entries, result.entries, 2, skip=("ashes/clarifications", "ashes/glossaire"))


def test_ashes_ocr_word_printed_right_by_the_publisher():
    text = source(AS).replace("dégats", "dégâts").replace("Dégats", "Dégâts")
    result = edition(AS, text)
    assert stale(result) == {("words", "dégats", line_of(AS, r"^  dégats: dégâts"))}
    assert without_source(result.entries) == without_source(parsed(AS).entries)


def test_ashes_heading_renamed():
    result = edition(AS, replace_once(source(AS), "\nVoile doré\n", "\nLe Voile doré\n"))
    level_line = line_of(AS, r"^heading_levels:")
    assert stale(result) == {
        ("heading_levels", "Le Voile doré", level_line),  # a new heading: no level, read as 2
        ("heading_levels", "Voile doré", line_of(AS, r"^  Voile doré: 2")),
        *(
            ("cards", f"faq/voile-dore-{n}", line_of(AS, f"^  faq/voile-dore-{n}:"))
            for n in (1, 2, 3)
        ),
    }


def test_ashes_question_removed_does_not_move_cards_to_other_questions():
    by_id = {e.id: e for e in parsed(AS).entries}
    first = by_id["ashes/faq/jouer-les-cartes-1"].source
    lines = source(AS).split("\n")
    result = edition(AS, "\n".join(lines[: first.line_start - 1] + lines[first.line_end :]))
    # The pairs after it were renumbered: each card stays off the question that took the number.
    assert stale(result) == {
        ("words", "navez", line_of(AS, r"^  navez:")),  # printed in that answer only
        *(
            ("cards", f"faq/jouer-les-cartes-{n}", line_of(AS, f"^  faq/jouer-les-cartes-{n}:"))
            for n in (1, 2, 3, 4, 6)
        ),
    }
    cards = {e.id: e.card for e in result.entries if e.id.startswith("ashes/faq/jouer-les-cartes")}
    assert set(cards.values()) == {None}


# --------------------------------------------------------------------------- Altered


AL = "altered"


def test_altered_line_inserted_at_the_top():
    text = replace_once(source(AL), "\n0.0.0 Code Couleur\n", "\n0.0.0 Code Couleur\n\nNouveau.\n")
    result = edition(AL, text)
    assert stale(result) == set()
    shifted(parsed(AL).entries, result.entries, 2, skip=("altered/code-couleur",))


def test_altered_icon_printed_right():
    result = edition(AL, source(AL).replace("1yzmir", "[Yzmir]"))
    assert stale(result) == {("icons", "1yzmir", line_of(AL, r"^  1yzmir:"))}
    assert without_source(result.entries) == without_source(parsed(AL).entries)


def test_altered_rule_removed():
    lines = source(AL).split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("2.4.3 "))
    result = edition(AL, "\n".join(lines[:at] + lines[at + 1 :]))
    assert stale(result) == {
        ("notes", "altered/2.4.3", line_of(AL, r"^  altered/2.4.3:")),
        ("terms", "Endormi", line_of(AL, r"title: Endormi,")),
    }


def test_altered_rule_removed_that_a_note_cites():
    lines = source(AL).split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("4.2.1.c "))
    result = edition(AL, "\n".join(lines[:at] + lines[at + 1 :]))
    assert stale(result) == {
        ("labels", "altered/4.2.1.c", line_of(AL, r"^  altered/4.2.1.c: Préparer")),
        ("notes", "altered/4.2.1.c", line_of(AL, r"^  altered/4.2.1.c:$")),
        # The contradiction noted on 1.3.2.b names the rule that is gone: its note is held back.
        ("notes", "altered/1.3.2.b", line_of(AL, r"^  altered/1.3.2.b:$")),
    }
    by_id = {e.id: e for e in result.entries}
    assert by_id["altered/1.3.2.b"].notes == []


def test_altered_glossary_headword_renamed():
    result = edition(AL, replace_once(source(AL), "\nCourve\n", "\nCourbe\n"))
    assert stale(result) == {("glossary", "Courve", line_of(AL, r"printed: Courve"))}


def test_altered_date_follows_the_text():
    text = replace_once(
        source(AL), "dictionary_2024-09-14_14-59-53", "dictionary_2025-03-01_10-00-00"
    )
    result = edition(AL, text)
    assert {e.date for e in result.document_editions.values()} == {"2025-03-01"}


@pytest.mark.parametrize(
    ("after", "section"),
    [
        ("Glossaire", "four-souls/reference/glossaire"),
        ("Eden - ", "four-souls/regles-pour-les-cartes/cartes-des-personnages"),
    ],
)
def test_four_souls_paragraph_among_named_lines_is_a_note_a_correction_names(after, section):
    """A paragraph an edition adds among « Terme - définition » or « Carte - texte » lines is
    refused at its line, saying which correction settles it; a `paragraphs` row naming it makes
    it a note of its section, every other entry as before (one line further down)."""
    lines = source(FS).split("\n")
    at = next(i for i, line in enumerate(lines) if re.match(rf" *\d+\. {re.escape(after)}", line))
    number = int(NUMBERED.match(lines[at]).group(1))
    added = "Les cartes de l'extension Requiem suivent aussi ces définitions."
    text = renumbered(source(FS), insert={number: added})
    with pytest.raises(SourceError) as refused:
        edition(FS, text)
    assert f"`paragraphs` in content/four-souls/corrections.yaml, line {number + 1})" in str(
        refused.value
    )
    corrections = (REPO / "content" / FS / "corrections.yaml").read_text("utf-8")
    row = f"paragraphs:\n  - {{line: {number + 1}, starts: Les cartes de l'extension Requiem}}\n"
    fixed = Corrections.from_text(
        corrections.replace("paragraphs: []\n", row, 1), "content/four-souls/corrections.yaml"
    )
    result = importer_modules()[FS].parse(text, corrections=fixed, source_file=NEXT)
    assert stale(result) == set()
    before = {e.id for e in parsed(FS).entries}
    (note,) = [e for e in result.entries if e.id not in before]
    assert (note.kind, note.parent, note.text) == ("note", section, added)
    assert {e.id for e in result.entries} - {note.id} == before


def test_four_souls_paragraphs_row_for_a_line_of_prose_already_is_stale():
    corrections = (REPO / "content" / FS / "corrections.yaml").read_text("utf-8")
    row = "paragraphs:\n  - {line: 292, starts: Les cartes comme}\n"
    fixed = Corrections.from_text(
        corrections.replace("paragraphs: []\n", row, 1), "content/four-souls/corrections.yaml"
    )
    result = importer_modules()[FS].parse(source(FS), corrections=fixed)
    row_line = line_of(FS, r"^paragraphs: \[\]$") + 1
    assert stale(result) == {("paragraphs", "Les cartes comme", row_line)}
    assert {e.id for e in result.entries} == {e.id for e in parsed(FS).entries}
