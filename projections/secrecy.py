"""What read models may show of a running match: its seed, and its sealed choices.

The seed has one place on the log, the match's `MatchCreated` entry: rulesets draw chance
through the judge and never hold it, and a create's ruling records what was asked without
it. So that entry alone is stored with `sealed:<seed commitment>` for its seed (the
commitment is public from the start, so the placeholder says which seed it stands for) and
marked sealed; when the match reveals its seed, the entry gets it back.

A sealed choice is an entry the judge stamped `sealed_for` a seat (its ruling, and the
game's event keeping it, or the `SealedRefusal` of a refused one): until a later entry of
the match reveals it (the match's `revealed_seq`, which the end moves too), everyone but that
seat, organisers included, is shown it through `shown` alone, its verdict too. Read models
store what `shown` gives anyone, keep the whole in a table of their own beside
(`archive_sealed`, `audit_sealed`, `analytics_sealed_*`), and move it back in the
transaction that projects the reveal. So are the state hashes of the states that hold a
sealed choice (`hash_kept`), from everyone.

A message (`events.messages`) is read by the eyes `message_readers` names, in the rows of the
`messages` read model alone: everyone's for one to everyone, else its writer's, each
recipient's, and the organiser's only where it wrote it or the match's options said so when
it was opened (before any seat was taken). Every other record (archive, audit, replay steps'
rulings, lines) shows a private or unsigned message, and the ruling on it, as `shown` gives
anyone: no text of a private one, no writer of either, no recipients; never revealed, not
even once the match ends.
"""

from contextlib import suppress
from typing import TYPE_CHECKING, Any

import msgspec

from events.codec import encode
from events.envelope import Entry, MatchCreated, Ruling
from events.match import Match, MatchRecord
from events.messages import Announced, MessageRules, MessageWritten, WriteMessage
from projections.writes import Write

if TYPE_CHECKING:  # the worker's folded decisions ask this module, not the reverse
    from projections.narrating import NarratedEntry
    from projections.projection import Folded

SEALED = "sealed"  # the rule and reason a sealed ruling shows
PUBLIC = -1  # the public's eyes in a line's row
ORGANISER = -2  # the organiser's eyes in a message's rows
# A line row's words for `reader` (a seat, or NULL) reading the eyes whose line `seat_line`
# gives (NULL: none of their own) over the public row `p`: an entry still sealed for a seat but
# the reader's reads as the public's, whoever's eyes.
LINE_SHOWN = (
    "CASE WHEN p.sealed_for IS NOT NULL AND p.sealed_for IS DISTINCT FROM {reader}"
    " THEN p.line ELSE coalesce({seat_line}, p.line) END"
)


class Sealed(msgspec.Struct, frozen=True, tag="match.sealed"):
    """A sealed game event as shown to eyes it is kept from; never on the log."""

    seat: int


class SealedRuling(msgspec.Struct, frozen=True, tag="ruling"):
    """A sealed ruling as shown to eyes it is kept from: the seat it is sealed for, not who
    sent it (a hand, a standing order or the judge answering the seat's only answer), when or
    on which view, what was asked or read, nor the verdict, its rule or reason; never on the
    log."""

    seat: int | None
    asked: msgspec.Raw  # `sealed:seat N`
    sender: str = ""
    sent_at_ms: int = 0
    accepted: None = None  # neither: a refused choice writes as many entries as an accepted one
    rule: str = SEALED
    reason: str = ""
    seen_seq: int | None = None
    read: msgspec.Raw = msgspec.Raw(b"null")


def hidden(entry: Entry[Any], revealed_seq: int, reader: int | None = None) -> bool:
    """Whether `entry`'s body is kept from `reader` (a seat; None: anyone else, organisers
    included) in a match whose entries before `revealed_seq` are revealed."""
    seat = entry.sealed_seat
    return seat is not None and seat != reader and entry.seq >= revealed_seq


