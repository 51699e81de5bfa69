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

Every action is data of the scenario; the procedure checks it against these rules.  The scenario
is read by board_read.py.
"""

from __future__ import annotations

from typing import Any

from arbitre.model.ashes.board_read import (
    SOURCE_FR,
    BoardAction,
    BoardPlayer,
    BoardScenario,
    Discard,
    Unit,
    read_board_scenario,
)
from arbitre.model.ashes.rules import GAME
from arbitre.model.core.french import of
from arbitre.model.core.rules import refuse, require
from arbitre.model.core.scenario import Fields
from arbitre.model.core.trace import Recorder, Trace

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


def read_board(name: str, data: Fields) -> BoardScenario:
    """A « plateau » scenario (read by board_read.py), played once as it is read."""
    sc = read_board_scenario(name, data)
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
        refuse(
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
