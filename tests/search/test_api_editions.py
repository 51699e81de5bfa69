"""Editions in the export and the API (#22 item 8), on the real project with a next edition of
The Spoils and of Marvel Champions (tests/editions/projects.py): each entry's `history`, the
games' `editions`, the entries editions removed; `GET /api/entries/{id}` with its history and
old ids; `GET /api/diff/{game}` = `arbitre diff --json`; short links of old ids when served."""

from __future__ import annotations

import json
import warnings

import pytest
from click.testing import CliRunner
from starlette.exceptions import StarletteDeprecationWarning

from arbitre.cli import cli
from arbitre.export import export_data
from arbitre.kb.load import load_kb
from arbitre.paths import ProjectPaths
from arbitre.search.app import create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from fastapi.testclient import TestClient


@pytest.fixture(scope="module")
def exported(editions_root):
    return export_data(load_kb(ProjectPaths(editions_root)))


@pytest.fixture(scope="module")
def client(editions_root):
    return TestClient(create_app(ProjectPaths(editions_root)), follow_redirects=False)


def entries(data: dict) -> dict[str, dict]:
    return {e["id"]: e for e in data["entries"]}


def test_the_export_gives_each_entry_its_history(exported):
    by_id = entries(exported)
    assert by_id["the-spoils/202.9"]["history"] == [
        {"version": "2014-06", "change": "edited"},
        {
            "version": "2013-12-31",
            "change": None,
            "text": "Une Faction n’est pas affectée par les effets à moins que ceux-ci soient "
            "explicitement déclarés comme applicables aux Factions.",
        },
    ]
    assert by_id["the-spoils/608.1e"]["history"] == [
        {"version": "2014-06", "change": "moved", "edited": False},
        {"version": "2013-12-31", "change": None, "id": "the-spoils/608.1d", "number": "608.1d"},
    ]
    assert by_id["the-spoils/608.1d"]["history"] == [{"version": "2014-06", "change": "added"}]
    # An entry no edition changed: every edition it was in, and nothing else.
    assert by_id["the-spoils/609.1f"]["history"] == [
        {"version": "2014-06", "change": None},
        {"version": "2013-12-31", "change": None},
    ]
    # The first edition's own words about what it changed (Marvel Champions v1.4).
    assert by_id["marvel-champions/glossaire/defense-defendre"]["history"][-1] == {
        "version": "1.4",
        "change": "edited",
        "noted": "Page 12, « Défense / Défendre » : clarification de son fonctionnement.",
    }


def test_the_export_lists_the_editions_and_the_removed_entries(exported):
    games = {g["id"]: g for g in exported["games"]}
    spoils = games["the-spoils"]["editions"]
    assert [(e["version"], e["date"], e["source"]) for e in spoils] == [
        ("2013-12-31", "2013-12-31", "000_1954c37249931fef.txt"),
        ("2014-06", "2014-06-15", "spoils-2014-06.txt"),
    ]
    assert spoils[0]["documents"]["faq"] == {
        "version": "1.5",
        "date": "2011-05-10",
        "quote": "La FAQ v1.5 datée du 10 Mai 2011",
    }
    assert spoils[0]["counts"] is None
    assert spoils[1]["counts"] == {"added": 1, "removed": 1, "edited": 2, "moved": 3}
    assert [e["version"] for e in games["ashes"]["editions"]] == ["1"]
    retired = {e["id"]: e for e in exported["retired"]}
    assert set(retired) == {"the-spoils/202.9a@2013-12-31"}
    assert retired["the-spoils/202.9a@2013-12-31"]["retired"] == {
        "id": "the-spoils/202.9a",
        "last": "2013-12-31",
        "removed_in": "2014-06",
    }
    # A ruling's `about` may name it: the export resolves every id it holds.
    known = set(entries(exported)) | set(retired)
    assert all(a["id"] in known for e in exported["entries"] for a in e.get("about", []))


