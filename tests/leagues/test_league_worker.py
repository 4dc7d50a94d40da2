"""The league worker against a real broker and database: a broker that lost the `leagues`
topic is given back the records the read model kept, as they were; and each start folds the
topic anew, so a league read model emptied meanwhile comes back."""

import asyncio
import time

import asyncpg

from events.codec import encode
from events.leagues.entries import LeagueOpened, LeagueRecord, LeagueRules, SignUp
from services.leagues.log import read_all
from services.leagues.read_model import LEAGUE_DECODER
from services.leagues.worker import LeagueWorker
from services.settings import Settings

RULES = LeagueRules(game="race-to-21", rounds=1, players=4)
KEPT = [
    LeagueRecord(league_id="lg-kept", entry_id="opened", at_ms=1_000, body=LeagueOpened(
        "Kept cup", RULES, "c0ffee", "seed")),
    LeagueRecord(league_id="lg-kept", entry_id="e1", at_ms=2_000, body=SignUp("p-ann", "ann")),
    LeagueRecord(league_id="lg-kept", entry_id="e2", at_ms=3_000, body=SignUp("p-bob", "bob")),
]  # fmt: skip


async def _worker_until_folded(settings: Settings, pool: asyncpg.Pool) -> dict[str, str]:
    """Run a worker until the league's row shows both sign-ups; the row's members by id."""
    stop = asyncio.Event()
    running = asyncio.create_task(LeagueWorker(settings).run(stop))
    deadline = time.monotonic() + 60
    try:
        while True:
            row = await pool.fetchval("SELECT league FROM leagues WHERE league_id = 'lg-kept'")
            if row is not None and len(members := LEAGUE_DECODER.decode(row).members) == 2:
                return {m.player_id: m.name for m in members}
            assert time.monotonic() < deadline and not running.done()
            await asyncio.sleep(0.1)
    finally:
        stop.set()
        await running


async def test_records_kept_are_written_back_to_an_empty_topic_as_they_were(
    settings: Settings, pool: asyncpg.Pool
) -> None:
    await pool.executemany(
        "INSERT INTO league_records (topic, log_offset, league_id, record)"
        " VALUES ($1, $2, $3, $4::jsonb)",
        [(settings.leagues_topic, n, r.league_id, encode(r).decode()) for n, r in enumerate(KEPT)],
    )
    assert await _worker_until_folded(settings, pool) == {"p-ann": "ann", "p-bob": "bob"}
    assert [record for _, record in await read_all(settings)] == KEPT

    await pool.execute("DELETE FROM leagues WHERE league_id = 'lg-kept'")
    assert await _worker_until_folded(settings, pool) == {"p-ann": "ann", "p-bob": "bob"}
    assert len(await read_all(settings)) == len(KEPT)  # a topic that holds records is left be
