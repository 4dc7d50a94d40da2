"""Plays bot seats (held by players named `bot:<level>`) whenever a started match waits for them,
and answers for a person's seat with its standing orders (`services.bots.orders`).

It wakes on the projections' notifications for the matches they name, rescans every match
now and then (a notification may have been missed), reads the match from the replay
tables, asks the ruleset's bot of that level (handed a state resampled for its seat, so it
sees what the seat may see and no more: the entries read, sealed choices among them, are only
folded, never handed on), and submits with a decision_id signed from match, seat and seq
with a key kept in the database: a repeat after a restart is dropped by the rules service as
already judged, and no player can guess the id. It
answers a position (the state's hash) once: a refused decision leaves the state as it was,
and asking again would only add refusals to the log. Nor would a refusal of another seat
make its own decision stale (the judge counts a view stale only once the match changed).
It plays only started matches: a decision while a seat is open would be refused.
It also opens the forks asked for at the gateway, which must fold the match to deal them, and
sends the moves to another version asked there (`services.bots.upgrades`), which re-judge it.
"""

import asyncio
import hashlib
import random
import secrets
import time

import asyncpg
import msgspec
import structlog

from events.envelope import ClaimSeat, CreateMatch
from events.forks import fork_of
from events.held_answers import owed, seat_state
from events.match import MatchRecord, decision_key
from events.platform_rules import BOT_PREFIX, ORGANISER
from events.ruleset import Ruleset, get_ruleset, pinned
from projections import replay
from projections.announce import REPLAY_CHANNEL, ReplayNotice
from services import db
from services.bots import orders, upgrades
from services.gateway.api import BotSeat
from services.gateway.forks import CHANNEL as FORKS_CHANNEL
from services.gateway.standing_orders import CHANNEL as ORDERS_CHANNEL
from services.gateway.submit import Submitter
from services.gateway.upgrades import CHANNEL as UPGRADES_CHANNEL
from services.settings import Settings

log = structlog.get_logger("bots")

RESCAN_S = 30.0

_moved = msgspec.json.Decoder(list[ReplayNotice])  # 'replays [...]' (see projections.announce)


