"""Hostile text through the real stack, as a class and not as examples: arbitrary unicode
(control characters, NUL, lone surrogates sent as JSON escapes or as raw bytes, sizes past
every limit) in every field that takes text: join's player name, decision bodies, `say`
commands, match and decision ids in paths and a token in the query. No answer is a 5xx, what
the edge must refuse is refused, and whatever it takes reaches the log only as every read
model can store it; afterwards the platform serves as before."""

import asyncio
import json
import time
import unicodedata
from typing import Any
from urllib.parse import quote

import asyncpg
import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from events.codec import Unreadable, decode_decision, decode_json, read_record
from events.platform_rules import MAX_DECISION_BYTES
from events.storable import problem
from tests.gateway.test_security import _join, _open
from tests.stack import Stack
from tests.support import LogReader

EXAMPLES = settings(
    max_examples=40,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
DECIDING_PACE_S = 0.06  # under the 20 decisions a second a token may send

NASTY = ["\x00", "\ud800", "\udfff", "\x1b", "\x7f", "\x85", "\u202e", "\u2066", "\u2028"]
NASTY += ["\t", "\n", "\r", "\ufeff", "\u200d", "\U0010ffff", "é", "%", "/", '"', "\\"]
CHARACTERS = st.one_of(st.characters(exclude_categories=()), st.sampled_from(NASTY))
SHORT = st.text(CHARACTERS, max_size=50)


def _repeated(times: list[int]) -> st.SearchStrategy[str]:
    return st.builds(
        lambda s, n: s * n, st.text(CHARACTERS, min_size=1, max_size=4), st.sampled_from(times)
    )


TEXT = st.one_of(SHORT, SHORT, _repeated([11, 41, 501, 2001, 40_000]))  # past each limit
IDS = st.one_of(SHORT, _repeated([26, 101]))  # URLs stay within what HTTP servers read
FLOATS = st.floats(allow_nan=False, allow_infinity=False)  # json.dumps writes them as no JSON
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | FLOATS | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(SHORT, inner, max_size=4),
    max_leaves=12,
)
TAGS = st.sampled_from(["cw.pass", "cw.draft", "cw.deploy", "cw.invade", "match.claim_seat"])
# Field names some decision has, and names none has (they start with "x-").
FIELDS = st.one_of(
    st.sampled_from(["card", "units", "world", "player", "uses"]), SHORT.map(lambda s: f"x-{s}")
)


def _body(payload: Any, raw_surrogates: bool) -> bytes:
    """JSON as a client may send it: lone surrogates as \\ud800 escapes, or as the bytes a
    careless encoder writes for them (not UTF-8)."""
    if raw_surrogates:
        return json.dumps(payload, ensure_ascii=False).encode("utf-8", "surrogatepass")
    return json.dumps(payload).encode()


def _typed_by_a_person(text: str) -> bool:
    """No control character but tab and newline, no lone surrogate."""
    return all(c in "\t\n" or unicodedata.category(c) not in ("Cc", "Cs") for c in text)


def _a_name(text: str) -> bool:
    """No control, format (zero-width, bidi) or line-separating character, 1 to 40 of them."""
    return 1 <= len(text) <= 40 and all(
        unicodedata.category(c) not in ("Cc", "Cs", "Cf") and c not in "\u2028\u2029" for c in text
    )


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (k, *_strings(v))]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _segment(text: str) -> str:
    return quote(text.encode("utf-8", "surrogatepass"), safe="")


def _expected(body: bytes, text: str, allowed: bool) -> set[int]:
    """What the edge answers a body holding `text`: too large, not JSON (a lone surrogate:
    msgspec reads no escape of one, and raw ones are not UTF-8), refused, or taken."""
    if len(body) > MAX_DECISION_BYTES:
        return {413}
    if any(unicodedata.category(c) == "Cs" for c in text):
        return {400}
    return {422} if not allowed else set()


