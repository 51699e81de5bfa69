"""Small French helpers the rules modules share: elision before a name, articles before a noun.

`of("Alice")` gives « d'Alice »; `the("manche")` « la manche », `the("annonce")` « l'annonce »,
`of_the("début du tour")` « du début du tour », `this("manche")` « cette manche ».  The gender and
number of a phase, step, turn or zone name is that of its first word, looked up in `NOUNS`: a rules
module that names a phase with a new head noun adds it there (tests/model/test_french.py renders
every game's phase names and fails on an unknown one).
"""

from __future__ import annotations

_VOWELS = "aeiouyhéèêàâîôûAEIOUYHÉÈÊÀÂÎÔÛ"
_ELIDING = "aeiouyéèêàâîôûAEIOUYÉÈÊÀÂÎÔÛ"  # before a noun: no elision before h (« le héros »)

# Head nouns of the sequences, phases, steps and zones the rules modules name: "m"/"f", "p" for
# plural.
NOUNS = {
    "annonce": "f",
    "aventure": "f",
    "avancée": "f",
    "combat": "m",
    "comparaison": "f",
    "crépuscule": "m",
    "début": "m",
    "deck": "m",
    "départages": "mp",
    "étape": "f",
    "fin": "f",
    "jour": "m",
    "limbo": "m",
    "main": "f",
    "manche": "f",
    "phase": "f",
    "pile": "f",
    "réserve": "f",
    "round": "m",
    "statistiques": "fp",
    "suite": "f",
    "tour": "m",
    "zone": "f",
}


# Words whose h is « aspiré »: no elision (« de Héraut », « le héros »); other h words elide.
H_ASPIRE = ("hache", "haine", "harpie", "hasard", "haut", "héraut", "héros", "hibou", "honte")


def _elides(text: str) -> bool:
    """Before a vowel or a mute h; not before an aspirated h, nor a y sounded as a consonant,
    that is followed by a vowel (« que Yum Heart », « de Yannick »)."""
    word = text.split(" ", 1)[0].lower()
    if word[:1] == "y" and word[1:2] in _ELIDING.lower():
        return False
    return text[:1] in _VOWELS and not word.startswith(H_ASPIRE)


def of(name: object) -> str:
    """« de Bruno », « d'Alice », « de Héraut », « de 3 »; « du Casse » for « Le Casse »."""
    text = str(name)
    for article, contracted in (("le ", "du "), ("les ", "des ")):
        if text[: len(article)].lower() == article:
            return contracted + text[len(article) :]
    return f"d'{text}" if _elides(text) else f"de {text}"


def que(text: str) -> str:
    """« que la pile… », « qu'un sbire… »."""
    return f"qu'{text}" if _elides(text) else f"que {text}"


def gender(noun: str) -> str:
    """ "m", "f", "mp" or "fp": that of the first word of `noun` (KeyError if not in NOUNS)."""
    head = noun.split(" ", 1)[0].split("'")[-1].lower()
    try:
        return NOUNS[head]
    except KeyError:
        raise KeyError(f"no gender known for « {head} » (add it to core.french.NOUNS)") from None


def the(noun: str) -> str:
    """« le début du tour », « la manche », « l'annonce », « les départages »."""
    g = gender(noun)
    if g.endswith("p"):
        return f"les {noun}"
    if noun[:1] in _ELIDING:
        return f"l'{noun}"
    return f"{'la' if g == 'f' else 'le'} {noun}"


def of_the(noun: str) -> str:
    """« du tour », « de la manche », « de l'annonce », « des départages »."""
    article = the(noun)
    if article.startswith("le "):
        return f"du {noun}"
    if article.startswith("les "):
        return f"des {noun}"
    return f"de {article}"


def this(noun: str) -> str:
    """« ce tour », « cet été », « cette manche », « ces départages »."""
    g = gender(noun)
    if g.endswith("p"):
        return f"ces {noun}"
    if g == "f":
        return f"cette {noun}"
    return f"cet {noun}" if noun[:1] in _ELIDING else f"ce {noun}"


def cap(text: str) -> str:
    """The first letter in upper case: « La manche d'Alice »."""
    return text[:1].upper() + text[1:]
