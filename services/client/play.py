"""`starledger play` and `starledger say`: one seat at the table, in text.

`play` reads a command per line (so any terminal, or a pipe, drives it) and answers each with
its ruling; meanwhile the seat's push stream says when the match moved, and the session prints
what happened, a line per entry, and the table when it is the seat's turn. A move costs one
request, its lines: the push carries the seat's view, laid out here by its game where this
client has it (else asked for), and the deadline is asked for only where a clock runs."""

import argparse
import sys
import threading
import time
import uuid
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any, TextIO

import msgspec

from events.clock_narration import time_left
from events.codec import game_codec
from events.messages import tells_a_message
from events.narration import seat_names
from events.ruleset import Description, load_rulesets
from services.client import messages, render, tokens
from services.client.clock import due_words
from services.client.http import (
    POLL_S,
    ClientError,
    Gateway,
    ServerEvent,
    guarded,
    segment,
    verdict,
)
from services.client.match import lobby_row
from services.gateway import api

QUIT = {"quit", "exit"}
LOOK = {"view", "look"}
MESSAGES = "messages"
WRITE = "msg "  # `msg hello`, or `msg to 2,3: hello` privately
RECONNECT_S = 1.0
CAUSED_WAIT_S = 5.0
RECENT = 10  # entries told on arrival, so a player returning to a long match sees where it is


class StreamedRuling(msgspec.Struct, frozen=True):
    decision_id: str
    accepted: bool
    rule: str
    reason: str

    def as_ruling(self) -> api.Ruling:
        return api.Ruling(
            self.decision_id,
            "accepted" if self.accepted else "rejected",
            rule=self.rule,
            reason=self.reason,
        )


def say(
    gateway: Gateway, match_id: str, text: str, decision_id: str | None = None
) -> api.Help | api.Ruling:
    """Send one text command; `help` answers at once, anything else once judged."""
    decision_id = decision_id or uuid.uuid4().hex
    reply = gateway.request(
        "POST", f"/matches/{segment(match_id)}/say", json={"text": text, "decision_id": decision_id}
    )
    if reply.status_code == 200:
        return msgspec.json.decode(reply.content, type=api.Help)
    return gateway.ruling(match_id, decision_id)


def caused(gateway: Gateway, match_id: str, ruling: api.Ruling) -> list[str]:
    """What an accepted decision caused, a line per entry for the seat's eyes, as a mail's
    answer tells it."""
    if ruling.status != "accepted" or ruling.first_seq is None or ruling.last_seq is None:
        return []
    path = f"/matches/{segment(match_id)}/narration"
    deadline = time.monotonic() + CAUSED_WAIT_S  # the replay may be a moment behind the audit
    while True:
        told = gateway.get(path, api.NarrationReply, {"after": ruling.first_seq - 1}).entries
        if (told and told[-1].seq >= ruling.last_seq) or time.monotonic() > deadline:
            return [f"  {t.seq} {t.line}" for t in told if t.seq <= ruling.last_seq]
        time.sleep(POLL_S)


