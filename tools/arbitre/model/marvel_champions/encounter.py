"""Marvel Champions: revealing encounter cards (« Révéler »), with Surge (« Renfort ») and
Quickstrike (« Coup Rapide ») on the engine.

A player reveals the cards dealt to them, one at a time.  A minion enters play and engages the
player who revealed it (« Sbire », « Engager »); with Coup Rapide it then attacks that player if
their identity is in hero form (« Coup Rapide ») — an attack run by `attacks`.  A card with
Renfort makes the player reveal one more card from the top of the encounter deck, once the
original card is fully resolved (« Renfort »).  Other card types are revealed and resolved as
their text says (not modelled: the trace says so).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from arbitre.model.core.french import que
from arbitre.model.core.scenario import Fields, ScenarioError, Wrapping
from arbitre.model.core.state import Card, GameState, Player
from arbitre.model.core.trace import Trace
from arbitre.model.marvel_champions.attacks import EnemyActivations
from arbitre.model.marvel_champions.attacks_read import Activation, AttackScenario, read_attacks
from arbitre.model.marvel_champions.rules import GAME, Character

G = f"{GAME}/glossaire"
MINION = f"{G}/sbire"
ENGAGE = f"{G}/engager"
QUICKSTRIKE = f"{G}/coup-rapide"
SURGE = f"{G}/renfort"
ATTACH = f"{G}/attachez-cette-carte"
ENTER = f"{G}/entrer-en-jeu"
RESPONSE = f"{G}/reponse"
TYPES = ("sbire", "traitrise", "attachement", "environnement", "manigance-annexe", "obligation")
KEYWORDS = ("renfort", "coup_rapide")
TYPE_FR = {
    "sbire": "sbire",
    "traitrise": "traîtrise",
    "attachement": "attachement",
    "environnement": "environnement",
    "manigance-annexe": "manigance annexe",
    "obligation": "obligation",
}


@dataclass
class EncounterCard:
    name: str
    type: str
    keywords: set[str] = field(default_factory=set)
    attach_to_hero: bool = False  # an attachment: « Attachez cette carte à votre héros »


@dataclass
class MinionResponse:
    """A player's response « après qu'un sbire est entré en jeu »: damage to that minion."""

    card: str
    damage: int


@dataclass
class RevealScenario(Wrapping):
    attacks: AttackScenario  # the players, their identities, and the minions as characters
    player: str  # who reveals
    dealt: int  # cards dealt to the player (the top of the deck)
    deck: list[EncounterCard] = field(default_factory=list)  # top first
    responses: list[MinionResponse] = field(default_factory=list)

    wrapped = "attacks"  # name, title and rulings are the attacks scenario's


def read_reveal(name: str, data: Fields) -> RevealScenario:
    title, reproduces = data.raw("title"), data.raw("reproduces")
    state = data.sub("state")
    deck: list[EncounterCard] = []
    minions: list[dict[str, Any]] = []
    for cf in state.records("deck"):
        card = EncounterCard(
            cf.str("name"),
            cf.choice("type", TYPES),
            set(cf.str_list("keywords", [])),
            cf.bool("attach_to_hero"),
        )
        if card.attach_to_hero and card.type != "attachement":
            raise ScenarioError(cf.where("attach_to_hero"), "only an attachment attaches")
        for k in sorted(card.keywords):
            if k not in KEYWORDS:
                raise ScenarioError(cf.where("keywords"), f"expected among {', '.join(KEYWORDS)}")
        if card.type == "sbire":
            minions.append(
                {
                    "name": card.name,
                    "kind": "sbire",
                    "hp": cf.int("hp", minimum=1),
                    "atk": cf.int("atk", minimum=0),
                }
            )
        cf.done()
        deck.append(card)
    responses = []
    for rf in state.records("responses", []):
        responses.append(MinionResponse(rf.str("card"), rf.int("damage", minimum=0)))
        rf.done()
    players = state.raw("players")
    sc = read_attacks(
        name,
        Fields(
            {
                "title": title,
                "reproduces": reproduces,
                "state": {"players": copy.deepcopy(players), "enemies": minions},
                "actions": {"attacks": []},
            }
        ),
    )
    actions = data.sub("actions")
    player = actions.player("player", sc.players)
    dealt = actions.int("dealt", 1, minimum=1)
    actions.done()
    if dealt > len(deck):
        raise ScenarioError(actions.where("dealt"), "more cards dealt than the deck holds")
    state.done()
    return RevealScenario(sc, player, dealt, deck, responses)


def run_reveal(rs: RevealScenario) -> Trace:
    """Reveal the cards dealt to the player, and one more for each Renfort."""
    return _Reveals(rs).play()


class _Reveals:
    """One player's reveals: the encounter deck on a core GameState, the minions on the engine."""

    def __init__(self, rs: RevealScenario) -> None:
        self.rs = rs
        self.run = EnemyActivations(rs.attacks)
        self.rec = self.run.rec
        self.game = GameState([Player(p) for p in rs.attacks.players])
        for c in rs.deck:
            self.game.put(Card(c.name, kind=c.type), "deck-rencontre")
        self.revealed: list[str] = []
        self.engaged: list[str] = []
        self.n_attack = 0  # the attacks run so far (Coup Rapide), numbered for the trace

    def play(self) -> Trace:
        """Reveal from the top of the deck until the dealt cards and the Renfort ones are done."""
        rs, rec = self.rs, self.rec
        to_reveal = rs.dealt
        while to_reveal:
            top = self.game.draw("deck-rencontre")
            if top is None:
                rec.step([SURGE], "Le deck Rencontre est vide : rien de plus à révéler.")
                break
            to_reveal -= 1
            card = next(c for c in rs.deck if c.name == top.name)
            self.revealed.append(card.name)
            self.resolve(card)
            if "renfort" in card.keywords:
                to_reveal += 1
                rec.step(
                    [SURGE],
                    f"{card.name} a Renfort : une fois sa résolution terminée, {rs.player} révèle "
                    "une carte Rencontre supplémentaire du dessus du deck Rencontre.",
                )
        result = self.run.result()
        result["encounter_revealed"] = self.revealed
        result["engaged"] = self.engaged
        return rec.trace("revelation", GAME, rs.attacks, result)

    def resolve(self, card: EncounterCard) -> None:
        """One revealed card: a minion enters play; an attachment may not attach; others resolve."""
        rs, run = self.rs, self.run
        if card.type == "sbire":
            self.minion(card)
        elif card.attach_to_hero and run.identity(rs.player).form == "alter_ego":
            self.game.move(card.name, "defausse-rencontre")
            self.rec.step(
                [ATTACH, f"{G}/attachement"],
                f"{rs.player} révèle {card.name}, qui doit s'attacher à son héros ; "
                f"{run.identity(rs.player).name} est sous forme d'alter ego : elle ne peut pas "
                "s'attacher et est simplement défaussée (aucune carte n'est révélée à sa place).",
            )
        else:
            self.game.move(card.name, "defausse-rencontre")
            self.rec.step(
                [f"{G}/cartes-rencontre"],
                f"{rs.player} révèle {card.name} ({TYPE_FR[card.type]}) et la résout selon son "
                "texte (non modélisé ici).",
            )

    def minion(self, card: EncounterCard) -> None:
        """A minion enters play, takes the responses' damage, engages the player if it survives,
        then attacks with Coup Rapide."""
        rs, run, rec = self.rs, self.run, self.rec
        rec.step([MINION, ENTER], f"{rs.player} révèle {card.name}, un sbire : il entre en jeu.")
        for r in rs.responses:
            run.triggered.append(r.card)
            rec.step(
                [RESPONSE, ENTER],
                f"Réponse {r.card} : elle se déclenche après {que(card.name)} est entré en jeu, "
                "avant qu'il n'engage le joueur.",
            )
            run.deal(run.chars[card.name], r.damage, f"{r.card}", [RESPONSE])
        if not run.alive(card.name):
            self.game.move(card.name, "defausse-rencontre")
            rec.step([MINION], f"{card.name} a été vaincu avant d'engager {rs.player}.")
        else:
            self.game.move(card.name, "engage", rs.player)
            self.engaged.append(card.name)
            rec.step([MINION, ENGAGE], f"{card.name} engage {rs.player}.")
        identity = run.identity(rs.player)
        if "coup_rapide" in card.keywords and run.alive(card.name):
            self.quickstrike(card, identity)

    def quickstrike(self, card: EncounterCard, identity: Character) -> None:
        """Coup Rapide: the engaged minion attacks the player if their identity is a hero."""
        rs, rec = self.rs, self.rec
        if identity.form == "heros":
            self.n_attack += 1
            rec.step(
                [QUICKSTRIKE],
                f"{card.name} a Coup Rapide et {identity.name} est sous forme de héros : "
                f"{card.name} attaque {rs.player}.",
            )
            self.run.run_one(Activation(card.name, rs.player, cause="effet"), self.n_attack)
        else:
            rec.step(
                [QUICKSTRIKE],
                f"{card.name} a Coup Rapide, mais {identity.name} est sous forme d'alter ego : "
                "il n'attaque pas.",
            )
