"""Marvel Champions on the engine: enemy activations (« Activation »): attacks (« Attaque
(activation des ennemis) », steps 1-4) and schemes (« Manigance (activation des ennemis) »).

`read_attacks` turns scenario data into an `AttackScenario`; `resolve_attacks` runs its enemy
activations and returns a Trace citing the glossary of the rules reference and the FAQ.

Activations of the villain phase (step 2, the default `cause`) run player by player in player
order, the villain first, then that player's minions in the order listed (« Activation »); an
enemy activating against an alter ego schemes instead of attacking.  An attack caused by a card
effect (`cause: effet`) is an attack whatever the form of the identity, and keeps its place.
Interrupts go through the engine's trigger queue, in player order, and fire only on the enemies
they name (`by`: mechant, sbire or ennemi).

Before step 1 the status cards apply first (« Cartes d'état »): a stunned enemy discards Sonné
instead of attacking; a replacement effect such as Pris dans la Toile replaces the attack.  Then
the attack is initiated (interruptions fire; an attacker defeated here deals no damage), step 1
gives the boost card, step 2 declares a defender, step 3 flips the boost cards, step 4 deals the
damage (DEF of a defending hero; all of it to a defending ally, excess lost unless Déferlement;
undefended: the identity, even as alter ego).  Tenace prevents all the damage (Perçant discards it
first); Riposte X answers if the attacked character survives, unless the attack is À distance.

Choices made explicit:
- Pris dans la Toile replaces one attack and is then spent (the FAQ: « un total de deux attaques »).
- An ATQ printed as ★ counts as 0 (« Icône d'étoile »); after the modifiers a value below 0 is 0.
- The « attacked » character for Riposte is the defender when there is one, else the target.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from arbitre.model.core.french import of
from arbitre.model.core.rules import RuleViolation
from arbitre.model.core.sequence import Phase, Sequence
from arbitre.model.core.state import Card as EngineCard
from arbitre.model.core.state import GameState, Player
from arbitre.model.core.trace import Recorder, Ruling, Trace
from arbitre.model.core.triggers import Pending, TriggerQueue, in_turn_order
from arbitre.model.scenario import (
    Fields,
    ScenarioError,
    read_out_of_play,
    read_rulings,
    require_in_play,
    unique_names,
)

GAME = "marvel-champions"

G = f"{GAME}/glossaire"
ATTACK = f"{G}/attaque-activation-des-ennemis"
ACTIVATION = f"{G}/activation"
SCHEME = f"{G}/manigance-activation-des-ennemis"
VILLAIN_PHASE = f"{G}/phase-du-mechant"
PLAYER_PHASE = f"{G}/phase-des-joueurs"
ATTACKING = f"{G}/attaque-attaquer"  # card effects may make an enemy attack at other times
INTERRUPT = f"{G}/interruption"
FORM = f"{G}/forme-changer-de-forme"  # once per round, during one's turn
PLAYER_TURN = f"{G}/tour-de-joueur"
GUARD = f"{G}/garde"
PATROL = f"{G}/patrouille"
BOOST = f"{G}/boost-icone-de-boost"
VILLAINY = f"{G}/vilenie"
AMPLIFY = f"{G}/icone-d-amplification"
STAR = f"{G}/icone-d-etoile"
MODIFIERS = f"{G}/modificateurs"
DEFENSE = f"{G}/defense-defendre"
INITIATE = f"{G}/initier-des-capacites-jouer-des-cartes"  # the effect must change the game state
STATUS = f"{G}/cartes-d-etat"  # status cards resolve before any other ability
STUNNED = f"{G}/cartes-d-etat/sonne"
TOUGH = f"{G}/cartes-d-etat/tenace"
PIERCING = f"{G}/percant"
OVERKILL = f"{G}/deferlement"
EXCESS = f"{G}/degats-en-exces"
DAMAGE = f"{G}/degats"
RETALIATE = f"{G}/riposte-x"
RANGED = f"{G}/a-distance"
FAQ = f"{GAME}/faq"
WEBBED = f"{FAQ}/boite-de-base/pris-dans-la-toile-9/1"
WEBBED_REPLACES = f"{FAQ}/boite-de-base/pris-dans-la-toile-9/2"
DEFEATED_MID_ATTACK = f"{FAQ}/miss-marvel/nova-sam-alexander-12/1"

# The round in one screen: the players' phase, then the villain's five steps.
ROUND = Sequence(
    GAME,
    "round",
    (
        Phase(
            "joueurs",
            "phase des Joueurs",
            (PLAYER_PHASE, PLAYER_TURN),
            text_fr="chaque joueur effectue son tour, dans l'ordre des joueurs ; puis chacun "
            "défausse ou pioche jusqu'à sa taille de main et redresse ses cartes.",
            allows=frozenset(
                {
                    "attaque_joueur",
                    "attaque_mechant",
                    "attaque_sbire",
                    "contrer_principale",
                    "contrer_annexe",
                    "effet",
                    "changer_forme",
                }
            ),
            limits=(("changer_forme", 1, FORM),),
        ),
        Phase(
            "mechant",
            "phase du Méchant",
            (VILLAIN_PHASE,),
            text_fr="1 menace d'accélération sur la manigance principale ; 2 le méchant s'active "
            "une fois par joueur, puis les sbires engagés avec ce joueur ; 3 une carte Rencontre "
            "attribuée à chaque joueur ; 4 révélées dans l'ordre des joueurs ; 5 le pion Premier "
            "joueur passe à gauche.",
            allows=frozenset({"activation", "effet"}),
        ),
    ),
    (VILLAIN_PHASE, PLAYER_PHASE),
    actions_fr=(
        ("changer_forme", "changer de forme (héros / alter ego)"),
        ("attaque_joueur", "attaquer ou contrer avec un pouvoir de base"),
        ("attaque_mechant", "attaquer le méchant"),
        ("attaque_sbire", "attaquer un sbire"),
        ("contrer_principale", "contrer la manigance principale"),
        ("contrer_annexe", "contrer une manigance annexe"),
        ("effet", "jouer une carte ou déclencher une capacité « Action »"),
        ("activation", "activation d'un ennemi"),
    ),
    action_rules=(("changer_forme", FORM), ("attaque_joueur", PLAYER_TURN)),
    restrictions=(
        ("garde", "attaque_mechant", GUARD, "un sbire avec Garde est engagé avec ce joueur"),
        (
            "patrouille",
            "contrer_principale",
            PATROL,
            "un sbire avec Patrouille est engagé avec ce joueur",
        ),
    ),
)

KINDS = ("identite", "allie", "mechant", "sbire")
KEYWORDS = ("percant", "deferlement", "a_distance")
STATUSES = ("sonne", "tenace", "desoriente")
STATUS_FR = {"sonne": "Sonné", "tenace": "Tenace", "desoriente": "Désorienté"}
EFFECTS = ("draw", "damage_attacker")
CAUSES = ("phase_du_mechant", "effet")
INTERRUPT_ON = ("ennemi", "mechant", "sbire")
BOOST_ABILITIES = ("damage_defender", "tough", "flip")


# --- scenario data -------------------------------------------------------------------------------


class Character(EngineCard):
    """A hero, ally, villain or minion on the engine's Card: printed and current PV, ATQ, MNG,
    DEF (`None` ATQ: ★, counts as 0); statuses (Sonné, Tenace, Désorienté) on the card."""

    def __init__(
        self,
        name: str,
        kind: str,  # one of KINDS
        hp: int,
        controller: str | None = None,  # the player, for identities and allies
        riposte: int = 0,
        statuses: set[str] | None = None,
    ) -> None:
        super().__init__(name, controller, printed={"pv": hp}, kind=kind)
        self.statuses = set(statuses or ())
        self.riposte = riposte
        self.form = "heros"  # identities: "heros" or "alter_ego"
        self.keywords: set[str] = set()
        self.villainy = False  # Vilenie (minions)
        self.webbed = False  # Pris dans la Toile attached

    def _set(self, key: str, value: int | None) -> None:
        self.printed.setdefault(key, value)
        self.current[key] = value

    hp = property(lambda self: self.value("pv"), lambda self, v: self._set("pv", v))
    atk = property(lambda self: self.current.get("atq"), lambda self, v: self._set("atq", v))
    sch = property(lambda self: self.current.get("mng"), lambda self, v: self._set("mng", v))
    defense = property(lambda self: self.value("def"), lambda self, v: self._set("def", v))


@dataclass
class Interrupt:
    card: str
    player: str
    effect: str  # one of EFFECTS
    amount: int = 1
    by: str = "ennemi"  # the attacks it interrupts, by which enemies: one of INTERRUPT_ON


@dataclass
class BoostCard:
    icons: int = 0
    ability: str | None = None  # one of BOOST_ABILITIES (a ★ « Boost » ability)
    amount: int = 1  # damage_defender
    flip_name: str = ""  # flip: the villain's other side
    flip_atk: int | None = None  # flip: its ATQ (None: ★)
    text: str = ""
    cancelled_by: str | None = None  # a player's card cancelling its boost icons


@dataclass
class Activation:
    enemy: str
    target: str  # the targeted player
    target_character: str | None = None  # an effect that attacks a given character
    defender: str | None = None
    boost: list[BoostCard] = field(default_factory=list)
    cause: str = "phase_du_mechant"  # one of CAUSES


@dataclass
class AttackScenario:
    name: str
    title: str
    rulings: list[Ruling]
    players: list[str]
    characters: list[Character]
    interrupts: list[Interrupt]
    amplify: int
    activations: list[Activation]
    threat: int = 0  # threat on the main scheme


def _atk(f: Fields, key: str) -> int | None:
    value = f.raw(key, None)
    if value is None or value == "★":
        if value is None and key != "flip_atk":
            raise ScenarioError(f.where(key), "is required (a number or ★)")
        return None
    return f.int(key)


def _character(f: Fields, kind: str, controller: str | None) -> Character:
    c = Character(
        name=f.str("name"),
        kind=kind,
        hp=f.int("hp", minimum=1),
        controller=controller,
        riposte=f.int("riposte", 0, minimum=0),
        statuses=set(f.str_list("statuses", [])),
    )
    for s in sorted(c.statuses):
        if s not in STATUSES:
            raise ScenarioError(f.where("statuses"), f"expected among {', '.join(STATUSES)}")
    if kind == "identite":
        c.form = f.choice("form", ("heros", "alter_ego"), "heros")
        c.defense = f.int("def", 0, minimum=0)
    if kind in ("mechant", "sbire"):
        c.atk = _atk(f, "atk")
        c.sch = f.int("sch", None, minimum=0)
        c.keywords = set(f.str_list("keywords", []))
        for k in sorted(c.keywords):
            if k not in KEYWORDS:
                raise ScenarioError(f.where("keywords"), f"expected among {', '.join(KEYWORDS)}")
        c.villainy = f.bool("vilenie")
        c.webbed = f.bool("pris_dans_la_toile")
    f.done()
    return c


# The zones out of play a scenario may name a card in (`state.out_of_play`).
OUT_OF_PLAY_FR = {
    "main": "la main",
    "deck": "le deck",
    "defausse": "la pile de défausse",
    "deck_rencontre": "le deck Rencontre",
    "defausse_rencontre": "la pile de défausse Rencontre",
    "mise_de_cote": "les cartes mises de côté",
}
IN_PLAY = f"{GAME}/glossaire/en-jeu-et-hors-jeu"
IN_PLAY_FR = "une carte hors jeu n'attaque pas, ne défend pas et n'est pas attaquée"


def read_attacks(name: str, data: Fields) -> AttackScenario:
    """Validate an enemy-attack scenario (the `state` and `actions` of a scenario file)."""
    rulings = read_rulings(data, GAME)
    title = data.str("title")
    state = data.sub("state")
    players: list[str] = []
    characters: list[Character] = []
    interrupts: list[Interrupt] = []
    for pf in state.records("players"):
        player = pf.str("name")
        players.append(player)
        characters.append(_character(pf.sub("identity"), "identite", player))
        characters += [_character(af, "allie", player) for af in pf.records("allies", [])]
        for itf in pf.records("interrupts", []):
            interrupts.append(
                Interrupt(
                    itf.str("card"),
                    player,
                    itf.choice("effect", EFFECTS),
                    itf.int("amount", 1, minimum=0),
                    itf.choice("by", INTERRUPT_ON, "ennemi"),
                )
            )
            itf.done()
        pf.done()
    for ef in state.records("enemies"):
        characters.append(_character(ef, ef.choice("kind", ("mechant", "sbire")), None))
    amplify = state.int("amplify", 0, minimum=0)
    threat = state.int("threat", 0, minimum=0)
    elsewhere = read_out_of_play(state, OUT_OF_PLAY_FR, players)
    state.done()
    unique_names(players, state.where("players"))
    unique_names([c.name for c in characters], state.where("players"))
    unique_names([c.name for c in characters] + list(elsewhere), state.where("out_of_play"))
    by_name = {c.name: c for c in characters}

    actions = data.sub("actions")
    activations = []
    for af in actions.records("attacks"):
        a = Activation(
            enemy=af.str("enemy"),
            target=af.str("target"),
            target_character=af.str("target_character", None),
            defender=af.str("defender", None),
            cause=af.choice("cause", CAUSES, "phase_du_mechant"),
        )
        for key, who in (
            ("enemy", a.enemy),
            ("target_character", a.target_character),
            ("defender", a.defender),
        ):
            if who is not None:
                require_in_play(who, af.where(key), by_name, elsewhere, IN_PLAY, IN_PLAY_FR)
        enemy = by_name.get(a.enemy)
        if enemy is None or enemy.kind not in ("mechant", "sbire"):
            raise ScenarioError(af.where("enemy"), f"no enemy named {a.enemy!r}")
        if a.target not in players:
            raise ScenarioError(af.where("target"), f"{a.target!r} is not one of the players")
        for key, who in (("target_character", a.target_character), ("defender", a.defender)):
            if who is not None:
                c = by_name.get(who)
                if c is None or c.kind not in ("identite", "allie"):
                    raise ScenarioError(af.where(key), f"no hero or ally named {who!r}")
        if a.defender is not None:
            d = by_name[a.defender]
            if d.kind == "identite" and d.form != "heros":
                raise ScenarioError(af.where("defender"), f"{d.name} is not in hero form")
        for bf in af.records("boost", []):
            b = BoostCard(
                icons=bf.int("icons", 0, minimum=0),
                ability=bf.choice("ability", BOOST_ABILITIES, None),
                amount=bf.int("amount", 1, minimum=0),
                flip_name=bf.str("flip_name", ""),
                flip_atk=_atk(bf, "flip_atk"),
                text=bf.str("text", ""),
                cancelled_by=bf.str("cancelled_by", None),
            )
            if b.cancelled_by and b.icons == 0:
                raise RuleViolation(
                    INITIATE,
                    f"{b.cancelled_by} ne peut pas annuler les icônes de boost d'une carte qui "
                    "n'en a pas : cela ne modifierait pas l'état de la partie",
                    bf.where("cancelled_by"),
                )
            if b.ability == "flip" and not b.flip_name:
                raise ScenarioError(bf.where("flip_name"), "is required for a flip")
            bf.done()
            a.boost.append(b)
        if a.boost and enemy.kind == "sbire" and not enemy.villainy:
            raise ScenarioError(
                af.where("boost"), f"{enemy.name} is a minion without Vilenie: it gets no boost"
            )
        af.done()
        activations.append(a)
    actions.done()
    if len({a.cause for a in activations}) > 1:
        raise ScenarioError(
            actions.where("attacks"),
            "activations are either all of the villain phase or all caused by card effects",
        )
    return AttackScenario(
        name, title, rulings, players, characters, interrupts, amplify, activations, threat
    )


# --- the procedure -------------------------------------------------------------------------------


class _Attacks:
    def __init__(self, sc: AttackScenario) -> None:
        self.sc = sc
        self.chars = {c.name: copy.deepcopy(c) for c in sc.characters}
        self.start_hp = {c.name: c.hp for c in sc.characters}
        self.defeated: list[str] = []
        self.discarded: list[str] = []
        self.outcomes: list[str] = []
        self.triggered: list[str] = []
        self.step4: dict[str, int] = {}
        self.riposte: list[str] = []
        self.game = GameState([Player(p) for p in sc.players])  # player order: first player first
        self.threat = sc.threat
        self.interrupts = TriggerQueue(in_turn_order(INTERRUPT))
        self.rec = Recorder(self.snapshot)

    def snapshot(self) -> dict[str, Any]:
        state: dict[str, Any] = {
            name: {"hp": c.hp, "statuses": sorted(STATUS_FR[s] for s in c.statuses)}
            for name, c in self.chars.items()
        }
        if self.threat or any(self.schemes(a) for a in self.sc.activations):
            state["menace sur la manigance principale"] = self.threat
        return state

    def schemes(self, a: Activation) -> bool:
        """A villain-phase activation against an alter ego is a scheme (« Activation »)."""
        return a.cause == "phase_du_mechant" and self.identity(a.target).form == "alter_ego"

    def identity(self, player: str) -> Character:
        return next(
            c for c in self.chars.values() if c.kind == "identite" and c.controller == player
        )

    def alive(self, name: str) -> bool:
        return name not in self.defeated

    # -- damage, with Tenace (cartes d'état) and defeat --
    def deal(
        self, c: Character, amount: int, why: str, rules: list[str], piercing: bool = False
    ) -> int:
        if piercing and "tenace" in c.statuses:
            c.statuses.discard("tenace")
            self.discarded.append(f"{c.name} : Tenace")
            self.rec.step(
                [PIERCING],
                f"L'attaque a Perçant : la carte Tenace de {c.name} est défaussée avant les dégâts.",
            )
        if amount <= 0:
            self.rec.step(rules, f"{why} : 0 dégât, {c.name} ne subit rien.")
            return 0
        if "tenace" in c.statuses:
            c.statuses.discard("tenace")
            self.discarded.append(f"{c.name} : Tenace")
            self.rec.step(
                rules + [TOUGH],
                f"{why} : {c.name} est censé subir {amount} dégât(s) ; sa carte Tenace les prévient "
                "tous et est défaussée (il n'a pas subi de dégâts).",
            )
            return 0
        c.hp -= amount
        self.rec.step(
            rules + [DAMAGE],
            f"{why} : {c.name} subit {amount} dégât(s) ({max(c.hp, 0)} PV restants).",
        )
        if c.hp <= 0:
            self.defeated.append(c.name)
            self.rec.step([DAMAGE], f"{c.name} tombe à zéro point de vie et est vaincu.")
        return amount

    def run_one(self, a: Activation, n: int) -> None:
        rec = self.rec
        enemy = self.chars[a.enemy]
        identity = self.identity(a.target)
        if self.schemes(a):
            self.scheme(a, enemy, n)
            return
        head = f"Activation n° {n} : {enemy.name} attaque {a.target}"
        if not self.alive(enemy.name):
            rec.step([ACTIVATION], f"{head} — mais il a quitté le jeu : rien ne se passe.")
            self.outcomes.append("absent")
            return
        if a.cause == "effet":
            form = " (sous forme d'alter ego)" if identity.form == "alter_ego" else ""
            rec.step(
                [ATTACKING, ACTIVATION, ATTACK],
                f"{head}{form} : un effet de carte lui demande d'attaquer ; c'est une attaque, "
                "quelle que soit la forme de l'identité.",
            )
        else:
            rec.step(
                [ACTIVATION, ATTACK],
                f"{head} : {identity.name} est sous forme de héros, {enemy.name} initie une "
                "attaque ; il est censé attaquer.",
            )
        if "sonne" in enemy.statuses:
            enemy.statuses.discard("sonne")
            self.discarded.append(f"{enemy.name} : Sonné")
            self.outcomes.append("empêchée (Sonné)")
            rec.step(
                [STATUS, STUNNED],
                f"{enemy.name} est sonné : les cartes d'état passent avant toute autre capacité ; "
                "la carte Sonné est défaussée à la place de l'attaque, et on ne considère pas "
                f"que {enemy.name} a attaqué.",
            )
            return
        if enemy.webbed:
            enemy.webbed = False
            enemy.statuses.add("sonne")
            self.outcomes.append("remplacée (Pris dans la Toile)")
            rec.step(
                [WEBBED, WEBBED_REPLACES],
                f"Pris dans la Toile remplace cette attaque par le placement d'une carte d'état "
                f"Sonné sur {enemy.name} : l'attaque ne s'est jamais initiée, aucune capacité « quand "
                "il attaque » ne se déclenche.",
            )
            return
        kind_fr = {"mechant": "le méchant", "sbire": "un sbire", "ennemi": "un ennemi"}
        for it in self.sc.interrupts:
            if it.player != a.target:
                continue
            if it.by not in ("ennemi", enemy.kind):
                rec.step(
                    [INTERRUPT],
                    f"{it.card} interrompt une attaque contre {a.target} par {kind_fr[it.by]} ; "
                    f"{enemy.name} est {kind_fr[enemy.kind]} : sa condition de déclenchement "
                    "n'est pas remplie, il ne se déclenche pas.",
                )
                continue
            self.interrupts.add(Pending(it.card, it.player, it))
        ordering = self.interrupts.drain(self.game)
        if ordering.text_fr:
            rec.step(ordering.rule_ids, f"Plusieurs interruptions : {ordering.text_fr}.")
        for pending in ordering.pending:
            it = pending.payload
            self.triggered.append(it.card)
            if it.effect == "draw":
                rec.step(
                    [ATTACK],
                    f"L'attaque est initiée contre {a.target} : {it.card} se déclenche "
                    f"({a.target} pioche {it.amount} carte(s)).",
                )
                continue
            rec.step(
                [ATTACK],
                f"L'attaque est initiée contre {a.target} : {it.card} se déclenche et inflige "
                f"{it.amount} dégât(s) à {enemy.name}.",
            )
            self.deal(enemy, it.amount, it.card, [ATTACK])
            if not self.alive(enemy.name):
                self.outcomes.append("attaquant vaincu")
                rec.step(
                    [DEFEATED_MID_ATTACK, ACTIVATION],
                    f"{enemy.name} est vaincu pendant que la séquence d'attaque est initiée : les "
                    "dégâts n'ont pas encore été calculés, le reste de la séquence n'est pas résolu.",
                )
                return
        # step 1: boost
        if enemy.kind == "mechant" or enemy.villainy:
            rules = [ATTACK, BOOST] + ([VILLAINY] if enemy.kind == "sbire" else [])
            count = len(a.boost)
            rec.step(
                rules,
                f"Étape 1 : {enemy.name} reçoit {count} carte(s) de boost face cachée du deck "
                "Rencontre.",
            )
        else:
            rec.step([ATTACK], f"Étape 1 : {enemy.name} est un sbire sans Vilenie : pas de boost.")
        # step 2: defender
        target = a.target
        defender = self.chars[a.defender] if a.defender else None
        if defender is None:
            rec.step([ATTACK, DEFENSE], "Étape 2 : personne ne défend.")
        else:
            rules = [ATTACK, DEFENSE]
            how = (
                "un héros s'incline pour sa défense de base"
                if defender.kind == "identite"
                else "un allié s'incline pour défendre"
            )
            text = f"Étape 2 : {defender.name} défend ({how})"
            if defender.controller != a.target:
                target = defender.controller or a.target
                text += f" ; {target} défend pour un autre joueur et devient la cible de l'attaque"
            rec.step(rules, text + ".")
        # step 3: boost cards
        atk = enemy.atk
        bonus = 0
        for i, b in enumerate(a.boost, 1):
            parts = []
            rules = [ATTACK, BOOST]
            if b.ability == "damage_defender" and defender is not None:
                rec.step(
                    [ATTACK, BOOST],
                    f"Étape 3 : la carte de boost n° {i} est retournée ; sa capacité « Boost » se "
                    f"résout{' : ' + b.text if b.text else ''}.",
                )
                self.deal(defender, b.amount, f"Capacité « Boost » (carte n° {i})", [BOOST])
                parts.append("capacité résolue")
            elif b.ability == "tough":
                enemy.statuses.add("tenace")
                parts.append(f"capacité « Boost » : {enemy.name} reçoit une carte Tenace")
            elif b.ability == "flip":
                parts.append(
                    f"capacité « Boost » : {enemy.name} est retourné et devient {b.flip_name} "
                    f"(ATQ {'★' if b.flip_atk is None else b.flip_atk})"
                )
                rec.note(
                    f"{b.flip_name} apparaît pendant l'attaque : ses capacités « quand il est "
                    "censé attaquer » ne se déclenchent pas, ce point de timing est déjà passé."
                )
                atk = b.flip_atk
                enemy.atk = b.flip_atk
                self.chars[b.flip_name] = enemy
                enemy.name = b.flip_name
                rules.append(STAR)
            printed = b.icons
            if b.cancelled_by:
                parts.append(f"{b.cancelled_by} annule ses {b.icons} icône(s) de boost")
                printed = 0
            icons = printed + self.sc.amplify
            bonus += icons
            detail = f"{printed} icône(s) de boost"
            if self.sc.amplify:
                detail += f" + {self.sc.amplify} pour les icônes d'amplification en jeu"
                rules.append(AMPLIFY)
            parts.append(f"{detail} : +{icons} ATQ ; la carte est défaussée")
            rec.step(rules, f"Étape 3 : carte de boost n° {i} : {' ; '.join(parts)}.")
        if defender is not None and defender.kind == "allie" and not self.alive(defender.name):
            rec.step(
                [DEFENSE],
                f"L'allié défenseur {defender.name} a été vaincu avant les dégâts : l'attaque est "
                "considérée comme non défendue.",
            )
            defender = None
        # step 4: damage
        base = 0 if atk is None else atk
        total = max(base + bonus, 0)
        rules = (
            [ATTACK] + ([STAR] if atk is None else []) + ([MODIFIERS] if base + bonus < 0 else [])
        )
        star = " (ATQ ★, considérée comme 0)" if atk is None else ""
        rec.step(
            rules, f"Étape 4 : ATQ {of(enemy.name)} = {base}{star} + {bonus} (boost) = {total}."
        )
        piercing = "percant" in enemy.keywords
        if defender is not None and defender.kind == "identite":
            amount = max(total - defender.defense, 0)
            attacked = defender
            got = self.deal(
                defender,
                amount,
                f"Étape 4 : {total} − DEF {defender.defense} de {defender.name}",
                [ATTACK, DEFENSE],
                piercing,
            )
            self.step4[defender.name] = self.step4.get(defender.name, 0) + got
            self.outcomes.append("défendue")
        elif defender is not None:
            attacked = defender
            room = max(defender.hp, 0)
            got = self.deal(
                defender,
                total,
                f"Étape 4 : tous les dégâts vont à l'allié {defender.name}",
                [ATTACK],
                piercing,
            )
            self.step4[defender.name] = self.step4.get(defender.name, 0) + got
            excess = max(got - room, 0)
            if excess:
                if "deferlement" in enemy.keywords:
                    owner = self.identity(defender.controller or target)
                    self.deal(
                        owner,
                        excess,
                        f"Déferlement : les {excess} dégât(s) en excès vont simultanément à "
                        f"l'identité qui contrôle {defender.name} (ce n'est pas une attaque contre elle)",
                        [OVERKILL, EXCESS],
                    )
                else:
                    rec.step(
                        [ATTACK, EXCESS],
                        f"{defender.name} est vaincu par l'attaque : les {excess} dégât(s) en excès "
                        "ne sont pas infligés à l'identité.",
                    )
            self.outcomes.append("défendue")
        else:
            who = self.chars[a.target_character] if a.target_character else self.identity(target)
            attacked = who
            form = ""
            if who.kind == "identite" and who.form == "alter_ego":
                form = " (même sous sa forme d'alter ego)"
            got = self.deal(
                who,
                total,
                f"Étape 4 : attaque non défendue, tous les dégâts vont à {who.name}{form}",
                [ATTACK, DEFENSE],
                piercing,
            )
            self.step4[who.name] = self.step4.get(who.name, 0) + got
            self.outcomes.append("non défendue")
        # Riposte X
        aimed = self.chars[a.target_character] if a.target_character else self.identity(a.target)
        if aimed is not attacked and aimed.riposte:
            rec.step(
                [RETALIATE],
                f"{aimed.name} a Riposte {aimed.riposte}, mais ce n'est pas lui qui a été attaqué "
                f"({attacked.name} a défendu) : Riposte ne se déclenche pas.",
            )
        if attacked.riposte:
            if "a_distance" in enemy.keywords:
                rec.step(
                    [RANGED],
                    f"L'attaque est À distance : elle ignore Riposte {attacked.riposte} de {attacked.name}.",
                )
            elif not self.alive(attacked.name):
                rec.step(
                    [RETALIATE], f"{attacked.name} n'a pas survécu à l'attaque : pas de riposte."
                )
            else:
                self.riposte.append(attacked.name)
                rec.step(
                    [RETALIATE],
                    f"{attacked.name} a été lui-même attaqué et a survécu : Riposte {attacked.riposte} "
                    f"inflige {attacked.riposte} dégât(s) à {enemy.name}.",
                )
                self.deal(enemy, attacked.riposte, f"Riposte de {attacked.name}", [RETALIATE])

    def scheme(self, a: Activation, enemy: Character, n: int) -> None:
        """« Manigance (activation des ennemis) »: boost, flip, threat on the main scheme."""
        rec = self.rec
        identity = self.identity(a.target)
        rec.step(
            [ACTIVATION, SCHEME],
            f"Activation n° {n} : {enemy.name} s'active contre {a.target} ; {identity.name} est "
            f"sous forme d'alter ego : {enemy.name} initie une manigance, pas une attaque.",
        )
        if enemy.sch is None:
            raise ScenarioError(
                "state.enemies", f"{enemy.name} schemes against an alter ego: give its sch (MNG)"
            )
        self.outcomes.append("manigance")
        boosted = enemy.kind == "mechant" or enemy.villainy
        if boosted:
            rec.step(
                [SCHEME, BOOST],
                f"Étape 1 : {enemy.name} reçoit {len(a.boost)} carte(s) de boost face cachée.",
            )
        else:
            rec.step([SCHEME], f"{enemy.name} est un sbire sans Vilenie : pas de boost.")
        bonus = 0
        for i, b in enumerate(a.boost if boosted else [], 1):
            icons = b.icons + self.sc.amplify
            bonus += icons
            rules = [SCHEME, BOOST] + ([AMPLIFY] if self.sc.amplify else [])
            rec.step(
                rules,
                f"Étape 2 : carte de boost n° {i} retournée : {icons} icône(s) de boost, +{icons} "
                "MNG ; la carte est défaussée.",
            )
        total = enemy.sch + bonus
        self.threat += total
        rec.step(
            [SCHEME],
            f"Étape 3 : MNG {of(enemy.name)} = {enemy.sch} + {bonus} (boost) = {total} : "
            f"{total} menace(s) placée(s) sur la manigance principale ({self.threat} au total).",
        )

    def ordered(self) -> list[Activation]:
        """Villain phase: player by player, the villain first, then the minions as listed."""
        acts = self.sc.activations
        if not acts or acts[0].cause != "phase_du_mechant":
            return list(acts)
        order = self.game.turn_order()

        def key(a: Activation) -> tuple[int, int]:
            return (order.index(a.target), 0 if self.chars[a.enemy].kind == "mechant" else 1)

        ordered = sorted(acts, key=key)
        if ordered != list(acts):
            self.rec.step(
                [ACTIVATION, VILLAIN_PHASE],
                "Ordre des activations : joueur par joueur dans l'ordre des joueurs ; contre "
                "chacun, le méchant d'abord, puis les sbires engagés avec lui : "
                + ", ".join(f"{a.enemy} contre {a.target}" for a in ordered)
                + ".",
            )
        return ordered

    def run(self) -> Trace:
        for n, a in enumerate(self.ordered(), 1):
            self.run_one(a, n)
        return self.rec.trace("attaque", GAME, self.sc, self.result())

    def result(self) -> dict[str, Any]:
        seen = {id(c): c for c in self.chars.values()}.values()
        damage = {}
        for c in seen:
            start = next(s for name, s in self.start_hp.items() if self._same(name, c))
            if start != c.hp:
                damage[c.name] = start - c.hp
        return {
            "attacks": list(self.outcomes),
            "damage_received": damage,
            "step4_damage": dict(self.step4),
            "defeated": list(self.defeated),
            "statuses_discarded": list(self.discarded),
            "statuses": {
                c.name: sorted(STATUS_FR[s] for s in c.statuses) for c in seen if c.statuses
            },
            "triggered": list(self.triggered),
            "riposte": list(self.riposte),
            "threat": self.threat,
        }

    def _same(self, name: str, c: Character) -> bool:
        return self.chars.get(name) is c


def resolve_attacks(scenario: AttackScenario) -> Trace:
    """Run the scenario's enemy attack activations in order and return the trace."""
    return _Attacks(scenario).run()
