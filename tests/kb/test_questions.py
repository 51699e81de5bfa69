"""Players' questions (`content/<game>/questions.yaml`): read with lines, checked against the
entries, loaded into the KnowledgeBase; the real files cover the entries, speak in players'
words and never repeat a question of the query sets."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner

from arbitre.cli import cli
from arbitre.kb.load import load, load_kb
from arbitre.kb.questions import read_questions
from arbitre.paths import ProjectPaths
from arbitre.search.evaluate import load_queries
from tests.conftest import REPO

GAMES = ["the-spoils", "marvel-champions", "four-souls", "ashes", "altered"]
KNOWN = {"demo/101.1", "demo/101.2"}
# An entry of at least this many words says something a player may look for.
SUBSTANTIAL_WORDS = 12
COVERAGE_FLOOR = 0.85
# No question repeats this many words in a row of its entry: players' words, not the rulebook's
# (most share at most 3 in a row; the longest, 11, quote a card's text, as players do).
COPIED_RUN = 12
# A question this close (shared words / all words) to one of a query set is too close.
NEAR = 0.7


def read(text: str):
    return read_questions(text, "content/demo/questions.yaml", "demo", KNOWN)


def test_a_file_maps_entry_ids_to_their_questions():
    found, problems = read("demo/101.1:\n- Je peux taper avec une carte tournée ?\n- tap attaque\n")
    assert problems == []
    assert found == {"demo/101.1": ("Je peux taper avec une carte tournée ?", "tap attaque")}


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("demo/101.1:\n- ok ?\ndemo/999:\n- perdu ?\n", 3, "demo/999: no such entry in demo"),
        ("demo/101.1: une question\n", 1, "demo/101.1: expected a list of questions"),
        ("demo/101.1:\n- ok ?\ndemo/101.2: []\n", 3, "demo/101.2: expected a list of questions"),
        ("demo/101.1:\n- ''\n", 1, "demo/101.1: expected a list of questions"),
        ("demo/101.1:\n- même ?\n- même ?\n", 1, "demo/101.1: a question is listed twice"),
        ("demo/101.1:\n- " + "mot " * 100 + "\n", 1, "longer than 300"),
        ("demo/101.1:\n- a\n  b: [\n", 3, "invalid YAML"),
        ("- une liste\n", 1, "expected a mapping"),
    ],
)
def test_a_wrong_row_is_reported_at_its_line_and_left_out(text, line, message):
    found, problems = read(text)
    assert len(problems) == 1, problems
    assert problems[0].path == "content/demo/questions.yaml"
    assert problems[0].line == line
    assert message in problems[0].message
    assert "demo/999" not in found and "demo/101.2" not in found


def test_an_empty_file_has_no_questions():
    assert read("# rien encore\n") == ({}, [])


def test_the_loader_attaches_the_questions_and_check_reports_a_wrong_id(demo_tree):
    file = demo_tree.content / "demo" / "questions.yaml"
    file.write_text("demo/101.1:\n- carte tournée, je tape ?\n", encoding="utf-8")
    assert load_kb(demo_tree).questions == {"demo/101.1": ("carte tournée, je tape ?",)}

    file.write_text("demo/101.1:\n- ok ?\ndemo/404:\n- perdu ?\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["--root", str(demo_tree.root), "check"])
    assert result.exit_code == 1
    assert "content/demo/questions.yaml:3: demo/404: no such entry in demo" in result.output


def test_a_file_that_is_not_utf8_is_one_problem_at_its_byte(demo_tree):
    (demo_tree.content / "demo" / "questions.yaml").write_bytes(b"demo/101.1:\n- \xe9t\xe9 ?\n")
    problems = [str(p) for p in load(demo_tree).problems if "questions" in p.path]
    assert problems == [
        "content/demo/questions.yaml:2:3: not valid UTF-8 (byte 0xe9): save the file as UTF-8"
    ]


# -- the real files --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def kb():
    return load_kb(ProjectPaths(REPO))


def words(text: str) -> list[str]:
    text = unicodedata.normalize("NFKD", text.lower())
    return re.findall(r"[a-z0-9]+", "".join(c for c in text if not unicodedata.combining(c)))


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_questions_for_most_substantial_entries(kb, game):
    substantial = [e for e in kb.entries_of(game) if len(e.text.split()) >= SUBSTANTIAL_WORDS]
    asked = [e for e in substantial if e.id in kb.questions]
    assert len(asked) / len(substantial) >= COVERAGE_FLOOR, (len(asked), len(substantial))


def test_no_question_copies_its_entry(kb):
    copied = []
    for entry_id, questions in kb.questions.items():
        entry = kb.get(entry_id)
        text = " ".join(words(f"{entry.title or ''} . {entry.text}"))
        for question in questions:
            q = words(question)
            runs = (" ".join(q[i : i + COPIED_RUN]) for i in range(len(q) - COPIED_RUN + 1))
            if any(f" {run} " in f" {text} " for run in runs):
                copied.append(f"{entry_id}: {question}")
    assert not copied, copied


def test_no_question_is_one_of_a_query_set(kb):
    """The query sets measure the search: a players' question as close as NEAR to one of
    theirs would hand the search that query's answer."""
    asked = [
        set(words(row["q"]))
        for path in sorted((REPO / "tests" / "data").glob("*-queries.yaml"))
        for row in load_queries(path)
    ]
    close = []
    for entry_id, questions in kb.questions.items():
        for question in questions:
            mine = set(words(question))
            if any(len(mine & theirs) / len(mine | theirs) >= NEAR for theirs in asked):
                close.append(f"{entry_id}: {question}")
    assert not close, close


def test_the_files_are_in_reading_order_of_their_entries(kb):
    order = {e.id: i for i, e in enumerate(kb.entries)}
    for game in GAMES:
        file: Path = REPO / "content" / game / "questions.yaml"
        keys = re.findall(r"^(\S+):$", file.read_text(encoding="utf-8"), flags=re.M)
        assert keys == sorted(keys, key=order.__getitem__), game
