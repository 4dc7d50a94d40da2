"""Judging one decision against the partition's matches: deterministic, no I/O.

The outcome is the batch of entries to append (the ruling, then the decided events,
then whatever `react` derives; a new match's `match.created` comes before its ruling),
a dead letter when no match can answer, or `None` when the decision was judged before.
The fold is updated as entries are written, so the caller must append the batch or drop
the fold (the service crashes and catches up).
"""

import hashlib
import random
from collections.abc import Callable
from typing import Any

import msgspec

from events import platform_rules as rules
from events import storable
from events.chance import Chance, chance_for
from events.codec import decode_decision, decode_json, encode, game_codec, state_hash
from events.envelope import (
    ClaimSeat,
    CreateMatch,
    DeadLetter,
    Decision,
    Entry,
    ForkOf,
    MatchCreated,
    Ruling,
    Say,
    SealedRefusal,
    SeatClaimed,
    SeedRevealed,
    WindowClosed,
    is_platform_entry,
)
from events.held_answers import closing, holds, seat_state
from events.match import EndedMatch, MatchRecord, PartitionMatches, apply, decision_key
from events.ruleset import (
    MAX_REACTIONS,
    Accepted,
    Rejection,
    Ruleset,
    UnknownRuleset,
    get_ruleset,
    pinned,
    setup_error,
)
from events.standing_orders import OrderCause
from services.rules import corrections, deadlines, messages, seats, upgrades

ENDED = "this match has ended"


class _Head(msgspec.Struct):
    match_id: str
    decision_id: str
    seat: storable.Int32 | None = None
    sender: str = ""
    sent_at_ms: storable.Int64 = 0
    seen_seq: storable.Int32 | None = None
    order: OrderCause | msgspec.UnsetType = msgspec.UNSET


