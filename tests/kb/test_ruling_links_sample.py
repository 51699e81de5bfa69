"""A sample of published ruling links read by a person (tests/data/ruling-links-sample.yaml):
at least 95 % right, and every sampled link still published by `arbitre import`."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from arbitre.kb.load import load_kb
from arbitre.paths import ProjectPaths
from tests.conftest import REPO

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "ruling-links-sample.yaml"


@pytest.fixture(scope="module")
def rows():
    return yaml.safe_load(SAMPLE.read_text(encoding="utf-8"))


def test_sample_is_sixty_distinct_links_with_a_verdict_and_a_reason(rows):
    assert len(rows) == 60
    keys = [(r["ruling"], r["link"], r["target"]) for r in rows]
    assert len(set(keys)) == 60
    for row in rows:
        assert row["verdict"] in ("right", "wrong"), row
        assert row["link"] in ("about", "card"), row
        assert len(row["reason"].strip()) > 20, row


def test_at_least_95_percent_of_the_sample_is_right(rows):
    verdicts = Counter(r["verdict"] for r in rows)
    assert verdicts["right"] / len(rows) >= 0.95, verdicts


def test_every_sampled_link_is_still_published_the_same_way(rows):
    kb = load_kb(ProjectPaths(REPO))
    missing = []
    for row in rows:
        ruling = kb.get(row["ruling"])
        published = set()
        if ruling is not None:
            published = {("about", a.id, a.how) for a in ruling.about}
            published |= {("card", c.name, c.how) for c in ruling.cards}
        if (row["link"], row["target"], row["how"]) not in published:
            missing.append(f"{row['ruling']}: {row['link']} {row['target']} [{row['how']}]")
    assert missing == []
