"""What a page shows of a match at a moment, read as the JSON API reads it (lobby row, stored
view described by its game, narration, legal options), and the pushes that say it moved."""

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import msgspec
from litestar.exceptions import HTTPException
from litestar.response import ServerSentEventMessage

from events.clock_narration import window_open
from events.codec import game_codec
from events.narration import NarratedLine, seat_names
from events.ruleset import CardFace, CardInfo, CardPick, Description, Waiting, WindowAsk
from projections import seat_lines
from projections.announce import ViewNotice
from services.gateway import matches, reads, stream
from services.gateway.context import Context
from services.gateway.hub import Rejoin
from services.gateway.params import whole_number
from services.gateway.tokens import Bearer
from services.web import cards

SEAT_LOG = 60  # entries told on a seat page, newest first; the replay has the rest
WATCH_LOG = 30
JOIN_WAIT_S = 10.0


class Option(msgspec.Struct, frozen=True):
    index: int  # its place among the legal decisions
    text: str  # its text command; "" where the game has none
    label: str


class Due(msgspec.Struct, frozen=True):
    """A seat's running deadline: `due` in ISO 8601 (UTC), `due_told` in the clock's zone."""

    seat: int
    due: str
    due_told: str
    window: bool = False  # a response window's: open to the seat until then


class Shown(msgspec.Struct, frozen=True):
    """A match as one page shows it: a seat's (seat set) or the public's."""

    match_id: str
    game: str
    status: str
    seq: int  # the entry the view is as of
    behind: bool  # the lobby row has not caught up with the view yet: the page asks again
    description: Description | None
    names: list[str]
    scores: list[int]
    winners: list[str]
    round: int | None
    phase: str | None
    must: list[str]
    may: list[str]
    told: list[NarratedLine]  # newest first
    responses: bool = False  # a sealed phase: "waiting for responses", never who has answered
    seat: int | None = None
    turn: str = ""  # the seat's: "must", "may" or "" (nothing waits for it)
    options: list[Option] = []  # the legal decisions no card pick stands for
    picks: list[CardPick] = []  # choices of several cards, made by ticking them
    ticking: list[CardFace] = []  # every pick's cards, each once
    options_seq: int = 0  # the entry the options are legal at
    cards: dict[str, CardInfo] = {}  # the match's card lookup, by name
    deadlines: list[Due] = []  # in seat order
    window: str = ""  # the seat's own: what the window asking it asks, in the game's words


def seat_of(bearer: Bearer) -> int:
    """A seat token's seat (`Access.acts_for` has checked it is one)."""
    if bearer.seat is None:
        raise HTTPException(status_code=403, detail="this needs a seat token")
    return bearer.seat


async def _shown(
    ctx: Context,
    match_id: str,
    seat: int | None,
    found: tuple[int, str] | None,
    log: int,
    heard: int,
) -> Shown:
    """What the page shows of the view `found`; `heard`, the entry everyone heard of as of it,
    is what the lobby row must have caught up with (a seat's own window answer moves no row)."""
    row = await matches.lobby_row(ctx, match_id)
    names = seat_names(row["players"])
    description = None if found is None else (await matches.view_reply(ctx, match_id, seat, found))
    seq = found[0] if found else 0
    waiting = description.description.waiting if description else Waiting()
    told = (
        await seat_lines.lines_between(
            ctx.pool, match_id, seat, max(0, seq - log), seq, reader=seat
        )
        if seq
        else []
    )
    return Shown(
        match_id=match_id,
        game=row["game"],
        status=row["status"],
        seq=seq,
        behind=row["seq"] < heard,
        description=description.description if description else None,
        names=names,
        scores=row["scores"] or [],
        winners=[names[s] for s in row["winners"] or []],
        round=row["round"],
        phase=row["phase"],
        must=[names[s] for s in waiting.must],
        may=[names[s] for s in waiting.may],
        told=told[::-1],
        responses=waiting.simultaneous,
        seat=seat,
        turn="must" if seat in waiting.must else "may" if seat in waiting.may else "",
        cards=await cards.lookup(ctx.pool, match_id),
        deadlines=[
            Due(d["seat"], d["due"], d["due_told"], d.get("window", False))
            for d in row["deadlines"] or []
        ],
    )


async def seat(ctx: Context, match_id: str, bearer: Bearer) -> Shown:
    """The seat's own view (the read model redacts it for the seat) and its options: choices
    of several cards as cards to tick, the others as they are."""
    mine = seat_of(bearer)
    found = await reads.seat_view(ctx.pool, match_id, mine)
    heard = await reads.public_seq(ctx.pool, match_id)
    shown = await _shown(ctx, match_id, mine, found, SEAT_LOG, heard)
    asks = await reads.window_asks(ctx.pool, match_id, mine)
    if asks is not None:
        words = window_open(msgspec.convert(asks["asks"], WindowAsk), "", asks.get("default", ""))
        shown = msgspec.structs.replace(shown, window=words[0].upper() + words[1:])
    choices = await reads.seat_choices(ctx.pool, match_id, mine)
    if choices is None or found is None or not shown.turn:
        return shown
    picks = _picks(shown.game, found[1], choices.legal)
    covered = {place for pick in picks for place in pick.replaces}
    options = [
        Option(i, c["text"], c["text"] or msgspec.json.encode(c["decision"]).decode())
        for i, c in enumerate(choices.legal)
        if i not in covered
    ]
    ticking = list({card.id: card for pick in picks for card in pick.cards}.values())
    return msgspec.structs.replace(
        shown, options=options, picks=picks, ticking=ticking, options_seq=choices.seq
    )


