"""No player takes a platform name: the organiser's, or a bot's (the bots worker would play
for it), nor one that looks like it. The rules service refuses such a claim from anyone but
the organiser, whatever the gateway let through, and the gateway refuses it before it reaches
the log; names hold no format character (zero-width spaces, soft hyphens) at all."""

import re
import sys
import unicodedata

import httpx
import pytest

from events.envelope import ClaimSeat, CreateMatch, Ruling
from events.platform_rules import RESERVED_NAME
from services.gateway.api import FORMAT_CHARACTERS
from tests.gateway.test_security import _open
from tests.random_play import Table
from tests.stack import Stack

RESERVED = ["organiser", "Organiser", " ORGANISER ", "bot:greedy", "BOT:random", "bot:nobody"]
# Each looks like a platform name: a zero-width space, a soft hyphen, a word joiner; Cyrillic
# and Greek letters; full-width forms and a digit for a letter; a ratio sign for the colon.
LOOKALIKES = [
    "\u200borganiser",
    "organ\u00adiser",
    "organiser\u2060",
    "\u043erganiser",  # Cyrillic o
    "org\u0430niser",  # Cyrillic a
    "\u039fRGANISER",  # Greek capital omicron
    "\uff4frganiser",  # full-width o
    "0rganiser",
    "b\u043et:greedy",
    "bot\u2236greedy",
    "\uff42\uff4f\uff54\uff1agreedy",
]


@pytest.mark.parametrize("name", RESERVED + LOOKALIKES)
def test_a_claim_under_a_platform_name_is_refused_unless_the_organiser_sends_it(name: str) -> None:
    table = Table("reserved")
    table.send(None, CreateMatch(ruleset="race-to-21", seats=2, seed="s"))
    [refused, *caused] = table.send(0, ClaimSeat(player=name), sender="mallory")
    assert isinstance(refused.body, Ruling) and not caused
    assert (refused.body.accepted, refused.body.rule) == (False, RESERVED_NAME)
    [allowed, *_] = table.send(1, ClaimSeat(player=name), sender="organiser")
    assert allowed.body.accepted


def test_a_near_name_is_a_player_name() -> None:
    table = Table("near")
    table.send(None, CreateMatch(ruleset="race-to-21", seats=2, seed="s"))
    for seat, name in enumerate(("organisers", "robot:greedy")):
        assert table.send(seat, ClaimSeat(player=name), sender=name)[0].body.accepted


async def test_the_gateway_refuses_a_join_under_a_platform_name(stack: Stack) -> None:
    async with httpx.AsyncClient(base_url=stack.gateway, timeout=10) as http:
        match_id = await _open(http, stack)
        for name in RESERVED:
            joined = await http.post(f"/matches/{match_id}/join", json={"seat": 0, "player": name})
            assert joined.status_code == 422 and "only the organiser" in joined.text, name


async def test_the_gateway_refuses_a_player_named_like_the_platform_or_with_hidden_characters(
    gateway: str,
) -> None:
    async with httpx.AsyncClient(base_url=gateway, timeout=10) as http:
        for name in LOOKALIKES:
            made = await http.post("/players", json={"name": name})
            assert made.status_code == 422, (name, made.text)
        hidden = await http.post("/players", json={"name": "ann\u200bie"})
        assert hidden.status_code == 422 and "name" in hidden.text
        assert (await http.post("/players", json={"name": "Ольга"})).status_code == 201


def test_the_format_characters_names_refuse_are_unicodes_own() -> None:
    listed = re.compile(f"[{FORMAT_CHARACTERS}]")
    every = (chr(c) for c in range(sys.maxunicode + 1))
    assert [c for c in every if bool(listed.match(c)) != (unicodedata.category(c) == "Cf")] == []
