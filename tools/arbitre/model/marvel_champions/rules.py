"""Marvel Champions on the engine: the entry ids its procedures cite, the round, and the
characters every procedure plays with (`Character`: heroes, allies, villains, minions).
"""

from __future__ import annotations

from arbitre.model.core.sequence import Phase, Sequence
from arbitre.model.core.state import Card as EngineCard

GAME = "marvel-champions"

G = f"{GAME}/glossaire"
ACTIVATION = f"{G}/activation"
VILLAIN_PHASE = f"{G}/phase-du-mechant"
PLAYER_PHASE = f"{G}/phase-des-joueurs"
ATTACKING = f"{G}/attaque-attaquer"  # card effects may make an enemy attack at other times
FORM = f"{G}/forme-changer-de-forme"  # once per round, during one's turn
PLAYER_TURN = f"{G}/tour-de-joueur"
GUARD = f"{G}/garde"
PATROL = f"{G}/patrouille"
INITIATE = f"{G}/initier-des-capacites-jouer-des-cartes"  # the effect must change the game state
STATUS = f"{G}/cartes-d-etat"  # status cards resolve before any other ability
FAQ = f"{GAME}/faq"

# The round in one screen: the players' phase, then the villain's five steps.
ROUND = Sequence(
    GAME,
    "round",
    (
        Phase(
            "joueurs",
            "phase des Joueurs",
            (PLAYER_PHASE, PLAYER_TURN),
            text_fr="chaque joueur effectue son tour, dans l'ordre des joueurs ; puis chacun "
            "défausse ou pioche jusqu'à sa taille de main et redresse ses cartes.",
            allows=frozenset(
                {
                    "attaque_joueur",
                    "attaque_mechant",
                    "attaque_sbire",
                    "contrer_principale",
                    "contrer_annexe",
                    "effet",
                    "changer_forme",
                }
            ),
            limits=(("changer_forme", 1, FORM),),
        ),
        Phase(
            "mechant",
            "phase du Méchant",
            (VILLAIN_PHASE,),
            text_fr="1 menace d'accélération sur la manigance principale ; 2 le méchant s'active "
            "une fois par joueur, puis les sbires engagés avec ce joueur ; 3 une carte Rencontre "
            "attribuée à chaque joueur ; 4 révélées dans l'ordre des joueurs ; 5 le pion Premier "
            "joueur passe à gauche.",
            allows=frozenset({"activation", "effet"}),
        ),
    ),
    (VILLAIN_PHASE, PLAYER_PHASE),
    actions_fr=(
        ("changer_forme", "changer de forme (héros / alter ego)"),
        ("attaque_joueur", "attaquer ou contrer avec un pouvoir de base"),
        ("attaque_mechant", "attaquer le méchant"),
        ("attaque_sbire", "attaquer un sbire"),
        ("contrer_principale", "contrer la manigance principale"),
        ("contrer_annexe", "contrer une manigance annexe"),
        ("effet", "jouer une carte ou déclencher une capacité « Action »"),
        ("activation", "activation d'un ennemi"),
    ),
    action_rules=(("changer_forme", FORM), ("attaque_joueur", PLAYER_TURN)),
    restrictions=(
        ("garde", "attaque_mechant", GUARD, "un sbire avec Garde est engagé avec ce joueur"),
        (
            "patrouille",
            "contrer_principale",
            PATROL,
            "un sbire avec Patrouille est engagé avec ce joueur",
        ),
    ),
)

KINDS = ("identite", "allie", "mechant", "sbire")
STATUSES = ("sonne", "tenace", "desoriente")
STATUS_FR = {"sonne": "Sonné", "tenace": "Tenace", "desoriente": "Désorienté"}


class Character(EngineCard):
    """A hero, ally, villain or minion on the engine's Card: printed and current PV, ATQ, MNG,
    DEF (`None` ATQ: ★, counts as 0); statuses (Sonné, Tenace, Désorienté) on the card."""

    def __init__(
        self,
        name: str,
        kind: str,  # one of KINDS
        hp: int,
        controller: str | None = None,  # the player, for identities and allies
        riposte: int = 0,
        statuses: set[str] | None = None,
    ) -> None:
        super().__init__(name, controller, printed={"pv": hp}, kind=kind)
        self.statuses = set(statuses or ())
        self.riposte = riposte
        self.form = "heros"  # identities: "heros" or "alter_ego"
        self.keywords: set[str] = set()
        self.villainy = False  # Vilenie (minions)
        self.webbed = False  # Pris dans la Toile attached

    def _set(self, key: str, value: int | None) -> None:
        self.printed.setdefault(key, value)
        self.current[key] = value

    hp = property(lambda self: self.value("pv"), lambda self, v: self._set("pv", v))
    atk = property(lambda self: self.current.get("atq"), lambda self, v: self._set("atq", v))
    sch = property(lambda self: self.current.get("mng"), lambda self, v: self._set("mng", v))
    defense = property(lambda self: self.value("def"), lambda self, v: self._set("def", v))
