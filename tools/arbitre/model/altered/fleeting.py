"""Altered: playing cards through Limbo, Fleeting (« Fugace », 2.4.6) and the Night's Rest (4.2.5.b).

Cards are the engine's Cards moving between the zones of a GameState: a played card enters Limbo
(3.2.8); when it resolves, a character goes to its expedition zone, a Permanent to the Landmark
zone and never Fleeting (5.2.2.a and its remark), a spell to the Reserve — or
to the discard pile if it is Fleeting (5.2.3.j).  A card played from the Reserve becomes Fleeting
as it enters Limbo (2.4.6.a, 2.4.6.d), as does a spell with the Fleeting ability from anywhere
(2.4.6.e); a Fleeting character stays Fleeting in its expedition (2.4.6.b) and, sent to the
Reserve by Rest, goes to the discard pile instead (2.4.6.c).  A card that gains the status, or
changes zone with it, « devient » Fleeting (7.5.2.a and its remark): the trace lists those events.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.model.core.scenario import Fields, ScenarioError, read_opening, unique_names
from arbitre.model.core.state import Card, GameState, Player
from arbitre.model.core.trace import Recorder, Ruling, Trace

GAME = "altered"


def rid(number: str) -> str:
    return f"{GAME}/{number}"


ZONE_FR = {
    "main": "main",
    "reserve": "Réserve",
    "limbo": "Limbo",
    "expedition": "zone d'Expédition",
    "repere": "Zone du Repère",
    "defausse": "pile de Défausse",
}
FLEETING = "fugace"


@dataclass
class PlayedCard:
    name: str
    player: str
    kind: str  # "personnage", "sort" or "permanent"
    source: str  # "main" or "reserve"
    fleeting_ability: bool = False  # a spell with Fugace as an ability (2.4.6.e)


@dataclass
class FleetingScenario:
    name: str
    title: str
    rulings: list[Ruling]
    players: list[str]
    plays: list[PlayedCard] = field(default_factory=list)
    night: bool = False  # then run the Night's Rest


def read_fleeting(name: str, data: Fields) -> FleetingScenario:
    rulings, title, state = read_opening(data, GAME)
    players = state.str_list("players")
    state.done()
    actions = data.sub("actions")
    plays = []
    for pf in actions.records("plays"):
        p = PlayedCard(
            name=pf.str("card"),
            player=pf.player("player", players),
            kind=pf.choice("kind", ("personnage", "sort", "permanent")),
            source=pf.choice("from", ("main", "reserve")),
            fleeting_ability=pf.bool("fugace"),
        )
        if p.fleeting_ability and p.kind != "sort":
            raise ScenarioError(pf.where("fugace"), "only spells have Fugace as an ability here")
        pf.done()
        plays.append(p)
    unique_names([p.name for p in plays], actions.where("plays"))
    night = actions.bool("night")
    actions.done()
    return FleetingScenario(name, title, rulings, players, plays, night)


class _Fleeting:
    def __init__(self, sc: FleetingScenario) -> None:
        self.sc = sc
        self.game = GameState([Player(p) for p in sc.players])
        self.rec = Recorder(self.snapshot)
        self.became: list[str] = []  # « devient Fugace » events (7.5.2.a and its remark)

    def snapshot(self) -> dict[str, Any]:
        return {
            c.name: ZONE_FR[c.zone] + (" (Fugace)" if FLEETING in c.statuses else "")
            for c in self.game.cards.values()
        }

    def play(self, p: PlayedCard) -> None:
        card = Card(p.name, p.player, kind=p.kind)
        self.game.put(card, p.source, p.player)
        self.game.move(p.name, "limbo")
        rules, why = [rid("3.2.8.a")], ""
        if p.source == "reserve" and p.kind == "permanent":
            rules.append(rid("5.2.2.a-remarque"))
            why = " ; joué depuis la Réserve, mais un Permanent ne peut pas avoir le statut Fugace"
        elif p.source == "reserve":
            card.statuses.add(FLEETING)
            self.became.append(f"{p.name} devient Fugace en entrant dans le Limbo")
            rules.append(rid("2.4.6.a" if p.kind == "personnage" else "2.4.6.d"))
            why = " ; joué depuis la Réserve, il gagne le statut Fugace en entrant dans le Limbo"
        elif p.fleeting_ability:
            card.statuses.add(FLEETING)
            self.became.append(f"{p.name} devient Fugace en entrant dans le Limbo")
            rules.append(rid("2.4.6.e"))
            why = " ; ce sort a la capacité Fugace : il gagne le statut Fugace en entrant dans le Limbo"
        source = ZONE_FR[p.source]
        self.rec.step(
            rules,
            f"{p.player} joue {p.name} ({p.kind}) depuis sa {source} : la carte entre dans le Limbo{why}.",
        )
        self.resolve(card)

    def resolve(self, card: Card) -> None:
        fleeting = FLEETING in card.statuses
        if card.kind == "permanent":
            self.game.move(card.name, "repere", card.owner)
            self.rec.step(
                [rid("5.2.2.a")],
                f"{card.name} se résout : ce Permanent entre dans la Zone du Repère de son "
                "contrôleur.",
            )
            return
        if card.kind == "personnage":
            self.game.move(card.name, "expedition", card.owner)
            if fleeting:
                self.became.append(
                    f"{card.name} devient Fugace en rejoignant la zone d'Expédition avec ce statut"
                )
                self.rec.step(
                    [rid("2.4.6.b"), rid("7.5.2.a"), rid("7.5.2.a-remarque")],
                    f"{card.name} se résout : il entre dans la zone d'Expédition et y garde le "
                    "statut Fugace ; comme il change de zone en ayant ce statut, il « devient » "
                    "Fugace.",
                )
            else:
                self.rec.step(
                    [rid("3.2.8.a")], f"{card.name} se résout : il entre dans la zone d'Expédition."
                )
            return
        if fleeting:
            self.game.move(card.name, "defausse", card.owner)
            self.rec.step(
                [rid("2.4.6.f"), rid("5.2.3.j")],
                f"{card.name}, sort Fugace, a fini de se résoudre : il va dans la pile de Défausse "
                "au lieu de la Réserve.",
            )
        else:
            self.game.move(card.name, "reserve", card.owner)
            self.rec.step(
                [rid("5.2.3.j")],
                f"{card.name}, sort non Fugace, a fini de se résoudre : il va dans la Réserve.",
            )

    def rest(self) -> None:
        self.rec.step(
            [rid("4.2.5.b")],
            "Nuit, Repos : les personnages de la zone d'Expédition sont envoyés dans la Réserve.",
        )
        for card in [c for c in self.game.cards.values() if c.zone == "expedition"]:
            if FLEETING in card.statuses:
                self.game.move(card.name, "defausse", card.owner)
                self.rec.step(
                    [rid("2.4.6.c")],
                    f"{card.name} est Fugace : au lieu d'aller dans la Réserve, il va dans la pile "
                    "de Défausse.",
                )
            else:
                self.game.move(card.name, "reserve", card.owner)
                card.statuses.discard(FLEETING)
                self.rec.step([rid("4.2.5.b")], f"{card.name} va dans la Réserve.")

    def run(self) -> Trace:
        for p in self.sc.plays:
            self.play(p)
        if self.sc.night:
            self.rest()
        zones = {c.name: ZONE_FR[c.zone] for c in self.game.cards.values()}
        result = {"zones": zones, "became": list(self.became)}
        return self.rec.trace("fugace", GAME, self.sc, result)


def resolve_fleeting(scenario: FleetingScenario) -> Trace:
    return _Fleeting(scenario).run()
