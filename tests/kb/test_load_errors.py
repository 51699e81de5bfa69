"""Bad YAML files (#17, item 7): each cause is one `path:line[:col]: message`, exit 1, no
traceback, nothing written; never a hundred follow-on errors."""

from __future__ import annotations

import re

from click.testing import CliRunner

from arbitre.cli import cli

ERROR_LINE = re.compile(
    r"^(?P<path>[\w/.-]+):(?P<line>\d+)(?::(?P<col>\d+))?: (?!warning)(?P<msg>.+)$"
)


def _run(paths, *args):
    return CliRunner().invoke(cli, ["--root", str(paths.root), *args], catch_exceptions=False)


def _errors(output: str) -> list[re.Match]:
    return [m for line in output.splitlines() if (m := ERROR_LINE.match(line))]


def _line_of(path, needle: str, occurrence: int = 1) -> int:
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    found = [i for i, line in enumerate(lines, 1) if needle in line]
    return found[occurrence - 1]


def _check_fails_with_one_error(paths) -> re.Match:
    result = _run(paths, "check")
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    errors = _errors(result.output)
    assert len(errors) == 1, result.output
    built = _run(paths, "build")  # stops before writing anything
    assert built.exit_code == 1 and "Traceback" not in built.output
    assert not paths.index.exists() and not (paths.root / "site").exists()
    return errors[0]


def test_a_file_that_is_not_utf8(demo_tree):
    path = demo_tree.content / "demo" / "regles.yaml"
    line = _line_of(path, "Généralités")
    path.write_bytes(
        path.read_bytes().replace("Généralités".encode(), "Généralités".encode("latin-1"))
    )
    error = _check_fails_with_one_error(demo_tree)
    assert error["path"] == "content/demo/regles.yaml"
    assert int(error["line"]) == line and int(error["col"]) == len("  title: G") + 1
    assert "not valid UTF-8" in error["msg"]


def test_a_hand_written_table_that_is_not_utf8(demo_tree):
    """`content/<game>/rulings.yaml` (read by `check` and `import`) as the generated files."""
    path = demo_tree.content / "demo" / "rulings.yaml"
    path.write_bytes("demo/faq/1:\n  about: [demo/101.1]\n  note: Réglé\n".encode("latin-1"))
    error = _check_fails_with_one_error(demo_tree)
    assert (error["path"], error["line"], error["col"]) == ("content/demo/rulings.yaml", "3", "10")
    assert "not valid UTF-8" in error["msg"]
    # `arbitre import` reads the same table before it writes anything: the same one problem.
    from arbitre.pipeline import link_game_rulings
    from tests.conftest import demo_import

    assert link_game_rulings(demo_tree, demo_import()) == [
        "content/demo/rulings.yaml:3:10: not valid UTF-8 (byte 0xe9): save the file as UTF-8"
    ]


def test_a_duplicate_key(demo_tree):
    path = demo_tree.content / "demo" / "regles.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace("  number: '101.1'\n", "  number: '101.1'\n  number: '101.9'\n"),
        encoding="utf-8",
    )
    error = _check_fails_with_one_error(demo_tree)
    first = _line_of(path, "number: '101.1'")
    assert int(error["line"]) == _line_of(path, "number: '101.9'")
    assert error["msg"] == f"duplicate key 'number' (first at line {first})"


def test_an_unknown_field_is_reported_at_its_own_line(demo_tree):
    path = demo_tree.content / "demo" / "regles.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace("  number: '101.1'\n", "  number: '101.1'\n  colour: red\n"), encoding="utf-8"
    )
    error = _check_fails_with_one_error(demo_tree)
    assert int(error["line"]) == _line_of(path, "colour: red")
    assert error["msg"] == "unknown field 'colour'"


def test_a_syntax_error_is_one_error_not_a_hundred(demo_tree):
    path = demo_tree.content / "demo" / "regles.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  kind: rule\n", "  kind: [rule\n", 1), encoding="utf-8")
    error = _check_fails_with_one_error(demo_tree)  # not "reference to demo/101.1…" from faq.yaml
    assert error["path"] == "content/demo/regles.yaml"
    assert error["msg"].startswith("invalid YAML")
    assert "\n" not in error["msg"]


def test_non_string_keys_and_bad_game_file_are_errors_not_tracebacks(demo_tree):
    path = demo_tree.content / "demo" / "regles.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace("  number: '101.1'\n", "  number: '101.1'\n  12: x\n"), encoding="utf-8"
    )
    result = _run(demo_tree, "check")
    assert result.exit_code == 1 and "unknown field 12" in result.output
    game = demo_tree.content / "demo" / "game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8").replace("  title: FAQ\n", ""), encoding="utf-8"
    )
    result = _run(demo_tree, "check")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "content/demo/game.yaml:" in result.output


def test_an_editions_file_with_keys_of_two_types_is_an_error_not_a_traceback(demo_tree):
    """Unknown fields are named in one order whatever their type (a number beside a text was a
    TypeError traceback, whose words followed Python's hash seed)."""
    path = demo_tree.content / "demo" / "editions.yaml"
    path.write_text(
        "game: demo\neditions:\n- version: '1'\n  date: null\n  source: demo.txt\n  3: x\n  y: z\n",
        encoding="utf-8",
    )
    result = _run(demo_tree, "check")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "content/demo/editions.yaml:3: unknown field(s) 3, y" in result.output


def test_problems_at_one_line_come_in_column_order_whatever_the_hash_seed(demo_tree):
    """A key written many times in one flow mapping: one problem per column, in column order,
    whatever Python's hash seed (they came in a set's order, which followed the seed)."""
    import os
    import subprocess
    import sys

    game = demo_tree.content / "demo" / "game.yaml"
    text = game.read_text(encoding="utf-8").rstrip("\n")
    game.write_text(text + "\nx: {a: 1, a: 2, a: 3, a: 4, a: 5}\n", encoding="utf-8")
    line = len(text.split("\n")) + 1
    outputs = set()
    for seed in ("1", "2", "3", "4"):
        done = subprocess.run(
            [sys.executable, "-m", "arbitre", "--root", str(demo_tree.root), "check"],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
            timeout=120,
        )
        assert done.returncode == 1, done.stdout + done.stderr
        outputs.add(done.stderr + done.stdout)
    assert len(outputs) == 1
    columns = [int(e["col"]) for e in _errors(outputs.pop()) if e["line"] == str(line)]
    assert columns == [11, 17, 23, 29]
