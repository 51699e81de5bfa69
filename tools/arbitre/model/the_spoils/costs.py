"""The Spoils: computing and paying a numeric cost (406, 410, 309, 505).

A numeric cost is a card's printed cost, or a « payer N » of an effect (406.5), or the sum of the
« vous devez payer N » requirements on an action (505.1: each copy is its own requirement,
505.2b).  Modifiers are data: a change (+N or -N), what they apply to (`tout`: any numeric cost,
or a card type: only the cost of a card of that type being played, 406.5b), and an optional
minimum.  410.3: all increases first, then all reductions; 406.6/410.4: never below 0; 410.5: a
« minimum » does not raise a number already below it.  Paying attaches that many free resources
at once (309.1, 309.1a); a cost that cannot be paid in full makes the play or the action illegal
(604.1e, 505.1).  There is no window to detach resources while paying (FAQ 18): such a scenario
is refused.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.model.core.french import of
from arbitre.model.core.rules import require
from arbitre.model.core.scenario import Fields, ScenarioError, read_opening
from arbitre.model.core.trace import Recorder, Ruling, Trace

GAME = "the-spoils"


def rid(number: str) -> str:
    return f"{GAME}/{number}"


KINDS = ("carte", "effet", "exigence")
CARD_TYPES = ("personnage", "objet", "lieu", "tactique")
KIND_FR = {
    "carte": "le coût numérique d'une carte jouée",
    "effet": "un « payer » d'un effet",
    "exigence": "les exigences d'une action",
}
BASE_RULE = {"carte": "406.3", "effet": "406.5", "exigence": "505.1"}  # what the cost starts from


@dataclass
class Modifier:
    source: str
    change: int
    applies_to: str  # "tout" or a card type
    minimum: int | None = None


@dataclass
class Requirement:
    source: str
    pay: int
    conflicts_with: list[str] = field(default_factory=list)  # requirements it cannot go with


@dataclass
class CostScenario:
    name: str
    title: str
    rulings: list[Ruling]
    player: str
    free_resources: int
    kind: str
    what: str  # French: the card, the effect or the action
    printed: int
    card_type: str | None
    requirements: list[Requirement] = field(default_factory=list)
    modifiers: list[Modifier] = field(default_factory=list)
    satisfy: list[str] = field(default_factory=list)  # the player's choice among equal sets


def read_cost(name: str, data: Fields) -> CostScenario:
    """Validate a cost scenario: the payment, requirements, modifiers and the player's choices."""
    rulings, title, state = read_opening(data, GAME)
    player = state.str("player")
    free = state.int("free_resources", minimum=0)
    pf = state.sub("payment")
    kind = pf.choice("kind", KINDS)
    what = pf.str("text")
    printed = pf.int("printed", 0, minimum=0)
    card_type = pf.choice("card_type", CARD_TYPES) if kind == "carte" else None
    pf.done()
    requirements = _read_requirements(state)
    if kind == "exigence" and not requirements:
        raise ScenarioError(state.where("requirements"), "an action's cost is its requirements")
    modifiers = _read_modifiers(state)
    state.done()
    actions = data.sub("actions", None) or Fields({}, "actions")
    detach = actions.str("detach_while_paying", "")
    satisfy = actions.str_list("satisfy", [])
    actions.done()
    require(
        not detach,
        rid("604.1d"),
        f"{player} veut détacher des ressources ({detach}) en cours de paiement : il n'y a aucun "
        "créneau pour le faire, le coût se paie en totalité en une seule fois (FAQ 18)",
        "actions.detach_while_paying",
    )
    sc = CostScenario(
        name, title, rulings, player, free, kind, what, printed, card_type, requirements, modifiers
    )
    if satisfy:
        _check_satisfy(player, requirements, satisfy)
        sc.satisfy = satisfy
    return sc


