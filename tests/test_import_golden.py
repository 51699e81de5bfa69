"""Golden YAML: the committed content/ and glossary/ are exactly what the importers produce.

Regenerate after a reviewed importer change with `arbitre import` (then read `git diff content glossary`).
"""

from __future__ import annotations

import pytest

from arbitre.importers import importer_modules
from arbitre.importers.text import EMPHASIS
from arbitre.kb.load import load
from arbitre.paths import ProjectPaths
from arbitre.pipeline import import_games
from tests.conftest import REPO

GAMES = list(importer_modules())


@pytest.mark.parametrize("game", GAMES)
def test_committed_yaml_is_up_to_date(game):
    report = import_games(ProjectPaths(REPO), [game], check=True)
    outdated = [p.relative_to(REPO).as_posix() for p in report.changed + report.stale]
    assert outdated == [], f"run `arbitre import --game {game}` and review the diff"


def test_every_game_has_an_importer():
    sources = sorted(p.name for p in (REPO / "content").iterdir() if (p / "sources").is_dir())
    assert GAMES == sources


def test_knowledge_base_has_no_errors():
    result = load(ProjectPaths(REPO))
    assert [str(p) for p in result.errors] == []
    assert sorted(g.id for g in result.kb.games) == GAMES


def test_every_title_is_plain_text():
    """A title is printed as typed, never read as Markdown (`importers.text.plain_title`): no
    importer leaves a source's emphasis in one."""
    result = load(ProjectPaths(REPO))
    marked = [e.id for e in result.kb.entries if e.title and EMPHASIS.search(e.title)]
    assert marked == []
