"""CLI wiring: exit codes, output shape.  Behaviour is tested in the core modules."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from arbitre.cli import cli

REPO = Path(__file__).resolve().parents[1]


def run(paths, *args):
    return CliRunner().invoke(cli, ["--root", str(paths.root), *args], catch_exceptions=False)


def test_check_passes_with_warning_and_strict_fails(demo_tree):
    result = run(demo_tree, "check")
    assert result.exit_code == 0, result.output
    assert "6 entries in 1 game(s): 0 error(s), 1 warning(s)" in result.output
    assert "content/demo/regles.yaml:" in result.output and "608.2" in result.output
    assert run(demo_tree, "check", "--strict").exit_code == 1


def test_check_fails_on_error(demo_tree):
    faq = demo_tree.content / "demo" / "faq.yaml"
    faq.write_text(
        faq.read_text(encoding="utf-8").replace("- demo/101.1", "- demo/nope"), encoding="utf-8"
    )
    result = run(demo_tree, "check")
    assert result.exit_code == 1
    assert "content/demo/faq.yaml:" in result.output
    assert "reference to demo/nope, which does not exist" in result.output


def test_export_json_shape(demo_tree):
    result = run(demo_tree, "export", "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert list(data) == ["games", "entries", "retired"]  # retired: an edition removed them
    assert data["games"][0]["documents"] == [
        {"id": "regles", "title": "Règles"},
        {"id": "faq", "title": "FAQ"},
    ]
    entry = data["entries"][2]
    for field in (
        "id",
        "game",
        "document",
        "kind",
        "number",
        "title",
        "text",
        "parent",
        "refs",
        "official",
        "source",
    ):
        assert field in entry
    term = next(e for e in data["entries"] if e["kind"] == "glossary")
    assert term["aliases"] == ["épuisé", "épuisée"] and term["english"] == "Exhaust"


def test_export_to_file(demo_tree, tmp_path):
    out = tmp_path / "kb.json"
    assert run(demo_tree, "export", "--json", "-o", str(out)).exit_code == 0
    assert len(json.loads(out.read_text(encoding="utf-8"))["entries"]) == 6


def test_show_text_and_json(demo_tree):
    result = run(demo_tree, "show", "demo/101.1")
    assert result.exit_code == 0
    assert "Une carte épuisée ne peut pas attaquer" in result.output
    assert "Références :\n  - demo/101.2" in result.output
    assert "Cité par :\n  - demo/faq/1" in result.output
    data = json.loads(run(demo_tree, "show", "demo/101.1", "--json").output)
    assert data["cited_by"] == ["demo/faq/1"] and data["refs"] == ["demo/101.2"]


def test_show_lists_the_players_questions_for_the_maintainer(demo_tree):
    (demo_tree.content / "demo" / "questions.yaml").write_text(
        "demo/101.1:\n- carte tournée, je peux taper ?\n", encoding="utf-8"
    )
    shown = run(demo_tree, "show", "demo/101.1").output
    assert "Questions de joueurs (recherche, content/demo/questions.yaml) :" in shown
    assert "  - carte tournée, je peux taper ?" in shown
    assert "Questions de joueurs" not in run(demo_tree, "show", "demo/101.2").output


def test_show_takes_what_a_short_link_takes(demo_tree):
    """A judge types the number as printed: the game is found as /r/609.1f finds it."""
    for typed in ("101.1", "DEMO/101.1"):
        result = run(demo_tree, "show", typed)
        assert result.exit_code == 0, typed
        assert result.output.startswith("demo/101.1  [rule]\n"), typed
    assert json.loads(run(demo_tree, "show", "101.1", "--json").output)["id"] == "demo/101.1"


def test_show_names_every_entry_a_local_id_of_several_games_names():
    # (the repository's own YAML, only read)
    result = CliRunner().invoke(cli, ["--root", str(REPO), "show", "glossaire/epuiser"])
    assert result.exit_code == 1
    assert (
        "Error: 'glossaire/epuiser' names 2 entries: "
        "altered/glossaire/epuiser, the-spoils/glossaire/epuiser"
    ) in result.output


def test_show_unknown_id_is_a_clear_error(demo_tree):
    result = CliRunner().invoke(cli, ["--root", str(demo_tree.root), "show", "demo/404"])
    assert result.exit_code == 1
    assert "Error: no entry 'demo/404'" in result.output


def test_export_lists_glossary_terms_used_and_their_users(demo_tree):
    data = json.loads(run(demo_tree, "export", "--json").output)
    by_id = {e["id"]: e for e in data["entries"]}
    # « épuisée » in 101.1 is an alias of the term Épuiser; 101.2 defines it, so it does not link.
    assert by_id["demo/101.1"]["terms"] == ["demo/glossaire/epuiser"]
    assert by_id["demo/101.2"]["terms"] == []
    assert by_id["demo/glossaire/epuiser"]["used_in"] == ["demo/101.1"]


def test_rulings_proposals_lists_and_counts_what_no_row_decides(demo_tree):
    result = run(demo_tree, "rulings", "--proposals")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "demo/faq/1  (absente de la table)" in lines
    assert "  about? demo/glossaire/epuiser  Épuiser" in lines
    assert lines[-1] == "1 proposition(s) à revoir (demo 1)"
    table = demo_tree.content / "demo" / "rulings.yaml"
    table.write_text(
        "demo/faq/1:\n  about: [demo/101.1]\n  rejected: [demo/glossaire/epuiser]\n",
        encoding="utf-8",
    )
    lines = run(demo_tree, "rulings", "--proposals").output.splitlines()
    assert "demo/faq/1" not in " ".join(lines[1:])
    assert lines[-1] == "0 proposition(s) à revoir"