class Session:
    """A seat's terminal: commands in, rulings and what happened out, one printer at a time."""

    def __init__(self, gateway: Gateway, match_id: str, seat: int, out: TextIO) -> None:
        self.gateway, self.match_id, self.seat, self.out = gateway, match_id, seat, out
        self.lock = threading.Lock()
        self.told: int | None = None  # the last entry told; None until the first view
        self.my_turn = False
        self.game = ""  # the match's game, its seats' names and whether a clock runs: from its
        self.names: list[str] = []  # lobby row, read once as the session begins
        self.timed = False
        self.mine: set[str] = set()  # decisions this session sent: it prints their rulings
        self.stopped = threading.Event()
        self.stream = Gateway(gateway.token, gateway.url)
        self.messages_seen = 0  # the last message printed

    def show(self, *lines: str) -> None:
        with self.lock:
            print(*lines, sep="\n", file=self.out, flush=True)

    def watch(self) -> None:
        """Follow the stream until stopped, reconnecting when it breaks off."""
        while not self.stopped.is_set():
            try:
                for event in self.stream.events(f"/matches/{segment(self.match_id)}/stream"):
                    self.take(event)
            except ClientError as error:
                if not self.stopped.is_set():
                    self.show(f"(the stream broke off: {error}; reconnecting)")
            self.stopped.wait(RECONNECT_S)

    def take(self, event: ServerEvent) -> None:
        if event.event == "view" and event.id is not None:
            try:
                self.on_view(int(event.id), event.data)
            except ClientError as error:
                self.show(f"(the match moved, but reading it failed: {error})")
        elif event.event == "ruling":
            ruling = msgspec.json.decode(event.data, type=StreamedRuling)
            if ruling.decision_id not in self.mine:
                self.show(f"ruling on {ruling.decision_id}: {verdict(ruling.as_ruling())}")

    def description(self) -> Description:
        path = f"/matches/{segment(self.match_id)}/view"
        return self.gateway.get(path, api.SeatViewReply).description

    def pushed(self, view: str | None) -> Description:
        """The table from the view the push carried, or asked for where it carried none or
        this client lacks the game (a server may have more)."""
        if view is None or self.game not in load_rulesets():
            return self.description()
        codec = game_codec(self.game)
        return codec.ruleset.describe(codec.view(view.encode()), self.names)

    def on_view(self, seq: int, view: str | None = None) -> None:
        """The match moved to entry `seq` (the seat's `view` as of it, when the push carried
        it): what happened since, and the table if it is our turn."""
        after = max(0, seq - RECENT) if self.told is None else self.told
        if seq <= after:
            return
        path = f"/matches/{segment(self.match_id)}/narration"
        told = self.gateway.get(path, api.NarrationReply, {"after": after}).entries
        lines = [f"  {t.seq} {t.line}" for t in told]
        self.told = told[-1].seq if told else after
        if any(tells_a_message(t.line) for t in told):  # else no request for them
            lines += self.new_messages()
        described = self.pushed(view)
        waiting = described.waiting
        turn = self.seat in waiting.must + waiting.may
        if turn and not self.my_turn:
            lines += render.render(described)
            must = "your move" if self.seat in waiting.must else "you may act"
            lines.append(f"{must}: say a command (help lists them, view shows the table)")
            lines += self.deadline(seq)
        self.my_turn = turn
        if lines:
            self.show(*lines)

    def deadline(self, seq: int) -> list[str]:
        """The seat's deadline, once the lobby has caught up with entry `seq`."""
        if not self.timed:
            return []
        row = lobby_row(self.gateway, self.match_id)
        if row["seq"] < seq:
            return []
        return [
            f"{due_words(d, 'you')} ({time_left(d['due'], datetime.now(UTC))})"
            for d in row.get("deadlines") or []
            if d["seat"] == self.seat
        ]

    def new_messages(self) -> list[str]:
        """The messages written since the last printed, then marked read."""
        found = messages.read(self.gateway, self.match_id, self.messages_seen).messages
        if not found:
            return []
        self.messages_seen = found[-1].seq
        path = f"/matches/{segment(self.match_id)}/messages/read/{self.messages_seen}"
        self.gateway.post(path, {}, dict)
        return [f"message {line.strip()}" for line in messages.lines(found)]

    def write(self, text: str) -> None:
        """`msg hello` to everyone, `msg to 2,3: hello` to seats 2 and 3."""
        to: list[int] = []
        if text.lower().startswith("to ") and ":" in text:
            seats, _, text = text[3:].partition(":")
            try:
                to = messages.recipients(seats)
            except ClientError as error:
                self.show(str(error))
                return
        try:
            self.show(messages.send(self.gateway, self.match_id, text.strip(), to))
        except ClientError as error:
            self.show(f"msg: {error}")

    def look(self) -> None:
        """The whole table, as the seat sees it now."""
        try:
            self.show(*render.render(self.description()))
        except ClientError as error:
            self.show(str(error))

    def command(self, text: str) -> None:
        decision_id = uuid.uuid4().hex
        self.mine.add(decision_id)
        try:
            answer = say(self.gateway, self.match_id, text, decision_id)
        except ClientError as error:
            self.show(f"{text}: {error}")
            return
        self.show(answer.help if isinstance(answer, api.Help) else f"{text}: {verdict(answer)}")

    def run(self, lines: Iterable[str]) -> None:
        row = lobby_row(self.gateway, self.match_id)
        self.game, self.names = row["game"], seat_names(row["players"])
        self.timed = row.get("clock") is not None
        players = ", ".join(f"seat {s} {p or 'open'}" for s, p in enumerate(row["players"]))
        self.show(
            f"match {self.match_id} ({row['game']}, {row['status']}): {players}; you are "
            f"seat {self.seat}. Commands: help, view, messages, msg [to 2,3:] TEXT, quit, or a move"
            " in words."
        )
        watcher = threading.Thread(target=self.watch, daemon=True)
        watcher.start()
        try:
            for line in lines:
                text = line.strip()
                if text.lower() in QUIT:
                    break
                if text.lower() in LOOK:
                    self.look()
                elif text.lower() == MESSAGES:
                    found = messages.read(self.gateway, self.match_id).messages
                    self.show(*(messages.lines(found) or ["no messages"]))
                elif text.lower().startswith(WRITE):
                    self.write(text[len(WRITE) :])
                elif text:
                    self.command(text)
        finally:
            self.stopped.set()
            self.stream.close()  # ends the stream's read, so the watcher sees it is stopped
            watcher.join(timeout=5)


def _play(args: argparse.Namespace) -> int:
    seat, token = tokens.seat_token(args.match_id, args.seat)
    with Gateway(token) as gateway:
        Session(gateway, args.match_id, seat, sys.stdout).run(sys.stdin)
    return 0


def _say(args: argparse.Namespace) -> int:
    _, token = tokens.seat_token(args.match_id, args.seat)
    with Gateway(token) as gateway:
        answer = say(gateway, args.match_id, " ".join(args.text))
        if isinstance(answer, api.Help):
            print(answer.help)
            return 0
        lines = [verdict(answer), *caused(gateway, args.match_id, answer)]
    print(*lines, sep="\n")
    return 0 if answer.status == "accepted" else 1


def add_parsers(subparsers: Any) -> None:
    play = subparsers.add_parser("play", help="play a seat in the terminal, a command a line")
    play.add_argument("match_id", metavar="ID")
    play.add_argument("--seat", type=int, metavar="S", help="which of your seats, if several")
    play.set_defaults(func=guarded(_play))
    said = subparsers.add_parser(
        "say",
        help="send one text command and print its ruling and what it caused (exit 1 if rejected)",
    )
    said.add_argument("match_id", metavar="ID")
    said.add_argument("text", nargs="+", metavar="TEXT", help="e.g. draft Hercules Bomber")
    said.add_argument("--seat", type=int, metavar="S", help="which of your seats, if several")
    said.set_defaults(func=guarded(_say))
