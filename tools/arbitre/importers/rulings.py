"""The linking stage: what each FAQ answer and erratum rules on (`about`) and the cards it
concerns (`cards`), run by `arbitre import` once a game is parsed (it needs the game's glossary).

Three sources, and only two of them publish:

* explicit references printed in the ruling (its `refs`) are published as `how: ref`, and the
  card the source files it under (its `card`) as `how: heading`;
* matching proposes: the game's glossary terms (titles, aliases) and the card names the game's
  documents file rulings and clarifications under, found in the question and the answer;
* the reviewed table (`content/<game>/rulings.yaml`, kb/ruling_table.py) decides: an id it lists
  is published as `how: term` when matching found it too, else as `how: reviewed`; a card it
  lists as `how: reviewed`; what its row `rejected` is never published and no longer proposed.

A proposal that nobody reviewed is never published; `proposals` lists them for the reviewer.
Pure: entries and a table in, links out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from arbitre.kb.entry import AboutLink, CardLink, Entry
from arbitre.kb.ruling_table import RulingTable
from arbitre.kb.terms import TermMatcher, find_spans, fold_with_positions
from arbitre.text import fold


@dataclass(frozen=True)
class Proposal:
    """What matching finds in one ruling: glossary term ids and card names, in text order."""

    about: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()


@dataclass
class GameMatcher:
    """One game's glossary and known card names, compiled once."""

    terms: TermMatcher
    cards: dict[str, str] = field(default_factory=dict)  # folded name -> name as printed
    card_pattern: re.Pattern[str] | None = None

    @classmethod
    def for_entries(cls, entries: list[Entry], table: RulingTable | None = None) -> GameMatcher:
        by_id = {e.id: e for e in entries}
        glossary = [e for e in entries if e.kind == "glossary"]
        names: dict[str, str] = {}
        printed = [e.card for e in entries if e.card]
        if table is not None:
            printed += [c for row in table.rows.values() for c in row.cards]
        for name in printed:
            key = re.sub(r"\s+", " ", fold(name)).strip()
            if len(key) >= 3:
                names.setdefault(key, name)
        pattern = None
        if names:
            body = "|".join(
                r"\s+".join(re.escape(w) for w in n.split(" "))
                for n in sorted(names, key=lambda n: (-len(n), n))
            )
            pattern = re.compile(rf"(?<![\w-])(?:{body})(?![\w-])")
        return cls(TermMatcher.for_terms(glossary, by_id), names, pattern)

    def propose(self, ruling: Entry) -> Proposal:
        text = "\n\n".join(x for x in (ruling.title, ruling.text) if x)
        about = [span.term for span in find_spans(text, self.terms, set())]
        cards: list[str] = []
        if self.card_pattern is not None:
            folded, _ = fold_with_positions(text)
            for match in self.card_pattern.finditer(folded):
                name = self.cards[re.sub(r"\s+", " ", match.group(0))]
                if name not in cards:
                    cards.append(name)
        return Proposal(tuple(dict.fromkeys(about)), tuple(cards))


def _same_card(a: str, b: str | None) -> bool:
    return b is not None and fold(a).strip() == fold(b).strip()


def published_links(
    ruling: Entry, proposal: Proposal, table: RulingTable | None, by_id: dict[str, Entry]
) -> tuple[list[AboutLink], list[CardLink]]:
    """The links of one ruling that are shown as fact: refs, heading, and the reviewed ones."""
    about: list[AboutLink] = []
    seen: set[str] = set()
    for ref in ruling.refs:
        target = by_id.get(ref)
        if target is None or target.game != ruling.game or target.is_ruling or ref in seen:
            continue
        about.append(AboutLink(ref, "ref"))
        seen.add(ref)
    cards: list[CardLink] = []
    if ruling.card:
        cards.append(CardLink(ruling.card, "heading"))
    row = table.get(ruling.id) if table is not None else None
    if row is None:
        return about, cards
    for target_id in row.about:
        if target_id in seen:
            continue
        about.append(AboutLink(target_id, "term" if target_id in proposal.about else "reviewed"))
        seen.add(target_id)
    for name in row.cards:
        if _same_card(name, ruling.card) or any(_same_card(name, c.name) for c in cards):
            continue
        cards.append(CardLink(name, "reviewed"))
    return about, cards


def link_rulings(entries: list[Entry], table: RulingTable | None) -> None:
    """Set `about` and `cards` on every ruling of one game's entries (in place)."""
    matcher = GameMatcher.for_entries(entries, table)
    by_id = {e.id: e for e in entries}
    for entry in entries:
        if entry.is_ruling:
            entry.about, entry.cards = published_links(entry, matcher.propose(entry), table, by_id)


@dataclass(frozen=True)
class Unreviewed:
    """What matching proposes for one ruling that its published links do not hold yet."""

    ruling: str
    in_table: bool
    about: tuple[str, ...]
    cards: tuple[str, ...]


def proposals(entries: list[Entry], table: RulingTable | None) -> list[Unreviewed]:
    """For each ruling of one game: the proposals its table row neither lists nor rejects (every
    proposal when the ruling has no row).  Rulings with nothing left to review are left out."""
    matcher = GameMatcher.for_entries(entries, table)
    result: list[Unreviewed] = []
    for entry in entries:
        if not entry.is_ruling:
            continue
        proposal = matcher.propose(entry)
        row = table.get(entry.id) if table is not None else None
        listed = set(row.about) | set(row.rejected) if row else set()
        listed |= set(entry.refs)
        named = [fold(c) for c in (row.cards + row.rejected if row else ())]
        named.append(fold(entry.card or ""))
        about = tuple(a for a in proposal.about if a not in listed)
        cards = tuple(c for c in proposal.cards if fold(c) not in named)
        if row is None or about or cards:
            result.append(Unreviewed(entry.id, row is not None, about, cards))
    return result
