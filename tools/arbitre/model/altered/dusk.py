"""Altered: Dusk progress (« Crépuscule », effet quotidien Progresser, 4.2.4) and the end of the game,
played on the model core.

`read_dusk` (`dusk_read`) turns scenario data into a `DuskScenario`; `resolve_dusk` walks
the steps of `altered.DUSK` on a core `GameState` (`dusk_state`) and returns a Trace citing
the rules of the comprehensive rules.  The Dusk has no triggered effects of its own.

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

from arbitre.model.altered.dusk_read import (
    DEFENDER,
    FACE_DOWN,
    GIGANTIC,
    DuskScenario,
    read_dusk,
    types_of,
)
from arbitre.model.altered.dusk_state import DuskState, fmt, other_kind
from arbitre.model.altered.rules import (
    DUSK,
    KINDS,
    LAST,
    OVERVIEW,
    STAT_FR,
    STATS,
    TIE_GLOSSARY,
    rid,
)
from arbitre.model.core.french import of
from arbitre.model.core.sequence import Phase
from arbitre.model.core.trace import Trace

__all__ = ["Dusk", "DuskScenario", "read_dusk", "resolve_dusk"]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _contest(
    mine: dict[str, int], theirs: dict[str, int], region_types: list[str]
) -> tuple[list[str], list[str], list[str]]:
    """The statistics won on the region's types (4.2.4.b-e), the reasons in French and the rules
    cited (with repeats)."""
    wins: list[str] = []
    reasons: list[str] = []
    rules = [rid("4.2.4.b"), OVERVIEW]
    for t in region_types:
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
    outside = [t for t in STATS if t not in region_types and mine[t] > theirs[t] and mine[t] > 0]
    if outside:
        reasons.append(
            "hors des types de la région, "
            + ", ".join(f"{STAT_FR[t]} {mine[t]} > {theirs[t]}" for t in outside)
            + " ne compte pas (la statistique doit être du même type que la région)"
        )
    if len(wins) > 1:
        rules.append(rid("4.2.4.e"))
        reasons.append(f"{len(wins)} statistiques gagnées, mais elle n'avance qu'une seule fois")
    return wins, reasons, rules


class Dusk(DuskState):
    """One Dusk on the core state; `run()` plays it and returns its trace."""

    movers: list[tuple[str, str]]  # (player, kind): the expeditions that advance this Dusk

    def run(self) -> Trace:
        self.movers = []
        DUSK.walk(self.rec, self.play)
        return self.rec.trace("crepuscule", DUSK.game, self.sc, self.result())

    def play(self, step: Phase) -> bool:
        """One step of the Dusk; False ends it (the tiebreakers replace the last three)."""
        if step.id == "statistiques":
            self.rec.step(
                list(step.rule_ids),
                "Crépuscule : l'effet quotidien Progresser détermine les statistiques de chaque "
                "expédition en additionnant celles de ses personnages.",
            )
            for p in self.sc.players:
                for kind in KINDS:
                    self.count_stats(p, kind)
        elif step.id == "departages" and self.sc.arena:
            self.arena()
            return False
        elif step.id == "comparaison":
            for p in self.sc.players:
                for kind in KINDS:
                    if self.decide(p, kind):
                        self.movers.append((p, kind))
                    else:
                        self.failed.append((p, kind))
        elif step.id == "avancee":
            self.move(self.movers)
            if self.failed:
                names = ", ".join(self.label(p, k) for p, k in self.failed)
                self.rec.step(
                    [rid("7.5.3.a")],
                    f"Hors départages, une expédition qui ne progresse pas « échoue à avancer » : "
                    f"{names}.",
                )
        elif step.id == "fin":
            self.end_check()
        return True

    # -- one expedition against the opposite one (4.2.4.b-e, 7.4.1) --
    def decide(self, player: str, kind: str) -> bool:
        """Whether the expedition advances: it wins a statistic of its region and no Defender
        holds it back."""
        wins = self.compare(player, kind)
        if not wins:
            return False
        return not self.held_back(player, kind)

    def compare(self, player: str, kind: str) -> list[str]:
        """Compare with the opposite expedition on the region's types (4.2.4.b-e), say so in the
        trace, and return the statistics won."""
        mine = self.stats(player, kind)
        theirs = self.stats(self.opponent(player), kind)
        region = self.region(self.position(player, kind))
        label = self.label(player, kind)
        region_types = types_of(region)
        types = ", ".join(STAT_FR[t] for t in region_types) or "aucun type"
        wins, reasons, rules = _contest(mine, theirs, region_types)
        self.rec.step(
            list(dict.fromkeys(rules)),
            f"{_cap(label)} est dans la région « {region.name} » (types : {types}), face à "
            f"{self.label(self.opponent(player), kind)} : {' ; '.join(reasons)}.",
        )
        return wins

    def held_back(self, player: str, kind: str) -> bool:
        """A Defender in the expedition, or a Gigantic Defender in the other one, keeps it from
        advancing (7.4.1.b-c, 7.4.3.b); True after saying so in the trace."""
        label = self.label(player, kind)
        defenders = [c.name for c in self.characters(player, kind) if DEFENDER in c.statuses]
        giants = [
            c.name
            for c in self.characters(player, other_kind(kind))
            if {DEFENDER, GIGANTIC} <= c.statuses
        ]
        if not (defenders or giants):
            return False
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
        return True

    # -- moving (4.2.4.f, 7.3.11) --
    def move(self, movers: list[tuple[str, str]]) -> None:
        if not movers:
            self.rec.step([rid("4.2.4.f")], "Aucune expédition n'avance.")
            return
        names = ", ".join(self.label(p, k) for p, k in movers)
        self.rec.step(
            [rid("4.2.4.f"), rid("7.3.11.a")],
            f"Toutes les expéditions réussies avancent simultanément : {names}.",
        )
        for player, kind in movers:
            here = self.position(player, kind)
            end = LAST if kind == "heros" else 0
            label = self.label(player, kind)
            if here == end:
                self.rec.step(
                    [rid("7.3.11.c")],
                    f"{_cap(label)} est déjà dans la région opposée à sa région "
                    "d'origine : rien ne se passe.",
                )
                continue
            there = here + (1 if kind == "heros" else -1)
            region = self.region(there)
            self.marker(player, kind).current["position"] = there
            self.advanced.append(self.expedition(player, kind))
            if FACE_DOWN in region.statuses:
                tumult = self.sc.tumult.get(region.name, "")
                self.reveal(tumult)
                self.rec.step(
                    [rid("7.3.11.b")],
                    f"{_cap(label)} entre dans {region.name}, moitié de la carte "
                    f"Tumulte {tumult} face cachée : la carte est révélée et l'expédition "
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
            h, c = self.position(p, "heros"), self.position(p, "compagnon")
            distance[p] = h + (LAST - c)
            if h == c:
                reached[p] = "se rencontrent"
            elif h > c:
                reached[p] = "se croisent"
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
                f"Les expéditions {of(name)} seul {how} : {name} gagne la partie.",
            )
            return
        a, b = self.sc.players
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
            sums[p] = {s: self.stats(p, "heros")[s] + self.stats(p, "compagnon")[s] for s in STATS}
            giants = [
                c.name for k in KINDS for c in self.characters(p, k) if GIGANTIC in c.statuses
            ]
            rules = [rid("4.3.h")]
            extra = ""
            if giants:
                rules += [rid("7.4.3.e"), TIE_GLOSSARY]
                extra = (
                    f" ({', '.join(giants)}, Gigantesque, compte dans les deux : il compte double)"
                )
            self.rec.step(rules, f"{p} : un seul ensemble de statistiques, {fmt(sums[p])}{extra}.")
        a, b = self.sc.players
        won: dict[str, list[str]] = {a: [], b: []}
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


def resolve_dusk(scenario: DuskScenario) -> Trace:
    """Run the Dusk Progress daily effect (4.2.4) and the end-of-game check (4.3)."""
    return Dusk(scenario).run()
