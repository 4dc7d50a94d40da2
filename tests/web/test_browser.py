"""The web client in a real browser against the real stack: a whole match played by clicking
legal options and typing commands, a replay stepped through with the keyboard, a seat page
that holds none of another seat's hand, and a page that moves when another seat acts."""

import random
import re
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest
from playwright.async_api import Browser, Page, expect
from playwright.async_api import TimeoutError as PlaywrightTimeout

from services.gateway import api
from tests.stack import Stack

GAME = "core-worlds"
SHORT_GAME = "race-to-21"  # tests/tiny_ruleset.py
OTHER_GAMES = ["star-realms", "race-for-the-galaxy"]
SEALED_GAME = "race-for-the-galaxy"  # sealed simultaneous choices (a late Settle goes in turn)
WAIT_MS = 60_000  # the longest a page may wait for the match to move
CLICK_MS = 2_000
STALE = "(SL-5)"  # refused as taken on a view the match had moved past
MOVED_ON = "the match moved on"  # an option clicked on a page the match had moved past
TYPED_EVERY = 4  # every fourth move is typed into the command box instead of clicked
MIDWAY = 12  # the moves made before a mid-game look at the page
DESK, PHONE = {"width": 1280, "height": 720}, {"width": 390, "height": 844}
# what each game's players decide by, in sight on the seat page mid-game and at the end
NUMBERS_MIDWAY = {
    "core-worlds": ["Energy", "Action points", "Warzone strength"],
    "star-realms": ["Trade", "Combat", "Authority"],
    "race-for-the-galaxy": ["VP", "Military", "Goods"],
}
NUMBERS_AT_THE_END = {
    "core-worlds": ["Energy", "Warzone strength"],
    "star-realms": ["Authority", "Winner"],
    "race-for-the-galaxy": ["VP", "Military", "Goods", "Final score"],
}

_TO_ACT = """(acted) => {
  const live = document.getElementById("live");
  if (!live) return null;
  if (live.dataset.status === "finished" && !live.dataset.behind) return "over";
  if (live.hasAttribute("data-pending")) return null; // its last decision is not shown yet
  const options = [...live.querySelectorAll("form.options button")].map((b) => [
    b.name, b.value, b.textContent.trim(), Number(b.dataset.count || 0),
    (b.dataset.cards || "").split(" "),
  ]);
  const ready = live.dataset.turn === "must" && Number(live.dataset.seq) > acted;
  return ready && options.length ? [Number(live.dataset.seq), options] : null;
}"""


def _open(stack: Stack, seats: int, bots: list[api.BotSeat], game: str = GAME) -> str:
    body = {"game": game, "seats": seats, "bots": [{"seat": b.seat, "bot": b.bot} for b in bots]}
    opened = httpx.post(f"{stack.gateway}/matches", json=body, headers=stack.organiser()).json()
    match_id: str = opened["match_id"]
    _until_ruled(stack, match_id, opened["decision_id"])
    return match_id


def _until_ruled(
    stack: Stack,
    match_id: str,
    decision_id: str,
    seat: int | None = None,
    headers: dict[str, str] | None = None,
) -> dict:
    """The ruling on the match's own decision (its creation), or on a seat's, as the organiser
    (or `headers`' token) reads it."""
    deadline = time.monotonic() + WAIT_MS / 1000
    path = f"{stack.gateway}/matches/{match_id}/decisions/{decision_id}"
    while time.monotonic() < deadline:
        ruled = httpx.get(
            path,
            params={"seat": seat} if seat is not None else {},
            headers=headers or stack.organiser(),
        )
        if ruled.json()["status"] != "pending":
            return ruled.json()
        time.sleep(0.05)
    raise AssertionError(f"{decision_id} never ruled")


def _page_path(stack: Stack, match_id: str, rest: str) -> str:
    return f"{stack.gateway}/web/matches/{quote(match_id, safe='')}/{rest}"


async def _join(page: Page, stack: Stack, match_id: str, seat: int, player: str) -> None:
    await page.goto(f"{stack.gateway}/web/?q={match_id}")
    match = page.locator(f'tr.match[data-match="{match_id}"]')
    await match.locator('input[name="player"]').fill(player)
    await match.locator('select[name="seat"]').select_option(str(seat))
    await match.get_by_role("button", name="Join").click()
    await page.wait_for_url(_page_path(stack, match_id, "seat"))


