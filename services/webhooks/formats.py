"""What a webhook sends, by format: Discord's and Slack's incoming-webhook bodies (the notice's
text), or our generic JSON, signed with the target's secret (HMAC-SHA256 of the exact body, in
`X-Starledger-Signature: sha256=<hex>`) so a receiver knows it came from us."""

import hashlib
import hmac
import re
from typing import Literal

import msgspec

Format = Literal["json", "discord", "slack"]
FORMATS: tuple[Format, ...] = ("json", "discord", "slack")
DISCORD_MAX = 2000  # characters of a Discord message's content
SIGNATURE = "X-Starledger-Signature"
DELIVERY = "X-Starledger-Delivery"
# Marks that format, link or mention anywhere, and those that do at a line's start (a heading,
# a quote, a list).
_DISCORD_MARKS = re.compile(r"[\\*_~`|\[\]<]|^[#>-]", re.MULTILINE)


class Notice(msgspec.Struct, frozen=True):
    """The generic JSON body: one notice to one seat."""

    delivery_id: str  # the same on a retry: a receiver drops a repeat by it
    match_id: str
    seat: int
    kind: str  # turn, window, reminder, timeout, message, correction, ended
    entry: int  # the entry it tells up to
    text: str  # the notice in words, as the mail says it
    lines: list[str]  # what happened since the seat's last notice, a line an entry


def body(notice: Notice, format: Format) -> bytes:
    match format:
        case "discord":
            text = discord_plain(notice.text)
            if len(text) > DISCORD_MAX:
                text = text[: DISCORD_MAX - 1] + "…"
            return msgspec.json.encode({"content": text, "allowed_mentions": {"parse": []}})
        case "slack":
            return msgspec.json.encode({"text": slack_plain(notice.text), "mrkdwn": False})
        case "json":
            return msgspec.json.encode(notice)


def discord_plain(text: str) -> str:
    """Discord reads markdown in every message: each mark that would format, link or mention
    is escaped, so a name or a message shows as written (no mention pings anyone either:
    `allowed_mentions`)."""
    return _DISCORD_MARKS.sub(r"\\\g<0>", text)


def slack_plain(text: str) -> str:
    """Slack reads `<...>` as links and mentions (`<!channel>`) even without mrkdwn: its three
    escapes, as its documentation asks."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def signature(secret: str, content: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), content, hashlib.sha256).hexdigest()


def headers(notice: Notice, format: Format, secret: str, content: bytes) -> dict[str, str]:
    found = {"content-type": "application/json", DELIVERY: notice.delivery_id}
    if format == "json":
        found[SIGNATURE] = signature(secret, content)
    return found
