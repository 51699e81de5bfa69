"""Four Souls: one attack (« Attaquer », steps 1-4) of the active player, run on the engine.

The combatants are cards of a `GameState` (printed and current health, attack, evasion); the roll
is a `Stack` (initial result at the bottom, modifiers and responses above it); result triggers go
through a `TriggerQueue` ordered by « Timing ».  A monster at 0 health runs « Mort d'un monstre »
and the refill (« Rechargement »), a player « Mort d'un joueur » and the death penalty.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.model.core.french import of
from arbitre.model.core.scenario import ScenarioError
from arbitre.model.core.stack import Stack, StackItem
from arbitre.model.core.state import Card, GameState, Player
from arbitre.model.core.trace import Recorder, Trace
from arbitre.model.core.triggers import Pending, TriggerQueue, monsters_then_turn_order
from arbitre.model.four_souls.data import (
    REWARD_FR,
    AttackScenario,
    Item,
    Monster,
    ResultTrigger,
    Roll,
)
from arbitre.model.four_souls.penalty import death_penalty, record_penalty
from arbitre.model.four_souls.rules import (
    ACTION_PHASE,
    ATTACK,
    CLAMP,
    CONDITION,
    DEATH_GLOSSARY,
    FINAL_REROLL_FIZZLES,
    GAME,
    MONSTER_DEATH,
    PLAYER_DEATH,
    REFILL,
    RESOLVE_STACK,
    RESPOND,
    ROLL,
    SOUL_VALUE,
    SOULS_TO_WIN,
    TIMING,
    VICTORY,
)

CURSES = f"{GAME}/cartes/maledictions/1"
CURSE_ERRATUM = f"{GAME}/reference/errata-des-monstres/curse-cards"


def _clamp(value: int) -> int:
    return min(max(value, 1), 6)


@dataclass
class _Hand:
    """What a player holds besides the character card: loot, items, curses."""

    loot: list[str] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    curses: list[str] = field(default_factory=list)


@dataclass
class _Damage:
    """The combat damage on the stack: who deals it, to whom, how much (updated by rerolls)."""

    result: int
    hit: bool
    amount: int
    to: str


class _Attack:
    def __init__(self, sc: AttackScenario) -> None:
        self.sc = sc
        self.game = GameState(
            [Player(p.name, {"cents": p.cents, "souls": p.souls}) for p in sc.players],
            active=sc.active_player,
            phase=sc.phase,
        )
        self.hands: dict[str, _Hand] = {}
        for p in sc.players:
            self.game.put(
                Card(p.name, p.name, kind="personnage", printed={"pv": p.health, "atq": p.attack}),
                "personnage",
                p.name,
            )
            self.hands[p.name] = _Hand(list(p.loot), list(p.items), list(p.curses))
        self.info: dict[str, Monster] = {}
        if sc.monster is not None:
            self._monster_card(sc.monster, "emplacement")
        for m in sc.deck:
            self._monster_card(m, "paquet-monstres")
        self.target: str | None = sc.monster.name if sc.monster else None
        self.slot: str | None = self.target
        self.rolls = list(sc.rolls)
        self.results: list[int] = []
        self.outcomes: list[str] = []
        self.dead: list[str] = []
        self.rewards: dict[str, list[str]] = {}
        self.penalties: dict[str, dict[str, Any]] = {}
        self.refill: list[str] = []
        self.turn_ended = False
        self.attack_lost = False
        self.winner: str | None = None
        self.stack = Stack()
        self.triggers = TriggerQueue(monsters_then_turn_order(TIMING))
        self.current = 0  # the result on the stack while a roll is being made
        self.fired: list[str] = []  # result triggers that resolved, in order
        self.damage_this_turn: dict[str, int] = {}
        self.triggered_by_damage: list[str] = []
        self.cursed: dict[str, list[str]] = {}
        self.souls_cancelled: list[str] = []
        self.rec = Recorder(self.snapshot)

    def _monster_card(self, m: Monster, zone: str) -> None:
        printed = {"pv": m.health, "evasion": m.evasion, "atq": m.attack}
        kind = "monstre" if m.monster else "non-monstre"
        self.game.put(Card(m.name, kind=kind, printed=printed if m.monster else {}), zone)
        self.info[m.name] = m

    @property
    def attacker(self) -> Card:
        return self.game.card(self.sc.active_player)

    @property
    def monster(self) -> Card:
        assert self.target is not None
        return self.game.card(self.target)

    def snapshot(self) -> dict[str, Any]:
        state: dict[str, Any] = {
            "players": {
                p.name: {
                    "health": self.game.card(p.name).value("pv"),
                    "cents": p.count("cents"),
                    "loot": len(self.hands[p.name].loot),
                    "items": [i.name for i in self.hands[p.name].items],
                    "souls": p.count("souls"),
                }
                for p in self.game.players
            },
            "slot": self.slot,
        }
        if self.target is not None:
            state["monster"] = {"name": self.target, "health": self.monster.value("pv")}
        if not self.stack.empty():
            state["stack"] = [i.label_fr for i in reversed(self.stack.items)]
        return state

    # -- step 2: the top of the monster deck --
    def reveal(self) -> bool:
        card = self.game.draw("paquet-monstres")
        assert card is not None
        a = self.sc.active_player
        if card.kind != "monstre":
            self.attack_lost = True
            self.game.move(card.name, "defausse-monstres")
            self.give_curse(card.name)
            self.rec.step(
                [ATTACK],
                f"Étape 2 : {a} révèle le dessus du paquet de monstres : {card.name} n'est pas un "
                "monstre. L'attaque prend fin ; il doit jouer cette carte, puis il a la priorité.",
            )
            return False
        self.game.move(card.name, "emplacement")
        self.target = self.slot = card.name
        m = self.info[card.name]
        if m.cannot_be_attacked:
            self.attack_lost = True
            self.rec.step(
                [ATTACK] + ([m.ruling] if m.ruling else []),
                f"Étape 2 : {a} révèle {card.name}, un monstre : il est placé dans un emplacement "
                f"de monstre, mais on ne peut pas l'attaquer. {a} perd son attaque.",
            )
            return False
        self.rec.step(
            [ATTACK],
            f"Étape 2 : {a} révèle {card.name}, un monstre : il est placé dans un emplacement de "
            "monstre et devient la cible de l'attaque.",
        )
        return True

    # -- step 3: one attack roll on the stack --
    def roll(self) -> _Damage:
        if not self.rolls:
            raise ScenarioError(
                "actions.rolls",
                f"the attack needs a roll #{len(self.results) + 1}: both combatants are alive",
            )
        roll = self.rolls.pop(0)
        n = len(self.results) + 1
        self.current = roll.die
        self.stack.push(StackItem(f"résultat initial {roll.die}", self.sc.active_player))
        for m in roll.modifiers:
            self.stack.push(StackItem(f"{m.source} ({m.value:+d})", None, m.value, self._modify))
        text = f"Étape 3, jet d'attaque n° {n} : le dé donne {roll.die} ; ce résultat initial va sur la pile"
        if roll.modifiers:
            mods = ", ".join(f"{m.source} ({m.value:+d})" for m in roll.modifiers)
            text += f", puis les modificateurs au-dessus : {mods}"
            self.rec.note(
                "Le glossaire (« +/- aux jets ») dit que les modificateurs s'appliquent « lorsqu'un "
                "jet de dés est résolu » ; la règle « Jet de dés » les met sur la pile au-dessus du "
                "résultat initial. Le modèle suit la règle, comme l'exemple de jet de dés."
            )
        self.rec.step([ROLL], text + " ; le joueur actif a la priorité.")
        reroll = roll.reroll
        if reroll is not None and reroll.timing == "avant_modificateurs":
            self._push_reroll(roll, above=bool(roll.modifiers))
        while len(self.stack) > 1:  # everything above the initial result
            self.stack.resolve_top()
        if reroll is not None and reroll.timing == "apres_modificateurs":
            self._push_reroll(roll, above=False)
            self.stack.resolve_top()
        self.stack.pop()  # the roll resolves: the initial result leaves the stack
        final = self._clamped(self.current)
        damage = self.resolve(final)
        self.result_triggers(roll, damage)
        return damage

    def _push_reroll(self, roll: Roll, above: bool) -> None:
        r = roll.reroll
        assert r is not None
        where = (
            "en réponse, au-dessus des modificateurs encore sur la pile (ils se résoudront "
            "après elle, sur le nouveau résultat) ; la pile"
            if above
            else "une fois les modificateurs résolus ; la pile"
        )
        self.stack.push(StackItem(f"{r.source} (relance)", r.player, r.die, self._reroll))
        self.rec.step(
            [ROLL, RESPOND] if above else [ROLL],
            f"{r.player} a la priorité et joue {r.source} {where}, {self.stack.describe()}.",
        )

    def _modify(self, item: StackItem) -> None:
        self.current += item.payload
        self.rec.step(
            [ROLL], f"Le modificateur {item.label_fr} se résout : le résultat est {self.current}."
        )

    def _reroll(self, item: StackItem) -> None:
        self.rec.step(
            [ROLL],
            f"{item.label_fr} se résout : le jet est relancé ; la relance modifie le résultat "
            f"sur la pile (aucun nouveau jet n'y est mis) : le dé donne {item.payload}, qui "
            f"remplace le résultat {self.current}.",
        )
        self.current = item.payload

    def _clamped(self, value: int) -> int:
        final = _clamp(value)
        if final != value:
            self.rec.step(
                [CLAMP],
                f"Un jet ne peut pas dépasser 6 ni être inférieur à 1 : {value} devient {final}.",
            )
        return final

    def evasion(self) -> int:
        return _clamp(self.monster.value("evasion"))

    def damage_for(self, result: int) -> _Damage:
        a, m = self.attacker, self.monster
        if result >= self.evasion():
            return _Damage(result, True, a.value("atq"), m.name)
        return _Damage(result, False, m.value("atq"), a.name)

    def describe(self, d: _Damage) -> str:
        a, m = self.attacker, self.monster
        if d.hit:
            return (
                f"{d.result} ≥ évasion {self.evasion()} : l'attaque touche ; {d.amount} dégât(s) "
                f"de combat (l'attaque {of(a.name)}) sont mis sur la pile, destinés à {m.name}."
            )
        return (
            f"{d.result} < évasion {self.evasion()} : l'attaque rate ; {d.amount} dégât(s) de "
            f"combat (l'attaque {of(m.name)}) sont mis sur la pile, destinés à {a.name}."
        )

    def resolve(self, result: int) -> _Damage:
        m = self.monster
        rules = [ROLL, ATTACK]
        if self.evasion() != m.value("evasion"):
            rules.append(CLAMP)
            self.rec.step(
                [CLAMP],
                f"L'évasion d'un monstre ne peut pas dépasser 6 ni être inférieure à 1 : "
                f"{m.value('evasion')} devient {self.evasion()}.",
            )
        damage = self.damage_for(result)
        self.results.append(result)
        self.outcomes.append("touche" if damage.hit else "rate")
        self.stack.push(StackItem("dégâts de combat", None, damage))
        self.rec.step(
            rules, f"Le jet se résout avec le résultat {result} : {self.describe(damage)}"
        )
        return damage

    # -- result triggers: fire on the resolved result, resolve from the top of the stack --
    def result_triggers(self, roll: Roll, damage: _Damage) -> None:
        result = damage.result
        for t in roll.triggers:
            if t.on != result:
                self.rec.step(
                    [ROLL],
                    f"{t.source} ne se déclenche pas : le jet s'est résolu sur {result}, pas {t.on}.",
                )
                continue
            who = t.player or self.sc.active_player
            self.triggers.add(Pending(t.source, None if t.monster else who, t, t.monster))
        if not len(self.triggers):
            return
        ordering = self.triggers.drain(self.game)
        # Each player listed their own triggers in the order they resolve: the first is put last.
        groups: list[list[Pending]] = []
        for p in ordering.pending:
            if groups and (groups[-1][0].controller, groups[-1][0].monster) == (
                p.controller,
                p.monster,
            ):
                groups[-1].append(p)
            else:
                groups.append([p])
        for group in groups:
            for p in reversed(group):
                self.stack.push(StackItem(p.source, p.controller, p.payload))
        why = f" ; {ordering.text_fr}" if ordering.text_fr else ""
        self.rec.step(
            [ROLL] + ordering.rule_ids,
            f"Les effets déclenchés par le résultat {result} vont sur la pile au-dessus des "
            f"dégâts de combat{why} : {self.stack.describe()}. Le joueur actif a la priorité.",
        )
        while self.stack.top() is not None and self.stack.top().label_fr != "dégâts de combat":
            item = self.stack.pop()
            self.resolve_trigger(item.payload, damage)

    def resolve_trigger(self, t: ResultTrigger, damage: _Damage) -> None:
        if t.on != damage.result:
            rules = [CONDITION] + ([FINAL_REROLL_FIZZLES] if t.final_reroll else [])
            self.rec.step(
                rules,
                f"{t.source} devait se résoudre sur un {t.on}, mais le résultat est maintenant "
                f"{damage.result} : sa condition n'est plus remplie, il s'efface sans effet.",
            )
            return
        self.fired.append(t.source)
        if t.final_reroll is None:
            what = f" : {t.text}" if t.text else ""
            self.rec.step([ROLL], f"{t.source} se résout{what}.")
            return
        new = _clamp(t.final_reroll)
        self.rec.step(
            [ROLL],
            f"{t.source} se résout : relance définitive, le dé donne {new} (aucun modificateur "
            "ne peut être joué, et cette relance ne provoque aucun effet déclenché).",
        )
        updated = self.damage_for(new)
        damage.result, damage.hit, damage.amount, damage.to = (
            updated.result,
            updated.hit,
            updated.amount,
            updated.to,
        )
        self.results[-1] = new
        self.outcomes[-1] = "touche" if damage.hit else "rate"
        self.rec.step(
            [ROLL],
            "Les dégâts de combat sur la pile doivent être modifiés pour refléter le nouveau résultat : "
            + self.describe(damage),
        )

    # -- step 4: combat damage --
    def deal(self, damage: _Damage) -> None:
        item = self.stack.pop()
        assert item.label_fr == "dégâts de combat"
        card = self.game.card(damage.to)
        card.current["pv"] = max(card.value("pv") - damage.amount, 0)
        self.rec.step(
            [ATTACK],
            f"Étape 4 : les dégâts de combat se résolvent ; {card.name} subit {damage.amount} "
            f"dégât(s) ({card.value('pv')} PV restants).",
        )
        self.cumulative(card.name, damage.amount)

    def cumulative(self, name: str, amount: int) -> None:
        """A monster's « each time N damage in total is dealt to it this turn » trigger."""
        m = self.info.get(name)
        if m is None or m.every_damage is None or not amount:
            return
        before = self.damage_this_turn.get(name, 0)
        total = self.damage_this_turn[name] = before + amount
        fires = total // m.every_damage - before // m.every_damage
        rules = [TIMING] + ([m.ruling] if m.ruling else [])
        if not fires:
            self.rec.step(
                rules,
                f"{name} a subi {total} dégât(s) en tout ce tour : son effet (tous les "
                f"{m.every_damage} dégâts cumulés) ne se déclenche pas encore.",
            )
        for _ in range(fires):
            self.triggered_by_damage.append(name)
            what = f" : {m.every_damage_text}" if m.every_damage_text else ""
            self.rec.step(
                rules,
                f"{name} a subi {total} dégât(s) en tout ce tour, pas forcément en une fois : son "
                f"effet de monstre (tous les {m.every_damage} dégâts cumulés) se déclenche, va "
                f"sur la pile et se résout{what}.",
            )

    # -- deaths --
    def monster_dies(self) -> None:
        m = self.monster
        info = self.info[m.name]
        active = self.game.player(self.sc.active_player)
        self.dead.append(m.name)
        self.rec.step(
            [DEATH_GLOSSARY, MONSTER_DEATH, ATTACK],
            f"{m.name} tombe à 0 PV : sa mort est mise sur la pile et l'attaque prend fin. La "
            "mort se résout ; le joueur actif a la priorité.",
        )
        parts = [
            "la carte est déplacée sur la pile",
            f"puis sa récompense ({self.reward_text(info)})",
        ]
        if info.kills_on_death:
            parts.append("puis son effet de mort, au-dessus de la pile")
        self.rec.step([MONSTER_DEATH], f"Mort {of(m.name)} : {', '.join(parts)}.")
        if info.kills_on_death:
            victim = info.kills_on_death
            self.rec.step(
                [MONSTER_DEATH],
                f"L'effet de mort {of(m.name)}, en haut de la pile, se résout en premier : "
                f"{active.name} tue {victim}.",
            )
            self.player_dies(victim)
        got = self.rewards.setdefault(active.name, [])
        for kind, amount in info.reward.items():
            if kind == "cents":
                active.add("cents", amount)
            elif kind == "butin":
                self.hands[active.name].loot += [f"butin pioché {i + 1}" for i in range(amount)]
            got.append(f"{amount} {REWARD_FR[kind]}")
        self.rec.step(
            [MONSTER_DEATH],
            f"La récompense se résout : {active.name} reçoit {self.reward_text(info)}.",
        )
        cancel = self.sc.soul_cancelled_by
        if info.boss and cancel is not None:
            who = (
                f"{cancel.player} joue {cancel.source}, qui annule"
                if cancel.player
                else f"{cancel.source} annule"
            )
            self.souls_cancelled.append(m.name)
            self.game.move(m.name, "defausse-monstres")
            self.rec.step(
                [MONSTER_DEATH, CONDITION] + ([cancel.ruling] if cancel.ruling else []),
                f"{m.name} est un boss : {active.name} devrait gagner sa carte comme une âme, "
                f"mais en réponse, {who} l'obtention de l'âme : {active.name} reste à "
                f"{active.count('souls')} âme(s).",
                ["la carte du boss est défaussée (le document ne dit pas où elle va)"],
            )
        elif info.boss:
            active.add("souls", info.souls)
            self.game.move(m.name, "ames", active.name)
            self.rec.step(
                [MONSTER_DEATH, SOUL_VALUE],
                f"{m.name} est un boss : {active.name} gagne sa carte comme une âme "
                f"({active.count('souls')} âme(s)).",
            )
            if active.count("souls") >= SOULS_TO_WIN and self.winner is None:
                self.winner = active.name
                self.rec.step(
                    [VICTORY],
                    f"{active.name} possède {active.count('souls')} âmes : premier joueur à "
                    f"{SOULS_TO_WIN} âmes, il gagne la partie.",
                )
        else:
            self.game.move(m.name, "defausse-monstres")
            self.rec.step([MONSTER_DEATH], f"{m.name} est un monstre basique : il est défaussé.")
        self.slot = None
        self.refill_slot()

    def refill_slot(self) -> None:
        """« Rechargement »: reveal the top card; a non-monster is played, then repeat."""
        self.rec.step(
            [MONSTER_DEATH, REFILL],
            "L'emplacement de monstre est vide : le rechargement est mis sur la pile ; quand il "
            "se résout, le joueur actif révèle la carte du dessus du paquet de monstres.",
        )
        while True:
            card = self.game.draw("paquet-monstres")
            if card is None:
                self.rec.step(
                    [REFILL],
                    "Le paquet de monstres est vide : sa défausse serait mélangée pour en faire un "
                    "nouveau paquet (le scénario n'en donne pas) ; l'emplacement reste vide.",
                )
                return
            if card.kind == "monstre":
                self.game.move(card.name, "emplacement")
                self.slot = card.name
                self.refill.append(f"{card.name} (monstre, placé)")
                self.rec.step(
                    [REFILL],
                    f"La carte du dessus, {card.name}, est un monstre : elle est placée dans "
                    "l'emplacement vide ; le remplissage est fait.",
                )
                return
            self.game.move(card.name, "defausse-monstres")
            self.refill.append(f"{card.name} (non-monstre, jouée)")
            self.give_curse(card.name)
            self.rec.step(
                [REFILL, RESOLVE_STACK],
                f"La carte du dessus, {card.name}, n'est pas un monstre : le joueur actif la joue "
                "et a la priorité ; une fois résolue, elle va dans sa défausse et l'étape se répète "
                "avec la carte suivante.",
            )

    def give_curse(self, name: str) -> None:
        """A revealed curse is given to any player (errata of the curse cards), not only others."""
        m = self.info[name]
        if not m.curse:
            return
        if m.given_to is None:
            raise ScenarioError("state.deck", f"{name} is a curse: say who it is given to")
        self.hands[m.given_to].curses.append(name)
        self.cursed.setdefault(m.given_to, []).append(name)
        self.rec.step(
            [CURSES, CURSE_ERRATUM],
            f"{name} est une malédiction : une fois révélée, le joueur actif la donne à n'importe quel "
            f"joueur, ici à {m.given_to}"
            + (" (le joueur actif lui-même)" if m.given_to == self.sc.active_player else "")
            + ".",
        )

    def reward_text(self, m: Monster) -> str:
        return ", ".join(f"{n} {REWARD_FR[k]}" for k, n in m.reward.items()) or "aucune"

    def player_dies(self, name: str) -> None:
        p, hand = self.game.player(name), self.hands[name]
        self.dead.append(name)
        self.rec.step(
            [PLAYER_DEATH],
            f"{name} meurt : sa mort est mise sur la pile, puis se résout ; le joueur actif a "
            "la priorité.",
        )
        if hand.curses:
            text = (
                f"{name} se débarrasse de ses malédictions ({', '.join(hand.curses)}), puis la "
                "Pénalité de Mort est mise sur la pile."
            )
        else:
            text = f"{name} n'a pas de malédiction ; la Pénalité de Mort est mise sur la pile."
        hand.curses = []
        self.rec.step([PLAYER_DEATH], text)
        mortal = [i for i in hand.items if not i.eternal]
        penalty = death_penalty(hand.loot, p.count("cents"), [i.name for i in mortal])
        if penalty.loot is not None:
            hand.loot.remove(penalty.loot)
        p.add("cents", -penalty.cents)
        if penalty.destroyed is not None:
            hand.items.remove(mortal[0])
        active = name == self.sc.active_player
        self.turn_ended = self.turn_ended or active
        self.penalties[name] = record_penalty(self.rec, name, penalty, active)

    def run(self) -> Trace:
        rec, a = self.rec, self.attacker
        what = (
            f"le monstre actif {self.target}"
            if self.target is not None
            else "la carte du dessus du paquet de monstres"
        )
        rec.step(
            [ACTION_PHASE, ATTACK],
            f"Étape 1 : pendant sa phase d'action, la pile vide, {a.name} déclare une attaque "
            f"contre {what}. La déclaration va sur la pile ; quand elle se résout, l'attaque "
            "commence.",
        )
        if self.target is not None or self.reveal():
            while True:
                self.deal(self.roll())
                if self.monster.value("pv") <= 0:
                    self.monster_dies()
                    break
                if a.value("pv") <= 0:
                    rec.step(
                        [DEATH_GLOSSARY, ATTACK], f"{a.name} tombe à 0 PV : l'attaque prend fin."
                    )
                    self.player_dies(a.name)
                    break
                rec.step(
                    [ATTACK],
                    "Les deux combattants sont en vie : retour à l'étape 3, un nouveau jet "
                    "d'attaque (chaque jet est résolu avant le suivant).",
                )
        if self.rolls:
            raise ScenarioError(
                "actions.rolls", f"{len(self.rolls)} roll(s) left over: the attack ended before"
            )
        return rec.trace("attaque", GAME, self.sc, self.result())

    def result(self) -> dict[str, Any]:
        health = {p.name: self.game.card(p.name).value("pv") for p in self.game.players}
        if self.target is not None:
            health[self.target] = self.monster.value("pv")
        return {
            "rolls": list(self.results),
            "outcomes": list(self.outcomes),
            "health": health,
            "dead": list(self.dead),
            "attack_lost": self.attack_lost,
            "rewards": dict(self.rewards),
            "souls": {p.name: p.count("souls") for p in self.game.players if p.count("souls")},
            "penalties": dict(self.penalties),
            "turn_ended": self.turn_ended,
            "slot": self.slot,
            "refill": list(self.refill),
            "winner": self.winner,
            "resolved_triggers": list(self.fired),
            "damage_triggers": list(self.triggered_by_damage),
            "curses": dict(self.cursed),
            "souls_cancelled": list(self.souls_cancelled),
        }


def resolve_attack(scenario: AttackScenario) -> Trace:
    """Run one attack (« Attaquer », steps 1-4) and the deaths it causes."""
    return _Attack(scenario).run()
