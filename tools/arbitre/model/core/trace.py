"""What a procedure of the rules model returns: a Trace of Steps, each citing the rules it applies.

A trace is plain data (`to_dict()` is JSON-ready and deterministic) so that it can be stored as a
golden file, rendered on the site as a worked example, and compared in tests.

A value the document does not give (a placeholder of the scenario, a split the players did not
state) is a *default*: the step that uses it lists it in `defaults`, so a reader never takes it for
a player's choice or for a ruling of the document.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Ruling:
    """A ruling of the source document that a scenario reproduces.

    `id` is the knowledge-base id of the entry (FAQ pair, rule, commentary paragraph); `line` is the
    1-based line of the source file where the ruling is printed, so the entry can still be found if an
    importer renames its slugs; `quote` is the decisive sentence, as printed.
    """

    id: str
    line: int | None = None
    quote: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "line": self.line, "quote": self.quote}


@dataclass
class Step:
    """One step of a procedure: the rules applied, what happened (in French), the state after it."""

    rule_ids: list[str]
    text_fr: str
    state: dict[str, Any] = field(default_factory=dict)
    defaults: list[str] = field(default_factory=list)  # French: the default values this step uses

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"rule_ids": list(self.rule_ids), "text_fr": self.text_fr}
        if self.defaults:
            data["defaults"] = list(self.defaults)
        data["state"] = self.state
        return data


@dataclass
class Trace:
    procedure: str  # "combat", "degats"
    game: str  # game id
    title: str  # French title of the worked example
    scenario: str  # scenario slug (file stem), unique within the game
    steps: list[Step]
    result: dict[str, Any]
    rulings: list[Ruling] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # French remarks: contradictions, assumptions
    # French: the scenario's values that the document does not give (examples, not rulings).
    placeholders: list[str] = field(default_factory=list)

    def cited_ids(self) -> list[str]:
        """Every rule id the steps cite, sorted (rulings not included)."""
        return sorted({rid for step in self.steps for rid in step.rule_ids})

    def to_dict(self) -> dict[str, Any]:
        return {
            "procedure": self.procedure,
            "game": self.game,
            "title": self.title,
            "scenario": self.scenario,
            "rulings": [r.to_dict() for r in self.rulings],
            "notes": list(self.notes),
            **({"placeholders": list(self.placeholders)} if self.placeholders else {}),
            "steps": [s.to_dict() for s in self.steps],
            "result": self.result,
        }


class Recorder:
    """Collects steps while a procedure runs; `snapshot` gives the state to store with each step."""

    def __init__(self, snapshot: Any) -> None:
        self._snapshot = snapshot
        self.steps: list[Step] = []
        self.notes: list[str] = []

    def step(
        self,
        rule_ids: list[str] | tuple[str, ...],
        text_fr: str,
        defaults: list[str] | tuple[str, ...] = (),
    ) -> None:
        """Record a step; `defaults` names (in French) the default values it relies on."""
        if not rule_ids:
            raise ValueError(f"a step cites the rules it applies: « {text_fr} »")
        state = copy.deepcopy(self._snapshot())
        self.steps.append(Step(list(rule_ids), text_fr, state, list(defaults)))

    def note(self, text_fr: str) -> None:
        if text_fr not in self.notes:
            self.notes.append(text_fr)

    def trace(self, procedure: str, game: str, scenario: Any, result: dict[str, Any]) -> Trace:
        """The finished Trace; `scenario` is any scenario with `name`, `title` and `rulings`."""
        return Trace(
            procedure=procedure,
            game=game,
            title=scenario.title,
            scenario=scenario.name,
            steps=self.steps,
            result=result,
            rulings=list(scenario.rulings),
            notes=list(self.notes),
        )
