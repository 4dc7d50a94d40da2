"""An organiser who also plays sees no seat's hidden cards by default: its explanation of a
seat's decision in a running match tells what the public reads, until it opens that seat's
hidden information (SL-19), an entry every player reads; then it tells what the seat saw."""

import time
from typing import Any

from events.platform_rules import SEAT_VIEW
from events.rulesets.race_for_the_galaxy.loader import load
from services.client.http import Gateway, segment
from services.gateway import api
from tests.stack import Stack

GAME = "race-for-the-galaxy"


def _legal(seat: Gateway, path: str) -> dict[str, Any]:
    """The seat's first legal decision, once the match asks it for one."""
    deadline = time.monotonic() + 30
    while not (found := seat.get(f"{path}/legal", api.LegalReply).decisions):
        assert time.monotonic() < deadline, "the seat was never asked"
        time.sleep(0.1)
    return found[0]


async def test_the_organiser_sees_a_seats_cards_only_by_opening_them_for_all_to_read(
    stack: Stack,
) -> None:
    organiser = Gateway(stack.organiser_token, stack.gateway)
    opened = organiser.post("/matches", api.NewMatch(seats=2, game=GAME), api.MatchOpened)
    match_id, path = opened.match_id, f"/matches/{segment(opened.match_id)}"
    assert organiser.ruling(match_id, opened.decision_id).status == "accepted"
    seats = []
    for seat, player in enumerate(("alice", "bob")):
        joined = organiser.post(f"{path}/join", api.Join(seat=seat, player=player), api.Joined)
        assert organiser.ruling(match_id, joined.decision_id, seat).status == "accepted"
        seats.append(Gateway(joined.token, stack.gateway))
    alice, bob = seats
    bobs = bob.post(
        f"{path}/decisions", api.Submit(f"{match_id}:b", _legal(bob, path)), api.Submitted
    )
    assert bob.ruling(match_id, bobs.decision_id).status == "accepted"
    discard = _legal(alice, path)  # alice discards last: her decision reveals both
    alices = alice.post(f"{path}/decisions", api.Submit(f"{match_id}:a", discard), api.Submitted)
    ruled = alice.ruling(match_id, alices.decision_id)
    assert ruled.status == "accepted"
    hers = [load().card(c).name for c in discard["cards"]]

    def told(reader: Gateway) -> str:
        deadline = time.monotonic() + 30
        while True:  # the audit row may be a moment behind the ruling
            found = reader.get(f"{path}/explain/{ruled.first_seq}", dict)
            if found["last_seq"] >= (ruled.last_seq or 0) or time.monotonic() > deadline:
                return " | ".join(t["line"] for t in found["narration"])
            time.sleep(0.1)

    assert all(name in told(alice) for name in hers)
    public = told(organiser)
    assert "alice discarded 2 cards" in public and not any(name in public for name in hers)

    looked = organiser.post(f"{path}/seats/0/open-view", api.OpenView("a dispute"), api.Submitted)
    opening = organiser.ruling(match_id, looked.decision_id, 0)
    assert (opening.status, opening.rule) == ("accepted", SEAT_VIEW)
    assert all(name in told(organiser) for name in hers)
    lines = [t.line for t in bob.get(f"{path}/narration", api.NarrationReply).entries]
    assert any(
        line.startswith("the organiser opened alice's hidden information as of entry")
        and line.endswith("(a dispute)")
        for line in lines
    ), lines[-3:]
    for gateway in (organiser, alice, bob):
        gateway.close()
