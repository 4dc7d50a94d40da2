"""The league worker (`starledger leagues`): folds the `leagues` topic from its start into the
league read model, then follows it; every tick it moves each running league on from what the
lobby says of its matches: a drawn round's matches opened, a withdrawn player's seats handed to
bots, the next round drawn (or the end written) once every match of the last one ended.

It keeps nothing the logs cannot rebuild. A round is written under the id `round-N`, so two
workers, or one restarted before it read its own record back, write the same draw and the fold
keeps the first. A broker that lost the topic is given back the records the read model kept."""

import asyncio
from typing import Any

import asyncpg
import structlog
from aiokafka import AIOKafkaProducer

from events.leagues.entries import RECORD_DECODER, LeagueEnded, RoundDrawn
from events.leagues.fold import League
from events.leagues.rounds import next_entry
from events.leagues.standings import places
from services import db
from services.gateway.submit import Submitter
from services.leagues import tables
from services.leagues.log import append, consumer, now_ms
from services.leagues.read_model import FoldedLeagues, restore, write
from services.settings import Settings

log = structlog.get_logger("leagues")


def entry_id(entry: RoundDrawn | LeagueEnded) -> str:
    return f"round-{entry.round}" if isinstance(entry, RoundDrawn) else "ended"


def placed(rows: dict[str, Any]) -> dict[str, list[int]]:
    """Each ended match's places by seat."""
    return {
        match_id: places(list(row["winners"] or []), row["scores"], row["seats"])
        for match_id, row in rows.items()
        if row["status"] == "finished"
    }


class LeagueWorker:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.submitter = Submitter(settings)
        self.folded = FoldedLeagues()
        self.done: set[str] = set()  # what this run sent: matches opened, seats handed, entries
        self.pool: asyncpg.Pool

    async def run(self, stop: asyncio.Event) -> None:
        self.pool = await db.connect(self.settings.database_url, size=2)
        await db.migrate(self.pool)
        await self.submitter.start()
        reader, partition = consumer(self.settings)
        await reader.start()
        log.info("leagues_started")
        try:
            if restored := await restore(self.settings, self.pool):
                log.info("leagues_restored", records=restored)
            reader.assign([partition])
            await reader.seek_to_beginning(partition)
            while not stop.is_set():
                batch = await reader.getmany(partition, timeout_ms=self.settings.clock_tick_ms)
                records = [
                    (m.offset, RECORD_DECODER.decode(m.value)) for m in batch.get(partition, [])
                ]
                changed = {r.league_id for _, r in records if self.folded.take(r)}
                if records:
                    leagues = [self.folded.leagues[i] for i in changed]
                    await write(self.pool, self.settings.leagues_topic, records, leagues)
                for league in list(self.folded.leagues.values()):
                    await self.move_on(league)
        finally:
            await reader.stop()
            await self.submitter.stop()
            await self.pool.close()

    @property
    def producer(self) -> AIOKafkaProducer:
        return self.submitter.producer

    def once(self, key: str) -> bool:
        """Whether `key` is new to this run (and now noted)."""
        fresh = key not in self.done
        self.done.add(key)
        return fresh

    async def move_on(self, league: League) -> None:
        if league.ended:
            return
        ids = [t.match_id for r in league.rounds for t in r.tables]
        rows = {
            r["match_id"]: r
            for r in await self.pool.fetch(
                "SELECT match_id, status, seats, players, winners, scores FROM lobby"
                " WHERE match_id = ANY($1::text[])",
                ids,
            )
        }
        for drawn in league.rounds:
            for table in drawn.tables:
                if table.match_id not in rows and self.once(table.match_id):
                    await tables.open_table(self.submitter, self.pool, league, drawn, table)
                    log.info("league_match_opened", league=league.league_id, match=table.match_id)
        for member in league.members:
            if member.withdrew_in is None:
                continue
            for drawn in league.rounds:
                for table in drawn.tables:
                    row = rows.get(table.match_id)
                    if row is None or row["status"] == "finished":
                        continue
                    for seat, player_id in enumerate(table.players):
                        held = row["players"][seat] == member.name
                        key = f"{table.match_id}:{seat}:bot"
                        if player_id == member.player_id and held and self.once(key):
                            await tables.hand_to_bot(self.submitter, league, table.match_id, seat)
        entry = next_entry(league, placed(rows), now_ms())
        if entry is not None and self.once(f"{league.league_id}:{entry_id(entry)}"):
            await append(self.producer, self.settings, league.league_id, entry_id(entry), entry)
            log.info("league_moved_on", league=league.league_id, entry=entry_id(entry))
