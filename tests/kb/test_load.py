"""The loader: validate everything, resolve every reference, report all problems at once."""

from __future__ import annotations

import pytest

from arbitre.errors import ValidationFailed
from arbitre.kb.load import load, load_kb


def test_clean_tree_loads_with_only_the_documented_warning(demo_tree):
    result = load(demo_tree)
    assert result.errors == []
    assert [p.message for p in result.warnings] == [
        "demo/101.2: reference « 608.2 » does not resolve (likely demo/101.1)"
    ]
    kb = result.kb
    assert [g.id for g in kb.games] == ["demo"]
    assert kb.get("demo/101.1").refs == ["demo/101.2"]
    assert kb.cited_by("demo/101.1") == ["demo/faq/1"]
    assert [c.id for c in kb.children("demo/101")] == ["demo/101.1", "demo/101.2"]
    assert [a.id for a in kb.ancestors("demo/101.1")] == ["demo/section-1", "demo/101"]
    # Multi-line text survives the YAML round trip.
    assert kb.get("demo/101.2").text == "Épuiser une carte, c'est la tourner.\nDeuxième ligne."


def test_strict_makes_warnings_fatal(demo_tree):
    load_kb(demo_tree)  # no error
    with pytest.raises(ValidationFailed) as info:
        load_kb(demo_tree, strict=True)
    assert "608.2" in str(info.value)


def _edit(path, old, new, last=False):
    text = path.read_text(encoding="utf-8")
    assert old in text
    if last:
        head, _, tail = text.rpartition(old)
        text = head + new + tail
    else:
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")


def test_every_problem_is_reported_with_file_and_line(demo_tree):
    rules = demo_tree.content / "demo" / "regles.yaml"
    faq = demo_tree.content / "demo" / "faq.yaml"
    _edit(rules, "- demo/101.2\n", "- demo/999\n")  # dangling ref
    _edit(rules, "kind: rule", "kind: regle", last=True)  # bad kind
    _edit(faq, "official: true", "official: oui")  # bad type
    result = load(demo_tree)
    messages = sorted(str(p) for p in result.errors)
    # The malformed entry is left out; the term it defines does not report it again (#17).
    assert len(messages) == 3, messages
    assert not any("defined_by demo/101.2 does not exist" in m for m in messages)
    assert any(
        m.startswith("content/demo/regles.yaml:")
        and "reference to demo/999, which does not exist" in m
        for m in messages
    )
    assert any(m.startswith("content/demo/regles.yaml:") and "kind 'regle'" in m for m in messages)
    assert any(
        m.startswith("content/demo/faq.yaml:") and "'official' must be true or false" in m
        for m in messages
    )
    # Each message names a real line of its file.
    for problem in result.errors:
        lines = (demo_tree.root / problem.path).read_text(encoding="utf-8").splitlines()
        assert 1 <= problem.line <= len(lines)


def test_duplicate_ids_missing_parent_and_invalid_yaml(demo_tree):
    rules = demo_tree.content / "demo" / "regles.yaml"
    _edit(rules, "id: demo/101.2", "id: demo/101.1")
    _edit(rules, "parent: demo/section-1", "parent: demo/section-9")
    glossary = demo_tree.glossary / "demo.yaml"
    glossary.write_text("entries: [unclosed\n", encoding="utf-8")
    messages = [str(p) for p in load(demo_tree).errors]
    assert any("duplicate id demo/101.1 (first at content/demo/regles.yaml:" in m for m in messages)
    assert any("parent demo/section-9 does not exist" in m for m in messages)
    assert any(m.startswith("glossary/demo.yaml:") and "invalid YAML" in m for m in messages)


def test_alias_claimed_twice_is_a_warning(demo_tree):
    glossary = demo_tree.glossary / "demo.yaml"
    text = glossary.read_text(encoding="utf-8")
    second = text.split("entries:\n", 1)[1].replace(
        "demo/glossaire/epuiser", "demo/glossaire/epuise"
    )
    glossary.write_text(text + second, encoding="utf-8")
    warnings = [p.message for p in load(demo_tree).warnings]
    assert any("is also claimed by demo/glossaire/epuiser" in w for w in warnings)


def test_unknown_field_and_missing_field(demo_tree):
    faq = demo_tree.content / "demo" / "faq.yaml"
    _edit(faq, "official: true", "officiel: true")
    messages = [p.message for p in load(demo_tree).errors]
    assert "unknown field 'officiel'" in messages
    assert "missing field 'official'" in messages
