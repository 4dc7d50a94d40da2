"""Archive: every entry that counted, by match and seq, with its kind, cause, rule and hash.

Bodies hold the seed and sealed choices only once the match has revealed them (see
`projections.secrecy`): until then what they keep is in `archive_sealed`, with the kind of a
sealed entry, the rule of a sealed ruling and the state hash of a state holding a sealed
choice, which the rows show as `match.sealed` and `sealed`.

A sealed window's held answers (SL-28) are in `archive_held`, whole, each after the numbered
entry it follows: the truth of who answered how and when, which its seat and the server's
operator read. The rulings the window tells once it closes are ordinary rows (decision "").
"""

from typing import Any

from events.codec import encode
from events.envelope import Ruling, SeedRevealed
from events.match import MatchRecord
from events.platform_rules import WINDOW_SENDER
from projections.projection import Folded, Held, Projection, kind
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
KEPT = {
    "match_id": "text",
    "seq": "integer",
    "body": "jsonb",
    "rule": "text",
    "kind": "text",
    "state_hash": "text",
}


HELD = {
    "match_id": "text",
    "follows": "integer",
    "n": "integer",
    "decision_id": "text",
    "kind": "text",
    "body": "jsonb",
    "sealed_for": "integer",
    "recorded_at_ms": "bigint",
}


class Archive(Projection):
    name = "archive"
    tables = ("archive", "archive_sealed", "archive_held")
    hears_held = True

    def __init__(self) -> None:
        self.rows: list[tuple[Any, ...]] = []
        self.kept: list[tuple[Any, ...]] = []  # (match, seq, body, rule, kind, hash) held back
        self.held: list[tuple[Any, ...]] = []
        self.opened: list[tuple[str, int]] = []  # (match, revealed_seq)
        self.revealed: list[MatchRecord] = []

    def take(self, folded: Folded) -> None:
        match = folded.match
        self.held += [_held_row(h) for h in folded.held]
        entries = [without_order(e) for e in folded.entries]
        # the decision's ruling; each answer a window tells as it closes is one of its own
        ruling = next((e for e in entries if isinstance(e.body, Ruling)), None)
        for entry in entries:
            if isinstance(entry.body, Ruling) and _told(entry.body):
                ruling = entry
            rule = ruling.body.rule if ruling is not None else ""
            rule_kept = ruling is not None and hidden(ruling, match.revealed_seq)
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
                    entry.decision_id,
                    SEALED if rule_kept else rule,
                    SEALED if hash_held else entry.state_hash,
                    entry.ruleset,
                    entry.ruleset_version,
                    entry.recorded_at_ms,
                    seed_kept or held,
                )
            )
            if isinstance(entry.body, SeedRevealed):
                self.revealed.append(match)
        if folded.entries:
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
            *insert("archive_held", HELD, self.held),
            *reopen("archive_sealed", "seq", self.opened, put_back),
            *unseal(self.revealed),
        ]


def _told(ruling: Ruling) -> bool:
    """Whether the ruling is a held answer the window tells as it closes (SL-28)."""
    return ruling.sender == WINDOW_SENDER


def _held_row(held: Held) -> tuple[Any, ...]:
    """A held entry's `archive_held` row: whole, sender, time and all."""
    e = held.entry
    body = encode(e.body).decode()
    at = (e.match_id, e.follows, held.n)
    return (*at, e.decision_id, kind(e.body), body, e.sealed_for, e.recorded_at_ms)