class _EntryWriter:
    """Writes one decision's entries: each gets the next seq and the hash of the state after it."""

    def __init__(self, folded: PartitionMatches, head: _Head, now_ms: int) -> None:
        self.folded, self.head, self.now_ms = folded, head, now_ms
        self.entries: list[Entry[Any]] = []
        known = folded.matches.get(head.match_id)
        self.first_seq = (known.seq if known else 0) + 1  # the first entry this decision writes
        self._chance: Chance | None = None
        # the decision its entries name: none once they tell a sealed window's answers, whose
        # closing decision is its seat's secret (SL-28)
        self.named = head.decision_id

    def chance(self, record: MatchRecord) -> random.Random:
        """This decision's random source, from the match seed and `first_seq`."""
        if self._chance is None:
            self._chance = chance_for(record.seed, self.first_seq)
        return self._chance

    def write(self, body: Any, ruleset: Ruleset, sealed_for: int | None = None) -> MatchRecord:
        """Append one entry; a game event is sealed for the seat its game names."""
        record = self.folded.matches.get(self.head.match_id)
        if not is_platform_entry(body):
            sealed_for = ruleset.sealed_event(body)
        entry = Entry(
            match_id=self.head.match_id,
            seq=(record.seq if record else 0) + 1,
            decision_id=self.named,
            ruleset=ruleset.name,
            ruleset_version=ruleset.version,
            body=body,
            state_hash="",
            recorded_at_ms=self.now_ms,
            sealed_for=msgspec.UNSET if sealed_for is None else sealed_for,
        )
        if isinstance(record, EndedMatch):  # a late ruling: the final state and hash stay
            record = apply(record, entry)
        else:
            before, before_hash = (record.state, record.state_hash) if record else (None, "")
            record = apply(record, entry)
            unchanged = record.state is before and before_hash  # bookkeeping keeps the hash
            record.state_hash = before_hash if unchanged else state_hash(record.state)
        self.entries.append(msgspec.structs.replace(entry, state_hash=record.state_hash))
        self.folded.matches[record.match_id] = record
        return record

    def hold(self, body: Any, ruleset: Ruleset, seat: int) -> MatchRecord:
        """Append one held entry of `seat`'s answer to a sealed window (SL-28): numbered
        nothing, it follows the match's last entry, and changes nothing but that answer."""
        record = self.folded.matches[self.head.match_id]
        assert isinstance(record, MatchRecord)
        entry = Entry(
            match_id=self.head.match_id,
            seq=record.seq,
            decision_id=self.head.decision_id,
            ruleset=ruleset.name,
            ruleset_version=ruleset.version,
            body=body,
            state_hash="",
            recorded_at_ms=self.now_ms,
            sealed_for=seat,
            held=True,
        )
        self.entries.append(entry)
        return apply(record, entry)  # type: ignore[return-value]

    def held_answer(self, ruleset: Ruleset, ruling: Ruling, verdict: Accepted | Rejection) -> None:
        """A sealed window's answer, held: its ruling and its events (SL-28)."""
        seat = ruling.seat
        assert seat is not None
        self.hold(ruling, ruleset, seat)
        if isinstance(verdict, Accepted):
            for event in verdict.events:
                self.hold(event, ruleset, seat)

    def hold_for(
        self, ruleset: Ruleset, record: MatchRecord, seat: int, chosen: Any, sender: str, at_ms: int
    ) -> bool:
        """`chosen` sent for `seat` by `sender` (the judge, the clock's bot) at `at_ms`, judged
        on the seat's own view and held as the seat's own answer would be (SL-28); False where
        the game refuses it."""
        state = seat_state(record, ruleset, seat)
        verdict = ruleset.decide(state, seat, chosen, self.chance(record))
        if isinstance(verdict, Rejection):
            return False
        asked = msgspec.Raw(encode(chosen))
        self.held_answer(
            ruleset, Ruling(seat, sender, self.now_ms, asked, True, verdict.rule), verdict
        )
        return True

    def close(self, ruleset: Ruleset, record: MatchRecord) -> MatchRecord:
        """Once every seat the sealed window asks has answered, and no deadline of theirs is
        due (the clock's come first): `WindowClosed`, then each answer as the window tells it
        (sent by the window now, under no decision), in seat order (SL-28)."""
        answers = closing(record, ruleset)
        if not answers or deadlines.due(record, ruleset, self.head.sent_at_ms):
            return record
        self.named = ""
        record = self.write(WindowClosed(answers=len(answers)), ruleset)
        for answer in answers:
            sealed = answer.seat if ruleset.sealed(record.state, answer.seat) else None
            asked = msgspec.Raw(answer.asked)
            told = Ruling(answer.seat, rules.WINDOW_SENDER, self.now_ms, asked, True, answer.rule)
            record = self.write(told, ruleset, sealed)
            for event in answer.events:
                record = self.write(event, ruleset)
        return record

    def ruling(
        self,
        ruleset: Ruleset,
        asked: msgspec.Raw,
        verdict: Accepted | Rejection,
        read: Any = None,
        public: bool = False,
    ) -> None:
        """The ruling, sealed for its seat when the game takes what it decides now as a sealed
        choice (unless `public`: the organiser's act on the seat, not the seat's choice): what
        was asked, read, ruled and why, whatever the verdict. A sealed refusal is followed by a
        `SealedRefusal`, so it writes as many entries as an accepted choice."""
        record = self.folded.matches.get(self.head.match_id)
        seat = self.head.seat
        sealed = (
            not public
            and isinstance(record, MatchRecord)
            and record.state is not None
            and not record.open_seats  # play starts when every seat is held
            and seat is not None
            and 0 <= seat < record.seats
            and ruleset.sealed(record.state, seat)
        )
        self.write(self.ruling_of(asked, verdict, read), ruleset, seat if sealed else None)
        refused = sealed and isinstance(verdict, Rejection)
        if refused and record.platform_rules >= rules.SEALED_REFUSALS:
            self.write(SealedRefusal(seat=seat), ruleset, seat)

    def ruling_of(self, asked: msgspec.Raw, verdict: Accepted | Rejection, read: Any) -> Ruling:
        """The decision's ruling: what was asked, read, ruled and why."""
        return Ruling(
            seat=self.head.seat,
            sender=self.head.sender,
            sent_at_ms=self.head.sent_at_ms,
            seen_seq=self.head.seen_seq,
            asked=asked,
            accepted=isinstance(verdict, Accepted),
            rule=verdict.rule,
            reason=storable.rendered(getattr(verdict, "reason", "")),  # it may quote input
            read=msgspec.Raw(encode(read)),
            order=self.head.order,
        )

    def note_chance(self) -> None:
        """Platform rules 3: the ruling of a decision that moved the game says whether judging
        it drew chance (known only once it is judged), and so does its place in the undo window."""
        record = self.folded.matches.get(self.head.match_id)
        if self._chance is None or not self._chance.drawn or not isinstance(record, MatchRecord):
            return
        undo = record.undo
        for at, entry in enumerate(self.entries):
            if isinstance(entry.body, Ruling) and entry.held is not True:
                if undo is None or not undo.decisions or undo.decisions[-1].ruling != entry.seq:
                    return
                ruling = msgspec.structs.replace(entry.body, drew=True)
                self.entries[at] = msgspec.structs.replace(entry, body=ruling)
                undo.decisions[-1].drew = undo.ruling_drew = True
                return

    def settle(self, ruleset: Ruleset, record: MatchRecord) -> None:
        """Write what follows on its own, and the only answers of automatic prompts (platform
        rules 3 on), then reveal the seed if the game just ended."""
        for _ in range(MAX_REACTIONS):
            if deadlines.held(record, ruleset):
                break  # a seat holds the phase open: it resolves once released
            record = self.close(ruleset, record)
            derived = ruleset.react(record.state, self.chance(record))
            if not derived:
                record, answered = self.automatic(ruleset, record)
                if not answered:
                    break
            for event in derived:
                record = self.write(event, ruleset)
        else:
            raise RuntimeError(f"{ruleset.name}: react did not settle in {MAX_REACTIONS} rounds")
        if not record.over and ruleset.is_over(record.state):
            self.write(SeedRevealed(seed=record.seed), ruleset)

    def automatic(self, ruleset: Ruleset, record: MatchRecord) -> tuple[MatchRecord, bool]:
        """The first seat waited on whose prompt is automatic, answered as it would answer
        (its ruling sent by `automatic`, sealed where its choice is, held where it answers a
        sealed window); whether one was."""
        if record.platform_rules < rules.AUTOMATIC or record.open_seats or record.over:
            return record, False
        for seat in ruleset.waiting(record.state).must:
            if holds(record, ruleset, seat):
                decision = ruleset.automatic(seat_state(record, ruleset, seat), seat)
                sender = rules.AUTOMATIC_SENDER
                if decision is not None and self.hold_for(
                    ruleset, record, seat, decision, sender, self.now_ms
                ):
                    return record, True
                continue
            decision = ruleset.automatic(record.state, seat)
            if decision is None:
                continue
            verdict = ruleset.decide(record.state, seat, decision, self.chance(record))
            if isinstance(verdict, Rejection):  # a game's bug: the seat is asked instead
                continue
            asked = msgspec.Raw(encode(decision))
            ruling = Ruling(seat, rules.AUTOMATIC_SENDER, self.now_ms, asked, True, verdict.rule)
            sealed = seat if ruleset.sealed(record.state, seat) else None
            record = self.write(ruling, ruleset, sealed)
            for event in verdict.events:
                record = self.write(event, ruleset)
            return record, True
        return record, False


