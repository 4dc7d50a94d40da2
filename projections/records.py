"""Match records as bytes: the record without its state, and the state, each with a known type."""

import msgspec

from events.codec import game_codec
from events.match import MatchRecord

_encoder = msgspec.msgpack.Encoder(order="deterministic")
_record = msgspec.msgpack.Decoder(MatchRecord)


def encode_record(record: MatchRecord) -> tuple[bytes, bytes]:
    return (
        _encoder.encode(msgspec.structs.replace(record, state=None)),
        _encoder.encode(record.state),
    )


def decode_record(record_data: bytes, state_data: bytes) -> MatchRecord:
    record = _record.decode(record_data)
    record.state = game_codec(record.ruleset).decode_state(state_data)
    return record
