"""A read the gateway refuses for its pace (429, "at most 50 reads a second") is sent again
after the wait the gateway names, so a command or a script polling a match does not fail on a
busy second; a decision sent is never sent twice."""

import httpx
import pytest

from services.client import http
from services.client.http import ClientError, Gateway


def _gateway(statuses: list[int], seen: list[str]) -> Gateway:
    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request.method)
        status = statuses.pop(0)
        body = {"detail": "at most 50 reads a second"} if status == 429 else {"ok": True}
        return httpx.Response(status, json=body, headers={"Retry-After": "0"})

    gateway = Gateway(url="http://gateway.test")
    gateway.http = httpx.Client(base_url=gateway.url, transport=httpx.MockTransport(answer))
    return gateway


def test_a_read_refused_for_its_pace_is_read_again_after_the_wait_named() -> None:
    seen: list[str] = []
    with _gateway([429, 429, 200], seen) as gateway:
        assert gateway.get("/matches", dict) == {"ok": True}
    assert seen == ["GET", "GET", "GET"]


def test_a_read_refused_every_time_says_why_after_a_few_tries() -> None:
    seen: list[str] = []
    with (
        _gateway([429] * (http.READ_RETRIES + 1), seen) as gateway,
        pytest.raises(ClientError) as refused,
    ):
        gateway.get("/matches", dict)
    assert str(refused.value) == "at most 50 reads a second" and refused.value.status == 429
    assert len(seen) == http.READ_RETRIES + 1


def test_a_decision_refused_for_its_pace_is_not_sent_again() -> None:
    seen: list[str] = []
    with _gateway([429, 200], seen) as gateway, pytest.raises(ClientError):
        gateway.post("/matches/m/decisions", {"type": "x"}, dict)
    assert seen == ["POST"]
