"""Where the command line keeps its tokens: the organiser's from `starledger up` (or
$STARLEDGER_TOKEN), and one file per joined seat, readable by its owner only."""

import os
from pathlib import Path
from urllib.parse import quote, unquote

from services.client.http import ClientError
from services.run_folder import ORGANISER_TOKEN, SEAT_TOKENS, write_private

TOKEN_ENV = "STARLEDGER_TOKEN"


def organiser_token(required: bool = True) -> str | None:
    if token := os.environ.get(TOKEN_ENV, "").strip():
        return token
    if ORGANISER_TOKEN.is_file():
        return ORGANISER_TOKEN.read_text().strip() or None
    if required:
        raise ClientError(
            f"no organiser token: set ${TOKEN_ENV} or run `starledger up`, which "
            f"writes {ORGANISER_TOKEN}"
        )
    return None


def _seat_file(match_id: str, seat: int) -> Path:
    return SEAT_TOKENS / f"{quote(match_id, safe='')}-{seat}"


def save_seat_token(match_id: str, seat: int, token: str) -> Path:
    return write_private(_seat_file(match_id, seat), token)


def forget_seat_token(match_id: str, seat: int) -> None:
    _seat_file(match_id, seat).unlink(missing_ok=True)


def seat_tokens() -> dict[tuple[str, int], str]:
    """Every saved seat token, by (match, seat)."""
    found: dict[tuple[str, int], str] = {}
    for path in sorted(SEAT_TOKENS.glob("*-*")) if SEAT_TOKENS.is_dir() else []:
        match_id, _, seat = path.name.rpartition("-")
        if seat.isdigit():
            found[unquote(match_id), int(seat)] = path.read_text().strip()
    return found


def seat_token(match_id: str, seat: int | None) -> tuple[int, str]:
    """The saved token of one seat of a match; with no seat named, the only one saved."""
    mine = {s: t for (m, s), t in seat_tokens().items() if m == match_id}
    if seat is not None and seat in mine:
        return seat, mine[seat]
    if seat is None and len(mine) == 1:
        return next(iter(mine.items()))
    if seat is None and mine:
        raise ClientError(
            f"you hold seats {sorted(mine)} of match {match_id}: name one with --seat"
        )
    held = f"seat {seat} of match {match_id}" if seat is not None else f"match {match_id}"
    raise ClientError(
        f"no token saved for {held}: join it first with "
        f"`starledger match join {match_id} --seat S --player NAME`"
    )


def reader_token(match_id: str) -> str | None:
    """For replays and audits: $STARLEDGER_TOKEN, else a seat held in this match, else the
    organiser's file."""
    if token := os.environ.get(TOKEN_ENV, "").strip():
        return token
    mine = [t for (m, _), t in seat_tokens().items() if m == match_id]
    return mine[0] if mine else organiser_token(required=False)
