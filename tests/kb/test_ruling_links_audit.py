"""The independent audit of the published ruling links (#15): a reviewer read a seeded sample of 80
links; the sample must still be the one the tables draw, and at least 95 % of it must be right."""

from __future__ import annotations

from collections import Counter

import pytest
import yaml

from arbitre.kb.load import load, load_kb
from arbitre.paths import ProjectPaths
from tests.conftest import REPO
from tests.kb.ruling_links_audit import AUDIT, KEY, SIZE, draw, link_pairs

VERDICTS = ("right", "wrong")


@pytest.fixture(scope="module")
def kb():
    return load_kb(ProjectPaths(REPO))


@pytest.fixture(scope="module")
def audit() -> list[dict]:
    return yaml.safe_load((REPO / AUDIT).read_text(encoding="utf-8"))


def test_the_audit_is_the_seeded_draw_of_the_published_links(kb, audit):
    """A table that adds, drops or changes a link changes the draw: the audit must be read again."""
    drawn = draw(kb)
    assert len(drawn) == SIZE
    assert [{k: r[k] for k in KEY} for r in audit] == drawn


def test_every_link_has_a_verdict_and_a_reason(audit):
    for record in audit:
        assert set(record) == {*KEY, "verdict", "reason"}, record
        assert record["verdict"] in VERDICTS, record
        assert isinstance(record["reason"], str) and len(record["reason"]) > 20, record


def test_at_least_95_percent_of_the_sample_is_right(audit):
    right = Counter(r["verdict"] for r in audit)["right"]
    wrong = [(r["ruling"], r["link"], r["reason"]) for r in audit if r["verdict"] != "right"]
    assert right / len(audit) >= 0.95, wrong


def test_the_sample_spans_every_way_a_link_is_made(audit):
    assert {r["how"] for r in audit} == {"ref", "term", "reviewed", "heading"}
    assert {r["field"] for r in audit} == {"about", "cards"}


def test_the_draw_covers_both_fields_and_is_reproducible(demo_tree):
    faq = demo_tree.content / "demo" / "faq.yaml"
    text = faq.read_text(encoding="utf-8")
    old = "  about: []\n  cards: []\n"
    assert old in text
    new = (
        "  about:\n  - id: demo/101.1\n    how: ref\n  - id: demo/101.2\n    how: reviewed\n"
        "  cards:\n  - name: Lame\n    how: reviewed\n"
    )
    faq.write_text(text.replace(old, new, 1), encoding="utf-8")
    result = load(demo_tree)
    assert result.errors == []
    pairs = link_pairs(result.kb)
    assert pairs == [
        {"ruling": "demo/faq/1", "field": "about", "link": "demo/101.1", "how": "ref"},
        {"ruling": "demo/faq/1", "field": "about", "link": "demo/101.2", "how": "reviewed"},
        {"ruling": "demo/faq/1", "field": "cards", "link": "Lame", "how": "reviewed"},
    ]
    assert draw(result.kb, size=2) == draw(result.kb, size=2)
    assert sorted(map(str, draw(result.kb, size=3))) == sorted(map(str, pairs))
