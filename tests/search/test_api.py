"""The HTTP app, in process (ASGI test client): same JSON as the CLI, 400/404 never 422/500."""

from __future__ import annotations

import warnings

import pytest
from starlette.exceptions import StarletteDeprecationWarning

from arbitre.errors import IndexMissing
from arbitre.paths import ProjectPaths
from arbitre.search.app import create_app
from arbitre.search.service import format_results, run_search

with warnings.catch_warnings():
    # starlette >= 1.x prefers httpx2 for its test client; httpx works the same here.
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from fastapi.testclient import TestClient

from tests.search.conftest import tiny_kb


@pytest.fixture(scope="module")
def client(tiny_project):
    return TestClient(create_app(tiny_project, tiny_kb()))


def test_search_returns_the_same_json_as_run_search(client, tiny_project):
    response = client.get("/api/search", params={"q": "Fugace", "limit": 3})
    assert response.status_code == 200
    assert response.json() == run_search(tiny_project, "Fugace", limit=3)
    assert response.json()["hits"][0]["id"] == "altered/glossaire/fugace"


def test_search_filters_and_paging(client, tiny_project):
    params = {
        "q": "attaque",
        "game": "marvel-champions",
        "kind": "glossary",
        "limit": 2,
        "offset": 1,
    }
    body = client.get("/api/search", params=params).json()
    assert body == run_search(
        tiny_project, "attaque", game="marvel-champions", kind="glossary", limit=2, offset=1
    )
    assert {h["game"] for h in body["hits"]} == {"marvel-champions"}


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({}, "empty"),
        ({"q": "  "}, "empty"),
        ({"q": "x", "limit": "abc"}, "'limit' must be a whole number written with the digits 0-9"),
        ({"q": "x", "limit": "0"}, "'limit' must be between 1 and 100"),
        ({"q": "x", "limit": "1000"}, "'limit' must be between 1 and 100"),
        ({"q": "x", "offset": "-1"}, "'offset' must be a whole number"),
        ({"q": "x", "offset": "10001"}, "'offset' must be between 0 and 10000"),
        ({"q": "x", "game": "chess"}, "unknown game 'chess'"),
        ({"q": "x", "kind": "poem"}, "unknown kind 'poem'"),
        ({"q": "game:nope x"}, "unknown game 'nope'"),
        ({"q": "x" * 600}, "longer than 500"),
    ],
)
def test_bad_parameters_are_400_with_a_message(client, params, message):
    response = client.get("/api/search", params=params)
    assert response.status_code == 400
    assert message in response.json()["error"]


def test_entry_with_cited_by_and_children(client):
    body = client.get("/api/entries/the-spoils/609.1f").json()
    assert body["id"] == "the-spoils/609.1f"
    assert body["cited_by"] == ["the-spoils/413.1"]
    assert client.get("/api/entries/the-spoils/609.1").json()["children"] == [
        "the-spoils/609.1a",
        "the-spoils/609.1f",
    ]


def test_unknown_entry_is_404_json(client):
    response = client.get("/api/entries/the-spoils/999.9z")
    assert response.status_code == 404
    assert response.json() == {"error": "no entry 'the-spoils/999.9z'"}
    assert client.get("/r/nope/x", follow_redirects=False).status_code == 404
    assert client.get("/api/nothing").json() == {"error": "Not Found"}


def test_health(client, tiny_project):
    body = client.get("/api/health").json()
    assert body["status"] == "ok"
    assert body["entries"] == len(tiny_kb().entries)
    assert body["index"]["entries"] == body["entries"]
    assert len(body["index"]["fingerprint"]) == 16


def test_permalink_redirects_to_the_site_anchor(client):
    response = client.get("/r/the-spoils/609.1f", follow_redirects=False)
    assert response.status_code == 302
    assert response.headers["location"] == "/the-spoils/regles/#609.1f"


def test_openapi_and_docs(client):
    schema = client.get("/openapi.json").json()
    assert "/api/search" in schema["paths"] and "/api/entries/{entry_id}" in schema["paths"]
    docs = client.get("/docs")
    assert docs.status_code == 200 and "/api/search" in docs.text


def test_home_without_a_built_site_says_so(client):
    response = client.get("/")
    assert response.status_code == 503
    assert "arbitre build" in response.text


