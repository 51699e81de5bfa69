"""The corrections file of a source: its lines kept at every depth, its shape checked against the
sections an importer reads, its stale corrections named at their own line, and line-keyed
corrections found again by what their line holds."""

from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner

from arbitre.cli import cli
from arbitre.errors import SourceError, ValidationFailed
from arbitre.importers import importer_modules
from arbitre.importers.corrections import Corrections, Either, Record, Seq, relocate
from arbitre.kb.entry import StaleCorrection
from tests.conftest import REPO

PATH = "content/demo/corrections.yaml"
TEXT = """\
# A demo.
words:
  teh: the        # l.3
  adn: and
lists:
  - {first: 12, from: Un début, last: 14, to: Une fin}
  - first: 20
    from: Autre
    last: 21
    to: Fin
notes:
  demo/1:
    - Une note.
"""
SCHEMA = {
    "words": {str: str},
    "lists": [Record({"first": int, "from": str, "last": int, "to": str}, {"ordered": bool})],
    "notes": {str: [str]},
}


def demo() -> Corrections:
    return Corrections.from_text(TEXT, PATH).begin(SCHEMA)


def test_lines_of_keys_and_items_at_every_depth():
    corrections = demo()
    assert corrections.line("words") == 2
    assert corrections.line("words", "adn") == 4
    assert corrections.line("lists", 0) == 6
    assert corrections.line("lists", 1, "last") == 9
    assert corrections.line("notes", "demo/1", 0) == 13
    # Something absent: its nearest parent's line, else the first line.
    assert corrections.line("words", "nothing") == 2
    assert corrections.line("nowhere") == 1


def test_data_reads_as_plain_yaml():
    corrections = demo()
    assert corrections.get("words") == {"teh": "the", "adn": "and"}
    assert corrections["lists"][1]["to"] == "Fin"
    assert corrections.get("absent", {}) == {}
    assert "notes" in corrections and "absent" not in corrections


def test_stale_names_the_correction_at_its_own_line():
    corrections = demo()
    corrections.stale("words", "adn", "the source no longer prints it")
    corrections.stale("lists", "Autre", "no line holds « Autre … » any more", at=(1,))
    corrections.stale("words", "adn", "the source no longer prints it")  # once only
    assert corrections.stale_corrections == [
        StaleCorrection(PATH, 4, "words", "adn", "the source no longer prints it"),
        StaleCorrection(PATH, 7, "lists", "Autre", "no line holds « Autre … » any more"),
    ]
    assert str(corrections.stale_corrections[0]) == (
        f"{PATH}:4: words adn: the source no longer prints it"
    )


def test_stale_unused_reports_every_key_not_used():
    corrections = demo()
    corrections.stale_unused("words", {"teh"}, "matches nothing")
    assert [(s.key, s.line) for s in corrections.stale_corrections] == [("adn", 4)]


def test_each_parse_records_into_its_own_copy():
    loaded = Corrections.from_text(TEXT, PATH)
    first = loaded.begin(SCHEMA)
    first.stale("words", "teh", "gone")
    assert loaded.begin(SCHEMA).stale_corrections == []
    assert loaded.stale_corrections == []


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("words:\n  teh: [the\n", 3, "invalid YAML"),
        ("words:\n  teh: the\n  teh: thee\n", 3, "duplicate key 'teh' (also line 2)"),
        ("- a list\n", 1, "expected a mapping"),
    ],
)
def test_a_file_that_is_not_a_mapping_of_sections_names_its_line(text, line, message):
    with pytest.raises(SourceError) as info:
        Corrections.from_text(text, PATH)
    assert (info.value.path, info.value.line) == (PATH, line)
    assert message in info.value.detail


def test_sections_are_checked_against_what_the_importer_reads():
    text = TEXT.replace("  adn: and\n", "  adn: [and]\n").replace("    last: 21\n", "")
    text += "wrods:\n  teh: the\n"
    with pytest.raises(ValidationFailed) as info:
        Corrections.from_text(text, PATH).begin(SCHEMA)
    assert info.value.problems == [
        f"{PATH}:4: words/adn: expected text, not ['and']",
        f"{PATH}:7: lists/1: missing field 'last'",
        f"{PATH}:13: unknown section 'wrods' (read: words, lists, notes)",
    ]


