"""Four Souls: gaining ¢ and loot, stealing, negotiating, and the bonus souls (procedure « gains »).

Where the ¢ come from matters: a gain « depuis la réserve » is not a theft nor a negotiation.  Effects
that change gains are data of the scenario, of two kinds:
- `plus` adds to the total of one gain from the reserve (one gain, not an extra gain);
- `compteur` puts a gain from the reserve on the card's counter instead (the player gains no ¢);
theft and negotiation are never changed by them.  A theft takes up to its amount, never more than
the victim has.  A « différence » effect gives the loot and ¢ the target has more than its player
(loot capped by the card).  After every event, a bonus soul goes to the first player to reach its
threshold, once per game (« Âmes bonus »).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.model.core.scenario import Fields, ScenarioError, read_opening, unique_names
from arbitre.model.core.state import GameState, Player
from arbitre.model.core.trace import Recorder, Ruling, Trace
from arbitre.model.four_souls.rules import GAME, SOULS_TO_WIN, VICTORY

NEGOTIATION = f"{GAME}/autres-regles/pourparlers/1"
BONUS_ONCE = f"{GAME}/ames/ames-bonus/2"
THEFT = f"{GAME}/glossaire/vol-echange"
CENTS = f"{GAME}/glossaire/cents"
COUNTERS = f"{GAME}/glossaire/compteurs"
LOOT_X = f"{GAME}/glossaire/loot-x"
MODIFIER_KINDS = ("plus", "compteur")
EVENTS = ("gain", "vol", "pourparlers", "difference", "pioche")
THRESHOLDS = ("cents", "loot")


@dataclass
class Holder:
    name: str
    cents: int = 0
    loot: int = 0
    souls: int = 0


@dataclass
class Modifier:
    source: str
    player: str
    kind: str  # MODIFIER_KINDS
    amount: int = 1
    ruling: str | None = None  # the card's ruling, cited when it applies


@dataclass
class Bonus:
    name: str
    on: str  # THRESHOLDS
    threshold: int
    rule: str  # the entry of the bonus soul
    taken: bool = False


@dataclass
class Event:
    kind: str
    player: str
    amount: int = 0
    other: str = ""  # the victim, the payee, the target
    source: str = ""
    max_loot: int | None = None


@dataclass
class GainScenario:
    name: str
    title: str
    rulings: list[Ruling]
    active_player: str
    players: list[Holder]
    modifiers: list[Modifier]
    bonuses: list[Bonus]
    events: list[Event] = field(default_factory=list)


def read_gains(name: str, data: Fields) -> GainScenario:
    """Read a « gains » scenario: the players, the modifiers and the bonus souls of `state`,
    then the events of `actions`."""
    rulings, title, state = read_opening(data, GAME)
    players = [_holder(pf) for pf in state.records("players")]
    unique_names([p.name for p in players], state.where("players"))
    names = {p.name for p in players}

    active = state.player("active_player", names)
    modifiers = [_modifier(mf, names) for mf in state.records("modifiers", [])]
    bonuses = [_bonus(bf) for bf in state.records("bonus_souls", [])]
    state.done()
    actions = data.sub("actions")
    events = [_event(ef, names) for ef in actions.records("events")]
    actions.done()
    return GainScenario(name, title, rulings, active, players, modifiers, bonuses, events)


def _holder(f: Fields) -> Holder:
    """A player: name, ¢, loot cards in hand, souls."""
    h = Holder(
        f.str("name"),
        f.int("cents", 0, minimum=0),
        f.int("loot", 0, minimum=0),
        f.int("souls", 0, minimum=0),
    )
    f.done()
    return h


def _modifier(f: Fields, names: set[str]) -> Modifier:
    """An effect that changes a player's gains from the reserve, with the ruling it cites."""
    ruling = f.str("ruling", None)
    if ruling is not None and not ruling.startswith(f"{GAME}/"):
        raise ScenarioError(f.where("ruling"), f"must be an id of {GAME}")
    m = Modifier(
        f.str("source"),
        f.player("player", names),
        f.choice("kind", MODIFIER_KINDS),
        f.int("amount", 1, minimum=1),
        ruling,
    )
    f.done()
    return m