async def _play_to_the_end(
    page: Page, midway: Callable[[], Awaitable[None]] | None = None
) -> tuple[int, int]:
    """Act whenever the seat must, until the match is over: click an option (ticking as many
    cards as a card pick asks first), or type it every so often where it is a text command;
    `midway` looks at the page once, after MIDWAY moves. Returns the moves clicked and the
    moves typed. An option that went before it was clicked (the match moved) is let go."""
    rng, acted, clicked, typed = random.Random(17), 0, 0, 0
    while True:
        if midway and clicked + typed == MIDWAY:
            await midway()
            midway = None
        waited = await page.wait_for_function(_TO_ACT, arg=acted, timeout=WAIT_MS)
        found = await waited.json_value()
        if found == "over":
            return clicked, typed
        acted, options = found
        kind, value, label, count, cards = rng.choice(options)
        if kind == "pick" and not await _ticked(page, acted, rng.sample(cards, count)):
            acted -= 1  # the page moved on while ticking: look again
            continue
        # a typed move falls due every TYPED_EVERY moves, and stays due while typing races a move
        typing_due = clicked + 1 >= TYPED_EVERY * (typed + 1)
        if kind == "text" and typing_due and await _typed(page, value, acted):
            await page.press("#command", "Enter")
            typed += 1
            continue
        shown = f'#live[data-seq="{acted}"]' if kind == "pick" else "#live"  # ticked at `acted`
        button = page.locator(f"{shown} form.options").get_by_role("button", name=label, exact=True)
        try:
            await button.click(timeout=CLICK_MS)
            clicked += 1
        except PlaywrightTimeout:
            acted -= 1  # look again: it is still this seat's move, or the match moved on


async def _ticked(page: Page, seq: int, cards: list[str]) -> bool:
    """Tick these cards of the card pick the page shows at entry `seq`, and only these; False
    if the page moved past it."""
    boxes = page.locator(f'#live[data-seq="{seq}"] #picks input[name=card]')
    try:
        if not await boxes.count():
            return False
        for n in range(await boxes.count()):
            box = boxes.nth(n)
            value = await box.get_attribute("value", timeout=CLICK_MS)
            await box.set_checked(value in cards, timeout=CLICK_MS)
    except PlaywrightTimeout:
        return False
    return True


async def _typed(page: Page, text: str, seq: int) -> bool:
    """Type a command into the box; True if the page still showed entry `seq` as typing began
    (else the box is emptied and the options looked at again)."""
    await page.fill("#command", text)
    typed_at = await page.locator('#say [name="seen_seq"]').input_value()
    if typed_at == str(seq):
        return True
    await page.fill("#command", "")
    return False


async def _played(
    stack: Stack, browser: Browser, game: str, bots: list[api.BotSeat], shots: Path | None
) -> tuple[str, Page]:
    """A whole match of the browser's seat 0 against bots, played in the page."""
    match_id = _open(stack, 1 + len(bots), bots, game)
    page = await (await browser.new_context()).new_page()
    await page.goto(f"{stack.gateway}/web/")
    if shots:
        await page.screenshot(path=shots / f"{game}-lobby.png", full_page=True)
    await _join(page, stack, match_id, 0, "browser")
    if shots:
        await page.screenshot(path=shots / f"{game}-seat.png", full_page=True)

    async def midway() -> None:
        await _numbers_in_sight(page, NUMBERS_MIDWAY.get(game, []))
        if shots:
            await page.screenshot(path=shots / f"{game}-seat-mid.png", full_page=True)
            await page.set_viewport_size(PHONE)
            assert await page.evaluate("document.documentElement.scrollWidth <= innerWidth")
            await page.screenshot(path=shots / f"{game}-seat-mid-phone.png", full_page=True)
            await page.set_viewport_size(DESK)

    clicked, typed = await _play_to_the_end(page, midway)
    assert clicked > 0 and (typed > 0 or game == SHORT_GAME)
    await _numbers_in_sight(page, NUMBERS_AT_THE_END.get(game, []))
    if shots:
        await page.screenshot(path=shots / f"{game}-seat-final.png", full_page=True)
    return match_id, page


