"""The `arbitre` command.  Each command parses its arguments and makes one call into the package."""

from __future__ import annotations

import json
import sys

import click

from arbitre import __version__
from arbitre.paths import ProjectPaths
from arbitre.search.limits import CONCURRENCY, HEADER_TIMEOUT, KEEP_ALIVE

pass_paths = click.make_pass_decorator(ProjectPaths)


@click.group()
@click.version_option(__version__, prog_name="arbitre")
@click.option(
    "--root",
    type=click.Path(file_okay=False, exists=True),
    envvar="ARBITRE_ROOT",
    help="Project root (default: the nearest parent with mkdocs.yml and content/).",
)
@click.pass_context
def cli(ctx: click.Context, root: str | None) -> None:
    """Arbitre: French card-game rules, as data, a site and a search service."""
    from pathlib import Path

    ctx.obj = ProjectPaths(Path(root).resolve()) if root else ProjectPaths.discover()


@cli.command("import")
@click.option("--game", "games", multiple=True, help="Only this game (repeatable).")
@click.option("--check", is_flag=True, help="Write nothing; exit 1 if the YAML is not up to date.")
@pass_paths
def import_command(paths: ProjectPaths, games: tuple[str, ...], check: bool) -> None:
    """Regenerate content/ and glossary/ YAML from the source copies.

    Deterministic: twice in a row changes no byte.  Everything is parsed before anything is
    written, and files are replaced atomically.  A correction that no longer matches its source
    is skipped and printed as a warning."""
    from arbitre.pipeline import import_games

    report = import_games(paths, list(games) or None, check=check)
    for path in report.changed:
        click.echo(f"{'outdated' if check else 'wrote'} {path.relative_to(paths.root)}")
    for path in report.stale:
        click.echo(f"{'stale' if check else 'removed'} {path.relative_to(paths.root)}")
    for result in report.results:  # skipped; `arbitre edition review` lists them too
        for stale in result.stale_corrections:
            click.echo(f"warning: {stale}", err=True)
    entries = sum(len(r.entries) for r in report.results)
    click.echo(
        f"{len(report.results)} game(s), {entries} entries, {len(report.changed)} file(s) changed"
    )
    if check and (report.changed or report.stale):
        raise SystemExit(1)


@cli.command()
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@pass_paths
def check(paths: ProjectPaths, strict: bool) -> None:
    """Validate every YAML file and resolve every reference; print problems as path:line: message."""
    from arbitre.kb.load import load

    result = load(paths)
    for problem in result.problems:
        click.echo(str(problem), err=True)
    errors = len(result.problems) if strict else len(result.errors)
    click.echo(
        f"{len(result.kb.entries)} entries in {len(result.kb.games)} game(s): "
        f"{len(result.errors)} error(s), {len(result.warnings)} warning(s)"
    )
    if errors:
        raise SystemExit(1)


@cli.command()
@click.option(
    "--json", "as_json", is_flag=True, required=True, help="Write JSON (the only format)."
)
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False), help="File to write (default: stdout)."
)
@pass_paths
def export(paths: ProjectPaths, as_json: bool, output: str | None) -> None:
    """Write the whole knowledge base as one JSON document: games, entries, retired entries."""
    from arbitre.export import write_export

    write_export(paths, output)


@cli.command()
@click.argument("entry_id")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_paths
def show(paths: ProjectPaths, entry_id: str, as_json: bool) -> None:
    """Print one entry with its references, the entries citing it, its rulings and the players'
    questions that lead a search to it.  ENTRY_ID is an id, or what a short link /r/ takes: a
    rule number without its game (609.1f), an id of an earlier edition (an entry an edition
    removed, as `id` or `id@version`: as it last stood)."""
    from arbitre.export import show_entry, show_retired
    from arbitre.kb.load import load_kb
    from arbitre.permalinks import PermalinkIndex

    kb = load_kb(paths)
    if kb.get(entry_id) is None:
        short = PermalinkIndex(kb)
        found = short.resolve(entry_id)
        if len(found) > 1:
            names = ", ".join(e.id for e in found)
            raise click.ClickException(f"{entry_id!r} names {len(found)} entries: {names}")
        retired = None if found else short.retired(entry_id)
        if retired is not None:  # an entry an edition removed: as it last stood
            click.echo(show_retired(kb, retired[0], as_json))
            return
        if found:
            entry_id = found[0].id
    click.echo(show_entry(kb, entry_id, as_json))


