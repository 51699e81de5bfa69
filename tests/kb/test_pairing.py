"""Pairing entries across editions, and the changes derived from a pairing: a table per stage."""

from __future__ import annotations

import pytest

from arbitre.kb.changes import changes_between, number_map, renumber, word_diff
from arbitre.kb.entry import Entry, SourceSpan
from arbitre.kb.pairing import ReviewedPairs, masked, pair, read_pairings


def entry(
    local: str, text: str, title: str | None = None, kind: str = "rule", number=None
) -> Entry:
    return Entry(
        id=f"g/{local}",
        game="g",
        document="regles",
        kind=kind,
        text=text,
        source=SourceSpan("s.txt", 1, 1),
        title=title,
        number=number,
    )


LONG = "Les joueurs défenseurs peuvent choisir un ou plusieurs personnages non épuisés qu'ils contrôlent pour bloquer"


def pairs_of(result) -> set[tuple[str, str, str]]:
    return {(p.old.split("/", 1)[1], p.new.split("/", 1)[1], p.how) for p in result.pairs}


@pytest.mark.parametrize(
    "old, new, expected",
    [
        # the same id and text
        ([entry("1.1", LONG)], [entry("1.1", LONG)], {("1.1", "1.1", "same")}),
        # renumbered: the same text under another number, found once on each side
        (
            [entry("1.1", LONG), entry("1.2", "Résolvez le combat.")],
            [
                entry("1.1", "Une étape nouvelle, insérée avant."),
                entry("1.2", LONG),
                entry("1.3", "Résolvez le combat."),
            ],
            {("1.1", "1.2", "text"), ("1.2", "1.3", "text")},
        ),
        # a cited number masked: still the same text
        (
            [
                entry(
                    "2",
                    "Voir la règle 609.1f pour le détail des étapes de combat et de leur ordre.",
                )
            ],
            [
                entry(
                    "2",
                    "Voir la règle 609.1g pour le détail des étapes de combat et de leur ordre.",
                )
            ],
            {("2", "2", "text")},
        ),
        # the same id, reworded: an edit
        (
            [entry("3", LONG)],
            [entry("3", LONG + " et en épuisant chacun d'eux")],
            {("3", "3", "id")},
        ),
        # the same id, its text another's: not the same entry (an inserted rule took the
        # number of the old one, which moved on reworded) — the old rule is paired by
        # similarity with the rule that carries it now, the inserted rule is new
        (
            [entry("5", LONG)],
            [
                entry("5", "Une étape nouvelle : chaque joueur révèle sa main."),
                entry("6", LONG + " et en épuisant chacun d'eux"),
            ],
            {("5", "6", "similar")},
        ),
        # a renamed glossary term (its slug changed) with the same definition
        (
            [entry("glossaire/allie", LONG, "Allié", "glossary")],
            [entry("glossaire/allie-joueur", LONG, "Allié joueur", "glossary")],
            {("glossaire/allie", "glossaire/allie-joueur", "similar")},
        ),
    ],
)
def test_each_stage_pairs_what_it_should(old, new, expected):
    assert pairs_of(pair(old, new)) == expected


def test_an_entry_rewritten_under_its_id_is_not_paired_by_its_id():
    old = [entry("7", LONG)]
    new = [entry("7", "Résolvez le combat dans l'ordre des étapes décrites plus haut.")]
    result = pair(old, new)
    assert result.pairs == []
    assert result.removed == ["g/7"] and result.added == ["g/7"]


def test_a_quantity_is_not_a_rule_number():
    assert (
        masked("Piochez 8 cartes (voir 609.1f, 4.2.4.d et 604).")
        == "Piochez 8 cartes (voir #, # et #)."
    )
    old = [entry("4", "Chaque joueur pioche 8 cartes au début de la partie, puis garde sa main.")]
    new = [entry("4", "Chaque joueur pioche 9 cartes au début de la partie, puis garde sa main.")]
    result = pair(old, new)
    assert pairs_of(result) == {("4", "4", "id")}  # paired, and an edit, not the same text
    assert [
        c.change
        for c in changes_between({e.id: e for e in old}, {e.id: e for e in new}, {"g/4": "g/4"})
    ] == ["edited"]


