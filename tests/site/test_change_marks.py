"""The badge an entry changed by the current edition carries (`site/editions.change_mark`): what
the edition did to it, in the words a judge reads at a glance — both when it was renamed or
renumbered and reworded."""

from __future__ import annotations

import pytest

from arbitre.kb.changes import EntryChange
from arbitre.kb.entry import Entry, SourceSpan
from arbitre.site.editions import change_mark, plain

V = "en v1.5"


def entry(number: str | None, title: str | None, text: str) -> Entry:
    return Entry(
        id="g/x",
        game="g",
        document="glossaire",
        kind="glossary",
        text=text,
        source=SourceSpan("g.txt", 1, 1),
        number=number,
        title=title,
    )


@pytest.mark.parametrize(
    ("old", "new", "edited", "badge"),
    [
        (
            ("608.1d", None, "Bloqueurs."),
            ("608.1e", None, "Bloqueurs."),
            False,
            "renuméroté en v1.5",
        ),
        (
            (None, "Allié", "Un allié."),
            (None, "Allié joueur", "Un allié."),
            False,
            "renommé en v1.5",
        ),
        (
            (None, "Icône", "X en jeu."),
            (None, "Icône du méchant", "X visibles en jeu."),
            True,
            "renommé et modifié en v1.5",
        ),
        (
            ("3", None, "Trois."),
            ("4", None, "Trois, enfin."),
            True,
            "renuméroté et modifié en v1.5",
        ),
        ((None, "Allié", "Un."), (None, "Allié", "Deux."), True, "modifié en v1.5"),  # id only
        ((None, "Allié", "Un."), (None, "Allié", "Un."), False, None),  # nothing a reader sees
    ],
)
def test_a_moved_entry_says_how_it_moved_and_whether_its_words_changed(old, new, edited, badge):
    change = EntryChange("moved", "g/x", entry(*old), entry(*new), from_id="g/w", edited=edited)
    mark = change_mark(change, V)
    assert (mark.text if mark else None) == badge
    if mark is not None:
        assert mark.change == ("edited" if edited else "moved")


def test_added_and_edited_entries_say_so():
    new = entry("1", None, "Un.")
    assert change_mark(EntryChange("added", "g/x", None, new), V).text == "nouveau en v1.5"
    edited = EntryChange("edited", "g/x", entry("1", None, "Zéro."), new)
    assert change_mark(edited, V).text == "modifié en v1.5"
    assert change_mark(EntryChange("removed", "g/x", new, None), V) is None


def test_a_diff_shows_a_list_item_as_the_page_does():
    text = "Texte **gras**.\n\n- Une [icône](../x/) ici\n  - dessous\n3 - 2 reste"
    assert plain(text) == "Texte gras.\n\n• Une icône ici\n  • dessous\n3 - 2 reste"
