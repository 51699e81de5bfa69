"""The glossary auto-link table: `term_links(kb)` and the spans the pages use."""

from __future__ import annotations

import pytest

from arbitre.kb.entry import Entry, SourceSpan
from arbitre.kb.knowledge import Game, KnowledgeBase
from arbitre.kb.terms import fold_with_positions, term_links, term_spans, used_in

from .small_kb import small_kb


def _kb(text: str, *terms: tuple[str, list[str]], kind: str = "rule", **fields) -> KnowledgeBase:
    """One entry `g/1` with `text`, and glossary terms (title, aliases) with ids g/t/<n>."""
    src = SourceSpan("s.txt", 1, 1)
    entries = [Entry("g/1", "g", "d", kind, text, src, number="1", **fields)]
    for n, (title, aliases) in enumerate(terms):
        entries.append(
            Entry(f"g/t/{n}", "g", "d", "glossary", "déf.", src, title=title, aliases=aliases)
        )
    return KnowledgeBase([Game("g", "G", "s.txt", [("d", "D")])], entries)


def _linked(text: str, *terms: tuple[str, list[str]], **fields) -> list[str]:
    """The linked substrings of `text`, in order."""
    kb = _kb(text, *terms, **fields)
    return [text[s.start : s.end] for s in term_spans(kb).get("g/1", [])]


@pytest.mark.parametrize(
    ("text", "terms", "expected"),
    [
        # Case and accents are folded both ways.
        ("Vous EPUISEZ la carte.", [("Épuisez", [])], ["EPUISEZ"]),
        ("Une carte épuisée.", [("Epuisee", [])], ["épuisée"]),
        # The longest name wins at a position; the shorter term still links elsewhere.
        (
            "La réserve active puis la réserve.",
            [("Réserve", []), ("Réserve active", [])],
            ["réserve active", "réserve"],
        ),
        # An alias links to its term; only the first use of a term links.
        ("Les alliés et un allié.", [("Allié", ["alliés"])], ["alliés"]),
        # Never inside a word, a hyphenated compound or after a digit.
        ("Les contre-attaques et attaquer, 2attaque.", [("Attaque", [])], []),
        ("L'attaque commence.", [("Attaque", [])], ["attaque"]),
        # Never in a heading line, a link, code or a URL; the next plain use links instead.
        ("## Attaque\nUne attaque.", [("Attaque", [])], ["attaque"]),
        ("[Attaque](x.md) puis `attaque` puis attaque.", [("Attaque", [])], ["attaque"]),
        ("Voir https://exemple.fr/attaque et <b>attaque</b>.", [("Attaque", [])], ["attaque"]),
        # « X » in a name matches a number.
        ("Elle a Riposte 2.", [("Riposte X", [])], ["Riposte 2"]),
        # A qualifier in parentheses is optional.
        ("Le jeton est retiré.", [("Jeton (marqueur)", [])], ["jeton"]),
        # Line breaks and runs of spaces inside a name.
        ("La réserve\nactive.", [("Réserve active", [])], ["réserve\nactive"]),
    ],
)
def test_linked_substrings(
    text: str, terms: list[tuple[str, list[str]]], expected: list[str]
) -> None:
    assert _linked(text, *terms) == expected


def test_first_use_order_and_positions_map_back_to_the_original_text() -> None:
    text = "Œuvre : l'œuvre puis l'allié."
    spans = term_spans(_kb(text, ("oeuvre", []), ("allie", [])))["g/1"]
    assert [(s.start, s.end, s.term) for s in spans] == [(0, 5, "g/t/0"), (23, 28, "g/t/1")]
    assert [text[s.start : s.end] for s in spans] == ["Œuvre", "allié"]


def test_fold_positions() -> None:
    folded, positions = fold_with_positions("Éœa")
    assert folded == "eoea"
    assert positions == [0, 1, 1, 2, 3]


def test_only_rule_faq_example_errata_and_note_text_links() -> None:
    assert _linked("Une attaque.", ("Attaque", []), kind="section") == []
    assert _linked("Une attaque.", ("Attaque", []), kind="faq") == ["attaque"]


def test_small_kb_table() -> None:
    kb = small_kb()
    assert term_links(kb) == {
        "jeu-a/101.1": ["jeu-a/glossaire/epuiser"],
        "jeu-a/101.1a": ["jeu-a/glossaire/reserve-active", "jeu-a/glossaire/reserve"],
        "jeu-a/101.1a/exemple": ["jeu-a/glossaire/epuiser", "jeu-a/glossaire/allie"],
        "jeu-a/102.1/ndt": ["jeu-a/glossaire/riposte-x"],
        "jeu-a/faq/q1": ["jeu-a/glossaire/epuiser"],
        # Game B has its own « Allié »; it never links to game A's terms (no « épuiser » there).
        "jeu-b/1.1": ["jeu-b/glossaire/allie"],
    }


def test_never_links_a_term_from_the_entry_that_defines_it() -> None:
    # 102.1 defines « Épuiser » (defined_by) and starts with that word: no link.
    assert "jeu-a/102.1" not in term_links(small_kb())


def test_a_redirect_links_to_its_target() -> None:
    kb = small_kb()
    kb.entries[2].text += " Les gardes arrivent."  # jeu-a/101.1; « Gardes » redirects to « Allié »
    assert term_links(KnowledgeBase(kb.games, kb.entries))["jeu-a/101.1"] == [
        "jeu-a/glossaire/epuiser",
        "jeu-a/glossaire/allie",
    ]


def test_used_in_is_the_reverse_table() -> None:
    kb = small_kb()
    assert used_in(kb)["jeu-a/glossaire/epuiser"] == [
        "jeu-a/101.1",
        "jeu-a/101.1a/exemple",
        "jeu-a/faq/q1",
    ]
