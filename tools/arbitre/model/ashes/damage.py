"""Ashes: the damage and destruction process (« Dégâts, jetons Blessures et Destruction »), run
step by step.

Three steps, each with a « b » step for the effects it triggers: 1 receive damage, 1b damage
triggers, 2 place wounds then destroy, 2b destruction triggers, 3 lose the game / discard, 3b
leaves-play triggers.  Damage enters at step 1, placed wounds at step 2, destruction at step 2b.
A trigger that deals damage runs a complete nested process before the next step.

Choices made explicit:
- Step 2 says destroyed when the damage « dépasse » the life value; Q/R « Sortie de jeu » says
  « supérieur ou égal ».  The model follows the Q/R (the English rules say « equal to or greater »)
  and says so in the trace whenever the two readings differ.
- Triggers that fire at the same step resolve in the order the scenario lists them: that is the
  order chosen by the player who decides (the active player, or the first player outside a turn).

This module runs the process (procedures « degats » and « pioche ») on the position of
damage_state.py, reading the scenario with damage_read.py; the other procedures of Ashes subclass
it (`DamageProcess`).
"""

from __future__ import annotations

from arbitre.model.ashes.damage_read import AshesScenario, Card, Trigger
from arbitre.model.ashes.damage_state import BETWEEN_STEPS, DamageState, Event, GameOver
from arbitre.model.ashes.rules import (
    ARENA,
    ATTACKS,
    GAME,
    LEFT_PLAY_FIRST,
    NO_REACTION_IN_PREPARE,
    OUTSIDE_TURNS_ORDER,
    PROCESS,
    SEVERAL_TARGETS,
    STEP,
)
from arbitre.model.core.french import of, the
from arbitre.model.core.scenario import ScenarioError
from arbitre.model.core.trace import Trace
from arbitre.model.core.triggers import Pending

DISCARD = "defausse"
# The entries of the leaflet and of the Q/R that only the process applies (rules.py: the others).
THREE_STEPS = "ashes/degats/4"
NESTED = "ashes/degats/degats-declenches"
PHOENIXBORN_DESTROYED = "ashes/degats/5"
DRAW_ALL_AT_ONCE = "ashes/faq/degats-faute-de-pioche-1"
DRAW_ORDER = "ashes/faq/degats-faute-de-pioche-2"
WHEN_STEP = {"damaged": "1b", "destroyed": "2b", "leaves_play": "3b"}
START_AT_2 = "ashes/degats/depart-etape-2"
START_AT_2B = "ashes/degats/depart-etape-2b"
ZERO_DAMAGE = "ashes/faq/capacites-en-jeu-2"  # 0 damage is no damage
DESTROYED_VS_LEAVES = "ashes/faq/sortie-de-jeu-1"  # « supérieur ou égal »; order 2b / 3 / 3b
NO_ATTACK = "ashes/faq/attaquer-6"  # attack below 0 neither adds nor removes wounds
MAX_DEPTH = 12  # nested damage processes: a loop of triggers stops here


