"""Altered: resolving a cost and an effect step by step (6.1), with the verbs of 7.3 it uses.

A card's effect is data: its cost instructions and its effect instructions, each a verb with its
objects, linked to the previous one by « puis », « et », « simultanément » or « si vous le faites ».
The procedure applies the rules that cut it into steps and atomic actions:
- a cost has a single step, whatever its verbs (6.1.d);
- each verb of an effect is its own step unless the verbs happen « simultanément » (6.1.c);
- a step affecting several objects has one atomic action per object (6.1.e), all simultaneous
  (6.1.f);
- « Faites A. Si vous le faites, faites B » is no internal action: A is mandatory and B happens only
  if the player could do A (5.4, remark);
- an opposing target with Coriace X adds X to the cost, unless the card is played « gratuitement »
  (7.4.5.c and its remark).
The verbs act on a small state: each player's Hand, Deck, discard pile, Reserve, ready Mana Orbs
and expeditions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.model.core.french import of
from arbitre.model.core.rules import require
from arbitre.model.core.scenario import Fields, read_opening, require_in_play
from arbitre.model.core.trace import Recorder, Ruling, Trace

GAME = "altered"
VERBS = {
    "payer": "payer",
    "mettre_en_reserve": "mettre une carte de la Main dans la Réserve",
    "defausser": "défausser une carte de la Main",
    "piocher": "piocher",
    "ravitailler": "Ravitailler",
    "saboter": "Saboter",
    "creer_jeton": "créer",
}
LINKS = ("puis", "et", "simultanement", "si_vous_le_faites")
PILES = ("main", "deck", "defausse", "reserve")
PILE_FR = {"main": "Main", "deck": "Deck", "defausse": "pile de Défausse", "reserve": "Réserve"}


def rid(number: str) -> str:
    return f"{GAME}/{number}"


@dataclass
class Instruction:
    verb: str
    link: str = "puis"  # how it follows the previous instruction
    amount: int = 1  # mana to pay, cards to draw, tokens to create
    target: str = ""  # Saboter: the targeted card
    token: str = ""  # creer_jeton: the token's name
    each_expedition: bool = False  # « dans chacune de vos Expéditions »


@dataclass
class Side:
    piles: dict[str, list[str]]
    mana: int = 0  # ready Mana Orbs
    expeditions: int = 2  # hero and companion (1.3.1.b)
    coriace: dict[str, int] = field(default_factory=dict)  # object -> X (7.4.5)


@dataclass
class EffectScenario:
    name: str
    title: str
    rulings: list[Ruling]
    controller: str
    sides: dict[str, Side]
    card: str
    cost: list[Instruction]
    effect: list[Instruction]
    free: bool = False  # played « gratuitement »
    coriace_target: str = ""  # an object the effect targets, for Coriace


def _instruction(f: Fields, where_cost: bool) -> Instruction:
    verb = f.choice("verb", tuple(VERBS))
    i = Instruction(
        verb,
        f.choice("link", LINKS, "et" if where_cost else "puis"),
        f.int("amount", 1, minimum=0),
        f.str("target", ""),
        f.str("token", ""),
        f.bool("each_expedition"),
    )
    f.done()
    return i


def read_effect(name: str, data: Fields) -> EffectScenario:
    rulings, title, state = read_opening(data, GAME)
    sides: dict[str, Side] = {}
    for pf in state.records("players"):
        piles = {p: pf.str_list(p, []) for p in PILES}
        coriace = {}
        for cf in pf.records("coriace", []):
            coriace[cf.str("object")] = cf.int("x", minimum=0)
            cf.done()
        sides[pf.str("name")] = Side(
            piles, pf.int("mana", 0, minimum=0), pf.int("expeditions", 2, minimum=1), coriace
        )
        pf.done()
    state.done()
    actions = data.sub("actions")
    controller = actions.player("player", sides)
    cost = [_instruction(f, True) for f in actions.records("cost", [])]
    effect = [_instruction(f, False) for f in actions.records("effect")]
    sc = EffectScenario(
        name,
        title,
        rulings,
        controller,
        sides,
        actions.str("card"),
        cost,
        effect,
        actions.bool("gratuit"),
        actions.str("target", ""),
    )
    actions.done()
    if sc.coriace_target:
        _check_target(sc, actions.where("target"))
    return sc


# « la Main d'Alice »: the piles of `Side`, out of play (3.1.4.a), with their article.
PILE_PLACE_FR = {
    "main": "la Main",
    "deck": "le Deck",
    "defausse": "la pile de Défausse",
    "reserve": "la Réserve",
}


def _check_target(sc: EffectScenario, where: str) -> None:
    """The target is an object in play (listed under `coriace`, with x: 0 if it has none); a
    card of a pile is out of play: targeting it breaks 2.2.1.h."""
    in_play = {o for side in sc.sides.values() for o in side.coriace}
    elsewhere = {
        card: f"dans {PILE_PLACE_FR[pile]} {of(player)}"
        for player, side in sc.sides.items()
        for pile in PILES
        for card in side.piles[pile]
    }
    require_in_play(
        sc.coriace_target,
        where,
        in_play,
        elsewhere,
        rid("2.2.1.h"),
        "un effet qui vise un objet sans nommer de zone vise un objet en jeu (Zone du Héros, "
        "Zone d'expédition ou Zone du Repère, 3.1.4.a)",
    )


class _Effect:
    def __init__(self, sc: EffectScenario) -> None:
        self.sc = sc
        self.me = sc.sides[sc.controller]
        self.rec = Recorder(self.snapshot)
        self.steps: list[str] = []
        self.atomic: list[int] = []
        self.shuffled = False  # Ravitailler shuffled the discard pile into the Deck (7.3.16.b)

    def snapshot(self) -> dict[str, Any]:
        return {
            n: {**{PILE_FR[p]: list(s.piles[p]) for p in PILES}, "Orbes prêts": s.mana}
            for n, s in self.sc.sides.items()
        }

    # -- the verbs: each returns the French words of what it did and the objects it affected --
    def do(self, i: Instruction) -> tuple[str, int]:
        piles = self.me.piles
        if i.verb == "payer":
            if self.me.mana < i.amount:
                return f"ne peut pas payer {i.amount} ({self.me.mana} Orbe(s) prêt(s))", 0
            self.me.mana -= i.amount
            return f"paie {i.amount} en épuisant {i.amount} Orbe(s) de Mana", i.amount
        if i.verb in ("mettre_en_reserve", "defausser"):
            if not piles["main"]:
                return f"ne peut pas {VERBS[i.verb]} : sa Main est vide", 0
            card = piles["main"].pop(0)
            to = "reserve" if i.verb == "mettre_en_reserve" else "defausse"
            piles[to].append(card)
            return f"met {card} de sa Main dans sa {PILE_FR[to]}", 1
        if i.verb == "piocher":
            drawn = piles["deck"][: i.amount]
            del piles["deck"][: i.amount]
            piles["main"] += drawn
            return f"pioche {len(drawn)} carte(s) ({', '.join(drawn) or 'aucune'})", len(drawn)
        if i.verb == "ravitailler":
            return self.resupply()
        if i.verb == "saboter":
            return self.sabotage(i.target)
        return self.create(i)

    def resupply(self) -> tuple[str, int]:
        piles = self.me.piles
        extra = ""
        if not piles["deck"]:
            piles["deck"], piles["defausse"] = list(piles["defausse"]), []
            extra = (
                f"trouve son Deck vide : {self.sc.controller} y mélange sa pile de Défausse (ordre du mélange : celui "
                "de la pile, valeur par défaut du modèle), puis "
            )
            self.shuffled = True
        if not piles["deck"]:
            return extra + "le Deck est encore vide : Ravitailler ne fait rien", 0
        card = piles["deck"].pop(0)
        piles["reserve"].append(card)
        return f"{extra}place la première carte du Deck, {card}, dans sa Réserve", 1

    def sabotage(self, target: str) -> tuple[str, int]:
        for owner, side in self.sc.sides.items():
            if target in side.piles["reserve"]:
                side.piles["reserve"].remove(target)
                side.piles["defausse"].append(target)
                whose = (
                    "sa propre Réserve"
                    if owner == self.sc.controller
                    else f"la Réserve {of(owner)}"
                )
                return f"sabote {target}, dans {whose} : la carte est défaussée", 1
        return f"ne sabote rien : {target} n'est dans aucune Réserve (« jusqu'à une carte »)", 0

    def create(self, i: Instruction) -> tuple[str, int]:
        where = self.me.expeditions if i.each_expedition else 1
        total = i.amount * where
        place = "dans chacune de ses Expéditions" if i.each_expedition else "dans une Expédition"
        return f"crée {i.amount} jeton(s) {i.token} {place}, soit {total} jeton(s)", total

    # -- cutting into steps --
    def pay_cost(self) -> None:
        me = self.sc.controller
        if self.sc.free and self.sc.cost:
            self.sc.cost = []
            self.rec.step(
                [rid("7.4.5.c-remarque")],
                f"{self.sc.card} est joué gratuitement : son coût n'est pas payé.",
            )
        if self.sc.coriace_target:
            for owner, side in self.sc.sides.items():
                x = side.coriace.get(self.sc.coriace_target)
                if not x:  # no Coriace (an object listed with x: 0 only to be targeted)
                    continue
                opposing = owner != me
                if opposing and self.sc.free:
                    self.rec.step(
                        [rid("7.4.5.c"), rid("7.4.5.c-remarque")],
                        f"{self.sc.card} cible {self.sc.coriace_target} (Coriace {x}), objet adverse, "
                        f"mais il est joué gratuitement : le coût supplémentaire de Coriace {x} est "
                        "ignoré aussi.",
                    )
                elif opposing:
                    self.sc.cost.append(Instruction("payer", "et", x))
                    self.rec.step(
                        [rid("7.4.5.c")],
                        f"{self.sc.card} cible {self.sc.coriace_target}, objet adverse avec Coriace "
                        f"{x} : il coûte {x} de plus.",
                    )
                else:
                    self.rec.step(
                        [rid("7.4.5.c")],
                        f"{self.sc.coriace_target} a Coriace {x} mais n'est pas un objet adverse : "
                        "le coût ne change pas.",
                    )
        if not self.sc.cost:
            return
        done = [self.do(i) for i in self.sc.cost]
        require(
            all(n for _t, n in done),
            rid("1.2.5.c"),
            f"{me} ne peut pas payer tout le coût {of(self.sc.card)}",
            "actions.cost",
        )
        self.steps.append("coût : " + ", ".join(VERBS[i.verb] for i in self.sc.cost))
        self.atomic.append(sum(n for _t, n in done))
        self.rec.step(
            [rid("6.1.d")],
            f"Coût, en une seule étape : {me} " + " et ".join(t for t, _n in done) + ".",
        )

    def resolve(self) -> None:
        me = self.sc.controller
        groups: list[list[Instruction]] = []
        for i in self.sc.effect:
            if groups and i.link == "simultanement":
                groups[-1].append(i)
            else:
                groups.append([i])
        self.rec.step(
            [rid("6.1.b"), rid("6.1.c")],
            f"L'effet {of(self.sc.card)} a {len(groups)} étape(s) : chaque verbe est une étape "
            "distincte, sauf des verbes qui se produisent « simultanément ».",
        )
        last_done = True
        for n, group in enumerate(groups, 1):
            first = group[0]
            if first.link == "si_vous_le_faites" and not last_done:
                self.rec.step(
                    [rid("5.4.b-remarque")],
                    f"Étape {n} : « si vous le faites » — {me} n'a pas pu faire l'étape "
                    f"précédente, donc l'étape « {VERBS[first.verb]} » n'a pas lieu.",
                )
                self.steps.append(f"{VERBS[first.verb]} (non fait)")
                self.atomic.append(0)
                last_done = False
                continue
            done = [self.do(i) for i in group]
            count = sum(k for _t, k in done)
            rules = [rid("6.1.c")]
            defaults = []
            if self.shuffled:
                rules += [rid("7.3.16.b")]
                defaults = ["ordre de la pile de Défausse mélangée dans le Deck"]
                self.shuffled = False
            if first.link == "si_vous_le_faites":
                rules.append(rid("5.4.b-remarque"))
            if count > 1:
                rules += [rid("6.1.e"), rid("6.1.f")]
            self.rec.step(
                rules,
                f"Étape {n} : {me} " + " et ".join(t for t, _k in done) + f" — {count} action(s) "
                "atomique(s)" + (", simultanées" if count > 1 else "") + ".",
                defaults,
            )
            self.steps.append(", ".join(VERBS[i.verb] for i in group))
            self.atomic.append(count)
            last_done = count > 0

    def run(self) -> Trace:
        self.pay_cost()
        self.resolve()
        result = {
            "effect_steps": list(self.steps),
            "atomic_actions": list(self.atomic),
            "card_zones": {
                n: {PILE_FR[p]: list(s.piles[p]) for p in PILES if s.piles[p]}
                for n, s in self.sc.sides.items()
                if any(s.piles.values())
            },
            "ready_resources": {n: s.mana for n, s in self.sc.sides.items()},
        }
        return self.rec.trace("effet", GAME, self.sc, result)


def run_effect(scenario: EffectScenario) -> Trace:
    """Pay the cost, then resolve the effect step by step (6.1)."""
    return _Effect(scenario).run()
