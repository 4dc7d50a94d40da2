"""No player takes a platform name: the organiser's, or a bot's (the bots worker would play
for it). The rules service refuses such a claim from anyone but the organiser, whatever the
gateway let through, and the gateway refuses it before it reaches the log."""

import httpx
import pytest

from events.envelope import ClaimSeat, CreateMatch, Ruling
from events.platform_rules import RESERVED_NAME
from tests.gateway.test_security import _open
from tests.random_play import Table
from tests.stack import Stack

RESERVED = ["organiser", "Organiser", " ORGANISER ", "bot:greedy", "BOT:random", "bot:nobody"]


@pytest.mark.parametrize("name", RESERVED)
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
