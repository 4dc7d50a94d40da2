"""The command line keeps its tokens in a run folder of each test's own, and runs from
another folder, as a user's shell would."""

from pathlib import Path

import pytest

from services.client import players, tokens


@pytest.fixture(autouse=True)
def run_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "run"
    monkeypatch.setattr(tokens, "ORGANISER_TOKEN", folder / "organiser-token")
    monkeypatch.setattr(tokens, "SEAT_TOKENS", folder / "tokens")
    monkeypatch.setattr(players, "PLAYER_TOKEN", folder / "player-token")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    return folder