def test_an_entry_answers_with_its_history(client, exported):
    body = client.get("/api/entries/the-spoils/202.9").json()
    assert body["history"] == entries(exported)["the-spoils/202.9"]["history"]
    assert body["cited_by"] == ["the-spoils/402.9"]


def test_an_old_id_of_a_moved_entry_redirects_to_its_current_id(client):
    response = client.get("/api/entries/the-spoils/intro/but-du-jeu")
    assert response.status_code == 302
    assert response.headers["location"] == "/api/entries/the-spoils/intro/le-but-du-jeu"
    assert client.get(response.headers["location"]).json()["title"] == "Le but du jeu"


def test_a_removed_entry_answers_as_it_last_stood_marked_retired(client):
    response = client.get("/api/entries/the-spoils/202.9a")
    assert response.status_code == 302
    assert response.headers["location"] == "/api/entries/the-spoils/202.9a@2013-12-31"
    body = client.get(response.headers["location"]).json()
    assert body["id"] == "the-spoils/202.9a@2013-12-31"
    assert body["retired"] == {
        "id": "the-spoils/202.9a",
        "last": "2013-12-31",
        "removed_in": "2014-06",
    }
    assert body["text"].startswith("Ceci veut dire que vous ne pouvez pas sélectionner")
    assert client.get("/api/entries/the-spoils/202.9a@1999").status_code == 404


def test_the_diff_endpoint_is_arbitre_diff_json(client, editions_root):
    for game, query in (("the-spoils", ""), ("marvel-champions", "?from=1.4&to=1.5")):
        expected = CliRunner().invoke(
            cli, ["--root", str(editions_root), "diff", game, "--json"], catch_exceptions=False
        )
        response = client.get(f"/api/diff/{game}{query}")
        assert response.status_code == 200
        assert response.json() == json.loads(expected.output)
    first = client.get("/api/diff/marvel-champions?to=1.4").json()
    assert first["from"] is None and len(first["changes"]) == 5  # the document's own words


@pytest.mark.parametrize(
    ("path", "status", "message"),
    [
        ("/api/diff/chess", 404, "unknown game 'chess'"),
        ("/api/diff/the-spoils?from=9.9", 404, "no edition '9.9'"),
        ("/api/diff/the-spoils?from=2014-06&to=2013-12-31", 400, "is newer than"),
    ],
)
def test_diff_errors_are_json(client, path, status, message):
    response = client.get(path)
    assert response.status_code == status
    assert response.headers["content-type"] == "application/json"
    assert message in response.json()["error"]


def test_the_openapi_document_declares_the_new_answers(client):
    paths = client.get("/openapi.json").json()["paths"]
    diff = paths["/api/diff/{game}"]["get"]
    assert {p["name"] for p in diff["parameters"]} == {"game", "from", "to"}
    assert set(diff["responses"]) == {"200", "400", "404"}
    assert set(paths["/api/entries/{entry_id}"]["get"]["responses"]) == {"200", "302", "404"}


@pytest.mark.parametrize(
    ("short", "location"),
    [
        ("the-spoils/intro/but-du-jeu", "/the-spoils/intro/#intro--le-but-du-jeu"),
        ("the-spoils/202.9a", "/the-spoils/retirees/#202.9a@2013-12-31"),
        ("202.9a@2013-12-31", "/the-spoils/retirees/#202.9a@2013-12-31"),
    ],
)
def test_served_short_links_of_old_ids(client, short, location):
    response = client.get(f"/r/{short}")
    assert response.status_code == 302
    assert response.headers["location"] == location


def test_show_lists_a_removed_entry_a_ruling_is_still_about(editions_root):
    result = CliRunner().invoke(
        cli, ["--root", str(editions_root), "show", "the-spoils/faq/15"], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    assert "the-spoils/202.9a@2013-12-31  202.9a [reviewed]" in result.output