Outcome = list[Entry[Any]] | DeadLetter | None


def _as_text(raw: bytes) -> msgspec.Raw:
    """What was asked, for the record, when it cannot be kept as it came: its first KiB as
    a JSON string, with what no read model can store written out."""
    return msgspec.Raw(encode(storable.rendered(raw[:1024].decode("utf-8", "replace"))))


def _read(raw: bytes) -> tuple[Decision | None, Rejection | None, msgspec.Raw]:
    """The decision, or why it is not one or cannot be judged (with what was asked, as JSON
    for the record)."""
    if len(raw) > rules.MAX_DECISION_BYTES:
        limit = rules.MAX_DECISION_BYTES // 1024
        reason = f"a decision is at most {limit} KiB; this one is {len(raw)} bytes"
        return (
            None,
            Rejection(rules.OVERSIZED, reason),
            msgspec.Raw(encode({"oversized_bytes": len(raw)})),
        )
    try:
        decision = decode_decision(raw)
        # None for a plain body: it holds nothing `storable.problem` finds, no need to decode
        body = None if storable.plain_json(bytes(decision.body)) else decode_json(decision.body)
    except msgspec.DecodeError as error:
        return None, Rejection(rules.MALFORMED, f"this is not a decision: {error}"), _as_text(raw)
    found = (
        storable.text_problem(decision.decision_id, "decision_id")
        or storable.text_problem(decision.sender, "sender")
        or storable.problem(body, "body")
    )
    if found is not None:
        reason = f"{found}, which the log does not take (events.storable says what it takes)"
        return decision, Rejection(rules.UNSTORABLE, reason), _as_text(bytes(decision.body))
    return decision, None, decision.body