def _picks(game: str, view: str, legal: list[dict[str, Any]]) -> list[CardPick]:
    """The game's card picks among a seat's legal decisions, from its stored view (the row
    that holds the decisions, so the two are of one entry)."""
    codec = game_codec(game)
    decisions = [codec.decision_body(msgspec.json.encode(c["decision"])) for c in legal]
    return codec.ruleset.card_picks(codec.view(view.encode()), decisions)


async def public(ctx: Context, match_id: str) -> Shown:
    found = await reads.public_view(ctx.pool, match_id)
    return await _shown(ctx, match_id, None, found, WATCH_LOG, found[0] if found else 0)


async def chosen(
    ctx: Context, match_id: str, bearer: Bearer, choice: str, seen_seq: int | None
) -> dict[str, Any]:
    """The legal decision a page's button stands for, if the match is where the page was."""
    choices = await reads.seat_choices(ctx.pool, match_id, seat_of(bearer))
    place = whole_number(choice)
    if choices is None or place is None or place >= len(choices.legal):
        raise HTTPException(status_code=422, detail="choice: no such option")
    if _stale(seen_seq, choices):
        raise HTTPException(status_code=409, detail="the match moved on: the options are new")
    decision: dict[str, Any] = choices.legal[place]["decision"]
    return decision


def _stale(seen_seq: int | None, choices: reads.SeatChoices) -> bool:
    """Whether the page's options are no longer the seat's: something it decides on changed
    since the page was drawn (another seat's sealed choice does not, SL-5)."""
    return seen_seq is None or seen_seq < choices.moved_seq


async def picked(
    ctx: Context, match_id: str, bearer: Bearer, pick: str, ticked: list[str], seen_seq: int | None
) -> dict[str, Any]:
    """The decision a card pick makes of the cards ticked, if the match is where the page was
    and as many of the pick's own cards are ticked as it asks."""
    mine = seat_of(bearer)
    choices = await reads.seat_choices(ctx.pool, match_id, mine)
    found = await reads.seat_view(ctx.pool, match_id, mine)
    game = await reads.game(ctx.pool, match_id)
    if choices is None or found is None or game is None:
        raise HTTPException(status_code=422, detail="pick: nothing to choose now")
    if _stale(seen_seq, choices) or found[0] != choices.seq:
        raise HTTPException(status_code=409, detail="the match moved on: the options are new")
    picks = _picks(game, found[1], choices.legal)
    if not pick.isdigit() or int(pick) >= len(picks):
        raise HTTPException(status_code=422, detail="pick: no such choice")
    chosen = picks[int(pick)]
    allowed = {str(card.id): card.id for card in chosen.cards}
    if len(set(ticked)) != len(ticked) or not set(ticked) <= allowed.keys():
        raise HTTPException(status_code=422, detail="card: tick only the cards offered, once")
    if len(ticked) != chosen.count:
        detail = f"tick {chosen.count} cards, not {len(ticked)}"
        raise HTTPException(status_code=422, detail=detail)
    cards = tuple(allowed[t] for t in ticked)
    decision = msgspec.structs.replace(chosen.decision, **{chosen.field: cards})
    made: dict[str, Any] = msgspec.to_builtins(decision)
    return made


async def ruling(
    ctx: Context, match_id: str, decision_id: str, seat: int | None
) -> dict[str, Any] | None:
    """The ruling on a seat's decision (None: the match's own) once judged; None if not
    within JOIN_WAIT_S."""
    deadline = time.monotonic() + JOIN_WAIT_S
    while (found := await reads.ruling(ctx.pool, match_id, decision_id, seat, seat)) is None:
        if time.monotonic() > deadline:
            return None
        await asyncio.sleep(0.05)
    return found


async def listed(ctx: Context, match_id: str) -> None:
    """Wait (within JOIN_WAIT_S) for a new match to reach the lobby."""
    deadline = time.monotonic() + JOIN_WAIT_S
    while await reads.match(ctx.pool, match_id) is None and time.monotonic() < deadline:
        await asyncio.sleep(0.05)


def _moved(seq: int) -> ServerSentEventMessage:
    return ServerSentEventMessage(data=str(seq), event="view", id=str(seq))


async def seat_moves(
    ctx: Context,
    match_id: str,
    bearer: Bearer,
    token_key: str,
    still_held: Callable[[], Awaitable[bool]],
    seen: int,
) -> AsyncIterator[ServerSentEventMessage]:
    """The seat's stream after entry `seen`, its views told by their entry only: the page
    fetches what it shows."""
    moves = stream.seat_stream(ctx, match_id, bearer, token_key, still_held, seen)
    async for message in moves:
        yield _moved(int(message.id)) if message.event == "view" and message.id else message


async def public_moves(
    ctx: Context, match_id: str, seen: int, watcher: str
) -> AsyncIterator[ServerSentEventMessage]:
    """Each entry the match moves to after `seen`, heard from the public view's notices (not a
    seat's: its own view moves alone when it answers a window) and passed on as its number.
    It holds the place its request took among its `watcher`'s streams, given back at the end."""
    queue = ctx.hub.subscribe(match_id, None)
    try:
        found = await reads.public_view(ctx.pool, match_id)
        sent = seen
        if found and found[0] > sent:
            sent = found[0]
            yield _moved(sent)
        while True:
            try:
                notice = await asyncio.wait_for(queue.get(), stream.KEEPALIVE_S)
            except TimeoutError:
                yield ServerSentEventMessage(comment="keep-alive")
                continue
            if isinstance(notice, Rejoin):
                return
            if isinstance(notice, ViewNotice) and notice.seq > sent:
                sent = notice.seq
                yield _moved(sent)
    finally:
        ctx.hub.unsubscribe(match_id, None, queue)
        ctx.watchers.closed(watcher)
