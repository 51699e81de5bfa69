"""Two writers at once (#22 item 10): the second says who holds the tree and exits 1, never a
traceback; a holder that died leaves nothing behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from arbitre.lock import LOCK_FILE, Busy, writing

HOLD = """
import sys, time
from pathlib import Path
from arbitre.lock import writing
with writing(Path(sys.argv[1]), "arbitre build"):
    print("held", flush=True)
    time.sleep(60)
"""


@pytest.fixture
def holder(demo_tree):
    process = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(demo_tree.root)], stdout=subprocess.PIPE, text=True
    )
    assert process.stdout.readline().strip() == "held"
    yield process
    if process.poll() is None:
        process.kill()
    process.wait()
    process.stdout.close()


def arbitre(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "arbitre", "--root", str(root), *args],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.parametrize("command", [["import", "--game", "demo"], ["index"], ["build"]])
def test_a_second_writer_names_the_first_and_exits_1(demo_tree, holder, command):
    done = arbitre(demo_tree.root, *command)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    message = done.stderr.strip()
    assert message.count("\n") == 0, message
    assert "another command is writing" in message
    assert f"arbitre build (pid {holder.pid}" in message


def test_a_dead_holders_lock_is_taken_over(demo_tree, holder):
    holder.send_signal(signal.SIGKILL)
    holder.wait()
    assert (demo_tree.root / LOCK_FILE).exists()  # the file stays; the lock went with the process
    done = arbitre(demo_tree.root, "index")
    assert done.returncode == 0, done.stderr


def test_the_same_process_may_take_it_again_and_another_waits(tmp_path):
    with writing(tmp_path, "outer"), writing(tmp_path, "inner"):
        pass
    started = time.monotonic()
    with writing(tmp_path, "first"):
        child = subprocess.run(
            [
                sys.executable,
                "-c",
                "import sys; from pathlib import Path; from arbitre.lock import writing\n"
                "with writing(Path(sys.argv[1]), 'second', wait=0.5): pass",
                str(tmp_path),
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert child.returncode != 0
    assert "waiting for first (pid" in child.stderr
    assert "Busy" in child.stderr or "another command" in child.stderr
    assert time.monotonic() - started >= 0.5
    assert issubclass(Busy, Exception) and os.path.exists(tmp_path / LOCK_FILE)
