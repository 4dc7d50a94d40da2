"""A seat's session: when the match moves, what happened since is told a line per entry, and
the table is shown when the seat's turn comes, from the view the push carried: a move costs
one request; `say` tells what its decision caused."""

import io
from datetime import UTC, datetime, timedelta
from typing import Any

import tests.tiny_ruleset  # noqa: F401  (registers race-to-21, the game the pushes carry)
from events.messages import MessageRules
from events.narration import NarratedLine
from events.ruleset import Description, Field, Section, Waiting
from services.client.play import Session, caused
from services.gateway import api


class FakeGateway:
    """The narration and view replies the gateway would give, from what the test sets."""

    token, url = "t", "http://127.0.0.1:1"

    def __init__(self) -> None:
        self.told: list[NarratedLine] = []
        self.waiting = Waiting()
        self.after: list[int] = []
        self.deadlines: list[dict[str, Any]] = []
        self.asked: list[str] = []  # every path requested, in order

    def get(self, path: str, shape: type, params: dict[str, Any] | None = None) -> Any:
        self.asked.append(path)
        if path == "/matches/m":
            return {"seq": self.told[-1].seq, "deadlines": self.deadlines}
        if path.endswith("/messages"):
            return api.MessagesReply("m", MessageRules(), [], [])
        if path.endswith("/narration"):
            self.after.append(params["after"])
            return api.NarrationReply("m", 1, [t for t in self.told if t.seq > params["after"]])
        table = Description(
            "Race to 21", (Section("The race", (Field("Total", "5"),)),), self.waiting
        )
        return api.SeatViewReply("m", 1, self.told[-1].seq, {}, table)


def test_the_session_tells_what_happened_and_shows_the_table_when_the_turn_comes() -> None:
    gateway, out = FakeGateway(), io.StringIO()
    session = Session(gateway, "m", 1, out)
    gateway.told = [NarratedLine(n, f"entry {n}") for n in range(1, 16)]
    session.on_view(15)
    assert gateway.after == [5] and out.getvalue().splitlines()[0] == "  6 entry 6"
    gateway.told += [NarratedLine(16, "Ana added 2"), NarratedLine(17, "Ben's turn")]
    gateway.waiting = Waiting(must=(1,))
    session.on_view(17)
    assert out.getvalue().splitlines()[10:] == [
        "  16 Ana added 2",
        "  17 Ben's turn",
        "Race to 21",
        "The race",
        "  Total: 5",
        "your move: say a command (help lists them, view shows the table)",
    ]
    session.on_view(17)
    gateway.told.append(NarratedLine(18, "Ben added 1"))
    session.on_view(18)
    assert out.getvalue().splitlines()[16:] == ["  18 Ben added 1"]
    session.stream.close()


def test_the_session_says_by_when_the_seat_must_decide_when_its_turn_comes() -> None:
    gateway, out = FakeGateway(), io.StringIO()
    session = Session(gateway, "m", 1, out)
    due = datetime.now(UTC) + timedelta(hours=5, minutes=12, seconds=30)
    told = "Monday 2024-03-11 09:00 Europe/Rome"
    gateway.deadlines = [{"seat": 1, "due": due.isoformat(), "due_told": told}]
    session.timed = True
    gateway.told, gateway.waiting = [NarratedLine(1, "Ben's turn")], Waiting(must=(1,))
    session.on_view(1)
    assert out.getvalue().splitlines()[-1] == f"you must decide by {told} (in 5 h 12 min)"
    session.stream.close()


def test_say_tells_what_an_accepted_decision_caused_and_nothing_of_a_refused_one() -> None:
    gateway = FakeGateway()
    gateway.told = [
        NarratedLine(15, "Ben's turn"),
        NarratedLine(16, "Ben added 2"),
        NarratedLine(17, "Ana's turn"),
    ]
    gateway.told.append(NarratedLine(18, "Ana added 1"))  # the next decision's, already on the log
    accepted = api.Ruling("d1", "accepted", rule="R-1", first_seq=16, last_seq=17)
    assert caused(gateway, "m", accepted) == ["  16 Ben added 2", "  17 Ana's turn"]
    refused = api.Ruling("d2", "rejected", rule="R-2", reason="too many", first_seq=19)
    assert caused(gateway, "m", refused) == []


def test_a_move_costs_one_request_its_lines_the_table_coming_with_the_push() -> None:
    gateway, out = FakeGateway(), io.StringIO()
    session = Session(gateway, "m", 1, out)
    session.game, session.names = "race-to-21", ["Ana", "Ben"]
    gateway.told = [NarratedLine(1, "Ana added 2")]
    session.on_view(1, '{"total": 2, "turn": 0, "winner": null, "my_card": 7}')
    gateway.told.append(NarratedLine(2, "Ben's turn"))
    session.on_view(2, '{"total": 2, "turn": 1, "winner": null, "my_card": 7}')
    assert gateway.asked == ["/matches/m/narration", "/matches/m/narration"]
    assert out.getvalue().splitlines()[2:] == [
        "Race to 21",
        "The race",
        "  Total: 2 · Turn: Ben",
        "  Your card:",
        "    1 card 7",
        "your move: say a command (help lists them, view shows the table)",
    ]
    session.game = "a-game-this-client-lacks"
    gateway.told.append(NarratedLine(3, "Ben added 1"))
    session.on_view(3, '{"some": "view"}')  # laid out by the gateway, which has the game
    assert gateway.asked[2:] == ["/matches/m/narration", "/matches/m/view"]
    session.stream.close()


def test_the_messages_are_read_only_when_the_story_tells_one_was_written() -> None:
    gateway, out = FakeGateway(), io.StringIO()
    session = Session(gateway, "m", 1, out)
    session.game, session.names = "race-to-21", ["Ana", "Ben"]
    gateway.told = [NarratedLine(1, "Ana added 2")]
    session.on_view(1, '{"total": 2, "turn": 0, "winner": null, "my_card": 7}')
    gateway.told.append(NarratedLine(2, "Ana wrote a message to everyone"))
    session.on_view(2, '{"total": 2, "turn": 0, "winner": null, "my_card": 7}')
    assert gateway.asked == ["/matches/m/narration", "/matches/m/narration", "/matches/m/messages"]
    session.stream.close()
