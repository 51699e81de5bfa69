"""Four Souls: a player's death and the end of the turn (procedure « mort »).

« Mort d'un joueur »: the death goes on the stack (it may be cancelled in response: « Quand votre
mort est évitée, votre santé est ramenée à ce qu'elle était »); when it resolves, curses go, the
Death Penalty goes on the stack and the « lorsqu'un joueur meurt » triggers go above it (« Timing »);
then the penalty is paid: 1 loot, 1 ¢, 1 non-eternal item, everything deactivated, and the turn ends
if the player is the active player.  A player dies only once per turn.  Negotiation (« Pourparlers »)
moves ¢ without the stack.  When the turn ends, the end phase runs: end-of-turn triggers go on the
stack above what is still there (« Terminer le tour n'annule rien sur la pile »), everything
resolves, every player is healed, hands above 10 loot are cut to 10, and the turn passes on.

The scenario is read by death_read.py; the position it runs on is death_state.py.
"""

from __future__ import annotations

from arbitre.model.core.french import of
from arbitre.model.core.scenario import ScenarioError
from arbitre.model.core.stack import StackItem
from arbitre.model.core.trace import Trace
from arbitre.model.core.triggers import Ordering, Pending, TriggerQueue, monsters_then_turn_order
from arbitre.model.four_souls.death_read import DeathScenario, Event, Response
from arbitre.model.four_souls.death_state import DeathState
from arbitre.model.four_souls.penalty import death_penalty, record_penalty
from arbitre.model.four_souls.rules import (
    CANCEL,
    END_PHASE,
    GAME,
    PENALTY,
    PLAYER_DEATH,
    PRIORITY,
    RESOLVE_STACK,
    RESPOND,
    TIMING,
)

ONCE_PER_TURN = f"{GAME}/comment-jouer/mort-d-un-joueur/2"
NEGOTIATION = f"{GAME}/autres-regles/pourparlers/1"
PREVENTION = f"{GAME}/glossaire/prevention-contre-les-degats"
PROMISES = f"{GAME}/autres-regles/pourparlers/2"
HAND_LIMIT = 10


