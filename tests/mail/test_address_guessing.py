"""A peer guessing reply addresses is refused each one (550, noted) up to a budget, then told
to try later (451) with nothing written, so guesses cannot grow the inbox without bound."""

from types import SimpleNamespace

from aiosmtpd.smtp import Envelope

from services import db
from services.mail.inbound import REFUSALS, REFUSED_RECIPIENTS, Orders


async def test_guessed_reply_addresses_stop_costing_rows_past_the_budget(database_url: str) -> None:
    pool = await db.connect(database_url, size=2)
    try:
        await db.migrate(pool)
        orders = Orders(pool, submitter=None, key=b"a key of this test")
        guesser = SimpleNamespace(peer=("203.0.113.9", 40000))
        before = await pool.fetchval("SELECT count(*) FROM mail_inbox")
        burst = REFUSED_RECIPIENTS[0]
        answers = [
            await orders.handle_RCPT(
                None,
                guesser,
                Envelope(),
                f"play+guess{n:04d}@mail.test",
                [],
            )
            for n in range(burst + 5)
        ]
        assert answers == [REFUSALS["unknown-token"]] * burst + [REFUSALS["guessing"]] * 5
        assert await pool.fetchval("SELECT count(*) FROM mail_inbox") - before == burst
        elsewhere = SimpleNamespace(peer=("198.51.100.7", 40000))  # another peer's budget is whole
        answer = await orders.handle_RCPT(None, elsewhere, Envelope(), "play+guess@mail.test", [])
        assert answer == REFUSALS["unknown-token"]
    finally:
        await pool.close()
