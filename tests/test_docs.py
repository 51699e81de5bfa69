"""The documentation keeps its promises: the README's command table is what `--help` says, and
every link between the project's Markdown files leads to a file and a heading that exist.

The command table is built here from click itself (as datasette's test_docs checks its CLI
reference): one row per command and subcommand, with its usage, its options and the first line
of its help.  When a command changes, paste the row the failure prints into README.md (or, if the
one-line help reads badly, improve the command's docstring).  Printing every row:

    .venv/bin/python -m tests.test_docs
"""

from __future__ import annotations

import os
import re
from collections import Counter
from pathlib import Path

import click
import pytest

from arbitre.cli import cli

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
COMMANDS_HEADING = "## Commands"
# Generated Markdown is not documentation of ours, nor is a hidden folder's (.venv, caches).
GENERATED = {"site", "site_src", "tests/golden"}


# -- the command table ---------------------------------------------------------------------------


def _commands(
    group: click.Group, parent: click.Context
) -> list[tuple[click.Command, click.Context]]:
    """Every leaf command under `group`, in click's order (a subgroup's commands, not the group)."""
    found = []
    for name in group.list_commands(parent):
        command = group.get_command(parent, name)
        assert command is not None
        ctx = click.Context(command, info_name=name, parent=parent)
        if isinstance(command, click.Group):
            found += _commands(command, ctx)
        else:
            found.append((command, ctx))
    return found


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def command_row(command: click.Command, ctx: click.Context) -> str:
    """`| usage | options | what it does |`, each as `--help` prints it."""
    usage = command.get_usage(ctx).removeprefix("Usage: ").replace(" [OPTIONS]", "")
    options = [
        "/".join([*param.opts, *param.secondary_opts])
        for param in command.get_params(ctx)
        if isinstance(param, click.Option)
        and not param.hidden
        and not set(param.opts) & set(ctx.help_option_names)
    ]
    listed = ", ".join(f"`{option}`" for option in options) or "—"
    summary = command.get_short_help_str(limit=1000)
    return f"| `{_cell(usage)}` | {_cell(listed)} | {_cell(summary)} |"


def expected_rows() -> list[str]:
    root = click.Context(cli, info_name="arbitre")
    return [command_row(command, ctx) for command, ctx in _commands(cli, root)]


