"""Players' questions: `content/<game>/questions.yaml`, hand-written data for search.

Each key is the id of an entry of that game; its value lists questions players ask, in their own
words, when that entry is the answer:

    the-spoils/204.3:
    - Un perso que je viens de poser peut attaquer direct ?
    - mal d'invocation, on peut taper le tour où on joue la carte ?

They were written by reading each entry (never from a query set's misses), so that a question
worded otherwise than the rulebook still finds its entry: the search indexes them into the
entry's `phrased` field, weighed as the entry's own text (`search/weights.py`). They are
never shown as the document's words.  `load_questions` reads every game's file and reports a
wrong id, a malformed value or a repeated question as `path:line: message`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from arbitre.kb.knowledge import KnowledgeBase
from arbitre.kb.problems import Problem, read_mapping, read_text

QUESTIONS_FILE = "questions.yaml"
MAX_QUESTION_CHARS = 300


def read_questions(
    text: str,
    path: str,
    game: str,
    known: set[str],
    superseded: Callable[[str], str | None] | None = None,
) -> tuple[dict[str, tuple[str, ...]], list[Problem]]:
    """One game's file: entry id -> its questions; malformed rows are reported and left out.
    A key an edition renamed or removed (`superseded` says why) is kept, with a warning."""
    data, lines, problems = read_mapping(text, path, "entry id -> [questions]")
    questions: dict[str, tuple[str, ...]] = {}
    for key, value in data.items():
        line = lines.get(key, 1)
        why = superseded(key) if isinstance(key, str) and key not in known and superseded else None
        if why is not None:
            problems.append(Problem(path, line, f"questions of {why}", "warning"))
        elif not isinstance(key, str) or key not in known:
            problems.append(Problem(path, line, f"{key}: no such entry in {game}"))
            continue
        if not (
            isinstance(value, list)
            and value
            and all(isinstance(q, str) and q.strip() for q in value)
        ):
            problems.append(Problem(path, line, f"{key}: expected a list of questions"))
            continue
        asked = tuple(q.strip() for q in value)
        long = [q for q in asked if len(q) > MAX_QUESTION_CHARS]
        if long:
            problems.append(
                Problem(path, line, f"{key}: a question longer than {MAX_QUESTION_CHARS} chars")
            )
            continue
        if len(set(asked)) != len(asked):
            problems.append(Problem(path, line, f"{key}: a question is listed twice"))
            continue
        questions[key] = asked
    return questions, problems


def load_questions(
    root: Path, kb: KnowledgeBase
) -> tuple[dict[str, tuple[str, ...]], list[Problem]]:
    """Every game's players' questions, keyed by entry id, and the problems found."""
    questions: dict[str, tuple[str, ...]] = {}
    problems: list[Problem] = []
    for game in kb.games:
        file = root / "content" / game.id / QUESTIONS_FILE
        if not file.is_file():
            continue
        path = f"content/{game.id}/{QUESTIONS_FILE}"
        text, failure = read_text(file, path)
        if failure is not None:
            problems.append(failure)
            continue
        assert text is not None  # read_text gives the text or the problem
        known = {e.id for e in kb.entries_of(game.id)}
        found, read = read_questions(text, path, game.id, known, kb.superseded)
        for key, asked in found.items():
            current = kb.former(key) or key  # an id an edition moved away from: its entry now
            questions[current] = tuple(dict.fromkeys(questions.get(current, ()) + asked))
        problems.extend(read)
    return questions, problems
