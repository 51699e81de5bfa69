"""`/r/` when served agrees with the static copy's short links (permalinks.py)."""

from __future__ import annotations

import warnings

import pytest
from starlette.exceptions import StarletteDeprecationWarning

from arbitre.kb.knowledge import KnowledgeBase
from arbitre.search.app import create_app
from tests.search.conftest import tiny_kb

with warnings.catch_warnings():
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from fastapi.testclient import TestClient


@pytest.fixture(scope="module")
def client(tiny_project):
    return TestClient(create_app(tiny_project, tiny_kb()))


@pytest.mark.parametrize(
    "path", ["/r/the-spoils/609.1f", "/r/the-spoils/609.1F", "/r/THE-SPOILS/609.1f/", "/r/609.1F"]
)
def test_any_case_and_no_game_redirect_to_the_rule(client, path):
    response = client.get(path, follow_redirects=False)
    assert response.status_code == 302
    assert response.headers["location"] == "/the-spoils/regles/#609.1f"


def test_unknown_short_link_is_a_french_page_not_json(client):
    response = client.get("/r/the-spoils/999.9z", follow_redirects=False)
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    assert "Page introuvable" in response.text and "recherche" in response.text


def test_a_number_several_games_share_is_a_choice(tiny_project):
    kb = tiny_kb()
    twin = next(e for e in kb.entries if e.id == "altered/2.4.6")
    copy = type(twin)(
        **{**twin.__dict__, "id": "the-spoils/2.4.6", "game": "the-spoils", "parent": None}
    )
    app = create_app(tiny_project, KnowledgeBase(kb.games, [*kb.entries, copy]))
    response = TestClient(app).get("/r/2.4.6", follow_redirects=False)
    assert response.status_code == 200
    assert response.text.count("<li><a href=") == 2
    assert 'href="/altered/' in response.text and 'href="/the-spoils/' in response.text
