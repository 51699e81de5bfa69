"""Ashes' Q/R recovery: the 57 question-answer pairs and their topic headings, read through
damaged markers by a state machine whose one invariant is that every question ends with « ? ».
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from arbitre.errors import SourceError
from arbitre.importers.ashes.paragraphs import _FINAL, _marker_kind, _Para

_MARKER_PREFIX = {"QTEXT": r"^Q\s*:\s*", "RTEXT": r"^R\s*:\s*", "BARE": r"^:\s*"}


@dataclass
class _Pair:
    start: int
    q: list[_Para] = field(default_factory=list)
    r: list[_Para] = field(default_factory=list)

    def finished(self) -> bool:
        return bool(self.q) and self.q[-1].lines[-1][1].endswith("?")

    @property
    def end(self) -> int:
        return (self.r or self.q)[-1].end


@dataclass
class _Heading:
    line_start: int
    line_end: int
    title: str  # raw (OCR) title


def _strip_marker(kind: str, para: _Para) -> _Para:
    prefix = _MARKER_PREFIX.get(kind)
    if not prefix:
        return para
    first_no, first = para.lines[0]
    return _Para([(first_no, re.sub(prefix, "", first))] + para.lines[1:])


def _headingish(kind: str, para: _Para) -> bool:
    texts = [t for _, t in para.lines]
    return (
        kind == "TEXT"
        and len(texts) <= 2
        and all(len(t) <= 60 for t in texts)
        and texts[0][0].isupper()
        and texts[-1][-1] not in ".?!:;,»)"
        and not re.search(r"[()\[\]|]", " ".join(texts))
    )


def _recover_pairs(paras: list[_Para], path: str) -> list[_Heading | _Pair]:
    """Headings and Q/R pairs of part C, in document order (see the module docstring); a
    paragraph that fits no pair is a SourceError (`path` names the source)."""
    kinds = [_marker_kind(p.first) for p in paras]

    def chain_reaches_question(index: int) -> bool:
        # A heading (or a run of headings) is always followed by a question.  Without this,
        # a page-break fragment inside an answer (« Quand un joueur inflige… », l.752) looks
        # like a heading.
        for k, p in zip(kinds[index + 1 :], paras[index + 1 :], strict=True):
            if k == "JUNK":
                continue
            if k in ("QTEXT", "QALONE", "BARE"):
                return True
            if not _headingish(k, p):
                return False
        return False

    out: list[_Heading | _Pair] = []
    state = "idle"
    pair: _Pair | None = None
    previous_end = ""

    def open_pair(para: _Para) -> _Pair:
        new = _Pair(start=para.start)
        out.append(new)
        return new

    for index, (kind, para) in enumerate(zip(kinds, paras, strict=True)):
        if kind == "JUNK":
            continue
        body = _strip_marker(kind, para)
        if (
            state in ("idle", "r")
            and _headingish(kind, para)
            and (state == "idle" or previous_end.endswith(_FINAL))
            and chain_reaches_question(index)
        ):
            out.append(_Heading(para.start, para.end, " ".join(t for _, t in para.lines)))
            state, pair = "idle", None
            previous_end = para.lines[-1][1]
            continue
        if kind in ("QTEXT", "QALONE"):
            pair = open_pair(para)
            state = "q"
            if kind == "QTEXT":
                pair.q.append(body)
        elif kind == "RALONE":
            if pair is None:
                raise SourceError(path, para.start, "an answer marker « R » with no question")
            # A displaced answer marker (hoisted above the question, or inside it): the
            # question goes on until it ends with « ? »; the answer text follows unmarked.
        elif kind == "RTEXT":
            if pair is None or not pair.finished():
                message = "an answer « R: » before its question is finished (« …? »)"
                raise SourceError(path, para.start, message)
            state = "r"
            pair.r.append(body)
        elif kind == "BARE":
            if state == "q" and pair is not None and not pair.q:
                # « Q » alone, the question then opens with « : »
                pair.q.append(body)
            elif state == "q" and pair is not None and pair.finished():
                state = "r"
                pair.r.append(body)
            elif state == "q":
                message = "a bare marker « : » inside a question that is not finished (« …? »)"
                raise SourceError(path, para.start, message)
            else:
                pair = open_pair(para)
                state = "q"
                pair.q.append(body)
        else:  # TEXT
            if pair is None:
                raise SourceError(path, para.start, "text before the first question")
            if state == "q" and not pair.finished():
                pair.q.append(body)
            elif state == "q":
                state = "r"
                pair.r.append(body)
            else:
                pair.r.append(body)
        previous_end = para.lines[-1][1]
    for item in out:
        if isinstance(item, _Pair) and not item.q:
            raise SourceError(path, item.start, "a question marker « Q » with no question")
    return out
