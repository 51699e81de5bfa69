"""Altered: Dusk progress (« Crépuscule », effet quotidien Progresser, 4.2.4) and the end of the game.

`read_dusk` turns scenario data into a `DuskScenario`; `resolve_dusk` runs the Progress daily effect
and the end-of-game check (4.3) and returns a Trace citing the rules of the comprehensive rules.

The Adventure is 8 regions in a row, indices 0..7 (3.2.1.b): the Hero Region at 0, the Companion
Region at 7, the six halves of the three Tumult cards in between.  Hero expeditions move 0 -> 7,
companion expeditions 7 -> 0 (7.3.11.a).

Choices the text leaves open, made explicit here:
- The « expédition opposée » of 4.2.4.b is the other player's expedition of the same kind (hero
  against hero, companion against companion), as in 1.3.1.b where both hero markers start together.
- The region types of the Hero and Companion Regions are not printed in the document: they are
  scenario values.
- When both players' expeditions meet or cross in the same Dusk, 4.3.a and 4.3.b can both apply
  literally; the model first compares the distances travelled (1.3.3.b), then starts the
  tiebreakers if they are equal (4.3.c, 1.3.3.c), and says so in the trace.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.model.core.sequence import Phase, Sequence
from arbitre.model.core.state import Card as EngineCard
from arbitre.model.core.trace import Recorder, Ruling, Trace
from arbitre.model.scenario import Fields, ScenarioError, read_rulings, unique_names

GAME = "altered"

STATS = ("foret", "montagne", "eau")
STAT_FR = {"foret": "Forêt", "montagne": "Montagne", "eau": "Eau"}
KINDS = ("heros", "compagnon")
KIND_FR = {"heros": "du héros", "compagnon": "du compagnon"}
LAST = 7  # index of the Companion Region (3.2.1.b: eight regions)


def rid(number: str) -> str:
    return f"{GAME}/{number}"


# The day in one screen (4.2.a): five phases; Reactions are checked at the start of each phase
# and after each daily effect (4.2.b, 4.2.d).
DAY = Sequence(
    GAME,
    "jour",
    (
        Phase(
            "matin",
            "phase du Matin",
            (rid("4.2.1"), rid("4.2.c")),
            text_fr="effets quotidiens du Matin (redresser, piocher, ressources), puis les "
            "Réactions.",
            allows=frozenset({"reaction"}),
        ),
        Phase(
            "midi", "phase de Midi", (rid("4.2.2"), rid("4.2.b")), allows=frozenset({"reaction"})
        ),
        Phase(
            "apres_midi",
            "phase de l'Après-midi",
            (rid("4.2.3"), rid("4.2.f")),
            text_fr="les joueurs jouent à tour de rôle jusqu'à ce que tous aient passé.",
            allows=frozenset({"reaction", "jouer_carte"}),
        ),
        Phase(
            "crepuscule",
            "phase du Crépuscule",
            (rid("4.2.4"), rid("4.2.c")),
            text_fr="effet quotidien Progresser, puis la fin de partie est vérifiée (4.3).",
            allows=frozenset({"reaction", "progresser"}),
        ),
        Phase(
            "nuit",
            "phase de la Nuit",
            (rid("4.2.5"), rid("4.2.c")),
            text_fr="effets quotidiens de la Nuit (repos, nettoyage).",
            allows=frozenset({"reaction"}),
        ),
    ),
    (rid("4.2.a"),),
    actions_fr=(
        ("reaction", "une Réaction se résout"),
        ("jouer_carte", "jouer une carte ou passer à son tour"),
        ("progresser", "effet quotidien Progresser"),
    ),
    action_rules=(("jouer_carte", rid("4.2.3.a")),),
)


OVERVIEW = rid("1.3.2.e")  # the clean statement of the three conditions
TIE_GLOSSARY = f"{GAME}/glossaire/egalite"  # unofficial: Gigantesque characters « comptent double »


# --- scenario data -------------------------------------------------------------------------------


class Character(EngineCard):
    """A character on the engine's Card: printed Forêt/Montagne/Eau statistics, boost counters
    (2.5.1.b), Défenseur and Gigantesque as statuses."""

    def __init__(
        self,
        name: str,
        stats: dict[str, int],
        boosts: int = 0,
        defender: bool = False,  # Défenseur (7.4.1)
        gigantic: bool = False,  # Gigantesque (7.4.3)
    ) -> None:
        super().__init__(name, printed=dict(stats), kind="personnage")
        self.add("boost", boosts)
        self.statuses |= {k for k, on in (("defenseur", defender), ("gigantesque", gigantic)) if on}

    @property
    def stats(self) -> dict[str, int]:
        return {s: self.value(s) for s in STATS}

    @property
    def boosts(self) -> int:
        return self.count("boost")

    @property
    def defender(self) -> bool:
        return "defenseur" in self.statuses

    @property
    def gigantic(self) -> bool:
        return "gigantesque" in self.statuses


@dataclass
class Expedition:
    kind: str  # "heros" or "compagnon"
    position: int
    characters: list[Character] = field(default_factory=list)


@dataclass
class Player:
    name: str
    expeditions: dict[str, Expedition]


@dataclass
class Region:
    name: str
    types: list[str]
    tumult: str = ""  # the Tumult card this half belongs to ("" for Hero / Companion Region)
    face_down: bool = False


@dataclass
class DuskScenario:
    name: str
    title: str
    rulings: list[Ruling]
    players: list[Player]
    regions: list[Region]
    arena: bool = False  # the tiebreakers have started (4.3.d-h)


def _character(f: Fields) -> Character:
    c = Character(
        name=f.str("name"),
        stats={s: f.int(s, 0) for s in STATS},  # 1.1.6.d: a missing number counts as zero
        boosts=f.int("boosts", 0, minimum=0),
        defender=f.bool("defenseur"),
        gigantic=f.bool("gigantesque"),
    )
    f.done()
    return c


def read_dusk(name: str, data: Fields) -> DuskScenario:
    """Validate a Dusk scenario (the `state` of a scenario file; `actions` is not used)."""
    rulings = read_rulings(data, GAME)
    title = data.str("title")
    state = data.sub("state")
    arena = state.bool("arena")
    regions: list[Region] = []
    if not arena:
        for rf in state.records("adventure"):
            types = rf.str_list("types", [])
            for i, t in enumerate(types):
                if t not in STATS:
                    raise ScenarioError(
                        f"{rf.where('types')}[{i}]", f"expected one of {', '.join(STATS)}"
                    )
            regions.append(
                Region(rf.str("name"), types, rf.str("tumult", ""), rf.bool("face_down"))
            )
            rf.done()
        if len(regions) != LAST + 1:
            raise ScenarioError(
                state.where("adventure"),
                f"the Adventure has eight regions (3.2.1.b), got {len(regions)}",
            )
        for i in (0, LAST):
            if regions[i].face_down or regions[i].tumult:
                raise ScenarioError(
                    f"{state.where('adventure')}[{i}]",
                    "the Hero and Companion Regions are not Tumult halves",
                )
    players: list[Player] = []
    for pf in state.records("players"):
        expeditions = {}
        for kind in KINDS:
            ef = pf.sub(kind)
            default = 0 if kind == "heros" else LAST
            position = ef.int("position", default, minimum=0)
            if position > LAST:
                raise ScenarioError(ef.where("position"), f"must be at most {LAST}, got {position}")
            if not arena and regions[position].face_down:
                raise ScenarioError(
                    ef.where("position"), "an expedition cannot stand on a face-down Tumult half"
                )
            expeditions[kind] = Expedition(
                kind, position, [_character(cf) for cf in ef.records("characters", [])]
            )
            ef.done()
        players.append(Player(pf.str("name"), expeditions))
        pf.done()
    if len(players) != 2:
        raise ScenarioError(state.where("players"), f"expected two players, got {len(players)}")
    unique_names([p.name for p in players], state.where("players"))
    unique_names(
        [c.name for p in players for e in p.expeditions.values() for c in e.characters],
        state.where("players"),
    )
    state.done()
    actions = data.sub("actions", None) or Fields({}, "actions")
    actions.done()
    return DuskScenario(name, title, rulings, players, regions, arena)


# --- the procedure -------------------------------------------------------------------------------


def _of(name: str) -> str:
    return f"d'{name}" if name[:1].lower() in "aeiouyhéèêàâîôû" else f"de {name}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _fmt(stats: dict[str, int]) -> str:
    return ", ".join(f"{STAT_FR[s]} {stats[s]}" for s in STATS)


class _Dusk:
    def __init__(self, sc: DuskScenario) -> None:
        self.sc = sc
        self.positions = {
            p.name: {k: e.position for k, e in p.expeditions.items()} for p in sc.players
        }
        self.face_down = {r.tumult for r in sc.regions if r.face_down}
        self.stats: dict[str, dict[str, dict[str, int]]] = {}
        self.advanced: list[str] = []
        self.failed: list[str] = []
        self._failed: list[tuple[Player, str]] = []
        self.revealed: list[str] = []
        self.winner: str | None = None
        self.tiebreak = sc.arena
        self.rec = Recorder(self.snapshot)

    def snapshot(self) -> dict[str, Any]:
        return {
            "positions": {n: dict(p) for n, p in self.positions.items()},
            "face_down_tumult": sorted(self.face_down),
        }

    @staticmethod
    def expedition(player: str, kind: str) -> str:
        """« expédition du héros de Bruno »: how a result names an expedition."""
        return f"expédition {KIND_FR[kind]} {_of(player)}"

    def region_name(self, index: int) -> str:
        if index < len(self.sc.regions):
            return self.sc.regions[index].name
        ends = {0: "Région du héros", LAST: "Région du compagnon"}  # the Arena has no Adventure
        return ends.get(index, f"région n° {index} de l'Aventure")

    def label(self, player: Player, kind: str) -> str:
        return f"l'expédition {KIND_FR[kind]} {_of(player.name)}"

    def opponent(self, player: Player) -> Player:
        return next(p for p in self.sc.players if p is not player)

    # -- statistics (4.2.4.b, 2.5.1.b, 7.4.3.e) --
    def expedition_stats(self, player: Player, kind: str) -> dict[str, int]:
        other = "compagnon" if kind == "heros" else "heros"
        present = list(player.expeditions[kind].characters)
        giants = [c for c in player.expeditions[other].characters if c.gigantic]
        totals = {s: 0 for s in STATS}
        parts = []
        for c in present + giants:
            values = {s: c.stats[s] + c.boosts for s in STATS}
            for s in STATS:
                totals[s] += values[s]
            extra = []
            if c.boosts:
                extra.append(f"{c.boosts} boost(s)")
            if c in giants:
                extra.append("Gigantesque, joué dans l'autre expédition")
            more = f" [{'; '.join(extra)}]" if extra else ""
            parts.append(f"{c.name} ({_fmt(values)}){more}")
        rules = [rid("4.2.4.b")]
        if any(c.boosts for c in present + giants):
            rules.append(rid("2.5.1.b"))
        if giants or any(c.gigantic for c in present):
            rules += [rid("7.4.3.b"), rid("7.4.3.e")]
        who = "; ".join(parts) if parts else "aucun personnage"
        self.rec.step(
            rules,
            f"Statistiques de {self.label(player, kind)} : {who} ; total {_fmt(totals)}.",
        )
        return totals

    # -- one expedition --
    def decide(self, player: Player, kind: str) -> bool:
        mine = self.stats[player.name][kind]
        theirs = self.stats[self.opponent(player).name][kind]
        position = self.positions[player.name][kind]
        region = self.sc.regions[position]
        label = self.label(player, kind)
        types = ", ".join(STAT_FR[t] for t in region.types) or "aucun type"
        wins: list[str] = []
        reasons: list[str] = []
        rules = [rid("4.2.4.b"), OVERVIEW]
        for t in region.types:
            a, b = mine[t], theirs[t]
            if a > b and a > 0:
                wins.append(t)
                reasons.append(f"{STAT_FR[t]} {a} > {b} et > 0 : gagné")
            elif a == b:
                reasons.append(f"{STAT_FR[t]} {a} = {b} : une égalité ne suffit pas")
                rules.append(rid("4.2.4.c"))
            elif a > b:
                reasons.append(
                    f"{STAT_FR[t]} {a} > {b} mais {a} n'est pas strictement supérieur à zéro"
                )
                rules.append(rid("4.2.4.d"))
            else:
                reasons.append(f"{STAT_FR[t]} {a} < {b} : perdu")
        outside = [
            t for t in STATS if t not in region.types and mine[t] > theirs[t] and mine[t] > 0
        ]
        if outside:
            reasons.append(
                "hors des types de la région, "
                + ", ".join(f"{STAT_FR[t]} {mine[t]} > {theirs[t]}" for t in outside)
                + " ne compte pas (la statistique doit être du même type que la région)"
            )
        if len(wins) > 1:
            rules.append(rid("4.2.4.e"))
            reasons.append(
                f"{len(wins)} statistiques gagnées, mais elle n'avance qu'une seule fois"
            )
        self.rec.step(
            list(dict.fromkeys(rules)),
            f"{_cap(label)} est dans la région « {region.name} » (types : {types}), face à "
            f"{self.label(self.opponent(player), kind)} : {' ; '.join(reasons)}.",
        )
        if not wins:
            return False
        defenders = [c.name for c in player.expeditions[kind].characters if c.defender]
        other = "compagnon" if kind == "heros" else "heros"
        giants = [c.name for c in player.expeditions[other].characters if c.defender and c.gigantic]
        if defenders or giants:
            rules = [rid("7.4.1.b"), rid("7.4.1.c")]
            why = ", ".join(defenders + giants)
            if giants:
                rules.append(rid("7.4.3.b"))
                why += " (Gigantesque : présent dans les deux expéditions)"
            self.rec.step(
                rules,
                f"{_cap(label)} contient un personnage avec Défenseur ({why}) : "
                "elle ne peut pas avancer pendant le Crépuscule et échoue toujours à avancer.",
            )
            return False
        return True

    # -- moving (4.2.4.f, 7.3.11) --
    def move(self, movers: list[tuple[Player, str]]) -> None:
        if not movers:
            self.rec.step([rid("4.2.4.f")], "Aucune expédition n'avance.")
            return
        names = ", ".join(self.label(p, k) for p, k in movers)
        self.rec.step(
            [rid("4.2.4.f"), rid("7.3.11.a")],
            f"Toutes les expéditions réussies avancent simultanément : {names}.",
        )
        for player, kind in movers:
            here = self.positions[player.name][kind]
            step = 1 if kind == "heros" else -1
            end = LAST if kind == "heros" else 0
            label = self.label(player, kind)
            if here == end:
                self.rec.step(
                    [rid("7.3.11.c")],
                    f"{_cap(label)} est déjà dans la région opposée à sa région "
                    "d'origine : rien ne se passe.",
                )
                continue
            there = here + step
            region = self.sc.regions[there]
            self.positions[player.name][kind] = there
            self.advanced.append(self.expedition(player.name, kind))
            if region.face_down and region.tumult in self.face_down:
                self.face_down.discard(region.tumult)
                self.revealed.append(region.tumult)
                self.rec.step(
                    [rid("7.3.11.b")],
                    f"{_cap(label)} entre dans {region.name}, moitié de la carte "
                    f"Tumulte {region.tumult} face cachée : la carte est révélée et l'expédition "
                    "avance.",
                )
            else:
                self.rec.step(
                    [rid("7.3.11.a")],
                    f"{_cap(label)} avance de la région {here} à la région "
                    f"{there} ({region.name}).",
                )

    # -- end of the game (4.3.a-c, 1.3.3.b) --
    def end_check(self) -> None:
        reached: dict[str, str] = {}
        distance: dict[str, int] = {}
        for p in self.sc.players:
            h, c = self.positions[p.name]["heros"], self.positions[p.name]["compagnon"]
            distance[p.name] = h + (LAST - c)
            if h == c:
                reached[p.name] = "se rencontrent"
            elif h > c:
                reached[p.name] = "se croisent"
        if not reached:
            self.rec.step(
                [rid("4.3.a"), rid("4.3.b")],
                "Les expéditions d'aucun joueur ne se rencontrent ni ne se croisent : la partie "
                "continue.",
            )
            return
        if len(reached) == 1:
            name, how = next(iter(reached.items()))
            self.winner = name
            rule = rid("4.3.a") if how == "se rencontrent" else rid("4.3.b")
            self.rec.step(
                [rule, rid("1.3.3.a")],
                f"Les expéditions {_of(name)} seul {how} : {name} gagne la partie.",
            )
            return
        a, b = (p.name for p in self.sc.players)
        rules = [rid("1.3.3.a"), rid("1.3.3.b")]
        if reached[a] != reached[b]:
            rules = [rid("4.3.a"), rid("4.3.b")] + rules
            self.rec.note(
                "Les expéditions d'un joueur se rencontrent pendant que celles de l'autre se "
                "croisent : lues à la lettre, 4.3.a et 4.3.b s'appliquent toutes deux. Le modèle "
                "compare d'abord les distances parcourues (1.3.3.b), puis commence les départages "
                "en cas d'égalité (4.3.c)."
            )
        text = (
            f"Les expéditions des deux joueurs ont atteint l'autre ({a} : {reached[a]}, "
            f"{b} : {reached[b]}). Distances depuis les régions d'origine : {a} {distance[a]}, "
            f"{b} {distance[b]}"
        )
        if distance[a] != distance[b]:
            self.winner = a if distance[a] > distance[b] else b
            self.rec.step(rules, f"{text} : {self.winner} va plus loin et gagne la partie.")
            return
        self.tiebreak = True
        self.rec.step(
            rules + [rid("4.3.c"), rid("1.3.3.c")],
            f"{text} : égalité, les départages commencent ; l'Aventure est remplacée par l'Arène.",
        )

    # -- tiebreakers (4.3.h) --
    def arena(self) -> None:
        self.rec.step(
            [rid("4.3.f"), rid("4.3.g"), rid("4.3.h")],
            "Départages : toutes les expéditions sont dans l'Arène (Forêt, Montagne, Eau) ; elles "
            "ne peuvent plus avancer ni reculer. Le Progrès compare les statistiques des deux "
            "expéditions de chaque joueur additionnées.",
        )
        sums: dict[str, dict[str, int]] = {}
        for p in self.sc.players:
            sums[p.name] = {
                s: self.stats[p.name]["heros"][s] + self.stats[p.name]["compagnon"][s]
                for s in STATS
            }
            giants = [c.name for e in p.expeditions.values() for c in e.characters if c.gigantic]
            rules = [rid("4.3.h")]
            extra = ""
            if giants:
                rules += [rid("7.4.3.e"), TIE_GLOSSARY]
                extra = (
                    f" ({', '.join(giants)}, Gigantesque, compte dans les deux : il compte double)"
                )
            self.rec.step(
                rules, f"{p.name} : un seul ensemble de statistiques, {_fmt(sums[p.name])}{extra}."
            )
        a, b = (p.name for p in self.sc.players)
        won = {a: [], b: []}
        for s in STATS:
            if sums[a][s] > sums[b][s]:
                won[a].append(STAT_FR[s])
            elif sums[b][s] > sums[a][s]:
                won[b].append(STAT_FR[s])
        detail = f"{a} gagne {len(won[a])} statistique(s) ({', '.join(won[a]) or 'aucune'}), " + (
            f"{b} en gagne {len(won[b])} ({', '.join(won[b]) or 'aucune'})"
        )
        if len(won[a]) != len(won[b]):
            self.winner = a if len(won[a]) > len(won[b]) else b
            self.rec.step(
                [rid("4.3.h"), rid("1.3.3.e")], f"{detail} : {self.winner} gagne la partie."
            )
        else:
            self.rec.step(
                [rid("4.3.h"), rid("1.3.3.f")],
                f"{detail} : personne ne gagne sur plus de statistiques, la partie continue (les "
                "départages peuvent durer plusieurs jours).",
            )

    def run(self) -> Trace:
        rec = self.rec
        rec.step(
            [rid("4.2.4.a"), rid("4.2.4.b")],
            "Crépuscule : l'effet quotidien Progresser détermine les statistiques de chaque "
            "expédition en additionnant celles de ses personnages.",
        )
        for p in self.sc.players:
            self.stats[p.name] = {k: self.expedition_stats(p, k) for k in KINDS}
        if self.sc.arena:
            self.arena()
        else:
            movers = []
            for p in self.sc.players:
                for kind in KINDS:
                    if self.decide(p, kind):
                        movers.append((p, kind))
                    else:
                        self.failed.append(self.expedition(p.name, kind))
                        self._failed.append((p, kind))
            self.move(movers)
            if self.failed:
                names = ", ".join(self.label(p, k) for p, k in self._failed)
                rec.step(
                    [rid("7.5.3.a")],
                    f"Hors départages, une expédition qui ne progresse pas « échoue à avancer » : "
                    f"{names}.",
                )
            self.end_check()
        return rec.trace("crepuscule", GAME, self.sc, self.result())

    def result(self) -> dict[str, Any]:
        return {
            "stats": {
                n: {
                    f"expédition {KIND_FR[k]}": {STAT_FR[s]: x for s, x in v.items()}
                    for k, v in kinds.items()
                }
                for n, kinds in self.stats.items()
            },
            "advanced": list(self.advanced),
            "failed": list(self.failed),
            "positions": {
                n: {f"expédition {KIND_FR[k]}": self.region_name(i) for k, i in p.items()}
                for n, p in self.positions.items()
            },
            "revealed": list(self.revealed),
            "tiebreak": self.tiebreak,
            "winner": self.winner,
        }


def resolve_dusk(scenario: DuskScenario) -> Trace:
    """Run the Dusk Progress daily effect (4.2.4) and the end-of-game check (4.3)."""
    return _Dusk(scenario).run()
