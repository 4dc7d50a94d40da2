"""Folding the match-log: one match's record, and which records of a partition count.

Every reader folds through here (the rules service, projections, replays, `verify`), so
they all agree on what the log says.
"""

from collections.abc import Callable
from typing import Any, ClassVar

import msgspec

from events import clock, seats
from events.codec import game_codec
from events.corrections import (
    Disputed,
    DisputeResolved,
    OpenDispute,
    SetAside,
    TakeBackAnswered,
    TakeBackAsked,
    TakeBackRequest,
    Undo,
)
from events.envelope import (
    Entry,
    EntryBatch,
    ForkOf,
    MatchCreated,
    OwnerFence,
    Ruling,
    SealedRefusal,
    SeatClaimed,
    SeedRevealed,
    WindowClosed,
    is_platform_entry,
)
from events.held_answers import HeldAnswer
from events.messages import (
    MESSAGES_PER_WINDOW,
    NO_MESSAGES,
    Announced,
    MessageHidden,
    MessageRules,
    MessageWritten,
)
from events.platform_rules import BOT_PREFIX, CORRECTIONS
from events.ruleset import pinned
from events.upgrades import Upgraded


def decision_key(seat: int | None, sender: str, decision_id: str) -> str:
    """A decision's idempotency key: its id as its sender chose it, for the seat it spoke for
    (None: the match's own, as a create), so no sender's id stands for another's decision.
    NUL, which no stored string holds, keeps the parts apart."""
    return f"{seat}\0{sender}\0{decision_id}"


class MatchRecord(msgspec.Struct, kw_only=True):
    """A match as the log tells it. Mutable: exactly one folder owns each record."""

    match_id: str
    ruleset: str
    ruleset_version: str
    seats: int
    options: dict[str, Any]
    seed: str
    seed_commitment: str
    seat_players: list[str | None] = msgspec.field(name="holders")  # as stored
    judged: set[str]  # decision_key of every decision ruled on
    seq: int = 0
    state: Any = None  # the ruleset's state; None until its first event
    state_hash: str = ""
    over: bool = False
    last_entry_ms: int = 0
    moved_seq: int = 0  # the last entry that changed what seats decide on (not a ruling)
    public_moved_seq: int = 0  # the last such entry every seat sees
    sealed_moved_seq: list[int] = []  # by seat: the last such entry sealed for that seat
    platform_rules: int = 0  # the platform rules' version the match is judged by
    name: str = ""  # what its organiser calls it
    rated: bool = True  # false: its organiser opened it unrated
    min_reliability: float | None = None  # asked of who joins; None: nothing asked
    revealed_seq: int = 0  # the last entry that opened the sealed entries before it
    # the first sealed entry since then (none if not past `revealed_seq`): every state from it
    # holds a secret, which its hash would tell of (`projections.secrecy.hash_kept`)
    sealed_since: int = 0
    timing: clock.Timing | None = None  # the clock and its deadlines, for a match with a clock
    # (seat, a player who held it before a bot or another player took it over)
    handed_over: list[tuple[int, str]] = []
    # "seat:name" -> the player id each holder joined with (a player token's), if any
    player_ids: dict[str, str] = {}
    messages: MessageRules = NO_MESSAGES  # what its seats may write to each other
    written_ms: list[list[int]] = []  # by seat: when its latest messages were written (SL-22)
    shown_messages: list[int] = []  # the entries of its messages not hidden (SL-23)
    undo: Undo | None = None  # what corrections go back to (platform rules 3 on)
    organiser_take_backs: bool = False  # the organiser may grant a take-back alone
    take_back: TakeBackRequest | None = None  # waiting for answers
    disputes: list[OpenDispute] = []  # not resolved yet
    fork: ForkOf | None = None  # where it was forked from (its state left out), if a fork
    # platform rules 4: the answers to the sealed window open now, held off the numbered
    # record until every seat it asks has answered (`events.held_answers`)
    held: list[HeldAnswer] = []

    def moved_for(self, seat: int | None) -> int:
        """The last entry that changed what `seat` decides on: another seat's sealed choice
        does not (the seat cannot see it), but before platform rules 1 it counted."""
        if self.platform_rules < 1 or seat is None or not 0 <= seat < self.seats:
            return self.moved_seq
        return max(self.public_moved_seq, self.sealed_moved_seq[seat])

    def player_id(self, seat: int, player: str | None) -> str:
        """The player id `player` joined the seat with ("": a name alone, or a bot)."""
        return self.player_ids.get(f"{seat}:{player}", "")

    @property
    def open_seats(self) -> list[int]:
        if None not in self.seat_players:
            return []
        return [seat for seat, player in enumerate(self.seat_players) if player is None]


