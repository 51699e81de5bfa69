"""A small knowledge base built in code, shared by the site tests.

It covers what the pages must show: nested sections, rules with lettered sub-rules, a FAQ with a
card, an example, an unofficial note, an erratum, refs (resolved and unresolved), editorial notes,
glossary terms with aliases, English (given and inferred), a term defined by a rule, a redirect
and a subentry, and a second game for the lexicon.  `small_examples()` adds a worked example.

Editions (`small_histories`): jeu-a has two — its second edited 101.1, renumbered 101.2 as
102.1, added an example and removed 101.3, which the FAQ's ruling is still about (a caution);
its FAQ prints its own version.  jeu-b has one, whose document notes what it changed itself.
"""

from __future__ import annotations

import dataclasses

from arbitre.kb.editions import Change, Edition, History
from arbitre.kb.entry import AboutLink, DocumentEdition, Entry, SourceSpan, Unresolved
from arbitre.kb.knowledge import Game, KnowledgeBase
from arbitre.model.core.trace import Ruling, Step, Trace
from arbitre.site.examples import WorkedExample

SOURCE_A = "content/jeu-a/sources/a.txt"
SOURCE_B = "content/jeu-b/sources/b.txt"


def entry(id: str, kind: str, text: str = "", line: int = 1, **fields) -> Entry:
    game = id.split("/", 1)[0]
    document = fields.pop("document", "regles")
    source = SOURCE_A if game == "jeu-a" else SOURCE_B
    end = fields.pop("line_end", line)
    return Entry(
        id=id,
        game=game,
        document=document,
        kind=kind,
        text=text,
        source=SourceSpan(source, line, end),
        **fields,
    )


def small_kb() -> KnowledgeBase:
    games = [
        Game("jeu-a", "Jeu A", SOURCE_A, [("regles", "Règles complètes"), ("faq", "FAQ")]),
        Game("jeu-b", "Jeu B", SOURCE_B, [("regles", "Règles")]),
    ]
    entries = [
        entry("jeu-a/1", "section", number="1", title="Concepts", line=1),
        entry("jeu-a/101", "section", number="101", title="Les cartes", parent="jeu-a/1", line=2),
        entry(
            "jeu-a/101.1",
            "rule",
            "Pour **épuiser** une carte, tournez-la. Une carte épuisée ne peut pas attaquer (voir 102.1).",
            number="101.1",
            parent="jeu-a/101",
            refs=["jeu-a/102.1"],
            line=3,
            line_end=4,
        ),
        entry(
            "jeu-a/101.1a",
            "rule",
            "La réserve active contient les cartes prêtes. La RÉSERVE n'est pas la défausse :\n"
            "- une carte en réserve active est visible ;\n- une carte de la réserve est cachée.",
            number="101.1a",
            parent="jeu-a/101.1",
            line=5,
            line_end=7,
        ),
        entry(
            "jeu-a/101.1a/exemple",
            "example",
            "Alice épuise son Allié : il ne peut plus attaquer. Les contre-alliés et `allié` ne comptent pas.",
            title="Exemple",
            parent="jeu-a/101.1a",
            line=8,
        ),
        entry(
            "jeu-a/102",
            "section",
            number="102",
            title="Le tour",
            parent="jeu-a/1",
            line=9,
            notes=["Le titre vient de l'édition anglaise."],
        ),
        entry(
            "jeu-a/102.1",
            "rule",
            "Épuiser : action de tourner une carte. Au début du tour, redressez vos cartes "
            "(voir 101.1 et 608.2). Les [alliés](https://exemple.fr) restent.",
            number="102.1",
            parent="jeu-a/102",
            refs=["jeu-a/101.1"],
            unresolved=[
                Unresolved(
                    "608.2",
                    "jeu-a/101.1a",
                    "La règle 608.2 n'existe pas ; 101.1a est la plus proche.",
                )
            ],
            line=10,
        ),
        entry(
            "jeu-a/102.1/ndt",
            "note",
            "NdT : « Riposte 2 » s'écrit « Retaliate 2 » en anglais. Symbole {X} et a < b.",
            parent="jeu-a/102.1",
            official=False,
            line=11,
        ),
        entry(
            "jeu-a/faq/q1",
            "faq",
            "Non : une carte épuisée reste en jeu. Voir 101.1.",
            document="faq",
            title="Une carte épuisée quitte-t-elle le jeu ?",
            card="Garde royal",
            refs=["jeu-a/101.1"],
            about=[
                AboutLink("jeu-a/101.1", "ref"),
                AboutLink("jeu-a/101.3@2023-05-01", "reviewed"),
            ],
            line=20,
        ),
        entry(
            "jeu-a/faq/errata-1",
            "errata",
            "Lire « deux cartes » au lieu de « une carte ».",
            document="faq",
            title="Garde royal",
            card="Garde royal",
            line=21,
        ),
        # Glossary of jeu-a.
        entry(
            "jeu-a/glossaire/epuiser",
            "glossary",
            "",
            document="regles",
            title="Épuiser",
            aliases=["épuise", "épuisée", "épuisez"],
            english="Exhaust",
            defined_by="jeu-a/102.1",
            refs=["jeu-a/102.1"],
            line=10,
        ),
        entry(
            "jeu-a/glossaire/reserve",
            "glossary",
            "Zone des cartes en attente.",
            document="regles",
            title="Réserve",
            english="Reserve",
            english_inferred=True,
            line=5,
        ),
        entry(
            "jeu-a/glossaire/reserve-active",
            "glossary",
            "Partie visible de la réserve.",
            document="regles",
            title="Réserve active",
            parent="jeu-a/glossaire/reserve",
            role="subentry",
            english="Active reserve",
            english_inferred=True,
            line=5,
        ),
        entry(
            "jeu-a/glossaire/allie",
            "glossary",
            "Un personnage qui aide le héros.",
            document="regles",
            title="Allié",
            aliases=["alliés"],
            english="Ally",
            refs=["jeu-a/glossaire/riposte-x"],
            line=30,
        ),
        entry(
            "jeu-a/glossaire/riposte-x",
            "glossary",
            "Infligez X dégâts à l'attaquant.",
            document="regles",
            title="Riposte X",
            english="Retaliate X",
            line=31,
        ),
        entry(
            "jeu-a/glossaire/garde",
            "glossary",
            "",
            document="regles",
            title="Gardes",
            role="redirect",
            refs=["jeu-a/glossaire/allie"],
            line=32,
        ),
        # Game B: one rule, one term, same French word as game A (links stay inside a game).
        entry("jeu-b/1.1", "rule", "Un allié peut épuiser une carte.", number="1.1", line=1),
        entry(
            "jeu-b/glossaire/allie",
            "glossary",
            "Carte de soutien.",
            title="Allié",
            english="Ally",
            line=2,
        ),
    ]
    return KnowledgeBase(games, entries, histories=small_histories(entries))


