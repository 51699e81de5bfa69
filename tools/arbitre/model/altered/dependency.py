"""Altered: dependency between passive abilities (« Dépendance », 2.3.2).

Passive abilities are data, one of four kinds the rules' examples use:
- `perdre_capacites`: « tous les autres personnages perdent leurs capacités »;
- `regions`: « toutes les régions sont des [type] »;
- `sous_type`: « tous les personnages sont des [sous-type] »;
- `mot_cle`: « [les personnages d'un sous-type | je] sont/suis [mot-clé] », with an optional
  condition on the region its holder is in (« si je suis en Forêt »).

The procedure applies the definition: [A] depends directly on [B] (2.3.2.c) if applying [B]
would remove [A]'s existence (2.3.2.d), change what [A] applies to (2.3.2.e), or change what [A]
does (2.3.2.f); dependency is the transitive closure of direct dependency (2.3.2.g).  « Applying
[B] » is measured against the position where no passive ability is applied.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.model.core.scenario import Fields, ScenarioError, read_opening, unique_names
from arbitre.model.core.trace import Recorder, Ruling, Trace

GAME = "altered"
KINDS = ("perdre_capacites", "regions", "sous_type", "mot_cle")
REGION_FR = {"foret": "Forêt", "montagne": "Montagne", "eau": "Eau"}


def rid(number: str) -> str:
    return f"{GAME}/{number}"


@dataclass
class Ability:
    holder: str
    text: str  # French, as printed
    kind: str
    value: str = ""  # the region type, sub-type or keyword it gives
    to: str = ""  # mot_cle: the sub-type it applies to, or "" for its holder (« je »)
    if_region: str = ""  # mot_cle: « si je suis en [type] »

    def label(self) -> str:
        return f"[{self.holder}] « {self.text} »"


@dataclass
class Character:
    name: str
    region: str  # the type of the region its expedition is in
    subtypes: set[str] = field(default_factory=set)


@dataclass
class DependencyScenario:
    name: str
    title: str
    rulings: list[Ruling]
    characters: list[Character]
    abilities: list[Ability]


def read_dependency(name: str, data: Fields) -> DependencyScenario:
    rulings, title, state = read_opening(data, GAME)
    characters, abilities = [], []
    for cf in state.records("characters"):
        c = Character(
            cf.str("name"),
            cf.choice("region", tuple(REGION_FR)),
            set(cf.str_list("subtypes", [])),
        )
        for af in cf.records("abilities", []):
            a = Ability(
                c.name,
                af.str("text"),
                af.choice("kind", KINDS),
                af.str("value", ""),
                af.str("to", ""),
                af.str("if_region", ""),
            )
            if a.kind != "perdre_capacites" and not a.value:
                raise ScenarioError(af.where("value"), f"a {a.kind} ability gives a value")
            if a.kind == "regions" and a.value not in REGION_FR:
                raise ScenarioError(af.where("value"), f"expected one of {', '.join(REGION_FR)}")
            af.done()
            abilities.append(a)
        cf.done()
        characters.append(c)
    unique_names([c.name for c in characters], state.where("characters"))
    state.done()
    return DependencyScenario(name, title, rulings, characters, abilities)


@dataclass
class World:
    """The position after applying some passive abilities."""

    regions: dict[str, str]
    subtypes: dict[str, set[str]]
    silenced: set[str]  # characters that lost their abilities
    keywords: dict[str, set[str]]


def _world(sc: DependencyScenario, applied: list[Ability]) -> World:
    w = World(
        {c.name: c.region for c in sc.characters},
        {c.name: set(c.subtypes) for c in sc.characters},
        set(),
        {c.name: set() for c in sc.characters},
    )
    for a in applied:
        if a.kind == "perdre_capacites":
            w.silenced |= {c.name for c in sc.characters if c.name != a.holder}
        elif a.kind == "regions":
            w.regions = {n: a.value for n in w.regions}
        elif a.kind == "sous_type":
            for n in w.subtypes:
                w.subtypes[n].add(a.value)
    for a in applied:  # keywords last: they read sub-types and regions
        if a.kind == "mot_cle" and a.holder not in w.silenced:
            for n in _targets(sc, a, w):
                if _does(a, w):
                    w.keywords[n].add(a.value)
    return w


def _targets(sc: DependencyScenario, a: Ability, w: World) -> set[str]:
    """What the ability applies to in `w`."""
    if a.kind == "perdre_capacites":
        return {c.name for c in sc.characters if c.name != a.holder}
    if a.kind in ("regions",):
        return {"toutes les régions"}
    if a.kind == "sous_type":
        return {c.name for c in sc.characters}
    if not a.to:
        return {a.holder}
    return {n for n, subs in w.subtypes.items() if a.to in subs}


def _does(a: Ability, w: World) -> bool:
    """Whether the ability's effect happens in `w` (its condition, if any, holds)."""
    return not a.if_region or w.regions[a.holder] == a.if_region


