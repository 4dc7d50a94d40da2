"""Re-judging a whole match from its entries with the ruleset it was played with, naming the
first entry the judge would not have written (`starledger verify`, the web replay's verify);
or under another version of its game, to move it there (`starledger rejudge`, `upgrade`).

Each decision is rebuilt from its ruling (seat, sender, what was asked); the match's seed from
its `match.created` entry stands in for the fresh seed; the judge's clock is the recorded one.
"""

from collections.abc import Callable, Iterator
from typing import Any

import msgspec

from events import platform_rules as rules
from events.codec import encode
from events.envelope import CreateMatch, DeadLetter, Decision, Entry, MatchCreated, Ruling
from events.match import PartitionMatches
from events.ruleset import UnknownRuleset, get_ruleset, versions
from events.upgrades import Upgrade
from services.rules.judge import rule_on


class Unverifiable(Exception):
    """The entries cannot be re-judged here (another rules version, no ruling to rebuild from)."""


SHOWN_CHARS = 300


class Mismatch(msgspec.Struct, frozen=True):
    seq: int
    what: str
    decision: int  # the first entry of the decision that wrote it


def _batches(entries: list[Entry[Any]]) -> Iterator[list[Entry[Any]]]:
    """The entries of each decision: consecutive runs of one decision_id, and what follows
    under none (a sealed window's closing and its answers as the window tells them, SL-28),
    which the judge writes itself after the decision that closed it. A held ruling starts its
    decision like any other, in its place after the numbered entry it follows."""
    batch: list[Entry[Any]] = []
    for entry in entries:
        if batch and entry.decision_id not in (batch[0].decision_id, ""):
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
        raise Unverifiable(f"entry {first.seq} starts a decision without a ruling")
    asked = msgspec.json.decode(ruling.asked)
    if isinstance(asked, str) and ruling.rule == rules.MALFORMED:
        return asked.encode()  # it was not a decision: the ruling kept the text itself
    body = ruling.asked
    if isinstance(first.body, MatchCreated) and first.body.fork:  # its state, as created
        create = msgspec.json.decode(body, type=CreateMatch)
        body = msgspec.Raw(encode(msgspec.structs.replace(create, fork=first.body.fork)))
    raw = encode(
        Decision(
            decision_id=first.decision_id,
            match_id=first.match_id,
            seat=ruling.seat,
            body=body,
            sender=ruling.sender,
            sent_at_ms=ruling.sent_at_ms,
            seen_seq=ruling.seen_seq,
            order=ruling.order,
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
    """The first entry of one decision's that the judge writes otherwise (`kept` is never
    empty)."""
    decision = kept[0].seq
    for old, new in zip(kept, judged, strict=False):
        if encode(old) != encode(new):
            fields = [f for f in old.__struct_fields__ if _field(old, f) != _field(new, f)]
            return Mismatch(
                old.seq,
                f"differs in {', '.join(fields)}:\n  archive: "
                f"{_shown(old)}\n  judge:   {_shown(new)}",
                decision,
            )
    if len(judged) > len(kept):
        extra = judged[len(kept)]
        what = f"is missing from the archive; the judge writes {_shown(extra)}"
        return Mismatch(extra.seq, what, decision)
    if len(kept) > len(judged):
        extra = kept[len(judged)]
        return Mismatch(extra.seq, f"is not written by the judge: {_shown(extra)}", decision)
    return None


def verify(
    entries: list[Entry[Any]],
    progress: Callable[[int], None] = lambda done: None,
    version: str | None = None,
) -> Mismatch | None:
    """The first entry re-judging does not reproduce, or None when every one matches. With a
    `version`, the match is re-judged under that version of its game instead of the one it was
    opened with: the first entry that version would write otherwise (its version apart), and
    where its decision begins, which moving the match to that version sets it back to before."""
    folded = PartitionMatches()
    created = next((e.body for e in entries[:1] if isinstance(e.body, MatchCreated)), None)
    if created is None:
        first = entries[0].seq if entries else 1
        return Mismatch(first, "is not the match's match.created", first)
    seed = created.seed
    for batch in _batches(entries):
        outcome = rule_on(
            folded,
            _decision(batch),
            partition=0,
            offset=batch[0].seq,
            now_ms=batch[0].recorded_at_ms,
            fresh_seed=lambda: seed,
            platform_rules=created.platform_rules,  # the rules it was opened under
            version=version or entries[0].ruleset_version,
        )
        if outcome is None:
            return Mismatch(
                batch[0].seq,
                f"repeats decision {batch[0].decision_id}, which the judge had already ruled on",
                batch[0].seq,
            )
        if isinstance(outcome, DeadLetter):
            return Mismatch(
                batch[0].seq,
                f"comes from a decision the judge refuses outright "
                f"({outcome.rule}): {outcome.reason}",
                batch[0].seq,
            )
        if version is not None and isinstance(outcome, list):  # each as the archive has it
            played = [e.ruleset_version for e in batch]
            outcome = [
                msgspec.structs.replace(e, ruleset_version=played[min(i, len(played) - 1)])
                for i, e in enumerate(outcome)
            ]
        if (found := _compare(batch, outcome)) is not None:
            return found
        progress(batch[-1].seq)
    return None


def check_version(match_id: str, entries: list[Entry[Any]]) -> None:
    """Re-judging with a version of the rules this install does not keep proves nothing:
    refuse it."""
    name = entries[0].ruleset
    try:
        get_ruleset(name)
    except UnknownRuleset as error:
        raise Unverifiable(f"match {match_id} was played with {name!r}: {error}") from None
    played = sorted({e.ruleset_version for e in entries})  # more than one once moved (SL-26)
    if any(version not in versions(name) for version in played):
        raise Unverifiable(
            f"match {match_id} was played with {name} version "
            f"{', '.join(played)}; this install has version {', '.join(versions(name))}: "
            "verify it with the version it was played with"
        )


def upgrade(match_id: str, entries: list[Entry[Any]], version: str) -> Upgrade:
    """The move of the match to `version` of its game (SL-26), as re-judging all its `entries`
    under that version finds it: set back to before the first decision it judges otherwise."""
    check_version(match_id, entries)
    found = verify(entries, version=version)
    return Upgrade(version, entries[-1].seq, None if found is None else found.decision)
