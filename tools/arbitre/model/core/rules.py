"""A position or an action the rules forbid: refused with the rule it breaks, never run.

A scenario the rules refuse is still read to its end once, its refusals let through
(`past_refusals`), so that a misspelt field after the refused step is reported as in any
other scenario (`examples.read_scenario`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_PAST_REFUSALS: ContextVar[bool] = ContextVar("past_refusals", default=False)


class RuleViolation(ValueError):
    """`rule_id` is the entry the scenario breaks; `text_fr` says how, in French."""

    def __init__(self, rule_id: str, text_fr: str, field: str = "") -> None:
        self.rule_id = rule_id
        self.text_fr = text_fr
        self.field = field
        where = f"{field}: " if field else ""
        super().__init__(f"{where}refusé — {text_fr} ({rule_id})")


def refuse(rule_id: str, text_fr: str, field: str = "") -> None:
    """Raise a RuleViolation — unless the scenario is being read past its refusals."""
    if not _PAST_REFUSALS.get():
        raise RuleViolation(rule_id, text_fr, field)


def require(condition: bool, rule_id: str, text_fr: str, field: str = "") -> None:
    """Refuse (`refuse`) unless `condition` holds."""
    if not condition:
        refuse(rule_id, text_fr, field)


@contextmanager
def past_refusals() -> Iterator[None]:
    """Within: `refuse` and `require` let the scenario go on (a read that only looks for the
    fields nobody asks for)."""
    token = _PAST_REFUSALS.set(True)
    try:
        yield
    finally:
        _PAST_REFUSALS.reset(token)
