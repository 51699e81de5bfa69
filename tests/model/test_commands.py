"""`arbitre example list` / `arbitre example run`: wiring, exit codes, refusals, file:line errors."""

from __future__ import annotations

import json

import yaml
from click.testing import CliRunner

from arbitre.cli import cli
from arbitre.model.files import scenario_files, scenario_path
from tests.conftest import REPO


def run(*args):
    return CliRunner().invoke(cli, ["--root", str(REPO), "example", *args])


def shipped(stem: str) -> str:
    return (scenario_path(stem)).read_text(encoding="utf-8")


def test_list_json_has_one_object_per_scenario():
    result = run("list", "--json")
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.output.splitlines()]
    assert len(rows) == len(scenario_files())
    assert set(rows[0]) == {"id", "game", "procedure", "title", "reproduces"}
    assert all(r["reproduces"] and r["reproduces"][0]["id"].startswith(r["game"]) for r in rows)


def test_list_filters_by_game():
    lines = run("list", "--game", "ashes").output.splitlines()
    assert lines and all(line.startswith("ashes--") for line in lines)


def test_run_an_id_prints_rule_ids_and_the_count():
    result = run("run", "four-souls--jet-borne")
    assert result.exit_code == 0, result.output
    assert "[four-souls/comment-jouer/jet-de-des/2]" in result.output
    assert result.output.rstrip().endswith("1 passed, 0 failed")


def test_run_all_passes():
    result = run("run", "--all")
    assert result.exit_code == 0, result.output[-2000:]
    assert result.output.rstrip().endswith(f"{len(scenario_files())} passed, 0 failed")


def test_a_default_is_printed_as_a_default():
    result = run("run", "the-spoils--repartition-par-defaut")
    assert "valeur par défaut (pas un choix des joueurs) : répartition des dommages de Colosse" in (
        result.output
    )


def test_a_failed_expectation_exits_1(tmp_path):
    data = yaml.safe_load(shipped("four-souls--jet-borne"))
    data["expected"]["rolls"] = [5]
    path = tmp_path / "mon-jet.yaml"  # a judge's file: any name
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    result = run("run", str(path), "--json")
    assert result.exit_code == 1
    report = json.loads(result.output)
    assert (report["passed"], report["failed"]) == (0, 1)
    assert report["results"][0]["problems"] == ["rolls: expected [5], got [6]"]


def test_a_position_that_breaks_a_rule_is_refused_with_it(tmp_path):
    path = tmp_path / "hors-phase.yaml"
    path.write_text(
        shipped("four-souls--jet-borne").replace(
            "  active_player: Ash\n", "  active_player: Ash\n  phase: fin\n"
        ),
        encoding="utf-8",
    )
    line = path.read_text(encoding="utf-8").splitlines().index("  phase: fin") + 1
    result = run("run", str(path))
    assert result.exit_code == 1
    assert f"REFUSÉ hors-phase.yaml:{line}: state.phase" in result.output
    assert (
        "(four-souls/comment-jouer/attaquer/2)" in result.output
    )  # « que pendant votre phase d'action »
    assert "0 passed, 1 failed" in result.output


def test_a_malformed_field_is_reported_with_file_and_line(tmp_path):
    path = tmp_path / "casse.yaml"
    path.write_text(
        shipped("four-souls--jet-borne").replace("value: 2", "valeur: 2"), encoding="utf-8"
    )
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "valeur: 2" in text)
    result = run("run", str(path))
    assert result.exit_code == 1
    assert f"casse.yaml:{line}: actions.rolls[0].modifiers[0].value: is required" in result.output


def test_an_unknown_id_is_an_error_not_a_crash():
    result = run("run", "four-souls--nulle-part")
    assert result.exit_code == 1
    assert "no such scenario id or file" in result.output
