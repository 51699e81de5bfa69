"""How the site names editions in French (site/versions.py): dates, versions, and what each real
document says of its own edition."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitre.kb.editions import Edition
from arbitre.kb.load import load_kb
from arbitre.paths import ProjectPaths
from arbitre.site.versions import (
    document_label,
    edition_label,
    french_date,
    source_label,
    version_label,
    when,
    work_name,
)

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("iso", "french"),
    [
        ("2013-12-31", "31 décembre 2013"),
        ("2011-05-10", "10 mai 2011"),
        ("2026-12-01", "1er décembre 2026"),
        ("2014-06", "juin 2014"),
        ("2014-13-01", "2014-13-01"),  # not a date: as it is
    ],
)
def test_french_dates(iso: str, french: str) -> None:
    assert french_date(iso) == french


@pytest.mark.parametrize(
    ("version", "label", "after"),
    [
        ("1.5", "v1.5", "en v1.5"),
        ("2013-12-31", "édition du 31 décembre 2013", "le 31 décembre 2013"),
        ("2014-06", "édition de juin 2014", "en juin 2014"),
        ("beta", "édition beta", "en beta"),
    ],
)
def test_a_version_reads_as_a_number_or_a_date(version: str, label: str, after: str) -> None:
    assert version_label(version) == label
    assert when(version) == after


@pytest.mark.parametrize(
    ("version", "date", "label"),
    [
        ("1.5", "2026-12-01", "v1.5 du 1er décembre 2026"),
        ("1.5", None, "v1.5"),
        ("2014-06", "2014-06-15", "édition du 15 juin 2014"),
        ("2013-12-31", "2013-12-31", "édition du 31 décembre 2013"),
        ("2014-06", "2014-07-01", "édition de juin 2014 (1er juillet 2014)"),
    ],
)
def test_an_edition_says_its_date_once(version: str, date: str | None, label: str) -> None:
    assert edition_label(Edition(version, date, "f.txt")) == label


@pytest.mark.parametrize(
    ("title", "name"),
    [
        ("Guide de référence v1.4 : règles générales et appendices I à III", "Guide de référence"),
        ("FAQ v1.5 (mise à jour du 10 Mai 2011)", "FAQ"),
        ("Règles complètes 1.3 (traduction française)", "Règles complètes"),
        ("Glossaire non officiel : termes, modes de jeu et FAQ", "Glossaire non officiel"),
        ("Règles complètes", "Règles complètes"),
    ],
)
def test_the_work_a_document_title_names(title: str, name: str) -> None:
    assert work_name(title) == name


def test_each_real_document_in_its_own_words() -> None:
    kb = load_kb(ProjectPaths(ROOT))

    def label(game: str, doc: str) -> str:
        info = kb.game(game)
        return document_label(kb.history(game), info.documents, doc).text

    assert label("marvel-champions", "regles") == "Guide de référence v1.4"
    assert label("marvel-champions", "faq") == "Guide de référence v1.4"  # one statement
    assert label("the-spoils", "regles") == "Règles complètes du 31 décembre 2013"
    assert label("the-spoils", "faq") == "FAQ v1.5 du 10 mai 2011"
    assert label("the-spoils", "intro") == "édition du 31 décembre 2013"  # the file's date
    assert label("four-souls", "regles") == "Règles complètes v1.3"
    assert label("altered", "glossaire") == "Glossaire non officiel du 14 septembre 2024"
    assert label("ashes", "faq") == "édition sans date"  # the document prints neither
    sources = {g.id: source_label(kb.history(g.id), g.documents) for g in kb.games}
    assert sources == {
        "altered": "édition du 14 septembre 2024",
        "ashes": "édition sans date",
        "four-souls": "Règles complètes v1.3",
        "marvel-champions": "Guide de référence v1.4",
        "the-spoils": "édition du 31 décembre 2013",
    }
