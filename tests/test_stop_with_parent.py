"""A child started with `stop_with_parent` (the broker, and every service a test starts) ends
when the process that started it dies without cleaning up: a killed test run leaves no
process behind that keeps retrying against a broker and a database that are gone."""

import os
import subprocess
import sys
import time

PARENT = """
import subprocess, sys
from services.broker.process import stop_with_parent
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"], {preexec})
print(child.pid, flush=True)
sys.stdin.readline()  # until the test kills this parent
"""


def _child_of(preexec: str) -> tuple[subprocess.Popen[str], int]:
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT.format(preexec=preexec)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert parent.stdout is not None
    return parent, int(parent.stdout.readline())


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rpartition(")")[2].split()[0] != "Z"  # a zombie has ended
    except FileNotFoundError:
        return False


def _gone_within(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while _alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_a_child_ends_when_its_parent_is_killed() -> None:
    parent, child = _child_of("preexec_fn=stop_with_parent")
    parent.kill()
    parent.wait()
    assert _gone_within(child, 5)


def test_without_it_the_child_outlives_its_killed_parent() -> None:
    parent, child = _child_of("")
    parent.kill()
    parent.wait()
    try:
        assert not _gone_within(child, 1)
    finally:
        os.kill(child, 9)
