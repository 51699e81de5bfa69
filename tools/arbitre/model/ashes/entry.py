"""Ashes: a card enters play, and what its entry triggers (procedure « entree »).

1. The card is placed in an arena; its controller is the arena's player.  A card that enters as
   another type (an action spell that becomes a unit once in play) is not « a unit entering
   play ».
2. The abilities that trigger « lorsque cette unité entre en jeu » (Embuscade…) resolve first,
   each completely, damage process included.
3. Then the abilities that trigger « après qu'une unité soit entrée en jeu » resolve: each needs
   its card still in play (and unexhausted when its text says so) and its cost paid; the number
   after an ability's name limits nothing, and several cards may each trigger.
4. Only then may a player use effects not triggered by the entry (Lancer 1…): every effect the
   event triggered has resolved first.

Abilities are data of the scenario (when, cost, effect); nothing here knows a card by name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.model.ashes.damage import DamageProcess, Event, GameOver
from arbitre.model.ashes.damage_read import AshesScenario, Card, Player
from arbitre.model.ashes.play_read import read_base
from arbitre.model.ashes.rules import ARENA as ARENA_ZONE
from arbitre.model.ashes.rules import GAME, LEFT_PLAY_FIRST, PROCESS, STEP
from arbitre.model.core.french import of, que
from arbitre.model.core.scenario import Fields, ScenarioError, Wrapping
from arbitre.model.core.trace import Trace

ENTERS_FIRST = "ashes/faq/regard-percant-1"
EVENT_TRIGGERS_FIRST = "ashes/faq/regard-percant-2"
NOT_A_UNIT_YET = "ashes/faq/regard-percant-3"
NO_LIMIT = "ashes/faq/regard-percant-en-jeu-1"
SEVERAL_ABILITIES = "ashes/faq/regard-percant-en-jeu-2"
CONTROL = "ashes/faq/capacites-en-jeu-3"
EXHAUSTION = "ashes/glossaire/jeton-epuisement"
ARENA = "ashes/glossaire/arene"
UNIT = "ashes/glossaire/unite"

WHEN = ("this_enters", "unit_entered_opponent", "unit_entered_any")
EFFECTS = ("damage", "wounds", "exhaust")


@dataclass
class EntryAbility:
    card: str
    ability: str
    when: str
    effect: str
    amount: int = 1
    target: str = "entering"  # "entering" or a card name
    dice: int = 0  # cost in dice of the active pool
    needs_ready: bool = False  # the card must not be exhausted


@dataclass
class Entering:
    card: str
    arena: str  # the player whose arena it enters
    life: int
    enters_as: str = "unité"  # the type while entering (« sort d'action » for some cards)


@dataclass
class Later:
    card: str
    ability: str
    needs_ready: bool = True


@dataclass
class EntryScenario(Wrapping):
    base: AshesScenario
    dice: dict[str, int]
    exhaustion: dict[str, int]
    abilities: list[EntryAbility]
    entries: list[Entering]
    later: list[Later] = field(default_factory=list)


def read_entry(name: str, data: Fields) -> EntryScenario:
    state = data.sub("state")
    dice: dict[str, int] = {}
    exhaustion: dict[str, int] = {}

    def player_extra(pf: Fields, p: Player) -> None:
        dice[p.name] = pf.int("active_dice", 0, minimum=0)

    def card_extra(cf: Fields, card: Card) -> None:
        exhaustion[card.name] = cf.int("exhaustion", 0, minimum=0)

    abilities_raw = state.records("entry_abilities", [])
    base = read_base(name, data, state, player_extra, card_extra)
    players = [p.name for p in base.players]
    actions = data.sub("actions")
    entries = []
    for ef in actions.records("enter"):
        entries.append(
            Entering(
                ef.str("card"),
                ef.player("arena", players),
                ef.int("life", 1, minimum=1),
                ef.str("as", "unité"),
            )
        )
        ef.done()
    known = {c.name for c in base.cards} | {e.card for e in entries}
    abilities = []
    for af in abilities_raw:
        a = EntryAbility(
            card=af.str("card"),
            ability=af.str("ability"),
            when=af.choice("when", WHEN),
            effect=af.choice("effect", EFFECTS),
            amount=af.int("amount", 1, minimum=0),
            target=af.str("target", "entering"),
            dice=af.int("dice", 0, minimum=0),
            needs_ready=af.bool("needs_ready"),
        )
        for key, value in (("card", a.card), ("target", a.target)):
            if value != "entering" and value not in known:
                raise ScenarioError(af.where(key), f"no card named {value!r}")
        af.done()
        abilities.append(a)
    later = []
    for lf in actions.records("then", []):
        later.append(Later(lf.str("card"), lf.str("ability"), lf.bool("needs_ready", True)))
        if later[-1].card not in known:
            raise ScenarioError(lf.where("card"), f"no card named {later[-1].card!r}")
        lf.done()
    actions.done()
    return EntryScenario(base, dice, exhaustion, abilities, entries, later)


class _Entry(DamageProcess):
    def __init__(self, sc: EntryScenario) -> None:
        self.entry_sc = sc
        self.dice = dict(sc.dice)
        self.used: list[str] = []
        self.not_used: list[str] = []
        super().__init__(sc.base)
        for name, tokens in sc.exhaustion.items():
            self.cards[name].add("epuisement", tokens)

    def snapshot(self) -> dict[str, Any]:
        data = super().snapshot()
        data["epuisement"] = {
            n: c.count("epuisement") for n, c in self.cards.items() if c.count("epuisement")
        }
        data["des"] = dict(self.dice)
        return data

    def run_entry(self) -> Trace:
        try:
            for entering in self.entry_sc.entries:
                self.enter(entering)
            for later in self.entry_sc.later:
                self.use_later(later)
        except GameOver:
            self.rec.step([STEP["3"]], "La partie est terminée.")
        result = self.result()
        result.update(
            {
                "used": list(self.used),
                "not_used": list(self.not_used),
                "exhaustion": {n: c.count("epuisement") for n, c in self.cards.items()},
                "dice": dict(self.dice),
            }
        )
        return self.rec.trace("entree", GAME, self.entry_sc, result)

    def enter(self, e: Entering) -> None:
        card = Card(e.card, "unit", e.arena, life=e.life)
        self.game.put(card, ARENA_ZONE, e.arena)
        is_unit = e.enters_as == "unité"
        if is_unit:
            self.rec.step(
                [ARENA, CONTROL],
                f"{e.card} entre en jeu dans l'arène {of(e.arena)}, qui la contrôle.",
            )
        else:
            self.rec.step(
                [NOT_A_UNIT_YET, UNIT],
                f"{e.card} entre en jeu dans l'arène {of(e.arena)} en tant {que(e.enters_as)} : "
                "il ne devient une unité qu'après être entré en jeu, ce n'est donc pas une unité "
                "qui entre en jeu.",
            )
        own = [a for a in self.entry_sc.abilities if a.when == "this_enters" and a.card == e.card]
        for a in own:
            self.trigger(a, e, [ENTERS_FIRST, EVENT_TRIGGERS_FIRST], "en entrant en jeu")
        after = [
            a
            for a in self.entry_sc.abilities
            if a.when in ("unit_entered_opponent", "unit_entered_any") and a.card != e.card
        ]
        fired = 0
        for a in after:
            owner = self.entry_sc_controller(a.card)
            label = f"{a.card} : {a.ability}"
            if a.when == "unit_entered_opponent" and owner == e.arena:
                continue
            if not is_unit:
                self.not_used.append(label)
                self.rec.step(
                    [NOT_A_UNIT_YET],
                    f"{label} ne se déclenche pas : ce n'est pas une unité qui est entrée en jeu.",
                )
                continue
            if not self.in_play(a.card):
                self.not_used.append(label)
                self.rec.step(
                    [ENTERS_FIRST, LEFT_PLAY_FIRST],
                    f"{label} ne peut pas se déclencher : {a.card} n'est plus en jeu, il l'a "
                    f"quitté pendant les effets qui se déclenchent lorsque {e.card} entre en jeu, "
                    "avant le moment « après qu'une unité soit entrée en jeu ».",
                )
                continue
            fired += 1
            rules = [ENTERS_FIRST, NO_LIMIT] + ([SEVERAL_ABILITIES] if fired > 1 else [])
            self.trigger(a, e, rules, "après l'entrée en jeu")

    def trigger(self, a: EntryAbility, e: Entering, rules: list[str], moment: str) -> None:
        label = f"{a.card} : {a.ability}"
        owner = self.entry_sc_controller(a.card)
        source = self.cards.get(a.card)
        if a.needs_ready and source is not None and source.count("epuisement"):
            self.not_used.append(label)
            self.rec.step(rules + [EXHAUSTION], f"{label} : {a.card} est épuisé, pas d'effet.")
            return
        if self.dice.get(owner, 0) < a.dice:
            self.not_used.append(label)
            self.rec.step(
                rules, f"{label} : {owner} n'a plus de dé pour payer le coût, pas d'effet."
            )
            return
        self.dice[owner] = self.dice.get(owner, 0) - a.dice
        target = e.card if a.target == "entering" else a.target
        self.used.append(label)
        paid = f" ({a.dice} dé(s) payé(s))" if a.dice else ""
        if a.effect == "exhaust":
            if self.in_play(target):
                self.cards[target].add("epuisement", a.amount)
            self.rec.step(
                rules + [EXHAUSTION],
                f"{label} se déclenche {moment}{paid} : {a.amount} jeton(s) Épuisement sur "
                f"{target}.",
            )
            return
        self.rec.step(
            rules + [PROCESS],
            f"{label} se déclenche {moment}{paid} : {a.amount} "
            f"{'dégât(s) à' if a.effect == 'damage' else 'blessure(s) sur'} {target}, résolu(s) "
            "entièrement, processus des dégâts compris.",
        )
        self.process(Event(target, a.card, owner), a.effect, a.amount, 0)

    def use_later(self, later: Later) -> None:
        label = f"{later.card} : {later.ability}"
        card = self.cards.get(later.card)
        if card is None or (later.needs_ready and card.count("epuisement")):
            self.not_used.append(label)
            self.rec.step(
                [EVENT_TRIGGERS_FIRST, EXHAUSTION],
                f"{label} : seulement maintenant, après tous les effets déclenchés par l'entrée "
                f"en jeu, et {later.card} est épuisé : la capacité ne peut pas être utilisée.",
            )
            return
        self.used.append(label)
        self.rec.step(
            [EVENT_TRIGGERS_FIRST],
            f"{label} : utilisée après la résolution de tous les effets déclenchés par l'entrée "
            "en jeu.",
        )

    def entry_sc_controller(self, name: str) -> str:
        card = self.cards.get(name)
        if card is not None:
            return card.controller
        return next(c.controller for c in self.entry_sc.base.cards if c.name == name)


def run_entry(sc: EntryScenario) -> Trace:
    """Place the entering cards and resolve what their entry triggers, in the rules' order."""
    return _Entry(sc).run_entry()
