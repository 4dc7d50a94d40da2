"""What a batch wrote, told to listeners when its transaction commits: PostgreSQL notifications,
each packing as many notices as fit under the 8000-byte limit, as '<kind> [notice, ...]':

- 'views [ViewNotice, ...]' (each seat's view, and the public's) and 'rulings [RulingNotice,
  ...]' on CHANNEL (the gateway);
- 'replays [ReplayNotice, ...]' on REPLAY_CHANNEL (the bots worker).

The workers build the notices (a trigger building them in SQL cost PostgreSQL about as much
as the rows it announced); a worker's batch sends all of them in the statement that moves its
offsets (`projections.offsets.advance`), so telling costs no round trip of its own.
"""

from typing import Any

import msgspec

CHANNEL = "starledger"
REPLAY_CHANNEL = "starledger_replay"
PAYLOAD_LIMIT = 7999  # bytes, as PostgreSQL counts them
CARRY_UP_TO = 7000  # a view or ruling this long or longer is not carried: listeners read it

Announcement = tuple[str, str]  # (channel, payload)


class ViewNotice(msgspec.Struct, frozen=True):
    match_id: str
    seat: int | None  # None: the public view, which watchers read from the model
    seq: int
    view: msgspec.Raw  # the view's JSON; `null` when too big to carry

    def carried(self) -> str | None:
        text = bytes(self.view).decode()
        return None if text == "null" else text


class RulingNotice(msgspec.Struct, frozen=True):
    match_id: str
    decision_id: str
    seat: int | None
    ruling: dict[str, Any] | None = None  # as `gateway.reads.ruling` gives it; None if too big


class ReplayNotice(msgspec.Struct, frozen=True):
    match_id: str
    last_seq: int


_NULL = msgspec.Raw(b"null")
_encoder = msgspec.json.Encoder()


def view_notice(match_id: str, seat: int, seq: int, view: str) -> bytes:
    carried = msgspec.Raw(view.encode()) if len(view) < CARRY_UP_TO else _NULL
    return _encoder.encode(ViewNotice(match_id, seat, seq, carried))


def public_notice(match_id: str, seq: int) -> bytes:
    """The public view moved to entry `seq`: what watchers hear (no seat's notice, since a
    seat's own view moves alone when it answers a window)."""
    return _encoder.encode(ViewNotice(match_id, None, seq, _NULL))


def ruling_notice(decision_id: str, ruling: dict[str, Any], *, carried: bool = True) -> bytes:
    """`carried` False: the ruling is not told (a sealed choice's), its seat's stream reads it."""
    # Sized by its texts rather than encoded twice: 1000 characters stay under CARRY_UP_TO
    # even if JSON escapes every one.
    texts = len(ruling["match_id"]) + len(ruling["rule"]) + len(ruling["reason"])
    whole = ruling if carried and texts < 1000 else None
    return _encoder.encode(RulingNotice(ruling["match_id"], decision_id, ruling["seat"], whole))


def replay_notice(match_id: str, last_seq: int) -> bytes:
    return _encoder.encode(ReplayNotice(match_id, last_seq))


def pack(kind: str, notices: list[bytes]) -> list[str]:
    """Payloads holding every notice in order, as few as fit. A notice that cannot fit even
    alone (ids thousands of bytes long) is left out: its listeners read the model instead."""
    room = PAYLOAD_LIMIT - len(kind) - 3  # the space and the brackets
    payloads: list[str] = []
    packed: list[bytes] = []
    size = 0
    for notice in notices:
        if len(notice) > room:
            continue
        if packed and size + 1 + len(notice) > room:
            payloads.append(f"{kind} [{b','.join(packed).decode()}]")
            packed, size = [], 0
        size += len(notice) + (1 if packed else 0)
        packed.append(notice)
    if packed:
        payloads.append(f"{kind} [{b','.join(packed).decode()}]")
    return payloads


def announcements(channel: str, kind: str, notices: list[bytes]) -> list[Announcement]:
    return [(channel, payload) for payload in pack(kind, notices)]