class EndedMatch(msgspec.Struct, kw_only=True, array_like=True, gc=False):
    """All a fold keeps of a match once it has ended (its tombstone): no state, no judged
    ids. Only rulings follow an end (SL-7); a decision at or before `decision_offset` on its
    `decisions` partition was judged already (a re-delivery), any later one is ruled on.
    Mutable like `MatchRecord`: exactly one folder owns each."""

    match_id: str
    ruleset: str
    seq: int
    state_hash: str  # the final state's: rulings do not change it
    revealed_seq: int  # where it ended: every entry before is open
    last_entry_ms: int
    decision_offset: int  # of the last batch on it (-1: a restored log's, before any decision)
    over: ClassVar[bool] = True


Match = MatchRecord | EndedMatch


def ended(match: Match, decision_offset: int) -> EndedMatch:
    """What is kept of an ended match after a batch judged from `decision_offset`."""
    return EndedMatch(
        match_id=match.match_id,
        ruleset=match.ruleset,
        seq=match.seq,
        state_hash=match.state_hash,
        revealed_seq=match.revealed_seq,
        last_entry_ms=match.last_entry_ms,
        decision_offset=decision_offset,
    )


_packer = msgspec.msgpack.Encoder(order="deterministic")


def record_bytes(record: Match) -> tuple[bytes, bytes]:
    """The record without its state, and the state: each decodes with a known type. An ended
    match has no state (b"", where a record's holds at least msgpack's nil). The undo window's
    game state and events go in the record as the game's codec encodes them."""
    if isinstance(record, EndedMatch):
        return _packer.encode(record), b""
    undo = record.undo
    if undo is not None:
        codec = game_codec(record.ruleset)
        undo = msgspec.structs.replace(
            undo,
            base=b"" if undo.base is None else codec.encode_state(undo.base),
            events=[(seq, codec.encode_event(event)) for seq, event in undo.events],
        )
    held = record.held
    if held:
        codec = game_codec(record.ruleset)
        held = [
            msgspec.structs.replace(a, events=[codec.encode_event(e) for e in a.events])
            for a in held
        ]
    kept = msgspec.structs.replace(record, state=None, undo=undo, held=held)
    return _packer.encode(kept), _packer.encode(record.state)


def record_from_bytes(record_data: bytes, state_data: bytes) -> Match:
    if not state_data:
        return msgspec.msgpack.decode(record_data, type=EndedMatch)
    record = msgspec.msgpack.decode(record_data, type=MatchRecord)
    codec = game_codec(record.ruleset)
    record.state = codec.decode_state(state_data)
    if (undo := record.undo) is not None:
        undo.base = codec.decode_state(undo.base) if undo.base else None
        undo.events = [(seq, codec.decode_event(event)) for seq, event in undo.events]
    record.held = [
        msgspec.structs.replace(a, events=[codec.decode_event(e) for e in a.events])
        for a in record.held
    ]
    return record


class ContentChanged(RuntimeError):
    """The data a match was played with (its card set) is not what this install reads."""


def _check_content(game: str, options: dict[str, Any], version: str, digest: str) -> None:
    """Fail closed: a match folded with other card data than it was judged with would show,
    and judge, another game."""
    if not digest:
        return
    now = pinned(game, version).content_digest(options)
    if now != digest:
        raise ContentChanged(
            f"{game} options {options} read data with digest {now[:16]}…;"
            f" the match was played with {digest[:16]}…: restore that card set"
        )


