"""Query understanding: what the user typed -> filters, a rule number, content words, intent.

Pure functions, no index access: the searcher turns a `ParsedQuery` into whoosh queries.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from arbitre.errors import ArbitreError
from arbitre.kb.entry import KINDS
from arbitre.search.analysis import NUMBER_RE, analyze, fold, number_key
from arbitre.search.intent import detect_intent
from arbitre.search.language import (
    ENGLISH_DEFINITION_WORDS,
    ENGLISH_FUNCTION_WORDS,
    ENGLISH_QUESTION_WORDS,
    FRENCH_QUESTION_WORDS,
    SHORTHAND_QUESTION_WORDS,
)

# Words that frame a question rather than say what it is about (`language.py` keeps them: they
# also tell a French question from an English one).
QUESTION_WORDS = FRENCH_QUESTION_WORDS
# Question scaffolding made of words that elsewhere carry meaning (« passe » is also the action
# Passer, « droit » a right, « sert » serving): dropped only as these whole phrases.  The
# browser's engine reads this pattern from the client index (`client_index.py`).
QUESTION_PHRASES = re.compile(
    r"(?<!\w)(?:que\s+se\s+passe[- ]?t?[- ]?(?:il|elle)?|qu['’]est[- ]ce\s+qui\s+se\s+passe"
    r"|qu['’]arrive[- ]?t?[- ]?(?:il|elle)?|que\s+faire"
    # how to do something (« comment on fait un mulligan », « comment fait-on pour… »): the verb
    # says nothing of what is done
    r"|comment\s+(?:(?:on|je|tu|il|elle)\s+(?:fait|fais)|vous\s+faites|faire|fait[- ]on)"
    r"(?:\s+pour)?"
    # how something works (« comment marche le repos », « le repos ça marche comment »,
    # « comment fonctionnent les jetons »): the verb says nothing of what works
    r"|comment\s+(?:(?:ça|ca)\s+)?(?:marche|fonctionne)(?:nt)?"
    r"|(?:(?:ça|ca)\s+)?(?:marche|fonctionne)(?:nt)?\s+comment"
    r"|(?:a|ai|as|avons|avez|ont)[- ]?(?:t[- ])?(?:il|elle|on|je|tu|nous|vous|ils)?\s*le\s+droit\s+de"
    r"|(?:est[- ]il|c['’]est)\s+possible\s+de"
    r"|(?:veut|veulent|voudrait)\s+dire|signifie(?:nt)?"
    r"|(?:a|à)\s+quoi\s+(?:il\s+|elle\s+|ils\s+|elles\s+|ça\s+|ca\s+)?(?:sert|servent)"
    r"|(?:sert|servent)[- ](?:il|elle|ils|elles)?\s*(?:a|à)\s+quoi"
    # asking to be explained (« quelqu'un peut m'expliquer la pile », « explique-moi »), or
    # saying one does not understand (« je comprends pas », « j'ai pas compris »)
    r"|m['’]\s*expliquer|me\s+l?['’]?\s*expliquer|expliquez?[- ]moi"
    r"|(?:je\s+)?(?:ne\s+|n['’]\s*)?(?:comprends|capte|pige)\s+pas"
    r"|(?:j['’]\s*|je\s+n['’]\s*)?ai\s+pas\s+(?:compris|capté|capte|pigé|pige)"
    r"|pas\s+s[uû]re?\s+de\s+(?:bien\s+)?comprendre)(?!\w)",
    re.IGNORECASE,
)
# A question's inverted verb: « est-ce », « y a-t-il » (« y a t il », « ya-t-il » on a phone).
INVERSION = re.compile(r"(?<!\w)(?:est[- ]ce|y[- ]?a[- ]t[- ](?:il|elle|on))(?!\w)")
# Words that make a query a question or a situation rather than a name.
QUESTION_MARKERS = SHORTHAND_QUESTION_WORDS | frozenset(
    fold(w)
    for w in """
    quoi qui quel quelle quels quelles lequel laquelle comment combien quand pourquoi
    puis peux peut-on dois faut je j me moi mon ma mes nous notre nos on tu ton ta tes
    """.split()
)

# « règle 408 », « r. 4.3.h », « rule 609.1f », « § 2.1.e », « 7.4.3.b », « 29 A » (a card
# number printed with a space before its letter, as Marvel Champions' FAQ does), « 608.1 d »,
# « 608,1d » (a French keyboard's decimal comma)
NUMBER_QUERY = re.compile(
    r"^\s*(?:(?:r[eè]gle|regles|règles|rules?|r|art|article|§|n°|no)\.?\s*)?"
    r"(?P<number>\d+(?:[.,]\d+)*(?:[.,]?[a-z]| [a-z])?)\.?\s*$",
    re.IGNORECASE,
)
NUMBER_ANYWHERE = re.compile(r"(?<![\w.])(" + NUMBER_RE + r")(?![\w])")
FILTER = re.compile(r"(?<!\S)(?P<key>game|jeu|kind|type|sorte):(?P<value>\S*)", re.IGNORECASE)

# French names people type for kinds (« kind:regle », « kind:glossaire »).
KIND_NAMES = {
    "regle": "rule",
    "regles": "rule",
    "rules": "rule",
    "glossaire": "glossary",
    "terme": "glossary",
    "term": "glossary",
    "exemple": "example",
    "exemples": "example",
    "errata": "errata",
    "erratum": "errata",
    "remarque": "note",
    "notes": "note",
    "faqs": "faq",
    "question": "faq",
}


class InvalidQuery(ArbitreError):
    """A search parameter the search cannot use (unknown game, bad kind, empty query)."""


@dataclass
class ParsedQuery:
    raw: str
    text: str  # the query without its inline filters
    game: str | None = None
    kind: str | None = None
    number: str | None = None  # key of the rule number when the query is just a number
    numbers: list[str] = field(default_factory=list)  # keys of every rule number in the query
    words: list[str] = field(default_factory=list)  # folded content words, in order
    question: bool = False
    intent: str | None = None  # what the question asks for (`intent.INTENTS`): quantity…
    language: str = "fr"  # "en": read as English (`language.py`)
    # question words read right before parsing (`asking.py`): (as typed, as read)
    respelled: list[tuple[str, str]] = field(default_factory=list)

    @property
    def term_like(self) -> bool:
        """A short query naming a thing (« Fugace », « pile de victoire »), not a question."""
        return not self.question and 0 < len(self.words) <= 3


def resolve_choice(
    value: str, choices: list[str], what: str, aliases: dict[str, str] | None = None
) -> str:
    """`value` as one of `choices`: exact, a known French name, or an unambiguous part of one."""
    key = fold(value.strip())
    if key in choices:
        return key
    if aliases and key in aliases and aliases[key] in choices:
        return aliases[key]
    partial = [c for c in choices if key and key in c]
    if len(partial) == 1:
        return partial[0]
    known = ", ".join(choices) or "none"
    raise InvalidQuery(f"unknown {what} {value!r} (known: {known})")


def parse_query(
    raw: str,
    games: list[str],
    game: str | None = None,
    kind: str | None = None,
    english: bool = False,
    english_name: Callable[[str], bool] | None = None,
) -> ParsedQuery:
    """Split filters from words, recognise a rule number, drop question scaffolding.
    `english`: the query is read as English (`language.is_english`): its English function
    words are its scaffolding, but for those asked about that `english_name` says are a
    glossary name of one word (« what does then mean »)."""
    if not isinstance(raw, str) or not raw.strip():
        raise InvalidQuery("the query is empty: type words, a rule number or an English term")
    if len(raw) > 500:
        raise InvalidQuery("the query is longer than 500 characters")
    text, inline = _split_filters(raw)
    game = game or inline.get("game") or None
    kind = kind or inline.get("kind") or None
    parsed = ParsedQuery(raw=raw, text=text)
    if game is not None:
        parsed.game = resolve_choice(game, games, "game")
    if kind is not None:
        parsed.kind = resolve_choice(kind, list(KINDS), "kind", KIND_NAMES)
    if not text:
        raise InvalidQuery("the query has filters but no words")

    if match := NUMBER_QUERY.match(text):
        parsed.number = number_key(match.group("number"))
        parsed.numbers = [parsed.number]
        return parsed
    parsed.numbers = [number_key(n) for n in NUMBER_ANYWHERE.findall(text)]
    _read_words(parsed, text, english, english_name)
    intent = detect_intent(text)
    parsed.intent = intent.name if intent else None
    return parsed


def _split_filters(raw: str) -> tuple[str, dict[str, str]]:
    """The query without its inline filters (« jeu:ashes », « kind:faq »), and their values
    by "game" or "kind" (the last one written wins)."""
    inline: dict[str, str] = {}

    def take(match: re.Match[str]) -> str:
        key = match.group("key").lower()
        inline["game" if key in ("game", "jeu") else "kind"] = match.group("value")
        return " "

    return FILTER.sub(take, raw).strip(), inline


def _read_words(
    parsed: ParsedQuery, text: str, english: bool, english_name: Callable[[str], bool] | None
) -> None:
    """Set the query's content words (its scaffolding dropped: English function words, or
    French question words and phrases), its language, and whether it is a question."""
    every_word = set(re.findall(r"[^\W_]+", fold(text)))
    tokens = analyze(text, stemmed=False)
    if english:
        parsed.language = "en"
        content = [
            t for t in tokens if t not in ENGLISH_FUNCTION_WORDS and (len(t) > 1 or t.isdigit())
        ]
        if english_name and all(t in ENGLISH_DEFINITION_WORDS for t in content):
            # « what does then mean »: the question is about a function word
            asked = [t for t in tokens if t in ENGLISH_FUNCTION_WORDS and english_name(t)]
            content = asked or content
        parsed.question = (
            "?" in text or bool(every_word & ENGLISH_QUESTION_WORDS) or len(content) >= 5
        )
        parsed.words = content or tokens
        return
    scaffolding_free = analyze(QUESTION_PHRASES.sub(" ", text), stemmed=False)
    content = [t for t in scaffolding_free if t not in QUESTION_WORDS]
    # A question, or a player describing their situation (« mon deck est vide »), rather than
    # the name of a thing: a question mark, an interrogative, a first/second person word, or a
    # sentence-long query.
    parsed.question = (
        "?" in text
        or bool(QUESTION_PHRASES.search(text))
        or bool(every_word & QUESTION_MARKERS)
        or bool(INVERSION.search(fold(text)))
        or len(content) >= 5
    )
    parsed.words = content or tokens