async def _numbers_in_sight(page: Page, labels: list[str]) -> None:
    """Each of these numbers of the view shown without a hover or a click, with a value."""
    for label in labels:
        field = page.locator("#live dl.fields div").filter(
            has=page.locator("dt", has_text=re.compile(f"^{re.escape(label)}$"))
        )
        await expect(field.first).to_be_visible()
        assert (await field.first.locator("dd").inner_text()).strip(), label


@pytest.fixture(scope="module")
async def played(shared_stack: Stack, browser: Browser, screenshots: Path) -> tuple[str, Page]:
    """Core Worlds against a greedy and a random bot, in text commands clicked and typed."""
    bots = [api.BotSeat(1, "greedy"), api.BotSeat(2, "random")]
    return await _played(shared_stack, browser, GAME, bots, screenshots)


@pytest.fixture(scope="module")
async def played_short(shared_stack: Stack, browser: Browser) -> tuple[str, Page]:
    """The tests' short game, which has no text commands: its options post their place."""
    return await _played(shared_stack, browser, SHORT_GAME, [api.BotSeat(1, "greedy")], None)


async def test_a_whole_match_played_in_the_browser(
    shared_stack: Stack, played: tuple[str, Page]
) -> None:
    await _ended_as_the_page_shows(shared_stack, *played)


@pytest.mark.parametrize("game", OTHER_GAMES)
async def test_every_other_game_played_to_the_end_in_the_browser(
    shared_stack: Stack, browser: Browser, screenshots: Path, game: str
) -> None:
    """Each game through the same pages: nothing in the web client knows which it plays."""
    played = await _played(shared_stack, browser, game, [api.BotSeat(1, "greedy")], screenshots)
    await _ended_as_the_page_shows(shared_stack, *played)
    await played[1].context.close()


async def test_a_game_without_text_commands_played_by_its_options(
    shared_stack: Stack, played_short: tuple[str, Page]
) -> None:
    await _ended_as_the_page_shows(shared_stack, *played_short)


async def _ended_as_the_page_shows(shared_stack: Stack, match_id: str, page: Page) -> None:
    """The final scores as the lobby has them, every move accepted but those the match had
    moved past, and the seat token in a cookie of the match's pages alone."""
    row = httpx.get(f"{shared_stack.gateway}/matches/{match_id}").json()
    assert row["status"] == "finished" and row["winners"]
    shown = [int(s) for s in await page.locator("#standing td[data-seat]").all_inner_texts()]
    assert shown == row["scores"]
    assert "won by" in await page.locator("#standing caption").inner_text()
    verdicts = page.locator("#rulings li")
    told = await verdicts.all_inner_texts()
    kinds = [await verdicts.nth(i).get_attribute("data-verdict") for i in range(len(told))]
    assert "accepted" in kinds
    moved = [t for k, t in zip(kinds, told, strict=True) if k != "accepted"]
    assert all(STALE in t or MOVED_ON in t for t in moved), moved
    # the token stays in an HttpOnly, SameSite=Strict cookie of this match's pages only; the
    # lobby's list of the browser's matches holds their ids alone; the name joined with made
    # a player, whose token is a cookie of the web pages
    cookies = {c["name"]: c for c in await page.context.cookies()}
    assert cookies.keys() == {"seat", "held", "player"} and cookies["held"]["value"] == match_id
    assert cookies["player"]["httpOnly"] and cookies["player"]["path"] == "/web"
    cookie = cookies["seat"]
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict"
    assert cookie["path"] == f"/web/matches/{quote(match_id, safe='')}"
    assert cookie["value"] not in page.url and cookie["value"] not in await page.content()


async def _step(page: Page, stack: Stack, match_id: str, key: str, k: int | str) -> str:
    await page.keyboard.press(key)
    await page.wait_for_url(_page_path(stack, match_id, f"replay/{k}"))
    return await page.locator("#narration").inner_text()


async def test_a_replay_stepped_through_to_the_end_with_the_keyboard(
    shared_stack: Stack, played_short: tuple[str, Page]
) -> None:
    match_id, page = played_short
    last = httpx.get(f"{shared_stack.gateway}/matches/{match_id}").json()["seq"]
    await page.goto(_page_path(shared_stack, match_id, "replay/1"))
    lines = [await page.locator("#narration").inner_text()]
    lines += [
        await _step(page, shared_stack, match_id, "ArrowRight", k) for k in range(2, last + 1)
    ]
    assert all(line.strip() for line in lines) and lines[-1].startswith("The seed is revealed")
    assert await page.locator('nav.steps a[rel="next"]').count() == 0
    await _step(page, shared_stack, match_id, "ArrowLeft", last - 1)
    await _step(page, shared_stack, match_id, "Home", 1)


