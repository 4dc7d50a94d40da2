"""Messages between players, judged and redacted: given a match opened with its message rules,
when a seat (or the organiser) writes, then the message is an entry on the log within those
rules and a seat's pace; who reads it is `projections.secrecy`'s to say, and no record but the
readers' rows holds a private message's text or an unsigned one's writer."""

from typing import Any

import msgspec

from events import platform_rules as rules
from events.codec import encode
from events.envelope import ClaimSeat, CreateMatch, Decision, Entry, Ruling
from events.match import PartitionMatches, apply
from events.messages import (
    MESSAGES_PER_WINDOW,
    HideMessage,
    MessageHidden,
    MessageRules,
    MessageWritten,
    WriteMessage,
)
from events.narration import Narrator
from projections.narrating import Narrations
from projections.secrecy import ORGANISER, PUBLIC, kept_message, message_readers, shown
from services.rules.judge import rule_on

PLAYERS = ("ann", "bob", "cid")
SECRET = "meet me at the wormhole"


class Table:
    """A 3-seat match of the tiny game opened with `messages`, every seat taken."""

    def __init__(self, messages: MessageRules | None = None) -> None:
        self.folded, self.entries, self.now_ms = PartitionMatches(), [], 1_000_000
        create = CreateMatch(ruleset="race-to-21", seats=3, seed="s")
        self.send(None, msgspec.structs.replace(create, messages=messages or msgspec.UNSET))
        for seat, player in enumerate(PLAYERS):
            self.send(seat, ClaimSeat(player=player), sender=player)

    def send(self, seat: int | None, body: Any, sender: str = "") -> list[Entry[Any]]:
        self.now_ms += 1000
        decision = Decision(
            decision_id=f"d{len(self.entries)}",
            match_id="talk",
            seat=seat,
            body=msgspec.Raw(encode(body)),
            sender=sender or (PLAYERS[seat] if seat is not None else rules.ORGANISER),
        )
        out = rule_on(
            self.folded, encode(decision), partition=0, offset=len(self.entries),
            now_ms=self.now_ms, fresh_seed=str,
        )  # fmt: skip
        assert isinstance(out, list)
        self.entries += out
        return out


def _verdict(entries: list[Entry[Any]]) -> tuple[bool, str, str]:
    ruling = entries[0].body
    assert isinstance(ruling, Ruling)
    return ruling.accepted, ruling.rule, ruling.reason


PRIVATE = MessageRules("private", anonymous=True)


def test_a_match_opened_without_message_rules_takes_no_messages_between_players() -> None:
    table = Table()
    refused = table.send(0, WriteMessage("hello"))
    assert _verdict(refused)[:2] == (False, rules.MESSAGE) and len(refused) == 1
    assert "no messages between players" in _verdict(refused)[2]
    # the organiser writes whatever the match's rules
    [ruling, written] = table.send(None, WriteMessage("welcome", to=[1]))
    assert _verdict([ruling])[0] and written.body == MessageWritten(None, "welcome", [1])


def test_a_seat_writes_within_what_the_match_allows() -> None:
    public = Table(MessageRules("public"))
    [ruling, written] = public.send(0, WriteMessage("hello all"))
    assert _verdict([ruling]) == (True, rules.MESSAGE, "")
    assert written.body == MessageWritten(0, "hello all", [], True)
    assert public.folded.matches["talk"].state is not None
    for body, why in (
        (WriteMessage("psst", to=[1]), "public messages only"),
        (WriteMessage("guess who", signed=False), "signed"),
        (WriteMessage(" \n\t "), "1 to 1000 characters"),
        (WriteMessage("x" * 1001), "holds 1001"),
    ):
        accepted, rule, reason = _verdict(public.send(0, body))
        assert (accepted, rule) == (False, rules.MESSAGE) and why in reason
    private = Table(PRIVATE)
    for body, why in (
        (WriteMessage("psst", to=[1, 1]), "each once"),
        (WriteMessage("psst", to=[3]), "each once"),
        (WriteMessage("dear me", to=[0]), "yourself"),
    ):
        accepted, rule, reason = _verdict(private.send(0, body))
        assert (accepted, rule) == (False, rules.MESSAGE) and why in reason
    assert _verdict(private.send(0, WriteMessage("psst", to=[1])))[0]
    assert _verdict(private.send(0, WriteMessage("boo", signed=False)))[0]
    assert _verdict(private.send(0, WriteMessage("hi", to=[1]), sender="mallory"))[1] == rules.SEAT


