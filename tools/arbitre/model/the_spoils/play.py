"""The Spoils: playing a non-resource card (604.1 a-h): threshold, cost, legality, responses.

The player's resources are the engine's Cards in play (face down: a Volition icon, 411.1; face up:
their printed icons); paying the cost exhausts as many ready resources.  A card whose threshold
the player cannot meet cannot be played at all (604.1b, 405.2): the scenario is refused.  A cost
that cannot be paid makes the play illegal (604.1e): everything done to play it is undone.  A card
put into play by an effect is not played (402.8, FAQ 14): no threshold, no cost, no response.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.model.core.french import of
from arbitre.model.core.rules import require
from arbitre.model.core.scenario import Fields, read_opening, unique_names
from arbitre.model.core.state import Card, GameState, Player
from arbitre.model.core.trace import Recorder, Ruling, Trace

GAME = "the-spoils"


def rid(number: str) -> str:
    return f"{GAME}/{number}"


TYPES = ("personnage", "objet", "lieu", "tactique")
IN_PLAY = ("personnage", "objet", "lieu")
VOLITION = "Volonté"


@dataclass
class PlayScenario:
    name: str
    title: str
    rulings: list[Ruling]
    player: str
    opponent: str
    resources: list[Card]
    card: Card
    cost: int
    threshold: dict[str, int]
    responses: list[str] = field(default_factory=list)
    put_into_play: bool = False  # by an effect: not played (402.8, FAQ 14)


def read_play(name: str, data: Fields) -> PlayScenario:
    rulings, title, state = read_opening(data, GAME)
    player, opponent = state.str("player"), state.str("opponent")
    resources = []
    for rf in state.records("resources"):
        face_down = rf.bool("face_down")
        icons = rf.str_list("icons", [])
        card = Card(rf.str("name"), player, kind="ressource")
        card.printed.update({icon: card.printed.get(icon, 0) + 1 for icon in icons})
        card.current.update(card.printed)
        if face_down:
            card.statuses.add("face cachée")
        if rf.bool("exhausted"):
            card.statuses.add("épuisée")
        rf.done()
        resources.append(card)
    unique_names([c.name for c in resources], state.where("resources"))
    cf = state.sub("card")
    card = Card(cf.str("name"), player, kind=cf.choice("type", TYPES))
    cost = cf.int("cost", minimum=0)
    tf = cf.sub("threshold", None) or Fields({}, cf.where("threshold"))
    threshold = {k: tf.int(k, minimum=1) for k in sorted(tf.data)}
    tf.done()
    put = cf.bool("put_into_play")
    cf.done()
    state.done()
    actions = data.sub("actions", None) or Fields({}, "actions")
    responses = actions.str_list("responses", [])
    actions.done()
    require(
        not (put and responses),
        rid("402.8"),
        f"{card.name} est mise en jeu par un effet : elle n'est jamais « en train d'être jouée », "
        "il n'y a aucune possibilité d'y répondre (FAQ 14)",
        "actions.responses",
    )
    sc = PlayScenario(
        name, title, rulings, player, opponent, resources, card, cost, threshold, responses, put
    )
    if put:
        return sc
    have = _icons(resources)
    for icon, need in threshold.items():
        require(
            have.get(icon, 0) >= need,
            rid("604.1b"),
            f"{player} ne satisfait pas le seuil {of(card.name)} ({need} {icon}, il en a "
            f"{have.get(icon, 0)}) : il ne peut pas jouer la carte (405.2)",
            "state.card.threshold",
        )
    return sc


def _icons(resources: list[Card]) -> dict[str, int]:
    """The resource icons the player's cards provide (face down: one Volition, 411.1)."""
    icons: dict[str, int] = {}
    for r in resources:
        if "face cachée" in r.statuses:
            icons[VOLITION] = icons.get(VOLITION, 0) + 1
            continue
        for icon, n in r.printed.items():
            icons[icon] = icons.get(icon, 0) + (n or 0)
    return icons


def run_play(sc: PlayScenario) -> Trace:
    """Play the card (604.1a-h), or put it into play by an effect (402.8); the trace."""
    game = GameState([Player(sc.player), Player(sc.opponent)], active=sc.player)
    for r in sc.resources:
        game.put(r, "jeu", sc.player)
    game.put(sc.card, "main", sc.player)
    rec = Recorder(lambda: {c.name: c.zone for c in game.cards.values()})
    card = sc.card
    if sc.put_into_play:
        return _put_into_play(sc, game, rec)
    _start_playing(sc, game, rec)
    legal = _pay(sc, game, rec)
    if legal:
        _resolve(sc, game, rec)
    result = {
        "legal": legal,
        "card_zone": card.zone,
        "was_played": legal,
        "entered_play": legal and card.kind in IN_PLAY,
        "ready_resources": _ready_count(sc),
    }
    return rec.trace("jouer_carte", GAME, sc, result)


