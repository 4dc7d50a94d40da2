"""`starledger verify`: re-judge a whole match from its archived entries with the ruleset it was
played with, and name the first entry the judge would not have written.

Each decision is rebuilt from its ruling (seat, sender, what was asked); the match's seed from
its `match.created` entry stands in for the fresh seed; the judge's clock is the recorded one.
"""

import asyncio
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import asyncpg
import msgspec

from events import platform_rules as rules
from events.codec import encode
from events.envelope import DeadLetter, Decision, Entry, MatchCreated, Ruling
from events.match import ContentChanged, PartitionBook
from events.ruleset import UnknownRuleset, get_ruleset
from projections import replay
from services.client.http import ClientError
from services.rules.judge import rule_on
from services.settings import load_settings

SHOWN_CHARS = 300


class Mismatch(msgspec.Struct, frozen=True):
    seq: int
    what: str


async def archived(database_url: str, match_id: str) -> list[Entry[Any]]:
    """Every entry of a match as the replay read model keeps it, seed included."""
    try:
        conn = await asyncpg.connect(database_url)
    except (OSError, asyncpg.PostgresError) as error:
        raise ClientError(f"PostgreSQL at {database_url} does not answer: {error}") from None
    try:
        return await replay.entries(conn, match_id)
    finally:
        await conn.close()


def _batches(entries: list[Entry[Any]]) -> Iterator[list[Entry[Any]]]:
    """The entries of each decision: consecutive runs of one decision_id."""
    batch: list[Entry[Any]] = []
    for entry in entries:
        if batch and entry.decision_id != batch[0].decision_id:
            yield batch
            batch = []
        batch.append(entry)
    if batch:
        yield batch


def _decision(batch: list[Entry[Any]]) -> bytes:
    """The decision as the rules service received it, rebuilt from its ruling."""
    first = batch[0]
    ruling = next((e.body for e in batch if isinstance(e.body, Ruling)), None)
    if ruling is None:
        raise ClientError(f"entry {first.seq} starts a decision without a ruling")
    asked = msgspec.json.decode(ruling.asked)
    if isinstance(asked, str) and ruling.rule == rules.MALFORMED:
        return asked.encode()  # it was not a decision: the ruling kept the text itself
    raw = encode(
        Decision(
            decision_id=first.decision_id,
            match_id=first.match_id,
            seat=ruling.seat,
            body=ruling.asked,
            sender=ruling.sender,
            sent_at_ms=ruling.sent_at_ms,
            seen_seq=ruling.seen_seq,
        )
    )
    if ruling.rule == rules.OVERSIZED:
        return raw.ljust(asked["oversized_bytes"])  # only its size was kept, and only it counts
    return raw


def _shown(entry: Entry[Any]) -> str:
    text = encode(entry).decode()
    return text if len(text) <= SHOWN_CHARS else f"{text[:SHOWN_CHARS]}…"


def _field(entry: Entry[Any], name: str) -> bytes:
    value = getattr(entry, name)
    return b"" if value is msgspec.UNSET else encode(value)  # an unsealed entry's sealed_for


def _compare(kept: list[Entry[Any]], judged: list[Entry[Any]]) -> Mismatch | None:
    for old, new in zip(kept, judged, strict=False):
        if encode(old) != encode(new):
            fields = [f for f in old.__struct_fields__ if _field(old, f) != _field(new, f)]
            return Mismatch(
                old.seq,
                f"differs in {', '.join(fields)}:\n  archive: "
                f"{_shown(old)}\n  judge:   {_shown(new)}",
            )
    if len(judged) > len(kept):
        extra = judged[len(kept)]
        return Mismatch(extra.seq, f"is missing from the archive; the judge writes {_shown(extra)}")
    if len(kept) > len(judged):
        extra = kept[len(judged)]
        return Mismatch(extra.seq, f"is not written by the judge: {_shown(extra)}")
    return None


def verify(
    entries: list[Entry[Any]], progress: Callable[[int], None] = lambda done: None
) -> Mismatch | None:
    """The first entry re-judging does not reproduce, or None when every one matches."""
    book = PartitionBook()
    seed = next((e.body.seed for e in entries[:1] if isinstance(e.body, MatchCreated)), None)
    if seed is None:
        return Mismatch(entries[0].seq if entries else 1, "is not the match's match.created")
    for batch in _batches(entries):
        outcome = rule_on(
            book,
            _decision(batch),
            partition=0,
            offset=batch[0].seq,
            now_ms=batch[0].recorded_at_ms,
            fresh_seed=lambda: seed,
        )
        if outcome is None:
            return Mismatch(
                batch[0].seq,
                f"repeats decision {batch[0].decision_id}, which the judge had already ruled on",
            )
        if isinstance(outcome, DeadLetter):
            return Mismatch(
                batch[0].seq,
                f"comes from a decision the judge refuses outright "
                f"({outcome.rule}): {outcome.reason}",
            )
        if (found := _compare(batch, outcome)) is not None:
            return found
        progress(batch[-1].seq)
    return None


def check_version(match_id: str, entries: list[Entry[Any]]) -> None:
    """Re-judging with another version of the rules proves nothing: refuse it."""
    name = entries[0].ruleset
    try:
        ruleset = get_ruleset(name)
    except UnknownRuleset as error:
        raise ClientError(f"match {match_id} was played with {name!r}: {error}") from None
    played = sorted({e.ruleset_version for e in entries})
    if played != [ruleset.version]:
        raise ClientError(
            f"match {match_id} was played with {name} version "
            f"{', '.join(played)}; this install has version {ruleset.version}: "
            "verify it with the version it was played with"
        )


class Counter:
    """`verified 1200/5000 entries` on stderr, a few times a second, when it is a terminal."""

    def __init__(self, total: int) -> None:
        self.total, self.shown_at = total, 0.0
        self.live = sys.stderr.isatty()

    def __call__(self, done: int) -> None:
        if self.live and (time.monotonic() - self.shown_at > 0.25 or done == self.total):
            self.shown_at = time.monotonic()
            print(f"\rverified {done}/{self.total} entries", end="", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.live:
            print(file=sys.stderr)


def run(match_id: str) -> int:
    entries = asyncio.run(archived(load_settings().database_url, match_id))
    if not entries:
        raise ClientError(f"no entries of match {match_id!r} in the archive")
    check_version(match_id, entries)
    counter = Counter(entries[-1].seq)
    try:
        found = verify(entries, counter)
    except ContentChanged as error:
        raise ClientError(f"match {match_id} cannot be re-judged here: {error}") from None
    finally:
        counter.close()
    if found is None:
        pinned = entries[0].body.content_digest
        data = f" and the data pinned at its start (sha256 {pinned[:16]}…)" if pinned else ""
        print(
            f"OK: match {match_id}, {len(entries)} entries re-judged with "
            f"{entries[0].ruleset} version {entries[0].ruleset_version}{data}, every one the same"
        )
        return 0
    print(f"DIFFERS: entry {found.seq} of match {match_id} {found.what}")
    return 1