def test_shapes_either_and_seq():
    schema = {"fixes": {str: [Seq(str, str)]}, "aliases": {str: Either(str, Record({"note": str}))}}
    good = 'fixes:\n  x: [["a", "b"]]\naliases:\n  A: x\n  B: {note: n}\n'
    Corrections.from_text(good, PATH).begin(schema)
    bad = 'fixes:\n  x: [["a"]]\naliases:\n  A: 3\n'
    with pytest.raises(ValidationFailed) as info:
        Corrections.from_text(bad, PATH).begin(schema)
    assert [p.split(": ", 1)[0] for p in info.value.problems] == [f"{PATH}:2", f"{PATH}:4"]


@pytest.mark.parametrize("game", list(importer_modules()))
def test_committed_corrections_fit_their_importer(game):
    corrections = Corrections.load(REPO, game)
    assert corrections.path == f"content/{game}/corrections.yaml"
    corrections.begin(importer_modules()[game].CORRECTIONS)


def test_a_game_without_a_corrections_file_has_none(tmp_path):
    corrections = Corrections.load(tmp_path, "four-souls")
    assert corrections.get("lists", []) == []
    assert corrections.path == "content/four-souls/corrections.yaml"


def test_cli_import_reports_a_malformed_corrections_file_at_its_line(tmp_path):
    game = "four-souls"
    root = tmp_path
    shutil.copytree(REPO / "content" / game / "sources", root / "content" / game / "sources")
    shutil.copy(REPO / "mkdocs.yml", root / "mkdocs.yml")
    (root / "content" / game / "corrections.yaml").write_text(
        "heading_levels:\n  - {line: 44, heading: Effets activés, level: four}\n", encoding="utf-8"
    )
    result = CliRunner().invoke(cli, ["--root", str(root), "import", "--game", game])
    assert result.exit_code == 1
    assert (
        "content/four-souls/corrections.yaml:2: heading_levels/0/level: expected a whole number"
        in result.output
    )
    assert "Traceback" not in result.output
    assert not (root / "content" / game / "game.yaml").exists()


# --------------------------------------------------------------------------- relocate

LINES = {10: "Attaquer", 11: "Pour lancer une attaque, dites", 20: "Attaquer", 30: "Défausser"}


def test_relocate_keeps_a_line_that_still_holds_its_text():
    assert relocate(LINES, 20, "Attaquer", whole=True) == (20, "")


def test_relocate_finds_the_nearest_line_that_holds_it():
    assert relocate(LINES, 12, "Pour lancer une attaque") == (11, "")
    assert relocate(LINES, 17, "Attaquer", whole=True) == (20, "")


def test_relocate_compares_whole_headings_and_first_words():
    assert relocate(LINES, 11, "Pour lancer", whole=True)[0] is None
    assert relocate(LINES, 31, "Défau") == (30, "")


def test_relocate_says_why_it_cannot():
    assert relocate(LINES, 15, "Attaquer", whole=True) == (
        None,
        "lines 10 and 20 both hold « Attaquer »: which one is meant?",
    )
    assert relocate(LINES, 5, "Mourir") == (
        None,
        "no line holds « Mourir … » any more (line 5 was written for it)",
    )


@pytest.mark.parametrize(
    ("key", "why", "hinted"),
    [
        ("altered/4.2.1.c@2024-09-14", "no such entry", True),
        ("notes", "names altered/4.2.1.c@2024-09-14, which is gone", True),
        ("notes", "reported by jean.dupont@exemple.fr on the forum", False),
        ("notes", "see https://forum.example/t/4@2024", False),
    ],
)
def test_a_stale_correction_naming_a_removed_entry_says_so_and_only_then(key, why, hinted):
    """The hint that an edition removed the entry is given for `id@version` (kb/editions.py),
    not for an e-mail address or a web address in the reason."""
    corrections = demo()
    corrections.stale("words", key, why)
    (stale,) = corrections.stale_corrections
    assert stale.why.endswith("rewrite or delete this correction)") is hinted
