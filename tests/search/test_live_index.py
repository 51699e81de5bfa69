"""An index rebuilt while the server runs is picked up without a restart (#17).

The app keeps answering from the generation it has until the new one is loaded; a new
generation that cannot be opened leaves the last good one serving.
"""

from __future__ import annotations

import warnings

from arbitre.importers.writer import render_game, write_files
from arbitre.kb.load import load_kb
from arbitre.search.app import create_app
from arbitre.search.indexer import build_index, current_generation
from tests.conftest import demo_import, make_entry

with warnings.catch_warnings():
    from starlette.exceptions import StarletteDeprecationWarning

    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from fastapi.testclient import TestClient


def _add_entry(paths) -> None:
    game = demo_import()
    game.entries.append(
        make_entry("faq/2", "faq", "Oui, la zorglub se pioche.", document="faq", title="Zorglub ?")
    )
    write_files(render_game(game, paths.root))


def _hits(client, q: str) -> list[str]:
    return [h["id"] for h in client.get("/api/search", params={"q": q}).json()["hits"]]


def test_a_new_generation_is_served_without_a_restart(demo_tree):
    build_index(load_kb(demo_tree), demo_tree.index, root=demo_tree.root)
    client = TestClient(create_app(demo_tree))
    before = client.get("/api/health").json()["index"]
    assert _hits(client, "zorglub") == []
    _add_entry(demo_tree)
    build_index(load_kb(demo_tree), demo_tree.index, root=demo_tree.root)
    client.app.state.index.refresh(wait=True)  # what the next request after 2 s would start
    after = client.get("/api/health").json()
    assert after["index"]["generation"] != before["generation"]
    assert after["index"]["fingerprint"] != before["fingerprint"]
    assert _hits(client, "zorglub") == ["demo/faq/2"]
    assert client.get("/api/entries/demo/faq/2").status_code == 200


def test_a_damaged_new_generation_leaves_the_last_good_one_serving(demo_tree):
    build_index(load_kb(demo_tree), demo_tree.index, root=demo_tree.root)
    client = TestClient(create_app(demo_tree))
    serving = client.get("/api/health").json()["index"]["generation"]
    build_index(load_kb(demo_tree), demo_tree.index, root=demo_tree.root)
    new = current_generation(demo_tree.index)
    (new / "stemming.pickle").write_bytes(b"\x80")
    client.app.state.index.refresh(wait=True)
    health = client.get("/api/health")
    assert health.status_code == 200
    assert health.json()["index"]["generation"] == serving
    assert "damaged" in health.json()["warning"] and "arbitre index" in health.json()["warning"]
    assert _hits(client, "attaquer")