def message_readers(body: MessageWritten | Announced, rules: MessageRules) -> list[int]:
    """The eyes that read a message: the public's for one to everyone (every reader reads the
    public's rows); else its writer's, each recipient's, and the organiser's where it wrote
    it or the match was opened with `organiser_reads`."""
    if isinstance(body, Announced) or not body.private:
        return [PUBLIC]
    seats = sorted({*body.to, *([] if body.by is None else [body.by])})
    return [*seats, *([ORGANISER] if body.by is None or rules.organiser_reads else [])]


def _written(body: Any) -> WriteMessage | None:
    """The message a ruling judged, if it judged one."""
    if not isinstance(body, Ruling) or b'"match.write"' not in bytes(body.asked):
        return None
    with suppress(msgspec.DecodeError):
        return msgspec.json.decode(body.asked, type=WriteMessage)
    return None


def kept_message(entry: Entry[Any]) -> bool:
    """Whether the entry is a private or unsigned message, or the ruling on one: what the
    record shows of it is `shown`'s, for good."""
    body = entry.body
    if isinstance(body, MessageWritten):
        return body.private or not body.signed
    written = _written(body)
    return written is not None and (bool(written.to) or not written.signed)


def _message_shown(body: Any) -> Any:
    """A private or unsigned message (or its ruling) as the record shows it to anyone: no
    writer, no recipients, and a private one's text left out."""
    if isinstance(body, MessageWritten):
        return MessageWritten(None, "" if body.private else body.text, [], False)
    asked = msgspec.Raw(encode(WriteMessage("", [], False)))
    return msgspec.structs.replace(body, seat=None, sender="", asked=asked)


def shown(entry: Entry[Any], revealed_seq: int, reader: int | None = None) -> Any:
    """The entry's body as `reader` may see it: a hidden ruling is its `SealedRuling`, a hidden
    event (or refusal) is `Sealed`; a private or unsigned message as `_message_shown` gives it,
    to every reader."""
    if kept_message(entry):
        return _message_shown(entry.body)
    body, seat = entry.body, entry.sealed_seat
    if seat is None or not hidden(entry, revealed_seq, reader):
        return body
    if isinstance(body, Ruling):
        asked = msgspec.Raw(encode(f"{SEALED}:seat {seat}"))
        return SealedRuling(body.seat, asked)
    return Sealed(seat=seat)


def without_order(entry: Entry[Any]) -> Entry[Any]:
    """The entry as the archive keeps it: a ruling's standing order is its seat's secret for
    good (that seat reads it in its own lines), never revealed like a sealed choice."""
    body = entry.body
    if not isinstance(body, Ruling) or not body.order:
        return entry
    return msgspec.structs.replace(entry, body=msgspec.structs.replace(body, order=msgspec.UNSET))


def orderless(match_id: str, narrated: "NarratedEntry") -> list[tuple[Any, ...]]:
    """The deciding seat's line row, (match, eyes, seq, line), as it reads once the match has
    ended, where a standing order answered for it (`forget_orders`)."""
    seat = narrated.decided_by
    return [(match_id, seat, narrated.seq, narrated.orderless)] if narrated.orderless else []


def forget_orders(ended: list[str]) -> list[Write]:
    """Put each ended match's orderless lines over its seats' lines telling their orders: once
    it has ended anyone may read it through any seat's eyes, and an order stays its seat's."""
    if not ended:
        return []
    sql = (
        "WITH forgotten AS (DELETE FROM seat_lines_orders"
        " WHERE match_id IN (SELECT json_array_elements_text($1))"
        " RETURNING *) UPDATE seat_lines AS s SET line = f.line FROM forgotten AS f"
        " WHERE s.match_id = f.match_id AND s.eyes = f.eyes AND s.seq = f.seq"
    )
    return [Write(sql, sorted(set(ended)))]


