"""Which rulings of each game the scenarios reproduce, and why the others are not.

A game's rulings (`is_ruling`: its FAQ answers, errata and printed examples, plus Altered's remarks
and unofficial clarifications and Four Souls' card rulings) are each reproduced by a scenario —
shipped (`<game>/scenarios/`) or held out (`tests/model/holdout/`, outside the package) — or listed
once, with one line on why, in `<game>/not-reproduced.yaml` (files.py).  Ashes' leaflet rules are cited by
a trace or listed the same way (`must_cite`).  The file:

    not_expressible:   # determinate, but the engine cannot state the position yet
      - {id: <entry id>, line: <the entry's first source line>, why: "…"}
    not_determinate:   # the text gives no outcome a scenario could check
      - …

A held-out ruling the engine failed is listed in the held-out set's own `not-reproduced.yaml`.
`python -m arbitre.model.accounting [ROOT]` prints the counts model/README.md quotes.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from arbitre.kb.entry import Entry
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.model.examples import load_scenario
from arbitre.model.files import NOT_REPRODUCED, not_reproduced_path, scenario_files

GAMES = ("the-spoils", "marvel-champions", "four-souls", "ashes", "altered")
KINDS = ("faq", "errata", "example")
MORE_KINDS = {"altered": ("note",)}  # remarks and unofficial clarifications
LISTS = ("not_expressible", "not_determinate")
ROW = ("id", "line", "why")


def is_ruling(entry: Entry) -> bool:
    """An entry whose outcome a scenario should reproduce (or say why not)."""
    if entry.kind in KINDS + MORE_KINDS.get(entry.game, ()):
        return True
    card_ruling = entry.kind == "rule" and entry.id.startswith("four-souls/regles-pour-les-cartes/")
    return entry.game == "four-souls" and card_ruling


def must_cite(entry: Entry) -> bool:
    """A rule no ruling stands for (Ashes' leaflet): some trace applies it, or it is listed."""
    return entry.game == "ashes" and entry.kind == "rule" and bool(entry.text.strip())


def listed_path(game: str) -> Path:
    return not_reproduced_path(game)


def read_listed(path: Path) -> dict[str, list[dict]]:
    """The two lists of a not-reproduced file; a file of another shape is a ValueError."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or set(data) != set(LISTS):
        raise ValueError(f"{path.name}: expected the two keys {' and '.join(LISTS)}")
    for key in LISTS:
        rows = data[key] or []
        bad = [r for r in rows if not isinstance(r, dict) or tuple(r) != ROW]
        if bad:
            raise ValueError(f"{path.name}: {key}: each row is {{id, line, why}}, got {bad[0]!r}")
        data[key] = rows
    return data


def reproduced_ids(paths: Iterable[Path]) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """The ruling ids the scenario files' traces reproduce, and the ids their steps cite, by game."""
    reproduced: dict[str, set[str]] = {}
    cited: dict[str, set[str]] = {}
    for path in paths:
        scenario = load_scenario(path)
        trace = scenario.run()
        reproduced.setdefault(scenario.game, set()).update(r.id for r in trace.rulings)
        cited.setdefault(scenario.game, set()).update(trace.cited_ids())
    return reproduced, cited


@dataclass
class GameAccount:
    """One game's rulings: which are reproduced (shipped, held out), which are listed and how."""

    game: str
    rulings: list[Entry]
    shipped: set[str]
    held_out: set[str]
    to_cite: list[Entry] = field(default_factory=list)  # must_cite
    cited: set[str] = field(default_factory=set)  # by the shipped and held-out traces
    listed: dict[str, list[dict]] = field(default_factory=dict)  # not_expressible, not_determinate
    held_out_failed: list[dict] = field(default_factory=list)  # listed in the held-out set's file

    def listed_ids(self) -> list[str]:
        rows = [r for key in LISTS for r in self.listed[key]] + self.held_out_failed
        return [r["id"] for r in rows]

    def counts(self) -> dict[str, int]:
        ids = {e.id for e in self.rulings}
        shipped = ids & self.shipped
        failed = [r for r in self.held_out_failed if r["id"] in ids]
        return {
            "rulings": len(ids),
            "shipped": len(shipped),
            "held_out": len((ids & self.held_out) - shipped),
            "not_expressible": len([r for r in self.listed["not_expressible"] if r["id"] in ids])
            + len(failed),
            "not_determinate": len([r for r in self.listed["not_determinate"] if r["id"] in ids]),
            # Ashes' leaflet rules that no trace cites (listed, not rulings)
            "rules_listed": len([i for i in self.listed_ids() if i not in ids]),
        }


def accounts(kb: KnowledgeBase, holdout: Path | None = None) -> list[GameAccount]:
    """Every game's account; `holdout` is the held-out set's directory (with its own list)."""
    shipped, cited = reproduced_ids(scenario_files())
    held_paths = sorted(holdout.glob("*--*.yaml")) if holdout else []
    held_out, held_cited = reproduced_ids(held_paths)
    failed = read_listed(holdout / NOT_REPRODUCED) if holdout else {k: [] for k in LISTS}
    result = []
    for game in GAMES:
        result.append(
            GameAccount(
                game,
                [e for e in kb.entries_of(game) if is_ruling(e)],
                shipped.get(game, set()),
                held_out.get(game, set()),
                [e for e in kb.entries_of(game) if must_cite(e)],
                cited.get(game, set()) | held_cited.get(game, set()),
                read_listed(listed_path(game)),
                [r for k in LISTS for r in failed[k] if r["id"].startswith(f"{game}/")],
            )
        )
    return result


def report(accounts_: list[GameAccount]) -> str:
    """The counts, per game and in all, as model/README.md quotes them."""
    keys = ("rulings", "shipped", "held_out", "not_expressible", "not_determinate", "rules_listed")
    lines = ["game              " + "  ".join(f"{k:>15}" for k in keys)]
    total = dict.fromkeys(keys, 0)
    for account in accounts_:
        counts = account.counts()
        for k in keys:
            total[k] += counts[k]
        lines.append(f"{account.game:<18}" + "  ".join(f"{counts[k]:>15}" for k in keys))
    lines.append(f"{'total':<18}" + "  ".join(f"{total[k]:>15}" for k in keys))
    for kind in KINDS:
        ids = [e.id for a in accounts_ for e in a.rulings if e.kind == kind]
        shipped = sum(any(i in a.shipped for a in accounts_) for i in ids)
        held = sum(
            any(i in a.held_out for a in accounts_) and not any(i in a.shipped for a in accounts_)
            for i in ids
        )
        lines.append(f"{kind}: {len(ids)}, reproduced {shipped} shipped + {held} held out")
    return "\n".join(lines)


def main(argv: list[str]) -> int:  # pragma: no cover - a maintainer's printout
    from arbitre.kb.load import load_kb
    from arbitre.paths import ProjectPaths

    root = Path(argv[0]) if argv else Path.cwd()
    kb = load_kb(ProjectPaths(root))
    print(report(accounts(kb, root / "tests" / "model" / "holdout")))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