class DamageProcess(DamageState):
    """The damage and destruction process, for every Ashes procedure (attacks, cards played,
    entering play): they subclass it and call `process` for every card an effect damages, wounds
    or destroys."""

    # -- triggers --
    def fire(self, when: str, event: Event, subject: Card, depth: int) -> None:
        step = WHEN_STEP[when]
        label = f"Étape {step[0]} b"
        matching = [t for t in self.sc.triggers if self.matches(t, when, event, subject)]
        for t in [t for t in matching if t.from_hand and "reaction" not in self.phase().allows]:
            matching.remove(t)
            self.not_resolved.append(f"{t.card} : {t.ability}")
            self.rec.step(
                [STEP[step], NO_REACTION_IN_PREPARE],
                f"{label} : {t.card} est un sort réactif joué depuis la main ; pendant "
                f"{the(self.phase().name_fr)}, il ne peut pas être joué (seulement pendant la phase "
                "de Tours des joueurs).",
            )
        if not matching:
            self.rec.step(
                [STEP[step]], f"{label} : aucun effet ne se déclenche pour {subject.name}."
            )
            return
        for t in matching:
            self.queue.add(Pending(f"{t.card} : {t.ability}", self.controller_of(t), t))
        ordering = self.queue.drain(self.game)
        if ordering.chooser is not None:
            rules = [STEP[step]] + ([] if self.sc.active_player else [OUTSIDE_TURNS_ORDER])
            self.rec.step(rules, f"{label} : plusieurs effets se déclenchent ; {ordering.text_fr}.")
        for t in [p.payload for p in ordering.pending]:
            name = f"{t.card} : {t.ability}"
            if t.caused_by_you and event.controller != self.controller_of(t):
                self.not_resolved.append(name)
                self.rec.step(
                    [STEP[step]],
                    f"{label} : {name} ne se déclenche pas — la cause de l'événement, {event.by}, "
                    + (
                        f"est un effet contrôlé par {event.controller}, pas par "
                        if event.controller
                        else "n'est ni un sort, ni une attaque, ni une capacité, ni un pouvoir de "
                        "dés contrôlé par un joueur, donc pas par "
                    )
                    + f"{self.controller_of(t)}.",
                )
                continue
            if not t.from_hand and not self.in_play(t.card):
                self.not_resolved.append(name)
                self.rec.step(
                    [STEP[step], LEFT_PLAY_FIRST],
                    f"{label} : {name} ne se résout pas — {t.card} a quitté le jeu avant que son "
                    "effet ne soit résolu.",
                )
                continue
            self.resolved.append(name)
            self.rec.step(
                [STEP[step], BETWEEN_STEPS],
                f"{label} : {name} se déclenche et se résout entièrement avant l'étape suivante.",
            )
            self.apply(t, event, subject, depth)

    def apply(self, t: Trigger, event: Event, subject: Card, depth: int) -> None:
        e = t.effect
        owner = self.controller_of(t)
        target = {"self": t.card, "subject": subject.name}.get(e.target, e.target)
        if e.kind == "status":
            if self.in_play(target):
                self.cards[target].status += e.amount  # an « etat » counter of the card
            self.rec.step(
                [STEP[WHEN_STEP[t.when]]],
                f"{target} gagne {e.amount} jeton(s) État.",
            )
        elif e.kind == "conjure":
            player = next(p for p in self.sc.players if p.name == owner)
            occupied = sum(
                1 for c in self.cards.values() if c.kind == "unit" and c.controller == owner
            )
            free = max(player.battlefield - occupied, 0)
            count = min(free, e.amount)
            for i in range(count):
                name = e.conjuration if count == 1 else f"{e.conjuration} {i + 1}"
                self.game.put(Card(name, "unit", owner, life=1), ARENA, owner)
                self.placed.append(name)
            waiting = [n for n in self.destroyed if n in self.cards]
            still = (
                f" ({', '.join(waiting)}, détruite mais pas encore défaussée, occupe encore "
                "sa place)"
                if waiting
                else ""
            )
            self.rec.step(
                [STEP[WHEN_STEP[t.when]]],
                f"L'arène {of(owner)} compte {occupied} unité(s) pour {player.battlefield} places"
                f"{still} : {free} place(s) libre(s), {count} {e.conjuration} placée(s) sur "
                f"{e.amount} demandée(s).",
            )
        else:
            if not self.in_play(target):
                self.rec.step(
                    [STEP[WHEN_STEP[t.when]]],
                    f"{target} n'est plus en jeu : l'effet {of(t.ability)} n'a rien à faire.",
                )
                return
            self.rec.step(
                [NESTED],
                f"{t.ability} {_verb(e.kind, e.amount)} {target} : un processus complet de "
                "résolution des dégâts et destruction commence pour cette carte avant de passer à "
                "l'étape suivante.",
            )
            event = Event(target, t.card, owner, f"{t.ability} ({t.card})")
            self.process(event, e.kind, e.amount, depth + 1)

    # -- the three steps --
    def process(self, event: Event, entry: str, amount: int, depth: int) -> None:
        """One complete process for the card `event` names, entered at step 1 (`damage`), 2
        (`wounds`) or 2b (`destroy`)."""
        if depth > MAX_DEPTH:
            raise ScenarioError("state.triggers", "the triggers start processes without end")
        card = self.cards.get(event.subject)
        if card is None:
            self.rec.step(
                [PROCESS], f"{event.subject} n'est plus en jeu : le processus n'a pas lieu."
            )
            return
        if entry == "damage" and not self.receive_damage(event, card, amount, depth):
            return
        if entry in ("damage", "wounds"):
            if not self.place_wounds(event, card, entry, amount):
                return
        else:
            self.rec.step(
                [START_AT_2B],
                f"{event.by} détruit {card.name} : le processus commence à l'étape 2 b.",
            )
        self.destruction(event, card, depth)

    def receive_damage(self, event: Event, card: Card, amount: int, depth: int) -> bool:
        """Steps 1 and 1b.  False: no wounds to place (no damage, or the card left play)."""
        if amount <= 0:
            self.rec.step(
                [STEP["1"], ZERO_DAMAGE, NO_ATTACK],
                f"{event.by} inflige {amount} dégât à {card.name} : un montant de 0 (ou "
                "moins) n'est pas un dégât subi. Rien ne se déclenche et aucune blessure "
                "n'est ajoutée ni retirée.",
            )
            return False
        self.received[card.name] = self.received.get(card.name, 0) + amount
        self.rec.step([STEP["1"]], f"Étape 1 : {card.name} subit {amount} dégât(s).")
        self.fire("damaged", event, card, depth)
        if not self.in_play(card.name):
            self.rec.step(
                [STEP["2"], "ashes/faq/consommer-3"],
                f"Étape 2 : {card.name} a déjà quitté le jeu ; les dégâts ne se résolvent "
                "pas en blessures.",
            )
            return False
        return True

    def place_wounds(self, event: Event, card: Card, entry: str, amount: int) -> bool:
        """Step 2: the wounds are placed.  True: the card is destroyed."""
        if entry == "wounds":
            self.rec.step(
                [START_AT_2],
                f"{event.by} place des blessures sur {card.name} : le processus commence "
                "à l'étape 2 (les étapes 1 et 1 b sont sautées, aucun effet « subir des "
                "dégâts » ne peut se déclencher).",
            )
        card.wounds += amount
        rules = [STEP["2"]]
        verdict = "elle n'est pas détruite"
        if card.wounds >= card.life:
            verdict = "elle est immédiatement détruite"
            if card.wounds == card.life:
                rules.append(DESTROYED_VS_LEAVES)
                verdict += (
                    " (blessures égales aux points de vie : l'étape 2 dit « dépasse », la Q/R "
                    "« Sortie de jeu » dit « supérieur ou égal » ; le modèle suit la Q/R)"
                )
                self.rec.note(
                    "L'étape 2 dit « si le nombre actuel de dégâts dépasse les points de vie », "
                    "mais la Q/R « Sortie de jeu » répond « un nombre de blessures supérieur ou "
                    "égal à ses points de vie » (comme les règles anglaises, « equal to or "
                    "greater »). Le modèle applique « supérieur ou égal »."
                )
        self.rec.step(
            rules,
            f"Étape 2 : {amount} blessure(s) placée(s) sur {card.name} : {card.wounds} "
            f"blessure(s) pour {card.life} points de vie (les blessures ne diminuent pas les "
            f"points de vie) ; {verdict}.",
        )
        return card.wounds >= card.life

    def destruction(self, event: Event, card: Card, depth: int) -> None:
        """Steps 2b, 3 and 3b: the destruction triggers, then a Phoenixborn's controller loses;
        another card is discarded and its leaves-play triggers fire."""
        self.destroyed.append(card.name)
        self.fire("destroyed", event, card, depth)
        if card.kind == "phoenixborn":
            self.phoenixborn_destroyed(card)
            return
        self.game.move(card.name, DISCARD, card.controller)
        self.discarded.append(card.name)
        self.rec.step(
            [STEP["3"], DESTROYED_VS_LEAVES],
            f"Étape 3 : une fois les effets de destruction résolus, {card.name} est défaussée.",
        )
        self.fire("leaves_play", event, card, depth)

    def phoenixborn_destroyed(self, card: Card) -> None:
        """Step 3 for a Phoenixborn: its controller loses; GameOver if one player remains."""
        self.losers.append(card.controller)
        remaining = [p.name for p in self.sc.players if p.name not in self.losers]
        self.rec.step(
            [STEP["3"], PHOENIXBORN_DESTROYED],
            f"Étape 3 : {card.name} est détruit ; {card.controller} perd immédiatement la "
            "partie et ses cartes sont retirées de la partie.",
        )
        if len(remaining) == 1:
            self.winner = remaining[0]
            self.rec.step([STEP["3"]], f"Il ne reste qu'un joueur : {self.winner} gagne la partie.")
            raise GameOver


