"""Fixtures shared by the importer tests: a test module names its game with `GAME = "<id>"`
and gets that game's parse of its checked-in source, parsed once per session."""

from __future__ import annotations

from functools import cache

import pytest

from arbitre.importers import importer_modules
from arbitre.importers.corrections import Corrections
from arbitre.kb.entry import Entry, GameImport
from tests.conftest import REPO


@cache
def corrections(game: str) -> Corrections:
    """The game's checked-in corrections (content/<game>/corrections.yaml)."""
    return Corrections.load(REPO, game)


def parse(game: str, text: str, source_file: str | None = None) -> GameImport:
    """One game's importer on `text`, with the checked-in corrections."""
    module = importer_modules()[game]
    return module.parse(
        text, corrections=corrections(game), source_file=source_file or module.SOURCE
    )


@cache
def parsed(game: str) -> GameImport:
    module = importer_modules()[game]
    source = REPO / "content" / game / "sources" / module.SOURCE
    return parse(game, source.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def result(request) -> GameImport:
    return parsed(request.module.GAME)


@pytest.fixture(scope="module")
def entries(result: GameImport) -> list[Entry]:
    return result.entries


@pytest.fixture(scope="module")
def by_id(entries: list[Entry]) -> dict[str, Entry]:
    return {e.id: e for e in entries}


def of(entries: list[Entry], kind: str, **fields) -> list[Entry]:
    """Entries of a kind whose other fields have the given values."""
    return [
        e for e in entries if e.kind == kind and all(getattr(e, k) == v for k, v in fields.items())
    ]
