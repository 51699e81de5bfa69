"""Fixtures shared by the importer tests: a test module names its game with `GAME = "<id>"`
and gets that game's parse of its checked-in source, parsed once per session."""

from __future__ import annotations

from functools import cache

import pytest

from arbitre.importers import importer_modules
from arbitre.kb.entry import Entry, GameImport
from tests.conftest import REPO


@cache
def parsed(game: str) -> GameImport:
    module = importer_modules()[game]
    source = REPO / "content" / game / "sources" / module.SOURCE
    return module.parse(source.read_text(encoding="utf-8"))


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
