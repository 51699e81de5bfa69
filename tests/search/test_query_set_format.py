"""The blind natural query sets (#15): well formed, split as documented, every answer matchable.

Three blind sets, each split in a tuning half and a held-apart half: `tests/data/natural-dev-queries.yaml`
/ `natural-holdout-queries.yaml` (split seed 2026), `natural2-dev-queries.yaml` /
`natural2-holdout-queries.yaml` (written apart by someone else, split seed 2027) and
`natural3-dev-queries.yaml` / `natural3-holdout-queries.yaml` (a third writer, entries drawn and
split with seed 2028). All were written by reading an entry first and asking the question it
answers. These tests never
search: they check the files themselves against the knowledge base, so a question whose expected
snippet cannot match its entry (a typo, a re-import that changed the text) fails here, not as a
silent miss in `arbitre eval`.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest

from arbitre.search.evaluate import load_queries, squash

DATA = Path(__file__).resolve().parents[1] / "data"
SETS = {
    "dev": DATA / "natural-dev-queries.yaml",
    "holdout": DATA / "natural-holdout-queries.yaml",
    "dev2": DATA / "natural2-dev-queries.yaml",
    "holdout2": DATA / "natural2-holdout-queries.yaml",
    "dev3": DATA / "natural3-dev-queries.yaml",
    "holdout3": DATA / "natural3-holdout-queries.yaml",
}
# (dev set, holdout set, seed of the per-game shuffle that split them)
SPLITS = [("dev", "holdout", 2026), ("dev2", "holdout2", 2027), ("dev3", "holdout3", 2028)]
GAMES = ["the-spoils", "marvel-champions", "four-souls", "ashes", "altered"]
FIELDS = ("game", "q", "type", "expect", "where")
MIN_PER_GAME = 15
WHERE = re.compile(r"^(?P<id>\S+), line (?P<line>\d+)$")


@pytest.fixture(scope="module")
def query_sets() -> dict[str, list[dict]]:
    return {name: load_queries(path) for name, path in SETS.items()}


def all_rows(query_sets: dict[str, list[dict]]) -> list[tuple[str, int, dict]]:
    return [(name, i, row) for name, rows in query_sets.items() for i, row in enumerate(rows, 1)]


def test_every_row_has_the_fields_and_is_natural(query_sets):
    for name, i, row in all_rows(query_sets):
        for field in FIELDS:
            value = row.get(field)
            assert isinstance(value, str) and value.strip(), f"{name} #{i}: no {field!r}: {row}"
        assert set(row) == set(FIELDS), f"{name} #{i}: unexpected fields {sorted(set(row))}"
        assert row["type"] == "natural", f"{name} #{i}: type {row['type']!r}"
        assert row["game"] in GAMES, f"{name} #{i}: unknown game {row['game']!r}"
        assert WHERE.match(row["where"]), f"{name} #{i}: where {row['where']!r}"
        words = len(row["expect"].split())
        assert 4 <= words <= 12, f"{name} #{i}: expect has {words} words: {row['expect']!r}"


@pytest.mark.parametrize("name", sorted(SETS))
@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_enough_questions_in_each_file(query_sets, name, game):
    count = sum(1 for row in query_sets[name] if row["game"] == game)
    assert count >= MIN_PER_GAME, f"{name}: {game} has {count} questions, fewer than {MIN_PER_GAME}"


def test_no_question_is_asked_twice(query_sets):
    counts = Counter(row["q"] for _, _, row in all_rows(query_sets))
    assert not [q for q, n in counts.items() if n > 1]
    folded = Counter(squash(row["q"]) for _, _, row in all_rows(query_sets))
    assert not [q for q, n in folded.items() if n > 1], "two questions differ only by accents"


def test_every_expect_occurs_in_the_entry_named_in_where(query_sets, real_kb):
    problems = []
    for name, i, row in all_rows(query_sets):
        where = WHERE.match(row["where"])
        entry = real_kb.get(where["id"]) if where else None
        if entry is None:
            problems.append(f"{name} #{i}: no entry {row['where']!r}")
            continue
        if entry.game != row["game"]:
            problems.append(f"{name} #{i}: {entry.id} belongs to {entry.game}, not {row['game']}")
        if entry.source.line_start != int(where["line"]):
            problems.append(f"{name} #{i}: {entry.id} starts at line {entry.source.line_start}")
        key = squash(row["expect"])
        if key not in squash(entry.text) and key not in squash(entry.title or ""):
            problems.append(f"{name} #{i}: {row['expect']!r} is not in {entry.id}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(("dev_name", "holdout_name", "seed"), SPLITS)
def test_the_split_is_the_seeded_one(query_sets, dev_name, holdout_name, seed):
    """Per game: both halves sorted by `q`, shuffled with Random(seed); dev is the first n // 2."""
    for game in GAMES:
        dev = [row["q"] for row in query_sets[dev_name] if row["game"] == game]
        holdout = [row["q"] for row in query_sets[holdout_name] if row["game"] == game]
        shuffled = sorted(dev + holdout)
        random.Random(seed).shuffle(shuffled)
        half = len(shuffled) // 2
        assert (dev, holdout) == (shuffled[:half], shuffled[half:]), f"{dev_name}: {game}"