class _Damage(DamageProcess):
    """The procedures « degats » (one effect's damage) and « pioche » (damage for cards a player
    cannot draw)."""

    # -- the two procedures --
    def run_effect(self) -> None:
        cause = self.sc.cause
        assert cause is not None
        rules = [PROCESS, THREE_STEPS] + ([ATTACKS] if cause.attack else [])
        what = (
            f"L'attaque {of(cause.source)} est entièrement résolue"
            if cause.attack
            else f"L'effet {of(cause.source)} est entièrement résolu"
        )
        self.rec.step(
            rules, f"{what} ; le processus de résolution des dégâts et destruction commence."
        )
        if len(cause.targets) > 1:
            decider = self.sc.active_player or self.sc.first_player
            who = "le joueur actif" if self.sc.active_player else "le premier joueur"
            order = ", ".join(t.card for t in cause.targets)
            self.rec.step(
                [SEVERAL_TARGETS],
                f"Plusieurs cartes sont touchées par le même effet : {who} ({decider}) choisit "
                f"l'ordre : {order}.",
            )
        for t in cause.targets:
            self.process(Event(t.card, cause.source, cause.controller), cause.kind, t.amount, 0)

    def run_draw(self) -> None:
        sc = self.sc
        shortfalls: dict[str, int] = {}
        for p in sc.players:
            need = max(sc.hand_size - p.hand, 0)
            drawn = min(need, p.draw_pile)
            shortfalls[p.name] = need - drawn
            self.rec.step(
                [DRAW_ALL_AT_ONCE],
                f"Phase de préparation : {p.name} a {p.hand} carte(s) en main et {p.draw_pile} dans "
                f"sa pioche ; il pioche {drawn} carte(s) pour revenir à {sc.hand_size} (valeur des "
                f"règles du jeu) et il lui en manque {need - drawn}.",
            )
        hurt = [p for p in sc.order or [p.name for p in sc.players] if shortfalls.get(p, 0) > 0]
        if len(hurt) > 1:
            self.rec.step(
                [DRAW_ORDER],
                f"Plusieurs Héritiers doivent subir des dégâts : le joueur avec le jeton Premier "
                f"joueur ({sc.first_player}) choisit l'ordre : {', '.join(hurt)}.",
            )
        for player in hurt:
            phoenixborn = next(
                c for c in sc.cards if c.kind == "phoenixborn" and c.controller == player
            )
            self.rec.step(
                [DRAW_ALL_AT_ONCE],
                f"{phoenixborn.name} reçoit en une seule fois {shortfalls[player]} dégât(s), un "
                "par carte qui n'a pas pu être piochée.",
            )
            event = Event(phoenixborn.name, "l'impossibilité de piocher", sc.first_player)
            self.process(event, "damage", shortfalls[player], 0)

    def run(self) -> Trace:
        try:
            if self.sc.procedure == "pioche":
                self.run_draw()
            else:
                self.run_effect()
        except GameOver:
            self.rec.step([STEP["3"]], "La partie est terminée : le reste n'est pas résolu.")
        procedure = "degats" if self.sc.procedure == "degats" else "pioche"
        return self.rec.trace(procedure, GAME, self.sc, self.result())


def _verb(kind: str, amount: int) -> str:
    if kind == "damage":
        return f"inflige {amount} dégât(s) à"
    if kind == "wounds":
        return f"place {amount} blessure(s) sur"
    return "détruit"


def resolve_damage(scenario: AshesScenario) -> Trace:
    """Run the damage and destruction process for one effect (procedure « degats »)."""
    return _Damage(scenario).run()


def prepare_draw_damage(scenario: AshesScenario) -> Trace:
    """Damage for the cards a player cannot draw in the Prepare phase (procedure « pioche »)."""
    return _Damage(scenario).run()
