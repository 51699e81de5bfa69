"""Damaged copies of the real sources (cut short, a heading line lost, a block printed twice):
each importer gives a GameImport or a SourceError naming the source and a line of it, never
another exception (a traceback for the maintainer)."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable, Iterator
from functools import cache

import pytest
from click.testing import CliRunner

from arbitre.cli import cli
from arbitre.errors import SourceError
from arbitre.importers import importer_modules
from arbitre.kb.entry import GameImport
from tests.conftest import REPO
from tests.importers.conftest import parse

NEXT = "damaged.txt"

# What a heading line looks like in each source, to delete one.
HEADING: dict[str, Callable[[str], bool]] = {
    "marvel-champions": lambda line: line.startswith("#"),
    "four-souls": lambda line: bool(re.match(r"^  \d+\. [^\s.][^.:]{0,58}$", line)),
    "the-spoils": lambda line: bool(re.match(r"^(\d{3} \S|Section \d)", line)),
    "ashes": lambda line: bool(re.fullmatch(r"[A-Z][^.?:]{3,58}", line.strip())),
    "altered": lambda line: bool(re.match(r"^\d+(\.\d+)+ [A-ZÉ]", line)),
}


# A label a source prints at the start of a paragraph, found alone on a line inside another.
LABELS: dict[str, tuple[str, ...]] = {"the-spoils": ("Exemple", "NdT :")}


@cache
def lines(game: str) -> tuple[str, ...]:
    module = importer_modules()[game]
    text = (REPO / "content" / game / "sources" / module.SOURCE).read_text(encoding="utf-8")
    return tuple(text.split("\n"))


def damages(game: str) -> Iterator[tuple[str, int, str]]:
    """(what, the damaged copy's length in lines, its text)."""
    source = list(lines(game))
    n = len(source)

    def copy(what: str, new: list[str]) -> tuple[str, int, str]:
        return what, len(new), "\n".join(new)

    for fraction in (0.0, 0.1, 0.4, 0.7, 0.97):
        yield copy(f"cut at {fraction:.0%}", source[: int(n * fraction)])
    headings = [i for i, line in enumerate(source) if HEADING[game](line)]
    for k in (0, len(headings) // 2, len(headings) - 1):
        at = headings[k]
        yield copy(f"heading line {at + 1} lost", source[:at] + source[at + 1 :])
    wrapped = [i for i, line in enumerate(source) if line.strip() and line != line.rstrip()]
    for label in LABELS.get(game, ()):
        for k in (len(wrapped) // 5, len(wrapped) // 2, len(wrapped) * 4 // 5):
            at = wrapped[k] + 1
            yield copy(f"« {label} » alone at line {at + 1}", source[:at] + [label] + source[at:])
    for fraction in (0.2, 0.6, 0.9):
        start = int(n * fraction)
        end = start + 12
        yield copy(
            f"lines {start + 1}-{end} twice", source[:end] + source[start:end] + source[end:]
        )


CASES = [
    pytest.param(game, what, length, text, id=f"{game}: {what}")
    for game in importer_modules()
    for what, length, text in damages(game)
]


@pytest.mark.parametrize(("game", "what", "length", "text"), CASES)
def test_damaged_source_imports_or_names_a_line(game, what, length, text):
    try:
        result = parse(game, text, NEXT)
    except SourceError as error:
        assert error.path == f"content/{game}/sources/{NEXT}"
        assert error.line is not None and 1 <= error.line <= max(length, 1)
        assert error.format_message().startswith(f"{error.path}:{error.line}: ")
    else:
        assert isinstance(result, GameImport)
        assert {e.source.file for e in result.entries} <= {NEXT}
        assert all(e.source.line_end <= length for e in result.entries), what


def test_every_game_has_a_heading_to_lose():
    for game in importer_modules():
        assert sum(HEADING[game](line) for line in lines(game)) >= 3, game


def test_cli_import_prints_the_line_of_a_damaged_source(tmp_path):
    game = "four-souls"
    module = importer_modules()[game]
    sources = tmp_path / "content" / game / "sources"
    sources.mkdir(parents=True)
    shutil.copy(REPO / "content" / game / "corrections.yaml", tmp_path / "content" / game)
    shutil.copy(REPO / "mkdocs.yml", tmp_path / "mkdocs.yml")
    damaged = [line for line in lines(game) if not line.startswith("  40. ")]  # a line lost
    (sources / module.SOURCE).write_text("\n".join(damaged), encoding="utf-8")
    result = CliRunner().invoke(cli, ["--root", str(tmp_path), "import", "--game", game])
    assert result.exit_code == 1
    assert f"content/{game}/sources/{module.SOURCE}:52: Pastebin line 41 where 40 is expected" in (
        result.output
    )
    assert "Traceback" not in result.output
