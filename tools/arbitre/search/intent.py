"""Question intent: what kind of answer a player's question asks for.

« combien… ? » asks for a quantity, « est-ce que je peux… ? » for a permission or a
restriction, « que se passe-t-il si… ? » for a consequence (and « how many », « can I »,
« what happens », « what does … mean » when asked in English).  The question words themselves
are scaffolding (`query.QUESTION_WORDS`) and never searched for; the intent only lets the
ranking prefer, among candidates that already match the content words, the passages that
are worded as that kind of answer (a number or « au moins », « peut » / « ne peut pas »,
« si… alors » / « est détruit »).  The bonus is a small factor (INTENT_BONUS in the
searcher), below what one content word of the query weighs, so that question words never
outweigh content words.

Each intent is data: the cues that detect it in the query, and the markers of an answering
passage, both matched in folded text (lowercase, accents removed).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from arbitre.search.analysis import fold


@dataclass(frozen=True)
class Intent:
    name: str
    label: str  # French, for `arbitre search --explain`
    cues: re.Pattern[str]  # in the folded query
    markers: re.Pattern[str]  # in the folded title and text of a candidate

    def answers(self, folded_text: str) -> bool:
        return self.markers.search(folded_text) is not None


def _words(*alternatives: str) -> re.Pattern[str]:
    """Whole words or phrases; a space outside a [class] matches any run of spaces,
    apostrophes and hyphens (« n'est pas », « peut-on », « jusqu’à » once folded)."""
    spaced = [re.sub(r" (?![^\[]*\])", r"[\\s'\\-]+", alt) for alt in alternatives]
    return re.compile(r"(?<![\w])(?:" + "|".join(spaced) + r")(?![\w])")


NUMBER_WORDS = r"deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|quinze|vingt|trente|cent"

# Order matters when a query has the cues of several: the first listed wins (« combien de
# cartes puis-je garder ? » asks for a number more than for a permission; « c'est quoi la
# taille maximale ? » for a number more than for a definition).
INTENTS: tuple[Intent, ...] = (
    Intent(
        "quantity",
        "une quantité",
        _words(
            r"combien",
            r"cm?b",  # on a phone
            r"(?:qu|k)el(?:le)?s? (?:est|sont) (?:le|la|les) (?:nombre|maximum|minimum|limite|taille)",
            r"nombre (?:de|d|maximum|minimum|max|min)",
            r"jusqu a combien",
            r"max(?:imum)?",
            r"minimum",
            r"limite",
            # asked in English (`language.py`)
            r"how (?:many|much)",
            r"limit",
        ),
        _words(
            r"\d+",
            r"x",
            NUMBER_WORDS,
            r"maximum",
            r"minimum",
            r"au moins",
            r"au plus",
            r"jusqu a",
            r"pas plus de",
            r"plus de",
            r"moins de",
            r"limite",
            r"limitee?s?",
            r"egale? a",
            r"nombre",
            r"autant",
        ),
    ),
    Intent(
        "permission",
        "une permission ou une interdiction",
        _words(
            r"peut[- ]on",
            r"puis[- ]je",
            r"peux[- ]je",
            r"(?:je|on|tu|il|elle|nous|vous|ils|elles) (?:ne )?(?:peux|peut|pouvons|pouvez|peuvent)",
            r"peut[- ]il",
            r"peut[- ]elle",
            r"peuvent[- ](?:ils|elles)",
            r"(?:ai|as|a|avons|avez|ont)[- ](?:t[- ])?(?:je|tu|il|elle|on|nous|vous|ils) le droit",
            r"le droit de",
            r"est[- ]il (?:possible|permis|autorise|interdit)",
            r"(?:est|c est) (?:possible|permis|autorise|interdit)",
            r"autorisee?s?",
            r"interdite?s?",
            r"possible de",
            r"(?:can|may|could) (?:i|you|we|they|my|a|an|the)",
            r"am i allowed",
            r"is it (?:legal|allowed|possible)",
            r"allowed to",
        ),
        _words(
            r"peut",
            r"peuvent",
            r"pouvez",
            r"pouvoir",
            r"ne (?:peut|peuvent|pouvez) (?:pas|jamais|plus)",
            r"a tout moment",
            r"n importe quand",
            r"autorisee?s?",
            r"interdite?s?",
            r"(?:n est pas|il est|est) possible",
            r"impossible",
            r"(?:ne )?(?:doit|doivent|devez) (?:pas )?",
            r"uniquement",
            r"seulement",
            r"jamais",
            r"permet",
            r"permis",
        ),
    ),
    Intent(
        "consequence",
        "une conséquence",
        _words(
            r"que se passe[- ]?t?[- ]?(?:il|elle)?",
            r"qu est[- ]ce qui se passe",
            r"qu arrive[- ]?t?[- ]?(?:il|elle)?",
            r"qu est[- ]ce qui arrive",
            r"que devient",
            r"et si",
            r"si jamais",
            r"dans le cas ou",
            r"quelle est la consequence",
            r"what happens",
            r"what if",
        ),
        _words(
            r"si",
            r"lorsqu(?:e)?",
            r"quand",
            r"des que",
            r"alors",
            r"immediatement",
            r"aussitot",
            r"a la place",
            r"dans ce cas",
            r"est (?:detruite?|vaincue?|defaussee?|retiree?|elimine(?:e)?|perdue?)",
            r"perd(?:ent)?",
            r"gagne(?:nt)?",
            r"resultat",
            r"consequence",
        ),
    ),
)
# Not followed by « la meilleure façon », « the best way »…: a how-to, not a meaning.
HOW_TO = (
    r"(?! (?:la |le |the |a )?(?:meilleure?|bonne|seule|best|easiest|right|correct|proper|only)"
    r" (?:facon|maniere|methode|technique|way|method))"
)
INTENTS += (
    # « c'est quoi X ? », « ça veut dire quoi X ? », « à quoi sert X ? »: the meaning of a
    # term, which a definition answers (the searcher does not hold a glossary entry back for
    # such a question as it does for a question about play: `INTENT_KIND_FACTORS`).
    Intent(
        "definition",
        "une définition",
        _words(
            # (« c'est quoi la meilleure façon de… », « what's the best way to… » ask how to
            # do something, which a rule answers: no definition intent, HOW_TO.)
            r"c (?:est )?(?:quoi|koi)" + HOW_TO,  # « c quoi », « c koi » on a phone
            r"kes?ke (?:c|un|une)",  # « keske c », « keske un »
            r"qu est[- ]ce que c est",
            r"qu est[- ]ce qu(?: un| une)",
            r"(?:veut|veulent|voudrait) dire",
            r"que signifie(?:nt)?",
            r"signifie(?:nt)? quoi",
            r"a quoi (?:il |elle |ils |elles |ca )?(?:sert|servent)",
            r"(?:sert|servent)[- ](?:il |elle |ils |elles )?a quoi",
            r"definition",
            r"what (?:is|are|s) (?:a|an|the)" + HOW_TO,
            r"what does (?:\w+[\s'-]+){1,4}mean",
            r"meaning of",
        ),
        _words(
            r"signifie(?:nt)?",
            r"designe(?:nt)?",
            r"represente(?:nt)?",
            r"correspond(?:ent)?",
            r"(?:est|sont) (?:un|une|des|le|la|les|l)",
            r"on appelle",
            r"appelee?s?",
            r"permet(?:tent)?",
            r"sert a",
            r"servent a",
        ),
    ),
)
BY_NAME = {intent.name: intent for intent in INTENTS}


def detect_intent(text: str) -> Intent | None:
    """The intent of a query, from its question words; None for a query that asks none."""
    folded = fold(text)
    for intent in INTENTS:
        if intent.cues.search(folded):
            return intent
    return None
