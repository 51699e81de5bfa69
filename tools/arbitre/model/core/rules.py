"""A position or an action the rules forbid: refused with the rule it breaks, never run."""

from __future__ import annotations


class RuleViolation(ValueError):
    """`rule_id` is the entry the scenario breaks; `text_fr` says how, in French."""

    def __init__(self, rule_id: str, text_fr: str, field: str = "") -> None:
        self.rule_id = rule_id
        self.text_fr = text_fr
        self.field = field
        where = f"{field}: " if field else ""
        super().__init__(f"{where}refusé — {text_fr} ({rule_id})")


def require(condition: bool, rule_id: str, text_fr: str, field: str = "") -> None:
    """Raise a RuleViolation unless `condition` holds."""
    if not condition:
        raise RuleViolation(rule_id, text_fr, field)
