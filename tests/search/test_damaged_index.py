"""A damaged or half-written index (#17, item 3): one line naming the index folder and the
command that rebuilds it, from the CLI; a 503 with the reason, in JSON, from the API; and
`arbitre serve` says so and exits instead of starting workers that fail."""

from __future__ import annotations

import warnings

import pytest
from click.testing import CliRunner
from starlette.exceptions import StarletteDeprecationWarning

from arbitre.cli import cli
from arbitre.kb.load import load_kb
from arbitre.search.app import create_app
from arbitre.search.indexer import build_index, current_generation

with warnings.catch_warnings():
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from fastapi.testclient import TestClient


def _truncate(path, keep: int) -> None:
    path.write_bytes(path.read_bytes()[:keep])


DAMAGES = {
    "meta.json half written": lambda gen: _truncate(gen / "meta.json", 200),
    "meta.json empty": lambda gen: _truncate(gen / "meta.json", 0),
    "lemma table half written": lambda gen: _truncate(gen / "stemming.pickle", 100),
    "whoosh segment half written": lambda gen: [_truncate(p, 300) for p in gen.glob("*.seg")],
    "whoosh table of contents garbage": lambda gen: [
        p.write_bytes(b"\x00garbage" * 10) for p in gen.glob("*.toc")
    ],
}


@pytest.fixture(params=sorted(DAMAGES))
def damaged_tree(demo_tree, request):
    build_index(load_kb(demo_tree), demo_tree.index, root=demo_tree.root)
    DAMAGES[request.param](current_generation(demo_tree.index))
    return demo_tree


def _one_line_naming_the_fix(output: str, paths) -> None:
    lines = output.strip().splitlines()
    assert len(lines) == 1, output
    assert str(paths.index) in lines[0] and "arbitre index" in lines[0], output
    assert "Traceback" not in output and "Aborted" not in output


def test_cli_search_says_where_and_how_to_rebuild(damaged_tree):
    result = CliRunner().invoke(
        cli, ["--root", str(damaged_tree.root), "search", "attaquer"], catch_exceptions=False
    )
    assert result.exit_code == 1
    _one_line_naming_the_fix(result.output, damaged_tree)


def test_serve_says_so_and_exits(damaged_tree):
    result = CliRunner().invoke(
        cli,
        ["--root", str(damaged_tree.root), "serve", "--port", "1", "--workers", "2"],
        catch_exceptions=False,
    )
    assert result.exit_code == 1
    _one_line_naming_the_fix(result.output, damaged_tree)


def test_health_is_503_with_the_reason(damaged_tree):
    client = TestClient(create_app(damaged_tree))
    health = client.get("/api/health")
    assert health.status_code == 503
    assert set(health.json()) == {"error"}
    assert "arbitre index" in health.json()["error"]
    assert client.get("/api/search", params={"q": "attaquer"}).status_code == 503
    # Entries come from the YAML, not the index: they still answer.
    assert client.get("/api/entries/demo/101.1").status_code == 200
