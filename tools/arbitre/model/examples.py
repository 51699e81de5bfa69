"""Scenarios -> traces -> worked examples for the site.

A scenario file (`<game>/scenarios/<game>--<slug>.yaml`, see files.py) holds:

    game: the-spoils            # game id
    procedure: combat           # a procedure of that game (its package's PROCEDURES)
    title: …                    # French title of the worked example
    reproduces:                 # the document's rulings this scenario reproduces
      - {id: the-spoils/faq/19, line: 1744, quote: "…"}
    state: {…}                  # the position, read by the game module
    actions: {…}                # choices and cards played, read by the game module
    expected: {…}               # a subset of the trace's `result` that must hold

`worked_examples()` runs them all; render.py turns a trace into French (the site renders its
« Exemples commentés » pages itself: arbitre.site.example_pages).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from arbitre.kb.knowledge import KnowledgeBase
from arbitre.model import altered, ashes, four_souls, marvel_champions, the_spoils
from arbitre.model.core.procedure import Procedure
from arbitre.model.core.rules import RuleViolation, past_refusals
from arbitre.model.core.scenario import UNKNOWN_FIELD, Fields, ScenarioError, read_rulings
from arbitre.model.core.trace import Ruling, Step, Trace
from arbitre.model.core.yaml_lines import field_line
from arbitre.model.files import scenario_files

# Every game's procedures by (game id, procedure name): what a scenario's `game` and `procedure`
# name.  Each game package lists its own (its __init__ says what each follows).
GAMES = (the_spoils, marvel_champions, four_souls, ashes, altered)
PROCEDURES: dict[tuple[str, str], Procedure[Any]] = {
    (game.GAME, name): procedure for game in GAMES for name, procedure in game.PROCEDURES.items()
}


@dataclass
class Scenario:
    game: str
    procedure: str
    name: str  # the slug after "<game>--" in the file name
    path: str  # for messages
    state: Any  # the game module's typed scenario
    expected: dict[str, Any]
    placeholders: list[str] = field(default_factory=list)  # French, see Trace.placeholders

    def run(self) -> Trace:
        if isinstance(self.state, Refusal):
            trace = self.state.trace(self)
        else:
            trace = PROCEDURES[(self.game, self.procedure)].run(self.state)
        if self.placeholders:
            trace.placeholders = list(self.placeholders)
            trace.notes.append(
                "Valeurs d'exemple, absentes du document (ni un choix des joueurs ni une "
                "décision) : " + " ; ".join(self.placeholders) + "."
            )
        return trace


@dataclass
class Refusal:
    """A scenario whose `expected: {refused_by: <rule id>}` says the position breaks a rule.

    The ruling it reproduces is a « non » of the document: the engine must refuse the position,
    with that rule.  Its trace is the refusal; `result.refused_by` is the rule it broke.
    """

    title: str
    rulings: list[Ruling]
    violation: RuleViolation

    def trace(self, sc: Scenario) -> Trace:
        v = self.violation
        step = Step([v.rule_id], f"Refusé : {v.text_fr}.")
        return Trace(
            sc.procedure,
            sc.game,
            self.title,
            sc.name,
            [step],
            {"refused_by": v.rule_id},
            self.rulings,
        )


def read_scenario(data: Any, name: str, path: str = "<scenario>") -> Scenario:
    """Validate scenario data; every problem is a ScenarioError naming the file and the field."""
    try:
        fields = Fields(data)
        game = fields.str("game")
        procedure = fields.str("procedure")
        if (game, procedure) not in PROCEDURES:
            known = ", ".join(f"{g}/{p}" for g, p in sorted(PROCEDURES))
            raise ScenarioError("procedure", f"no procedure {game}/{procedure} (known: {known})")
        expected = fields.raw("expected", {})
        if not isinstance(expected, dict):
            raise ScenarioError("expected", "expected a mapping of result fields")
        placeholders = fields.str_list("placeholders", [])
        try:
            state = PROCEDURES[(game, procedure)].read(name, fields)
        except RuleViolation as exc:
            if "refused_by" not in expected:
                raise
            _misspelt_past_refusal(PROCEDURES[(game, procedure)], name, data)
            state = Refusal(fields.str("title"), read_rulings(fields, game), exc)
            keep = ("game", "procedure", "title", "reproduces", "expected", "placeholders")
            fields.data = {k: v for k, v in fields.data.items() if k in keep}
        fields.done()
    except ScenarioError as exc:
        raise ScenarioError(f"{path}: {exc.field}" if path else exc.field, exc.detail) from None
    except RuleViolation as exc:
        field = f"{path}: {exc.field}" if path else exc.field
        raise RuleViolation(exc.rule_id, exc.text_fr, field) from None
    return Scenario(game, procedure, name, path, state, expected, placeholders)


def _misspelt_past_refusal(procedure: Procedure[Any], name: str, data: Any) -> None:
    """A refused scenario is read once more to its end, its refusals let through: a field
    nobody asks for there (a typo under `actions` after the refused step) is a ScenarioError,
    as in a scenario no rule refuses.  Whatever else that read runs into (a position only
    the refusal made sense of) is not reported: the refusal stands."""
    try:
        with past_refusals():
            procedure.read(name, Fields(data))
    except ScenarioError as exc:
        if exc.detail.startswith(UNKNOWN_FIELD):
            raise
    except Exception:  # (see above)
        return


def load_scenario(path: Path) -> Scenario:
    """Read a scenario file; a problem is a ScenarioError / RuleViolation naming `file:line: field`.

    Shipped scenarios are named `<game>--<slug>.yaml`; a judge's own file may have any name (its
    stem is then the scenario's name).
    """
    stem = path.stem
    game, sep, name = stem.partition("--")
    if not sep or not name:
        game, name = "", stem
    try:
        text = path.read_text(encoding="utf-8")
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ScenarioError(path.name, f"invalid YAML: {exc}") from None
    try:
        scenario = read_scenario(data, name, "")
    except ScenarioError as exc:
        field = exc.field.removeprefix(": ")
        raise ScenarioError(_where(path, text, field), exc.detail) from None
    except RuleViolation as exc:
        field = exc.field.removeprefix(": ")
        raise RuleViolation(exc.rule_id, exc.text_fr, _where(path, text, field)) from None
    if game and scenario.game != game:
        raise ScenarioError(
            _where(path, text, "game"), f"is {scenario.game!r}, the file name says {game!r}"
        )
    scenario.path = path.name
    return scenario


def _where(path: Path, text: str, field: str) -> str:
    """« file.yaml:12: state.attackers[0].speed » (the line of the field, or of its parent)."""
    line = field_line(text, field) if field else None
    place = f"{path.name}:{line}" if line else path.name
    return f"{place}: {field}" if field else place


def load_scenarios() -> list[Scenario]:
    return [load_scenario(p) for p in scenario_files()]


def check_expected(trace: Trace, expected: dict[str, Any]) -> list[str]:
    """The differences between `expected` and the trace's result, one line each (empty: all hold)."""
    problems = []
    for key in sorted(expected):
        if key not in trace.result:
            problems.append(
                f"{key}: not a result field (fields: {', '.join(sorted(trace.result))})"
            )
        elif trace.result[key] != expected[key]:
            problems.append(f"{key}: expected {expected[key]!r}, got {trace.result[key]!r}")
    return problems


def worked_examples(kb: KnowledgeBase | None = None) -> list[Trace]:
    """Run every shipped scenario.  With a knowledge base, keep the games it holds."""
    traces = [s.run() for s in load_scenarios()]
    if kb is not None:
        games = {g.id for g in kb.games}
        traces = [t for t in traces if t.game in games]
    return traces


def examples_citing(traces: list[Trace]) -> dict[str, list[Trace]]:
    """Rule id -> the worked examples that cite it (steps or rulings), for links from rule pages."""
    index: dict[str, list[Trace]] = {}
    for trace in traces:
        for rule_id in sorted(set(trace.cited_ids()) | {r.id for r in trace.rulings}):
            index.setdefault(rule_id, []).append(trace)
    return dict(sorted(index.items()))


def scenario_guide() -> str:
    """« Écrire un scénario », the judges' guide to the scenario format (Markdown, French)."""
    return resources.files("arbitre.model").joinpath("ECRIRE-UN-SCENARIO.md").read_text("utf-8")
