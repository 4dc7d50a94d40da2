"""One outbox sender per database. Deliveries are marked as sent, not claimed, so two workers
sending at once could send one twice; the right to send is a session advisory lock held on a
connection of its own, until the worker stops or dies (its connection then closes and the
lock with it). Another worker meanwhile takes orders by mail (each mail is taken once, by its
key) and stands by to send."""

import asyncio

import asyncpg

SENDER_LOCK = 0x53544D4C


class SenderLease:
    def __init__(self, database_url: str) -> None:
        self.database_url = database_url
        self.conn: asyncpg.Connection | None = None
        self.asking = asyncio.Lock()  # the mail and webhook loops ask on the one connection

    async def held(self) -> bool:
        """Whether this worker may send now: it holds the lock, or has just taken it."""
        async with self.asking:
            return await self.ask()

    async def ask(self) -> bool:
        if self.conn is not None:
            try:
                await self.conn.fetchval("SELECT 1")  # a lost connection lost the lock too
                return True
            except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError):
                self.conn.terminate()
                self.conn = None
        conn = await asyncpg.connect(self.database_url)
        if await conn.fetchval("SELECT pg_try_advisory_lock($1)", SENDER_LOCK):
            self.conn = conn
            return True
        await conn.close()
        return False

    async def release(self) -> None:
        if self.conn is not None:
            await self.conn.close()
            self.conn = None