@cli.command()
@click.option("--game", help="Only this game (id).")
@click.option(
    "--proposals",
    "with_proposals",
    is_flag=True,
    help="Also list what matching proposes that the reviewed tables do not hold.",
)
@pass_paths
def rulings(paths: ProjectPaths, game: str | None, with_proposals: bool) -> None:
    """How many FAQ answers and errata are linked to the rules and cards they decide."""
    from arbitre.rulings_report import rulings_report

    click.echo(rulings_report(paths, game, with_proposals))


@cli.command()
@pass_paths
def index(paths: ProjectPaths) -> None:
    """Build the whoosh search index from the YAML."""
    from arbitre.pipeline import index_kb

    stats = index_kb(paths)
    click.echo(stats.summary())


@cli.command()
@click.argument("query", nargs=-1, required=True)
@click.option("--game", help="Only this game (id).")
@click.option("--kind", help="Only this kind of entry.")
@click.option("--limit", type=click.IntRange(1, 100), default=10, show_default=True)
@click.option("--offset", type=click.IntRange(0), default=0, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the same JSON as /api/search.")
@click.option(
    "--explain",
    is_flag=True,
    help="First print how the query was understood (words, intent, synonyms, game focus).",
)
@pass_paths
def search(
    paths: ProjectPaths,
    query: tuple[str, ...],
    game: str | None,
    kind: str | None,
    limit: int,
    offset: int,
    as_json: bool,
    explain: bool,
) -> None:
    """Search the rules: a rule number, French words, an English term."""
    from arbitre.search.service import explain_query, format_explanation, format_results, run_search

    if explain:
        plan = explain_query(paths, " ".join(query), game=game, kind=kind)
        click.echo(
            json.dumps(plan, ensure_ascii=False, indent=2) if as_json else format_explanation(plan)
        )
        if as_json:
            return
        click.echo("")
    result = run_search(paths, " ".join(query), game=game, kind=kind, limit=limit, offset=offset)
    # Matched words in bold on a terminal; piped or redirected, the plain words.
    bold = not as_json and sys.stdout.isatty()
    click.echo(format_results(result, as_json, bold=bold))


@cli.command("eval")
@click.argument("queries", type=click.Path(exists=True, dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print JSON figures.")
@click.option("--verbose", is_flag=True, help="List the queries that miss.")
@click.option(
    "--url",
    metavar="URL",
    help="Ask the /api/search of the server at URL (e.g. http://127.0.0.1:8000) instead of "
    "searching in-process.",
)
@click.option(
    "--answers",
    type=click.Path(exists=True, dir_okay=False),
    help="A YAML list of {game, q, also: [entry ids]}: the other entries that answer a "
    "question; adds the figures where they count (`any_answer`).",
)
@pass_paths
def eval_command(
    paths: ProjectPaths,
    queries: str,
    as_json: bool,
    verbose: bool,
    url: str | None,
    answers: str | None,
) -> None:
    """Measure recall@1, recall@5 and MRR@10 on a query set (YAML)."""
    from arbitre.search.evaluate import evaluate_file, format_report

    report = evaluate_file(paths, queries, url=url, answers_path=answers)
    click.echo(format_report(report, as_json=as_json, verbose=verbose))


@cli.command()
@click.option("--strict", is_flag=True, help="Treat check warnings as errors.")
@pass_paths
def build(paths: ProjectPaths, strict: bool) -> None:
    """Check, index and build the site (site_src/, mkdocs into site/): all a deployment serves.

    Stops before writing anything if the check finds an error."""
    from arbitre.pipeline import build_all

    for line in build_all(paths, strict=strict):
        click.echo(line)


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True)
@click.option("--build/--no-build", "rebuild", default=False, help="Build everything first.")
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    help="Server processes, each with its own caches and 4 searches at once (`make serve`: 2).",
)
@click.option(
    "--header-timeout",
    type=click.FloatRange(0.1, 300),
    default=HEADER_TIMEOUT,
    show_default=True,
    help="Seconds a connection has to send a request's headers (then 408, closed).",
)
@click.option(
    "--keep-alive",
    type=click.IntRange(1, 300),
    default=KEEP_ALIVE,
    show_default=True,
    help="Seconds an idle kept-alive connection stays open.",
)
@click.option(
    "--concurrency",
    type=click.IntRange(1, 100_000),
    default=CONCURRENCY,
    show_default=True,
    help="Connections plus requests in progress per worker; beyond it, 503.",
)
@pass_paths
def serve(
    paths: ProjectPaths,
    host: str,
    port: int,
    rebuild: bool,
    workers: int,
    header_timeout: float,
    keep_alive: int,
    concurrency: int,
) -> None:
    """Serve the site at / and the API at /api/ (uvicorn)."""
    from arbitre.search.server import serve as run_server

    if rebuild:
        from arbitre.pipeline import build_all

        for line in build_all(paths):
            click.echo(line)
    run_server(
        paths,
        host=host,
        port=port,
        workers=workers,
        header_timeout=header_timeout,
        keep_alive=keep_alive,
        concurrency=concurrency,
    )


@cli.group()
def edition() -> None:
    """Editions of a game's source: bring a new one in, review what it put in doubt."""


@edition.command("add")
@click.argument("game")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--version", "version", required=True, help="The new edition's version (1.5, 2025-03)."
)
@click.option("--date", help="Its date, YYYY-MM-DD, when the document gives one.")
@pass_paths
def edition_add(paths: ProjectPaths, game: str, file: str, version: str, date: str | None) -> None:
    """Import FILE as GAME's new current edition: pair, carry, check, then write; print what
    changed and the review worklist."""
    from pathlib import Path

    from arbitre.edition import add_edition

    click.echo(add_edition(paths, game, Path(file), version, date))


