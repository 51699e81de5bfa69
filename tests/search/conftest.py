"""A small French knowledge base built in code, indexed once per test session.

The entries imitate the five documents (numbered rules, headings, glossary terms with aliases
and English originals, a redirect, FAQ pairs, an example, a card ruling) so that search
behaviour is tested without depending on the importers' output.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitre.kb.entry import AboutLink, CardLink, Entry, SourceSpan
from arbitre.kb.knowledge import Game, KnowledgeBase
from arbitre.paths import ProjectPaths
from arbitre.search.indexer import build_index
from arbitre.search.searcher import Searcher
from arbitre.search.service import open_searcher


def _entry(id: str, kind: str, text: str, **fields) -> Entry:
    game, local = id.split("/", 1)
    document = fields.pop("document", "glossaire" if kind == "glossary" else "regles")
    return Entry(
        id=id,
        game=game,
        document=document,
        kind=kind,
        text=text,
        source=SourceSpan("source.txt", 1, 1),
        **fields,
    )


def tiny_entries() -> list[Entry]:
    E = _entry
    return [
        # The Spoils: numbered rules, a heading, lettered sub-rules, a FAQ, a translator pair.
        E("the-spoils/609", "section", "", number="609", title="Dommages de combat"),
        E(
            "the-spoils/609.1",
            "rule",
            "Les dommages de combat sont infligés pendant l'étape de dommages.",
            number="609.1",
            parent="the-spoils/609",
        ),
        E(
            "the-spoils/609.1a",
            "rule",
            "Chaque personnage inflige des dommages égaux à sa Force/Strength.",
            number="609.1a",
            parent="the-spoils/609.1",
        ),
        E(
            "the-spoils/609.1f",
            "rule",
            "Si plus d’un personnage inflige des dommages à la même chose, ils sont infligés simultanément.",
            number="609.1f",
            parent="the-spoils/609.1",
        ),
        E("the-spoils/412", "section", "", number="412", title="Inblocabilité"),
        E(
            "the-spoils/413.1",
            "rule",
            "Un personnage imblocable ne peut pas être bloqué. Voir aussi 609.1f.",
            number="413.1",
            parent="the-spoils/412",
            refs=["the-spoils/609.1f"],
        ),
        E(
            "the-spoils/405.1",
            "rule",
            "Certains éléments du jeu ont un seuil associé à eux.",
            number="405.1",
        ),
        E(
            "the-spoils/503.2",
            "rule",
            "La Vitesse/Speed d'une tactique indique quand la jouer.",
            number="503.2",
        ),
        E(
            "the-spoils/faq/bloquer",
            "faq",
            "Non. Vous ne pouvez bloquer que durant le tour de votre adversaire.",
            document="faq",
            title="Est-ce que je peux bloquer pendant mon propre tour ?",
        ),
        E(
            "the-spoils/faq/deck-vide",
            "faq",
            "Non, vous ne perdez pas la partie si votre deck ne contient plus de cartes.",
            document="faq",
            title="Mon deck est vide : ai-je perdu la partie ?",
        ),
        E(
            "the-spoils/glossaire/epuise",
            "glossary",
            "Une carte épuisée est tournée de côté.",
            title="Épuisé",
            aliases=["épuisée", "épuiser"],
            english="Exhausted",
        ),
        # Altered: dotted numbers with letters, a heading defining a status, its glossary term.
        E("altered/2.4.6", "section", "", number="2.4.6", title="Fugace"),
        E(
            "altered/2.4.6.a",
            "rule",
            "Lorsqu'un personnage est joué depuis la Réserve, il gagne le statut Fugace.",
            number="2.4.6.a",
            parent="altered/2.4.6",
        ),
        E(
            "altered/7.4.3.b",
            "rule",
            "L'effet quotidien de Progrès du Crépuscule est modifié comme suit.",
            number="7.4.3.b",
        ),
        E(
            "altered/4.3.h",
            "rule",
            "Pendant le Crépuscule, chaque expédition compare ses statistiques.",
            number="4.3.h",
        ),
        E(
            "altered/glossaire/fugace",
            "glossary",
            "",
            title="Fugace",
            aliases=["fugaces"],
            english="Fleeting",
            defined_by="altered/2.4.6.a",
        ),
        E(
            "altered/glossaire/epuiser",
            "glossary",
            "Épuiser une carte signifie la tourner de côté ; elle ne peut plus être utilisée.",
            title="Épuiser",
            aliases=["épuisé", "épuisée"],
            english="Exhaust",
        ),
        E("altered/7.3.18", "section", "", number="7.3.18", title="Sabotage"),
        E(
            "altered/7.3.18.a",
            "rule",
            "Saboter signifie défausser jusqu'à une carte ciblée dans une Réserve.",
            number="7.3.18.a",
            parent="altered/7.3.18",
        ),
        E(
            "altered/2.2.7.a",
            "rule",
            "Le coût de réserve est une caractéristique numérique.",
            number="2.2.7.a",
        ),
        # Marvel Champions: glossary with abbreviations, English terms and a redirect.
        E(
            "marvel-champions/glossaire/attaque",
            "glossary",
            "Une attaque inflige des dégâts égaux à la valeur ATQ du personnage.",
            title="Attaque",
            aliases=["ATQ", "attaquer"],
            english="Attack",
        ),
        E(
            "marvel-champions/glossaire/coup-rapide",
            "glossary",
            "Après qu'un ennemi a engagé un joueur dont l'identité est sous forme de héros, il attaque.",
            title="Coup rapide",
            english="Quickstrike",
        ),
        E(
            "marvel-champions/glossaire/riposte-x",
            "glossary",
            "Quand un personnage avec Riposte X est attaqué, infligez X dégâts à l'attaquant.",
            title="Riposte X",
            aliases=["riposte"],
            english="Retaliate X",
        ),
        E(
            "marvel-champions/glossaire/contre-attaque",
            "glossary",
            "",
            title="Contre-attaque",
            role="redirect",
            refs=["marvel-champions/glossaire/riposte-x"],
        ),
        E(
            "marvel-champions/glossaire/sonne",
            "glossary",
            "Un personnage sonné retourne son prochain jeton d'état au lieu d'attaquer.",
            title="Sonné",
            english="Stunned",
        ),
        E(
            "marvel-champions/glossaire/pile-de-victoire",
            "glossary",
            "La pile de victoire est une zone hors-jeu partagée par tous les joueurs.",
            title="Pile de victoire",
            english="Victory display",
        ),
        # Four Souls: an example, a term; Ashes: a card ruling.
        E(
            "four-souls/exemples/attaque",
            "example",
            "Andres déclare une attaque contre le monstre actif Gurdy.",
            document="exemples",
            title="Exemple d'attaque",
        ),
        E(
            "four-souls/regles/premier-joueur",
            "rule",
            "Le joueur le plus triste joue en premier.",
            title="Mise en place",
        ),
        E(
            "four-souls/regles/tour",
            "rule",
            "Pendant son tour, le joueur actif joue des cartes ; le premier butin est gratuit.",
        ),
        E(
            "four-souls/regles/petillement",
            "rule",
            "Une carte peut être activée en réponse. C'est ce que l'on appelle le pétillement.",
            title="Pétillement",
        ),
        E(
            "ashes/faq/jaguar-bleu",
            "faq",
            "Tant que le Jaguar bleu est non épuisé vous pouvez regarder.",
            document="faq",
            title="Le Jaguar bleu peut-il regarder la pioche ?",
            card="Jaguar bleu",
        ),
        E(
            "ashes/faq/destruction",
            "faq",
            "Les effets déclenchés par la destruction d'une unité ou d'un Héritier sont résolus ensuite.",
            document="faq",
            title="Quand les effets de destruction sont-ils résolus ?",
        ),
        # A card named in a rule's text, and a ruling about that card (a reviewed `cards`
        # link, not its heading): the card's name finds the ruling first.
        E(
            "ashes/regles/marteleuse",
            "rule",
            "La Marteleuse inflige 1 dégât ; la Marteleuse attaque ensuite.",
        ),
        E(
            "ashes/faq/contrecoup",
            "faq",
            "Oui : Contrecoup se déclenche même si la Marteleuse est épuisée.",
            document="faq",
            title="Contrecoup se déclenche-t-il sur une unité épuisée ?",
            cards=[CardLink("Marteleuse", "reviewed")],
            about=[AboutLink("ashes/regles/marteleuse", "reviewed")],
        ),
    ]


GAMES = ["altered", "ashes", "four-souls", "marvel-champions", "the-spoils"]


def tiny_kb() -> KnowledgeBase:
    entries = tiny_entries()
    games = [
        Game(
            g,
            g.title(),
            "",
            sorted({(e.document, e.document) for e in entries if e.game == g}),
            short_title=g.replace("-", " ").title(),
            authority="community" if g == "four-souls" else "official",
        )
        for g in GAMES
    ]
    # Players' questions (content/<game>/questions.yaml): words the entry's own text lacks.
    questions = {"the-spoils/609.1f": ("Deux persos tapent la même cible, c'est synchro ?",)}
    return KnowledgeBase(games, entries, questions=questions)


@pytest.fixture(scope="session")
def tiny_project(tmp_path_factory: pytest.TempPathFactory) -> ProjectPaths:
    """A project root with no YAML but an index of the tiny KB in .index/."""
    root: Path = tmp_path_factory.mktemp("tiny-project")
    (root / "content").mkdir()
    (root / "glossary").mkdir()
    (root / "mkdocs.yml").write_text("site_name: test\n", encoding="utf-8")
    paths = ProjectPaths(root)
    build_index(tiny_kb(), paths.index)
    return paths


@pytest.fixture(scope="session")
def tiny(tiny_project: ProjectPaths) -> Searcher:
    return open_searcher(tiny_project)


REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def real_project(tmp_path_factory: pytest.TempPathFactory) -> ProjectPaths:
    """The repository's YAML, seen from a temporary root so tests never touch the real .index/."""
    if not any((REPO / "content").glob("*/game.yaml")):
        pytest.skip("no imported YAML in content/: run `arbitre import` first")
    root: Path = tmp_path_factory.mktemp("real-project")
    for name in ("content", "glossary", "mkdocs.yml"):
        (root / name).symlink_to(REPO / name)
    return ProjectPaths(root)


@pytest.fixture(scope="session")
def real_kb(real_project: ProjectPaths) -> KnowledgeBase:
    from arbitre.kb.load import load_kb

    return load_kb(real_project)


@pytest.fixture(scope="session")
def real(real_project: ProjectPaths, real_kb: KnowledgeBase) -> Searcher:
    build_index(real_kb, real_project.index, root=real_project.root)
    return open_searcher(real_project)
