"""The Spoils: which cards an instruction may pick (« choisir », 310) or find (« rechercher », 312).

The candidates are the cards of the zone the instruction looks at, plus the factions.  In order:
- a faction is a candidate only for an instruction that says it can pick a faction (202.9a,
  402.9); « choisissez une carte » means another card (FAQ 15);
- a card that says « vous ne pouvez pas choisir cette carte » is out for an instruction that uses
  the word « choisir », not for one that does not (310.1);
- among the legal candidates, cards that say « tout ce qui peut choisir cette carte doit le
  choisir » are a requirement (505.1): the choice must be one of them; with several, the player
  picks one and ignores the others (505.2b, FAQ 13), and only the one picked counts as picked;
- a search may fail when it looks for a kind of card, even if one is there (312.2); a search for
  « une carte » must find one unless the zone is empty.
A choice outside the legal candidates is refused with the rule it breaks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.model.core.french import of
from arbitre.model.core.rules import require
from arbitre.model.core.scenario import Fields, ScenarioError, read_opening, unique_names
from arbitre.model.core.trace import Recorder, Ruling, Trace

GAME = "the-spoils"


def rid(number: str) -> str:
    return f"{GAME}/{number}"


TYPES = ("personnage", "objet", "lieu", "tactique", "ressource")
WANTS = ("carte", "carte_non_ressource", "faction") + TYPES
WANTS_FR = {"carte": "une carte", "carte_non_ressource": "une carte non-ressource"}
FAIL = "échec"


@dataclass
class Thing:
    name: str
    kind: str  # a card type, or "faction"
    zone: str = "jeu"
    no_pick: bool = False
    must_pick: bool = False


@dataclass
class PickScenario:
    name: str
    title: str
    rulings: list[Ruling]
    player: str
    things: list[Thing]
    verb: str  # "choisir", "rechercher" or "autre"
    wants: str
    zone: str
    may_pick_faction: bool
    text: str
    choice: str
    factions: list[str] = field(default_factory=list)


def read_pick(name: str, data: Fields) -> PickScenario:
    rulings, title, state = read_opening(data, GAME)
    factions = state.str_list("factions", [])
    things = [Thing(f"faction {of(n)}", "faction") for n in factions]
    for cf in state.records("cards"):
        things.append(
            Thing(
                cf.str("name"),
                cf.choice("type", TYPES),
                cf.choice("zone", ("jeu", "deck", "main", "défausse"), "jeu"),
                cf.bool("no_pick"),
                cf.bool("must_pick"),
            )
        )
        cf.done()
    unique_names([t.name for t in things], state.where("cards"))
    state.done()
    actions = data.sub("actions")
    inst = actions.sub("instruction")
    player = inst.str("player")
    verb = inst.choice("verb", ("choisir", "rechercher", "autre"))
    wants = inst.choice("wants", WANTS)
    zone = inst.choice("zone", ("jeu", "deck"), "deck" if verb == "rechercher" else "jeu")
    may_faction = inst.bool("may_pick_faction")
    text = inst.str("text")
    inst.done()
    choice = actions.str("choice")
    actions.done()
    if choice != FAIL and choice not in {t.name for t in things}:
        raise ScenarioError("actions.choice", f"nothing named {choice!r}")
    sc = PickScenario(
        name, title, rulings, player, things, verb, wants, zone, may_faction, text, choice, factions
    )
    legal, _ = candidates(sc)
    check_choice(sc, legal)
    return sc


def _fits(t: Thing, wants: str) -> bool:
    if t.kind == "faction":
        return True  # whether a faction may be picked is decided apart (202.9a)
    if wants == "carte":
        return True
    if wants == "carte_non_ressource":
        return t.kind != "ressource"
    return t.kind == wants


def candidates(sc: PickScenario) -> tuple[list[Thing], list[tuple[list[str], str]]]:
    """The legal choices, and the steps that explain them (rules, French text)."""
    steps: list[tuple[list[str], str]] = []
    pool = [
        t for t in sc.things if (t.kind == "faction" or t.zone == sc.zone) and _fits(t, sc.wants)
    ]
    factions = [t for t in pool if t.kind == "faction"]
    if factions and not sc.may_pick_faction:
        pool = [t for t in pool if t.kind != "faction"]
        steps.append(
            (
                [rid("202.9a"), rid("402.9")],
                "Les factions ne sont pas des choix possibles : l'instruction ne dit pas "
                "explicitement qu'elle peut viser une faction.",
            )
        )
    barred = [t for t in pool if t.no_pick]
    if barred and sc.verb == "choisir":
        pool = [t for t in pool if not t.no_pick]
        steps.append(
            (
                [rid("310.1")],
                f"{', '.join(t.name for t in barred)} dit « vous ne pouvez pas choisir cette "
                "carte » et l'instruction utilise le mot « choisir » : exclue.",
            )
        )
    elif barred:
        steps.append(
            (
                [rid("310.1")],
                f"{', '.join(t.name for t in barred)} dit « vous ne pouvez pas choisir cette "
                "carte », mais l'instruction n'utilise pas le mot « choisir » : elle reste possible.",
            )
        )
    forced = [t for t in pool if t.must_pick]
    if forced and sc.verb == "choisir":
        pool = forced
        more = (
            " ; plusieurs l'exigent en même temps : le joueur en choisit une et ignore les autres"
            if len(forced) > 1
            else ""
        )
        steps.append(
            (
                [rid("505.1")] + ([rid("505.2b")] if len(forced) > 1 else []),
                f"Exigence « tout ce qui peut choisir cette carte doit le choisir » : "
                f"{', '.join(t.name for t in forced)}{more}.",
            )
        )
    return pool, steps


def check_choice(sc: PickScenario, legal: list[Thing]) -> None:
    names = {t.name for t in legal}
    chosen = next((t for t in sc.things if t.name == sc.choice), None)
    if sc.choice == FAIL:
        require(
            sc.verb == "rechercher",
            rid("505.1"),
            f"{sc.player} doit choisir : l'instruction n'est pas une recherche",
            "actions.choice",
        )
        require(
            sc.wants != "carte" or not legal,
            rid("312.2-exemple"),
            f"une recherche d'« une carte » doit en trouver une : le {sc.zone} n'est pas vide",
            "actions.choice",
        )
        return
    if chosen is None or chosen.name in names:
        return
    if chosen.kind == "faction":
        rule = rid("202.9a")
        why = "une faction ne peut être choisie que par un effet qui le dit explicitement"
    elif chosen.no_pick and sc.verb == "choisir":
        rule, why = rid("310.1"), "cette carte dit « vous ne pouvez pas choisir cette carte »"
    elif any(t.must_pick for t in legal):
        rule = rid("505.1")
        why = "une carte en jeu exige d'être choisie par tout ce qui peut la choisir"
    else:
        rule, why = rid("310.1"), "elle ne répond pas à l'instruction"
    require(False, rule, f"{sc.player} ne peut pas choisir {chosen.name} : {why}", "actions.choice")


def run_pick(sc: PickScenario) -> Trace:
    legal, steps = candidates(sc)
    chosen: list[str] = []
    rec = Recorder(lambda: {"choix possibles": [t.name for t in legal], "choisie": list(chosen)})
    wants = WANTS_FR.get(sc.wants, f"un(e) {sc.wants}")
    base = rid("312.2") if sc.verb == "rechercher" else rid("310.1")
    rec.step([base], f"Instruction {of(sc.player)} : {sc.text} ({wants}, dans la zone {sc.zone}).")
    for rules, text in steps:
        rec.step(rules, text)
    if sc.choice == FAIL:
        why = (
            "aucune carte ne répond à la recherche"
            if not legal
            else "il choisit d'échouer, même si des cartes répondent à la recherche"
        )
        rules = [rid("312.2")] + ([rid("312.2-exemple")] if sc.wants != "carte" else [])
        rec.step(rules, f"Recherche : {sc.player} ne trouve rien — {why}.")
    else:
        chosen.append(sc.choice)
        others = [t.name for t in legal if t.name != sc.choice and t.must_pick]
        ignored = f" ; {', '.join(others)} est ignorée et n'est pas « choisie »" if others else ""
        rules = [rid("505.2b")] if others else [base]
        rec.step(rules, f"{sc.player} choisit {sc.choice}{ignored}.")
    result: dict[str, Any] = {
        "candidates": [t.name for t in legal],
        "picked": list(chosen),
    }
    return rec.trace("choisir", GAME, sc, result)
