"""`arbitre edition add`, `arbitre diff` and `arbitre edition review` on next editions made by
scripted edits of the real sources (tests/editions/next_editions.py)."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from arbitre.cli import cli
from arbitre.kb.load import load, load_kb
from arbitre.paths import ProjectPaths

from . import next_editions as ne


def run(root: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["--root", str(root), *args], catch_exceptions=False)
    return result.exit_code, result.output


def run_json(root: Path, *args: str) -> dict:
    code, output = run(root, *args, "--json")
    assert code == 0, output
    return json.loads(output)


def tree_digest(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file() and ".arbitre.lock" not in p.name
    }


def changes(report: dict) -> list[tuple]:
    return [(c["change"], c["id"], c.get("from"), c.get("edited")) for c in report["changes"]]


def added(where: Path, game: str, *edits, name: str, version: str) -> Path:
    """A scratch project at `where` with a next edition of `game` made by `edits`, added."""
    root = ne.project(where / "project")
    new = ne.write_next(root, game, *edits, name=name)
    code, output = run(root, "edition", "add", game, str(new), "--version", version)
    assert code == 0, output
    return root


# -- a numbered procedure gains a step ------------------------------------------------------


@pytest.fixture(scope="module")
def inserted(tmp_path_factory) -> Path:
    where = tmp_path_factory.mktemp("inserted")
    return added(where, ne.SPOILS, ne.insert_step, name="spoils-2014-01.txt", version="2014-01")


def test_an_inserted_step_moves_the_later_steps(inserted):
    report = run_json(inserted, "diff", ne.SPOILS)
    assert (report["game"], report["from"], report["to"]) == (ne.SPOILS, "2013-12-31", "2014-01")
    assert changes(report) == [
        ("added", "the-spoils/608.1d", None, None),
        ("moved", "the-spoils/608.1e", "the-spoils/608.1d", False),
        ("moved", "the-spoils/608.1f", "the-spoils/608.1e", False),
    ]


def test_players_questions_follow_their_entry_not_its_old_number(inserted):
    kb = load_kb(ProjectPaths(inserted))
    blockers = kb.get("the-spoils/608.1e")
    assert blockers.title == "Bloqueurs"
    before = yaml.safe_load((ne.REPO / "content/the-spoils/questions.yaml").read_text("utf-8"))
    assert kb.questions["the-spoils/608.1e"] == tuple(before["the-spoils/608.1d"])
    assert "the-spoils/608.1d" not in kb.questions  # the new step has no questions yet


def test_combat_explained_reads_the_numbering_it_was_written_against(inserted):
    kb = load_kb(ProjectPaths(inserted))
    quote = next(
        e
        for e in kb.entries_of(ne.SPOILS, "combat-explique")
        if e.title == "Citation de la règle 608.1d"
    )
    assert quote.refs == ["the-spoils/608.1e"]  # Bloqueurs, not the new step
    assert kb.edition(ne.SPOILS).numbering["combat-explique"] == "2013-12-31"


def test_scenario_lines_follow_the_shifted_source(inserted):
    kb = load_kb(ProjectPaths(inserted))
    model = inserted / "tools" / "arbitre" / "model"
    for path in model.rglob("the-spoils--*.yaml"):
        data = yaml.safe_load(path.read_text("utf-8"))
        for ruling in data.get("reproduces") or []:
            entry = kb.get(ruling["id"])
            assert entry is not None, (path.name, ruling["id"])
            assert entry.source.line_start <= ruling["line"] <= entry.source.line_end, path.name


def test_the_edition_is_reproducible_and_adding_it_again_changes_nothing(inserted):
    code, output = run(inserted, "import", "--check")
    assert code == 0, output
    before = tree_digest(inserted)
    new = inserted.parent / "spoils-2014-01.txt"
    code, output = run(inserted, "edition", "add", ne.SPOILS, str(new), "--version", "2014-01")
    assert code == 0, output
    assert "nothing changed" in output
    assert tree_digest(inserted) == before


def test_an_old_number_stays_an_alias_of_its_entry(inserted):
    kb = load_kb(ProjectPaths(inserted))
    history = kb.history(ne.SPOILS)
    # 608.1d is a current id again (the new step): it means the new step, never an alias.
    assert kb.former("the-spoils/608.1d") is None
    stages = history.stages("the-spoils/608.1f")
    assert [(s.version, s.id) for s in stages] == [
        ("2014-01", "the-spoils/608.1f"),
        ("2013-12-31", "the-spoils/608.1e"),
    ]


# -- a rule reworded, another removed ---------------------------------------------------------


@pytest.fixture(scope="module")
def reworded(tmp_path_factory) -> Path:
    root = ne.project(tmp_path_factory.mktemp("reworded") / "project")
    new = ne.write_next(root, ne.SPOILS, ne.reword_rule, ne.retire_rule, name="spoils-2014-06.txt")
    code, output = run(root, "edition", "add", ne.SPOILS, str(new), "--version", "2014-06")
    assert code == 0, output
    assert "the-spoils/202.9" in output and "removed" in output  # the report lists every change
    return root


def test_a_reworded_rule_is_an_edit_with_its_word_diff(reworded):
    report = run_json(reworded, "diff", ne.SPOILS)
    assert changes(report) == [
        ("edited", "the-spoils/202.9", None, None),
        ("removed", "the-spoils/202.9a", None, None),
    ]
    text = report["changes"][0]["diff"]["text"]
    assert ["-", "pas"] in text and ["+", "jamais"] in text


def test_a_retired_rule_keeps_its_ruling_attached_as_it_stood(reworded):
    result = load(ProjectPaths(reworded))
    assert result.errors == []
    faq15 = result.kb.get("the-spoils/faq/15")
    assert "the-spoils/202.9a@2013-12-31" in [link.id for link in faq15.about]
    entry, last, removed = result.kb.retired("the-spoils/202.9a@2013-12-31")
    assert (entry.number, last.version, removed.version) == ("202.9a", "2013-12-31", "2014-06")
    warnings = [str(p) for p in result.warnings if "the-spoils/faq/15" in str(p)]
    assert any("202.9a@2013-12-31" in w and "removed in 2014-06" in w for w in warnings)
    assert any("rests on the-spoils/202.9," in w for w in warnings)


def test_a_judge_shows_a_retired_rule_by_its_old_number(reworded):
    """A citation printed before the edition names 202.9a: `arbitre show` gives its last text
    and the rulings still about it, as the API's `/api/entries/<id@version>` does."""
    for typed in ("the-spoils/202.9a@2013-12-31", "the-spoils/202.9a", "202.9a"):
        code, shown = run(reworded, "show", typed)
        assert code == 0, shown
        assert shown.startswith("the-spoils/202.9a@2013-12-31  [rule, retirée]\n202.9a\n"), typed
        assert "Ceci veut dire que vous ne pouvez pas" in shown
        assert "retirée par l'édition 2014-06" in shown
        assert "Décisions et FAQ :\n  - the-spoils/faq/15" in shown
    data = run_json(reworded, "show", "202.9a", "--json")
    assert data["id"] == "the-spoils/202.9a@2013-12-31"
    assert data["retired"] == {
        "id": "the-spoils/202.9a",
        "last": "2013-12-31",
        "removed_in": "2014-06",
    }


