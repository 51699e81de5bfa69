"""Fixtures of the rules-model tests: the shipped scenarios and the real knowledge base."""

from __future__ import annotations

import pytest

from arbitre.errors import ValidationFailed
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.kb.load import load, load_kb
from arbitre.paths import ProjectPaths
from tests.conftest import REPO


@pytest.fixture(scope="session")
def real_kb() -> KnowledgeBase:
    """The checked-in knowledge base; if another part of it does not validate, what did load."""
    paths = ProjectPaths(REPO)
    try:
        return load_kb(paths)
    except ValidationFailed:  # reported by tests/test_import_golden.py; ids can still be checked
        return load(paths).kb
