"""Where things live in a project checkout.  Every path is derived from one root."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


def find_root(start: Path | None = None) -> Path:
    """The project root: $ARBITRE_ROOT, else the nearest parent holding mkdocs.yml and content/."""
    env = os.environ.get("ARBITRE_ROOT")
    if env:
        return Path(env).resolve()
    here = (start or Path.cwd()).resolve()
    for candidate in (here, *here.parents):
        if (candidate / "mkdocs.yml").is_file() and (candidate / "content").is_dir():
            return candidate
    # Fall back to the checkout this package is installed from (editable install).
    return Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class ProjectPaths:
    root: Path

    @property
    def content(self) -> Path:
        return self.root / "content"

    @property
    def glossary(self) -> Path:
        return self.root / "glossary"

    @property
    def site_src(self) -> Path:
        return self.root / "site_src"

    @property
    def site(self) -> Path:
        return self.root / "site"

    @property
    def index(self) -> Path:
        return self.root / ".index"

    @property
    def mkdocs_yml(self) -> Path:
        return self.root / "mkdocs.yml"

    def sources(self, game: str) -> Path:
        return self.content / game / "sources"

    @classmethod
    def discover(cls, start: Path | None = None) -> ProjectPaths:
        return cls(find_root(start))