class BotsWorker:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.submitter = Submitter(settings)
        self.woken = asyncio.Event()
        self.named: set[str] = set()  # matches a notification named since the last look
        # (match, seat) -> the state hash it last answered, and that decision's id
        self.answered: dict[tuple[str, int], tuple[str, str]] = {}
        self.pool: asyncpg.Pool
        self.id_key = b""
        self.forks_asked = True  # any asked while no worker ran are made at the start
        self.upgrades_asked = True  # likewise

    def _heard(self, _conn: object, _pid: int, _channel: str, payload: str) -> None:
        _, _, moved = payload.partition(" ")  # the model the bots read has moved
        self.named.update(m.match_id for m in _moved.decode(moved))
        self.woken.set()

    def _fork_asked(self, *_: object) -> None:
        self.forks_asked = True
        self.woken.set()

    def _upgrade_asked(self, *_: object) -> None:
        self.upgrades_asked = True
        self.woken.set()

    def _orders_changed(self, _conn: object, _pid: int, _channel: str, match_id: str) -> None:
        self.named.add(match_id)
        self.answered = {k: v for k, v in self.answered.items() if k[0] != match_id}
        self.woken.set()

    async def run(self, stop: asyncio.Event) -> None:
        self.pool = await db.connect(self.settings.database_url, size=2)
        await db.migrate(self.pool)
        self.id_key = await _id_key(self.pool)
        listener = await asyncpg.connect(self.settings.database_url)
        await listener.add_listener(REPLAY_CHANNEL, self._heard)
        await listener.add_listener(ORDERS_CHANNEL, self._orders_changed)
        await listener.add_listener(FORKS_CHANNEL, self._fork_asked)
        await listener.add_listener(UPGRADES_CHANNEL, self._upgrade_asked)
        await self.submitter.start()
        log.info("bots_worker_started")
        try:
            rescan_at = 0.0
            while not stop.is_set():
                self.woken.clear()
                if self.forks_asked or time.monotonic() >= rescan_at:
                    self.forks_asked = False
                    await self.make_forks()
                if self.upgrades_asked or time.monotonic() >= rescan_at:
                    # one waiting for the replay to catch up is tried again at the next wake
                    self.upgrades_asked = await upgrades.make(self.pool, self.submitter)
                if time.monotonic() >= rescan_at:
                    await self.play_due()
                    rescan_at = time.monotonic() + RESCAN_S
                named, self.named = self.named, set()
                for match_id in await self.playing(named) if named else ():
                    await self.play(match_id)
                waking = asyncio.ensure_future(self.woken.wait())
                stopping = asyncio.ensure_future(stop.wait())
                await asyncio.wait(
                    {waking, stopping}, timeout=RESCAN_S, return_when=asyncio.FIRST_COMPLETED
                )
                waking.cancel()
                stopping.cancel()
        finally:
            await self.submitter.stop()
            await listener.close()
            await self.pool.close()

    def decision_id(self, match_id: str, seat: int, seq: int) -> str:
        """The same for a position whenever asked, and unguessable without the key."""
        signed = hashlib.blake2b(f"{match_id}\0{seat}\0{seq}".encode(), key=self.id_key)
        return f"bot-{signed.hexdigest()[:32]}"

    async def make_forks(self) -> None:
        """Open each fork asked for (`services.gateway.forks`): the match's state after the
        entry, whole or dealt anew for the seat that asked, in a new match's create, and its
        bots' claims. A fork's ids are its own, so a repeat after a restart is dropped."""
        for row in await self.pool.fetch(
            "SELECT fork_id, match_id, seq, seat, bots::text FROM fork_requests"
            " WHERE made_at IS NULL ORDER BY asked_at"
        ):
            record = await replay.record_at(self.pool, row["match_id"], row["seq"])
            if record is None or record.state is None:
                log.warning("fork_of_nothing", fork_id=row["fork_id"], match_id=row["match_id"])
            else:
                await self.open_fork(record, row)
            await self.pool.execute(
                "UPDATE fork_requests SET made_at = now() WHERE fork_id = $1", row["fork_id"]
            )

    async def open_fork(self, record: MatchRecord, row: asyncpg.Record) -> None:
        fork_id = row["fork_id"]
        ruleset = pinned(record.ruleset, record.ruleset_version)
        dealt = random.Random(secrets.token_hex(16))  # nothing of the match's own seed
        fork = fork_of(ruleset, record.match_id, row["seq"], record.state, row["seat"], dealt)
        create = CreateMatch(
            ruleset=record.ruleset, seats=record.seats, options=record.options, fork=fork
        )
        await self.submitter.submit(
            fork_id, None, create, sender=ORGANISER, decision_id=f"fork-{fork_id}"
        )
        for bot in msgspec.json.decode(row["bots"], type=list[BotSeat]):
            await self.submitter.submit(
                fork_id,
                bot.seat,
                ClaimSeat(player=BOT_PREFIX + bot.bot),
                sender=ORGANISER,
                decision_id=f"fork-{fork_id}-{bot.seat}",
            )
        log.info("fork_opened", fork_id=fork_id, match_id=record.match_id, seq=row["seq"])

    async def play_due(self) -> None:
        playing = await self.playing()
        for match_id in playing:
            await self.play(match_id)
        self.answered = {key: at for key, at in self.answered.items() if key[0] in playing}

    async def playing(self, named: set[str] | None = None) -> set[str]:
        """The running matches (of `named`, or all) with a bot seat or a standing order: the
        only ones this worker may answer in, asked of the lobby before any match is rebuilt."""
        rows = await self.pool.fetch(
            "SELECT match_id FROM lobby WHERE status = 'in_progress'"
            " AND ($1::text[] IS NULL OR match_id = ANY($1::text[]))"
            " AND (EXISTS (SELECT 1 FROM unnest(players) AS p WHERE p LIKE 'bot:%')"
            " OR match_id IN (SELECT match_id FROM standing_orders WHERE ended_at IS NULL))",
            None if named is None else sorted(named),
        )
        return {row["match_id"] for row in rows}

    async def play(self, match_id: str) -> None:
        record = await replay.record_at(self.pool, match_id)
        if record is None or record.state is None or record.over or record.open_seats:
            return
        ruleset = get_ruleset(record.ruleset)
        await self.follow_orders(record, ruleset)
        for seat in owed(record, ruleset):  # a sealed window's answer held is not asked again
            seated = record.seat_players[seat] or ""
            level = seated.removeprefix(BOT_PREFIX)
            if not seated.startswith(BOT_PREFIX) or level not in ruleset.bots:
                continue
            answered = self.answered.get((match_id, seat))
            # a position once (a refusal leaves the state as it was), and one decision at a
            # time: where seats choose in any order, another's move changes the state while
            # the bot's decision is in flight, which would then be judged late and refused
            if answered is not None and (
                answered[0] == record.state_hash
                or decision_key(seat, seated, answered[1]) not in record.judged
            ):
                continue
            decision_id = self.decision_id(match_id, seat, record.seq)
            rng = random.Random(decision_id)
            state = seat_state(record, ruleset, seat)  # with its own held answers (SL-28)
            decision = ruleset.default_decision(state, seat, level, rng)
            await self.submitter.submit(
                match_id,
                seat,
                decision,
                sender=seated,
                decision_id=decision_id,
                seen_seq=record.seq,
            )
            self.answered[(match_id, seat)] = (record.state_hash, decision_id)
            log.info(
                "bot_decided",
                match_id=match_id,
                seq=record.seq,
                decision_id=decision_id,
                seat=seat,
                bot=seated,
            )

    async def follow_orders(self, record: MatchRecord, ruleset: Ruleset) -> None:
        """Answer with the standing orders of the seats the match waits on, each position once."""
        left = await orders.standing(self.pool, record.match_id)
        for seat in owed(record, ruleset):
            if seat not in left or self.answered.get((record.match_id, seat), ("",))[0] == (
                record.state_hash
            ):
                continue
            sent = await orders.carry_out(
                self.pool, self.submitter, self.id_key, record, ruleset, seat, left[seat]
            )
            if sent is not None:
                self.answered[(record.match_id, seat)] = (record.state_hash, sent)


async def _id_key(pool: asyncpg.Pool) -> bytes:
    """The key bots' decision ids are signed with: made once, shared by every bots worker."""
    await pool.execute(
        "INSERT INTO bot_id_key (key) VALUES ($1) ON CONFLICT DO NOTHING", secrets.token_hex(32)
    )
    return bytes.fromhex(await pool.fetchval("SELECT key FROM bot_id_key"))
