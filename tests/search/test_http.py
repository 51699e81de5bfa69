"""The HTTP layer (#17): integers, errors of one JSON shape, the OpenAPI document, headers.

In process (ASGI test client); the uvicorn-level behaviour (oversized request lines, slow
clients, timeouts) is in tests/e2e/test_limits.py.
"""

from __future__ import annotations

import gzip
import warnings

import pytest
from starlette.exceptions import StarletteDeprecationWarning

from arbitre.paths import ProjectPaths
from arbitre.search.app import create_app
from tests.search.conftest import tiny_kb

with warnings.catch_warnings():
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from fastapi.testclient import TestClient


@pytest.fixture(scope="module")
def client(tiny_project):
    return TestClient(create_app(tiny_project, tiny_kb()), raise_server_exceptions=False)


@pytest.fixture(scope="module")
def site_client(tmp_path_factory):
    """An app over a tiny built site: a page with an inline script and style, a fingerprinted
    asset, a plain asset."""
    root = tmp_path_factory.mktemp("site-project")
    for name in ("content", "glossary"):
        (root / name).mkdir()
    site = root / "site"
    (site / "assets").mkdir(parents=True)
    page = (
        "<!doctype html><title>Arbitre</title><style>:root{--x:1}</style>"
        '<script>var api = "/api/search"</script><script id="c" type="application/json">{}</script>'
        + "<p>Règle 609.1f</p>"
        * 200
    )
    (site / "index.html").write_text(page, encoding="utf-8")
    (site / "assets" / "bundle.a5f9d56c.min.js").write_text("var x = 1;\n" * 100, encoding="utf-8")
    (site / "assets" / "logo.svg").write_text("<svg></svg>", encoding="utf-8")
    (site / "sw.js").write_text('self.addEventListener("fetch", () => {});\n', encoding="utf-8")
    (site / "manifest.webmanifest").write_text('{"short_name": "Arbitre"}\n', encoding="utf-8")
    return TestClient(create_app(ProjectPaths(root), tiny_kb()))


@pytest.mark.parametrize("raw", ["5_0", "+5", "٥", "５", " 5", "5 ", "1e1", "0x5", "5.0", "-0"])
@pytest.mark.parametrize("name", ["limit", "offset"])
def test_integers_are_ascii_digits_only(client, name, raw):
    response = client.get("/api/search", params={"q": "attaque", name: raw})
    assert response.status_code == 400
    message = response.json()["error"]
    assert f"parameter {name!r}" in message and "digits 0-9" in message


def test_plain_digits_still_work(client):
    body = client.get("/api/search", params={"q": "attaque", "limit": "02", "offset": "0"}).json()
    assert len(body["hits"]) == 2


def test_405_is_json_with_allow(client):
    response = client.post("/api/search", params={"q": "x"})
    assert response.status_code == 405
    assert response.json() == {"error": "Method Not Allowed"}
    assert set(response.headers["allow"].replace(" ", "").split(",")) == {"GET", "HEAD"}
    assert response.headers["cache-control"] == "no-store"


def test_head_answers_like_get_without_a_body(client):
    response = client.head("/api/health")
    assert response.status_code == 200 and response.content == b""
    assert response.headers["content-type"] == "application/json"
    assert client.head("/api/search", params={"q": "attaque"}).status_code == 200


def test_unknown_api_path_and_bug_are_json(client, monkeypatch):
    response = client.get("/api/nothing")
    assert response.status_code == 404 and response.json() == {"error": "Not Found"}
    index = client.app.state.index
    live = index.get()

    def broken(*_args):
        raise RuntimeError("boom")

    monkeypatch.setattr(index, "_live", type(live)(live.generation, live.kb, live.searcher, broken))
    response = client.get("/api/search", params={"q": "attaque"})
    assert response.status_code == 500
    assert set(response.json()) == {"error"} and "RuntimeError" in response.json()["error"]
    # Sent from outside the middlewares, it carries their headers all the same.
    assert response.headers["cache-control"] == "no-store"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["content-security-policy"].startswith("default-src 'none'")
    assert "referrer-policy" in response.headers