async def test_a_long_replay_by_its_links_and_keys(
    shared_stack: Stack, played: tuple[str, Page], screenshots: Path
) -> None:
    match_id, page = played
    last = httpx.get(f"{shared_stack.gateway}/matches/{match_id}").json()["seq"]
    await page.goto(_page_path(shared_stack, match_id, "replay/1"))
    for k in range(2, 30):  # a round's start, entry by entry
        assert (await _step(page, shared_stack, match_id, "ArrowRight", k)).strip()
    await page.screenshot(path=screenshots / "replay.png", full_page=True)
    assert (await _step(page, shared_stack, match_id, "End", last)).startswith("The seed is")
    await page.get_by_role("link", name="Previous").click()
    await page.wait_for_url(_page_path(shared_stack, match_id, f"replay/{last - 1}"))
    await page.get_by_role("link", name="First").click()
    await page.wait_for_url(_page_path(shared_stack, match_id, "replay/1"))
    # once over, through a seat's eyes: the address says whose, and the steps keep to them
    await page.locator("nav.eyes").get_by_role("link", name="bot:greedy").click()
    await page.wait_for_url(_page_path(shared_stack, match_id, "replay/1?seat=1"))
    assert "the eyes of bot:greedy" in await page.locator("h1").inner_text()
    await _step(page, shared_stack, match_id, "ArrowRight", "2?seat=1")
    # a jump to an entry, then to a round, keeps the eyes; each step tells its ruling and what
    # it changed for those eyes
    await page.fill('input[name="entry"]', "12")
    await page.press('input[name="entry"]', "Enter")
    await page.wait_for_url(_page_path(shared_stack, match_id, "replay/12?seat=1"))
    told = httpx.get(
        f"{shared_stack.gateway}/matches/{match_id}/narration", params={"seat": 1}
    ).json()["entries"]
    round_2 = next(t["seq"] for t in told if t["round"] is not None and t["round"] >= 2)
    await page.fill('input[name="round"]', "2")
    await page.get_by_role("button", name="Go").click()
    await page.wait_for_url(_page_path(shared_stack, match_id, f"replay/{round_2}?seat=1"))
    assert await page.locator("#ruling").count() == 1
    assert await page.locator("#changes li").count() > 0
    await page.screenshot(path=screenshots / "replay-round.png", full_page=True)
    # the whole match re-judged: OK
    await page.get_by_role("link", name="Verify the whole match").click()
    await page.wait_for_url(_page_path(shared_stack, match_id, "verify"))
    assert await page.locator("#verdict").get_attribute("data-ok") == "1"
    await page.screenshot(path=screenshots / "verify.png", full_page=True)


async def test_a_finished_match_is_replayed_whole_for_anyone(
    shared_stack: Stack, played_short: tuple[str, Page]
) -> None:
    """No token: any seat's eyes once the match ended (its seed is out); not before."""
    match_id, _ = played_short
    step = httpx.get(_page_path(shared_stack, match_id, "replay/3?seat=1"))
    assert step.status_code == 200 and "the eyes of bot:greedy" in step.text
    assert httpx.get(f"{shared_stack.gateway}/matches/{match_id}/replay/3").json()["full"]
    running = _open(shared_stack, 2, [])
    assert httpx.get(_page_path(shared_stack, running, "replay/1?seat=1")).status_code == 403
    assert httpx.get(_page_path(shared_stack, running, "verify")).status_code == 409


async def _moved_past(page: Page, seq: int) -> None:
    await page.wait_for_function(
        "(seq) => { const live = document.getElementById('live');"
        " return Number(live.dataset.seq) > seq && !live.dataset.behind; }",
        arg=seq,
        timeout=WAIT_MS,
    )


async def _seat_page(browser: Browser, stack: Stack, match_id: str, token: str) -> Page:
    """The seat page of a token's seat, its cookie set as a join would."""
    context = await browser.new_context()
    path = f"/web/matches/{quote(match_id, safe='')}"
    host = stack.gateway.split("//")[1].split(":")[0]
    await context.add_cookies([{"name": "seat", "value": token, "domain": host, "path": path}])
    page = await context.new_page()
    await page.goto(_page_path(stack, match_id, "seat"))
    return page


