"""The blind query sets (#15, #24): well formed, split as documented, every answer matchable.

Seven blind sets, each split in a tuning half and a held-apart half: `tests/data/natural-dev-queries.yaml`
/ `natural-holdout-queries.yaml` (split seed 2026), `natural2-dev-queries.yaml` /
`natural2-holdout-queries.yaml` (written apart by someone else, split seed 2027),
`natural3-dev-queries.yaml` / `natural3-holdout-queries.yaml` (a third writer, entries drawn and
split with seed 2028), `natural4-dev-queries.yaml` / `natural4-holdout-queries.yaml` (a fourth,
seed 2029), `natural5-dev-queries.yaml` / `natural5-holdout-queries.yaml` (a fifth, one writer
per game, seed 2031), `natural6-dev-queries.yaml` / `natural6-holdout-queries.yaml` (a sixth, one
writer per game, seed 2032) and `english-dev-queries.yaml` / `english-holdout-queries.yaml` (questions
asked in English, `type: english`, seed 2030). All were written by reading an entry first and
asking the question it answers. These tests never search: they check the files themselves against
the knowledge base, so a question whose expected snippet cannot match its entry (a typo, a re-import
that changed the text) fails here, not as a silent miss in `arbitre eval`.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

from arbitre.search.evaluate import load_answers, load_queries, squash

DATA = Path(__file__).resolve().parents[1] / "data"
SETS = {
    "dev": DATA / "natural-dev-queries.yaml",
    "holdout": DATA / "natural-holdout-queries.yaml",
    "dev2": DATA / "natural2-dev-queries.yaml",
    "holdout2": DATA / "natural2-holdout-queries.yaml",
    "dev3": DATA / "natural3-dev-queries.yaml",
    "holdout3": DATA / "natural3-holdout-queries.yaml",
    "dev4": DATA / "natural4-dev-queries.yaml",
    "holdout4": DATA / "natural4-holdout-queries.yaml",
    "dev5": DATA / "natural5-dev-queries.yaml",
    "holdout5": DATA / "natural5-holdout-queries.yaml",
    "dev6": DATA / "natural6-dev-queries.yaml",
    "holdout6": DATA / "natural6-holdout-queries.yaml",
    "english-dev": DATA / "english-dev-queries.yaml",
    "english-holdout": DATA / "english-holdout-queries.yaml",
}
# The `type` of every row of a set: the English set's questions are asked in English.
TYPES = {name: "english" if name.startswith("english") else "natural" for name in SETS}
# (dev set, holdout set, seed of the per-game shuffle that split them)
SPLITS = [
    ("dev", "holdout", 2026),
    ("dev2", "holdout2", 2027),
    ("dev3", "holdout3", 2028),
    ("dev4", "holdout4", 2029),
    ("english-dev", "english-holdout", 2030),
    ("dev5", "holdout5", 2031),
    ("dev6", "holdout6", 2032),
]
# Sets whose entries were drawn with the split's seed, as each file's header says: the entries
# asked about are the first of that draw, but for the few that no player would ask about.
DRAWN = [
    ("dev4", "holdout4", 2029),
    ("english-dev", "english-holdout", 2030),
    ("dev5", "holdout5", 2031),
    ("dev6", "holdout6", 2032),
]
DRAWN_KINDS = ("rule", "faq", "glossary", "errata", "example", "note")
MAX_SKIPPED = 5
GAMES = ["the-spoils", "marvel-champions", "four-souls", "ashes", "altered"]
FIELDS = ("game", "q", "type", "expect", "where")
MIN_PER_GAME = 15
WHERE = re.compile(r"^(?P<id>\S+), line (?P<line>\d+)$")
OTHER_ANSWERS = DATA / "other-answers.yaml"  # the entries that answer a question as well


@pytest.fixture(scope="module")
def query_sets() -> dict[str, list[dict]]:
    return {name: load_queries(path) for name, path in SETS.items()}


def all_rows(query_sets: dict[str, list[dict]]) -> list[tuple[str, int, dict]]:
    return [(name, i, row) for name, rows in query_sets.items() for i, row in enumerate(rows, 1)]


def test_every_row_has_the_fields_and_its_set_type(query_sets):
    for name, i, row in all_rows(query_sets):
        for field in FIELDS:
            value = row.get(field)
            assert isinstance(value, str) and value.strip(), f"{name} #{i}: no {field!r}: {row}"
        assert set(row) == set(FIELDS), f"{name} #{i}: unexpected fields {sorted(set(row))}"
        assert row["type"] == TYPES[name], f"{name} #{i}: type {row['type']!r}"
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


def test_the_other_answers_name_real_questions_and_other_entries_of_their_game(query_sets, real_kb):
    """Each row of other-answers.yaml is a blind set's question, with its `where`, and names
    entries of the question's game other than `where` (the figures `--answers` adds)."""
    rows = yaml.safe_load(OTHER_ANSWERS.read_text(encoding="utf-8"))
    files = {path.name.removesuffix("-queries.yaml"): name for name, path in SETS.items()}
    problems = []
    for i, row in enumerate(rows, 1):
        asked = [r for r in query_sets.get(files.get(row["set"], ""), []) if r["q"] == row["q"]]
        if len(asked) != 1 or asked[0]["game"] != row["game"]:
            problems.append(f"#{i}: no question {row['q']!r} of {row['game']} in {row['set']}")
            continue
        if WHERE.match(asked[0]["where"])["id"] != row["where"]:
            problems.append(f"#{i}: where is {asked[0]['where']!r}, not {row['where']!r}")
        if not row["also"] or len(set(row["also"])) != len(row["also"]):
            problems.append(f"#{i}: also must list distinct entries: {row['also']}")
        for entry_id in row["also"]:
            entry = real_kb.get(entry_id)
            if entry is None or entry.game != row["game"] or entry_id == row["where"]:
                problems.append(f"#{i}: {entry_id!r} is no other entry of {row['game']}")
    assert not problems, "\n".join(problems)
    assert len(load_answers(OTHER_ANSWERS)) == len(rows)  # as `arbitre eval --answers` reads it


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


def drawn(real_kb, game: str, seed: int) -> list[str]:
    """The file headers' draw: substantial entries of the asked kinds, front matter left out."""
    entries = sorted(
        (
            e
            for e in real_kb.entries_of(game)
            if e.kind in DRAWN_KINDS and len(e.text.split()) >= 12 and e.role != "front-matter"
        ),
        key=lambda e: e.id,
    )
    return [e.id for e in random.Random(seed).sample(entries, len(entries))]


@pytest.mark.parametrize(("dev_name", "holdout_name", "seed"), DRAWN)
def test_the_entries_asked_about_are_the_seeded_draw(
    query_sets, real_kb, dev_name, holdout_name, seed
):
    """Not chosen by hand: one question per entry, the entries the first of the draw, few skipped."""
    for game in GAMES:
        rows = [row for name in (dev_name, holdout_name) for row in query_sets[name]]
        ids = [WHERE.match(row["where"])["id"] for row in rows if row["game"] == game]
        assert len(ids) == len(set(ids)), f"{dev_name}: {game}: an entry is asked about twice"
        order = drawn(real_kb, game, seed)
        assert set(ids) <= set(order), f"{dev_name}: {game}: {sorted(set(ids) - set(order))}"
        last = max(order.index(entry_id) for entry_id in ids)
        skipped = [entry_id for entry_id in order[: last + 1] if entry_id not in ids]
        assert len(skipped) <= MAX_SKIPPED, f"{dev_name}: {game}: skipped {skipped}"
