"""The outbox sender's lease on a real PostgreSQL: one worker sends at a time; when its
connection goes (the worker died, or the database dropped it), another takes over, and the
first, back, stands by."""

import asyncpg

from services.mail.lease import SenderLease
from services.settings import Settings


async def test_one_sender_at_a_time_and_another_takes_over_when_its_connection_goes(
    settings: Settings,
) -> None:
    first, second = SenderLease(settings.database_url), SenderLease(settings.database_url)
    try:
        assert await first.held() and await first.held()
        assert not await second.held()
        assert first.conn is not None
        other = await asyncpg.connect(settings.database_url)
        try:
            assert await other.fetchval(
                "SELECT pg_terminate_backend($1, 5000)", first.conn.get_server_pid()
            )
        finally:
            await other.close()
        assert await second.held()
        assert not await first.held()  # it found its connection gone, and stands by
        await second.release()
        assert await first.held()
    finally:
        await first.release()
        await second.release()
