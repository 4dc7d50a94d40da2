"""Archive: every entry that counted, by match and seq, with its kind, cause, rule and hash.

Bodies hold the seed and sealed choices only once the match has revealed them (see
`projections.secrecy`): until then what they keep is in `archive_sealed`, with the kind of a
sealed entry, the rule of a sealed ruling and the state hash of a state holding a sealed
choice, which the rows show as `match.sealed` and `sealed`.
"""

from typing import Any

from events.codec import encode
from events.envelope import Entry, Ruling, SeedRevealed
from events.match import MatchRecord
from projections.projection import Folded, Projection, kind
from projections.secrecy import (
    SEALED,
    hash_kept,
    hidden,
    kept_message,
    reopen,
    revealed,
    seed_sealed,
    shown,
    unseal,
    without_order,
    without_sender,
)
from projections.writes import Write, insert

COLUMNS = {
    "match_id": "text",
    "seq": "integer",
    "kind": "text",
    "body": "jsonb",
    "decision_id": "text",
    "rule": "text",
    "state_hash": "text",
    "ruleset": "text",
    "ruleset_version": "text",
    "recorded_at_ms": "bigint",
    "sealed": "boolean",
}
KEPT_DECISION = ""  # a window answer's entries' decision: its seat's (`secrecy.without_sender`)
KEPT = {
    "match_id": "text",
    "seq": "integer",
    "body": "jsonb",
    "rule": "text",
    "kind": "text",
    "state_hash": "text",
}


class Archive(Projection):
    name = "archive"
    tables = ("archive", "archive_sealed")

    def __init__(self) -> None:
        self.rows: list[tuple[Any, ...]] = []
        self.kept: list[tuple[Any, ...]] = []  # (match, seq, body, rule, kind, hash) held back
        self.opened: list[tuple[str, int]] = []  # (match, revealed_seq)
        self.revealed: list[MatchRecord] = []

    def take(self, folded: Folded) -> None:
        match = folded.match
        ruling = next(e for e in folded.entries if isinstance(e.body, Ruling))
        answer = False  # the entry is a window answer's: its decision and time are its seat's
        for entry in _kept(folded):
            if entry.seq in folded.window_rulings:  # a window answer is a decision of its own
                ruling, answer = entry, True
            rule = ruling.body.rule
            rule_kept = hidden(ruling, match.revealed_seq)
            body = shown(entry, match.revealed_seq)
            text, seed_kept = seed_sealed(body, match)
            hash_held = hash_kept(match, entry.seq)
            # a private or unsigned message is shown so for good: the replay steps keep it whole
            sealed_body = body is not entry.body and not kept_message(entry)
            held = sealed_body or rule_kept or hash_held
            if held:
                whole = encode(entry.body).decode()
                kept = (entry.match_id, entry.seq, whole, rule, kind(entry.body), entry.state_hash)
                self.kept.append(kept)
            self.rows.append(
                (
                    entry.match_id,
                    entry.seq,
                    kind(body),
                    text.decode(),
                    KEPT_DECISION if answer else entry.decision_id,
                    SEALED if rule_kept else rule,
                    SEALED if hash_held else entry.state_hash,
                    entry.ruleset,
                    entry.ruleset_version,
                    0 if answer else entry.recorded_at_ms,
                    seed_kept or held,
                )
            )
            if isinstance(entry.body, SeedRevealed):
                self.revealed.append(match)
        self.opened += revealed(folded)

    def writes(self) -> list[Write]:
        put_back = (
            "UPDATE archive AS a SET body = o.body, rule = o.rule, sealed = false,"
            " kind = coalesce(o.kind, a.kind), state_hash = coalesce(o.state_hash, a.state_hash)"
            " FROM opened AS o WHERE a.match_id = o.match_id AND a.seq = o.seq"
        )
        return [
            *insert("archive", COLUMNS, self.rows),
            *insert("archive_sealed", KEPT, self.kept),
            *reopen("archive_sealed", "seq", self.opened, put_back),
            *unseal(self.revealed),
        ]


def _kept(folded: Folded) -> list[Entry[Any]]:
    """The step's entries as the archive keeps them, for good: no standing order behind a
    ruling, and a window answer's ruling without who sent it, when or on which view."""
    answers = folded.window_rulings
    return [without_sender(e) if e.seq in answers else without_order(e) for e in folded.entries]
