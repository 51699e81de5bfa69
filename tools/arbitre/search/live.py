"""The index generation a server answers from, swapped for a newer one without a restart.

`arbitre index` (or `build`) writes a new generation beside the live one, then points
`.index/CURRENT` at it.  A server checks CURRENT at most every CHECK_EVERY seconds (on the
requests it receives, no thread of its own); when it names another generation, that
generation is opened and warmed in a background thread while the old one keeps answering, then
one assignment swaps them.  A request takes the `Live` object once and uses only it, so it sees
the old generation or the new one, never a mix.  A generation that fails to open is reported
and the last good one keeps serving.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from arbitre.errors import ArbitreError, IndexMissing
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.paths import ProjectPaths
from arbitre.search.indexer import current_generation
from arbitre.search.searcher import Searcher
from arbitre.search.service import current_yaml_digest, damaged, index_problem, load_searcher

log = logging.getLogger("arbitre.search.live")
CHECK_EVERY = 2.0  # seconds between two looks at .index/CURRENT


@dataclass(frozen=True)
class Live:
    """One generation as served: its searcher, the knowledge base it was built from, and a
    cache of rendered answers that belongs to it (so a swap never serves a stale answer)."""

    generation: Path
    kb: KnowledgeBase
    searcher: Searcher
    render: Callable[[str, str | None, str | None, int, int], bytes]


RESULT_CACHE_BYTES = 32 * 1024 * 1024  # rendered answers kept, at most, per generation


class _Answers:
    """Rendered answers, least recently used out first, bounded in count and in bytes (an
    answer of 100 hits weighs a hundred times one of 1).  Thread-safe."""

    def __init__(self, entries: int, max_bytes: int = RESULT_CACHE_BYTES) -> None:
        self.entries = entries
        self.max_bytes = max_bytes
        self.bytes = 0
        self._items: OrderedDict[tuple, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple) -> bytes | None:
        with self._lock:
            body = self._items.get(key)
            if body is not None:
                self._items.move_to_end(key)
            return body

    def put(self, key: tuple, body: bytes) -> None:
        if len(body) > self.max_bytes // 16:
            return  # a rare huge answer is not worth evicting many others
        with self._lock:
            if key in self._items:
                return
            self._items[key] = body
            self.bytes += len(body)
            while len(self._items) > self.entries or self.bytes > self.max_bytes:
                _key, old = self._items.popitem(last=False)
                self.bytes -= len(old)


def _renderer(searcher: Searcher, cache_size: int) -> Callable[..., bytes]:
    def render(q: str, game: str | None, kind: str | None, size: int, start: int) -> bytes:
        result = searcher.search(q, game=game, kind=kind, limit=size, offset=start)
        return json.dumps(
            result, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")
        ).encode("utf-8")

    if not cache_size:
        return render
    answers = _Answers(cache_size)

    def cached(q: str, game: str | None, kind: str | None, size: int, start: int) -> bytes:
        key = (q, game, kind, size, start)
        body = answers.get(key)
        if body is None:
            body = render(q, game, kind, size, start)  # an error raises: never cached
            answers.put(key, body)
        return body

    cached.answers = answers  # type: ignore[attr-defined]
    return cached


class LiveIndex:
    """The generation being served (`get`), and the problem when there is none (`problem`)."""

    def __init__(
        self,
        paths: ProjectPaths,
        kb: KnowledgeBase,
        result_cache: int,
        load_kb: Callable[[], KnowledgeBase] | None = None,
        check_every: float = CHECK_EVERY,
    ) -> None:
        self.paths = paths
        self.result_cache = result_cache
        self.check_every = check_every
        self._kb = kb
        self._load_kb = load_kb  # None: the knowledge base never changes (given in code)
        self._live: Live | None = None
        self._checked = 0.0
        self._loading = False
        self._lock = threading.Lock()
        self.problem: str | None = None
        self._failed: Path | None = None  # a generation that would not open: not retried
        problem = index_problem(paths)
        if problem:
            self.problem = problem
            return
        generation = current_generation(paths.index)
        try:
            self._live = self._open(generation, kb)
        except ArbitreError as exc:
            self.problem = exc.message
            self._failed = generation

    def _open(self, generation: Path | None, kb: KnowledgeBase) -> Live:
        if generation is None:
            raise IndexMissing(f"no search index in {self.paths.index}: run `arbitre index` first")
        searcher = load_searcher(self.paths, generation, warm=True)
        return Live(generation, kb, searcher, _renderer(searcher, self.result_cache))

    def get(self) -> Live:
        """The live generation (after a cheap look for a newer one); IndexMissing if none."""
        self.refresh()
        live = self._live
        if live is None:
            raise IndexMissing(self.problem or f"no search index in {self.paths.index}")
        return live

    def knowledge(self) -> KnowledgeBase:
        """The knowledge base of the live generation (the one loaded at start if none)."""
        self.refresh()
        live = self._live
        return live.kb if live is not None else self._kb

    def refresh(self, wait: bool = False) -> None:
        """Start loading the generation CURRENT names if it is not the live one (at most every
        `check_every` seconds; `wait`: now, and until it is loaded)."""
        now = time.monotonic()
        if not wait and now - self._checked < self.check_every:
            return
        self._checked = now
        try:
            generation = current_generation(self.paths.index)
        except (OSError, ValueError) as exc:
            self.problem = damaged(self.paths, f"CURRENT: {exc}")
            return
        live = self._live
        if generation is None or generation == self._failed:
            return
        if live is not None and generation == live.generation:
            return
        with self._lock:
            if self._loading:
                return
            self._loading = True
        if wait:
            self._swap(generation)
        else:
            threading.Thread(target=self._swap, args=(generation,), daemon=True).start()

    def _swap(self, generation: Path) -> None:
        try:
            problem = index_problem(self.paths)
            if problem:  # a generation whose YAML is not the current YAML, a damaged one
                raise IndexMissing(problem)
            kb = self._kb
            if self._load_kb is not None:
                kb = self._load_kb()
                if current_yaml_digest(self.paths.root) != _digest_of(generation):
                    raise IndexMissing(f"{generation.name} was built from other YAML; waiting")
            self._live = self._open(generation, kb)
            self._kb = kb
            self.problem = None
            log.info("now serving index generation %s", generation.name)
        except ArbitreError as exc:
            self.problem = exc.message
            if "is damaged" in exc.message:
                self._failed = generation  # until `arbitre index` writes another one
            if self._live is not None:
                log.warning("%s -- still serving %s", exc.message, self._live.generation.name)
            else:
                log.error("%s", exc.message)
        finally:
            with self._lock:
                self._loading = False


def _digest_of(generation: Path) -> str | None:
    from arbitre.search.indexer import read_meta

    try:
        return read_meta(generation).get("yaml_digest")
    except (OSError, ValueError):
        return None