async def _seat_html(browser: Browser, stack: Stack, match_id: str, token: str) -> str:
    page = await _seat_page(browser, stack, match_id, token)
    html = await page.content()
    await page.context.close()
    return html


def _card_ids(html: str) -> set[str]:
    return set(re.findall(r'data-card="(\d+)"', html))


def _described_ids(description: dict) -> set[str]:
    return {
        str(card["id"])
        for section in description["sections"]
        for pile in section["cards"]
        for card in pile["cards"]
    }


async def test_a_seat_page_keeps_other_hands_out_and_moves_without_a_reload(
    shared_stack: Stack, browser: Browser, screenshots: Path
) -> None:
    match_id = _open(shared_stack, 2, [])
    page = await (await browser.new_context()).new_page()
    await _join(page, shared_stack, match_id, 0, "ada")
    joined = httpx.post(
        f"{shared_stack.gateway}/matches/{match_id}/join", json={"seat": 1, "player": "bea"}
    ).json()
    assert _until_ruled(shared_stack, match_id, joined["decision_id"], 1)["status"] == "accepted"
    other = {"authorization": f"Bearer {joined['token']}"}
    await _moved_past(page, 0)

    theirs = httpx.get(f"{shared_stack.gateway}/matches/{match_id}/view", headers=other).json()
    public = httpx.get(f"{shared_stack.gateway}/matches/{match_id}/public").json()
    hidden = _described_ids(theirs["description"]) - _described_ids(public["description"])
    assert hidden, "seat 1 holds no card the public does not see"
    assert hidden <= _card_ids(await _seat_html(browser, shared_stack, match_id, joined["token"]))
    assert not hidden & _card_ids(await page.content())
    watcher = await (await browser.new_context(viewport={"width": 390, "height": 844})).new_page()
    await watcher.goto(_page_path(shared_stack, match_id, "watch"))
    assert not hidden & _card_ids(await watcher.content())

    # seat 1 acts over the API (once the browser's seat has made its own move if it must);
    # both pages follow with no reload: the marker set in each survives
    for shown in (page, watcher):
        await shown.evaluate("window.stillHere = true")
    path = f"{shared_stack.gateway}/matches/{match_id}"
    while not (legal := httpx.get(f"{path}/legal", headers=other).json())["texts"]:
        seq = int(await page.locator("#live").get_attribute("data-seq") or 0)
        await page.locator("#live form.options button").first.click()
        await _moved_past(page, seq)
    said = httpx.post(f"{path}/say", json={"text": legal["texts"][0]}, headers=other).json()
    ruled = _until_ruled(shared_stack, match_id, said["decision_id"], 1)
    assert ruled["status"] == "accepted"
    for shown in (page, watcher):
        await _moved_past(shown, ruled["last_seq"] - 1)
        assert await shown.evaluate("window.stillHere") is True
    await page.screenshot(path=screenshots / "seat-live.png", full_page=True)
    await watcher.screenshot(path=screenshots / "watch-phone.png", full_page=True)
    await _card_details_by_keyboard_and_tap(page, watcher, screenshots)


async def _card_details_by_keyboard_and_tap(page: Page, phone: Page, screenshots: Path) -> None:
    """The keyboard alone reaches the command box, and a card's details open with Enter; on a
    phone's width a tap opens them, and nothing is wider than the screen."""
    await page.reload()  # focus from the top of the page, as a newcomer meets it
    for _ in range(8):
        await page.keyboard.press("Tab")
        if await page.evaluate("document.activeElement.id") == "command":
            break
    assert await page.evaluate("document.activeElement.id") == "command"
    card = page.locator("#live details.card").first
    await card.locator("summary").focus()
    await page.keyboard.press("Enter")
    assert await card.get_attribute("open") is not None
    assert (await card.locator(".card-info").inner_text()).strip()
    await page.keyboard.press("Escape")
    assert await card.get_attribute("open") is None
    shown = phone.locator("#live details.card").first
    await shown.locator("summary").click()
    await shown.locator(".card-info").wait_for()
    assert await phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    await phone.screenshot(path=screenshots / "card-details-phone.png", full_page=True)


