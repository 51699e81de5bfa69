"""One exception family, rooted in click.ClickException so the CLI prints it cleanly."""

from __future__ import annotations

import click


class ArbitreError(click.ClickException):
    """Base of every error Arbitre reports to a user (exit code 1)."""


class SourceError(ArbitreError):
    """A problem at a place in a file: printed as `path:line: message`."""

    def __init__(self, path: str, line: int | None, message: str) -> None:
        self.path = path
        self.line = line
        self.detail = message
        super().__init__(self.location + message)

    @property
    def location(self) -> str:
        return f"{self.path}:{self.line}: " if self.line else f"{self.path}: "


class ValidationFailed(ArbitreError):
    """Several problems found at once; each is a SourceError-like line."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__(f"{len(problems)} problem(s):\n" + "\n".join(problems))


class NotFound(ArbitreError):
    """An id or file asked for does not exist."""

    exit_code = 1


class IndexMissing(ArbitreError):
    """The search index has not been built."""
