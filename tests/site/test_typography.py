"""French typography of the rendered pages (`site/typography.py`): « x » and « x ? » are never
split at a line's end, the text only; markup, attributes and code keep their spaces."""

from __future__ import annotations

from arbitre.site.typography import NBSP, french_html, french_spaces


def test_guillemets_and_high_punctuation_take_a_no_break_space():
    assert french_spaces("imprimé (« 609.1f », « règle 408 »)") == (
        f"imprimé («{NBSP}609.1f{NBSP}», «{NBSP}règle 408{NBSP}»)"
    )
    assert french_spaces("Puis-je bloquer ? Oui : non ; si !") == (
        f"Puis-je bloquer{NBSP}? Oui{NBSP}: non{NBSP}; si{NBSP}!"
    )
    # Already unbreakable, glued, or a space elsewhere: left as it is.
    assert french_spaces("«x» a:b http://x") == "«x» a:b http://x"


def test_only_the_text_of_a_page_changes():
    page = (
        '<p title="« a » : b" data-q="x ?">Un « mot » : là</p>'
        "<pre><code>state : {a: 1} # « x »</code></pre>"
        '<script>const s = "« b » ?";</script><!-- « c » -->'
        "<code>a ; b</code><style>a::after { content: ' »'; }</style>"
    )
    assert french_html(page) == page.replace("Un « mot » : là", f"Un «{NBSP}mot{NBSP}»{NBSP}: là")
