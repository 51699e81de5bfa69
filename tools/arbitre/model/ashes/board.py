"""Ashes: a player's board over a round — spellboard, dice, Meditate, recovery (procedure
« plateau »).

- Ready spells on the spellboard: copies of one spell are stacked and count as one spell with
  Concentration 1 (two copies) or Concentration 2 (three); each copy is exhausted on its own, and
  the spell keeps its Concentration while the other copies are exhausted.  Discarding a copy
  lowers it.
- Meditate (side action): cards are discarded one at a time (hand, top of the deck, ready spells)
  and the player decides after each revealed card whether to go on; then one die face of the
  active pool changes per card discarded.
- Recovery (« phase regain »): each unit loses as many wounds as its recover value (nothing at 0 or
  less), then one exhaustion token comes off every card — every copy of a stacked spell too.

Every action is data of the scenario; the procedure checks it against these rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.model.ashes.rules import GAME
from arbitre.model.core.french import of
from arbitre.model.core.rules import RuleViolation, require
from arbitre.model.core.scenario import Fields, ScenarioError, read_opening, unique_names
from arbitre.model.core.trace import Recorder, Ruling, Trace

FOCUS = "ashes/glossaire/concentration"
READY_SPELL = "ashes/glossaire/sort-preparatoire"
ANY_SPELL_STACKS = "ashes/faq/concentrer-des-sorts-2"
FOCUS_LOST = "ashes/faq/concentrer-des-sorts-3"
EXHAUSTION = "ashes/glossaire/jeton-epuisement"
MEDITATE = "ashes/glossaire/mediter"
MEDITATE_MANY = "ashes/faq/phase-de-tours-des-joueurs-2"
ONE_AT_A_TIME = "ashes/faq/phase-de-tours-des-joueurs-3"
SIDE_ACTION = "ashes/glossaire/action-secondaire"
RECOVERY = "ashes/glossaire/phase-regain"
RECOVER_VALUE = "ashes/glossaire/valeur-de-regain"
RECOVER_NOT_BELOW_ZERO = "ashes/faq/valeur-de-regain-de-vie-1"
LIFE = "ashes/glossaire/points-de-vie"
WOUNDS_KEEP_LIFE = "ashes/faq/autre-1"

UNITS_STAY = "ashes/faq/placement-5"  # a unit leaves the arena only destroyed or by an effect

ACTIONS = ("placer", "activer", "mediter", "regain", "retirer")
SOURCES = ("main", "pioche", "grimoire")
SOURCE_FR = {"main": "de sa main", "pioche": "du dessus de son deck", "grimoire": "de son grimoire"}


@dataclass
class Unit:
    name: str
    controller: str
    life: int
    life_bonus: int = 0  # from alteration spells (Armure de Racines…)
    wounds: int = 0
    recover: int = 0
    exhaustion: int = 0


@dataclass
class BoardPlayer:
    name: str
    dice: list[str]  # faces of the dice in the active pool
    hand: list[str]
    deck: list[str]  # top first
    spellboard: dict[str, list[int]]  # spell -> exhaustion tokens of each copy


@dataclass
class Discard:
    source: str
    card: str  # for the hand and the spellboard; the deck's top card is read from the deck


@dataclass
class BoardAction:
    action: str
    player: str = ""
    spell: str = ""
    unit: str = ""  # « retirer »: the unit the player would take out of their arena
    discards: list[Discard] = field(default_factory=list)
    faces: list[str] = field(default_factory=list)


@dataclass
class BoardScenario:
    name: str
    title: str
    rulings: list[Ruling]
    players: list[BoardPlayer]
    units: list[Unit]
    actions: list[BoardAction]


def read_board(name: str, data: Fields) -> BoardScenario:
    rulings, title, state = read_opening(data, GAME)
    players = []
    for pf in state.records("players"):
        board: dict[str, list[int]] = {}
        for sf in pf.records("spellboard", []):
            copies = sf.int("copies", 1, minimum=1)
            tokens = sf.raw("exhausted", [0] * copies)
            if not isinstance(tokens, list) or len(tokens) != copies:
                raise ScenarioError(sf.where("exhausted"), "one exhaustion count per copy")
            board[sf.str("name")] = [int(t) for t in tokens]
            sf.done()
        players.append(
            BoardPlayer(
                pf.str("name"),
                pf.str_list("dice", []),
                pf.str_list("hand_cards", []),
                pf.str_list("deck_cards", []),
                board,
            )
        )
        pf.done()
    names = [p.name for p in players]
    unique_names(names, state.where("players"))
    units = []
    for uf in state.records("units", []):
        units.append(
            Unit(
                uf.str("name"),
                uf.player("controller", names),
                uf.int("life", minimum=1),
                uf.int("life_bonus", 0),
                uf.int("wounds", 0, minimum=0),
                uf.int("recover", 0),
                uf.int("exhaustion", 0, minimum=0),
            )
        )
        uf.done()
    unique_names([u.name for u in units], state.where("units"))
    state.done()
    actions = []
    for af in data.sub("actions").records("steps"):
        a = BoardAction(af.choice("action", ACTIONS))
        if a.action != "regain":
            a.player = af.player("player", names)
        if a.action in ("placer", "activer"):
            a.spell = af.str("spell")
        if a.action == "retirer":
            a.unit = af.str("unit")
            if a.unit not in {u.name for u in units}:
                raise ScenarioError(af.where("unit"), f"no unit named {a.unit!r}")
        if a.action == "mediter":
            for df in af.records("discards"):
                a.discards.append(Discard(df.choice("from", SOURCES), df.str("card", "")))
                df.done()
            a.faces = af.str_list("faces")
        af.done()
        actions.append(a)
    sc = BoardScenario(name, title, rulings, players, units, actions)
    _Board(sc).run()  # a move the rules forbid is refused now, with its rule
    return sc


def focus(copies: int) -> int:
    return min(copies - 1, 2)


def focus_fr(copies: int) -> str:
    level = focus(copies)
    return f"Concentration {level}" if level else "pas de Concentration"


class _Board:
    def __init__(self, sc: BoardScenario) -> None:
        self.sc = sc
        self.players = {
            p.name: BoardPlayer(
                p.name,
                list(p.dice),
                list(p.hand),
                list(p.deck),
                {k: list(v) for k, v in p.spellboard.items()},
            )
            for p in sc.players
        }
        self.units = {u.name: Unit(**vars(u)) for u in sc.units}
        self.discarded: list[str] = []
        self.changed: list[str] = []
        self.activated: list[str] = []
        self.rec = Recorder(self.snapshot)

    def snapshot(self) -> dict[str, Any]:
        return {
            "grimoires": {
                p.name: {
                    s: {"épuisement par exemplaire": list(t), "concentration": focus(len(t))}
                    for s, t in p.spellboard.items()
                }
                for p in self.players.values()
            },
            "des": {p.name: list(p.dice) for p in self.players.values()},
            "unites": {
                u.name: {
                    "points de vie": u.life + u.life_bonus,
                    "blessures": u.wounds,
                    "épuisement": u.exhaustion,
                }
                for u in self.units.values()
            },
        }

    def run(self) -> Trace:
        for i, a in enumerate(self.sc.actions):
            where = f"actions.steps[{i}]"
            getattr(self, f"do_{a.action}")(a, where)
        return self.rec.trace("plateau", GAME, self.sc, self.result())

    def do_placer(self, a: BoardAction, where: str) -> None:
        p = self.players[a.player]
        require(
            a.spell in p.hand,
            READY_SPELL,
            f"{a.spell} n'est pas dans la main {of(a.player)}",
            where,
        )
        p.hand.remove(a.spell)
        stack = p.spellboard.setdefault(a.spell, [])
        stack.append(0)
        rules = [READY_SPELL] + ([FOCUS, ANY_SPELL_STACKS] if len(stack) > 1 else [])
        what = (
            f"posé sur les {len(stack) - 1} exemplaire(s) déjà présents : le sort a maintenant "
            f"{focus_fr(len(stack))}"
            if len(stack) > 1
            else "posé seul dans le grimoire"
        )
        self.rec.step(rules, f"{a.player} joue le sort préparatoire {a.spell} : {what}.")

    def do_activer(self, a: BoardAction, where: str) -> None:
        p = self.players[a.player]
        stack = p.spellboard.get(a.spell)
        require(
            stack is not None and 0 in stack,
            EXHAUSTION,
            f"{a.spell} n'a aucun exemplaire non épuisé dans le grimoire {of(a.player)}",
            where,
        )
        assert stack is not None
        copy = stack.index(0)
        stack[copy] += 1
        self.activated.append(a.spell)
        ready = stack.count(0)
        self.rec.step(
            [FOCUS, EXHAUSTION],
            f"{a.player} active {a.spell} : un jeton Épuisement sur l'exemplaire {copy + 1} "
            f"seulement ; {ready} exemplaire(s) restent non épuisés et le sort garde "
            f"{focus_fr(len(stack))}.",
        )

    def do_mediter(self, a: BoardAction, where: str) -> None:
        p = self.players[a.player]
        self.rec.step(
            [SIDE_ACTION, MEDITATE],
            f"{a.player} prend l'action secondaire Méditer.",
        )
        for n, d in enumerate(a.discards, 1):
            card = self.take(p, d, where)
            self.discarded.append(card)
            last = n == len(a.discards)
            then = (
                f"{a.player} décide d'arrêter"
                if last
                else f"{a.player} décide, après l'avoir vue, de continuer"
            )
            self.rec.step(
                [MEDITATE, ONE_AT_A_TIME],
                f"{a.player} défausse {card} {SOURCE_FR[d.source]} ({n}) ; {then}.",
            )
        require(
            len(a.faces) <= len(a.discards) and len(a.faces) <= len(p.dice),
            MEDITATE,
            f"Méditer change la face d'un dé de la réserve active par carte défaussée : "
            f"{len(a.discards)} carte(s), {len(a.faces)} face(s) demandée(s)",
            where,
        )
        before = list(p.dice)
        for i, face in enumerate(a.faces):
            p.dice[i] = face
            self.changed.append(f"{before[i]} → {face}")
        self.rec.step(
            [MEDITATE, MEDITATE_MANY],
            f"{len(a.discards)} carte(s) défaussée(s) : {len(a.faces)} dé(s) de la réserve active "
            f"changent de face ({', '.join(self.changed[-len(a.faces) :]) or 'aucun'}).",
        )

    def take(self, p: BoardPlayer, d: Discard, where: str) -> str:
        if d.source == "pioche":
            require(bool(p.deck), MEDITATE, f"le deck {of(p.name)} est vide", where)
            return p.deck.pop(0)
        if d.source == "main":
            require(d.card in p.hand, MEDITATE, f"{d.card} n'est pas en main", where)
            p.hand.remove(d.card)
            return d.card
        stack = p.spellboard.get(d.card)
        require(bool(stack), MEDITATE, f"{d.card} n'est pas dans le grimoire", where)
        assert stack is not None
        before = len(stack)
        stack.pop()
        if not stack:
            del p.spellboard[d.card]
            return d.card
        self.rec.step(
            [FOCUS, FOCUS_LOST],
            f"Un exemplaire {of(d.card)} quitte le grimoire : {before} → {len(stack)} "
            f"exemplaire(s), le sort passe {of(focus_fr(before))} à "
            f"{focus_fr(len(stack))}.",
        )
        return d.card

    def do_retirer(self, a: BoardAction, where: str) -> None:
        raise RuleViolation(
            UNITS_STAY,
            f"{a.player} ne peut pas choisir de retirer {a.unit} de son arène : une unité n'en "
            "sort que si elle est détruite ou si un effet la retire",
            where,
        )

    def do_regain(self, a: BoardAction, where: str) -> None:
        self.rec.step([RECOVERY], "Phase regain.")
        for u in self.units.values():
            life = u.life + u.life_bonus
            if u.recover <= 0:
                self.rec.step(
                    [RECOVER_VALUE, RECOVER_NOT_BELOW_ZERO],
                    f"{u.name} a une valeur de regain {of(u.recover)} : on ne retire ni n'ajoute "
                    f"de blessure ({u.wounds} restent).",
                )
                continue
            removed = min(u.recover, u.wounds)
            u.wounds -= removed
            boosted = (
                f" ; ses points de vie sont {u.life} + {u.life_bonus} = {life}, les blessures "
                "ne les diminuent pas"
                if u.life_bonus
                else ""
            )
            self.rec.step(
                [RECOVER_VALUE] + ([LIFE, WOUNDS_KEEP_LIFE] if u.life_bonus else []),
                f"{u.name} (regain {u.recover}) perd {removed} blessure(s) : il en reste "
                f"{u.wounds}{boosted}.",
            )
        for u in self.units.values():
            if u.exhaustion:
                u.exhaustion -= 1
        for p in self.players.values():
            for spell, stack in p.spellboard.items():
                if any(stack):
                    p.spellboard[spell] = [max(t - 1, 0) for t in stack]
                    self.rec.step(
                        [RECOVERY, EXHAUSTION, FOCUS],
                        f"{spell} {of(p.name)} : un jeton Épuisement est retiré de chacun de ses "
                        f"{len(stack)} exemplaire(s) ({stack} → {p.spellboard[spell]}).",
                    )

    def result(self) -> dict[str, Any]:
        return {
            "spellboards": {
                p.name: {s: list(t) for s, t in p.spellboard.items()} for p in self.players.values()
            },
            "focus": {
                p.name: {s: focus(len(t)) for s, t in p.spellboard.items()}
                for p in self.players.values()
            },
            "dice": {p.name: list(p.dice) for p in self.players.values()},
            "discarded": list(self.discarded),
            "dice_changed": len(self.changed),
            "activated": list(self.activated),
            "wounds": {u.name: u.wounds for u in self.units.values()},
            "unit_exhaustion": {u.name: u.exhaustion for u in self.units.values()},
        }


def run_board(sc: BoardScenario) -> Trace:
    """Play the scenario's spellboard, Meditate and recovery steps."""
    return _Board(sc).run()
