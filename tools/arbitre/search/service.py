"""The search as the CLI and the HTTP app use it: open the project's index, search, format."""

from __future__ import annotations

import gc
import html
import json
import re
import threading
import warnings
from pathlib import Path
from typing import Any

from arbitre.errors import ArbitreError, IndexMissing
from arbitre.paths import ProjectPaths
from arbitre.search.indexer import (
    CURRENT,
    INDEX_FORMAT,
    META,
    current_generation,
    read_meta,
    search_data_digest,
    yaml_digest,
)
from arbitre.search.searcher import Searcher

MAX_OPEN_GENERATIONS = 4  # searchers (and YAML digests) kept per process
_searchers: dict[Path, Searcher] = {}
_digests: dict[tuple, str] = {}
_lock = threading.Lock()


def _yaml_signature(root: Path) -> tuple:
    files = sorted((root / "content").glob("*/*.yaml")) + sorted((root / "glossary").glob("*.yaml"))
    return (root, *((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files))


def current_yaml_digest(root: Path) -> str:
    """`yaml_digest(root)`, recomputed only when a YAML file's size or mtime changed."""
    signature = _yaml_signature(root)
    digest = _digests.get(signature)
    if digest is None:
        if len(_digests) >= MAX_OPEN_GENERATIONS:
            _digests.clear()
        digest = _digests[signature] = yaml_digest(root)
    return digest


def damaged(paths: ProjectPaths, what: str) -> str:
    """The one line that says the index is unusable, where it is, and how to rebuild it."""
    what = " ".join(what.split())[:200]
    return (
        f"the search index in {paths.index} is damaged ({what}): run `arbitre index` to rebuild it"
    )


def index_problem(paths: ProjectPaths) -> str | None:
    """Why the project's index cannot serve searches, or None when it is present and fresh."""
    try:
        generation = current_generation(paths.index)
    except (OSError, ValueError) as exc:
        return damaged(paths, f"{CURRENT}: {exc}")
    if generation is None:
        return f"no search index in {paths.index}: run `arbitre index` (or `arbitre build`) first"
    try:
        meta = read_meta(generation)
        if not isinstance(meta, dict):
            raise ValueError("not a JSON object")
    except (OSError, ValueError) as exc:
        return damaged(paths, f"{generation.name}/{META}: {exc}")
    if meta.get("format") != INDEX_FORMAT:
        return (
            f"the search index in {paths.index} has format {meta.get('format')}, this version "
            f"reads format {INDEX_FORMAT}: run `arbitre index` to rebuild it"
        )
    if meta.get("search_data") != search_data_digest():
        return (
            f"the search index in {paths.index} was built with another thesaurus or players' "
            "vocabulary (search/*.yaml): run `arbitre index` to rebuild it"
        )
    if meta.get("yaml_digest") != current_yaml_digest(paths.root):
        return (
            f"the search index in {paths.index} is stale (the YAML changed since {meta.get('built')}): "
            "run `arbitre index` to rebuild it"
        )
    return None


def load_searcher(paths: ProjectPaths, generation: Path, warm: bool = False) -> Searcher:
    """A Searcher of `generation`; IndexMissing with one line if its files are unreadable
    (a half-written or damaged index: truncated JSON, pickle or whoosh segment)."""
    # whoosh leaves the file of a bad segment open; it is closed when the exception goes,
    # which must not raise a ResourceWarning.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        try:
            searcher = Searcher(generation)
            if warm:
                searcher.warm()  # reads every stored document, length and word once
            return searcher
        except Exception as exc:  # whoosh, json, pickle and OS errors alike: the files are bad
            reason = f"{generation.name}: {type(exc).__name__}: {exc}"
        gc.collect()
    raise IndexMissing(damaged(paths, reason))


def open_searcher(paths: ProjectPaths, check_fresh: bool = True) -> Searcher:
    """The Searcher of the project's current index (cached per index generation)."""
    problem = index_problem(paths) if check_fresh else None
    if problem:
        raise IndexMissing(problem)
    generation = current_generation(paths.index)
    if generation is None:
        raise IndexMissing(f"no search index in {paths.index}: run `arbitre index` first")
    with _lock:
        searcher = _searchers.get(generation)
        if searcher is None:
            searcher = load_searcher(paths, generation)
            while len(_searchers) >= MAX_OPEN_GENERATIONS:  # the oldest opened goes first
                del _searchers[next(iter(_searchers))]
            _searchers[generation] = searcher
        return searcher


def run_search(
    paths: ProjectPaths,
    query: str,
    game: str | None = None,
    kind: str | None = None,
    limit: int = 10,
    offset: int = 0,
) -> dict[str, Any]:
    """Search the project's index: the JSON document /api/search returns."""
    searcher = open_searcher(paths)
    try:
        return searcher.search(query, game=game, kind=kind, limit=limit, offset=offset)
    except ArbitreError:
        raise
    except Exception as exc:  # a segment file that went bad after the index was opened
        generation = searcher.generation.name
        raise IndexMissing(damaged(paths, f"{generation}: {type(exc).__name__}: {exc}")) from exc


# What the plain output and the site say of a query read as English (the JSON's "language").
ENGLISH_NOTE = "Question lue en anglais : recherche des termes français correspondants."


def format_explanation(plan: dict[str, Any]) -> str:
    """`Searcher.explain` for a terminal."""
    lines = [f"Requête : « {plan['query']} »"]
    if plan.get("language") == "en":
        lines.append("  langue : anglais (mots traduits par le glossaire et bilingual.yaml)")
    if plan.get("number"):
        lines.append(f"  numéro de règle : {plan['number']}")
    if plan.get("words") is not None:
        lines.append("  mots : " + " ".join(plan["words"]))
        if plan["corrected"] != plan["words"]:
            lines.append("  corrigés : " + " ".join(plan["corrected"]))
    lines.append("  question : " + ("oui" if plan["question"] else "non"))
    if plan.get("intent"):
        lines.append(f"  intention : {plan['intent']['name']} ({plan['intent']['label']})")
    for name in plan.get("glossary_names") or []:
        lines.append(f"  terme du glossaire : {name}")
    for wording in plan.get("quoted") or []:
        lines.append(
            f"  citation : « {wording} » (les passages qui l'impriment comptent davantage)"
        )
    if plan.get("game_name"):
        said = " ".join(plan["game_name"])
        lines.append(f"  nom du jeu : {said} (désigne le jeu, ses mots comptent peu)")
    for synonym in plan.get("synonyms") or []:
        adds = ", ".join(synonym["adds"]) or "—"
        lines.append(f"  synonymes : {synonym['words']} -> {adds}  [{synonym['provenance']}]")
    if plan.get("focus"):
        lines.append(f"  jeu : {plan['focus']['message']}")
    return "\n".join(lines)


def explain_query(
    paths: ProjectPaths, query: str, game: str | None = None, kind: str | None = None
) -> dict[str, Any]:
    """How the project's search understands `query` (`Searcher.explain`)."""
    return open_searcher(paths).explain(query, game=game, kind=kind)


# Bold and back to normal weight: how a terminal shows the matched words (« » would read as
# quotation marks in French).
BOLD = ("\x1b[1m", "\x1b[22m")


def _plain(snippet: str, bold: bool = False) -> str:
    """A highlight snippet as text, HTML unescaped: matched words in bold for a terminal
    (`bold`), else not marked at all (a pipe or a file gets the words as printed)."""
    marked = rf"{BOLD[0]}\1{BOLD[1]}" if bold else r"\1"
    text = re.sub(r"</?strong>", "", snippet)  # the text's own bold: not the matches'
    return html.unescape(re.sub(r"<mark>(.*?)</mark>", marked, text))


def format_results(result: dict[str, Any], as_json: bool, bold: bool = False) -> str:
    """The result for `arbitre search`: the API's JSON, or numbered hits as text (`bold`:
    matched words in bold, for a terminal)."""
    if as_json:
        return json.dumps(result, ensure_ascii=False, indent=2)
    total = result["total"]
    count = "Aucun résultat" if not total else "1 résultat" if total == 1 else f"{total} résultats"
    lines = [f"{count} pour « {result['query']} »"]
    if result.get("language") == "en":
        lines.append(ENGLISH_NOTE)
    if result.get("focus"):
        lines.append(f"Recherche {result['focus']['message']}")
    if result.get("replacements"):
        changes = ", ".join(
            f"« {r['typed']} » → « {r['suggested']} »" for r in result["replacements"]
        )
        lines.append(f"Mots corrigés : {changes} (recherche faite avec la correction).")
    if result.get("suggestion"):
        lines.append(f"Vouliez-vous dire : {result['suggestion']} ?")
    for rank, hit in enumerate(result["hits"], 1):
        head = " ".join(x for x in (hit["number"], hit["title"]) if x) or hit["id"]
        lines.append("")
        lines.append(f"{rank}. {hit['id']}  [{hit['kind']}]  {head}")
        if hit["highlights"]:
            lines.append(f"   {_plain(hit['highlights'], bold)}")
        lines.append(f"   {hit['url']}")
    return "\n".join(lines)