def test_an_unsure_pair_is_a_proposal_not_a_pair():
    old = [
        entry(
            "a",
            "Un allié attaque ou contre puis subit des dégâts consécutifs selon ses icônes.",
            kind="glossary",
        )
    ]
    new = [
        entry(
            "b",
            "Un allié attaque puis subit des dégâts consécutifs selon ses icônes de dégâts.",
            kind="glossary",
        ),
        entry(
            "c",
            "Un allié contre puis subit des dégâts consécutifs selon ses icônes de dégâts.",
            kind="glossary",
        ),
    ]
    result = pair(old, new)
    assert result.pairs == []
    assert [(p.old, p.new, p.rival) for p in result.proposals] == [("g/a", "g/b", "g/c")]
    assert result.removed == ["g/a"] and result.added == ["g/b", "g/c"]


def test_the_reviewed_table_publishes_and_rejects():
    old = [entry("a", LONG)]
    new = [entry("a", LONG), entry("z", "Tout autre chose, sans rapport avec le reste du texte.")]
    forced = ReviewedPairs("2", pairs={"g/a": "g/z"})
    assert pairs_of(pair(old, new, forced)) == {("a", "z", "reviewed")}
    refused = ReviewedPairs("2", rejected=frozenset({("g/a", "g/a")}))
    result = pair(old, new, refused)
    assert result.pairs == [] and result.removed == ["g/a"]


def test_a_reference_renumbered_is_not_an_edit():
    old = {e.id: e for e in [entry("608.1d", LONG, number="608.1d"), entry("7", "Voir 608.1d.")]}
    new = {
        e.id: e
        for e in [
            entry("608.1d", "Préparation.", number="608.1d"),
            entry("608.1e", LONG, number="608.1e"),
            entry("7", "Voir 608.1e."),
        ]
    }
    pairs = {"g/608.1d": "g/608.1e", "g/7": "g/7"}
    assert number_map(old, new, pairs) == {"608.1d": "608.1e"}
    assert (
        renumber("Voir 608.1d, pas 608.1da.", {"608.1d": "608.1e"}) == "Voir 608.1e, pas 608.1da."
    )
    found = [(c.change, c.id, c.from_id) for c in changes_between(old, new, pairs)]
    assert found == [
        ("added", "g/608.1d", None),
        ("moved", "g/608.1e", "g/608.1d"),
        ("renumbered", "g/7", None),
    ]


def test_a_removed_entry_is_listed_where_it_stood():
    old = {e.id: e for e in [entry("1", "un texte"), entry("2", "deux"), entry("3", "trois")]}
    new = {e.id: e for e in [entry("1", "un texte"), entry("3", "trois")]}
    found = [(c.change, c.id) for c in changes_between(old, new, {"g/1": "g/1", "g/3": "g/3"})]
    assert found == [("removed", "g/2")]


def test_word_diff():
    assert word_diff("n'est pas affectée", "n'est jamais affectée") == [
        ("=", "n'est "),
        ("-", "pas"),
        ("+", "jamais"),
        ("=", " affectée"),
    ]


def test_the_reviewed_pairings_table_reports_at_its_line():
    text = "'2':\n  pairs:\n    g/a: g/b\n    x: g/c\n  rejected:\n    - [g/a, g/b]\n"
    tables, problems = read_pairings(text, "content/g/pairings.yaml", "g")
    messages = [str(p) for p in problems]
    assert "content/g/pairings.yaml:4: 2: 'x': 'g/c': both must be ids of g" in messages
    assert any("g/a -> g/b is both paired and rejected" in m for m in messages)
    assert tables["2"].pairs == {"g/a": "g/b"}


@pytest.mark.parametrize("rejected", ["5", "g/a", "{g/a: g/b}"])
def test_a_rejected_that_is_no_list_is_reported_at_its_line(rejected):
    """A number, a text or a mapping under `rejected` is a problem at its line (a number was a
    TypeError traceback, a text was read letter by letter)."""
    text = f"'2':\n  pairs:\n    g/a: g/b\n  rejected: {rejected}\n"
    tables, problems = read_pairings(text, "content/g/pairings.yaml", "g")
    assert [str(p) for p in problems] == [
        "content/g/pairings.yaml:4: 2: rejected holds [old id, new id] pairs"
    ]
    assert tables["2"].pairs == {"g/a": "g/b"} and not tables["2"].rejected


def test_a_row_with_keys_of_two_types_is_a_problem_not_a_traceback():
    """Unknown fields are named in one order whatever their type (a number was a TypeError
    traceback, and a number beside a text one whose words followed Python's hash seed)."""
    for text in ("'2':\n  3: x\n  y: z\n", "'2':\n  y: z\n  3: x\n", "'2':\n  3: x\n"):
        tables, problems = read_pairings(text, "content/g/pairings.yaml", "g")
        assert [str(p) for p in problems] == [
            "content/g/pairings.yaml:1: 2: unknown field(s) " + ("3, y" if "y" in text else "3")
        ]
        assert tables == {}