def rule_on(
    folded: PartitionMatches,
    raw: bytes,
    *,
    partition: int,
    offset: int,
    now_ms: int,
    fresh_seed: Callable[[], str],
    platform_rules: int = rules.VERSION,
    version: str | None = None,
) -> Outcome:
    """Judge one decision as received from the `decisions` topic (at `offset` of its
    `partition`). A new match is judged by `platform_rules` (re-judging: the archive's) and
    pinned to its game's `version` (None: the current one), which judges it from then on."""
    outcome = _outcome(folded, raw, partition, offset, now_ms, fresh_seed, platform_rules, version)
    if isinstance(outcome, list):
        folded.keep_ended(outcome[0].match_id, offset)
    return outcome


def _outcome(
    folded: PartitionMatches,
    raw: bytes,
    partition: int,
    offset: int,
    now_ms: int,
    fresh_seed: Callable[[], str],
    platform_rules: int,
    version: str | None,
) -> Outcome:
    def dead(rule: str, reason: str) -> DeadLetter:
        payload = storable.rendered(raw[:4096].decode("utf-8", "replace"))
        return DeadLetter(
            reason=storable.rendered(reason),
            rule=rule,
            partition=partition,
            offset=offset,
            payload=payload,
        )

    try:
        decision, problem, asked = _read(raw)
        head = (
            decode_json(raw, _Head)
            if decision is None
            else _Head(
                decision.match_id,
                decision.decision_id,
                decision.seat,
                decision.sender,
                decision.sent_at_ms,
                decision.seen_seq,
                decision.order,
            )
        )
    except msgspec.DecodeError as error:
        return dead(rules.MALFORMED, f"not a decision (needs match_id and decision_id): {error}")
    if (found := storable.problem(head.match_id, "match_id")) is not None:
        return dead(rules.UNSTORABLE, f"{found}, so no match can be named by it")
    # written as it can be stored; a re-delivery renders the same, so it is still dropped
    head.decision_id = storable.rendered(head.decision_id)
    head.sender = storable.rendered(head.sender)
    record = folded.matches.get(head.match_id)
    if isinstance(record, EndedMatch):
        if offset <= record.decision_offset:
            return None  # judged before the match ended, or ruled on since: a re-delivery
    elif (
        record is not None
        and decision_key(head.seat, head.sender, head.decision_id) in record.judged
    ):
        return None
    writer = _EntryWriter(folded, head, now_ms)

    if record is None:
        if problem is not None:
            return dead(problem.rule, problem.reason)
        return _create(writer, decision, dead, fresh_seed, platform_rules, version)
    if isinstance(record, EndedMatch):
        ruleset = get_ruleset(record.ruleset)
    else:
        ruleset = pinned(record.ruleset, record.ruleset_version)
    if problem is not None or isinstance(record, EndedMatch):
        writer.ruling(ruleset, asked, problem or Rejection(rules.MATCH_OVER, ENDED))
        return writer.entries
    if not (
        seats.judged(writer, record, ruleset, decision)
        or messages.judged(writer, record, ruleset, decision)
        or deadlines.judged(writer, record, ruleset, decision)
        or corrections.judged(writer, record, ruleset, decision)
        or upgrades.judged(writer, record, ruleset, decision)
    ):
        _judge(writer, record, ruleset, decision)
    deadlines.keep(writer, ruleset, decision)
    writer.note_chance()
    return writer.entries


