"""Read models as folding the log in memory gives them, to hold the stored tables against."""

import json
from typing import Any

from events.codec import encode
from events.envelope import Entry, Ruling
from events.match import MatchRecord, apply


def as_json(value: Any) -> Any:
    return json.loads(encode(value))


def body_shown(entry: Entry[Any], match: MatchRecord) -> Any:
    """An entry body as the archive shows it: the seed sealed until the match reveals it."""
    text = encode(entry.body).decode()
    if not match.over:
        text = text.replace(match.seed, f"sealed:{match.seed_commitment}")
    return json.loads(text)


def record_at(entries: list[Entry[Any]], k: int) -> MatchRecord:
    record = None
    for entry in entries[:k]:
        record = apply(record, entry)
    assert record is not None
    return record


def decisions(entries: list[Entry[Any]]) -> list[list[Entry[Any]]]:
    """A match's entries cut into the runs one decision caused."""
    runs: list[list[Entry[Any]]] = []
    for entry in entries:
        if runs and runs[-1][0].decision_id == entry.decision_id:
            runs[-1].append(entry)
        else:
            runs.append([entry])
    return runs


def ruling(run: list[Entry[Any]]) -> Entry[Any]:
    return next(e for e in run if isinstance(e.body, Ruling))
