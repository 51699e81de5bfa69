"""A project with a second edition of two games, made from the real sources by scripted edits
(next_editions.py): what the site, the export and the API show of editions is tested on it.

- The Spoils 2014-06 (15 June 2014): the introduction's « But du jeu » renamed « Le but du jeu »
  (a moved entry whose old id is free), a step inserted as 608.1d (Bloqueurs and Résolution
  renumbered 608.1e, 608.1f), 202.9 reworded and 202.9a removed — FAQ 15 rests on both;
- Marvel Champions 1.5 (1 December 2026): the erratum of Alerte changed, a FAQ answer added.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from arbitre.cli import cli

from . import next_editions as ne

SPOILS_NEXT = "2014-06"
MARVEL_NEXT = "1.5"


def _add(root: Path, game: str, new: Path, version: str, date: str) -> None:
    result = CliRunner().invoke(
        cli,
        [
            "--root",
            str(root),
            "edition",
            "add",
            game,
            str(new),
            "--version",
            version,
            "--date",
            date,
        ],
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output


def edition_project(root: Path) -> Path:
    """Copy the real project under `root` and bring in the two next editions."""
    project = ne.project(root)
    spoils = ne.write_next(
        project,
        ne.SPOILS,
        ne.date_rules,
        ne.rename_intro_heading,
        ne.insert_step,
        ne.reword_rule,
        ne.retire_rule,
        name="spoils-2014-06.txt",
    )
    _add(project, ne.SPOILS, spoils, SPOILS_NEXT, "2014-06-15")
    marvel = ne.write_next(
        project,
        ne.MARVEL,
        ne.version_guide,
        ne.change_erratum,
        ne.add_faq_answer,
        name="mc-1.5.txt",
    )
    _add(project, ne.MARVEL, marvel, MARVEL_NEXT, "2026-12-01")
    return project
