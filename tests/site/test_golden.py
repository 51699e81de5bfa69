"""Golden pages: the Markdown generated for the small in-code knowledge base and its worked
example (small_kb.py).

The expected files live under tests/golden/pages/ (one per generated file).  After a deliberate
change to the pages, regenerate them and review the diff:

    ARBITRE_REGEN=1 .venv/bin/pytest tests/site/test_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from arbitre.site.build import ASSET_DIR, ASSETS, render_site
from arbitre.site.offline import OFFLINE_DIR

from .small_kb import small_examples, small_kb

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "pages"
REGENERATE = os.environ.get("ARBITRE_REGEN") == "1"


def _golden_files() -> set[str]:
    return {p.relative_to(GOLDEN).as_posix() for p in GOLDEN.rglob("*") if p.is_file()}


def _rendered() -> dict[str, str]:
    """The generated files, less the browser scripts copied verbatim from the package (a golden
    copy would only repeat them): those must be the package's files, byte for byte."""
    files = render_site(small_kb(), small_examples())
    for script in sorted(ASSETS.glob("*.js")):
        assert files.pop(f"{ASSET_DIR}/{script.name}") == script.read_text(encoding="utf-8")
    for script in sorted((ASSETS / "offline").glob("*.js")):  # (the worker's parts: worker/)
        assert files.pop(f"{OFFLINE_DIR}/{script.name}") == script.read_text(encoding="utf-8")
    return files


def test_golden_pages() -> None:
    files = _rendered()
    if REGENERATE:
        for stale in _golden_files() - set(files):
            (GOLDEN / stale).unlink()
        for rel, text in files.items():
            path = GOLDEN / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        pytest.skip("golden pages regenerated: review the diff")
    assert sorted(files) == sorted(_golden_files()), (
        "pages added or removed: regenerate (see docstring)"
    )
    for rel, text in files.items():
        expected = (GOLDEN / rel).read_text(encoding="utf-8")
        assert text == expected, (
            f"{rel} differs from tests/golden/pages/{rel}: see the module docstring"
        )


def test_rendering_is_deterministic() -> None:
    assert render_site(small_kb(), small_examples()) == render_site(small_kb(), small_examples())
