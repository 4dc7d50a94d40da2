"""The gateway as the command line sees it: replies decoded into the API's own shapes, HTTP
trouble turned into one readable line, rulings waited for, the push stream read."""

import argparse
import functools
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar
from urllib.parse import quote

import httpx
import msgspec

from events.platform_rules import HELD_WORDS
from services.gateway import api

GATEWAY_ENV = "STARLEDGER_GATEWAY"
DEFAULT_GATEWAY = "http://127.0.0.1:8000"
RULING_WAIT_S = 30.0
POLL_S = 0.1
STREAM_READ_S = 45.0  # the gateway sends a keep-alive every 15 s, so silence this long is a loss
READ_RETRIES = 3  # a read refused for its pace (429) is sent again after the gateway's Retry-After
RETRY_AFTER_MOST_S = 5.0

T = TypeVar("T")


class ClientError(Exception):
    """A failure the user reads as one line; `status` is the HTTP status when there was one."""

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status


class ServerEvent(msgspec.Struct, frozen=True):
    event: str
    data: str
    id: str | None = None


def segment(value: str) -> str:
    """A match or decision id as one URL path segment."""
    return quote(value, safe="")


def _problem(reply: httpx.Response) -> ClientError:
    try:
        found = reply.json()
        detail = found.get("detail") or reply.reason_phrase
        fields = found.get("fields")
    except ValueError:
        detail, fields = reply.text.strip()[:200] or reply.reason_phrase, None
    extra = f" ({'; '.join(map(str, fields))})" if fields else ""
    broken = f" (the gateway failed: HTTP {reply.status_code})" if reply.is_server_error else ""
    return ClientError(f"{detail}{extra}{broken}", reply.status_code)


def _retry_after_s(reply: httpx.Response) -> float:
    """The wait a 429 asks for (its Retry-After seconds), 1 s if it names none."""
    try:
        return min(float(reply.headers.get("retry-after", "1")), RETRY_AFTER_MOST_S)
    except ValueError:
        return 1.0


class Gateway:
    def __init__(
        self, token: str | None = None, url: str | None = None, timeout: float = 10.0
    ) -> None:
        self.url = (url or os.environ.get(GATEWAY_ENV) or DEFAULT_GATEWAY).rstrip("/")
        self.token = token
        self.http = httpx.Client(base_url=self.url, timeout=timeout)

    def close(self) -> None:
        self.http.close()

    def __enter__(self) -> "Gateway":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _headers(self) -> dict[str, str]:
        return {"authorization": f"Bearer {self.token}"} if self.token else {}

    def request(
        self, method: str, path: str, *, json: Any = None, params: dict[str, Any] | None = None
    ) -> httpx.Response:
        for _ in range(READ_RETRIES if method == "GET" else 0):
            reply = self._send(method, path, json, params)
            if reply.status_code != httpx.codes.TOO_MANY_REQUESTS:
                break
            time.sleep(_retry_after_s(reply))
        else:
            reply = self._send(method, path, json, params)
        if reply.is_error:
            raise _problem(reply)
        return reply

    def _send(
        self, method: str, path: str, json: Any, params: dict[str, Any] | None
    ) -> httpx.Response:
        try:
            return self.http.request(
                method, path, json=json, params=params, headers=self._headers()
            )
        except httpx.HTTPError as error:
            raise ClientError(f"the gateway at {self.url} does not answer: {error}") from None

    def get(self, path: str, shape: type[T], params: dict[str, Any] | None = None) -> T:
        return msgspec.json.decode(self.request("GET", path, params=params).content, type=shape)

    def post(self, path: str, body: Any, shape: type[T]) -> T:
        reply = self.request("POST", path, json=msgspec.to_builtins(body))
        return msgspec.json.decode(reply.content, type=shape)

    def ruling(
        self,
        match_id: str,
        decision_id: str,
        seat: int | None = None,
        wait_s: float = RULING_WAIT_S,
    ) -> api.Ruling:
        """The ruling on a decision of the match, polled until it is judged: the token's own
        seat's, or `seat`'s (an organiser's token: None for the match's own, as its creation)."""
        deadline = time.monotonic() + wait_s
        path = f"/matches/{segment(match_id)}/decisions/{segment(decision_id)}"
        params = {} if seat is None else {"seat": seat}
        while (found := self.get(path, api.Ruling, params)).status == "pending":
            if time.monotonic() > deadline:
                raise ClientError(
                    f"no ruling on decision {decision_id} after {wait_s:.0f} s; "
                    "the rules service may be down or behind"
                )
            time.sleep(POLL_S)
        return found

    def events(self, path: str) -> Iterator[ServerEvent]:
        """A server-sent event stream, until the gateway closes it."""
        timeout = httpx.Timeout(10.0, read=STREAM_READ_S)
        try:
            with self.http.stream("GET", path, headers=self._headers(), timeout=timeout) as reply:
                if reply.is_error:
                    reply.read()
                    raise _problem(reply)
                yield from read_events(reply.iter_lines())
        except httpx.HTTPError as error:
            raise ClientError(f"the stream from {self.url} broke off: {error}") from None


def read_events(lines: Iterable[str]) -> Iterator[ServerEvent]:
    """Server-sent events from their text lines (comments, such as keep-alives, skipped)."""
    event, data, event_id = "message", list[str](), None
    for line in lines:
        if not line:
            if data:
                yield ServerEvent(event, "\n".join(data), event_id)
            event, data, event_id = "message", [], None
            continue
        if line.startswith(":"):
            continue
        field, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if field == "event":
            event = value
        elif field == "data":
            data.append(value)
        elif field == "id":
            event_id = value


def verdict(ruling: api.Ruling) -> str:
    """One line a player reads: `accepted (CW-D1)` or `rejected (CW-A1): why`, and for an
    answer to a sealed window that it is held until the window closes (SL-28)."""
    said = f"{ruling.status} ({ruling.rule})" if ruling.rule else ruling.status
    said = f"{said}: {ruling.reason}" if ruling.reason else said
    return f"{said}; {HELD_WORDS}" if ruling.held else said


def guarded(command: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """A command whose failures print one line and exit non-zero, never a traceback."""

    @functools.wraps(command)
    def run(args: argparse.Namespace) -> int:
        try:
            return command(args)
        except ClientError as error:
            print(f"starledger: {error}", file=sys.stderr)
            return 1
        except KeyboardInterrupt:
            return 130

    return run