def _bonus(f: Fields) -> Bonus:
    """A bonus soul: what it counts, its threshold, its entry, whether it is already taken."""
    b = Bonus(
        f.str("name"),
        f.choice("counts", THRESHOLDS),
        f.int("threshold", minimum=1),
        f.str("rule"),
        f.bool("taken"),
    )
    f.done()
    return b


def _event(f: Fields, names: set[str]) -> Event:
    """One event: its player and source, then the fields of its kind (¢, loot, the other
    player, the loot cap of a difference)."""
    kind = f.choice("kind", EVENTS)
    e = Event(kind, f.player("player", names), source=f.str("source", ""))
    if kind in ("gain", "vol", "pourparlers"):
        e.amount = f.int("cents", minimum=1)
    if kind == "pioche":
        e.amount = f.int("loot", minimum=1)
    if kind in ("vol", "pourparlers", "difference"):
        e.other = f.player(
            {"vol": "from", "pourparlers": "to", "difference": "target"}[kind], names
        )
    if kind == "difference":
        e.max_loot = f.int("max_loot", None, minimum=0)
    f.done()
    return e


class _Gains:
    def __init__(self, sc: GainScenario) -> None:
        self.sc = sc
        self.game = GameState([Player(p.name) for p in sc.players], active=sc.active_player)
        self.p = {h.name: h for h in sc.players}
        self.counters: dict[str, int] = {}
        self.gains: dict[str, int] = {}  # gains from the reserve, counted as events
        self.bonus: dict[str, list[str]] = {}
        self.winner: str | None = None
        self.told: set[tuple[str, str]] = set()
        self.rec = Recorder(self.snapshot)

    def snapshot(self) -> dict[str, Any]:
        state: dict[str, Any] = {
            h.name: {"¢": h.cents, "butin en main": h.loot, "âmes": h.souls}
            for h in self.sc.players
        }
        if self.counters:
            state["compteurs"] = dict(self.counters)
        return state

    def from_reserve(self, name: str, amount: int, source: str) -> None:
        h = self.p[name]
        mods = [m for m in self.sc.modifiers if m.player == name]
        rules = []
        text = f"{name} gagne {amount} ¢ depuis la réserve ({source})"
        for m in [m for m in mods if m.kind == "plus"]:
            amount += m.amount
            rules += [m.ruling] if m.ruling else []
            text += (
                f" ; {m.source} ajoute {m.amount} au total de ce gain (ce n'est pas un gain "
                f"supplémentaire) : {amount} ¢"
            )
        counter = next((m for m in mods if m.kind == "compteur"), None)
        self.gains[name] = self.gains.get(name, 0) + 1
        if counter is not None:
            rules += [counter.ruling] if counter.ruling else []
            self.counters[counter.source] = self.counters.get(counter.source, 0) + amount
            text += (
                f" ; {counter.source} met ces {amount} ¢ sur son compteur "
                f"({self.counters[counter.source]}) : {name} ne gagne pas de ¢"
            )
        else:
            h.cents += amount
            text += f" ({name} : {h.cents} ¢)"
        self.rec.step([CENTS] + rules + ([COUNTERS] if counter else []), text + ".")

    def event(self, e: Event) -> None:
        h = self.p[e.player]
        if e.kind == "gain":
            self.from_reserve(e.player, e.amount, e.source or "un effet")
        elif e.kind == "pioche":
            h.loot += e.amount
            self.rec.step([LOOT_X], f"{e.player} pioche {e.amount} carte(s) butin ({h.loot}).")
        elif e.kind == "vol":
            victim = self.p[e.other]
            taken = min(e.amount, victim.cents)
            victim.cents -= taken
            h.cents += taken
            self.rec.step(
                [THEFT],
                f"{e.player} vole jusqu'à {e.amount} ¢ à {victim.name} ({e.source or 'un effet'}) : "
                f"{victim.name} en a {victim.cents + taken}, il en prend {taken}. Un vol n'est pas un "
                f"gain depuis la réserve : les effets qui modifient ces gains ne s'appliquent pas "
                f"({e.player} : {h.cents} ¢).",
            )
        elif e.kind == "pourparlers":
            payee = self.p[e.other]
            if h.cents < e.amount:
                raise ScenarioError("actions.events", f"{h.name} has only {h.cents} ¢")
            h.cents -= e.amount
            payee.cents += e.amount
            self.rec.step(
                [NEGOTIATION],
                f"Pourparlers : {e.player} donne {e.amount} ¢ à {payee.name}, sans la pile ; ce "
                f"n'est pas un gain depuis la réserve ({payee.name} : {payee.cents} ¢).",
            )
        else:
            self.difference(e)
        self.check_bonus()

    def difference(self, e: Event) -> None:
        h, t = self.p[e.player], self.p[e.other]
        loot = max(t.loot - h.loot, 0)
        capped = min(loot, e.max_loot) if e.max_loot is not None else loot
        cents = max(t.cents - h.cents, 0)
        cap = f" (au plus {e.max_loot})" if e.max_loot is not None else ""
        self.rec.step(
            [LOOT_X, CENTS],
            f"{e.source} se résout : {e.player} reçoit la différence avec {t.name} ; butin "
            f"{t.loot} − {h.loot} : {capped} carte(s){cap} ; ¢ {t.cents} − {h.cents} : "
            + (f"{cents} ¢." if cents else f"rien, car {e.player} en a autant ou plus."),
        )
        h.loot += capped
        if cents:
            self.from_reserve(e.player, cents, e.source)

    def check_bonus(self) -> None:
        for b in self.sc.bonuses:
            if b.taken:
                self.already_taken(b)
                continue
            for name in self.game.turn_order():
                h = self.p[name]
                value = h.cents if b.on == "cents" else h.loot
                if value >= b.threshold:
                    b.taken = True
                    h.souls += 1
                    self.bonus.setdefault(name, []).append(b.name)
                    what = "¢" if b.on == "cents" else "cartes butin en main"
                    self.rec.step(
                        [b.rule, BONUS_ONCE],
                        f"{name} est le premier à avoir {b.threshold} {what} ou plus ({value}) : il "
                        f"gagne instantanément {b.name} ({h.souls} âme(s)). Une âme bonus ne "
                        "s'obtient qu'une fois par partie.",
                    )
                    if h.souls >= SOULS_TO_WIN and self.winner is None:
                        self.winner = name
                        self.rec.step([VICTORY], f"{name} a {h.souls} âmes : il gagne la partie.")
                    break

    def already_taken(self, b: Bonus) -> None:
        holder = next((n for n, got in self.bonus.items() if b.name in got), None)
        for h in self.sc.players:
            value = h.cents if b.on == "cents" else h.loot
            if h.name != holder and value >= b.threshold and (b.name, h.name) not in self.told:
                self.told.add((b.name, h.name))
                self.rec.step(
                    [BONUS_ONCE],
                    f"{h.name} atteint {b.threshold} ({value}), mais {b.name} a déjà été obtenue : "
                    "une âme bonus ne s'obtient qu'une seule fois par partie.",
                )

    def run(self) -> Trace:
        for e in self.sc.events:
            self.event(e)
        result = {
            "cents": {h.name: h.cents for h in self.sc.players},
            "loot": {h.name: h.loot for h in self.sc.players},
            "counters": dict(self.counters),
            "gains_from_reserve": dict(self.gains),
            "bonus_souls": dict(self.bonus),
            "souls": {h.name: h.souls for h in self.sc.players if h.souls},
            "winner": self.winner,
        }
        return self.rec.trace("gains", GAME, self.sc, result)


def resolve_gains(scenario: GainScenario) -> Trace:
    """Run the scenario's gains, thefts, negotiations and differences; award bonus souls."""
    return _Gains(scenario).run()
