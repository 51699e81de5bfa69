"""The shape every game's procedures share: a reader and a runner.

A scenario names its game and one of that game's procedures (`procedure: combat`).  The reader
checks the scenario's fields into the game's own typed scenario — a bad field is a ScenarioError,
a position the rules forbid a RuleViolation, each naming the field — and the runner plays that
scenario into a Trace.  Each game package lists its procedures by name in `PROCEDURES`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from arbitre.model.core.scenario import Fields
from arbitre.model.core.trace import Trace

S = TypeVar("S")


@dataclass(frozen=True)
class Procedure(Generic[S]):
    read: Callable[[str, Fields], S]  # (scenario name, its fields) -> the typed scenario
    run: Callable[[S], Trace]


# A game's procedures by the name scenarios give them.
Procedures = dict[str, Procedure[Any]]
