"""The snippet's window (present.py `_window`): matches in <mark>, the documents' bold
(`**…**`) in <strong> — opened when the window starts inside it, closed at its end, never a
lone `**` shown to the player."""

from __future__ import annotations

import pytest

from arbitre.search.present import _window
from arbitre.search.service import _plain


@pytest.mark.parametrize(
    ("text", "begin", "end", "spans", "shown"),
    [
        ("a **b** c", 0, 9, [], "a <strong>b</strong> c"),
        ("**abc def** ghi", 4, 15, [], "<strong>c def</strong> ghi"),  # starts inside
        ("x **abc**", 3, 9, [], "<strong>abc</strong>"),  # the start cuts a `**`
        ("abc **def**", 0, 5, [], "abc "),  # the end cuts a `**`
        ("abc **def ghi**", 0, 9, [], "abc <strong>def</strong>"),  # ends inside
        ("**a** **b** c", 5, 13, [], " <strong>b</strong> c"),  # two before: not inside
        (
            "un **allié épuisé** défend",
            0,
            26,
            [(5, 10), (20, 26)],
            "un <strong><mark>allié</mark> épuisé</strong> <mark>défend</mark>",
        ),
        ("l'**«** x", 0, 9, [], "l&#x27;<strong>«</strong> x"),  # escaped, as before
        ("3 * 4 = 12", 0, 10, [], "3 * 4 = 12"),  # a lone star is text
    ],
)
def test_the_window_shows_the_documents_bold_and_the_matches(text, begin, end, spans, shown):
    assert _window(text, begin, end, spans) == shown


def test_plain_output_keeps_the_words_not_the_bold():
    shown = "un <strong><mark>allié</mark> épuisé</strong> d&#x27;abord"
    assert _plain(shown) == "un allié épuisé d'abord"


def test_no_snippet_of_the_real_documents_shows_a_lone_bold_marker(real):
    """Marvel Champions' and Altered's glossaries print their keywords in bold: the snippets
    of searches for them carry <strong>, balanced, and no `**`."""
    seen = 0
    for query in ("allié", "incliner contrer", "interruption", "réponse forcée", "héros"):
        for game in ("marvel-champions", "altered", None):
            for hit in real.search(query, game=game, limit=20)["hits"]:
                shown = hit["highlights"]
                assert "**" not in shown, (query, hit["id"])
                assert shown.count("<strong>") == shown.count("</strong>"), (query, hit["id"])
                seen += "<strong>" in shown
    assert seen > 5