class _Death(DeathState):
    """A « mort » scenario on its position; `run()` plays its events, then the end phase."""

    # -- events --
    def negotiate(self, e: Event) -> None:
        payer, payee = self.p[e.player], self.p[e.target]
        if payer.cents < e.amount:
            raise ScenarioError("actions.events", f"{payer.name} has only {payer.cents} ¢")
        payer.cents -= e.amount
        payee.cents += e.amount
        what = f" ({e.text})" if e.text else ""
        self.rec.step(
            [NEGOTIATION, PROMISES],
            f"Pourparlers{what} : {payer.name} donne {e.amount} ¢ à {payee.name}. La négociation "
            "n'utilise pas la pile ; une fois payé, la promesse peut ne pas être tenue.",
        )

    def damage(self, e: Event) -> None:
        h = self.p[e.target]
        self.stack.push(StackItem(f"{e.amount} dégât(s) {of(e.source)}", None))
        self.rec.step(
            [RESOLVE_STACK],
            f"{e.source} doit infliger {e.amount} dégât(s) à {h.name} : les dégâts sont sur la "
            f"pile ({self.stack.describe()}).",
        )
        amount = e.amount
        for source, adds, ruling in h.takes_more:
            amount += adds
            self.rec.step(
                [ruling] if ruling else [RESOLVE_STACK],
                f"{source} ajoute {adds} au total des dégâts que subit {h.name} : c'est un seul "
                f"montant de {amount} dégât(s), pas des dégâts supplémentaires.",
            )
        self.damage_events[h.name] = self.damage_events.get(h.name, 0) + 1
        if e.prevented is not None:
            source, player, prevents = e.prevented
            amount = max(amount - prevents, 0)
            self.rec.step(
                [PRIORITY, RESPOND, PREVENTION],
                f"En réponse, {player} joue {source} : il se résout d'abord et prévient "
                f"{prevents} dégât(s) ; il en reste {amount}.",
            )
        self.stack.pop()
        before = h.health
        h.health = max(h.health - amount, 0)
        self.rec.step(
            [RESOLVE_STACK],
            f"Les dégâts se résolvent : {h.name} subit {amount} dégât(s) ({h.health} PV restants).",
        )
        if h.health == 0 and amount:
            self.dies(h.name, before, e)

    def dies(self, name: str, before: int, e: Event) -> None:
        """`name` dies (once per turn): the death goes on the stack, where a response may cancel
        it; when it resolves, the Death Penalty and the death triggers go on the stack, and the
        penalty is paid unless a response cancels it."""
        if name in self.died:
            self.rec.step(
                [ONCE_PER_TURN],
                f"{name} est déjà mort ce tour-ci : on ne peut mourir qu'une seule fois par tour ; "
                "aucune mort n'est mise sur la pile, il n'y a pas de nouvelle pénalité.",
            )
            return
        if self._death_cancelled(name, before, e):
            return
        self.stack.pop()
        self.died.append(name)
        penalty = self._put_penalty(name)
        while self.stack.top() is not penalty:
            self.resolve_top()
        if self._penalty_cancelled(name, penalty, e):
            return
        self.stack.pop()
        self.pay(name)

    def _death_cancelled(self, name: str, before: int, e: Event) -> bool:
        """Put the death of `name` on the stack and play the responses to it: True if one cancels
        it (it stays on the stack otherwise)."""
        death = self.stack.push(StackItem(f"mort {of(name)}", name))
        self.rec.step(
            [PLAYER_DEATH],
            f"{name} meurt ({e.source}) : sa mort est mise sur la pile ({self.stack.describe()}) ; "
            "le joueur actif est prioritaire.",
        )
        for r in [r for r in e.responses if r.on == "mort"]:
            self.play_response(r)
            if r.cancels == "mort":
                self._cancel_death(name, before, r, death)
                return True
        return False

    def _cancel_death(self, name: str, before: int, r: Response, death: StackItem) -> None:
        """`r` cancels the death: it leaves the stack unresolved and the player's health comes
        back; a card that says so still ends the active player's turn."""
        self.stack.items.remove(death)
        self.cancelled.append(death.label_fr)
        self.p[name].health = before
        self.rec.step(
            [CANCEL, ONCE_PER_TURN],
            f"{r.source} se résout : la mort {of(name)} est annulée, retirée de la pile sans "
            f"être résolue ; sa mort est évitée : sa santé revient à ce qu'elle était "
            f"avant ({before} PV). {r.source} va dans la défausse.",
        )
        if r.ends_turn and name == self.sc.active_player:
            self.turn_ended = True
            self.rec.step(
                [END_PHASE],
                f"Selon le texte {of(r.source)}, {name} passe quand même à la phase de fin.",
            )

    def _put_penalty(self, name: str) -> StackItem:
        """The death resolves: the player's curses go, then the Death Penalty goes on the stack
        with the « lorsqu'un joueur meurt » triggers above it.  Returns the penalty."""
        h = self.p[name]
        text = (
            f"{name} se débarrasse de ses malédictions ({', '.join(h.curses)}), puis"
            if h.curses
            else f"{name} n'a pas de malédiction ;"
        )
        h.curses = []
        penalty = self.stack.push(StackItem(f"Pénalité de Mort {of(name)}", name))
        ordering = self._death_triggers(name)
        above = (
            f", puis les effets « lorsqu'un joueur meurt » au-dessus, dans l'ordre choisi par "
            f"{name}"
            if ordering.pending
            else ""
        )
        self.rec.step(
            [PLAYER_DEATH] + ordering.rule_ids,
            f"La mort {of(name)} se résout : {text} la Pénalité de Mort est mise sur la pile{above} "
            f"({self.stack.describe()}). Le joueur actif est prioritaire.",
        )
        return penalty

    def _death_triggers(self, name: str) -> Ordering:
        """Put the « lorsqu'un joueur meurt » triggers of `name` (what it still holds) on the
        stack, in their order."""
        queue = TriggerQueue(monsters_then_turn_order(TIMING))
        for t in self.sc.triggers:
            if t.on == "mort" and t.player == name and self.holds(t):
                queue.add(Pending(t.source, t.player, t))
        ordering = queue.drain(self.game)
        for p in reversed(ordering.pending):  # the first listed resolves first: it goes last
            self.stack.push(StackItem(p.source, p.controller, p.payload))
        return ordering

    def _penalty_cancelled(self, name: str, penalty: StackItem, e: Event) -> bool:
        """Play the responses to the Death Penalty: True if one cancels it.  A card that cancels
        a death does nothing to it (the penalty is not a death)."""
        for r in [r for r in e.responses if r.on == "penalite"]:
            self.play_response(r)
            if r.cancels == "penalite":
                self.stack.items.remove(penalty)
                self.cancelled.append(penalty.label_fr)
                self.rec.step([CANCEL], f"{r.source} annule la Pénalité de Mort {of(name)}.")
                return True
            self.rec.step(
                [CANCEL, PENALTY],
                f"{r.source} annule une mort ; la Pénalité de Mort n'est pas une mort : elle ne "
                f"l'annule pas. {r.source} se résout sans effet et va dans la défausse.",
            )
        return False

    def pay(self, name: str) -> None:
        h = self.p[name]
        mortal = [i for i in h.items if not i[1]]
        penalty = death_penalty(h.loot, h.cents, [i[0] for i in mortal])
        if penalty.loot is not None:
            h.loot.remove(penalty.loot)
        h.cents -= penalty.cents
        soul: list[str] = []
        if penalty.destroyed is not None:
            h.items.remove(mortal[0])
            if penalty.destroyed in h.soul_items:
                h.souls += 1
                soul.append(
                    f"{penalty.destroyed}, détruite, se transforme en carte d'âme pour lui au lieu "
                    f"d'aller dans la défausse ({h.souls} âme(s))"
                )
        self.deactivated.append(name)
        active = name == self.sc.active_player
        self.turn_ended = self.turn_ended or active
        self.penalties[name] = record_penalty(self.rec, name, penalty, active, soul)

    # -- the end phase --
    def end_phase(self) -> None:
        active = self.sc.active_player
        queue = TriggerQueue(monsters_then_turn_order(TIMING))
        for t in self.sc.triggers:
            if t.on != "fin_de_tour":
                continue
            if self.holds(t):
                queue.add(Pending(t.source, t.player, t))
            else:
                self.rec.step(
                    [END_PHASE],
                    f"{t.source} ne se déclenche pas : {t.player} ne l'a plus.",
                )
        ordering = queue.drain(self.game)
        for p in reversed(ordering.pending):
            self.stack.push(StackItem(p.source, p.controller, p.payload))
        why = f" ; {ordering.text_fr}" if ordering.text_fr else ""
        self.rec.step(
            [END_PHASE] + ordering.rule_ids,
            f"Le tour {of(active)} passe à la phase de fin ; terminer le tour n'annule rien sur "
            f"la pile. Les effets de fin de tour se déclenchent et vont sur la pile au-dessus de "
            f"ce qui s'y trouve encore{why} ({self.stack.describe()}).",
        )
        while not self.stack.empty():
            self.resolve_top()
        for h in self.sc.players:
            h.health = h.max_health
        gone = (
            f" ({', '.join(self.lasting)} : ils cessent d'exister, même sans carte en jeu)"
            if self.lasting
            else ""
        )
        self.lasting = []
        self.rec.step(
            [END_PHASE, ONCE_PER_TURN],
            "La pile est vide : tous les joueurs et les monstres sont soignés au maximum de leur "
            f"santé ; les effets « jusqu'à la fin du tour » disparaissent{gone}.",
        )
        for h in self.sc.players:
            if len(h.loot) > HAND_LIMIT:
                n = len(h.loot) - HAND_LIMIT
                self.cut[h.name] = n
                del h.loot[HAND_LIMIT:]
                self.rec.step(
                    [END_PHASE],
                    f"{h.name} a plus de {HAND_LIMIT} cartes butin : il en défausse {n} "
                    f"(il en garde {HAND_LIMIT}).",
                    ["cartes défaussées : les dernières de sa main (il choisit)"],
                )
        self.passed_to = self.game.next_player()
        self.rec.step(
            [END_PHASE],
            f"Le tour passe au joueur de gauche : c'est le tour {of(self.passed_to)}.",
        )

    def run(self) -> Trace:
        for e in self.sc.events:
            if e.kind == "pourparlers":
                self.negotiate(e)
            elif e.kind == "degats":
                self.damage(e)
            else:
                before = self.p[e.target].health
                self.p[e.target].health = 0
                self.rec.step(
                    [RESOLVE_STACK],
                    f"{e.player} joue {e.source} en visant {e.target} : il se résout, "
                    f"{e.target} est tué par un effet.",
                )
                self.dies(e.target, before, e)
        if self.turn_ended or self.sc.end_turn:
            self.end_phase()
        elif not self.stack.empty():
            while not self.stack.empty():
                self.resolve_top()
        return self.rec.trace("mort", GAME, self.sc, self.result())


def resolve_death(scenario: DeathScenario) -> Trace:
    """Run the scenario's deaths, damage and negotiations, then the end phase if the turn ends."""
    return _Death(scenario).run()
