"""The editions part of the benchmark (`tools/benchmark.py --editions`): how long bringing in a
new edition of the largest document takes, against a plain `arbitre import` of the same game.

Each run works on a fresh scratch copy of the project (content, glossary, mkdocs.yml and the
rules model's scenarios), so that every `edition add` really adds an edition.  The new edition
is today's source with one rule reworded and one step inserted (its later steps renumbered):
pairing, carrying and checking all have work to do.
"""

from __future__ import annotations

import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
GAME = "altered"  # the largest document: 764 entries


def _copy(target: Path) -> Path:
    for name in ("content", "glossary"):
        shutil.copytree(ROOT / name, target / name)
    shutil.copy(ROOT / "mkdocs.yml", target / "mkdocs.yml")
    model = ROOT / "tools" / "arbitre" / "model"
    for path in model.rglob("*.yaml"):
        if "scenarios" in path.relative_to(model).parts or path.name == "not-reproduced.yaml":
            dest = target / "tools" / "arbitre" / "model" / path.relative_to(model)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, dest)
    return target


def next_edition(root: Path, out: Path) -> Path:
    """Today's Altered source with 4.2.4.d reworded and a step inserted before 7.4.3.b."""
    editions = yaml.safe_load((root / "content" / GAME / "editions.yaml").read_text("utf-8"))
    source = root / "content" / GAME / "sources" / editions["editions"][-1]["source"]
    lines = source.read_text(encoding="utf-8").split("\n")
    for i, line in enumerate(lines):
        if line.startswith("4.2.4.d "):
            lines[i] = line.replace("n'est pas suffisante", "ne suffit jamais", 1)
    steps = [i for i, line in enumerate(lines) if re.match(r"7\.4\.3\.[b-z] ", line)]
    for i in steps:
        letter = lines[i][6]
        lines[i] = f"7.4.3.{chr(ord(letter) + 1)}" + lines[i][7:]
    lines[steps[0] : steps[0]] = ["7.4.3.b Une étape ajoutée par cette édition.", ""]
    out.write_text("\n".join(lines), encoding="utf-8")
    return out


def _timed(args: list[str]) -> float:
    started = time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if done.returncode != 0:
        raise SystemExit(done.stdout + done.stderr)
    return time.perf_counter() - started


def rows(runs: int = 3) -> list[tuple[str, str]]:
    imports: list[float] = []
    adds: list[float] = []
    for n in range(runs):
        with tempfile.TemporaryDirectory(prefix="arbitre-bench-editions-") as tmp:
            root = _copy(Path(tmp) / "project")
            new = next_edition(root, Path(tmp) / "altered-next.txt")
            base = [sys.executable, "-m", "arbitre", "--root", str(root)]
            imports.append(_timed(base + ["import", "--game", GAME]))
            adds.append(
                _timed(base + ["edition", "add", GAME, str(new), "--version", f"bench-{n}"])
            )
    return [
        (
            f"`arbitre import --game {GAME}` (largest document)",
            f"median {statistics.median(imports):.2f} s (min {min(imports):.2f}, n = {runs})",
        ),
        (
            f"`arbitre edition add {GAME}` (a rule reworded, a step inserted)",
            f"median {statistics.median(adds):.2f} s (min {min(adds):.2f}, n = {runs}): "
            f"{statistics.median(adds) / statistics.median(imports):.1f}× the import "
            "(pairing, carrying, the scratch check, the report and the worklist)",
        ),
    ]