class _Dependency:
    def __init__(self, sc: DependencyScenario) -> None:
        self.sc = sc
        self.rec = Recorder(lambda: {})

    def direct(self, a: Ability, b: Ability) -> tuple[str, str] | None:
        """The rule and the French reason if [a] depends directly on [b]."""
        base, with_b = _world(self.sc, []), _world(self.sc, [b])
        if a.holder not in base.silenced and a.holder in with_b.silenced:
            return "2.3.2.d", f"appliquer {b.label()} supprime la capacité de [{a.holder}]"
        before, after = _targets(self.sc, a, base), _targets(self.sc, a, with_b)
        if before != after:
            more = ", ".join(sorted(after - before)) or "rien"
            return "2.3.2.e", (
                f"appliquer {b.label()} change ce à quoi {a.label()} s'applique (en plus : {more})"
            )
        if _does(a, base) != _does(a, with_b):
            where = REGION_FR[with_b.regions[a.holder]]
            return "2.3.2.f", (
                f"appliquer {b.label()} modifie ce que fait {a.label()} : [{a.holder}] est "
                f"désormais en {where}"
            )
        return None

    def run(self) -> Trace:
        abilities = self.sc.abilities
        self.rec.step(
            [rid("2.3.2.a"), rid("2.3.2.c")],
            "Capacités passives en jeu : " + " ; ".join(a.label() for a in abilities) + ".",
        )
        graph: dict[str, list[str]] = {a.holder: [] for a in abilities}
        for a in abilities:
            for b in abilities:
                if a is b:
                    continue
                found = self.direct(a, b)
                if found is None:
                    self.rec.step(
                        [rid("2.3.2.c")],
                        f"[{a.holder}] ne dépend pas directement de [{b.holder}] : appliquer "
                        f"[{b.holder}] ne supprime pas [{a.holder}], ne change pas ce à quoi elle "
                        "s'applique ni ce qu'elle fait.",
                    )
                    continue
                rule, why = found
                graph[a.holder].append(b.holder)
                self.rec.step(
                    [rid(rule)],
                    f"{why[:1].upper()}{why[1:]} : [{a.holder}] dépend directement de "
                    f"[{b.holder}].",
                )
        closure = {k: sorted(self._reach(graph, k)) for k in graph}
        extra = {k: [v for v in vs if v not in graph[k]] for k, vs in closure.items()}
        if any(extra.values()):
            self.rec.step(
                [rid("2.3.2.g")],
                "Par fermeture transitive : "
                + " ; ".join(f"[{k}] dépend aussi de {', '.join(v)}" for k, v in extra.items() if v)
                + ".",
            )
        result: dict[str, Any] = {
            "direct_dependencies": {k: v for k, v in graph.items() if v},
            "dependencies": {k: v for k, v in closure.items() if v},
        }
        return self.rec.trace("dependance", GAME, self.sc, result)

    @staticmethod
    def _reach(graph: dict[str, list[str]], start: str) -> set[str]:
        seen: set[str] = set()
        todo = list(graph[start])
        while todo:
            n = todo.pop()
            if n not in seen and n != start:
                seen.add(n)
                todo += graph.get(n, [])
        return seen


def run_dependency(scenario: DependencyScenario) -> Trace:
    """Which passive abilities depend on which (2.3.2)."""
    return _Dependency(scenario).run()