async def test_posts_from_another_site_or_without_the_form_token_are_refused(
    shared_stack: Stack, played: tuple[str, Page]
) -> None:
    match_id, page = played
    await page.goto(_page_path(shared_stack, match_id, "seat"))
    csrf = await page.locator('#say [name="csrf"]').input_value()
    [cookie] = [c for c in await page.context.cookies() if c["name"] == "seat"]
    say = _page_path(shared_stack, match_id, "say")
    own = shared_stack.gateway

    def post(origin: str | None, token: str, url: str = say) -> httpx.Response:
        headers = {"cookie": f"seat={cookie['value']}", "accept": "application/json"}
        headers |= {"origin": origin} if origin else {}
        return httpx.post(url, data={"text": "help", "csrf": token}, headers=headers)

    assert post(own, csrf).status_code == 200  # the page's own form: help answers
    await page.fill("#command", "help")
    await page.press("#command", "Enter")
    await page.locator("#help").wait_for()  # shown in the page, which stays where it is
    assert post("http://elsewhere.example", csrf).status_code == 403
    assert post(None, csrf).status_code == 403
    assert post(own, "0" * 64).status_code == 403
    join = _page_path(shared_stack, match_id, "join")
    assert post("http://elsewhere.example", csrf, join).status_code == 403
    lobby = httpx.get(f"{own}/web/")
    assert lobby.headers["content-security-policy"].startswith("default-src 'self'")


async def test_a_sealed_choice_stays_out_of_the_other_seats_pages_until_the_reveal(
    shared_stack: Stack, browser: Browser, screenshots: Path
) -> None:
    """Seat 1 chooses first, over the API; the browser's seat page and the watch page, which
    moved past that choice, hold no line or field that seat 1's own eyes see of it."""
    match_id = _open(shared_stack, 2, [], SEALED_GAME)
    page = await (await browser.new_context()).new_page()
    await _join(page, shared_stack, match_id, 0, "ada")
    joined = httpx.post(
        f"{shared_stack.gateway}/matches/{match_id}/join", json={"seat": 1, "player": "bea"}
    ).json()
    assert _until_ruled(shared_stack, match_id, joined["decision_id"], 1)["status"] == "accepted"
    path, other = (
        f"{shared_stack.gateway}/matches/{match_id}",
        {"authorization": f"Bearer {joined['token']}"},
    )
    legal = httpx.get(f"{path}/legal", headers=other).json()
    said = httpx.post(f"{path}/say", json={"text": legal["texts"][0]}, headers=other).json()
    ruled = _until_ruled(shared_stack, match_id, said["decision_id"], 1, other)
    assert ruled["status"] == "accepted"  # to bea; the organiser reads "sealed" until the reveal
    await _moved_past(page, ruled["last_seq"] - 1)
    assert await page.locator("#live").get_attribute("data-turn") == "must"  # not revealed yet

    def lines(headers: dict[str, str]) -> set[str]:
        told = httpx.get(f"{path}/narration", headers=headers).json()["entries"]
        return {t["line"] for t in told}

    def fields(headers: dict[str, str], where: str) -> set[str]:
        sections = httpx.get(f"{path}/{where}", headers=headers).json()["description"]["sections"]
        return {f"{f['label']}: {f['value']}" for s in sections for f in s["fields"]}

    secret_lines = lines(other) - lines({})
    secret_fields = fields(other, "view") - fields({}, "public")
    assert secret_lines and secret_fields, "seat 1's eyes see nothing more of its choice"
    watcher = await (await browser.new_context()).new_page()
    await watcher.goto(_page_path(shared_stack, match_id, "watch"))
    await _moved_past(watcher, ruled["last_seq"] - 1)
    for shown in (page, watcher):
        html = await shown.content()
        text = await shown.locator("#live").inner_text()
        assert not any(line in text or line in html for line in secret_lines), secret_lines
        shown_fields = {
            f"{dt}: {dd}"
            for dt, dd in zip(
                await shown.locator("#live dt").all_inner_texts(),
                await shown.locator("#live dd").all_inner_texts(),
                strict=True,
            )
        }
        assert not shown_fields & secret_fields
    await page.screenshot(path=screenshots / f"{SEALED_GAME}-sealed.png", full_page=True)
    await page.context.close()
    await watcher.context.close()


