"""Ashes' OCR repair: apostrophes, digits, hyphenated line ends and « a » for « à » in code, plus
the reviewed tables of words and phrases; a table entry that matched nothing is stale.
"""

from __future__ import annotations

import re

from arbitre.importers.corrections import Corrections
from arbitre.importers.text import normalize_chars, replace_words


class _Repairer:
    """Applies the generic OCR repairs and the reviewed tables of corrections/ashes.yaml."""

    def __init__(self, corrections: Corrections) -> None:
        words: dict[str, str] = dict(corrections.get("words") or {})
        self.table_keys = list(words)
        # A lower-case table key also repairs its capitalised form (sentence start).
        for wrong, right in list(words.items()):
            if wrong[:1].islower():
                words.setdefault(wrong[:1].upper() + wrong[1:], right[:1].upper() + right[1:])
        self.words = words
        self.phrases: dict[str, str] = dict(corrections.get("phrases") or {})
        self.verb_a: list[str] = list(corrections.get("verb_a") or [])
        self.verb_next: set[str] = set(corrections.get("a_is_verb_before") or [])
        self.used_words: set[str] = set()
        self.used_phrases: set[str] = set()
        self.used_verb_a: set[str] = set()
        self.used_verb_next: set[str] = set()

    def __call__(self, text: str) -> str:
        text = normalize_chars(text)
        # Curly apostrophes, and a straight one doubled after a curly one (« d’'un »).
        text = text.replace("’'", "'").replace("’", "'").replace("‘", "'")
        for wrong, right in self.phrases.items():
            if wrong in text:
                self.used_phrases.add(wrong)
                text = text.replace(wrong, right)
        # Elided « l' » read as « [ » (« [étape », « ['unité »), as « I' », or lost before « ' ».
        text = re.sub(r"\['?(?=\w)", "l'", text)
        text = re.sub(r"\bI'(?=[\w«])", "l'", text)
        text = re.sub(r"(?<=\s)'(?=\w)", "l'", text)
        # « lll » for « Ill » (« lllusion »): French has no word starting with three l.
        text = re.sub(r"\blll", "Ill", text)
        # « I » or « | » alone after a word is a « 1 » (« Lancer I », « page | »): neither is
        # a French word.
        text = re.sub(r"(?<=\w )[I|](?![\w'])", "1", text)
        # A capital « A » standing alone is « À »; the verb never starts a sentence here.
        text = re.sub(r"(?<![\w'])A(?= )", "À", text)
        text = replace_words(text, self.words, self.used_words)
        return self._preposition_a(text)

    def _preposition_a(self, text: str) -> str:
        """« a » stands for « à » except where it is the verb « avoir »."""
        protected: list[tuple[int, int]] = []
        for phrase in self.verb_a:
            for m in re.finditer(re.escape(phrase), text):
                protected.append((m.start(), m.end()))
                self.used_verb_a.add(phrase)

        def verb(m: re.Match[str]) -> bool:
            after = re.match(r"\s*([\w']+)", text[m.end() :])
            nxt = after.group(1) if after else ""
            if nxt in self.verb_next:
                self.used_verb_next.add(nxt)
            if any(s <= m.start() < e for s, e in protected):
                return True
            before = re.findall(r"\w+", text[: m.start()])[-2:]
            prev = before[-1] if before else ""
            if prev in ("il", "elle", "on", "qui", "y") or before == ["y", "en"]:
                return True  # « il a », « qui a », « il y a », « il n'y en a »
            return nxt in self.verb_next  # a past participle: « a été », « a protégé »

        return re.sub(r"(?<![\w'])a(?![\w'])", lambda m: m.group(0) if verb(m) else "à", text)


def _check_tables_used(repair: _Repairer, corrections: Corrections) -> None:
    """A repair that matched nothing is stale: the publisher printed it right, or the text is
    gone; recorded so that the table stays reviewed."""
    used_words = {
        w
        for w in repair.table_keys
        if w in repair.used_words or (w[:1].upper() + w[1:]) in repair.used_words
    }
    why = "matches nothing in the leaflet any more"
    corrections.stale_unused("words", used_words, why)
    corrections.stale_unused("phrases", repair.used_phrases, why)
    for section, used in (
        ("verb_a", repair.used_verb_a),
        ("a_is_verb_before", repair.used_verb_next),
    ):
        for index, item in enumerate(corrections.get(section, [])):
            if item not in used:
                corrections.stale(section, item, why, at=(index,))
