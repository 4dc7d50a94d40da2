"""The one wire codec (JSON via msgspec) and the canonical encoding behind state hashes.

Envelopes decode in one pass with bodies left raw; the match's ruleset then names the
body types (`GameCodec`, built once per ruleset). Match-log records, read by the thousand,
first try one pass with the types of the ruleset the last record had.
"""

import hashlib
from functools import cache
from typing import Any, Union

import msgspec

from events.envelope import (
    PLATFORM_DECISIONS,
    PLATFORM_ENTRIES,
    SCHEMA,
    Decision,
    Entry,
    EntryBatch,
    OwnerFence,
)
from events.ruleset import Ruleset, get_ruleset
from events.upcast import upcast_entry

_json = msgspec.json.Encoder()
_canonical = msgspec.msgpack.Encoder(order="deterministic")
_decision = msgspec.json.Decoder(Decision)
_record = msgspec.json.Decoder(Union[EntryBatch[msgspec.Raw], OwnerFence])  # noqa: UP007
_entry = msgspec.json.Decoder(Entry[msgspec.Raw])

LogRecord = EntryBatch[Any] | OwnerFence


def encode(value: Any) -> bytes:
    return _json.encode(value)


def state_hash(state: Any) -> str:
    """A stable digest of the canonical encoding: equal states hash equal on any machine."""
    return hashlib.blake2b(_canonical.encode(state), digest_size=16).hexdigest()


def decode_decision(data: bytes) -> Decision:
    return _decision.decode(data)


class GameCodec:
    """Decoders for one ruleset's decisions, entry bodies and snapshot states."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self._decision_body = msgspec.json.Decoder(
            Union[(*PLATFORM_DECISIONS, *ruleset.decision_types)]
        )
        entry_body = Union[(*PLATFORM_ENTRIES, *ruleset.event_types)]
        self._entry_body = msgspec.json.Decoder(entry_body)
        self._record = msgspec.json.Decoder(Union[EntryBatch[entry_body], OwnerFence])  # noqa: UP007
        self._state = msgspec.msgpack.Decoder(ruleset.state_type)
        self._view = msgspec.json.Decoder(ruleset.view_type)

    def decision_body(self, raw: bytes) -> Any:
        return self._decision_body.decode(raw)

    def record(self, data: bytes) -> LogRecord | None:
        """A current-schema record of this ruleset's match, typed in one pass; None if it is
        anything else (the caller decodes it the general way)."""
        try:
            record = self._record.decode(data)
        except msgspec.ValidationError:
            return None
        if isinstance(record, EntryBatch) and not all(
            e.ruleset == self.ruleset.name and e.schema == SCHEMA for e in record.entries
        ):
            return None
        return record

    def entry(self, entry: Entry[msgspec.Raw]) -> Entry[Any]:
        return msgspec.structs.replace(entry, body=self._entry_body.decode(entry.body))

    def encode_state(self, state: Any) -> bytes:
        return _canonical.encode(state)

    def decode_state(self, data: bytes) -> Any:
        return self._state.decode(data)

    def view(self, data: bytes) -> Any:
        """A stored view (JSON), typed as the ruleset's `view` returns it."""
        return self._view.decode(data)


@cache
def game_codec(ruleset_name: str) -> GameCodec:
    return GameCodec(get_ruleset(ruleset_name))


def _typed(entries: list[Entry[msgspec.Raw]]) -> list[Entry[Any]]:
    return [game_codec(e.ruleset).entry(e) for e in entries]


def _current(entries: list[Entry[msgspec.Raw]]) -> bool:
    return all(e.schema == SCHEMA for e in entries)


class _Likely:
    ruleset = ""  # the ruleset of the last entry batch decoded: most records share it


def decode_record(data: bytes) -> LogRecord:
    """A match-log record with every entry upcast to the current schema and typed by its ruleset."""
    if _Likely.ruleset and (record := game_codec(_Likely.ruleset).record(data)) is not None:
        return record
    record = _decode_record(data)
    if isinstance(record, EntryBatch) and record.entries:
        _Likely.ruleset = record.entries[0].ruleset
    return record


def _decode_record(data: bytes) -> LogRecord:
    try:
        record = _record.decode(data)
        if isinstance(record, OwnerFence):
            return record
        if _current(record.entries):
            return msgspec.structs.replace(record, entries=_typed(record.entries))
    except msgspec.ValidationError:
        pass  # perhaps an older layout: upcast below, which explains itself if it cannot
    layout = msgspec.json.decode(data)
    layout["entries"] = [upcast_entry(e) for e in layout.get("entries", [])]
    record = _record.decode(encode(layout))
    return msgspec.structs.replace(record, entries=_typed(record.entries))


def decode_entry(data: bytes) -> Entry[Any]:
    """One entry on its own, as in a transcript line."""
    try:
        entry = _entry.decode(data)
        if entry.schema == SCHEMA:
            return game_codec(entry.ruleset).entry(entry)
    except msgspec.ValidationError:
        pass
    entry = _entry.decode(encode(upcast_entry(msgspec.json.decode(data))))
    return game_codec(entry.ruleset).entry(entry)