def small_histories(entries: list[Entry]) -> dict[str, History]:
    by_id = {e.id: e for e in entries}
    before_101_1 = dataclasses.replace(
        by_id["jeu-a/101.1"],
        text="Pour **épuiser** une carte, tournez-la de côté. Une carte épuisée ne peut pas "
        "attaquer (voir 101.2).",
    )
    before_102_1 = dataclasses.replace(
        by_id["jeu-a/102.1"], id="jeu-a/101.2", number="101.2", parent="jeu-a/101"
    )
    removed = entry(
        "jeu-a/101.3",
        "rule",
        "Une carte épuisée se redresse au début de votre tour.",
        number="101.3",
        parent="jeu-a/101",
        line=8,
    )
    first = Edition(
        "2023-05-01",
        "2023-05-01",
        "a-2023.txt",
        documents={
            "regles": DocumentEdition(None, "2023-05-01", "Règles du 1er mai 2023", 1),
            "faq": DocumentEdition("2", "2023-04-02", "FAQ version 2 du 2 avril 2023", 19),
        },
    )
    second = Edition(
        "2.0",
        "2024-02-01",
        "a.txt",
        changes=[
            Change("edited", "jeu-a/101.1", before_101_1),
            Change("added", "jeu-a/101.1a/exemple"),
            Change("moved", "jeu-a/102.1", before_102_1, "jeu-a/101.2"),
            Change("removed", "jeu-a/101.3", removed),
        ],
    )
    only_b = Edition(
        "1.4",
        None,
        "b.txt",
        documents={"regles": DocumentEdition("1.4", None, "VERSION 1.4", 1)},
        changes=[Change("edited", "jeu-b/1.1", noted="Règle 1.1 : précisée.", line=1)],
    )
    return {
        "jeu-a": History("jeu-a", [first, second], [e for e in entries if e.game == "jeu-a"]),
        "jeu-b": History("jeu-b", [only_b], [e for e in entries if e.game == "jeu-b"]),
    }


def small_examples() -> list[WorkedExample]:
    """One worked example of jeu-a, as the rules model would produce it: steps citing rules
    (one id the knowledge base lacks), a reproduced FAQ ruling, a note, and a starting position."""
    trace = Trace(
        procedure="combat",
        game="jeu-a",
        title="Épuiser un Allié : il ne peut plus attaquer",
        scenario="allie-epuise",
        steps=[
            Step(["jeu-a/101.1", "jeu-a/glossaire/epuiser"], "Alice épuise son Allié."),
            Step(
                ["jeu-a/102.1", "jeu-a/faq/q1"],
                "L'Allié reste en jeu, épuisé ; il ne peut pas attaquer.",
            ),
            Step(["jeu-a/102", "jeu-a/999"], "Fin du tour (999 : règle absente de la base)."),
        ],
        result={"exhausted": ["Allié"], "destroyed": [], "game_lost": False},
        rulings=[Ruling("jeu-a/faq/q1", 20, "Non : une carte épuisée reste en jeu.")],
        notes=["La règle 101.1 ne dit pas quand l'Allié se redresse ; le modèle suit 102.1."],
    )
    setup = {
        "state": {
            "players": [{"name": "Alice"}, {"name": "Bruno"}],
            "attackers": [{"name": "Allié", "strength": 2, "life": 3, "covert": True}],
        },
        "actions": {"rolls": [{"die": 5}, {"die": 1}]},
    }
    return [WorkedExample(trace, setup)]
