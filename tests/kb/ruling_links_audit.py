"""The independent audit of published ruling links (#15): the seeded draw of the sample.

Every (ruling, link) pair of the loaded knowledge base — each `about` entry id and each `cards`
name of every FAQ answer and erratum, in the knowledge base's order — is a candidate; the sample
is `random.Random(SEED).sample(pairs, SIZE)`, kept in drawing order.  The verdicts a reviewer gave
on that sample live in `tests/data/ruling-links-audit.yaml`.

`python -m tests.kb.ruling_links_audit` prints the draw as YAML records: a link already judged in
the audit file keeps its verdict and reason, a new one is left empty for the reviewer to read.
"""

from __future__ import annotations

import random

from arbitre.kb.knowledge import KnowledgeBase

SEED = 2027
SIZE = 80
AUDIT = "tests/data/ruling-links-audit.yaml"
KEY = ("ruling", "field", "link", "how")


def link_pairs(kb: KnowledgeBase) -> list[dict[str, str]]:
    """Every published link: {ruling, field (about|cards), link (entry id or card name), how}."""
    pairs: list[dict[str, str]] = []
    for entry in kb.entries:
        if not entry.is_ruling:
            continue
        for about in entry.about:
            pairs.append({"ruling": entry.id, "field": "about", "link": about.id, "how": about.how})
        for card in entry.cards:
            pairs.append({"ruling": entry.id, "field": "cards", "link": card.name, "how": card.how})
    return pairs


def draw(kb: KnowledgeBase, seed: int = SEED, size: int = SIZE) -> list[dict[str, str]]:
    """The audit sample: `size` links drawn without replacement with `random.Random(seed)`."""
    return random.Random(seed).sample(link_pairs(kb), size)


def main() -> None:  # pragma: no cover - a maintainer's tool, run by hand
    import yaml

    from arbitre.kb.load import load_kb
    from arbitre.paths import ProjectPaths
    from tests.conftest import REPO

    kb = load_kb(ProjectPaths(REPO))
    done = {}
    if (REPO / AUDIT).exists():
        old = yaml.safe_load((REPO / AUDIT).read_text(encoding="utf-8")) or []
        done = {tuple(r[k] for k in KEY): r for r in old}
    records = []
    for pair in draw(kb):
        judged = done.get(tuple(pair[k] for k in KEY), {})
        records.append({**pair, "verdict": judged.get("verdict"), "reason": judged.get("reason")})
    print(f"# {len(link_pairs(kb))} links, {len(records)} drawn with seed {SEED}")
    print(yaml.safe_dump(records, allow_unicode=True, sort_keys=False, width=100), end="")


if __name__ == "__main__":  # pragma: no cover
    main()
