"""One writer at a time: the commands that write a project tree (`import`, `edition add`,
`index`, `build`) hold `<root>/.arbitre.lock` while they run.

The lock is the kernel's (`flock` on that file): it is released when its holder exits, however
it exits, so a crashed holder never leaves a stale lock behind — the next command simply takes
it.  The file also says who holds it (command, pid, start time), which a second command prints
in one line before exiting 1 (or, with a wait, once before waiting).  A process that already
holds the lock may take it again (a build that indexes, an edition that imports).
"""

from __future__ import annotations

import fcntl
import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from arbitre.errors import ArbitreError

LOCK_FILE = ".arbitre.lock"
_held: dict[Path, int] = {}  # root -> depth, for this process


class Busy(ArbitreError):
    """Another command is writing this tree."""


def _describe(command: str) -> str:
    return f"{command} (pid {os.getpid()}, since {time.strftime('%H:%M:%S')})\n"


@contextmanager
def writing(root: Path, command: str, wait: float = 0.0) -> Iterator[None]:
    """Hold the tree's write lock for `command` (e.g. « arbitre build »).  When another process
    holds it: wait up to `wait` seconds, then raise Busy naming the holder."""
    root = root.resolve()
    if _held.get(root):
        _held[root] += 1
        try:
            yield
        finally:
            _held[root] -= 1
        return
    path = root / LOCK_FILE
    handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        deadline = time.monotonic() + wait
        said = False
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                holder = _holder(path)
                if time.monotonic() >= deadline:
                    raise Busy(
                        f"another command is writing {root}: {holder}; "
                        "wait for it to finish, then run yours again"
                    ) from None
                if not said:
                    print(f"waiting for {holder} to finish…", file=sys.stderr)
                    said = True
                time.sleep(0.2)
        os.ftruncate(handle, 0)
        os.pwrite(handle, _describe(command).encode("utf-8"), 0)
        _held[root] = 1
        try:
            yield
        finally:
            _held.pop(root, None)
            os.ftruncate(handle, 0)
            fcntl.flock(handle, fcntl.LOCK_UN)
    finally:
        os.close(handle)


def _holder(path: Path) -> str:
    try:
        text = path.read_text(encoding="utf-8").strip()
    except OSError:
        text = ""
    return text or "an arbitre command"