def apply(record: Match | None, entry: Entry[Any]) -> Match:
    """Apply one entry. Game events go to the ruleset's `evolve`; the rest is bookkeeping."""
    if isinstance(record, EndedMatch):  # a late decision's ruling: it changes no state
        record.seq, record.last_entry_ms = entry.seq, entry.recorded_at_ms
        return record
    if entry.held is True:  # nothing moves but its seat's answer, and no number is taken
        _hold(record, entry)
        return record
    match entry.body:
        case event if not is_platform_entry(event):  # the most frequent: asked first
            ruleset = pinned(record.ruleset, record.ruleset_version)
            record.state = ruleset.evolve(record.state, event)
            record.moved_seq = entry.seq
            if entry.sealed_for is msgspec.UNSET:
                record.public_moved_seq = entry.seq
            elif record.sealed_moved_seq:
                record.sealed_moved_seq[entry.sealed_for] = entry.seq
            reveals = ruleset.reveals(event)
            if reveals:
                record.revealed_seq = entry.seq
            if record.undo is not None:
                record.undo.moved(entry.seq, event, reveals)
                record.undo.trimmed(ruleset.evolve)
        case MatchCreated() as created:
            digest = created.content_digest
            _check_content(created.ruleset, created.options, entry.ruleset_version, digest)
            record = MatchRecord(
                match_id=entry.match_id,
                ruleset=created.ruleset,
                ruleset_version=entry.ruleset_version,
                seats=created.seats,
                options=created.options,
                seed=created.seed,
                seed_commitment=created.seed_commitment,
                seat_players=[None] * created.seats,
                judged=set(),
                timing=clock.Timing(created.clock) if created.clock else None,
                platform_rules=created.platform_rules,
                name=created.name or "",
                rated=created.unrated is not True,
                min_reliability=None
                if created.min_reliability is msgspec.UNSET
                else created.min_reliability,
                sealed_moved_seq=[0] * created.seats,
                messages=created.messages or NO_MESSAGES,
                written_ms=[[] for _ in range(created.seats)],
                undo=Undo() if created.platform_rules >= CORRECTIONS else None,
                organiser_take_backs=created.organiser_take_backs is True,
            )
            if created.fork:  # it starts where the match it forks stood
                record.state = game_codec(created.ruleset).decode_state(created.fork.state)
                record.fork = msgspec.structs.replace(created.fork, state=b"")
                record.undo = record.undo and Undo(base=record.state)
        case Ruling(seat=seat, sender=sender):
            record.judged.add(decision_key(seat, sender, entry.decision_id))
            if record.undo is not None:
                record.undo.ruling, record.undo.ruling_seat = entry.seq, seat
                record.undo.ruling_drew = entry.body.drew is True
        case SeatClaimed(seat=seat, player=player, player_id=player_id):
            record.seat_players[seat] = player
            if player_id:
                record.player_ids = {**record.player_ids, f"{seat}:{player}": player_id}
            record.moved_seq = record.public_moved_seq = entry.seq
        case SeedRevealed():
            record.over = True
            record.revealed_seq = entry.seq  # the end opens every seal
        case clock.SeatHandedToBot(seat=seat, level=level, player=player):
            record.seat_players[seat] = BOT_PREFIX + level
            record.handed_over = [*record.handed_over, (seat, player)]
            record.timing = record.timing and clock.evolve(record.timing, entry.body)
        case Announced():
            record.shown_messages = [*record.shown_messages, entry.seq]
        case MessageWritten(by=seat):
            record.shown_messages = [*record.shown_messages, entry.seq]
            if seat is not None and 0 <= seat < len(record.written_ms):
                latest = record.written_ms[seat][1 - MESSAGES_PER_WINDOW :]
                record.written_ms[seat] = [*latest, entry.recorded_at_ms]
        case MessageHidden(seq=seq):
            record.shown_messages = [s for s in record.shown_messages if s != seq]
        case SealedRefusal():
            pass  # words on the record; no state changes
        case WindowClosed():
            record.held = []  # told now: the answers follow as numbered entries
        case seats.SeatViewOpened():
            if record.undo is not None and record.undo.decisions:
                record.undo.decisions[-1].shown = True  # the organiser saw what was hidden
        case SetAside() | TakeBackAsked() | TakeBackAnswered() | Disputed() | DisputeResolved():
            _correct(record, entry)
        case Upgraded(version=version, content_digest=digest):
            _check_content(record.ruleset, record.options, version, digest)
            record.ruleset_version = version
            if record.undo is not None:  # no correction reaches back across the move
                record.undo = Undo(
                    base=record.state, ruling=record.undo.ruling, set_aside=record.undo.set_aside
                )
        case seats.SeatReplaced(seat=seat, player=player, previous=previous, player_id=pid):
            record.seat_players[seat] = player
            if pid:
                record.player_ids = {**record.player_ids, f"{seat}:{player}": pid}
            record.handed_over = [*record.handed_over, (seat, previous)]
        case timed if isinstance(timed, clock.CLOCK_ENTRIES):
            record.timing = record.timing and clock.evolve(record.timing, timed)
    if entry.sealed_for is not msgspec.UNSET and record.sealed_since <= record.revealed_seq:
        record.sealed_since = entry.seq
    record.seq = entry.seq
    record.state_hash = entry.state_hash
    record.last_entry_ms = entry.recorded_at_ms
    return record


