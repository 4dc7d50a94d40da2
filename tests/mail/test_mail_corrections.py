"""Take-backs and disputes by mail, through the real SMTP server: given a race between Ann and
Ben, both playing with mail, Ann's `takeback` of a roll is asked of Ben, whose `refuse` is told
to Ann alone; Ben's `takeback` after Ann moved is set aside once Ann's mail says `accept`; Ben
disputes the roll with `dispute SEQ reason`, told to Ann, while a dispute line without its
entry is answered with how to write one and sent nowhere. Ann's `fork SEQ` forks the race
after the roll as she sees it, answered with the fork's pages and how to join it, and `fork SEQ
against greedy` forks it with greedy in Ben's seat; a fork line without its entry is answered
with how to write one, and forks nothing."""

import re

import httpx

from services.gateway import api
from tests.client.test_corrections_cli import _Race
from tests.client.test_forks_stack import _row
from tests.mail.conftest import PUBLIC_URL, MailStack, until
from tests.mail.relay import confirm, reply_to, send

ANN, BEN = "ann@takeback.test", "ben@takeback.test"
ANSWER = "your mail answered"
CORRECTION = "a take-back or a dispute"  # in a correction notice's subject


async def _heard(ms: MailStack, address: str, words: str, subject: str = CORRECTION) -> str:
    """The text of the next mail to `address` (a correction notice unless `subject` says
    otherwise) that tells these words."""
    while True:
        text = (await ms.relay.next(address, subject)).get_content()
        if words in text:
            return text


async def test_take_backs_answers_and_a_dispute_by_mail(mail_stack: MailStack) -> None:
    ms = mail_stack
    async with httpx.AsyncClient(base_url=ms.stack.gateway, timeout=10) as http:
        opened = await http.post(
            "/matches",
            headers=ms.stack.organiser(),
            json={"game": "race-to-21", "seats": 2, "options": {"target": 100}},
        )
        match_id = opened.json()["match_id"]

        async def listed() -> bool:
            return (await http.get(f"/matches/{match_id}")).status_code == 200

        await until(listed)
        seats, replies = [], []
        for seat, (name, address) in enumerate((("ann", ANN), ("ben", BEN))):
            join = {"seat": seat, "player": name, "mail": {"address": address}}
            joined = await http.post(f"/matches/{match_id}/join", json=join)
            assert joined.status_code == 202, joined.text
            seats.append(api.Joined(**joined.json()))
            replies.append(reply_to(await confirm(ms.relay, ms.inbound, address)))
        race = _Race(http, match_id, seats)
        await race.until(1, 0, 0)

        # A roll drew chance: Ann's take-back is asked of Ben, who refuses; Ann hears of it.
        rolled = await race.add(0, {"type": "race.roll"})
        await send(ms.inbound, replies[0], "takeback\n", sender=ANN, subject="oops")
        await race.told(1, "ann asks to take back the decision at entry")
        await send(ms.inbound, replies[1], "refuse\n", sender=BEN, subject="no")
        await _heard(ms, BEN, "refuse: accepted (SL-24", ANSWER)
        refused = await race.told(0, "ben refused ann's take-back")
        await _heard(ms, ANN, f"#{refused} ben refused ann's take-back")
        told = await ms.pool.fetch(
            "SELECT seat FROM mail_outbox WHERE match_id = $1 AND kind = 'correction'"
            " AND upto_seq = $2",
            match_id,
            refused,
        )
        assert [row["seat"] for row in told] == [0]  # Ann alone: Ben refused it
        after_roll = (await race.view(0))["view"]["total"]

        # Ben moved, Ann moved; Ben's take-back is asked of Ann, who accepts by mail.
        await race.add(1, {"type": "race.add", "amount": 2})
        await race.add(0, {"type": "race.add", "amount": 1})
        await send(ms.inbound, replies[1], "take back\n", sender=BEN, subject="undo")
        await race.told(0, "ben asks to take back the decision at entry")
        await send(ms.inbound, replies[0], "Accept\n", sender=ANN, subject="fine")
        await race.until(1, after_roll, 1)  # both moves since set aside
        await _heard(ms, BEN, "ann accepted ben's take-back")

        # Ben disputes the roll; a dispute line without its entry is not sent.
        lines = f"dispute soon\ndispute #{rolled} the die was loaded\n"
        await send(ms.inbound, replies[1], lines, sender=BEN, subject="unfair")
        answer = await _heard(ms, BEN, "dispute soon: not sent: write `dispute SEQ reason`", ANSWER)
        assert f"dispute #{rolled} the die was loaded: accepted (SL-25" in answer
        await _heard(ms, ANN, f"ben disputes the ruling at entry {rolled}: 'the die was loaded'")

        # Ann forks the race after the roll, as she sees it; a fork line without its entry not.
        lines = f"fork\nfork {rolled}\nfork {rolled} against greedy\n"
        await send(ms.inbound, replies[0], lines, sender=ANN, subject="if")
        answer = await _heard(ms, ANN, "fork: not read: write `fork SEQ`", ANSWER)
        made = re.search(rf"fork {rolled}: forked into (m-\w+), a practice match", answer)
        assert made, answer
        fork = made.group(1)
        assert f"from after entry {rolled} (as your seat saw it, the rest dealt anew)" in answer
        web = f"{PUBLIC_URL}/web"
        assert f"see it at {web}/matches/{fork}/watch and join a seat at {web}/?q={fork}" in answer
        row = await _row(http, fork)
        assert (row["fork_of"], row["fork_at"], row["players"]) == (match_id, rolled, [None, None])
        # The third line's fork has greedy in every seat but Ann's.
        against = rf"fork {rolled} against greedy: forked into (m-\w+), a practice match"
        made = re.search(against, answer)
        assert made, answer
        assert "seat 0 is open for you, greedy plays the others" in answer
        row = await _row(http, made.group(1))
        assert (row["fork_of"], row["players"]) == (match_id, [None, "bot:greedy"])
        asked = await ms.pool.fetch("SELECT seat FROM fork_requests WHERE match_id = $1", match_id)
        assert [r["seat"] for r in asked] == [0, 0]  # two forks, each from Ann's view
