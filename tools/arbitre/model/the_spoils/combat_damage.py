"""The Spoils combat, steps C, D and F: the characters of speed X assign their damage (609.1c
attackers, 609.1d blockers: assigned, not dealt yet), then step F deals it all at once (609.1f)
to the characters still in the combat, the target location or the defending faction.

When the scenario gives no split, a character spreads its Strength over the opposing party in the
order it was formed, giving each what it still needs to die, any surplus to the first one: the
model's default, listed in the step's `defaults`.
"""

from __future__ import annotations

from arbitre.model.core.french import of
from arbitre.model.core.scenario import ScenarioError
from arbitre.model.core.state import Card
from arbitre.model.the_spoils.combat_read import DAMAGE
from arbitre.model.the_spoils.combat_state import ASSIGNED, DISCARD, INFLUENCE, CombatState
from arbitre.model.the_spoils.rules import CE_C, CE_D, CE_F, CE_NO_TARGET, INTRO_DAMAGE, rid

Assignment = tuple[str, str, int]  # (source, recipient, amount)


def split(cs: CombatState, card: Card, recipients: list[Card], pending: dict[str, int]) -> dict:
    """How `card` spreads its Strength: the scenario's split (checked) or the model's default."""
    strength = max(card.value("force"), 0)
    explicit = cs.sc.assign.get(card.name)
    if explicit is not None:
        allowed = {r.name for r in recipients}
        for recipient in explicit:
            if recipient not in allowed:
                raise ScenarioError(
                    f"actions.assign.{card.name}.{recipient}",
                    f"{recipient} cannot receive {card.name}'s damage at this point "
                    f"(possible: {', '.join(sorted(allowed))})",
                )
        if sum(explicit.values()) != strength:
            raise ScenarioError(
                f"actions.assign.{card.name}",
                f"assigns {sum(explicit.values())} but {card.name} has Strength {strength} "
                "when it assigns",
            )
        return {r: n for r, n in explicit.items() if n}
    out: dict[str, int] = {}
    left = strength
    for r in recipients:
        need = max(r.value("endurance") - r.count(DAMAGE) - pending.get(r.name, 0), 0)
        give = min(left, need)
        if give:
            out[r.name] = give
            left -= give
    if left and recipients:
        first = recipients[0].name
        out[first] = out.get(first, 0) + left
    return out


def assign(cs: CombatState, side: str, assignments: list[Assignment]) -> None:
    """Step C (attackers) or D (blockers): each character of speed X assigns its damage."""
    other = "blockers" if side == "attackers" else "attackers"
    assigning = _Assigning(cs, side, assignments)
    acting = [
        c for c in cs.waiting() if cs.sides[c.name] == side and c.value("vitesse") == cs.level
    ]
    for card in acting:
        card.statuses.add(ASSIGNED)
        strength = card.value("force")
        recipients = cs.party(other)
        if strength <= 0:
            assigning.nothing(card, strength)
        elif recipients:
            assigning.to_party(card, strength, recipients)
        elif side == "attackers" and cs.target_valid():
            assigning.to_target(card, strength)
        else:
            assigning.no_target(card)


class _Assigning:
    """One step C or D: its side, rule and letter, and the damage assigned so far at this level."""

    def __init__(self, cs: CombatState, side: str, assignments: list[Assignment]) -> None:
        self.cs, self.side, self.assignments = cs, side, assignments
        self.rule = rid("609.1c") if side == "attackers" else rid("609.1d")
        self.step = "C" if side == "attackers" else "D"
        self.pending: dict[str, int] = {}  # recipient -> damage assigned to it, not dealt yet
        for _s, r, n in assignments:
            self.pending[r] = self.pending.get(r, 0) + n

    def add(self, source: str, recipient: str, amount: int) -> None:
        """Record one assignment (dealt at step F)."""
        self.assignments.append((source, recipient, amount))
        self.pending[recipient] = self.pending.get(recipient, 0) + amount

    def nothing(self, card: Card, strength: int) -> None:
        """408.1b: a Strength of 0 or less deals nothing, but counts as having dealt its damage."""
        self.cs.rec.step(
            [self.rule, rid("408.1"), rid("408.1b")],
            f"Étape {self.step} : {card.name} a une Force de {strength} ; il n'inflige aucun "
            "dommage mais est considéré comme ayant infligé ses dommages.",
        )

    def to_party(self, card: Card, strength: int, recipients: list[Card]) -> None:
        """The character spreads its Strength over the opposing party (given or default split)."""
        cs, name, side = self.cs, card.name, self.side
        parts = split(cs, card, recipients, self.pending)
        for r, n in parts.items():
            self.add(name, r, n)
        text = ", ".join(f"{n} à {r}" for r, n in parts.items())
        defaults, how = [], ""
        if name not in cs.sc.assign and len(recipients) > 1:
            cs.default_splits.append(name)
            how = (
                " — répartition par défaut du modèle, le scénario ne donne pas celle "
                "choisie par les joueurs"
            )
            defaults = [f"répartition des dommages {of(name)}"]
        if side == "attackers":
            cs.rec.note(
                "609.1c fait assigner des dommages « égaux à leur Force » ; le commentaire "
                "de « Le combat expliqué » (étape C) dit « jusqu'à 3 points de dommages » "
                "pour une Force de 3. Le modèle suit la règle : toute la Force est assignée."
            )
        cs.rec.step(
            [self.rule, CE_C if side == "attackers" else CE_D],
            f"Étape {self.step} : {name} (Force {strength}, Vitesse {cs.level}) assigne "
            f"{text} (assignés, pas encore infligés){how}.",
            defaults,
        )

    def to_target(self, card: Card, strength: int) -> None:
        """No blocker is left: an attacker assigns its damage to the target of the attack."""
        cs = self.cs
        target = cs.target_name()
        self.add(card.name, target, strength)
        rules = [self.rule]
        if "blockers" in cs.sides.values():
            rules.append(INTRO_DAMAGE)
        cs.rec.step(
            rules,
            f"Étape {self.step} : il ne reste aucun bloqueur ; {card.name} (Force "
            f"{strength}) assigne ses dommages à la cible de l'attaque, {target}.",
        )

    def no_target(self, card: Card) -> None:
        """Nothing can take the damage: the character counts as having assigned it."""
        cs = self.cs
        cs.no_effect.append(card.name)
        rules = [self.rule, CE_NO_TARGET]
        if self.side == "attackers" and cs.location_lost:
            rules.append(rid("407.5a"))
        cs.rec.step(
            rules,
            f"Étape {self.step} : {card.name} n'a plus aucune cible pour ses dommages ; il ne fait "
            "rien mais est considéré comme ayant assigné ses dommages, pour que la "
            "résolution du combat se termine.",
        )


