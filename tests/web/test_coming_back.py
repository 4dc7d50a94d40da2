"""Coming back to a seat page: a live stream that dropped (the gateway killed and started again
while the browser is offline) while the other seat acts reconnects by itself, telling the
server the last entry it was sent (Last-Event-ID), and the page moves without a reload; a
player who closed the page and opens it again finds what happened since marked new."""

import time

import httpx
from playwright.async_api import Browser, Page, Request, expect

from tests.stack import Stack, answering
from tests.web.test_browser import SHORT_GAME, WAIT_MS, _join, _open, _until_ruled

STREAM = "/seat/stream"


def _ada_at_seat_0(stack: Stack) -> tuple[str, dict[str, str]]:
    """A two-seat match whose seat 0 (the first to act) ada holds: its id, her headers."""
    match_id = _open(stack, 2, [], SHORT_GAME)
    path = f"{stack.gateway}/matches/{match_id}"
    joined = httpx.post(f"{path}/join", json={"seat": 0, "player": "ada"}).json()
    _until_ruled(stack, match_id, joined["decision_id"], 0)
    return match_id, {"authorization": f"Bearer {joined['token']}"}


def _ada_moves(stack: Stack, match_id: str, ada: dict[str, str]) -> dict:
    """Her first legal decision, sent over the API; its ruling."""
    path = f"{stack.gateway}/matches/{match_id}"
    legal = httpx.get(f"{path}/legal", headers=ada).json()
    decision = {"decision_id": "ada-1", "body": legal["decisions"][0], "seen_seq": legal["seq"]}
    said = httpx.post(f"{path}/decisions", json=decision, headers=ada).json()
    return _until_ruled(stack, match_id, said["decision_id"], 0)


async def _seq(page: Page) -> int:
    return int(await page.locator("#live").get_attribute("data-seq") or -1)


async def test_a_dropped_stream_resumes_from_its_last_entry_and_the_page_moves(
    shared_stack: Stack, browser: Browser
) -> None:
    stack = shared_stack
    match_id, ada = _ada_at_seat_0(stack)
    context = await browser.new_context()
    page = await context.new_page()
    streams: list[Request] = []
    page.on("request", lambda r: streams.append(r) if r.url.endswith(STREAM) else None)
    await _join(page, stack, match_id, 1, "bea")
    await page.wait_for_function("document.querySelector('#live')?.dataset.turn !== undefined")
    shown = await _seq(page)
    await page.evaluate("window.stillHere = true")

    await context.set_offline(True)  # the page cannot reconnect until it is back online
    gateway = stack.processes["gateway"]
    gateway.kill()
    failed = await page.wait_for_event(
        "requestfailed", lambda r: r.url.endswith(STREAM), timeout=WAIT_MS
    )
    assert failed in streams
    gateway.start()
    await answering(stack.gateway)
    # seat 0 (first to act) moves while the page cannot hear of it
    ruled = _ada_moves(stack, match_id, ada)
    assert ruled["status"] == "accepted" and ruled["last_seq"] > shown
    assert await _seq(page) == shown

    reconnects = len(streams)
    await context.set_offline(False)
    deadline = time.monotonic() + WAIT_MS / 1000
    while await _seq(page) < ruled["last_seq"]:
        assert time.monotonic() < deadline, "the page never moved after the reconnect"
        await page.wait_for_timeout(100)
    assert await page.evaluate("window.stillHere") is True  # no reload
    resumed = streams[reconnects:]
    assert resumed, "the page moved without a new stream"
    told = {await r.header_value("last-event-id") for r in resumed}
    assert str(shown) in told, told
    await context.close()


async def test_what_happened_since_the_player_last_looked_is_marked_new(
    shared_stack: Stack, browser: Browser
) -> None:
    stack = shared_stack
    match_id, ada = _ada_at_seat_0(stack)
    page = await (await browser.new_context()).new_page()
    await _join(page, stack, match_id, 1, "bea")
    await page.reload()  # a second look at the same entry: nothing new
    assert await page.locator("#since").count() == 0
    looked = await _seq(page)
    await page.goto(f"{stack.gateway}/web/")  # the player leaves; seat 0 moves meanwhile

    ruled = _ada_moves(stack, match_id, ada)

    [cookie] = [c for c in await page.context.cookies() if c["name"] == "seat"]
    bea = {"authorization": f"Bearer {cookie['value']}"}
    view = f"{stack.gateway}/matches/{match_id}/view"
    deadline = time.monotonic() + WAIT_MS / 1000
    while httpx.get(view, headers=bea).json()["seq"] < ruled["last_seq"]:
        assert time.monotonic() < deadline, "the seat's view never caught up"
        time.sleep(0.05)
    await page.goto(f"{stack.gateway}/web/matches/{match_id}/seat")
    new = page.locator("#live li.new")
    marked = [int(await li.get_attribute("value") or 0) for li in await new.all()]
    assert marked and min(marked) > looked and max(marked) == ruled["last_seq"]
    seen = await page.locator("#live li:not(.new)").first.get_attribute("value")
    assert int(seen or 0) <= looked
    await expect(page.locator("#since")).to_contain_text(f"{len(marked)} entr")
    await page.context.close()
