"""What a seat's page last showed (`seat_looks`): the entries since then are marked as new."""

from services.gateway.reads import Conn

NEVER = -1  # a seat's first look: nothing is marked


async def looked(conn: Conn, match_id: str, seat: int, seq: int) -> int:
    """Record that the seat's page shows entry `seq`; the entry it showed before (NEVER)."""
    before: int | None = await conn.fetchval(
        "WITH before AS (SELECT seq FROM seat_looks WHERE match_id = $1 AND seat = $2)"
        " INSERT INTO seat_looks (match_id, seat, seq) VALUES ($1, $2, $3)"
        " ON CONFLICT (match_id, seat) DO UPDATE SET seq = GREATEST(seat_looks.seq, $3)"
        " RETURNING (SELECT seq FROM before)",
        match_id,
        seat,
        seq,
    )
    return NEVER if before is None else before
