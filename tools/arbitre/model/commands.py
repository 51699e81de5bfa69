"""What `arbitre example list` and `arbitre example run` print: the CLI makes one call here.

`run` takes shipped scenario ids (`four-souls--jet-borne`), scenario files from anywhere, or all
the shipped scenarios; it prints each trace with the rule ids of its steps, checks the expected
result, and ends with `N passed, M failed`.  A scenario whose position breaks a rule of the game
is refused with that rule, not run; a malformed one is reported as `file:line: field: message`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arbitre.model.core.rules import RuleViolation
from arbitre.model.core.scenario import ScenarioError
from arbitre.model.core.trace import Trace
from arbitre.model.examples import (
    Scenario,
    check_expected,
    load_scenario,
)
from arbitre.model.files import scenario_files, scenario_path


def scenario_id(scenario: Scenario) -> str:
    return f"{scenario.game}--{scenario.name}"


def list_examples(game: str | None = None, as_json: bool = False) -> str:
    """One line (or one JSON object) per shipped scenario: id, game, procedure, title, rulings."""
    rows = []
    for path in scenario_files():
        sc = load_scenario(path)
        if game and sc.game != game:
            continue
        trace_rulings = [r.to_dict() for r in _rulings(sc)]
        rows.append(
            {
                "id": scenario_id(sc),
                "game": sc.game,
                "procedure": sc.procedure,
                "title": _title(sc),
                "reproduces": trace_rulings,
            }
        )
    if as_json:
        return "\n".join(json.dumps(r, ensure_ascii=False, sort_keys=True) for r in rows)
    return "\n".join(
        f"{r['id']}  [{r['procedure']}]  {r['title']}  ({', '.join(x['id'] for x in r['reproduces'])})"
        for r in rows
    )


def _rulings(sc: Scenario) -> list[Any]:
    return list(getattr(sc.state, "rulings", []))


def _title(sc: Scenario) -> str:
    return str(getattr(sc.state, "title", sc.name))


@dataclass
class Outcome:
    """One scenario run: its trace and the expectations that failed, or why it was not run."""

    source: str  # the id or file asked for
    scenario: Scenario | None = None
    trace: Trace | None = None
    problems: list[str] = field(default_factory=list)
    refused: RuleViolation | None = None
    error: str | None = None

    @property
    def passed(self) -> bool:
        return self.trace is not None and not self.problems

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"source": self.source, "passed": self.passed}
        if self.scenario is not None:
            data["id"] = scenario_id(self.scenario)
        if self.refused is not None:
            data["refused"] = {"rule": self.refused.rule_id, "text": self.refused.text_fr}
        if self.error is not None:
            data["error"] = self.error
        if self.trace is not None:
            data["problems"] = list(self.problems)
            data["trace"] = self.trace.to_dict()
        return data


def resolve_sources(sources: list[str], run_all: bool) -> list[Path]:
    """Scenario ids (shipped) or file paths, in the order given; every shipped one with `run_all`."""
    if run_all:
        return scenario_files()
    paths = []
    for source in sources:
        path = Path(source)
        if path.suffix in (".yaml", ".yml") and path.is_file():
            paths.append(path)
            continue
        shipped = scenario_path(source)
        paths.append(shipped if shipped.is_file() else path)
    return paths


def run_one(path: Path, source: str) -> Outcome:
    outcome = Outcome(source)
    if not path.is_file():
        known = "`arbitre example list`"
        outcome.error = f"{source}: no such scenario id or file (see {known})"
        return outcome
    try:
        outcome.scenario = load_scenario(path)
        outcome.trace = outcome.scenario.run()
    except RuleViolation as exc:
        outcome.refused = exc
        return outcome
    except ScenarioError as exc:
        outcome.error = str(exc)
        return outcome
    outcome.problems = check_expected(outcome.trace, outcome.scenario.expected)
    return outcome


def run_examples(sources: list[str], run_all: bool = False) -> list[Outcome]:
    paths = resolve_sources(sources, run_all)
    names = [str(p.stem) for p in paths] if run_all else sources
    return [run_one(p, s) for p, s in zip(paths, names, strict=True)]


def format_outcomes(outcomes: list[Outcome], as_json: bool = False) -> str:
    passed = sum(1 for o in outcomes if o.passed)
    failed = len(outcomes) - passed
    if as_json:
        data = {"results": [o.to_dict() for o in outcomes], "passed": passed, "failed": failed}
        return json.dumps(data, ensure_ascii=False, indent=2)
    out: list[str] = []
    for o in outcomes:
        out += _text(o)
        out.append("")
    out.append(f"{passed} passed, {failed} failed")
    return "\n".join(out)


def _text(o: Outcome) -> list[str]:
    if o.error is not None:
        return [f"ERREUR {o.error}"]
    if o.refused is not None:
        return [f"REFUSÉ {o.refused} — le scénario n'est pas joué"]
    assert o.trace is not None and o.scenario is not None
    t = o.trace
    lines = [f"== {scenario_id(o.scenario)} — {t.title}"]
    for r in t.rulings:
        lines.append(f"   reproduit {r.id}" + (f" (ligne {r.line})" if r.line else ""))
    for n, step in enumerate(t.steps, 1):
        lines.append(f"{n:>3}. {step.text_fr}")
        lines.append(f"      [{', '.join(step.rule_ids)}]")
        for d in step.defaults:
            lines.append(f"      valeur par défaut (pas un choix des joueurs) : {d}")
    for value in t.placeholders:
        lines.append(f"   valeur d'exemple (absente du document) : {value}")
    for note in t.notes:
        lines.append(f"   note : {note}")
    for key in sorted(o.scenario.expected):
        bad = [p for p in o.problems if p.startswith(f"{key}:")]
        lines.append(f"   {'ÉCHEC' if bad else 'ok'} {bad[0] if bad else key}")
    lines.append("PASSED" if o.passed else "FAILED")
    return lines
