"""Altered: zones — shared or private (3.1.2), visible or hidden (3.1.3) — and who may see a card.

The kinds of each zone are the rules' own lists (remarks of 3.1.2.a, 3.1.2.b, 3.1.3.a, 3.1.3.d),
with the Mana zone as 3.2.9.a states it: private and visible, but its cards are face down.  The
procedure runs a list of events on cards and answers with the rule that decides:
- `move`: a card changes zone.  A card sent to another player's private zone goes to its owner's
  (3.1.2.c); a card put into the Mana zone enters face down and exhausted (3.2.9.b) and, coming
  from a hidden zone, is not revealed (remark); a card entering a visible zone face up is known
  to every player (3.1.3.b).
- `look`: a player asks to look at a card.  Another player's hidden zone: no (3.1.3.f); one's own
  Mana zone: yes (3.2.9.d); another player's Mana cards: no (3.2.9.a, remark); the face-down cards
  of the Adventure: no one (3.2.1.a, remark); a face-up card in a visible zone: yes (3.1.3.b).
- `use`: a cost or an effect uses the characteristics of a card in a hidden zone: the card is
  revealed first (3.1.3.f, remark).
"""

from __future__ import annotations

from dataclasses import dataclass

from arbitre.model.core.french import of, the
from arbitre.model.core.scenario import Fields, ScenarioError, read_opening
from arbitre.model.core.trace import Recorder, Ruling, Trace

GAME = "altered"
SHARED = ("expedition", "aventure", "limbo")  # 3.1.2.a, remark
PRIVATE = ("deck", "main", "heros", "repere", "mana", "reserve", "defausse")  # 3.1.2.b, remark
VISIBLE = ("aventure", "defausse", "expedition", "heros", "repere", "limbo", "reserve", "mana")
HIDDEN = ("deck", "main")  # 3.1.3.d, remark (the Mana zone: see the note of the trace)
ZONE_FR = {
    "expedition": "zone d'Expédition",
    "aventure": "Aventure",
    "limbo": "Limbo",
    "deck": "Deck",
    "main": "Main",
    "heros": "Zone du Héros",
    "repere": "Zone du Repère",
    "mana": "Zone de Mana",
    "reserve": "Réserve",
    "defausse": "pile de Défausse",
}


def rid(number: str) -> str:
    return f"{GAME}/{number}"


@dataclass
class Event:
    kind: str  # move, look, use
    player: str  # who moves, looks, or controls the cost or effect
    card: str
    zone: str = ""  # move: the destination; look/use: read from the card's place
    owner: str = ""  # move: whose zone the destination is (private zones)


@dataclass
class Place:
    owner: str
    zone: str
    holder: str  # whose instance of the zone ("" for a shared zone)
    face_down: bool = False


@dataclass
class ZonesScenario:
    name: str
    title: str
    rulings: list[Ruling]
    players: list[str]
    cards: dict[str, Place]
    events: list[Event]


def read_zones(name: str, data: Fields) -> ZonesScenario:
    rulings, title, state = read_opening(data, GAME)
    players = state.str_list("players")
    cards: dict[str, Place] = {}
    for cf in state.records("cards"):
        owner = cf.player("owner", players)
        zone = cf.choice("zone", tuple(ZONE_FR))
        down = cf.bool("face_down", zone in ("mana", "aventure"))
        cards[cf.str("name")] = Place(owner, zone, "" if zone in SHARED else owner, down)
        cf.done()
    state.done()
    actions = data.sub("actions")
    events = []
    for ef in actions.records("events"):
        kind = ef.choice("kind", ("move", "look", "use"))
        e = Event(kind, ef.player("player", players), ef.str("card"))
        if e.card not in cards:
            raise ScenarioError(ef.where("card"), f"no card {e.card!r} in the state")
        if kind == "move":
            e.zone = ef.choice("to", tuple(ZONE_FR))
            e.owner = ef.str("of", e.player)
        ef.done()
        events.append(e)
    actions.done()
    return ZonesScenario(name, title, rulings, players, cards, events)