def _hold(record: MatchRecord, entry: Entry[Any]) -> None:
    """A held entry (SL-28): a ruling starts its seat's answer, a game event adds to it."""
    match entry.body:
        case Ruling(seat=seat, sender=sender, accepted=accepted, rule=rule) as ruling:
            record.judged.add(decision_key(seat, sender, entry.decision_id))
            read = bytes(ruling.read)
            asked = bytes(ruling.asked) if read == b"null" else read
            answer = HeldAnswer(seat=seat, accepted=accepted, rule=rule, asked=asked)
            record.held = [*record.held, answer]
        case event:
            last = record.held[-1]
            record.held = [
                *record.held[:-1],
                msgspec.structs.replace(last, events=[*last.events, event]),
            ]


def _correct(record: MatchRecord, entry: Entry[Any]) -> None:
    """A correction's bookkeeping; a `SetAside` puts the game state back to before its range."""
    match entry.body:
        case TakeBackAsked(seat=seat, first=first, asked=asked):
            record.take_back = TakeBackRequest(seat=seat, first=first, asked=list(asked))
        case TakeBackAnswered(seat=seat, accept=accept):
            if not accept or seat is None:
                record.take_back = None  # refused, or the organiser decided it alone
            elif record.take_back is not None:
                record.take_back.accepted = [*record.take_back.accepted, seat]
        case Disputed(seat=seat, seq=seq, reason=reason):
            record.disputes = [*record.disputes, OpenDispute(seq, seat, reason)]
        case DisputeResolved(seq=seq):
            record.disputes = [d for d in record.disputes if d.seq != seq]
        case SetAside(first=first, last=last):
            assert record.undo is not None, "a set-aside in a match that keeps no undo window"
            evolve = pinned(record.ruleset, record.ruleset_version).evolve
            record.state = record.undo.state_before(first, evolve)
            record.undo.set_back(first, last)
            record.held = []  # answers to a window set aside with it
            record.take_back = None
            record.moved_seq = record.public_moved_seq = entry.seq


class PartitionMatches:
    """The matches of one match-log partition, folded from its records in log order.

    A record counts only if its writer is the partition's current owner (the last
    `OwnerFence`) and it continues its match's seq exactly; anything else is a late
    write from a fenced-out owner, or a duplicate from a producer retry, and is skipped.
    An ended match is kept as its `EndedMatch`, so memory follows the matches in play.
    """

    def __init__(self, owner: str | None = None) -> None:
        self.owner = owner
        self.matches: dict[str, Match] = {}

    def admits(self, batch: EntryBatch[Any]) -> bool:
        if self.owner is not None and batch.writer != self.owner:
            return False
        first = batch.entries[0]
        record = self.matches.get(first.match_id)
        return first.follows == (record.seq if record else 0)

    def fold(self, record: EntryBatch[Any] | OwnerFence) -> list[Entry[Any]]:
        """Fold one log record; return the entries that counted."""
        return self.fold_match(record)[0]

    def fold_match(
        self,
        record: EntryBatch[Any] | OwnerFence,
        before: Callable[[Match | None, Entry[Any]], None] | None = None,
    ) -> tuple[list[Entry[Any]], Match | None]:
        """Fold one log record; return the entries that counted (each batch is one match's)
        and their match after them (`Match`, None if none counted): the whole record when
        they ended it, though the fold keeps only its `EndedMatch`. `before` is shown each
        entry that counts with its match just before it (it must not change the match)."""
        if isinstance(record, OwnerFence):
            self.owner = record.writer
            return [], None
        if not self.admits(record):
            return [], None
        match_id = record.entries[0].match_id
        match = self.matches.get(match_id)
        for entry in record.entries:
            if before is not None:
                before(match, entry)
            match = apply(match, entry)
        self.matches[match_id] = match
        self.keep_ended(match_id, record.decision_offset)
        return record.entries, match

    def keep_ended(self, match_id: str, decision_offset: int) -> None:
        """After a batch on a match judged from `decision_offset`: once it has ended, keep
        only its `EndedMatch`."""
        match = self.matches[match_id]
        if match.over:
            self.matches[match_id] = ended(match, decision_offset)