async def _deadlines_in_sight(
    stack: Stack, browser: Browser, match_id: str, tokens: list[str]
) -> None:
    """The seat that must decide reads its deadline at the top of its page, counting down;
    the watch page and the lobby tell each seat's."""
    for _ in range(100):  # the lobby row takes the deadline a moment after the join's ruling
        row = httpx.get(f"{stack.gateway}/matches/{match_id}").json()
        if row["deadlines"]:
            break
        time.sleep(0.1)
    [due] = row["deadlines"]
    seat, told_at = due["seat"], due["due_told"]
    mine = await _seat_page(browser, stack, match_id, tokens[seat])
    top = mine.locator("#standing p.deadline.mine")
    await expect(top).to_have_text(f"You must decide by {told_at} (in 23 h 59 min)")
    await mine.context.close()
    other = await _seat_page(browser, stack, match_id, tokens[1 - seat])
    await expect(other.locator("p.deadline.mine")).to_have_count(0)
    await expect(other.locator("p.deadline")).to_contain_text(f"p{seat} must decide by {told_at}")
    await other.context.close()
    page = await (await browser.new_context()).new_page()
    watch, lobby = _page_path(stack, match_id, "watch"), f"{stack.gateway}/web/?q={match_id}"
    for where, row in ((watch, "main"), (lobby, f'tr.match[data-match="{match_id}"]')):
        await page.goto(where)
        told = page.locator(f'{row} p.deadline[data-seat="{seat}"]')
        await expect(told).to_contain_text(f"p{seat} must decide by {told_at}")
        await expect(told.locator(".left")).to_have_text("in 23 h 59 min")
    await page.context.close()


async def test_an_organiser_pauses_resumes_and_extends_in_the_browser(
    shared_stack: Stack, browser: Browser, screenshots: Path
) -> None:
    """Signed in once with the organiser token (kept in an HttpOnly cookie), the organiser
    pauses and resumes the clock and extends a seat's deadline, each ruling told at once."""
    clock = {"per_decision_s": 86_400, "on_timeout": "wait"}
    body = {"game": SHORT_GAME, "seats": 2, "clock": clock}
    opened = httpx.post(
        f"{shared_stack.gateway}/matches", json=body, headers=shared_stack.organiser()
    ).json()
    match_id = opened["match_id"]
    _until_ruled(shared_stack, match_id, opened["decision_id"])
    tokens = []
    for seat in (0, 1):
        joined = httpx.post(
            f"{shared_stack.gateway}/matches/{match_id}/join",
            json={"seat": seat, "player": f"p{seat}"},
        ).json()
        _until_ruled(shared_stack, match_id, joined["decision_id"], seat)
        tokens.append(joined["token"])
    await _deadlines_in_sight(shared_stack, browser, match_id, tokens)
    page = await (await browser.new_context()).new_page()
    await page.goto(_page_path(shared_stack, match_id, "organise"))
    await page.get_by_label("Organiser token").fill(shared_stack.organiser_token)
    await page.get_by_role("button", name="Sign in").click()
    await page.wait_for_url(_page_path(shared_stack, match_id, "organise"))
    [cookie] = await page.context.cookies()
    assert cookie["name"] == "organiser" and cookie["httpOnly"]
    assert cookie["sameSite"] == "Strict" and cookie["path"] == "/web"
    assert cookie["value"] not in await page.content()

    async def did(button: str) -> None:
        await page.get_by_role("button", name=button).first.click()
        await page.wait_for_url(re.compile(r".*/organise\?ruled=.+"))
        assert await page.locator("#ruled").get_attribute("data-verdict") == "accepted"

    await did("Pause the clock")
    assert await page.locator("#paused").count() == 1
    await did("Resume the clock")
    assert await page.locator("#paused").count() == 0
    await did("Extend")
    await page.screenshot(path=screenshots / "organise.png", full_page=True)
    csrf = await page.locator('input[name="csrf"]').first.input_value()
    pause = _page_path(shared_stack, match_id, "organise/pause")
    headers = {"cookie": f"organiser={cookie['value']}"}
    own = {"origin": shared_stack.gateway}
    assert httpx.post(pause, data={"csrf": "0" * 64}, headers=headers | own).status_code == 403
    elsewhere = {"origin": "http://elsewhere.example"}
    assert httpx.post(pause, data={"csrf": csrf}, headers=headers | elsewhere).status_code == 403
    assert httpx.post(pause, data={"csrf": csrf}, headers=own).status_code == 401
    await page.context.close()
