"""Altered Dusk: the position on a core `GameState`, the expeditions' statistics, and what a trace
shows of it.

- The Adventure is the shared zone « aventure »: its region cards in order, index 0 the Hero
  Region (3.2.1.b).
- A player's two expeditions are the zones « heros » and « compagnon » holding their characters;
  each expedition's marker is a card of kind « expedition » in the player's zone « marqueurs »,
  whose current value « position » is the index of its region and, once the Dusk has counted
  them, whose current Forêt/Montagne/Eau values are the expedition's statistics (4.2.4.b).
"""

from __future__ import annotations

import copy
from typing import Any

from arbitre.model.altered.dusk_read import (
    BOOST,
    FACE_DOWN,
    GIGANTIC,
    DuskScenario,
)
from arbitre.model.altered.rules import KIND_FR, KINDS, LAST, STAT_FR, STATS, rid
from arbitre.model.core.french import of
from arbitre.model.core.state import Card, GameState, Player
from arbitre.model.core.trace import Recorder

ADVENTURE = "aventure"
MARKERS = "marqueurs"


def other_kind(kind: str) -> str:
    return "compagnon" if kind == "heros" else "heros"


def fmt(stats: dict[str, int]) -> str:
    return ", ".join(f"{STAT_FR[s]} {stats[s]}" for s in STATS)


class DuskState:
    def __init__(self, sc: DuskScenario) -> None:
        self.sc = sc
        self.game = GameState([Player(n) for n in sc.players])
        for r in sc.regions:
            self.game.put(copy.deepcopy(r), ADVENTURE)
        for player in sc.players:
            for kind in KINDS:
                for c in sc.characters[player][kind]:
                    card = copy.deepcopy(c)
                    card.owner = card.controller = player
                    self.game.put(card, kind, player)
                marker = Card(self.expedition(player, kind), player, kind="expedition")
                marker.current["position"] = sc.positions[player][kind]
                self.game.put(marker, MARKERS, player)
        self.advanced: list[str] = []
        self.failed: list[tuple[str, str]] = []  # (player, kind)
        self.revealed: list[str] = []
        self.winner: str | None = None
        self.tiebreak = sc.arena
        self.rec = Recorder(self.snapshot)

    # -- the expeditions --
    @staticmethod
    def expedition(player: str, kind: str) -> str:
        """« expédition du héros de Bruno »: how a result names an expedition."""
        return f"expédition {KIND_FR[kind]} {of(player)}"

    @staticmethod
    def label(player: str, kind: str) -> str:
        return f"l'expédition {KIND_FR[kind]} {of(player)}"

    def marker(self, player: str, kind: str) -> Card:
        return self.game.card(self.expedition(player, kind))

    def position(self, player: str, kind: str) -> int:
        return self.marker(player, kind).value("position")

    def characters(self, player: str, kind: str) -> list[Card]:
        return self.game.cards_in(kind, player)

    def opponent(self, player: str) -> str:
        return next(p for p in self.sc.players if p != player)

    def stats(self, player: str, kind: str) -> dict[str, int]:
        marker = self.marker(player, kind)
        return {s: marker.value(s) for s in STATS}

    # -- the Adventure --
    def region(self, index: int) -> Card:
        return self.game.cards_in(ADVENTURE)[index]

    def region_name(self, index: int) -> str:
        if index < len(self.sc.regions):
            return self.region(index).name
        ends = {0: "Région du héros", LAST: "Région du compagnon"}  # the Arena has no Adventure
        return ends.get(index, f"région n° {index} de l'Aventure")

    def face_down_tumults(self) -> set[str]:
        return {
            self.sc.tumult.get(r.name, "")
            for r in self.game.cards_in(ADVENTURE)
            if FACE_DOWN in r.statuses
        }

    def reveal(self, tumult: str) -> None:
        """Both halves of a Tumult card are turned face up (7.3.11.b)."""
        for r in self.game.cards_in(ADVENTURE):
            if self.sc.tumult.get(r.name, "") == tumult:
                r.statuses.discard(FACE_DOWN)
        self.revealed.append(tumult)

    # -- statistics (4.2.4.b, 2.5.1.b, 7.4.3.e) --
    def count_stats(self, player: str, kind: str) -> dict[str, int]:
        """Add up an expedition's characters (and its player's Gigantic ones of the other
        expedition) onto its marker; record the step."""
        present = self.characters(player, kind)
        giants = [c for c in self.characters(player, other_kind(kind)) if GIGANTIC in c.statuses]
        totals = {s: 0 for s in STATS}
        parts = []
        for c in present + giants:
            boosts = c.count(BOOST)
            values = {s: c.value(s) + boosts for s in STATS}
            for s in STATS:
                totals[s] += values[s]
            extra = []
            if boosts:
                extra.append(f"{boosts} boost(s)")
            if c in giants:
                extra.append("Gigantesque, joué dans l'autre expédition")
            more = f" [{'; '.join(extra)}]" if extra else ""
            parts.append(f"{c.name} ({fmt(values)}){more}")
        rules = [rid("4.2.4.b")]
        if any(c.count(BOOST) for c in present + giants):
            rules.append(rid("2.5.1.b"))
        if giants or any(GIGANTIC in c.statuses for c in present):
            rules += [rid("7.4.3.b"), rid("7.4.3.e")]
        who = "; ".join(parts) if parts else "aucun personnage"
        self.marker(player, kind).current.update(totals)
        self.rec.step(
            rules,
            f"Statistiques de {self.label(player, kind)} : {who} ; total {fmt(totals)}.",
        )
        return totals

    # -- what the trace shows --
    def snapshot(self) -> dict[str, Any]:
        return {
            "positions": {p: {k: self.position(p, k) for k in KINDS} for p in self.sc.players},
            "face_down_tumult": sorted(self.face_down_tumults()),
        }

    def result(self) -> dict[str, Any]:
        return {
            "stats": {
                p: {
                    f"expédition {KIND_FR[k]}": {STAT_FR[s]: x for s, x in self.stats(p, k).items()}
                    for k in KINDS
                }
                for p in self.sc.players
            },
            "advanced": list(self.advanced),
            "failed": [self.expedition(p, k) for p, k in self.failed],
            "positions": {
                p: {
                    f"expédition {KIND_FR[k]}": self.region_name(self.position(p, k)) for k in KINDS
                }
                for p in self.sc.players
            },
            "revealed": list(self.revealed),
            "tiebreak": self.tiebreak,
            "winner": self.winner,
        }
