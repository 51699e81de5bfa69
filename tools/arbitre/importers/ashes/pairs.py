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
    reader = _PairReader(paras, path)
    for index, (kind, para) in enumerate(zip(reader.kinds, paras, strict=True)):
        if kind != "JUNK":
            reader.read(index, kind, para)
    for item in reader.out:
        if isinstance(item, _Pair) and not item.q:
            raise SourceError(path, item.start, "a question marker « Q » with no question")
    return reader.out


class _PairReader:
    """The state machine: « idle » (before a pair, after a heading), « q » (in a question),
    « r » (in an answer); one method per kind of paragraph."""

    def __init__(self, paras: list[_Para], path: str) -> None:
        self.paras = paras
        self.path = path
        self.kinds = [_marker_kind(p.first) for p in paras]
        self.out: list[_Heading | _Pair] = []
        self.state = "idle"
        self.pair: _Pair | None = None
        self.previous_end = ""

    def read(self, index: int, kind: str, para: _Para) -> None:
        body = _strip_marker(kind, para)
        if (
            self.state in ("idle", "r")
            and _headingish(kind, para)
            and (self.state == "idle" or self.previous_end.endswith(_FINAL))
            and self._chain_reaches_question(index)
        ):
            self.out.append(_Heading(para.start, para.end, " ".join(t for _, t in para.lines)))
            self.state, self.pair = "idle", None
        elif kind in ("QTEXT", "QALONE"):
            self.pair = self._open(para)
            self.state = "q"
            if kind == "QTEXT":
                self.pair.q.append(body)
        elif kind == "RALONE":
            if self.pair is None:
                raise SourceError(self.path, para.start, "an answer marker « R » with no question")
            # A displaced answer marker (hoisted above the question, or inside it): the
            # question goes on until it ends with « ? »; the answer text follows unmarked.
        elif kind == "RTEXT":
            if self.pair is None or not self.pair.finished():
                message = "an answer « R: » before its question is finished (« …? »)"
                raise SourceError(self.path, para.start, message)
            self.state = "r"
            self.pair.r.append(body)
        elif kind == "BARE":
            self._bare(para, body)
        else:
            self._text(para, body)
        self.previous_end = para.lines[-1][1]

    def _chain_reaches_question(self, index: int) -> bool:
        """A heading (or a run of headings) is always followed by a question.  Without this,
        a page-break fragment inside an answer (« Quand un joueur inflige… », l.752) looks
        like a heading."""
        for k, p in zip(self.kinds[index + 1 :], self.paras[index + 1 :], strict=True):
            if k == "JUNK":
                continue
            if k in ("QTEXT", "QALONE", "BARE"):
                return True
            if not _headingish(k, p):
                return False
        return False

    def _open(self, para: _Para) -> _Pair:
        new = _Pair(start=para.start)
        self.out.append(new)
        return new

    def _bare(self, para: _Para, body: _Para) -> None:
        """A bare marker « : »: a question after « Q » alone, an answer after a finished
        question, else a new pair whose marker was lost."""
        pair = self.pair
        if self.state == "q" and pair is not None and not pair.q:
            pair.q.append(body)  # « Q » alone, the question then opens with « : »
        elif self.state == "q" and pair is not None and pair.finished():
            self.state = "r"
            pair.r.append(body)
        elif self.state == "q":
            message = "a bare marker « : » inside a question that is not finished (« …? »)"
            raise SourceError(self.path, para.start, message)
        else:
            self.pair = self._open(para)
            self.state = "q"
            self.pair.q.append(body)

    def _text(self, para: _Para, body: _Para) -> None:
        """Unmarked text: the question goes on until it ends with « ? », then the answer."""
        if self.pair is None:
            raise SourceError(self.path, para.start, "text before the first question")
        if self.state == "q" and not self.pair.finished():
            self.pair.q.append(body)
        else:
            self.state = "r"
            self.pair.r.append(body)
