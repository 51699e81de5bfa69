"""Four Souls: the stack and priority (« La pile », « Priorité », « Répondre », « Résoudre la pile »).

The scenario lists what is put on the stack, in order; whoever plays keeps priority, and the
priority goes round in turn order from there, so each play after someone else's shows who passed
before it.  When everyone has passed in a row, the top of the stack resolves; after each
resolution the active player gets priority again.  A roll is an item of its own; a reroll changes
the result of the roll it targets; « No! », « Butter Bean! » cancel what they target: it leaves the
stack without resolving (« Pétillement »).

More kinds of play: « fixe » sets the result of the roll it targets (Godhead: « changer son jet en
un 6 »); « achat » declares a purchase of the top of the treasure deck (only the active player, only
on an empty stack: « Acheter »), bought at resolution from the deck as it is then; « dessus » puts a
card on top of the treasure deck; an effect may `kill` a player: on resolution the death goes on top
of the stack (« Mort d'un joueur ») and the active player gets priority.  A `resolution` line says
that everyone passes and the top resolves before the next play (« Résoudre la pile »).

The scenario is read by stack_read.py.
"""

from __future__ import annotations

from typing import Any

from arbitre.model.core.french import of
from arbitre.model.core.stack import Stack, StackItem
from arbitre.model.core.state import GameState, Player
from arbitre.model.core.trace import Recorder, Trace
from arbitre.model.four_souls.rules import (
    BUY,
    CANCEL,
    GAME,
    PLAYER_DEATH,
    PRIORITY,
    REFILL,
    RESOLVE_STACK,
    RESPOND,
    ROLL,
    STACK,
)
from arbitre.model.four_souls.stack_read import Play, StackScenario

REFILL_SHOP = f"{GAME}/comment-jouer/rechargement/2"  # a shop slot: no step 2
VOTE = f"{GAME}/regles-pour-les-cartes/cartes-tresor/remote-detonator"  # the only rule on votes