FAQ_15_ROW = next(
    n
    for n, line in enumerate(
        (ne.REPO / "content/the-spoils/corrections.yaml").read_text("utf-8").split("\n"), 1
    )
    if 'question: "Puis-je jouer Quotidian Assassination"' in line
)


def test_the_worklist_lists_what_rests_on_changed_text(reworded):
    items = run_json(reworded, "edition", "review", ne.SPOILS)
    assert items["game"] == ne.SPOILS
    found = {(i["kind"], i["id"], i["entry"]) for i in items["items"]}
    assert found == {
        ("ruling", "the-spoils/faq/15", "the-spoils/202.9"),
        ("ruling", "the-spoils/faq/15", "the-spoils/202.9a@2013-12-31"),
        ("question", "the-spoils/202.9", "the-spoils/202.9"),
        ("question", "the-spoils/202.9a@2013-12-31", "the-spoils/202.9a@2013-12-31"),
        ("scenario", "the-spoils--choisir-une-faction", "the-spoils/202.9a@2013-12-31"),
        # the FAQ's correction row that lists 202.9a among the rules it decides
        (
            "correction",
            f"content/the-spoils/corrections.yaml:{FAQ_15_ROW}",
            "Puis-je jouer Quotidian Assassination",
        ),
    }
    ruling = next(i for i in items["items"] if i["entry"] == "the-spoils/202.9")
    assert "pas affectée" in ruling["before"]["text"] and "jamais" in ruling["after"]["text"]
    scenario = next(i for i in items["items"] if i["kind"] == "scenario")
    assert scenario["passes"] is True and "re-run: passes" in scenario["why"]


