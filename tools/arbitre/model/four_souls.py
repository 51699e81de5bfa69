"""Four Souls: the attack (« Attaquer », 4 steps) with its dice rolls, deaths and death penalty.

`read_attack` turns scenario data into an `AttackScenario`; `resolve_attack` runs one attack of the
active player and returns a Trace citing the entries of the comprehensive rules 1.3 (French
translation).  The dice are not random: the scenario lists what each roll shows.

Steps: declaration on the stack (1); reveal the top of the monster deck if it is the target (2);
attack roll (3) — the initial result goes on the stack, the « +X/-X aux jets » modifiers above it,
rerolls change the result on the stack, the roll resolves clamped to 1..6 and puts the combat
damage on the stack, result triggers go above the damage; combat damage (4), then back to 3 while
both are alive.  A monster at 0 health runs « Mort d'un monstre », a player « Mort d'un joueur ».

Choices made explicit:
- The glossary says dice modifiers apply « lorsqu'un jet de dés est résolu », the « Jet de dés »
  rule puts them on the stack above the roll; the model follows the rule and the worked example
  (a reroll after a resolved modifier replaces the modified result).
- Triggers on a result resolve in the order the scenario lists them: the order their owner chose
  when putting them on the stack.
- For the death penalty the dying player discards the first loot card listed and destroys the
  first non-eternal item listed (the document lets the player choose).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from arbitre.model.core.trace import Recorder, Ruling, Trace
from arbitre.model.scenario import Fields, ScenarioError, read_rulings, unique_names

GAME = "four-souls"

RULES = f"{GAME}/comment-jouer"
ACTION_PHASE = f"{RULES}/phase-d-action/1"  # attack once, never in response
ATTACK = f"{RULES}/attaquer/1"  # the four steps
ROLL = f"{RULES}/jet-de-des/1"  # initial result on the stack, modifiers, rerolls, resolution
CLAMP = f"{RULES}/jet-de-des/2"  # rolls and evasion stay within 1..6
MONSTER_DEATH = f"{RULES}/mort-d-un-monstre/1"
PLAYER_DEATH = f"{RULES}/mort-d-un-joueur/1"
REFILL = f"{RULES}/rechargement/1"
TIMING = f"{RULES}/timing/1"  # simultaneous triggers: the owner orders them
END_PHASE = f"{RULES}/phase-de-fin"
GLOSSARY = f"{GAME}/glossaire"
DEATH_GLOSSARY = f"{GLOSSARY}/mort"  # damage triggers first, then the death
PENALTY = f"{GLOSSARY}/penalite-de-mort"
FINAL_REROLL_FIZZLES = (
    f"{GAME}/regles-pour-les-cartes/cartes-tresor/sacred-heart-dads-lost-coin-the-missing-page"
)

REWARDS = ("tresor", "cents", "butin")
REWARD_FR = {"tresor": "carte(s) trésor", "cents": "¢", "butin": "carte(s) butin"}


# --- scenario data -------------------------------------------------------------------------------


@dataclass
class Item:
    name: str
    eternal: bool = False


@dataclass
class Player:
    name: str
    health: int
    attack: int
    cents: int = 0
    loot: list[str] = field(default_factory=list)  # loot cards in hand
    items: list[Item] = field(default_factory=list)
    curses: list[str] = field(default_factory=list)
    souls: int = 0


@dataclass
class Monster:
    name: str
    health: int = 1
    evasion: int = 1
    attack: int = 1
    boss: bool = False
    souls: int = 1  # for a boss: the souls its card is worth
    reward: dict[str, int] = field(default_factory=dict)
    kills_on_death: str | None = None  # a death trigger that kills this player
    monster: bool = True  # False: a non-monster card of the monster deck
    cannot_be_attacked: bool = False  # Death's Head, Stoney
    ruling: str | None = None  # the card's ruling, cited when it applies


@dataclass
class Modifier:
    source: str
    value: int


@dataclass
class Reroll:
    source: str
    player: str
    die: int


@dataclass
class ResultTrigger:
    source: str
    on: int  # the result that triggers it
    final_reroll: int | None = None  # Dad's Lost Coin, Missing Page, Sacred Heart: the new die
    text: str = ""  # what the trigger does otherwise, as the document says it


@dataclass
class Roll:
    die: int
    modifiers: list[Modifier] = field(default_factory=list)
    reroll: Reroll | None = None
    triggers: list[ResultTrigger] = field(default_factory=list)


@dataclass
class AttackScenario:
    name: str
    title: str
    rulings: list[Ruling]
    active_player: str
    players: list[Player]
    target: str  # "monstre" (an active monster) or "paquet" (the top of the monster deck)
    monster: Monster | None  # the attacked active monster
    deck: list[Monster]  # the monster deck, top first
    rolls: list[Roll]


def _die(f: Fields, key: str) -> int:
    value = f.int(key, minimum=1)
    if value > 6:
        raise ScenarioError(f.where(key), f"a six-sided die shows 1 to 6, got {value}")
    return value


def _monster(f: Fields, game_prefix: str) -> Monster:
    m = Monster(
        name=f.str("name"),
        health=f.int("health", 1, minimum=1),
        evasion=f.int("evasion", 1),
        attack=f.int("attack", 1, minimum=0),
        boss=f.bool("boss"),
        souls=f.int("souls", 1, minimum=1),
        kills_on_death=f.str("kills_on_death", None),
        monster=f.bool("monster", True),
        cannot_be_attacked=f.bool("cannot_be_attacked"),
        ruling=f.str("ruling", None),
    )
    if f.has("reward"):
        rf = f.sub("reward")
        m.reward = {k: rf.int(k, minimum=1) for k in REWARDS if rf.has(k)}
        rf.done()
    if m.ruling is not None and not m.ruling.startswith(game_prefix):
        raise ScenarioError(f.where("ruling"), f"must be an id of {GAME}, got {m.ruling!r}")
    f.done()
    return m


def read_attack(name: str, data: Fields) -> AttackScenario:
    """Validate an attack scenario (the `state` and `actions` of a scenario file)."""
    rulings = read_rulings(data, GAME)
    title = data.str("title")
    state = data.sub("state")
    players = []
    for pf in state.records("players"):
        items = []
        for itf in pf.records("items", []):
            items.append(Item(itf.str("name"), itf.bool("eternal")))
            itf.done()
        players.append(
            Player(
                name=pf.str("name"),
                health=pf.int("health", minimum=1),
                attack=pf.int("attack", minimum=0),
                cents=pf.int("cents", 0, minimum=0),
                loot=pf.str_list("loot", []),
                items=items,
                curses=pf.str_list("curses", []),
                souls=pf.int("souls", 0, minimum=0),
            )
        )
        pf.done()
    if not players:
        raise ScenarioError(state.where("players"), "name at least one player")
    unique_names([p.name for p in players], state.where("players"))
    names = {p.name for p in players}
    active = state.str("active_player")
    if active not in names:
        raise ScenarioError(state.where("active_player"), f"{active!r} is not one of the players")
    target = state.choice("target", ("monstre", "paquet"))
    monster = None
    deck: list[Monster] = []
    if target == "monstre":
        monster = _monster(state.sub("monster"), f"{GAME}/")
    deck = [_monster(f, f"{GAME}/") for f in state.records("deck", [])]  # top first
    if target == "paquet" and not deck:
        raise ScenarioError(state.where("deck"), "attacking the top of an empty monster deck")
    for i, m in enumerate(([monster] if monster else []) + deck):
        if m.kills_on_death is not None and m.kills_on_death not in names:
            raise ScenarioError(
                state.where("monster" if monster and i == 0 else "deck"),
                f"kills_on_death: {m.kills_on_death!r} is not one of the players",
            )
    state.done()

    actions = data.sub("actions", None) or Fields({}, "actions")
    rolls = []
    for rf in actions.records("rolls", []):
        roll = Roll(_die(rf, "die"))
        for mf in rf.records("modifiers", []):
            roll.modifiers.append(Modifier(mf.str("source"), mf.int("value")))
            mf.done()
        if rf.has("reroll"):
            xf = rf.sub("reroll")
            roll.reroll = Reroll(xf.str("source"), xf.str("player"), _die(xf, "die"))
            if roll.reroll.player not in names:
                raise ScenarioError(xf.where("player"), f"{roll.reroll.player!r} is not a player")
            xf.done()
        for tf in rf.records("triggers", []):
            t = ResultTrigger(tf.str("source"), _die(tf, "result"), text=tf.str("text", ""))
            if tf.has("final_reroll"):
                t.final_reroll = _die(tf, "final_reroll")
            tf.done()
            roll.triggers.append(t)
        rf.done()
        rolls.append(roll)
    actions.done()
    return AttackScenario(name, title, rulings, active, players, target, monster, deck, rolls)


# --- the procedure -------------------------------------------------------------------------------


def _of(name: str) -> str:
    return f"d'{name}" if name[:1].lower() in "aeiouyhéèêàâîôû" else f"de {name}"


def _clamp(value: int) -> int:
    return min(max(value, 1), 6)


class _Attack:
    def __init__(self, sc: AttackScenario) -> None:
        self.sc = sc
        self.players = {
            p.name: replace(p, loot=list(p.loot), items=list(p.items)) for p in sc.players
        }
        self.attacker = self.players[sc.active_player]
        self.monster = replace(sc.monster) if sc.monster else None
        self.deck = [replace(m) for m in sc.deck]
        self.slot: str | None = self.monster.name if self.monster else None
        self.rolls = list(sc.rolls)
        self.results: list[int] = []
        self.outcomes: list[str] = []
        self.dead: list[str] = []
        self.rewards: dict[str, list[str]] = {}
        self.penalties: dict[str, dict[str, Any]] = {}
        self.deactivated: list[str] = []
        self.turn_ended = False
        self.attack_lost = False
        self.rec = Recorder(self.snapshot)

    def snapshot(self) -> dict[str, Any]:
        state: dict[str, Any] = {
            "players": {
                p.name: {
                    "health": p.health,
                    "cents": p.cents,
                    "loot": len(p.loot),
                    "items": [i.name for i in p.items],
                    "souls": p.souls,
                }
                for p in self.players.values()
            },
            "slot": self.slot,
        }
        if self.monster is not None:
            state["monster"] = {"name": self.monster.name, "health": self.monster.health}
        return state

    # -- step 2: the top of the monster deck --
    def reveal(self) -> bool:
        card = self.deck.pop(0)
        if not card.monster:
            self.attack_lost = True
            self.rec.step(
                [ATTACK],
                f"Étape 2 : {self.attacker.name} révèle le dessus du paquet de monstres : "
                f"{card.name} n'est pas un monstre. L'attaque prend fin ; il doit jouer cette "
                "carte, puis il a la priorité.",
            )
            return False
        self.monster = card
        self.slot = card.name
        if card.cannot_be_attacked:
            self.attack_lost = True
            self.rec.step(
                [ATTACK] + ([card.ruling] if card.ruling else []),
                f"Étape 2 : {self.attacker.name} révèle {card.name}, un monstre : il est placé "
                f"dans un emplacement de monstre, mais on ne peut pas l'attaquer. "
                f"{self.attacker.name} perd son attaque.",
            )
            return False
        self.rec.step(
            [ATTACK],
            f"Étape 2 : {self.attacker.name} révèle {card.name}, un monstre : il est placé dans "
            "un emplacement de monstre et devient la cible de l'attaque.",
        )
        return True

    # -- step 3: one attack roll --
    def roll(self) -> int:
        if not self.rolls:
            raise ScenarioError(
                "actions.rolls",
                f"the attack needs a roll #{len(self.results) + 1}: both combatants are alive",
            )
        roll = self.rolls.pop(0)
        n = len(self.results) + 1
        result = roll.die
        text = f"Étape 3, jet d'attaque n° {n} : le résultat initial {roll.die} est mis sur la pile"
        if roll.modifiers:
            mods = ", ".join(f"{m.source} ({m.value:+d})" for m in roll.modifiers)
            text += f", puis les modificateurs au-dessus : {mods} ; le joueur actif a la priorité."
        else:
            text += " ; le joueur actif a la priorité."
        self.rec.step([ROLL], text)
        if roll.modifiers:
            self.rec.note(
                "Le glossaire (« +/- aux jets ») dit que les modificateurs s'appliquent « lorsqu'un "
                "jet de dés est résolu » ; la règle « Jet de dés » les met sur la pile au-dessus du "
                "résultat initial. Le modèle suit la règle, comme l'exemple de jet de dés."
            )
        for m in roll.modifiers:
            result += m.value
            self.rec.step(
                [ROLL],
                f"Le modificateur {m.source} ({m.value:+d}) se résout : le résultat est {result}.",
            )
        if roll.reroll is not None:
            r = roll.reroll
            self.rec.step(
                [ROLL],
                f"{r.player} joue {r.source} : le jet est relancé, la relance modifie le résultat "
                f"sur la pile (aucun nouveau jet n'y est mis) ; le dé donne {r.die}, qui remplace "
                f"le résultat {result}.",
            )
            result = r.die
        final = _clamp(result)
        if final != result:
            self.rec.step(
                [CLAMP],
                f"Un jet ne peut pas dépasser 6 ni être inférieur à 1 : {result} devient {final}.",
            )
        evasion = _clamp(self.monster.evasion)  # type: ignore[union-attr]
        self.resolve(final, evasion)
        for t in roll.triggers:
            self.trigger(t, evasion)
        return self.results[-1]

    def resolve(self, result: int, evasion: int) -> None:
        m = self.monster
        assert m is not None
        rules = [ROLL, ATTACK]
        if evasion != m.evasion:
            rules.append(CLAMP)
            self.rec.step(
                [CLAMP],
                f"L'évasion d'un monstre ne peut pas dépasser 6 ni être inférieure à 1 : "
                f"{m.evasion} devient {evasion}.",
            )
        hit = result >= evasion
        self.results.append(result)
        self.outcomes.append("touche" if hit else "rate")
        if hit:
            verdict = (
                f"{result} ≥ évasion {evasion} : l'attaque touche ; {self.attacker.attack} dégât(s) "
                f"de combat (l'attaque {_of(self.attacker.name)}) sont mis sur la pile, destinés à "
                f"{m.name}."
            )
        else:
            verdict = (
                f"{result} < évasion {evasion} : l'attaque rate ; {m.attack} dégât(s) de combat "
                f"(l'attaque {_of(m.name)}) sont mis sur la pile, destinés à {self.attacker.name}."
            )
        self.rec.step(rules, f"Le jet se résout avec le résultat {result} : {verdict}")

    def trigger(self, t: ResultTrigger, evasion: int) -> None:
        if t.on != self.results[-1]:
            self.rec.step(
                [FINAL_REROLL_FIZZLES] if t.final_reroll else [ROLL],
                f"{t.source} ne se déclenche pas ou s'annule : le résultat est "
                f"{self.results[-1]}, pas {t.on}.",
            )
            return
        if t.final_reroll is None:
            what = f" : {t.text}" if t.text else ""
            self.rec.step(
                [ROLL, TIMING],
                f"{t.source} se déclenche sur le résultat {t.on} et va sur la pile au-dessus des "
                f"dégâts de combat ; il se résout{what}.",
            )
            return
        self.rec.step(
            [ROLL, TIMING],
            f"{t.source} se déclenche sur le résultat {t.on} et va sur la pile au-dessus des "
            f"dégâts de combat ; il se résout : relance définitive, le dé donne {t.final_reroll} "
            "(aucun modificateur ne peut être joué, aucun effet ne se déclenche).",
        )
        self.results.pop()
        self.outcomes.pop()
        self.rec.step(
            [ROLL],
            "Les dégâts de combat sur la pile doivent être modifiés pour refléter le nouveau "
            "résultat.",
        )
        self.resolve(_clamp(t.final_reroll), evasion)

    # -- step 4: combat damage --
    def damage(self) -> None:
        m = self.monster
        assert m is not None
        if self.outcomes[-1] == "touche":
            m.health = max(m.health - self.attacker.attack, 0)
            self.rec.step(
                [ATTACK],
                f"Étape 4 : les dégâts de combat se résolvent ; {m.name} subit "
                f"{self.attacker.attack} dégât(s) ({m.health} PV restants).",
            )
        else:
            self.attacker.health = max(self.attacker.health - m.attack, 0)
            self.rec.step(
                [ATTACK],
                f"Étape 4 : les dégâts de combat se résolvent ; {self.attacker.name} subit "
                f"{m.attack} dégât(s) ({self.attacker.health} PV restants).",
            )

    # -- deaths --
    def monster_dies(self) -> None:
        m = self.monster
        assert m is not None
        active = self.attacker
        self.dead.append(m.name)
        self.rec.step(
            [DEATH_GLOSSARY, MONSTER_DEATH, ATTACK],
            f"{m.name} tombe à 0 PV : sa mort est mise sur la pile et l'attaque prend fin. La "
            "mort se résout ; le joueur actif a la priorité.",
        )
        parts = ["la carte est déplacée sur la pile", f"puis sa récompense ({self.reward_text(m)})"]
        if m.kills_on_death:
            parts.append("puis son effet de mort, au-dessus de la pile")
        self.rec.step([MONSTER_DEATH], f"Mort de {m.name} : {', '.join(parts)}.")
        if m.kills_on_death:
            victim = self.players[m.kills_on_death]
            self.rec.step(
                [MONSTER_DEATH],
                f"L'effet de mort de {m.name}, en haut de la pile, se résout en premier : "
                f"{active.name} tue {victim.name}.",
            )
            self.player_dies(victim)
        got = self.rewards.setdefault(active.name, [])
        for kind, amount in m.reward.items():
            if kind == "cents":
                active.cents += amount
            elif kind == "butin":
                active.loot += [f"butin pioché {i + 1}" for i in range(amount)]
            got.append(f"{amount} {REWARD_FR[kind]}")
        self.rec.step(
            [MONSTER_DEATH],
            f"La récompense se résout : {active.name} reçoit {self.reward_text(m)}.",
        )
        if m.boss:
            active.souls += m.souls
            self.rec.step(
                [MONSTER_DEATH],
                f"{m.name} est un boss : {active.name} gagne sa carte comme une âme "
                f"({active.souls} âme(s)).",
            )
        else:
            self.rec.step([MONSTER_DEATH], f"{m.name} est un monstre basique : il est défaussé.")
        self.slot = None
        nxt = next((c for c in self.deck if c.monster), None)
        if nxt is not None:
            self.slot = nxt.name
            self.deck.remove(nxt)
            self.rec.step(
                [MONSTER_DEATH, REFILL],
                f"L'emplacement est vide : il est rempli avec le dessus du paquet, {nxt.name}.",
            )

    def reward_text(self, m: Monster) -> str:
        return ", ".join(f"{n} {REWARD_FR[k]}" for k, n in m.reward.items()) or "aucune"

    def player_dies(self, p: Player) -> None:
        self.dead.append(p.name)
        self.rec.step(
            [PLAYER_DEATH],
            f"{p.name} meurt : sa mort est mise sur la pile, puis se résout ; le joueur actif a "
            "la priorité.",
        )
        if p.curses:
            text = (
                f"{p.name} se débarrasse de ses malédictions ({', '.join(p.curses)}), puis la "
                "Pénalité de Mort est mise sur la pile."
            )
        else:
            text = f"{p.name} n'a pas de malédiction ; la Pénalité de Mort est mise sur la pile."
        p.curses = []
        self.rec.step([PLAYER_DEATH], text)
        paid: dict[str, Any] = {}
        done = []
        if p.loot:
            paid["loot"] = p.loot.pop(0)
            done.append(f"défausse {paid['loot']}")
        else:
            done.append("n'a pas de carte butin à défausser")
        if p.cents:
            p.cents -= 1
            paid["cents"] = 1
            done.append("perd 1 ¢")
        else:
            done.append("n'a pas de ¢ à perdre")
        item = next((i for i in p.items if not i.eternal), None)
        if item is not None:
            p.items.remove(item)
            paid["destroyed"] = item.name
            done.append(f"détruit {item.name} (objet non éternel)")
        else:
            done.append("n'a pas d'objet non éternel à détruire")
        done.append("désactive ses objets et sa carte personnage")
        self.deactivated.append(p.name)
        rules = [PLAYER_DEATH, PENALTY]
        if p.name == self.sc.active_player:
            self.turn_ended = True
            paid["turn_ended"] = True
            done.append("et termine son tour car il est le joueur actif")
            rules.append(END_PHASE)
        self.penalties[p.name] = paid
        self.rec.step(rules, f"{p.name} paie la Pénalité de Mort : il {', '.join(done)}.")

    def run(self) -> Trace:
        rec, a = self.rec, self.attacker
        what = (
            f"le monstre actif {self.monster.name}"
            if self.monster is not None
            else "la carte du dessus du paquet de monstres"
        )
        rec.step(
            [ACTION_PHASE, ATTACK],
            f"Étape 1 : pendant sa phase d'action, la pile vide, {a.name} déclare une attaque "
            f"contre {what}. La déclaration va sur la pile ; quand elle se résout, l'attaque "
            "commence.",
        )
        if self.monster is not None or self.reveal():
            while True:
                self.roll()
                self.damage()
                m = self.monster
                assert m is not None
                if m.health <= 0:
                    self.monster_dies()
                    break
                if a.health <= 0:
                    rec.step(
                        [DEATH_GLOSSARY, ATTACK],
                        f"{a.name} tombe à 0 PV : l'attaque prend fin.",
                    )
                    self.player_dies(a)
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
        health = {p.name: p.health for p in self.players.values()}
        if self.monster is not None:
            health[self.monster.name] = self.monster.health
        return {
            "rolls": list(self.results),
            "outcomes": list(self.outcomes),
            "health": health,
            "dead": list(self.dead),
            "attack_lost": self.attack_lost,
            "rewards": dict(self.rewards),
            "souls": {p.name: p.souls for p in self.players.values() if p.souls},
            "penalties": dict(self.penalties),
            "turn_ended": self.turn_ended,
            "slot": self.slot,
        }


def resolve_attack(scenario: AttackScenario) -> Trace:
    """Run one attack (« Attaquer », steps 1-4) and the deaths it causes."""
    return _Attack(scenario).run()
