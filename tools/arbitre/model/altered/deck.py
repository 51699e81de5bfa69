"""Altered: is a deck legal?  Constructed (1.1.4) and limited (1.1.5) deck building.

A deck is data: its format and its cards (name, type, faction, rarity, copies).  The procedure
checks every rule of the format in order and says which hold:
- constructed: exactly 1 Hero (1.1.4.b), at least 39 other cards (1.1.4.c), only the Hero's
  faction (1.1.4.d), at most 3 cards of one name (1.1.4.e), at most 15 rares (1.1.4.f) and 3
  uniques (1.1.4.g);
- limited: at most 1 Hero (1.1.5.b), at least 29 other cards (1.1.5.c), at most 3 factions, the
  Hero's counting as one (1.1.5.d), and no limit on names or rarity (remark of 1.1.5.d).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from arbitre.model.core.scenario import Fields, read_opening
from arbitre.model.core.trace import Recorder, Ruling, Trace

GAME = "altered"
RARITIES = ("commune", "rare", "unique")
FORMAT_FR = {"construit": "deck construit", "limite": "deck limité"}


def rid(number: str) -> str:
    return f"{GAME}/{number}"


@dataclass
class DeckCard:
    name: str
    hero: bool
    faction: str
    rarity: str
    copies: int
    distinct: bool = False  # a group of `copies` cards with different names (a placeholder)


@dataclass
class DeckScenario:
    name: str
    title: str
    rulings: list[Ruling]
    format: str
    cards: list[DeckCard]


def read_deck(name: str, data: Fields) -> DeckScenario:
    rulings, title, state = read_opening(data, GAME)
    fmt = state.choice("format", tuple(FORMAT_FR))
    cards = []
    for cf in state.records("cards"):
        cards.append(
            DeckCard(
                cf.str("name"),
                cf.bool("heros"),
                cf.str("faction"),
                cf.choice("rarity", RARITIES, "commune"),
                cf.int("copies", 1, minimum=1),
                cf.bool("distinct"),
            )
        )
        cf.done()
    state.done()
    return DeckScenario(name, title, rulings, fmt, cards)


class _Deck:
    def __init__(self, sc: DeckScenario) -> None:
        self.sc = sc
        self.rec = Recorder(lambda: {})
        self.problems: list[str] = []

    def check(self, ok: bool, rule: str, text: str) -> None:
        self.rec.step([rid(rule)], f"{text} : {'respecté' if ok else 'NON respecté'}.")
        if not ok:
            self.problems.append(f"{rule} : {text}")

    def run(self) -> Trace:
        cards = self.sc.cards
        heroes = sum(c.copies for c in cards if c.hero)
        others = sum(c.copies for c in cards if not c.hero)
        hero_factions = {c.faction for c in cards if c.hero}
        factions = {c.faction for c in cards}
        names: Counter[str] = Counter()
        for c in cards:
            if c.distinct:
                names.update({f"{c.name} n° {i}": 1 for i in range(1, c.copies + 1)})
            else:
                names[c.name] += c.copies
        rarity: Counter[str] = Counter()
        for c in cards:
            rarity[c.rarity] += c.copies
        most = max(names.values(), default=0)
        self.rec.step(
            [rid("1.1.4" if self.sc.format == "construit" else "1.1.5")],
            f"Le deck est un {FORMAT_FR[self.sc.format]} : {heroes} Héros, {others} autres cartes, "
            f"factions {', '.join(sorted(factions))}, {rarity['rare']} rare(s), "
            f"{rarity['unique']} unique(s), au plus {most} carte(s) d'un même nom.",
        )
        if self.sc.format == "construit":
            self.check(heroes == 1, "1.1.4.b", f"exactement 1 Héros ({heroes})")
            self.check(others >= 39, "1.1.4.c", f"au moins 39 autres cartes ({others})")
            self.check(
                len(hero_factions) == 1 and factions <= hero_factions,
                "1.1.4.d",
                "seulement des cartes de la faction du Héros",
            )
            self.check(most <= 3, "1.1.4.e", f"au plus 3 cartes d'un même nom ({most})")
            self.check(rarity["rare"] <= 15, "1.1.4.f", f"au plus 15 rares ({rarity['rare']})")
            self.check(rarity["unique"] <= 3, "1.1.4.g", f"au plus 3 uniques ({rarity['unique']})")
        else:
            self.check(
                heroes <= 1,
                "1.1.5.b",
                f"au plus 1 Héros ({heroes}"
                + ("" if heroes else " : le Héros n'est pas obligatoire")
                + ")",
            )
            self.check(others >= 29, "1.1.5.c", f"au moins 29 autres cartes ({others})")
            self.check(
                len(factions) <= 3,
                "1.1.5.d",
                f"au plus 3 factions, celle du Héros comprise ({len(factions)})",
            )
            self.rec.step(
                [rid("1.1.5.d-remarque")],
                f"Pas de limite de cartes d'un même nom ni de rareté en limité (ici au plus {most} "
                f"d'un même nom, {rarity['rare']} rare(s), {rarity['unique']} unique(s)).",
            )
        legal = not self.problems
        self.rec.step(
            [rid("1.1.4" if self.sc.format == "construit" else "1.1.5")],
            "Le deck est légal." if legal else "Le deck n'est pas légal.",
        )
        return self.rec.trace(
            "deck", GAME, self.sc, {"deck_legal": legal, "deck_problems": list(self.problems)}
        )


def check_deck(scenario: DeckScenario) -> Trace:
    """Check a deck against the building rules of its format."""
    return _Deck(scenario).run()
