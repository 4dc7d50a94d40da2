"""Webhook targets: private, loopback and link-local hosts refused (every address a name
resolves to checked, and the IPv4 address inside an IPv6 one), unless allowed; a URL that
cannot be read refused saying so; the request pinned to the address checked. The formats:
Discord and Slack bodies, and the generic JSON signed with HMAC-SHA256 over the exact body."""

import hashlib
import hmac

import msgspec
import pytest

from services.webhooks import formats, targets

LOCAL = [
    "http://127.0.0.1/hook",
    "http://localhost:8080/hook",  # a name: refused for what it resolves to
    "http://10.1.2.3/hook",
    "http://192.168.0.10/hook",
    "http://172.16.5.5/hook",
    "http://169.254.169.254/latest/meta-data",  # the cloud metadata address (link-local)
    "http://100.64.0.1/hook",  # shared address space
    "http://0.0.0.0/hook",
    "http://[::1]/hook",
    "http://[fe80::1]/hook",
    "http://[fc00::1]/hook",
    "http://[::ffff:127.0.0.1]/hook",  # loopback dressed as IPv6
    "http://224.0.0.1/hook",
    # IPv6 that carries an IPv4 address inside: the address inside is checked
    "http://[64:ff9b::a9fe:a9fe]/latest/meta-data",  # NAT64 of the cloud metadata address
    "http://[64:ff9b::a00:1]/hook",  # NAT64 of 10.0.0.1
    "http://[2002:7f00:1::1]/hook",  # 6to4 of 127.0.0.1
    "http://[2002:c0a8:1::1]/hook",  # 6to4 of 192.168.0.1
    "http://[::7f00:1]/hook",  # IPv4-compatible 127.0.0.1
    "http://[::ffff:0:7f00:1]/hook",  # IPv4-translated 127.0.0.1
    "http://[::ffff:0:a9fe:a9fe]/hook",  # IPv4-translated 169.254.169.254
    "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook",  # Teredo, refused whatever it holds
    "http://[64:ff9b:1::808:808]/hook",  # NAT64 for local use
]


@pytest.mark.parametrize("url", LOCAL)
async def test_a_private_loopback_or_link_local_target_is_refused(url: str) -> None:
    with pytest.raises(targets.Refused, match="private or local address"):
        await targets.resolve(url, allow_private=False)


@pytest.mark.parametrize("url", ["ftp://example.org/x", "http:///x", "https://u:p@1.1.1.1/x"])
async def test_a_target_that_is_no_plain_http_url_is_refused(url: str) -> None:
    with pytest.raises(targets.Refused):
        await targets.resolve(url, allow_private=True)


UNREADABLE = [
    "http://0177.0.0.1/hook",  # octal: 127.0.0.1 to some resolvers
    "https://example.org/hook\n",
    "http://\uff11\uff12\uff17.0.0.1/hook",  # full-width digits
]


@pytest.mark.parametrize("url", UNREADABLE)
async def test_a_url_httpx_cannot_read_is_refused_saying_so(url: str) -> None:
    with pytest.raises(targets.Refused, match="not a URL we can send to"):
        await targets.resolve(url, allow_private=True)


async def test_an_ipv6_address_carrying_a_public_ipv4_one_is_taken() -> None:
    nat64 = await targets.resolve("http://[64:ff9b::101:101]/hook", allow_private=False)
    assert nat64.url == "http://[64:ff9b::101:101]/hook"  # 1.1.1.1 through a NAT64 gateway
    assert await targets.resolve("http://[2002:101:101::1]/hook", allow_private=False)


async def test_allowed_private_targets_and_public_ones_are_pinned_to_the_address_checked() -> None:
    local = await targets.resolve("http://localhost:8080/hook?x=1", allow_private=True)
    assert local.url in ("http://127.0.0.1:8080/hook?x=1", "http://[::1]:8080/hook?x=1")
    assert (local.host, local.netloc) == ("localhost", "localhost:8080")
    public = await targets.resolve("https://1.1.1.1/hook", allow_private=False)
    assert public == targets.Target("https://1.1.1.1/hook", "1.1.1.1", "1.1.1.1")


NOTICE = formats.Notice("turn:7:0:m1", "m1", 0, "turn", 7, "It is your turn. @everyone", ["#7 x"])


def test_the_generic_json_is_signed_over_its_exact_body() -> None:
    content = formats.body(NOTICE, "json")
    assert msgspec.json.decode(content, type=formats.Notice) == NOTICE
    sent = formats.headers(NOTICE, "json", "s3cret", content)
    expected = hmac.new(b"s3cret", content, hashlib.sha256).hexdigest()
    assert sent[formats.SIGNATURE] == f"sha256={expected}"
    assert sent[formats.DELIVERY] == "turn:7:0:m1"
    assert formats.signature("other", content) != sent[formats.SIGNATURE]


def test_discord_and_slack_get_the_text_and_no_mentions() -> None:
    discord = msgspec.json.decode(formats.body(NOTICE, "discord"))
    assert discord == {"content": NOTICE.text, "allowed_mentions": {"parse": []}}
    long = msgspec.structs.replace(NOTICE, text="x" * 5000)
    assert len(msgspec.json.decode(formats.body(long, "discord"))["content"]) == 2000
    assert msgspec.json.decode(formats.body(NOTICE, "slack")) == {
        "text": NOTICE.text,
        "mrkdwn": False,
    }
    assert formats.SIGNATURE not in formats.headers(NOTICE, "slack", "s3cret", b"{}")


def test_a_players_words_show_as_written_in_discord_and_slack() -> None:
    said = "#9 ann: **all in** <!channel> <@U1> [x](http://e.example) & a_b"
    notice = msgspec.structs.replace(NOTICE, kind="message", text=said)
    discord = msgspec.json.decode(formats.body(notice, "discord"))["content"]
    assert "**" not in discord.replace("\\*", "") and "<@" not in discord.replace("\\<", "")
    assert discord.replace("\\", "") == said  # every mark escaped, nothing lost
    slack = msgspec.json.decode(formats.body(notice, "slack"))["text"]
    assert "<" not in slack and ">" not in slack
    assert slack.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&") == said
