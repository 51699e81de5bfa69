"""Relevance evaluation: recall@1, recall@5 and MRR@10 on a YAML query set.

A query set is a YAML list of {game, q, type, expect, where}.  A hit answers a query when the
query's `expect` appears in the hit's title or text, both reduced to lowercase letters and
digits with accents removed (everything else stripped).  Queries run through `run_search`,
the function behind `/api/search`, or through a running server's `/api/search` itself
(`http_search`), without the game filter (a user rarely sets one) and, for comparison, with it.

A question may have other answers than the entry its writer read (a rule quoted elsewhere, a
definition stating the same ruling).  An answers file (`--answers`: a YAML list of {game, q,
also}) names them by id; the report then adds the figures where a hit that is one of them
answers too (`any_answer`), beside the set's own, which stay as they are.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.parse
import urllib.request
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from arbitre.errors import ArbitreError
from arbitre.paths import ProjectPaths
from arbitre.search.analysis import fold
from arbitre.search.query import InvalidQuery
from arbitre.search.service import run_search

DEPTH = 10


def squash(text: str) -> str:
    """Lowercase letters and digits only, accents removed: the answer-matching key."""
    return re.sub(r"[^a-z0-9]", "", fold(text or ""))


def load_queries(path: str | Path) -> list[dict[str, Any]]:
    data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, list):
        raise ArbitreError(f"{path}: expected a YAML list of {{game, q, type, expect}}")
    for i, row in enumerate(data, 1):
        if not isinstance(row, dict) or not all(
            isinstance(row.get(k), str) for k in ("q", "expect")
        ):
            raise ArbitreError(f"{path}: query {i} needs string fields q and expect")
    return data


def answer_rank(
    hits: list[dict[str, Any]], expect: str, also: frozenset[str] = frozenset()
) -> int | None:
    """1-based rank of the first hit that answers (holds `expect`, or is one of `also`'s
    entries), or None."""
    key = squash(expect)
    for rank, hit in enumerate(hits, 1):
        if hit.get("id") in also:
            return rank
        if key in squash(hit.get("title") or "") or key in squash(hit.get("text") or ""):
            return rank
    return None


# (game, question) -> the other entries that answer it
Answers = dict[tuple[str | None, str], frozenset[str]]


def load_answers(path: str | Path) -> Answers:
    """An answers file: a YAML list of {game, q, also: [entry ids]}."""
    data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, list):
        raise ArbitreError(f"{path}: expected a YAML list of {{game, q, also}}")
    answers: Answers = {}
    for i, row in enumerate(data, 1):
        row = row if isinstance(row, dict) else {}
        also = row.get("also")
        if (
            not isinstance(row.get("q"), str)
            or not isinstance(also, list)
            or not all(isinstance(a, str) and a for a in also)
        ):
            raise ArbitreError(f"{path}: row {i} needs a string q and a list of entry ids also")
        answers[(row.get("game"), row["q"])] = frozenset(also)
    return answers


def _figures(ranks: list[int | None]) -> dict[str, float | int]:
    n = len(ranks) or 1
    return {
        "queries": len(ranks),
        "recall@1": round(sum(1 for r in ranks if r == 1) / n, 3),
        "recall@5": round(sum(1 for r in ranks if r is not None and r <= 5) / n, 3),
        "mrr@10": round(sum(1 / r for r in ranks if r is not None and r <= DEPTH) / n, 3),
    }


def evaluate(
    search: Callable[..., dict[str, Any]],
    queries: list[dict[str, Any]],
    game_filter: bool,
    answers: Answers | None = None,
) -> dict[str, Any]:
    """Run every query through `search(q, game=..., limit=10)` and score the answers; with
    `answers`, also where a hit that is one of a question's other answers counts."""
    rows = []
    for query in queries:
        try:
            result = search(
                query["q"], game=query.get("game") if game_filter else None, limit=DEPTH
            )
        except InvalidQuery:  # a game this knowledge base does not have (yet): a miss
            result = {"hits": []}
        rank = answer_rank(result["hits"], query["expect"])
        top = result["hits"][0] if result["hits"] else None
        row = {
            "q": query["q"],
            "game": query.get("game"),
            "type": query.get("type", "?"),
            "rank": rank,
            "top": top["id"] if top else None,
        }
        if answers is not None:
            also = answers.get((query.get("game"), query["q"]))
            row["any_answer_rank"] = (
                answer_rank(result["hits"], query["expect"], also) if also else rank
            )
        rows.append(row)
    by_type: dict[str, list[int | None]] = defaultdict(list)
    for row in rows:
        by_type[row["type"]].append(row["rank"])
    report: dict[str, Any] = {
        "overall": _figures([r["rank"] for r in rows]),
        "by_type": {t: _figures(ranks) for t, ranks in sorted(by_type.items())},
    }
    if answers is not None:
        report["any_answer"] = _figures([r["any_answer_rank"] for r in rows])
    report["queries"] = rows
    return report


