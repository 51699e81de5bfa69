"""The reviewed ruling tables (`content/<game>/rulings.yaml`): every FAQ and erratum of a game
has a key, every link names an existing entry or a card printed in the ruling, coverage ≥ 85 %."""

from __future__ import annotations

import pytest
import yaml

from arbitre.importers.rulings import proposals
from arbitre.kb.load import load_kb
from arbitre.kb.ruling_table import load_table, table_problems
from arbitre.paths import ProjectPaths
from arbitre.text import fold
from tests.conftest import REPO

GAMES = ["the-spoils", "marvel-champions", "ashes", "four-souls", "altered"]
RULING_KINDS = {"faq", "errata"}
FIELDS = {"about", "cards", "note", "rejected"}
COVERAGE_FLOOR = 0.85


@pytest.fixture(scope="module")
def kb():
    return load_kb(ProjectPaths(REPO))


def table(game: str) -> dict:
    path = REPO / "content" / game / "rulings.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{path}: a mapping of ruling id -> links"
    return data


def rulings(kb, game: str) -> list[str]:
    return [e.id for e in kb.entries if e.game == game and e.kind in RULING_KINDS]


def test_every_game_with_rulings_has_a_table(kb):
    games = {e.game for e in kb.entries if e.kind in RULING_KINDS}
    assert games == set(GAMES)
    assert all((REPO / "content" / g / "rulings.yaml").is_file() for g in GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_every_ruling_has_a_key_in_reading_order(kb, game):
    keys = list(table(game))
    assert keys == rulings(kb, game)


@pytest.mark.parametrize("game", GAMES)
def test_every_link_names_an_entry_of_the_game_or_a_card_of_the_ruling(kb, game):
    problems = []
    for ruling_id, links in table(game).items():
        ruling = kb.get(ruling_id)
        assert ruling is not None and ruling.kind in RULING_KINDS, ruling_id
        assert isinstance(links, dict) and set(links) <= FIELDS, ruling_id
        about, cards = links.get("about") or [], links.get("cards") or []
        assert isinstance(about, list) and isinstance(cards, list), ruling_id
        if not about and not cards and not links.get("note"):
            problems.append(f"{ruling_id}: no link and no note saying why")
        for target_id in about:
            target = kb.get(target_id)
            if target is None:
                problems.append(f"{ruling_id}: about {target_id} does not exist")
            elif target.game != game or target.kind in RULING_KINDS:
                problems.append(f"{ruling_id}: about {target_id} is not a rule, term or section")
        if len(set(about)) != len(about) or len(set(cards)) != len(cards):
            problems.append(f"{ruling_id}: a link is listed twice")
        printed = fold(" ".join([ruling.title or "", ruling.text, ruling.card or ""]))
        for card in cards:
            if fold(card) not in printed:
                problems.append(f"{ruling_id}: card {card!r} is not named in the ruling")
    assert problems == []


@pytest.mark.parametrize("game", GAMES)
def test_every_proposal_of_matching_was_reviewed(kb, game):
    """Matching's proposals are each either linked or rejected by a reviewer: none is left."""
    read, problems = load_table(REPO, game)
    assert problems == [] and read is not None
    assert table_problems(read, game, kb.entries_of(game)) == []
    left = [(p.ruling, p.about, p.cards) for p in proposals(kb.entries_of(game), read)]
    assert left == []


@pytest.mark.parametrize("game", GAMES)
def test_coverage_of_the_game_rulings(kb, game):
    links = table(game)
    linked = [r for r in rulings(kb, game) if links[r].get("about") or links[r].get("cards")]
    assert len(linked) / len(rulings(kb, game)) >= COVERAGE_FLOOR


def test_the_reviewed_sample_is_in_the_tables_and_right_95_percent():
    sample = yaml.safe_load((REPO / "tests/data/ruling-tables-sample.yaml").read_text("utf-8"))
    links = sample["links"]
    assert len(links) >= 30
    for link in links:
        game = link["ruling"].split("/")[0]
        assert link["about"] in (table(game)[link["ruling"]].get("about") or []), link
        assert link["verdict"] in ("right", "wrong") and link["why"], link
    right = sum(1 for link in links if link["verdict"] == "right")
    assert right / len(links) >= 0.95
