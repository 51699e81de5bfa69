"""Worked examples for the site: Markdown with links to the rules, and the rule -> examples index."""

from __future__ import annotations

from arbitre.model.examples import examples_citing, worked_examples
from arbitre.model.render import example_anchor, render_markdown
from arbitre.urls import entry_url


def _trace(name: str):
    return next(t for t in worked_examples() if t.scenario == name)


def test_markdown_without_kb_cites_ids():
    text = render_markdown(_trace("vitesse-zero"))
    assert text.startswith("## Vitesse 0")
    assert "{: #exemple--vitesse-zero }" in text
    assert "`the-spoils/609.1b`" in text
    assert "\n1. Annonce" in text
    assert "**Résultat**" in text


def test_markdown_with_kb_links_entries(real_kb):
    if real_kb.game("the-spoils") is None:
        return
    text = render_markdown(_trace("vitesse-zero"), real_kb, href=lambda e: entry_url(e, real_kb))
    entry = real_kb.get("the-spoils/609.1b")
    assert f"[609.1b]({entry_url(entry, real_kb)})" in text
    assert f"[faq/19]({entry_url(real_kb.get('the-spoils/faq/19'), real_kb)})" in text


def test_markdown_shows_the_notes():
    text = render_markdown(_trace("blessures-egales-aux-points-de-vie"))
    assert "!!! note" in text and "dépasse" in text


def test_worked_examples_keep_the_games_of_the_kb(real_kb):
    games = {g.id for g in real_kb.games}
    assert {t.game for t in worked_examples(real_kb)} <= games


def test_rules_link_back_to_their_examples():
    index = examples_citing(worked_examples())
    assert "vitesse-zero" in [t.scenario for t in index["the-spoils/faq/19"]]
    assert "the-spoils/609.1f" in index
    assert example_anchor(index["ashes/degats/etape-2"][0]).startswith("exemple--")
    assert "zero-contre-negatif" in [t.scenario for t in index["altered/4.2.4.d"]]
    assert "exemple-d-attaque" in [t.scenario for t in index["four-souls/comment-jouer/attaquer/1"]]
    assert "pris-dans-la-toile" in [
        t.scenario for t in index["marvel-champions/faq/boite-de-base/pris-dans-la-toile-9/1"]
    ]


def test_markdown_of_the_new_games_links_their_rules(real_kb):
    for name, rule in (
        ("egalite", "altered/4.2.4.c"),
        ("exemple-de-jet-de-des", "four-souls/comment-jouer/jet-de-des/1"),
        ("deferlement", "marvel-champions/glossaire/deferlement"),
    ):
        trace = _trace(name)
        entry = real_kb.get(rule)
        assert entry is not None, rule
        link = lambda e: entry_url(e, real_kb)  # noqa: E731
        assert entry_url(entry, real_kb) in render_markdown(trace, real_kb, href=link)


def test_markdown_takes_a_link_function(real_kb):
    if real_kb.game("the-spoils") is None:
        return
    text = render_markdown(_trace("vitesse-zero"), real_kb, href=lambda e: f"r.md#{e.local_id}")
    assert "[609.1b](r.md#609.1b)" in text
