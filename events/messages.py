"""A message from the organiser to a match's players. It is on the log, so a replay and
`explain` keep it where it was said, and every seat with mail or a webhook hears of it (the
notices projection). It changes nothing in the match."""

from typing import Annotated

import msgspec

MessageText = Annotated[str, msgspec.Meta(min_length=1, max_length=1000)]


class Announce(msgspec.Struct, frozen=True, tag="match.announce"):
    """The organiser writes `text` to every player of the match."""

    text: MessageText


class Announced(msgspec.Struct, frozen=True, tag="match.announced"):
    text: str


def announced_line(body: Announced) -> str:
    return f"the organiser wrote to the players: {body.text!r}"
