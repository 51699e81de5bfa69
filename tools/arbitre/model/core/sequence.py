"""A game's turn as data: phases in order, each with its steps and the rules that define it.

`Sequence.check(action, phase)` refuses an action in a phase that does not allow it, with the rule
it breaks (RuleViolation): an attack in the wrong phase is refused, not run.  `Sequence.walk`
records one trace step per phase and step, so a rules module shows its turn in one screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from arbitre.model.core.french import of_the, the
from arbitre.model.core.rules import RuleViolation, refuse
from arbitre.model.core.trace import Recorder


@dataclass(frozen=True)
class Step:
    id: str
    name_fr: str
    rule_ids: tuple[str, ...]
    text_fr: str = ""  # what happens in this step, for the trace


@dataclass(frozen=True)
class Phase:
    id: str
    name_fr: str
    rule_ids: tuple[str, ...]
    steps: tuple[Step, ...] = ()
    allows: frozenset[str] = field(default_factory=frozenset)  # actions players may take here
    text_fr: str = ""
    # Per-turn limits: action -> (how many times, the rule that says so).
    limits: tuple[tuple[str, int, str], ...] = ()


@dataclass(frozen=True)
class Sequence:
    game: str
    name_fr: str  # « tour », « manche », « jour »
    phases: tuple[Phase, ...]
    rule_ids: tuple[str, ...] = ()  # the rules that give the order
    actions_fr: tuple[tuple[str, str], ...] = ()  # action code -> French name
    # Limits over the whole turn (not one phase): action -> (times, rule).
    limits: tuple[tuple[str, int, str], ...] = ()
    # The rule that says in which phase an action may be taken, when one does (else the phase's).
    action_rules: tuple[tuple[str, str], ...] = ()
    # An action that also counts as another one for the limits (Ashes: Passer is a main action).
    counts_as: tuple[tuple[str, str], ...] = ()
    # Standing restrictions (« tant que … ne peut pas … »): while a condition of the position
    # holds, an action is forbidden: (condition, action, rule, French condition).
    restrictions: tuple[tuple[str, str, str, str], ...] = ()

    def conditions(self) -> list[str]:
        return sorted({c for c, _a, _r, _t in self.restrictions})

    def action_fr(self, action: str) -> str:
        return dict(self.actions_fr).get(action, action)

    def ids(self) -> list[str]:
        return [p.id for p in self.phases]

    def phase(self, phase_id: str) -> Phase:
        for p in self.phases:
            if p.id == phase_id:
                return p
        raise KeyError(phase_id)

    def after(self, phase_id: str) -> Phase | None:
        i = self.ids().index(phase_id)
        return self.phases[i + 1] if i + 1 < len(self.phases) else None

    def allowing(self, action: str) -> list[Phase]:
        return [p for p in self.phases if action in p.allows]

    def check(self, action: str, action_fr: str, phase_id: str, field: str = "") -> Phase:
        """The phase, if `action` may be taken in it; else a RuleViolation citing the rules."""
        if phase_id not in self.ids():
            names = ", ".join(p.id for p in self.phases)
            raise RuleViolation(
                self.rule_ids[0] if self.rule_ids else f"{self.game}/",
                f"« {phase_id} » n'est pas une phase {of_the(self.name_fr)} (phases : {names})",
                field,
            )
        phase = self.phase(phase_id)
        if action in phase.allows:
            return phase
        where = ", ".join(the(p.name_fr) for p in self.allowing(action)) or "aucune phase"
        rule = phase.rule_ids[0] if phase.rule_ids else self.rule_ids[0]
        allowed_rules = [r for p in self.allowing(action) for r in p.rule_ids]
        specific = dict(self.action_rules).get(action)
        refuse(
            specific or (allowed_rules[0] if allowed_rules else rule),
            f"{action_fr} n'est pas permis pendant {the(phase.name_fr)} ; seulement pendant {where}",
            field,
        )
        return phase

    def walk(
        self,
        rec: Recorder,
        run_phase: Callable[[Phase], bool] | None = None,
        start: str | None = None,
        until: str | None = None,
    ) -> list[str]:
        """Record the phases in order from `start` to `until` (both included; default: all);
        `run_phase(phase)` plays one (False: stop).

        Without `run_phase`, a phase's trace step is its `text_fr` and those of its steps.
        Returns the ids of the phases played.
        """
        played = []
        begin = self.ids().index(start) if start else 0
        end = self.ids().index(until) + 1 if until else len(self.phases)
        for phase in self.phases[begin:end]:
            played.append(phase.id)
            if run_phase is not None:
                if not run_phase(phase):
                    break
                continue
            rec.step(
                phase.rule_ids, f"{phase.name_fr[:1].upper()}{phase.name_fr[1:]} : {phase.text_fr}"
            )
            for step in phase.steps:
                rec.step(step.rule_ids, f"{step.name_fr} : {step.text_fr}")
        return played