def test_home_serves_the_built_site(tiny_project, tmp_path):
    root = tmp_path / "project"
    for name in ("content", "glossary"):
        (root / name).mkdir(parents=True)
    (root / "site").mkdir()
    (root / "site" / "index.html").write_text("<h1>Arbitre</h1>", encoding="utf-8")
    app_client = TestClient(create_app(ProjectPaths(root), tiny_kb()))  # builds its missing index
    assert app_client.get("/").text == "<h1>Arbitre</h1>"
    assert (
        app_client.get("/api/search", params={"q": "609.1f"}).json()["hits"][0]["id"]
        == "the-spoils/609.1f"
    )


def test_missing_or_stale_index_is_reported(tmp_path):
    paths = ProjectPaths(tmp_path)
    (tmp_path / "content").mkdir()
    with pytest.raises(IndexMissing, match="arbitre index"):
        run_search(paths, "attaque")
    from arbitre.search.indexer import build_index

    build_index(tiny_kb(), paths.index)
    assert run_search(paths, "609.1f")["hits"][0]["id"] == "the-spoils/609.1f"
    (tmp_path / "glossary").mkdir()
    (tmp_path / "glossary" / "altered.yaml").write_text("entries: []\n", encoding="utf-8")
    with pytest.raises(IndexMissing, match="stale"):
        run_search(paths, "attaque")


def test_text_format_lists_numbered_hits(tiny_project):
    text = format_results(run_search(tiny_project, "destrucion"), as_json=False)
    assert "Vouliez-vous dire : destruction ?" in text
    assert "1. ashes/faq/destruction  [faq]" in text
    assert "/ashes/faq/#faq--destruction" in text
    # Piped (no terminal): the matched words as printed, neither « » (French quotation) nor
    # terminal codes.
    hits = text.split("\n\n", 1)[1]
    assert "«" not in hits and "\x1b" not in text
    assert "par la destruction d'une unité" in text


def test_text_format_shows_matches_in_bold_on_a_terminal(tiny_project):
    result = run_search(tiny_project, "destruction")
    bold = format_results(result, as_json=False, bold=True)
    assert "\x1b[1mdestruction\x1b[22m" in bold.lower()
    plain = format_results(result, as_json=False)
    assert "\x1b" not in plain and "«destruction»" not in plain.lower()
    assert format_results(result, as_json=True, bold=True) == format_results(result, as_json=True)
    assert "\x1b" not in format_results(result, as_json=True)


def test_cli_search_piped_prints_no_marks(tiny_project):
    from click.testing import CliRunner

    from arbitre.cli import cli

    out = (
        CliRunner()
        .invoke(
            cli, ["--root", str(tiny_project.root), "search", "destruction"], catch_exceptions=False
        )
        .output
    )
    assert "résultat" in out and "pour « destruction »" in out
    assert "\x1b" not in out and "«destruction»" not in out.lower()


def test_cached_answers_are_the_same_json_and_errors_are_not_cached(tiny_project):
    cached = TestClient(create_app(tiny_project, tiny_kb()))
    uncached = TestClient(create_app(tiny_project, tiny_kb(), result_cache=0))
    for _ in range(2):  # the second request is served from the cache
        first = cached.get("/api/search", params={"q": "attaque", "limit": 3})
        assert first.status_code == 200
        assert first.headers["content-type"] == "application/json"
        assert (
            first.json() == uncached.get("/api/search", params={"q": "attaque", "limit": 3}).json()
        )
        assert first.json() == run_search(tiny_project, "attaque", limit=3)
        assert cached.get("/api/search", params={"q": "x", "game": "chess"}).status_code == 400


def test_entry_carries_its_rulings_and_a_ruling_its_links(client):
    rule = client.get("/api/entries/ashes/regles/marteleuse").json()
    assert rule["rulings"] == ["ashes/faq/contrecoup"]
    assert rule["authority"] == "official"
    ruling = client.get("/api/entries/ashes/faq/contrecoup").json()
    assert ruling["about"] == [{"id": "ashes/regles/marteleuse", "how": "reviewed"}]
    assert ruling["cards"] == [{"name": "Marteleuse", "how": "reviewed"}]
    assert "rulings" not in ruling
    assert client.get("/api/entries/four-souls/regles/tour").json()["authority"] == "community"


def test_search_says_which_game_a_query_was_taken_to_be_about(client):
    body = client.get("/api/search", params={"q": "qui commence à four souls ?"}).json()
    assert body["focus"]["game"] == "four-souls"
    assert body["focus"]["message"].startswith("dans Four Souls")
    assert body["hits"][0]["game"] == "four-souls"
    filtered = {"q": "qui commence ?", "game": "four-souls"}
    assert client.get("/api/search", params=filtered).json()["focus"] is None
