"""The linking stage: given rulings and a reviewed table, which links are published, and how."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitre.errors import ValidationFailed
from arbitre.importers.rulings import GameMatcher, link_rulings, proposals
from arbitre.importers.writer import render_game, stale_files, write_files
from arbitre.kb.ruling_table import read_table, table_problems
from arbitre.paths import ProjectPaths
from arbitre.pipeline import import_games, link_game_rulings
from tests.conftest import demo_import, make_entry

TABLE = Path(__file__).resolve().parents[1] / "data" / "rulings" / "demo.yaml"


def demo_with_rulings():
    result = demo_import()
    result.entries += [
        make_entry(
            "faq/2",
            "faq",
            "Oui, la Lame usée reste épuisée ; le Bouclier aussi.",
            document="faq",
            title="La Lame usée peut-elle bloquer ?",
            card="Lame usée",
            line=5,
        ),
        make_entry(
            "errata/1",
            "errata",
            "Lire « 2 dégâts » au lieu de « 1 dégât ».",
            document="faq",
            title="Bouclier",
            card="Bouclier",
            line=5,
        ),
        make_entry(
            "faq/3",
            "faq",
            "Oui, une carte épuisée peut être ciblée par le Bouclier.",
            document="faq",
            title="Puis-je cibler une carte épuisée ?",
            line=5,
        ),
    ]
    return result


def table():
    parsed, problems = read_table(TABLE.read_text(encoding="utf-8"), "tests/rulings.yaml")
    assert problems == []
    return parsed


def links(entry):
    return [(a.id, a.how) for a in entry.about], [(c.name, c.how) for c in entry.cards]


def test_published_links_from_refs_table_and_matching():
    result = demo_with_rulings()
    link_rulings(result.entries, table())
    by_id = {e.id: e for e in result.entries}
    # A ref is published as `ref`; a reviewed id matching also found is `term`; the rest `reviewed`.
    assert links(by_id["demo/faq/1"]) == (
        [("demo/101.1", "ref"), ("demo/glossaire/epuiser", "term"), ("demo/101.2", "reviewed")],
        [],
    )
    # The heading card first, once; a reviewed card after it.
    assert links(by_id["demo/faq/2"]) == (
        [("demo/101", "reviewed")],
        [("Lame usée", "heading"), ("Bouclier", "reviewed")],
    )
    assert links(by_id["demo/errata/1"]) == ([], [("Bouclier", "heading")])


def test_unreviewed_proposals_are_never_published():
    result = demo_with_rulings()
    link_rulings(result.entries, table())
    faq3 = next(e for e in result.entries if e.id == "demo/faq/3")
    # Matching finds « épuisée » and the card « Bouclier », but faq/3 has no row: nothing shows.
    assert links(faq3) == ([], [])
    rows = {p.ruling: p for p in proposals(result.entries, table())}
    assert rows["demo/faq/3"].in_table is False
    assert rows["demo/faq/3"].about == ("demo/glossaire/epuiser",)
    assert rows["demo/faq/3"].cards == ("Bouclier",)
    # A reviewed ruling whose proposals are all in its row is not listed.
    assert "demo/faq/1" not in rows


def test_rejected_proposals_are_neither_published_nor_proposed_again():
    text = (
        "demo/faq/3:\n  about: []\n  cards: []\n"
        "  rejected: [demo/glossaire/epuiser, Bouclier]\n"
        "  note: « épuisée » and the card are named in passing\n"
    )
    parsed, problems = read_table(text, "tests/rulings.yaml")
    assert problems == []
    assert parsed.rows["demo/faq/3"].rejected == ("demo/glossaire/epuiser", "Bouclier")
    result = demo_with_rulings()
    assert table_problems(parsed, "demo", result.entries) == []
    link_rulings(result.entries, parsed)
    faq3 = next(e for e in result.entries if e.id == "demo/faq/3")
    assert links(faq3) == ([], [])
    assert "demo/faq/3" not in {p.ruling for p in proposals(result.entries, parsed)}


def test_a_partly_rejected_row_still_lists_what_it_did_not_decide():
    text = "demo/faq/3:\n  about: []\n  rejected: [demo/glossaire/epuiser]\n"
    parsed, _ = read_table(text, "tests/rulings.yaml")
    rows = {p.ruling: p for p in proposals(demo_with_rulings().entries, parsed)}
    assert (rows["demo/faq/3"].about, rows["demo/faq/3"].cards) == ((), ("Bouclier",))


def test_without_a_table_only_refs_and_headings_are_published():
    result = demo_with_rulings()
    link_rulings(result.entries, None)
    by_id = {e.id: e for e in result.entries}
    assert links(by_id["demo/faq/1"]) == ([("demo/101.1", "ref")], [])
    assert links(by_id["demo/faq/2"]) == ([], [("Lame usée", "heading")])
    assert all(not e.about and not e.cards for e in result.entries if not e.is_ruling)


def test_matching_reads_question_and_answer_and_known_card_names():
    result = demo_with_rulings()
    matcher = GameMatcher.for_entries(result.entries, table())
    faq1 = next(e for e in result.entries if e.id == "demo/faq/1")
    # « épuisée » is only in the question (the answer is « Non. »).
    assert matcher.propose(faq1).about == ("demo/glossaire/epuiser",)
    faq2 = next(e for e in result.entries if e.id == "demo/faq/2")
    assert matcher.propose(faq2).cards == ("Lame usée", "Bouclier")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("demo/nope:\n  about: []\n", "tests/rulings.yaml:1: demo/nope: no such entry in demo"),
        (
            "demo/101.1:\n  about: []\n",
            "tests/rulings.yaml:1: demo/101.1: is a rule, not a faq or errata",
        ),
        (
            "demo/faq/1:\n  about: []\ndemo/faq/2:\n  about: [demo/404]\n",
            "tests/rulings.yaml:3: demo/faq/2: about demo/404, which does not exist",
        ),
        (
            "demo/faq/1:\n  about: [demo/faq/2]\n",
            "tests/rulings.yaml:1: demo/faq/1: about demo/faq/2, a faq: a ruling is about rules,"
            " terms or sections",
        ),
        (
            "demo/faq/1:\n  about: []\n  rejected: [demo/404]\n",
            "tests/rulings.yaml:1: demo/faq/1: rejected demo/404, which does not exist",
        ),
        (
            "demo/faq/1:\n  about: []\ndemo/faq/3:\n  about: [demo/101]\n"
            "  rejected: [demo/glossaire/epuiser, demo/101]\n",
            "tests/rulings.yaml:3: demo/faq/3: demo/101 both in about and rejected",
        ),
        (
            "demo/faq/2:\n  cards: [Bouclier]\n  rejected: [bouclier]\n",
            "tests/rulings.yaml:1: demo/faq/2: card bouclier both in cards and rejected",
        ),
    ],
)
def test_table_errors_name_path_and_line(text, message):
    parsed, problems = read_table(text, "tests/rulings.yaml")
    assert problems == []
    found = table_problems(parsed, "demo", demo_with_rulings().entries)
    assert [str(p) for p in found] == [message]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("demo/faq/1:\n  about: demo/101\n", "tests/rulings.yaml:1: demo/faq/1: about, cards"),
        ("demo/faq/1:\n  rejected: demo/101\n", "tests/rulings.yaml:1: demo/faq/1: about, cards"),
        ("demo/faq/1:\n  links: []\n", "tests/rulings.yaml:1: demo/faq/1: unknown field(s) links"),
        ("demo/faq/1: [a]\n", "tests/rulings.yaml:1: demo/faq/1: expected {about, cards, note}"),
        ("- demo/faq/1\n", "tests/rulings.yaml:1: expected a mapping"),
        ("demo/faq/1: {about: [\n", "tests/rulings.yaml:2: invalid YAML"),
    ],
)
def test_malformed_table_rows_are_reported(text, message):
    _, problems = read_table(text, "tests/rulings.yaml")
    assert len(problems) == 1 and str(problems[0]).startswith(message), problems


def test_missing_rulings_are_reported_when_asked():
    found = table_problems(table(), "demo", demo_with_rulings().entries, "warning")
    assert [str(p) for p in found] == [
        "tests/rulings.yaml:1: warning: demo/faq/3: ruling not reviewed yet"
    ]


def _tree(tmp_path, table_text=None):
    result = demo_with_rulings()
    root = tmp_path
    (root / "content" / "demo").mkdir(parents=True)
    if table_text is not None:
        (root / "content" / "demo" / "rulings.yaml").write_text(table_text, encoding="utf-8")
    return ProjectPaths(root), result


def test_import_stage_fails_on_a_bad_table_before_linking(tmp_path):
    paths, result = _tree(tmp_path, "demo/faq/1:\n  about: [demo/404]\n")
    assert link_game_rulings(paths, result) == [
        "content/demo/rulings.yaml:1: demo/faq/1: about demo/404, which does not exist"
    ]
    assert all(not e.about for e in result.entries)


def test_import_stage_links_from_the_games_table(tmp_path):
    paths, result = _tree(tmp_path, TABLE.read_text(encoding="utf-8"))
    assert link_game_rulings(paths, result) == []
    faq2 = next(e for e in result.entries if e.id == "demo/faq/2")
    assert links(faq2)[1] == [("Lame usée", "heading"), ("Bouclier", "reviewed")]


def test_the_table_is_hand_written_data_that_import_never_removes(tmp_path):
    paths, result = _tree(tmp_path, TABLE.read_text(encoding="utf-8"))
    rendered = render_game(result, paths.root)
    write_files(rendered)
    assert stale_files([result], paths.root, rendered) == []


def test_import_games_refuses_a_bad_table_and_writes_nothing(tmp_path):
    """The real importers with one game's table broken: nothing is written."""
    import shutil

    from tests.conftest import REPO

    game = "altered"
    (tmp_path / "content" / game).mkdir(parents=True)
    shutil.copytree(REPO / "content" / game / "sources", tmp_path / "content" / game / "sources")
    shutil.copy(REPO / "content" / game / "corrections.yaml", tmp_path / "content" / game)
    (tmp_path / "content" / game / "rulings.yaml").write_text(
        "altered/faq/carte-heros:\n  about: [altered/9.9.9]\n", encoding="utf-8"
    )
    with pytest.raises(ValidationFailed) as info:
        import_games(ProjectPaths(tmp_path), [game])
    assert "content/altered/rulings.yaml:1: altered/faq/carte-heros: about altered/9.9.9" in str(
        info.value
    )
    written = sorted(p.name for p in (tmp_path / "content" / game).glob("*.yaml"))
    assert written == ["corrections.yaml", "rulings.yaml"]
