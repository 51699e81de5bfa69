"""Marvel Champions' front matter: the change summary, the overview, the golden and grim rules,
the component limits and the round structure, as sections and rules of `regles`.
"""

from __future__ import annotations

import re

from arbitre.importers.marvel_champions.builder import EntryBuilder
from arbitre.importers.marvel_champions.parts import FRONT_SECTIONS, Part
from arbitre.importers.marvel_champions.text import HEADING, OL, Line, render, sentence_case
from arbitre.importers.text import slugify


class FrontParser(EntryBuilder):
    """The front matter: the change summary's references, the overview, the golden and grim rules,
    the component limits and the round structure."""

    def front(self, parts: dict[str, Part]) -> None:
        """The change summary, then a section or rule per part of FRONT_SECTIONS (the golden rules
        and the round's steps as rules under their section)."""
        self.change_summary(parts["RÉSUMÉ DES CHANGEMENTS IMPORTANTS"])
        for name in FRONT_SECTIONS:
            part = parts[name]
            lines = self.body(part.heading.line + 1, part.end)
            start, end = part.heading.line, self.last(lines, part.heading.line)
            local = slugify(name)
            title = sentence_case(name)
            if name == "LES RÈGLES D'OR":
                self.make(local, "regles", "section", "", start, end, title=title)
                self.golden_rules(local, lines)
            elif name == "DÉROULEMENT D'UN ROUND":
                intro = [ln for ln in lines if not OL.match(ln.text)]
                self.make(local, "regles", "section", render(intro), start, end, title=title)
                self.round_steps(local, lines)
            elif name == "PRÉSENTATION GÉNÉRALE":
                self.make(
                    local,
                    "regles",
                    "section",
                    render(lines),
                    start,
                    end,
                    title=title,
                    role="front-matter",
                )
            else:  # LA SOMBRE RÈGLE, LIMITATION DU MATÉRIEL: one rule each
                self.make(local, "regles", "rule", render(lines), start, end, title=title)

    def change_summary(self, summary: Part) -> None:
        """The change summary's section (`summary_id`), referring to the `summary_refs`."""
        lines = self.body(summary.heading.line + 1, summary.end)
        # Lines 24–26 (« GUIDE DE RÉFÉRENCE », « VERSION 1.4 ») are the document's title.
        lines = [ln for ln in lines if not HEADING.match(ln.text)]
        self.make(
            "resume-des-changements",
            "regles",
            "section",
            render(lines),
            summary.heading.line,
            self.last(lines, summary.heading.line),
            title=sentence_case(summary.name),
            role="front-matter",
            refs=[self.gid(r) for r in self.corr.get("summary_refs", [])],
        )
        self.summary_id = self.gid("resume-des-changements")

    def golden_rules(self, local: str, lines: list[Line]) -> None:
        """One untitled rule per line of the golden rules, under their section `local`."""
        for i, line in enumerate(lines, 1):
            self.make(
                f"{local}/{i}",
                "regles",
                "rule",
                render([line]),
                line.no,
                line.end,
                parent=self.gid(local),
            )

    def round_steps(self, local: str, lines: list[Line]) -> None:
        """One `step` rule per numbered line of the round's structure, under its section `local`,
        titled by its text up to « **Voir** »."""
        for line in lines:
            m = OL.match(line.text)
            if not m:
                continue
            step = line.text[m.end() :]
            label = re.split(r"\s*\*\*Voir", step)[0].rstrip(".")
            entry = self.make(
                f"{local}/{m[1]}",
                "regles",
                "rule",
                step,
                line.no,
                line.end,
                title=label,
                number=m[1],
                parent=self.gid(local),
                role="step",
            )
            self.pending_refs.append((entry, [line]))
