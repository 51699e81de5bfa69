"""Where Arbitre's browser checks find Chromium and how they start it (the browser tests, the
READMEs' screenshots, the static-search benchmark): Debian's `chromium` driven by Playwright's
Python package, never a downloaded browser.  `$ARBITRE_CHROMIUM` names another binary."""

from __future__ import annotations

import os
from pathlib import Path

CHROMIUM = Path(os.environ.get("ARBITRE_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