def test_a_line_of_the_reviewed_table_settles_an_item(reworded):
    table = reworded / "content" / ne.SPOILS / "reviewed.yaml"
    table.write_text(
        "'2014-06':\n"
        "- {kind: ruling, id: the-spoils/faq/15, entry: the-spoils/202.9, verdict: holds}\n",
        encoding="utf-8",
    )
    try:
        items = run_json(reworded, "edition", "review", ne.SPOILS)
        assert ("ruling", "the-spoils/202.9") not in {
            (i["kind"], i["entry"]) for i in items["items"]
        }
        assert items["settled"] == 1
        assert not any(
            "rests on the-spoils/202.9," in str(p) for p in load(ProjectPaths(reworded)).warnings
        )
    finally:
        table.unlink()


def test_a_malformed_reviewed_table_is_a_path_line_error(reworded):
    table = reworded / "content" / ne.SPOILS / "reviewed.yaml"
    table.write_text("'2014-06':\n- {kind: ruling, id: x, entry: y, verdict: maybe}\n", "utf-8")
    try:
        code, output = run(reworded, "check")
        assert code == 1
        assert "content/the-spoils/reviewed.yaml:2: 2014-06: a settled item is" in output
    finally:
        table.unlink()


# -- Marvel Champions: an erratum changed, a FAQ answer added ---------------------------------


@pytest.fixture(scope="module")
def marvel(tmp_path_factory) -> Path:
    root = ne.project(tmp_path_factory.mktemp("marvel") / "project")
    new = ne.write_next(root, ne.MARVEL, ne.change_erratum, ne.add_faq_answer, name="mc-1.5.txt")
    code, output = run(
        root, "edition", "add", ne.MARVEL, str(new), "--version", "1.5", "--date", "2026-12-01"
    )
    assert code == 0, output
    return root


def test_a_new_faq_answer_and_a_changed_erratum(marvel):
    report = run_json(marvel, "diff", ne.MARVEL)
    faq = "marvel-champions/faq/convoitise-galactique/mode-campagne"
    assert changes(report) == [
        ("added", f"{faq}/1", None, None),
        ("moved", f"{faq}/2", f"{faq}/1", False),
        ("moved", f"{faq}/3", f"{faq}/2", False),
        ("edited", "marvel-champions/errata/alerte", None, None),
    ]
    edited = report["changes"][-1]["diff"]["text"]
    assert ["-", "1"] in edited and ["+", "2"] in edited
    game = yaml.safe_load((marvel / "content" / ne.MARVEL / "game.yaml").read_text("utf-8"))
    assert game["editions"][-1] == {"version": "1.5", "date": "2026-12-01", "source": "mc-1.5.txt"}
    assert game["source"] == "content/marvel-champions/sources/mc-1.5.txt"


def test_diff_between_any_two_editions(marvel):
    older = run_json(marvel, "diff", ne.MARVEL, "--from", "1.4", "--to", "1.4")
    assert older["changes"] == []
    first = run_json(marvel, "diff", ne.MARVEL, "--to", "1.4")
    assert first["from"] is None  # the first edition: what the document says it changed
    assert {c["id"] for c in first["changes"]} >= {"marvel-champions/glossaire/defense-defendre"}
    code, output = run(marvel, "diff", ne.MARVEL, "--from", "9.9")
    assert code == 1 and "no edition '9.9'" in output


# -- what must not happen -------------------------------------------------------------------


def test_a_file_that_cannot_be_imported_writes_nothing(tmp_path):
    root = ne.project(tmp_path / "project")
    text = ne.source_path(root, ne.SPOILS).read_text("utf-8")
    bad = tmp_path / "broken.txt"
    bad.write_bytes(text.encode("utf-8")[:2000] + b"\xff\xfe" + text.encode("utf-8")[2000:])
    before = tree_digest(root)
    code, output = run(root, "edition", "add", ne.SPOILS, str(bad), "--version", "2014-01")
    assert code == 1
    assert f"{bad}:" in output and "not valid UTF-8" in output
    assert "Traceback" not in output
    assert tree_digest(root) == before


@pytest.mark.parametrize(
    "args, message",
    [
        (("--version", "2013-12-31"), "is the current edition"),
        (("--version", "bad version"), "1 to 32 letters"),
        (("--version", "2", "--date", "2014-13-01"), "expected YYYY-MM-DD"),
    ],
)
def test_bad_arguments_are_one_line_errors(tmp_path, args, message):
    root = ne.project(tmp_path / "project")
    new = ne.write_next(root, ne.SPOILS, ne.reword_rule, name="next.txt")
    before = tree_digest(root)
    code, output = run(root, "edition", "add", ne.SPOILS, str(new), *args)
    assert code == 1 and message in output, output
    assert tree_digest(root) == before