def hash_kept(match: Match, seq: int) -> bool:
    """Whether the state hash after entry `seq` is kept from every reader, the sealed choice's
    seat too: that state holds a choice not yet revealed, and the hash would tell whether it
    changed the state (accepted or not) and, a choice among few, which states it may be."""
    return isinstance(match, MatchRecord) and match.revealed_seq < match.sealed_since <= seq


def seed_sealed(body: Any, match: MatchRecord) -> tuple[bytes, bool]:
    """The entry body as JSON, its seed sealed unless the match has revealed it; and whether
    it was sealed. A fork's state is left out for good: it holds what the fork hides, and the
    replay read model keeps it for re-judging."""
    if isinstance(body, MatchCreated) and body.fork:
        body = msgspec.structs.replace(body, fork=msgspec.structs.replace(body.fork, state=b""))
    if isinstance(body, MatchCreated) and not match.over:
        placeholder = f"{SEALED}:{match.seed_commitment}"
        return encode(msgspec.structs.replace(body, seed=placeholder)), True
    return encode(body), False


def revealed(folded: "Folded") -> list[tuple[str, int]]:
    """[(match, revealed_seq)] if `step` revealed its match's sealed entries before it."""
    match = folded.match
    opened = match.revealed_seq >= folded.entries[0].seq
    return [(match.match_id, match.revealed_seq)] if opened else []


def reopen(sealed: str, seq: str, opened: list[tuple[str, int]], put_back: str) -> list[Write]:
    """Take out of the `sealed` table each match's rows whose `seq` column is before its
    revealed_seq (`opened`, as `revealed` gives them); `put_back` reads them as `opened`."""
    if not opened:
        return []
    sql = (
        f"WITH opened AS (DELETE FROM {sealed} AS s"
        " USING json_to_recordset($1) AS u(match_id text, upto int)"
        f" WHERE s.match_id = u.match_id AND s.{seq} < u.upto RETURNING s.*) {put_back}"
    )
    return [Write(sql, [{"match_id": m, "upto": upto} for m, upto in opened])]


def unseal(matches: list[MatchRecord]) -> list[Write]:
    """Give each (now revealed) seed back to its match's sealed archive row, in one statement."""
    if not matches:
        return []
    sql = (
        "UPDATE archive AS a SET body = jsonb_set(a.body, '{seed}', to_jsonb(u.seed)),"
        " sealed = false FROM json_to_recordset($1) AS u(match_id text, seed text)"
        " WHERE a.match_id = u.match_id AND a.kind = 'match.created' AND a.sealed"
    )
    return [Write(sql, [{"match_id": m.match_id, "seed": m.seed} for m in matches])]


def lines(
    match_id: str, narrated: "NarratedEntry", revealed_seq: int
) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """An entry's line rows readers read now, (match, eyes, seq, line, round, decided_by,
    sealed_for), and those kept until its reveal, (match, eyes, seq, line): the public's row
    always, a seat's only where its line is not the public's. A sealed choice not revealed
    yet (`revealed_seq` the match's after the step) reads "a sealed choice" to every eyes but
    its seat's, and its public row names that seat (`LINE_SHOWN`)."""
    seq, sealed_for = narrated.seq, narrated.sealed_for
    kept_now = sealed_for is not None and seq >= revealed_seq
    public = narrated.sealed if kept_now else narrated.public
    rows: list[tuple[Any, ...]] = [
        (
            match_id,
            PUBLIC,
            seq,
            public,
            narrated.round,
            narrated.decided_by,
            sealed_for if kept_now else None,
        )
    ]
    kept: list[tuple[Any, ...]] = [(match_id, PUBLIC, seq, narrated.public)] if kept_now else []
    for seat, line in enumerate(narrated.seats):
        if kept_now and seat != sealed_for:
            if line != narrated.public:
                kept.append((match_id, seat, seq, line))
        elif line != public:
            rows.append((match_id, seat, seq, line, None, None, None))
    return rows, kept
