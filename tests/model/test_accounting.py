"""Every game's rulings are accounted for, in one format (arbitre/model/accounting.py).

Each FAQ/Q&A answer, erratum and printed example of a game (and Altered's remarks, Four Souls' card
rulings) is reproduced by a shipped or held-out scenario, or listed once in
`<game>/not-reproduced.yaml` (or, for a held-out ruling the engine failed, in
`holdout/not-reproduced.yaml`) with its source line and one line on why.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitre.model.accounting import (
    GAMES,
    LISTS,
    GameAccount,
    accounts,
    is_ruling,
    listed_path,
    read_listed,
    report,
)
from arbitre.model.files import model_dir, scenario_files

HOLDOUT = Path(__file__).parent / "holdout"


@pytest.fixture(scope="module")
def by_game(real_kb) -> dict[str, GameAccount]:
    return {a.game: a for a in accounts(real_kb, HOLDOUT)}


def _rows(account: GameAccount) -> list[dict]:
    return [r for key in LISTS for r in account.listed[key]] + account.held_out_failed


def test_one_file_per_game_and_none_is_read_as_a_scenario():
    for game in GAMES:
        assert listed_path(game).is_file(), game
    assert not [p for p in scenario_files() if "not-" in p.stem]
    assert sorted(model_dir().rglob("*not-*.yaml")) == sorted(listed_path(g) for g in GAMES)


def test_a_file_of_another_shape_is_refused(tmp_path):
    path = tmp_path / "essai--not-reproduced.yaml"
    path.write_text("not-expressible: []\nnot-determinate: []\n", encoding="utf-8")
    with pytest.raises(ValueError, match="two keys"):
        read_listed(path)
    path.write_text("not_expressible: [{id: a, why: b}]\nnot_determinate: []\n", encoding="utf-8")
    with pytest.raises(ValueError, match="id, line, why"):
        read_listed(path)


@pytest.mark.parametrize("game", GAMES)
def test_listed_rows_name_the_entry_at_its_line_and_say_why_in_one_line(real_kb, by_game, game):
    account = by_game[game]
    for row in _rows(account):
        entry = real_kb.get(row["id"])
        assert entry is not None, row["id"]
        assert entry.game == game, row["id"]
        assert row["line"] == entry.source.line_start, row["id"]
        why = row["why"]
        assert isinstance(why, str) and "\n" not in why and len(why.split()) >= 4, row["id"]


@pytest.mark.parametrize("game", GAMES)
def test_every_ruling_is_reproduced_or_listed_once(by_game, game):
    account = by_game[game]
    listed = account.listed_ids()
    assert len(listed) == len(set(listed)), "a ruling is listed twice"
    reproduced = account.shipped | account.held_out
    assert not reproduced & set(listed), f"listed but reproduced: {reproduced & set(listed)}"
    rulings = {e.id for e in account.rulings}
    assert len(rulings) >= 20
    missing = sorted(rulings - reproduced - set(listed))
    assert missing == [], f"neither reproduced nor listed: {missing}"
    to_cite = {e.id for e in account.to_cite}
    assert set(listed) <= rulings | to_cite, "a listed id is not a ruling of the game"
    uncited = sorted(to_cite - account.cited - set(listed))
    assert uncited == [], f"neither cited by a trace nor listed: {uncited}"


@pytest.mark.parametrize("game", GAMES)
def test_most_determinate_rulings_are_reproduced(by_game, game):
    """The listed ones stay a minority: the engine states the rulings, it does not skip them."""
    counts = by_game[game].counts()
    assert counts["shipped"] + counts["held_out"] > 3 * counts["not_expressible"], counts


def test_the_report_prints_the_counts(by_game):
    text = report(list(by_game.values()))
    total = next(line for line in text.splitlines() if line.startswith("total"))
    numbers = [int(n) for n in total.split()[1:]]
    assert numbers[0] == sum(a.counts()["rulings"] for a in by_game.values())
    assert numbers[0] == sum(numbers[1:5])  # every ruling is counted once
    assert all(is_ruling(e) for a in by_game.values() for e in a.rulings)
