"""A line per match-log entry, for one seat's eyes: the platform's own entries told here, the
game's through its ruleset's `narrate`. Another seat's decisions show only as their outcome."""

import hashlib
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Union

import msgspec

from events import platform_rules
from events.clock import CLOCK_DECISIONS, CLOCK_ENTRIES
from events.clock_narration import decision_words, entry_line
from events.codec import game_codec
from events.corrections import (
    CORRECTION_DECISIONS,
    CORRECTION_ENTRIES,
    correction_line,
    correction_words,
)
from events.envelope import (
    ClaimSeat,
    CreateMatch,
    Entry,
    MatchCreated,
    Ruling,
    Say,
    SealedRefusal,
    SeatClaimed,
    SeedRevealed,
    WindowClosed,
)
from events.match import MatchRecord, apply
from events.messages import (
    Announce,
    Announced,
    HideMessage,
    MessageHidden,
    MessageWritten,
    WriteMessage,
    announced_line,
    hidden_line,
    message_line,
)
from events.ruleset import Ruleset, get_ruleset
from events.seats import (
    SEAT_DECISIONS,
    SeatReplaced,
    SeatViewOpened,
    seat_change_line,
    seat_tool_words,
)
from events.standing_orders import cause_words
from events.upgrades import Upgrade, Upgraded, upgrade_words, upgraded_line


class NarratedLine(msgspec.Struct, frozen=True):
    """An entry's line, with what a reader jumps by: the round after it, the seat deciding."""

    seq: int
    line: str
    round: int | None = None
    decided_by: int | None = None  # the seat whose decision this ruling judged


def seat_names(seat_players: Sequence[str | None]) -> list[str]:
    """What lines call each seat: its player, `seat N` while open, the seat added to a name
    two seats share (two `bot:greedy`)."""
    names = [player or f"seat {seat}" for seat, player in enumerate(seat_players)]
    return [f"{n} (seat {s})" if names.count(n) > 1 else n for s, n in enumerate(names)]


@lru_cache(maxsize=4096)
def _names(seat_players: tuple[str | None, ...]) -> tuple[str, ...]:
    """`seat_names`, once for each seating: the worker tells every entry for every eyes."""
    return tuple(seat_names(seat_players))


def rule_words(ruleset: Ruleset, rule: str) -> str:
    """A rule ID in words: the platform's own (SL-*), else the game's; "" if neither knows it."""
    return platform_rules.WORDS.get(rule) or ruleset.rule_text(rule)


def short_words(text: str) -> str:
    """A rule's name or first clause: `Draft`, `Each player discards their hand face up`."""
    head, colon, _ = text.partition(":")
    if colon and len(head) <= 40:
        return head
    return text.split(";")[0].split(". ")[0].rstrip(".")


def _cited(ruleset: Ruleset, rule: str) -> str:
    words = short_words(rule_words(ruleset, rule))
    return f"{rule}, {words}" if words else rule


