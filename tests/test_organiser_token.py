"""The local stack keeps its organiser token across starts (each start used to add one that
stayed valid for good), in a file only its owner may read."""

import stat
from pathlib import Path

import asyncpg

from services.gateway import tokens
from services.run_folder import write_private
from services.settings import Settings
from services.stack import prepare


async def test_a_start_keeps_the_organiser_token_it_had(
    settings: Settings, pool: asyncpg.Pool
) -> None:
    first = await prepare(settings)
    assert await prepare(settings, kept=first) == first
    seat = await tokens.issue(pool, tokens.Bearer(kind="seat", match_id="m", seat=0))
    for not_one in ("never-issued", seat):
        fresh = await prepare(settings, kept=not_one)
        assert fresh not in (first, not_one)
        assert (await tokens.bearer_of(pool, fresh)).kind == "organiser"


def test_a_token_file_is_the_owners_alone(tmp_path: Path) -> None:
    loose = tmp_path / "run" / "organiser-token"
    loose.parent.mkdir()
    loose.write_text("old")
    loose.chmod(0o644)  # as an older release left it
    write_private(loose, "new")
    assert loose.read_text() == "new" and stat.S_IMODE(loose.stat().st_mode) == 0o600
    fresh = write_private(tmp_path / "other" / "t", "x")
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o600
    assert stat.S_IMODE(fresh.parent.stat().st_mode) == 0o700
