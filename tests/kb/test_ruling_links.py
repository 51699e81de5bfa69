"""Rulings' `about`/`cards` in the YAML: validated by the loader, reversed into `rulings`, exported,
shown, and checked against the reviewed table by `arbitre check`."""

from __future__ import annotations

import json

from click.testing import CliRunner

from arbitre.cli import cli
from arbitre.export import export_data, show_entry
from arbitre.kb.load import load, load_kb


def _edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


ABOUT = "about:\n    - id: demo/101.1\n      how: ref\n    - id: demo/glossaire/epuiser\n      how: term\n"


def _link_faq(demo_tree, about=ABOUT, cards="cards: []\n"):
    faq = demo_tree.content / "demo" / "faq.yaml"
    _edit(faq, "  about: []\n  cards: []\n", "  " + about + "  " + cards)
    return faq


def test_a_ruling_always_carries_about_and_cards_in_the_yaml(demo_tree):
    text = (demo_tree.content / "demo" / "faq.yaml").read_text(encoding="utf-8")
    assert "  about: []\n  cards: []\n" in text
    assert "about:" not in (demo_tree.content / "demo" / "regles.yaml").read_text(encoding="utf-8")


def test_links_load_and_the_reverse_is_derived(demo_tree):
    _link_faq(demo_tree)
    result = load(demo_tree)
    assert result.errors == []
    kb = result.kb
    assert [(a.id, a.how) for a in kb.get("demo/faq/1").about] == [
        ("demo/101.1", "ref"),
        ("demo/glossaire/epuiser", "term"),
    ]
    assert kb.rulings("demo/101.1") == ["demo/faq/1"]
    assert kb.rulings("demo/glossaire/epuiser") == ["demo/faq/1"]
    assert kb.rulings("demo/101.2") == []


def test_bad_links_are_errors_with_file_and_line(demo_tree):
    faq = _link_faq(
        demo_tree,
        about="about:\n    - id: demo/404\n      how: reviewed\n    - id: demo/101.2\n      how: ref\n",
        cards="cards:\n    - name: Lame\n      how: heading\n",
    )
    errors = [str(p) for p in load(demo_tree).errors]
    line = next(
        i
        for i, t in enumerate(faq.read_text(encoding="utf-8").splitlines(), 1)
        if "id: demo/faq/1" in t
    )
    assert errors == [
        f"content/demo/faq.yaml:{line}: demo/faq/1: about demo/101.2 how ref, but it is not in refs",
        f"content/demo/faq.yaml:{line}: demo/faq/1: about demo/404, which does not exist",
        f"content/demo/faq.yaml:{line}: demo/faq/1: card 'Lame' how heading, but card is None",
    ]


def test_bad_how_and_links_on_a_rule_are_rejected(demo_tree):
    _link_faq(demo_tree, about="about:\n    - id: demo/101.1\n      how: guessed\n")
    assert any(
        "field 'about' must be a list of {id, how} with how one of ref, term, reviewed" in p.message
        for p in load(demo_tree).errors
    )


def test_links_on_a_rule_are_rejected(demo_tree):
    rules = demo_tree.content / "demo" / "regles.yaml"
    _edit(
        rules,
        "  refs:\n  - demo/101.2\n",
        "  refs:\n  - demo/101.2\n  about:\n  - id: demo/101.2\n    how: reviewed\n",
    )
    assert any(
        "demo/101.1: only a faq or errata entry has about/cards" in p.message
        for p in load(demo_tree).errors
    )


def test_a_link_to_another_ruling_is_an_error(demo_tree):
    _link_faq(demo_tree, about="about:\n    - id: demo/faq/1\n      how: reviewed\n")
    assert any(
        "about demo/faq/1, not a rule, term or section of demo" in p.message
        for p in load(demo_tree).errors
    )


def test_export_and_show(demo_tree):
    _link_faq(demo_tree, cards="cards:\n    - name: Lame usée\n      how: reviewed\n")
    kb = load_kb(demo_tree)
    entries = {e["id"]: e for e in export_data(kb)["entries"]}
    assert entries["demo/faq/1"]["about"][0] == {"id": "demo/101.1", "how": "ref"}
    assert entries["demo/faq/1"]["cards"] == [{"name": "Lame usée", "how": "reviewed"}]
    assert "rulings" not in entries["demo/faq/1"]
    assert entries["demo/101.1"]["rulings"] == ["demo/faq/1"]
    assert entries["demo/101.2"]["rulings"] == []
    shown = show_entry(load_kb(demo_tree), "demo/faq/1", as_json=False)
    assert "À propos de :\n  - demo/101.1  101.1 [ref]\n" in shown
    assert "  - carte : Lame usée [reviewed]" in shown
    rule = show_entry(load_kb(demo_tree), "demo/101.1", as_json=False)
    assert "Décisions et FAQ :\n  - demo/faq/1  Puis-je attaquer avec une carte épuisée ?" in rule
    as_json = json.loads(show_entry(load_kb(demo_tree), "demo/101.1", as_json=True))
    assert as_json["rulings"] == ["demo/faq/1"]


def test_export_carries_the_authority_of_each_game(demo_tree):
    game = export_data(load_kb(demo_tree))["games"][0]
    assert game["authority"] == "official"
    _edit(demo_tree.content / "demo" / "game.yaml", "authority: official", "authority: fan")
    assert any(
        "authority 'fan' is not one of official, community" in str(p)
        for p in load(demo_tree).errors
    )


def _run(paths, *args):
    return CliRunner().invoke(cli, ["--root", str(paths.root), *args], catch_exceptions=False)


def test_check_reports_the_table_and_rulings_missing_from_it(demo_tree):
    table = demo_tree.content / "demo" / "rulings.yaml"
    table.write_text("demo/101.1:\n  about: []\n", encoding="utf-8")
    result = _run(demo_tree, "check")
    assert result.exit_code == 1
    assert (
        "content/demo/rulings.yaml:1: demo/101.1: is a rule, not a faq or errata" in result.output
    )
    assert (
        "content/demo/rulings.yaml:1: warning: demo/faq/1: ruling not reviewed yet" in result.output
    )


def test_rulings_command_reports_coverage_and_proposals(demo_tree):
    result = _run(demo_tree, "rulings", "--proposals")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[:3] == [
        "demo: 0/1 décisions liées (0%) — aucun lien",
        "demo/faq/1  (absente de la table)",
        "  about? demo/glossaire/epuiser  Épuiser",
    ]
    _link_faq(demo_tree)
    assert _run(demo_tree, "rulings").output.splitlines() == [
        "demo: 1/1 décisions liées (100%) — ref 1, term 1"
    ]
    assert _run(demo_tree, "rulings", "--game", "nope").exit_code == 1
