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
from events.storable import nul_in_json
from events.strict import unknown_fields_check
from events.upcast import upcast_entry

_json = msgspec.json.Encoder()
_canonical = msgspec.msgpack.Encoder(order="deterministic")
_decision = msgspec.json.Decoder(Decision)
_record = msgspec.json.Decoder(Union[EntryBatch[msgspec.Raw], OwnerFence])  # noqa: UP007
_entry = msgspec.json.Decoder(Entry[msgspec.Raw])
_plain = msgspec.json.Decoder()
# What msgspec raises, besides DecodeError, on invalid UTF-8 and on nesting it cannot follow.
_NOT_JSON = (UnicodeDecodeError, RecursionError)

LogRecord = EntryBatch[Any] | OwnerFence


def encode(value: Any) -> bytes:
    return _json.encode(value)


def state_hash(state: Any) -> str:
    """A stable digest of the canonical encoding: equal states hash equal on any machine."""
    return hashlib.blake2b(_canonical.encode(state), digest_size=16).hexdigest()


def _malformed(error: Exception) -> msgspec.DecodeError:
    return msgspec.DecodeError(f"JSON is malformed: {error}")


def decode_json(data: bytes, type: Any = Any) -> Any:
    """A JSON value of `type`; every way it can be unreadable is a DecodeError."""
    try:
        return _plain.decode(data) if type is Any else msgspec.json.decode(data, type=type)
    except _NOT_JSON as error:
        raise _malformed(error) from None


def decode_decision(data: bytes) -> Decision:
    try:
        return _decision.decode(data)
    except _NOT_JSON as error:
        raise _malformed(error) from None


class GameCodec:
    """Decoders for one ruleset's decisions, entry bodies and snapshot states."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        decisions = Union[(*PLATFORM_DECISIONS, *ruleset.decision_types)]
        self._decision_body = msgspec.json.Decoder(decisions)
        self._unknown_field = unknown_fields_check(msgspec.inspect.type_info(decisions))
        entry_body = Union[(*PLATFORM_ENTRIES, *ruleset.event_types)]
        self._entry_body = msgspec.json.Decoder(entry_body)
        self._record = msgspec.json.Decoder(Union[EntryBatch[entry_body], OwnerFence])  # noqa: UP007
        self._state = msgspec.msgpack.Decoder(ruleset.state_type)
        self._event = msgspec.msgpack.Decoder(Union[ruleset.event_types])  # noqa: UP007
        self._view = msgspec.json.Decoder(ruleset.view_type)

    def decision_body(self, raw: bytes) -> Any:
        """A decision of this game, holding no field its type does not name."""
        try:
            body = self._decision_body.decode(raw)
            unknown = self._unknown_field(_plain.decode(raw), "$")
        except _NOT_JSON as error:
            raise _malformed(error) from None
        if unknown is not None:
            raise msgspec.ValidationError(f"Object contains unknown field - at `{unknown}`")
        return body

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

    def encode_event(self, event: Any) -> bytes:
        return _canonical.encode(event)

    def decode_event(self, data: bytes) -> Any:
        return self._event.decode(data)

    def view(self, data: bytes) -> Any:
        """A stored view (JSON), typed as the ruleset's `view` returns it."""
        return self._view.decode(data)


@cache
def game_codec(ruleset_name: str) -> GameCodec:
    return GameCodec(get_ruleset(ruleset_name))


class OtherRulesetVersion(ValueError):
    """An entry this release cannot type, of a ruleset version other than the one it has:
    a release with that version reads it."""


def _typed(entries: list[Entry[msgspec.Raw]]) -> list[Entry[Any]]:
    return [_typed_entry(e) for e in entries]


def _typed_entry(entry: Entry[msgspec.Raw]) -> Entry[Any]:
    codec = game_codec(entry.ruleset)
    try:
        return codec.entry(entry)
    except msgspec.ValidationError as error:
        if entry.ruleset_version == codec.ruleset.version:
            raise
        raise OtherRulesetVersion(
            f"entry {entry.match_id}#{entry.seq} is of {entry.ruleset} version "
            f"{entry.ruleset_version}, which this release (version {codec.ruleset.version}) "
            f"cannot read ({error}): upgrade before reading this log"
        ) from None


def _current(entries: list[Entry[msgspec.Raw]]) -> bool:
    return all(e.schema == SCHEMA for e in entries)


class _Versioned(msgspec.Struct):
    schema: int = 1


class _Likely:
    ruleset = ""  # the ruleset of the last entry batch decoded: most records share it


def decode_record(data: bytes) -> LogRecord:
    """A match-log record with every entry upcast to the current schema and typed by its ruleset."""
    try:
        if _Likely.ruleset and (record := game_codec(_Likely.ruleset).record(data)) is not None:
            return record
        record = _decode_record(data)
    except _NOT_JSON as error:
        raise _malformed(error) from None
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
    layout = msgspec.json.decode(data, type=dict[str, Any])
    entries = msgspec.convert(layout.get("entries", []), list[dict[str, Any]])
    msgspec.convert(entries, list[_Versioned])  # what upcasting reads, checked first
    layout["entries"] = [upcast_entry(e) for e in entries]
    record = _record.decode(encode(layout))
    return msgspec.structs.replace(record, entries=_typed(record.entries))


class Unreadable(msgspec.Struct, frozen=True):
    """A match-log record no release reads, and why; every reader skips it."""

    reason: str


def read_record(data: bytes) -> LogRecord | Unreadable:
    """A match-log record as every reader takes it. Not JSON, no layout any schema had, a kind
    its ruleset version lacks, numbers beyond the read models' columns, text PostgreSQL
    cannot store: no release will read it, so it is `Unreadable` and skipped. A newer schema,
    an unknown ruleset or another ruleset version raise instead: an upgrade reads those."""
    try:
        record = decode_record(data)
    except msgspec.DecodeError as error:
        return Unreadable(str(error))
    if (at := nul_in_json(data)) is not None:
        return Unreadable(f"a string holds NUL (byte {at}), which PostgreSQL cannot store")
    return record


def decode_entry(data: bytes) -> Entry[Any]:
    """One entry on its own, as in a transcript line."""
    try:
        entry = _entry.decode(data)
        if entry.schema == SCHEMA:
            return game_codec(entry.ruleset).entry(entry)
    except msgspec.ValidationError:
        pass
    entry = _entry.decode(encode(upcast_entry(decode_json(data))))
    return game_codec(entry.ruleset).entry(entry)
