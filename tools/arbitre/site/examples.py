"""Worked examples as the site shows them: each trace with its scenario's starting position.

The rules model (arbitre.model.examples) runs the scenarios into traces; a trace says what
happened, not the position it started from.  The position is the scenario's `state` and `actions`,
as written in its YAML file: `describe_setup` (example_setup.py, importable from here too) turns
that data into a nested French list.

`load_examples(kb)` does the I/O (running the scenarios, reading their files); everything else
here is pure, so the page builder (pages.py) can take a hand-made list in tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

from arbitre.kb.knowledge import KnowledgeBase
from arbitre.model.core.trace import Trace
from arbitre.model.examples import worked_examples
from arbitre.model.files import scenario_path
from arbitre.site.example_setup import describe_setup

__all__ = ["PROCEDURE_LABELS", "WorkedExample", "describe_setup", "load_examples", "scenario_file"]


@dataclass(frozen=True)
class WorkedExample:
    trace: Trace
    # The scenario as written: {"state": {…}, "actions": {…}} (either may be missing).
    setup: dict[str, Any] = field(default_factory=dict)

    @property
    def file(self) -> str:
        return scenario_file(self.trace)


def scenario_file(trace: Trace) -> str:
    return f"{trace.game}--{trace.scenario}.yaml"


def load_examples(kb: KnowledgeBase) -> list[WorkedExample]:
    """Every shipped worked example of the games of `kb`, with its scenario's position."""
    examples = []
    for trace in worked_examples(kb):
        path = scenario_path(f"{trace.game}--{trace.scenario}")
        data = yaml.safe_load(path.read_text(encoding="utf-8")) if path.is_file() else {}
        setup = {k: data[k] for k in ("state", "actions") if isinstance(data.get(k), dict)}
        examples.append(WorkedExample(trace, setup))
    return examples


PROCEDURE_LABELS = {
    "combat": "combat",
    "degats": "résolution des dégâts",
    "pioche": "dégâts faute de pioche",
    "crepuscule": "Crépuscule",
    "attaque": "attaque",
    "tour": "tour de jeu",
    "pile": "la pile",
    "fugace": "Limbo et Fugace",
    "phase_du_mechant": "phase du Méchant",
    "manche": "manche",
    "jouer_carte": "jouer une carte",
    "revelation": "révélation de cartes Rencontre",
    "effet_joueur": "effets d'un joueur : dégâts et menace",
    "paiement": "payer un coût avec des ressources",
}
