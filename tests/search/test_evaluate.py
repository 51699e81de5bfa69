"""`arbitre eval`: in-process and through a live server's /api/search, same figures."""

from __future__ import annotations

import json
import socket
import threading
import time

import pytest
import yaml
from click.testing import CliRunner

from arbitre.cli import cli

from .conftest import tiny_kb

QUERIES = [
    # Answered first (the term's hit shows its defining rule); never answered.
    {"game": "the-spoils", "q": "609.1f", "type": "number", "expect": "infligés simultanément"},
    {"game": "altered", "q": "Fugace", "type": "term", "expect": "il gagne le statut Fugace"},
    {"game": "ashes", "q": "Jaguar bleu", "type": "card", "expect": "texte absent du corpus"},
    # A game the knowledge base does not have: with the game filter, a miss, not an error.
    {"game": "netrunner", "q": "Fugace", "type": "term", "expect": "il gagne le statut Fugace"},
]


@pytest.fixture(scope="module")
def queries_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("eval") / "queries.yaml"
    path.write_text(yaml.safe_dump(QUERIES, allow_unicode=True), encoding="utf-8")
    return path


def free_port() -> int:
    """A loopback port nothing listens on once the probe is closed."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def live_server(tiny_project):
    """The app of the tiny project under uvicorn, on a free loopback port, in a thread."""
    import uvicorn

    from arbitre.search.app import create_app

    port = free_port()
    config = uvicorn.Config(
        create_app(tiny_project, tiny_kb()), host="127.0.0.1", port=port, log_level="error"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


def run_eval(tiny_project, *args):
    return CliRunner().invoke(cli, ["--root", str(tiny_project.root), "eval", *args])


def test_eval_prints_the_figures(tiny_project, queries_file):
    result = run_eval(tiny_project, str(queries_file), "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    unfiltered = report["without_game_filter"]["overall"]
    assert unfiltered == {"queries": 4, "recall@1": 0.75, "recall@5": 0.75, "mrr@10": 0.75}
    filtered = report["with_game_filter"]["overall"]
    assert filtered == {"queries": 4, "recall@1": 0.5, "recall@5": 0.5, "mrr@10": 0.5}


def test_eval_through_the_http_api_gives_the_same_figures(tiny_project, queries_file, live_server):
    local = json.loads(run_eval(tiny_project, str(queries_file), "--json", "--verbose").output)
    result = run_eval(tiny_project, str(queries_file), "--json", "--verbose", "--url", live_server)
    assert result.exit_code == 0, result.output
    remote = json.loads(result.output)
    assert remote.pop("url") == live_server
    assert remote == local
    text = run_eval(tiny_project, str(queries_file), "--url", live_server + "/").output
    assert f"Through: {live_server}/api/search" in text


def test_eval_reports_an_unreachable_or_bad_url(tiny_project, queries_file):
    result = run_eval(tiny_project, str(queries_file), "--url", f"http://127.0.0.1:{free_port()}")
    assert result.exit_code == 1
    assert "cannot reach" in result.output and "Traceback" not in result.output
    result = run_eval(tiny_project, str(queries_file), "--url", "127.0.0.1:8000")
    assert result.exit_code == 1 and "is not an http(s) URL" in result.output


def test_eval_rejects_a_file_that_is_not_a_query_list(tiny_project, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("q: not a list\n", encoding="utf-8")
    result = run_eval(tiny_project, str(bad))
    assert result.exit_code == 1 and "expected a YAML list" in result.output


def test_other_answers_count_in_their_own_figures_only(tiny_project, queries_file, tmp_path):
    """An answers file names the other entries answering a question: a hit that is one of them
    counts in `any_answer`, and the set's own figures stay as they are."""
    plain = json.loads(run_eval(tiny_project, str(queries_file), "--json", "--verbose").output)
    card = next(r for r in plain["without_game_filter"]["queries"] if r["q"] == "Jaguar bleu")
    assert card["rank"] is None and card["top"]  # the card is found; its text is not the answer
    answers = tmp_path / "answers.yaml"
    rows = [{"game": "ashes", "q": "Jaguar bleu", "also": [card["top"]]}]
    answers.write_text(yaml.safe_dump(rows, allow_unicode=True), encoding="utf-8")
    result = run_eval(tiny_project, str(queries_file), "--json", "--answers", str(answers))
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["answers"] == str(answers)
    unfiltered = report["without_game_filter"]
    assert unfiltered["overall"] == plain["without_game_filter"]["overall"]
    assert unfiltered["any_answer"] == {
        "queries": 4,
        "recall@1": 1.0,
        "recall@5": 1.0,
        "mrr@10": 1.0,
    }
    # Another game's question of the same words is not that question.
    rows[0]["game"] = "altered"
    answers.write_text(yaml.safe_dump(rows, allow_unicode=True), encoding="utf-8")
    report = json.loads(
        run_eval(tiny_project, str(queries_file), "--json", "--answers", str(answers)).output
    )
    assert report["without_game_filter"]["any_answer"]["recall@1"] == 0.75
    text = run_eval(tiny_project, str(queries_file), "--answers", str(answers)).output
    assert f"Other answers: {answers}" in text and "| all, any answer | 4 |" in text
    rows[0]["game"] = "ashes"
    answers.write_text(yaml.safe_dump(rows, allow_unicode=True), encoding="utf-8")
    text = run_eval(tiny_project, str(queries_file), "--verbose", "--answers", str(answers)).output
    assert "'Jaguar bleu' -> not in top 10, another answer at rank 1" in text


def test_eval_rejects_an_answers_file_without_entry_lists(tiny_project, queries_file, tmp_path):
    bad = tmp_path / "answers.yaml"
    bad.write_text("- game: ashes\n  q: Jaguar bleu\n  also: ashes/x\n", encoding="utf-8")
    result = run_eval(tiny_project, str(queries_file), "--answers", str(bad))
    assert result.exit_code == 1 and "a list of entry ids also" in result.output
    assert "Traceback" not in result.output
