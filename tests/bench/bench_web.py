"""The web client's figures: a seat page's render time and a replay step's (p50, p99, over
HTTP against the whole stack), and the time from a decision clicked in one browser to the
update appearing in the other seat's browser (Debian's Chromium through Playwright).

On Kafka, then on Tansu (`scratch.on_each_broker`), each with a scratch database and the
stack."""

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

import httpx
from playwright.async_api import Page, async_playwright

from services import db
from services.settings import Settings
from services.topics import ensure_topics
from tests.bench.scratch import Scratch, on_each_broker
from tests.bench.table import Row, print_table
from tests.stack import Stack, running_stack
from tests.web.conftest import ARGS, CHROMIUM

READS = 200
PACE_S = 0.03  # under the gateway's 50 reads a second per client
DECISIONS = 30
WAIT_S = 120


def _until(check, what: str):  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + WAIT_S
    while (found := check()) is None:
        if time.monotonic() > deadline:
            raise TimeoutError(what)
        time.sleep(0.05)
    return found


def _open(stack: Stack, game: str, seats: int, bots: list[int]) -> str:
    body = {"game": game, "seats": seats, "bots": [{"seat": s, "bot": "greedy"} for s in bots]}
    opened = httpx.post(f"{stack.gateway}/matches", json=body, headers=stack.organiser()).json()
    row = f"{stack.gateway}/matches/{opened['match_id']}"
    _until(lambda: httpx.get(row).status_code == 200 or None, "the match opened")
    return str(opened["match_id"])


def _join(stack: Stack, match_id: str, seat: int) -> str:
    joined = httpx.post(
        f"{stack.gateway}/matches/{match_id}/join", json={"seat": seat, "player": f"p{seat}"}
    ).json()
    me = {"authorization": f"Bearer {joined['token']}"}
    path = f"{stack.gateway}/matches/{match_id}/decisions/{joined['decision_id']}"
    _until(lambda: httpx.get(path, headers=me).json()["status"] != "pending" or None, "join")
    return str(joined["token"])


def _timed_ms(get) -> list[float]:  # type: ignore[no-untyped-def]
    took = []
    for _ in range(READS):
        start = time.perf_counter()
        reply = get()
        took.append((time.perf_counter() - start) * 1000)
        assert reply.status_code == 200, reply.text[:200]
        time.sleep(PACE_S)
    return sorted(took)


def _p(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(len(values) * q))]


def _pages(stack: Stack) -> tuple[list[float], list[float]]:
    seated = _open(stack, "core-worlds", 3, [1, 2])
    token = _join(stack, seated, 0)
    web = f"{stack.gateway}/web/matches/{quote(seated, safe='')}"
    with httpx.Client(cookies={"seat": token}) as http:
        _until(lambda: 'data-seq="0"' not in http.get(f"{web}/seat").text or None, "a view")
        seat = _timed_ms(lambda: http.get(f"{web}/seat"))
    ended = _open(stack, "core-worlds", 3, [0, 1, 2])
    row = f"{stack.gateway}/matches/{ended}"
    last = _until(
        lambda: r["seq"] if (r := httpx.get(row).json())["status"] == "finished" else None, "end"
    )
    replay = f"{stack.gateway}/web/matches/{quote(ended, safe='')}/replay"
    rng = random.Random(1)
    with httpx.Client() as http:  # one client, as for the seat page: its setup is not the page's
        return seat, _timed_ms(lambda: http.get(f"{replay}/{rng.randint(1, last)}"))


async def _seq(page: Page) -> int:
    return int(await page.locator("#live").get_attribute("data-seq") or 0)


async def _pushed(stack: Stack) -> list[float]:
    """A two-seat match, a browser per seat: the seat to act clicks its first option; the
    milliseconds until the other seat's page shows the entry it caused."""
    match_id = _open(stack, "race-to-21", 2, [])
    tokens = [_join(stack, match_id, seat) for seat in (0, 1)]
    path = f"/web/matches/{quote(match_id, safe='')}"
    took: list[float] = []
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        pages = []
        for token in tokens:
            context = await browser.new_context()
            cookie = {"name": "seat", "value": token, "domain": "127.0.0.1", "path": path}
            await context.add_cookies([cookie])
            page = await context.new_page()
            await page.goto(f"{stack.gateway}{path}/seat")
            pages.append(page)
        ready = "() => { const l = document.getElementById('live'); return l.dataset.turn"
        ready += (
            " === 'must' && !l.hasAttribute('data-pending') && l.querySelector('form button') }"
        )
        row = f"{stack.gateway}/matches/{match_id}"
        while len(took) < DECISIONS:
            found = httpx.get(row).json()
            if found["status"] == "finished":
                break
            if not found["to_act"]:
                continue
            actor = pages[found["to_act"][0]]
            other = pages[1 - pages.index(actor)]
            await actor.wait_for_function(ready, timeout=WAIT_S * 1000)
            before = await _seq(actor)
            start = time.perf_counter()
            await actor.locator("#live form.options button").first.click()
            await other.wait_for_function(
                "(seq) => Number(document.getElementById('live').dataset.seq) > seq",
                arg=before,
                timeout=WAIT_S * 1000,
            )
            took.append((time.perf_counter() - start) * 1000)
            await actor.wait_for_function(
                "(seq) => Number(document.getElementById('live').dataset.seq) > seq",
                arg=before,
                timeout=WAIT_S * 1000,
            )
        await browser.close()
    return sorted(took)


async def _prepared(settings: Settings) -> None:
    await ensure_topics(settings)
    pool = await db.connect(settings.database_url, size=1)
    try:
        await db.migrate(pool)
    finally:
        await pool.close()


async def _bench(settings: Settings, logs: Path) -> tuple[list[float], list[float], list[float]]:
    await _prepared(settings)
    async with running_stack(settings, logs) as stack:
        seat, replay = await asyncio.to_thread(_pages, stack)
        return seat, replay, await _pushed(stack)


def _on(scratch: Scratch) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as logs:
        seat, replay, pushed = asyncio.run(_bench(scratch.settings, Path(logs)))
    return {
        "seat_renders": len(seat),
        "seat_p50_ms": statistics.median(seat),
        "seat_p99_ms": _p(seat, 0.99),
        "replay_p50_ms": statistics.median(replay),
        "replay_p99_ms": _p(replay, 0.99),
        "pushed": len(pushed),
        "pushed_p50_ms": statistics.median(pushed),
        "pushed_p99_ms": _p(pushed, 0.99),
    }


ROWS = [
    Row("seat page (Core Worlds, 3 seats) over HTTP: renders", "seat_renders"),
    Row("seat page p50 (ms)", "seat_p50_ms", "{:.1f}"),
    Row("seat page p99 (ms)", "seat_p99_ms", "{:.1f}"),
    Row("replay step (a finished match, random steps) p50 (ms)", "replay_p50_ms", "{:.1f}"),
    Row("replay step p99 (ms)", "replay_p99_ms", "{:.1f}"),
    Row("decisions clicked in one browser", "pushed"),
    Row("to the other seat's page showing it p50 (ms)", "pushed_p50_ms"),
    Row("to the other seat's page showing it p99 (ms)", "pushed_p99_ms"),
]


def main() -> dict[str, dict[str, float]]:
    figures = on_each_broker(_on)
    print_table("web", ROWS, figures)
    return figures


if __name__ == "__main__":
    main()
