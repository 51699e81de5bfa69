"""The Spoils: resolving a combat by speed levels (CRR 608-609, « Le combat expliqué »).

`read_combat` turns scenario data into a `CombatScenario`; `resolve_combat` runs it and returns
a Trace whose steps cite the rules of the comprehensive rules (CRR) they apply.

Choices the text leaves open, made explicit here:
- 609.1b says « parmi vos personnages »; the commentary of « Le combat expliqué » says « parmi
  tous les Characters du combat ». The model follows the commentary (both parties share X).
- Character damage is a standing condition (FAQ: a character with Life 0 is destroyed): after
  every change, any character whose damage this turn is >= its Life is destroyed (204.5, 408.4).
- When the scenario gives no split, a character spreads its Strength over the opposing members
  in the order they were declared, giving each what it still needs to die; any surplus goes to the
  first one.  That split is the model's default, not the players' choice: the step says so and
  lists it in its `defaults`.
- 609.1c assigns damage « égaux à leur Force »; the commentary of « Le combat expliqué » says
  « jusqu'à 3 points ».  The model follows the rule (the whole Strength is assigned) and notes it.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from typing import Any

from arbitre.model.core.sequence import Phase, Sequence
from arbitre.model.core.state import Card as EngineCard
from arbitre.model.core.trace import Recorder, Ruling, Trace
from arbitre.model.scenario import (
    Fields,
    ScenarioError,
    read_out_of_play,
    read_rulings,
    require_in_play,
    unique_names,
)

GAME = "the-spoils"


def rid(number: str) -> str:
    return f"{GAME}/{number}"


# « Le combat expliqué »: the commentary paragraphs the procedure applies.
CE = f"{GAME}/combat-explique"
CE_BLOCKERS = f"{CE}/bloqueurs/commentaire"  # blockers are not exhausted when declared
CE_A = f"{CE}/a-tactiques-et-capacites/commentaire"  # removed at A: no damage
CE_LEVEL = f"{CE}/b-niveau-de-vitesse/commentaire"  # X over all characters of the combat
CE_C = f"{CE}/c-assigner-les-dommages-de-l-attaquant/commentaire"  # STR caps the assignment
CE_D = f"{CE}/d-assigner-les-dommages-des-bloqueurs/commentaire"  # blockers hit attackers only
CE_E = f"{CE}/e-tactiques-et-capacites/commentaire"  # assigned damage survives its source
CE_F = f"{CE}/f-application-des-dommages/commentaire"  # removed recipients take nothing
CE_REPEAT = f"{CE}/repetition/commentaire"  # levels descend; late additions still act
CE_END = f"{CE}/fin/commentaire"  # blockers are exhausted too
CE_NO_TARGET = f"{CE}/fin/citation-2"  # no target left: counts as assigned
INTRO_DAMAGE = f"{GAME}/intro/combat-resoudre-les-dommages"  # blockers dead: hit the target
FAQ_LIFE_0 = f"{GAME}/faq/9"
UNBLOCKABLE = f"{GAME}/413.1-bis"  # printed « 413.1 » under 412 Inblocabilité

# The turn in one screen (602, 603, 610): the start is one event, then the active player acts in
# any order, then the turn ends once the opponent has answered.
# Actions either player may take whenever a capacity or a response is allowed (FAQ 3, 502.3,
# 607.1), or while an effect that allows them resolves (204.1, 206.1, 207.1).
ANY_TIME = frozenset({"capacite_faction", "tactique", "tactical", "jouer_par_effet"})
TACTICS_CLOSED = "un effet résolu ce tour a fermé la fenêtre des tactiques pour le tour complet"
TURN = Sequence(
    GAME,
    "tour",
    (
        Phase(
            "debut",
            "début du tour",
            (rid("602.1"), rid("602.1a"), rid("602.1b"), rid("602.1c"), rid("602.2")),
            text_fr="un seul événement : les dommages des personnages reviennent à 0, les effets "
            "« ce tour » s'arrêtent, les cartes du joueur actif peuvent attaquer ; les "
            "déclencheurs « au début de ce tour » s'activent, le joueur actif les ordonne. La "
            "règle de développement de sa faction lui permet de piocher OU de jouer une ressource "
            "(202.8).",
            allows=frozenset({"developper_pioche", "developper_ressource", "developpement"}),
            limits=(("developpement", 1, rid("202.8")),),
        ),
        Phase(
            "pendant",
            "suite du tour",
            (rid("603.1"), rid("603.2")),
            text_fr="le joueur actif joue des cartes, utilise des capacités et attaque, dans "
            "l'ordre qu'il veut et autant de fois qu'il le veut ; l'adversaire peut répondre "
            "(607.1).",
            allows=frozenset(
                {"jouer_carte", "capacite", "attaque", "fin_du_tour", "reponse"} | ANY_TIME
            ),
        ),
        Phase(
            "fin",
            "fin du tour",
            (rid("610.1"), rid("610.1a")),
            text_fr="le tour ne finit qu'après les réponses de l'adversaire ; les déclencheurs "
            "de fin de tour se produisent alors.",
            allows=frozenset({"reponse"} | ANY_TIME),
        ),
    ),
    (rid("603.2"),),
    actions_fr=(
        ("jouer_carte", "jouer une carte (604)"),
        ("capacite", "utiliser une capacité (606)"),
        ("attaque", "attaquer (608)"),
        ("fin_du_tour", "annoncer la fin de son tour"),
        ("reponse", "répondre : une tactique ou une capacité (607)"),
        ("developper_pioche", "piocher une carte (règle de développement, 202.8)"),
        ("developper_ressource", "jouer une ressource (règle de développement, 202.8)"),
        (
            "capacite_faction",
            "utiliser une capacité de faction : piocher, jouer une ressource (502.3)",
        ),
        ("tactique", "jouer une tactique (205.1)"),
        ("tactical", "jouer une carte « lorsque vous pouvez jouer une tactique » (507.6a)"),
        (
            "jouer_par_effet",
            "jouer une carte pendant la résolution d'un effet qui le permet (204.1)",
        ),
        ("developpement", "la règle de développement (202.8)"),
    ),
    limits=(("fin_du_tour", 1, rid("603.2d")),),
    counts_as=(
        ("developper_pioche", "developpement"),
        ("developper_ressource", "developpement"),
    ),
    restrictions=(
        ("tactiques_fermees", "tactique", rid("faq/2"), TACTICS_CLOSED),
        ("tactiques_fermees", "tactical", rid("507.6a"), TACTICS_CLOSED),
    ),
)
# The actions only the active player takes (603.2); the other player responds (607.1).
ACTIVE_ONLY = frozenset(
    {"jouer_carte", "attaque", "fin_du_tour", "developper_pioche", "developper_ressource"}
)


# --- scenario data -------------------------------------------------------------------------------


class Character(EngineCard):
    """A character on the engine's Card: printed and current Strength, Life (Endurance) and
    Speed; the damage received this turn is a counter (602.1a resets it); exhausted a status."""

    def __init__(
        self,
        name: str,
        strength: int,
        life: int,
        speed: int,
        damage: int = 0,
        exhausted: bool = False,
        controlled_since_turn_start: bool = True,  # 608.1b, 204.3
        covert: bool = False,  # 507.3
        unblockable: bool = False,  # 413.1: « ne peut être bloqué »
    ) -> None:
        printed = {"force": strength, "endurance": life, "vitesse": speed}
        super().__init__(name, printed=printed, kind="personnage")
        self.add("dommages", damage)
        if exhausted:
            self.statuses.add("epuise")
        self.controlled_since_turn_start = controlled_since_turn_start
        self.covert = covert
        if unblockable:
            self.statuses.add("imblocable")

    @property
    def unblockable(self) -> bool:
        return "imblocable" in self.statuses

    def _set(self, key: str, value: int) -> None:
        self.current[key] = value

    strength = property(lambda self: self.value("force"), lambda s, v: s._set("force", v))
    life = property(lambda self: self.value("endurance"), lambda s, v: s._set("endurance", v))
    speed = property(lambda self: self.value("vitesse"), lambda s, v: s._set("vitesse", v))
    damage = property(
        lambda self: self.count("dommages"),
        lambda self, v: self.add("dommages", v - self.count("dommages")),
    )

    @property
    def exhausted(self) -> bool:
        return "epuise" in self.statuses

    @exhausted.setter
    def exhausted(self, value: bool) -> None:
        (self.statuses.add if value else self.statuses.discard)("epuise")


@dataclass
class Location:
    name: str
    structure: int
    damage: int = 0  # damage received during the whole game (408.5)


@dataclass
class Tactic:
    """A tactic or ability played in a tactics window (609.1a = « A », 609.1e = « E »)."""

    round: int  # which pass through steps A-F (1 = the first)
    window: str  # "A" or "E"
    effect: str  # one of TACTIC_EFFECTS
    character: str | None = None
    value: int | None = None
    new: Character | None = None  # for "add"
    side: str | None = None  # for "add": "attackers" or "blockers"
    text: str = ""  # how the scenario describes the card played


TACTIC_EFFECTS = (
    "remove",  # removed from battle (302.15)
    "destroy",
    "return_to_hand",
    "change_control",  # 407.4
    "strength",
    "speed",
    "life",
    "add",  # a character added to a party
    "location_changes_control",  # 407.5
    "damage",  # damage dealt by the tactic itself: not battle damage (408.6, FAQ 17)
)


@dataclass
class CombatScenario:
    name: str
    title: str
    rulings: list[Ruling]
    faction: str
    influence: int
    attackers: list[Character]
    blockers: list[Character]
    location: Location | None = None
    target: str | None = None  # "faction" or "location"; None = forgotten (608.1a)
    assign: dict[str, dict[str, int]] = field(default_factory=dict)
    tactics: list[Tactic] = field(default_factory=list)


def _character(f: Fields) -> Character:
    c = Character(
        name=f.str("name"),
        strength=f.int("strength"),
        life=f.int("life"),
        speed=f.int("speed", minimum=0),
        damage=f.int("damage", 0, minimum=0),
        exhausted=f.bool("exhausted"),
        controlled_since_turn_start=f.bool("controlled_since_turn_start", True),
        covert=f.bool("covert"),
        unblockable=f.bool("unblockable"),
    )
    f.done()
    return c


# The zones out of play a combat scenario may name a card in (`state.out_of_play`, 403).
OUT_OF_PLAY_FR = {"main": "la main", "deck": "le deck", "defausse": "la pile de défausse"}


def read_combat(name: str, data: Fields) -> CombatScenario:
    """Validate a combat scenario (the `state` and `actions` of a scenario file)."""
    rulings = read_rulings(data, GAME)
    title = data.str("title")
    state = data.sub("state")
    faction = state.sub("faction")
    faction_name, influence = faction.str("name"), faction.int("influence", minimum=1)
    faction.done()
    location = None
    if state.has("location"):
        lf = state.sub("location")
        location = Location(lf.str("name"), lf.int("structure", minimum=1), lf.int("damage", 0, 0))
        lf.done()
    target = state.choice("target", ("faction", "location"), None)
    if target == "location" and location is None:
        raise ScenarioError(state.where("target"), "is 'location' but state.location is missing")
    attackers = [_character(f) for f in state.records("attackers")]
    blockers = [_character(f) for f in state.records("blockers", [])]
    elsewhere = read_out_of_play(state, OUT_OF_PLAY_FR, ())
    state.done()

    actions = data.sub("actions", None) or Fields({}, "actions")
    tactics = []
    for f in actions.records("tactics", []):
        t = Tactic(
            round=f.int("round", 1, minimum=1),
            window=f.choice("window", ("A", "E")),
            effect=f.choice("effect", TACTIC_EFFECTS),
            text=f.str("text", ""),
        )
        if t.effect == "add":
            t.side = f.choice("side", ("attackers", "blockers"))
            t.new = _character(f.sub("character"))
        elif t.effect != "location_changes_control":
            t.character = f.str("character")
        if t.effect in ("strength", "speed", "life", "damage"):
            t.value = f.int("value", minimum=0 if t.effect != "strength" else None)
        f.done()
        tactics.append(t)
    assign: dict[str, dict[str, int]] = {}
    if actions.has("assign"):
        af = actions.sub("assign")
        for source in sorted(af.data):
            split = af.sub(source)
            assign[source] = {r: split.int(r, minimum=0) for r in sorted(split.data)}
            split.done()
        af.done()
    actions.done()

    names = [c.name for c in attackers + blockers] + [t.new.name for t in tactics if t.new]
    unique_names(names, state.where("attackers"))
    unique_names(names + list(elsewhere), state.where("out_of_play"))
    known = set(names) | {faction_name} | ({location.name} if location else set())
    for t_index, t in enumerate(tactics):
        if t.character is not None:
            require_in_play(
                t.character,
                f"actions.tactics[{t_index}].character",
                names,
                elsewhere,
                rid("402.3"),
                "une carte qui ne précise pas de zone de jeu n'affecte que les cartes en jeu",
            )
        if t.effect == "location_changes_control" and location is None:
            raise ScenarioError(f"actions.tactics[{t_index}].effect", "there is no location")
    for source, split in assign.items():
        if source not in names:
            raise ScenarioError(f"actions.assign.{source}", "no character of that name")
        for recipient in split:
            if recipient not in known:
                raise ScenarioError(f"actions.assign.{source}.{recipient}", "unknown recipient")
    return CombatScenario(
        name=name,
        title=title,
        rulings=rulings,
        faction=faction_name,
        influence=influence,
        attackers=attackers,
        blockers=blockers,
        location=location,
        target=target,
        assign=assign,
        tactics=tactics,
    )


# --- the procedure -------------------------------------------------------------------------------

SIDE_FR = {"attackers": "attaquant", "blockers": "bloqueur"}


@dataclass
class _Fighter:
    card: Character
    side: str  # "attackers" / "blockers"
    in_battle: bool = True
    fate: str = "en jeu"  # "en jeu", "détruit", "renvoyé en main"
    assigned: bool = False

    @property
    def in_play(self) -> bool:
        return self.fate == "en jeu"


class _Combat:
    def __init__(self, sc: CombatScenario) -> None:
        self.sc = sc
        self.fighters: dict[str, _Fighter] = {}
        self.influence = sc.influence
        self.location = replace(sc.location) if sc.location else None
        self.location_destroyed = False
        self.location_lost = False  # 407.5: the target location changed control
        self.target = sc.target or "faction"
        self.level: int | None = None
        self.levels: list[int] = []
        self.refused: list[str] = []
        self.no_effect: list[str] = []
        self.default_splits: list[str] = []  # characters whose split is the model's default
        self.damage_events: dict[str, int] = {}
        self.battle_damage: dict[str, int] = {}  # 408.6: dealt by the steps of the resolution
        self.other_damage: dict[str, int] = {}  # dealt by tactics or abilities during the combat
        self.game_lost = False
        self.rec = Recorder(self.snapshot)

    # state shown with each step
    def snapshot(self) -> dict[str, Any]:
        def one(f: _Fighter) -> dict[str, Any]:
            status = f.fate if not f.in_play else ("au combat" if f.in_battle else "hors combat")
            return {
                "side": f.side,
                "strength": f.card.strength,
                "life": f.card.life,
                "speed": f.card.speed,
                "damage": f.card.damage,
                "exhausted": f.card.exhausted,
                "status": status,
                "assigned": f.assigned,
            }

        state: dict[str, Any] = {
            "level": self.level,
            "characters": {name: one(f) for name, f in self.fighters.items()},
            "faction": {"name": self.sc.faction, "influence": self.influence},
        }
        if self.location:
            state["location"] = {
                "name": self.location.name,
                "structure": self.location.structure,
                "damage": self.location.damage,
                "destroyed": self.location_destroyed,
            }
        return state

    def target_name(self) -> str:
        return (
            self.location.name if self.target == "location" and self.location else self.sc.faction
        )

    def target_valid(self) -> bool:
        if self.target == "location":
            return not (self.location_destroyed or self.location_lost)
        return not self.game_lost

    def in_battle(self, side: str) -> list[_Fighter]:
        return [f for f in self.fighters.values() if f.side == side and f.in_play and f.in_battle]

    # -- declarations (608.1a-d) --
    def declare(self) -> bool:
        sc, rec = self.sc, self.rec
        if sc.target is None:
            rec.step(
                [rid("608.1a")],
                f"Annonce : aucune cible n'a été choisie, l'attaque vise donc par défaut la "
                f"faction adverse ({sc.faction}).",
            )
        else:
            rec.step([rid("608.1a")], f"Annonce : l'attaque vise {self.target_name()}.")
        for c in sc.attackers:
            card = copy.deepcopy(c)
            if card.exhausted or not card.controlled_since_turn_start:
                why = (
                    "est épuisé"
                    if card.exhausted
                    else "n'est pas sous votre contrôle depuis le début du tour"
                )
                self.refused.append(card.name)
                rec.step(
                    [rid("608.1b"), rid("204.3")], f"{card.name} ne peut pas attaquer : il {why}."
                )
                continue
            card.exhausted = True
            self.fighters[card.name] = _Fighter(card, "attackers")
        attackers = self.in_battle("attackers")
        if not attackers:
            rec.step(
                [rid("608.1a")],
                "Aucun attaquant possible : le combat s'arrête à l'annonce.",
            )
            return False
        names = ", ".join(f.card.name for f in attackers)
        rec.step(
            [rid("608.1b")],
            f"Attaquants : {names} {_plural(attackers, 'forme', 'forment')} le groupe "
            f"d'attaquants et {_plural(attackers, 'est épuisé', 'sont épuisés')}.",
        )
        covert_party = all(f.card.covert for f in attackers)
        if covert_party:
            rec.step(
                [rid("507.3a")],
                "Tous les attaquants ont Covert : le groupe est un groupe à couvert.",
            )
        blockers = []
        unblockable_party = all(f.card.unblockable for f in attackers)
        if unblockable_party:
            rec.step(
                [UNBLOCKABLE],
                "Tous les attaquants ne peuvent être bloqués : le joueur défenseur ne peut pas "
                "former de groupe de bloqueurs.",
            )
        elif any(f.card.unblockable for f in attackers):
            rec.step(
                [UNBLOCKABLE],
                "Certains attaquants seulement ne peuvent être bloqués : le groupe ne l'est pas "
                "entièrement, le défenseur peut bloquer.",
            )
        for c in sc.blockers:
            card = copy.deepcopy(c)
            if unblockable_party:
                self.refused.append(card.name)
                rec.step([UNBLOCKABLE], f"{card.name} ne peut pas bloquer un groupe imblocable.")
                continue
            if card.exhausted:
                self.refused.append(card.name)
                rec.step([rid("608.1d")], f"{card.name} est épuisé : il ne peut pas bloquer.")
                continue
            if covert_party and not card.covert:
                self.refused.append(card.name)
                rec.step(
                    [rid("507.3b")],
                    f"{card.name} n'a pas Covert : il ne peut pas bloquer un groupe à couvert.",
                )
                continue
            if card.covert and not covert_party:
                self.refused.append(card.name)
                rec.step(
                    [rid("507.3c")],
                    f"{card.name} a Covert : il ne peut bloquer qu'un groupe à couvert.",
                )
                continue
            self.fighters[card.name] = _Fighter(card, "blockers")
            blockers.append(card.name)
        if blockers:
            rec.step(
                [rid("608.1d"), CE_BLOCKERS],
                f"Bloqueurs : {', '.join(blockers)} {_plural(blockers, 'forme', 'forment')} le "
                "groupe de bloqueurs (bloquer n'épuise pas).",
            )
        else:
            rec.step([rid("608.1d")], "Pas de groupe de bloqueurs dans ce combat.")
        return True

    # -- standing destruction (204.5, 408.4) --
    def state_check(self) -> None:
        for f in self.fighters.values():
            if f.in_play and f.card.damage >= f.card.life:
                f.fate = "détruit"
                f.in_battle = False
                rules = [rid("204.5"), rid("408.4")]
                if f.card.life <= 0:
                    rules.append(FAQ_LIFE_0)
                self.rec.step(
                    rules,
                    f"{f.card.name} a reçu {f.card.damage} dommage(s) ce tour pour une Vie de "
                    f"{f.card.life} : {f.card.damage} ≥ {f.card.life}, il est détruit immédiatement.",
                )

    # -- tactics windows (609.1a, 609.1e) --
    def window(self, letter: str, round_: int) -> None:
        rule = rid("609.1a") if letter == "A" else rid("609.1e")
        for t in self.sc.tactics:
            if t.round != round_ or t.window != letter:
                continue
            played = f" ({t.text})" if t.text else ""
            if t.effect == "add":
                assert t.new is not None and t.side is not None
                card = copy.deepcopy(t.new)
                self.fighters[card.name] = _Fighter(card, t.side)
                self.rec.step(
                    [rule, CE_REPEAT],
                    f"Étape {letter} : {t.text or 'une tactique'} ajoute {card.name} (Vitesse "
                    f"{card.speed}) au groupe des {SIDE_FR[t.side]}s ; il n'a pas encore assigné de "
                    "dommages, il agira donc à son niveau de vitesse même si ce niveau est déjà passé.",
                )
                continue
            if t.effect == "location_changes_control":
                self.location_lost = True
                self.rec.step(
                    [rule, rid("407.5")],
                    f"Étape {letter} : {t.text or 'une tactique'} fait changer {self.location.name} "  # type: ignore[union-attr]
                    "de contrôleur : ce lieu n'est plus la cible de l'attaque.",
                )
                continue
            f = self.fighters.get(t.character or "")
            if f is None or not f.in_play:
                self.rec.step(
                    [rule],
                    f"Étape {letter} : la tactique{played} n'a pas d'effet, {t.character} "
                    "n'est pas au combat.",
                )
                continue
            name = f.card.name
            if t.effect == "remove":
                f.in_battle = False
                self.rec.step(
                    [rule, rid("302.15")],
                    f"Étape {letter} : {name} est retiré du combat{played} ; les dommages qui lui "
                    "étaient assignés sont annulés.",
                )
            elif t.effect == "damage":
                f.card.damage += t.value or 0
                self.other_damage[name] = self.other_damage.get(name, 0) + (t.value or 0)
                self.rec.step(
                    [rule, rid("408.6")],
                    f"Étape {letter} : {name} reçoit {t.value} dommage(s){played} ; infligés par "
                    "une tactique et non par une étape de la résolution, ce ne sont PAS des "
                    "dommages de combat.",
                )
            elif t.effect == "change_control":
                f.in_battle = False
                self.rec.step(
                    [rule, rid("407.4"), rid("407.4a")],
                    f"Étape {letter} : {name} change de contrôleur{played} et est retiré du "
                    "combat ; les dommages de combat qui lui étaient assignés ne seront pas infligés.",
                )
            elif t.effect in ("destroy", "return_to_hand"):
                f.fate = "détruit" if t.effect == "destroy" else "renvoyé en main"
                f.in_battle = False
                rules = [rule]
                if f.assigned and letter == "E":
                    rules.append(CE_E)
                elif not f.assigned:
                    rules.append(CE_A)
                if t.effect == "return_to_hand":
                    f.card.damage = 0
                    rules.append(rid("408.9"))
                after = (
                    " Il avait déjà assigné ses dommages : ils seront TOUT DE MÊME infligés à "
                    "l'étape F."
                    if f.assigned and letter == "E"
                    else " Il n'ajoute pas sa force au combat et n'inflige pas de dommages."
                    if not f.assigned
                    else ""
                )
                self.rec.step(rules, f"Étape {letter} : {name} est {f.fate}{played}.{after}")
            else:
                old = getattr(f.card, t.effect)
                setattr(f.card, t.effect, t.value)
                label = {"strength": "Force", "speed": "Vitesse", "life": "Vie"}[t.effect]
                after, rules = "", [rule]
                if t.effect == "strength" and f.assigned:
                    after = " Les dommages déjà assignés ne changent pas."
                    rules.append(CE_E)
                self.rec.step(
                    rules,
                    f"Étape {letter} : la {label} de {name} passe de {old} à {t.value}{played}.{after}",
                )
            self.state_check()

    # -- assignment (609.1c, 609.1d) --
    def split(self, f: _Fighter, recipients: list[_Fighter], pending: dict[str, int]) -> dict:
        strength = max(f.card.strength, 0)
        explicit = self.sc.assign.get(f.card.name)
        if explicit is not None:
            allowed = {r.card.name for r in recipients}
            for recipient in explicit:
                if recipient not in allowed:
                    raise ScenarioError(
                        f"actions.assign.{f.card.name}.{recipient}",
                        f"{recipient} cannot receive {f.card.name}'s damage at this point "
                        f"(possible: {', '.join(sorted(allowed))})",
                    )
            if sum(explicit.values()) != strength:
                raise ScenarioError(
                    f"actions.assign.{f.card.name}",
                    f"assigns {sum(explicit.values())} but {f.card.name} has Strength {strength} "
                    "when it assigns",
                )
            return {r: n for r, n in explicit.items() if n}
        out: dict[str, int] = {}
        left = strength
        for r in recipients:
            need = max(r.card.life - r.card.damage - pending.get(r.card.name, 0), 0)
            give = min(left, need)
            if give:
                out[r.card.name] = give
                left -= give
        if left and recipients:
            first = recipients[0].card.name
            out[first] = out.get(first, 0) + left
        return out

    def assign(self, side: str, level: int, assignments: list[tuple[str, str, int]]) -> None:
        rule = rid("609.1c") if side == "attackers" else rid("609.1d")
        step = "C" if side == "attackers" else "D"
        other = "blockers" if side == "attackers" else "attackers"
        pending: dict[str, int] = {}
        for _s, r, n in assignments:
            pending[r] = pending.get(r, 0) + n
        acting = [f for f in self.in_battle(side) if not f.assigned and f.card.speed == level]
        for f in acting:
            f.assigned = True
            name = f.card.name
            recipients = self.in_battle(other)
            if f.card.strength <= 0:
                self.rec.step(
                    [rule, rid("408.1"), rid("408.1b")],
                    f"Étape {step} : {name} a une Force de {f.card.strength} ; il n'inflige aucun "
                    "dommage mais est considéré comme ayant infligé ses dommages.",
                )
                continue
            if recipients:
                split = self.split(f, recipients, pending)
                for r, n in split.items():
                    assignments.append((name, r, n))
                    pending[r] = pending.get(r, 0) + n
                parts = ", ".join(f"{n} à {r}" for r, n in split.items())
                chosen = name in self.sc.assign
                defaults = []
                how = ""
                if not chosen and len(recipients) > 1:
                    self.default_splits.append(name)
                    how = (
                        " — répartition par défaut du modèle, le scénario ne donne pas celle "
                        "choisie par les joueurs"
                    )
                    defaults = [f"répartition des dommages de {name}"]
                if side == "attackers":
                    self.rec.note(
                        "609.1c fait assigner des dommages « égaux à leur Force » ; le commentaire "
                        "de « Le combat expliqué » (étape C) dit « jusqu'à 3 points de dommages » "
                        "pour une Force de 3. Le modèle suit la règle : toute la Force est assignée."
                    )
                self.rec.step(
                    [rule, CE_C if side == "attackers" else CE_D],
                    f"Étape {step} : {name} (Force {f.card.strength}, Vitesse {level}) assigne "
                    f"{parts} (assignés, pas encore infligés){how}.",
                    defaults,
                )
            elif side == "attackers" and self.target_valid():
                target = self.target_name()
                assignments.append((name, target, f.card.strength))
                pending[target] = pending.get(target, 0) + f.card.strength
                rules = [rule]
                if any(g.side == "blockers" for g in self.fighters.values()):
                    rules.append(INTRO_DAMAGE)
                self.rec.step(
                    rules,
                    f"Étape {step} : il ne reste aucun bloqueur ; {name} (Force "
                    f"{f.card.strength}) assigne ses dommages à la cible de l'attaque, {target}.",
                )
            else:
                self.no_effect.append(name)
                rules = [rule, CE_NO_TARGET]
                if side == "attackers" and self.location_lost:
                    rules.append(rid("407.5a"))
                self.rec.step(
                    rules,
                    f"Étape {step} : {name} n'a plus aucune cible pour ses dommages ; il ne fait "
                    "rien mais est considéré comme ayant assigné ses dommages, pour que la "
                    "résolution du combat se termine.",
                )

    # -- application (609.1f) --
    def apply(self, assignments: list[tuple[str, str, int]]) -> None:
        totals: dict[str, int] = {}
        sources: dict[str, list[str]] = {}
        for s, r, n in assignments:
            totals[r] = totals.get(r, 0) + n
            sources.setdefault(r, []).append(s)
        if not totals:
            self.rec.step([rid("609.1f")], "Étape F : aucun dommage n'a été assigné à ce niveau.")
            return
        for recipient, amount in totals.items():
            by = ", ".join(sources[recipient])
            several = (
                f" La somme des dommages de {by} est infligée en un seul montant."
                if len(sources[recipient]) > 1
                else ""
            )
            f = self.fighters.get(recipient)
            if f is not None:
                if not (f.in_play and f.in_battle):
                    rules = [rid("609.1f"), CE_F, rid("302.15")]
                    if f.in_play:
                        rules.append(rid("407.4a"))
                    self.rec.step(
                        rules,
                        f"Étape F : {recipient} n'est plus au combat ; les {amount} dommage(s) "
                        "qui lui étaient assignés ne sont PAS infligés.",
                    )
                    continue
                self.damage_events[recipient] = self.damage_events.get(recipient, 0) + 1
                self.battle_damage[recipient] = self.battle_damage.get(recipient, 0) + amount
                f.card.damage += amount
                self.rec.step(
                    [rid("609.1f")],
                    f"Étape F : {recipient} reçoit {amount} dommage(s) ({f.card.damage} ce tour, "
                    f"Vie {f.card.life}).{several}",
                )
                continue
            if self.location and recipient == self.location.name:
                if not self.target_valid():
                    self.rec.step(
                        [rid("609.1f"), rid("407.5a")],
                        f"Étape F : {recipient} n'est plus la cible ; ces dommages ne font rien.",
                    )
                    continue
                self.damage_events[recipient] = self.damage_events.get(recipient, 0) + 1
                self.location.damage += amount
                self.rec.step(
                    [rid("609.1f"), rid("408.5")],
                    f"Étape F : le lieu {recipient} reçoit {amount} dommage(s) ({self.location.damage} "
                    f"depuis le début de la partie, Structure {self.location.structure}).{several}",
                )
                if self.location.damage >= self.location.structure:
                    self.location_destroyed = True
                    self.rec.step(
                        [rid("408.5")],
                        f"{recipient} a reçu des dommages supérieurs ou égaux à sa Structure : "
                        "il est détruit.",
                    )
                continue
            self.damage_events[recipient] = self.damage_events.get(recipient, 0) + 1
            self.influence -= amount
            self.rec.step(
                [rid("609.1f"), rid("408.3")],
                f"Étape F : la faction {recipient} subit {amount} dommage(s) et perd autant de "
                f"points d'influence ({self.influence} restants).{several}",
            )
            if self.influence <= 0:
                self.game_lost = True
                self.rec.step(
                    [rid("408.3a")],
                    f"La faction {recipient} atteint 0 point d'influence : son joueur perd la partie.",
                )
        self.state_check()

    def run(self) -> Trace:
        rec = self.rec
        if self.declare():
            round_ = 0
            while not self.game_lost:
                round_ += 1
                self.level = None
                self.window("A", round_)
                waiting = [f for f in self.fighters.values() if f.in_play and f.in_battle]
                waiting = [f for f in waiting if not f.assigned]
                if not waiting:
                    break
                self.level = max(f.card.speed for f in waiting)
                self.levels.append(self.level)
                rec.step(
                    [rid("609.1b"), CE_LEVEL] + ([CE_REPEAT] if round_ > 1 else []),
                    f"Étape B : la plus grande Vitesse parmi les personnages du combat qui n'ont pas "
                    f"encore assigné de dommages est {self.level} ; X = {self.level}.",
                )
                if round_ == 1:
                    rec.note(
                        "609.1b dit « parmi vos personnages » ; « Le combat expliqué » précise « parmi "
                        "tous les Characters du combat ». Le modèle suit ce commentaire : attaquants "
                        "et bloqueurs partagent le même niveau X."
                    )
                assignments: list[tuple[str, str, int]] = []
                self.assign("attackers", self.level, assignments)
                self.assign("blockers", self.level, assignments)
                self.window("E", round_)
                self.apply(assignments)
                waiting = [
                    f
                    for f in self.fighters.values()
                    if f.in_play and f.in_battle and not f.assigned
                ]
                if waiting and not self.game_lost:
                    rec.step(
                        [rid("609.1g")],
                        "Étape G : des personnages du combat n'ont pas encore assigné de dommages ; "
                        "on recommence à l'étape A.",
                    )
            self.level = None
            if self.game_lost:
                rec.step([rid("408.3a")], "La partie est terminée : le combat s'arrête.")
            else:
                rec.step(
                    [rid("609.1g")],
                    "Étape G : tous les personnages du combat ont assigné leurs dommages ou ne sont "
                    "plus en jeu ; la répétition s'arrête.",
                )
                survivors = [f for f in self.fighters.values() if f.in_play and f.in_battle]
                for f in survivors:
                    f.card.exhausted = True
                names = ", ".join(f.card.name for f in survivors) or "aucun"
                rec.step(
                    [rid("609.1h"), CE_END],
                    f"Étape H (Fin) : tous les personnages survivants du combat, bloqueurs compris, "
                    f"sont épuisés : {names}.",
                )
        return rec.trace("combat", GAME, self.sc, self.result())

    def result(self) -> dict[str, Any]:
        fs = self.fighters.values()
        result: dict[str, Any] = {
            "speed_levels": list(self.levels),
            "destroyed": sorted(f.card.name for f in fs if f.fate == "détruit"),
            "left_play": {f.card.name: f.fate for f in fs if not f.in_play},
            "damage": {f.card.name: f.card.damage for f in fs if f.in_play},
            "exhausted": sorted(f.card.name for f in fs if f.in_play and f.card.exhausted),
            "refused": list(self.refused),
            "no_target": list(self.no_effect),
            "default_splits": list(self.default_splits),
            "damage_events": dict(sorted(self.damage_events.items())),
            "battle_damage": dict(sorted(self.battle_damage.items())),
            "other_damage": dict(sorted(self.other_damage.items())),
            "influence": self.influence,
            "game_lost": self.game_lost,
        }
        if self.location:
            result["location"] = {
                "damage": self.location.damage,
                "destroyed": self.location_destroyed,
            }
        return result


def _plural(items: list[Any], one: str, many: str) -> str:
    return one if len(items) == 1 else many


def resolve_combat(scenario: CombatScenario) -> Trace:
    """Resolve one combat (608.1a-e, 609.1a-h) and return its trace."""
    return _Combat(scenario).run()
