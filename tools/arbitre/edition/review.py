"""`arbitre edition review GAME`: the maintainer's worklist after an edition.

One list per game, of items {kind, id, entry, why}:

* `ruling`     — a FAQ answer or erratum about an entry a later edition edited or removed
                 (with the old and new text it rests on);
* `question`   — players' questions of an entry a later edition edited or removed;
* `scenario`   — a worked example that reproduces or cites such an entry, or an id that is no
                 entry any more, re-run (passes / fails);
* `correction` — an importer's correction that no longer matches the current source (its
                 `file:line`);
* `pairing`    — a pair matching proposed but could not settle (confirm or reject it in
                 `content/<game>/pairings.yaml`, then add the edition's file again).

A line in `content/<game>/reviewed.yaml` settles an item (kb/review.py); corrections are
settled by mending or deleting them, pairings in pairings.yaml.  The committed content keeps the
list empty (a test says so).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arbitre.edition.carry import ruling_rows
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.kb.pairing import load_pairings
from arbitre.kb.review import Item, doubts, kb_items, load_reviewed
from arbitre.model.examples import check_expected, load_scenario
from arbitre.model.files import not_reproduced_path, scenario_files
from arbitre.paths import ProjectPaths
from arbitre.pipeline import run_importer


@dataclass
class Worklist:
    game: str
    items: list[Item] = field(default_factory=list)
    settled: int = 0  # items a line of reviewed.yaml settles
    problems: list[str] = field(default_factory=list)  # the tables' own problems

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "items": [i.to_dict() for i in self.items],
            "settled": self.settled,
        }


def checkout_model(root: Path) -> Path | None:
    """The rules model's folder of the checkout at `root` (None when the model is installed
    without its sources: its scenarios are then the package's, not the project's to rewrite)."""
    model = root / "tools" / "arbitre" / "model"
    return model if model.is_dir() else None


def game_scenarios(root: Path, game: str) -> list[Path]:
    """The worked examples of `game` in the checkout at `root`."""
    model = checkout_model(root)
    if model is None:
        return []
    return [p for p in scenario_files(model) if p.name.startswith(f"{game}--")]


def game_tables(root: Path, game: str) -> list[Path]:
    """Every file of the rules model that names `game`'s entries with their source line: its
    scenarios and its list of rulings no scenario reproduces."""
    model = checkout_model(root)
    if model is None:
        return []
    listed = not_reproduced_path(game, model)
    return game_scenarios(root, game) + ([listed] if listed.is_file() else [])


def _scenario_items(root: Path, kb: KnowledgeBase, game: str) -> list[Item]:
    history = kb.history(game)
    changed = doubts(history) if history is not None else {}
    items: list[Item] = []
    for path in game_scenarios(root, game):
        text = path.read_text(encoding="utf-8")
        reproduced = [row["id"] for row in ruling_rows(text)]
        try:
            scenario = load_scenario(path)
            trace = scenario.run()
            cited = trace.cited_ids()
            failures = check_expected(trace, scenario.expected)
            outcome = "passes" if not failures else "fails: " + "; ".join(failures)
        except Exception as exc:  # noqa: BLE001 - a scenario that cannot run is the news
            cited, outcome = [], f"cannot run: {exc}"
        name = path.stem
        for entry_id in dict.fromkeys(reproduced + cited):
            role = "reproduces" if entry_id in reproduced else "cites"
            for doubt in changed.get(entry_id, []):
                what = "was removed" if doubt.change.change == "removed" else "changed"
                items.append(
                    Item(
                        "scenario",
                        name,
                        doubt.entry,
                        f"{role} {doubt.entry}, which {what} in {doubt.edition}; re-run: {outcome}",
                        doubt.edition,
                        {"file": str(path.relative_to(root)), "passes": outcome == "passes"},
                    )
                )
            if entry_id not in kb.by_id and not changed.get(entry_id):
                why = kb.superseded(entry_id)
                if why is not None:
                    items.append(
                        Item(
                            "scenario",
                            name,
                            entry_id,
                            f"{role} {why}; re-run: {outcome}",
                            history.current.version if history and history.current else "",
                            {"file": str(path.relative_to(root)), "passes": outcome == "passes"},
                        )
                    )
    return items


def _correction_items(paths: ProjectPaths, kb: KnowledgeBase, game: str) -> list[Item]:
    result = run_importer(paths, game)
    edition = kb.edition(game)
    version = edition.version if edition else ""
    return [
        Item(
            "correction",
            f"{stale.path}:{stale.line}",
            stale.key,
            f"{stale.path}:{stale.line}: {stale.section} {stale.key}: {stale.why}",
            version,
            {"section": stale.section},
        )
        for stale in getattr(result, "stale_corrections", [])
    ]


def _pairing_items(root: Path, kb: KnowledgeBase, game: str) -> list[Item]:
    history = kb.history(game)
    if history is None:
        return []
    reviewed, _problems = load_pairings(root, game)
    items: list[Item] = []
    for edition in history.editions[1:]:
        table = reviewed.get(edition.version)
        for proposal in edition.proposals:
            if table and (
                table.pairs.get(proposal.old) == proposal.new
                or (proposal.old, proposal.new) in table.rejected
            ):
                continue
            rival = f"; {proposal.rival} is as close" if proposal.rival else ""
            items.append(
                Item(
                    "pairing",
                    proposal.old,
                    proposal.new,
                    f"{proposal.old} may be {proposal.new} (similarity {proposal.score:.2f}{rival}): "
                    f"pair or reject it in content/{game}/pairings.yaml under '{edition.version}', "
                    "then add the edition's file again",
                    edition.version,
                    {"score": proposal.score, "rival": proposal.rival},
                )
            )
    return items


def worklist(paths: ProjectPaths, kb: KnowledgeBase, game: str) -> Worklist:
    """Every open item of `game`'s worklist."""
    found = (
        kb_items(kb, game)
        + _scenario_items(paths.root, kb, game)
        + _correction_items(paths, kb, game)
        + _pairing_items(paths.root, kb, game)
    )
    settled, problems = load_reviewed(paths.root, game)
    result = Worklist(game, problems=[str(p) for p in problems])
    for item in found:
        if item.key() in settled:
            result.settled += 1
        else:
            result.items.append(item)
    return result


def render_text(work: Worklist) -> str:
    lines = [
        f"{work.game}: {len(work.items)} item(s) to review"
        + (f", {work.settled} settled" if work.settled else "")
    ]
    for item in work.items:
        lines.append(f"  {item.kind:<10} {item.id}  [{item.entry}]  {item.why}")
    lines += [f"  problem: {p}" for p in work.problems]
    return "\n".join(lines)