class _Zones:
    def __init__(self, sc: ZonesScenario) -> None:
        self.sc = sc
        self.cards = {n: Place(p.owner, p.zone, p.holder, p.face_down) for n, p in sc.cards.items()}
        self.known: set[str] = set()  # cards whose face every player knows
        self.revealed: list[str] = []
        self.looks: dict[str, str] = {}
        self.rec = Recorder(self.snapshot)
        self.rec.note(
            "La remarque de 3.1.3.d range la Zone de Mana parmi les zones cachées, alors que "
            "3.2.9.a et sa remarque en font une zone visible qui contient des cartes face cachée : "
            "le modèle suit 3.2.9.a (zone visible, cartes face cachée)."
        )

    def snapshot(self) -> dict[str, str]:
        return {
            n: self.where(p) + (" (face cachée)" if p.face_down else "")
            for n, p in self.cards.items()
        }

    @staticmethod
    def where(p: Place) -> str:
        return ZONE_FR[p.zone] + (f" {of(p.holder)}" if p.holder else "")

    def kind(self, zone: str) -> str:
        return (
            ("partagée" if zone in SHARED else "privée")
            + " et "
            + ("cachée" if zone in HIDDEN else "visible")
        )

    def move(self, e: Event) -> None:
        p = self.cards[e.card]
        rules = [rid("3.1.2.a-remarque" if e.zone in SHARED else "3.1.2.b-remarque")]
        holder = "" if e.zone in SHARED else e.owner
        text = f"{e.player} déplace {e.card} ({self.where(p)}) vers {the(ZONE_FR[e.zone])}"
        if e.zone in SHARED:
            text += " — zone partagée : il n'en existe qu'une dans le jeu"
            rules.append(rid("3.1.2.a"))
        elif holder != p.owner:
            text += (
                f" {of(holder)} — zone privée qui n'appartient pas au propriétaire de la carte : "
                f"elle va dans celle {of(p.owner)} à la place"
            )
            rules.append(rid("3.1.2.c"))
            holder = p.owner
        was_hidden = p.zone in HIDDEN and e.card not in self.known
        p.zone, p.holder = e.zone, holder
        if e.zone == "mana":
            p.face_down = True
            rules.append(rid("3.2.9.b"))
            text += " : elle entre face cachée et Épuisée"
            if was_hidden:
                rules.append(rid("3.2.9.b-remarque"))
                text += " ; venue d'une zone cachée, elle n'est pas révélée"
        elif e.zone in HIDDEN:
            p.face_down = True
        else:
            p.face_down = False
            if e.card not in self.known:
                self.known.add(e.card)
                self.revealed.append(e.card)
            rules += [rid("3.1.3.a-remarque"), rid("3.1.3.b")]
            text += " ; zone visible, tous les joueurs connaissent ses caractéristiques"
        self.rec.step(rules, text + ".")

    def look(self, e: Event) -> None:
        p = self.cards[e.card]
        own = p.holder == e.player
        where = self.where(p)
        if p.zone == "aventure" and p.face_down:
            ok, rules = False, [rid("3.2.1.a-remarque")]
            why = "les joueurs ne peuvent pas regarder la face des cartes face cachée de l'Aventure"
        elif p.zone == "mana":
            ok = own
            rules = [rid("3.2.9.d")] if own else [rid("3.2.9.a-remarque")]
            why = (
                "un joueur peut regarder les cartes de sa propre Zone de Mana à tout moment"
                if own
                else "on ne peut pas regarder la face des cartes de la Zone de Mana d'un autre joueur"
            )
        elif p.zone in HIDDEN:
            ok = own
            rules = [rid("3.1.3.d-remarque"), rid("3.1.3.f")]
            why = (
                f"{the(ZONE_FR[p.zone])} est une zone cachée ; c'est la sienne"
                if own
                else f"{the(ZONE_FR[p.zone])} est une zone cachée d'un autre joueur, et aucune règle ni "
                "aucun effet ne le permet ici"
            )
        else:
            ok, rules = True, [rid("3.1.3.a-remarque"), rid("3.1.3.b")]
            why = f"{the(ZONE_FR[p.zone])} est une zone visible"
        question = f"{e.player} regarde {e.card} ({where})"
        self.looks[question] = "permis" if ok else "refusé"
        self.rec.step(rules, f"{question} : {'permis' if ok else 'refusé'} — {why}.")

    def use(self, e: Event) -> None:
        p = self.cards[e.card]
        hidden = p.zone in HIDDEN or p.face_down
        if hidden and e.card not in self.known:
            self.known.add(e.card)
            self.revealed.append(e.card)
            self.rec.step(
                [rid("3.1.3.f-remarque")],
                f"Un coût ou un effet {of(e.player)} utilise les caractéristiques {of(e.card)}, dans "
                f"une zone cachée ({self.where(p)}) : la carte est d'abord révélée.",
            )
        else:
            self.rec.step(
                [rid("3.1.3.b")],
                f"Un coût ou un effet {of(e.player)} utilise les caractéristiques {of(e.card)}, "
                "déjà connues de tous.",
            )

    def run(self) -> Trace:
        zones = sorted(
            {p.zone for p in self.cards.values()} | {e.zone for e in self.sc.events if e.zone}
        )
        self.rec.step(
            [
                rid("3.1.2.a-remarque"),
                rid("3.1.2.b-remarque"),
                rid("3.1.3.a-remarque"),
                rid("3.1.3.d-remarque"),
            ],
            "Zones en jeu : " + " ; ".join(f"{ZONE_FR[z]} ({self.kind(z)})" for z in zones) + ".",
        )
        for e in self.sc.events:
            getattr(self, e.kind)(e)
        result = {
            "zone_kinds": {ZONE_FR[z]: self.kind(z) for z in zones},
            "card_places": {n: self.where(p) for n, p in self.cards.items()},
            "revealed_cards": list(self.revealed),
            "looks": dict(self.looks),
        }
        return self.rec.trace("zones", GAME, self.sc, result)


def run_zones(scenario: ZonesScenario) -> Trace:
    """Move cards, look at them, use them: the zone rules decide (3.1, 3.2)."""
    return _Zones(scenario).run()
