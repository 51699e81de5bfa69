"""Marvel Champions: a player's effects that deal damage or remove threat (« effet_joueur »).

A player uses cards one after the other (`actions.effects`): a basic power (ATQ or CTR), an event
or another ability.  Each effect is a list of occurrences, resolved in order — or all at once when
the card says so (`simultaneous`, « Résolution simultanée »):

- `damage`: damage to an enemy (plus `extra`, « supplémentaire »: applied in the same event, not
  after), plus each constant modifier in play that adds to every occurrence of such an effect;
- `move_damage`: damage moved from a character to another, dealt to its destination (« Déplacer »);
- `remove_threat` / `prevent_threat`: threat removed from a scheme, or prevented before it is placed;
- `place_threat`: threat placed on a scheme (during the setup or not), `scheme_enters`: a side
  scheme that enters play with its threat (nothing is « placed »);
- `end_modifier`: a hit-point modifier ends; the hit points are computed again (« Modificateurs »).

The general rules applied: Sonné and Désorienté replace an attack or a thwart (the card is
discarded, the character has not attacked or thwarted; an effect made of separate attacks loses
only the first); Garde keeps the villain from the damage of an attack while a minion with Garde is
engaged, Patrouille and crisis icons keep threat on the main scheme; Tenace prevents all of one
damage event; Riposte answers each attack on a surviving enemy that has it; a triggered ability
(`triggers`) fires on its condition, an interrupt before, a response after, and the consequential
damage of an ally comes after the abilities its attack triggered.  A card's ability is data.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from arbitre.model.core.rules import RuleViolation
from arbitre.model.core.trace import Recorder, Ruling, Trace
from arbitre.model.marvel_champions import GAME, STATUS_FR, Character
from arbitre.model.scenario import Fields, ScenarioError, read_rulings, unique_names

G = f"{GAME}/glossaire"
DAMAGE = f"{G}/degats"
EXTRA = f"{G}/effet-d-alteration/supplementaire"
MODIFIERS = f"{G}/modificateurs"
MOVE = f"{G}/deplacer"
TOUGH = f"{G}/cartes-d-etat/tenace"
STUNNED = f"{G}/cartes-d-etat/sonne"
CONFUSED = f"{G}/cartes-d-etat/desoriente"
GUARD = f"{G}/garde"
PATROL = f"{G}/patrouille"
CRISIS = f"{G}/icone-de-crise"
RETALIATE = f"{G}/riposte-x"
ATTACKING = f"{G}/attaque-attaquer"
THWARTING = f"{G}/contre-contrer"
BASIC = f"{G}/pouvoir-de-base"
SIMULTANEOUS = f"{G}/resolution-simultanee"
CONSEQUENTIAL = f"{G}/degats-consecutifs"
INTERRUPT = f"{G}/interruption"
RESPONSE = f"{G}/reponse"
PREVENT = f"{G}/prevenir"
THREAT = f"{G}/menace"
SIDE_SCHEME = f"{G}/manigance-annexe"
DEFEAT = f"{G}/vaincre-dejouer"
SETUP = f"{G}/mise-en-place"
HIT_POINTS = f"{G}/points-de-vie"
HEAL = f"{G}/soigner"
MAX = f"{G}/max"
ATTACH = f"{G}/attachez-cette-carte"
VILLAIN_DEFEATED = f"{G}/vaincre-le-mechant"
SAME_ENEMY = f"{GAME}/faq/miss-marvel/melee-30/1"  # a villain's stages are one enemy

KINDS = ("identite", "allie")
ENEMY_KEYWORDS = ("garde", "patrouille")
EFFECT_TYPES = ("pouvoir_de_base", "evenement", "capacite")
LABELS = ("attaque", "contre")
OCCURRENCES = (
    "damage",
    "move_damage",
    "remove_threat",
    "prevent_threat",
    "place_threat",
    "scheme_enters",
    "end_modifier",
    "heal",
    "attach",
)
# Trigger conditions: the character attacks (an enemy), the character attacks and defeats a minion,
# a hero is about to take damage, a scheme is defeated, threat is placed on a scheme.
ON = ("attaque", "attaque_et_vainc_sbire", "degats_heros", "manigance_dejouee", "menace_placee")
TIMINGS = ("interruption", "reponse")
TYPE_FR = {"pouvoir_de_base": "pouvoir de base", "evenement": "événement", "capacite": "capacité"}


@dataclass
class Trigger:
    card: str
    timing: str  # one of TIMINGS
    on: str  # one of ON
    by: str | None = None  # the character whose attack triggers it (None: any of the player's)
    scheme: str | None = None  # manigance_dejouee: the scheme it is attached to
    damage: int = 0  # to the attacked enemy (or `target`)
    target: str | None = None
    stun: bool = False  # stun the attacked enemy
    draw: int = 0
    reduce: int = 0  # degats_heros: reduce the damage by this much
    remove: int = 0  # menace_placee: threat removed from that scheme
    setup: bool = False  # a « Mise en place » ability: the only ones that resolve during the setup


@dataclass
class Bonus:
    """A constant ability in play adding to each occurrence of the effects it names (data)."""

    card: str
    damage_each: int = 0  # every damage occurrence of an effect labelled `of`
    threat_each: int = 0  # every occurrence of threat removed by an effect labelled `of`
    of: str = "attaque"  # one of LABELS
    type: str = "evenement"  # one of EFFECT_TYPES


@dataclass
class Occurrence:
    kind: str  # one of OCCURRENCES
    amount: int = 0
    target: str | None = None  # a character, or a scheme for the threat occurrences
    source: str | None = None  # move_damage: the character it comes from
    extra: int = 0  # « supplémentaire »
    incoming: int = 0  # prevent_threat: the threat about to be placed
    setup: bool = False  # place_threat during the setup
    discard_status: int = 0  # heal: status cards of the character discarded, of any type
    max_per_character: int = 0  # attach: « X max par personnage » (0: no maximum)


@dataclass
class Effect:
    card: str
    by: str  # the character who uses it
    type: str  # one of EFFECT_TYPES
    labels: set[str]  # attaque / contre: what the effect is
    occurrences: list[Occurrence]
    separate_attacks: bool = False  # each damage occurrence is an attack of its own
    simultaneous: bool = False
    ignores_tough_if: str | None = None  # a trait of the user: then its damage ignores Tenace


@dataclass
class Scheme:
    name: str
    threat: int
    main: bool = False


@dataclass
class PlayerEffectScenario:
    name: str
    title: str
    rulings: list[Ruling]
    player: str
    characters: list[Character]
    traits: dict[str, set[str]]
    consequential: dict[str, int]  # ally -> consequential damage of its attack
    hp_modifiers: dict[str, dict[str, int]]  # character -> {source card: + hit points}
    next_stage: dict[str, int]  # villain -> hit points of its next stage
    schemes: list[Scheme]
    crisis: int
    bonuses: list[Bonus]
    triggers: list[Trigger]
    effects: list[Effect]


# --- reading -------------------------------------------------------------------------------------


def _char(f: Fields, kind: str, controller: str | None, sc: dict[str, Any]) -> Character:
    c = Character(
        f.str("name"),
        kind,
        f.int("hp", minimum=1),
        controller,
        riposte=f.int("riposte", 0, minimum=0),
        statuses=set(f.str_list("statuses", [])),
    )
    for s in sorted(c.statuses):
        if s not in STATUS_FR:
            raise ScenarioError(f.where("statuses"), f"expected among {', '.join(STATUS_FR)}")
    sc["traits"][c.name] = set(f.str_list("traits", []))
    sc["attachments"][c.name] = f.str_list("attachments", [])
    if kind == "allie":
        sc["consequential"][c.name] = f.int("consequential", 0, minimum=0)
    mods = {}
    for mf in f.records("hp_modifiers", []):
        mods[mf.str("source")] = mf.int("amount")
        mf.done()
    if mods:  # `hp`: the remaining hit points, these modifiers included
        sc["hp_modifiers"][c.name] = mods
    if kind in ("mechant", "sbire"):
        c.keywords = set(f.str_list("keywords", []))
        for k in sorted(c.keywords):
            if k not in ENEMY_KEYWORDS:
                raise ScenarioError(
                    f.where("keywords"), f"expected among {', '.join(ENEMY_KEYWORDS)}"
                )
        nxt = f.int("next_stage_hp", None, minimum=1)
        if nxt is not None:
            sc["next_stage"][c.name] = nxt
    f.done()
    return c


def read_player_effects(name: str, data: Fields) -> PlayerEffectScenario:
    """Validate an `effet_joueur` scenario; a targeting the card forbids is a RuleViolation."""
    rulings = read_rulings(data, GAME)
    title = data.str("title")
    state = data.sub("state")
    player = state.str("player")
    extra: dict[str, Any] = {
        "traits": {},
        "consequential": {},
        "hp_modifiers": {},
        "next_stage": {},
        "attachments": {},
    }
    chars = [
        _char(cf, cf.choice("kind", KINDS, "identite"), player, extra)
        for cf in state.records("characters")
    ]
    chars += [
        _char(ef, ef.choice("kind", ("mechant", "sbire")), None, extra)
        for ef in state.records("enemies", [])
    ]
    unique_names([c.name for c in chars], state.where("characters"))
    schemes = []
    for sf in state.records("schemes", []):
        schemes.append(Scheme(sf.str("name"), sf.int("tokens", 0, minimum=0), sf.bool("main")))
        sf.done()
    crisis = state.int("crisis", 0, minimum=0)
    bonuses = []
    for bf in state.records("in_play", []):
        bonuses.append(
            Bonus(
                bf.str("card"),
                bf.int("damage_each", 0),
                bf.int("threat_each", 0),
                bf.choice("of", LABELS, "attaque"),
                bf.choice("type", EFFECT_TYPES, "evenement"),
            )
        )
        bf.done()
    triggers = []
    for tf in state.records("triggers", []):
        triggers.append(
            Trigger(
                tf.str("card"),
                tf.choice("timing", TIMINGS),
                tf.choice("when", ON),
                tf.str("by", None),
                tf.str("scheme", None),
                tf.int("damage", 0, minimum=0),
                tf.str("target", None),
                tf.bool("stun"),
                tf.int("draw", 0, minimum=0),
                tf.int("reduce", 0, minimum=0),
                tf.int("remove", 0, minimum=0),
                tf.bool("setup"),
            )
        )
        tf.done()
    state.done()
    names = {c.name: c for c in chars}
    scheme_names = {s.name for s in schemes}
    actions = data.sub("actions")
    effects = []
    attached = {name: list(titles) for name, titles in extra["attachments"].items()}
    for ef in actions.records("effects"):
        eff = Effect(
            ef.str("card"),
            ef.str("user"),
            ef.choice("type", EFFECT_TYPES),
            set(ef.str_list("labels", [])),
            [],
            ef.bool("separate_attacks"),
            ef.bool("simultaneous"),
            ef.str("ignores_tough_if", None),
        )
        if eff.by not in names or names[eff.by].kind not in KINDS:
            raise ScenarioError(ef.where("user"), f"no hero or ally named {eff.by!r}")
        for lab in sorted(eff.labels):
            if lab not in LABELS:
                raise ScenarioError(ef.where("labels"), f"expected among {', '.join(LABELS)}")
        distinct = ef.bool("distinct_targets")  # the card: « un ennemi différent »
        one_scheme = ef.bool("one_scheme")  # the card: all the threat from one scheme
        for of in ef.records("occurrences"):
            kind = next((k for k in OCCURRENCES if of.has(k)), None)
            if kind is None:
                raise ScenarioError(of.path, f"one of {', '.join(OCCURRENCES)}")
            o = Occurrence(kind)
            if kind == "end_modifier":
                o.source = of.str(kind)
                o.target = of.str("character")
            elif kind == "attach":
                o.source = of.str(kind)  # the card's title
                o.target = of.str("target")
                o.amount = of.int("hp", 0)  # the attached character gains this many hit points
                o.max_per_character = of.int("max_per_character", 0, minimum=0)
            elif kind == "scheme_enters":
                o.target = of.str(kind)
                o.amount = of.int("with_threat", minimum=0)
            else:
                o.amount = of.int(kind, minimum=0)
                o.target = of.str("target")
                o.extra = of.int("extra", 0, minimum=0)
                o.source = of.str("from", None) if kind == "move_damage" else None
                o.incoming = of.int("incoming", 0, minimum=0) if kind == "prevent_threat" else 0
                o.setup = of.bool("setup") if kind == "place_threat" else False
                o.discard_status = of.int("discard_status", 0, minimum=0) if kind == "heal" else 0
            threat_kind = kind in ("remove_threat", "prevent_threat", "place_threat")
            if threat_kind and o.target not in scheme_names:
                raise ScenarioError(of.where("target"), f"no scheme named {o.target!r}")
            if kind in ("damage", "move_damage", "end_modifier", "heal", "attach") and (
                o.target not in names
            ):
                raise ScenarioError(of.where("target"), f"no character named {o.target!r}")
            if kind == "attach" and o.max_per_character:
                on = attached.setdefault(o.target, [])
                if on.count(o.source) >= o.max_per_character:
                    raise RuleViolation(
                        MAX,
                        f"{o.source} : {o.max_per_character} max par personnage, et {o.target} en a "
                        f"déjà {on.count(o.source)} (le maximum compte tous les exemplaires, par titre)",
                        of.path,
                    )
            if kind == "attach":
                attached.setdefault(o.target, []).append(o.source)
            of.done()
            eff.occurrences.append(o)
        hit = [o.target for o in eff.occurrences if o.kind == "damage"]
        if distinct and len(set(hit)) < len(hit):
            twice = next(t for t in hit if hit.count(t) > 1)
            stage = " (les différents stades d'un méchant sont le même ennemi)" * (
                names[twice].kind == "mechant"
            )
            raise RuleViolation(
                SAME_ENEMY,
                f"{eff.card} doit infliger ses seconds dégâts à un ennemi différent du premier ; "
                f"{twice} est visé deux fois{stage}",
                ef.where("occurrences"),
            )
        taken = {o.target for o in eff.occurrences if o.kind == "remove_threat"}
        if one_scheme and len(taken) > 1:
            raise RuleViolation(
                f"{GAME}/faq/boite-de-base/pratique-de-la-loi-23/1",
                f"toute la menace retirée par {eff.card} doit être enlevée d'une seule manigance "
                f"(ici : {', '.join(sorted(taken))})",
                ef.where("occurrences"),
            )
        ef.done()
        effects.append(eff)
    actions.done()
    return PlayerEffectScenario(
        name,
        title,
        rulings,
        player,
        chars,
        extra["traits"],
        extra["consequential"],
        extra["hp_modifiers"],
        extra["next_stage"],
        schemes,
        crisis,
        bonuses,
        triggers,
        effects,
    )


# --- the procedure -------------------------------------------------------------------------------


@dataclass
class _Run:
    sc: PlayerEffectScenario
    chars: dict[str, Character] = field(default_factory=dict)
    threat: dict[str, int] = field(default_factory=dict)
    received: dict[str, int] = field(default_factory=dict)
    events: dict[str, list[int]] = field(default_factory=dict)  # damage events, one per event
    defeated: list[str] = field(default_factory=list)
    discarded: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)
    triggered: list[str] = field(default_factory=list)
    attacked: list[str] = field(default_factory=list)  # who attacked (the attack happened)
    scheme_defeated: list[str] = field(default_factory=list)
    drawn: int = 0

    def __post_init__(self) -> None:
        self.chars = {c.name: copy.deepcopy(c) for c in self.sc.characters}
        self.threat = {s.name: s.threat for s in self.sc.schemes}
        self.main = {s.name for s in self.sc.schemes if s.main}
        self.mods = {k: dict(v) for k, v in self.sc.hp_modifiers.items()}
        self.next_stage = dict(self.sc.next_stage)
        self.rec = Recorder(self.snapshot)

    def snapshot(self) -> dict[str, Any]:
        state: dict[str, Any] = {
            n: {"PV": c.hp, "états": sorted(STATUS_FR[s] for s in c.statuses)}
            for n, c in self.chars.items()
        }
        for name, t in self.threat.items():
            state[f"menace sur {name}"] = t
        return state

    def alive(self, name: str) -> bool:
        return name not in self.defeated

    def guards(self) -> list[str]:
        return [
            c.name
            for c in self.chars.values()
            if c.kind == "sbire" and "garde" in c.keywords and self.alive(c.name)
        ]

    def patrols(self) -> list[str]:
        return [
            c.name
            for c in self.chars.values()
            if c.kind == "sbire" and "patrouille" in c.keywords and self.alive(c.name)
        ]

    # -- damage --
    def deal(
        self, c: Character, amount: int, why: str, rules: list[str], tough: bool = True
    ) -> int:
        rec = self.rec
        if c.kind == "identite" and amount > 0:
            for t in self.sc.triggers:
                if t.on == "degats_heros" and t.reduce:
                    cut = min(t.reduce, amount)
                    amount -= cut
                    self.triggered.append(t.card)
                    rec.step(
                        [INTERRUPT, PREVENT],
                        f"Interruption {t.card} : {c.name} est censé subir des dégâts ; la quantité "
                        f"est réduite de {cut} ({amount} restant(s)).",
                    )
        if amount <= 0:
            rec.step(rules, f"{why} : 0 dégât, {c.name} ne subit rien.")
            return 0
        if "tenace" in c.statuses:
            if not tough:
                rec.step(
                    rules + [TOUGH],
                    f"{why} : ces dégâts ignorent la carte Tenace de {c.name}, qui reste en place.",
                )
            else:
                c.statuses.discard("tenace")
                self.discarded.append(f"{c.name} : Tenace")
                self.events.setdefault(c.name, []).append(0)
                rec.step(
                    rules + [TOUGH],
                    f"{why} : {c.name} est censé subir {amount} dégât(s) en une seule fois ; sa "
                    "carte Tenace les prévient tous et est défaussée.",
                )
                return 0
        c.hp -= amount
        self.received[c.name] = self.received.get(c.name, 0) + amount
        self.events.setdefault(c.name, []).append(amount)
        rules = rules + [DAMAGE] * (DAMAGE not in rules)
        rec.step(rules, f"{why} : {c.name} subit {amount} dégât(s) ({max(c.hp, 0)} PV restants).")
        self.check_defeat(c)
        return amount

    def check_defeat(self, c: Character) -> None:
        if c.hp > 0 or not self.alive(c.name):
            return
        nxt = self.next_stage.pop(c.name, None)
        if nxt is not None:
            excess = -c.hp
            c.hp = nxt
            self.rec.step(
                [VILLAIN_DEFEATED],
                f"{c.name} tombe à zéro point de vie : ce stade est vaincu, le stade suivant de "
                f"{c.name} est révélé avec {nxt} PV (c'est toujours le même ennemi) ; "
                f"{excess} dégât(s) en excès ne sont pas reportés, ses cartes d'état restent.",
            )
            return
        self.defeated.append(c.name)
        self.rec.step([DAMAGE, DEFEAT], f"{c.name} tombe à zéro point de vie et est vaincu.")

    def fire(self, on: str, who: str | None, enemy: Character | None, timing: str) -> None:
        for t in self.sc.triggers:
            if t.on != on or t.timing != timing or (t.by and t.by != who):
                continue
            if on == "manigance_dejouee" and t.scheme != (enemy.name if enemy else None):
                continue
            self.resolve_trigger(t, enemy)

    def resolve_trigger(self, t: Trigger, enemy: Character | None) -> None:
        rules = [INTERRUPT if t.timing == "interruption" else RESPONSE]
        self.triggered.append(t.card)
        kind = "Interruption" if t.timing == "interruption" else "Réponse"
        self.rec.step(
            rules, f"{kind} {t.card} : sa condition de déclenchement est remplie, il se résout."
        )
        if t.stun and enemy is not None and self.alive(enemy.name):
            enemy.statuses.add("sonne")
            self.rec.step(rules + [STUNNED], f"{t.card} sonne {enemy.name}.")
        if t.damage:
            victim = self.chars[t.target] if t.target else enemy
            if victim is not None and self.alive(victim.name):
                self.deal(victim, t.damage, f"{t.card} inflige {t.damage} dégât(s)", rules)
        if t.draw:
            self.drawn += t.draw
            self.rec.step(rules, f"{t.card} : {self.sc.player} pioche {t.draw} carte(s).")

    def bonus(self, eff: Effect, what: str) -> list[Bonus]:
        return [
            b
            for b in self.sc.bonuses
            if getattr(b, what) and b.of in eff.labels and b.type == eff.type
        ]

    # -- one effect --
    def run_effect(self, eff: Effect, n: int) -> None:
        rec = self.rec
        user = self.chars[eff.by]
        is_attack = "attaque" in eff.labels
        is_thwart = "contre" in eff.labels
        what = ", ".join(sorted(eff.labels)) or "sans mention"
        rec.step(
            [BASIC] if eff.type == "pouvoir_de_base" else [ATTACKING if is_attack else DAMAGE],
            f"Effet n° {n} : {user.name} utilise {eff.card} ({TYPE_FR[eff.type]} ; {what}).",
        )
        status = "sonne" if is_attack else "desoriente" if is_thwart else None
        if status and status in user.statuses and not eff.separate_attacks:
            self.replace_by_status(user, status, eff.card)
            return
        frozen_guard = self.guards() if eff.simultaneous else None
        frozen_patrol = (self.patrols(), self.sc.crisis) if eff.simultaneous else None
        if eff.simultaneous:
            rec.step(
                [SIMULTANEOUS],
                f"{eff.card} agit simultanément : tout est déterminé avant la résolution, et le "
                "reste même si une carte quitte le jeu pendant celle-ci.",
            )
        attacked_any = False
        for o in eff.occurrences:
            if o.kind == "damage" and eff.separate_attacks and "sonne" in user.statuses:
                self.replace_by_status(user, "sonne", f"{eff.card} (attaque contre {o.target})")
                continue
            if o.kind == "damage":
                attacked_any |= self.damage(eff, o, user, frozen_guard)
            elif o.kind == "move_damage":
                self.move(o)
            elif o.kind in ("remove_threat", "prevent_threat"):
                self.thwart(eff, o, frozen_patrol)
            elif o.kind in ("place_threat", "scheme_enters"):
                self.place(o)
            elif o.kind == "heal":
                self.heal(eff, o)
            elif o.kind == "attach":
                self.attach(o)
            else:
                self.end_modifier(o)
        if attacked_any:
            self.attacked.append(user.name)
            self.after_attack(eff, user)

    def replace_by_status(self, user: Character, status: str, what: str) -> None:
        user.statuses.discard(status)
        self.discarded.append(f"{user.name} : {STATUS_FR[status]}")
        verb = "attaqué" if status == "sonne" else "contré"
        self.rec.step(
            [STUNNED if status == "sonne" else CONFUSED],
            f"{user.name} est {STATUS_FR[status].lower()} : la carte {STATUS_FR[status]} est "
            f"défaussée à la place ({what}) ; on ne considère pas que {user.name} a {verb}.",
        )

    def damage(self, eff: Effect, o: Occurrence, user: Character, frozen: list[str] | None) -> bool:
        rec = self.rec
        target = self.chars[o.target]
        is_attack = "attaque" in eff.labels
        if not self.alive(target.name):
            rec.step([DAMAGE], f"{target.name} a quitté le jeu : ces dégâts n'ont pas de cible.")
            return False
        guards = self.guards() if frozen is None else frozen
        if is_attack and target.kind == "mechant" and "garde" not in target.keywords and guards:
            self.blocked.append(target.name)
            when = " (déterminé au début de la résolution simultanée)" if frozen is not None else ""
            rec.step(
                [GUARD] + ([SIMULTANEOUS] if frozen is not None else []),
                f"{', '.join(guards)} a Garde et est engagé avec {self.sc.player}{when} : {eff.card} "
                f"ne peut pas attaquer {target.name}, aucun dégât ne lui est infligé.",
            )
            return False
        if is_attack:
            self.fire("attaque", user.name, target, "interruption")
            if not self.alive(target.name):
                return True
        amount = o.amount + o.extra
        parts = [f"{o.amount}"]
        rules = [DAMAGE]
        if o.extra:
            parts.append(f"{o.extra} supplémentaire(s), dans le même événement")
            rules.append(EXTRA)
        for b in self.bonus(eff, "damage_each"):
            amount += b.damage_each
            parts.append(f"{b.damage_each} de {b.card} (chaque occurrence de dégâts)")
            rules.append(MODIFIERS)
        tough = not (eff.ignores_tough_if and eff.ignores_tough_if in self.sc.traits[user.name])
        total = f"{' + '.join(parts)} = {amount}" if len(parts) > 1 else f"{amount}"
        why = f"{eff.card} inflige {total} dégât(s) à {target.name}"
        if not tough:
            why += f" ({user.name} a le trait {eff.ignores_tough_if})"
        self.deal(target, amount, why, rules, tough)
        if is_attack and target.riposte:
            if self.alive(target.name):
                rec.step(
                    [RETALIATE],
                    f"{target.name} a été attaqué et a Riposte {target.riposte} : il inflige "
                    f"{target.riposte} dégât(s) à {user.name}.",
                )
                self.deal(user, target.riposte, f"Riposte de {target.name}", [RETALIATE])
            else:
                rec.step([RETALIATE], f"{target.name} n'a pas survécu : pas de riposte.")
        if is_attack and target.kind == "sbire" and not self.alive(target.name):
            self.fire("attaque_et_vainc_sbire", user.name, target, "reponse")
        return is_attack

    def after_attack(self, eff: Effect, user: Character) -> None:
        self.fire("attaque", user.name, None, "reponse")
        hurt = self.sc.consequential.get(user.name, 0)
        if hurt and self.alive(user.name):
            self.deal(
                user,
                hurt,
                f"Dégâts consécutifs de {user.name}, après les capacités déclenchées par son attaque",
                [CONSEQUENTIAL],
            )

    def move(self, o: Occurrence) -> None:
        src = self.chars[o.source] if o.source else None
        target = self.chars[o.target]
        if src is not None:
            start = next(c.hp for c in self.sc.characters if c.name == src.name)
            moved = min(o.amount, start - src.hp)
            src.hp += moved
            self.received[src.name] = self.received.get(src.name, 0) - moved
        else:
            moved = o.amount
        self.rec.step(
            [MOVE],
            f"{moved} dégât(s) sont déplacés{' de ' + src.name if src else ''} vers {target.name} : "
            "des dégâts déplacés vers un personnage sont considérés comme lui étant infligés.",
        )
        self.deal(target, moved, f"Dégâts déplacés vers {target.name}", [MOVE])

    def thwart(self, eff: Effect, o: Occurrence, frozen: tuple[list[str], int] | None) -> None:
        rec = self.rec
        name = o.target
        if o.kind == "prevent_threat":
            cut = min(o.amount, o.incoming)
            placed = o.incoming - cut
            self.threat[name] += placed
            skipped = [b.card for b in self.bonus(eff, "threat_each")]
            note = (
                f" ; {', '.join(skipped)} ne s'applique pas : aucune menace n'est retirée"
                if skipped
                else ""
            )
            rec.step(
                [PREVENT, THREAT],
                f"{eff.card} prévient {cut} des {o.incoming} menace(s) censées être placées sur "
                f"{name} : {placed} placée(s){note}.",
            )
            return
        patrols, crisis = frozen if frozen is not None else (self.patrols(), self.sc.crisis)
        if name in self.main and (patrols or crisis):
            self.blocked.append(name)
            why = [f"{', '.join(patrols)} a Patrouille"] if patrols else []
            why += [f"{crisis} icône(s) de crise en jeu"] if crisis else []
            rules = ([PATROL] if patrols else []) + ([CRISIS] if crisis else [])
            if frozen is not None:
                rules.append(SIMULTANEOUS)
            rec.step(
                rules,
                f"{' et '.join(why)} : aucune menace n'est retirée de la manigance principale "
                f"{name}.",
            )
            return
        amount = o.amount + o.extra
        parts = [f"{o.amount}"]
        rules = [THREAT]
        for b in self.bonus(eff, "threat_each"):
            amount += b.threat_each
            parts.append(f"{b.threat_each} de {b.card}")
            rules.append(MODIFIERS)
        removed = min(amount, self.threat[name])
        self.threat[name] -= removed
        rec.step(
            rules,
            f"{eff.card} retire {' + '.join(parts) + ' = ' if len(parts) > 1 else ''}{amount} "
            f"menace(s) de {name} "
            f"({self.threat[name]} restante(s)).",
        )
        if self.threat[name] == 0 and name not in self.main:
            self.scheme_defeated.append(name)
            self.fire("manigance_dejouee", None, Character(name, "manigance", 1), "interruption")
            rec.step([SIDE_SCHEME, DEFEAT], f"La manigance annexe {name} est déjouée et défaussée.")
            self.fire("manigance_dejouee", None, Character(name, "manigance", 1), "reponse")

    def place(self, o: Occurrence) -> None:
        rec = self.rec
        name = o.target
        if o.kind == "scheme_enters":
            self.threat[name] = self.threat.get(name, 0) + o.amount
            rec.step(
                [SIDE_SCHEME, THREAT],
                f"La manigance annexe {name} entre en jeu avec {o.amount} menace(s) déjà dessus : "
                "de la menace n'est pas « placée » sur elle.",
            )
            for t in self.sc.triggers:
                if t.on == "menace_placee":
                    rec.step(
                        [RESPONSE, SIDE_SCHEME],
                        f"{t.card} (quand de la menace est placée) ne se déclenche pas.",
                    )
            return
        self.threat[name] += o.amount
        when = "pendant la mise en place" if o.setup else ""
        rec.step([THREAT], f"{o.amount} menace(s) placée(s) sur {name} {when}".rstrip() + ".")
        for t in self.sc.triggers:
            if t.on != "menace_placee":
                continue
            if o.setup and not t.setup:
                rec.step(
                    [SETUP],
                    f"{t.card} ne se déclenche pas : pendant la mise en place, seules les "
                    "capacités « Mise en place » se résolvent.",
                )
                continue
            self.resolve_trigger(t, None)
            removed = min(t.remove, self.threat[name])
            self.threat[name] -= removed
            rec.step([RESPONSE, THREAT], f"{t.card} retire {removed} menace(s) de {name}.")

    def heal(self, eff: Effect, o: Occurrence) -> None:
        """« Soigner »: remove damage, never above the hit points it started with; then the
        effect's status-card discards, whatever their type."""
        c = self.chars[o.target]
        start = next(x.hp for x in self.sc.characters if x.name == c.name)
        healed = min(o.amount, max(start - c.hp, 0))
        c.hp += healed
        self.received[c.name] = self.received.get(c.name, 0) - healed
        self.rec.step(
            [HEAL],
            f"{eff.card} soigne {healed} dégât(s) de {c.name} (un soin ne dépasse pas ses points "
            f"de vie ; {c.hp} PV).",
        )
        for status in sorted(c.statuses)[: o.discard_status]:
            c.statuses.discard(status)
            self.discarded.append(f"{c.name} : {STATUS_FR[status]}")
            self.rec.step(
                [HEAL, f"{G}/cartes-d-etat"],
                f"{eff.card} défausse 1 carte d'état de {c.name}, quel que soit son type : "
                f"{STATUS_FR[status]}.",
            )

    def attach(self, o: Occurrence) -> None:
        c = self.chars[o.target]
        limit = f" ({o.max_per_character} max par personnage)" if o.max_per_character else ""
        gain = ""
        if o.amount:
            c.hp += o.amount
            self.mods.setdefault(c.name, {})[o.source] = o.amount
            gain = f" ; {c.name} gagne +{o.amount} PV ({c.hp})"
        self.rec.step(
            [ATTACH] + ([MAX] if limit else []),
            f"{o.source} est attachée à {c.name}{limit}{gain}.",
        )

    def end_modifier(self, o: Occurrence) -> None:
        c = self.chars[o.target]
        mods = self.mods.get(c.name, {})
        if o.source not in mods:
            raise ScenarioError(
                "actions.effects", f"{c.name} has no hit-point modifier {o.source!r}"
            )
        amount = mods.pop(o.source)
        c.hp -= amount
        self.rec.step(
            [MODIFIERS, HIT_POINTS],
            f"Le modificateur de {o.source} (+{amount} PV) prend fin : les points de vie de "
            f"{c.name} reprennent la valeur qu'ils auraient sans lui ({max(c.hp, 0)}).",
        )
        self.check_defeat(c)

    def result(self) -> dict[str, Any]:
        return {
            "damage_received": {k: v for k, v in self.received.items() if v},
            "damage_events": {k: v for k, v in self.events.items()},
            "defeated": list(self.defeated),
            "statuses_discarded": list(self.discarded),
            "statuses": {
                n: sorted(STATUS_FR[s] for s in c.statuses)
                for n, c in self.chars.items()
                if c.statuses
            },
            "blocked": list(self.blocked),
            "triggered": list(self.triggered),
            "attacked": list(self.attacked),
            "threat": dict(self.threat),
            "schemes_defeated": list(self.scheme_defeated),
            "hp": {n: c.hp for n, c in self.chars.items()},
            "drawn": self.drawn,
        }


def run_player_effects(sc: PlayerEffectScenario) -> Trace:
    """Resolve the player's effects in order and return the trace."""
    run = _Run(sc)
    for n, eff in enumerate(sc.effects, 1):
        run.run_effect(eff, n)
    return run.rec.trace("effet_joueur", GAME, sc, run.result())
