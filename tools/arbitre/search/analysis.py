"""French text analysis for the index and the queries (whoosh analyzers).

One chain, two depths:

    tokenize (rule numbers whole, French elision, slash pairs split)
      -> lowercase -> drop stop words -> fold accents -> normalise rule numbers
      -> [dictionary lemma -> French Snowball stem]     (stemmed fields: `french_analyzer`)

The unstemmed chain (`folded_analyzer`) feeds the "exact word" fields, the vocabulary used for
typo correction, and glossary matching.  Accents are folded *before* stemming so that a word
typed without accents ("activite") gets the same stem as the printed one ("activité").  Stop
words are dropped *before* folding, so that « dés » (dice) is not taken for « des ».

Snowball leaves apart two kinds of forms that a player and a rulebook use for the same verb:
third-person plurals (« attaquent », « déclenchent »: it has no rule for « -ent ») and, once the
accent is folded away, feminine participles (« déclenchée » -> « declenche », where
« déclenché » -> « declench »).  A folded « -ee(s) » is cut back to « -e » before stemming,
which is what Snowball does when it sees the accent; a word in « -ent » is replaced by its
lemma from simplemma's French dictionary when it has one reading only (« attaquent » ->
« attaquer », but « parent », « différent » stay: they are also nouns or adjectives).
Lemmatizing every word was measured too: it also merges « prend » with « pris » (« Pris dans
la Toile ») and the like, and lost more than it found on the query sets.

The texts also print English card names, and French stemming can make one of them a French
word of the texts: « Pills! » and « pillez » both become « pill », « Bone » and « bon »
« bon ».  The words `foreign.py` finds so (English, not French, merged with a French word of the
texts) keep their form (`use_unstemmed`).  Whatever changes a stem (that list, the lemma table)
drops the tables stemmed before it (`forget_on_restem`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from functools import cache, lru_cache

from whoosh.analysis import Analyzer, Filter, LowercaseFilter, StopFilter, Token, Tokenizer
from whoosh.lang.snowball.french import FrenchStemmer
from whoosh.lang.stopwords import stoplists

# Words elided before an apostrophe: « l'attaque », « jusqu'à », « lorsqu'un ».  They carry no
# meaning for search, so the tokenizer drops them (and keeps the word that follows).
ELISIONS = (
    "jusqu",
    "lorsqu",
    "puisqu",
    "quoiqu",
    "presqu",
    "qu",
    "l",
    "d",
    "s",
    "n",
    "j",
    "c",
    "m",
    "t",
)
APOSTROPHES = "'’ʼ"

# A printed rule number: at least one dot, optionally a sub-rule letter glued or after a dot
# (« 609.1f », « 7.4.3.b », « 4.3.h », « 102.1a »).  A letter followed by more letters is a word
# (« 102.1aVous » is two tokens), so the lookahead refuses it.
NUMBER_RE = r"\d+(?:\.\d+)+(?:\.?[a-zA-Z](?![^\W\d_]))?"
WORD_RE = r"[^\W_]+"
# Symbols that stand for a word in the rules: Four Souls prints its coins as « 3 ¢ ».
SYMBOL_WORDS = {"¢": "cents"}
SYMBOL_RE = "|".join(re.escape(symbol) for symbol in SYMBOL_WORDS)
TOKEN_PATTERN = re.compile(
    r"(?:(?<![^\W_])(?:" + "|".join(ELISIONS) + r")[" + APOSTROPHES + r"](?=[^\W_]))?"
    r"(?P<tok>" + NUMBER_RE + "|" + WORD_RE + "|" + SYMBOL_RE + ")",
    re.IGNORECASE,
)
RULE_NUMBER = re.compile(r"^\d+(?:\.\d+)*(?:\.?[a-z])?$", re.IGNORECASE)

# French stop words (the Snowball list lacks some very common forms) plus the one-letter
# verb « a ».  Folded, because the stop filter runs after accent folding.
EXTRA_STOPS = {
    "a",
    "les",
    "cet",
    "cette",
    "ca",
    "cela",
    "ceci",
    "celle",
    "celui",
    "ceux",
    "dont",
    "lors",
    "si",
}


# Accented function words the Snowball list prints without their accent.  The other French
# words that fold onto a stop word are content words and stay: « dé », « dés » (dice), « sûr »,
# « dû », « né ».
ACCENTED_STOPS = {"où", "là", "ça", "dès", "nôtre", "vôtre", "nôtres", "vôtres"}


# Every cache here is bounded (entries, and the length of what is cached): a server folds and
# stems every distinct query it receives.  About 10 MB for both when full.
CACHED_LENGTH = 40
FOLD_CACHE = 32_768
STEM_CACHE = 65_536


def fold(text: str) -> str:
    """Lowercase, accents removed, ligatures opened: « Œuvre Épuisée » -> « oeuvre epuisee »."""
    return _fold_cached(text) if len(text) < CACHED_LENGTH else _fold(text)


def _fold(text: str) -> str:
    text = text.lower().translate(_LIGATURES)
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


_fold_cached = lru_cache(maxsize=FOLD_CACHE)(_fold)
_LIGATURES = str.maketrans({"œ": "oe", "æ": "ae", "ß": "ss", "’": "'", "ʼ": "'"})


@cache
def stop_words() -> frozenset[str]:
    """Stop words as printed and as typed without accents (« été », « ete »), matched before
    folding: « dés » and « dé » (dice) are neither."""
    printed = frozenset(stoplists["fr"]) | ACCENTED_STOPS
    return printed | frozenset(_fold(w) for w in printed) | EXTRA_STOPS


# -- lemmas ---------------------------------------------------------------------------------

_SNOWBALL = FrenchStemmer().stem

_lemmas: dict[str, str] | None = None
_unstemmed: frozenset[str] = frozenset()
_forgetters: list[Callable[[], None]] = []


def forget_on_restem(forget: Callable[[], None]) -> None:
    """Call `forget` whenever stems change (a cache of stemmed phrases registers its clear)."""
    _forgetters.append(forget)


def _restemmed() -> None:
    _stem_cached.cache_clear()
    for forget in _forgetters:
        forget()


LEMMATIZED_ENDING = "ent"  # third-person plurals: Snowball has no rule for them


def lemma_table() -> dict[str, str]:
    """Folded word -> folded lemma, for the forms of simplemma's French dictionary ending in
    LEMMATIZED_ENDING with a different lemma (« attaquent » -> « attaquer »; « argent »,
    « présent » are their own lemmas).  A folded form two lemmas share is kept only when both
    stem alike.  Built on first use (about two seconds); an index generation stores the table
    it was built with and a searcher installs that one (`use_lemma_table`)."""
    global _lemmas
    if _lemmas is None:
        _lemmas = build_lemma_table()
    return _lemmas


def use_lemma_table(table: dict[str, str]) -> bool:
    """Analyse with `table` from now on (the one an index generation was built with); whether
    that changed any stem (stems computed before, as the thesaurus's, are then stale)."""
    global _lemmas
    if table is _lemmas:
        return False
    changed = table != _lemmas
    _lemmas = table  # (an equal table too: the next call checks identity only)
    if changed:
        _restemmed()
    return changed


def unstemmed() -> frozenset[str]:
    """The folded words analysed as themselves (English names: `foreign.py`)."""
    return _unstemmed


def use_unstemmed(words: Iterable[str]) -> bool:
    """Leave `words` (folded) unstemmed from now on, instead of the words left so before;
    whether that changed the list."""
    global _unstemmed
    if words is _unstemmed:
        return False
    words = frozenset(words)
    changed = words != _unstemmed
    _unstemmed = words
    if changed:
        _restemmed()
    return changed


def build_lemma_table() -> dict[str, str]:
    from simplemma.strategies import DefaultDictionaryFactory

    stops = stop_words()
    candidates: dict[str, set[str]] = {}  # folded form -> folded lemmas (itself included)
    for form, lemma in DefaultDictionaryFactory().get_dictionary("fr").items():
        key = _fold(form)
        if key.endswith(LEMMATIZED_ENDING) and key.isalpha() and key not in stops:
            candidates.setdefault(key, set()).add(_fold(lemma))
    table: dict[str, str] = {}
    for key, lemmas in candidates.items():
        # « different » is both the adjective (its own lemma) and « diffèrent » (différer):
        # a form whose readings stem apart is left to Snowball.
        if len({_SNOWBALL(lemma) for lemma in lemmas}) == 1 and key not in lemmas:
            table[key] = min(lemmas)
    return table


def number_key(number: str) -> str:
    """The comparison key of a rule number: lowercase, no dot or space before the sub-rule
    letter, a comma typed as a dot (a French keyboard's decimal separator).

    « 7.4.3.b », « 7.4.3b », « 7.4.3 b » and « 7,4,3,b » are the same key, « 609.1F » and
    « 609.1f » too, and Marvel Champions' card « 29 A » is « 29a ».
    """
    key = number.strip().lower().replace(",", ".").rstrip(".")
    return re.sub(r"[. ]([a-z])$", r"\1", key)


def number_prefixes(number: str) -> list[str]:
    """The keys of every parent of a number: « 609.1f » -> [« 609 », « 609.1 »]."""
    key = number_key(number)
    parents: list[str] = []
    base = re.sub(r"[a-z]$", "", key)
    if base != key:
        parents.append(base)
    parts = base.split(".")
    for i in range(len(parts) - 1, 0, -1):
        parents.append(".".join(parts[:i]))
    return sorted(set(parents) - {key}, key=len)


def is_rule_number(token: str) -> bool:
    return bool(RULE_NUMBER.match(token))


class FrenchTokenizer(Tokenizer):
    """Words and rule numbers; elided articles dropped; splits on slashes, hyphens, apostrophes."""

    def __eq__(self, other: object) -> bool:
        return self.__class__ is other.__class__

    def __call__(  # noqa: PLR0913 (whoosh's tokenizer protocol)
        self,
        value: str,
        positions: bool = False,
        chars: bool = False,
        keeporiginal: bool = False,
        removestops: bool = True,
        start_pos: int = 0,
        start_char: int = 0,
        tokenize: bool = True,
        mode: str = "",
        **kwargs: object,
    ) -> Iterator[Token]:
        t = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        if not tokenize:
            t.original = t.text = value
            t.boost = 1.0
            if positions:
                t.pos = start_pos
            if chars:
                t.startchar, t.endchar = start_char, start_char + len(value)
            yield t
            return
        for pos, match in enumerate(TOKEN_PATTERN.finditer(value)):
            t.text = match.group("tok")
            t.boost = 1.0
            t.stopped = False
            if keeporiginal:
                t.original = t.text
            if positions:
                t.pos = start_pos + pos
            if chars:
                t.startchar = start_char + match.start("tok")
                t.endchar = start_char + match.end("tok")
            yield t


class FoldFilter(Filter):
    """Accent folding (after lowercasing) and rule-number normalisation."""

    def __eq__(self, other: object) -> bool:
        return self.__class__ is other.__class__

    def __call__(self, tokens: Iterable[Token]) -> Iterator[Token]:
        for t in tokens:
            text = SYMBOL_WORDS.get(t.text) or fold(t.text)
            if text[0].isdigit() and "." in text:
                text = number_key(text)
            t.text = text
            yield t


def _stem_word(word: str) -> str:
    """The stem of a folded word (cached unless it is longer than any word of the rules)."""
    return _stem_cached(word) if len(word) < CACHED_LENGTH else _stem_uncached(word)


def _stem_uncached(word: str) -> str:
    """The stem of a folded word: Snowball on its lemma, « -ee(s) » read as « -ée(s) »; an
    English name's word (`use_unstemmed`) as it is."""
    return word if word in _unstemmed else french_stem(word)


def french_stem(word: str) -> str:
    """The French stem of a folded word, English names or not (`_stem_uncached`)."""
    if word.endswith("ees") and len(word) > 5:
        word = word[:-2]  # « placees » -> « place », as Snowball strips « ées »
    elif word.endswith("ee") and len(word) > 4:
        word = word[:-1]
    return _SNOWBALL(lemma_table().get(word, word))


_stem_cached = lru_cache(maxsize=STEM_CACHE)(_stem_uncached)


class FrenchStemFilter(Filter):
    """Lemma then Snowball French stem (cached), leaving numbers and very short words alone."""

    def __eq__(self, other: object) -> bool:
        return self.__class__ is other.__class__

    def __call__(self, tokens: Iterable[Token]) -> Iterator[Token]:
        for t in tokens:
            if not t.stopped and len(t.text) > 2 and not t.text[0].isdigit():
                t.text = _stem_word(t.text)
            yield t


class Spellings:
    """How each folded word is most often printed (« defausse » -> « défausse »), so that a
    correction offered to a player is written as the rulebooks write it."""

    def __init__(self) -> None:
        self._counts: dict[str, dict[str, int]] = {}

    def add(self, text: str) -> None:
        for match in TOKEN_PATTERN.finditer(text):
            printed = match.group("tok").lower()
            folded = _fold(printed)
            if folded.isalpha():
                forms = self._counts.setdefault(folded, {})
                forms[printed] = forms.get(printed, 0) + 1

    def table(self) -> dict[str, str]:
        """Folded word -> its commonest printed form (the first in order on a tie), for the
        words most often printed otherwise than folded (« attaque » is mostly « attaque »,
        not « attaqué »)."""
        table = {}
        for folded, forms in sorted(self._counts.items()):
            printed = min(forms, key=lambda form: (-forms[form], form))
            if printed != folded:
                table[folded] = printed
        return table


def folded_analyzer() -> Analyzer:
    """Words as typed, lowercased and accent-folded, stop words removed (never stemmed)."""
    return (
        FrenchTokenizer()
        | LowercaseFilter()
        | StopFilter(stoplist=stop_words(), minsize=1)
        | FoldFilter()
    )


def french_analyzer() -> Analyzer:
    """`folded_analyzer` + French Snowball stemming: the main text analyzer."""
    return folded_analyzer() | FrenchStemFilter()


def analyze(text: str, stemmed: bool = True) -> list[str]:
    """The terms a text indexes to (for tests and query building)."""
    analyzer = _ANALYZERS[stemmed]
    return [t.text for t in analyzer(text)]


def stem(word: str) -> str:
    """Stem one already-folded word (numbers and words of two letters unchanged)."""
    if len(word) <= 2 or word[0].isdigit():
        return word
    return _stem_word(word)


_ANALYZERS = {True: french_analyzer(), False: folded_analyzer()}

# « Vitesse/Speed », « Endurance/Life »: a French word and its English original printed as a
# pair.  Both halves are indexed as words by the tokenizer; `slash_pairs` lets the indexer also
# record them as synonyms, so either half finds passages that print only the other.
SLASH_PAIR = re.compile(r"(?<![\w/])([^\W\d_][\w'’-]*)\s?/\s?([^\W\d_][\w'’-]*)(?![\w/])")


def slash_pairs(text: str) -> list[tuple[str, str]]:
    """Word pairs printed as « A/B » where the two halves differ once folded."""
    pairs = []
    for a, b in SLASH_PAIR.findall(text):
        fa, fb = fold(a), fold(b)
        if (
            fa != fb
            and fa not in stop_words()
            and fb not in stop_words()
            and min(len(fa), len(fb)) > 2
        ):
            pairs.append((fa, fb))
    return pairs
