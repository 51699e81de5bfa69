"""The Spoils glossary: the terms the rules define, with the forms players type.

Reviewed data, not parsing: each term names the entry that defines it (`defined_by`, a local id
of the-spoils); the importer copies that entry's whole text unless `text` is given
(a definition written for Arbitre, imported with `official: false`).
`english` comes from the source's own French/English pairs (« Vitesse/Speed », « Groupe de
combat (Battle party) », the English headings « 401 Costs », « 405 Threshold »…) unless
`inferred` is set, in which case it is Arbitre's translation.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    title: str
    aliases: tuple[str, ...]
    english: str | None
    defined_by: str | None
    inferred: bool = False
    text: str = ""

    @property
    def english_inferred(self) -> bool:
        return self.inferred and self.english is not None


T = Term

TERMS: tuple[Term, ...] = (
    # Section 2: card types and card elements.
    T(
        "Faction",
        ("factions", "carte de Faction"),
        "Faction",
        "202.1",
        text=(
            "La carte qui représente le joueur (« qui vous êtes / ce que vous jouez ») : une seule par "
            "deck, elle commence la partie en jeu et son influence sert de score."
        ),
    ),
    T(
        "Influence",
        ("points d'influence", "points d’influence", "influence de départ", "PI"),
        "Influence Points",
        "202.3",
    ),
    T(
        "Ressource",
        ("ressources", "Resource", "Resources", "carte de ressource"),
        "Resource",
        "203.2",
    ),
    T(
        "Ressource de base",
        ("ressources de base", "staple", "staple resources"),
        "staple resource",
        "203.5",
    ),
    T(
        "Obsession",
        ("Obession",),
        "Obsession",
        "203.5a",
        text="Une des cinq ressources de base (« Obsession »).",
    ),
    T(
        "Cupidité",
        ("Greed",),
        "Greed",
        "203.5a",
        text="Une des cinq ressources de base (« Greed »).",
    ),
    T(
        "Elitisme",
        ("Élitisme", "Elitism"),
        "Elitism",
        "203.5a",
        text="Une des cinq ressources de base (« Elitism »).",
    ),
    T(
        "Supercherie",
        ("Deception",),
        "Deception",
        "203.5a",
        text="Une des cinq ressources de base (« Deception »).",
    ),
    T("Rage", (), "Rage", "203.5a", text="Une des cinq ressources de base (« Rage »)."),
    T("Volonté", ("Volition", "icône Volonté"), "Volition", "203.4a"),
    T(
        "Personnage",
        ("personnages", "Character", "Characters", "créature"),
        "Character",
        "204.3",
        text=(
            "Type de carte qui peut attaquer et bloquer ; il a trois caractéristiques de combat : "
            "Force/Strength, Endurance/Life et Vitesse/Speed (204.4)."
        ),
    ),
    T("Tactique", ("tactiques", "Tactic", "Tactics", "éphémère"), "Tactic", "205.1"),
    T(
        "Item",
        ("items", "équipement", "gear"),
        "Item",
        "206.2",
        text=(
            "Type de carte qui reste en jeu et fournit des avantages continus jusqu'à sa destruction ; "
            "l'équipement (« gear ») modifie les caractéristiques de combat (201.7c)."
        ),
    ),
    T(
        "Lieu",
        ("lieux", "Location", "Locations"),
        "Location",
        "207.4",
        text=(
            "Type de carte que l'adversaire peut attaquer ; sa Structure indique les dommages "
            "nécessaires pour le détruire, et ces dommages restent toute la partie (207.5)."
        ),
    ),
    T("Structure", ("points de structure",), "Structure", "207.4", inferred=True),
    T(
        "Sous-type",
        ("sous-types", "soustype", "soustypes", "subtype"),
        "subtype",
        "201.4b",
        inferred=True,
    ),
    T("Supertype", ("supertypes",), "supertype", "201.4c", inferred=True),
    T(
        "Texte de règle",
        ("textes de règle", "texte de règles", "rules text"),
        "rules text",
        "201.5a",
        inferred=True,
    ),
    T("Texte en italique", ("italique", "texte d'ambiance"), "italic text", "501.1", inferred=True),
    T("Seuil", ("seuils", "icônes de seuil", "Threshold"), "Threshold", "405.1"),
    # Combat statistics (201.7, 204.4).
    T("Force", ("Strength", "STR", "Strenght", "Force/Strength"), "Strength", "204.4a"),
    T("Endurance", ("Life", "LIFE", "Vie", "Endurance/Life", "Vie/Life"), "Life", "204.4b"),
    T("Vitesse", ("Speed", "SPD", "Vitesse/Speed"), "Speed", "204.4c"),
    T(
        "Statistiques de combat",
        ("caractéristiques de combat", "stats"),
        "combat statistics",
        "201.7b",
        inferred=True,
    ),
    # Section 3: terminology.
    T(
        "Attacher",
        (
            "attache",
            "attachée",
            "attachées",
            "attachez",
            "attacher des Resources",
            "carte attachante",
        ),
        "attach",
        "301.1",
        inferred=True,
    ),
    T(
        "Détacher",
        ("détache", "détachée", "détachez", "détacher des Resources"),
        "detach",
        "301.2",
        inferred=True,
    ),
    T("Cible de l'attaque", ("cible", "cible de l’attaque"), "Target of the attack", "302.1"),
    T("Se faisant attaquer", ("être attaqué", "joueur attaqué"), "Being attacked", "302.2"),
    T("Joueur attaquant", ("joueurs attaquants",), "Attacking player", "302.3"),
    T("Joueur défenseur", ("défenseur", "joueurs défenseurs"), "Defending player", "302.4"),
    T(
        "Groupe de combat",
        ("groupes de combat", "groupe", "party", "formation de combat"),
        "Battle party",
        "302.5",
    ),
    T(
        "Groupe d'attaquants",
        ("groupe d’attaquants", "attaquants", "Attacking Party"),
        "Attacking party",
        "302.6",
    ),
    T(
        "Groupe de bloqueurs",
        ("groupe de bloqueurs", "Group de bloqueurs", "bloqueurs", "blocking party"),
        "Blocking party",
        "302.7",
    ),
    T("Durant le combat", ("combat", "combats", "battle"), "During a battle", "302.8"),
    T("En combat", ("dans un combat",), "In a battle", "302.9"),
    T("Groupe adverse", (), "Opposing party", "302.10"),
    T("Groupe à couvert", ("covert party",), "Covert party", "302.11"),
    T(
        "Personnage attaquant",
        ("personnages attaquants", "attaquant"),
        "Attacking Character",
        "302.12",
    ),
    T(
        "Personnage bloqueur",
        ("personnages bloqueurs", "bloqueur", "bloquer", "bloquez"),
        "Blocking Character",
        "302.13",
    ),
    T("Dans un groupe avec", ("même groupe",), "In a party with", "302.14"),
    T(
        "Retiré du combat",
        ("retirée du combat", "retirés du combat", "retirer du combat"),
        "Removed from battle",
        "302.15",
    ),
    T(
        "Épuiser",
        ("Epuiser", "épuise", "épuisé", "épuisée", "épuisés", "épuisez", "engager", "incliner"),
        "Deplete",
        "303.1",
    ),
    T(
        "Restaurer",
        ("restaure", "restauré", "restaurée", "restaurez", "redresser"),
        "Restore",
        "303.3",
    ),
    T(
        "Détruire",
        ("détruit", "détruite", "détruits", "détruisez", "destruction"),
        "destroy",
        "304.1",
        inferred=True,
    ),
    T(
        "Défausser",
        ("se défausser", "défaussez", "défaussée", "défaussées"),
        "discard",
        "305.1",
        inferred=True,
    ),
    T("Piocher", ("pioche", "piochez", "piochée", "piochées", "draw"), "draw", "306.1"),
    T("Match nul", ("égalité", "partie nulle"), "draw", "306.4"),
    T("Dupliquer", ("duplique", "dupliquez", "copie"), "duplicate", "307.1", inferred=True),
    T("Jouer gratuitement", ("gratuitement", "gratuit"), "play for free", "308.1", inferred=True),
    T("Payer", ("paye", "payez", "paiement", "pay"), "pay", "309.1", inferred=True),
    T(
        "Choisir",
        ("choisissez", "choisi", "choisie", "choisies", "sélectionner", "pick"),
        "pick",
        "310.1",
    ),
    T("Fournir", ("fournit", "fournissent", "provides"), "provides", "311.1"),
    T("Rechercher", ("recherche", "recherchez", "search"), "search", "312.1", inferred=True),
    T("Mélanger", ("mélangez", "mélangé", "shuffle"), "shuffle", "313.1", inferred=True),
    T("Se terminer", ("terminer", "terminé", "terminée", "se termine"), None, "314.1"),
    # Section 4: game concepts.
    T("Coût", ("coûts", "Cost", "Costs"), "Cost", "401.1"),
    T(
        "Coût supplémentaire",
        ("coûts supplémentaires", "extra cost", "extra costs"),
        "extra cost",
        "401.3",
    ),
    T("Effet", ("effets", "effect"), "effect", "402.1", inferred=True),
    T(
        "Zone de jeu",
        ("zones de jeu", "zone"),
        "zone",
        "403",
        inferred=True,
        text=(
            "Le deck, la main, « en train d'être joué », « en jeu », la pile de défausse et « en "
            "dehors du jeu ». Sans précision, une carte n'affecte que la zone « en jeu » (402.3)."
        ),
    ),
    T("Deck", ("decks",), "deck", "403.1a"),
    T("Main", ("en main",), "hand", "403.2a", inferred=True),
    T(
        "En train d'être joué",
        ("en train d’être joué", "en train d'être jouée", "Being Played"),
        "Being Played",
        "403.3a",
    ),
    T(
        "En jeu",
        ("entre en jeu", "entrer en jeu", "entrée en jeu", "in play", "enters play"),
        "in play",
        "403.4a",
    ),
    T(
        "Mettre en jeu",
        ("mise en jeu", "mis en jeu", "mettez en jeu", "put into play"),
        "put into play",
        "402.8",
    ),
    T(
        "Pile de défausse",
        ("défausse", "cimetière", "discard pile"),
        "discard pile",
        "403.5a",
        inferred=True,
    ),
    T("En dehors du jeu", ("retiré de la partie", "exil"), "out of play", "403.6a", inferred=True),
    T(
        "Coût numérique",
        ("coûts numériques", "numeric cost"),
        "numeric cost",
        "406.1",
        inferred=True,
    ),
    T(
        "Contrôleur",
        ("contrôle", "contrôler", "contrôlez", "controller"),
        "controller",
        "407.1",
        inferred=True,
    ),
    T("Propriétaire", ("posséder", "possédez", "owner"), "owner", "407.7", inferred=True),
    T(
        "Dommages",
        ("dommage", "blessures", "damage"),
        "damage",
        "408",
        inferred=True,
        text=(
            "Un personnage est détruit quand les dommages reçus ce tour atteignent son Endurance (408.4) ; "
            "ceux d'un lieu s'accumulent toute la partie (408.5) ; ceux infligés à une Faction lui font "
            "perdre autant d'influence (408.3)."
        ),
    ),
    T(
        "Dommages de combat",
        ("dommage de combat", "dommages de combats", "battle damage"),
        "battle damage",
        "408.6",
    ),
    T("Jeton", ("jetons", "tokens", "token"), "token", "409.1"),
    T(
        "Jeton Micromajig",
        ("Jetons Micromajig", "Micromajig", "majig"),
        "Micromajig token",
        "409.3a",
        inferred=True,
    ),
    T(
        "Carte face cachée",
        ("face cachée", "cartes face cachées", "face-down"),
        "face-down card",
        "411.1",
        inferred=True,
    ),
    T(
        "Imblocable",
        ("imblocables", "Inblocabilité", "ne peut être bloqué", "cannot be blocked", "unblockable"),
        "cannot be blocked",
        "413.1-bis",
    ),
    T("Enchérir", ("enchère", "enchères", "enchérissez", "bid"), "bid", "413.1"),
    T("Boucle d'actions", ("boucle", "boucle infinie", "loop"), "loop", "414.1", inferred=True),
    # Section 5: kinds of rules text and keywords (507).
    T(
        "Capacité",
        ("capacités", "ability", "abilities", "capacité de Faction"),
        "ability",
        "502.1",
        inferred=True,
    ),
    T(
        "Déclencheur",
        ("déclencheurs", "trigger", "triggers", "trigger/déclencheur"),
        "trigger",
        "503.1",
    ),
    T("Tant que", ("condition", "conditions", "while"), "while", "504.1"),
    T("Doit", ("exigence", "exigences", "must", "prérequis"), "must", "505.1"),
    T("À la place", ("remplacement", "remplacements", "a la place", "instead"), "instead", "506.1"),
    T(
        "Remplacement différé",
        ("remplacements différés", "le suivant", "the next"),
        "delayed replacement",
        "506.3",
        inferred=True,
    ),
    T(
        "Mot-clé",
        ("mots-clés", "mot clé", "motclé", "motsclés", "motèclé", "keyword"),
        "keyword",
        "507.1",
        inferred=True,
    ),
    T("Attach to [Type]", ("Attach to", "attachée à"), "Attach to [Type]", "507.2a"),
    T("Covert", ("couvert", "à couvert", "gagne le couvert", "gains covert"), "Covert", "507.3a"),
    T("Flip Up", ("flip-up", "retourner face visible"), "Flip Up", "507.4a"),
    T("Unique", ("unique [identifiant]", "carte unique", "cartes uniques"), "Unique", "507.5a"),
    T("Tactical", (), "Tactical", "507.6a"),
    T(
        "Texte de règle temporaire",
        ("texte temporaire",),
        "temporary rules text",
        "508.1",
        inferred=True,
    ),
    # Section 6: playing the game.
    T("Ressources de départ", ("Starting Resources",), "Starting Resources", "202.5"),
    T("Main de départ", ("Starting Draw",), "Starting Draw", "202.6"),
    T("Règle de Restauration", ("Restore Rule", "Restore"), "Restore Rule", "202.7"),
    T("Règle de Développement", ("Develop Rule", "Develop", "développer"), "Develop Rule", "202.8"),
    T("Mulligan", ("mulligans",), "mulligan", "601.1f"),
    T(
        "Joueur actif",
        ("joueur dont c'est le tour", "active player"),
        "active player",
        "603.1",
        inferred=True,
    ),
    T("Répondre", ("réponse", "réponses", "respond"), "respond", "607.1", inferred=True),
    T(
        "Niveau de vitesse",
        ("niveaux de vitesse", "speed level"),
        "speed level",
        "609.1b",
        inferred=True,
    ),
    T(
        "Attaquer",
        ("attaque", "attaquez", "annonce de l'attaque", "attack"),
        "attack",
        "608",
        inferred=True,
        text=(
            "Annoncer une Faction ou un Lieu adverse, former un groupe d'attaquants, jouer tactiques et "
            "capacités, laisser le défenseur bloquer, puis résoudre le combat (608.1a-e, 609)."
        ),
    ),
)
