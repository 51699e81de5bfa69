"""Altered: Reactions and their timing through the day (4.2.b-e, 4.4).

A reaction ability is data: its card, its controller, its trigger — « à [phase] » (`a:midi`),
« après [effet quotidien] » (`apres:piocher`), or an event of a daily effect (`pendant:piocher`) —
and its effect, a list of steps that may create new reactions (an internal action among them).

The procedure walks the phases of the day (`altered.DAY`) with their daily effects in order.  The
Reactions are checked at the start of each phase (4.2.b: only the « à [cette phase] » reactions
are in Limbo then) and after each daily effect (4.2.d: those triggered during the effect and the
« après » ones, in any order).  At each check (4.4.b) the first player in initiative order who
controls a reaction in Limbo chooses one and plays it; then the Reactions are checked again
(4.4.c): the player with the initiative plays all of theirs first, and reactions created meanwhile
are chosen like the others (remark).  Reactions are not checked after an internal action: the
ones it creates wait for the end of the effect that contains it (4.4.a, remark).  When Limbo is
empty, the next daily effect resolves, or the next phase begins (4.2.e).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.model.altered.rules import DAY
from arbitre.model.core.french import of, of_the
from arbitre.model.core.scenario import Fields, ScenarioError, read_opening, unique_names
from arbitre.model.core.trace import Recorder, Ruling, Trace

GAME = "altered"
# The daily effects of each phase, in order (4.2.1.a-e, 4.2.2.a, 4.2.4.a, 4.2.5.a).
DAILY = {
    "matin": ("succeder", "preparer", "piocher", "etendre"),
    "midi": (),
    "apres_midi": (),
    "crepuscule": ("progresser",),
    "nuit": ("repos", "nettoyage"),
}
DAILY_FR = {
    "succeder": "Succéder",
    "preparer": "Préparer",
    "piocher": "Piocher",
    "etendre": "Étendre",
    "progresser": "Progresser",
    "repos": "Repos",
    "nettoyage": "Nettoyage",
}
DAILY_RULE = {"matin": "4.2.1.a", "midi": "4.2.2.a", "crepuscule": "4.2.4.a", "nuit": "4.2.5.a"}
PHASE_AT = {"matin": "au Matin", "midi": "à Midi", "apres_midi": "l'Après-midi"}
PHASE_AT |= {"crepuscule": "au Crépuscule", "nuit": "à la Nuit"}


def rid(number: str) -> str:
    return f"{GAME}/{number}"


@dataclass
class EffectStep:
    text: str  # French: what the step does
    internal: bool = False  # an internal action (5.4)
    creates: list[Reaction] = field(default_factory=list)  # reactions it triggers


@dataclass
class Reaction:
    name: str  # unique: « Chouette (1re réaction) »
    controller: str
    trigger: tuple[str, str]  # ("a", phase) | ("apres", effect) | ("pendant", effect)
    effect: list[EffectStep] = field(default_factory=list)

    def label(self) -> str:
        return f"{self.name} ({self.controller})"


@dataclass
class ReactionScenario:
    name: str
    title: str
    rulings: list[Ruling]
    players: list[str]  # initiative order, the first player first
    reactions: list[Reaction]
    phases: list[str]
    order: dict[str, list[str]]  # each player's chosen order among their reactions


def _trigger(f: Fields, key: str) -> tuple[str, str]:
    text = f.str(key)
    kind, _, what = text.partition(":")
    ok = (kind == "a" and what in DAILY) or (kind in ("apres", "pendant") and what in DAILY_FR)
    if not ok:
        raise ScenarioError(
            f.where(key), "expected a:<phase>, apres:<effet quotidien> or pendant:<effet quotidien>"
        )
    return kind, what


def _reaction(f: Fields, players: list[str], created: bool = False) -> Reaction:
    r = Reaction(
        f.str("name"),
        f.player("controller", players),
        ("cree", "") if created else _trigger(f, "trigger"),
    )
    for sf in f.records("effect", []):
        r.effect.append(
            EffectStep(
                sf.str("text"),
                sf.bool("internal"),
                [_reaction(cf, players, True) for cf in sf.records("creates", [])],
            )
        )
        sf.done()
    f.done()
    return r


def read_reactions(name: str, data: Fields) -> ReactionScenario:
    rulings, title, state = read_opening(data, GAME)
    players = state.str_list("players")
    reactions = [_reaction(f, players) for f in state.records("reactions")]
    state.done()
    actions = data.sub("actions")
    phases = actions.str_list("phases")
    known = [p.id for p in DAY.phases]
    for i, p in enumerate(phases):
        if p not in known:
            raise ScenarioError(f"{actions.where('phases')}[{i}]", f"expected one of {known}")
    if phases != sorted(phases, key=known.index):
        raise ScenarioError(actions.where("phases"), "the phases of a day come in order (4.2.a)")
    of_ = actions.sub("order", None)
    order = {}
    if of_ is not None:
        order = {p: of_.str_list(p) for p in players if of_.has(p)}
        of_.done()
    actions.done()
    every = [r.name for r in reactions]
    every += [c.name for r in reactions for s in r.effect for c in _all(s.creates)]
    unique_names(every, state.where("reactions"))
    return ReactionScenario(name, title, rulings, players, reactions, phases, order)


def _all(reactions: list[Reaction]) -> list[Reaction]:
    out = []
    for r in reactions:
        out.append(r)
        for s in r.effect:
            out += _all(s.creates)
    return out


class _Day:
    def __init__(self, sc: ReactionScenario) -> None:
        self.sc = sc
        self.limbo: list[Reaction] = []
        self.played: list[str] = []
        self.phase = ""
        self.rec = Recorder(self.snapshot)

    def snapshot(self) -> dict[str, Any]:
        return {"phase": self.phase, "Limbo": [r.label() for r in self.limbo]}

    def enter(self, reactions: list[Reaction], why: str, rules: list[str]) -> None:
        if not reactions:
            return
        self.limbo += reactions
        names = ", ".join(r.label() for r in reactions)
        self.rec.step(rules, f"{why} : {names} entre(nt) dans le Limbo.")

    def pick(self, player: str, mine: list[Reaction]) -> tuple[Reaction, bool]:
        """The reaction `player` chooses among theirs in Limbo; True if the scenario stated it."""
        for name in self.sc.order.get(player, []):
            for r in mine:
                if r.name == name:
                    return r, True
        return mine[0], False

    def check(self, moment: str) -> None:
        """Check the Reactions (4.4.b, 4.4.c) until Limbo is empty."""
        if not self.limbo:
            self.rec.step([rid("4.4.a")], f"Vérification des réactions ({moment}) : Limbo vide.")
            return
        while self.limbo:
            player = next(p for p in self.sc.players if any(r.controller == p for r in self.limbo))
            mine = [r for r in self.limbo if r.controller == player]
            chosen, stated = self.pick(player, mine)
            others = [
                p
                for p in self.sc.players
                if p != player and any(r.controller == p for r in self.limbo)
            ]
            rules = [rid("4.4.b")]
            why = f"{player} est le premier joueur dans l'ordre d'initiative à contrôler une réaction dans le Limbo"
            if others:
                rules.append(rid("4.4.c-remarque"))
                why += f" : {player} joue toutes ses réactions avant {', '.join(others)}"
            if len(mine) > 1:
                rules.append(rid("4.4.a-precision"))
                why += f" ; {player} choisit l'ordre parmi {', '.join(r.name for r in mine)}"
            defaults = [] if stated or len(mine) == 1 else [f"ordre des réactions {of(player)}"]
            note = " (ordre par défaut du modèle : celui de la liste)" if defaults else ""
            self.rec.step(rules, f"{why}{note} ; {player} joue {chosen.name}.", defaults)
            self.limbo.remove(chosen)
            self.play(chosen)
            self.rec.step(
                [rid("4.4.c")], "Une Réaction a été jouée : les réactions sont à nouveau vérifiées."
            )

    def play(self, r: Reaction) -> None:
        self.played.append(r.label())
        waiting: list[Reaction] = []
        internal = False
        for n, s in enumerate(r.effect, 1):
            rules = [rid("6.1.c")]
            text = f"{r.name}, étape {n} : {s.text}"
            if s.creates:
                names = ", ".join(c.label() for c in s.creates)
                if s.internal:
                    internal = True
                    rules = [rid("4.4.a-remarque"), rid("5.4.a")]
                    text += (
                        f" ; action interne : elle crée {names}, mais les réactions ne sont pas "
                        "vérifiées après une action interne, elle(s) attend(ent) la fin de l'effet"
                    )
                else:
                    text += f" ; elle déclenche {names}"
                waiting += s.creates
            self.rec.step(rules, text + ".")
        if waiting:
            self.enter(
                waiting,
                f"L'effet {of(r.name)} est terminé",
                [rid("4.4.a-remarque")] * internal + [rid("4.4.c-remarque")],
            )

    def triggered(self, kind: str, what: str) -> list[Reaction]:
        return [r for r in self.sc.reactions if r.trigger == (kind, what)]

    def run(self) -> Trace:
        for phase in self.sc.phases:
            self.phase = next(p.name_fr for p in DAY.phases if p.id == phase)
            waiting = self.triggered("a", phase)
            later = [
                r.label() for r in self.sc.reactions if r.trigger[0] != "a" or r.trigger[1] != phase
            ]
            rules = [rid("4.2.b"), rid("4.4.a")]
            text = f"Début {of_the(self.phase)} : les réactions sont vérifiées"
            if later and not waiting:
                text += f" ; aucune ne se déclenche {PHASE_AT[phase]}"
            self.rec.step(rules, text + ".")
            self.enter(
                waiting, f"Elle(s) se déclenche(nt) « {PHASE_AT[phase]} »", [rid("4.2.b-remarque")]
            )
            self.check(f"début {of_the(self.phase)}")
            effects = DAILY[phase]
            if phase == "midi":
                self.rec.step(
                    [rid("4.2.2.a"), rid("4.2.2.a-remarque")],
                    "Il n'y a pas d'effet quotidien pendant Midi"
                    + (
                        " : rien d'autre ne se passe."
                        if not waiting
                        else " ; seules les réactions « à Midi » ont eu lieu."
                    ),
                )
            for effect in effects:
                self.rec.step([rid(DAILY_RULE[phase])], f"Effet quotidien : {DAILY_FR[effect]}.")
                self.enter(
                    self.triggered("pendant", effect),
                    f"Déclenchée(s) pendant {DAILY_FR[effect]}",
                    [rid("4.2.d-remarque")],
                )
                self.enter(
                    self.triggered("apres", effect),
                    f"Elle(s) se déclenche(nt) « après {DAILY_FR[effect]} »",
                    [rid("4.2.d"), rid("4.2.d-remarque")],
                )
                self.check(f"après {DAILY_FR[effect]}")
            self.rec.step([rid("4.2.e")], f"Fin {of_the(self.phase)}.")
        return self.rec.trace("reactions", GAME, self.sc, {"played": list(self.played)})


def run_reactions(scenario: ReactionScenario) -> Trace:
    """Walk the day's phases and daily effects, checking the Reactions where the rules say."""
    return _Day(scenario).run()
