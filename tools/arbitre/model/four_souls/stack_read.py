"""Four Souls « pile »: reading a scenario (the players, the treasure deck and the shop, and the
plays in order, each checked against what the stack holds when it is played).

stack_play.py runs what this module reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arbitre.model.core.french import of
from arbitre.model.core.rules import require
from arbitre.model.core.scenario import Fields, ScenarioError, read_opening, require_in_play
from arbitre.model.core.trace import Ruling
from arbitre.model.four_souls.rules import BUY, GAME

KINDS = (
    "effet",
    "jet",
    "relance",
    "fixe",
    "annulation",
    "achat",
    "dessus",
    "vote",
    "resolution",
)
TARGETS_A_ROLL = ("relance", "fixe")
BECOMES = ("objet", "âme")


@dataclass
class Play:
    source: str
    player: str
    kind: str  # one of KINDS
    text: str = ""
    die: int | None = None  # jet, relance
    target: str | None = None  # relance, fixe, annulation: the source of an item on the stack
    kills: str | None = None  # effet: the player it kills when it resolves
    card: str | None = None  # dessus: the card put on top of the treasure deck
    item: str | None = None  # effet: the item whose ability this is (not a card on the stack)
    destroys_item: bool = False  # the item's destruction is part of the effect
    becomes: str | None = None  # a loot card that becomes an item or a soul when it resolves
    ruling: str | None = None  # the card's ruling, cited when it applies
    buys: str | None = None  # achat: an item of the shop (else the top of the treasure deck)
    votes: dict[str, str] = field(default_factory=dict)  # vote: each player's vote


@dataclass
class StackScenario:
    name: str
    title: str
    rulings: list[Ruling]
    players: list[str]
    active_player: str
    plays: list[Play] = field(default_factory=list)
    treasure_deck: list[str] = field(default_factory=list)  # top first
    shop: list[str] = field(default_factory=list)  # the items in the shop's slots
    deactivated: list[str] = field(default_factory=list)  # cards that are deactivated


def _simulate(plays: list[Play], p: Play, on_stack: list[Play]) -> None:
    """Keep `on_stack` as the reader's view of the stack (sources, bottom first) after `p`."""
    if p.kind != "resolution":
        on_stack.append(p)
        return
    top = on_stack.pop()
    if top.kind == "annulation":
        on_stack[:] = [q for q in on_stack if q.source != top.target]
    if top.kills is not None:
        on_stack.append(Play(f"mort {of(top.kills)}", top.kills, "effet"))


def read_stack(name: str, data: Fields) -> StackScenario:
    rulings, title, state = read_opening(data, GAME)
    players = state.str_list("players")
    active = state.player("active_player", players)
    treasure_deck = state.str_list("treasure_deck", [])
    shop = state.str_list("shop", [])
    deactivated = state.str_list("deactivated", [])
    state.done()
    plays = _read_plays(data, players, active)
    _check_purchases(data, plays, treasure_deck, shop)
    return StackScenario(
        name, title, rulings, players, active, plays, treasure_deck, shop, deactivated
    )


def _read_plays(data: Fields, players: list[str], active: str) -> list[Play]:
    """`actions.plays`, each checked against the stack as the plays before it left it."""
    plays: list[Play] = []
    on_stack: list[Play] = []
    actions = data.sub("actions")
    for pf in actions.records("plays"):
        kind = pf.choice("kind", KINDS)
        if kind == "resolution":
            pf.done()
            if not on_stack:
                raise ScenarioError(pf.where("kind"), "nothing on the stack to resolve")
            p = Play("", active, kind)
        else:
            p = _read_play(pf, kind, players)
            _check_fields(pf, p)
            _check_on_stack(pf, p, on_stack, active)
            pf.done()
        _simulate(plays, p, on_stack)
        plays.append(p)
    if not plays:
        raise ScenarioError(data.where("actions.plays"), "put at least one thing on the stack")
    actions.done()
    return plays


def _read_play(pf: Fields, kind: str, players: list[str]) -> Play:
    """One play that puts something on the stack (any kind but « resolution »)."""
    p = Play(
        source=pf.str("source"),
        player=pf.player("player", players),
        kind=kind,
        text=pf.str("text", ""),
        die=pf.int("die", None, minimum=1),
        target=pf.str("target", None),
        kills=pf.player("kills", players, None),
        card=pf.str("card", None),
        item=pf.str("item", None),
        destroys_item=pf.bool("destroys_item"),
        becomes=pf.choice("becomes", BECOMES, None),
        ruling=pf.str("ruling", None),
        buys=pf.str("buys", None),
    )
    if kind == "vote":
        vf = pf.sub("votes")
        p.votes = {n: vf.str(n) for n in players if vf.has(n)}
        vf.done()
        if set(p.votes) != set(players):
            raise ScenarioError(pf.where("votes"), "every player votes")
    return p


def _check_fields(pf: Fields, p: Play) -> None:
    """The play's fields agree with each other and with its kind."""
    if p.ruling is not None and not p.ruling.startswith(f"{GAME}/"):
        raise ScenarioError(pf.where("ruling"), f"must be an id of {GAME}")
    if p.destroys_item and not p.item:
        raise ScenarioError(pf.where("destroys_item"), "name the item (item:)")
    if p.kind in ("jet",) + TARGETS_A_ROLL and (p.die is None or p.die > 6):
        raise ScenarioError(pf.where("die"), "a roll or reroll needs a die from 1 to 6")
    if p.kind == "dessus" and not p.card:
        raise ScenarioError(pf.where("card"), "name the card put on top of the treasure deck")


def _check_on_stack(pf: Fields, p: Play, on_stack: list[Play], active: str) -> None:
    """What the play targets is on the stack; a purchase starts on an empty stack (« Acheter »)."""
    if p.kind in TARGETS_A_ROLL + ("annulation",):
        if p.target not in [q.source for q in on_stack]:
            raise ScenarioError(pf.where("target"), "must be the source of a play on the stack")
        aimed = next(q for q in on_stack if q.source == p.target)
        if p.kind in TARGETS_A_ROLL and aimed.kind != "jet":
            raise ScenarioError(pf.where("target"), "a reroll targets a roll")
    if p.kind == "achat":
        require(
            p.player == active,
            BUY,
            f"{p.player} n'est pas le joueur actif : seul le joueur actif achète, pendant sa "
            "phase d'action",
            pf.where("player"),
        )
        require(
            not on_stack,
            BUY,
            f"{p.player} ne peut commencer un achat que lorsque la pile est vide (pas en "
            "réponse à quoi que ce soit)",
            pf.where("kind"),
        )


def _check_purchases(
    data: Fields, plays: list[Play], treasure_deck: list[str], shop: list[str]
) -> None:
    """The shop's items are in play (« En jeu »); the treasure deck's cards are not, and only its
    top card is bought, unnamed (`buys` absent): naming a card of the deck breaks the rule."""
    elsewhere = {card: "dans le paquet trésor" for card in treasure_deck}
    for i, p in enumerate(plays):
        if p.kind == "achat" and p.buys is not None:
            require_in_play(
                p.buys,
                f"{data.where('actions.plays')}[{i}].buys",
                shop,
                elsewhere,
                BUY,
                "on achète un objet de la boutique (en jeu) ou, sans la choisir, la carte du "
                "dessus du paquet trésor",
            )
