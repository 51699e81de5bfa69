"""`arbitre rulings`: how many rulings of each game are linked, and what matching proposes that
the reviewed tables neither hold nor reject yet (a worklist for the reviewer, with its count)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from arbitre.errors import NotFound
from arbitre.importers.rulings import proposals
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.kb.load import load_kb
from arbitre.kb.ruling_table import load_table
from arbitre.paths import ProjectPaths


@dataclass(frozen=True)
class Coverage:
    game: str
    rulings: int
    linked: int  # with at least one `about` or `cards` link
    how: dict[str, int]  # link count by `how`, about and cards together

    @property
    def share(self) -> float:
        return self.linked / self.rulings if self.rulings else 1.0


def coverage(kb: KnowledgeBase) -> list[Coverage]:
    result = []
    for game in kb.games:
        rulings = [e for e in kb.entries_of(game.id) if e.is_ruling]
        how: Counter[str] = Counter()
        for e in rulings:
            how.update(link.how for link in e.about)
            how.update(f"card:{link.how}" for link in e.cards)
        linked = sum(1 for e in rulings if e.about or e.cards)
        result.append(Coverage(game.id, len(rulings), linked, dict(sorted(how.items()))))
    return result


def rulings_report(paths: ProjectPaths, game: str | None, with_proposals: bool) -> str:
    kb = load_kb(paths)
    games = [g.id for g in kb.games]
    if game is not None and game not in games:
        raise NotFound(f"no game {game!r} (known: {', '.join(games)})")
    lines = []
    for row in coverage(kb):
        if game is not None and row.game != game:
            continue
        hows = ", ".join(f"{k} {v}" for k, v in row.how.items()) or "aucun lien"
        lines.append(
            f"{row.game}: {row.linked}/{row.rulings} décisions liées ({row.share:.0%}) — {hows}"
        )
    if not with_proposals:
        return "\n".join(lines)
    remaining: Counter[str] = Counter()
    for game_id in games:
        if game is not None and game_id != game:
            continue
        table, _ = load_table(paths.root, game_id)
        for item in proposals(kb.entries_of(game_id), table):
            remaining[game_id] += len(item.about) + len(item.cards)
            status = "" if item.in_table else "  (absente de la table)"
            lines.append(f"{item.ruling}{status}")
            for target in item.about:
                title = kb.by_id[target].title or ""
                lines.append(f"  about? {target}  {title}".rstrip())
            for name in item.cards:
                lines.append(f"  carte? {name}")
    total = sum(remaining.values())
    detail = ", ".join(f"{g} {n}" for g, n in sorted(remaining.items()))
    lines.append(f"{total} proposition(s) à revoir" + (f" ({detail})" if detail else ""))
    return "\n".join(lines)
