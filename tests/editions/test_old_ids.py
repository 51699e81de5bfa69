"""What an id of an earlier edition names today (`History.old_ids`): the entry's current id
after renames and renumberings, or the entry as it stood when an edition removed it — the
answer every old short link gives (issue #22: « every id of an earlier edition has its /r/<id>
page »)."""

from __future__ import annotations

from arbitre.kb.editions import Change, Edition, History
from arbitre.kb.entry import Entry, SourceSpan


def rule(local: str, text: str) -> Entry:
    return Entry(
        id=f"g/{local}",
        game="g",
        document="regles",
        kind="rule",
        text=text,
        source=SourceSpan("g.txt", 1, 1),
        number=local,
    )


def history() -> History:
    """v1: 1, 2, 3.  v2: a new 1 (the old 1 becomes 1b), 2 renamed 2x, 3 removed.
    v3: 1b removed, 2x renamed 2y."""
    one, two, three = rule("1", "Un."), rule("2", "Deux."), rule("3", "Trois.")
    new_one, one_b = rule("1", "Nouveau."), rule("1b", "Un.")
    two_x, two_y = rule("2x", "Deux."), rule("2y", "Deux.")
    v2 = Edition(
        "2",
        None,
        "g2.txt",
        changes=[
            Change("added", "g/1"),
            Change("moved", "g/1b", one, "g/1"),
            Change("moved", "g/2x", two, "g/2"),
            Change("removed", "g/3", three),
        ],
    )
    v3 = Edition(
        "3",
        None,
        "g3.txt",
        changes=[Change("removed", "g/1b", one_b), Change("moved", "g/2y", two_x, "g/2x")],
    )
    return History("g", [Edition("1", None, "g1.txt"), v2, v3], [new_one, two_y])


def test_every_id_of_an_earlier_edition_names_something_today():
    assert history().old_ids() == {
        "g/1b": "g/1b@2",  # removed in v3
        "g/2": "g/2y",  # renamed twice
        "g/2x": "g/2y",
        "g/3": "g/3@1",  # removed in v2
    }


def test_an_id_a_current_entry_took_again_means_the_current_entry():
    ids = history().old_ids()
    assert "g/1" not in ids  # the new rule 1, not the old one (now removed as 1b)


def test_one_edition_has_no_old_ids():
    assert History("g", [Edition("1", None, "g1.txt")], [rule("1", "Un.")]).old_ids() == {}
