"""The league read model: every league record as read (`league_records`, what a broker that
lost the topic is given back) and each league folded (`leagues`, its seed blank until it
ended). The worker folds the whole topic at each start, so its start is also a rebuild."""

from collections.abc import Iterable

import asyncpg
import msgspec
from aiokafka import AIOKafkaProducer

from events.codec import encode
from events.leagues.entries import RECORD_DECODER, LeagueRecord
from events.leagues.fold import League, evolve
from services.leagues.log import end_offset, read_all, send
from services.settings import Settings

LEAGUE_DECODER = msgspec.json.Decoder(League)


def shown(league: League) -> League:
    """What readers may see: the seed once the league ended, and none of the fold's
    bookkeeping."""
    return msgspec.structs.replace(
        league, seed=league.seed if league.ended else "", entry_ids=frozenset()
    )


class FoldedLeagues:
    """Every league of the topic, folded from its records in log order."""

    def __init__(self) -> None:
        self.leagues: dict[str, League] = {}

    def take(self, record: LeagueRecord) -> bool:
        """Fold one record; whether it changed its league."""
        before = self.leagues.get(record.league_id)
        after = evolve(before, record)
        if after is None or after is before:
            return False
        self.leagues[record.league_id] = after
        return True


async def write(
    pool: asyncpg.Pool,
    topic: str,
    records: list[tuple[int, LeagueRecord]],
    leagues: Iterable[League],
) -> None:
    """The records read and the leagues they changed, in one transaction."""
    async with pool.acquire() as conn, conn.transaction():
        await conn.executemany(
            "INSERT INTO league_records (topic, log_offset, league_id, record)"
            " VALUES ($1, $2, $3, $4::jsonb) ON CONFLICT DO NOTHING",
            [(topic, offset, r.league_id, encode(r).decode()) for offset, r in records],
        )
        await conn.executemany(
            "INSERT INTO leagues (league_id, name, game, status, opened_ms, league)"
            " VALUES ($1, $2, $3, $4, $5, $6::jsonb) ON CONFLICT (league_id) DO UPDATE SET"
            " status = EXCLUDED.status, league = EXCLUDED.league",
            [
                (
                    lg.league_id,
                    lg.name,
                    lg.rules.game,
                    lg.status,
                    lg.opened_ms,
                    encode(shown(lg)).decode(),
                )
                for lg in leagues
            ],
        )


async def restore(settings: Settings, pool: asyncpg.Pool) -> int:
    """A topic that holds no record while the read model kept some (Tansu after a restart, a
    Kafka whose data folder is gone) is given them back as they were read; how many."""
    if await end_offset(settings) > 0:
        return 0
    rows = await pool.fetch(
        "SELECT record FROM league_records WHERE topic = $1 ORDER BY log_offset",
        settings.leagues_topic,
    )
    if not rows:
        return 0
    producer = AIOKafkaProducer(
        bootstrap_servers=settings.kafka_bootstrap,
        enable_idempotence=settings.idempotent_producer,
        acks="all",
    )
    await producer.start()
    try:
        for row in rows:
            await send(producer, settings, RECORD_DECODER.decode(row["record"]))
    finally:
        await producer.stop()
    # read again by the worker, at the offsets the new topic gives them
    await pool.execute("DELETE FROM league_records WHERE topic = $1", settings.leagues_topic)
    return len(rows)


async def rebuild(settings: Settings, pool: asyncpg.Pool) -> FoldedLeagues:
    """The read model of this topic's leagues emptied and folded again from the topic's start."""
    records = await read_all(settings)
    folded = FoldedLeagues()
    for _, record in records:
        folded.take(record)
    async with pool.acquire() as conn, conn.transaction():
        ids = await conn.fetch(
            "DELETE FROM league_records WHERE topic = $1 RETURNING league_id",
            settings.leagues_topic,
        )
        await conn.execute(
            "DELETE FROM leagues WHERE league_id = ANY($1::text[])", list({r[0] for r in ids})
        )
    await write(pool, settings.leagues_topic, records, folded.leagues.values())
    return folded