@pytest.mark.parametrize(
    "game", ["the-spoils", "marvel-champions", "four-souls", "ashes", "altered"]
)
def test_the_committed_content_leaves_nothing_to_review(game):
    """Every item of the worklist is settled on what is committed (reviewed.yaml, pairings.yaml,
    mended corrections)."""
    items = run_json(ne.REPO, "edition", "review", game)
    assert items["items"] == []


# -- golden diff output: ARBITRE_REGEN=1 .venv/bin/pytest tests/editions -k golden ------------

GOLDEN = ne.REPO / "tests" / "golden" / "diffs"


@pytest.mark.parametrize("fixture", ["inserted", "reworded", "marvel"])
def test_golden_diff_output(fixture, request):
    root = request.getfixturevalue(fixture)
    game = ne.MARVEL if fixture == "marvel" else ne.SPOILS
    code, text = run(root, "diff", game)
    assert code == 0, text
    data = json.dumps(run_json(root, "diff", game), ensure_ascii=False, indent=2) + "\n"
    for suffix, produced in ((".txt", text), (".json", data)):
        golden = GOLDEN / f"{fixture}{suffix}"
        if os.environ.get("ARBITRE_REGEN") == "1":
            golden.parent.mkdir(parents=True, exist_ok=True)
            golden.write_text(produced, encoding="utf-8")
        assert golden.read_text(encoding="utf-8") == produced, f"{golden}: regenerate and review"


# -- a renamed heading; an OCR word the publisher fixed ---------------------------------------


@pytest.fixture(scope="module")
def renamed(tmp_path_factory) -> Path:
    where = tmp_path_factory.mktemp("renamed")
    return added(where, ne.MARVEL, ne.rename_heading, name="mc-1.4.1.txt", version="1.4.1")


def test_a_renamed_heading_is_the_same_entry_with_its_curated_data(renamed):
    report = run_json(renamed, "diff", ne.MARVEL)
    assert changes(report) == [
        (
            "moved",
            "marvel-champions/glossaire/allie-joueur",
            "marvel-champions/glossaire/allie",
            False,  # a new title is what a rename is; the text is the same
        )
    ]
    kb = load_kb(ProjectPaths(renamed))
    term = kb.get("marvel-champions/glossaire/allie-joueur")
    assert term.english == "Ally"  # the correction keyed to the old id followed it
    assert "Allié" in kb.former_names(term.id)
    before = load_kb(ProjectPaths(ne.REPO))
    assert kb.rulings(term.id) == before.rulings("marvel-champions/glossaire/allie")
    assert kb.questions[term.id] == before.questions["marvel-champions/glossaire/allie"]
    assert kb.former("marvel-champions/glossaire/allie") == term.id
    corrections = (renamed / "content" / ne.MARVEL / "corrections.yaml").read_text("utf-8")
    assert "glossaire/allie-joueur: Ally" in corrections
    assert run_json(renamed, "edition", "review", ne.MARVEL)["items"] == []


@pytest.fixture(scope="module")
def draw_rule_inserted(tmp_path_factory) -> Path:
    where = tmp_path_factory.mktemp("draw")
    return added(where, ne.ALTERED, ne.insert_draw_rule, name="altered-2.txt", version="2")


def test_a_term_keeps_quoting_its_definition_when_a_rule_is_inserted_before_it(
    draw_rule_inserted,
):
    report = run_json(draw_rule_inserted, "diff", ne.ALTERED)
    assert changes(report) == [
        ("added", "altered/7.3.5.a", None, None),
        ("moved", "altered/7.3.5.b", "altered/7.3.5.a", False),
    ]
    term = load_kb(ProjectPaths(draw_rule_inserted)).get("altered/glossaire/piocher")
    before = load_kb(ProjectPaths(ne.REPO)).get("altered/glossaire/piocher")
    assert term.text == before.text  # the definition, not the rule inserted before it
    assert term.source.line_start == before.source.line_start + 2
    corrections = (draw_rule_inserted / "content" / ne.ALTERED / "corrections.yaml").read_text(
        "utf-8"
    )
    assert "{title: Piocher, defined_by: 7.3.5, text_from: 7.3.5.b," in corrections


