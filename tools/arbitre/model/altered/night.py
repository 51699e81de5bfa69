"""Altered: the Night (« Nuit », 4.2.5) — Rest, Clean-up, and the Reactions checked after each.

The state is each player's Expedition zone, Reserve and Landmark zone (« Zone du Repère ») and
the limits of their Hero.  During the day a player may hold more objects than a limit (3.2.7.a,
3.2.10.a and their remarks): the excess is only discarded by the Clean-up daily effect.

Rest (4.2.5.b) sends the characters of the Expedition zone to the Reserve, with the exceptions the
rules give: Fleeting goes to the discard pile (2.4.6.c), Eternal stays (7.4.2.b), a token ceases
to exist after joining its new zone (2.1.d, 7.5.4.d), and an object leaving the Expedition zone
loses its counters (2.5.i) unless it is Seasoned (« Aguerri », 7.4.4.b).

Clean-up (4.2.5.c): in initiative order (remark, 6.1.g) each player makes known which objects they
keep, up to their Hero's limits (2 without a Hero, 4.2.5.d); everything else is discarded at once.
After each daily effect the Reactions are checked (4.2.d): a reaction triggered by the Clean-up may
put an object back, and the player then ends the day with an excess (4.2.5.d, remark).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.model.core.french import of, the
from arbitre.model.core.rules import require
from arbitre.model.core.scenario import Fields, read_opening, unique_names
from arbitre.model.core.state import Card, GameState, Player
from arbitre.model.core.trace import Recorder, Ruling, Trace

GAME = "altered"
ZONES = ("expedition", "reserve", "repere")
ZONE_FR = {
    "expedition": "zone d'Expédition",
    "reserve": "Réserve",
    "repere": "Zone du Repère",
    "defausse": "pile de Défausse",
    "hors_jeu": "n'existe plus",
}
LIMIT_RULE = {"reserve": "3.2.10.a", "repere": "3.2.7.a"}
NO_HERO_LIMIT = 2  # 4.2.5.d
FLAGS = ("fugace", "eternel", "aguerri", "jeton")


def rid(number: str) -> str:
    return f"{GAME}/{number}"


@dataclass
class NightPlayer:
    name: str
    limits: dict[str, int] | None  # None: no Hero (4.2.5.d)
    keep: dict[str, list[str]] | None = None  # Clean-up choices; None: not stated


@dataclass
class Arrival:
    """An object put into a zone by an effect: during the day, or by a reaction after an effect."""

    player: str
    card: str
    zone: str
    source: str  # the French name of the card or effect that puts it there
    after: str = ""  # "" (during the day), "repos" or "nettoyage": a reaction after that effect


@dataclass
class NightScenario:
    name: str
    title: str
    rulings: list[Ruling]
    players: list[NightPlayer]
    cards: list[Card]
    arrivals: list[Arrival] = field(default_factory=list)


def read_night(name: str, data: Fields) -> NightScenario:
    rulings, title, state = read_opening(data, GAME)
    players: list[NightPlayer] = []
    cards: list[Card] = []
    for pf in state.records("players"):
        pname = pf.str("name")
        lf = pf.sub("heros", None)
        limits = None
        if lf is not None:
            limits = {z: lf.int(z, minimum=0) for z in ("reserve", "repere")}
            lf.done()
        for zone in ZONES:
            for cf in pf.records(zone, []):
                card = Card(
                    cf.str("name"), pname, kind="personnage" if zone == "expedition" else ""
                )
                card.add("boost", cf.int("boosts", 0, minimum=0))
                card.statuses |= {f for f in FLAGS if cf.bool(f)}
                card.zone = zone
                cf.done()
                cards.append(card)
        players.append(NightPlayer(pname, limits))
        pf.done()
    names = [p.name for p in players]
    unique_names(names, state.where("players"))
    unique_names([c.name for c in cards], state.where("players"))
    state.done()
    actions = data.sub("actions", None) or Fields({}, "actions")
    arrivals = []
    for af in actions.records("arrivals", []):
        a = Arrival(
            af.player("player", names),
            af.str("card"),
            af.choice("zone", ("reserve", "repere")),
            af.str("source"),
            af.choice("after", ("", "repos", "nettoyage"), ""),
        )
        af.done()
        arrivals.append(a)
    keep = actions.sub("keep", None)
    if keep is not None:
        for p in players:
            kf = keep.sub(p.name, None)
            if kf is not None:
                p.keep = {z: kf.str_list(z, []) for z in ("reserve", "repere")}
                kf.done()
        keep.done()
    actions.done()
    return NightScenario(name, title, rulings, players, cards, arrivals)


class _Night:
    def __init__(self, sc: NightScenario) -> None:
        self.sc = sc
        self.game = GameState([Player(p.name) for p in sc.players])
        for c in sc.cards:
            self.game.put(c, c.zone, c.owner)
        self.discarded: list[str] = []
        self.gone: list[str] = []
        self.rec = Recorder(self.snapshot)

    def snapshot(self) -> dict[str, Any]:
        return {
            p.name: {ZONE_FR[z]: list(self.game.zone(z, p.name)) for z in ZONES}
            for p in self.sc.players
        }

    def limits(self, p: NightPlayer) -> dict[str, int]:
        return p.limits or {"reserve": NO_HERO_LIMIT, "repere": NO_HERO_LIMIT}

    def excess(self, p: NightPlayer) -> dict[str, int]:
        lim = self.limits(p)
        return {
            ZONE_FR[z]: len(self.game.zone(z, p.name)) - lim[z]
            for z in ("reserve", "repere")
            if len(self.game.zone(z, p.name)) > lim[z]
        }

    def arrive(self, a: Arrival, rules: list[str]) -> None:
        card = Card(a.card, a.player)
        self.game.put(card, a.zone, a.player)
        p = next(x for x in self.sc.players if x.name == a.player)
        count, lim = len(self.game.zone(a.zone, a.player)), self.limits(p)[a.zone]
        over = ""
        if count > lim and not a.after:
            rules = rules + [rid(LIMIT_RULE[a.zone]), rid(f"{LIMIT_RULE[a.zone]}-remarque")]
            over = (
                f" : {count} objets pour une limite de {lim}, c'est permis ; l'excédent ne sera "
                "défaussé que pendant la Nuit"
            )
        self.rec.step(
            rules,
            f"{a.source} place {a.card} dans {the(ZONE_FR[a.zone])} {of(a.player)}{over}.",
        )

    def day(self) -> None:
        for a in [a for a in self.sc.arrivals if not a.after]:
            self.arrive(a, [rid("4.2.3.a")])

    def rest(self) -> None:
        self.rec.step(
            [rid("4.2.5.a"), rid("4.2.5.b")],
            "Nuit, premier effet quotidien, le Repos : les personnages de la zone d'Expédition "
            "sont envoyés dans la Réserve.",
        )
        for p in self.sc.players:
            for card in self.game.cards_in("expedition", p.name):
                self.rest_one(card)

    def rest_one(self, card: Card) -> None:
        if "eternel" in card.statuses:
            self.rec.step(
                [rid("7.4.2.b"), rid("4.2.5.b-remarque")],
                f"{card.name} est Éternel : il n'est pas envoyé dans la Réserve et reste dans la "
                "zone d'Expédition.",
            )
            return
        zone, rules, why = "reserve", [rid("4.2.5.b")], "va dans la Réserve"
        if "fugace" in card.statuses:
            zone, rules = "defausse", [rid("2.4.6.c"), rid("4.2.5.b-remarque")]
            why = "est Fugace : il va dans la pile de Défausse au lieu de la Réserve"
        boosts = card.count("boost")
        if boosts and "aguerri" in card.statuses and zone == "reserve":
            rules.append(rid("7.4.4.b"))
            why += f" et, Aguerri, garde ses {boosts} boost(s)"
        elif boosts:
            card.add("boost", -boosts)
            rules.append(rid("2.5.i"))
            why += f" et perd ses {boosts} boost(s) en quittant la zone d'Expédition"
        self.game.move(card.name, zone, card.owner)
        if zone == "defausse":
            self.discarded.append(card.name)
        if "jeton" in card.statuses:
            self.game.remove(card.name)
            self.gone.append(card.name)
            rules += [rid("2.1.d"), rid("7.5.4.d")]
            why += ", puis, jeton, il cesse d'exister après avoir rejoint sa nouvelle zone"
        self.rec.step(rules, f"{card.name} {why}.")

    def reactions(self, effect: str) -> None:
        late = [a for a in self.sc.arrivals if a.after == effect]
        for a in late:
            self.arrive(a, [rid("4.2.d"), rid("4.4.a")])
        if late and effect == "nettoyage":
            self.rec.step(
                [rid("4.2.e"), rid("4.2.5.d-remarque")],
                "Il n'y a plus de Réaction et plus d'effet quotidien : la journée se termine, "
                "l'excédent placé par une réaction après le Nettoyage reste.",
            )

    def clean_up(self) -> None:
        self.rec.step(
            [rid("4.2.5.c"), rid("4.2.5.c-remarque"), rid("6.1.g")],
            "Nuit, second effet quotidien, le Nettoyage : dans l'ordre d'initiative ("
            + ", ".join(p.name for p in self.sc.players)
            + "), chaque joueur fait connaître les objets qu'il garde, dans la limite de son Héros.",
        )
        doomed: list[tuple[NightPlayer, str, str]] = []
        for p in self.sc.players:
            lim = self.limits(p)
            rules = [rid("4.2.5.c")] + ([] if p.limits else [rid("4.2.5.d")])
            hero = "de son Héros" if p.limits else "sans Héros, égales à 2"
            parts = []
            defaults = []
            for z in ("reserve", "repere"):
                here = list(self.game.zone(z, p.name))
                chosen = (p.keep or {}).get(z) if p.keep else None
                if len(here) <= lim[z]:
                    kept = here
                elif chosen is None:
                    kept = here[: lim[z]]
                    defaults.append(f"choix des objets gardés dans {the(ZONE_FR[z])} {of(p.name)}")
                else:
                    kept = chosen
                    require(
                        len(kept) <= lim[z] and set(kept) <= set(here),
                        rid("4.2.5.c"),
                        f"{p.name} garde {len(kept)} objet(s) de sa {ZONE_FR[z]} pour une limite de "
                        f"{lim[z]}, ou un objet qui n'y est pas",
                        f"actions.keep.{p.name}.{z}",
                    )
                doomed += [(p, z, n) for n in here if n not in kept]
                parts.append(f"{ZONE_FR[z]} (limite {lim[z]}) : garde {', '.join(kept) or 'rien'}")
            note = " (choix par défaut du modèle : les premiers objets)" if defaults else ""
            self.rec.step(
                rules, f"{p.name}, limites {hero} — " + " ; ".join(parts) + note + ".", defaults
            )
        for p, _z, n in doomed:
            self.game.move(n, "defausse", p.name)
            self.discarded.append(n)
        self.rec.step(
            [rid("4.2.5.c")],
            "Tous les objets non sélectionnés sont défaussés simultanément : "
            + (", ".join(n for _p, _z, n in doomed) or "aucun")
            + ".",
        )

    def run(self) -> Trace:
        self.day()
        self.rest()
        self.reactions("repos")
        self.clean_up()
        self.reactions("nettoyage")
        zones = {
            c.name: ZONE_FR[c.zone]
            + (f" ({c.count('boost')} boost(s))" if c.count("boost") else "")
            for c in self.game.cards.values()
        }
        zones.update({n: ZONE_FR["hors_jeu"] for n in self.gone})
        result = {
            "zones": zones,
            "discarded": list(self.discarded),
            "excess": {p.name: self.excess(p) for p in self.sc.players if self.excess(p)},
        }
        return self.rec.trace("nuit", GAME, self.sc, result)


def run_night(scenario: NightScenario) -> Trace:
    """Run the Night's Rest and Clean-up (4.2.5) after the day's arrivals."""
    return _Night(scenario).run()
