"""Moving a running match to another version of its game (issue 47, platform rules 4, SL-26).

A match is judged by the version it was opened with until its organiser moves it. The move is
a decision on the log: whoever sends it has re-judged the match under the new version up to an
entry (`checked`) and names where the first decision that version judges otherwise begins
(`first`, None when none does). The judge sets the match back to before `first` (a `SetAside`,
so nothing is deleted and the notice names what was seen meanwhile), then writes `Upgraded`:
from that entry on, the fold and every judgement use the new version."""

from typing import Annotated

import msgspec

from events.storable import Int32

VersionName = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]


class Upgrade(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="match.upgrade"):
    """The organiser moves the match to `version`, as re-judged under it up to entry
    `checked`: the first decision it judges otherwise begins at entry `first` (None: none)."""

    version: VersionName
    checked: Int32
    first: Int32 | None = None


class Upgraded(msgspec.Struct, frozen=True, tag="match.upgraded"):
    """From here on the match is judged by `version` of its game (it was `previous`), whose data
    for the match's options has `content_digest`."""

    version: str
    previous: str
    content_digest: str = ""


def upgraded_line(body: Upgraded) -> str:
    return (
        f"the organiser moved the match from version {body.previous} of its rules to version"
        f" {body.version}: it is judged by that version from here on"
    )


def upgrade_words(decision: Upgrade) -> str:
    if decision.first is None:
        return f"move the match to version {decision.version} (it judges it the same)"
    return (
        f"move the match to version {decision.version}, set back to before entry"
        f" {decision.first}, the first it judges otherwise"
    )


def newer(kept: list[str], version: str) -> list[str]:
    """The versions in `kept` after `version`, oldest first (numbered ones by their number)."""

    def order(name: str) -> tuple[int, str]:
        return (len(name), name) if name.isdigit() else (0, name)

    return sorted((v for v in kept if order(v) > order(version)), key=order)
