"""The Spoils: events on cards in play and the standing rules checked after each one.

A scenario gives cards in play (type, Strength, Life, damage this turn, a Unique identifier),
standing effects as data, and a list of events.  After every event the model checks, in order:
- « tant que » conditions (504.1): an effect applies only while its condition holds;
- damage >= Life destroys a character (408.4, FAQ 9);
- two cards with the same Unique identifier under one controller: he keeps one, the others are
  destroyed (507.5a; the opponent's copy does not count, FAQ 11).
A card that changes zone loses its damage (408.9); a card turned face down as a resource has left
play and comes back as a new card (411.4, FAQ 7); a card that loses the Character type loses its
damage (208.3).  An effect that targeted a card in a zone it has left loses track of it (402.4).
Damage to a faction makes it lose as much influence (408.3), and damage modifiers apply; a loss
of influence is not damage (408.3b).  Replacements (« à la place », 506.1) each apply once to the
same event, every copy separately (506.5); when several could apply at once, the player who
chooses (506.4) takes the first listed — a default the trace marks.

The scenario is read by `events_read`.
"""

from __future__ import annotations

from typing import Any

from arbitre.model.core.french import of, que
from arbitre.model.core.scenario import ScenarioError
from arbitre.model.core.state import Card, GameState, Player
from arbitre.model.core.trace import Recorder, Trace
from arbitre.model.the_spoils.events_read import (
    CONDITIONS,
    FATE_FR,
    ZONE_OF,
    Event,
    EventScenario,
    read_events,
)
from arbitre.model.the_spoils.rules import GAME, rid

__all__ = ["read_events", "run_events"]