def _read_requirements(state: Fields) -> list[Requirement]:
    """`state.requirements`: each « vous devez payer N » and the requirements it conflicts with."""
    requirements = []
    for rf in state.records("requirements", []):
        requirements.append(
            Requirement(
                rf.str("source"), rf.int("pay", 0, minimum=0), rf.str_list("conflicts_with", [])
            )
        )
        rf.done()
    sources = [r.source for r in requirements]
    for i, r in enumerate(requirements):
        for other in r.conflicts_with:
            if other not in sources:
                raise ScenarioError(f"state.requirements[{i}].conflicts_with", f"no {other!r}")
    return requirements


def _read_modifiers(state: Fields) -> list[Modifier]:
    """`state.modifiers`: each change to the cost, what it applies to and its minimum."""
    modifiers = []
    for mf in state.records("modifiers", []):
        modifiers.append(
            Modifier(
                mf.str("source"),
                mf.int("change"),
                mf.choice("applies_to", ("tout",) + CARD_TYPES),
                mf.int("minimum", None, minimum=0),
            )
        )
        mf.done()
    return modifiers


def _check_satisfy(player: str, requirements: list[Requirement], satisfy: list[str]) -> None:
    """505.2c: the requirements the player chooses to meet are one of the largest possible sets."""
    best = _best_sets(requirements)
    require(
        sorted(satisfy) in [sorted(r.source for r in b) for b in best],
        rid("505.2c"),
        f"{player} doit satisfaire autant d'exigences que possible : "
        f"{', '.join(satisfy)} n'en est pas un ensemble maximal",
        "actions.satisfy",
    )


def _compatible(chosen: list[Requirement]) -> bool:
    names = {r.source for r in chosen}
    return not any(set(r.conflicts_with) & names for r in chosen)


def _best_sets(requirements: list[Requirement]) -> list[list[Requirement]]:
    """505.2c: the sets of requirements that can be met together and are as large as possible."""
    n = len(requirements)
    sets = [[r for i, r in enumerate(requirements) if mask >> i & 1] for mask in range(1 << n)]
    sets = [s for s in sets if _compatible(s)]
    most = max(len(s) for s in sets)
    # Larger masks first would favour later requirements; keep listing order for the default.
    best = [s for s in sets if len(s) == most]
    best.sort(key=lambda s: [requirements.index(r) for r in s])
    return best


def run_cost(sc: CostScenario) -> Trace:
    """Compute the cost (requirements, increases, reductions) and pay it; the trace."""
    return _Payment(sc).run()


