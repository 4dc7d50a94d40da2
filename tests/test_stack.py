"""`starledger up` and `down` from a newcomer's terminal."""

import os
from pathlib import Path

import pytest

from services import stack


def test_a_second_up_refuses_and_leaves_the_running_stack_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pid_file = tmp_path / "stack.pid"
    pid_file.write_text(str(os.getpid()))  # a live process stands for the running stack
    monkeypatch.setattr(stack, "PID_FILE", pid_file)
    monkeypatch.setattr(stack, "LOGS", tmp_path / "logs")
    assert stack.up() == 1
    assert "already runs" in capsys.readouterr().out
    assert pid_file.read_text() == str(os.getpid()) and not (tmp_path / "logs").exists()


def test_down_with_no_stack_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stack, "PID_FILE", tmp_path / "stack.pid")
    assert stack.down() == 1
    (tmp_path / "stack.pid").write_text("999999999")  # a stack that died without cleaning up
    assert stack.down() == 1
