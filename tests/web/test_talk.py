"""Messages and standing orders on the pages, in a real browser against the real stack: given a
3-seat match opened for private messages, when ann writes to bob alone from her seat page,
then bob's page shows it without a reload, marked unread and escaped, and neither cid's page
nor the watch page ever does; cid, without JavaScript, writes to everyone with the plain form
and the watch page shows that. A Star Realms seat leaves "at the start of my turn, play all"
on its page, and the order answers for it; one left before it, withdrawn, ends."""

import time
from pathlib import Path

import httpx
from playwright.async_api import Browser, Page, expect

from tests.stack import Stack
from tests.web.test_browser import SHORT_GAME, WAIT_MS, _join, _page_path, _until_ruled

SECRET = "SECRET-PLAN <b>bold</b> \u05e9\u05dc\u05d5\u05dd"  # markup and right-to-left Hebrew
OPEN_LETTER = "Truce on the rim?"


def _opened(stack: Stack, body: dict) -> str:
    opened = httpx.post(f"{stack.gateway}/matches", json=body, headers=stack.organiser()).json()
    _until_ruled(stack, opened["match_id"], opened["decision_id"])
    return str(opened["match_id"])


async def _seq(page: Page) -> int:
    return int(await page.locator("#live").get_attribute("data-seq") or -1)


async def _reloaded_until(page: Page, seq: int) -> None:
    """A page without JavaScript, reloaded until it shows entry `seq`."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while await _seq(page) < seq:
        assert time.monotonic() < deadline, f"the page never showed entry {seq}"
        await page.wait_for_timeout(200)
        await page.reload()


async def test_a_private_message_shows_to_its_recipient_alone(
    shared_stack: Stack, browser: Browser, screenshots: Path
) -> None:
    stack = shared_stack
    rules = {"allowed": "private"}
    match_id = _opened(stack, {"game": SHORT_GAME, "seats": 3, "messages": rules})
    ann = await (await browser.new_context()).new_page()
    await ann.goto(f"{stack.gateway}/web/?q={match_id}")
    row = ann.locator(f'tr.match[data-match="{match_id}"]')
    await expect(row.locator("p.talk")).to_have_text(
        "Messages: public and private messages, signed."
    )
    await _join(ann, stack, match_id, 0, "ann")
    bob = await (await browser.new_context()).new_page()
    await _join(bob, stack, match_id, 1, "bob")
    cid = await (await browser.new_context(java_script_enabled=False)).new_page()
    await _join(cid, stack, match_id, 2, "cid")
    await bob.evaluate("window.stillHere = true")
    await ann.reload()  # her page names the seats taken since she joined

    await ann.fill("#message", SECRET)
    await ann.locator("#write").get_by_label("bob").check()
    await ann.locator("#write").get_by_role("button", name="Write").click()

    told = bob.locator("#messages li", has_text="SECRET-PLAN")
    await expect(told).to_have_count(1, timeout=WAIT_MS)
    assert await bob.evaluate("window.stillHere") is True  # it came without a reload
    await expect(told).to_have_class("unread")
    await expect(told.locator("bdi.text")).to_have_text(SECRET)  # markup shown as text
    await expect(told).to_contain_text("ann to bob")
    seq = int(await told.get_attribute("value") or 0)
    await bob.screenshot(path=screenshots / "talk-seat.png", full_page=True)
    await expect(ann.locator("#messages li", has_text="SECRET-PLAN")).to_have_count(1)

    await _reloaded_until(cid, seq)
    assert "SECRET-PLAN" not in await cid.content()
    await expect(cid.locator("#live .log")).to_contain_text("a private message was written")
    await cid.fill("#message", OPEN_LETTER)
    await cid.locator("#write").get_by_role("button", name="Write").click()  # a plain post
    await cid.wait_for_url(_page_path(stack, match_id, "seat#messages"))
    await _reloaded_until(cid, seq + 1)
    await expect(cid.locator("#messages")).to_contain_text(f"cid: {OPEN_LETTER}")

    await bob.reload()  # read now: no longer marked
    await expect(bob.locator("#messages li.unread", has_text="SECRET-PLAN")).to_have_count(0)
    watcher = await (await browser.new_context()).new_page()
    await watcher.goto(_page_path(stack, match_id, "watch"))
    await expect(watcher.locator("#messages")).to_contain_text(OPEN_LETTER)
    assert "SECRET-PLAN" not in await watcher.content()
    for page in (ann, bob, cid, watcher):
        await page.context.close()


async def test_an_order_left_on_the_seat_page_answers_for_the_seat(
    shared_stack: Stack, browser: Browser
) -> None:
    stack = shared_stack
    match_id = _opened(
        stack, {"game": "star-realms", "seats": 2, "bots": [{"seat": 1, "bot": "greedy"}]}
    )
    page = await (await browser.new_context()).new_page()
    await _join(page, stack, match_id, 0, "ann")
    leave = page.locator("#leave-order")

    prompts = await leave.locator('select[name="prompt"] option').evaluate_all(
        "(options) => options.map((o) => o.value)"
    )
    assert "main" in prompts
    other = next(p for p in prompts if p != "main")  # not asked yet: it stands until withdrawn
    await leave.locator('select[name="prompt"]').select_option(other)
    await leave.locator('input[name="answer"]').fill("none")
    await leave.get_by_role("button", name="Leave the order").click()
    await page.locator('#orders form[action$="/orders/1/withdraw"] button').click()
    await expect(page.locator('#orders li[data-number="1"]')).to_contain_text("withdrawn")

    await leave.locator('select[name="prompt"]').select_option("main")
    await leave.locator('input[name="condition"]').fill("at the start of my turn")
    await leave.locator('input[name="answer"]').fill("play all")
    await leave.get_by_role("button", name="Leave the order").click()
    order = page.locator('#orders li[data-number="2"]')
    await expect(order).to_contain_text("when asked main at the start of my turn: play all")
    await expect(order).to_contain_text("answered 1 time", timeout=WAIT_MS)  # live
    await expect(page.locator("#live .log")).to_contain_text("by standing order #2")
    await page.context.close()