class _StackPlay:
    def __init__(self, sc: StackScenario) -> None:
        self.sc = sc
        self.game = GameState([Player(p) for p in sc.players], active=sc.active_player)
        self.stack = Stack()
        self.priority = sc.active_player
        self.rolls: dict[str, int] = {}
        self.resolved: list[str] = []
        self.cancelled: list[str] = []
        self.discarded: list[str] = []  # cards that went to the discard, in order
        self.treasure = list(sc.treasure_deck)  # top first
        self.shop = list(sc.shop)
        self.vote_order: list[str] = []
        self.deactivated = list(sc.deactivated)
        self.bought: dict[str, str] = {}
        self.deaths: list[str] = []
        self.destroyed: list[str] = []
        self.became: dict[str, str] = {}
        self.rec = Recorder(self.snapshot)

    def snapshot(self) -> dict[str, Any]:
        return {
            "pile (de haut en bas)": [i.label_fr for i in reversed(self.stack.items)],
            "priorité": self.priority,
        }

    def pass_to(self, player: str) -> None:
        """Priority goes round in turn order from its holder until `player` gets it."""
        order = self.game.turn_order(self.priority)
        passed = order[: order.index(player)]
        if passed:
            self.priority = player
            self.rec.step(
                [PRIORITY],
                f"{', '.join(passed)} {'passe' if len(passed) == 1 else 'passent'} la priorité ; "
                f"{player} a la priorité.",
            )

    def play(self, p: Play) -> None:
        self.pass_to(p.player)
        item = StackItem(p.source, p.player, p)
        rules = [STACK, PRIORITY] + ([RESPOND] if not self.stack.empty() else [])
        if p.kind == "jet":
            self.rolls[p.source] = p.die  # type: ignore[assignment]
            rules.append(ROLL)
            what = f"le résultat {p.die} est mis sur la pile"
        elif p.kind == "fixe":
            what = f"en réponse, {p.source} vise {p.target} pour en faire un {p.die}"
        elif p.kind == "achat":
            rules.append(BUY)
            bought = p.buys or "le dessus du paquet trésor"
            what = f"la pile étant vide, sa déclaration d'achat ({bought}) va sur la pile"
        elif p.kind == "dessus":
            what = f"en réponse, {p.source} mettra {p.card} sur le dessus du paquet trésor"
        elif p.kind == "relance":
            what = f"en réponse, {p.source} vise {p.target}"
        elif p.kind == "annulation":
            what = f"en réponse, {p.source} vise {p.target} pour l'annuler"
        else:
            what = f"{p.source} est mis sur la pile" + (f" ({p.text})" if p.text else "")
        self.stack.push(item)
        verb = (
            f"{p.player} lance le dé ({p.source})"
            if p.kind == "jet"
            else f"{p.player} joue {p.source}"
        )
        self.rec.step(
            rules,
            f"{verb} : {what} ; il garde la priorité. Pile, {self.stack.describe()}.",
        )

    def resolve_one(self) -> None:
        others = [n for n in self.game.turn_order(self.priority)]
        self.rec.step(
            [RESOLVE_STACK],
            f"Tous les joueurs passent la priorité l'un après l'autre ({', '.join(others)}) : "
            f"le dessus de la pile, {self.stack.top().label_fr}, se résout.",  # type: ignore[union-attr]
        )
        item = self.stack.pop()
        self.resolve(item.payload)
        self.priority = self.sc.active_player
        if not self.stack.empty():
            self.rec.step(
                [RESOLVE_STACK],
                f"Après la résolution, le joueur actif ({self.sc.active_player}) a la priorité.",
            )

    def resolve_all(self) -> None:
        while not self.stack.empty():
            self.resolve_one()

    def resolve(self, p: Play) -> None:
        """The top of the stack, `p`, resolves: what it does depends on its kind."""
        self.resolved.append(p.source)
        if p.kind == "annulation":
            self.cancel(p)
        elif p.kind in ("relance", "fixe"):  # a reroll, or an effect that sets the result
            old = self.rolls[p.target]  # type: ignore[index]
            self.rolls[p.target] = p.die  # type: ignore[index,assignment]
            how = "le jet est relancé, " if p.kind == "relance" else ""
            self.rec.step(
                [ROLL],
                f"{p.source} se résout : {how}le résultat sur la pile passe de {old} à {p.die}.",
            )
        elif p.kind == "jet":
            self.rec.step([ROLL], f"Le jet se résout avec le résultat {self.rolls[p.source]}.")
        elif p.kind == "dessus":
            self.treasure.insert(0, p.card)  # type: ignore[arg-type]
            self.rec.step(
                [RESOLVE_STACK],
                f"{p.source} se résout : {p.card} est maintenant le dessus du paquet trésor.",
            )
        elif p.kind == "achat":
            self.purchase(p)
        elif p.kind == "vote":
            self.vote(p)
        elif p.kind == "mort":
            self.rec.step(
                [PLAYER_DEATH],
                f"La mort {of(p.player)} se résout : la Pénalité de Mort suit (voir la procédure "
                "« mort »).",
            )
        else:
            self.resolve_effect(p)

    def cancel(self, p: Play) -> None:
        """« Pétillement »: what `p` targets leaves the stack without resolving; a card is
        discarded first, then `p`."""
        target = next((i for i in self.stack.items if i.label_fr == p.target), None)
        if target is None:
            self.rec.step([CANCEL], f"{p.source} se résout : {p.target} n'est plus sur la pile.")
            return
        self.stack.items.remove(target)
        self.cancelled.append(target.label_fr)
        aimed: Play = target.payload
        rules = [CANCEL, RESOLVE_STACK] + ([p.ruling] if p.ruling else [])
        if aimed.item is not None:
            self.cancel_ability(p, aimed, rules)
            return
        self.discarded += [target.label_fr, p.source]  # the cancelled card first
        still = (
            f" ({target.label_fr} est encore une carte butin tant qu'elle n'est pas résolue : "
            f"elle ne devient jamais {'un objet' if aimed.becomes == 'objet' else 'une âme'})"
            if aimed.becomes
            else ""
        )
        self.rec.step(
            rules,
            f"{p.source} se résout : {target.label_fr} est annulé, retiré de la pile sans être "
            f"résolu et défaussé en premier{still} ; puis {p.source} va dans la défausse.",
        )

    def cancel_ability(self, p: Play, aimed: Play, rules: list[str]) -> None:
        """An item's ability is cancelled: not a card, nothing of it is discarded, and the item
        stays in play even if destroying it was part of the effect."""
        self.discarded.append(p.source)
        kept = (
            f" ; la destruction {of(aimed.item)} fait partie de l'effet : {aimed.item} "
            "n'est pas détruit et reste en jeu (son utilisation n'est que retardée)"
            if aimed.destroys_item
            else ""
        )
        self.rec.step(
            rules,
            f"{p.source} se résout : l'effet {of(aimed.item)} est annulé, retiré de la pile "
            f"sans être résolu ; ce n'est pas une carte, rien n'est défaussé{kept}. Puis "
            f"{p.source} va dans la défausse.",
        )

    def vote(self, p: Play) -> None:
        """Players vote in turn order from the active player, whoever played the card."""
        order = self.game.turn_order(self.sc.active_player)
        self.vote_order = order
        votes = ", ".join(f"{n} : {p.votes[n]}" for n in order)
        self.rec.step(
            [VOTE],
            f"{p.source} se résout : on vote dans l'ordre du tour en commençant par le joueur "
            f"actif ({self.sc.active_player}), même si {p.player} a joué la carte : {votes}.",
        )

    def resolve_effect(self, p: Play) -> None:
        """An effect resolves (it may destroy its item, become an item or a soul, kill)."""
        done = f" : {p.text}" if p.text else ""
        if p.destroys_item:
            self.destroyed.append(p.item)  # type: ignore[arg-type]
            done += f" ; {p.item} est détruit, comme l'effet le dit"
        if p.becomes:
            self.became[p.source] = p.becomes
            done += f" ; la carte devient {'un objet' if p.becomes == 'objet' else 'une âme'}"
        self.rec.step([RESOLVE_STACK], f"{p.source} se résout{done}.")
        if p.kills is not None:
            self.kill(p.kills)

    def kill(self, player: str) -> None:
        """« Mort d'un joueur »: the death goes on top of the stack; the active player gets
        priority."""
        self.deaths.append(player)
        death = Play(f"mort {of(player)}", player, "mort")
        self.stack.push(StackItem(death.source, player, death))
        self.priority = self.sc.active_player
        self.rec.step(
            [PLAYER_DEATH, RESOLVE_STACK],
            f"{player} meurt : sa mort est un effet déclenché, mis sur le dessus de la pile "
            f"({self.stack.describe()}). Quelque chose s'est résolu et les déclencheurs sont "
            f"sur la pile : le joueur actif ({self.sc.active_player}) reçoit la priorité.",
        )

    def purchase(self, p: Play) -> None:
        """« Acheter »: the item of the shop, or the top of the treasure deck as it is now."""
        if p.buys is None:
            if not self.treasure:
                self.rec.step(
                    [BUY], f"L'achat {of(p.player)} se résout : le paquet trésor est vide."
                )
                return
            card = self.treasure.pop(0)
            where = f"avec le paquet tel qu'il est : la carte du dessus, {card}"
        else:
            card = p.buys
            self.shop.remove(card)
            where = f"{card}, qu'il prend dans la boutique"
        self.bought[p.player] = card
        still = (
            f" {card} est désactivée : l'achat ne la recharge pas, elle reste désactivée."
            if card in self.deactivated
            else ""
        )
        self.rec.step(
            [BUY],
            f"L'achat {of(p.player)} se résout : l'achat a lieu maintenant ; {p.player} donne "
            f"10 ¢ à la réserve et gagne en même temps {where}.{still}",
        )
        if p.buys is not None:
            self.refill_shop()

    def refill_shop(self) -> None:
        """« Rechargement » of a shop slot: the top treasure goes there; nothing is played."""
        if not self.treasure:
            self.rec.step(
                [REFILL, REFILL_SHOP], "Le paquet trésor est vide : l'emplacement reste vide."
            )
            return
        card = self.treasure.pop(0)
        self.shop.append(card)
        self.rec.step(
            [REFILL, REFILL_SHOP],
            f"L'emplacement vide de la boutique est rechargé : la carte du dessus du paquet trésor, "
            f"{card}, y est placée. C'est un objet : il n'y a pas d'étape 2 pour la boutique, "
            "aucune carte n'y est jouée, elle y reste (quelle que soit sa couleur) et peut être "
            "ciblée comme un objet.",
        )

    def run(self) -> Trace:
        for p in self.sc.plays:
            if p.kind == "resolution":
                self.resolve_one()
            else:
                self.play(p)
        self.resolve_all()
        result = {
            "resolved": list(self.resolved),
            "cancelled": list(self.cancelled),
            "roll_results": dict(self.rolls),
            "discarded": list(self.discarded),
            "bought": dict(self.bought),
            "deaths": list(self.deaths),
            "destroyed_items": list(self.destroyed),
            "became": dict(self.became),
            "shop": list(self.shop),
            "vote_order": list(self.vote_order),
            "deactivated": [c for c in self.deactivated if c not in self.destroyed],
        }
        return self.rec.trace("pile", GAME, self.sc, result)


def resolve_stack(scenario: StackScenario) -> Trace:
    """Put the scenario's plays on the stack, then resolve it from the top."""
    return _StackPlay(scenario).run()