def _create(
    writer: _EntryWriter,
    decision: Decision,
    dead: Callable[[str, str], DeadLetter],
    fresh_seed: Callable[[], str],
    platform_rules: int,
    version: str | None,
) -> Outcome:
    try:
        create = msgspec.json.decode(decision.body, type=CreateMatch)
    except msgspec.DecodeError as error:
        return dead(
            rules.UNKNOWN_MATCH,
            f"no match {decision.match_id!r}, and this is not a match.create: {error}",
        )
    try:
        ruleset = get_ruleset(create.ruleset, version)
    except UnknownRuleset as error:
        return dead(rules.CREATE, str(error))
    why = setup_error(ruleset, create.seats, create.options)
    if (why := why or deadlines.clock_error(ruleset, create.clock)) is not None:
        return dead(rules.CREATE, why)
    if create.fork and (why := _fork_error(ruleset, create.fork)) is not None:
        return dead(rules.CREATE, why)
    seed = create.seed or fresh_seed()
    record = writer.write(
        MatchCreated(
            ruleset=ruleset.name,
            seats=create.seats,
            options=create.options,
            seed_commitment=hashlib.sha256(seed.encode()).hexdigest(),
            seed=seed,
            content_digest=ruleset.content_digest(create.options),
            clock=create.clock,
            platform_rules=platform_rules,
            name=create.name,
            min_reliability=create.min_reliability,
            messages=create.messages,
            organiser_take_backs=create.organiser_take_backs or msgspec.UNSET,
            unrated=True if create.fork else create.unrated or msgspec.UNSET,
            fork=create.fork,
        ),
        ruleset,
    )
    writer.ruling(ruleset, msgspec.Raw(_asked(create, decision.body)), Accepted(rules.CREATE, []))
    if not create.fork:  # a fork starts from its state, which MatchCreated holds
        for event in ruleset.initial(create.seats, create.options, writer.chance(record)):
            record = writer.write(event, ruleset)
    writer.settle(ruleset, record)
    return writer.entries


def _fork_error(ruleset: Ruleset, fork: ForkOf) -> str | None:
    """Why a fork's state is no state of its game, or None."""
    try:
        game_codec(ruleset.name).decode_state(fork.state)
    except msgspec.DecodeError as error:
        return f"the fork of {fork.match_id} holds no state of {ruleset.name}: {error}"
    return None


def _asked(create: CreateMatch, body: msgspec.Raw) -> bytes:
    """What was asked, less the seed and a fork's state: MatchCreated alone holds them."""
    kept = msgspec.structs.replace(create, seed="") if create.seed else create
    if create.fork:
        kept = msgspec.structs.replace(kept, fork=msgspec.structs.replace(create.fork, state=b""))
    return encode(kept) if kept is not create else bytes(body)


