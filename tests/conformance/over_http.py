"""A seat played over HTTP as a client would: the push stream says when the match moved and
whether the seat is to act (the pushed view described by its game), `legal` lists the
choices, a random one is submitted on the view it was taken from (said as its text command
where the game has text, posted as JSON where not), its ruling is pushed."""

import queue
import random
import threading
import time
import uuid
from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

import msgspec

from events.codec import game_codec
from services.client.http import ClientError, Gateway, ServerEvent, segment
from services.gateway import api

SLOW_DOWN_S = 0.1  # after a 429 (`_slowing_down`)
WAIT_S = 60.0  # the longest the match may stay silent before the test gives up
STALE = "SL-5"  # a decision taken on a view the match had moved past: taken again
T = TypeVar("T")


class Ruled(msgspec.Struct, frozen=True):
    decision_id: str
    accepted: bool
    rule: str = ""
    reason: str = ""


class SeatPlayer:
    def __init__(self, url: str, token: str, game: str, match_id: str, seat: int) -> None:
        self.http, self.stream = Gateway(token, url), Gateway(token, url)
        self.codec, self.match_id, self.seat = game_codec(game), match_id, seat
        self.path = f"/matches/{segment(match_id)}"
        self.events: queue.Queue[ServerEvent] = queue.Queue()
        self.rulings: list[Ruled] = []
        self.rng = random.Random(f"{game}:{match_id}")

    def _listen(self) -> None:
        try:
            for event in self.stream.events(f"{self.path}/stream"):
                self.events.put(event)
        except ClientError:
            pass  # closed at the end

    def _to_act(self, data: str) -> bool:
        view = self.codec.view(data.encode())
        return self.seat in self.codec.ruleset.describe(view).waiting.must

    def _decide(self, seq: int) -> str | None:
        """Submit a legal decision taken on entry `seq`; None if the match moved on first."""
        deadline = time.monotonic() + WAIT_S
        read_legal = partial(self.http.get, f"{self.path}/legal", api.LegalReply)
        while (legal := _slowing_down(read_legal)).seq < seq:
            assert time.monotonic() < deadline, "the replay model never caught up"
            time.sleep(0.05)  # `legal` is stored with the views, which the push may outrun
        if legal.seq > seq:
            return None
        assert legal.decisions, f"seat {self.seat} is to act at {seq} with nothing legal"
        decision_id = uuid.uuid4().hex
        chosen = self.rng.randrange(len(legal.decisions))
        text = legal.texts[chosen]
        if text:
            said = api.Say(text=text, decision_id=decision_id, seen_seq=seq)
            _slowing_down(lambda: self.http.post(f"{self.path}/say", said, api.Submitted))
        else:
            sent = api.Submit(decision_id=decision_id, body=legal.decisions[chosen], seen_seq=seq)
            _slowing_down(lambda: self.http.post(f"{self.path}/decisions", sent, api.Submitted))
        return decision_id

    def play(self, over: Any, decisions: int) -> bool:
        """Decide whenever the seat is to act, until `over()` says the match has ended (True)
        or the seat has had this many decisions ruled on (False)."""
        listener = threading.Thread(target=self._listen, daemon=True)
        listener.start()
        latest, to_act, decided_at, pending = 0, False, 0, None
        heard = time.monotonic()
        try:
            while True:
                if pending is None and len(self.rulings) >= decisions:
                    return False
                try:
                    event = self.events.get(timeout=0.5)
                except queue.Empty:
                    if pending is None and not to_act and over():
                        return True
                    assert time.monotonic() - heard < WAIT_S, "the match went silent"
                    continue
                heard = time.monotonic()
                if event.event == "view" and event.id is not None:
                    latest, to_act = int(event.id), self._to_act(event.data)
                elif event.event == "ruling":
                    ruled = msgspec.json.decode(event.data, type=Ruled)
                    if ruled.decision_id == pending:
                        self.rulings.append(ruled)
                        pending = None
                if pending is None and to_act and latest > decided_at:
                    decided_at, pending = latest, self._decide(latest)
        finally:
            self.stream.close()
            self.http.close()


def _slowing_down(call: Callable[[], T]) -> T:
    """`call` as a client should make it: a 429 (over 20 decisions or 50 reads a second from
    one token; a quick stack lets a seat act faster) says to slow down, not to give up."""
    while True:
        try:
            return call()
        except ClientError as error:
            if error.status != 429:
                raise
            time.sleep(SLOW_DOWN_S)