def test_a_seat_writes_at_most_ten_messages_a_minute() -> None:
    table = Table(MessageRules("public"))
    for n in range(MESSAGES_PER_WINDOW):
        assert _verdict(table.send(0, WriteMessage(f"spam {n}")))[0]
    refused = table.send(0, WriteMessage("one more"))
    assert _verdict(refused)[:2] == (False, rules.MESSAGE_RATE) and len(refused) == 1
    assert _verdict(table.send(1, WriteMessage("my own pace")))[0]  # per seat
    table.now_ms += 60_000
    assert _verdict(table.send(0, WriteMessage("a minute later")))[0]


def test_the_organiser_alone_hides_a_message_and_says_why_on_the_log() -> None:
    table = Table(MessageRules("public"))
    [_, written] = table.send(0, WriteMessage("<b>rude</b>"))
    refused = table.send(1, HideMessage(written.seq, "I do not like it"))
    assert _verdict(refused)[:2] == (False, rules.HIDE_MESSAGE)
    [ruling, hidden] = table.send(None, HideMessage(written.seq, "insults"))
    assert _verdict([ruling])[0]
    assert hidden.body == MessageHidden(written.seq, rules.ORGANISER, "insults")
    again = table.send(None, HideMessage(written.seq, "twice"))
    assert _verdict(again)[:2] == (False, rules.HIDE_MESSAGE)
    not_a_message = table.send(None, HideMessage(1, "the creation"))
    assert _verdict(not_a_message)[:2] == (False, rules.HIDE_MESSAGE)
    line = Narrator(2, table.folded.matches["talk"]).line(hidden)
    assert line == f"organiser hid the message of entry {written.seq}: insults"


def test_a_private_message_is_read_by_its_writer_its_recipients_and_no_other_organiser() -> None:
    public, private = MessageWritten(0, "hi"), MessageWritten(0, SECRET, [2])
    assert message_readers(public, PRIVATE) == [PUBLIC]
    assert message_readers(private, PRIVATE) == [0, 2]
    watched = MessageRules("private", organiser_reads=True)
    assert message_readers(private, watched) == [0, 2, ORGANISER]
    assert message_readers(MessageWritten(None, "note", [1]), PRIVATE) == [1, ORGANISER]


def test_no_record_holds_a_private_messages_text_nor_an_unsigned_ones_writer() -> None:
    table = Table(PRIVATE)
    [p_ruling, p_written] = table.send(0, WriteMessage(SECRET, to=[1]))
    [u_ruling, u_written] = table.send(2, WriteMessage("who am I?", signed=False))
    [s_ruling, s_written] = table.send(1, WriteMessage("signed and public"))
    for entry in (p_ruling, p_written, u_ruling, u_written):
        assert kept_message(entry)
        body = shown(entry, 10**6, reader=0)  # whoever reads, the match over or not
        assert SECRET.encode() not in encode(body)
        assert getattr(body, "seat", None) is None and getattr(body, "by", None) is None
        assert getattr(body, "sender", "") == "" and getattr(body, "to", []) == []
    assert shown(u_written, 0).text == "who am I?"  # an unsigned message's text is public
    assert not kept_message(s_ruling) and shown(s_written, 0) is s_written.body
    # the story tells every eyes the same line of a private or unsigned message, writer untold
    narrations = Narrations()
    folded = PartitionMatches()
    for entry in table.entries:
        folded.matches["talk"] = _apply_narrated(folded, entry, narrations)
    told = {t.seq: t for t in narrations.narrated(folded.matches["talk"])}
    for entry in (p_ruling, p_written, u_ruling, u_written):
        line = told[entry.seq]
        assert line.seats == [line.public] * 3 and line.decided_by is None
        assert SECRET not in line.public and "ann" not in line.public and "cid" not in line.public
    assert told[p_written.seq].public == "a private message was written"
    assert told[s_written.seq].public == "bob wrote a message to everyone"
    assert told[s_ruling.seq].decided_by == 1


def _apply_narrated(folded: PartitionMatches, entry: Entry[Any], narrations: Narrations) -> Any:
    match = folded.matches.get("talk")
    narrations.before(match, entry)
    return apply(match, entry)
