"""Old entry layouts are upgraded here, on read, one schema step at a time."""

from collections.abc import Callable
from typing import Any

import msgspec

from events.envelope import SCHEMA

# UPCASTERS[n] turns a schema-n entry (as a dict) into a schema n+1 entry.
UPCASTERS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


class NewerSchema(ValueError):
    """An entry written by a newer release than this one; reading on would guess."""


def upcast_entry(entry: dict[str, Any]) -> dict[str, Any]:
    version = entry.get("schema", 1)
    if version > SCHEMA:
        raise NewerSchema(
            f"entry {entry.get('match_id')}#{entry.get('seq')} has schema {version}; "
            f"this release reads up to {SCHEMA}: upgrade before reading this log"
        )
    while version < SCHEMA:
        if version not in UPCASTERS:
            raise msgspec.ValidationError(f"no release wrote entries of schema {version}")
        entry = UPCASTERS[version](entry)
        version += 1
        entry["schema"] = version
    return entry