def apply(cs: CombatState, assignments: list[Assignment]) -> None:
    """Step F: the damage assigned at this level is dealt, one sum per recipient."""
    totals: dict[str, int] = {}
    sources: dict[str, list[str]] = {}
    for s, r, n in assignments:
        totals[r] = totals.get(r, 0) + n
        sources.setdefault(r, []).append(s)
    if not totals:
        cs.rec.step([rid("609.1f")], "Étape F : aucun dommage n'a été assigné à ce niveau.")
        return
    for recipient, amount in totals.items():
        by = ", ".join(sources[recipient])
        several = (
            f" La somme des dommages {of(by)} est infligée en un seul montant."
            if len(sources[recipient]) > 1
            else ""
        )
        card = cs.fighter(recipient)
        if card is not None:
            _to_character(cs, card, amount, several)
        elif cs.location and recipient == cs.location.name:
            _to_location(cs, cs.location, amount, several)
        else:
            _to_faction(cs, recipient, amount, several)
    cs.state_check()


def _count(cs: CombatState, recipient: str) -> None:
    cs.damage_events[recipient] = cs.damage_events.get(recipient, 0) + 1


def _to_character(cs: CombatState, card: Card, amount: int, several: str) -> None:
    if not cs.in_battle(card):
        rules = [rid("609.1f"), CE_F, rid("302.15")]
        if cs.in_play(card):
            rules.append(rid("407.4a"))
        cs.rec.step(
            rules,
            f"Étape F : {card.name} n'est plus au combat ; les {amount} dommage(s) "
            "qui lui étaient assignés ne sont PAS infligés.",
        )
        return
    _count(cs, card.name)
    cs.battle_damage[card.name] = cs.battle_damage.get(card.name, 0) + amount
    card.add(DAMAGE, amount)
    cs.rec.step(
        [rid("609.1f")],
        f"Étape F : {card.name} reçoit {amount} dommage(s) ({card.count(DAMAGE)} ce tour, "
        f"Vie {card.value('endurance')}).{several}",
    )


def _to_location(cs: CombatState, place: Card, amount: int, several: str) -> None:
    if not cs.target_valid():
        cs.rec.step(
            [rid("609.1f"), rid("407.5a")],
            f"Étape F : {place.name} n'est plus la cible ; ces dommages ne font rien.",
        )
        return
    _count(cs, place.name)
    place.add(DAMAGE, amount)
    damage, structure = place.count(DAMAGE), place.value("structure")
    cs.rec.step(
        [rid("609.1f"), rid("408.5")],
        f"Étape F : le lieu {place.name} reçoit {amount} dommage(s) ({damage} "
        f"depuis le début de la partie, Structure {structure}).{several}",
    )
    if damage >= structure:
        cs.game.move(place.name, DISCARD, place.owner)
        cs.rec.step(
            [rid("408.5")],
            f"{place.name} a reçu des dommages supérieurs ou égaux à sa Structure : il est détruit.",
        )


def _to_faction(cs: CombatState, faction: str, amount: int, several: str) -> None:
    _count(cs, faction)
    cs.game.player(cs.sc.faction).add(INFLUENCE, -amount)
    cs.rec.step(
        [rid("609.1f"), rid("408.3")],
        f"Étape F : la faction {faction} subit {amount} dommage(s) et perd autant de "
        f"points d'influence ({cs.influence} restants).{several}",
    )
    if cs.game_lost:
        cs.rec.step(
            [rid("408.3a")],
            f"La faction {faction} atteint 0 point d'influence : son joueur perd la partie.",
        )