def http_search(base_url: str, timeout: float = 30.0) -> Callable[..., dict[str, Any]]:
    """`search(q, game=, limit=)` through the `/api/search` of the server at `base_url`."""
    base = base_url.rstrip("/")
    if not re.match(r"https?://[^/]", base):
        raise ArbitreError(f"{base_url!r} is not an http(s) URL (e.g. http://127.0.0.1:8000)")

    def search(q: str, game: str | None = None, limit: int = DEPTH) -> dict[str, Any]:
        params = {"q": q, "limit": str(limit), **({"game": game} if game else {})}
        url = f"{base}/api/search?{urllib.parse.urlencode(params)}"
        try:
            with urllib.request.urlopen(url, timeout=timeout) as response:
                return json.load(response)
        except urllib.error.HTTPError as exc:
            try:
                message = json.load(exc).get("error")
            except (ValueError, AttributeError):
                message = None
            if exc.code == 400:
                raise InvalidQuery(message or f"HTTP 400 for {url}") from exc
            raise ArbitreError(f"{url}: HTTP {exc.code} {message or exc.reason}") from exc
        except (urllib.error.URLError, OSError) as exc:
            reason = getattr(exc, "reason", exc)
            raise ArbitreError(f"cannot reach {base}/api/search: {reason}") from exc
        except ValueError as exc:  # not JSON: not an Arbitre server
            raise ArbitreError(f"{url}: the answer is not JSON ({exc})") from exc

    return search


def evaluate_file(
    paths: ProjectPaths,
    queries_path: str | Path,
    with_game_filter: bool = True,
    url: str | None = None,
    answers_path: str | Path | None = None,
) -> dict[str, Any]:
    """Score a query set in-process, or through the server at `url`; with an answers file,
    also counting the other entries it names for a question (`any_answer`)."""
    queries = load_queries(queries_path)
    answers = load_answers(answers_path) if answers_path else None

    def local_search(q: str, game: str | None = None, limit: int = DEPTH) -> dict[str, Any]:
        return run_search(paths, q, game=game, limit=limit)

    search = http_search(url) if url else local_search
    report: dict[str, Any] = {"file": str(queries_path)}
    if url:
        report["url"] = url
    if answers_path:
        report["answers"] = str(answers_path)
    report["without_game_filter"] = evaluate(search, queries, False, answers)
    if with_game_filter:
        report["with_game_filter"] = evaluate(search, queries, True, answers)
    return report


def format_report(report: dict[str, Any], as_json: bool = False, verbose: bool = False) -> str:
    if as_json:
        data = (
            report
            if verbose
            else {
                k: (
                    {kk: vv for kk, vv in v.items() if kk != "queries"}
                    if isinstance(v, dict)
                    else v
                )
                for k, v in report.items()
            }
        )
        return json.dumps(data, ensure_ascii=False, indent=2)
    lines = [f"Query set: {report['file']}"]
    if report.get("answers"):
        lines.append(f"Other answers: {report['answers']}")
    if report.get("url"):
        lines.append(f"Through: {report['url'].rstrip('/')}/api/search")
    for label in ("without_game_filter", "with_game_filter"):
        part = report.get(label)
        if not part:
            continue
        lines += [
            "",
            label.replace("_", " ") + ":",
            "| type | queries | recall@1 | recall@5 | MRR@10 |",
            "|---|---:|---:|---:|---:|",
        ]
        rows = [("all", part["overall"]), *part["by_type"].items()]
        if "any_answer" in part:  # a hit that is one of a question's other answers counts
            rows.insert(1, ("all, any answer", part["any_answer"]))
        for name, fig in rows:
            lines.append(
                f"| {name} | {fig['queries']} | {fig['recall@1']:.3f} | {fig['recall@5']:.3f} | {fig['mrr@10']:.3f} |"
            )
        if verbose:
            misses = [r for r in part["queries"] if r["rank"] != 1]
            if misses:
                lines.append("")
                lines.append("not first:")
            for row in misses:
                where = f"rank {row['rank']}" if row["rank"] else "not in top 10"
                other = row.get("any_answer_rank")
                also = f", another answer at rank {other}" if other and other != row["rank"] else ""
                lines.append(
                    f"  [{row['type']}] {row['game']}: {row['q']!r} -> {where}{also} "
                    f"(top: {row['top']})"
                )
    return "\n".join(lines)
