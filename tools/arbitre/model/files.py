"""Where the rules model's data files are: each game's package holds its own.

    model/<game>/scenarios/<game id>--<slug>.yaml   one scenario; its file name is its id
    model/<game>/not-reproduced.yaml                 the game's rulings no scenario reproduces, and why

(`<game>` is the game id as a package name: `four-souls` -> `four_souls/`.)  `scenario_files()` is
the one list of every shipped scenario of every game: `arbitre example list/run`, the site, the
accounting and the tests all walk it.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

SCENARIOS = "scenarios"
NOT_REPRODUCED = "not-reproduced.yaml"


def model_dir() -> Path:
    return Path(str(resources.files("arbitre.model")))


def game_dir(game: str, model: Path | None = None) -> Path:
    """The package of a game id: `four-souls` -> model/four_souls/ (under `model`, a checkout's
    tools/arbitre/model/, when given: `arbitre edition add --root` works on that project's)."""
    return (model or model_dir()) / game.replace("-", "_")


def scenario_files(model: Path | None = None) -> list[Path]:
    """Every shipped scenario file of every game, in the order of their ids."""
    return sorted((model or model_dir()).glob(f"*/{SCENARIOS}/*.yaml"), key=lambda p: p.name)


def scenario_path(scenario_id: str) -> Path:
    """The shipped file of a scenario id (`four-souls--jet-borne`); it may not exist."""
    game = scenario_id.partition("--")[0]
    return game_dir(game) / SCENARIOS / f"{scenario_id}.yaml"


def not_reproduced_path(game: str, model: Path | None = None) -> Path:
    """The game's list of the rulings no scenario reproduces (see accounting.py)."""
    return game_dir(game, model) / NOT_REPRODUCED
