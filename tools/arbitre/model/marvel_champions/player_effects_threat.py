"""Marvel Champions « effet_joueur »: threat — removing it (« Contrer »; Patrouille and crisis
icons protect the main scheme; a side scheme at 0 is defeated), preventing it, placing it (during
setup only « Mise en place » abilities answer), and a side scheme entering play with its threat.
"""

from __future__ import annotations

from arbitre.model.core.french import of
from arbitre.model.marvel_champions.player_effects_actions_read import Effect, Occurrence
from arbitre.model.marvel_champions.player_effects_state import (
    CRISIS,
    DEFEAT,
    MODIFIERS,
    PATROL,
    PREVENT,
    RESPONSE,
    SETUP,
    SIDE_SCHEME,
    SIMULTANEOUS,
    THREAT,
    EffectsState,
)
from arbitre.model.marvel_champions.rules import Character


def thwart(
    s: EffectsState, eff: Effect, o: Occurrence, frozen: tuple[list[str], int] | None
) -> None:
    rec = s.rec
    name = o.target
    if o.kind == "prevent_threat":
        cut = min(o.amount, o.incoming)
        placed = o.incoming - cut
        s.threat[name] += placed
        skipped = [b.card for b in s.bonus(eff, "threat_each")]
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
    patrols, crisis = frozen if frozen is not None else (s.patrols(), s.sc.crisis)
    if name in s.main and (patrols or crisis):
        s.blocked.append(name)
        why = [f"{', '.join(patrols)} a Patrouille"] if patrols else []
        why += [f"{crisis} icône(s) de crise en jeu"] if crisis else []
        rules = ([PATROL] if patrols else []) + ([CRISIS] if crisis else [])
        if frozen is not None:
            rules.append(SIMULTANEOUS)
        rec.step(
            rules,
            f"{' et '.join(why)} : aucune menace n'est retirée de la manigance principale {name}.",
        )
        return
    amount = o.amount + o.extra
    parts = [f"{o.amount}"]
    rules = [THREAT]
    for b in s.bonus(eff, "threat_each"):
        amount += b.threat_each
        parts.append(f"{b.threat_each} {of(b.card)}")
        rules.append(MODIFIERS)
    removed = min(amount, s.threat[name])
    s.threat[name] -= removed
    rec.step(
        rules,
        f"{eff.card} retire {' + '.join(parts) + ' = ' if len(parts) > 1 else ''}{amount} "
        f"menace(s) {of(name)} "
        f"({s.threat[name]} restante(s)).",
    )
    if s.threat[name] == 0 and name not in s.main:
        s.scheme_defeated.append(name)
        s.fire("manigance_dejouee", None, Character(name, "manigance", 1), "interruption")
        rec.step([SIDE_SCHEME, DEFEAT], f"La manigance annexe {name} est déjouée et défaussée.")
        s.fire("manigance_dejouee", None, Character(name, "manigance", 1), "reponse")


def place(s: EffectsState, o: Occurrence) -> None:
    rec = s.rec
    name = o.target
    if o.kind == "scheme_enters":
        s.threat[name] = s.threat.get(name, 0) + o.amount
        rec.step(
            [SIDE_SCHEME, THREAT],
            f"La manigance annexe {name} entre en jeu avec {o.amount} menace(s) déjà dessus : "
            "de la menace n'est pas « placée » sur elle.",
        )
        for t in s.sc.triggers:
            if t.on == "menace_placee":
                rec.step(
                    [RESPONSE, SIDE_SCHEME],
                    f"{t.card} (quand de la menace est placée) ne se déclenche pas.",
                )
        return
    s.threat[name] += o.amount
    when = "pendant la mise en place" if o.setup else ""
    rec.step([THREAT], f"{o.amount} menace(s) placée(s) sur {name} {when}".rstrip() + ".")
    for t in s.sc.triggers:
        if t.on != "menace_placee":
            continue
        if o.setup and not t.setup:
            rec.step(
                [SETUP],
                f"{t.card} ne se déclenche pas : pendant la mise en place, seules les "
                "capacités « Mise en place » se résolvent.",
            )
            continue
        s.resolve_trigger(t, None)
        removed = min(t.remove, s.threat[name])
        s.threat[name] -= removed
        rec.step([RESPONSE, THREAT], f"{t.card} retire {removed} menace(s) {of(name)}.")
