"""The digest a match pins of the data its game reads (`Ruleset.content_digest`): of the data
as loaded, so a file's comments and layout do not count, only what the rules see."""

import hashlib
from typing import Any

import msgspec

_CANONICAL = msgspec.msgpack.Encoder(order="deterministic")


def content_digest(loaded: Any) -> str:
    return hashlib.sha256(_CANONICAL.encode(msgspec.to_builtins(loaded, str_keys=True))).hexdigest()
