"""French typography of the rendered pages: a no-break space inside « » and before ? ! : ;
so that a phone's narrow line never starts with one (« 609.1f » stays whole).

The documents' text keeps its ordinary spaces (content/ is the source's words); the spaces
are made unbreakable in the HTML mkdocs writes (`TypographyPlugin`, added by `build.run_mkdocs`),
in text only: not in tags and their attributes, nor inside <pre>, <code>, <script>, <style> or
<textarea>.
"""

from __future__ import annotations

import re
from typing import Any

from mkdocs.plugins import BasePlugin

from arbitre.site.text import between

NBSP = "\u00a0"
# Whole elements whose text is code or data, and tags (with their attributes, comments too).
_UNTOUCHED = re.compile(
    r"<(pre|code|script|style|textarea)\b.*?</\1\s*>|<!--.*?-->|<[^>]*>", re.S | re.I
)
_OPENING = re.compile(r"« +")
_CLOSING = re.compile(r" +(?=[»?!:;])")


def french_spaces(text: str) -> str:
    """`text` (no markup) with « x » and « x ? » spaced by no-break spaces."""
    return _CLOSING.sub(NBSP, _OPENING.sub("«" + NBSP, text))


def french_html(html: str) -> str:
    """`french_spaces` on the text of an HTML page, everything else as it was."""
    return between(_UNTOUCHED, html, french_spaces)


class TypographyPlugin(BasePlugin):
    """Applies `french_html` to every page mkdocs writes."""

    def on_post_page(self, output: str, /, **_kwargs: Any) -> str:
        return french_html(output)