def test_openapi_document_is_exact(client):
    schema = client.get("/openapi.json").json()
    search = schema["paths"]["/api/search"]["get"]
    params = {p["name"]: p for p in search["parameters"]}
    assert params["q"]["required"] is True
    assert params["limit"]["schema"]["type"] == "integer"
    assert params["offset"]["schema"]["type"] == "integer"
    assert set(params["game"]["schema"]["enum"]) == {g.id for g in tiny_kb().games}
    assert set(search["responses"]) == {"200", "400", "503"}
    entry = schema["paths"]["/api/entries/{entry_id}"]["get"]
    assert set(entry["responses"]) == {"200", "302", "404"}  # 302: an id of an earlier edition
    diff = schema["paths"]["/api/diff/{game}"]["get"]
    assert set(diff["responses"]) == {"200", "400", "404"}
    text = client.get("/openapi.json").text
    assert "422" not in text and "HTTPValidationError" not in text


def test_docs_page_loads_nothing_from_elsewhere(client):
    page = client.get("/docs")
    assert page.status_code == 200
    assert "<script" not in page.text and "http://" not in page.text and "https://" not in page.text
    assert "/api/search" in page.text and "/api/entries/{entry_id}" in page.text


def test_security_headers_on_every_response(client, site_client):
    for response in (
        client.get("/api/search", params={"q": "attaque"}),
        client.get("/api/entries/nope"),
        site_client.get("/"),
        site_client.get("/assets/logo.svg"),
    ):
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["referrer-policy"] == "strict-origin-when-cross-origin"
        assert "frame-ancestors 'none'" in response.headers["content-security-policy"]


def test_page_csp_allows_only_self_and_the_inline_code_the_pages_carry(site_client):
    csp = site_client.get("/").headers["content-security-policy"]
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert directives["default-src"] == "'self'"
    scripts = directives["script-src"].split()
    assert scripts[0] == "'self'" and len(scripts) == 2 and scripts[1].startswith("'sha256-")
    assert (
        directives["style-src"].split()[0] == "'self'" and len(directives["style-src"].split()) == 2
    )
    assert "http" not in csp and "unsafe" not in csp


def test_cache_control(client, site_client):
    assert site_client.get("/").headers["cache-control"] == "public, max-age=300"
    assert (
        site_client.get("/assets/bundle.a5f9d56c.min.js").headers["cache-control"]
        == "public, max-age=31536000, immutable"
    )
    assert site_client.get("/assets/logo.svg").headers["cache-control"] == "public, max-age=300"
    ok = client.get("/api/search", params={"q": "attaque"})
    assert ok.headers["cache-control"] == "public, max-age=60"
    for error in (
        client.get("/api/search", params={"q": "attaque", "limit": "x"}),
        client.get("/api/entries/nope"),
        client.get("/api/nothing"),
    ):
        assert error.headers["cache-control"] == "no-store"
    assert client.get("/api/health").headers["cache-control"] == "no-store"


def test_the_offline_worker_is_served_at_the_root_and_always_revalidated(site_client):
    """Its scope is the folder it is served from (the whole site), and a browser must see a
    new build's worker at once (#23); the web app manifest has its own type."""
    worker = site_client.get("/sw.js")
    assert worker.status_code == 200
    assert worker.headers["cache-control"] == "no-cache"
    assert "javascript" in worker.headers["content-type"]
    assert "worker-src 'self'" in worker.headers["content-security-policy"]
    manifest = site_client.get("/manifest.webmanifest")
    assert manifest.headers["content-type"] == "application/manifest+json"
    assert manifest.headers["cache-control"] == "public, max-age=300"
    assert "manifest-src 'self'" in manifest.headers["content-security-policy"]


def test_text_responses_are_gzipped(client, site_client):
    page = site_client.get("/", headers={"Accept-Encoding": "gzip"})
    assert page.headers["content-encoding"] == "gzip"
    assert "Règle 609.1f" in page.text  # the client decompresses it
    script = site_client.get("/assets/bundle.a5f9d56c.min.js", headers={"Accept-Encoding": "gzip"})
    assert script.headers["content-encoding"] == "gzip"
    api = client.get(
        "/api/search", params={"q": "attaque", "limit": 20}, headers={"Accept-Encoding": "gzip"}
    )
    assert api.headers["content-encoding"] == "gzip"
    raw = site_client.get("/", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in raw.headers
    assert gzip.compress(raw.content)  # the page is big enough to be worth compressing