class _Run:
    def __init__(self, sc: EventScenario) -> None:
        self.sc = sc
        self.game = GameState([Player(p) for p in sc.players], active=sc.active)
        for c in sc.cards:
            self.game.put(Card(c.name, c.owner, c.controller, dict(c.printed), kind=c.kind), "jeu")
            self.game.card(c.name).counters = dict(c.counters)
            self.game.card(c.name).statuses = set(c.statuses)
        self.influence = dict(sc.influence)
        self.left_play: list[str] = []
        self.entered_play: list[str] = []
        self.destroyed: list[str] = []
        self.lost_track: list[str] = []
        self.rec = Recorder(self.snapshot)

    def snapshot(self) -> dict[str, Any]:
        cards = {}
        for c in self.game.cards.values():
            one: dict[str, Any] = {"zone": c.zone, "type": c.kind, "contrôleur": c.controller}
            if c.kind == "personnage":
                one.update(
                    force=c.value("force"),
                    endurance=c.value("endurance"),
                    dommages=c.count("dommages"),
                )
            cards[c.name] = one
        return {"cartes": cards, "influence": dict(self.influence)}

    def in_play(self) -> list[Card]:
        return [c for c in self.game.cards.values() if c.zone == "jeu"]

    # -- zone changes, with replacements (506) --
    def fate(self, card: Card, fate: str, rules: list[str], why: str) -> None:
        self.rec.step(rules, f"{card.name} {why}.")
        used: set[int] = set()
        chain = [fate]
        destroyed = False  # a destruction that was not replaced
        while True:
            options = [
                (i, r)
                for i, r in enumerate(self.sc.replacements)
                if i not in used and r.replaces == chain[-1]
            ]
            if not options:
                if chain[-1] == "detruite":  # a destroyed card goes to the discard (204.5)
                    destroyed = True
                    chain.append("mise_en_defausse")
                    continue
                break
            i, r = options[0]
            used.add(i)
            defaults = ["remplacement choisi"] if len({x.source for _, x in options}) > 1 else []
            self.rec.step(
                [rid("506.1"), rid("506.5")] + ([rid("506.4")] if len(options) > 1 else []),
                f"{card.name} devrait être {FATE_FR[chain[-1]]} ; {r.source} la remplace : elle "
                f"est {FATE_FR[r.instead]} à la place (ce remplacement ne s'applique plus à cet "
                "événement).",
                defaults,
            )
            chain.append(r.instead)
        final = chain[-1]
        if destroyed:
            self.destroyed.append(card.name)
        self.leave(card, ZONE_OF[final])
        self.rec.step(
            ([rid("204.5")] if destroyed else []) + [rid("408.9")],
            f"{card.name} quitte le jeu : elle est finalement {FATE_FR[final]} ; ses dommages "
            "reviennent à 0.",
        )

    def leave(self, card: Card, zone: str) -> None:
        card.counters.pop("dommages", None)
        self.game.move(card.name, zone)
        self.left_play.append(card.name)

    # -- standing checks --
    def check(self) -> None:
        for w in self.sc.whiles:
            holder = self.game.card(w.card)
            holds = w.condition == "adversaire_controle_un_personnage" and any(
                c.kind == "personnage" and c.controller != holder.controller for c in self.in_play()
            )
            holds = holds and holder.zone == "jeu"
            if holds != w.active:
                sign = 1 if holds else -1
                for key, n in (("force", w.strength), ("endurance", w.life)):
                    holder.current[key] = holder.value(key) + sign * n
                w.active = holds
                state = "s'applique" if holds else "cesse immédiatement"
                self.rec.step(
                    [rid("504.1")],
                    f"« Tant {que(CONDITIONS[w.condition])} » ({w.source}) : la condition est "
                    f"{'vraie' if holds else 'fausse'}, l'effet {state} ; {holder.name} a Force "
                    f"{holder.value('force')}, Endurance {holder.value('endurance')}.",
                )
        for c in list(self.in_play()):
            if c.kind == "personnage" and c.count("dommages") >= c.value("endurance"):
                self.fate(
                    c,
                    "detruite",
                    [rid("408.4")],
                    f"a reçu {c.count('dommages')} dommage(s) ce tour pour une Endurance de "
                    f"{c.value('endurance')} (≥) : elle doit être détruite",
                )
        groups: dict[tuple[str, str], list[Card]] = {}
        for c in self.in_play():
            for s in sorted(c.statuses):
                if s.startswith("unique:"):
                    groups.setdefault((c.controller or "", s[7:]), []).append(c)
        for (player, ident), copies in groups.items():
            if len(copies) < 2:
                continue
            chosen = self.sc.keep.get(ident)
            kept = next((c for c in copies if c.name == chosen), copies[0])
            defaults = [] if chosen else [f"exemplaire unique conservé par {player}"]
            self.rec.step(
                [rid("507.5a")],
                f"{player} contrôle {len(copies)} cartes « Unique {ident} » : {player} garde "
                f"{kept.name}"
                + ("" if chosen else " (choix par défaut du modèle)")
                + " et détruit "
                "les autres.",
                defaults,
            )
            for c in copies:
                if c is not kept:
                    self.fate(c, "detruite", [rid("507.5a")], "doit être détruite (Unique)")

    # -- events --
    def apply(self, e: Event) -> None:
        """One event: on a faction, an effect that resolves on its target, or a change of a
        card in play."""
        said = f" ({e.text})" if e.text else ""
        if e.event in ("dommages_faction", "perte_influence"):
            self.faction_loses(e, said)
            return
        card = self.game.card(e.card)
        if e.event == "resolution":
            self.resolve_on(card, e, said)
            return
        if card.zone != "jeu":
            raise ScenarioError(f"actions.events ({e.event})", f"{card.name} is not in play")
        if e.event == "dommages":
            card.add("dommages", e.amount)
            self.rec.step(
                [rid("408.4")],
                f"{card.name} reçoit {e.amount} dommage(s){said} : {card.count('dommages')} ce "
                f"tour, Endurance {card.value('endurance')}.",
            )
        elif e.event == "type":
            self.change_type(card, e.value, said)
        elif e.event == "controle":
            card.controller = e.value
            self.rec.step([rid("407.4")], f"{e.value} prend le contrôle {of(card.name)}{said}.")
        elif e.event == "face_cachee":
            self.turn_face_down(card, said)
        elif e.event == "detruire":
            self.fate(card, "detruite", [rid("204.5")], f"doit être détruite{said}")
        elif e.event == "renvoyer_en_main":
            self.fate(card, "mise_en_main", [rid("408.9")], f"doit être renvoyée en main{said}")

    def faction_loses(self, e: Event, said: str) -> None:
        """Damage to a faction, after its modifiers, or a loss of influence (not damage: they do
        not apply): the faction loses as much influence (408.3, 408.3b)."""
        amount = e.amount
        if e.event == "dommages_faction":
            for source, change in self.sc.faction_damage_change:
                old, amount = amount, max(amount + change, 0)
                self.rec.step(
                    [rid("408.3")],
                    f"{source} modifie les dommages infligés à une faction : {old} → {amount}.",
                )
        elif self.sc.faction_damage_change:
            self.rec.step(
                [rid("408.3b")],
                "Perdre de l'influence n'est pas subir des dommages : "
                + ", ".join(s for s, _c in self.sc.faction_damage_change)
                + " ne s'applique pas.",
            )
        self.influence[e.faction] -= amount
        rule = rid("408.3") if e.event == "dommages_faction" else rid("408.3b")
        self.rec.step(
            [rule],
            f"La faction {of(e.faction)} perd {amount} point(s) d'influence{said} "
            f"({self.influence[e.faction]} restants).",
        )

    def resolve_on(self, card: Card, e: Event, said: str) -> None:
        """An effect resolves on the card it targeted, unless the card has left that zone: the
        effect loses track of it (402.4)."""
        if card.zone != e.zone:
            self.lost_track.append(card.name)
            self.rec.step(
                [rid("402.4")],
                f"L'effet{said} devait rendre {card.name} {FATE_FR[e.value]}, mais elle a "
                f"quitté la zone où il la ciblait ({e.zone}) : il en perd la trace, rien "
                "ne se passe.",
            )
            return
        self.fate(card, e.value, [rid("402.4")], f"doit être {FATE_FR[e.value]}{said}")

    def change_type(self, card: Card, kind: str, said: str) -> None:
        """The card takes another type; one that loses the Character type loses its damage
        (208.3)."""
        old_kind, card.kind = card.kind, kind
        rules = [rid("208.3")] if old_kind == "personnage" and kind != "personnage" else []
        if rules:
            card.counters.pop("dommages", None)
        after = (
            " ; la carte perd le type Personnage et ses dommages de ce tour sont annulés"
            if rules
            else ""
        )
        self.rec.step(rules or [rid("208.3")], f"{card.name} prend le type {kind}{said}{after}.")

    def turn_face_down(self, card: Card, said: str) -> None:
        """Turned face down as a resource, the card leaves play and comes back as a new card
        (411.4)."""
        self.leave(card, "jeu")
        card.kind = "ressource"
        card.current = {}
        card.statuses = {"face cachée"}
        self.entered_play.append(card.name)
        self.rec.step(
            [rid("411.4"), rid("408.9")],
            f"{card.name} est retournée face cachée comme ressource{said} : elle a quitté le "
            "jeu et y entre de nouveau comme une toute nouvelle carte (sans dommages).",
        )

    def run(self) -> Trace:
        self.check()
        for e in self.sc.events:
            self.apply(e)
            self.check()
        result: dict[str, Any] = {
            "zones": {c.name: c.zone for c in self.game.cards.values()},
            "damage": {
                c.name: c.count("dommages") for c in self.in_play() if c.kind == "personnage"
            },
            "destroyed": list(self.destroyed),
            "left_play": list(self.left_play),
            "entered_play": list(self.entered_play),
            "lost_track": list(self.lost_track),
        }
        if self.influence:
            result["influence"] = dict(self.influence)
        stats = {
            c.name: {"force": c.value("force"), "endurance": c.value("endurance")}
            for c in self.in_play()
            if c.kind == "personnage"
        }
        result["stats"] = stats
        return self.rec.trace("evenements", GAME, self.sc, result)


def run_events(sc: EventScenario) -> Trace:
    return _Run(sc).run()