class _Payment:
    """One cost being computed and paid: the running cost, the resources attached, the steps."""

    def __init__(self, sc: CostScenario) -> None:
        self.sc = sc
        self.cost = sc.printed
        self.attached = 0
        self.rec = Recorder(
            lambda: {"coût": self.cost, "ressources libres": sc.free_resources - self.attached}
        )

    def run(self) -> Trace:
        """The starting cost, the requirements met, the modifiers, then the payment."""
        sc = self.sc
        self.rec.step(
            [rid(BASE_RULE[sc.kind])],
            f"Coût à payer : {KIND_FR[sc.kind]} — {sc.what} ; départ : {self.cost}.",
        )
        chosen = self.choose_requirements()
        self.add_requirements(chosen)
        self.apply_modifiers()
        legal = self.pay()
        result: dict[str, Any] = {
            "final_cost": self.cost,
            "legal": legal,
            "attached": self.attached,
        }
        if sc.requirements:
            result["satisfied"] = [r.source for r in chosen]
        return self.rec.trace("cout", GAME, sc, result)

    def choose_requirements(self) -> list[Requirement]:
        """505.2c: when requirements conflict, the player meets as many as possible."""
        sc = self.sc
        chosen = sc.requirements
        if any(r.conflicts_with for r in sc.requirements):
            best = _best_sets(sc.requirements)
            chosen = best[0]
            if sc.satisfy:
                chosen = next(b for b in best if sorted(r.source for r in b) == sorted(sc.satisfy))
            left = [r.source for r in sc.requirements if r not in chosen]
            several = len(best) > 1 and not sc.satisfy
            self.rec.step(
                [rid("505.2c")] + ([rid("505.2b")] if len(best) > 1 else []),
                f"Les exigences se contredisent : on ne peut pas toutes les satisfaire, mais "
                f"l'action reste possible ; {sc.player} en satisfait autant que possible "
                f"({', '.join(r.source for r in chosen)}) et pas {', '.join(left)}"
                + (" — choix par défaut du modèle parmi des ensembles égaux" if several else "")
                + ".",
                ["exigences satisfaites"] if several else [],
            )
        return chosen

    def add_requirements(self, chosen: list[Requirement]) -> None:
        """505.1: each requirement met adds what it makes the player pay."""
        for r in chosen:
            self.cost += r.pay
            rules = [rid("505.1")] + ([rid("406.5")] if r.pay else [])
            rules += [rid("505.2b")] if len(chosen) > 1 else []
            pay = (
                f"payer {r.pay} ; le coût passe à {self.cost}" if r.pay else "satisfaite, sans coût"
            )
            self.rec.step(rules, f"Exigence {of(r.source)} : {pay}.")

    def apply_modifiers(self) -> None:
        """410.3: all the increases first, then all the reductions."""
        increases = [m for m in self.sc.modifiers if m.change > 0]
        reductions = [m for m in self.sc.modifiers if m.change < 0]
        if increases and reductions:
            self.rec.step(
                [rid("410.3")],
                "Toutes les augmentations s'appliquent d'abord, puis les réductions.",
            )
        for m in increases + reductions:
            self.apply_modifier(m)

    def apply_modifier(self, m: Modifier) -> None:
        """One modifier: not for this cost (406.5b), an increase, or a reduction with a floor."""
        sc, rec = self.sc, self.rec
        if m.applies_to != "tout" and (sc.kind != "carte" or m.applies_to != sc.card_type):
            rec.step(
                [rid("406.5b")],
                f"{m.source} ne s'applique pas : il ne modifie que le coût numérique d'une carte "
                f"de type {m.applies_to} jouée, et ce coût est {KIND_FR[sc.kind]}.",
            )
            return
        old = self.cost
        if m.change > 0:
            self.cost += m.change
            rec.step([rid("410.3")], f"{m.source} : {old} {m.change:+d} = {self.cost}.")
            return
        floor = 0 if m.minimum is None else m.minimum
        if old <= floor:
            rules = [rid("410.5")] if m.minimum is not None else [rid("406.6"), rid("410.4")]
            rec.step(
                rules,
                f"{m.source} : le coût ({old}) n'est pas au-dessus du minimum ({floor}) ; il reste "
                f"{old}.",
            )
            return
        self.cost = max(old + m.change, floor)
        rules = [rid("410.3")] + ([rid("406.6"), rid("410.4")] if old + m.change < 0 else [])
        rec.step(rules, f"{m.source} : {old} {m.change:+d} = {self.cost} (minimum {floor}).")

    def pay(self) -> bool:
        """309.1: pay the whole cost at once, else the play (604.1e) or the action (505.1) fails."""
        sc, cost = self.sc, self.cost
        legal = sc.free_resources >= cost
        if legal:
            self.attached = cost
            self.rec.step(
                [rid("309.1"), rid("309.1a")],
                f"Paiement : {sc.player} attache {cost} ressource(s) libre(s) à sa faction, en une "
                f"seule fois ({sc.free_resources - cost} restent libres).",
            )
        else:
            rule = rid("505.1") if sc.kind == "exigence" else rid("604.1e")
            what = (
                "l'action ne peut pas être entreprise" if sc.kind == "exigence" else "c'est illégal"
            )
            self.rec.step(
                [rid("309.1"), rule],
                f"Paiement : {sc.player} n'a que {sc.free_resources} ressource(s) libre(s) pour "
                f"un coût de {cost} : {what}.",
            )
        return legal
