"""Running `arbitre serve` as a real process for the end-to-end tests: a free loopback port, the
process in its own group (its workers stop with it), a wait until it answers, and a clean stop."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serving(
    root: Path,
    args: list[str],
    ready: Callable[[subprocess.Popen], bool],
    capture: bool = False,
) -> Iterator[subprocess.Popen]:
    """`arbitre --root ROOT serve ARGS…` until the block ends; yields once `ready(process)` is
    true (an OSError from it counts as not yet), within 60 s or the test fails (with the
    server's output when `capture`)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "arbitre", "--root", str(root), "serve", *args],
        stdout=subprocess.PIPE if capture else subprocess.DEVNULL,
        stderr=subprocess.STDOUT if capture else subprocess.DEVNULL,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if ready(process):
                    break
            except OSError:
                pass
            if process.poll() is not None:
                output = process.stdout.read().decode() if capture else ""
                raise AssertionError(f"the server exited ({process.returncode}) {output}")
            assert time.monotonic() < deadline, "the server did not answer within 60 s"
            time.sleep(0.2)
        yield process
    finally:
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=15)
        except ProcessLookupError:  # it exited by itself (its failure is already raised)
            process.wait()
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        if process.stdout:
            process.stdout.close()