@edition.command("review")
@click.argument("game")
@click.option("--json", "as_json", is_flag=True, help="Print JSON {game, items}.")
@pass_paths
def edition_review(paths: ProjectPaths, game: str, as_json: bool) -> None:
    """The worklist after editions: rulings, questions and scenarios resting on changed text,
    corrections that no longer match, pairings to settle."""
    from arbitre.edition import review_json, review_text

    if as_json:
        click.echo(json.dumps(review_json(paths, game), ensure_ascii=False, indent=2))
    else:
        click.echo(review_text(paths, game))


@cli.command()
@click.argument("game")
@click.option("--from", "older", metavar="V", help="The older edition (default: the previous one).")
@click.option("--to", "newer", metavar="V", help="The newer edition (default: the current one).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON {game, from, to, changes}.")
@pass_paths
def diff(
    paths: ProjectPaths, game: str, older: str | None, newer: str | None, as_json: bool
) -> None:
    """Entry-level changes between two editions of GAME: added, removed, edited, moved.

    Edited entries come with a word diff of title and text; a moved (renamed or renumbered) entry
    says whether it was edited too; entries whose text changed only because a cited rule was
    renumbered are listed apart.  With one edition: what the document says it changed."""
    from arbitre.edition import diff_json, diff_text
    from arbitre.kb.load import load_kb

    if as_json:
        report = diff_json(load_kb(paths), game, older, newer)
        click.echo(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        click.echo(diff_text(paths, game, older, newer))


@cli.group()
def example() -> None:
    """The rules engine's scenarios: list them, run them (a judge's own file too)."""


@example.command("list")
@click.option("--game", help="Only this game (id).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per line.")
def example_list(game: str | None, as_json: bool) -> None:
    """One line per shipped scenario: id, procedure, title, rulings it reproduces."""
    from arbitre.model.commands import list_examples

    click.echo(list_examples(game, as_json))


@example.command("run")
@click.argument("sources", nargs=-1, metavar="[ID|FILE.yaml]...")
@click.option("--all", "run_all", is_flag=True, help="Every shipped scenario.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def example_run(sources: tuple[str, ...], run_all: bool, as_json: bool) -> None:
    """Run scenarios (ids or FILE.yaml): the trace with rule ids, then N passed, M failed."""
    from arbitre.model.commands import format_outcomes, run_examples

    if not sources and not run_all:
        raise click.UsageError("give scenario ids or files, or --all")
    outcomes = run_examples(list(sources), run_all)
    click.echo(format_outcomes(outcomes, as_json))
    if not all(o.passed for o in outcomes):
        raise SystemExit(1)


def main() -> None:
    cli()
