"""No trace a person reads says « de Alice », « que Héritier », « la Aventure », « de Le Casse »:
« de », « que », « le », « la » before a word that starts with a vowel or a mute h are elided, and
« de le » is « du » (core/french.py).

The scan covers every golden trace, every trace `arbitre example run --all --json` prints and the
held-out scenarios.  Rulebook quotes are the documents' own words and are not scanned; an
aspirated h (« de haut », « de Héraut »), a y sounded as a consonant (« que Yum Heart ») and a
one-letter placeholder (« les sous-types de A et B ») take no elision.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from arbitre.model.commands import format_outcomes, run_examples
from arbitre.model.core.french import H_ASPIRE, of, que
from tests.conftest import REPO

GOLDEN = REPO / "tests" / "golden" / "traces"
HOLDOUT = Path(__file__).parent / "holdout"

_START = "aeiouyhéèêëàâîïôûœ"
# « de », « que », « le », « la » as words (not « détruisez-la », « qu'il », « de-ci »).
_GLUED = re.compile(rf"(?<![\w'’-])(de|que|le|la) ([{_START}][\w'’-]*)", re.IGNORECASE)
# « de le », « à les »: « du », « aux »…
_UNCONTRACTED = re.compile(r"(?<![\w'’-])(de|à) (le|les) ", re.IGNORECASE)


def _is_right(word: str) -> bool:
    low = word.lower()
    if len(word) == 1:  # a placeholder letter
        return True
    if low.startswith(H_ASPIRE):
        return True
    return low[0] == "y" and low[1:2] in _START.replace("h", "")


def unelided(text: str) -> list[str]:
    """The « de X », « que X »… of `text` that should have been « d'X », « qu'X »…, and the
    « de le X » that should have been « du X »."""
    glued = [m.group(0) for m in _GLUED.finditer(text) if not _is_right(m.group(2))]
    return glued + [m.group(0).strip() for m in _UNCONTRACTED.finditer(text)]


def _strings(value: object, path: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield f"{path} (key)", str(key)  # a card's or a zone's name, as the state shows it
            if key != "quote":  # a rulebook's own words
                yield from _strings(item, f"{path}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _strings(item, f"{path}[{i}]")
    elif isinstance(value, str):
        yield path, value


def _faults(data: object) -> list[str]:
    return [f"{where}: {bad}" for where, text in _strings(data) for bad in unelided(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("L'attaque de une unité d'Alice", ["de une"]),
        ("les points de vie de Iron Man", ["de Iron"]),
        ("que Héritier de Bruno subirait", ["que Héritier"]),
        ("vers la Aventure, le Deck", ["la Aventure"]),
        ("ATQ de Le Bouffon Vert ; à les joueurs", ["de Le", "à les"]),
        ("de haut en bas, de Héraut, ce que Yum Heart prévient, de A et B", []),
        ("détruisez-la à la place ; qu'il soit ; de 3 ; d'Alice", []),
    ],
)
def test_the_scan_finds_a_missing_elision(text, expected):
    assert unelided(text) == expected


def test_the_helpers_pass_the_scan():
    names = [
        "Alice",
        "Bruno",
        "Héritier",
        "Héraut",
        "Iron Man",
        "Yum Heart",
        "une unité",
        "Le Casse",
    ]
    assert unelided(" ".join(f"{of(n)}, {que(n)}." for n in names)) == []


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.json")), ids=lambda p: p.stem)
def test_golden_traces_elide(path):
    assert _faults(json.loads(path.read_text(encoding="utf-8"))) == []


def test_example_run_all_elides():
    printed = json.loads(format_outcomes(run_examples([], run_all=True), as_json=True))
    assert printed["failed"] == 0
    assert _faults(printed) == []


def test_held_out_traces_elide():
    sources = [str(p) for p in sorted(HOLDOUT.glob("*--*.yaml"))]
    printed = json.loads(format_outcomes(run_examples(sources), as_json=True))
    assert printed["results"]
    assert _faults(printed) == []


def test_the_scan_reads_keys_and_skips_the_rulebook_quotes():
    trace = {
        "rulings": [{"quote": "le personnage de Amy meurt"}],
        "steps": [{"text_fr": "vers la Aventure", "state": {"Unité de Alice": {"wounds": 0}}}],
    }
    assert _faults(trace) == [
        ".steps[0].text_fr: la Aventure",
        ".steps[0].state (key): de Alice",
    ]
