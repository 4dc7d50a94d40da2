"""Every game's golden match (see `golden.py`) exists for its current version, re-judges
entry by entry, and is what its bots play again from the same seed."""

import pytest

from events.codec import encode
from events.envelope import SeedRevealed
from services.rules.rejudge import verify

from . import golden
from .games import GAMES, RULESETS

RECORD = "record it with `make golden` and commit it"


@pytest.mark.parametrize("game", GAMES)
def test_the_golden_match_of_the_current_version_re_judges_the_same(game: str) -> None:
    version = RULESETS[game].version
    assert golden.path(game).exists(), f"{game} version {version} has no golden match: {RECORD}"
    entries = golden.recorded(game)
    assert isinstance(entries[-1].body, SeedRevealed)
    mismatch = verify(entries)
    assert mismatch is None, (
        f"the rules of {game} now judge its golden match differently ({mismatch}): "
        f"raise its version (now {version}) and {RECORD}"
    )


@pytest.mark.parametrize("game", GAMES)
def test_the_bots_play_the_golden_match_again(game: str) -> None:
    played = [encode(entry) for entry in golden.play(game)]
    assert played == golden.path(game).read_bytes().splitlines(), (
        f"{game}'s rules or bots play its golden match differently: if the rules changed, "
        f"raise its version; either way, {RECORD}"
    )