def _judge(writer: _EntryWriter, record: MatchRecord, ruleset: Ruleset, decision: Decision) -> None:
    if holds(record, ruleset, decision.seat):
        _hold(writer, record, ruleset, decision)
        return
    verdict, read = _verdict(record, ruleset, decision, lambda: writer.chance(record))
    writer.ruling(ruleset, decision.body, verdict, read)
    if isinstance(verdict, Rejection):
        return
    for event in verdict.events:
        record = writer.write(event, ruleset)
    writer.settle(ruleset, record)


def _hold(writer: _EntryWriter, record: MatchRecord, ruleset: Ruleset, decision: Decision) -> None:
    """A sealed window's answer (SL-28), judged on its seat's own view (its earlier answers
    played) and held; the window closes once every seat it asks has answered."""
    seat = decision.seat
    assert seat is not None
    state = seat_state(record, ruleset, seat)
    verdict, read = _verdict(record, ruleset, decision, lambda: writer.chance(record), state)
    writer.held_answer(ruleset, writer.ruling_of(decision.body, verdict, read), verdict)
    if closing(record, ruleset):
        writer.settle(ruleset, record)


def _verdict(
    record: MatchRecord,
    ruleset: Ruleset,
    decision: Decision,
    chance: Callable[[], random.Random],
    state: Any = None,
) -> tuple[Accepted | Rejection, Any]:
    """Platform checks first (match, seat, freshness), then the game's own `decide` on `state`
    (the match's, unless given); and what a text decision was read as. An ended match is
    answered in `rule_on`."""
    state = record.state if state is None else state
    try:
        body = game_codec(ruleset.name).decision_body(decision.body)
    except msgspec.DecodeError as error:
        return Rejection(rules.MALFORMED, f"{ruleset.name} has no such decision: {error}"), None
    if (refused := _seat_refusal(record, decision.seat, body)) is not None:
        return refused, None
    if isinstance(body, ClaimSeat):
        if rules.reserved(body.player) and decision.sender != rules.ORGANISER:
            why = f"{body.player!r} is a name only the organiser gives (to a bot's seat)"
            return Rejection(rules.RESERVED_NAME, why), None
        claimed = SeatClaimed(seat=decision.seat, player=body.player, player_id=body.player_id)
        return Accepted(rules.SEAT, [claimed]), None
    stale = _stale(record, decision.seat, decision.seen_seq)
    read = None
    if isinstance(body, Say):
        body = read = ruleset.read_text(state, decision.seat, body.text)
        if isinstance(read, Rejection):  # written against a view since changed: look again
            return (stale or read), None
    if stale is not None and ruleset.needs_fresh_view(body):
        return stale, read
    return ruleset.decide(state, decision.seat, body, chance()), read


def _stale(record: MatchRecord, seat: int | None, seen: int | None) -> Rejection | None:
    """Why a decision taken on entry `seen` is stale: the match changed since in what the seat
    sees (others' refusals and sealed choices change nothing); None while it has not."""
    moved = record.moved_for(seat)
    if seen is None or moved <= seen <= record.seq:
        return None
    return Rejection(
        rules.STALE,
        f"you decided on the match as of entry {seen}; it changed at entry"
        f" {moved} and is now at entry {record.seq}: look again",
    )


def _seat_refusal(record: MatchRecord, seat: int | None, body: Any) -> Rejection | None:
    """Why this seat may not make this decision now, as far as the platform can tell."""
    if isinstance(body, CreateMatch):
        return Rejection(rules.MATCH_EXISTS, f"match {record.match_id!r} already exists")
    if seat is None or not 0 <= seat < record.seats:
        return Rejection(
            rules.SEAT,
            f"seat {seat} is not a seat of this {record.seats}-seat match"
            f" (seats are 0 to {record.seats - 1})",
        )
    if isinstance(body, ClaimSeat):
        seated = record.seat_players[seat]
        return (
            None
            if seated is None
            else Rejection(rules.SEAT, f"seat {seat} is already held by {seated}")
        )
    if record.open_seats:
        return Rejection(
            rules.NOT_STARTED, f"play starts when every seat is held; open: {record.open_seats}"
        )
    return None