class Narrator:
    """Follows one match's entries in order and tells each for `seat` (None: the public)."""

    def __init__(self, seat: int | None, record: MatchRecord | None = None) -> None:
        self.seat, self.record = seat, record

    def tell(self, entry: Entry[Any], sealed: bool = False) -> str:
        """The entry's line, told on the match as it was before it; then the entry is applied.
        `sealed`: the entry is a sealed choice kept from these eyes, told as one and no more."""
        line = self.line(entry, sealed)
        self.record = apply(self.record, entry)
        return line

    def line(self, entry: Entry[Any], sealed: bool = False) -> str:
        """The entry's line on the match as it stands, which `entry` has not reached yet."""
        return self._sealed(entry) if sealed else self._line(entry.body)

    def _sealed(self, entry: Entry[Any]) -> str:
        names, seat = self.names, entry.sealed_seat
        who = names[seat] if seat is not None and 0 <= seat < len(names) else "a seat"
        if isinstance(entry.body, Ruling):  # no verdict: a refusal writes as many entries
            return f"{who} made a sealed choice"
        return f"{who}'s sealed choice is kept until the reveal"

    def _line(self, body: Any) -> str:
        match body:
            case MatchCreated(ruleset=game, seats=seats, seed_commitment=commitment):
                return (
                    f"A {seats}-seat match of {game} was opened; the sha256 of its secret seed "
                    f"is {commitment[:16]}…"
                )
            case SeatClaimed(seat=seat, player=player):
                return f"{player} took seat {seat}"
            case SeedRevealed(seed=seed):
                kept = hashlib.sha256(seed.encode()).hexdigest() == self.record.seed_commitment
                checked = "it matches" if kept else "it does NOT match"
                return (
                    f"The seed is revealed: {seed!r}; {checked} the sha256 announced at the start"
                )
            case Ruling():
                return self._ruling(body)
            case timed if isinstance(timed, CLOCK_ENTRIES):
                timing = self.record.timing
                zone = timing.clock.zone if timing else "UTC"
                return entry_line(timed, self.seat, self.names, self._game_decision, zone)
            case SeatReplaced() | SeatViewOpened():
                return seat_change_line(body, self.names[body.seat])
            case Announced():
                return announced_line(body)
            case MessageWritten():
                return message_line(body, self.names)
            case MessageHidden():
                return hidden_line(body)
            case SealedRefusal(seat=seat):
                return f"{self.names[seat]}'s sealed choice was refused: nothing changes"
            case WindowClosed(answers=answers):
                told = "its answer follows" if answers == 1 else f"its {answers} answers follow"
                return f"Every seat the window asked has answered: {told}, in seat order"
            case corrected if isinstance(corrected, CORRECTION_ENTRIES):
                return correction_line(corrected, self.names)
            case Upgraded():
                return upgraded_line(body)
        return self.ruleset.narrate(self.record.state, body, self.seat, self.names)

    @property
    def ruleset(self) -> Ruleset:
        return get_ruleset(self.record.ruleset)

    @property
    def names(self) -> Sequence[str]:
        return _names(tuple(self.record.seat_players))

    def _game_decision(self, raw: msgspec.Raw) -> str:
        decision = game_codec(self.ruleset.name).decision_body(bytes(raw))
        return self.ruleset.narrate(self.record.state, decision, self.seat, self.names)

    def _ruling(self, ruling: Ruling) -> str:
        ruleset, names = self.ruleset, self.names
        try:
            decision = game_codec(ruleset.name).decision_body(bytes(ruling.asked))
        except msgspec.DecodeError:
            decision = _correction(bytes(ruling.asked))
        if isinstance(decision, CORRECTION_DECISIONS):  # none holds a secret
            seated = ruling.seat is not None and 0 <= ruling.seat < len(names)
            who = names[ruling.seat] if seated else ruling.sender or "the organiser"
            what = correction_words(decision)
        elif isinstance(decision, Upgrade):
            who, what = ruling.sender or "the organiser", upgrade_words(decision)
        elif isinstance(decision, CreateMatch | ClaimSeat):
            who, what = _platform_decision(ruling, decision)
        elif isinstance(decision, CLOCK_DECISIONS):  # none holds a secret
            asker, what = decision_words(decision, names)
            seated = ruling.seat is not None and 0 <= ruling.seat < len(names)
            who = names[ruling.seat] if seated else asker or ruling.sender or "someone"
        elif isinstance(decision, SEAT_DECISIONS) and ruling.seat is not None:
            who = ruling.sender or "the organiser"
            what = seat_tool_words(decision, names[ruling.seat])
        elif isinstance(decision, Announce):
            who, what = ruling.sender or "someone", "write to the players"
        elif isinstance(decision, WriteMessage) and (decision.to or not decision.signed):
            return _kept_message(ruleset, ruling)
        elif isinstance(decision, WriteMessage):
            seated = ruling.seat is not None and 0 <= ruling.seat < len(names)
            who = names[ruling.seat] if seated else ruling.sender or "someone"
            what = "write a message to everyone"
        elif isinstance(decision, HideMessage):
            who, what = ruling.sender or "someone", f"hide the message of entry {decision.seq}"
        elif ruling.seat is None or not 0 <= ruling.seat < len(names):
            who, what = ruling.sender or "someone", None
        else:
            who, what = names[ruling.seat], None
            if ruling.seat == self.seat:
                return self._own(ruling, decision)
        if what is None:  # another seat's decision: only its outcome shows
            if ruling.accepted:
                return f"{who}'s decision was accepted ({_cited(ruleset, ruling.rule)})"
            return f"{who} sent a decision that was rejected"
        return _outcome(ruleset, ruling, f"{who} asked to {what}")

    def _own(self, ruling: Ruling, decision: Any) -> str:
        """The seat's own decision, quoted as the command its game reads (a game's commands are
        not all verbs: `no card`), a text decision as its game read it."""
        if isinstance(decision, Say) and bytes(ruling.read) != b"null":
            decision = game_codec(self.ruleset.name).decision_body(bytes(ruling.read))
        if isinstance(decision, Say):
            sent = f"wrote {decision.text!r}"
        elif decision is None:
            sent = "sent something that is not a decision of this game"
        else:
            told = self.ruleset.narrate(self.record.state, decision, self.seat, self.names)
            sent = f"sent `{told}`"
        if ruling.order:  # the seat's secret: told it alone
            sent = f"{sent} {cause_words(ruling.order)}"
        return _outcome(self.ruleset, ruling, f"{self.names[self.seat]} {sent}")


def _outcome(ruleset: Ruleset, ruling: Ruling, asked: str) -> str:
    if ruling.accepted:
        return f"{asked}: accepted ({_cited(ruleset, ruling.rule)})"
    return f"{asked}: rejected ({_cited(ruleset, ruling.rule)}): {ruling.reason}"


def _kept_message(ruleset: Ruleset, ruling: Ruling) -> str:
    """A private or unsigned message's ruling, the same for every eyes: not who wrote it."""
    if ruling.accepted:
        return f"a message was accepted ({_cited(ruleset, ruling.rule)})"
    return f"a message was refused ({_cited(ruleset, ruling.rule)}): {ruling.reason}"


_corrections = msgspec.json.Decoder(Union[(*CORRECTION_DECISIONS, Upgrade)])


def _correction(asked: bytes) -> Any:
    """A correction or a move to another version (not a game's decision, so its codec does not
    read it), or None."""
    try:
        return _corrections.decode(asked)
    except msgspec.DecodeError:
        return None


def _platform_decision(ruling: Ruling, decision: CreateMatch | ClaimSeat) -> tuple[str, str]:
    if isinstance(decision, CreateMatch):
        return ruling.sender or "the organiser", f"open a {decision.seats}-seat match"
    return decision.player, f"take seat {ruling.seat}"