def readme_section(heading: str) -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index(f"\n{heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def test_the_readme_command_table_is_what_help_says():
    section = readme_section(COMMANDS_HEADING)
    documented = [line for line in section.splitlines() if line.startswith("| `arbitre ")]
    expected = expected_rows()
    missing = [row for row in expected if row not in documented]
    stale = [row for row in documented if row not in expected]
    assert not missing and not stale, (
        "README.md « Commands » differs from `arbitre --help`:\n"
        + "".join(f"\n  add:    {row}" for row in missing)
        + "".join(f"\n  remove: {row}" for row in stale)
    )
    assert len(documented) == len(set(documented))


def test_the_readme_names_the_options_of_arbitre_itself():
    """`--root` and `--version` come before any command: the text above the table names them."""
    section = readme_section(COMMANDS_HEADING)
    root = click.Context(cli, info_name="arbitre")
    for param in cli.get_params(root):
        if isinstance(param, click.Option) and not set(param.opts) & set(root.help_option_names):
            assert f"`{param.opts[-1]}" in section, param.opts


def test_a_row_says_what_help_says():
    @click.group()
    def tool() -> None:
        """A tool."""

    @tool.command("run")
    @click.argument("files", nargs=-1, metavar="[ID|FILE]...")
    @click.option("--all", "run_all", is_flag=True)
    @click.option("-o", "--output")
    @click.option("--build/--no-build", default=False)
    def run(files, run_all, output, build) -> None:
        """Run it: then stop. A second sentence.

        A second paragraph, in `--help` only."""

    root = click.Context(tool, info_name="tool")
    ((command, ctx),) = _commands(tool, root)
    assert command_row(command, ctx) == (
        "| `tool run [ID\\|FILE]...` | `--all`, `-o/--output`, `--build/--no-build` "
        "| Run it: then stop. |"
    )


# -- the layers -----------------------------------------------------------------------------------


def test_the_readme_layers_are_the_layer_test_s():
    """README « Layers » shows `LAYERS` of tests/test_layers.py (the package's face and
    `__main__` aside): groups bottom to top, `→` between layers, `, ` within one."""
    from tests.test_layers import LAYERS

    section = readme_section("## Layers")
    block = section.split("```")[1]
    shown = [
        tuple(name.strip() for name in layer.split(","))
        for layer in " ".join(block.split()).split("→")
    ]
    expected = [
        layer
        for layer in (
            tuple(n for n in group if n not in ("__init__", "__main__")) for group in LAYERS
        )
        if layer
    ]
    assert shown == expected


# -- links between the Markdown files -----------------------------------------------------------


def markdown_files() -> list[Path]:
    """The project's Markdown files, generated and hidden folders left out (never walked)."""
    found = []
    for folder, dirs, files in os.walk(REPO):
        here = Path(folder).relative_to(REPO)
        dirs[:] = [
            d for d in dirs if not d.startswith(".") and (here / d).as_posix() not in GENERATED
        ]
        found += [Path(folder) / name for name in files if name.endswith(".md")]
    return sorted(found)


FENCE = re.compile(r"^(```|~~~)")
CODE_SPAN = re.compile(r"`[^`]*`")
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(([^()\s]+)(?:\s+\"[^\"]*\")?\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def prose_lines(text: str) -> list[tuple[int, str]]:
    """(line number, line) outside fenced code blocks."""
    lines, fenced = [], False
    for number, line in enumerate(text.splitlines(), start=1):
        if FENCE.match(line.lstrip()):
            fenced = not fenced
        elif not fenced:
            lines.append((number, line))
    return lines


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: its text, lowercased, without punctuation, spaces as `-`."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link reads as its text
    text = text.replace("`", "").replace("*", "").strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    found: set[str] = set()
    seen: Counter[str] = Counter()
    for _number, line in prose_lines(path.read_text(encoding="utf-8")):
        match = HEADING.match(line)
        if match:
            base = slug(match.group(2))
            found.add(base if not seen[base] else f"{base}-{seen[base]}")
            seen[base] += 1
    return found


def links(path: Path) -> list[tuple[int, str]]:
    return [
        (number, target)
        for number, line in prose_lines(path.read_text(encoding="utf-8"))
        for target in LINK.findall(CODE_SPAN.sub("", line))
    ]


def broken_links(path: Path, root: Path = REPO) -> list[str]:
    """`path:line: target: why` for each relative link of `path` to no file under `root`, or to
    a heading its Markdown file does not have."""
    broken = []
    for number, target in links(path):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto:: not ours to check
            continue
        file_part, _, anchor = target.partition("#")
        linked = (path.parent / file_part).resolve() if file_part else path
        where = f"{path.relative_to(root)}:{number}: {target}"
        if not linked.is_relative_to(root) or not linked.exists():
            broken.append(f"{where}: no such file")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            broken.append(f"{where}: no heading #{anchor} in {linked.relative_to(root)}")
    return broken


@pytest.mark.parametrize("path", markdown_files(), ids=lambda p: str(p.relative_to(REPO)))
def test_every_link_leads_to_a_file_and_heading_that_exist(path):
    assert broken_links(path) == []


def test_the_readme_maps_every_documentation_file():
    linked = {
        (README.parent / target.partition("#")[0]).resolve()
        for _number, target in links(README)
        if target.partition("#")[0]
    }
    unmapped = [
        str(path.relative_to(REPO))
        for path in markdown_files()
        if path != README and path not in linked
    ]
    assert unmapped == [], "add these files to README.md « More documentation »"


def test_the_link_checker_sees_a_missing_file_and_a_missing_heading(tmp_path):
    (tmp_path / "a.md").write_text(
        "# `editions.yaml` — l'édition\n\n## Titre\n\n## Titre\n\n"
        "[ok](b.md#deux-mots) [ok](#editionsyaml--lédition) [ok](#titre-1)\n"
        "[no file](c.md) [no heading](b.md#trois) `[in code](d.md)` [web](https://example.org)\n\n"
        "```\n[in a fence](e.md)\n```\n",
        encoding="utf-8",
    )
    (tmp_path / "b.md").write_text("## Deux mots\n", encoding="utf-8")
    assert broken_links(tmp_path / "a.md", root=tmp_path) == [
        "a.md:8: c.md: no such file",
        "a.md:8: b.md#trois: no heading #trois in b.md",
    ]


if __name__ == "__main__":
    print("\n".join(expected_rows()))
