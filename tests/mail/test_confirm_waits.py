"""A player joins with an address: the mail worker may tick before the claim reaches the lobby.
The confirmation waits for the claim, and is sent once it is there; it is given up only when
another player holds the seat."""

import asyncio
from email.message import EmailMessage

import asyncpg

from services.mail.outbox import Outbox
from services.settings import Settings

MATCH = "m-confirm-waits"


async def _seats(pool: asyncpg.Pool, players: list[str | None]) -> None:
    await pool.execute(
        "INSERT INTO lobby (match_id, game, status, seats, players, to_act, seq, last_activity)"
        " VALUES ($1, 'race-to-21', 'in_progress', 2, $2, '{}', 3, now())"
        " ON CONFLICT (match_id) DO UPDATE SET players = EXCLUDED.players",
        MATCH,
        players,
    )


async def _confirmations(pool: asyncpg.Pool) -> list[str | None]:
    return await pool.fetch(
        "SELECT outcome FROM mail_outbox WHERE match_id = $1 AND kind = 'confirm'", MATCH
    )


async def test_a_confirmation_waits_for_the_claim_and_goes_once_it_is_in_the_lobby(
    pool: asyncpg.Pool, settings: Settings
) -> None:
    await _seats(pool, [None, "bot:greedy"])  # the join's claim is not projected yet
    await pool.execute(
        "INSERT INTO replay_matches (match_id, ruleset, last_seq, over) VALUES ($1, 'r', 3, false)",
        MATCH,
    )
    await pool.execute(
        "INSERT INTO mail_seats (match_id, seat, player, address, kinds, digest_s, remind_s,"
        " from_seq, told_seq) VALUES ($1, 0, 'ann', 'ann@wait.test', '{turn}', 0, 0, 3, 3)",
        MATCH,
    )
    sent: list[EmailMessage] = []

    async def send(mail: EmailMessage) -> None:  # the database may hold other tests' seats
        if mail["To"] == "ann@wait.test":
            sent.append(mail)

    outbox = Outbox(settings, pool, b"k" * 64, send)
    for _ in range(2):  # the confirmation written, then due
        await outbox.run_once()
        await asyncio.sleep(0.01)
    assert not sent and [r["outcome"] for r in await _confirmations(pool)] == [None]
    await _seats(pool, ["ann", "bot:greedy"])
    await outbox.run_once()
    assert [m["To"] for m in sent] == ["ann@wait.test"]
    assert [r["outcome"] for r in await _confirmations(pool)] == ["sent"]