def _ready_count(sc: PlayScenario) -> int:
    """How many of the player's resources are still ready."""
    return sum(1 for r in sc.resources if "épuisée" not in r.statuses)


def _put_into_play(sc: PlayScenario, game: GameState, rec: Recorder) -> Trace:
    """402.8, FAQ 14: an effect puts the card into play; it is not played."""
    card = sc.card
    game.move(card.name, "jeu", sc.player)
    rec.step(
        [rid("402.8"), rid("403.3a")],
        f"Un effet met {card.name} en jeu : ce n'est pas la jouer. Pas de seuil, pas de coût, "
        "jamais « en train d'être jouée », donc aucune réponse possible ; elle entre en jeu "
        "et les déclencheurs « entre en jeu » peuvent s'activer.",
    )
    result: dict[str, Any] = {"legal": True, "card_zone": card.zone, "was_played": False}
    result["entered_play"] = True
    result["ready_resources"] = _ready_count(sc)
    return rec.trace("jouer_carte", GAME, sc, result)


def _start_playing(sc: PlayScenario, game: GameState, rec: Recorder) -> None:
    """604.1a-c: the card is chosen, its threshold met, and it is « en train d'être jouée »."""
    card = sc.card
    rec.step(
        [rid("604.1"), rid("604.1a")],
        f"Sélection : {sc.player} choisit {card.name} ({card.kind}) dans sa main.",
    )
    need = ", ".join(f"{n} {i}" for i, n in sc.threshold.items()) or "aucun"
    rec.step(
        [rid("604.1b"), rid("405.1")],
        f"Seuil : {need} ; les cartes {of(sc.player)} le satisfont (une ressource face cachée "
        "fournit une icône Volonté, 411.1).",
    )
    game.move(card.name, "en train d'être jouée", sc.player)
    rec.step(
        [rid("604.1c")], f"Jouer : {card.name} est posée face visible, « en train d'être jouée »."
    )


def _pay(sc: PlayScenario, game: GameState, rec: Recorder) -> bool:
    """604.1d: exhaust as many ready resources as the cost; too few: the play is undone (604.1e)."""
    card = sc.card
    ready = [r for r in sc.resources if "épuisée" not in r.statuses]
    legal = len(ready) >= sc.cost
    if legal:
        for r in ready[: sc.cost]:
            r.statuses.add("épuisée")
        rec.step(
            [rid("604.1d")],
            f"Coût : {sc.cost} ; {sc.player} épuise {sc.cost} ressource(s) prête(s) "
            f"({', '.join(r.name for r in ready[: sc.cost]) or 'aucune'}).",
        )
    else:
        game.move(card.name, "main", sc.player)
        rec.step(
            [rid("604.1d"), rid("604.1e")],
            f"Coût : {sc.cost}, mais {sc.player} n'a que {len(ready)} ressource(s) prête(s) : le "
            "jeu de la carte était illégal ; tout ce qui a été fait pour la jouer est annulé, elle "
            "revient en main et les déclencheurs survenus sont terminés.",
        )
    return legal


def _resolve(sc: PlayScenario, game: GameState, rec: Recorder) -> None:
    """604.1f-h: the triggers, the opponent's responses, then the card resolves."""
    card = sc.card
    rec.step(
        [rid("604.1f")],
        "Déclencheurs : les déclencheurs en attente se produisent maintenant, en même temps.",
    )
    if sc.responses:
        for text in sc.responses:
            rec.step([rid("604.1g"), rid("607.1")], f"Réponses : {sc.opponent} répond — {text}.")
    else:
        rec.step([rid("604.1g")], f"Réponses : {sc.opponent} ne répond pas.")
    if card.kind in IN_PLAY:
        game.move(card.name, "jeu", sc.player)
        where = f"elle est mise en jeu sous le contrôle {of(sc.player)}"
    else:
        game.move(card.name, "défausse", sc.player)
        where = (
            "on suit ses instructions, puis elle va dans la pile de défausse de son propriétaire"
        )
    rec.step([rid("604.1h")], f"Résolution : {card.name} se résout ; {where}.")
