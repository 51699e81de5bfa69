"""Marvel Champions' references, once every part is read: each « Voir » / « Voir aussi » target
resolved to an entry id (or an `unresolved` warning), the index's wordings as aliases, and the
reviewed extras (aliases, English names, notes).
"""

from __future__ import annotations

import re
from typing import Any

from arbitre.importers.marvel_champions.glossary import GlossaryParser, Term
from arbitre.importers.marvel_champions.parts import Part
from arbitre.importers.marvel_champions.source import GAME
from arbitre.importers.marvel_champions.text import (
    INDEX_LINE,
    PAGE_SUFFIX,
    alias_key,
    name_key,
    sentence_case,
    split_targets,
    strip_icons,
    voir_clauses,
)
from arbitre.kb.entry import Entry, Unresolved


class Resolver(GlossaryParser):
    """Once every part is read: « Voir » targets resolved to entries (or `unresolved`), the
    index's wordings as aliases, the reviewed extras."""

    def lookup_tables(self) -> None:
        """Printed heading, one part of a comma/slash heading, section heading -> where it lands."""
        self._exact: dict[str, Term] = {}
        self._parts: dict[str, Term] = {}
        for term in self.terms:
            self._exact[name_key(term.printed)] = term
            for piece in re.split(r"\s*[,/]\s*", term.printed):
                if piece and name_key(piece) != name_key(term.printed):
                    self._parts.setdefault(name_key(piece), term)
        self._sections = {
            name_key(e.title or ""): e.id
            for e in self.entries
            if e.kind in ("section", "rule") and e.parent is None and e.title
        }
        # The reviewed table, each row's ids restricted to the entries this source has.
        self._table: dict[str, dict[str, Any]] = {}
        self._table_keys: dict[str, str] = {}  # name key -> the row's key as written
        self.used_rows: set[str] = set()
        for printed, row in self.corr.get("voir_targets", {}).items():
            ids = [self.gid(i) for i in row["ids"]]
            for missing in [i for i in ids if i not in self.by_id]:
                self.corr.stale("voir_targets", printed, f"names {missing}, which does not exist")
            self._table[name_key(printed)] = {**row, "ids": [i for i in ids if i in self.by_id]}
            self._table_keys[name_key(printed)] = printed
        self._landing_overrides: dict[str, str] = {}
        redirects = {t.printed for t in self.terms if t.redirect_targets is not None}
        for heading, local in self.corr.get("redirect_landing", {}).items():
            if heading not in redirects:
                why = "no glossary heading is this redirect any more (« Voir : … » alone)"
                self.corr.stale("redirect_landing", heading, why)
            elif self.gid(local) not in self.by_id:
                why = f"lands on {self.gid(local)}, which does not exist"
                self.corr.stale("redirect_landing", heading, why)
            else:
                self._landing_overrides[heading] = self.gid(local)

    def landing(self, term: Term) -> str | None:
        """The id a heading lands on: its own entry, or a redirect's target (None: nowhere)."""
        own = term.redirect_targets is None or term.printed in self.kept_redirects
        if own or term.printed in self.landless:
            return self.gid(f"glossaire/{term.slug}")
        if term.printed in self._landing_overrides:
            return self._landing_overrides[term.printed]
        if not term.redirect_targets or term.printed in self._landing_now:
            return None
        self._landing_now.add(term.printed)
        ids = self.resolve_target(term.redirect_targets[0])
        self._landing_now.discard(term.printed)
        return ids[0] if ids else None

    def table_row(self, target: str, *, page: bool = True) -> dict[str, Any] | None:
        """The reviewed table's row for a printed target (`page`: its « (p. N) » left out)."""
        key = name_key(PAGE_SUFFIX.sub("", target) if page else target)
        row = self._table.get(key)
        if row is not None:
            self.used_rows.add(self._table_keys[key])
        return row

    def resolve_target(self, target: str) -> list[str]:
        """The ids a printed target means; none when nothing of that name exists."""
        key = name_key(PAGE_SUFFIX.sub("", target))
        row = self.table_row(target)
        if row is not None and row["ids"]:
            return list(row["ids"])
        for table in (self._exact, self._parts):
            if key in table:
                landing = self.landing(table[key])
                return [landing] if landing else []
        if key in self._sections:
            return [self._sections[key]]
        return []

    def categorise(self, target: str) -> str:
        """How the inventory classes a target: heading, part, section or (alias) table."""
        key = name_key(PAGE_SUFFIX.sub("", target))
        if key in self._exact:
            return "heading"
        if key in self._parts:
            return "part"
        if key in self._sections:
            return "section"
        return "table"

    def resolve_all(self) -> None:
        self.lookup_tables()
        # Redirects that land nowhere (their first target names nothing) stay entries of their
        # own, whose targets are reported unresolved.
        for term in self.terms:
            if term.redirect_targets is None or term.printed in self.kept_redirects:
                continue
            if self.landing(term) is None:
                self.landless.add(term.printed)
                self.term_entry(term, "redirect")
        for entry, lines in self.pending_refs:
            for line in lines:
                for targets in voir_clauses(line.text):
                    for target in targets:
                        self.link(entry, target)
        # Redirects: their heading becomes an alias of the entry they land on, and the other
        # targets they name become that entry's references.
        for term in self.terms:
            if term.redirect_targets is None or term.printed in self.kept_redirects:
                continue  # a kept redirect links its targets like any « Voir » line
            landing_id = self.landing(term)
            if landing_id is None or term.printed in self.landless:
                continue  # linked above, as an entry of its own
            landing = self.by_id[landing_id]
            bare = strip_icons(term.corrected)
            parts = split_targets(bare) if "," in bare else []
            landing.aliases.extend(sentence_case(p) for p in [*parts, bare])
            for target in term.redirect_targets:
                self.link(landing, target)
            printed = ", ".join(term.redirect_targets)
            name = sentence_case(term.printed)
            name = name if name.startswith("«") else f"« {name} »"
            landing.notes.append(
                f"Renvoi fondu en alias : l'entrée {name} du guide "
                f"(ligne {term.heading.line}) dit seulement « Voir : {printed} »."
            )
        why = "no « Voir » clause of the guide prints this target any more"
        self.corr.stale_unused("voir_targets", self.used_rows, why)

    def link(self, entry: Entry, target: str) -> None:
        self.categories.setdefault(target.casefold(), self.categorise(target))
        ids = self.resolve_target(target)
        for ref in ids:
            if ref != entry.id and ref not in entry.refs:
                entry.refs.append(ref)
        known = {u.target for u in entry.unresolved}
        if not ids:
            if target not in known:
                note = "Aucune entrée du guide ne porte ce nom."
                entry.unresolved.append(Unresolved(target, None, note))
            return
        item = self.table_row(target, page=False)
        if item and item.get("unresolved"):
            if target not in known:
                entry.unresolved.append(Unresolved(target, ids[0], item["unresolved"]))
        if item and item.get("alias") and len(ids) == 1:
            owner = self.by_id[ids[0]]
            owner.aliases.append(sentence_case(target))

    def apply_index_aliases(self, index: Part) -> None:
        """Index wordings that differ from the heading they stand for become aliases."""
        lines = [
            (m[1].strip(), no)
            for no in range(index.heading.line + 1, index.end + 1)
            if (m := INDEX_LINE.match(self.raw[no - 1]))
        ]
        pointer = 0
        for wording, _no in lines:
            if pointer >= len(self.terms):
                break  # an index longer than the glossary: its last wordings stand for nothing
            key = alias_key(strip_icons(wording))
            match = None
            for k in range(pointer, min(pointer + 3, len(self.terms))):
                if alias_key(strip_icons(self.terms[k].printed)) == key:
                    match = k
                    break
            if match is None:
                match = pointer
            pointer = match + 1
            if alias_key(strip_icons(self.terms[match].printed)) == key:
                continue
            landing = self.landing(self.terms[match])
            if landing is not None:
                self.by_id[landing].aliases.append(strip_icons(wording))

    def extras(self, section: str) -> list[tuple[Entry, Any]]:
        """The entries of one per-entry section of the corrections, with their data; an entry
        this source does not have is a stale correction."""
        found = []
        for local, value in self.corr.get(section, {}).items():
            entry = self.by_id.get(self.gid(local))
            if entry is None:
                self.corr.stale(section, local, f"no entry {self.gid(local)} in this source")
            else:
                found.append((entry, value))
        return found

    def apply_extras(self) -> None:
        for i, local in enumerate(self.corr.get("summary_refs", [])):
            if self.gid(local) not in self.by_id:
                why = f"no entry {self.gid(local)} in this source"
                self.corr.stale("summary_refs", local, why, at=(i,))
        summary = self.by_id.get(self.summary_id or "")
        if summary is not None:
            summary.refs = [r for r in summary.refs if r in self.by_id]
        for entry, aliases in self.extras("aliases"):
            entry.aliases.extend(aliases)
        for entry, term in self.extras("english"):
            entry.english = term
        for entry, term in self.extras("english_inferred"):
            entry.english, entry.english_inferred = term, True
        for entry, notes in self.extras("notes"):
            ids = set(self.by_id)
            entry.notes.extend(self.corr.notes_that_hold("notes", entry.local_id, notes, GAME, ids))
        for entry in self.entries:
            entry.aliases = self.clean_aliases(entry)

    @staticmethod
    def clean_aliases(entry: Entry) -> list[str]:
        """One alias per spelling (case and guillemets aside), never the title."""
        seen = {alias_key(entry.title or "")}
        kept = []
        for alias in entry.aliases:
            key = alias_key(alias)
            if key and key not in seen:
                seen.add(key)
                kept.append(alias)
        return kept