def test_a_ruling_that_rejected_a_removed_entry_does_not_stop_the_edition(tmp_path):
    """faq/5's reviewed row rejects the glossary's Cupidité, which 203.5a defined: removing
    203.5a stopped the edition (« rejected …@2013-12-31, which does not exist »)."""
    root = added(tmp_path, ne.SPOILS, ne.retire_staple_list, name="spoils-3.txt", version="3")
    table = (root / "content" / ne.SPOILS / "rulings.yaml").read_text("utf-8")
    assert "the-spoils/glossaire/cupidite@2013-12-31" in table
    loaded = load(ProjectPaths(root))
    assert loaded.errors == []
    assert any(
        "faq/5: rejected the-spoils/glossaire/cupidite" in str(p) and p.severity == "warning"
        for p in loaded.problems
    ), [str(p) for p in loaded.problems if "faq/5" in str(p)]


def test_a_removed_steps_corrections_leave_its_number_to_the_step_that_took_it(tmp_path):
    """Two keys « altered/4.2.1.c » stopped the edition before: the removed step's label names
    it as it stood, for review, and the renumbered step's label follows it."""
    root = added(tmp_path, ne.ALTERED, ne.retire_morning_step, name="altered-2.txt", version="2")
    text = (root / "content" / ne.ALTERED / "corrections.yaml").read_text("utf-8")
    labels = text.split("\nlabels:\n", 1)[1].split("\n\n", 1)[0]
    assert "  altered/4.2.1.c@2024-09-14: Préparer" in labels.split("\n")
    assert "  altered/4.2.1.c: Piocher" in labels.split("\n")
    assert "  altered/4.2.1.d: Étendre" in labels.split("\n")
    kb = load_kb(ProjectPaths(root))
    assert kb.get("altered/4.2.1.c").title == "Piocher"
    items = run_json(root, "edition", "review", ne.ALTERED)["items"]
    assert {(i["kind"], i["entry"]) for i in items if i["kind"] == "correction"} == {
        ("correction", "altered/4.2.1.c@2024-09-14")
    }
    assert all(
        i["why"].endswith("(an edition removed that entry: rewrite or delete this correction)")
        for i in items
        if i["kind"] == "correction"
    )


def test_corrections_named_by_a_renumbered_question_follow_it(tmp_path):
    root = added(tmp_path, ne.ASHES, ne.insert_attack_question, name="ashes-2.txt", version="2")
    assert ("moved", "ashes/faq/attaquer-2", "ashes/faq/attaquer-1", False) in changes(
        run_json(root, "diff", ne.ASHES)
    )
    kb = load_kb(ProjectPaths(root))
    before = load_kb(ProjectPaths(ne.REPO)).get("ashes/faq/attaquer-1")
    moved = kb.get("ashes/faq/attaquer-2").unresolved  # the notes on its two lost links
    assert [u.note for u in moved] == [u.note for u in before.unresolved] and len(moved) == 2
    assert kb.get("ashes/faq/attaquer-1").unresolved == []
    corrections = (root / "content" / ne.ASHES / "corrections.yaml").read_text("utf-8")
    assert "\n  faq/attaquer-2:\n" in corrections and "faq/attaquer-1:" not in corrections


@pytest.fixture(scope="module")
def ocr_fixed(tmp_path_factory) -> Path:
    where = tmp_path_factory.mktemp("ocr")
    return added(where, ne.ASHES, ne.fix_ocr_word, name="ashes-2.txt", version="2")


def test_a_word_the_publisher_fixed_leaves_its_correction_to_review(ocr_fixed):
    assert run_json(ocr_fixed, "diff", ne.ASHES)["changes"] == []  # the text read the same
    items = run_json(ocr_fixed, "edition", "review", ne.ASHES)["items"]
    assert [(i["kind"], i["entry"]) for i in items] == [("correction", "dégdts")]
    line = next(
        n
        for n, text in enumerate(
            (ocr_fixed / "content/ashes/corrections.yaml").read_text("utf-8").split("\n"), 1
        )
        if text.strip().startswith("dégdts:")
    )
    assert items[0]["id"] == f"content/ashes/corrections.yaml:{line}"


def test_search_finds_an_entry_by_the_number_it_had(inserted):
    code, output = run(inserted, "index")
    assert code == 0, output
    found = run_json(inserted, "search", "608.1d", "--game", ne.SPOILS, "--limit", "5")
    ids = [hit["id"] for hit in found["hits"]]
    assert ids[:2] == ["the-spoils/608.1d", "the-spoils/608.1e"]  # today's 608.1d, then the old


def test_the_browser_index_knows_the_numbers_entries_had(inserted):
    from arbitre.search.client_index import build_client_index

    index = build_client_index(load_kb(ProjectPaths(inserted)))
    assert "608.1d" in index["fields"]["former_numbers"]["terms"]