async def test_hostile_text_is_refused_or_stored_safely_and_the_platform_serves_on(
    stack: Stack,
) -> None:
    async with httpx.AsyncClient(base_url=stack.gateway, timeout=10) as http:
        match_id = await _open(http, stack)
        seats = [await _join(http, match_id, 0), await _join(http, match_id, 1)]
        waiting = await _open(http, stack, seats=4)
    answers: list[int] = []
    json_headers = {"content-type": "application/json"}

    with httpx.Client(base_url=stack.gateway, timeout=10) as http:

        def send(method: str, url: str, body: bytes | None = None, **headers: str) -> int:
            reply = http.request(method, url, content=body, headers={**json_headers, **headers})
            assert reply.status_code < 500, (url, body and body[:300], reply.text)
            answers.append(reply.status_code)
            return reply.status_code

        @EXAMPLES
        @given(player=TEXT, seat=st.integers(1, 3), raw=st.booleans())
        def join(player: str, seat: int, raw: bool) -> None:
            body = _body({"seat": seat, "player": player}, raw)
            status = send("POST", f"/matches/{waiting}/join", body)
            assert status in (_expected(body, player, _a_name(player)) or {202, 409}), player

        @EXAMPLES
        @given(
            tag=TAGS,
            fields=st.dictionaries(FIELDS, JSON_VALUES, max_size=3),
            seat=st.sampled_from([0, 1]),
            raw=st.booleans(),
        )
        def decide(tag: str, fields: dict[str, Any], seat: int, raw: bool) -> None:
            asked = {"type": tag, **fields}
            body = _body({"decision_id": f"hostile-{time.monotonic_ns()}", "body": asked}, raw)
            time.sleep(DECIDING_PACE_S)
            status = send("POST", f"/matches/{match_id}/decisions", body, **seats[seat])
            text = "".join(_strings(asked))
            refused = _expected(body, text, all(_typed_by_a_person(s) for s in _strings(asked)))
            if refused:
                assert status in refused
            elif any(key.startswith("x-") for key in fields):
                assert status in (422, 429)  # a field no decision names (or too fast)

        @EXAMPLES
        @given(text=TEXT, raw=st.booleans())
        def say(text: str, raw: bool) -> None:
            body = _body({"text": text}, raw)
            time.sleep(DECIDING_PACE_S)
            status = send("POST", f"/matches/{match_id}/say", body, **seats[0])
            fits = 1 <= len(text) <= 2000 and _typed_by_a_person(text)
            assert status in (_expected(body, text, fits) or {200, 202, 422, 429})

        @EXAMPLES
        @given(some_id=IDS, k=st.integers(), token=SHORT)
        def paths(some_id: str, k: int, token: str) -> None:
            m = _segment(some_id)
            for url in (
                f"/matches/{m}",
                f"/matches/{m}/view?token={_segment(token)}",
                f"/matches/{m}/public",
                f"/matches/{m}/rejections",
                f"/matches/{m}/replay/{k}",
                f"/matches/{match_id}/explain/{k}",
                f"/matches/{match_id}/decisions/{m}",
            ):
                send("GET", url)
            send("GET", f"/matches/{m}/legal", **seats[0])
            send("POST", f"/matches/{m}/join", _body({"seat": 0, "player": "x"}, False))

        started = time.monotonic()
        for sweep in (join, decide, say, paths):
            sweep()
        swept_s = time.monotonic() - started

    await _serves_on(stack)
    await _log_holds_only_what_read_models_store(stack)
    assert "server_error" not in stack.log_text("gateway")
    assert "projection_stopped" not in stack.log_text("projections")
    print(f"{len(answers)} hostile requests in {swept_s:.1f} s")


async def _serves_on(stack: Stack) -> None:
    """A new match reaches the lobby, its seats are taken, and a decision is judged."""
    async with httpx.AsyncClient(base_url=stack.gateway, timeout=10) as http:
        match_id = await _open(http, stack)
        ann = await _join(http, match_id, 0)
        await _join(http, match_id, 1)
        legal = (await http.get(f"/matches/{match_id}/legal", headers=ann)).json()
        choice = legal["decisions"][0] if legal["decisions"] else {"type": "cw.pass"}
        sent = await http.post(
            f"/matches/{match_id}/decisions",
            headers=ann,
            json={"decision_id": "after-the-storm", "body": choice, "seen_seq": legal["seq"]},
        )
        assert sent.status_code == 202, sent.text
        deadline = time.monotonic() + 30
        ruling = f"/matches/{match_id}/decisions/after-the-storm"
        while (await http.get(ruling, headers=ann)).json()["status"] == "pending":
            assert time.monotonic() < deadline, "the decision was never judged"
            await asyncio.sleep(0.1)


async def _log_holds_only_what_read_models_store(stack: Stack) -> None:
    """Every decision the gateway put on the log passes the rules service's own check, every
    match-log record is one no reader skips, and no projection noted one it could not read."""
    settings = stack.settings
    async with LogReader(settings, settings.decisions_topic) as decisions:
        while await decisions.poll(timeout_ms=500):
            pass
    for _, _, value in decisions.records:
        decision = decode_decision(value)
        for at, text in (("decision_id", decision.decision_id), ("sender", decision.sender)):
            assert problem(text, at) is None
        assert problem(decode_json(decision.body), "body") is None
    async with LogReader(settings, settings.match_log_topic) as log:
        while await log.poll(timeout_ms=500):
            pass
    assert not [v for _, _, v in log.records if isinstance(read_record(v), Unreadable)]
    conn = await asyncpg.connect(settings.database_url)
    try:
        assert await conn.fetchval("SELECT count(*) FROM unreadable_records") == 0
    finally:
        await conn.close()
